// hub (docs/hub.md): its reader as functions (cli/hub.h), and sessions with the engine, every
// one through CliDialogue, so that an engine that stops answering fails the test by its
// deadline instead of hanging the suite.
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <csignal>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "cli/hub.h"
#include "run_cli.h"

using leapfrog::cli::UsageError;
using leapfrog::cli::hub::Budget;
using leapfrog::cli::hub::kMaxMessageBytes;
using leapfrog::cli::hub::LineReader;
using leapfrog::cli::hub::Message;
using leapfrog::cli::hub::read_message;
using leapfrog::testing::CliDialogue;
using leapfrog::testing::run_cli;

namespace {

const std::string kPosition = "3441./33311/.1.41/.4.../.41.1";

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  return lines;
}

// The message of a UsageError that `line` gives, else "".
std::string read_error(const std::string& line) {
  try {
    (void)read_message(line);
  } catch (const UsageError& e) {
    return e.what();
  }
  return "";
}

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("hub reader: lines from pieces of any size, a long line cut and marked",
          "[cli][hub][threads]") {
  const std::string input = "hub\r\ninit\n\npos pos=murray\ngo think";
  std::vector<LineReader::Line> whole, bytewise;
  LineReader a, b;
  a.feed(input, whole);
  for (const char c : input) b.feed(std::string_view(&c, 1), bytewise);
  CHECK(whole == bytewise);
  REQUIRE(whole.size() == 4);
  CHECK(whole[0].text == "hub\r");
  CHECK(whole[2].text.empty());
  CHECK(a.finish() == LineReader::Line{"go think", false});
  CHECK(!a.finish());

  LineReader c;
  std::vector<LineReader::Line> lines;
  c.feed(std::string(kMaxMessageBytes, 'x'), lines);
  c.feed("yz\nping\n", lines);
  REQUIRE(lines.size() == 2);
  CHECK(lines[0].too_long);
  CHECK(lines[0].text.size() == kMaxMessageBytes);
  CHECK(lines[1] == LineReader::Line{"ping", false});

  // A byte-order mark before the first line is no part of it, even fed in pieces.
  LineReader d;
  lines.clear();
  d.feed("\xef\xbb", lines);
  d.feed("\xbfhub\n\xef\xbb\xbfhub\n", lines);
  REQUIRE(lines.size() == 2);
  CHECK(lines[0].text == "hub");
  CHECK(lines[1].text == "\xef\xbb\xbfhub");
}

TEST_CASE("hub reader: messages, and the arguments each command takes", "[cli][hub][threads]") {
  const Message pos = read_message("pos  pos=\"1.1/.. players=3\"\tmoves=xa1\r");
  CHECK(pos.command == "pos");
  CHECK(pos.words.empty());
  CHECK(pos.pairs ==
        std::map<std::string, std::string>{{"pos", "1.1/.. players=3"}, {"moves", "xa1"}});
  CHECK(read_message("go think").words == std::vector<std::string>{"think"});
  CHECK(read_message("   ").command.empty());
  CHECK(read_message("level infinite depth=3").pairs.at("depth") == "3");

  CHECK(read_error("level") == "level needs nodes=N, time=S, move-time=S, depth=D or infinite");
  CHECK(read_error("go foo") == "go takes think, analyze or ponder, not 'foo'");
  CHECK(read_error("go") == "go takes one of think, analyze or ponder");
  CHECK(read_error("go think ponder") == "go takes one of think, analyze or ponder");
  CHECK(read_error("init x=1") == "init takes nothing, not 'x=1'");
  CHECK(read_error("level fast") ==
        "level takes nodes=N, time=S, move-time=S, depth=D or infinite, not 'fast'");
  CHECK(read_error("level nodes=1 time=2") ==
        "level takes one of nodes, time, move-time and infinite");
  CHECK(read_error("pos moves=xa1") == "pos needs pos=\"POSITION\"");
  CHECK(read_error("pos pos=a pos=b") == "'pos' is given twice");
  CHECK(read_error("pos pos=\"a\"b") == "no space after the closing quote in 'pos=\"a\"b'");
  CHECK(read_error("pos pos=\"a") == "unclosed quote in 'pos=\"a'");
  CHECK(read_error("=x") == "a message starts with its command word, not '=x'");
  CHECK(read_error("\x01 x") == "unknown command '\\x01'");
  // User text is clipped: 60 characters, then "...".
  CHECK(read_error(std::string(100, 'z')) == "unknown command '" + std::string(60, 'z') + "'...");
  std::string accents, stray;  // a character of two bytes; bytes that are no character
  for (int k = 0; k < 60; ++k) accents += "\u00e9", stray += "\\x9f";
  CHECK(read_error(accents + accents) == "unknown command '" + accents + "'...");
  CHECK(read_error(std::string(100, '\x9f')) == "unknown command '" + stray + "'...");
  for (const char* now : {"stop", "ping", "quit"}) CHECK(acts_at_once(read_message(now)));
  for (const char* later : {"hub", "init", "new-game", "go think", "level infinite"})
    CHECK(!acts_at_once(read_message(later)));
}

