// Small things a new user trips over: how solitaire reads a position's players, a square the
// board's shape leaves out, the exit codes check.md promises.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <fstream>
#include <string>

#include "run_cli.h"

using leapfrog::testing::run_cli;
using leapfrog::testing::slurp;

TEST_CASE("solve says that a position's players owed no removal in words", "[cli][solve]") {
  const auto r = run_cli("solve '3441./33311/.1.41/.4.../.41.1' --by pieces --color never");
  INFO(r.err);
  CHECK(r.code == 0);
  CHECK(r.out.find("solitaire: one player makes every turn, no opening removal (the position's 2 "
                   "players owed none)") != std::string::npos);
}

TEST_CASE("solve --finish on a square the board leaves out says so", "[cli][solve]") {
  const auto r = run_cli("solve english --finish a1");
  CHECK(r.code == 2);
  CHECK(r.err ==
        "leapfrog solve: --finish: square a1 is on the 7x7 grid but not a square of the board "
        "('#' in its position text). Try 'leapfrog solve --help'.\n");
  CHECK(run_cli("solve english --finish h1").err.find("square h1 is not on the 7x7 board") !=
        std::string::npos);
}

TEST_CASE("check.md names every exit code check has", "[cli][docs]") {
  const std::string doc = slurp(std::string(LEAPFROG_SOURCE_DIR) + "/docs/check.md");
  const std::size_t at = doc.find("Exit codes: ");
  REQUIRE(at != std::string::npos);
  const std::string codes = doc.substr(at, doc.find('.', at) - at);
  for (const char* code : {"0 every puzzle verified", "1 a puzzle failed", "2 bad input"})
    CHECK(codes.find(code) != std::string::npos);
}

TEST_CASE(
    "square-grid options on a hex puzzle file or record are refused, not read as a square grid",
    "[cli][hex]") {
  // a1xa3 is a jump on the triangle of side 3 and on a square grid alike: read as a square
  // grid it would pass, drawn and replayed on the wrong lattice.
  const std::string tag = std::to_string(::getpid());
  const std::string puzzles = "leapfrog_hex_puzzle_" + tag + ".epd";
  const std::string record = "leapfrog_hex_record_" + tag + ".txt";
  {
    std::ofstream(puzzles, std::ios::binary)
        << ".##/11#/111 variant=triangle bm a1xa3; id \"h1\"; ce 1; kind chain;\n";
    std::ofstream(record, std::ios::binary)
        << "[Start \".##/11#/111 variant=triangle\"]\n\n1. a1xa3\n";
  }
  const auto sheet = run_cli("sheet " + puzzles + " --html - --orthogonal");
  const auto sheet_diagonal = run_cli("sheet " + puzzles + " --html - --diagonal");
  const auto verify = run_cli("verify --game " + record + " --orthogonal");
  const auto analyse = run_cli("analyse --game " + record + " --diagonal --nodes 100");
  // Without those options, or with --grid square asking for the square grid, both are read.
  const auto sheet_plain = run_cli("sheet " + puzzles + " --html -");
  const auto sheet_square = run_cli("sheet " + puzzles + " --html - --grid square --orthogonal");
  const auto verify_plain = run_cli("verify --game " + record);
  const auto verify_square = run_cli("verify --game " + record + " --grid square --orthogonal");
  // A square record read under the command line's other rule options as well: its checks
  // (three scores for --players 3) hold with a lattice option beside them.
  const std::string three = "leapfrog_three_record_" + tag + ".txt";
  { std::ofstream(three, std::ios::binary) << "[Start \"1.1/111/111\"]\n[Scores \"0,0,0\"]\n\n"; }
  const auto three_plain = run_cli("verify --game " + three + " --players 3");
  const auto three_orthogonal = run_cli("verify --game " + three + " --players 3 --orthogonal");
  std::remove(three.c_str());
  CHECK(three_plain.code == 0);
  CHECK(three_orthogonal.code == 0);
  std::remove(puzzles.c_str());
  std::remove(record.c_str());
  CHECK(sheet.code == 2);
  CHECK(sheet.out.empty());
  CHECK(sheet.err ==
        "leapfrog sheet: --orthogonal: the board is grid=hex (six directions); --grid square reads "
        "it as a square grid. Try 'leapfrog sheet --help'.\n");
  CHECK(sheet_diagonal.code == 2);
  CHECK(sheet_diagonal.err.starts_with("leapfrog sheet: --diagonal: the board is grid=hex"));
  CHECK(verify.code == 2);
  CHECK(verify.err.starts_with("leapfrog verify: --orthogonal: the board is grid=hex"));
  CHECK(analyse.code == 2);
  CHECK(analyse.err.starts_with("leapfrog analyse: --diagonal: the board is grid=hex"));
  CHECK(sheet_plain.code == 0);
  CHECK(sheet_plain.out.find("six-direction") != std::string::npos);
  CHECK(sheet_square.code == 0);
  CHECK(sheet_square.out.find("six-direction") == std::string::npos);
  CHECK(verify_plain.code == 0);
  CHECK(verify_plain.out.find("grid=square") == std::string::npos);
  CHECK(verify_square.code == 0);
  CHECK(verify_square.out.find("variant=triangle grid=square") != std::string::npos);
}

