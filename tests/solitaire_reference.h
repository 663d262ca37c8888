// An independent single-player reference for the tests (solver_solitaire, generator_puzzles,
// generator_solitaire).
#pragma once

#include <algorithm>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "puzzles/legality.h"
#include "puzzles/movegen.h"

namespace leapfrog::testing {

// Every move a lone player has from `p` with `removals` opening removals due, as
// f(gain, next position, removals due after it): each allowed removal first (the lone player
// makes them), then single jumps under the optional rule (a line is a sequence of single
// jumps there), else the turns of the model's for_each_turn.
template <class F>
void for_each_successor(const Board& board, const Rules& rules, const Position& p, int removals,
                        F&& f) {
  if (removals > 0) {
    Value least = 0;
    for (int s = 0; s < board.cells(); ++s)
      if (p.cells[s] && (least == 0 || p.cells[s] < least)) least = p.cells[s];
    for (int s = 0; s < board.cells(); ++s) {
      const Value v = p.cells[s];
      if (v == 0 || (rules.removal == RemovalKind::kCheapest && v != least)) continue;
      Position next = p;
      next.cells[s] = 0;
      f(rules.gain(v), next, removals - 1);
    }
  } else if (rules.continuation == Continuation::kOptional) {
    for (int s = 0; s < board.cells(); ++s) {
      if (p.cells[s] == 0) continue;
      for (const Jump& j : board.jumps(static_cast<Square>(s), rules.jumps)) {
        if (p.cells[j.over] == 0 || p.cells[j.to] != 0) continue;
        Position next = p;
        next.cells[j.to] = p.cells[s];
        next.cells[s] = 0;
        next.cells[j.over] = 0;
        f(rules.gain(p.cells[j.over]), next, 0);
      }
    }
  } else {
    Position q = p;
    q.removals_due = 0;
    q.to_move = 0;
    for_each_turn(board, rules, q, [&](const TurnView& t) {
      f(t.size(rules), apply(board, rules, q, t.squares, t.removal), 0);
    });
  }
}

// The reference: a plain memoised maximum over every legal turn of the model's generator
// (for_each_turn), with its own handling of removals (the lone player makes each one). It
// shares nothing with the solver but the model. Under the optional rule it also counts
// optimal lines as sequences of single jumps, so it enumerates single jumps itself.
struct Reference {
  const Board& board;
  Rules rules;  // players = 1
  struct Result {
    Score value;
    unsigned long long count;
  };
  std::unordered_map<std::string, Result> memo;

  // The board's cells (not the whole array, which is mostly unused) and the removals due.
  std::string key(const Position& p, int removals) const {
    std::string s(p.cells.begin(), p.cells.begin() + board.cells());
    s.push_back(static_cast<char>(removals));
    return s;
  }

  Result solve(const Position& p, int removals) {
    const std::string k = key(p, removals);
    if (auto it = memo.find(k); it != memo.end()) return it->second;
    Result best{0, 1};
    bool any = false;
    const auto consider = [&](Score gain, const Position& next, int r) {
      const Result c = solve(next, r);
      const Score v = gain + c.value;
      if (!any || v > best.value) {
        best = {v, c.count};
      } else if (v == best.value) {
        best.count += c.count;
      }
      any = true;
    };
    for_each_successor(board, rules, p, removals, consider);
    memo.emplace(k, best);
    return best;
  }
};

}  // namespace leapfrog::testing

namespace leapfrog::testing {

// Every line from a position, by plain recursion (no memo, no symmetry, nothing shared with
// the solver but the model), for the finish question: per square, whether some line ends
// with one piece alone there, the best value of those lines and how many lines reach it.
// Lines as Reference's: single jumps under the optional rule, else the turns of
// for_each_turn; the lone player makes each removal due first. For small positions only.
struct FinishEnumeration {
  struct Result {
    bool possible = false;
    Score value = 0;
    unsigned long long count = 0;
  };
  const Board& board;
  Rules rules;                   // players = 1
  std::vector<Result> squares;   // per cell
  unsigned long long lines = 0;  // every line, wherever it ends

  void run(const Position& p, int removals) {
    squares.assign(static_cast<std::size_t>(board.cells()), Result{});
    walk(p, removals, 0);
  }

