// The UCI reader of Leap Chess (cli/uci.h, docs/uci.md): the input of a whole session cut into
// lines and words, and the arguments of `go` and `position` read as the engine reads them
// before a search, never the search.
//
// Input: what a GUI would send. Expected outcomes of a line are its reading or a UsageError;
// anything else that escapes ends the run as a crash.
//
// Invariants: words hold no space, tab, carriage return or '\n', and joined by spaces they
// split the same; an error is one clean line that quotes at most a clipped part of the input;
// a go that reads has its numbers in range and a thinking time within the clock it names; a
// position that reads writes a FEN that reads back the same position, with one earlier
// position kept for each move played.
#include "cli/uci.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "chess/position.h"
#include "cli/common.h"
#include "cli/hub.h"
#include "fuzz/check.h"

namespace leapfrog::fuzz {
namespace {

namespace uci = cli::uci;

constexpr std::size_t kMaxInput = 4 << 10;
// What an error adds to the input it quotes (clipped to 60 characters, each escaped in at
// most 4 bytes), with room to spare; a FEN's or a move's error quotes the FEN too.
constexpr std::size_t kMaxError = 1000;

void check_error(const cli::UsageError& e) {
  check_message(e.what());
  FUZZ_CHECK(std::string_view(e.what()).size() <= kMaxError);
}

void check_go(const std::vector<std::string>& words) {
  uci::Go go;
  try {
    go = uci::read_go(words);
  } catch (const cli::UsageError& e) {
    check_error(e);
    return;
  }
  FUZZ_CHECK(go.wtime >= 0 && go.btime >= 0 && go.winc >= 0 && go.binc >= 0);
  FUZZ_CHECK(go.depth >= 0 && go.depth <= 64);
  for (const chess::Color side : {chess::kRed, chess::kBlack}) {
    const auto think = uci::think_time(go, side).count();
    const std::int64_t left = side == chess::kRed ? go.wtime : go.btime;
    FUZZ_CHECK(think >= 0);
    if (go.movetime > 0)
      FUZZ_CHECK(think == go.movetime);
    else if (left > 0)
      FUZZ_CHECK(think >= 1 && think <= left);
    else
      FUZZ_CHECK(think == 0);
  }
}

void check_position(const std::vector<std::string>& words) {
  std::vector<std::uint64_t> history;
  const chess::Rules rules = chess::rules_for(chess::CaptureRule::kCompulsory);
  try {
    const chess::Position pos = uci::read_position(words, rules, history);
    FUZZ_CHECK(chess::Position::from_fen(pos.fen()) == pos);
    const auto moves = std::find(words.begin(), words.end(), "moves");
    const auto played = moves == words.end() ? 0 : words.end() - moves - 1;
    FUZZ_CHECK(history.size() == static_cast<std::size_t>(played));
  } catch (const cli::UsageError& e) {
    check_error(e);
  }
}

void check_line(const std::string& line) {
  const std::vector<std::string> words = uci::words_of(line);
  std::string joined;
  for (const std::string& w : words) {
    FUZZ_CHECK(!w.empty() && w.find_first_of(" \t\r\n") == std::string::npos);
    joined += (joined.empty() ? "" : " ") + w;
  }
  FUZZ_CHECK(uci::words_of(joined) == words);
  if (words.empty()) return;
  const std::vector<std::string> rest(words.begin() + 1, words.end());
  if (words[0] == "go") check_go(rest);
  if (words[0] == "position") check_position(rest);
}

}  // namespace
}  // namespace leapfrog::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace leapfrog;
  if (size > fuzz::kMaxInput) return -1;
  cli::hub::LineReader reader;
  std::vector<cli::hub::LineReader::Line> lines;
  reader.feed(fuzz::as_text(data, size), lines);
  if (auto last = reader.finish()) lines.push_back(std::move(*last));
  for (const auto& line : lines) fuzz::check_line(line.text);
  return 0;
}
