// The two-player game on a board of at most 64 playable cells as bit boards: the model the
// exact solver (solver/exact.h) and the endgame tables (solver/egdb.h) share.
//
// A position is the occupied set (bit i for the i-th playable cell, Shape::index), the piece
// values as P bit planes of value-1 (P = 0 when every piece counts alike), and the opening
// removals due, relative to the player to move. Scores made and who moves do not enter: the
// two-player value (the mover's total from now on minus the opponent's) is a function of
// these alone, so one position serves both players and every score.
//
// Children. A turn's result is a position, and what it captured is the difference of the
// material of parent and child, so two chains that leave the same position are the same
// choice for the value: for_each_child visits each resulting position once (the optional rule
// lets many chains end alike), with the gain by the rules' measure. Geometry and rules are
// data: the jumps come from the board's jump table (any direction set), the continuation rule
// and the measure from the rules.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <vector>

#include "core/symmetry.h"
#include "puzzles/position.h"

namespace leapfrog::exact {

inline constexpr int kMaxPlanes = 4;  // values 1..16 as value-1 in four planes

template <int P>
struct Pos {
  std::uint64_t occ = 0;
  std::array<std::uint64_t, P> planes{};
  std::uint8_t due = 0;  // bit 0: the mover owes an opening removal; bit 1: the opponent
  bool operator==(const Pos&) const = default;
  bool operator<(const Pos& o) const {
    if (occ != o.occ) return occ < o.occ;
    for (int b = 0; b < P; ++b)
      if (planes[b] != o.planes[b]) return planes[b] < o.planes[b];
    return due < o.due;
  }
  std::uint64_t hash() const {
    std::uint64_t h = occ * 0x9E3779B97F4A7C15ULL ^ due;
    for (int b = 0; b < P; ++b) h = (h ^ planes[b]) * 0xBF58476D1CE4E5B9ULL;
    return h ^ (h >> 29);
  }
};

// The board and rules as the bit-board model reads them, built once.
class BitRules {
 public:
  struct BitJump {
    std::uint8_t over;
    std::uint8_t to;
  };

  // Two players, at most 64 playable cells; `pos` decides how many value planes are needed.
  BitRules(const Board& board, const Rules& rules, const Position& pos, bool symmetry);
  // Whether the bit-board model covers this game: two players on at most 64 squares.
  static bool covers(const Board& board, const Rules& rules);

  int planes() const { return planes_; }
  int cells() const { return n_; }
  const Board& board() const { return board_; }
  const Rules& rules() const { return rules_; }
  Continuation continuation() const { return rules_.continuation; }
  bool cheapest_removal() const { return rules_.removal == RemovalKind::kCheapest; }
  // What one piece of value v gains by the measure; with no planes, every piece gains unit().
  Score gain_of(int v) const { return rules_.measure == Measure::kPoints ? v : 1; }
  Score unit() const { return unit_; }
  // The jumps from cell i as (over, to) cell indexes.
  const BitJump* jumps_begin(int i) const { return jumps_.data() + begin_[i]; }
  const BitJump* jumps_end(int i) const { return jumps_.data() + begin_[i + 1]; }
  int symmetries() const { return merge_ ? sym_.count() : 1; }
  std::uint64_t image(int k, std::uint64_t bits) const { return sym_.apply64(k, bits); }

  template <int P>
  int value_at(const Pos<P>& p, int i) const {
    int v = 1;
    for (int b = 0; b < P; ++b) v += static_cast<int>((p.planes[b] >> i) & 1U) << b;
    return P == 0 ? plain_value_ : v;
  }
  // The material by the measure: what capturing every piece would gain.
  template <int P>
  Score material(const Pos<P>& p, std::uint64_t mask) const {
    const std::uint64_t m = p.occ & mask;
    if constexpr (P == 0) {
      return unit_ * std::popcount(m);
    } else {
      if (rules_.measure == Measure::kPieces) return std::popcount(m);
      Score s = std::popcount(m);
      for (int b = 0; b < P; ++b) s += std::popcount(p.planes[b] & m) << b;
      return s;
    }
  }

  // The least image under the board's symmetries (occupied set first, then the planes).
  template <int P>
  Pos<P> canonical(const Pos<P>& p) const {
    Pos<P> best = p;
    for (int k = 1; k < symmetries(); ++k) {
      Pos<P> q;
      q.occ = sym_.apply64(k, p.occ);
      if (q.occ > best.occ) continue;
      for (int b = 0; b < P; ++b) q.planes[b] = sym_.apply64(k, p.planes[b]);
      q.due = p.due;
      if (q < best) best = q;
    }
    return best;
  }

  template <int P>
  Pos<P> from_position(const Position& pos) const;
  // The model's position back as cells (player `to_move` to move, scores 0).
  template <int P>
  Position to_position(const Pos<P>& p, int to_move) const;

 private:
  Board board_;
  Rules rules_;
  int n_ = 0;
  int planes_ = 0;
  Value plain_value_ = 1;
  Score unit_ = 1;
  std::vector<BitJump> jumps_;
  std::vector<int> begin_;
  Symmetry sym_;
  bool merge_ = true;
};

// How many planes a position's values need (0 when all its pieces count alike under the
// rules); -1 when the model cannot hold them.
int planes_needed(const Rules& rules, const Position& pos, const Board& board);

namespace detail {

// Depth-first chains from one start piece over bit boards.
template <int P>
class ChainGen {
 public:
  ChainGen(const BitRules& g, const Pos<P>& p) : g_(g), p_(p) {}

  // The most one chain from `from` can capture by the measure.
  Score best_from(int from) {
    cur_ = p_.occ & ~bit(from);
    return best_at(from);
  }

