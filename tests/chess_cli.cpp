// leapfrog chess on the command line: moves, perft, verify (exit codes 0/1/2), FEN errors.
#include <algorithm>
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "run_cli.h"

using leapfrog::testing::quoted;
using leapfrog::testing::run_cli;
using Json = nlohmann::json;

namespace {
// A sail on c4 with three captures to choose from.
const std::string kForced = quoted("*2k1*/6/p1p1p1/6/2S3/6/1P4/*K3* w - - 0 1");
// A dabbabah on a2 that takes a4, c4 and c6 in one turn under the multiple rule.
const std::string kChain = quoted("*2k1*/6/2p3/6/p1p3/6/D5/*1K2* w - - 0 1");

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}
}  // namespace

TEST_CASE("chess moves and perft --json", "[chess]") {
  auto r = run_cli("chess moves startpos --json");
  REQUIRE(r.code == 0);
  CHECK(Json::parse(r.out)["moves"].size() == 13);
  r = run_cli("chess moves " + kChain + " --captures multiple --json");
  REQUIRE(r.code == 0);
  CHECK(Json::parse(r.out)["moves"] == Json::array({"a2xa4xc4xc6"}));
  r = run_cli("chess perft startpos 3 --json");
  REQUIRE(r.code == 0);
  CHECK(Json::parse(r.out)["nodes"] == 1126);
  r = run_cli("chess perft startpos 3 --captures optional --divide --json");
  REQUIRE(r.code == 0);
  const Json j = Json::parse(r.out);
  CHECK(j["nodes"] == 2307);
  CHECK(j["divide"].size() == 13);
  CHECK(j["divide"]["d1e1"].is_number());
  r = run_cli("chess perft startpos x");
  CHECK(r.code == 2);
  CHECK(contains(r.err, "DEPTH"));
}

TEST_CASE("chess verify: a legal capture, exit 0", "[chess]") {
  const auto r = run_cli("chess verify " + kForced + " c4c6 --json");
  REQUIRE(r.code == 0);
  const Json j = Json::parse(r.out);
  CHECK(j["legal"] == true);
  CHECK(j["reason"].is_null());
  CHECK(j["required"].empty());
}

TEST_CASE("chess verify: a quiet move refused because a capture was due, exit 1", "[chess]") {
  auto r = run_cli("chess verify " + kForced + " b2b3 --json");
  REQUIRE(r.code == 1);
  const Json j = Json::parse(r.out);
  CHECK(j["legal"] == false);
  CHECK(contains(j["reason"].get<std::string>(), "capture is due"));
  CHECK(j["required"] == Json::array({"c4a6", "c4c6", "c4e6"}));
  // Under the optional rule the same move is legal.
  r = run_cli("chess verify " + kForced + " b2b3 --captures optional");
  CHECK(r.code == 0);
}

