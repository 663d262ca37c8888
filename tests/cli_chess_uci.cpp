// chess uci driven as a GUI drives it: the handshake, options, positions, every kind of go,
// isready and stop answered during a search, bad lines answered with info string errors; every
// wait has a deadline, so that a hang fails the test instead of stopping the run.
#include <catch2/catch.hpp>

#include "cli/uci.h"
#include "run_cli.h"

using leapfrog::testing::CliDialogue;

namespace {

bool has_prefix(const std::vector<std::string>& lines, const std::string& prefix) {
  return std::any_of(lines.begin(), lines.end(),
                     [&](const std::string& l) { return l.starts_with(prefix); });
}

std::string move_of(const std::string& bestmove) { return bestmove.substr(9); }

}  // namespace

TEST_CASE("uci: handshake, options and a search by depth, nodes and time", "[cli][uci][threads]") {
  CliDialogue uci("chess uci");
  REQUIRE(uci.started());
  uci.send("uci\n");
  const auto hello = uci.lines_until("uciok");
  REQUIRE(!hello.empty());
  CHECK(hello.back() == "uciok");
  CHECK(has_prefix(hello, "id name leapfrog"));
  for (const char* option :
       {"option name Hash type spin default 16 min 1 max 4096", "option name Threads type spin",
        "option name MultiPV type spin default 1 min 1"})
    CHECK(has_prefix(hello, option));
  {
    // --hash is the option's default, as --captures is the Captures option's.
    CliDialogue big("chess uci --hash 64 --captures multiple");
    REQUIRE(big.started());
    big.send("uci\n");
    const auto told = big.lines_until("uciok");
    CHECK(has_prefix(told, "option name Hash type spin default 64 min 1 max 4096"));
    CHECK(has_prefix(told, "option name Captures type combo default multiple"));
    big.send("quit\n");
    CHECK(big.finish().code == 0);
  }
  uci.send(
      "setoption name Hash value 8\nsetoption name Threads value 1\n"
      "setoption name MultiPV value 1\nucinewgame\nisready\n");
  CHECK(uci.line() == "readyok");
  uci.send("position startpos moves e3e4\ngo depth 3\n");
  auto lines = uci.lines_until("bestmove");
  REQUIRE(!lines.empty());
  CHECK(lines.back().starts_with("bestmove "));
  CHECK(has_prefix(lines, "info depth 3 score cp "));
  uci.send(
      "position fen *nskn*/dpaapd/pppppp/6/6/PPPPPP/DPAAPD/*NSKN* w KQkq - 0 1\n"
      "go nodes 2000\n");
  lines = uci.lines_until("bestmove");
  CHECK(lines.back().starts_with("bestmove "));
  uci.send("position startpos\ngo wtime 2000 btime 2000 winc 10 binc 10\n");
  lines = uci.lines_until("bestmove", 5);
  CHECK(lines.back().starts_with("bestmove "));
  uci.send("go movetime 100\n");
  lines = uci.lines_until("bestmove", 5);
  CHECK(lines.back().starts_with("bestmove "));
  uci.send("quit\n");
  CHECK(uci.wait_end().code == 0);
}

TEST_CASE("uci: stop ends go infinite at once, isready is answered during the search",
          "[cli][uci][threads]") {
  CliDialogue uci("chess uci");
  REQUIRE(uci.started());
  uci.send("position startpos\ngo infinite\n");
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  uci.send("isready\n");
  auto lines = uci.lines_until("readyok", 2);
  REQUIRE(!lines.empty());
  CHECK(lines.back() == "readyok");
  CHECK(!has_prefix(lines, "bestmove"));  // infinite: no bestmove before stop
  uci.send("stop\n");
  lines = uci.lines_until("bestmove", 2);
  REQUIRE(!lines.empty());
  CHECK(lines.back().starts_with("bestmove "));
  // A finished search in infinite mode still waits for stop; ponderhit turns a ponder search
  // into a real one.
  uci.send("position fen *2k1*/6/6/6/d3a1/2d3/6/*K2n* b - - 0 1\ngo infinite depth 2\nisready\n");
  lines = uci.lines_until("readyok", 2);
  CHECK(!has_prefix(lines, "bestmove"));
  uci.send("stop\n");
  lines = uci.lines_until("bestmove", 2);
  REQUIRE(!lines.empty());
  CHECK(lines.back().starts_with("bestmove "));
  uci.send("position startpos\ngo ponder movetime 100\n");
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  uci.send("ponderhit\n");
  lines = uci.lines_until("bestmove", 3);
  REQUIRE(!lines.empty());
  CHECK(lines.back().starts_with("bestmove "));
  // quit during a search: it ends, with its answer.
  uci.send("go infinite\nquit\n");
  const auto end = uci.wait_end(3);
  CHECK(end.code == 0);
  CHECK(end.out.find("bestmove ") != std::string::npos);
}

