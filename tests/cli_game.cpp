// The game commands: analyse (a position, a record), play (engine seats, a typed game on a
// pseudo-terminal).
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "cli/command_json.h"
#include "pseudo_terminal.h"
#include "run_cli.h"

using leapfrog::testing::quoted;
using leapfrog::testing::run_cli;
using leapfrog::testing::slurp;

namespace {

const std::string kPosition = "3441./33311/.1.41/.4.../.41.1";

std::string record_path(const char* name) {
  std::string p = LEAPFROG_SOURCE_DIR;
  p += "/puzzles/records/";
  p += name;
  return p;
}

}  // namespace

TEST_CASE("analyse: value, best, pv, proved and nodes of a small position", "[cli][game]") {
  const auto r = run_cli("analyse " + quoted(kPosition) + " --json");
  REQUIRE(r.code == 0);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j.at("value") == 3);
  CHECK(j.at("proved") == true);
  CHECK(j.at("nodes").get<long>() > 0);
  REQUIRE(j.at("pv").size() >= 1);
  CHECK(j.at("best") == j.at("pv")[0]);
  // The pv replays to the value: player 1's total minus player 2's.
  const auto t = j.at("totals");
  CHECK(t[0].get<int>() - t[1].get<int>() == 3);
  // The text says the same.
  const auto text = run_cli("analyse " + quoted(kPosition) + " --color never");
  CHECK(text.code == 0);
  CHECK(text.out.find("value +3, proved") != std::string::npos);
}

TEST_CASE("analyse: one player's value is the most solve says the player can capture",
          "[cli][game]") {
  for (const std::string position : {"21.1.", "1111/1.11/1111", "3441./33311/.1.41"}) {
    INFO(position);
    const auto solo = run_cli("analyse " + quoted(position) + " --players 1 --color never");
    REQUIRE(solo.code == 0);
    CHECK(solo.out.find("player 1 to move, 1 player; value: ") != std::string::npos);
    const auto solved = run_cli("solve " + quoted(position) + " --json");
    REQUIRE(solved.code == 0);
    const int most = nlohmann::json::parse(solved.out).at("value").get<int>();
    CHECK(solo.out.find("value +" + std::to_string(most) + ", proved") != std::string::npos);
  }
}

TEST_CASE("analyse: a node limit gives an unproved answer, bad input exits 2", "[cli][game]") {
  const auto r = run_cli("analyse murray --size 8 --nodes 3000 --json");
  REQUIRE(r.code == 0);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j.at("proved") == false);
  CHECK(j.at("best").is_string());
  CHECK(run_cli("analyse 12/3 --json").code == 2);
  CHECK(run_cli("analyse").code == 2);
  CHECK(run_cli("analyse " + quoted(kPosition) + " --svg x.svg").code == 2);
  // What only a record's judging reads is refused without one, not ignored.
  const auto mistake = run_cli("analyse " + quoted(kPosition) + " --mistake 3");
  CHECK(mistake.code == 2);
  CHECK(mistake.err.starts_with("leapfrog analyse: --mistake goes with --game FILE."));
  // The deepest search there is: a table entry keeps its depth in a byte.
  const auto deep = run_cli("analyse " + quoted(kPosition) + " --depth 255");
  CHECK(deep.code == 2);
  CHECK(deep.err.starts_with("leapfrog analyse: --depth must be a whole number 0..254, not '255'"));
  CHECK(run_cli("analyse --game /no/such/file").code == 2);
}

