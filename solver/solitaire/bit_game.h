// The solitaire search's game on boards of at most 64 squares under the optional rule: bit
// planes, single jumps. Internal to solver/solitaire.cpp.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <chrono>
#include <cstdint>
#include <limits>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/classes.h"
#include "core/hash.h"
#include "core/symmetry.h"
#include "puzzles/movegen.h"
#include "solver/solitaire.h"
#include "solver/solitaire/bounds.h"
#include "solver/solitaire/finish.h"
#include "solver/tt.h"

namespace leapfrog::solitaire_search {

// Moves are tried dearest capture first (a stable sort keeps generation order among equals),
// so the first dive already finds a good line on valued boards.
template <class It>
void order_by_gain(It first, It last) {
  std::stable_sort(first, last, [](const auto& a, const auto& b) { return a.gain > b.gain; });
}

// ---------------------------------------------------------------------------------------
// Boards of at most 64 squares under the optional rule: a position is four 64-bit value
// planes (bit i of plane k = bit k of the value on the i-th square, Shape::index) and a
// count of removals due.

struct BitState {
  std::array<std::uint64_t, 4> p{};
  int removals = 0;
  std::uint64_t occ() const { return p[0] | p[1] | p[2] | p[3]; }
};

struct BitMove {
  std::uint8_t removal;
  std::uint8_t from, over, to;
  Score gain;
};

class BitGame {
 public:
  using State = BitState;
  using Move = BitMove;
  static constexpr std::uint64_t kFlushEvery = 1024;  // nodes between checks of the limits
  struct MoveList {
    std::array<BitMove, 8 * 64 + 64> m;
    int n = 0;
    BitMove* begin() { return m.data(); }
    BitMove* end() { return m.data() + n; }
  };

  // With a finish, the table of small positions that can end there takes at most
  // `table_bytes` (Finish::build_table); `setup` stops the finish's preparation (which on a
  // large board takes seconds) as it would stop the search.
  BitGame(const Board& board, const Rules& rules, const Position& pos, bool symmetry,
          Square finish = kNoSquare, std::size_t table_bytes = 0, const Poller* setup = nullptr)
      : board_(board),
        rules_(rules),
        sym_(board, board.jumps(rules.jumps)),
        classes_(board, board.jumps(rules.jumps)),
        lone_(board, rules, pos, classes_),
        finish_(board, rules, pos, classes_, finish, setup) {
    if (symmetry) syms_ = finish_.symmetries(sym_);
    finish_.build_table(sym_, syms_, table_bytes, setup);
    for (int i = 0; i < board.squares(); ++i) {
      const Square sq = board.cell(i);
      for (const Jump& j : board.jumps(sq, rules.jumps))
        jumps_.push_back({static_cast<std::uint8_t>(i),
                          static_cast<std::uint8_t>(board.index(j.over)),
                          static_cast<std::uint8_t>(board.index(j.to))});
      const Value v = pos.cells[sq];
      for (int k = 0; k < 4; ++k)
        if ((v >> k) & 1) root_.p[static_cast<std::size_t>(k)] |= std::uint64_t{1} << i;
      if (v != 0) uniform_ = uniform_ && (first_ == 0 || v == first_), first_ = first_ ? first_ : v;
    }
    while (planes_ < 4 && root_.p[static_cast<std::size_t>(planes_)] != 0) ++planes_;
    for (int k = planes_; k < 4; ++k)
      if (root_.p[static_cast<std::size_t>(k)] != 0) planes_ = k + 1;
    root_.removals = pos.removals_owed();
  }

  const State& root() const { return root_; }

  Value value_at(const State& s, int sq) const {
    return static_cast<Value>(((s.p[0] >> sq) & 1) | (((s.p[1] >> sq) & 1) << 1) |
                              (((s.p[2] >> sq) & 1) << 2) | (((s.p[3] >> sq) & 1) << 3));
  }

