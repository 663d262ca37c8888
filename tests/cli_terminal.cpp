// Colour on a terminal: `show` run on a pseudo-terminal colours by default, and not with
// NO_COLOR, TERM=dumb or --color never; piped output has no escape codes unless asked.
#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <thread>

#include "cli/progress.h"
#include "pseudo_terminal.h"
#include "run_cli.h"

using leapfrog::testing::EnvChanges;
using leapfrog::testing::run_cli;
using leapfrog::testing::run_in_pty;

namespace {

const std::string kPosition = "1234/2.#1/4411 variant=murray";

bool has_escape(const std::string& s) { return s.find('\x1b') != std::string::npos; }

}  // namespace

TEST_CASE("on a terminal show colours by default", "[terminal]") {
  const auto r = run_in_pty({LEAPFROG_EXE, "show", kPosition},
                            {{"NO_COLOR", std::nullopt}, {"TERM", "xterm"}});
  CHECK(r.code == 0);
  CHECK(r.out.find("\x1b[97;42m4\x1b[0m") != std::string::npos);  // a green 4
  // An empty NO_COLOR counts as unset.
  const auto empty =
      run_in_pty({LEAPFROG_EXE, "show", kPosition}, {{"NO_COLOR", ""}, {"TERM", "xterm"}});
  CHECK(has_escape(empty.out));
  // Even with TERM unset.
  const auto unset = run_in_pty({LEAPFROG_EXE, "show", kPosition},
                                {{"NO_COLOR", std::nullopt}, {"TERM", std::nullopt}});
  CHECK(has_escape(unset.out));
}

TEST_CASE("on a terminal NO_COLOR, TERM=dumb and --color never turn colour off", "[terminal]") {
  const EnvChanges colourful{{"NO_COLOR", std::nullopt}, {"TERM", "xterm"}};
  auto r = run_in_pty({LEAPFROG_EXE, "show", kPosition}, {{"NO_COLOR", "1"}, {"TERM", "xterm"}});
  CHECK(r.code == 0);
  CHECK(r.out.find(" 1 2 3 4") != std::string::npos);
  CHECK_FALSE(has_escape(r.out));
  r = run_in_pty({LEAPFROG_EXE, "show", kPosition}, {{"NO_COLOR", std::nullopt}, {"TERM", "dumb"}});
  CHECK(r.code == 0);
  CHECK_FALSE(has_escape(r.out));
  r = run_in_pty({LEAPFROG_EXE, "show", kPosition, "--color", "never"}, colourful);
  CHECK(r.code == 0);
  CHECK(r.out.find(" 1 2 3 4") != std::string::npos);
  CHECK_FALSE(has_escape(r.out));
  // --color always wins over NO_COLOR.
  r = run_in_pty({LEAPFROG_EXE, "show", kPosition, "--color", "always"}, {{"NO_COLOR", "1"}});
  CHECK(has_escape(r.out));
}

TEST_CASE("piped output has no escape codes unless --color always", "[terminal]") {
  auto r = run_cli("show '" + kPosition + "'");
  CHECK(r.code == 0);
  CHECK(r.out.find(" 1 2 3 4") != std::string::npos);
  CHECK_FALSE(has_escape(r.out));
  CHECK_FALSE(has_escape(r.err));
  r = run_cli("show '12.4/2.#1/4411 variant=murray' --color auto --chain a3xc3");
  CHECK(r.code == 0);
  CHECK_FALSE(has_escape(r.out));
  r = run_cli("show '" + kPosition + "' --color always");
  CHECK(has_escape(r.out));
  r = run_cli("show '" + kPosition + "' --color always --json");
  CHECK_FALSE(has_escape(r.out));
}

TEST_CASE("the progress line shows on a terminal's standard error and not when piped",
          "[terminal][progress][threads]") {
  const auto r = leapfrog::testing::run_function_in_pty([] {
    leapfrog::cli::ProgressLine line;
    leapfrog::Progress p;
    p.nodes = 123456;
    p.best = 17;
    p.note = "depth 3";
    line.update(p);
    line.clear();
  });
  CHECK(r.code == 0);
  CHECK(r.out.find("\r123456 nodes  ") != std::string::npos);
  CHECK(r.out.find("best 17") != std::string::npos);
  CHECK(r.out.find("depth 3") != std::string::npos);
  CHECK(r.out.find("s  depth 3") != std::string::npos);  // elapsed seconds before the note
  // Cleared at the end with blanks, as wide as the line: no escape code, which a dumb
  // terminal would print.
  CHECK(r.out.find('\x1b') == std::string::npos);
  const std::size_t shown = r.out.find('\r') + 1;
  const std::size_t width = r.out.find('\r', shown) - shown;
  CHECK(r.out.ends_with("\r" + std::string(width, ' ') + "\r"));
  // Here (under ctest) standard error is a file or a pipe, not a terminal.
  if (isatty(STDERR_FILENO) == 0) {
    leapfrog::cli::ProgressLine piped;
    CHECK_FALSE(piped.enabled());
  }
}

