// The move readers stay strict (a move reads back as written), and name the move that was
// meant when it is written as people try before they know the notation.
#include <catch2/catch.hpp>

#include "core/respell.h"
#include "puzzles/notation.h"

using namespace leapfrog;

namespace {
std::string turn_error(const Board& board, const std::string& text) {
  try {
    parse_turn(board, text);
  } catch (const ParseError& e) {
    return e.what();
  }
  return "(no error)";
}
}  // namespace

TEST_CASE("respell reads squares in either case with any of the usual joins", "[notation]") {
  auto r = respell("A2-C2:E2", "", true);
  REQUIRE(r);
  CHECK(r->squares == std::vector<std::string>{"a2", "c2", "e2"});
  CHECK(!r->removal);
  r = respell("XD4", "", true);
  REQUIRE(r);
  CHECK(r->removal);
  CHECK(r->squares == std::vector<std::string>{"d4"});
  r = respell("Nb1c3", "KNADSP", false);
  REQUIRE(r);
  CHECK(r->squares == std::vector<std::string>{"b1", "c3"});
  CHECK(!respell("a2--c2", "", true));
  CHECK(!respell("hello", "", true));
  CHECK(!respell("", "", true));
}

TEST_CASE("Leap-Frog moves in other spellings name the notation's", "[notation]") {
  const Board board(5, 5);
  CHECK(turn_error(board, "E3XC3XA3") ==
        "move 'E3XC3XA3' column 1: expected a square (file letter a..z) (did you mean "
        "e3xc3xa3?)");
  CHECK(turn_error(board, "a2-c2").ends_with("(did you mean a2xc2?)"));
  CHECK(turn_error(board, "a2c2").ends_with("(did you mean a2xc2?)"));
  CHECK(turn_error(board, "XD4").ends_with("(did you mean xd4?)"));
  // No hint when the respelt move does not read either.
  CHECK(turn_error(board, "a2-z2").find("did you mean") == std::string::npos);
  CHECK(turn_error(board, "a2xz2").find("did you mean") == std::string::npos);
}

TEST_CASE("a square the board's shape leaves out is named as such", "[notation]") {
  const Setup english = parse_position("##111##/##111##/1111111/111.111/1111111/##111##/##111##");
  CHECK(turn_error(english.board, "a1xa3") ==
        "move 'a1xa3' column 1: square a1 is on the 7x7 grid but not a square of the board ('#' "
        "in its position text)");
  CHECK(turn_error(english.board, "h1xa3") ==
        "move 'h1xa3' column 1: square h1 is not on the 7x7 board");
}
