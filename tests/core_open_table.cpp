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
