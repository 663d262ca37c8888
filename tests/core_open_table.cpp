#include <array>
#include <catch2/catch.hpp>
#include <cstdint>

#include "core/open_table.h"

using namespace leapfrog;

TEST_CASE("a probe table finds what was added and probes past collisions", "[core][table]") {
  ProbeTable<std::uint64_t> t(8);
  const auto is = [](std::uint64_t key) { return [key](std::uint64_t k) { return k == key; }; };
  CHECK(t.find(3, is(11)) == ProbeTable<std::uint64_t>::kAbsent);
  // Three keys with the same home: they take slots 3, 4 and 5.
  for (const std::uint64_t key : {11, 12, 13}) {
    const auto [i, added] = t.find_or_add(3, is(key));
    CHECK(added);
    t[i] = key;
  }
  CHECK(t.find(3, is(11)) == 3);
  CHECK(t.find(3, is(13)) == 5);
  CHECK(t.find(3, is(14)) == ProbeTable<std::uint64_t>::kAbsent);
  CHECK(t.find_or_add(3, is(12)) == std::pair<std::size_t, bool>{4, false});
  CHECK(t.used() == 3);
  CHECK_FALSE(t.needs_room());  // 4 of 8 is half full
  t[t.add(7)] = 20;
  CHECK(t.needs_room());
  CHECK(t.find(7, is(20)) == 7);
  // A home at the end wraps to the start.
  t[t.add(7)] = 21;
  CHECK(t.find(7, is(21)) == 0);
  // Reset hands the old slots back and leaves the table empty.
  const std::vector<std::uint64_t> old = t.reset(16);
  CHECK(old.size() == 8);
  CHECK(t.used() == 0);
  CHECK(t.capacity() == 16);
  CHECK(t.find(3, is(11)) == ProbeTable<std::uint64_t>::kAbsent);
}

TEST_CASE("a bucket's entry: the key's, else the first of least worth", "[core][table]") {
  struct Entry {
    int key, worth;
  };
  std::array<Entry, 4> ways{{{1, 5}, {2, 3}, {3, 3}, {4, 7}}};
  CHECK(find_way(ways, [](const Entry& e) { return e.key == 3; }) == &ways[2]);
  CHECK(find_way(ways, [](const Entry& e) { return e.key == 9; }) == nullptr);
  CHECK(&victim_way(ways, [](const Entry& e) { return e.worth; }) == &ways[1]);
  const BucketTable<std::array<Entry, 4>> table(4 * sizeof(std::array<Entry, 4>) + 1);
  CHECK(table.buckets() == 4);
  CHECK(&table.home(6) == &table[2]);
  CHECK(table.home(6)[0].key == 0);  // zeroed
}

TEST_CASE("a growing bucket table uses its first buckets, then doubles as keys are counted",
          "[core][table]") {
  struct alignas(64) Bucket {
    std::array<std::uint64_t, 8> words;
  };
  GrowingBucketTable<Bucket> t(std::size_t{1} << 20, true, 16, 4);  // 16384 buckets
  REQUIRE(t.buckets() == 16384);
  CHECK(t.buckets_used() == 16);
  CHECK(t.growing(t.mask()));
  // A key's bucket is its hash under the mask in use.
  CHECK(&t.home(16 + 5) == &t[5]);
  CHECK(&t.at(16 + 5, 31) == &t[21]);
  // Four entries a bucket: 64 new keys double 16 buckets, counted in any batches.
  t.count_new_keys(40);
  t.count_new_keys(23);
  CHECK(t.buckets_used() == 16);
  t.count_new_keys(1);
  CHECK(t.buckets_used() == 32);
  CHECK(&t.home(16 + 5) == &t[21]);
  // Up to all the buckets, never more; then no key is counted.
  t.count_new_keys(std::uint64_t{1} << 40);
  for (int i = 0; i < 20; ++i) t.count_new_keys(std::uint64_t{4} << 20);
  CHECK(t.buckets_used() == 16384);
  CHECK_FALSE(t.growing(t.mask()));
  // Restarted (its owner forgot every entry): back to as many buckets as asked, at most all.
  t.restart(64);
  CHECK(t.buckets_used() == 64);
  t.count_new_keys(255);
  CHECK(t.buckets_used() == 64);
  t.restart(std::size_t{1} << 30);
  CHECK(t.buckets_used() == 16384);
  // Without growing: all of them from the start.
  const GrowingBucketTable<Bucket> whole(std::size_t{1} << 20, false, 16, 4);
  CHECK(whole.buckets_used() == 16384);
}
