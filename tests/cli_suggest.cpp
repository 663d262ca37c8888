// Mistakes people make in their first hour: a misspelt variant or command, a file that is not
// there, a move in another game's spelling. Each is one line naming what was wrong and, where
// one is near, what was meant; exit 2.
#include <catch2/catch.hpp>

#include "cli/suggest.h"
#include "run_cli.h"

using leapfrog::testing::run_cli;

namespace {

// The one line of standard error of a usage error.
std::string usage_error(const std::string& args) {
  const auto r = run_cli(args);
  INFO(args << "\n" << r.err);
  CHECK(r.code == 2);
  CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  return r.err;
}

}  // namespace

TEST_CASE("edit distance ignores case and counts a swap as one", "[cli][suggest]") {
  using leapfrog::cli::edit_distance;
  using leapfrog::cli::nearest_name;
  CHECK(edit_distance("murry", "murray") == 1);
  CHECK(edit_distance("English", "english") == 0);
  CHECK(edit_distance("frgolet", "froglet") == 1);
  CHECK(edit_distance("", "abc") == 3);
  const std::vector<std::string> names = {"traditional", "murray", "froglet", "english"};
  CHECK(nearest_name("murry", names) == "murray");
  CHECK(nearest_name("ENGLISH", names) == "english");
  CHECK(nearest_name("nosuch.pos", names).empty());
  CHECK(nearest_name("xy", names).empty());
}

TEST_CASE("a misspelt variant or a missing file is not read as a bad piece", "[cli][suggest]") {
  CHECK(usage_error("show murry") ==
        "leapfrog show: 'murry' is neither a variant, a file nor a position (did you mean "
        "murray?). Try 'leapfrog show --help'.\n");
  CHECK(
      usage_error("solve English")
          .find("'English' is neither a variant, a file nor a position (did you mean english?)") !=
      std::string::npos);
  const std::string missing = usage_error("best nosuch.pos");
  CHECK(missing.find("'nosuch.pos' is neither a variant, a file nor a position (as position "
                     "text: ") != std::string::npos);
  CHECK(missing.find("did you mean") == std::string::npos);
  CHECK(usage_error("show 1234/2.#1/44m1").find("neither") == std::string::npos);
  // A path that names no file says so, whatever its rows would read as.
  for (const std::string path : {"/nonexistent", "./no/such.lfr", "../nosuch", "~/nosuch.lfr"})
    CHECK(usage_error("show " + leapfrog::testing::quoted(path))
              .find("'" + path +
                    "' is no file (nothing there) and no position (as position text: ") !=
          std::string::npos);
  CHECK(usage_error("show 1234 --variant murry").find("did you mean murray?") != std::string::npos);
}

TEST_CASE("analyze is analyse, other misspelt commands get a suggestion", "[cli][suggest]") {
  const auto r = run_cli("analyze 3441./33311/.1.41/.4.../.41.1 --nodes 2000 --json");
  INFO(r.err);
  CHECK(r.code == 0);
  CHECK(r.out.find("\"best\"") != std::string::npos);
  CHECK(usage_error("slove english").find("unknown command 'slove' (did you mean solve?)") !=
        std::string::npos);
  CHECK(usage_error("frobnicate").find("did you mean") == std::string::npos);
  CHECK(usage_error("chess perfr startpos 1").find("did you mean perft?") != std::string::npos);
  CHECK(run_cli("chess analyze startpos --depth 1 --json").code == 0);
}

TEST_CASE("moves written as people try name the notation", "[cli][suggest]") {
  const std::string pos = "3441./33311/.1.41/.4.../.41.1";
  CHECK(usage_error("verify " + pos + " e3-c3-a3").find("did you mean e3xc3xa3?") !=
        std::string::npos);
  CHECK(usage_error("verify " + pos + " E3XC3").find("did you mean e3xc3?") != std::string::npos);
  CHECK(usage_error("show " + pos + " --then e3c3").find("did you mean e3xc3?") !=
        std::string::npos);
  CHECK(usage_error("verify " + pos + " XA5").find("did you mean xa5?") != std::string::npos);
  CHECK(usage_error("verify " + pos + " z9-c3").find("did you mean") == std::string::npos);
  CHECK(usage_error("chess verify startpos e2-e4").find("did you mean e2e4?") != std::string::npos);
  CHECK(usage_error("chess verify startpos Nb1c3").find("did you mean b1c3?") != std::string::npos);
}
