// A finish square (SolveOptions::finish) for the solitaire search: the classes that can still
// end with a lone piece, the finish's resource count, learnt pagoda functions and the table of
// small positions that can end there. Internal to solver/solitaire.cpp.
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
#include "core/open_table.h"
#include "core/pagoda.h"
#include "core/poller.h"
#include "core/symmetry.h"
#include "core/table_memory.h"
#include "puzzles/movegen.h"
#include "solver/solitaire.h"

namespace leapfrog::solitaire_search {

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
  // `setup`, when given, is polled while the pagoda functions are learnt (a stop leaves
  // fewer of them: each is sound alone).
  Finish(const Board& board, const Rules& rules, const Position& root,
         const PositionClasses& classes, Square square, const Poller* setup = nullptr)
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
    if (!ruled_out_) learn_pagodas(board, jumps, root, setup);
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
    return !table_rules_out(occ, removals) && !resources_rule_out(occ) && !pagodas_rule_out(occ);
  }
  // The cuts of may_end one by one (each sound alone; the tests count what each cuts off).
  // The table: without removals due, a position of at most table_pieces_ pieces that it
  // does not hold.
  bool table_rules_out(std::uint64_t occ, int removals) const {
    return removals == 0 && std::popcount(occ) <= table_pieces_ && !in_table(canonical(occ));
  }
  // The resource count: the pieces' weights sum to less than the finish square's.
  bool resources_rule_out(std::uint64_t occ) const {
    if (masks_.empty()) return false;
    std::uint64_t sum = 0;
    for (std::size_t d = 0; d < masks_.size(); ++d)
      sum += weights_[d] * static_cast<std::uint64_t>(std::popcount(occ & masks_[d]));
    return sum < weights_[0];
  }
  // The learnt pagoda functions: some function's sum over the pieces is below its value on
  // the finish square (`only`: that function alone, by rank, else any).
  bool pagodas_rule_out(std::uint64_t occ, int only = -1) const {
    for (std::size_t k = 0; k < pagodas_.size(); ++k) {
      if (only >= 0 && k != static_cast<std::size_t>(only)) continue;
      const Pagoda& f = pagodas_[k];
      std::uint32_t total = 0;
      for (std::uint64_t b = occ & f.support; b; b &= b - 1)
        total += f.w[static_cast<std::size_t>(std::countr_zero(b))];
      if (total < f.need) return true;
    }
    return false;
  }
  int pagodas() const { return static_cast<int>(pagodas_.size()); }
  // The table holds every position of up to this many pieces that can end on the square (64:
  // every position at all); 0 without a table.
  int table_pieces() const { return table_pieces_; }
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
  // `setup`, when given, is polled between levels: a stop ends the table at the last level
  // finished, as a level that does not fit does.
  void build_table(const Symmetry& sym, const std::vector<int>& syms, std::size_t bytes,
                   const Poller* setup = nullptr) {
    if (triples_.empty() || !active() || ruled_out_) return;
    sym_ = &sym;
    syms_ = syms;
    std::vector<std::uint64_t> level{canonical(std::uint64_t{1} << index_)};
    if (!insert(level[0], bytes)) return;
    table_pieces_ = 1;
    for (;;) {
      if (setup != nullptr && setup->limit_reached(0)) return;
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
  void learn_pagodas(const Board& board, const JumpTable& jumps, const Position& root,
                     const Poller* setup) {
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
      // Each sample's linear program takes long on a large board.
      if (setup != nullptr && setup->limit_reached(0)) break;
      const int stop = 2 + k % (pieces - 3);
      std::uint64_t occ = start;
      for (int r = root.removals_owed(); r > 0 && occ; --r) {
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
      const std::vector<std::int64_t> q = separating_pagoda(board, jumps, cells, square_, [setup] {
        return setup != nullptr && setup->limit_reached(0);
      });
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
  // The table: a set of non-zero keys (core/open_table.h), at most half full.
  bool in_table(std::uint64_t key) const {
    return table_.find(mix64(key), [&](std::uint64_t k) { return k == key; }) >= 0;
  }
  // Adds the key (inserted_: it was new); false when the table would outgrow `bytes`.
  bool insert(std::uint64_t key, std::size_t bytes) {
    inserted_ = false;
    if (table_.needs_room()) {
      const std::size_t grown = std::max<std::size_t>(1024, 2 * table_.capacity());
      if (!growth_fits(table_.capacity(), grown, sizeof(std::uint64_t), bytes)) return false;
      for (const std::uint64_t k : table_.reset(grown))
        if (k != 0) table_[table_.add(mix64(k))] = k;
    }
    const auto [i, added] =
        table_.find_or_add(mix64(key), [&](std::uint64_t k) { return k == key; });
    if (!added) return true;
    table_[i] = key;
    inserted_ = true;
    return true;
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
  ProbeTable<std::uint64_t> table_;
  int table_pieces_ = 0;  // the table holds every position of up to this many pieces
  bool inserted_ = false;
  std::vector<Pagoda> pagodas_;
  std::vector<std::uint64_t> masks_;    // per step distance, the squares at that distance
  std::vector<std::uint64_t> weights_;  // and their weight
  std::vector<std::uint64_t> weight_;   // per Shape::index
};

}  // namespace leapfrog::solitaire_search
