// Decremental single-source shortest paths: the distances from one source after one edge
// of the graph was removed, repaired from the distances before instead of recomputed.
//
// Used by the chain search's matching bound (solver/chains/chains.cpp): along a chain the graph
// loses one edge per jump, and most distances do not change. Header-only so that the tests
// can check it against a plain Dijkstra on random graphs.
//
// Contract: nodes are small integers (squares); every weight is >= 1; `before` holds the
// exact distances from the source in the graph with the edge, `unreachable` (larger than any
// distance plus a weight) where there is no path; `neighbours(v, f)` calls f(u, weight) for
// every edge of v in the graph *without* the removed edge; `lost` is the end of the removed
// edge whose distance was through it (before[lost] == before[other end] + weight). Writes
// the exact distances after the removal to `after` (which may not alias `before`) for every
// node reachable from `lost` through edges that were tight, and copies `before` elsewhere
// (`size` entries). `scratch` keeps its buffers between calls; it holds no results.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "puzzles/types.h"

namespace leapfrog {

struct RepairScratch {
  std::vector<std::uint8_t> mark;  // per node: all zero between calls
  std::vector<Square> touched, affected, pending;
};

template <class Neighbours>
void repair_distances(const Score* before, Score* after, std::size_t size, Square lost,
                      Score unreachable, Neighbours&& neighbours, RepairScratch& scratch) {
  // A node's distance grows exactly when every tight edge into it (before[u] + w ==
  // before[v]) comes from a node whose distance grows. Candidates are decided in order of
  // their old distance, so every predecessor of a node is decided before it; the affected
  // nodes are then settled by a Dijkstra seeded from their unaffected neighbours. The sets
  // are small along a chain, so the minima are found by linear scans.
  enum : std::uint8_t { kNone = 0, kCandidate = 1, kAffected = 2, kSettled = 3 };
  std::copy(before, before + size, after);
  auto& mark = scratch.mark;
  if (mark.size() < size) mark.assign(size, kNone);
  scratch.touched.assign(1, lost);
  scratch.affected.clear();
  scratch.pending.assign(1, lost);
  mark[lost] = kCandidate;
  while (!scratch.pending.empty()) {
    auto& pending = scratch.pending;
    std::size_t best = 0;
    for (std::size_t i = 1; i < pending.size(); ++i)
      if (before[pending[i]] < before[pending[best]]) best = i;
    const Square v = pending[best];
    pending[best] = pending.back();
    pending.pop_back();
    bool kept = before[v] == 0;  // the source
    neighbours(v, [&](Square u, Score w) {
      if (mark[u] != kAffected && before[u] < unreachable && before[u] + w == before[v])
        kept = true;
    });
    if (kept) {
      mark[v] = kSettled;
      continue;
    }
    mark[v] = kAffected;
    scratch.affected.push_back(v);
    neighbours(v, [&](Square u, Score w) {
      if (mark[u] != kNone || before[v] + w != before[u]) return;
      mark[u] = kCandidate;
      scratch.touched.push_back(u);
      pending.push_back(u);
    });
  }
  auto& affected = scratch.affected;
  for (const Square v : affected) {
    Score d = unreachable;
    neighbours(v, [&](Square u, Score w) {
      if (mark[u] != kAffected && before[u] < unreachable) d = std::min(d, before[u] + w);
    });
    after[v] = d;
  }
  while (!affected.empty()) {
    std::size_t best = 0;
    for (std::size_t i = 1; i < affected.size(); ++i)
      if (after[affected[i]] < after[affected[best]]) best = i;
    const Square v = affected[best];
    affected[best] = affected.back();
    affected.pop_back();
    mark[v] = kSettled;
    if (after[v] >= unreachable) continue;
    neighbours(v, [&](Square u, Score w) {
      if (mark[u] == kAffected) after[u] = std::min(after[u], after[v] + w);
    });
  }
  for (const Square v : scratch.touched) mark[v] = kNone;
}

}  // namespace leapfrog
