#include "core/pagoda.h"

#include <cmath>
#include <limits>

namespace leapfrog {

std::vector<double> simplex_max(const std::vector<std::vector<double>>& a,
                                const std::vector<double>& b, const std::vector<double>& c,
                                double& value, const std::function<bool()>& stopped) {
  const std::size_t m = a.size(), n = c.size();
  constexpr double kEps = 1e-9;
  // Tableau: m rows of [A | I | b], then the objective row [-c | 0 | 0].
  const std::size_t cols = n + m + 1;
  std::vector<std::vector<double>> t(m + 1, std::vector<double>(cols, 0.0));
  std::vector<std::size_t> basis(m);
  for (std::size_t i = 0; i < m; ++i) {
    for (std::size_t j = 0; j < n; ++j) t[i][j] = a[i][j];
    t[i][n + i] = 1;
    t[i][cols - 1] = b[i];
    basis[i] = n + i;
  }
  for (std::size_t j = 0; j < n; ++j) t[m][j] = -c[j];
  // Bland's rule cannot cycle in exact arithmetic; in floating point a degenerate program
  // can still stall, so the pivots are capped and a stalled program gives no answer.
  const std::size_t max_pivots = 20 * (m + n) + 100;
  for (std::size_t pivots = 0;; ++pivots) {
    if (pivots == max_pivots || (stopped && stopped())) {
      value = 0;
      return std::vector<double>(n, 0.0);
    }
    // Bland: the entering column is the lowest index with a negative reduced cost.
    std::size_t enter = cols;
    for (std::size_t j = 0; j + 1 < cols; ++j)
      if (t[m][j] < -kEps) {
        enter = j;
        break;
      }
    if (enter == cols) break;
    std::size_t leave = m;
    double best = std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < m; ++i)
      if (t[i][enter] > kEps) {
        const double ratio = t[i][cols - 1] / t[i][enter];
        if (ratio < best - kEps || (ratio < best + kEps && leave < m && basis[i] < basis[leave])) {
          best = ratio;
          leave = i;
        }
      }
    if (leave == m) break;  // unbounded: cannot happen with the caller's upper bounds
    const double pivot = t[leave][enter];
    for (double& x : t[leave]) x /= pivot;
    for (std::size_t i = 0; i <= m; ++i) {
      if (i == leave || std::fabs(t[i][enter]) < kEps) continue;
      const double f = t[i][enter];
      for (std::size_t j = 0; j < cols; ++j) t[i][j] -= f * t[leave][j];
    }
    basis[leave] = enter;
  }
  std::vector<double> x(n, 0.0);
  for (std::size_t i = 0; i < m; ++i)
    if (basis[i] < n) x[basis[i]] = t[i][cols - 1];
  value = t[m][cols - 1];
  return x;
}

namespace {

// The program of lone_piece_squares and separating_pagoda: a variable per square (dense
// index), p(to) - p(from) - p(over) <= 0 for every jump, p <= 1.
struct PagodaProgram {
  struct Triple {
    int from, over, to;
  };
  std::vector<Triple> triples;
  std::vector<std::vector<double>> a;
  std::vector<double> b;

  PagodaProgram(const Shape& shape, const JumpTable& jumps) {
    const int n = shape.squares();
    for (int i = 0; i < n; ++i)
      for (const Jump& j : jumps.from(shape.cell(i)))
        triples.push_back({i, shape.index(j.over), shape.index(j.to)});
    for (const Triple& t : triples) {
      std::vector<double> row(static_cast<std::size_t>(n), 0.0);
      row[static_cast<std::size_t>(t.to)] += 1;
      row[static_cast<std::size_t>(t.from)] -= 1;
      row[static_cast<std::size_t>(t.over)] -= 1;
      a.push_back(std::move(row));
      b.push_back(0);
    }
    for (int i = 0; i < n; ++i) {
      std::vector<double> row(static_cast<std::size_t>(n), 0.0);
      row[static_cast<std::size_t>(i)] = 1;
      a.push_back(std::move(row));
      b.push_back(1);
    }
  }

  // Integer weights per dense index with q(s) > Q(start), or empty.
  std::vector<std::int64_t> separate(const Shape& shape, const std::vector<bool>& start, int s,
                                     const std::function<bool()>& stopped = {}) const {
    constexpr double kScale = 1 << 20;
    const int n = shape.squares();
    std::vector<double> c(static_cast<std::size_t>(n), 0.0);
    for (int i = 0; i < n; ++i)
      if (start[shape.cell(i)]) c[static_cast<std::size_t>(i)] -= 1;
    c[static_cast<std::size_t>(s)] += 1;
    double value = 0;
    const std::vector<double> x = simplex_max(a, b, c, value, stopped);
    if (value <= 1e-6) return {};
    // Integer weights, repaired until every jump keeps p(from) + p(over) >= p(to).
    std::vector<std::int64_t> q(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i)
      q[static_cast<std::size_t>(i)] = std::max<std::int64_t>(
          0, static_cast<std::int64_t>(std::floor(x[static_cast<std::size_t>(i)] * kScale)));
    for (bool changed = true; changed;) {
      changed = false;
      for (const Triple& t : triples) {
        const std::int64_t cap =
            q[static_cast<std::size_t>(t.from)] + q[static_cast<std::size_t>(t.over)];
        if (q[static_cast<std::size_t>(t.to)] > cap) {
          q[static_cast<std::size_t>(t.to)] = cap;
          changed = true;
        }
      }
    }
    std::int64_t total = 0;
    for (int i = 0; i < n; ++i)
      if (start[shape.cell(i)]) total += q[static_cast<std::size_t>(i)];
    if (q[static_cast<std::size_t>(s)] <= total) return {};
    return q;
  }
};

}  // namespace

std::vector<bool> lone_piece_squares(const Shape& shape, const JumpTable& jumps,
                                     const std::vector<bool>& start,
                                     const std::vector<bool>& candidates) {
  const int n = shape.squares();
  std::vector<bool> out(static_cast<std::size_t>(shape.cells()), false);
  for (int i = 0; i < n; ++i) out[shape.cell(i)] = candidates[shape.cell(i)];
  const PagodaProgram program(shape, jumps);
  for (int s = 0; s < n; ++s)
    if (candidates[shape.cell(s)] && !program.separate(shape, start, s).empty())
      out[shape.cell(s)] = false;
  return out;
}

std::vector<std::int64_t> separating_pagoda(const Shape& shape, const JumpTable& jumps,
                                            const std::vector<bool>& start, Square s,
                                            const std::function<bool()>& stopped) {
  return PagodaProgram(shape, jumps).separate(shape, start, shape.index(s), stopped);
}

}  // namespace leapfrog
