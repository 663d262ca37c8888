#include "solver/solitaire.h"

#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <limits>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <unordered_map>

#include "core/bigcount.h"
#include "core/classes.h"
#include "core/hash.h"
#include "core/pagoda.h"
#include "core/poller.h"
#include "core/symmetry.h"
#include "core/tt.h"
#include "puzzles/legality.h"
#include "puzzles/movegen.h"
#include "solver/guided.h"
#include "solver/reach.h"

namespace leapfrog {

namespace {

constexpr Score kAbort = std::numeric_limits<Score>::min() / 2;
// With a finish square: no line from the position ends with a lone piece there. Far below
// any value (a board's pieces are worth at most 676 * 15), far above kAbort; a move's gain
// added to it is still "none".
constexpr Score kNone = -(Score{1} << 28);
constexpr bool is_none(Score v) { return v <= kNone / 2; }

// Moves are tried dearest capture first (a stable sort keeps generation order among equals),
// so the first dive already finds a good line on valued boards.
template <class It>
void order_by_gain(It first, It last) {
  std::stable_sort(first, last, [](const auto& a, const auto& b) { return a.gain > b.gain; });
}

// The classes in which a lone last piece is still possible from the root: those of the
// squares that the position class allows (core/classes.h) and that no pagoda function rules
// out (core/pagoda.h). Computed once at the root, since jumps keep the class and never raise
// a pagoda sum; only without removals due (a removal changes the class) and on boards of at
// most 64 squares (a small linear program per square the class allows).
class LoneClasses {
 public:
  LoneClasses(const Board& board, const Rules& rules, const Position& pos,
              const PositionClasses& classes)
      : classes_(classes) {
    if (classes.dimension() == 0 || pos.removals_due != 0 || board.squares() > 64) return;
    std::uint64_t c = 0;
    std::vector<bool> start(static_cast<std::size_t>(board.cells()), false);
    for (int i = 0; i < board.squares(); ++i)
      if (pos.cells[board.cell(i)] != 0) {
        start[board.cell(i)] = true;
        c ^= classes.code(board.cell(i));
      }
    std::vector<bool> candidates(static_cast<std::size_t>(board.cells()), false);
    for (int i = 0; i < board.squares(); ++i)
      candidates[board.cell(i)] = classes.code(board.cell(i)) == c;
    const std::vector<bool> lone =
        lone_piece_squares(board, board.jumps(rules.jumps), start, candidates);
    pruned_ = true;
    for (int i = 0; i < board.squares(); ++i)
      if (lone[board.cell(i)]) codes_.push_back(classes.code(board.cell(i)));
    std::sort(codes_.begin(), codes_.end());
  }
  // True when a position of class `c` (reached from the root by jumps) may end with a lone
  // piece.
  bool lone(std::uint64_t c) const {
    return pruned_ ? std::binary_search(codes_.begin(), codes_.end(), c) : classes_.single(c);
  }

 private:
  const PositionClasses& classes_;
  bool pruned_ = false;
  std::vector<std::uint64_t> codes_;
};

// The finish (SolveOptions::finish): the line must end with one piece, alone on `square`.
// What the games need to cut off the positions that cannot end so: the square's class code
// (a jump keeps a position's class, so only a position of that class can end with a lone
// piece there), whether a pagoda function separates the square from the root (then nothing
// from the root can end there, removals included: a removal only lowers a pagoda sum), and
// a resource count, for boards of at most 64 squares: weight Fib(D + 3 - d) on a square d
// steps from the finish (steps: the jumps' from-over and over-to pairs; D the largest such
// d), 0 on squares that no chain of steps joins to it. A jump's landing square is at most
// one step from the square it jumps over and two from its start, and the weights fall by
// the Fibonacci rule w(d) = w(d + 1) + w(d + 2), so no jump raises the sum over the pieces;
// a position whose sum is below the finish square's weight cannot end with a piece there.
// Then pagoda functions learnt from sample positions, and a table of the small positions
// that can end there (learn_pagodas, build_table).
class Finish {
 public:
  Finish(const Board& board, const Rules& rules, const Position& root,
         const PositionClasses& classes, Square square)
      : square_(square) {
    if (square == kNoSquare) return;
    if (!board.contains(square % board.width(), square / board.width()) || !board.is_square(square))
      throw std::invalid_argument("solve: the finish square is not a square of the board");
    index_ = board.index(square);
    code_ = classes.code(square);
    if (board.squares() > 64) return;
    const JumpTable& jumps = board.jumps(rules.jumps);
    for (int i = 0; i < board.squares(); ++i)
      for (const Jump& j : jumps.from(board.cell(i)))
        triples_.push_back({std::uint64_t{1} << i, std::uint64_t{1} << board.index(j.over),
                            std::uint64_t{1} << board.index(j.to)});
    // Step distances from the finish, breadth first over the squares.
    std::vector<std::vector<int>> next(static_cast<std::size_t>(board.squares()));
    for (int i = 0; i < board.squares(); ++i)
      for (const Jump& j : jumps.from(board.cell(i))) {
        const int over = board.index(j.over), to = board.index(j.to);
        for (const auto& [a, b] : {std::pair{i, over}, std::pair{over, to}}) {
          next[static_cast<std::size_t>(a)].push_back(b);
          next[static_cast<std::size_t>(b)].push_back(a);
        }
      }
    std::vector<int> dist(static_cast<std::size_t>(board.squares()), -1);
    std::vector<int> queue{index_};
    dist[static_cast<std::size_t>(index_)] = 0;
    int far = 0;
    for (std::size_t q = 0; q < queue.size(); ++q)
      for (const int b : next[static_cast<std::size_t>(queue[q])])
        if (dist[static_cast<std::size_t>(b)] < 0) {
          dist[static_cast<std::size_t>(b)] = dist[static_cast<std::size_t>(queue[q])] + 1;
          far = std::max(far, dist[static_cast<std::size_t>(b)]);
          queue.push_back(b);
        }
    // fib[k] = Fib(k): at most Fib(66) for 64 squares, and 64 of them fit 64 bits.
    std::vector<std::uint64_t> fib{0, 1};
    while (static_cast<int>(fib.size()) < far + 4) fib.push_back(fib.back() + fib[fib.size() - 2]);
    masks_.assign(static_cast<std::size_t>(far) + 1, 0);
    weight_.assign(static_cast<std::size_t>(board.squares()), 0);
    weights_.resize(masks_.size());
    for (int d = 0; d <= far; ++d)
      weights_[static_cast<std::size_t>(d)] = fib[static_cast<std::size_t>(far + 3 - d)];
    for (int i = 0; i < board.squares(); ++i)
      if (const int d = dist[static_cast<std::size_t>(i)]; d >= 0) {
        masks_[static_cast<std::size_t>(d)] |= std::uint64_t{1} << i;
        weight_[static_cast<std::size_t>(i)] = weights_[static_cast<std::size_t>(d)];
      }
    // Without a removal due the root's class decides at once (and nothing else is needed).
    std::uint64_t c = 0;
    for (int i = 0; i < board.squares(); ++i)
      if (root.cells[board.cell(i)] != 0) c ^= classes.code(board.cell(i));
    ruled_out_ = root.removals_due == 0 && c != code_;
    if (ruled_out_) return;
    std::vector<bool> start(static_cast<std::size_t>(board.cells()), false);
    for (int i = 0; i < board.squares(); ++i) start[board.cell(i)] = root.cells[board.cell(i)] != 0;
    std::vector<bool> candidate(static_cast<std::size_t>(board.cells()), false);
    candidate[square] = true;
    ruled_out_ = !lone_piece_squares(board, jumps, start, candidate)[square];
    if (!ruled_out_) learn_pagodas(board, jumps, root);
  }

