// The ranks of an MPI job as the level exchange of core/exchange.h: children travel with
// MPI_Alltoallv, sums and agreements with MPI_Allgather, over MPI_COMM_WORLD. Only the
// leapfrog-mpi front end includes <mpi.h>.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/exchange.h"

namespace leapfrog::mpi {

class MpiExchange final : public LevelExchange {
 public:
  MpiExchange();  // after MPI_Init
  int ranks() const override { return ranks_; }
  int rank() const override { return rank_; }
  std::vector<std::uint64_t> exchange(const std::vector<std::vector<std::uint64_t>>& out) override;
  std::vector<std::uint64_t> all_gather(std::span<const std::uint64_t> words) override;
  // Bytes this rank has sent to the others so far (what the exchange costs, for the docs'
  // scaling table).
  std::uint64_t bytes_sent() const { return bytes_sent_; }

 private:
  int ranks_ = 1, rank_ = 0;
  std::uint64_t bytes_sent_ = 0;
};

}  // namespace leapfrog::mpi
