// The reading side of the hub protocol (docs/hub.md), apart from any input or output so that
// the tests and the fuzzer reach it: lines out of a byte stream, a message out of a line with
// its command's arguments checked, and what `level` and `pos` make of their values.
// cmd_hub.cpp runs the loop and the search.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cli/common.h"

namespace leapfrog::cli::hub {

// The longest message read; a longer line is refused whole.
inline constexpr std::size_t kMaxMessageBytes = kMaxLineBytes;

// Cuts a byte stream, fed in pieces of any size, into lines (without their '\n'), the first
// without a leading UTF-8 byte-order mark. Of a line longer than kMaxMessageBytes only the
// first kMaxMessageBytes bytes are kept, and it is marked too long, so that memory stays
// bounded whatever the input.
class LineReader {
 public:
  struct Line {
    std::string text;
    bool too_long = false;
    bool operator==(const Line&) const = default;
  };
  // Appends the lines that `bytes` completes to `lines`.
  void feed(std::string_view bytes, std::vector<Line>& lines);
  // At the end of the input: the last line, when it has no '\n' and is not empty.
  std::optional<Line> finish();

 private:
  Line complete();  // partial_, ended

  Line partial_;
  bool first_ = true;
};

struct Message {
  std::string command;                       // empty: a blank line
  std::vector<std::string> words;            // bare words after the command ("think")
  std::map<std::string, std::string> pairs;  // key=value
  bool operator==(const Message&) const = default;
};

// Reads one line: a command word, then bare words and key=value pairs, separated by spaces,
// tabs or carriage returns; a value in double quotes may hold them (not a double quote).
// Checks that the command is known and takes the words and keys given (their values are
// read when the message is handled: level_budget, pos_setup). Throws UsageError, its user
// text clipped (quoted_start).
Message read_message(std::string_view line);

// stop, ping and quit act at once, even while a search runs; every other message waits until
// the search has answered.
bool acts_at_once(const Message& m);

// What a search may spend; 0 = no limit.
struct Budget {
  std::uint64_t nodes = 0;  // positions searched
  double seconds = 0;
  int depth = 0;  // turns looked ahead
  bool operator==(const Budget&) const = default;
};

// The budget after a level message (read by read_message). Throws UsageError naming the key
// ("level nodes"); the budget is then unchanged.
Budget level_budget(const Message& level, Budget budget);

// The position of a pos message (read by read_message): position text or a variant name,
// never a file (PositionSource::kTextOnly), with the command line's rule options `o`, then
// the turns of moves= played, each checked. Throws UsageError or ParseError; a bad turn is
// named by its number and text.
Setup pos_setup(const Message& pos, const CommonOptions& o);

}  // namespace leapfrog::cli::hub
