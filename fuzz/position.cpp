// Position text (puzzles/notation.h, docs/notation.md): one-line positions and grid files
// (one row per line, comments, fields on lines of their own) with every key=value field.
//
// Invariants: a parsed setup is consistent (the player to move exists, no score or removal
// belongs to a player beyond the count, no piece off the board); format_position and a grid
// file built from format_grid both read back to the same setup; on small boards every turn
// the generator visits is legal for check_turn, writes as move notation that reads back to
// it, and none of its proper prefixes is legal unless the generator visits it too.
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "fuzz/check.h"
#include "puzzles/legality.h"
#include "puzzles/movegen.h"
#include "puzzles/notation.h"

namespace leapfrog::fuzz {
namespace {

// A 26x26 board with every field is under 1 KiB of text; a grid file of it with comments
// a few KiB.
constexpr std::size_t kMaxInput = 8 << 10;
// Turn generation is cross-checked on boards this small only: the number of chains grows
// exponentially with the board, and a run must stay well under a second.
constexpr int kMaxCheckedSquares = 20;
constexpr int kMaxCheckedTurns = 2000;

void check_consistent(const Setup& s) {
  fuzz::check_players(s);
  FUZZ_CHECK(s.board.width() >= 1 && s.board.width() <= kMaxSide);
  FUZZ_CHECK(s.board.height() >= 1 && s.board.height() <= kMaxSide);
  FUZZ_CHECK(s.board.squares() >= 1);
  for (int c = 0; c < kMaxCells; ++c) {
    const bool square = c < s.board.cells() && s.board.is_square(static_cast<Square>(c));
    FUZZ_CHECK(s.position.cells[c] <= kMaxValue);
    if (!square) FUZZ_CHECK(s.position.cells[c] == 0);
  }
}

void check_round_trips(const Setup& s) {
  const std::string line = format_position(s);
  FUZZ_CHECK(line.find('\n') == std::string::npos);
  const Setup again = parse_position(line);
  FUZZ_CHECK(again == s);
  FUZZ_CHECK(format_position(again) == line);

  // The same setup as a grid file: a comment, the rows one per line, the fields on a line
  // of their own.
  const std::size_t space = line.find(' ');
  std::string grid = "# a grid file\n" + format_grid(s.board, s.position);
  if (space != std::string::npos) grid += line.substr(space + 1) + "\n";
  FUZZ_CHECK(parse_position(grid) == s);
}

void check_turns(const Setup& s) {
  if (s.board.squares() > kMaxCheckedSquares) return;
  const Rules rules = s.rules();
  std::vector<Turn> turns;
  std::set<std::string> names;
  for_each_turn(s.board, rules, s.position, [&](const TurnView& view) {
    const Turn t = view.to_turn();
    const TurnCheck check = check_turn(s.board, rules, s.position, t);
    FUZZ_CHECK(check.legal);
    FUZZ_CHECK(check.points == view.points && check.pieces == view.pieces);
    const std::string name = format_turn(s.board, view);
    FUZZ_CHECK(name == format_turn(s.board, t));
    FUZZ_CHECK(parse_turn(s.board, name) == t);
    names.insert(name);
    turns.push_back(t);
    return static_cast<int>(turns.size()) < kMaxCheckedTurns;
  });
  FUZZ_CHECK(has_turn(s.board, rules, s.position) == !turns.empty());
  if (static_cast<int>(turns.size()) >= kMaxCheckedTurns) return;  // the list is not complete
  for (const Turn& t : turns) {
    Turn prefix = t;
    while (prefix.squares.size() > 2) {
      prefix.squares.pop_back();
      const bool listed = names.count(format_turn(s.board, prefix)) != 0;
      FUZZ_CHECK(check_turn(s.board, rules, s.position, prefix).legal == listed);
    }
  }
}

}  // namespace
}  // namespace leapfrog::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace leapfrog;
  if (size > fuzz::kMaxInput) return -1;
  Setup setup;
  try {
    setup = parse_position(fuzz::as_text(data, size));
  } catch (const ParseError& e) {
    fuzz::check_message(e.what());
    return 0;
  }
  fuzz::check_consistent(setup);
  fuzz::check_round_trips(setup);
  fuzz::check_turns(setup);
  return 0;
}
