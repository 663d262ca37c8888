// Position text and move notation (docs/notation.md): exact round trips and every kind of
// malformed input, each with a message naming the place.
#include <catch2/catch.hpp>
#include <string>

#include "generator/random.h"
#include "puzzles/notation.h"
#include "puzzles/position.h"
#include "puzzles/variant.h"

using namespace leapfrog;

TEST_CASE("squares are named from a1 at the bottom left", "[notation]") {
  const Board b(4, 3);
  CHECK(parse_square(b, "a1") == 0);
  CHECK(parse_square(b, "d1") == 3);
  CHECK(parse_square(b, "a3") == 8);
  CHECK(square_name(b, 11) == "d3");
  const Board big(26, 26);
  CHECK(parse_square(big, "z26") == 26 * 26 - 1);
  CHECK(square_name(big, parse_square(big, "c12")) == "c12");
  CHECK_THROWS_AS(parse_square(b, "e1"), ParseError);
  CHECK_THROWS_AS(parse_square(b, "a4"), ParseError);
  CHECK_THROWS_AS(parse_square(b, "a0"), ParseError);
  CHECK_THROWS_AS(parse_square(b, "a01"), ParseError);
  CHECK_THROWS_AS(parse_square(b, "A1"), ParseError);
}

TEST_CASE("the example position of docs/notation.md", "[notation]") {
  const Setup s = parse_position("1234/2.#1/4411");
  CHECK(s.board.width() == 4);
  CHECK(s.board.height() == 3);
  CHECK(s.board.squares() == 11);
  CHECK(!s.board.is_square(parse_square(Board(4, 3), "c2")));
  CHECK(s.position.at(parse_square(s.board, "a3")) == 1);
  CHECK(s.position.at(parse_square(s.board, "d3")) == 4);
  CHECK(s.position.at(parse_square(s.board, "b2")) == 0);
  CHECK(s.position.at(parse_square(s.board, "a1")) == 4);
  CHECK(piece_count(s.board, s.position) == 10);
  CHECK(point_total(s.board, s.position) == 23);
  // A bare board: the traditional rules (two players), player 1 to move, scores 0, no
  // removals (the board is not full).
  const Rules r = s.rules();
  CHECK(r.players == 2);
  CHECK(r.continuation == Continuation::kOptional);
  CHECK(r.measure == Measure::kPoints);
  CHECK(r.jumps == JumpSet::kOrthogonal);
  CHECK(s.position.to_move == 0);
  CHECK(s.position.removals_due == 0);
  CHECK(format_position(s) == "1234/2.#1/4411");
}

TEST_CASE("Murray letters and plain pieces are read as values", "[notation]") {
  const Setup s = parse_position("WYRG/oo..");
  CHECK(format_position(s) == "1234/11..");
}

TEST_CASE("fields: variant, players, turn, scores, removals, rules", "[notation]") {
  const Setup s = parse_position(
      "12/34 variant=murray turn=2 scores=5,7 removals=2 continuation=piece-max by=pieces "
      "diagonal=yes opening=first removal=cheapest");
  const Rules r = s.rules();
  CHECK(s.variant == "murray");
  CHECK(r.players == 2);
  CHECK(s.position.to_move == 1);
  CHECK(s.position.scores[0] == 5);
  CHECK(s.position.scores[1] == 7);
  CHECK(s.position.removal_due(1));
  CHECK(!s.position.removal_due(0));
  CHECK(r.continuation == Continuation::kPieceMax);
  CHECK(r.measure == Measure::kPieces);
  CHECK(r.jumps == JumpSet::kDiagonal);
  CHECK(r.opening == Opening::kFirstPlayer);
  CHECK(r.removal == RemovalKind::kCheapest);
  CHECK(parse_position(format_position(s)) == s);
  // Scores imply the number of players on a bare board.
  CHECK(parse_position("1.1 scores=1,2,3").rules().players == 3);
  CHECK(parse_position("1.1 variant=english").rules().players == 1);
  CHECK(parse_position("1.1 variant=take-it-away").rules().jumps == JumpSet::kDiagonal);
}