TEST_CASE("chess verify: an illegal move, exit 1", "[chess]") {
  auto r = run_cli("chess verify " + kForced + " c4d5 --json");
  REQUIRE(r.code == 1);
  Json j = Json::parse(r.out);
  CHECK(j["legal"] == false);
  CHECK(j["required"].empty());
  // No piece of the side to move there.
  r = run_cli("chess verify startpos c6c5 --json");
  REQUIRE(r.code == 1);
  CHECK(contains(Json::parse(r.out)["reason"].get<std::string>(), "no piece"));
  // A move into check: the king may not step next to the enemy king.
  r = run_cli("chess verify " + quoted("*2k1*/6/3K2/6/6/6/6/*4* w - - 0 1") + " d6d7 --json");
  REQUIRE(r.code == 1);
  CHECK(contains(Json::parse(r.out)["reason"].get<std::string>(), "check"));
  // What stands in the way is named: a piece of the mover's own side on the landing square,
  // the square a pawn's double step crosses, a piece straight ahead of a pawn.
  const auto reason = [](const std::string& fen, const std::string& move) {
    const auto v = run_cli("chess verify " + quoted(fen) + " " + move + " --json");
    CHECK(v.code == 1);
    return Json::parse(v.out)["reason"].get<std::string>();
  };
  const std::string start = "*nskn*/dpaapd/pppppp/6/6/PPPPPP/DPAAPD/*NSKN* w KQkq - 0 1";
  CHECK(reason(start, "b1b3") ==
        "the piece on b1 cannot move to b3: b3 holds a piece of the "
        "side to move");
  CHECK(reason(start, "b2b4") == "the pawn on b2 cannot step over the piece on b3");
  CHECK(reason("*nskn*/dpaapd/pppppp/6/1p4/PPPPPP/DPAAPD/*NSKN* w KQkq - 0 1", "b3b4") ==
        "a pawn does not capture straight ahead: b4 is occupied");
  CHECK(reason(start, "b3b5") == "the piece on b3 cannot move to b5");
  // A pawn off its double-step rank has no double step to block.
  CHECK(reason("*nskn*/dpaapd/pppppp/6/1p4/PPPPPP/DPAAPD/*NSKN* w KQkq - 0 1", "b3b5") ==
        "the piece on b3 cannot move to b5");
  // A castling names the condition it fails.
  CHECK(reason(start, "d1b1") == "castling d1b1 needs the squares between empty: c1 holds a piece");
  CHECK(reason("*nskn*/dpaapd/pppppp/6/6/PPPPPP/DPAAPD/*N1KN* w Kkq - 0 1", "d1b1") ==
        "castling d1b1 needs the king and its partner unmoved: the right is gone");
  CHECK(reason("*nskn*/dpaapd/pppppp/6/6/PPPdPP/DPA1PD/*N1KN* w KQkq - 0 1", "d1b1") ==
        "castling d1b1 is not allowed out of check");
  CHECK(reason("startpos64", "e1g1") ==
        "castling e1g1 needs the squares between empty: f1 holds a piece");
}

TEST_CASE("chess verify: an x on a move that captures nothing makes it illegal", "[chess]") {
  // c4xc6 captures: the x is welcome. b2xb3 captures nothing, with or without a capture due.
  CHECK(run_cli("chess verify " + kForced + " c4xc6").code == 0);
  for (const std::string rule : {"compulsory", "optional"}) {
    const auto r = run_cli("chess verify " + kForced + " b2xb3 --captures " + rule + " --json");
    REQUIRE(r.code == 1);
    const std::string reason = Json::parse(r.out)["reason"].get<std::string>();
    CHECK(contains(reason,
                   rule == "optional" ? "captures nothing: write it b2b3" : "capture is due"));
  }
  // Castling lands on the king's own knight: no capture either.
  const auto r = run_cli("chess verify startpos d1xe1");
  CHECK(r.code == 1);
  CHECK(contains(r.out, "captures nothing: write it d1e1"));
  CHECK(run_cli("chess verify startpos d1e1").code == 0);
  CHECK(run_cli("chess verify --game -", "1. c3xc4\n").code == 1);
}

TEST_CASE("chess verify: a malformed move, exit 2", "[chess]") {
  for (const char* move : {"c4-c6", "c4", "a1a2", "z9z9", "c4c6q", "xx"}) {
    INFO(move);
    const auto r = run_cli("chess verify " + kForced + " " + quoted(move));
    CHECK(r.code == 2);
    CHECK(r.out.empty());
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  }
}

TEST_CASE("chess verify: a multiple-capture turn stopped too early, exit 1", "[chess]") {
  for (const char* move : {"a2a4", "a2xa4xc4"}) {
    INFO(move);
    const auto r = run_cli("chess verify " + kChain + " " + move + " --captures multiple --json");
    REQUIRE(r.code == 1);
    const Json j = Json::parse(r.out);
    CHECK(j["legal"] == false);
    CHECK(contains(j["reason"].get<std::string>(), "too early"));
  }
  CHECK(run_cli("chess verify " + kChain + " a2xa4xc4xc6 --captures multiple").code == 0);
  // Under the compulsory rule one capture is the turn.
  CHECK(run_cli("chess verify " + kChain + " a2a4").code == 0);
  CHECK(run_cli("chess verify " + kChain + " a2xa4xc4xc6").code == 1);
}