TEST_CASE("hub reader: level names its own keys, pos names a bad turn", "[cli][hub][threads]") {
  using leapfrog::cli::hub::level_budget;
  using leapfrog::cli::hub::pos_setup;
  const Budget start{1000, 0, 0};
  CHECK(level_budget(read_message("level time=1.5 depth=7"), start) == Budget{0, 1.5, 7});
  CHECK(level_budget(read_message("level infinite"), start) == Budget{0, 0, 0});
  CHECK(level_budget(read_message("level depth=2"), start) == Budget{1000, 0, 2});
  // A level changes what it names: the depth stays until depth=0 lifts it.
  CHECK(level_budget(read_message("level nodes=5"), Budget{1000, 0, 4}) == Budget{5, 0, 4});
  CHECK(level_budget(read_message("level depth=0"), Budget{1000, 0, 4}) == Budget{1000, 0, 0});
  try {
    (void)level_budget(read_message("level nodes=x"), start);
    FAIL("no error");
  } catch (const UsageError& e) {
    CHECK(std::string(e.what()) == "level nodes must be a whole number 0..2^64-1, not 'x'");
  }
  const leapfrog::cli::CommonOptions o;
  CHECK(pos_setup(read_message("pos pos=\"" + kPosition + "\" moves=\"e3xc3 c1xa1\""), o)
            .position.to_move == 0);
  try {
    (void)pos_setup(read_message("pos pos=\"" + kPosition + "\" moves=\"e3xc3 c1xa1 a1xa3\""), o);
    FAIL("no error");
  } catch (const UsageError& e) {
    CHECK(std::string(e.what()).starts_with("moves: turn 3 'a1xa3' is illegal: "));
  }
}

TEST_CASE("hub refuses --json: its output is the protocol's lines", "[cli][hub][threads]") {
  const auto r = leapfrog::testing::run_cli("hub --json", "hub\nquit\n");
  CHECK(r.code == 2);
  CHECK(r.out.empty());
  CHECK(r.err.starts_with("leapfrog hub: --json does not apply"));
  // Nor do the other commands that print no JSON; none offers it in its help, which --help
  // beside a --json still shows.
  for (const std::string command : {"hub", "serve", "chess uci", "chess play"}) {
    INFO(command);
    const auto refused = run_cli(command + " --jso", "quit\n");
    CHECK(refused.code == 2);
    CHECK(refused.out.empty());
    CHECK(refused.err.starts_with("leapfrog " + command + ": "));
    CHECK(refused.err.find("--json") != std::string::npos);
    CHECK(run_cli(command + " --json=1", "quit\n").err == refused.err);
    const auto help = run_cli(command + " --hel --json");
    CHECK(help.code == 0);
    // They draw no boards (chess play does), so --color is not offered either.
    CHECK((help.out.find("--color") != std::string::npos) == (command == "chess play"));
    CHECK(help.out.find("--json") == std::string::npos);
  }
}

