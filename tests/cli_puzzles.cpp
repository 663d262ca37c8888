// generate puzzles and check through the command line (docs/json.md keys, exit codes).
#include <catch2/catch.hpp>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>

#include "run_cli.h"

using leapfrog::testing::run_cli;
using leapfrog::testing::slurp;
using Json = nlohmann::json;

TEST_CASE("generate puzzles --json has the documented keys and is reproducible",
          "[cli][generator]") {
  const auto a =
      run_cli("generate puzzles --kind chain --count 3 --size 10 --seed 5 --json --threads 1");
  REQUIRE(a.code == 0);
  const Json j = Json::parse(a.out);
  REQUIRE(j["puzzles"].size() == 3);
  for (const Json& p : j["puzzles"]) {
    for (const char* key : {"id", "kind", "position", "solution", "value", "rating"})
      CHECK(p.contains(key));
    CHECK(p["kind"] == "chain");
    CHECK(p["solution"].size() == 1);
  }
  const auto b =
      run_cli("generate puzzles --kind chain --count 3 --size 10 --seed 5 --json --threads 2");
  CHECK(a.out == b.out);
  CHECK(a.err.find("seed 5") != std::string::npos);  // the seed is always printed
  const auto s = run_cli("generate puzzles --kind solitaire --count 2 --size 4 --seed 5 --json");
  REQUIRE(s.code == 0);
  CHECK(Json::parse(s.out)["puzzles"][0]["kind"] == "solitaire");
}

TEST_CASE("generate puzzles says when it found fewer than asked: complete false, exit 1",
          "[cli][generator]") {
  // No 3x3 chain has three jumps: every candidate is examined and none is kept.
  const auto none = run_cli("generate puzzles --kind chain --size 3 --count 3 --json");
  CHECK(none.code == 1);
  const Json j = Json::parse(none.out);
  CHECK(j["puzzles"].empty());
  CHECK(j["complete"] == false);
  CHECK(j["stopped"] == false);
  CHECK(j["candidates"] == 1500);
  CHECK(none.err.find("only 0 of 3 puzzles found among 1500 candidates") != std::string::npos);
  const auto text = run_cli("generate puzzles --kind chain --size 3 --count 3");
  CHECK(text.code == 1);
  const auto all = run_cli("generate puzzles --kind chain --size 10 --count 2 --json");
  CHECK(all.code == 0);
  CHECK(Json::parse(all.out)["complete"] == true);
  CHECK(Json::parse(all.out)["stopped"] == false);
}

TEST_CASE("generate puzzles gives the same ratings whatever --hash and --threads",
          "[cli][generator][rating][heavy]") {
  // A rating is a property of the puzzle (docs/rating.md), not of how the search went, and
  // --hash and --threads change how it goes.
  const std::string cmd = "generate puzzles --kind solitaire --count 2 --size 5 --seed 7";
  const auto a = run_cli(cmd + " --hash 1 --threads 1");
  const auto b = run_cli(cmd + " --hash 32 --threads 2");
  REQUIRE(a.code == 0);
  REQUIRE(b.code == 0);
  CHECK(a.out.find("rating") != std::string::npos);
  CHECK(a.out == b.out);
}

TEST_CASE("check passes a generated file and names the first broken puzzle", "[cli][generator]") {
  const std::string file = "cli_puzzles_test.epd", csv = "cli_puzzles_test.csv",
                    broken = "cli_puzzles_broken.epd";
  REQUIRE(run_cli("generate puzzles --kind chain --count 3 --size 9 --seed 8 --out " + file).code ==
          0);
  REQUIRE(
      run_cli("generate puzzles --kind solitaire --count 2 --size 4 --seed 8 --out " + csv).code ==
      0);
  auto r = run_cli("check " + file + " --json");
  CHECK(r.code == 0);
  CHECK(Json::parse(r.out)["checked"] == 3);
  CHECK(Json::parse(r.out)["failed"] == 0);
  r = run_cli("check " + csv + " --json");
  CHECK(r.code == 0);
  CHECK(Json::parse(r.out)["checked"] == 2);

  // Break the second puzzle's claimed value.
  std::string text = slurp(file);
  const std::size_t second = text.find('\n') + 1;
  const std::size_t ce = text.find("; ce ", second);
  REQUIRE(ce != std::string::npos);
  text.insert(ce + 5, 1, '9');
  { std::ofstream(broken) << text; }
  const std::size_t id_at = text.find("id \"", second) + 4;
  const std::string id = text.substr(id_at, text.find('"', id_at) - id_at);
  r = run_cli("check " + broken + " --json");
  CHECK(r.code == 1);
  CHECK(Json::parse(r.out)["failed"] == 1);
  CHECK(Json::parse(r.out)["first_error"]["id"] == id);
  std::string named = "puzzle 2 (id '";
  named += id;
  named += "')";
  CHECK(r.err.find(named) != std::string::npos);
  std::remove(file.c_str());
  std::remove(csv.c_str());
  std::remove(broken.c_str());
}