TEST_CASE("a shorter progress line blanks what is left of a longer one",
          "[terminal][progress][threads]") {
  const auto r = leapfrog::testing::run_function_in_pty([] {
    leapfrog::cli::ProgressLine line;
    leapfrog::Progress p;
    p.nodes = 1;
    p.note = "a long note that the next line does not have";
    line.update(p);
    std::this_thread::sleep_for(std::chrono::milliseconds(250));  // past the redraw period
    p.note.clear();
    line.update(p);
  });
  CHECK(r.out.find('\x1b') == std::string::npos);
  // "\r" long line, "\r" short line and blanks, then the clear's "\r".
  const std::size_t first = r.out.find('\r'), second = r.out.find('\r', first + 1),
                    clear = r.out.find('\r', second + 1);
  REQUIRE(clear != std::string::npos);
  const std::string shorter = r.out.substr(second + 1, clear - second - 1);
  CHECK(shorter.size() == second - first - 1);  // as wide as the long line
  CHECK(shorter.find("a long note") == std::string::npos);
  CHECK(shorter.ends_with("     "));
}

TEST_CASE("progress lines name their work and show the upper bound",
          "[terminal][progress][threads]") {
  auto r = leapfrog::testing::run_function_in_pty([] {
    leapfrog::cli::ProgressLine line;
    leapfrog::Progress p;
    p.nodes = 5000;
    p.best = 37;
    p.bound = 40;
    line.update(p);
  });
  CHECK(r.out.find("\r5000 nodes  ") != std::string::npos);
  CHECK(r.out.find("best 37 (at most 40)") != std::string::npos);
  r = leapfrog::testing::run_function_in_pty([] {
    leapfrog::cli::ProgressLine line({"candidates", nullptr});
    leapfrog::Progress p;
    p.nodes = 12;
    p.best = 3;
    p.note = "3/10 puzzles";
    line.update(p);
  });
  CHECK(r.out.find("\r12 candidates  ") != std::string::npos);
  CHECK(r.out.find("best") == std::string::npos);
  CHECK(r.out.find("3/10 puzzles") != std::string::npos);
}

TEST_CASE("times are printed to a sensible precision", "[progress]") {
  using leapfrog::cli::format_seconds;
  CHECK(format_seconds(0.0724127) == "0.072 s");
  CHECK(format_seconds(3.14159) == "3.14 s");
  CHECK(format_seconds(12.345) == "12.3 s");
  CHECK(format_seconds(754.4) == "754 s");
  CHECK(leapfrog::cli::round_seconds(0.0724127) == 0.072);
  const auto r = run_cli("generate puzzles --kind chain --count 1 --size 6 --seed 3");
  REQUIRE(r.code == 0);
  const auto in = r.err.find(" candidates in ");
  REQUIRE(in != std::string::npos);
  const std::string time = r.err.substr(in + 15, r.err.find('\n', in) - in - 15);
  INFO(time);
  CHECK(time.size() <= 7);  // "0.123 s", "12.3 s"
}

TEST_CASE("reach prints its table's header first, before the search", "[cli][progress]") {
  const auto r = run_cli("reach 1111/1.11/1111");
  REQUIRE(r.code == 0);
  CHECK(r.out.starts_with("taken  positions (up to symmetry)\n"));
  CHECK(r.out.find("\n    0  1\n") != std::string::npos);
}

TEST_CASE("reach prints each level as soon as it is complete: a run killed outright keeps them",
          "[cli][progress]") {
  // French from its centre counts for minutes. Once seven lines are out the run is killed
  // with SIGKILL, which leaves it no time to print anything more; the shell's status says
  // whether the run was still going when the lines came.
  const std::string out = "leapfrog_cli_test_levels_" + std::to_string(::getpid()) + ".out";
  const std::string cmd =
      "sh -c '\"$0\" reach french --threads 1 --hash 1500 >" + out +
      " 2>/dev/null & pid=$!; i=0; while [ $i -lt 600 ] && [ $(cat " + out +
      " 2>/dev/null | wc -l) -lt 7 ]; do sleep 0.1; i=$((i+1)); done; kill -0 $pid && alive=yes; "
      "kill -9 $pid; wait $pid; [ \"$alive\" = yes ]' '" +
      LEAPFROG_EXE + "'";
  const int status = std::system(cmd.c_str());
  const std::string text = leapfrog::testing::slurp(out);
  std::remove(out.c_str());
  INFO(text);
  CHECK((WIFEXITED(status) && WEXITSTATUS(status) == 0));
  CHECK(text.starts_with("taken  positions (up to symmetry)\n    0  1\n    1  1\n"));
  CHECK(std::count(text.begin(), text.end(), '\n') >= 7);
}