TEST_CASE("hub: a scripted session, bad positions get an error line, never a crash",
          "[cli][game][hub][threads]") {
  CliDialogue hub("hub --size 8");
  REQUIRE(hub.started());
  // Sent at once: what follows each go waits until that search has answered.
  hub.send(
      "hub\n"
      "init\n"
      "pos pos=murray\n"
      "level nodes=3000\n"
      "go think\n"
      "pos pos=\"1.1/..\"\n"
      "go think\n"
      "pos pos=\"" +
      kPosition +
      "\" moves=\"e3xc3 a1xa9\"\n"
      "pos pos=\"" +
      kPosition +
      "\" moves=\"a1xa3\"\n"
      "level nodes=x\n"
      "pos pos=\"" +
      kPosition +
      "\"\n"
      "level nodes=100000\n"
      "go think\n");
  std::vector<std::string> lines = hub.lines_until("done");
  for (int go = 0; go < 2; ++go)
    for (const std::string& l : hub.lines_until("done")) lines.push_back(l);
  hub.send("quit\n");
  const auto r = hub.finish();
  CHECK(r.code == 0);
  CHECK(r.out.empty());
  INFO(Catch::Detail::stringify(lines));
  REQUIRE(lines.size() == 13);
  CHECK(lines[0].starts_with("id name=leapfrog"));
  CHECK(lines[1] == "wait");
  CHECK(lines[2] == "ready");
  CHECK(lines[3].starts_with("info depth="));
  CHECK(lines[4].starts_with("done move=x"));  // the opening removal
  for (int k : {5, 6, 8, 9, 10}) CHECK(lines[k].starts_with("error message=\""));
  CHECK(has(lines[5], "row"));
  CHECK(has(lines[6], "no position"));
  CHECK(lines[7] == "done");  // a go that cannot search still ends
  CHECK(has(lines[8], "moves: turn 2: move 'a1xa9'"));
  CHECK(has(lines[9], "moves: turn 1 'a1xa3' is illegal: a1 is empty"));
  CHECK(has(lines[10], "level nodes must be a whole number"));
  CHECK(has(lines[11], "score=3 "));
  CHECK(has(lines[11], "proved=yes"));
  CHECK(lines[12] == "done move=e3xc3xa3");
  for (const std::string& l : lines) CHECK(std::count(l.begin(), l.end(), '"') % 2 == 0);
}

TEST_CASE("hub: new-game starts afresh, a search within a game may use what earlier ones proved",
          "[cli][hub][threads]") {
  // The exact solver's proved values carry over between the searches of a game: a position
  // searched again comes back proved at once. After new-game the same messages give the
  // answer of a fresh engine.
  const std::string pos = "pos pos=\"" + kPosition + "\"\n";
  const auto session = [&](const std::string& before) {
    CliDialogue hub("hub --threads 1");
    REQUIRE(hub.started());
    hub.send(pos + before + "level nodes=2000\ngo think\n");
    if (!before.empty()) (void)hub.lines_until("done");
    std::vector<std::string> lines = hub.lines_until("done");
    hub.send("quit\n");
    CHECK(hub.finish().code == 0);
    REQUIRE(lines.size() == 2);
    return lines[0] + " / " + lines[1];
  };
  const std::string fresh = session("");
  CHECK(has(fresh, "nodes=2000 proved=no"));
  const std::string again = session("go think\n");
  // The first go, at the default budget of 100000 positions, proved it.
  CHECK(has(again, "proved=yes"));
  CHECK(session("go think\nnew-game\n") == fresh);
}

TEST_CASE("hub: malformed messages get error lines and the engine carries on",
          "[cli][game][hub][threads]") {
  CliDialogue hub("hub --size 6");
  REQUIRE(hub.started());
  hub.send(
      "pos\npos pos=\nlevel nodes=\nlevel depth=0\nlevel time=x\ngo\ngo think\npos moves=\n"
      "\x01\x02 =\n=\"x\"\npos pos=\"-\"\npos pos=\"12/3\"\nlevel color=red\nlevel fast\n"
      "pos pos=murray moves=\"xa1 xa1\"\nlevel\ngo foo\npos pos=\"" +
      kPosition + "\"\nlevel depth=2\ngo think\n");
  const std::vector<std::string> lines = hub.lines_until("done move=");
  hub.send("quit\n");
  CHECK(hub.finish().code == 0);
  int errors = 0, done = 0, failed = 0;
  for (const std::string& l : lines) {
    INFO(l);
    CHECK((l.starts_with("error message=\"") || l.starts_with("info ") || l.starts_with("done")));
    errors += l.starts_with("error");
    done += l.starts_with("done move=");
    failed += l == "done";  // go, go foo and the go think without a position
  }
  CHECK(errors == 16);
  CHECK(done == 1);
  // Every go ends with done, also one that cannot be read; in turn, after its error.
  CHECK(failed == 3);
  const auto go = std::find(lines.begin(), lines.end(),
                            "error message=\"go takes one of think, analyze or ponder\"");
  REQUIRE(go != lines.end());
  REQUIRE(go + 1 != lines.end());
  CHECK(*(go + 1) == "done");
}