TEST_CASE("chess malformed FEN: exit 2, one line naming the place", "[chess]") {
  const struct {
    const char* fen;
    const char* place;
  } cases[] = {
      {"*nskn*/dpaapd/ppppp/6/6/PPPPPP/DPAAPD/*NSKN* w KQkq - 0 1", "rank 6"},
      {"nnskn*/dpaapd/pppppp/6/6/PPPPPP/DPAAPD/*NSKN* w KQkq - 0 1", "a8"},
      {"*nsnn*/dpaapd/pppppp/6/6/PPPPPP/DPAAPD/*NSKN* w - - 0 1", "Black has 0 kings"},
      {"*nskn*/dpaapd/pppppp/6/6/PPPPPP/DPAAPD/*NSNN* w - - 0 1", "Red has 0 kings"},
      {"*nskn*/dpaapd/pppppp/6/6/PP\033PPP/DPAAPD/*NSKN* w - - 0 1", "\\x1b"},
  };
  for (const auto& c : cases) {
    INFO(c.fen);
    const auto r = run_cli("chess moves " + quoted(c.fen));
    CHECK(r.code == 2);
    CHECK(contains(r.err, c.place));
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  }
  CHECK(run_cli("chess moves").code == 2);
  CHECK(run_cli("chess nonsense startpos").code == 2);
}

TEST_CASE("chess --help of every subcommand has an example", "[chess]") {
  auto r = run_cli("chess --help");
  REQUIRE(r.code == 0);
  for (const char* sub : {"show", "moves", "perft", "verify", "analyse", "match", "play"}) {
    INFO(sub);
    CHECK(contains(r.out, std::string("  ") + sub + " "));
    const auto h = run_cli(std::string("chess ") + sub + " --help");
    CHECK(h.code == 0);
    CHECK(h.out.starts_with(std::string("Usage: leapfrog chess ") + sub));
    CHECK(contains(h.out, std::string("\nExample:\n  leapfrog chess ") + sub));
    CHECK(contains(h.out, "--captures RULE (=compulsory)"));
    // play is interactive and refuses --json: its help does not offer it.
    CHECK(contains(h.out, "--json") == (std::string(sub) != "play"));
    // Only the two that draw boards offer --color.
    CHECK(contains(h.out, "--color WHEN (=auto)") ==
          (std::string(sub) == "show" || std::string(sub) == "play"));
    // An unknown option: one line, exit 2.
    const auto bad = run_cli(std::string("chess ") + sub + " --no-such-option");
    CHECK(bad.code == 2);
    CHECK(std::count(bad.err.begin(), bad.err.end(), '\n') == 1);
    // The error names the subcommand and its help, not only "chess".
    CHECK(bad.err.starts_with(std::string("leapfrog chess ") + sub + ": "));
    CHECK(contains(bad.err, std::string("Try 'leapfrog chess ") + sub + " --help'."));
  }
}

TEST_CASE("chess show: the board as text and SVG", "[chess]") {
  auto r = run_cli("chess show startpos");
  REQUIRE(r.code == 0);
  CHECK(contains(r.out, "1     N  S  K  N    \n"));
  CHECK(contains(r.out, "8     n  s  k  n    \n"));
  CHECK(r.out.find('\x1b') == std::string::npos);  // piped: no colour
  r = run_cli("chess show startpos --color always");
  CHECK(r.out.find('\x1b') != std::string::npos);
  r = run_cli("chess show startpos --svg -");
  REQUIRE(r.code == 0);
  CHECK(r.out.starts_with("<svg "));
  CHECK(r.out.ends_with("</svg>\n"));
  // 44 squares, 32 pieces.
  std::size_t squares = 0, pieces = 0;
  for (std::size_t at = 0; (at = r.out.find("<rect x=", at)) != std::string::npos; ++at) ++squares;
  for (std::size_t at = 0; (at = r.out.find("<circle", at)) != std::string::npos; ++at) ++pieces;
  CHECK(squares == 44);
  CHECK(pieces == 32);
}

