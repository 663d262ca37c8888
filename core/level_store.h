// Where a level-by-level search keeps the levels it completes, so that a run that was
// stopped or killed can go on from the last level every rank completed, with the same
// result as a run that never stopped. The search does no I/O: it hands each level it has
// built to the store and, when the store names a level to resume from, takes that level's
// positions back from it. What the store does with them (files, checksums, agreeing the
// level between ranks) is the front end's.
//
// Contract: every rank's store names the same resume level (or none), and each rank gets
// back exactly the positions it saved for that level. The words of a position are the
// search's own (a packed position, and a count where it counts).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace leapfrog {

class LevelStore {
 public:
  struct Mark {
    // Sizes of levels 0..k, every rank together; the saved positions are level k's.
    std::vector<std::uint64_t> levels;
    std::uint64_t nodes = 0;  // positions expanded before level k, every rank together
    bool overflow = false;    // a count passed 2^128 before level k
  };

  LevelStore() = default;
  LevelStore(const LevelStore&) = delete;
  LevelStore& operator=(const LevelStore&) = delete;
  virtual ~LevelStore() = default;

  // The level to resume from, or none (start from the beginning).
  virtual std::optional<Mark> resume_mark() const = 0;
  // Resuming: the number of this rank's positions of that level, then their words in order,
  // `into.size()` words a call.
  virtual std::uint64_t resume_entries() = 0;
  virtual void read(std::span<std::uint64_t> into) = 0;

  // Saving a level this rank has built: begin, its words in order (any number of calls),
  // commit. Once committed, a rerun may resume from it. Throws std::runtime_error when the
  // level cannot be written.
  virtual void begin(const Mark& mark, std::uint64_t entries, int words) = 0;
  virtual void write(std::span<const std::uint64_t> words) = 0;
  virtual void commit() = 0;
};

}  // namespace leapfrog