TEST_CASE("analyse --game: mistakes in a person's game, none in the engine's own",
          "[cli][game][heavy]") {
  const auto weak = run_cli("analyse --game " + record_path("murray-6x6-piece-max.lfr") +
                            " --nodes 10000 --json");
  REQUIRE(weak.code == 0);
  const auto w = nlohmann::json::parse(weak.out);
  CHECK(w.at("turns").size() == 23);
  CHECK(w.at("mistakes").size() >= 1);
  for (const auto& t : w.at("turns")) {
    CHECK(t.contains("ply"));
    CHECK(t.contains("move"));
    CHECK(t.contains("value"));
    CHECK(t.contains("best"));
    CHECK(t.at("loss").get<int>() >= 0);
  }
  const auto engine =
      run_cli("analyse --game " + record_path("murray-8x8-engine.lfr") + " --nodes 10000 --json");
  REQUIRE(engine.code == 0);
  const auto e = nlohmann::json::parse(engine.out);
  CHECK(e.at("turns").size() > 20);
  CHECK(e.at("mistakes").empty());
  // The text names the worst; the faulty record is judged up to its illegal turn, exit 1.
  const auto text =
      run_cli("analyse --game " + record_path("murray-6x6-piece-max.lfr") + " --nodes 10000");
  CHECK(text.out.find("worst mistakes: ply ") != std::string::npos);
  const auto faulty =
      run_cli("analyse --game " + record_path("murray-6x6-faulty.lfr") + " --nodes 2000 --json");
  CHECK(faulty.code == 1);
  CHECK(nlohmann::json::parse(faulty.out).at("turns").size() == 5);
  CHECK(faulty.err.find("ply 6") != std::string::npos);
  // The chart.
  const auto svg = run_cli("analyse --game " + record_path("murray-6x6-piece-max.lfr") +
                           " --nodes 2000 --svg -");
  CHECK(svg.code == 0);
  CHECK(svg.out.starts_with("<svg"));
  CHECK(svg.out.find("<polyline") != std::string::npos);
  // Read back: a numbered tick per ply ("before ply" 1..N, then "end"), numbered ticks on
  // the value axis in even steps, both axes titled, a legend entry for the line and the dots.
  const auto plies =
      nlohmann::json::parse(run_cli("analyse --game " + record_path("murray-6x6-piece-max.lfr") +
                                    " --nodes 2000 --json")
                                .out)
          .at("turns")
          .size();
  const auto texts_in = [&](const std::string& group) {
    std::vector<std::string> texts;
    const std::size_t from = svg.out.find("<g class=\"" + group + "\">");
    if (from == std::string::npos) return texts;
    const std::size_t to = svg.out.find("</g>", from);
    // The contents of every <text ...>...</text> of the group, in order.
    for (std::size_t at = svg.out.find("<text ", from); at < to;
         at = svg.out.find("<text ", at + 1)) {
      const std::size_t open_end = svg.out.find('>', at);
      const std::size_t close = svg.out.find("</text>", open_end);
      if (open_end == std::string::npos || close == std::string::npos) break;
      texts.push_back(svg.out.substr(open_end + 1, close - open_end - 1));
    }
    return texts;
  };
  std::vector<std::string> expected_x;
  for (std::size_t k = 1; k <= plies; ++k) expected_x.push_back(std::to_string(k));
  expected_x.push_back("end");
  CHECK(plies > 5);
  CHECK(texts_in("x-ticks") == expected_x);
  const std::vector<std::string> y_ticks = texts_in("y-ticks");
  REQUIRE(y_ticks.size() >= 4);
  const int dy = std::stoi(y_ticks[1]) - std::stoi(y_ticks[0]);
  CHECK(dy > 0);
  for (std::size_t i = 1; i < y_ticks.size(); ++i)
    CHECK(std::stoi(y_ticks[i]) - std::stoi(y_ticks[i - 1]) == dy);
  CHECK(std::find(y_ticks.begin(), y_ticks.end(), "0") != y_ticks.end());
  CHECK(svg.out.find(">before ply</text>") != std::string::npos);
  CHECK(svg.out.find(">points</text>") != std::string::npos);
  std::size_t entries = 0;
  for (std::size_t at = svg.out.find("<g class=\"legend-entry\">"); at != std::string::npos;
       at = svg.out.find("<g class=\"legend-entry\">", at + 1))
    ++entries;
  CHECK(entries == 2);
  // A record that stops at an illegal turn did not reach the game's end: its last point is
  // numbered (the position before the illegal ply), not "end"; so with an illegal first turn.
  const auto faulty_svg =
      run_cli("analyse --game " + record_path("murray-6x6-faulty.lfr") + " --nodes 2000 --svg -");
  CHECK(faulty_svg.code == 1);
  const auto ticks_of = [&](const std::string& out) {
    std::vector<std::string> texts;
    const std::size_t from = out.find("<g class=\"x-ticks\">");
    const std::size_t to = out.find("</g>", from);
    for (std::size_t at = out.find("<text ", from); from != std::string::npos && at < to;
         at = out.find("<text ", at + 1))
      texts.push_back(
          out.substr(out.find('>', at) + 1, out.find("</text>", at) - out.find('>', at) - 1));
    return texts;
  };
  CHECK(ticks_of(faulty_svg.out) == std::vector<std::string>{"1", "2", "3", "4", "5", "6"});
  const leapfrog::testing::Scratch s;
  const std::string first = s.dir + "/first.lfr";
  std::ofstream(first)
      << "[Variant \"traditional\"]\n[Board \"4x4\"]\n[Start \"1111/1111/1111/1111 "
         "players=2\"]\n\n1. a1xa3\n";
  const auto first_svg = run_cli("analyse --game " + first + " --svg -");
  CHECK(first_svg.code == 1);
  CHECK(ticks_of(first_svg.out) == std::vector<std::string>{"1"});
}