TEST_CASE("chess play: moves typed, bad ones refused, the engine answers", "[chess]") {
  // Red (a person) plays b3b4 after a refused b2b4 and a malformed move; the engine answers.
  const auto r = run_cli("chess play --nodes 2000", "b2b4\nzz\nb3b4\nquit\n");
  REQUIRE(r.code == 0);
  CHECK(contains(r.out, "Refused: 'b2b4': the pawn on b2 cannot step over the piece on b3"));
  CHECK(contains(r.out, "Refused: move 'zz' is not long algebraic"));
  CHECK(contains(r.out, "Black (engine) plays "));
  // A capture due is named.
  const auto forced = run_cli("chess play " + kForced + " --engine none", "b2b3\nquit\n");
  CHECK(contains(forced.out, "required (one of): c4a6 c4c6 c4e6"));
  // The game ends: Red is stalemated after e1d3 and has lost.
  const auto end =
      run_cli("chess play " + quoted("*2k1*/6/6/6/d3a1/2d3/6/*K2n* b - - 0 1") + " --engine none",
              "e1d3\n");
  CHECK(contains(end.out, "Red has no legal move and loses (stalemate)"));
}

TEST_CASE("chess verify --game referees a record", "[chess]") {
  const std::string good =
      "[Event \"test\"]\n"
      "1. b3b4 a6a5 {the pawn is offered} 2. b4a5 b6a5 ; a trade\n"
      "3. c3c4 *\n";
  auto r = run_cli("chess verify --game - --json", good);
  REQUIRE(r.code == 0);
  Json j = Json::parse(r.out);
  CHECK(j["legal"] == true);
  CHECK(j["turns"] == 5);
  CHECK(j["first_error"].is_null());
  CHECK(j["result"] == "*");
  // A quiet move where a capture was due: the first bad ply is named with the captures due.
  r = run_cli("chess verify --game - --json", "1. b3b4 a6a5\n2. c3c4 b6b5\n");
  REQUIRE(r.code == 1);
  j = Json::parse(r.out);
  CHECK(j["legal"] == false);
  CHECK(j["turns"] == 2);
  CHECK(j["first_error"]["ply"] == 3);
  CHECK(j["first_error"]["line"] == 2);
  CHECK(j["first_error"]["required"] == Json::array({"b4a5"}));
  // A start from a FEN tag, a multiple-capture turn.
  r = run_cli("chess verify --game - --captures multiple",
              "[FEN \"*2k1*/6/2p3/6/p1p3/6/D5/*1K2* w - - 0 1\"]\n1. a2xa4xc4xc6\n");
  CHECK(r.code == 0);
  // Malformed: exit 2 naming the line.
  r = run_cli("chess verify --game -", "1. b3b4\n2. zz\n");
  CHECK(r.code == 2);
  CHECK(contains(r.err, "line 2"));
  r = run_cli("chess verify --game -", "[FEN \"*2k1*/6/6/6/6/6/6/*4* w - - 0 1\"]\n");
  CHECK(r.code == 2);
  CHECK(contains(r.err, "Red has 0 kings"));
  r = run_cli("chess verify --game -", "1. b3b4 {open\n");
  CHECK(r.code == 2);
  CHECK(contains(r.err, "line 1"));
}

