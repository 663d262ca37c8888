// The solitaire search's transposition table (solver/tt.h): what it keeps, and how a growing
// table takes its memory a part at a time.
#include <catch2/catch.hpp>
#include <cstdint>

#include "solver/tt.h"

using namespace leapfrog;

namespace {

PositionKey key_of(std::uint64_t n) {
  PositionKey k;
  k.w[0] = n;
  k.w[1] = ~n;
  return k;
}

}  // namespace

TEST_CASE("a growing table uses its first buckets, then twice as many as keys come", "[tt]") {
  const std::size_t bytes = std::size_t{64} << 20;
  TranspositionTable fixed(bytes);
  const std::size_t all = fixed.buckets_used();
  REQUIRE(all > 4 * TranspositionTable::kFirstBuckets);
  TranspositionTable growing(bytes, true);
  CHECK(growing.bytes() == fixed.bytes());
  CHECK(growing.buckets_used() == TranspositionTable::kFirstBuckets);
  // Five entries a bucket: as many new keys as the entries in use double the buckets.
  const std::uint64_t first = 5 * TranspositionTable::kFirstBuckets;
  for (std::uint64_t n = 1; n < first; ++n) growing.store(key_of(n), 7, true, 100);
  CHECK(growing.buckets_used() == TranspositionTable::kFirstBuckets);
  growing.store(key_of(first), 7, true, 100);
  CHECK(growing.buckets_used() == 2 * TranspositionTable::kFirstBuckets);
  // A key stored after the growth is found, with what was stored.
  growing.store(key_of(first + 1), 3, false, 100);
  TranspositionTable::Entry e;
  REQUIRE(growing.probe(key_of(first + 1), e));
  CHECK(e.value == 3);
  CHECK(e.exact == 0);
  // A key stored again is no new key.
  for (int i = 0; i < 100000; ++i) growing.store(key_of(first + 1), 2, false, 100);
  CHECK(growing.buckets_used() == 2 * TranspositionTable::kFirstBuckets);
  // Up to all the buckets, never more.
  for (std::uint64_t n = first + 2; n < 20 * all; ++n) growing.store(key_of(n), 1, true, 1);
  CHECK(growing.buckets_used() == all);
  // A fixed table never grows: all its buckets from the start.
  CHECK(fixed.buckets_used() == all);
}
