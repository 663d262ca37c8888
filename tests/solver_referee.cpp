// The referee on the shipped example records (puzzles/records/) and on small made-up games.
#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>

#include "solver/referee.h"

using namespace leapfrog;

namespace {

GameRecord load(const std::string& name) {
  std::ifstream in(std::string(LEAPFROG_SOURCE_DIR) + "/puzzles/records/" + name);
  REQUIRE(in);
  std::ostringstream ss;
  ss << in.rdbuf();
  return parse_record(ss.str());
}

}  // namespace

TEST_CASE("the valid example records replay without error", "[solver][referee]") {
  for (const char* name : {"murray-6x6-piece-max.lfr", "traditional-5x5-three-players.lfr",
                           "lattice-9x9-solitaire.lfr", "capture-61.lfr"}) {
    INFO(name);
    const GameRecord r = load(name);
    const GameReport g = referee(r);
    CHECK(g.legal);
    CHECK_FALSE(g.first_error);
    CHECK(g.turns.size() == r.turns.size());
    REQUIRE(r.scores);
    for (int p = 0; p < r.start.rules().players; ++p)
      CHECK(g.final.scores[p] == (*r.scores)[static_cast<std::size_t>(p)]);
  }
  const GameReport murray = referee(load("murray-6x6-piece-max.lfr"));
  CHECK(murray.finished);
  CHECK(murray.winners == std::vector<int>{1});
  // Capture: six-direction jumps on the 61-hole hexagon, played to its end.
  const GameRecord capture = load("capture-61.lfr");
  CHECK(capture.start.rules().jumps == JumpSet::kHex);
  CHECK(capture.start.board.squares() == 61);
  const GameReport c = referee(capture);
  CHECK(c.finished);
  CHECK(c.winners == std::vector<int>{1});
  // Its 5th turn, h1xf3 over g2, is a jump of the lattice's own diagonal: read as a square
  // grid the record is illegal.
  GameRecord square = capture;
  square.start.overrides.jumps = JumpSet::kOrthogonal;
  CHECK_FALSE(referee(square).legal);
}

TEST_CASE("the faulty example record is rejected at ply 6", "[solver][referee]") {
  const GameReport g = referee(load("murray-6x6-faulty.lfr"));
  CHECK_FALSE(g.legal);
  REQUIRE(g.first_error);
  const TurnReport& t = g.turns[static_cast<std::size_t>(*g.first_error)];
  CHECK(t.ply == 6);
  CHECK(t.move == "d4xb4");
  CHECK(t.line == 12);
  CHECK_FALSE(t.verdict.legal);
  CHECK(g.error.rfind("ply 6 (line 12) d4xb4: the piece on d4 can capture", 0) == 0);
}

TEST_CASE("turns after the end, and wrong claimed scores, are errors", "[solver][referee]") {
  // 21.1. : a1xc1xe1 ends the game (nothing can jump afterwards).
  GameReport g = referee(parse_record("[Start \"21.1.\"]\n1. a1xc1xe1 2. e1xc1\n"));
  CHECK_FALSE(g.legal);
  REQUIRE(g.first_error);
  CHECK(*g.first_error == 1);
  CHECK(g.error.find("the game is over") != std::string::npos);

  g = referee(parse_record("[Start \"21.1.\"]\n[Scores \"2,0\"]\n1. a1xc1xe1\n"));
  CHECK(g.legal);
  CHECK(g.finished);
  g = referee(parse_record("[Start \"21.1.\"]\n[Scores \"3,0\"]\n1. a1xc1xe1\n"));
  CHECK_FALSE(g.legal);
  CHECK_FALSE(g.first_error);
  CHECK(g.error.find("[Scores] claims 3") != std::string::npos);

  // Optional continuation: a short capture is legal, reported as not maximal.
  g = referee(parse_record("[Start \"21.1.\"]\n1. a1xc1\n"));
  CHECK(g.legal);
  REQUIRE(g.turns.size() == 1);
  CHECK_FALSE(g.turns[0].verdict.maximal);
}