TEST_CASE("one_player: one player makes every turn and owes one removal at most", "[notation]") {
  // Player 2 to move, scores made, player 2 owes a removal: player 1 alone, from nothing,
  // owing one removal; the rest of the position as it was.
  const Setup s = parse_position("12/34 variant=murray turn=2 scores=5,7 removals=2 by=pieces");
  const Setup solo = one_player(s);
  CHECK(solo.rules().players == 1);
  CHECK(solo.position.to_move == 0);
  CHECK(solo.position.scores[0] == 0);
  CHECK(solo.position.scores[1] == 0);
  CHECK(solo.position.removals_due == 1);
  CHECK(solo.position.cells == s.position.cells);
  CHECK(solo.rules().measure == Measure::kPieces);
  CHECK(solo.variant == "murray");
  // Two players owing two removals: one; none owed: none.
  CHECK(one_player(parse_position("12/34 players=2 removals=1,2")).position.removals_due == 1);
  CHECK(one_player(parse_position("12/3. players=3")).position.removals_due == 0);
}

TEST_CASE("start_with_holes: the board full but for the holes, the opening's removals due",
          "[notation]") {
  // English: the centre hole filled, c1 and d4's neighbour d5 emptied; one player, no removal
  // owed on a board that is not full.
  const Variant& english = *find_variant("english");
  const Setup s = parse_position(english.start);
  const Square c1 = parse_square(s.board, "c1"), d4 = parse_square(s.board, "d4");
  const Square d5 = parse_square(s.board, "d5");
  const Square holes[] = {c1, d5};
  const Position p = start_with_holes(s.board, s.rules(), s.position, 1, holes);
  CHECK(p.cells[d4] == 1);
  CHECK(p.cells[c1] == 0);
  CHECK(p.cells[d5] == 0);
  CHECK(piece_count(s.board, p) == s.board.squares() - 2);
  CHECK(p.removals_due == 0);
  // No holes: a full board, which owes the opening's removals.
  Rules two = s.rules();
  two.players = 2;
  two.opening = Opening::kEachPlayer;
  const Position full = start_with_holes(s.board, two, s.position, 3, {});
  CHECK(board_full(s.board, full));
  CHECK(full.cells[d4] == 3);
  CHECK(full.removals_due == 3);  // each of the two players owes one
}

TEST_CASE("grid files with comments and fields on their own lines", "[notation]") {
  const std::string grid =
      "# An English board, centre empty\n"
      "; another comment\n"
      "\n"
      "##ooo##\r\n"
      "##ooo##\n"
      "ooooooo\n"
      "ooo.ooo\n"
      "ooooooo\n"
      "##ooo##\n"
      "##ooo##\n"
      "variant=english\n";
  const Setup s = parse_position(grid);
  CHECK(s.board.squares() == 33);
  CHECK(piece_count(s.board, s.position) == 32);
  CHECK(format_position(s) ==
        "##111##/##111##/1111111/111.111/1111111/##111##/##111## variant=english");
  CHECK(format_grid(s.board, s.position) ==
        "##111##\n##111##\n1111111\n111.111\n1111111\n##111##\n##111##\n");
}

TEST_CASE("position text round trips exactly on random positions", "[notation]") {
  Rng rng(42);
  const char* variants[] = {"", "murray", "froglet", "take-it-away", "traditional", "capture"};
  for (int iter = 0; iter < 500; ++iter) {
    const int w = 1 + static_cast<int>(rng.below(26)), h = 1 + static_cast<int>(rng.below(26));
    std::string text;
    for (int r = 0; r < h; ++r) {
      if (r) text += '/';
      for (int f = 0; f < w; ++f) {
        const auto roll = rng.below(12);
        text += roll == 0 ? '#' : roll < 4 ? '.' : static_cast<char>('1' + rng.below(9));
      }
    }
    if (text.find_first_of("123456789.") == std::string::npos) text[0] = '.';
    const std::string v = variants[rng.below(6)];
    if (!v.empty()) text += " variant=" + v;
    const int players = 1 + static_cast<int>(rng.below(4));
    if (rng.below(2)) text += " players=" + std::to_string(players);
    const Setup s = parse_position(text);
    const int n = s.rules().players;
    Setup t = s;
    t.position.to_move = static_cast<std::uint8_t>(rng.below(static_cast<std::uint64_t>(n)));
    for (int p = 0; p < n; ++p)
      t.position.scores[p] = static_cast<Score>(rng.below(3) ? 0 : rng.below(500));
    t.position.removals_due = static_cast<std::uint16_t>(rng.below(1U << n));
    if (rng.below(2)) t.overrides.continuation = static_cast<Continuation>(rng.below(4));
    if (rng.below(2)) t.overrides.measure = static_cast<Measure>(rng.below(2));
    if (rng.below(2)) t.overrides.jumps = static_cast<JumpSet>(rng.below(kJumpSets));
    const std::string once = format_position(t);
    const Setup back = parse_position(once);
    INFO(once);
    REQUIRE(back == t);
    REQUIRE(format_position(back) == once);
  }
}