  PositionKey key(const State& s) const {
    PositionKey key;
    for (int k = 0; k < 4; ++k)
      key.w[static_cast<std::size_t>(k)] = s.p[static_cast<std::size_t>(k)];
    {
      for (const int t : syms_) {
        std::array<std::uint64_t, 4> img{};
        for (int k = 0; k < planes_; ++k)
          img[static_cast<std::size_t>(k)] = sym_.apply64(t, s.p[static_cast<std::size_t>(k)]);
        if (std::lexicographical_compare(img.begin(), img.end(), key.w.begin(), key.w.begin() + 4))
          std::copy(img.begin(), img.end(), key.w.begin());
      }
    }
    key.w[4] = static_cast<std::uint64_t>(s.removals);
    return key;
  }

  // Everything but the cheapest piece (the last piece can never be captured), unless a
  // removal is still due (a removal can take even the last piece).
  // With the position classes: everything but the two cheapest pieces when no square can
  // hold a last lone piece.
  Score upper_bound(const State& s) const {
    if (finish_.active()) return finishing_bound(s);
    const std::uint64_t occ = s.occ();
    if (occ == 0) return 0;
    bool two = false;
    if (classes_.dimension() > 0 && s.removals == 0) {
      std::uint64_t c = 0;
      for (int bit = 0; bit < classes_.dimension(); ++bit)
        c |= static_cast<std::uint64_t>(std::popcount(occ & classes_.mask64(bit)) & 1) << bit;
      two = !lone_.lone(c);
    }
    if (s.removals > 0) {
      std::vector<std::pair<Value, std::uint64_t>> pieces;
      for (std::uint64_t b = occ; b; b &= b - 1) {
        const int i = std::countr_zero(b);
        pieces.push_back({value_at(s, i), classes_.code(board_.cell(i))});
      }
      return removal_bound(pieces, s.removals, rules_, classes_);
    }
    if (rules_.measure == Measure::kPieces) return std::popcount(occ) - (two ? 2 : 1);
    Score total = 0;
    for (int k = 0; k < planes_; ++k) total += std::popcount(s.p[static_cast<std::size_t>(k)]) << k;
    const Value least = cheapest(s);
    if (!two) return total - least;
    // The second cheapest: the same value again, or the next value present.
    State rest = s;
    const int sq = std::countr_zero(occ & value_mask(s, least));
    for (auto& plane : rest.p) plane &= ~(std::uint64_t{1} << sq);
    return total - least - cheapest(rest);
  }

  // With a finish: the bound, or kNone when the position cannot end with a lone piece on
  // the finish square (Finish, finish_bound).
  Score finishing_bound(const State& s) const {
    const std::uint64_t occ = s.occ();
    if (finish_.ruled_out() || !finish_.may_end(occ, s.removals)) return kNone;
    std::vector<std::pair<Value, std::uint64_t>> pieces;
    if (s.removals > 0 || rules_.measure == Measure::kPoints) {
      for (std::uint64_t b = occ; b; b &= b - 1) {
        const int i = std::countr_zero(b);
        pieces.push_back({value_at(s, i), classes_.code(board_.cell(i))});
      }
      return finish_bound(pieces, s.removals, rules_, finish_);
    }
    std::uint64_t c = 0;
    for (int bit = 0; bit < classes_.dimension(); ++bit)
      c |= static_cast<std::uint64_t>(std::popcount(occ & classes_.mask64(bit)) & 1) << bit;
    if (occ == 0 || c != finish_.code()) return kNone;
    return std::popcount(occ) - 1;
  }

  bool finishing() const { return finish_.active(); }
  // The value of a position with no move left: 0, or kNone when a finish is asked for and
  // the position is not a lone piece on its square.
  Score end_value(const State& s) const { return goal(s) ? 0 : kNone; }
  // A position with no move left may end a line: any, or with a finish only a lone piece
  // on its square.
  bool goal(const State& s) const {
    return !finish_.active() || (s.removals == 0 && s.occ() == std::uint64_t{1} << finish_.index());
  }

