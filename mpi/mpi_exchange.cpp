#include "mpi/mpi_exchange.h"

#include <mpi.h>

#include <climits>
#include <cstdio>
#include <cstdlib>

namespace leapfrog::mpi {

namespace {

// Ends the whole job: a rank that cannot go on must not leave the others waiting in a
// collective call.
[[noreturn]] void abort_job(int rank, const char* what) {
  std::fprintf(stderr, "leapfrog-mpi: rank %d: %s\n", rank, what);
  std::fflush(stderr);
  MPI_Abort(MPI_COMM_WORLD, 2);
  std::abort();
}

}  // namespace

MpiExchange::MpiExchange() {
  MPI_Comm_size(MPI_COMM_WORLD, &ranks_);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
}

std::vector<std::uint64_t> MpiExchange::exchange(
    const std::vector<std::vector<std::uint64_t>>& out) {
  const auto n = static_cast<std::size_t>(ranks_);
  std::vector<int> send_counts(n, 0), send_offsets(n, 0), recv_counts(n, 0), recv_offsets(n, 0);
  std::vector<std::uint64_t> send;
  std::size_t total = 0;
  for (std::size_t r = 0; r < n; ++r)
    if (static_cast<int>(r) != rank_) total += out[r].size();
  // MPI counts and offsets are ints: a round's words stay far below (the searches size their
  // rounds by the memory limit), and a larger one ends the job rather than being cut.
  if (total > static_cast<std::size_t>(INT_MAX))
    abort_job(rank_, "more than 2^31 words to send in one round");
  send.reserve(total);
  for (std::size_t r = 0; r < n; ++r) {
    send_offsets[r] = static_cast<int>(send.size());
    if (static_cast<int>(r) != rank_) {
      send.insert(send.end(), out[r].begin(), out[r].end());
      send_counts[r] = static_cast<int>(out[r].size());
    }
  }
  bytes_sent_ += send.size() * sizeof(std::uint64_t);
  MPI_Alltoall(send_counts.data(), 1, MPI_INT, recv_counts.data(), 1, MPI_INT, MPI_COMM_WORLD);
  std::size_t incoming = 0;
  for (std::size_t r = 0; r < n; ++r) {
    recv_offsets[r] = static_cast<int>(incoming);
    incoming += static_cast<std::size_t>(recv_counts[r]);
    if (incoming > static_cast<std::size_t>(INT_MAX))
      abort_job(rank_, "more than 2^31 words to receive in one round");
  }
  std::vector<std::uint64_t> in(incoming);
  MPI_Alltoallv(send.data(), send_counts.data(), send_offsets.data(), MPI_UINT64_T, in.data(),
                recv_counts.data(), recv_offsets.data(), MPI_UINT64_T, MPI_COMM_WORLD);
  return in;
}

std::vector<std::uint64_t> MpiExchange::all_gather(std::span<const std::uint64_t> words) {
  std::vector<std::uint64_t> all(words.size() * static_cast<std::size_t>(ranks_));
  MPI_Allgather(words.data(), static_cast<int>(words.size()), MPI_UINT64_T, all.data(),
                static_cast<int>(words.size()), MPI_UINT64_T, MPI_COMM_WORLD);
  return all;
}

}  // namespace leapfrog::mpi