TEST_CASE("chess verify --game: draws end the game and the written result is checked", "[chess]") {
  // The knights go out and back: after 6... b8c6 the position stands for the third time.
  const std::string moves =
      "1. c3c4 c6c5 2. b1c3 b8c6 3. c3b1 c6b8 4. b1c3 b8c6 5. c3b1 c6b8 6. b1c3 b8c6";
  auto r = run_cli("chess verify --game - --json", moves + "\n");
  REQUIRE(r.code == 0);
  Json j = Json::parse(r.out);
  CHECK(j["turns"] == 12);
  CHECK(j["game_over"] == "Draw by threefold repetition");
  CHECK(j["game_result"] == "1/2-1/2");
  CHECK(j["result_error"].is_null());
  // A move after the draw is illegal.
  r = run_cli("chess verify --game - --json", moves + " 7. c3b1\n");
  REQUIRE(r.code == 1);
  j = Json::parse(r.out);
  CHECK(j["first_error"]["ply"] == 13);
  CHECK(contains(j["first_error"]["reason"].get<std::string>(), "already over"));
  // The result written must be the game's when the moves end it.
  for (const std::string result : {"1/2-1/2", "*"})
    CHECK(run_cli("chess verify --game -", moves + " " + result + "\n").code == 0);
  r = run_cli("chess verify --game -", moves + " 1-0\n");
  CHECK(r.code == 1);
  CHECK(contains(r.out, "the record's result 1-0 is not the game's: Draw by threefold repetition"));
  const std::string lost = "[FEN \"*2k1*/6/6/6/d3a1/2d3/6/*K2n* b - - 0 1\"]\n1... e1d3 ";
  CHECK(run_cli("chess verify --game -", lost + "0-1\n").code == 0);
  r = run_cli("chess verify --game - --json", lost + "1-0\n");
  CHECK(r.code == 1);
  CHECK(Json::parse(r.out)["game_result"] == "0-1");
  // A start whose half-move clock has run out is a draw by the fifty-move rule at once.
  const std::string fifty =
      "[FEN \"*nskn*/dpaapd/pppppp/6/6/PPPPPP/DPAAPD/*NSKN* w - - 100 60\"]\n";
  r = run_cli("chess verify --game - --json", fifty + "1/2-1/2\n");
  CHECK(r.code == 0);
  CHECK(Json::parse(r.out)["game_result"] == "1/2-1/2");
  CHECK(run_cli("chess verify --game -", fifty + "1-0\n").code == 1);
  r = run_cli("chess verify --game - --json", fifty + "1. c3c4\n");
  CHECK(r.code == 1);
  CHECK(contains(Json::parse(r.out)["first_error"]["reason"].get<std::string>(),
                 "already over: draw by the fifty-move rule"));
  // A decisive result on an unfinished game stands (a resignation).
  CHECK(run_cli("chess verify --game -", "1. c3c4 c6c5 0-1\n").code == 0);
  // The terminal game ends at the repetition and writes a record the referee accepts.
  const std::string path = "leapfrog_chess_test_draw_" + std::to_string(::getpid()) + ".txt";
  std::string typed;
  for (std::size_t at = moves.find(' '); at != std::string::npos;) {
    const std::size_t end = moves.find(' ', at + 1);
    const std::string word = moves.substr(at + 1, end == std::string::npos ? end : end - at - 1);
    if (word.back() != '.') typed += word + "\n";
    at = end;
  }
  r = run_cli("chess play --engine none --save " + path, typed);
  CHECK(contains(r.out, "Draw by threefold repetition"));
  r = run_cli("chess verify --game " + path + " --json");
  CHECK(r.code == 0);
  CHECK(Json::parse(r.out)["result"] == "1/2-1/2");
  std::remove(path.c_str());
}

TEST_CASE("chess play refuses --json for what it is, whatever else is given", "[chess]") {
  for (const std::string extra : {"--json", "--json --save -", "--json --record -",
                                  "--json --save game.lfc", "--jso --save -"}) {
    INFO(extra);
    const auto r = run_cli("chess play " + extra, "quit\n");
    CHECK(r.code == 2);
    CHECK(r.err.starts_with("leapfrog chess play: play is interactive: --json is not available"));
  }
  CHECK(run_cli("chess play --json --help").code == 0);
  // Nor does its help offer it.
  const auto help = run_cli("chess play --help");
  CHECK(help.out.find("  --json ") == std::string::npos);
  CHECK(help.out.find("  --color ") != std::string::npos);
}

