#include "cli/ranks.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

namespace leapfrog::cli {

void refuse_split_stdin(const LevelExchange& ranks, const std::string& position) {
  if (ranks.ranks() > 1 && position == "-")
    throw UsageError(
        "POSITION '-': mpirun gives standard input to rank 0 alone; give a file every rank can "
        "read");
}

void agree_input(LevelExchange& ranks, const std::string& error) {
  const std::uint64_t length = error.size();
  const std::vector<std::uint64_t> lengths = ranks.all_gather(std::span(&length, 1));
  const std::uint64_t longest = *std::max_element(lengths.begin(), lengths.end());
  if (longest == 0) return;
  // Every rank's message in words of 8 bytes, each padded to the longest.
  const std::size_t words = (longest + 7) / 8;
  std::vector<std::uint64_t> mine(words, 0);
  std::memcpy(mine.data(), error.data(), error.size());
  const std::vector<std::uint64_t> all = ranks.all_gather(mine);
  const auto failed = static_cast<int>(
      std::find_if(lengths.begin(), lengths.end(), [](std::uint64_t n) { return n != 0; }) -
      lengths.begin());
  std::string text(lengths[static_cast<std::size_t>(failed)], '\0');
  std::memcpy(text.data(), all.data() + static_cast<std::size_t>(failed) * words, text.size());
  if (failed == ranks.rank()) throw UsageError(text);
  throw UsageError("rank " + std::to_string(failed) + ": " + text);
}

}  // namespace leapfrog::cli