TEST_CASE("uci: bad lines get info string errors and the engine carries on",
          "[cli][uci][threads]") {
  CliDialogue uci("chess uci");
  REQUIRE(uci.started());
  uci.send(
      "frobnicate\nposition\nposition startpos moves e2e5\nposition fen 9/9 w - - 0 1\n"
      "position startpos moves e2-e4\n"
      "setoption name Hash value 0\nsetoption name Colour value red\n"
      "setoption name MultiPV value 3\n\x01\x02\n\nisready\n");
  const auto lines = uci.lines_until("readyok");
  REQUIRE(!lines.empty());
  CHECK(lines.back() == "readyok");
  int errors = 0;
  for (const std::string& l : lines) {
    INFO(l);
    if (l == "readyok") continue;
    CHECK(l.starts_with("info string error: "));
    ++errors;
  }
  CHECK(errors == 9);
  // The position before the bad ones stays: the start.
  uci.send("go depth 1\n");
  const std::string best = move_of(uci.lines_until("bestmove").back());
  CHECK(!best.empty());
  // A game the fifty-move rule has drawn has no move to give.
  uci.send(
      "position fen *nskn*/dpaapd/pppppp/6/6/PPPPPP/DPAAPD/*NSKN* w KQkq - 100 60\n"
      "go depth 3\n");
  CHECK(uci.lines_until("bestmove").back() == "bestmove 0000");
  // Nor has a game whose position has come for the third time. After the first two cycles the
  // start has come twice: there a move is still to be made.
  const std::string kings = "position fen *k3*/6/6/6/6/6/6/*3K* w - - 0 1 moves";
  uci.send(kings + " e1d1 b8c8 d1e1 c8b8\ngo depth 3\n");
  CHECK(uci.lines_until("bestmove").back() != "bestmove 0000");
  uci.send(kings + " e1d1 b8c8 d1e1 c8b8 e1d1 b8c8 d1e1 c8b8\ngo depth 3\n");
  CHECK(uci.lines_until("bestmove").back() == "bestmove 0000");
  // A GUI waits for a bestmove after every go: one that cannot be read gets its error, and a
  // move from a search of depth 1.
  uci.send("position startpos\n");
  for (const auto& [go, error] : std::vector<std::pair<std::string, std::string>>{
           {"go depth 0", "go depth must be a whole number 1..64, not '0'"},
           {"go nodes x", "go nodes must be a whole number"},
           {"go sideways 3", "go: unknown argument 'sideways'"},
           {"go depth 3 depth 4", "go depth is given twice"},
           {"go mate 0", "go mate must be a whole number 1..32, not '0'"},
           {"go searchmoves", "go searchmoves needs moves"},
           {"go searchmoves e2e5 depth 2", "go searchmoves 'e2e5' is not legal"},
           {"go searchmoves a3a4 a3a4", "go searchmoves 'a3a4' is given twice"}}) {
    INFO(go);
    uci.send(go + "\n");
    const auto answer = uci.lines_until("bestmove");
    REQUIRE(answer.size() >= 3);
    CHECK(answer.front().starts_with("info string error: " + error));
    CHECK(answer.front().ends_with("; answering from a search of depth 1"));
    CHECK(has_prefix(answer, "info depth 1 "));
    CHECK(!has_prefix(answer, "info depth 2 "));
    CHECK(answer.back().starts_with("bestmove "));
    CHECK(answer.back() != "bestmove 0000");
  }
  uci.send("quit\n");
  CHECK(uci.wait_end().code == 0);
}

TEST_CASE("uci: go searchmoves and go mate", "[cli][uci][threads]") {
  CliDialogue uci("chess uci");
  REQUIRE(uci.started());
  // searchmoves: the best of the moves given, though a better one is there.
  uci.send("position startpos\ngo depth 3\n");
  const std::string best = move_of(uci.lines_until("bestmove").back());
  REQUIRE(best != "a3a4");
  uci.send("go searchmoves a3a4 depth 3\n");
  auto lines = uci.lines_until("bestmove");
  CHECK(lines.back() == "bestmove a3a4");
  CHECK(has_prefix(lines, "info depth 3 score cp "));
  uci.send("go depth 3 searchmoves f3f4 a3a4\n");
  const std::string of_two = move_of(uci.lines_until("bestmove").back());
  CHECK((of_two == "a3a4" || of_two == "f3f4"));
  // The next go chooses among every move again.
  uci.send("go depth 3\n");
  CHECK(move_of(uci.lines_until("bestmove").back()) == best);
  // mate N: a search of 2N - 1 plies.
  uci.send("go mate 2\n");
  lines = uci.lines_until("bestmove");
  CHECK(has_prefix(lines, "info depth 3 "));
  CHECK(!has_prefix(lines, "info depth 4 "));
  uci.send("position fen *2k1*/6/6/6/d3a1/2d3/6/*K2n* b - - 0 1\ngo mate 1\n");
  lines = uci.lines_until("bestmove");
  CHECK(has_prefix(lines, "info depth 1 score mate 1 "));
  CHECK(lines.back() == "bestmove e1d3");
  uci.send("quit\n");
  CHECK(uci.wait_end().code == 0);
}

