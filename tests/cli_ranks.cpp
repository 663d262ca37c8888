// What the ranks of a split job agree on before their first exchange (cli/ranks.h), run by
// threads standing for the ranks.
#include <catch2/catch.hpp>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "cli/ranks.h"
#include "core/thread_exchange.h"

using leapfrog::LevelExchange;
using leapfrog::ThreadExchangeGroup;
using leapfrog::cli::read_alike;
using leapfrog::cli::UsageError;

namespace {

// Each rank runs read_alike with `read(rank)`: its value, or "error: " and the message it threw.
std::vector<std::string> read_on_ranks(int ranks, const std::function<int(int)>& read) {
  ThreadExchangeGroup group(ranks);
  std::vector<std::string> out(static_cast<std::size_t>(ranks));
  std::vector<std::thread> threads;
  for (int r = 0; r < ranks; ++r)
    threads.emplace_back([&, r] {
      std::string& mine = out[static_cast<std::size_t>(r)];
      try {
        mine = std::to_string(read_alike(group.rank(r), [&] { return read(r); }));
      } catch (const UsageError& e) {
        mine = std::string("error: ") + e.what();
      }
    });
  for (std::thread& t : threads) t.join();
  return out;
}

}  // namespace

TEST_CASE(
    "ranks that read their input unlike each other all stop with the first failing rank's error",
    "[cli][ranks]") {
  // Every rank read it: every rank has its value.
  CHECK(read_on_ranks(3, [](int r) { return 10 + r; }) ==
        std::vector<std::string>{"10", "11", "12"});
  // Rank 1 alone could not (its standard input empty, its copy of a file missing): every rank
  // stops, rank 1 with its own message, the others naming rank 1.
  const std::string missing = "cannot read 'layout.txt' (No such file or directory)";
  CHECK(read_on_ranks(3,
                      [&](int r) {
                        if (r == 1) throw UsageError(missing);
                        return r;
                      }) == std::vector<std::string>{"error: rank 1: " + missing,
                                                     "error: " + missing,
                                                     "error: rank 1: " + missing});
  // Several failed, with messages of other lengths and kinds: the lowest rank's is told.
  CHECK(read_on_ranks(4,
                      [](int r) -> int {
                        if (r == 2)
                          throw leapfrog::ParseError("position line 1, column 1: empty position");
                        if (r == 3) throw UsageError("x");
                        return r;
                      }) ==
        std::vector<std::string>{"error: rank 2: position line 1, column 1: empty position",
                                 "error: rank 2: position line 1, column 1: empty position",
                                 "error: position line 1, column 1: empty position",
                                 "error: rank 2: position line 1, column 1: empty position"});
  // A failure is told by its mark, not by its message: an empty one still stops every rank.
  CHECK(read_on_ranks(2, [](int r) -> int {
          if (r == 1) throw UsageError("");
          return r;
        }) == std::vector<std::string>{"error: rank 1: ", "error: "});
  // One rank alone: its error passes unchanged.
  CHECK(read_on_ranks(1, [](int) -> int { throw UsageError("bad"); }) ==
        std::vector<std::string>{"error: bad"});
}

TEST_CASE("standard input is refused as the position of a job split over ranks", "[cli][ranks]") {
  ThreadExchangeGroup two(2), one(1);
  CHECK_THROWS_WITH(leapfrog::cli::refuse_split_stdin(two.rank(0), "-"),
                    Catch::Contains("mpirun gives standard input to rank 0 alone"));
  CHECK_NOTHROW(leapfrog::cli::refuse_split_stdin(two.rank(0), "english"));
  CHECK_NOTHROW(leapfrog::cli::refuse_split_stdin(one.rank(0), "-"));
}

TEST_CASE("ranks that read different positions all stop, naming the first that differs",
          "[cli][ranks]") {
  // Each rank agrees on `text(rank)`: "" when they agree, else the message it threw.
  const auto agree = [](int ranks, const std::function<std::string(int)>& text) {
    ThreadExchangeGroup group(ranks);
    std::vector<std::string> out(static_cast<std::size_t>(ranks));
    std::vector<std::thread> threads;
    for (int r = 0; r < ranks; ++r)
      threads.emplace_back([&, r] {
        try {
          leapfrog::cli::agree_same(group.rank(r), text(r), "position");
        } catch (const UsageError& e) {
          out[static_cast<std::size_t>(r)] = e.what();
        }
      });
    for (std::thread& t : threads) t.join();
    return out;
  };
  CHECK(agree(3, [](int) { return std::string("111/1.1"); }) == std::vector<std::string>(3, ""));
  // Rank 2's copy of the file differs by one square: every rank stops with one message.
  const std::string told =
      "rank 2 read another position than rank 0; every rank must read the same (a file that "
      "differs between machines?)";
  CHECK(agree(4, [](int r) { return std::string(r == 2 || r == 3 ? "111/11." : "111/1.1"); }) ==
        std::vector<std::string>(4, told));
  // Rank 0 alone differs: rank 1 is the first that differs from it.
  CHECK(agree(2, [](int r) { return std::string(r == 0 ? "a" : "b"); })[0].starts_with("rank 1 "));
  CHECK(agree(1, [](int) { return std::string("x"); }) == std::vector<std::string>{""});
}
