// play and chess play are one experience: the same script of commands, typed on a
// pseudo-terminal, gets the same behaviour from both (the commands, the marks on the board,
// "thinking...", the record that save writes, the engine's seat named in the result).
#include <catch2/catch.hpp>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "pseudo_terminal.h"
#include "run_cli.h"

using leapfrog::testing::quoted;
using leapfrog::testing::run_cli;

namespace {

// One game as the script sees it.
struct Game {
  std::vector<std::string> argv;  // after the executable; --save END is added
  std::string move;               // a person's legal first move
  std::string board_marker;       // text that only a drawn board has
  std::string verify;             // the subcommand that replays a record ("verify", "chess verify")
  int cell_width;                 // characters per file in a board's rank line
};

const std::string kPosition = "3441./33311/.1.41/.4.../.41.1";

Game leapfrog_game() {
  return {{"play", kPosition, "--engine", "2", "--nodes", "5000"}, "e3xc3", "scores:", "verify", 2};
}

Game chess_game() {
  return {{"chess", "play", "--engine", "2", "--nodes", "2000"},
          "b3b4",
          " a  b  c  d  e  f",
          "chess verify",
          3};
}

// The line of rank `rank` of the first board drawn at or after `from` ("" if none).
std::string rank_line(const std::string& out, std::size_t from, int rank) {
  // Built by appending: GCC 12 warns wrongly (-Wrestrict) on "literal" + string.
  std::string start = "\n";
  start += std::to_string(rank);
  start += ' ';
  const std::size_t at = out.find(start, from);
  if (at == std::string::npos) return "";
  return out.substr(at + 1, out.find('\r', at + 1) - at - 1);
}

// The cell of file `file` (0 = a) in a rank line: the marks before and after it, its piece.
std::string cell(const std::string& line, int file, int width) {
  const std::size_t at = 2 + static_cast<std::size_t>(file * width);
  return at + static_cast<std::size_t>(width) <= line.size()
             ? line.substr(at, static_cast<std::size_t>(width))
             : "";
}

// The landing square of a move in either notation: its last square.
std::pair<int, int> landing(const std::string& move) {
  for (std::size_t i = move.size(); i-- > 1;)
    if (move[i - 1] >= 'a' && move[i - 1] <= 'h' && move[i] >= '1' && move[i] <= '8')
      return {move[i - 1] - 'a', move[i] - '0'};
  return {-1, -1};
}

std::vector<std::string> tags(const std::string& record) {
  std::vector<std::string> out;
  std::size_t at = 0;
  for (std::size_t end; (end = record.find('\n', at)) != std::string::npos; at = end + 1)
    if (record.compare(at, 1, "[") == 0) out.push_back(record.substr(at, end - at));
  return out;
}

}  // namespace

