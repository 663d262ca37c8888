// The hub's message reader (cli/hub.h, docs/hub.md): the input of a whole session cut into
// lines, each line read as a message, and the values of `level` and `pos` read as the engine
// reads them before a search, never the search.
//
// Input: the first byte picks the size of the pieces the rest is fed in; the rest is what a
// GUI would send. Expected outcomes of a line are a message or a UsageError (ParseError
// for a position or a move); anything else that escapes ends the run as a crash.
//
// Invariants: the lines do not depend on how the input is cut, hold no '\n' and are at most
// kMaxMessageBytes long; a message that reads has a known command, and written back as a
// line it reads the same; an error of reading is one clean line that quotes at most a
// clipped part of the input; a level that reads gives a budget in range, no more than one
// of its limits set; a pos that reads is a consistent game of two or more players that
// written as text reads back the same (pos never reads a file: its text names none).
#include "cli/hub.h"

#include <cstdint>
#include <string>
#include <vector>

#include "fuzz/check.h"

namespace leapfrog::fuzz {
namespace {

namespace hub = cli::hub;

constexpr std::size_t kMaxInput = 4 << 10;
// What an error of reading adds to the input it quotes (clipped to 60 characters, each
// escaped in at most 4 bytes), with room to spare.
constexpr std::size_t kMaxReadError = 400;
// As in the record harness: under piece-max and board-max check_turn searches for the largest
// capture, whose cost grows exponentially with the board.
constexpr int kMaxSearchedSquares = 36;

std::vector<hub::LineReader::Line> lines_of(std::string_view input, std::size_t piece) {
  hub::LineReader reader;
  std::vector<hub::LineReader::Line> lines;
  for (std::size_t i = 0; i < input.size(); i += piece) reader.feed(input.substr(i, piece), lines);
  if (auto last = reader.finish()) lines.push_back(std::move(*last));
  return lines;
}

// The message as a line: a value with a space (or none, or starting with a quote) in quotes.
std::string line_of(const hub::Message& m) {
  std::string line = m.command;
  for (const std::string& w : m.words) line += " " + w;
  for (const auto& [key, value] : m.pairs) {
    const bool quote =
        value.empty() || value[0] == '"' || value.find_first_of(" \t\r") != std::string::npos;
    line += " " + key + "=" + (quote ? "\"" + value + "\"" : value);
  }
  return line;
}

void check_level(const hub::Message& m) {
  const hub::Budget start{1000, 0, 0};
  hub::Budget b;
  try {
    b = hub::level_budget(m, start);
  } catch (const cli::UsageError& e) {
    check_message(e.what());
    FUZZ_CHECK(std::string_view(e.what()).starts_with("level "));
    FUZZ_CHECK(std::string_view(e.what()).size() <= kMaxReadError);
    return;
  }
  FUZZ_CHECK(b.nodes == 0 || b.seconds == 0);
  FUZZ_CHECK(b.seconds >= 0 && b.seconds <= 1e9);
  FUZZ_CHECK(b.depth >= 0 && b.depth <= 254);
  if (!m.words.empty()) FUZZ_CHECK(b.nodes == 0 && b.seconds == 0);
  if (!m.pairs.contains("depth")) FUZZ_CHECK(b.depth == start.depth);
}

void check_pos(const hub::Message& m) {
  const cli::CommonOptions o;
  try {
    // The start alone first: the turns are played only where checking one is cheap.
    const Setup start = cli::load_position(m.pairs.at("pos"), o, cli::PositionSource::kTextOnly);
    const Rules rules = start.rules();
    const bool searches = rules.continuation == Continuation::kPieceMax ||
                          rules.continuation == Continuation::kBoardMax;
    if (m.pairs.contains("moves") && searches && start.board.squares() > kMaxSearchedSquares)
      return;
    const Setup s = hub::pos_setup(m, o);
    check_players(s);
    FUZZ_CHECK(s.rules().players >= 2);
    FUZZ_CHECK(s.board == start.board);
    const Setup again = parse_position(format_position(s));
    FUZZ_CHECK(again.board == s.board);
    FUZZ_CHECK(again.position == s.position);
    FUZZ_CHECK(again.rules() == s.rules());
  } catch (const cli::UsageError& e) {
    check_message(e.what());
  } catch (const ParseError& e) {
    check_message(e.what());
  }
}

void check_line(const hub::LineReader::Line& line) {
  FUZZ_CHECK(line.text.size() <= hub::kMaxMessageBytes);
  FUZZ_CHECK(line.text.find('\n') == std::string::npos);
  hub::Message m;
  try {
    m = hub::read_message(line.text);
  } catch (const cli::UsageError& e) {
    check_message(e.what());
    FUZZ_CHECK(std::string_view(e.what()).size() <= kMaxReadError);
    return;
  }
  if (m.command.empty()) {
    FUZZ_CHECK(m.words.empty() && m.pairs.empty());
    return;
  }
  const std::string again = line_of(m);
  FUZZ_CHECK(hub::read_message(again) == m);
  FUZZ_CHECK(hub::acts_at_once(m) ==
             (m.command == "stop" || m.command == "ping" || m.command == "quit"));
  if (m.command == "level") check_level(m);
  if (m.command == "pos") check_pos(m);
}

}  // namespace
}  // namespace leapfrog::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace leapfrog;
  if (size < 1 || size > fuzz::kMaxInput) return -1;
  const std::size_t piece = data[0] % 16 + 1;
  const std::string_view input = fuzz::as_text(data + 1, size - 1);
  const auto lines = fuzz::lines_of(input, input.size() + 1);
  FUZZ_CHECK(fuzz::lines_of(input, piece) == lines);
  for (const auto& line : lines) fuzz::check_line(line);
  return 0;
}
