// core/poller.h: the stop answers for each limit, and the progress rate limit.
#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <thread>
#include <vector>

#include "core/poller.h"

using namespace leapfrog;

TEST_CASE("the poller stops at the caller's flag, the node limit and the time limit",
          "[core][poller]") {
  SearchControl none;
  CHECK_FALSE(Poller(none).limit_reached(1'000'000'000));

  std::atomic<bool> flag{false};
  SearchControl flagged;
  flagged.stop = &flag;
  const Poller by_flag(flagged);
  CHECK_FALSE(by_flag.limit_reached(0));
  flag = true;
  CHECK(by_flag.limit_reached(0));

  SearchControl nodes;
  nodes.node_limit = 100;
  const Poller by_nodes(nodes);
  CHECK_FALSE(by_nodes.limit_reached(99));
  CHECK(by_nodes.limit_reached(100));

  SearchControl timed;
  timed.time_limit = std::chrono::milliseconds(20);
  const Poller by_time(timed);
  CHECK_FALSE(by_time.limit_reached(0));
  std::this_thread::sleep_for(std::chrono::milliseconds(30));
  CHECK(by_time.limit_reached(0));
}

TEST_CASE("the poller reports at most once a period, never concurrently", "[core][poller]") {
  // Catch's assertions are not thread-safe: the callback only counts.
  std::atomic<int> calls{0}, inside{0}, overlaps{0}, wrong{0};
  SearchControl c;
  c.progress = [&](const Progress& p) {
    if (inside.fetch_add(1) != 0) ++overlaps;
    if (p.nodes != 7) ++wrong;
    ++calls;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
    inside.fetch_sub(1);
  };
  Poller once(c, std::chrono::hours(1));
  for (int i = 0; i < 100; ++i) once.report([] { return Progress{7, 0, -1, ""}; });
  CHECK(calls == 1);  // the first report is due at once, the next one an hour later

  calls = 0;
  Poller always(c, std::chrono::milliseconds(0));
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&] {
      for (int i = 0; i < 200; ++i) always.report([] { return Progress{7, 0, -1, ""}; });
    });
  for (std::thread& t : threads) t.join();
  CHECK(calls >= 1);
  CHECK(overlaps == 0);
  CHECK(wrong == 0);

  SearchControl silent;  // no callback: make() is never called
  Poller quiet(silent, std::chrono::milliseconds(0));
  bool made = false;
  quiet.report([&] {
    made = true;
    return Progress{};
  });
  CHECK_FALSE(made);
}
