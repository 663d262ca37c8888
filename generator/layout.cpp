#include "generator/layout.h"

#include <numeric>
#include <stdexcept>
#include <string>

#include "generator/random.h"

namespace leapfrog {

namespace {

// share * squares / total rounded to the nearest integer, ties as `rounding` says; exact
// integer arithmetic, no floating point.
int rounded_share(int share, int squares, int total, Rounding rounding) {
  const long long num = static_cast<long long>(share) * squares;
  const long long q = num / total, rem = num % total;
  if (2 * rem > total) return static_cast<int>(q + 1);
  if (2 * rem < total) return static_cast<int>(q);
  return static_cast<int>(rounding == Rounding::kHalfUp ? q + 1 : q + (q & 1));
}

}  // namespace

std::vector<PieceCount> piece_counts(const Variant& variant, int squares, Rounding rounding) {
  const auto& kinds = variant.pieces;
  const int total = std::accumulate(kinds.begin(), kinds.end(), 0,
                                    [](int sum, const PieceKind& k) { return sum + k.share; });
  std::vector<PieceCount> out;
  int used = 0;
  for (std::size_t i = 0; i + 1 < kinds.size(); ++i) {
    const int n = rounded_share(kinds[i].share, squares, total, rounding);
    out.push_back({kinds[i].value, n});
    used += n;
  }
  out.push_back({kinds.back().value, squares - used});
  return out;
}

namespace {

// random_layout's work, on a generator the caller may draw from afterwards.
Position fill(const Board& board, const Variant& variant, Rng& rng, Rounding rounding) {
  std::vector<Value> bag;
  bag.reserve(static_cast<std::size_t>(board.squares()));
  for (const PieceCount& pc : piece_counts(variant, board.squares(), rounding))
    bag.insert(bag.end(), static_cast<std::size_t>(pc.count), pc.value);
  shuffle(std::span<Value>(bag), rng);
  Position pos;
  std::size_t next = 0;
  // Squares filled from the top-left, row by row, as the position text reads.
  for (int r = board.height() - 1; r >= 0; --r)
    for (int f = 0; f < board.width(); ++f)
      if (const Square s = board.square(f, r); board.is_square(s)) pos.cells[s] = bag[next++];
  return pos;
}

}  // namespace

Position random_layout(const Board& board, const Variant& variant, std::uint64_t seed,
                       Rounding rounding) {
  Rng rng(seed);
  return fill(board, variant, rng, rounding);
}

Position random_layout_with_holes(const Board& board, const Variant& variant, std::uint64_t seed,
                                  Rounding rounding, int holes, std::vector<Square>* emptied) {
  if (holes < 0 || holes > board.squares())
    throw std::invalid_argument("holes must be 0.." + std::to_string(board.squares()));
  Rng rng(seed);
  Position pos = fill(board, variant, rng, rounding);
  std::vector<Square> squares;  // reading order, as fill places the pieces
  for (int r = board.height() - 1; r >= 0; --r)
    for (int f = 0; f < board.width(); ++f)
      if (const Square s = board.square(f, r); board.is_square(s)) squares.push_back(s);
  for (std::size_t k = 0; k < static_cast<std::size_t>(holes); ++k) {
    const std::size_t j = k + static_cast<std::size_t>(rng.below(squares.size() - k));
    std::swap(squares[k], squares[j]);
    pos.cells[squares[k]] = 0;
    if (emptied != nullptr) emptied->push_back(squares[k]);
  }
  return pos;
}

Setup sparse_layout(int width, int height, int empty_pct, std::uint64_t seed) {
  Rng rng(seed);
  Setup s{Board(width, height), {}, "", {}};
  for (int i = 0; i < width * height; ++i)
    if (static_cast<int>(rng.below(100)) >= empty_pct)
      s.position.cells[static_cast<std::size_t>(i)] = static_cast<Value>(1 + rng.below(4));
  return s;
}

}  // namespace leapfrog