TEST_CASE("both plays on a terminal: help, moves, hint, a move, undo, save, quit",
          "[cli][game][pty]") {
  for (const Game& game : {leapfrog_game(), chess_game()}) {
    const std::string base = "leapfrog_play_both_" + std::to_string(::getpid());
    const std::string mid = base + ".mid", end = base + ".end";
    std::vector<std::string> argv = {LEAPFROG_EXE};
    argv.insert(argv.end(), game.argv.begin(), game.argv.end());
    argv.insert(argv.end(), {"--save", end});
    const std::string script =
        "help\nmoves\nhint\n" + game.move + "\nundo\n" + game.move + "\nsave " + mid + "\nquit\n";
    const auto r = leapfrog::testing::run_in_pty(argv, {{"TERM", "xterm"}, {"NO_COLOR", "1"}},
                                                 std::chrono::seconds(60), script);
    INFO(r.out);
    CHECK(r.code == 0);
    const std::string& out = r.out;
    // help and moves answer without drawing the board again: between the help's answer (the
    // second "commands:", the first is printed at the start) and the hint, no board.
    const std::size_t help = out.find("commands:", out.find("commands:") + 1);
    const std::size_t hint = out.find("hint: ");
    REQUIRE(help != std::string::npos);
    REQUIRE(hint != std::string::npos);
    REQUIRE(help < hint);
    const std::string answers = out.substr(help, hint - help);
    CHECK(answers.find(game.board_marker) == std::string::npos);
    CHECK(answers.find(game.move + " ") != std::string::npos);  // moves lists it
    // The hint's value says whose it is.
    const std::string hint_line = out.substr(hint, out.find('\r', hint) - hint);
    CHECK(hint_line.find(" for ") != std::string::npos);
    // The engine thinks aloud on a terminal, and erases it with blanks: no escape code
    // reaches the terminal (NO_COLOR: no colour codes either), which a dumb one would print.
    CHECK(out.find("thinking...\r           \r") != std::string::npos);
    CHECK(out.find('\x1b') == std::string::npos);
    // After the move (the first board after the hint), the board marks where the piece
    // landed, and where it came from.
    const auto [file, rank] = landing(game.move);
    const std::size_t board_start = hint;
    const std::string to = cell(rank_line(out, board_start, rank), file, game.cell_width);
    CHECK((to.starts_with("*") || to.starts_with("[")));
    const std::string from_square = game.move.substr(0, 2);
    const std::string from = cell(rank_line(out, board_start, from_square[1] - '0'),
                                  from_square[0] - 'a', game.cell_width);
    CHECK(from.starts_with(">"));
    // The engine's reply: its landing square marked too.
    const std::size_t reply = out.find("(engine) plays ", hint);
    REQUIRE(reply != std::string::npos);
    const std::string reply_move = out.substr(reply + 15, out.find(' ', reply + 15) - reply - 15);
    const auto [rfile, rrank] = landing(reply_move);
    const std::string reply_to =
        cell(rank_line(out, out.find('\n', reply), rrank), rfile, game.cell_width);
    CHECK((reply_to.starts_with("*") || reply_to.starts_with("[")));
    CHECK(out.find("took back 2 turns") != std::string::npos);
    // save writes what the end of the game writes: the same tags, and here the same game.
    const std::string saved = leapfrog::testing::slurp(mid), ended = leapfrog::testing::slurp(end);
    CHECK(!tags(saved).empty());
    CHECK(tags(saved) == tags(ended));
    CHECK(saved == ended);
    const auto v = run_cli(game.verify + " --game " + mid + " --json");
    CHECK(v.code == 0);
    CHECK(nlohmann::json::parse(v.out).at("turns") == 2);
    std::remove(mid.c_str());
    std::remove(end.c_str());
  }
}

TEST_CASE("both plays: no thinking in piped output, the same option names", "[cli][game]") {
  const auto lf =
      run_cli("play " + quoted(kPosition) + " --engine 2 --nodes 2000 --quiet", "e3xc3\nquit\n");
  CHECK(lf.code == 0);
  CHECK(lf.out.find("player 2 (engine) plays c1xa1") != std::string::npos);
  CHECK(lf.out.find("thinking") == std::string::npos);
  CHECK(lf.err.find("thinking") == std::string::npos);
  // chess play takes --engine 1|2 and --quiet as play does, play takes --record as chess does.
  const auto ch = run_cli("chess play --engine 2 --nodes 500 --quiet", "b3b4\nquit\n");
  CHECK(ch.code == 0);
  CHECK(ch.out.find("Black (engine) plays ") != std::string::npos);
  CHECK(ch.out.find("centipawns for Black") != std::string::npos);
  CHECK(ch.out.find(" a  b  c") == std::string::npos);  // --quiet: no board
  CHECK(ch.out.find("thinking") == std::string::npos);
  CHECK(run_cli("chess play --engine 3", "").code == 2);
  CHECK(run_cli("chess play --engine blue", "").code == 2);
  const std::string path = "leapfrog_play_both_record_" + std::to_string(::getpid()) + ".lfr";
  const auto rec = run_cli("play " + quoted(kPosition) + " --quiet --record " + path, "e3xc3\n");
  CHECK(rec.code == 0);
  CHECK(leapfrog::testing::slurp(path).find("1. e3xc3") != std::string::npos);
  std::remove(path.c_str());
  // The legend of the pieces and what a value means, in chess play's help.
  CHECK(ch.out.find("S sail") != std::string::npos);
  CHECK(ch.out.find("A alfil") != std::string::npos);
  CHECK(ch.out.find("D dabbabah") != std::string::npos);
}

