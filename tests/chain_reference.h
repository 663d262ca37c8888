// An independent reference for the chain search: plain recursion over every chain, sharing
// nothing with solver/chains/chains.cpp but the Board's jump tables. Slow (it visits every chain)
// and obviously right; the tests compare the real search against it.
#pragma once

#include <cstdint>
#include <vector>

#include "puzzles/board.h"
#include "puzzles/position.h"

namespace leapfrog::testing {

struct ReferenceResult {
  Score value = 0;
  std::vector<std::vector<Square>> chains;  // every maximal chain, depth-first order
  std::uint64_t visited = 0;                // chains walked (to skip positions too big)
  bool gave_up = false;
};

class ReferenceSearch {
 public:
  ReferenceSearch(const Board& board, JumpSet jumps, bool by_points, std::uint64_t budget)
      : board_(board), jumps_(jumps), by_points_(by_points), budget_(budget) {}

  ReferenceResult run(const std::vector<Value>& cells) {
    cells_ = cells;
    result_ = {};
    for (int s = 0; s < board_.cells() && !result_.gave_up; ++s) {
      if (cells_[s] == 0) continue;
      const Value jumper = cells_[s];
      cells_[s] = 0;
      path_ = {static_cast<Square>(s)};
      walk(static_cast<Square>(s), 0);
      cells_[s] = jumper;
    }
    return result_;
  }

 private:
  void walk(Square cur, Score gained) {
    if (++result_.visited > budget_) result_.gave_up = true;
    if (result_.gave_up) return;
    bool jumped = false;
    for (const Jump& j : board_.jumps(cur, jumps_)) {
      const Value v = cells_[j.over];
      if (v == 0 || cells_[j.to] != 0) continue;
      jumped = true;
      cells_[j.over] = 0;
      path_.push_back(j.to);
      walk(j.to, gained + (by_points_ ? v : 1));
      path_.pop_back();
      cells_[j.over] = v;
    }
    // A maximal chain always ends where no jump is left (each capture adds at least 1).
    if (jumped || gained == 0) return;
    if (gained > result_.value) {
      result_.value = gained;
      result_.chains.clear();
    }
    if (gained == result_.value) result_.chains.push_back(path_);
  }

  const Board& board_;
  JumpSet jumps_;
  bool by_points_;
  std::uint64_t budget_;
  std::vector<Value> cells_;
  std::vector<Square> path_;
  ReferenceResult result_;
};

}  // namespace leapfrog::testing
