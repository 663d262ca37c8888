// Puzzle files: exact round trips of both formats, and errors that name line and column.
#include <catch2/catch.hpp>

#include "puzzles/puzzle_file.h"

using namespace leapfrog;

namespace {

Puzzle sample() {
  Puzzle p;
  p.id = "m01";
  p.kind = PuzzleKind::kChain;
  p.setup = parse_position("1...2/11212/2...2/.23.1/.1.21 variant=murray players=1");
  p.solution = {parse_turn(p.setup.board, "e1xc1xc3xc5")};
  p.value = 7;
  p.rating = 1100;
  p.themes = {"straight", "long"};
  p.unique = true;
  p.extra = {{"source", "hand made; \"quoted\""}, {"note", "x"}};
  return p;
}

Puzzle with_commas() {
  // scores=3,4 puts a comma into the position, so CSV must quote it.
  Puzzle p;
  p.id = "two,players";
  p.kind = PuzzleKind::kSolitaire;
  p.setup = parse_position("11.1/.1../1... players=2 turn=2 scores=3,4");
  p.solution = {parse_turn(p.setup.board, "b3xd3"), parse_turn(p.setup.board, "a3xc3")};
  p.value = 2;
  p.rating = -5;
  return p;
}

}  // namespace

TEST_CASE("EPD puzzle lines round-trip exactly", "[puzzle_file]") {
  const std::vector<Puzzle> ps{sample(), with_commas()};
  const std::string text = format_puzzles_epd(ps);
  CHECK(text ==
        "1...2/11212/2...2/.23.1/.1.21 variant=murray players=1 bm e1xc1xc3xc5; id \"m01\"; ce 7; "
        "kind chain; "
        "rating 1100; themes \"straight long\"; unique 1; source \"hand made; \\\"quoted\\\"\"; "
        "note x;\n"
        "11.1/.1../1... players=2 turn=2 scores=3,4 bm b3xd3 a3xc3; id \"two,players\"; ce 2; kind "
        "solitaire; "
        "rating -5; unique 0;\n");
  CHECK(parse_puzzles_epd(text) == ps);
  CHECK(format_puzzles_epd(parse_puzzles_epd(text)) == text);
  CHECK(parse_puzzles(text) == ps);
}

TEST_CASE("EPD reading: comments, blank lines, any field order, defaults", "[puzzle_file]") {
  const auto ps = parse_puzzles_epd(
      "; a comment\n# another one\n\n"
      "1.1 bm a1xc1; unique 1; id \"x\";\r\n"
      "  \n"
      "##ooo##/##ooo##/ooooooo/ooo.ooo/ooooooo/##ooo##/##ooo## bm d2xd4;\n");
  REQUIRE(ps.size() == 2);
  CHECK(ps[0].id == "x");
  CHECK(ps[0].unique);
  CHECK(ps[0].value == 0);
  CHECK(ps[0].kind == PuzzleKind::kChain);
  // A position starting with '#' (no square) is not a comment.
  CHECK(ps[1].setup.board.squares() == 33);
  CHECK(format_turn(ps[1].setup.board, ps[1].solution.at(0)) == "d2xd4");
}

TEST_CASE("EPD errors name the line and column", "[puzzle_file]") {
  using Catch::Matchers::Contains;
  CHECK_THROWS_WITH(parse_puzzles_epd("1.1 bm a1xc1;\n1.1 a1xc1;\n"),
                    Contains("puzzle line 2") && Contains("bm"));
  CHECK_THROWS_WITH(parse_puzzles_epd("1.1 bm a1xc1; ce seven;"),
                    Contains("puzzle line 1, column 18") && Contains("bad value"));
  CHECK_THROWS_WITH(parse_puzzles_epd("1.1 bm a1xc1; kind odd;"),
                    Contains("column 20") && Contains("bad kind"));
  CHECK_THROWS_WITH(parse_puzzles_epd("1.1 bm a1xc1; id \"open;"), Contains("unterminated string"));
  CHECK_THROWS_WITH(parse_puzzles_epd("1.1 bm a1xc1; id \"a\" b;"), Contains("expected ';'"));
  CHECK_THROWS_WITH(parse_puzzles_epd("1.1 bm a1xc1; rating 5"), Contains("does not end with ';'"));
  CHECK_THROWS_WITH(parse_puzzles_epd("1.1 bm a1xc1; id \"a\"; id \"b\";"),
                    Contains("given twice"));
  CHECK_THROWS_WITH(parse_puzzles_epd("1.1 bm a1xz9;"),
                    Contains("puzzle line 1") && Contains("not on the 3x1 board"));
  CHECK_THROWS_WITH(parse_puzzles_epd("\n\n1Z1 bm a1xc1;"),
                    Contains("puzzle line 3") && Contains("unknown piece 'Z'"));
  CHECK_THROWS_WITH(parse_puzzles_epd("1.1 bm a1xc1; 9x 1;"),
                    Contains("column 15") && Contains("field name"));
  CHECK_THROWS_AS(parse_puzzles_epd("1.1 bm a1xc1; unique yes;"), ParseError);
}

