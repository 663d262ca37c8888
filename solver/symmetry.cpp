#include "solver/symmetry.h"

#include <algorithm>

namespace leapfrog {

Symmetry::Symmetry(const Board& board) {
  const int w = board.width(), h = board.height();
  // The eight maps (file, rank) -> (file', rank'); the last four transpose and so need w == h.
  const auto transform = [&](int k, int f, int r) -> std::array<int, 2> {
    switch (k) {
      case 0:
        return {f, r};
      case 1:
        return {w - 1 - f, r};
      case 2:
        return {f, h - 1 - r};
      case 3:
        return {w - 1 - f, h - 1 - r};
      case 4:
        return {r, f};
      case 5:
        return {h - 1 - r, f};
      case 6:
        return {r, w - 1 - f};
      default:
        return {h - 1 - r, w - 1 - f};
    }
  };
  const int kinds = w == h ? 8 : 4;
  for (int k = 0; k < kinds; ++k) {
    std::vector<Square> m(static_cast<std::size_t>(board.cells()));
    bool ok = true;
    for (int r = 0; r < h && ok; ++r)
      for (int f = 0; f < w; ++f) {
        const auto [f2, r2] = transform(k, f, r);
        const Square from = board.square(f, r), to = board.square(f2, r2);
        if (board.is_square(from) != board.is_square(to)) {
          ok = false;
          break;
        }
        m[from] = to;
      }
    if (ok && std::find(maps_.begin(), maps_.end(), m) == maps_.end()) {
      maps_.push_back(std::move(m));
      kinds_.push_back(k);
    }
  }
  fits64_ = board.cells() <= 64;
  if (!fits64_) return;
  bytes_ = (board.cells() + 7) / 8;
  for (const auto& m : maps_) {
    std::vector<std::uint64_t> t(static_cast<std::size_t>(bytes_) * 256, 0);
    for (int b = 0; b < bytes_; ++b)
      for (int v = 0; v < 256; ++v) {
        std::uint64_t out = 0;
        for (int i = 0; i < 8; ++i) {
          const int s = 8 * b + i;
          if ((v >> i) & 1 && s < board.cells())
            out |= std::uint64_t{1} << m[static_cast<std::size_t>(s)];
        }
        t[static_cast<std::size_t>(b) * 256 + static_cast<std::size_t>(v)] = out;
      }
    tables_.push_back(std::move(t));
  }
}

std::uint64_t Symmetry::canonical64(std::uint64_t bits) const {
  std::uint64_t best = bits;
  for (int k = 1; k < count(); ++k) best = std::min(best, apply64(k, bits));
  return best;
}

}  // namespace leapfrog