TEST_CASE("chess play --record writes a record that verify --game accepts", "[chess]") {
  const std::string path = "leapfrog_chess_test_record_" + std::to_string(::getpid()) + ".txt";
  auto r = run_cli("chess play --nodes 500 --record " + path, "b3b4\nc3c4\nquit\n");
  REQUIRE(r.code == 0);
  const std::string text = leapfrog::testing::slurp(path);
  CHECK(text.starts_with("[FEN \"*nskn*/dpaapd/pppppp/6/6/PPPPPP/DPAAPD/*NSKN* w KQkq - 0 1\"]\n"));
  CHECK(contains(text, "[Captures \"compulsory\"]"));
  CHECK(contains(text, "1. b3b4 "));
  r = run_cli("chess verify --game " + path + " --json");
  std::remove(path.c_str());
  REQUIRE(r.code == 0);
  CHECK(Json::parse(r.out)["turns"].get<int>() >= 2);
  // A game played to its end records the result.
  const std::string end_path = path + ".end";
  r = run_cli("chess play " + quoted("*2k1*/6/6/6/d3a1/2d3/6/*K2n* b - - 0 1") +
                  " --engine none --record " + end_path,
              "e1d3\n");
  const std::string end = leapfrog::testing::slurp(end_path);
  std::remove(end_path.c_str());
  CHECK(contains(end, "1... e1d3 0-1\n"));
}

TEST_CASE("chess play --record: checked before the game, a failed write keeps the record",
          "[chess]") {
  auto r = run_cli("chess play --engine none --record /nonexistent/dir/game.txt", "b3b4\nquit\n");
  CHECK(r.code == 2);
  CHECK(r.err.starts_with(
      "leapfrog chess play: --record: cannot write '/nonexistent/dir/game.txt' ("));
  CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  CHECK(r.out.empty());
  r = run_cli("chess play --engine none --record /dev/full", "b3b4\nquit\n");
  CHECK(r.code == 2);
  CHECK(contains(
      r.err,
      "cannot write '/dev/full' (No space left on device); the record follows on standard output"));
  CHECK(contains(r.out, "[FEN \"*nskn*/dpaapd/pppppp/6/6/PPPPPP/DPAAPD/*NSKN* w KQkq - 0 1\"]"));
  CHECK(contains(r.out, "1. b3b4 *"));
}

TEST_CASE("chess FEN at the clocks' limit: a move's FEN is read back", "[chess]") {
  auto r =
      run_cli("chess verify " + quoted("*2k1*/6/6/6/6/6/6/*K3* b - - 0 1000000") + " d8d7 --json");
  REQUIRE(r.code == 0);
  const std::string fen = Json::parse(r.out)["fen"];
  CHECK(fen.ends_with(" 1 1000000"));
  CHECK(run_cli("chess show " + quoted(fen)).code == 0);
  r = run_cli("chess show " + quoted("*2k1*/6/6/6/6/6/6/*K3* w - - 0 0"));
  CHECK(r.code == 2);
  CHECK(contains(r.err, "FEN move number must be a whole number 1..1000000, not '0'"));
}

TEST_CASE("chess verify --game: a UTF-8 byte-order mark before the record is skipped", "[chess]") {
  const auto r =
      run_cli("chess verify --game - --json", "\xef\xbb\xbf[FEN \"startpos\"]\n\n1. b3b4 *\n");
  REQUIRE(r.code == 0);
  CHECK(Json::parse(r.out)["turns"] == 1);
}