  void moves(const State& s, MoveList& list) const {
    list.n = 0;
    const std::uint64_t occ = s.occ();
    if (s.removals > 0) {
      const Value only = rules_.removal == RemovalKind::kCheapest ? cheapest(s) : 0;
      for (std::uint64_t b = occ; b; b &= b - 1) {
        const int sq = std::countr_zero(b);
        const Value v = value_at(s, sq);
        if (only != 0 && v != only) continue;
        list.m[static_cast<std::size_t>(list.n++)] =
            BitMove{1, static_cast<std::uint8_t>(sq), 0, 0, rules_.gain(v)};
      }
    } else {
      for (const Triple& j : jumps_) {
        if (((occ >> j.from) & 1) == 0 || ((occ >> j.over) & 1) == 0 || ((occ >> j.to) & 1) != 0)
          continue;
        list.m[static_cast<std::size_t>(list.n++)] =
            BitMove{0, j.from, j.over, j.to, rules_.gain(value_at(s, j.over))};
      }
    }
    if (finish_.active() && finish_.counts_resources()) {
      // With a finish: dearest capture first, then the jumps that keep the most of the
      // resource count (towards the finish square first).
      const auto loss = [&](const BitMove& m) {
        return m.removal ? finish_.weight(m.from)
                         : finish_.weight(m.from) + finish_.weight(m.over) - finish_.weight(m.to);
      };
      std::stable_sort(list.begin(), list.end(), [&](const BitMove& a, const BitMove& b) {
        return a.gain != b.gain ? a.gain > b.gain : loss(a) < loss(b);
      });
    } else if (!uniform_ || rules_.measure == Measure::kPoints) {
      order_by_gain(list.begin(), list.end());
    }
  }

  // Calls f(move) for each move in moves()'s order while it returns true.
  template <class F>
  void for_each_move(const State& s, F&& f) const {
    MoveList list;
    moves(s, list);
    for (const Move& m : list)
      if (!f(m)) return;
  }

  State child(const State& s, const Move& m) const {
    State c = s;
    if (m.removal) {
      const std::uint64_t clear = ~(std::uint64_t{1} << m.from);
      for (auto& plane : c.p) plane &= clear;
      --c.removals;
      return c;
    }
    const Value v = value_at(s, m.from);
    const std::uint64_t clear = ~((std::uint64_t{1} << m.from) | (std::uint64_t{1} << m.over));
    for (int k = 0; k < 4; ++k) {
      auto& plane = c.p[static_cast<std::size_t>(k)];
      plane &= clear;
      if ((v >> k) & 1) plane |= std::uint64_t{1} << m.to;
    }
    return c;
  }

  Turn to_turn(const Move& m) const {
    if (m.removal) return Turn{true, {board_.cell(m.from)}};
    return Turn{false, {board_.cell(m.from), board_.cell(m.to)}};
  }

 private:
  struct Triple {
    std::uint8_t from, over, to;
  };
  static std::uint64_t value_mask(const State& s, int v) {
    std::uint64_t mask = ~std::uint64_t{0};
    for (int k = 0; k < 4; ++k) {
      const std::uint64_t plane = s.p[static_cast<std::size_t>(k)];
      mask &= ((v >> k) & 1) ? plane : ~plane;
    }
    return mask & s.occ();
  }
  static Value cheapest(const State& s) {
    for (int v = 1; v <= kMaxValue; ++v)
      if (value_mask(s, v)) return static_cast<Value>(v);
    return 0;
  }

  const Board& board_;
  const Rules& rules_;
  Symmetry sym_;
  std::vector<Triple> jumps_;
  State root_;
  int planes_ = 0;
  bool uniform_ = true;
  Value first_ = 0;
  PositionClasses classes_;
  LoneClasses lone_;
  Finish finish_;
  std::vector<int> syms_;  // the symmetries positions are merged by (not the identity)
};

}  // namespace leapfrog::solitaire_search