TEST_CASE("play --engine all finishes an 8x8 Murray game that verify accepts", "[cli][game]") {
  const std::string file = "leapfrog_cli_test_play_" + std::to_string(::getpid()) + ".lfr";
  const auto r = run_cli("play murray --size 8 --engine all --nodes 2000 --quiet --save " + file);
  REQUIRE(r.code == 0);
  CHECK(r.out.find("game over, scores:") != std::string::npos);
  // Nobody types at a game of engines alone: no list of commands, but what a value means.
  CHECK(r.out.find("commands:") == std::string::npos);
  CHECK(r.out.starts_with("values: what the player to move will capture"));
  CHECK(run_cli("play murray --size 4 --engine 1 --quiet", "quit\n").out.starts_with("commands:"));
  const auto chess = run_cli("chess play --engine all --nodes 100 --quiet");
  CHECK(chess.out.starts_with("Leap Chess\npieces: "));
  CHECK(chess.out.find("commands:") == std::string::npos);
  const auto v = run_cli("verify --game " + file + " --json");
  CHECK(v.code == 0);
  const auto j = nlohmann::json::parse(v.out);
  CHECK(j.at("legal") == true);
  CHECK(j.at("finished") == true);
  CHECK(j.at("turns").get<int>() > 20);
  std::remove(file.c_str());
  CHECK(run_cli("play --engine 3").code == 2);
  CHECK(run_cli("play --engine 1,").code == 2);
  // A seat twice is refused, not read as the one seat.
  for (const char* args : {"play --engine 1,1", "play --engine 2,1,2", "chess play --engine 1,1"}) {
    INFO(args);
    const auto twice = run_cli(args, "");
    CHECK(twice.code == 2);
    CHECK(twice.err.find("--engine seat ") != std::string::npos);
    CHECK(twice.err.find(" is given twice") != std::string::npos);
  }
}

TEST_CASE("the shipped engine record is what its command plays today", "[cli][game]") {
  // puzzles/records/README.md gives the command; with --nodes the play is the same on every
  // machine, so the file (less its comment lines) is the command's record byte for byte.
  const std::string file = "leapfrog_cli_test_engine_" + std::to_string(::getpid()) + ".lfr";
  const auto r = run_cli("play murray --size 8 --engine all --nodes 10000 --quiet --save " + file);
  REQUIRE(r.code == 0);
  const auto without_comments = [](const std::string& text) {
    std::istringstream in(text);
    std::string kept;
    for (std::string line; std::getline(in, line);)
      if (!line.starts_with(";")) kept += line + "\n";
    return kept;
  };
  CHECK(without_comments(slurp(file)) ==
        without_comments(slurp(record_path("murray-8x8-engine.lfr"))));
  std::remove(file.c_str());
}

