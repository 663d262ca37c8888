// Game records: reading, writing, and the errors for malformed records (line and column); a
// byte-order mark before any text a reader takes.
#include <catch2/catch.hpp>
#include <utility>

#include "puzzles/puzzle_file.h"
#include "puzzles/record.h"

using namespace leapfrog;

namespace {

constexpr const char* kGame = R"(; a comment line
[Event "Test \"quoted\""]
[Variant "murray"]
[Rules "continuation=piece-max opening=first removal=cheapest"]
[Board "3x3"]
[Players "Ann, Bob"]
[Start "123/412/121"]

1. xa1 {first} 2. c1xa1 ; dropped
3. a3xa1 {two} {comments}
)";

std::string error_of(const std::string& text) {
  try {
    parse_record(text);
  } catch (const ParseError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("a record is read: tags, rules, start, turns and comments", "[puzzles][record]") {
  const GameRecord r = parse_record(kGame);
  CHECK(r.tag("Event") == std::optional<std::string>("Test \"quoted\""));
  CHECK(r.players == std::vector<std::string>{"Ann", "Bob"});
  const Rules rules = r.start.rules();
  CHECK(rules.continuation == Continuation::kPieceMax);
  CHECK(rules.opening == Opening::kFirstPlayer);
  CHECK(rules.removal == RemovalKind::kCheapest);
  CHECK(rules.players == 2);
  // A full board is a game start: the first player owes the removal (Murray).
  CHECK(r.start.position.removal_due(0));
  CHECK_FALSE(r.start.position.removal_due(1));
  REQUIRE(r.turns.size() == 3);
  CHECK(r.turns[0].turn.removal);
  CHECK(format_turn(r.start.board, r.turns[1].turn) == "c1xa1");
  CHECK(r.turns[0].comment == "first");
  CHECK(r.turns[1].comment.empty());
  CHECK(r.turns[2].comment == "two comments");
  CHECK(r.turns[2].line == 10);
  CHECK(r.turns[2].column == 4);
}

TEST_CASE("format_record and parse_record round-trip", "[puzzles][record]") {
  const GameRecord r = parse_record(kGame);
  const GameRecord again = parse_record(format_record(r));
  CHECK(again.start.rules() == r.start.rules());
  CHECK(again.start.position == r.start.position);
  REQUIRE(again.turns.size() == r.turns.size());
  for (std::size_t i = 0; i < r.turns.size(); ++i) {
    CHECK(again.turns[i].turn == r.turns[i].turn);
    CHECK(again.turns[i].comment == r.turns[i].comment);
  }
  CHECK(again.players == r.players);

  // make_record writes what parse_record reads back.
  Setup mid = parse_position("1.3/412/121 players=2 turn=2 scores=4,0 continuation=forced");
  const GameRecord made = make_record(mid, {"A", "B"}, {parse_turn(mid.board, "c3xa3")});
  const GameRecord back = parse_record(format_record(made));
  CHECK(back.start.rules() == mid.rules());
  CHECK(back.start.position == mid.position);
  REQUIRE(back.turns.size() == 1);
  CHECK(back.turns[0].turn == made.turns[0].turn);
}

TEST_CASE("malformed records name the line and column", "[puzzles][record]") {
  CHECK(error_of("[Start \"12/34\"]\n1. a1xa3 {oops\n") ==
        "record line 2, column 10: comment not closed (a '{' without '}')");
  CHECK(error_of("[Start \"12/34\"]\n\n1. a1xz9\n")
            .rfind("record line 3, column 4: move 'a1xz9'", 0) == 0);
  CHECK(error_of("[Start \"12/34\"]\n1. xa1 3. xb1\n") ==
        "record line 2, column 8: ply number 3 where ply 2 was expected");
  // A stray token before a ply number is named, not the numbering it upsets.
  CHECK(error_of("[Start \"21.1.\"]\nzz 1. a1xc1xe1\n")
            .rfind("record line 2, column 1: move 'zz'", 0) == 0);
  CHECK(error_of("[Start \"21.1.\"]\x01\n1. a1xc1xe1\n")
            .rfind("record line 1, column 16: move '\\x01'", 0) == 0);
  // A number with no turn after it is a record cut short; a bad move before it comes first.
  CHECK(error_of("[Start \"21.1.\"]\n1. a1xc1xe1 2.\n") ==
        "record line 2, column 13: ply number 2 with no turn after it");
  CHECK(error_of("[Start \"21.1.\"]\n1. {none yet}\n") ==
        "record line 2, column 1: ply number 1 with no turn after it");
  CHECK(error_of("[Start \"21.1.\"]\n1. zz 2.\n").rfind("record line 2, column 4: move 'zz'", 0) ==
        0);
  // The same number twice, or two in a row: the first is the one cut short.
  CHECK(error_of("[Start \"21.1.\"]\n1. 1. a1xc1xe1\n") ==
        "record line 2, column 1: ply number 1 with no turn after it");
  CHECK(error_of("[Start \"21.1.\"]\n1. a1xc1xe1\n2. 2. 2.\n") ==
        "record line 3, column 1: ply number 2 with no turn after it");
  CHECK(error_of("[Start \"21.1.\"]\n1. 2. a1xc1xe1\n") ==
        "record line 2, column 1: ply number 1 with no turn after it");
  // A move without its number is still a misnumbering.
  CHECK(error_of("[Start \"21.1.\"]\na1xc1 1. c1xe1\n") ==
        "record line 2, column 7: ply number 1 where ply 2 was expected");
  CHECK(error_of("[Variant \"murray\"]\n1. xa1\n") ==
        "record line 2, column 1: no [Start \"...\"] tag before the turns");
  CHECK(error_of("[Start \"12/34\"]\n1. xa1\n[Event \"late\"]\n") ==
        "record line 3, column 1: tag after the first turn (tags come first)");
  CHECK(error_of("[Start \"12/3\"]\n")
            .rfind("record line 1, column 1: [Start]: position line 1", 0) == 0);
  CHECK(error_of("[Board \"3x3\"]\n[Start \"12/34\"]\n") ==
        "record line 1, column 1: [Board \"3x3\"] but the start position is 2x2");
  // A value that is no size is called so, not compared with the start's size; a size is
  // compared as two numbers.
  for (const char* bad : {"5x", "x5", "5x5x", "0x0", "-2x2", "2X2", " 2x2", "2x2 ", "abc", ""})
    CHECK(error_of(std::string("[Board \"") + bad + "\"]\n[Start \"12/34\"]\n") ==
          std::string("record line 1, column 1: [Board \"") + bad +
              "\"]: not a board size WIDTHxHEIGHT, such as 6x6");
  CHECK(error_of("[Board \"02x2\"]\n[Start \"12/34\"]\n").empty());
  CHECK(error_of("[Start \"12/34\"\n") ==
        "record line 1, column 15: expected ']' after the tag's value");
  CHECK(error_of("[Start \"12/34\"]\n[Start \"12/34\"]\n") ==
        "record line 2, column 1: tag [Start] given twice");
  CHECK(error_of("[Rules \"continuation=sometimes\"]\n[Start \"12/34\"]\n")
            .rfind("record line 1, column 1: [Rules]", 0) == 0);
  CHECK(error_of("[Start \"12/34\"]\n[Players \"A, B\"]\n[Scores \"1\"]\n") ==
        "record line 3, column 1: [Scores] gives 1 score for 2 players");
  CHECK(error_of("") == "record line 1, column 1: no [Start \"...\"] tag (the start position)");
}

TEST_CASE("a record's start holds no score or removal of a player beyond the rules' players",
          "[puzzles][record]") {
  // english is a one-player preset: player 2's score in [Start] would be dropped unseen.
  CHECK(error_of("[Variant \"english\"]\n[Start \"1.1 scores=0,5\"]\n") ==
        "record line 2, column 1: [Start]: a score or removal for player 2 but 1 players");
  CHECK(error_of("[Variant \"english\"]\n[Start \"1.1 removals=2\"]\n") ==
        "record line 2, column 1: [Start]: a score or removal for player 2 but 1 players");
  // A full board is a game's start: its scores are 0 and the rules' removals due, so fields
  // of the text for other players do not count.
  const GameRecord full = parse_record("[Variant \"english\"]\n[Start \"11 scores=0,5\"]\n");
  CHECK(full.start.position.scores[1] == 0);
}

TEST_CASE("rule settings from outside the record are read with it and checked under",
          "[puzzles][record]") {
  RuleOverrides three;
  three.players = 3;
  const std::string scored = "[Start \"11.1\"]\n[Scores \"1,0\"]\n1. a1xc1\n";
  CHECK(parse_record(scored).scores->size() == 2);
  CHECK_THROWS_WITH(parse_record(scored, "", three),
                    "record line 2, column 1: [Scores] gives 2 scores for 3 players");
  RuleOverrides two;
  two.players = 2;
  CHECK_THROWS_WITH(parse_record("[Start \"1.1.1 players=3 turn=3\"]\n", "", two),
                    "record line 1, column 1: [Start]: player 3 to move but 2 players");
  CHECK_THROWS_WITH(parse_record("[Start \"1.1.1 scores=0,0,5\"]\n", "", two),
                    "record line 1, column 1: [Start]: a score or removal for player 3 but 2 "
                    "players");
  // [Players] and [Rules] players= count as the start's own players= would: player 3 of
  // three may be the one to move.
  for (const std::string tag : {"[Players \"A, B, C\"]", "[Rules \"players=3\"]"}) {
    INFO(tag);
    const GameRecord three_named = parse_record(tag + "\n[Start \"21.1. turn=3\"]\n1. a1xc1xe1\n");
    CHECK(three_named.start.rules().players == 3);
    CHECK(three_named.start.position.to_move == 2);
  }
  // A turn implies only that many players at least: [Players] may name more, but not fewer,
  // and a count said in so many words must agree with it.
  const GameRecord four =
      parse_record("[Players \"A, B, C, D\"]\n[Start \"21.1. turn=3\"]\n1. a1xc1xe1\n");
  CHECK(four.start.rules().players == 4);
  CHECK(four.start.position.to_move == 2);
  CHECK_THROWS_WITH(parse_record("[Players \"A, B\"]\n[Start \"21.1. turn=3\"]\n"),
                    "record line 2, column 1: [Start]: player 3 to move but 2 players");
  for (const std::string said : {"[Start \"21.1. players=3 turn=3\"]\n",
                                 "[Rules \"players=3\"]\n[Start \"21.1. turn=3\"]\n"}) {
    INFO(said);
    CHECK_THROWS_WITH(parse_record("[Players \"A, B, C, D\"]\n" + said),
                      "record line 1, column 1: [Players] names 4 players, the rules say 3");
  }
  // A full board owes the opening removals of the rules in force: here only player 1's.
  RuleOverrides first;
  first.opening = Opening::kFirstPlayer;
  CHECK(parse_record("[Start \"11/11\"]\n").start.position.removals_due == 3);
  CHECK(parse_record("[Start \"11/11\"]\n", "", first).start.position.removals_due == 1);
  const GameRecord froglet = parse_record("[Start \"11/11\"]\n", "froglet", {});
  CHECK(froglet.start.variant == "froglet");
  CHECK(froglet.start.position.removals_due == 1);
  // Removals the start writes stay, whatever the rules: removals=- on a full board is a
  // finished game (nobody can capture), as the same text is on the command line.
  CHECK(parse_record("[Start \"11/11 removals=-\"]\n").start.position.removals_due == 0);
  CHECK(parse_record("[Start \"11/11 removals=2\"]\n", "", first).start.position.removals_due == 2);
  // Written removals stay even where they equal the plain rules' default.
  CHECK(parse_record("[Start \"11/11 removals=1,2\"]\n", "", first).start.position.removals_due ==
        3);
  // Full boards round-trip through make_record and format_record, whatever they owe under
  // whatever rules: finished, or owing what the plain rules' default would be.
  for (const char* text : {"111/111/111 removals=-", "11/11 opening=first removals=1,2",
                           "11/11 variant=froglet removals=1,2", "11/11 opening=first",
                           "11/11 opening=none removals=2", "11/11"}) {
    INFO(text);
    const Setup full = parse_position(text);
    const GameRecord read = parse_record(format_record(make_record(full, {}, {})));
    CHECK(read.start.position == full.position);
    CHECK(read.start.rules() == full.rules());
  }
}

TEST_CASE("empty comments add nothing to a turn's comment", "[puzzles][record]") {
  const GameRecord r = parse_record("[Start \"12/34\"]\n1. a1xa2 {first} {} { }\n");
  REQUIRE(r.turns.size() == 1);
  CHECK(r.turns[0].comment == "first");
  CHECK(parse_record(format_record(r)).turns[0].comment == "first");
  CHECK(parse_record("[Start \"12/34\"]\n1. a1xa2 {} {second}\n").turns[0].comment == "second");
}

TEST_CASE("record errors escape the control characters of the text they echo",
          "[puzzles][record]") {
  // A tag's name and value are the user's text: a message shows them escaped (core/text.h),
  // so that it stays one line and sends no control sequence to a terminal.
  CHECK(error_of("[Board \"\x1b[2J\"]\n[Start \"12/34\"]\n") ==
        "record line 1, column 1: [Board \"\\x1b[2J\"]: not a board size WIDTHxHEIGHT, such as "
        "6x6");
  CHECK(error_of("[A\x01 \"x\"]\n[A\x01 \"y\"]\n[Start \"12/34\"]\n") ==
        "record line 2, column 1: tag [A\\x01] given twice");
}

TEST_CASE("six-direction positions round-trip through records", "[puzzles][record]") {
  // Each with a turn that is a jump of its own lattice (the first two along the lattice's
  // diagonal, which the square grid does not have).
  const std::pair<const char*, const char*> cases[] = {
      {".####/11###/111##/1111#/11111 grid=hex players=1", "c3xa5"},
      {"11.##/1111#/#11.1/##111 variant=capture turn=2 scores=1,0", "e2xc4"},
      {"11.##/1111#/#11.1/##111 variant=capture grid=square", "a4xc4"},
  };
  for (const auto& [text, move] : cases) {
    INFO(text);
    const Setup s = parse_position(text);
    const Turn t = parse_turn(s.board, move);
    const std::vector<std::string> players =
        s.rules().players == 1 ? std::vector<std::string>{"A"} : std::vector<std::string>{"A", "B"};
    const GameRecord made = make_record(s, players, {t});
    const GameRecord back = parse_record(format_record(made));
    CHECK(back.start.rules() == s.rules());
    CHECK(back.start.position == s.position);
    CHECK(back.start.board == s.board);
    REQUIRE(back.turns.size() == 1);
    CHECK(back.turns[0].turn == t);
  }
}

TEST_CASE("a UTF-8 byte-order mark before a record, a puzzle file or position text is skipped",
          "[puzzles][record]") {
  const std::string bom = "\xef\xbb\xbf";
  const GameRecord r = parse_record(bom + kGame);
  CHECK(r.start.position == parse_record(kGame).start.position);
  REQUIRE(r.turns.size() == 3);
  // The line and column of an error count from after the mark.
  CHECK(error_of(bom + "1. a1xc1\n").starts_with("record line 1, column 1: no [Start"));
  CHECK(parse_position(bom + "1234/2.#1/4411") == parse_position("1234/2.#1/4411"));
  CHECK(parse_puzzles(bom + "1.1 bm a1xc1; ce 1;\n").size() == 1);
  CHECK(parse_puzzles(bom + "PuzzleId,Position,Moves,Value\nx,11.,a1xc1,1\n").size() == 1);
}
