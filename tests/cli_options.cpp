// One option set: walks every subcommand's --help and checks that each option means the same,
// shows its default the same way and refuses bad values the same way wherever it appears
// (docs/options.md).
#include <sys/wait.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "run_cli.h"
#include "sanitized.h"

using Json = nlohmann::json;
using leapfrog::testing::quoted;
using leapfrog::testing::run_cli;

namespace {

struct OptionLine {
  std::string value;     // value name ("N", "MB", ...), empty for a switch
  std::string fallback;  // the default shown as "(=...)", empty when none is shown
};

// The options a --help lists, from lines like "  --hash MB (=1024)   the most ...". (No
// std::regex: GCC 12 warns wrongly inside <regex> under the sanitizer build's -Werror.)
std::map<std::string, OptionLine> options_of(const std::string& help) {
  std::map<std::string, OptionLine> out;
  std::istringstream in(help);
  for (std::string text; std::getline(in, text);) {
    if (text.starts_with("  -h [ --help ]")) {
      out["help"] = {};
      continue;
    }
    if (!text.starts_with("  --")) continue;
    std::istringstream words(text.substr(4));
    std::string name, value, fallback;
    words >> name;
    std::string word;
    if (words >> word) {
      if (!word.empty() && std::all_of(word.begin(), word.end(),
                                       [](char c) { return (c >= 'A' && c <= 'Z') || c == '.'; })) {
        value = word.substr(0, word.find('.'));
        words >> word;
      }
      if (word.starts_with("(=")) {
        fallback = word.substr(2);
        // A default ending in ")" closes here; a default with spaces never occurs.
        if (fallback.ends_with(")")) fallback.pop_back();
      }
    }
    out[name] = {value, fallback};
  }
  return out;
}

// The subcommands `leapfrog --help` lists ("generate" has two of its own).
std::vector<std::string> commands() {
  const auto help = run_cli("--help");
  std::vector<std::string> out;
  std::istringstream in(help.out);
  bool listing = false;
  for (std::string text; std::getline(in, text);) {
    if (text == "Commands:") {
      listing = true;
      continue;
    }
    if (!listing) continue;
    if (!text.starts_with("  ")) break;
    std::istringstream words(text);
    std::string name;
    words >> name;
    if (name == "generate") {
      out.push_back("generate layout");
      out.push_back("generate puzzles");
    } else if (name == "egdb") {
      for (const char* action : {"egdb build", "egdb info", "egdb verify"}) out.push_back(action);
    } else {
      out.push_back(name);
    }
  }
  return out;
}

// Values each kind of value must refuse, by its value name. A new value name fails the test
// until it is given its kind here (and in docs/options.md).
const std::map<std::string, std::vector<std::string>>& bad_values() {
  static const std::map<std::string, std::vector<std::string>> table = {
      {"N", {"-1", "x", "''", "2.5", "18446744073709551616"}},
      {"MB", {"-1", "0", "x", "''", "1e3"}},
      {"S", {"-1", "x", "''", "18446744073709551616"}},
      {"SECONDS", {"-1", "x", "''", "nan", "inf"}},
      {"NAME", {"''", "no-such"}},
      {"RULE", {"''", "no-such"}},
      {"MEASURE", {"''", "no-such"}},
      {"WHO", {"''", "no-such"}},
      {"KIND", {"''", "no-such"}},
      {"GRID", {"''", "no-such"}},
      {"SHAPE", {"''", "no-such", "capture"}},
      {"WHEN", {"''", "sometimes"}},
      {"ROUNDING", {"''", "no-such"}},
      {"FMT", {"''", "no-such"}},
      {"FILE", {"''"}},
      {"MOVE", {"''"}},
      {"DIR", {"''", "-"}},
      {"SQUARE", {"''", "z", "4d", "d4x"}},
      {"HOST", {"''", "'no such host'", "'a/b'"}},
      {"TEXT", {}},  // any text, even empty
  };
  return table;
}

// Options whose one name has two meanings, each documented: solve --count is a switch (count
// the lines), generate puzzles --count N the number of puzzles; generate's --variant is a
// piece set with a default; generate puzzles' --size has the puzzle kind's range; serve's --hash
// is each search's share, with a default that suits several searches at once.
bool documented_difference(const std::string& option, const std::string& command) {
  if (option == "hash") return command == "serve";
  if (option == "count") return command == "solve" || command == "generate puzzles";
  if (option == "variant") return command.starts_with("generate");
  if (option == "size") return command == "generate puzzles";
  return false;
}

}  // namespace

