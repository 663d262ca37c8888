// verify_turn: legal / maximal under each continuation rule, on hand-checked positions, and
// agreement with check_turn and the chain search on random positions.
#include <catch2/catch.hpp>

#include "generator/random.h"
#include "puzzles/legality.h"
#include "puzzles/movegen.h"
#include "puzzles/notation.h"
#include "solver/chains/chains.h"
#include "solver/verify.h"

using namespace leapfrog;

namespace {

TurnVerdict check(const std::string& position, const std::string& move, Continuation c) {
  const Setup s = parse_position(position);
  Rules r = s.rules();
  r.continuation = c;
  return verify_turn(s.board, r, s.position, parse_turn(s.board, move));
}

// One rank, a1=2 b1=1 c1=. d1=1 e1=. : a1xc1xe1 takes both 1s; a1xc1 stops halfway.
constexpr const char* kLine = "21.1.";
// Two ranks: a2=1 b2=1 above a1=2 b1=1 . d1=1 . : the piece on a2 can take 1 (a2xc2), the
// piece on a1 can take 2 (a1xc1xe1).
constexpr const char* kTwoPieces = "11.../21.1.";

}  // namespace

TEST_CASE("a maximal chain is legal and maximal under every rule", "[solver][verify]") {
  for (const Continuation c : {Continuation::kOptional, Continuation::kForced,
                               Continuation::kPieceMax, Continuation::kBoardMax}) {
    const TurnVerdict v = check(kLine, "a1xc1xe1", c);
    CHECK(v.legal);
    CHECK(v.maximal);
    CHECK(v.value == 2);
    CHECK(v.max == 2);
    CHECK(v.reason.empty());
  }
}

TEST_CASE("stopping early: legal but not maximal under optional, illegal otherwise",
          "[solver][verify]") {
  TurnVerdict v = check(kLine, "a1xc1", Continuation::kOptional);
  CHECK(v.legal);
  CHECK_FALSE(v.maximal);
  CHECK(v.value == 1);
  CHECK(v.max == 2);
  CHECK(v.reason.find("maximum is 2") != std::string::npos);
  REQUIRE(v.example);
  CHECK(v.example->squares.size() == 3);

  v = check(kLine, "a1xc1", Continuation::kForced);
  CHECK_FALSE(v.legal);
  CHECK(v.reason.find("forced") != std::string::npos);
  v = check(kLine, "a1xc1", Continuation::kPieceMax);
  CHECK_FALSE(v.legal);
  CHECK(v.reason.find("piece-max") != std::string::npos);
  v = check(kLine, "a1xc1", Continuation::kBoardMax);
  CHECK_FALSE(v.legal);
  CHECK(v.reason.find("board-max") != std::string::npos);
}

TEST_CASE("piece-max allows the moved piece's maximum, board-max does not", "[solver][verify]") {
  TurnVerdict v = check(kTwoPieces, "a2xc2", Continuation::kPieceMax);
  CHECK(v.legal);
  CHECK_FALSE(v.maximal);
  CHECK(v.value == 1);
  CHECK(v.max == 2);
  v = check(kTwoPieces, "a2xc2", Continuation::kBoardMax);
  CHECK_FALSE(v.legal);
  CHECK(v.value == 1);
}

TEST_CASE("broken chains are illegal under every rule", "[solver][verify]") {
  for (const Continuation c : {Continuation::kOptional, Continuation::kForced,
                               Continuation::kPieceMax, Continuation::kBoardMax}) {
    CHECK_FALSE(check(kLine, "d1xb1", c).legal);     // jumps the empty c1
    CHECK_FALSE(check(kLine, "c1xe1", c).legal);     // no piece on c1
    CHECK_FALSE(check(kLine, "a1xc1xa1", c).legal);  // b1 is gone by then
    CHECK_FALSE(check(kLine, "xa1", c).legal);       // no removal is due
  }
}