TEST_CASE("CSV puzzle files round-trip exactly", "[puzzle_file]") {
  const std::vector<Puzzle> ps{sample(), with_commas()};
  const std::string text = format_puzzles_csv(ps);
  CHECK(text ==
        "PuzzleId,Position,Moves,Value,Rating,Themes,Kind,Unique,source,note\n"
        "m01,1...2/11212/2...2/.23.1/.1.21 variant=murray players=1,e1xc1xc3xc5,7,1100,straight "
        "long,chain,1,"
        "\"hand made; \"\"quoted\"\"\",x\n"
        "\"two,players\",\"11.1/.1../1... players=2 turn=2 scores=3,4\",b3xd3 "
        "a3xc3,2,-5,,solitaire,0,,\n");
  CHECK(parse_puzzles_csv(text) == ps);
  CHECK(format_puzzles_csv(parse_puzzles_csv(text)) == text);
  CHECK(parse_puzzles(text) == ps);
}

TEST_CASE("CSV reading: CRLF, quoted line breaks, columns in any order, optional columns",
          "[puzzle_file]") {
  const auto ps = parse_puzzles_csv(
      "Moves,PuzzleId,Position,note\r\n"
      "a1xc1,p1,1.1,\"two\r\nlines\"\r\n"
      "\r\n"
      "a1xc1,p2,1.1,\r\n");
  REQUIRE(ps.size() == 2);
  CHECK(ps[0].id == "p1");
  CHECK(ps[0].extra == std::vector<std::pair<std::string, std::string>>{{"note", "two\r\nlines"}});
  CHECK(ps[1].extra.empty());
  CHECK(ps[1].rating == 0);
  // A line of spaces or tabs is blank too, before the header as after it (the detection of
  // the format skips it).
  const auto spaced = parse_puzzles(" \t\nPuzzleId,Position,Moves\n  \np1,1.1,a1xc1\n\t\n");
  REQUIRE(spaced.size() == 1);
  CHECK(spaced[0].id == "p1");
}

TEST_CASE("CSV errors name the line and column", "[puzzle_file]") {
  using Catch::Matchers::Contains;
  CHECK_THROWS_WITH(parse_puzzles_csv(""), Contains("no header"));
  CHECK_THROWS_WITH(parse_puzzles_csv("PuzzleId,Moves\n"), Contains("no column 'Position'"));
  CHECK_THROWS_WITH(parse_puzzles_csv("PuzzleId,Position,Moves\np,1.1,a1xc1,extra\n"),
                    Contains("line 2") && Contains("4 fields, the header has 3"));
  CHECK_THROWS_WITH(parse_puzzles_csv("PuzzleId,Position,Moves,Value\np,1.1,a1xc1,lots\n"),
                    Contains("puzzle CSV line 2, column 13") && Contains("bad value"));
  CHECK_THROWS_WITH(parse_puzzles_csv("PuzzleId,Position,Moves\np,\"1.1,a1xc1\n"),
                    Contains("unterminated"));
  // The solution is required, in either format.
  CHECK_THROWS_WITH(parse_puzzles_csv("PuzzleId,Position,Moves\np,1.1,\n"),
                    Contains("puzzle CSV line 2, column 7") && Contains("solution is empty"));
  CHECK_THROWS_WITH(parse_puzzles_epd("1.1 bm ; id p;"),
                    Contains("line 1") && Contains("solution is empty"));
  CHECK_THROWS_WITH(parse_puzzles_epd("1.1 bm \"\"; id p;"), Contains("solution is empty"));
  CHECK_THROWS_WITH(parse_puzzles_csv("PuzzleId,Position,Moves\np,1\"1,a1xc1\n"),
                    Contains("column 4") && Contains("quote"));
  CHECK_THROWS_WITH(parse_puzzles_csv("PuzzleId,Position,Moves\np,1.1,a1xq1\n"),
                    Contains("line 2, column 7"));
}