TEST_CASE("every option means the same and shows its default the same in every command",
          "[cli][options]") {
  const std::vector<std::string> cmds = commands();
  REQUIRE(cmds.size() >= 12);
  std::map<std::string, std::pair<OptionLine, std::string>> first;  // option -> line, command
  int checked = 0;
  for (const std::string& cmd : cmds) {
    const auto help = run_cli(cmd + " --help");
    REQUIRE(help.code == 0);
    const auto opts = options_of(help.out);
    INFO(cmd);
    CHECK(opts.count("help") == 1);
    // hub, serve, chess uci and chess play refuse --json (their output is a protocol's, or a
    // game's dialogue), and so do not offer it.
    const bool json = cmd != "hub" && cmd != "serve" && cmd != "chess uci" && cmd != "chess play";
    CHECK(opts.count("json") == (json ? 1u : 0u));
    // Only the commands that draw boards offer --color (the others accept it unlisted);
    // chess alone lists what its subcommands share, show and play among them.
    const bool draws = cmd == "show" || cmd == "best" || cmd == "solve" || cmd == "analyse" ||
                       cmd == "verify" || cmd == "play" || cmd == "generate layout" ||
                       cmd == "chess" || cmd == "chess show" || cmd == "chess play";
    CHECK(opts.count("color") == (draws ? 1u : 0u));
    for (const auto& [name, line] : opts) {
      INFO("--" << name);
      if (!line.value.empty()) CHECK(bad_values().count(line.value) == 1);
      if (documented_difference(name, cmd)) continue;
      const auto [it, added] = first.emplace(name, std::pair{line, cmd});
      if (added) continue;
      INFO("first seen in " << it->second.second);
      CHECK(line.value == it->second.first.value);
      CHECK(line.fallback == it->second.first.fallback);
      ++checked;
    }
  }
  CHECK(checked > 50);
  // The options every search shares, one default each.
  CHECK(first.at("hash").first.fallback == "1024");
  CHECK(first.at("threads").first.fallback == "0");
  CHECK(first.at("seed").first.fallback == "1");
  CHECK(first.at("time-limit").first.fallback == "0");
  CHECK(first.at("nodes").first.fallback == "0");
}

TEST_CASE("every option refuses a bad value the same way in every command", "[cli][options]") {
  // About a thousand runs of the program. A sanitizer build, slow to start, tries each option
  // in the first command that has it: the same parsing code, which is what it checks.
  std::set<std::string> tried;
  int refused = 0;
  for (const std::string& cmd : commands()) {
    const auto opts = options_of(run_cli(cmd + " --help").out);
    for (const auto& [name, line] : opts) {
      if (line.value.empty()) continue;
      const auto kind = bad_values().find(line.value);
      if (kind == bad_values().end()) continue;  // the test above fails for it
      if (leapfrog::testing::kSanitized && !tried.insert(name).second) continue;
      // The default passes the option's own check (--help stops after the checks).
      if (!line.fallback.empty()) {
        INFO(cmd << " --" << name << " " << line.fallback);
        CHECK(run_cli(cmd + " --" + name + " '" + line.fallback + "' --help").code == 0);
      }
      for (const std::string& bad : kind->second) {
        const std::string args = cmd + " --" + name + " " + bad;
        INFO(args);
        const auto r = run_cli(args);
        CHECK(r.code == 2);
        CHECK(r.out.empty());
        // One line naming the option and what it takes.
        CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
        CHECK(r.err.find("--" + name + " must ") != std::string::npos);
        ++refused;
      }
    }
  }
  CHECK(refused > (leapfrog::testing::kSanitized ? 100 : 150));
}