  bool active() const { return square_ != kNoSquare; }
  Square square() const { return square_; }
  int index() const { return index_; }  // Shape::index of the square
  std::uint64_t code() const { return code_; }
  bool ruled_out() const { return ruled_out_; }
  // The resource count's weight of the square of Shape::index i (boards of at most 64
  // squares).
  bool counts_resources() const { return !masks_.empty(); }
  std::uint64_t weight(int i) const { return weight_[static_cast<std::size_t>(i)]; }
  // False when the bit board `occ` (Shape::index bits) with `removals` opening removals due
  // cannot end with a lone piece on the square: the resource count, the learnt pagoda
  // functions (a removal only lowers their sums) and, without removals due, the table.
  bool may_end(std::uint64_t occ, int removals) const {
    if (masks_.empty()) return true;
    if (removals == 0 && std::popcount(occ) <= table_pieces_ && !in_table(canonical(occ)))
      return false;
    std::uint64_t sum = 0;
    for (std::size_t d = 0; d < masks_.size(); ++d)
      sum += weights_[d] * static_cast<std::uint64_t>(std::popcount(occ & masks_[d]));
    if (sum < weights_[0]) return false;
    for (const Pagoda& f : pagodas_) {
      std::uint32_t total = 0;
      for (std::uint64_t b = occ & f.support; b; b &= b - 1)
        total += f.w[static_cast<std::size_t>(std::countr_zero(b))];
      if (total < f.need) return false;
    }
    return true;
  }
  // The symmetries to merge positions by: those that keep the finish square (all without
  // one). Symmetry 0, the identity, is not listed.
  std::vector<int> symmetries(const Symmetry& sym) const {
    std::vector<int> out;
    for (int k = 1; k < sym.count(); ++k)
      if (!active() || sym.image(k, square_) == square_) out.push_back(k);
    return out;
  }

  // The positions (Shape::index bits) of at most table_pieces_ pieces from which a lone
  // piece can end on the square by single jumps, as their least images under `syms`
  // (symmetries that keep the square, so the set is closed under them): built backwards
  // from the lone piece, a level of one more piece at a time (a jump backwards fills its
  // start and the square it jumps over, and empties its landing square; one image of each
  // position is enough, as the images' predecessors are the images of its predecessors),
  // while the set and two levels fit in `bytes`. A level that does not fit is not used.
  // Every rule's turn is a sequence of single jumps, so a position of at most that many
  // pieces missing from the set cannot end there. A level left empty ends the table: then
  // no larger position can end there either.
  void build_table(const Symmetry& sym, const std::vector<int>& syms, std::size_t bytes) {
    if (triples_.empty() || !active() || ruled_out_) return;
    sym_ = &sym;
    syms_ = syms;
    std::vector<std::uint64_t> level{canonical(std::uint64_t{1} << index_)};
    if (!insert(level[0], bytes)) return;
    table_pieces_ = 1;
    for (;;) {
      std::vector<std::uint64_t> next;
      for (const std::uint64_t p : level)
        for (const auto& [from, over, to] : triples_) {
          if ((p & to) == 0 || (p & (from | over)) != 0) continue;
          const std::uint64_t c = canonical(p ^ (from | over | to));
          const std::size_t levels = (level.size() + next.capacity() + 1) * sizeof(std::uint64_t);
          if (levels > bytes || !insert(c, bytes - levels)) return;
          if (inserted_) next.push_back(c);
        }
      if (next.empty()) {
        table_pieces_ = 64;
        return;
      }
      ++table_pieces_;
      level.swap(next);
    }
  }

