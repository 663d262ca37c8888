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

void agree_input(LevelExchange& ranks, bool failed, const std::string& error) {
  // Each rank's message length plus one when it failed, 0 when it read its input.
  const std::uint64_t mark = failed ? error.size() + 1 : 0;
  const std::vector<std::uint64_t> marks = ranks.all_gather(std::span(&mark, 1));
  const auto first =
      std::find_if(marks.begin(), marks.end(), [](std::uint64_t m) { return m != 0; });
  if (first == marks.end()) return;
  // Every rank's message in words of 8 bytes, each padded to the longest.
  const std::size_t words =
      std::max<std::size_t>((*std::max_element(marks.begin(), marks.end()) - 1 + 7) / 8, 1);
  std::vector<std::uint64_t> mine(words, 0);
  if (failed) std::memcpy(mine.data(), error.data(), error.size());
  const std::vector<std::uint64_t> all = ranks.all_gather(mine);
  const auto failing = static_cast<std::size_t>(first - marks.begin());
  std::string text(*first - 1, '\0');
  std::memcpy(text.data(), all.data() + failing * words, text.size());
  if (static_cast<int>(failing) == ranks.rank()) throw UsageError(text);
  throw UsageError("rank " + std::to_string(failing) + ": " + text);
}

}  // namespace leapfrog::cli
