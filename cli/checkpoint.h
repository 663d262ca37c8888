// --checkpoint DIR: the levels a breadth-first job (reach, solve --count) completes, saved
// in a folder so that a rerun after a stop, a crash or a killed rank goes on from the last
// level every rank completed (core/level_store.h). One file a rank and level, checksummed;
// each rank keeps its last two levels. The file format is in docs/distributed.md.
#pragma once

#include <cstdint>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>

#include "cli/common.h"
#include "core/checksum.h"
#include "core/exchange.h"
#include "core/level_store.h"

namespace leapfrog::cli {

void add_checkpoint_option(po::options_description& d, std::string& dir);

class CheckpointStore final : public LevelStore {
 public:
  // Collective: every rank of `exchange` opens the same DIR for the same `job` (a text that
  // names what is computed: the command, position, rules and what changes the levels).
  // Creates DIR when missing; checks this rank's files, agrees the resume level with the
  // other ranks and removes files past it. Throws UsageError, alike on every rank, for a
  // damaged file (naming it), another job's files, or files of another number of ranks.
  CheckpointStore(const std::string& dir, const std::string& job, LevelExchange& exchange);
  ~CheckpointStore() override;

  std::optional<Mark> resume_mark() const override { return resume_; }
  std::uint64_t resume_entries() override;
  void read(std::span<std::uint64_t> into) override;
  void begin(const Mark& mark, std::uint64_t entries, int words) override;
  void write(std::span<const std::uint64_t> words) override;
  void commit() override;

  // The level the job resumes from, -1 for none.
  int resume_level() const { return resume_ ? static_cast<int>(resume_->levels.size()) - 1 : -1; }
  const std::string& dir() const { return dir_; }

 private:
  std::string path(int level) const;  // this rank's file of a level
  std::string level_file(int rank, std::uint64_t level) const;
  void remove_levels(int from, int to) const;  // this rank's files of levels [from, to]

  std::string dir_;
  std::uint64_t job_ = 0;
  int rank_ = 0, ranks_ = 1;
  std::optional<Mark> resume_;
  std::uint64_t resume_entries_ = 0;
  std::FILE* in_ = nullptr;   // the resume level's file, at its next word
  std::FILE* out_ = nullptr;  // the level being saved (its .part file)
  int out_level_ = -1;
  std::string part_;  // out_'s path while it is written
  Checksum out_sum_;
};

// The store for --checkpoint DIR (collective, as the constructor), or null when DIR is
// empty. `applicable`: the job saves levels (else --checkpoint is refused). Says on standard
// error from which level the job resumes.
std::unique_ptr<CheckpointStore> open_checkpoint(const std::string& dir, const std::string& job,
                                                 LevelExchange& exchange, bool applicable);

}  // namespace leapfrog::cli