TEST_CASE("play --save: checked before the game, a failed write is reported, the record kept",
          "[cli][game]") {
  // A folder that does not exist: refused before the game, which is then never played.
  auto r = run_cli("play " + kPosition + " --save /nonexistent/dir/game.lfr", "e3xc3\nquit\n");
  CHECK(r.code == 2);
  CHECK(r.err.starts_with("leapfrog play: --save: cannot write '/nonexistent/dir/game.lfr' ("));
  CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  CHECK(r.out.empty());
  // A write that fails at the end: said, and the record goes to standard output.
  r = run_cli("play " + kPosition + " --quiet --save /dev/full", "e3xc3\nquit\n");
  CHECK(r.code == 2);
  CHECK(r.err.find("cannot write '/dev/full' (No space left on device); the record follows on "
                   "standard output") != std::string::npos);
  CHECK(r.out.find("1. e3xc3") != std::string::npos);
  // `save FILE` at the prompt says when the write failed.
  r = run_cli("play " + kPosition + " --quiet", "e3xc3\nsave /dev/full\nquit\n");
  CHECK(r.code == 0);
  CHECK(r.out.find("cannot write '/dev/full'") != std::string::npos);
  CHECK(r.out.find("saved to") == std::string::npos);
  // `save -` shows the record in the conversation: under --json that is standard error, and
  // standard output stays one JSON document.
  r = run_cli("play " + kPosition + " --quiet --json", "e3xc3\nsave -\nquit\n");
  CHECK(r.code == 0);
  CHECK(r.err.find("1. e3xc3") != std::string::npos);
  CHECK_NOTHROW(nlohmann::json::parse(r.out));
  r = run_cli("play " + kPosition + " --quiet", "e3xc3\nsave -\nquit\n");
  CHECK(r.out.find("1. e3xc3") != std::string::npos);
  // --save -: the record comes after the result's line, as it does without --save.
  r = run_cli("play " + kPosition + " --quiet --engine all --save -");
  CHECK(r.code == 0);
  const std::size_t result = r.out.find("game over, scores: ");
  CHECK(result != std::string::npos);
  CHECK(r.out.find("[Board ") > result);
  CHECK(r.out.find("[Board ") != std::string::npos);
}

TEST_CASE("play: a command with more after it is not read as a move", "[cli][game]") {
  const auto r = run_cli("play 21.1. --quiet", "moves x\nundo 1\nhelp me\nquit\n");
  CHECK(r.code == 0);
  CHECK(r.out.find("'moves' takes nothing after it (type help)") != std::string::npos);
  CHECK(r.out.find("'undo' takes nothing after it") != std::string::npos);
  CHECK(r.out.find("'help' takes nothing after it") != std::string::npos);
  CHECK(r.out.find("not a move") == std::string::npos);
}