 private:
  // Pagoda functions that separate the finish square from sample positions: random
  // single-jump playouts from the root (the opening removals made on random pieces first),
  // stopped at 2 to all-but-two pieces, on a fixed stream of mix64, so the same every run.
  // Each sample that the linear program separates from the finish square
  // (separating_pagoda) gives a function; the kPagodas that cut off the most samples are
  // kept, in that order. They are pagoda functions whatever the samples were, so cutting
  // off a position whose sum is below a function's value on the finish square is sound.
  static constexpr int kSamples = 256;
  static constexpr std::size_t kPagodas = 24;
  struct Pagoda {
    std::array<std::uint32_t, 64> w{};  // per Shape::index, at most 2^20 each
    std::uint64_t support = 0;          // the squares of non-zero weight
    std::uint32_t need = 0;             // the weight of the finish square
  };
  void learn_pagodas(const Board& board, const JumpTable& jumps, const Position& root) {
    const int n = board.squares();
    std::uint64_t start = 0;
    for (int i = 0; i < n; ++i)
      if (root.cells[board.cell(i)] != 0) start |= std::uint64_t{1} << i;
    const int pieces = std::popcount(start);
    if (pieces < 4) return;
    std::uint64_t state = 0x5EEDF1A15ULL;
    std::vector<std::uint64_t> samples;
    std::vector<Pagoda> found;
    for (int k = 0; k < kSamples; ++k) {
      const int stop = 2 + k % (pieces - 3);
      std::uint64_t occ = start;
      for (int r = std::popcount(static_cast<unsigned>(root.removals_due)); r > 0 && occ; --r) {
        int skip =
            static_cast<int>(splitmix64(state) % static_cast<std::uint64_t>(std::popcount(occ)));
        std::uint64_t b = occ;
        while (skip-- > 0) b &= b - 1;
        occ &= ~(b & (~b + 1));
      }
      std::vector<const Bits*> open;
      while (std::popcount(occ) > stop) {
        open.clear();
        for (const Bits& t : triples_)
          if ((occ & t.from) && (occ & t.over) && !(occ & t.to)) open.push_back(&t);
        if (open.empty()) break;
        const Bits& t = *open[splitmix64(state) % open.size()];
        occ ^= t.from | t.over | t.to;
      }
      samples.push_back(occ);
      std::vector<bool> cells(static_cast<std::size_t>(board.cells()), false);
      for (int i = 0; i < n; ++i) cells[board.cell(i)] = (occ >> i & 1) != 0;
      const std::vector<std::int64_t> q = separating_pagoda(board, jumps, cells, square_);
      if (q.empty()) continue;
      Pagoda f;
      for (int i = 0; i < n; ++i) {
        f.w[static_cast<std::size_t>(i)] =
            static_cast<std::uint32_t>(q[static_cast<std::size_t>(i)]);
        if (q[static_cast<std::size_t>(i)] != 0) f.support |= std::uint64_t{1} << i;
      }
      f.need = f.w[static_cast<std::size_t>(index_)];
      if (std::none_of(found.begin(), found.end(), [&](const Pagoda& g) { return g.w == f.w; }))
        found.push_back(f);
    }
    // The functions that cut off the most samples first (stable: ties in the order found).
    std::vector<std::pair<int, std::size_t>> score;
    for (std::size_t i = 0; i < found.size(); ++i) {
      int cut = 0;
      for (const std::uint64_t occ : samples) {
        std::uint32_t total = 0;
        for (std::uint64_t b = occ & found[i].support; b; b &= b - 1)
          total += found[i].w[static_cast<std::size_t>(std::countr_zero(b))];
        cut += total < found[i].need ? 1 : 0;
      }
      score.push_back({-cut, i});
    }
    std::sort(score.begin(), score.end());
    for (std::size_t i = 0; i < score.size() && i < kPagodas; ++i)
      pagodas_.push_back(found[score[i].second]);
  }

  std::uint64_t canonical(std::uint64_t occ) const {
    std::uint64_t least = occ;
    for (const int t : syms_) least = std::min(least, sym_->apply64(t, occ));
    return least;
  }
  // The table: open addressing of non-zero keys, linear probing, at most half full.
  bool in_table(std::uint64_t key) const {
    if (table_.empty()) return false;
    const std::size_t mask = table_.size() - 1;
    for (std::size_t i = mix64(key) & mask;; i = (i + 1) & mask) {
      if (table_[i] == key) return true;
      if (table_[i] == 0) return false;
    }
  }
  // Adds the key (inserted_: it was new); false when the table would outgrow `bytes`.
  bool insert(std::uint64_t key, std::size_t bytes) {
    inserted_ = false;
    if (2 * (table_size_ + 1) > table_.size()) {
      const std::size_t grown = std::max<std::size_t>(1024, 2 * table_.size());
      if ((grown + table_.size()) * sizeof(std::uint64_t) > bytes) return false;
      std::vector<std::uint64_t> old(grown, 0);
      old.swap(table_);
      for (const std::uint64_t k : old)
        if (k != 0) place(k);
    }
    if (in_table(key)) return true;
    place(key);
    ++table_size_;
    inserted_ = true;
    return true;
  }
  void place(std::uint64_t key) {
    const std::size_t mask = table_.size() - 1;
    std::size_t i = mix64(key) & mask;
    while (table_[i] != 0) i = (i + 1) & mask;
    table_[i] = key;
  }

