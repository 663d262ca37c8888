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

// A store as the search makes it: a new key is counted at once.
void put(TranspositionTable& tt, std::uint64_t n, std::int32_t value, bool exact) {
  if (tt.store(key_of(n), value, exact, 100)) tt.count_new_keys(1);
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
  for (std::uint64_t n = 1; n < first; ++n) put(growing, n, 7, true);
  CHECK(growing.buckets_used() == TranspositionTable::kFirstBuckets);
  put(growing, first, 7, true);
  CHECK(growing.buckets_used() == 2 * TranspositionTable::kFirstBuckets);
  // A key stored after the growth is found, with what was stored.
  CHECK(growing.store(key_of(first + 1), 3, false, 100));
  growing.count_new_keys(1);
  TranspositionTable::Entry e;
  REQUIRE(growing.probe(key_of(first + 1), e));
  CHECK(e.value == 3);
  CHECK(e.exact == 0);
  // A key stored again is no new key.
  bool again = false;
  for (int i = 0; i < 100000; ++i) again = growing.store(key_of(first + 1), 2, false, 100) || again;
  CHECK_FALSE(again);
  CHECK(growing.buckets_used() == 2 * TranspositionTable::kFirstBuckets);
  // Up to all the buckets, never more.
  for (std::uint64_t n = first + 2; n < 20 * all; ++n) put(growing, n, 1, true);
  CHECK(growing.buckets_used() == all);
  // A full-grown table, and a fixed one, take no more counts.
  CHECK_FALSE(growing.store(key_of(20 * all), 1, true, 1));
  CHECK_FALSE(fixed.store(key_of(1), 1, true, 1));
  fixed.count_new_keys(100 * all);
  CHECK(fixed.buckets_used() == all);
}

TEST_CASE("a growing table counts new keys handed to it in batches", "[tt]") {
  TranspositionTable growing(std::size_t{64} << 20, true);
  const std::uint64_t first = 5 * TranspositionTable::kFirstBuckets;
  growing.count_new_keys(first - 1);
  CHECK(growing.buckets_used() == TranspositionTable::kFirstBuckets);
  growing.count_new_keys(0);
  CHECK(growing.buckets_used() == TranspositionTable::kFirstBuckets);
  growing.count_new_keys(1);
  CHECK(growing.buckets_used() == 2 * TranspositionTable::kFirstBuckets);
  // The count starts again after a growth: twice as many keys for the next.
  growing.count_new_keys(2 * first - 1);
  CHECK(growing.buckets_used() == 2 * TranspositionTable::kFirstBuckets);
  growing.count_new_keys(1);
  CHECK(growing.buckets_used() == 4 * TranspositionTable::kFirstBuckets);
}