TEST_CASE("an output file '-' with --json is refused the same way in every command",
          "[cli][options]") {
  // Standard output holds the JSON object alone (docs/options.md): --svg -, --html -,
  // --out -, and play's --save - and --record - would write there too. The refusal comes with the
  // options, before the arguments are read.
  std::vector<std::string> all = commands();
  all.push_back("chess show");
  std::set<std::string> drawing, saving;
  for (const std::string& cmd : all) {
    const auto opts = options_of(run_cli(cmd + " --help").out);
    for (const std::string option : {"svg", "html", "out", "save", "record"}) {
      if (!opts.count(option)) continue;
      if (option == "svg") drawing.insert(cmd);
      if (option == "save") saving.insert(cmd);
      const std::string args = cmd + " --" + option + " - --json";
      INFO(args);
      const auto r = run_cli(args);
      CHECK(r.code == 2);
      CHECK(r.out.empty());
      CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
      CHECK(r.err.find("--json needs --" + option + " to name a file, not '-'") !=
            std::string::npos);
    }
  }
  for (const char* cmd : {"show", "best", "solve", "verify", "analyse", "chess show"}) {
    INFO(cmd);
    CHECK(drawing.count(cmd) == 1);
  }
  CHECK(saving.count("play") == 1);
  // The same with the rest of the command line right, as a user would run it.
  const std::string record =
      quoted(std::string(LEAPFROG_SOURCE_DIR) + "/puzzles/records/murray-6x6-piece-max.lfr");
  for (const std::string& args :
       {std::string("show 1234"), std::string("best 21.1."), std::string("solve 111.1"),
        "verify --game " + record, "analyse --game " + record + " --nodes 100",
        std::string("chess show startpos")}) {
    INFO(args);
    const auto r = run_cli(args + " --svg - --json");
    CHECK(r.code == 2);
    CHECK(r.out.empty());
    CHECK(r.err.find("--json needs --svg to name a file, not '-'") != std::string::npos);
  }
}

TEST_CASE("a --hash above the memory the machine has is one line, never std::bad_alloc",
          "[cli][options]") {
  // Within --hash's range, solve, analyse, chess analyse and the hub allocated their table
  // at once and printed "std::bad_alloc"; best and reach took it as a budget they could never
  // keep. No machine running the tests has 1048576 MB (1 TiB) available, so nothing is
  // allocated here.
  int refused = 0;
  for (const std::string& cmd : commands()) {
    if (options_of(run_cli(cmd + " --help").out).count("hash") == 0) continue;
    INFO(cmd);
    const auto r = run_cli(cmd + " --hash 1048576");
    CHECK(r.code == 2);
    CHECK(r.out.empty());
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    CHECK(r.err.find("--hash 1048576: cannot allocate 1048576 MB for the tables (") !=
          std::string::npos);
    CHECK(r.err.find(" MB available)") != std::string::npos);
    CHECK(r.err.find("bad_alloc") == std::string::npos);
    ++refused;
  }
  CHECK(refused >= 9);
  // The searches themselves, with a position (the option is checked before anything runs).
  for (const char* cmd : {"solve english", "analyse murray --size 8", "chess analyse startpos",
                          "best english", "reach english"}) {
    INFO(cmd);
    const auto r = run_cli(std::string(cmd) + " --hash 1048576 --json");
    CHECK(r.code == 2);
    CHECK(r.err.find("cannot allocate 1048576 MB") != std::string::npos);
  }
  const auto hub = run_cli("hub --hash 1048576", "hub\nquit\n");
  CHECK(hub.code == 2);
  CHECK(hub.err.find("cannot allocate 1048576 MB") != std::string::npos);
}