TEST_CASE("removals: legal, maximal only for the largest piece", "[solver][verify]") {
  // a2=1 b2=2 / a1=3 b1=4, player 1 owes an opening removal.
  const Setup s = parse_position("12/34 removals=1");
  Rules r = s.rules();
  TurnVerdict v = verify_turn(s.board, r, s.position, parse_turn(s.board, "xb1"));
  CHECK(v.legal);
  CHECK(v.maximal);
  CHECK(v.value == 4);
  v = verify_turn(s.board, r, s.position, parse_turn(s.board, "xa2"));
  CHECK(v.legal);
  CHECK_FALSE(v.maximal);
  CHECK(v.max == 4);
  CHECK_FALSE(verify_turn(s.board, r, s.position, parse_turn(s.board, "a2xb2")).legal);
  r.removal = RemovalKind::kCheapest;  // Murray: "must remove a white piece"
  CHECK_FALSE(verify_turn(s.board, r, s.position, parse_turn(s.board, "xb1")).legal);
  v = verify_turn(s.board, r, s.position, parse_turn(s.board, "xa2"));
  CHECK(v.legal);
  CHECK(v.maximal);
}

TEST_CASE("verify agrees with check_turn and the maximum on random positions", "[solver][verify]") {
  Rng rng(424242);
  int turns = 0;
  for (int i = 0; i < 150; ++i) {
    const int w = 3 + static_cast<int>(rng.below(4)), h = 3 + static_cast<int>(rng.below(4));
    Setup s{Board(w, h), {}, "", {}};
    for (int k = 0; k < w * h; ++k)
      if (rng.below(100) >= 35) s.position.cells[k] = static_cast<Value>(1 + rng.below(4));
    Rules r;
    r.jumps = i % 3 == 0 ? JumpSet::kDiagonal : JumpSet::kOrthogonal;
    r.measure = i % 2 ? Measure::kPieces : Measure::kPoints;
    const Continuation rules[] = {Continuation::kOptional, Continuation::kForced,
                                  Continuation::kPieceMax, Continuation::kBoardMax};
    r.continuation = rules[i % 4];
    Rules optional = r;
    optional.continuation = Continuation::kOptional;
    const Score max = max_capture(s.board, r, s.position);
    // Every chain (every optional-rule turn): verify's legality is check_turn's.
    for (const Turn& t : legal_turns(s.board, optional, s.position)) {
      const TurnVerdict v = verify_turn(s.board, r, s.position, t);
      const TurnCheck c = check_turn(s.board, r, s.position, t);
      INFO(format_position(s) << " " << format_turn(s.board, t) << " "
                              << to_string(r.continuation));
      CHECK(v.legal == c.legal);
      CHECK(v.max == max);
      CHECK(v.maximal == (c.legal && c.size(r) == max));
      ++turns;
    }
  }
  CHECK(turns > 500);
}

TEST_CASE("legality alone runs no search of the board where the rule does not need one",
          "[solver][verify]") {
  // A stop asked before the start: any search of the board stops at once.
  const std::atomic<bool> stop{true};
  SearchControl control;
  control.stop = &stop;
  const Setup s = parse_position(kTwoPieces);
  const Turn short_chain = parse_turn(s.board, "a1xc1");
  for (const Continuation c : {Continuation::kOptional, Continuation::kForced,
                               Continuation::kPieceMax, Continuation::kBoardMax}) {
    INFO(to_string(c));
    Rules r = s.rules();
    r.continuation = c;
    if (c == Continuation::kOptional) {
      const TurnVerdict v = verify_turn(s.board, r, s.position, short_chain, control, false);
      CHECK(v.legal);
      CHECK_FALSE(v.max_known);
      CHECK_FALSE(v.maximal);
      CHECK(v.value == 1);
      CHECK(v.reason.empty());
      // The maximum asked for: the stopped search leaves the path's legality, nothing more.
      const TurnVerdict stopped = verify_turn(s.board, r, s.position, short_chain, control, true);
      CHECK_FALSE(stopped.complete);
      CHECK(stopped.legal);
      CHECK_FALSE(stopped.maximal);
      CHECK_FALSE(stopped.max_known);
      CHECK(stopped.reason == "search stopped before the maximum was known");
    } else if (c == Continuation::kForced) {
      const TurnVerdict v = verify_turn(s.board, r, s.position, short_chain, control, false);
      CHECK_FALSE(v.legal);
      CHECK(v.reason.find("forced") != std::string::npos);
    } else {
      // piece-max searches the moved piece's chains, board-max the board: both need a search,
      // so the stopped one leaves legality not judged.
      const TurnVerdict v =
          verify_turn(s.board, r, s.position, parse_turn(s.board, "a1xc1xe1"), control, false);
      CHECK_FALSE(v.complete);
      CHECK_FALSE(v.legal);
      CHECK_FALSE(v.maximal);
      CHECK(v.value == 2);
      CHECK(v.reason == "search stopped before the maximum was known");
    }
  }
}