TEST_CASE("generate puzzles refuses --out - with --json: both would write standard output",
          "[cli][generator]") {
  const auto r = run_cli("generate puzzles --kind chain --count 1 --size 6 --out - --json");
  CHECK(r.code == 2);
  CHECK(r.out.empty());
  CHECK(r.err ==
        "leapfrog generate puzzles: --json needs --out to name a file, not '-'. Try 'leapfrog "
        "generate puzzles --help'.\n");
}

TEST_CASE("generate puzzles and check reject bad input with exit 2", "[cli][generator]") {
  for (const char* bad :
       {"generate puzzles --kind maze", "generate puzzles --count 0", "generate puzzles --size 2",
        "generate puzzles --kind solitaire --size 13", "generate puzzles --variant english",
        "generate puzzles --format xml", "generate puzzles --seed x", "check",
        "check /no/such/file.epd",
        // A file that cannot be written: its error alone, no summary of puzzles before it.
        "generate puzzles --count 3 --size 6 --out /dev/full"}) {
    INFO(bad);
    const auto r = run_cli(bad);
    CHECK(r.code == 2);
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  }
  std::ofstream("cli_puzzles_garbage.epd") << "12/34 bm a1xa3; ce x;\n";
  const auto r = run_cli("check cli_puzzles_garbage.epd");
  CHECK(r.code == 2);
  CHECK(r.err.find("line 1") != std::string::npos);
  std::remove("cli_puzzles_garbage.epd");
  // Standard input is named so, as every other message names it.
  const auto empty_check = run_cli("check -", "\n");
  CHECK(empty_check.code == 2);
  CHECK(empty_check.err.find("standard input holds no puzzles") != std::string::npos);
  const auto empty_sheet = run_cli("sheet - --html /dev/null", "\n");
  CHECK(empty_sheet.code == 2);
  CHECK(empty_sheet.err.find("no puzzles in standard input") != std::string::npos);
}

TEST_CASE("check stopped by Ctrl-C or SIGTERM says how far it got", "[cli][generator][threads]") {
  // The 37-hole hexagon's puzzles five times over: far longer than the signal's second.
  const leapfrog::testing::Scratch s;
  const std::string text =
      slurp(std::string(LEAPFROG_SOURCE_DIR) + "/puzzles/collection/hexagon-37.csv");
  const std::size_t body = text.find('\n') + 1;
  std::string many = text;
  for (int i = 0; i < 4; ++i) many += text.substr(body);
  const std::string file = s.dir + "/many.csv";
  std::ofstream(file) << many;
  for (const char* signal : {"INT", "TERM"}) {
    INFO(signal);
    const auto r = leapfrog::testing::run_cli_signalled("check " + file + " --json", {signal, "1"});
    CHECK(r.code == 2);
    const Json j = Json::parse(r.out);
    CHECK(j["stopped"] == true);
    CHECK(j["total"] == 30);
    CHECK(j["checked"].get<int>() < 30);
    CHECK(j["failed"] == 0);
    CHECK(j["first_error"].is_null());
  }
  const auto t = leapfrog::testing::run_cli_signalled("check " + file, {"INT", "1"});
  CHECK(t.code == 2);
  CHECK(t.out.starts_with("stopped: checked "));
  CHECK(t.out.find(" of 30 puzzles, all verified so far\n") != std::string::npos);
}