namespace {

// The program run with `input` on standard input under an address-space limit (ulimit -v,
// in KB): its exit code and its standard output and error together.
std::pair<int, std::string> run_limited(const std::string& args, const std::string& input,
                                        int kb = 600000) {
  const std::string cmd = "printf '" + input + "' | sh -c \"ulimit -v " + std::to_string(kb) +
                          "; '" + std::string(LEAPFROG_EXE) + "' " + args + "\" 2>&1";
  std::string out;
  FILE* pipe = ::popen(cmd.c_str(), "r");
  REQUIRE(pipe != nullptr);
  char buf[512];
  while (std::fgets(buf, sizeof buf, pipe) != nullptr) out += buf;
  const int status = ::pclose(pipe);
  return std::make_pair(WIFEXITED(status) ? WEXITSTATUS(status) : -1, out);
}

}  // namespace

TEST_CASE("a --hash or a UCI Hash past the address-space limit (ulimit -v) is refused",
          "[cli][options]") {
  // A sanitizer reserves more address space than any such limit leaves.
  if (leapfrog::testing::kSanitized) return;
  const auto limited = [](const std::string& args, const std::string& input) {
    return run_limited(args, input);
  };
  const auto [code, out] = limited("analyse murray --size 5 --hash 700", "");
  CHECK(code == 2);
  CHECK(out.find("--hash 700: cannot allocate 700 MB for the tables (") != std::string::npos);
  // The engine protocol names its own option, keeps the size it had, and still answers go.
  const auto [uci_code, uci] =
      limited("chess uci", "setoption name Hash value 2048\\nposition startpos\\ngo depth 2\\n");
  CHECK(uci_code == 0);
  CHECK(uci.find("info string error: option Hash 2048: cannot allocate 2048 MB for the tables (") !=
        std::string::npos);
  CHECK(uci.find("bestmove ") != std::string::npos);
  CHECK(uci.find("bestmove 0000") == std::string::npos);
}

TEST_CASE("under an address-space limit the default --hash stops a count with its levels so far",
          "[cli][options]") {
  if (leapfrog::testing::kSanitized) return;  // as above
  // The default --hash is the address space left, but threads and the allocator take some of
  // it too (two threads, whatever the machine's cores): an allocation the budget allows can still
  // fail, and must end the count as the budget's own limit does, never with std::bad_alloc.
  const auto [code, out] = run_limited("reach french --json --threads 2", "", 200000);
  INFO(out);
  REQUIRE(code == 0);
  const Json j = Json::parse(out);
  CHECK(j["complete"] == false);
  CHECK(j["out_of_memory"] == true);
  // The levels so far are exact: those of a count that --hash stops.
  const auto bounded = run_cli("reach french --json --hash 60");
  REQUIRE(bounded.code == 0);
  const Json levels = Json::parse(bounded.out)["levels"];
  REQUIRE(levels.size() >= 10);
  CHECK(j["levels"].size() >= 10);
  for (std::size_t k = 0; k < std::min(levels.size(), j["levels"].size()); ++k)
    CHECK(j["levels"][k] == levels[k]);
  const auto [count_code, count] =
      run_limited("solve english --count --json --nodes 4000000 --threads 2", "", 200000);
  INFO(count);
  REQUIRE(count_code == 0);
  const Json c = Json::parse(count);
  CHECK(c["value"] == 31);
  CHECK(c["count"].is_null());
  CHECK(c["count_levels_out_of_memory"] == true);
}

TEST_CASE("under an address-space limit the default --hash still gives a search its answer",
          "[cli][options]") {
  if (leapfrog::testing::kSanitized) return;  // as above
  // The default --hash is the address space left; a search's table asked for later, when
  // threads and other tables hold some of it, may not be had whole. It then takes what it is
  // given: the search goes on (here to its time limit) and answers, never "cannot allocate".
  const auto [code, out] =
      run_limited("solve diamond --hole e6 --time-limit 6 --json --threads 2", "", 300000);
  INFO(out);
  REQUIRE(code == 0);
  const Json j = Json::parse(out);
  CHECK(j["value"] == 38);
  CHECK(!j["line"].empty());
}