TEST_CASE("hub: level depth=D looks D turns ahead, as analyse --depth does",
          "[cli][game][hub][threads]") {
  // The 6x6 board is within the exact solver's reach, which has no depth: without a search
  // limit besides the depth, the answer must come from the depth-limited search alone, on
  // its own and at once.
  const auto analysed = run_cli("analyse murray --size 6 --depth 2 --nodes 0 --threads 1 --json");
  REQUIRE(analysed.code == 0);
  const auto j = nlohmann::json::parse(analysed.out);
  CliDialogue hub("hub --size 6 --threads 1");
  REQUIRE(hub.started());
  hub.send("pos pos=murray\nlevel infinite\nlevel depth=2\ngo think\n");
  const std::vector<std::string> lines = hub.lines_until("done move=", 10);
  hub.send("quit\n");
  CHECK(hub.finish().code == 0);
  REQUIRE(lines.size() == 2);
  REQUIRE(j["pv"].size() == 2);
  CHECK(lines[0] == "info depth=2 score=" + std::to_string(j["value"].get<int>()) +
                        " nodes=" + std::to_string(j["nodes"].get<std::uint64_t>()) +
                        " proved=no totals=" + std::to_string(j["totals"][0].get<int>()) + "," +
                        std::to_string(j["totals"][1].get<int>()) + " pv=\"" +
                        j["pv"][0].get<std::string>() + " " + j["pv"][1].get<std::string>() + "\"");
  CHECK(lines[1] == "done move=" + j["best"].get<std::string>());
}

TEST_CASE("hub: stop and quit are heard during a search without limit", "[cli][hub][threads]") {
  // level nodes=0 is no limit; the second level waits for the answer, and stop is heard.
  CliDialogue hub("hub");
  REQUIRE(hub.started());
  hub.send("pos pos=murray\nlevel nodes=0\ngo think\nlevel nodes=10\nstop\nquit\n");
  const auto r = hub.finish();
  CHECK(r.code == 0);
  const auto lines = lines_of(r.out);
  REQUIRE(lines.size() == 2);
  CHECK(lines[0].starts_with("info depth="));
  CHECK(lines[1].starts_with("done move="));
}

TEST_CASE("hub: a stop early in an exact search answers with a look ahead", "[cli][hub][threads]") {
  // The 8x8 board is within the exact solver's reach: a search without limit starts with it,
  // and so does the exact half of a node budget; neither has an estimate to give. A stop
  // sent with the go (so at any speed within the exact search) is answered after a short
  // look a few turns ahead, not with the largest capture alone (depth 0).
  for (const char* level : {"level infinite", "level nodes=100000"}) {
    INFO(level);
    CliDialogue hub("hub --size 8 --threads 1");
    REQUIRE(hub.started());
    hub.send(std::string("pos pos=murray\n") + level + "\ngo analyze\nstop\n");
    const auto lines = hub.lines_until("done move=", 30);
    hub.send("quit\n");
    CHECK(hub.finish().code == 0);
    REQUIRE(lines.size() == 2);
    INFO(lines[0]);
    CHECK(lines[0].starts_with("info depth="));
    CHECK(!lines[0].starts_with("info depth=0 "));
  }
}

TEST_CASE("hub: ping and unreadable lines are answered during a search, in order",
          "[cli][hub][threads]") {
  CliDialogue hub("hub");
  REQUIRE(hub.started());
  hub.send("pos pos=murray\nlevel infinite\ngo think\nping\nfoo\nping\n");
  CHECK(hub.line() == "pong");
  CHECK(hub.line() == "error message=\"unknown command 'foo'\"");
  CHECK(hub.line() == "pong");
  hub.send("stop\n");
  const auto lines = hub.lines_until("done");
  REQUIRE(lines.size() == 2);
  CHECK(lines[0].starts_with("info depth="));
  CHECK(lines[1].starts_with("done move="));
  hub.send("quit\n");
  const auto r = hub.finish();
  CHECK(r.code == 0);
  CHECK(r.out.empty());
}

