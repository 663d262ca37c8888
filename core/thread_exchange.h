// Ranks as threads of one process (core/exchange.h): a search split over N ranks runs
// without MPI, one thread a rank, so that the tests check the partitioned logic (owners,
// exchanges, sums, agreed stops) at any number of ranks in the default suite.
#pragma once

#include <barrier>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "core/exchange.h"

namespace leapfrog {

// The shared mailboxes of N ranks; rank(r) is the endpoint that rank r's thread uses.
class ThreadExchangeGroup {
 public:
  explicit ThreadExchangeGroup(int ranks)
      : ranks_(ranks),
        sync_(ranks),
        box_(static_cast<std::size_t>(ranks) * static_cast<std::size_t>(ranks)),
        gathered_(static_cast<std::size_t>(ranks)) {
    for (int r = 0; r < ranks; ++r) endpoints_.push_back(std::make_unique<Endpoint>(*this, r));
  }
  LevelExchange& rank(int r) { return *endpoints_[static_cast<std::size_t>(r)]; }

 private:
  class Endpoint final : public LevelExchange {
   public:
    Endpoint(ThreadExchangeGroup& group, int rank) : group_(group), rank_(rank) {}
    int ranks() const override { return group_.ranks_; }
    int rank() const override { return rank_; }
    std::vector<std::uint64_t> exchange(
        const std::vector<std::vector<std::uint64_t>>& out) override {
      const auto n = static_cast<std::size_t>(group_.ranks_);
      const auto me = static_cast<std::size_t>(rank_);
      for (std::size_t to = 0; to < n; ++to)
        if (to != me) group_.box_[me * n + to] = out[to];
      group_.sync_.arrive_and_wait();  // every rank's words are in place
      std::vector<std::uint64_t> in;
      for (std::size_t from = 0; from < n; ++from)
        if (from != me) {
          const std::vector<std::uint64_t>& w = group_.box_[from * n + me];
          in.insert(in.end(), w.begin(), w.end());
        }
      group_.sync_.arrive_and_wait();  // every rank has read its words: the boxes are free
      return in;
    }
    std::vector<std::uint64_t> all_gather(std::span<const std::uint64_t> words) override {
      group_.gathered_[static_cast<std::size_t>(rank_)].assign(words.begin(), words.end());
      group_.sync_.arrive_and_wait();
      std::vector<std::uint64_t> all;
      for (const std::vector<std::uint64_t>& w : group_.gathered_)
        all.insert(all.end(), w.begin(), w.end());
      group_.sync_.arrive_and_wait();
      return all;
    }

   private:
    ThreadExchangeGroup& group_;
    int rank_;
  };

  int ranks_;
  std::barrier<> sync_;
  std::vector<std::vector<std::uint64_t>> box_;  // box_[from * ranks + to]
  std::vector<std::vector<std::uint64_t>> gathered_;
  std::vector<std::unique_ptr<Endpoint>> endpoints_;
};

}  // namespace leapfrog