TEST_CASE("grid=hex selects six directions, diagonal= belongs to the square grid", "[notation]") {
  const Setup t = parse_position(".####/11###/111##/1111#/11111 grid=hex");
  CHECK(t.rules().jumps == JumpSet::kHex);
  CHECK(t.board.squares() == 15);
  CHECK(format_position(t) == ".####/11###/111##/1111#/11111 grid=hex");
  // The field order does not matter, and diagonal=no says nothing more on a hex grid.
  CHECK(parse_position("1.1 diagonal=no grid=hex").rules().jumps == JumpSet::kHex);
  CHECK(parse_position("1.1 grid=square").rules().jumps == JumpSet::kOrthogonal);
  CHECK(parse_position("1.1 grid=square diagonal=yes").rules().jumps == JumpSet::kDiagonal);
  // Capture's preset lattice is hex; grid=square reads its board as a square grid.
  const Setup c = parse_position("11/1. variant=capture");
  CHECK(c.rules().jumps == JumpSet::kHex);
  CHECK(format_position(c) == "11/1. variant=capture");
  const Setup sq = parse_position("11/1. variant=capture grid=square");
  CHECK(sq.rules().jumps == JumpSet::kOrthogonal);
  CHECK(parse_position(format_position(sq)) == sq);
  for (const JumpSet j : {JumpSet::kOrthogonal, JumpSet::kDiagonal, JumpSet::kHex})
    for (const char* variant : {"", "capture", "triangle", "murray"}) {
      Setup s = parse_position("1.1/11#");
      s.variant = variant;
      s.overrides.jumps = j;
      INFO(format_position(s));
      CHECK(parse_position(format_position(s)) == s);
    }
}

TEST_CASE("move notation round trips", "[notation]") {
  const Board b(26, 26);
  for (const char* m : {"xd4", "c3xe3xe5", "a1xa3xa1", "x3xx5", "xx3", "z26xx26", "c12xe12"}) {
    const Turn t = parse_turn(b, m);
    CHECK(format_turn(b, t) == m);
  }
  CHECK(parse_turn(b, "xd4").removal);
  CHECK(!parse_turn(b, "x3xx5").removal);
  CHECK(parse_turn(b, "x3xx5").squares.size() == 2);
  CHECK(parse_turn(b, "xx3").removal);
}

namespace {
std::string error_of(const std::string& text) {
  try {
    parse_position(text);
  } catch (const ParseError& e) {
    return e.what();
  }
  return "(no error)";
}
std::string move_error(const std::string& text) {
  try {
    parse_turn(Board(4, 3), text);
  } catch (const ParseError& e) {
    return e.what();
  }
  return "(no error)";
}
}  // namespace

