#include <bit>
#include <catch2/catch.hpp>
#include <cstdint>
#include <string>

#include "core/table_memory.h"
#include "sanitized.h"

using namespace leapfrog;

TEST_CASE("a table takes the most entries that fit, a power of two", "[core][table]") {
  struct Entry {
    std::uint64_t a, b, c;  // 24 bytes
  };
  const TableMemory<Entry> t(1000);
  CHECK(t.mask() + 1 == 32);  // 32 * 24 = 768 <= 1000 < 64 * 24
  CHECK(t.bytes() == 768);
  CHECK(t[t.mask()].a == 0);
  CHECK(TableMemory<Entry>(10).mask() == 0);     // at least one entry
  CHECK(TableMemory<Entry>(10, 2).mask() == 1);  // or the least asked for
}

TEST_CASE("tables that grow by rehashing count the old table while they move", "[core][table]") {
  CHECK(table_entries(1000, 24) == 32);
  CHECK(table_entries(10, 24, 4) == 4);
  CHECK(growth_fits(1024, 2048, 8, 3 * 1024 * 8));    // both tables, exactly
  CHECK_FALSE(growth_fits(1024, 2048, 8, 2048 * 8));  // the grown one alone is not enough
}

TEST_CASE("a table whose memory cannot be had says how much did not fit", "[core][table]") {
  // 2^60 bytes is past any address space: calloc refuses at once, nothing is touched. A
  // sanitizer's allocator aborts on such a request instead of refusing it.
  if (leapfrog::testing::kSanitized) return;
  try {
    const TableMemory<std::uint64_t> table(std::size_t{1} << 60);
    FAIL("a table of 2^60 bytes was allocated");
  } catch (const std::bad_alloc& e) {
    CHECK(std::string(e.what()) == "cannot allocate 1099511627776 MB for the search's table");
  }
}

TEST_CASE("a table that may shrink takes half what the system gives, never less than its least",
          "[core][table]") {
  if (leapfrog::testing::kSanitized) return;  // as above
  // calloc refuses 2^60 bytes and halves of it until one fits the address space; half of
  // that is taken, untouched but for one entry.
  const TableMemory<std::uint64_t> table(std::size_t{1} << 60, 1, true);
  CHECK(table.bytes() < (std::size_t{1} << 59));
  CHECK(table.bytes() >= sizeof(std::uint64_t));
  CHECK(table.bytes() == (table.mask() + 1) * sizeof(std::uint64_t));
  CHECK(std::has_single_bit(table.mask() + 1));
  table[table.mask()] = 7;
  CHECK(table[table.mask()] == 7);
  CHECK(table[0] == 0);
  // A least the system cannot give is refused, naming what was asked for.
  try {
    const TableMemory<std::uint64_t> least(std::size_t{1} << 60, std::size_t{1} << 56, true);
    FAIL("a table of at least 2^59 bytes was allocated");
  } catch (const std::bad_alloc& e) {
    CHECK(std::string(e.what()) == "cannot allocate 1099511627776 MB for the search's table");
  }
}
