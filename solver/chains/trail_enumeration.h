// The leftover enumeration of the trail search (solver/chains/trails.h): the edges L = E - U a
// trail from the jumper leaves form a T-join for odd(E) + {v} + {t}, so the optimal edge
// sets U are found by enumerating such leftovers, lightest first.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "puzzles/position.h"
#include "solver/chains/trail_graph.h"

namespace leapfrog::trails_detail {

class LeftoverEnumeration {
 public:
  LeftoverEnumeration(TrailGraph& graph, TrailProgress& progress);

  // For B from w - need upwards (w: the weight of every edge, need: no trail is worth more),
  // enumerates every leftover of weight exactly B, vertex by vertex, each vertex's parity
  // fixed when it is passed, pruned by a matching bound, in at most `budget` nodes. The
  // first B with a connected complement is returned, and its complements, the optimal edge
  // sets, are units(). nullopt (and no units) when the budget ran out, the sets are more
  // than kMaxUnits (hopeless() from then on) or the search was stopped. A later call starts
  // afresh but skips every B already enumerated in vain.
  std::optional<Score> optimal_leftover(Score w, Score need, std::uint64_t budget);

  // The optimal edge sets found by the last call.
  const std::vector<Mask>& units() const { return units_; }
  // Forgets them: their count was cut short.
  void forget() { units_.clear(); }
  bool hopeless() const { return hopeless_; }

 private:
  // At most this many optimal edge sets (else the bounded search, which merges them).
  static constexpr std::size_t kMaxUnits = 256;

  void flip_off(std::size_t x) { off_[x >> 6] ^= std::uint64_t{1} << (x & 63); }
  Score leftover_bound(int x, bool flipped) const;
  bool enumerate(int x, Score taken, bool flipped);
  bool complement_connected();

  TrailGraph& graph_;
  const PlainGraph& g_;
  TrailProgress& progress_;
  VertexStamps stamps_;
  std::vector<std::uint8_t> queue_;
  // The enumeration's state: each vertex's leftover degree parity so far, the parity
  // odd(E) + {v} wants, the edges each vertex decides, the vertices whose parity is still
  // wrong (bit set), the leftover so far and its budget; the optimal edge sets.
  std::vector<std::uint8_t> parity_, wanted_;
  std::vector<std::vector<std::uint8_t>> forward_;
  std::vector<std::uint64_t> off_;
  Mask leftover_{};
  Score budget_ = 0;
  std::uint64_t enumerated_ = 0, enumeration_cap_ = 0;
  bool hopeless_ = false;  // more optimal sets than kMaxUnits
  Score settled_ = 0;      // no trail leaves less than this (every smaller B enumerated in vain)
  std::vector<Mask> units_;
};

}  // namespace leapfrog::trails_detail
