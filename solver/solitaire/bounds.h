// The solitaire search's bounds on what a position can still take: with a finish square, and
// with opening removals due; and the search's sentinel scores. Internal to solver/solitaire.cpp.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

#include "core/classes.h"
#include "puzzles/rules.h"
#include "solver/solitaire/finish.h"

namespace leapfrog::solitaire_search {

inline constexpr Score kAbort = std::numeric_limits<Score>::min() / 2;
// With a finish square: no line from the position ends with a lone piece there. Far below
// any value (a board's pieces are worth at most 676 * 15), far above kAbort; a move's gain
// added to it is still "none".
inline constexpr Score kNone = -(Score{1} << 28);
constexpr bool is_none(Score v) { return v <= kNone / 2; }

// What both bounds below read of a position's pieces (value, class code): the total gain,
// the cheapest value and the position's class code (the xor of the pieces' codes).
struct PieceSums {
  Score total = 0;
  Value cheapest = 0;
  std::uint64_t code = 0;
};
inline PieceSums piece_sums(const std::vector<std::pair<Value, std::uint64_t>>& pieces,
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
inline Score finish_bound(const std::vector<std::pair<Value, std::uint64_t>>& pieces, int removals,
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
inline Score removal_bound(const std::vector<std::pair<Value, std::uint64_t>>& pieces, int removals,
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

}  // namespace leapfrog::solitaire_search