 private:
  void walk(const Position& p, int removals, Score acc) {
    bool any = false;
    const auto next = [&](Score gain, const Position& q, int r) {
      any = true;
      walk(q, r, acc + gain);
    };
    for_each_successor(board, rules, p, removals, next);
    if (any) return;
    ++lines;
    int pieces = 0, last = -1;
    for (int s = 0; s < board.cells(); ++s)
      if (p.cells[s] != 0) {
        ++pieces;
        last = s;
      }
    if (pieces != 1) return;
    Result& sq = squares[static_cast<std::size_t>(last)];
    if (!sq.possible || acc > sq.value) {
      sq = Result{true, acc, 0};
    }
    if (acc == sq.value) ++sq.count;
  }
};

// Replays a solitaire line from `pos` for a lone player: removals first (as many as are
// due), then turns that check_turn accepts. Returns the total taken, or -1 if illegal.
inline Score replay(const Board& board, const Rules& solo, Position pos, int removals,
                    const std::vector<Turn>& line) {
  Score total = 0;
  pos.to_move = 0;
  for (const Turn& t : line) {
    pos.removals_due = removals > 0 ? 1 : 0;
    if (t.removal != (removals > 0)) return -1;
    const TurnCheck c = check_turn(board, solo, pos, t);
    if (!c.legal) return -1;
    total += c.size(solo);
    pos = apply(board, solo, pos, t);
    if (t.removal) --removals;
  }
  pos.removals_due = 0;
  if ((removals > 0 && piece_count(board, pos) > 0) || has_turn(board, solo, pos))
    return -1;  // runs to the end
  return total;
}

// The final position of a solitaire line from `pos` (removals first, as many as are due),
// or nullopt if a turn is illegal or the line does not run to the end.
inline std::optional<Position> final_position(const Board& board, const Rules& solo, Position pos,
                                              int removals, const std::vector<Turn>& line) {
  if (replay(board, solo, pos, removals, line) < 0) return std::nullopt;
  pos.to_move = 0;
  for (const Turn& t : line) {
    pos.removals_due = t.removal ? 1 : 0;
    pos = apply(board, solo, pos, t);
  }
  return pos;
}

// Whether `pos` is one piece, alone on `square`.
inline bool lone_on(const Board& board, const Position& pos, Square square) {
  return pos.cells[square] != 0 && piece_count(board, pos) == 1;
}

}  // namespace leapfrog::testing

namespace leapfrog::testing {

// Per finish square, the most a line from a position can take when it ends with one piece
// alone on that square, or -1 when no line ends so: a memoised maximum over the moves of
// for_each_successor (Reference's lines), sharing nothing with the solver but the model.
// The memo keeps every position reached, so a test can read the answer for each of them.
struct LoneFinishReference {
  const Board& board;
  Rules rules;  // players = 1
  std::unordered_map<std::string, std::vector<Score>> memo;

  std::string key(const Position& p, int removals) const {
    std::string s(p.cells.begin(), p.cells.begin() + board.cells());
    s.push_back(static_cast<char>(removals));
    return s;
  }

  // Per cell (not only the squares): the best value of a line ending there alone, or -1.
  const std::vector<Score>& solve(const Position& p, int removals) {
    const std::string k = key(p, removals);
    if (auto it = memo.find(k); it != memo.end()) return it->second;
    std::vector<Score> best(static_cast<std::size_t>(board.cells()), -1);
    bool any = false;
    for_each_successor(board, rules, p, removals, [&](Score gain, const Position& next, int r) {
      any = true;
      const std::vector<Score> after = solve(next, r);
      for (std::size_t s = 0; s < best.size(); ++s)
        if (after[s] >= 0) best[s] = std::max(best[s], gain + after[s]);
    });
    if (!any) {
      int pieces = 0, last = -1;
      for (int s = 0; s < board.cells(); ++s)
        if (p.cells[static_cast<std::size_t>(s)] != 0) {
          ++pieces;
          last = s;
        }
      if (pieces == 1 && removals == 0) best[static_cast<std::size_t>(last)] = 0;
    }
    return memo.emplace(k, std::move(best)).first->second;
  }
};

}  // namespace leapfrog::testing