TEST_CASE("both plays read command words in any case, and save's file name as typed",
          "[cli][game]") {
  const std::string path = "Leapfrog_Play_Case_" + std::to_string(::getpid()) + ".lfr";
  const std::vector<std::string> commands = {"play " + quoted(kPosition) + " --quiet",
                                             "chess play --engine none --quiet"};
  for (const std::string& cmd : commands) {
    INFO(cmd);
    const auto r = run_cli(cmd, "HELP\nMoves\nSAVE " + path + "\nQuit\n");
    CHECK(r.code == 0);
    CHECK(r.out.find("not a move") == std::string::npos);
    CHECK(r.out.find("saved to '" + path + "'") != std::string::npos);
    CHECK(leapfrog::testing::slurp(path).find("[") == 0);
    CHECK(r.out.find("game stopped after 0 ") != std::string::npos);  // turns, or moves in chess
    std::remove(path.c_str());
  }
}

TEST_CASE("both plays take one move a line and say so when given two", "[cli][game]") {
  for (const Game& g : {leapfrog_game(), chess_game()}) {
    std::string cmd;
    for (std::size_t i = 0; i < g.argv.size(); ++i) {
      if (g.argv[i] == "--engine") {
        ++i;  // no engine here: the moves are typed
        continue;
      }
      cmd += quoted(g.argv[i]) + " ";
    }
    INFO(cmd);
    // Two moves, each legal at its turn: neither is played, and the line is named.
    const std::string second = g.move == "b3b4" ? "b6b5" : "c5xc3";
    const auto r = run_cli(cmd + "--engine none --quiet", g.move + " " + second + "\nquit\n");
    CHECK(r.code == 0);
    CHECK(r.out.find("one move a line: '" + g.move + " " + second +
                     "' holds more than one word (type help)") != std::string::npos);
    CHECK(r.out.find("game stopped after 0 ") != std::string::npos);
  }
}

TEST_CASE("both plays name the engine's seat in the result", "[cli][game]") {
  // Black to move: e1d3 leaves Red with no move, which loses.
  const std::string fen = quoted("*2k1*/6/6/6/d3a1/2d3/6/*K2n* b - - 0 1");
  auto r = run_cli("chess play " + fen + " --engine red --quiet", "e1d3\n");
  CHECK(r.out.find("Red has no legal move and loses (stalemate); you win, 0-1.") !=
        std::string::npos);
  r = run_cli("chess play " + fen + " --engine 2 --quiet", "");
  CHECK(r.out.find("the engine wins, 0-1.") != std::string::npos);
  // A time a move instead of nodes, as in play.
  r = run_cli("chess play " + fen + " --engine 2 --time-limit 0.1 --quiet", "");
  CHECK(r.code == 0);
  CHECK(r.out.find("Black (engine) plays e1d3") != std::string::npos);
  CHECK(run_cli("chess play --time-limit -1", "").code == 2);
  r = run_cli("chess play " + fen + " --engine none --quiet", "e1d3\n");
  CHECK(r.out.find("; Black wins, 0-1.") != std::string::npos);
  // play: the person (player 1) wins kPosition's best line against the engine.
  r = run_cli("play " + quoted(kPosition) + " --engine 2 --nodes 50000 --quiet",
              "e3xc3\nc4xc2xa2\na4xc4xc2\nc5xc3xc1\n");
  CHECK(r.out.find("game over, scores: 17, 14; winner player 1; you win 17 to 14") !=
        std::string::npos);
  // The engine against itself: no "you".
  r = run_cli("play " + quoted(kPosition) + " --engine all --nodes 50000 --quiet", "");
  CHECK(r.out.find("; winner player 1\n") != std::string::npos);
  // Three players: player 1's capture ties it with player 2, and the game ends.
  const std::string three = quoted("11. scores=0,1,0 players=3");
  r = run_cli("play " + three + " --engine 2 --quiet", "a1xc1\n");
  CHECK(r.out.find("scores: 1, 1, 0; shared win: player 1, player 2; shared by player 1 and the "
                   "engine\n") != std::string::npos);
  r = run_cli("play " + three + " --engine 2,3 --quiet", "a1xc1\n");
  CHECK(r.out.find("; shared by you and player 2 (engine)\n") != std::string::npos);
}