TEST_CASE("malformed positions name line and column", "[notation]") {
  CHECK(error_of("12/3Z") == "position line 1, column 5: unknown piece 'Z'");
  CHECK(error_of("12\n3Z\n") == "position line 2, column 2: unknown piece 'Z'");
  CHECK(error_of("123/12") ==
        "position line 1, column 5: row has 2 squares, the first row 3 (rows of unequal length)");
  CHECK(error_of("") == "position line 1, column 1: empty position (no board rows)");
  CHECK(error_of("  \n# only a comment\n") ==
        "position line 1, column 1: empty position (no board rows)");
  CHECK(error_of("12//34").find("row has 0 squares") != std::string::npos);
  // Fields alone: the text holds no rows because '=' made every word a field.
  CHECK(error_of("a=b") ==
        "position line 1, column 1: no board rows: 'a=b' reads as a field "
        "(NAME=VALUE), and fields follow the rows");
  CHECK(error_of("# c\n  players=2 variant=murray")
            .starts_with("position line 2, column 3: no board rows: 'players=2'"));
  CHECK(error_of(std::string(27, '1')) == "position line 1, column 27: more than 26 columns");
  std::string tall = "1";
  for (int i = 0; i < 26; ++i) tall += "/1";
  CHECK(error_of(tall) == "position line 1, column 53: more than 26 rows");
  CHECK(error_of("12 players=2 turn=3") == "position line 1, column 14: turn 3 but 2 players");
  // Without players=, a later player to move or owing a removal means that many players, as
  // more scores do (a record's [Players] or --players then has the same number).
  CHECK(parse_position("12 turn=3").rules().players == 3);
  CHECK(parse_position("12 turn=3").position.to_move == 2);
  CHECK(parse_position("12 removals=4").rules().players == 4);
  CHECK(parse_position("12 turn=1").rules().players == 2);
  CHECK(error_of("12 colour=red") == "position line 1, column 4: unknown field 'colour'");
  CHECK(error_of("12 variant=chess") == "position line 1, column 4: unknown variant 'chess'");
  CHECK(error_of("12 continuation=sometimes").find("bad continuation 'sometimes'") !=
        std::string::npos);
  CHECK(error_of("12 scores=1,x") == "position line 1, column 4: bad scores entry 'x' (0..6084)");
  // A score and the points still on the board are held to the bound together: play moves
  // points from one to the other, so every position played from one read reads back.
  CHECK(error_of("99. scores=6084,0") ==
        "position line 1, column 5: scores entry 6084 and the 18 points on the board make more "
        "than 6084");
  CHECK(parse_position("99. scores=6066,0").position.scores[0] == 6066);
  CHECK(error_of("12 players=2 removals=3") ==
        "position line 1, column 14: removal for player 3 but 2 players");
  CHECK(error_of("1111/1111 removals=2,1,2") ==
        "position line 1, column 11: removals: player 2 given twice");
  CHECK(error_of("12 turn=1 34") == "position line 1, column 11: board rows after the fields");
  CHECK(error_of("1\t\x01") == "position line 1, column 3: unknown piece '\\x01'");
  CHECK(error_of("#/#") == "position line 1, column 1: the board has no squares");
  CHECK(error_of("12 players=") == "position line 1, column 4: field 'players' has no value");
  CHECK(error_of("1.1 grid=round") ==
        "position line 1, column 5: bad grid 'round' (square or hex)");
  CHECK(error_of("1.1\n11. grid=hex\n  diagonal=yes") ==
        "position line 3, column 3: diagonal=yes on a grid=hex board (its six directions are "
        "fixed)");
  CHECK(error_of("1.1 variant=capture diagonal=yes").find("column 21: diagonal=yes") !=
        std::string::npos);
  CHECK(error_of("1.#/1Z grid=hex") == "position line 1, column 6: unknown piece 'Z'");
  // A hex board's rows are written full width too, '#' where the shape has no cell: a row
  // cut short (the triangle without its padding) or one cell too long is ragged.
  CHECK(error_of("1##/11/111 grid=hex") ==
        "position line 1, column 5: row has 2 squares, the first row 3 (rows of unequal length)");
  CHECK(error_of("1##\n11#\n1111 grid=hex") ==
        "position line 3, column 1: row has 4 squares, the first row 3 (rows of unequal length)");
}

TEST_CASE("malformed moves", "[notation]") {
  CHECK(move_error("") == "move '' column 1: empty move");
  CHECK(move_error("c3") ==
        "move 'c3' column 1: a jump chain needs a start and a landing square (c3xe3)");
  CHECK(move_error("xa1xa3") == "move 'xa1xa3' column 1: a removal names one square (xd4)");
  CHECK(move_error("a1-a3") ==
        "move 'a1-a3' column 3: expected 'x' between squares, found '-' (did you mean a1xa3?)");
  CHECK(move_error("a1xe1") == "move 'a1xe1' column 4: square e1 is not on the 4x3 board");
  CHECK(move_error("a1x") == "move 'a1x' column 4: expected a square (file letter a..z)");
  CHECK(move_error("1a") == "move '1a' column 1: expected a square (file letter a..z)");
  CHECK(move_error("ax3") == "move 'ax3' column 2: expected a rank number after the file letter");
  CHECK(move_error("a1xa0") ==
        "move 'a1xa0' column 4: bad square 'a0' (a file letter a..z and a rank number)");
}

