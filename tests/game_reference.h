// An independent reference for the game: its own tiny move generator on small rectangles
// (every continuation rule, both measures, diagonal jumps, removals due under either removal
// rule) and a plain memoised minimax (two players) or max^n (three or more), sharing no code
// with the searches or the model's generator. Slow and obviously right.
#pragma once

#include <algorithm>
#include <map>
#include <tuple>
#include <vector>

#include "puzzles/position.h"

namespace leapfrog::testing {

// Every continuation rule, for tests that go through them all.
inline constexpr Continuation kRules[] = {Continuation::kOptional, Continuation::kForced,
                                          Continuation::kPieceMax, Continuation::kBoardMax};

// The reference model: cells file + rank * width, 0 empty.
struct Tiny {
  int width, height;
  bool diagonal;
  Continuation continuation;
  bool by_points;
  bool cheapest;
  int players;

  struct State {
    std::vector<int> cells;
    int to_move = 0;
    unsigned removals = 0;  // bit p: player p owes a removal
    bool operator<(const State& o) const {
      return std::tie(cells, to_move, removals) < std::tie(o.cells, o.to_move, o.removals);
    }
  };
  struct Move {
    bool removal = false;
    std::vector<int> path;  // squares: start and every landing (a removal: its square)
    int gain = 0;
  };

  int gain_of(int v) const { return by_points ? v : 1; }