TEST_CASE("play on a terminal: a typed game with a refused move, undo and save",
          "[cli][game][pty]") {
  const std::string file = "leapfrog_cli_test_typed_" + std::to_string(::getpid()) + ".lfr";
  // The best line of kPosition (analyse's pv), both seats typed; a mistyped square, an
  // illegal move, moves, hint and an undo on the way.
  const std::string input =
      "e3xe9\n"
      "a1xa3\n"
      "moves\n"
      "hint\n"
      "e3xc3\n"
      "undo\n"
      "e3xc3\n"
      "c1xa1\n"
      "c4xc2xa2\n"
      "a1xa3xc3\n"
      "a4xc4xc2\n"
      "e4xc4\n"
      "c5xc3xc1\n"
      "a5xc5xe5\n";
  const auto r = leapfrog::testing::run_in_pty(
      {LEAPFROG_EXE, "play", kPosition, "--save", file, "--nodes", "5000"}, {{"TERM", "xterm"}},
      std::chrono::seconds(60), input);
  INFO(r.out);
  CHECK(r.code == 0);
  CHECK(r.out.find("not a move") != std::string::npos);
  CHECK(r.out.find("illegal move a1xa3") != std::string::npos);
  CHECK(r.out.find("hint: ") != std::string::npos);
  CHECK(r.out.find("took back 1 turn") != std::string::npos);
  CHECK(r.out.find("game over, scores: 17, 14; winner player 1") != std::string::npos);
  CHECK(r.out.find("\x1b[") != std::string::npos);  // colour on a terminal
  const auto v = run_cli("verify --game " + file + " --json");
  CHECK(v.code == 0);
  CHECK(nlohmann::json::parse(v.out).at("turns") == 8);
  std::remove(file.c_str());
}

TEST_CASE("SIGTERM stops analyse like Ctrl-C: the best turn so far is printed",
          "[cli][game][threads]") {
  // A 10x10 Murray start is far from solved after half a second.
  const auto r = leapfrog::testing::run_cli_terminated("analyse murray --size 10 --json", "0.5");
  REQUIRE(r.code != -1);
  CHECK(r.code == 0);
  const std::string& text = r.out;
  REQUIRE(!text.empty());
  const auto j = nlohmann::json::parse(text);
  CHECK(j.at("complete") == false);
  CHECK(j.at("proved") == false);
  CHECK(j.at("best").get<std::string>()[0] == 'x');  // an opening removal
}

TEST_CASE("the game commands with three players (max^n)", "[cli][game]") {
  const auto r = run_cli("analyse '1111/1111/111. players=3' --json");
  REQUIRE(r.code == 0);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j.at("proved") == true);
  CHECK(j.at("players") == 3);
  REQUIRE(j.at("totals").size() == 3);
  CHECK(j.at("value") == j.at("totals")[0]);  // the mover's own total
  const auto g = run_cli("analyse --game " + record_path("traditional-5x5-three-players.lfr") +
                         " --nodes 5000 --json");
  REQUIRE(g.code == 0);
  CHECK(nlohmann::json::parse(g.out).at("turns").size() == 19);
  const auto hub = run_cli("hub", "pos pos=\"1111/1111/111. players=3\"\ngo think\nnew-game\n");
  CHECK(hub.out.find(" totals=") != std::string::npos);
  CHECK(hub.out.find("done move=") != std::string::npos);
  const auto play = run_cli("play '1111/1111/111. players=3' --engine all --quiet --json");
  REQUIRE(play.code == 0);
  CHECK(nlohmann::json::parse(play.out).at("finished") == true);
}

TEST_CASE("verify --game --json: winners only when the game is over", "[cli][game]") {
  // As play --json: null while the game goes on, the leaders once it has ended.
  const auto open = run_cli("verify --game - --json",
                            "[Start \"" + kPosition + "\"]\n\n1. e3xc3xa3 2. a4xa2xc2\n");
  REQUIRE(open.code == 0);
  const auto j = nlohmann::json::parse(open.out);
  CHECK(j.at("finished") == false);
  CHECK(j.at("winners").is_null());
  const auto over = run_cli("verify --game - --json", "[Start \"11./...\"]\n\n1. a2xc2\n");
  REQUIRE(over.code == 0);
  const auto k = nlohmann::json::parse(over.out);
  CHECK(k.at("finished") == true);
  CHECK(k.at("winners") == nlohmann::json::array({1}));
}

