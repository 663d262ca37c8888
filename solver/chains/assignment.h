// Minimum assignment by the Hungarian method, warm-started: shared by the T-join bounds of
// the general chain search (solver/chains/chains.cpp) and the trail search
// (solver/chains/trails.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

namespace leapfrog {

// Scratch space kept by the caller between calls (no allocation once it has grown).
struct AssignmentScratch {
  std::vector<std::int64_t> minv;
  std::vector<std::size_t> way, free_rows;
  std::vector<std::uint8_t> used;
};

// The minimum assignment of the m x m matrix `cost` (row-major). Contract: u, v (size m+1,
// 1-based) are feasible potentials (cost[i][j] >= u[i] + v[j]) and p[j] (size m+1) is the
// row assigned to column j, or 0, with every assigned pair tight; only the rows left free
// are augmented. On return u, v, p hold an optimal solution; returns its cost.
inline std::int64_t min_assignment(std::size_t m, const std::vector<std::int64_t>& cost,
                                   std::vector<std::int64_t>& u, std::vector<std::int64_t>& v,
                                   std::vector<std::size_t>& p, AssignmentScratch& s) {
  s.way.assign(m + 1, 0);
  s.used.assign(m + 1, 0);
  for (std::size_t j = 1; j <= m; ++j) s.used[p[j]] = 1;  // rows matched already
  s.free_rows.clear();
  for (std::size_t i = 1; i <= m; ++i)
    if (!s.used[i]) s.free_rows.push_back(i);
  for (const std::size_t i : s.free_rows) {
    p[0] = i;
    std::size_t j0 = 0;
    s.minv.assign(m + 1, std::numeric_limits<std::int64_t>::max());
    s.used.assign(m + 1, 0);
    do {
      s.used[j0] = 1;
      const std::size_t i0 = p[j0];
      std::int64_t delta = std::numeric_limits<std::int64_t>::max();
      std::size_t j1 = 0;
      for (std::size_t j = 1; j <= m; ++j) {
        if (s.used[j]) continue;
        const std::int64_t c = cost[(i0 - 1) * m + (j - 1)] - u[i0] - v[j];
        if (c < s.minv[j]) {
          s.minv[j] = c;
          s.way[j] = j0;
        }
        if (s.minv[j] < delta) {
          delta = s.minv[j];
          j1 = j;
        }
      }
      for (std::size_t j = 0; j <= m; ++j) {
        if (s.used[j]) {
          u[p[j]] += delta;
          v[j] -= delta;
        } else {
          s.minv[j] -= delta;
        }
      }
      j0 = j1;
    } while (p[j0] != 0);
    do {
      const std::size_t j1 = s.way[j0];
      p[j0] = p[j1];
      j0 = j1;
    } while (j0 != 0);
  }
  std::int64_t total = 0;
  for (std::size_t j = 1; j <= m; ++j) total += cost[(p[j] - 1) * m + (j - 1)];
  return total;
}

}  // namespace leapfrog
