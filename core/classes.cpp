#include "core/classes.h"

#include <algorithm>

namespace leapfrog {

PositionClasses::PositionClasses(const Shape& shape, const JumpTable& jumps) {
  const int n = shape.squares();
  const std::size_t words = static_cast<std::size_t>(n + 63) / 64;
  // One row per jump: the dense indices of its three cells. A jump and its reverse give the
  // same row; the duplicates cost a little time and change nothing.
  std::vector<std::vector<std::uint64_t>> rows;
  for (int i = 0; i < n; ++i) {
    const Square s = shape.cell(i);
    for (const Jump& j : jumps.from(s)) {
      if (j.to < s && jumps.over(j.to, s) == j.over) continue;  // the reverse jump's row
      std::vector<std::uint64_t> row(words, 0);
      for (const int c : {i, shape.index(j.over), shape.index(j.to)})
        row[static_cast<std::size_t>(c) / 64] ^= std::uint64_t{1} << (c % 64);
      rows.push_back(std::move(row));
    }
  }
  // Gauss-Jordan elimination to reduced row echelon form.
  std::vector<int> pivot_col;
  std::size_t rank = 0;
  for (int col = 0; col < n && rank < rows.size(); ++col) {
    const std::size_t w = static_cast<std::size_t>(col) / 64;
    const std::uint64_t bit = std::uint64_t{1} << (col % 64);
    std::size_t p = rank;
    while (p < rows.size() && (rows[p][w] & bit) == 0) ++p;
    if (p == rows.size()) continue;
    std::swap(rows[rank], rows[p]);
    for (std::size_t r = 0; r < rows.size(); ++r)
      if (r != rank && (rows[r][w] & bit) != 0)
        for (std::size_t k = 0; k < words; ++k) rows[r][k] ^= rows[rank][k];
    pivot_col.push_back(col);
    ++rank;
  }
  // Kernel basis: one function per free column j, 1 at j and at each pivot column whose row
  // has j set.
  std::vector<char> is_pivot(static_cast<std::size_t>(n), 0);
  for (const int c : pivot_col) is_pivot[static_cast<std::size_t>(c)] = 1;
  std::vector<std::vector<char>> basis;
  for (int j = 0; j < n && static_cast<int>(basis.size()) < kMaxDimension; ++j) {
    if (is_pivot[static_cast<std::size_t>(j)]) continue;
    std::vector<char> f(static_cast<std::size_t>(n), 0);
    f[static_cast<std::size_t>(j)] = 1;
    for (std::size_t r = 0; r < rank; ++r)
      if ((rows[r][static_cast<std::size_t>(j) / 64] >> (j % 64)) & 1)
        f[static_cast<std::size_t>(pivot_col[r])] = 1;
    basis.push_back(std::move(f));
  }
  dimension_ = static_cast<int>(basis.size());
  code_.assign(static_cast<std::size_t>(shape.cells()), 0);
  for (int i = 0; i < n; ++i)
    for (int b = 0; b < dimension_; ++b)
      if (basis[static_cast<std::size_t>(b)][static_cast<std::size_t>(i)])
        code_[shape.cell(i)] |= std::uint64_t{1} << b;
  for (int i = 0; i < n; ++i) singles_.push_back(code_[shape.cell(i)]);
  std::sort(singles_.begin(), singles_.end());
  singles_.erase(std::unique(singles_.begin(), singles_.end()), singles_.end());
  if (dimension_ <= 16) {
    single_bits_.assign((std::size_t{1} << dimension_) / 64 + 1, 0);
    for (const std::uint64_t c : singles_) single_bits_[c / 64] |= std::uint64_t{1} << (c % 64);
  }
  if (n <= 64) {
    mask64_.assign(static_cast<std::size_t>(dimension_), 0);
    for (int b = 0; b < dimension_; ++b)
      for (int i = 0; i < n; ++i)
        if (basis[static_cast<std::size_t>(b)][static_cast<std::size_t>(i)])
          mask64_[static_cast<std::size_t>(b)] |= std::uint64_t{1} << i;
  }
}

bool PositionClasses::single(std::uint64_t c) const {
  if (!single_bits_.empty()) return (single_bits_[c / 64] >> (c % 64)) & 1;
  return std::binary_search(singles_.begin(), singles_.end(), c);
}

}  // namespace leapfrog
