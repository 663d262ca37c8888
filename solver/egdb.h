// Endgame tables: the exact two-player value of every position of plain pieces with at most
// k pieces on a board of at most 64 squares, one level per piece count (docs/egdb.md).
//
// Index. A level of p pieces covers every p-set of the n playable cells, ranked in colex order
// (the combinatorial number system: the set {c_1 < ... < c_p} has rank sum C(c_j, j)), which is
// also the numeric order of their bit boards. A bitmap marks the canonical sets (each set that
// is the least of its images under the board's symmetries, core/symmetry.h), with the count of
// marks before each 64-bit word, so that rank -> entry is two look-ups and a popcount; only
// canonical sets store a value (one signed byte: the margin from now on, in pieces). No hash,
// no keys stored.
//
// Values. A level depends only on the levels below it (every turn captures), so levels are
// built in order of piece count, each entry on its own: built in parallel, the tables are the
// same at any thread count. The value is the mover's total minus the opponent's from now on,
// in pieces; for plain pieces worth v points by points it is v times that (one table serves
// both measures, every score, and either player to move). Opening removals are not in the
// tables (only positions with none due are).
//
// Files. A level serialises to bytes (header, bitmap, counts, values, with a checksum of the
// whole) and a view reads those bytes in place: the caller maps the file and hands the bytes
// over; nothing here does I/O.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/control.h"
#include "solver/exact_model.h"

namespace leapfrog::egdb {

inline constexpr std::uint32_t kFormatVersion = 1;
inline constexpr std::size_t kHeaderBytes = 128;

// What a table is for: a board shape, a jump set and a continuation rule.
struct TableId {
  int width = 0;
  int height = 0;
  std::vector<Square> cells;  // the playable cells, in index order
  JumpSet jumps = JumpSet::kOrthogonal;
  Continuation continuation = Continuation::kOptional;

  static TableId of(const Board& board, const Rules& rules);
  // A digest of everything above (stored in each file, checked when it is read).
  std::uint64_t digest() const;
  // The folder name of the tables, e.g. "6x6-orthogonal-optional", "5x4-diagonal-forced",
  // "5x5-1f3a09c2-hex-optional" (an irregular shape adds its digest); no spaces.
  std::string name() const;
  // The same with the jump set's descriptive words ("4x4-orthogonal and diagonal-optional"):
  // a folder of that name is read too when the first does not exist, so that tables already
  // stored under it keep working.
  std::string spaced_name() const;

 private:
  std::string name_with(const std::string& jumps_text) const;
};

// One level as read-only memory (a built level's vectors or a mapped file's bytes).
struct LevelView {
  int pieces = 0;
  std::uint64_t sets = 0;       // C(n, pieces)
  std::uint64_t canonical = 0;  // sets stored
  std::span<const std::uint64_t> marks;
  std::span<const std::uint32_t> before;
  std::span<const std::int8_t> values;
};

// A level built in memory.
struct Level {
  int pieces = 0;
  std::uint64_t sets = 0;
  std::vector<std::uint64_t> marks;
  std::vector<std::uint32_t> before;
  std::vector<std::int8_t> values;
  LevelView view() const;
};

// C(n, k) for n <= 64 (saturating at 2^64 - 1).
std::uint64_t binomial(int n, int k);

// The tables of one board and rules: levels 0..top(), all present.
class Tables {
 public:
  Tables(const Board& board, const Rules& rules);

  const TableId& id() const { return id_; }
  int cells() const { return model_.cells(); }
  // The levels held, 0..top(), contiguous from 0 (-1: none).
  int top() const { return static_cast<int>(levels_.size()) - 1; }
  const LevelView& level(int p) const { return levels_[static_cast<std::size_t>(p)]; }
  // Adds the next level (its pieces must be top() + 1); the memory must outlive the tables.
  void add(const LevelView& level);

  // The value of the set `occ` (any image) in pieces; none when its level is not held.
  std::optional<int> probe(std::uint64_t occ) const {
    const int p = std::popcount(occ);
    if (p > top()) return std::nullopt;
    return value(levels_[static_cast<std::size_t>(p)], model_.canonical(exact::Pos<0>{occ}).occ);
  }
  // The same for a set already the least of its images (its level must be held).
  int probe_least(std::uint64_t least) const {
    return value(levels_[static_cast<std::size_t>(std::popcount(least))], least);
  }
  // probe_least for n sets at once (each held), with their memory fetched side by side.
  void probe_least(const std::uint64_t* least, int n, int* out) const;
  // A canonical set's value in its level.
  static int value(const LevelView& l, std::uint64_t canonical_occ);
  static std::uint64_t rank(std::uint64_t occ);
  static std::uint64_t unrank(std::uint64_t rank, int pieces, int n);

  // The plain-piece model the tables are built on (unit gains, every symmetry).
  const exact::BitRules& model() const { return model_; }

  // The value of a set from its children, read from the levels below (which must be held).
  int derive(std::uint64_t occ, std::vector<exact::Child<0>>& scratch) const;

 private:
  TableId id_;
  exact::BitRules model_;
  std::vector<LevelView> levels_;
};

// Builds level `pieces` from the levels below it (held by `tables`, top() == pieces - 1).
// Runs on control.threads workers (0: all); polls control's stop flag and limits (returns
// none when stopped), reports progress (fraction of the level's sets done).
std::optional<Level> build_level(const Tables& tables, int pieces, const SearchControl& control);

// The bytes of a level file, and a view of such bytes (checked: magic, version, table id,
// sizes, checksum when `check_sum`); an error names what is wrong. write_level_bytes hands
// the same bytes to `write` in order, a few pieces at a time, with no copy of the level.
std::vector<std::uint8_t> serialise(const TableId& id, const LevelView& level);
void write_level_bytes(const TableId& id, const LevelView& level,
                       const std::function<void(std::span<const std::uint8_t>)>& write);
struct Opened {
  LevelView view;
  std::string error;  // empty when the bytes are a good level of `id`
};
Opened open_level(std::span<const std::uint8_t> bytes, const TableId& id, bool check_sum);
// The level a file's header claims (-1 when it is not a level file).
int level_of(std::span<const std::uint8_t> bytes);

// Estimated bytes of a level file and of the canonical sets (n cells, p pieces, s symmetries).
std::uint64_t level_bytes(int n, int pieces, int symmetries);

// The rank of the set that holds entry k of a level (0 <= k < l.canonical; entries are in
// the order of their sets' ranks): a search of the counts before each word, then the k-th
// mark within the word.
std::uint64_t entry_rank(const LevelView& l, std::uint64_t k);

// Re-derives `samples` random canonical entries of level p from the levels below (seeded,
// deterministic), or every entry once when the level has no more than `samples`: `checked`
// of them, `wrong` differ. Ends early, with what it checked, once *stop is set.
struct LevelCheck {
  std::uint64_t checked = 0;
  std::uint64_t wrong = 0;
};
LevelCheck verify_level(const Tables& tables, int pieces, std::uint64_t samples, std::uint64_t seed,
                        const std::atomic<bool>* stop = nullptr);

}  // namespace leapfrog::egdb