TEST_CASE("uci: the table is kept from one search to the next until ucinewgame",
          "[cli][uci][threads]") {
  CliDialogue uci("chess uci");
  REQUIRE(uci.started());
  // The nodes and the line of the last info before `engine`'s bestmove.
  const auto last_info = [](CliDialogue& engine) {
    const auto lines = engine.lines_until("bestmove");
    REQUIRE(lines.size() >= 2);
    const std::string& info = lines[lines.size() - 2];
    const auto at = info.find(" nodes ");
    REQUIRE(at != std::string::npos);
    const auto pv = info.find(" pv ");
    REQUIRE(pv != std::string::npos);
    return std::pair{std::stoull(info.substr(at + 7)), info.substr(pv + 4)};
  };
  uci.send("position startpos\ngo depth 5\n");
  const auto [first_nodes, first_pv] = last_info(uci);
  uci.send("go depth 5\n");
  const auto [again_nodes, again_pv] = last_info(uci);
  CHECK(again_nodes * 4 < first_nodes);
  // The line is as long as before: where the table answered, its moves carry it on.
  CHECK(again_pv == first_pv);
  CHECK(std::count(first_pv.begin(), first_pv.end(), ' ') + 1 == 5);
  uci.send("ucinewgame\nposition startpos\ngo depth 5\n");
  CHECK(last_info(uci).first == first_nodes);
  uci.send("setoption name Hash value 2\ngo depth 5\n");
  CHECK(last_info(uci).first > again_nodes);
  // A new capture rule starts the table afresh: what it held was learnt under the other. The
  // search is the one a fresh engine makes under that rule.
  CliDialogue optional("chess uci --captures optional");
  REQUIRE(optional.started());
  const std::string play = "position startpos moves b3b4 b6b5\ngo depth 5\n";
  optional.send(play);
  const auto fresh = last_info(optional);
  optional.send("quit\n");
  CHECK(optional.wait_end().code == 0);
  uci.send(play);
  last_info(uci);
  uci.send("setoption name Captures value optional\n" + play);
  CHECK(last_info(uci) == fresh);
  uci.send("quit\n");
  CHECK(uci.wait_end().code == 0);
}

TEST_CASE("uci: the time a move may take", "[cli][uci][threads]") {
  using leapfrog::cli::uci::Go;
  using leapfrog::cli::uci::read_go;
  using leapfrog::cli::uci::think_time;
  using std::chrono::milliseconds;
  const Go go = read_go({"wtime", "30000", "btime", "6000", "winc", "400", "binc", "0"});
  CHECK(think_time(go, leapfrog::chess::kRed) == milliseconds(30000 / 30 + 300));
  CHECK(think_time(go, leapfrog::chess::kBlack) == milliseconds(200));
  CHECK(think_time(read_go({"movetime", "250"}), leapfrog::chess::kRed) == milliseconds(250));
  CHECK(think_time(read_go({"depth", "4"}), leapfrog::chess::kRed) == milliseconds(0));
  // Almost no time left: a move at once, within what is left.
  CHECK(think_time(read_go({"wtime", "20"}), leapfrog::chess::kRed) <= milliseconds(10));
  CHECK(think_time(read_go({"wtime", "-5"}), leapfrog::chess::kRed) == milliseconds(1));
  // Out of range either way, the message quotes the number as written, sign and all.
  CHECK_THROWS_WITH(read_go({"wtime", "-99999999999999999999"}),
                    "go wtime must be a whole number -1099511627776..1099511627776, not "
                    "'-99999999999999999999'");
  CHECK_THROWS_WITH(read_go({"btime", "x"}),
                    "go btime must be a whole number -1099511627776..1099511627776, not 'x'");
  // An argument twice is refused (the later would silently win), wherever the second comes.
  CHECK_THROWS_WITH(read_go({"depth", "3", "depth", "4"}), "go depth is given twice");
  CHECK_THROWS_WITH(read_go({"wtime", "100", "btime", "5", "wtime", "-1"}),
                    "go wtime is given twice");
  CHECK_THROWS_WITH(read_go({"infinite", "infinite"}), "go infinite is given twice");
  CHECK_NOTHROW(read_go({"depth", "3", "nodes", "3"}));
}