TEST_CASE("hub: a stop ends every go read before it, the end of the input stops as quit",
          "[cli][hub][threads]") {
  // The second go waits behind the first search (and the bad pos before it) when stop comes.
  CliDialogue hub("hub");
  REQUIRE(hub.started());
  hub.send(
      "pos pos=murray\nlevel infinite\ngo think\npos pos=\"1.1/..\"\ngo think\n"
      "pos pos=murray\ngo think\nstop\n");
  CHECK(hub.lines_until("done").size() == 2);
  const auto failed = hub.lines_until("done");
  REQUIRE(failed.size() == 3);
  CHECK(has(failed[0], "row"));
  CHECK(has(failed[1], "no position"));
  CHECK(failed[2] == "done");
  const auto lines = hub.lines_until("done");
  REQUIRE(lines.size() == 2);
  CHECK(lines[0].starts_with("info depth="));
  hub.send("go think\n");
  const auto r = hub.finish();
  CHECK(r.code == 0);
  const auto end = lines_of(r.out);
  REQUIRE(end.size() == 2);
  CHECK(end[1].starts_with("done move="));
}

TEST_CASE("hub: Ctrl-C or SIGTERM during a search ends it with the info and done lines",
          "[cli][hub][threads]") {
  for (const int sig : {SIGINT, SIGTERM}) {
    INFO(sig);
    CliDialogue hub("hub");
    REQUIRE(hub.started());
    hub.send("pos pos=murray\nlevel infinite\ngo think\nping\n");
    REQUIRE(hub.line() == "pong");  // the go before it is under way
    hub.signal(sig);
    const std::vector<std::string> lines = hub.lines_until("done");
    REQUIRE(lines.size() == 2);
    CHECK(lines[0].starts_with("info depth="));
    CHECK(lines[1].starts_with("done move="));
    const auto r = hub.finish();
    CHECK(r.code == 0);
  }
}

TEST_CASE("hub: output that cannot be written ends the hub (exit 2)", "[cli][hub][threads]") {
  // Its input stays open: the failed write alone ends it, as a GUI that has gone would.
  CliDialogue hub("hub >/dev/full");
  REQUIRE(hub.started());
  REQUIRE(hub.send("ping\n"));
  CHECK(hub.wait_end().code == 2);
}

TEST_CASE("hub: pos takes text and variant names, never a file", "[cli][hub][threads]") {
  const std::string dir = "leapfrog_hub_test_" + std::to_string(::getpid());
  ::mkdir(dir.c_str(), 0700);
  const std::string fifo = dir + "/fifo", file = dir + "/position";
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  { std::ofstream(file) << kPosition << "\n"; }
  CliDialogue hub("hub");
  REQUIRE(hub.started());
  hub.send("pos pos=\"" + fifo + "\"\npos pos=\"" + file + "\"\nping\n");
  const std::vector<std::string> lines = hub.lines_until("pong");
  hub.send("quit\n");
  CHECK(hub.finish().code == 0);
  std::remove(fifo.c_str());
  std::remove(file.c_str());
  ::rmdir(dir.c_str());
  REQUIRE(lines.size() == 3);
  CHECK(lines[0].starts_with("error message=\"position "));
  CHECK(lines[1].starts_with("error message=\"position "));
}

TEST_CASE("hub: what an error quotes is clipped, level errors name the hub's keys",
          "[cli][hub][threads]") {
  CliDialogue hub("hub");
  REQUIRE(hub.started());
  const std::string huge(10 << 20, 'w'), long_command(1000, 'v');
  hub.send(huge + "\n" + long_command + "\nlevel time=x\nlevel nodes=-1\n");
  const std::vector<std::string> lines = hub.lines_until("error message=\"level nodes");
  hub.send("quit\n");
  CHECK(hub.finish().code == 0);
  REQUIRE(lines.size() == 4);
  for (const std::string& l : lines) REQUIRE(l.size() < 200);  // not the whole text
  CHECK(lines[0] ==
        "error message=\"a message longer than 65536 bytes: '" + std::string(60, 'w') + "'...\"");
  CHECK(lines[1] == "error message=\"unknown command '" + std::string(60, 'v') + "'...\"");
  CHECK(lines[2] ==
        "error message=\"level time must be a number of seconds 0..1000000000 (0: no limit), "
        "not 'x'\"");
  CHECK(lines[3] == "error message=\"level nodes must be a whole number 0..2^64-1, not '-1'\"");
}

