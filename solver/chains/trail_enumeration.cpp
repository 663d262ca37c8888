#include "solver/chains/trail_enumeration.h"

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace leapfrog::trails_detail {

LeftoverEnumeration::LeftoverEnumeration(TrailGraph& graph, TrailProgress& progress)
    : graph_(graph),
      g_(graph.graph()),
      progress_(progress),
      stamps_(static_cast<std::size_t>(g_.vertices())),
      queue_(static_cast<std::size_t>(g_.vertices())) {}

std::optional<Score> LeftoverEnumeration::optimal_leftover(Score w, Score need,
                                                           std::uint64_t budget) {
  enumeration_cap_ = budget;
  const auto n = static_cast<std::size_t>(g_.vertices());
  if (forward_.empty()) {  // the graph's part, for every round
    wanted_.assign(n, 0);
    forward_.assign(n, {});
    for (int e = 0; e < g_.edges(); ++e) {
      const auto [a, b] = g_.ends[static_cast<std::size_t>(e)];
      wanted_[a] ^= 1;
      wanted_[b] ^= 1;
      forward_[std::min(a, b)].push_back(static_cast<std::uint8_t>(e));
    }
    wanted_[static_cast<std::size_t>(g_.start)] ^= 1;  // odd(L) = odd(E) + {v} + {t}
  }
  // A round cut short leaves the enumeration's state half undone: start it afresh.
  parity_.assign(n, 0);
  off_.assign((n + 63) / 64, 0);
  for (std::size_t x = 0; x < n; ++x)
    if (wanted_[x] != 0) flip_off(x);
  enumerated_ = 0;
  // An earlier round's B that found nothing is not enumerated again.
  for (Score b = std::max({w - need, Score{0}, settled_}); b < w; ++b) {
    budget_ = b;
    leftover_ = Mask{};
    units_.clear();
    if (!enumerate(0, 0, false)) {
      units_.clear();
      return std::nullopt;
    }
    if (units_.empty()) {
      settled_ = b + 1;
      continue;
    }
    return b;
  }
  return std::nullopt;  // not reached: a single edge at v is a trail
}

// A lower bound on the weight the leftover still needs, from the vertices x.. whose parity
// is still wrong. The undecided leftover is a union of paths pairing them (the trail's end
// t may excuse one) and cycles; a path of one edge between two wrong vertices is charged
// half its weight at each, a longer path its first edge at one end and its last at the
// other. So a wrong vertex is charged its cheapest undecided edge, half of it when the other
// end is wrong too (doubled units below), and the sum, less the largest charge while t is
// free, is a lower bound.
Score LeftoverEnumeration::leftover_bound(int x, bool flipped) const {
  Score sum2 = 0, largest2 = 0;
  int stuck = 0;  // wrong vertices with no edge left to decide: only t may be one
  for (std::size_t word = static_cast<std::size_t>(x) >> 6; word < off_.size(); ++word) {
    std::uint64_t bits = off_[word];
    if (word == static_cast<std::size_t>(x) >> 6) bits &= ~std::uint64_t{0} << (x & 63);
    for (; bits != 0; bits &= bits - 1) {
      const auto j = 64 * word + static_cast<std::size_t>(std::countr_zero(bits));
      Score cheapest2 = kUnreachable;
      for (int i = 0; i < g_.inc_count[j]; ++i) {
        const auto [e, y] = g_.inc[j][static_cast<std::size_t>(i)];
        if (y < x) continue;
        const bool wrong = ((off_[y >> 6] >> (y & 63)) & 1U) != 0;
        cheapest2 = std::min(cheapest2, (wrong ? 1 : 2) * g_.weight[e]);
      }
      if (cheapest2 == kUnreachable) {
        ++stuck;
        continue;
      }
      sum2 += cheapest2;
      largest2 = std::max(largest2, cheapest2);
    }
  }
  if (stuck > (flipped ? 0 : 1)) return kUnreachable;
  if (!flipped && stuck == 0) sum2 -= largest2;
  return (sum2 + 1) / 2;
}

// Decides the edges from x to later vertices (earlier ones are decided): every subset
// that gives x the parity odd(E) + {v} asks (or the other one, once, for t). Leftovers of
// weight exactly budget_ whose complement is connected from v go to units_. False when the
// node budget or the search's poll says stop.
bool LeftoverEnumeration::enumerate(int x, Score taken, bool flipped) {
  if (++enumerated_ > enumeration_cap_) return false;
  if (progress_.tick()) return false;
  if (x == g_.vertices()) {
    if (taken == budget_ && complement_connected()) {
      const Mask& all = graph_.all();
      if (units_.size() == kMaxUnits) {  // leave it to the bounded search, for good
        hopeless_ = true;
        return false;
      }
      units_.push_back(Mask{all[0] & ~leftover_[0], all[1] & ~leftover_[1]});
    }
    return true;
  }
  const Score bound = leftover_bound(x, flipped);
  if (bound >= kUnreachable || taken + bound > budget_) return true;
  const auto xs = static_cast<std::size_t>(x);
  const auto& f = forward_[xs];
  const unsigned k = static_cast<unsigned>(f.size());
  for (unsigned m = 0; m < (1U << k); ++m) {
    Score add = 0;
    for (unsigned i = 0; i < k; ++i)
      if (((m >> i) & 1U) != 0) add += g_.weight[f[i]];
    if (taken + add > budget_) continue;
    const bool right = ((parity_[xs] + std::popcount(m)) & 1) == wanted_[xs];
    if (!right && flipped) continue;
    const auto toggle = [&] {
      for (unsigned i = 0; i < k; ++i) {
        if (((m >> i) & 1U) == 0) continue;
        const auto [a, b] = g_.ends[f[i]];
        const std::size_t y = a == x ? b : a;
        parity_[y] ^= 1;
        flip_off(y);
        leftover_[f[i] >> 6] ^= std::uint64_t{1} << (f[i] & 63);
      }
    };
    toggle();
    const bool ok = enumerate(x + 1, taken + add, flipped || !right);
    toggle();
    if (!ok) return false;
  }
  return true;
}

// U = every edge less leftover_: non-empty and connected from the start.
bool LeftoverEnumeration::complement_connected() {
  const Mask& all = graph_.all();
  const Mask u{all[0] & ~leftover_[0], all[1] & ~leftover_[1]};
  if (empty(u)) return false;
  const std::uint32_t gen = stamps_.next();
  std::size_t head = 0, tail = 0;
  queue_[tail++] = static_cast<std::uint8_t>(g_.start);
  stamps_[static_cast<std::size_t>(g_.start)] = gen;
  Mask seen{};
  while (head < tail) {
    const int x = queue_[head++];
    for (int i = 0; i < g_.inc_count[static_cast<std::size_t>(x)]; ++i) {
      const auto [e, y] = g_.inc[static_cast<std::size_t>(x)][static_cast<std::size_t>(i)];
      if (!has(u, e)) continue;
      put(seen, e);
      if (stamps_[y] == gen) continue;
      stamps_[y] = gen;
      queue_[tail++] = y;
    }
  }
  return equal(seen, u);
}

}  // namespace leapfrog::trails_detail
