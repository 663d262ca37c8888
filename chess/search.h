// The Leap Chess engine: alpha-beta negamax with iterative deepening, a transposition table
// and a capture search at the leaves, on a material and mobility evaluation. One thread; no
// I/O; progress through the control's callback, stopping through its flag and limits (polled
// every 1024 nodes, so a node budget gives the same answer on every run and machine).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "chess/movegen.h"
#include "core/control.h"

namespace leapfrog::chess {

// Values in centipawns for the side to move; a won position is worth kMate minus the plies
// to the win.
inline constexpr int kMate = 30000;
inline constexpr int kMateBound = kMate - 1000;  // |value| above: a forced win or loss

// The material values of the evaluation, by Kind (the King's is 0: it is never captured).
inline constexpr int kPieceValue[kKinds] = {0, 100, 300, 160, 180, 420, 0};

// The static evaluation: material and mobility, for the side to move.
int evaluate(const Position& pos);

struct SearchResult {
  // false: the game is over at the root, the side to move having no legal move (lost), or a
  // third repetition or the fifty-move rule having drawn it (value 0)
  bool has_move = false;
  Move best;
  int value = 0;
  std::vector<Move> pv;
  std::uint64_t nodes = 0;
  int depth = 0;          // the last depth searched to the end
  bool complete = false;  // stopped by max_depth or a proved result, not by a limit
};

struct SearchSettings {
  int max_depth = 64;
  std::size_t hash_mb = 16;  // the table's size when the search makes its own
  // Keys of the positions of the game before this one (oldest first): a repetition of one of
  // them, or within the search, is scored as a draw.
  std::vector<std::uint64_t> history;
  // The root's moves to choose among (legal ones); empty: every legal move.
  std::vector<Move> root_moves;
};

// The transposition table, for a caller that keeps it from one search to the next (an engine
// playing a game: what one search learns serves the next, and its memory is had once, before
// any clock runs). Its memory is taken whole when it is made; TableAllocError (a
// std::bad_alloc) when it cannot be had.
class SearchTable {
 public:
  explicit SearchTable(std::size_t mb);
  ~SearchTable();
  SearchTable(const SearchTable&) = delete;
  SearchTable& operator=(const SearchTable&) = delete;
  std::size_t mb() const { return mb_; }

  class Entries;  // the search's own (chess/search.cpp)
  Entries& entries() { return *entries_; }

 private:
  std::size_t mb_;
  std::unique_ptr<Entries> entries_;
};

// The MB of the table a search makes for itself: hash_mb, or less when a node limit leaves
// most of that unused.
std::size_t fresh_table_mb(std::size_t hash_mb, std::uint64_t node_limit);
// A search with a table of its own, of fresh_table_mb(settings.hash_mb, its node limit).
SearchResult analyse(const Position& pos, const Rules& rules, const SearchSettings& settings,
                     const SearchControl& control);
// A search in `table`, which keeps what it learnt for the next (settings.hash_mb unused); one
// search at a time.
SearchResult analyse(const Position& pos, const Rules& rules, const SearchSettings& settings,
                     const SearchControl& control, SearchTable& table);

}  // namespace leapfrog::chess