namespace {

// Each command line (with empty standard input) exits 2 with the one line "leapfrog MESSAGE.
// Try 'leapfrog COMMAND --help'.", COMMAND being MESSAGE up to its ':'.
template <std::size_t N>
void check_refusals(const std::pair<const char*, const char*> (&cases)[N]) {
  for (const auto& [args, message] : cases) {
    INFO(args);
    const auto r = run_cli(args, "");
    CHECK(r.code == 2);
    CHECK(r.out.empty());
    CHECK(r.err == std::string("leapfrog ") + message + ". Try 'leapfrog " +
                       std::string(message).substr(0, std::string(message).find(':')) +
                       " --help'.\n");
  }
}

}  // namespace

TEST_CASE("an argument past a command's last one is named", "[cli][options]") {
  const std::pair<const char*, const char*> cases[] = {
      {"perft english 1 2", "perft: unexpected argument '2'"},
      {"show english d4 e4", "show: unexpected argument 'd4'"},
      {"chess verify startpos b3b4 x", "chess verify: unexpected argument 'x'"},
      {"check a.epd b.epd", "check: unexpected argument 'b.epd'"},
      {"hub extra", "hub: unexpected argument 'extra'"},
      {"bench extra", "bench: unexpected argument 'extra'"},
      {"egdb info traditional 4", "egdb info: unexpected argument '4'"},
  };
  check_refusals(cases);
}

TEST_CASE("an option's unfinished name that matches several lists them in plain English",
          "[cli][options]") {
  const std::pair<const char*, const char*> cases[] = {
      {"solve english --th 1",
       "solve: option '--th' is ambiguous and matches '--then' and '--threads'"},
      {"analyse english --t 1",
       "analyse: option '--t' is ambiguous and matches '--then', '--threads' and '--time-limit'"},
  };
  check_refusals(cases);
}

TEST_CASE("a negative number where an argument goes is checked as that argument",
          "[cli][options]") {
  // No option's name starts with a digit: -1 is the argument, not an unknown option, and its
  // own check says what it must be. An option's value stays the option's.
  const std::pair<const char*, const char*> cases[] = {
      {"perft english -1", "perft: DEPTH must be a whole number 0..64, not '-1'"},
      {"perft english -0.5", "perft: DEPTH must be a whole number 0..64, not '-0.5'"},
      {"chess perft startpos -3", "chess perft: DEPTH must be a whole number 0..20, not '-3'"},
      {"perft english 2 -3", "perft: unexpected argument '-3'"},
      {"solve english --nodes -1", "solve: --nodes must be a whole number 0..2^64-1, not '-1'"},
  };
  check_refusals(cases);
}

TEST_CASE("a field or a hole given twice is refused with exit 2 naming it", "[cli][options]") {
  auto r = run_cli("show '21.1. turn=2 turn=1'");
  CHECK(r.code == 2);
  CHECK(r.out.empty());
  CHECK(r.err.find("field 'turn' given twice") != std::string::npos);
  CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  r = run_cli("show '21.1. variant=murray variant=english'");
  CHECK(r.code == 2);
  CHECK(r.err.find("field 'variant' given twice") != std::string::npos);
  r = run_cli("show english --hole d4 --hole d4");
  CHECK(r.code == 2);
  CHECK(r.out.empty());
  CHECK(r.err ==
        "leapfrog show: --hole 'd4': that square is given twice. Try 'leapfrog show "
        "--help'.\n");
  // As a repeated option that takes one value is.
  r = run_cli("show english --size 7 --size 7");
  CHECK(r.code == 2);
  CHECK(r.err.find("'--size' cannot be specified more than once") != std::string::npos);
  CHECK(run_cli("show english --hole d4 --hole c4").code == 0);
}