TEST_CASE("an error that ends with a full stop or a cut quotation gets no second one",
          "[cli][errors]") {
  const auto fen =
      run_cli("chess show '*nskn*/dpaapd/pppppp/6/6/PPPPPP/DPAAPD/*NSKN*/pppppp w KQkq - 0 1'");
  CHECK(fen.code == 2);
  CHECK(fen.err.find("in FEN '*nskn*/dpaapd/pppppp/6/6/PPPPPP/DPAAPD/*NSKN*/pppppp w KQkq '... "
                     "Try 'leapfrog chess show --help'.\n") != std::string::npos);
  const auto scores = run_cli("show '99. scores=6084,0'");
  CHECK(scores.code == 2);
  CHECK(scores.err.ends_with("make more than 6084. Try 'leapfrog show --help'.\n"));
  // A message without one gets it.
  CHECK(run_cli("show zz").err.ends_with("unknown piece 'z'). Try 'leapfrog show --help'.\n"));
}

TEST_CASE("a word given empty is named as empty, not as missing", "[cli][robust]") {
  // An unset shell variable ("$POS") gives an empty word: the error says so, in every command,
  // with what to give instead (or to leave out, where the word may be left out).
  const std::string board =
      " (give a board's name such as murray, a position's text or a file). Try 'leapfrog ";
  const std::pair<const char*, std::string> cases[] = {
      {"analyse ''", "leapfrog analyse: POSITION is empty" + board + "analyse --help'.\n"},
      {"show ''", "leapfrog show: POSITION is empty" + board + "show --help'.\n"},
      {"reach ''", "leapfrog reach: POSITION is empty" + board + "reach --help'.\n"},
      {"verify startpos ''", "leapfrog verify: MOVE is empty. Try 'leapfrog verify --help'.\n"},
      {"play ''",
       "leapfrog play: POSITION is empty (leave it out for a random Murray layout). Try "
       "'leapfrog play --help'.\n"},
      {"chess play ''",
       "leapfrog chess play: FEN is empty (leave it out for the start position). Try 'leapfrog "
       "chess play --help'.\n"},
      {"chess show ''",
       "leapfrog chess show: FEN is empty (give a FEN, startpos or startpos64). Try 'leapfrog "
       "chess show --help'.\n"},
      {"check ''", "leapfrog check: FILE is empty. Try 'leapfrog check --help'.\n"},
      {"egdb info ''",
       "leapfrog egdb info: POSITION is empty (the board, e.g. traditional --size 6). Try "
       "'leapfrog egdb info --help'.\n"},
      // With --game the record takes the word's place: it is left out, not given.
      {"analyse --game x.lfr ''",
       "leapfrog analyse: --game takes no POSITION. Try 'leapfrog analyse --help'.\n"},
      {"chess verify --game x.lcr ''",
       "leapfrog chess verify: --game takes no FEN or MOVE (the record has both). Try 'leapfrog "
       "chess verify --help'.\n"},
      // And so is a word that is not empty.
      {"analyse --game x.lfr traditional",
       "leapfrog analyse: --game takes no POSITION. Try 'leapfrog analyse --help'.\n"},
      {"verify --game x.lfr startpos",
       "leapfrog verify: --game takes no POSITION or MOVE. Try 'leapfrog verify --help'.\n"},
  };
  for (const auto& [args, err] : cases) {
    INFO(args);
    const auto r = run_cli(args);
    CHECK(r.code == 2);
    CHECK(r.out.empty());
    CHECK(r.err == err);
  }
  // Left out, the word is missing (or, for play, a Murray game).
  CHECK(run_cli("show").err == "leapfrog show: missing POSITION. Try 'leapfrog show --help'.\n");
  // --help still wins.
  CHECK(run_cli("show '' --help").out.starts_with("Usage: leapfrog show POSITION"));
}