TEST_CASE("play --json: the dialogue on standard error, one JSON object on standard output",
          "[cli][game]") {
  const auto r = run_cli("play " + quoted(kPosition) + " --json", "a1xa3\ne3xc3\nquit\n");
  REQUIRE(r.code == 0);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j.at("finished") == false);
  CHECK(j.at("turns") == nlohmann::json::array({"e3xc3"}));
  CHECK(j.at("winners").is_null());
  CHECK(r.err.find("illegal move a1xa3") != std::string::npos);
}

TEST_CASE("play on a terminal against the engine: its replies, undo takes back both turns",
          "[cli][game][pty]") {
  const std::string input =
      "e3xc3\n"
      "undo\n"
      "e3xc3\n"
      "c4xc2xa2\n"
      "a4xc4xc2\n"
      "c5xc3xc1\n";
  const auto r = leapfrog::testing::run_in_pty(
      {LEAPFROG_EXE, "play", kPosition, "--engine", "2", "--nodes", "50000"}, {{"TERM", "xterm"}},
      std::chrono::seconds(60), input);
  INFO(r.out);
  CHECK(r.code == 0);
  CHECK(r.out.find("player 2 (engine) plays c1xa1") != std::string::npos);
  CHECK(r.out.find("took back 2 turns") != std::string::npos);
  CHECK(r.out.find("player 2 (engine) plays a5xc5xe5") != std::string::npos);
  CHECK(r.out.find("game over, scores: 17, 14; winner player 1") != std::string::npos);
  CHECK(r.out.find("[Players \"Player 1, Engine 2\"]") != std::string::npos);
}

TEST_CASE("play: undo before a person has moved leaves the engine's opening move", "[cli][game]") {
  // The engine opens; the person's undo has no move of theirs to take back.
  const auto r = run_cli("play murray --size 4 --seed 3 --quiet --engine 1 --nodes 1000",
                         "undo\nxa1\nundo\nundo\nquit\n");
  INFO(r.out);
  CHECK(r.code == 0);
  const std::size_t first = r.out.find("nothing to take back");
  CHECK(first != std::string::npos);
  CHECK(r.out.find("took back") > first);
  // After the person's move and the engine's reply, undo takes back both, then nothing.
  CHECK(r.out.find("took back 2 turns") != std::string::npos);
  CHECK(r.out.find("nothing to take back", first + 1) != std::string::npos);
  CHECK(r.out.find("game stopped after 1 turn\n") != std::string::npos);
  CHECK(r.out.find("\n1. xd1\n") != std::string::npos);
}

TEST_CASE("play: a line too long is dropped with a message and the game goes on", "[cli][game]") {
  const auto r = run_cli("play 21.1. --quiet", std::string(200000, 'x') + "\nmoves\nquit\n");
  CHECK(r.code == 0);
  CHECK(r.out.find("a line longer than 65536 bytes: dropped\n") != std::string::npos);
  CHECK(r.out.find("a1xc1 a1xc1xe1") != std::string::npos);
  CHECK(r.out.size() < 10000);
}

TEST_CASE("analyse --no-symmetry: the same value, more nodes on a symmetric board", "[cli][game]") {
  // The 15-hole triangle from its usual start, two players: its six symmetries merge images.
  const auto on = run_cli("analyse triangle --players 2 --json");
  const auto off = run_cli("analyse triangle --players 2 --no-symmetry --json");
  REQUIRE(on.code == 0);
  REQUIRE(off.code == 0);
  const auto a = nlohmann::json::parse(on.out), b = nlohmann::json::parse(off.out);
  CHECK(a.at("proved") == true);
  CHECK(b.at("proved") == true);
  CHECK(a.at("value") == b.at("value"));
  CHECK(a.at("nodes").get<long>() < b.at("nodes").get<long>());
}