TEST_CASE("both plays: a byte-order mark and --save beside --record", "[cli][game]") {
  // Moves from a file an editor saved with a UTF-8 byte-order mark: the first move is read.
  auto r = run_cli("play " + quoted(kPosition) + " --engine 2 --nodes 2000 --quiet",
                   "\xef\xbb\xbf"
                   "e3xc3\nquit\n");
  CHECK(r.out.find("player 2 (engine) plays") != std::string::npos);
  CHECK(r.out.find("not a move") == std::string::npos);
  r = run_cli("chess play --engine 2 --nodes 500 --quiet",
              "\xef\xbb\xbf"
              "b3b4\nquit\n");
  CHECK(r.out.find("Black (engine) plays ") != std::string::npos);
  CHECK(r.out.find("Refused") == std::string::npos);
  // --save and --record are one option: both given is refused, not one file left unwritten.
  const leapfrog::testing::Scratch s("leapfrog_play_both");
  for (const std::string& play : {"play " + quoted(kPosition), std::string("chess play")}) {
    r = run_cli(play + " --quiet --save " + s.dir + "/a --record " + s.dir + "/b", "quit\n");
    CHECK(r.code == 2);
    CHECK(r.err.find("--save and --record are two names of one option") != std::string::npos);
  }
}

TEST_CASE("chess play's record keeps its capture rule for chess verify", "[cli][game]") {
  const leapfrog::testing::Scratch s("leapfrog_play_captures");
  const std::string record = s.dir + "/game.pgn";
  const std::string fen = quoted("*2k1*/6/2p3/6/p1p3/6/D5/*2K1* w - - 0 1");
  const auto r =
      run_cli("chess play " + fen + " --captures multiple --engine none --quiet --save " + record,
              "a2xa4xc4xc6\nquit\n");
  REQUIRE(r.code == 0);
  CHECK(leapfrog::testing::slurp(record).find("[Captures \"multiple\"]") != std::string::npos);
  auto v = run_cli("chess verify --game " + record + " --json");
  CHECK(v.code == 0);
  CHECK(nlohmann::json::parse(v.out).at("captures") == "multiple");
  CHECK(run_cli("chess verify --game " + record).out.starts_with("1 move, all legal;"));
  // The command line's rule overrides the record's.
  v = run_cli("chess verify --game " + record + " --captures compulsory --json");
  CHECK(v.code == 1);
  CHECK(nlohmann::json::parse(v.out).at("captures") == "compulsory");
  // A tag that names no rule is named, with its line.
  { std::ofstream(record) << "[Event \"x\"]\n[Captures \"several\"]\n\n1. b3b4 *\n"; }
  v = run_cli("chess verify --game " + record);
  CHECK(v.code == 2);
  CHECK(v.err.find("record line 2: the [Captures] tag must be compulsory, multiple or optional, "
                   "not 'several'") != std::string::npos);
}