TEST_CASE("chess on the 64-square board: moves, perft, verify, show, FEN errors", "[chess]") {
  auto r = run_cli("chess moves startpos64 --json");
  REQUIRE(r.code == 0);
  Json j = Json::parse(r.out);
  CHECK(j["moves"].size() == 29);
  CHECK(j["fen"] == "dnaskand/pppppppp/8/8/8/8/PPPPPPPP/DNASKAND w KQkq - 0 1");
  r = run_cli("chess perft startpos64 3 --json");
  REQUIRE(r.code == 0);
  CHECK(Json::parse(r.out)["nodes"] == 22595);
  r = run_cli("chess perft startpos64 3 --captures optional --json");
  REQUIRE(r.code == 0);
  CHECK(Json::parse(r.out)["nodes"] == 23612);
  // Castling as in chess, with the Dabbabahs.
  const std::string castles = quoted("d3k2d/ppp2ppp/8/8/8/8/PPP2PPP/D3K2D w KQkq - 0 1");
  r = run_cli("chess verify " + castles + " e1g1 --json");
  REQUIRE(r.code == 0);
  CHECK(Json::parse(r.out)["fen"] == "d3k2d/ppp2ppp/8/8/8/8/PPP2PPP/D4DK1 b kq - 1 1");
  CHECK(run_cli("chess verify " + castles + " e1c1").code == 0);
  r = run_cli("chess verify " + castles + " e1i1");
  CHECK(r.code == 2);
  CHECK(contains(r.err, "'i1' is not a square of the board (files a-h, ranks 1-8)"));
  // A record on the 64-square board, both sides castling king side.
  r = run_cli("chess verify --game - --json",
              "[FEN \"startpos64\"]\n1. e2e4 e7e5 2. g1h3 g8h6 3. f1d3 f8d6 4. e1g1 e8g8 *\n");
  REQUIRE(r.code == 0);
  CHECK(Json::parse(r.out)["final"] ==
        "dnas1dk1/pppp1ppp/3a3n/4p3/4P3/3A3N/PPPP1PPP/DNAS1DK1 w - - 6 5");
  r = run_cli("chess show startpos64");
  REQUIRE(r.code == 0);
  CHECK(contains(r.out, "1  D  N  A  S  K  A  N  D \n"));
  CHECK(contains(r.out, "   a  b  c  d  e  f  g  h \n"));
  // A ragged 8-file FEN and a board of neither width: one line naming the place, exit 2.
  const struct {
    const char* fen;
    const char* place;
  } cases[] = {
      {"dnaskand/pppppppp/8/8/8/8/PPPPPPP/DNASKAND w KQkq - 0 1",
       "FEN rank 2 'PPPPPPP' has 7 files, not 8"},
      {"dnaskand/pppppppp/8/8/8/8/PPPPPPPP/DNASKANDP w KQkq - 0 1",
       "FEN rank 1 'DNASKANDP' has more than 8 files"},
      {"dnaskan/ppppppp/7/7/7/7/PPPPPPP/DNASKAN w - - 0 1",
       "FEN rank 8 'dnaskan' has 7 files, not 6 (the 44-square board) or 8"},
  };
  for (const auto& c : cases) {
    INFO(c.fen);
    r = run_cli("chess moves " + quoted(c.fen));
    CHECK(r.code == 2);
    CHECK(contains(r.err, c.place));
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  }
}

TEST_CASE("chess verify --game names a bad FEN tag by its line", "[chess]") {
  auto r =
      run_cli("chess verify --game -",
              "[Event \"x\"]\n[Site \"y\"]\n[FEN \"*2k1*/6/p1p1p1/6/2S3/6/1P4/*K3 w - - 0 1\"]\n"
              "1. b2b3\n");
  CHECK(r.code == 2);
  CHECK(r.out.empty());
  CHECK(r.err.starts_with(
      "leapfrog chess verify: standard input: record line 3: FEN rank 1 '*K3' has 5 files"));
  r = run_cli("chess verify --game -", "[Event \"x\"]\n[FEN \"\"]\n1. b3b4\n");
  CHECK(r.code == 2);
  CHECK(r.err ==
        "leapfrog chess verify: standard input: record line 2: an empty [FEN] tag (a FEN, startpos "
        "or "
        "startpos64). Try 'leapfrog chess verify --help'.\n");
}