  Square square_;
  int index_ = -1;
  std::uint64_t code_ = 0;
  bool ruled_out_ = false;
  struct Bits {
    std::uint64_t from, over, to;
  };
  std::vector<Bits> triples_;  // the jumps as Shape::index bits (boards of <= 64 squares)
  const Symmetry* sym_ = nullptr;
  std::vector<int> syms_;
  std::vector<std::uint64_t> table_;
  std::size_t table_size_ = 0;
  int table_pieces_ = 0;  // the table holds every position of up to this many pieces
  bool inserted_ = false;
  std::vector<Pagoda> pagodas_;
  std::vector<std::uint64_t> masks_;    // per step distance, the squares at that distance
  std::vector<std::uint64_t> weights_;  // and their weight
  std::vector<std::uint64_t> weight_;   // per Shape::index
};

// What both bounds below read of a position's pieces (value, class code): the total gain,
// the cheapest value and the position's class code (the xor of the pieces' codes).
struct PieceSums {
  Score total = 0;
  Value cheapest = 0;
  std::uint64_t code = 0;
};
PieceSums piece_sums(const std::vector<std::pair<Value, std::uint64_t>>& pieces,
                     const Rules& rules) {
  PieceSums sums;
  for (const auto& [v, code] : pieces) {
    sums.total += rules.gain(v);
    sums.cheapest = sums.cheapest == 0 ? v : std::min(sums.cheapest, v);
    sums.code ^= code;
  }
  return sums;
}

// The upper bound with a finish square, or kNone. Every line that ends with a lone piece
// takes every other piece (a removal takes one piece, a jump the piece jumped), so at most
// everything but the cheapest piece. None when the removals due would take every piece, or
// when no allowed removal (one due) leaves the finish's class, or when no removal is due
// and the class is not the finish's.
Score finish_bound(const std::vector<std::pair<Value, std::uint64_t>>& pieces, int removals,
                   const Rules& rules, const Finish& finish) {
  if (static_cast<std::size_t>(removals) >= pieces.size()) return kNone;
  const auto [total, cheapest, c] = piece_sums(pieces, rules);
  if (removals == 0 && c != finish.code()) return kNone;
  if (removals == 1) {
    bool any = false;
    for (const auto& [v, code] : pieces)
      any = any || ((rules.removal != RemovalKind::kCheapest || v == cheapest) &&
                    (c ^ code) == finish.code());
    if (!any) return kNone;
  }
  return total - rules.gain(cheapest);
}

// An upper bound for a position with `removals` opening removals still due, given its
// pieces (value, class code). The lone player removes first, then only jumps, and a jump
// never takes the last piece: unless the removals can take every piece, one piece stays,
// and two when after the removal no square can hold a lone last piece of the position's
// class (core/classes.h). With one removal due the bound is the best over the allowed
// removals; with more, only the one piece that stays is counted.
Score removal_bound(const std::vector<std::pair<Value, std::uint64_t>>& pieces, int removals,
                    const Rules& rules, const PositionClasses& classes) {
  const auto [total, cheapest, c] = piece_sums(pieces, rules);
  if (static_cast<std::size_t>(removals) >= pieces.size()) return total;
  // The three smallest gains (indices into pieces): the least and second least of the
  // pieces other than any one removed piece are among them.
  std::array<std::size_t, 3> low{};
  std::size_t n_low = 0;
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    std::size_t k = n_low < 3 ? n_low++ : 3;
    while (k > 0 && rules.gain(pieces[low[k - 1]].first) > rules.gain(pieces[i].first)) {
      if (k < 3) low[k] = low[k - 1];
      --k;
    }
    if (k < 3) low[k] = i;
  }
  if (removals > 1 || classes.dimension() == 0) return total - rules.gain(pieces[low[0]].first);
  Score least_loss = std::numeric_limits<Score>::max();
  for (std::size_t r = 0; r < pieces.size(); ++r) {
    if (rules.removal == RemovalKind::kCheapest && pieces[r].first != cheapest) continue;
    std::array<Score, 2> rest{};
    std::size_t n = 0;
    for (std::size_t k = 0; k < n_low && n < 2; ++k)
      if (low[k] != r) rest[n++] = rules.gain(pieces[low[k]].first);
    const bool two = n == 2 && !classes.single(c ^ pieces[r].second);
    least_loss = std::min(least_loss, rest[0] + (two ? rest[1] : 0));
  }
  return total - least_loss;
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
  // `table_bytes` (Finish::build_table).
  BitGame(const Board& board, const Rules& rules, const Position& pos, bool symmetry,
          Square finish = kNoSquare, std::size_t table_bytes = 0)
      : board_(board),
        rules_(rules),
        sym_(board, board.jumps(rules.jumps)),
        classes_(board, board.jumps(rules.jumps)),
        lone_(board, rules, pos, classes_),
        finish_(board, rules, pos, classes_, finish) {
    if (symmetry) syms_ = finish_.symmetries(sym_);
    finish_.build_table(sym_, syms_, table_bytes);
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
    root_.removals = std::popcount(static_cast<unsigned>(pos.removals_due));
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

// ---------------------------------------------------------------------------------------
// Any board and rule: the model's positions and turn generator. Under the optional rule the
// moves are single jumps; otherwise whole turns.

struct GenState {
  Position pos;  // removals_due is bit 0 while `removals` > 0 (one player, always to move)
  int removals = 0;
};

struct GenMove {
  Turn turn;
  Score gain;
};

class GeneralGame {
 public:
  using State = GenState;
  using Move = GenMove;
  static constexpr std::uint64_t kFlushEvery = 32;  // nodes between checks (nodes are slow here)
  using MoveList = std::vector<GenMove>;
  // A position's turns are taken in batches of at most this many turns or squares (each
  // ordered dearest capture first): one position can have millions of turns (a 9x9 lattice
  // under the forced rule), and the search polls its limits only between nodes. Almost
  // every position's turns fit in one batch.
  static constexpr std::size_t kBatchTurns = 4096;
  static constexpr std::size_t kBatchSquares = std::size_t{1} << 16;

  GeneralGame(const Board& board, const Rules& solo, const Position& pos, bool symmetry,
              Square finish = kNoSquare, std::size_t table_bytes = 0)
      : board_(board),
        rules_(solo),
        sym_(board, board.jumps(solo.jumps)),
        classes_(board, board.jumps(solo.jumps)),
        lone_(board, solo, pos, classes_),
        finish_(board, solo, pos, classes_, finish) {
    if (symmetry && board.squares() <= 64) syms_ = finish_.symmetries(sym_);
    finish_.build_table(sym_, syms_, table_bytes);
    root_.pos = pos;
    root_.pos.to_move = 0;
    root_.removals = std::popcount(static_cast<unsigned>(pos.removals_due));
    root_.pos.removals_due = root_.removals > 0 ? 1 : 0;
    root_.pos.scores.fill(0);
  }

  const State& root() const { return root_; }

  PositionKey key(const State& s) const {
    PositionKey key;
    const int cells = board_.cells();
    const int squares = board_.squares();
    if (squares <= 64) {  // exact: one nibble per square
      const auto pack = [&](int t) {
        std::array<std::uint64_t, 4> w{};
        for (int i = 0; i < squares; ++i) {
          const Square c = board_.cell(i);
          const int to = t == 0 ? i : board_.index(sym_.image(t, c));
          w[static_cast<std::size_t>(to / 16)] |= std::uint64_t{s.pos.cells[c]} << (4 * (to % 16));
        }
        return w;
      };
      std::array<std::uint64_t, 4> best = pack(0);
      for (const int t : syms_) best = std::min(best, pack(t));
      std::copy(best.begin(), best.end(), key.w.begin());
    } else {  // 256 bits of hash: four independent 64-bit hashes of the cells
      for (std::size_t h = 0; h < 4; ++h) {
        std::uint64_t x = 0x243F6A8885A308D3ULL * (h + 1);
        for (int c = 0; c < cells; ++c)
          x = mix64(x ^ (std::uint64_t{s.pos.cells[static_cast<std::size_t>(c)]} << 16 |
                         static_cast<std::uint64_t>(c)));
        key.w[h] = x;
      }
    }
    key.w[4] = static_cast<std::uint64_t>(s.removals);
    return key;
  }

  // As BitGame::upper_bound: the cheapest piece stays, the two cheapest when the position
  // class rules out a lone last piece.
  Score upper_bound(const State& s) const {
    if (finish_.active()) return finishing_bound(s);
    Score total = 0, least = std::numeric_limits<Score>::max(), second = least;
    std::uint64_t c = 0;
    for (int i = 0; i < board_.cells(); ++i) {
      const Value v = s.pos.cells[static_cast<std::size_t>(i)];
      if (v == 0) continue;
      const Score g = rules_.gain(v);
      total += g;
      if (g < least) {
        second = least;
        least = g;
      } else if (g < second) {
        second = g;
      }
      c ^= classes_.code(static_cast<Square>(i));
    }
    if (total == 0) return 0;
    if (s.removals > 0) {
      std::vector<std::pair<Value, std::uint64_t>> pieces;
      for (int i = 0; i < board_.cells(); ++i)
        if (const Value v = s.pos.cells[static_cast<std::size_t>(i)]; v != 0)
          pieces.push_back({v, classes_.code(static_cast<Square>(i))});
      return removal_bound(pieces, s.removals, rules_, classes_);
    }
    if (classes_.dimension() > 0 && !lone_.lone(c)) return total - least - second;
    return total - least;
  }

  // As BitGame's.
  Score finishing_bound(const State& s) const {
    if (finish_.ruled_out()) return kNone;
    std::vector<std::pair<Value, std::uint64_t>> pieces;
    std::uint64_t occ = 0;
    for (int i = 0; i < board_.squares(); ++i)
      if (const Value v = s.pos.cells[board_.cell(i)]; v != 0) {
        pieces.push_back({v, classes_.code(board_.cell(i))});
        if (i < 64) occ |= std::uint64_t{1} << i;
      }
    if (!finish_.may_end(occ, s.removals)) return kNone;  // boards of at most 64 squares
    return finish_bound(pieces, s.removals, rules_, finish_);
  }
  bool finishing() const { return finish_.active(); }
  Score end_value(const State& s) const { return goal(s) ? 0 : kNone; }
  bool goal(const State& s) const {
    if (!finish_.active()) return true;
    if (s.removals != 0 || s.pos.cells[finish_.square()] == 0) return false;
    for (int i = 0; i < board_.squares(); ++i)
      if (s.pos.cells[board_.cell(i)] != 0 && board_.cell(i) != finish_.square()) return false;
    return true;
  }

  // Calls f(move) for each move, batch by batch (each dearest capture first), while it
  // returns true. Under the optional rule the moves are the single jumps (a few per square:
  // one batch).
  template <class F>
  void for_each_move(const State& s, F&& f) const {
    MoveList list;
    std::unique_ptr<TurnCursor> rest;
    if (s.removals == 0 && rules_.continuation == Continuation::kOptional) {
      for (int c = 0; c < board_.cells(); ++c) {
        if (s.pos.cells[static_cast<std::size_t>(c)] == 0) continue;
        for (const Jump& j : board_.jumps(static_cast<Square>(c), rules_.jumps)) {
          const Value v = s.pos.cells[j.over];
          if (v == 0 || s.pos.cells[j.to] != 0) continue;
          list.push_back({Turn{false, {static_cast<Square>(c), j.to}}, rules_.gain(v)});
        }
      }
    } else {
      rest = first_batch(s, list);
    }
    for (;;) {
      order_by_gain(list.begin(), list.end());
      for (const Move& m : list)
        if (!f(m)) return;
      if (!rest) return;
      list.clear();
      if (!next_batch(*rest, list)) rest.reset();
    }
  }

  State child(const State& s, const Move& m) const {
    State c{apply(board_, rules_, s.pos, m.turn), s.removals - (m.turn.removal ? 1 : 0)};
    c.pos.removals_due = c.removals > 0 ? 1 : 0;
    return c;
  }

  Turn to_turn(const Move& m) const { return m.turn; }

 private:
  // Fills `list` with the next batch of the cursor's turns; false when the cursor is done.
  bool next_batch(TurnCursor& cursor, MoveList& list) const {
    std::size_t squares = 0;
    TurnView t;
    while (list.size() < kBatchTurns && squares < kBatchSquares) {
      if (!cursor.next(t)) return false;
      list.push_back({t.to_turn(), t.size(rules_)});
      squares += t.squares.size();
    }
    return true;
  }
  // The first batch of the turns of `s` into `list`, and the cursor for the rest when there
  // may be more (on the heap; almost never). Not inlined: the moves' subtrees are searched
  // in the caller's frame, which then holds no cursor (a few KB a frame, deep lines).
  [[gnu::noinline]] std::unique_ptr<TurnCursor> first_batch(const State& s, MoveList& list) const {
    TurnCursor cursor(board_, rules_, s.pos);
    if (!next_batch(cursor, list)) return nullptr;
    return std::make_unique<TurnCursor>(cursor);
  }

  const Board& board_;
  const Rules& rules_;
  Symmetry sym_;
  PositionClasses classes_;
  LoneClasses lone_;
  Finish finish_;
  std::vector<int> syms_;  // the symmetries positions are merged by (not the identity)
  State root_;
};

struct KeyHash {
  std::size_t operator()(const PositionKey& k) const { return k.hash(); }
};

// ---------------------------------------------------------------------------------------
// The search.

template <class Game>
class Searcher {
 public:
  using State = typename Game::State;
  using Move = typename Game::Move;

  // What one thread carries: the moves from the root to the node, and nodes not yet added
  // to the shared count.
  struct Local {
    std::vector<Move> path;
    std::uint64_t pending = 0;
  };

  Searcher(const Game& game, TranspositionTable& tt, const SearchControl& control)
      : game_(game), tt_(tt), control_(control), poller_(control) {}

  // The value of `s` if it is more than alpha (exact), else an upper bound <= alpha; kAbort
  // when stopped. `acc` is what the path from the root has captured.
  Score search(const State& s, Score alpha, Score acc, Local& local) {
    if (++local.pending >= Game::kFlushEvery && flush(local)) return kAbort;
    if (acc > best_found_.load(std::memory_order_relaxed) && game_.goal(s)) record(acc, local.path);
    Score ub = game_.upper_bound(s);
    if (ub <= alpha) return ub;
    const PositionKey key = game_.key(s);
    TranspositionTable::Entry e;
    if (tt_.probe(key, e)) {
      if (e.exact) return e.value;
      if (e.value <= alpha) return e.value;
      ub = std::min(ub, e.value);
    }
    const std::uint64_t before = nodes_.load(std::memory_order_relaxed) + local.pending;
    // With a finish, a child from which no line ends there is worth kNone; so is a
    // position with no move left that is not the finish's lone piece.
    Score best = kNone;
    bool any = false, aborted = false;
    const auto visit = [&](const Move& m) {
      const Score floor = std::max(alpha, std::max(best, Score{-1}));
      local.path.push_back(m);
      const Score r = search(game_.child(s, m), floor - m.gain, acc + m.gain, local);
      local.path.pop_back();
      if (r == kAbort) {
        aborted = true;
        return false;
      }
      best = std::max(best, is_none(r) ? kNone : m.gain + r);
      any = true;
      return best < ub;
    };
    if (reversed_) {  // tests only: the same moves, the other way round
      std::vector<Move> moves;
      game_.for_each_move(s, [&](const Move& m) {
        moves.push_back(m);
        return true;
      });
      for (auto it = moves.rbegin(); it != moves.rend() && visit(*it);) ++it;
    } else {
      game_.for_each_move(s, visit);
    }
    if (aborted) return kAbort;
    if (!any) best = game_.end_value(s);
    const std::uint64_t work = nodes_.load(std::memory_order_relaxed) + local.pending - before;
    tt_.store(key, best, !any || best > alpha || best >= ub, work);
    return best;
  }

  // Adds the pending nodes to the shared count; true when the search must stop.
  bool flush(Local& local) {
    const std::uint64_t n =
        nodes_.fetch_add(local.pending, std::memory_order_relaxed) + local.pending;
    local.pending = 0;
    if (cutoff_.load(std::memory_order_relaxed)) return true;
    if (poller_.limit_reached(n)) stopped_.store(true, std::memory_order_relaxed);
    if (stopped_.load(std::memory_order_relaxed)) return true;
    poller_.report([&] { return Progress{n, best_found_.load(), -1, "searching", bound_}; });
    return false;
  }

  void record(Score acc, const std::vector<Move>& path) {
    std::lock_guard lock(best_mutex_);
    if (acc <= best_found_.load()) return;
    best_found_.store(acc);
    best_line_ = path;
  }

  const Game& game_;
  TranspositionTable& tt_;
  const SearchControl& control_;
  Poller poller_;
  std::atomic<std::uint64_t> nodes_{0};
  std::atomic<bool> stopped_{false};  // a limit or the caller's flag
  std::atomic<bool> cutoff_{false};   // the upper bound was reached: the rest is not needed
  std::atomic<Score> best_found_{0};
  Score bound_ = -1;       // the root's upper bound, for the progress report
  bool reversed_ = false;  // SolveOptions::reversed_order
  std::mutex best_mutex_;
  std::vector<Move> best_line_;
};

// The most nodes a level of the top of the tree that run() splits among threads may have.
constexpr std::size_t kMaxFrontier = 4096;

// The memo of the optimal-line count outside the breadth-first path: open addressing in
// buckets of four entries, doubling while it is at least half full and the doubled table and
// the old one fit together in `bytes` (half of --hash); then, when a bucket is full, a new
// entry replaces the one with the least work behind it (count_lines calls) or is dropped
// if it has less. A position not found is counted again, so the counts stay exact and a
// small table only costs time. Used by one thread.
class CountMemo {
 public:
  explicit CountMemo(std::size_t bytes) : max_bytes_(bytes) { resize(1); }
  const BigCount* find(const PositionKey& key) const {
    for (const Entry& e : buckets_[key.hash() & mask_].e)
      if (e.work != 0 && e.key == key) return &e.count;
    return nullptr;
  }
  void store(const PositionKey& key, const BigCount& count, std::uint64_t work) {
    if (2 * size_ >= 4 * buckets_.size() && 3 * buckets_.size() * sizeof(Bucket) <= max_bytes_)
      resize(2 * buckets_.size());
    Entry* victim = &buckets_[key.hash() & mask_].e[0];
    for (Entry& e : buckets_[key.hash() & mask_].e)
      if (e.work < victim->work) victim = &e;
    if (victim->work > work) return;
    if (victim->work == 0) ++size_;
    *victim = Entry{key, count, work};
  }

 private:
  struct Entry {
    PositionKey key;
    BigCount count;
    std::uint64_t work = 0;  // >= 1 when used
  };
  struct Bucket {
    std::array<Entry, 4> e;
  };
  void resize(std::size_t n) {
    std::vector<Bucket> old(n);
    old.swap(buckets_);
    mask_ = n - 1;
    size_ = 0;
    for (const Bucket& b : old)
      for (const Entry& e : b.e)
        if (e.work != 0) store(e.key, e.count, e.work);
  }
  std::size_t max_bytes_;
  std::vector<Bucket> buckets_;
  std::size_t mask_ = 0, size_ = 0;
};

// The number of optimal lines from `s`, whose value is v (proved). `calls` counts the calls.
template <class Game>
BigCount count_lines(Searcher<Game>& searcher, const typename Game::State& s, Score v,
                     typename Searcher<Game>::Local& local, CountMemo& memo, std::uint64_t& calls,
                     bool& aborted) {
  if (v == 0) return BigCount(1);
  const Game& game = searcher.game_;
  const PositionKey key = game.key(s);
  if (const BigCount* known = memo.find(key)) return *known;
  const std::uint64_t before = calls++;
  BigCount total;
  game.for_each_move(s, [&](const typename Game::Move& m) {
    if (m.gain > v) return true;
    const auto c = game.child(s, m);
    const Score r = searcher.search(c, v - m.gain - 1, 0, local);
    if (r == kAbort) {
      aborted = true;
      return false;
    }
    if (r < v - m.gain) return true;
    total += count_lines(searcher, c, v - m.gain, local, memo, calls, aborted);
    return !aborted;
  });
  if (aborted) return total;
  memo.store(key, total, calls - before);
  return total;
}

// Joins consecutive single jumps of one piece into chains (legal turns under the optional
// rule, for which the search uses single jumps).
std::vector<Turn> join_chains(std::vector<Turn> line) {
  std::vector<Turn> out;
  for (Turn& t : line) {
    if (!out.empty() && !t.removal && !out.back().removal &&
        out.back().squares.back() == t.squares.front()) {
      out.back().squares.push_back(t.squares.back());
      continue;
    }
    out.push_back(std::move(t));
  }
  return out;
}

template <class Game>
SolveResult run(const Game& game, const Rules& rules, const SolveOptions& options,
                const SearchControl& control, Score floor = -1, std::size_t reserved = 0) {
  // One budget: with a count by the DP, the table and the count's memo share it, after the
  // `reserved` bytes that the game holds (a finish's table).
  const std::size_t budget = (options.hash_mb << 20) - reserved;
  TranspositionTable tt(options.count ? budget / 2 : budget);
  Searcher<Game> searcher(game, tt, control);
  searcher.reversed_ = options.reversed_order;
  using State = typename Game::State;
  using Local = typename Searcher<Game>::Local;
  const State& root = game.root();
  const Score root_ub = game.upper_bound(root);
  searcher.bound_ = is_none(root_ub) ? -1 : root_ub;

  // Split the top of the tree: expand level by level until there are a few nodes per thread.
  // Each distinct position is kept once (every path to it has captured the same total).
  // Under a node limit one thread searches the whole tree: the threads share the table and
  // the best value found, so where a parallel search stands after N nodes depends on timing,
  // and the answer must not depend on the thread count.
  const int threads = control.node_limit != 0 ? 1
                      : control.threads > 0   ? control.threads
                                              : tbb::this_task_arena::max_concurrency();
  struct Node {
    State s;
    Score acc;
    std::vector<typename Game::Move> path;
  };
  std::vector<Node> frontier{Node{root, 0, {}}};
  for (int depth = 0; depth < 4 && static_cast<int>(frontier.size()) < 4 * threads && threads > 1;
       ++depth) {
    std::vector<Node> next;
    std::unordered_map<PositionKey, std::size_t, KeyHash> seen;
    bool grew = false, full = false;
    for (const Node& n : frontier) {
      bool any = false;
      game.for_each_move(n.s, [&](const typename Game::Move& m) {
        // A level of more than kMaxFrontier nodes (a position can have millions of turns)
        // is not used: the threads share the level before.
        if (next.size() >= kMaxFrontier) {
          full = true;
          return false;
        }
        any = true;
        Node c{game.child(n.s, m), n.acc + m.gain, n.path};
        c.path.push_back(m);
        if (seen.emplace(game.key(c.s), next.size()).second) next.push_back(std::move(c));
        return true;
      });
      if (full) break;
      if (!any) next.push_back(n);
      grew = grew || any;
    }
    if (!grew || full) break;
    frontier = std::move(next);
  }

  // A line of value `floor` is known (the guided search's): look only for better ones.
  std::atomic<Score> root_best{floor};
  if (floor > 0) searcher.best_found_.store(floor);
  const auto solve_node = [&](const Node& n) {
    if (searcher.stopped_.load() || searcher.cutoff_.load()) return;
    Local local;
    local.path = n.path;
    const Score alpha = std::max<Score>(root_best.load() - n.acc, -1);
    const Score r = searcher.search(n.s, alpha, n.acc, local);
    searcher.flush(local);
    if (r == kAbort || r <= alpha) return;
    Score cur = root_best.load();
    while (n.acc + r > cur && !root_best.compare_exchange_weak(cur, n.acc + r)) {
    }
    if (root_best.load() >= root_ub) searcher.cutoff_.store(true);
  };
  if (frontier.size() == 1) {
    solve_node(frontier[0]);
  } else {
    tbb::task_arena arena(threads);
    arena.execute([&] {
      tbb::parallel_for(
          std::size_t{0}, frontier.size(), [&](std::size_t i) { solve_node(frontier[i]); },
          tbb::simple_partitioner());
    });
  }

  SolveResult result;
  result.bound = root_ub;
  const bool cut = root_best.load() >= root_ub;
  result.complete = !searcher.stopped_.load() || cut;
  if (floor >= 0 && root_best.load() <= floor &&
      (result.complete || searcher.best_found_.load() <= floor)) {
    // Nothing better than the known line: the caller gives that line (proved if complete).
    result.value = floor;
    result.proved = result.complete;
    if (result.complete) result.bound = floor;
    result.nodes = searcher.nodes_.load();
    return result;
  }
  if (result.complete && game.finishing() && root_best.load() < 0) {
    // Every line ends elsewhere or with more pieces: proved, no line reaches the finish.
    result.possible = false;
    result.proved = true;
    result.value = result.bound = 0;
    if (options.count) result.count.assign(1, '0');
    result.nodes = searcher.nodes_.load();
    return result;
  }
  if (result.complete) {
    // Rebuild one optimal line by a fixed-order walk, so that it does not depend on which
    // thread found what first. The walk searches again and may take long after a cutoff (a
    // thread that reached the bound proves nothing about the others' subtrees), so it keeps
    // the limits: stopped, the result is the stopped search's below.
    searcher.cutoff_.store(false);
    Local local;
    State s = root;
    Score v = root_best.load();
    std::vector<Turn> line;
    while (v > 0 && result.complete) {
      bool found = false;
      State next;
      game.for_each_move(s, [&](const typename Game::Move& m) {
        if (m.gain > v) return true;
        State c = game.child(s, m);
        const Score r = searcher.search(c, v - m.gain - 1, 0, local);
        if (r == kAbort) {
          result.complete = false;
          return false;
        }
        if (r < v - m.gain) return true;
        line.push_back(game.to_turn(m));
        next = std::move(c);
        v -= m.gain;
        found = true;
        return false;
      });
      if (!found && result.complete)
        throw std::logic_error("solve: no move keeps the proved value");
      if (found) s = std::move(next);
    }
    searcher.flush(local);
    if (result.complete) {
      result.value = root_best.load();
      result.bound = result.value;
      result.proved = true;
      result.line = std::move(line);
    }
  }
  if (result.complete) {
    if (options.count) {
      Local local;
      CountMemo memo(budget / 2);
      std::uint64_t calls = 0;
      bool aborted = false;
      const BigCount n = count_lines(searcher, root, result.value, local, memo, calls, aborted);
      searcher.flush(local);
      if (!aborted) result.count = n.to_string();
    }
  } else if (game.finishing()) {
    // The best line seen that ends on the finish (such a line ends there: nothing to play
    // on), or none yet: then nothing is known (the root itself is never stopped in).
    std::lock_guard lock(searcher.best_mutex_);
    result.possible = !searcher.best_line_.empty();
    result.value = result.possible ? searcher.best_found_.load() : 0;
    for (const auto& m : searcher.best_line_) result.line.push_back(game.to_turn(m));
    result.proved = result.possible && result.value >= root_ub;
  } else {
    // The best line seen, played on to the end of the game by always taking the dearest
    // capture (a stopped search may have been cut off in the middle of a line).
    std::lock_guard lock(searcher.best_mutex_);
    result.value = searcher.best_found_.load();
    State s = root;
    for (const auto& m : searcher.best_line_) {
      result.line.push_back(game.to_turn(m));
      s = game.child(s, m);
    }
    for (;;) {
      std::optional<typename Game::Move> first;
      game.for_each_move(s, [&](const typename Game::Move& m) {
        first = m;
        return false;
      });
      if (!first) break;
      result.line.push_back(game.to_turn(*first));
      result.value += first->gain;
      s = game.child(s, *first);
    }
    result.proved = result.value >= root_ub;
  }
  result.nodes = searcher.nodes_.load();
  if (rules.continuation == Continuation::kOptional)
    result.line = join_chains(std::move(result.line));
  return result;
}

// The most memory a finish's table of small positions takes (Finish::build_table), in MB.
constexpr std::size_t kFinishTableMb = 16;

// Boards with more squares than this get a guided line first (solver/guided.h); on smaller
// ones the exhaustive search is fast on its own, and their lines stay as they were.
constexpr int kGuidedSquares = 36;

// What a lone player's line takes from `pos` (its removals first), or -1 if a turn is
// illegal: the guided line is checked before it is trusted.
Score replay_line(const Board& board, const Rules& solo, Position pos,
                  const std::vector<Turn>& line) {
  int removals = std::popcount(static_cast<unsigned>(pos.removals_due));
  pos.to_move = 0;
  pos.scores.fill(0);
  Score total = 0;
  for (const Turn& t : line) {
    pos.removals_due = removals > 0 ? 1 : 0;
    const TurnCheck c = check_turn(board, solo, pos, t);
    if (!c.legal) return -1;
    total += c.size(solo);
    pos = apply(board, solo, pos, t);
    if (t.removal) --removals;
  }
  return total;
}

// Plays a stopped line on to the end of the game, always taking the dearest capture (the
// first in generation order among equals), as a stopped exhaustive search does; returns
// what the added jumps take. For the optional rule, whose turns are single jumps here.
Score play_on(const Board& board, const Rules& solo, Position pos, std::vector<Turn>& line) {
  pos.to_move = 0;
  pos.removals_due = 0;
  for (const Turn& t : line) pos = apply(board, solo, pos, t);
  Score added = 0;
  for (;;) {
    Turn best;
    Score gain = 0;
    for (int s = 0; s < board.cells(); ++s) {
      if (pos.cells[static_cast<std::size_t>(s)] == 0) continue;
      for (const Jump& j : board.jumps(static_cast<Square>(s), solo.jumps)) {
        const Value v = pos.cells[j.over];
        if (v == 0 || pos.cells[j.to] != 0 || solo.gain(v) <= gain) continue;
        gain = solo.gain(v);
        best = Turn{false, {static_cast<Square>(s), j.to}};
      }
    }
    if (gain == 0) return added;
    pos = apply(board, solo, pos, best);
    line.push_back(best);
    added += gain;
  }
}

}  // namespace

Score solitaire_bound(const Board& board, const Rules& rules, const Position& pos) {
  Rules solo = rules;
  solo.players = 1;
  if (board.squares() <= 64 && rules.continuation == Continuation::kOptional) {
    const BitGame game(board, solo, pos, false);
    return game.upper_bound(game.root());
  }
  const GeneralGame game(board, solo, pos, false);
  return game.upper_bound(game.root());
}

SolveResult solve(const Board& board, const Rules& rules, const Position& pos,
                  const SolveOptions& asked, const SearchControl& control) {
  const auto started = std::chrono::steady_clock::now();
  SolveOptions options = asked;
  if (options.hash_mb == 0)
    options.hash_mb =
        options.count ? SolveOptions::kDefaultCountHashMb : SolveOptions::kDefaultHashMb;
  Rules solo = rules;
  solo.players = 1;
  // Plain pieces under the optional rule: the optimal lines are the jump sequences to the
  // deepest level, counted breadth-first (solver/reach.h) far faster than by the DP.
  SolveOptions search_options = options;
  const bool fast_count = options.count && reach_fast_path(board, solo, pos);
  if (fast_count) search_options.count = false;
  // Large boards under the optional rule: a guided line first. When it meets the bound it is
  // the answer, proved; otherwise the exhaustive search looks only for better lines, in the
  // time that is left.
  // (Not with a finish: its lines end anywhere.)
  const bool guide = !options.count && options.finish == kNoSquare &&
                     solo.continuation == Continuation::kOptional &&
                     board.squares() > kGuidedSquares;
  GuidedResult guided;
  SearchControl after_guide = control;
  if (guide) {
    const Score bound = solitaire_bound(board, solo, pos);
    guided = guided_line(board, solo, pos, bound, GuidedOptions{}, control);
    if (replay_line(board, solo, pos, guided.line) != guided.value)
      throw std::logic_error("solve: the guided line does not replay to its value");
    if (guided.value >= bound || !guided.complete) {
      if (!guided.complete) guided.value += play_on(board, solo, pos, guided.line);
      SolveResult done;
      done.value = guided.value;
      done.line = join_chains(guided.line);
      done.proved = guided.value >= bound;
      done.complete = done.proved;
      done.bound = done.proved ? guided.value : bound;
      done.nodes = guided.nodes;
      return done;
    }
    if (control.time_limit.count() > 0) {
      const auto spent = std::chrono::duration_cast<std::chrono::milliseconds>(
          std::chrono::steady_clock::now() - started);
      after_guide.time_limit = std::max(std::chrono::milliseconds(1), control.time_limit - spent);
    }
    if (control.node_limit != 0)
      after_guide.node_limit =
          control.node_limit > guided.nodes ? control.node_limit - guided.nodes : 1;
  }
  const Score floor = guide ? guided.value : -1;
  // With a finish, a quarter of --hash for its table of small positions that can end there,
  // at most kFinishTableMb (larger tables take long to build and cut off little more).
  const std::size_t table =
      options.finish == kNoSquare ? 0 : std::min((options.hash_mb << 20) / 4, kFinishTableMb << 20);
  SolveResult result =
      board.squares() <= 64 && rules.continuation == Continuation::kOptional
          ? run(BitGame(board, solo, pos, options.symmetry, options.finish, table), solo,
                search_options, after_guide, floor, table)
          : run(GeneralGame(board, solo, pos, options.symmetry, options.finish, table), solo,
                search_options, after_guide, floor, table);
  if (guide) {
    result.nodes += guided.nodes;
    if (result.value == guided.value && result.line.empty()) result.line = join_chains(guided.line);
  }
  if (fast_count && !result.possible && result.complete) result.count.assign(1, '0');
  if (fast_count && result.proved && result.possible) {
    // The levels live in the same budget as the search's table, which is gone by now.
    SearchControl levels = control;
    levels.memory_mb = options.hash_mb;
    const DeepestLines d = count_deepest_lines(board, solo, pos, levels, options.finish);
    Value kind = 0;
    for (int s = 0; s < board.cells() && kind == 0; ++s)
      kind = pos.cells[static_cast<std::size_t>(s)];
    if (d.complete && !d.overflow && d.depth * solo.gain(kind) == result.value) {
      result.count = d.count;
    } else if (d.out_of_memory || (d.complete && d.overflow)) {
      // A level did not fit, or the levels' 128-bit counts overflowed: count by the DP
      // instead, whose memo the budget bounds and whose counts have no size limit (slower,
      // and stopped by the same limits). Searching again costs little beside the count.
      SearchControl rest = control;
      if (control.time_limit.count() > 0) {
        const auto spent = std::chrono::duration_cast<std::chrono::milliseconds>(
            std::chrono::steady_clock::now() - started);
        rest.time_limit = std::max(std::chrono::milliseconds(1), control.time_limit - spent);
      }
      SolveResult again = run(BitGame(board, solo, pos, options.symmetry, options.finish, table),
                              solo, options, rest, -1, table);
      if (again.proved && again.value == result.value) result.count = std::move(again.count);
    }
  }
  return result;
}

}  // namespace leapfrog