TEST_CASE("errors quote at most the start of a long move or field", "[notation]") {
  // One line a person can read, whatever was pasted: the text is clipped, its place kept.
  const std::string long_move = "a1-" + std::string(500, 'a');
  const std::string m = move_error(long_move);
  CHECK(m.size() < 160);
  CHECK(m.find("aaa'... column 3: expected 'x' between squares") != std::string::npos);
  const std::string f = error_of("12/34 variant=" + std::string(500, 'q'));
  CHECK(f.size() < 160);
  CHECK(f.find("unknown variant 'qqqq") != std::string::npos);
  CHECK(error_of("12/34 " + std::string(400, 'k') + "=1").size() < 160);
}

TEST_CASE("a full board has the opening removals due unless a removals field says otherwise",
          "[notation]") {
  // Murray: opening=each, two players.
  CHECK(parse_position("12/34 variant=murray").position.removals_due == 3);
  CHECK(parse_position("12/34 variant=murray opening=first").position.removals_due == 1);
  CHECK(parse_position("12/34 variant=murray opening=none").position.removals_due == 0);
  CHECK(parse_position("12/34 variant=murray players=1").position.removals_due == 1);
  CHECK(parse_position("12/34 variant=froglet").position.removals_due == 1);
  CHECK(parse_position("12/34 variant=murray removals=-").position.removals_due == 0);
  CHECK(parse_position("12/34 variant=murray removals=2").position.removals_due == 2);
  // No-squares do not count, empty squares do.
  CHECK(parse_position("1#/34 variant=murray").position.removals_due == 3);
  CHECK(parse_position("1./34 variant=murray").position.removals_due == 0);
  // Round trips for every removals value on a full board, whatever the opening.
  for (const char* opening : {"", " opening=first", " opening=none"})
    for (std::uint16_t due = 0; due < 4; ++due) {
      Setup s = parse_position(std::string("12/34 variant=murray") + opening);
      s.position.removals_due = due;
      const std::string text = format_position(s);
      INFO(text);
      CHECK(parse_position(text) == s);
    }
  CHECK(format_position(parse_position("12/34 variant=murray removals=-")) ==
        "12/34 variant=murray removals=-");
  CHECK(format_position(parse_position("12/34 variant=murray removals=1,2")) ==
        "12/34 variant=murray");
}

TEST_CASE("the number of players: the field, else the variant's, a bare board being traditional",
          "[notation]") {
  CHECK(parse_position("1.1").rules().players == 2);
  CHECK(parse_position("1.1").rules() == parse_position("1.1 variant=traditional").rules());
  CHECK(parse_position("1.1 variant=murray").rules().players == 2);
  CHECK(parse_position("1.1 variant=english").rules().players == 1);
  CHECK(parse_position("1.1 players=1").rules().players == 1);
  CHECK(parse_position("1.1 scores=1,2,3").rules().players == 3);
  CHECK(format_position(parse_position("1.1")) == "1.1");
  CHECK(format_position(parse_position("1.1 players=1")) == "1.1 players=1");
}

TEST_CASE("a field given twice in position text is refused by its place", "[notation]") {
  CHECK(error_of("21.1. turn=2 turn=1") == "position line 1, column 14: field 'turn' given twice");
  CHECK(error_of("21.1. variant=murray variant=english") ==
        "position line 1, column 22: field 'variant' given twice");
  CHECK(error_of("11/11 by=pieces scores=1,2 by=points") ==
        "position line 1, column 28: field 'by' given twice");
  // Fields that name one thing in two ways are each once, and both may be given.
  CHECK(error_of("11/11 grid=square diagonal=yes") == "(no error)");
}