TEST_CASE("chess verify --game refuses a tag given twice and an empty record", "[chess]") {
  auto r = run_cli("chess verify --game -",
                   "[FEN \"*2k1*/6/p1p1p1/6/2S3/6/1P4/*K3* w - - 0 1\"]\n"
                   "[FEN \"*2k1*/6/p1p1p1/6/2S3/6/1P4/*K3* b - - 0 1\"]\n");
  CHECK(r.code == 2);
  CHECK(r.out.empty());
  CHECK(
      r.err ==
      "leapfrog chess verify: standard input: record line 2: tag [FEN] given twice. Try 'leapfrog "
      "chess verify --help'.\n");
  for (const std::string empty : {"", "\n\n", "{a comment} ; another\n"}) {
    INFO(Catch::Detail::stringify(empty));
    r = run_cli("chess verify --game -", empty);
    CHECK(r.code == 2);
    CHECK(r.out.empty());
    CHECK(
        r.err ==
        "leapfrog chess verify: standard input: record line 1: an empty record (no tags, moves or "
        "result). Try 'leapfrog chess verify --help'.\n");
  }
  // Tags come first: one after a move, or after the result, is refused, not read as if it
  // came before them.
  for (const std::string late : {"1. b3b4 a6a5\n[FEN \"*2k1*/6/6/6/6/6/6/*K3* w - - 0 1\"]\n",
                                 "1. a2a4 [Captures \"multiple\"]\n", "*\n[Event \"x\"]\n"}) {
    INFO(late);
    r = run_cli("chess verify --game -", late);
    CHECK(r.code == 2);
    CHECK(r.out.empty());
    CHECK(r.err.find("after the moves (tags come first)") != std::string::npos);
  }
  // A game not begun is written with a tag or a result.
  CHECK(run_cli("chess verify --game -", "*\n").code == 0);
  CHECK(run_cli("chess verify --game -", "[FEN \"startpos\"]\n").code == 0);
}

TEST_CASE("chess play marks the square a castling king lands on", "[cli][chess]") {
  // On the 44-square board queen-side castling is written d1b1 (the king's move onto its own
  // knight's square), but the King lands on c1 and the Knight on d1, the King's square.
  auto r =
      run_cli("chess play " + quoted("*nskn*/dpaapd/pppppp/6/6/PPPPPP/DPAAPD/*N1KN* w KQkq - 0 1") +
                  " --engine none",
              "d1b1\nquit\n");
  CHECK(contains(r.out, "\n1     . [K]>N  N    \n"));
  // King side the King lands on the square written (e1); on the 64-square board as in chess.
  r = run_cli("chess play " + quoted("*nskn*/dpaapd/pppppp/6/6/PPPPPP/DPAAPD/*NSKN* w KQkq - 0 1") +
                  " --engine none",
              "d1e1\nquit\n");
  CHECK(contains(r.out, "\n1     N  S >N [K]   \n"));
  r = run_cli(
      "chess play " + quoted("d3k2d/ppp2ppp/8/8/8/8/PPP2PPP/D3K2D w KQkq - 0 1") + " --engine none",
      "e1c1\nquit\n");
  CHECK(contains(r.out, "\n1  .  . [K] D >.  .  .  D \n"));
}

TEST_CASE("chess verify: a chain under a rule of one capture a turn names the rule",
          "[cli][chess]") {
  const std::string fen = quoted("*2k1*/6/2p3/6/p1p3/6/D5/*2K1* w - - 0 1");
  auto r = run_cli("chess verify " + fen + " a2xa4xc4xc6");
  CHECK(r.code == 1);
  CHECK(contains(r.out, "a chain of captures is one turn only under the multiple capture rule"));
  CHECK(run_cli("chess verify " + fen + " a2xa4xc4xc6 --captures multiple").code == 0);
  // The start of a chain that the multiple rule would make go on: the same reason.
  r = run_cli("chess verify " + fen + " a2xa4xc4");
  CHECK(r.code == 1);
  CHECK(contains(r.out, "a chain of captures is one turn only under the multiple capture rule"));
  // A chain no rule allows: the piece cannot move so.
  r = run_cli("chess verify " + fen + " a2xa4xc4xc2");
  CHECK(r.code == 1);
  CHECK(contains(r.out, "cannot move so"));
}