  // Every chain from `from` as (path, gain), depth first; `extendable` marks whether each
  // chain could jump on.
  void chains(std::vector<int>& cells, std::vector<int>& path, int gain,
              std::vector<std::pair<Move, bool>>& out) const {
    static const int dirs[8][2] = {{1, 0}, {-1, 0}, {0, 1},  {0, -1},
                                   {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
    const int cur = path.back();
    const int f = cur % width, r = cur / width;
    bool any = false;
    for (int d = 0; d < (diagonal ? 8 : 4); ++d) {
      const int f1 = f + dirs[d][0], r1 = r + dirs[d][1];
      const int f2 = f + 2 * dirs[d][0], r2 = r + 2 * dirs[d][1];
      if (f2 < 0 || f2 >= width || r2 < 0 || r2 >= height) continue;
      const int over = f1 + r1 * width, to = f2 + r2 * width;
      if (cells[over] == 0 || cells[to] != 0) continue;
      any = true;
      const int v = cells[over];
      cells[over] = 0;
      path.push_back(to);
      chains(cells, path, gain + gain_of(v), out);
      path.pop_back();
      cells[over] = v;
    }
    if (path.size() > 1) out.push_back({Move{false, path, gain}, any});
  }

  std::vector<Move> moves(const State& s) const {
    std::vector<Move> out;
    const int n = width * height;
    if ((s.removals >> s.to_move) & 1U) {
      int least = 0;
      for (int c : s.cells)
        if (c && (!least || c < least)) least = c;
      for (int i = 0; i < n; ++i)
        if (s.cells[i] && (!cheapest || s.cells[i] == least))
          out.push_back({true, {i}, gain_of(s.cells[i])});
      return out;
    }
    std::vector<std::vector<std::pair<Move, bool>>> from(static_cast<std::size_t>(n));
    int global = 0;
    for (int i = 0; i < n; ++i) {
      if (!s.cells[i]) continue;
      std::vector<int> cells = s.cells;
      cells[i] = 0;
      std::vector<int> path{i};
      chains(cells, path, 0, from[i]);
      for (const auto& [m, ext] : from[i]) global = std::max(global, m.gain);
    }
    for (int i = 0; i < n; ++i) {
      int local = 0;
      for (const auto& [m, ext] : from[i]) local = std::max(local, m.gain);
      for (const auto& [m, ext] : from[i]) {
        bool ok = true;
        switch (continuation) {
          case Continuation::kOptional:
            break;
          case Continuation::kForced:
            ok = !ext;
            break;
          case Continuation::kPieceMax:
            ok = m.gain == local;
            break;
          case Continuation::kBoardMax:
            ok = m.gain == global;
            break;
        }
        if (ok) out.push_back(m);
      }
    }
    return out;
  }

  State play(const State& s, const Move& m) const {
    State t = s;
    if (m.removal) {
      t.cells[m.path[0]] = 0;
      t.removals &= ~(1U << s.to_move);
    } else {
      const int piece = t.cells[m.path[0]];
      t.cells[m.path[0]] = 0;
      for (std::size_t k = 1; k < m.path.size(); ++k) t.cells[(m.path[k - 1] + m.path[k]) / 2] = 0;
      t.cells[m.path.back()] = piece;
    }
    t.to_move = (s.to_move + 1) % players;
    return t;
  }

  // Two players: the negamax value.
  std::map<State, int> memo2;
  int value(const State& s) {
    if (auto it = memo2.find(s); it != memo2.end()) return it->second;
    int best = 0;
    bool any = false;
    for (const Move& m : moves(s)) {
      const int v = m.gain - value(play(s, m));
      if (!any || v > best) best = v;
      any = true;
    }
    return memo2[s] = best;
  }

  // Three or more: max^n with the documented ties (own total, then the others' sum least,
  // then the others' totals in turn order least).
  std::map<State, std::vector<int>> memon;
  std::vector<int> totals(const State& s) {
    if (auto it = memon.find(s); it != memon.end()) return it->second;
    std::vector<int> best(static_cast<std::size_t>(players), 0);
    bool any = false;
    const int p = s.to_move;
    const auto prefer = [&](const std::vector<int>& a, const std::vector<int>& b) {
      if (a[p] != b[p]) return a[p] > b[p];
      int sa = 0, sb = 0;
      for (int q = 0; q < players; ++q)
        if (q != p) sa += a[q], sb += b[q];
      if (sa != sb) return sa < sb;
      for (int k = 1; k < players; ++k) {
        const int q = (p + k) % players;
        if (a[q] != b[q]) return a[q] < b[q];
      }
      return false;
    };
    for (const Move& m : moves(s)) {
      std::vector<int> t = totals(play(s, m));
      t[p] += m.gain;
      if (!any || prefer(t, best)) best = t;
      any = true;
    }
    return memon[s] = best;
  }

  Rules rules(Opening opening) const {
    Rules r;
    r.continuation = continuation;
    r.measure = by_points ? Measure::kPoints : Measure::kPieces;
    r.jumps = diagonal ? JumpSet::kDiagonal : JumpSet::kOrthogonal;
    r.opening = opening;
    r.removal = cheapest ? RemovalKind::kCheapest : RemovalKind::kAny;
    r.players = players;
    return r;
  }
};

inline Position to_position(const Tiny::State& s) {
  Position p;
  for (std::size_t i = 0; i < s.cells.size(); ++i) p.cells[i] = static_cast<Value>(s.cells[i]);
  p.to_move = static_cast<std::uint8_t>(s.to_move);
  p.removals_due = static_cast<std::uint16_t>(s.removals);
  return p;
}

// The line as the reference's moves; fails the check when a turn is not legal there.
inline bool replay(Tiny& tiny, Tiny::State s, const Board& board, const std::vector<Turn>& line,
                   std::vector<int>& totals) {
  totals.assign(static_cast<std::size_t>(tiny.players), 0);
  for (const Turn& t : line) {
    bool found = false;
    for (const Tiny::Move& m : tiny.moves(s)) {
      if (m.removal != t.removal || m.path.size() != t.squares.size()) continue;
      if (!std::equal(m.path.begin(), m.path.end(), t.squares.begin())) continue;
      totals[static_cast<std::size_t>(s.to_move)] += m.gain;
      s = tiny.play(s, m);
      found = true;
      break;
    }
    if (!found) return false;
  }
  (void)board;
  return tiny.moves(s).empty();  // a proved line runs to the end of the game
}

}  // namespace leapfrog::testing
