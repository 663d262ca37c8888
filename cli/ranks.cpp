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

void agree_input(LevelExchange& ranks, bool failed, const std::string& error, bool io) {
  // Each rank's message length plus one when it failed, twice, plus one for an IoError; 0
  // when it read its input.
  const std::uint64_t mark = failed ? 2 * (error.size() + 1) + (io ? 1 : 0) : 0;
  const std::vector<std::uint64_t> marks = ranks.all_gather(std::span(&mark, 1));
  const auto first =
      std::find_if(marks.begin(), marks.end(), [](std::uint64_t m) { return m != 0; });
  if (first == marks.end()) return;
  // Every rank's message in words of 8 bytes, each padded to the longest.
  const std::size_t words =
      std::max<std::size_t>((*std::max_element(marks.begin(), marks.end()) / 2 - 1 + 7) / 8, 1);
  std::vector<std::uint64_t> mine(words, 0);
  if (failed) std::memcpy(mine.data(), error.data(), error.size());
  const std::vector<std::uint64_t> all = ranks.all_gather(mine);
  const auto failing = static_cast<std::size_t>(first - marks.begin());
  std::string text(*first / 2 - 1, '\0');
  std::memcpy(text.data(), all.data() + failing * words, text.size());
  if (static_cast<int>(failing) != ranks.rank())
    text = "rank " + std::to_string(failing) + ": " + text;
  if (*first % 2 == 1) throw AgreedIoError(text);
  throw UsageError(text);
}

namespace {

// The first rank whose `text` differs from rank 0's, or -1 when all agree. Collective.
int first_other(LevelExchange& ranks, std::string_view text) {
  if (ranks.ranks() == 1) return -1;
  // The text's FNV-1a hash stands for it: equal texts hash alike, and texts that differ
  // differ in their hash but for a chance of one in 2^64.
  std::uint64_t hash = 0xcbf29ce484222325ULL;
  for (const char c : text) hash = (hash ^ static_cast<unsigned char>(c)) * 0x100000001b3ULL;
  const std::vector<std::uint64_t> all = ranks.all_gather(std::span(&hash, 1));
  const auto other =
      std::find_if(all.begin(), all.end(), [&](std::uint64_t h) { return h != all.front(); });
  return other == all.end() ? -1 : static_cast<int>(other - all.begin());
}

}  // namespace

void agree_same(LevelExchange& ranks, std::string_view text, const std::string& what) {
  if (const int other = first_other(ranks, text); other >= 0)
    throw UsageError("rank " + std::to_string(other) + " read another " + what +
                     " than rank 0; every rank must read the same (a file that differs between "
                     "machines?)");
}

void agree_options(LevelExchange& ranks, std::string_view options) {
  if (const int other = first_other(ranks, options); other >= 0)
    throw UsageError("rank " + std::to_string(other) +
                     " was given other options than rank 0; every rank must run the same "
                     "command (only --threads, --hash, --time-limit, paths and the output "
                     "options may differ)");
}

}  // namespace leapfrog::cli