  template <class Emit>
  void walk_from(int from, Score target, Emit& emit) {
    cur_ = p_.occ & ~bit(from);
    jumper_ = 0;
    for (int b = 0; b < P; ++b) jumper_ |= static_cast<int>((p_.planes[b] >> from) & 1U) << b;
    target_ = target;
    walk(from, 0, 0, emit);
  }

 private:
  static std::uint64_t bit(int i) { return std::uint64_t{1} << i; }

  Score gain_over(int over) const {
    if constexpr (P == 0) {
      return g_.unit();
    } else {
      int v = 1;
      for (int b = 0; b < P; ++b) v += static_cast<int>((p_.planes[b] >> over) & 1U) << b;
      return g_.gain_of(v);
    }
  }

  Score best_at(int cur) {
    Score best = 0;
    for (auto* j = g_.jumps_begin(cur); j != g_.jumps_end(cur); ++j) {
      if (!(cur_ >> j->over & 1U) || (cur_ >> j->to & 1U)) continue;
      const Score gain = gain_over(j->over);
      cur_ &= ~bit(j->over);
      best = std::max(best, gain + best_at(j->to));
      cur_ |= bit(j->over);
    }
    return best;
  }

  template <class Emit>
  void emit(int at, Score gain, Emit& out) {
    Pos<P> c;
    c.occ = cur_ | bit(at);
    // A piece's planes stay where it is; the jumper's go with it.
    for (int b = 0; b < P; ++b)
      c.planes[b] = (p_.planes[b] & cur_) | (std::uint64_t((jumper_ >> b) & 1) << at);
    c.due = static_cast<std::uint8_t>(p_.due >> 1);
    out(c, gain);
  }

  template <class Emit>
  void walk(int at, Score gain, int len, Emit& out) {
    const Continuation rule = g_.continuation();
    if (len > 0) {
      if (rule == Continuation::kOptional) {
        emit(at, gain, out);
      } else if (rule == Continuation::kPieceMax || rule == Continuation::kBoardMax) {
        if (gain >= target_) {
          if (gain == target_) emit(at, gain, out);
          return;
        }
      }
    }
    bool jumped = false;
    for (auto* j = g_.jumps_begin(at); j != g_.jumps_end(at); ++j) {
      if (!(cur_ >> j->over & 1U) || (cur_ >> j->to & 1U)) continue;
      jumped = true;
      const Score g = gain_over(j->over);
      cur_ &= ~bit(j->over);
      walk(j->to, gain + g, len + 1, out);
      cur_ |= bit(j->over);
    }
    if (rule == Continuation::kForced && !jumped && len > 0) emit(at, gain, out);
  }

  const BitRules& g_;
  const Pos<P>& p_;
  std::uint64_t cur_ = 0;  // the pieces on the board, the jumper lifted off
  int jumper_ = 0;
  Score target_ = 0;
};

}  // namespace detail

// Visits every child of `p` as (child, gain); a child may come more than once (two chains
// that end alike): callers that need each once deduplicate (children() does). The child's
// `due` is already relative to its own mover.
template <int P, class Out>
void for_each_child_raw(const BitRules& g, const Pos<P>& p, Out&& out) {
  if (p.due & 1U) {
    int only = 0;
    if (g.cheapest_removal()) {
      only = 1 << 30;
      for (std::uint64_t m = p.occ; m; m &= m - 1)
        only = std::min(only, g.value_at(p, std::countr_zero(m)));
    }
    for (std::uint64_t m = p.occ; m; m &= m - 1) {
      const int i = std::countr_zero(m);
      const int v = g.value_at(p, i);
      if (only != 0 && v != only) continue;
      Pos<P> c = p;
      c.occ &= ~(std::uint64_t{1} << i);
      for (int b = 0; b < P; ++b) c.planes[b] &= ~(std::uint64_t{1} << i);
      c.due = static_cast<std::uint8_t>(p.due >> 1);
      out(c, P == 0 ? g.unit() : g.gain_of(v));
    }
    return;
  }
  detail::ChainGen<P> gen(g, p);
  Score global = 0;
  if (g.continuation() == Continuation::kBoardMax) {
    for (std::uint64_t m = p.occ; m; m &= m - 1)
      global = std::max(global, gen.best_from(std::countr_zero(m)));
    if (global == 0) return;
  }
  for (std::uint64_t m = p.occ; m; m &= m - 1) {
    const int i = std::countr_zero(m);
    Score target = global;
    if (g.continuation() == Continuation::kPieceMax) {
      target = gen.best_from(i);
      if (target == 0) continue;
    }
    gen.walk_from(i, target, out);
  }
}

template <int P>
struct Child {
  Pos<P> pos;  // canonical when the caller asked for it
  Score gain;
};

// Every distinct child of `p`, each once, in a deterministic order (by position); with
// `canonical`, children are replaced by their least images first, so symmetric children
// count once too.
template <int P>
void children(const BitRules& g, const Pos<P>& p, bool canonical, std::vector<Child<P>>& out) {
  out.clear();
  for_each_child_raw(g, p, [&](const Pos<P>& c, Score gain) { out.push_back({c, gain}); });
  auto less = [](const Child<P>& a, const Child<P>& b) { return a.pos < b.pos; };
  auto same = [](const Child<P>& a, const Child<P>& b) { return a.pos == b.pos; };
  std::sort(out.begin(), out.end(), less);
  out.erase(std::unique(out.begin(), out.end(), same), out.end());
  if (!canonical || g.symmetries() == 1) return;
  for (Child<P>& c : out) c.pos = g.canonical(c.pos);
  std::sort(out.begin(), out.end(), less);
  out.erase(std::unique(out.begin(), out.end(), same), out.end());
}

}  // namespace leapfrog::exact