TEST_CASE("analyse --game explains the '?' mark only when a value has it", "[cli][game]") {
  const leapfrog::testing::Scratch s;
  const std::string path = s.dir + "/game.lfr";
  std::ofstream(path) << "[Start \"3441./33311/.1.41/.4.../.41.1\"]\n\n1. e3xc3xa3 2. a4xa2xc2\n";
  const std::string legend = "('?': a value not proved, the search stopped at its limit)\n";
  const auto proved = leapfrog::testing::run_cli("analyse --game " + path);
  REQUIRE(proved.code == 0);
  CHECK(proved.out.find("value +3, best") != std::string::npos);  // no '?' after it
  CHECK(proved.out.find('?') == std::string::npos);
  const auto estimated = leapfrog::testing::run_cli("analyse --game " + path + " --nodes 20");
  REQUIRE(estimated.code == 0);
  CHECK(estimated.out.find("?, best") != std::string::npos);
  CHECK(estimated.out.ends_with(legend));
}

TEST_CASE("play: an empty POSITION is refused, none is a Murray game", "[cli][game]") {
  const auto empty = run_cli("play '' --quiet", "quit\n");
  CHECK(empty.code == 2);
  CHECK(empty.err.find("POSITION is empty") != std::string::npos);
  // Standard input carries the moves: the position cannot come from it too.
  const auto stdin_position = run_cli("play - --quiet", "11.\na1xc1\n");
  CHECK(stdin_position.code == 2);
  CHECK(stdin_position.err.find("POSITION '-': play reads the moves from standard input") !=
        std::string::npos);
  const auto none = run_cli("play --size 5 --quiet", "quit\n");
  CHECK(none.code == 0);
  CHECK(none.out.find("game stopped after 0 turns") != std::string::npos);
}

TEST_CASE("analyse --game reports its progress over the whole record", "[cli][game]") {
  const leapfrog::GameRecord record =
      leapfrog::parse_record(slurp(record_path("murray-6x6-piece-max.lfr")));
  const std::size_t positions = record.turns.size() + 1;
  std::vector<leapfrog::Progress> reports;
  leapfrog::SearchControl control;
  control.node_limit = 2000;
  control.progress = [&](const leapfrog::Progress& p) { reports.push_back(p); };
  leapfrog::GameOptions options;
  options.hash_mb = 16;
  const leapfrog::cli::JudgedGame judged = leapfrog::cli::judge_game(record, options, control, 2);
  REQUIRE(judged.results.size() == positions);
  REQUIRE(!reports.empty());
  std::uint64_t total = 0;
  for (const leapfrog::GameResult& r : judged.results) total += r.nodes;
  // The nodes of every search so far, never those of one search alone; the position being
  // searched named; the share of the record done.
  std::size_t last_position = 1;
  for (std::size_t i = 0; i < reports.size(); ++i) {
    const leapfrog::Progress& p = reports[i];
    INFO(i << ": " << p.nodes << " " << p.note << " " << p.fraction);
    if (i > 0) CHECK(p.nodes >= reports[i - 1].nodes);
    CHECK(p.nodes <= total);
    REQUIRE(p.note.starts_with("position "));
    const std::size_t at = std::stoul(p.note.substr(9));
    CHECK(p.note.substr(9).starts_with(std::to_string(at) + " of " + std::to_string(positions)));
    CHECK(at >= last_position);
    last_position = at;
    CHECK(p.fraction >= static_cast<double>(at - 1) / static_cast<double>(positions));
    CHECK(p.fraction <= static_cast<double>(at) / static_cast<double>(positions));
  }
  CHECK(last_position > 1);
}

TEST_CASE("analyse stopped before any depth says its value is the largest capture's",
          "[cli][game]") {
  // One node: no iteration finishes, and the value is the largest capture, one turn.
  const auto r = run_cli("analyse '3441./33311/.1.41/.4.../.41.1' --nodes 1 --color never");
  CHECK(r.code == 0);
  CHECK(r.out.find("not proved (the largest capture alone: no search depth finished)") !=
        std::string::npos);
  CHECK(r.out.find("looking 0 turns") == std::string::npos);
}