TEST_CASE("hub: a go too long to read still ends with done", "[cli][hub][threads]") {
  CliDialogue hub("hub");
  REQUIRE(hub.started());
  hub.send("go think " + std::string(70000, 'x') + "\n");
  const std::vector<std::string> lines = hub.lines_until("done");
  hub.send("quit\n");
  CHECK(hub.finish().code == 0);
  REQUIRE(lines.size() == 2);
  CHECK(lines[0].starts_with("error message=\"a message longer than 65536 bytes: 'go think "));
  CHECK(lines[1] == "done");
}

TEST_CASE("hub refuses an --egdb that is not a folder before it starts",
          "[cli][hub][egdb][threads]") {
  const leapfrog::testing::Scratch s;
  const std::string file = s.dir + "/afile";
  std::ofstream(file) << "hi\n";
  for (const std::string& dir : {file, s.dir + "/missing"}) {
    INFO(dir);
    const auto r =
        leapfrog::testing::run_cli("hub --egdb " + dir, "hub\npos pos=murray\ngo think\n");
    CHECK(r.code == 2);
    CHECK(r.out.empty());
    CHECK(r.err ==
          "leapfrog hub: --egdb: '" + dir + "' is not a folder. Try 'leapfrog hub --help'.\n");
  }
}

TEST_CASE("hub refuses rule options that exclude each other or the game before it starts",
          "[cli][hub][threads]") {
  for (const auto& [options, message] :
       {std::pair<std::string, std::string>{"--grid hex --diagonal",
                                            "--diagonal and --grid hex exclude each other (a "
                                            "hex board has six directions)"},
        {"--players 1", "hub needs two or more players (--players)"}}) {
    INFO(options);
    const auto r = leapfrog::testing::run_cli("hub " + options, "hub\npos pos=murray\ngo think\n");
    CHECK(r.code == 2);
    CHECK(r.out.empty());
    CHECK(r.err == "leapfrog hub: " + message + ". Try 'leapfrog hub --help'.\n");
  }
  // Two players or more, and one set of directions, start the engine.
  CHECK(leapfrog::testing::run_cli("hub --players 3 --grid hex", "quit\n").code == 0);
}

TEST_CASE("hub: a go that cannot search still ends with done", "[cli][hub][egdb][threads]") {
  // A damaged table file in --egdb DIR: found when the go loads the tables.
  const leapfrog::testing::Scratch s;
  REQUIRE(leapfrog::testing::run_cli("egdb build traditional --size 4 --pieces 4 --egdb " + s.dir)
              .code == 0);
  std::ofstream(s.dir + "/4x4-orthogonal-optional/level-03.egdb", std::ios::trunc) << "hi\n";
  CliDialogue hub("hub --egdb " + s.dir);
  REQUIRE(hub.started());
  hub.send("go think\npos pos=\"1111/1.11/1111/1111\"\ngo think\nping\n");
  const std::vector<std::string> first = hub.lines_until("done");
  const std::vector<std::string> second = hub.lines_until("done");
  const std::vector<std::string> after = hub.lines_until("pong");
  hub.send("quit\n");
  CHECK(hub.finish().code == 0);
  INFO(Catch::Detail::stringify(first) << Catch::Detail::stringify(second));
  REQUIRE(first.size() == 2);
  CHECK(has(first[0], "no position: send pos first"));
  CHECK(first[1] == "done");
  REQUIRE(second.size() == 2);
  CHECK(has(second[0], "level-03.egdb': not an endgame table file"));
  CHECK(second[1] == "done");
  CHECK(after == std::vector<std::string>{"pong"});
}

TEST_CASE("hub: an error on a long position quotes its first 60 characters and keeps the reason",
          "[cli][hub][threads]") {
  for (const int n : {300, 2000}) {
    INFO(n);
    CliDialogue hub("hub");
    REQUIRE(hub.started());
    hub.send("pos pos=\"" + std::string(static_cast<std::size_t>(n), '1') + "\"\nping\n");
    const std::vector<std::string> lines = hub.lines_until("pong");
    hub.send("quit\n");
    CHECK(hub.finish().code == 0);
    REQUIRE(lines.size() == 2);
    CHECK(lines[0] == "error message=\"'" + std::string(60, '1') +
                          "'... is neither a variant nor a position (as position text: position "
                          "line 1, column 27: more than 26 columns)\"");
  }
}