TEST_CASE("mangled puzzle files give ParseError or puzzles that round-trip", "[puzzle_file]") {
  const std::string epd = format_puzzles_epd(std::vector<Puzzle>{sample(), with_commas()});
  const std::string csv = format_puzzles_csv(std::vector<Puzzle>{sample(), with_commas()});
  const std::string alphabet = " ;\"\\,\n\r#.1234xabcdm=";
  std::uint64_t state = 12345;
  const auto next = [&] {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<std::size_t>(state >> 33);
  };
  int parsed = 0, rejected = 0;
  for (int round = 0; round < 3000; ++round) {
    std::string text = round % 2 ? epd : csv;
    for (int edits = 1 + static_cast<int>(next() % 3); edits > 0; --edits) {
      const std::size_t at = next() % text.size();
      switch (next() % 3) {
        case 0:
          text[at] = alphabet[next() % alphabet.size()];
          break;
        case 1:
          text.erase(at, 1);
          break;
        default:
          text.insert(at, 1, alphabet[next() % alphabet.size()]);
      }
    }
    try {
      const auto ps = parse_puzzles(text);
      ++parsed;
      CHECK(parse_puzzles_epd(format_puzzles_epd(ps)) == ps);
      // CSV keeps every puzzle except empty extra fields (docs/puzzle-files.md).
      bool empty_extra = false;
      for (const Puzzle& p : ps)
        for (const auto& kv : p.extra) empty_extra |= kv.second.empty();
      if (!empty_extra) CHECK(parse_puzzles_csv(format_puzzles_csv(ps)) == ps);
    } catch (const ParseError&) {
      ++rejected;
    }
  }
  CHECK(parsed > 0);
  CHECK(rejected > 0);
}

TEST_CASE("CSV keeps the order of each puzzle's extra fields", "[puzzle_file]") {
  // The first puzzle has no 'source': ordering the columns by first appearance alone would
  // put 'note' before 'source' and change the second puzzle's order.
  const std::string text =
      "PuzzleId,Position,Moves,Value,Rating,Themes,Kind,Unique,source,note\n"
      "p1,1.1,a1xc1,0,0,,chain,0,,x\n"
      "p2,1.1,a1xc1,0,0,,chain,0,book,y\n";
  const std::vector<Puzzle> ps = parse_puzzles_csv(text);
  REQUIRE(ps.size() == 2);
  CHECK(ps[1].extra ==
        std::vector<std::pair<std::string, std::string>>{{"source", "book"}, {"note", "y"}});
  CHECK(format_puzzles_csv(ps) == text);
  CHECK(parse_puzzles_csv(format_puzzles_csv(ps)) == ps);
}

TEST_CASE("an EPD extra field is never named like a CSV column", "[puzzle_file]") {
  // As an extra field, 'Moves' would give the CSV a second Moves column that no reader takes.
  using Catch::Matchers::Contains;
  CHECK_THROWS_WITH(parse_puzzles_epd("1.1 bm a1xc1; Moves a1xc1;"),
                    Contains("column 15") && Contains("CSV column"));
  // Names differing in case are extra fields like any other, in both formats.
  const std::vector<Puzzle> ps = parse_puzzles_epd("1.1 bm a1xc1; moves a1xc1;");
  REQUIRE(ps.size() == 1);
  CHECK(parse_puzzles_csv(format_puzzles_csv(ps)) == ps);
}

TEST_CASE("six-direction puzzles round-trip through EPD and CSV", "[puzzle_file]") {
  Puzzle p;
  p.id = "tri-1";
  p.kind = PuzzleKind::kSolitaire;
  p.setup = parse_position(".####/11###/111##/1111#/11111 grid=hex players=1");
  p.solution = {parse_turn(p.setup.board, "a3xa5"), parse_turn(p.setup.board, "a1xa3")};
  p.value = 13;
  const std::vector<Puzzle> one{p};
  const std::vector<Puzzle> epd = parse_puzzles_epd(format_puzzles_epd(one));
  const std::vector<Puzzle> csv = parse_puzzles_csv(format_puzzles_csv(one));
  REQUIRE(epd.size() == 1);
  REQUIRE(csv.size() == 1);
  CHECK(epd[0] == p);
  CHECK(csv[0] == p);
  CHECK(epd[0].setup.rules().jumps == JumpSet::kHex);
  CHECK(format_puzzle_epd(p).find("grid=hex") != std::string::npos);
}
