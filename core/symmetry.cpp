#include "core/symmetry.h"

#include <algorithm>
#include <optional>

namespace leapfrog {

namespace {

struct Affine {
  int a, b, c, d;  // (file, rank) -> (a file + b rank, c file + d rank) + translation
};

// Every integer matrix with entries in -1..1 and determinant +-1, identity first; the eight
// dihedral ones in the order of Symmetry::kind, so that a square board lists its maps as it
// always did.
std::vector<Affine> candidate_matrices() {
  std::vector<Affine> out = {{1, 0, 0, 1}, {-1, 0, 0, 1}, {1, 0, 0, -1}, {-1, 0, 0, -1},
                             {0, 1, 1, 0}, {0, -1, 1, 0}, {0, 1, -1, 0}, {0, -1, -1, 0}};
  for (int a = -1; a <= 1; ++a)
    for (int b = -1; b <= 1; ++b)
      for (int c = -1; c <= 1; ++c)
        for (int d = -1; d <= 1; ++d) {
          const int det = a * d - b * c;
          if (det != 1 && det != -1) continue;
          const Affine m{a, b, c, d};
          if (std::none_of(out.begin(), out.end(), [&](const Affine& o) {
                return o.a == a && o.b == b && o.c == c && o.d == d;
              }))
            out.push_back(m);
        }
  return out;
}

// The least playable cell in (rank, file) order of a set of coordinates.
std::pair<int, int> least(const std::vector<std::pair<int, int>>& cells) {
  return *std::min_element(cells.begin(), cells.end());
}

// The whole-rectangle map of the square grid that symmetry `map` is, if any.
int grid_kind(const Shape& shape, const std::vector<Square>& map) {
  const int w = shape.width(), h = shape.height();
  for (int k = 0; k < (w == h ? 8 : 4); ++k) {
    bool same = true;
    for (int i = 0; i < shape.squares() && same; ++i) {
      const Square s = shape.cell(i);
      const int f = shape.file(s), r = shape.rank(s);
      std::array<int, 2> t{};
      switch (k) {
        case 0:
          t = {f, r};
          break;
        case 1:
          t = {w - 1 - f, r};
          break;
        case 2:
          t = {f, h - 1 - r};
          break;
        case 3:
          t = {w - 1 - f, h - 1 - r};
          break;
        case 4:
          t = {r, f};
          break;
        case 5:
          t = {h - 1 - r, f};
          break;
        case 6:
          t = {r, w - 1 - f};
          break;
        default:
          t = {h - 1 - r, w - 1 - f};
          break;
      }
      same = map[s] == shape.square(t[0], t[1]);
    }
    if (same) return k;
  }
  return -1;
}

std::optional<std::vector<Square>> try_map(const Shape& shape, const JumpTable& jumps,
                                           const Affine& m) {
  std::vector<std::pair<int, int>> from, to;  // (rank, file)
  for (int i = 0; i < shape.squares(); ++i) {
    const Square s = shape.cell(i);
    const int f = shape.file(s), r = shape.rank(s);
    from.push_back({r, f});
    to.push_back({m.c * f + m.d * r, m.a * f + m.b * r});
  }
  const auto [r0, f0] = least(from);
  const auto [r1, f1] = least(to);
  std::vector<Square> map(static_cast<std::size_t>(shape.cells()), kNoSquare);
  for (int i = 0; i < shape.squares(); ++i) {
    const int r = to[static_cast<std::size_t>(i)].first - r1 + r0;
    const int f = to[static_cast<std::size_t>(i)].second - f1 + f0;
    if (!shape.contains(f, r) || !shape.is_square(shape.square(f, r))) return std::nullopt;
    map[shape.cell(i)] = shape.square(f, r);
  }
  // Cells that are not playable stay where they are, so that a map is a permutation of the
  // grid cells and position arrays can be permuted whole.
  for (int s = 0; s < shape.cells(); ++s)
    if (!shape.is_square(static_cast<Square>(s)))
      map[static_cast<std::size_t>(s)] = static_cast<Square>(s);
  for (int i = 0; i < shape.squares(); ++i) {
    const Square s = shape.cell(i);
    for (const Jump& j : jumps.from(s))
      if (jumps.over(map[s], map[j.to]) != map[j.over]) return std::nullopt;
  }
  return map;
}

}  // namespace

Symmetry::Symmetry(const Shape& shape, const JumpTable& jumps) {
  for (const Affine& m : candidate_matrices()) {
    auto map = try_map(shape, jumps, m);
    if (!map || std::find(maps_.begin(), maps_.end(), *map) != maps_.end()) continue;
    kinds_.push_back(grid_kind(shape, *map));
    maps_.push_back(std::move(*map));
  }
  if (shape.squares() > 64) return;
  const int n = shape.squares();
  bytes_ = (n + 7) / 8;
  for (const auto& m : maps_) {
    std::vector<std::uint64_t> t(static_cast<std::size_t>(bytes_) * 256, 0);
    for (int b = 0; b < bytes_; ++b)
      for (int v = 0; v < 256; ++v) {
        std::uint64_t out = 0;
        for (int i = 0; i < 8; ++i) {
          const int s = 8 * b + i;
          if ((v >> i) & 1 && s < n) out |= std::uint64_t{1} << shape.index(m[shape.cell(s)]);
        }
        t[static_cast<std::size_t>(b) * 256 + static_cast<std::size_t>(v)] = out;
      }
    tables_.push_back(std::move(t));
  }
}

std::vector<std::vector<Square>> cell_classes(const Shape& shape, const Symmetry& sym,
                                              std::span<const int> which) {
  std::vector<Square> order;  // reading order
  for (int rank = shape.height() - 1; rank >= 0; --rank)
    for (int file = 0; file < shape.width(); ++file)
      if (shape.is_square(shape.square(file, rank))) order.push_back(shape.square(file, rank));
  std::vector<int> position(static_cast<std::size_t>(shape.cells()), 0);
  for (std::size_t i = 0; i < order.size(); ++i) position[order[i]] = static_cast<int>(i);
  std::vector<bool> placed(static_cast<std::size_t>(shape.cells()), false);
  std::vector<std::vector<Square>> classes;
  for (const Square s : order) {
    if (placed[s]) continue;
    std::vector<Square> members{s};
    for (const int k : which) members.push_back(sym.image(k, s));
    std::sort(members.begin(), members.end(),
              [&](Square a, Square b) { return position[a] < position[b]; });
    members.erase(std::unique(members.begin(), members.end()), members.end());
    for (const Square m : members) placed[m] = true;
    classes.push_back(std::move(members));
  }
  return classes;
}

}  // namespace leapfrog
