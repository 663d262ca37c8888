#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdint>
#include <fstream>
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
  // In a child whose address space is limited to what it maps now and 200 MB more: 1 GiB
  // and its halves down to 256 MB are refused, 128 MB is given and half of it is taken, so
  // that a second table as large as the first still fits (taking all 128 MB, it would not).
  const pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    std::ifstream statm("/proc/self/statm");
    std::size_t pages = 0;
    statm >> pages;
    const std::size_t mapped = pages * static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
    const rlimit limit{mapped + (std::size_t{200} << 20), mapped + (std::size_t{200} << 20)};
    if (pages == 0 || ::setrlimit(RLIMIT_AS, &limit) != 0) ::_exit(10);
    try {
      const TableMemory<std::uint64_t> table(std::size_t{1} << 30, 1, true);
      if (table.bytes() != (std::size_t{64} << 20)) ::_exit(11);
      table[table.mask()] = 7;
      if (table[table.mask()] != 7 || table[0] != 0) ::_exit(12);
      const TableMemory<std::uint64_t> second(table.bytes());
      if (second.bytes() != table.bytes()) ::_exit(13);
    } catch (const std::bad_alloc&) {
      ::_exit(14);
    }
    // A least the system cannot give is refused, naming what was asked for.
    try {
      const TableMemory<std::uint64_t> least(std::size_t{1} << 30, std::size_t{1} << 26, true);
      ::_exit(15);
    } catch (const std::bad_alloc& e) {
      ::_exit(std::string(e.what()) == "cannot allocate 1024 MB for the search's table" ? 0 : 16);
    }
  }
  int status = 0;
  REQUIRE(::waitpid(child, &status, 0) == child);
  REQUIRE(WIFEXITED(status));
  // 10: no limit set; 11: not half of the 128 MB given; 12: not zeroed or not usable; 13: no
  // room left for a second table; 14: nothing given; 15, 16: the least not refused as said.
  CHECK(WEXITSTATUS(status) == 0);
}
