// `verify --game`: after the replay, the final position (board and position text, text and
// JSON); --plies shows the position after every ply, --svg draws the replay as a strip of
// diagrams and --svg-dir writes one diagram per ply.
#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "run_cli.h"

using leapfrog::testing::quoted;
using leapfrog::testing::run_cli;
using leapfrog::testing::slurp;
using Json = nlohmann::json;

namespace {

const std::string kRecords = std::string(LEAPFROG_SOURCE_DIR) + "/puzzles/records/";

std::size_t count_of(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t p = text.find(what); p != std::string::npos; p = text.find(what, p + 1)) ++n;
  return n;
}

Json json_of(const std::string& args, int code = 0) {
  const auto r = run_cli(args);
  INFO(args << "\n" << r.err);
  REQUIRE(r.code == code);
  return Json::parse(r.out);
}

std::string temp_dir(const std::string& name) {
  return "leapfrog_replay_test_" + std::to_string(::getpid()) + "_" + name;
}

}  // namespace

TEST_CASE("verify --game prints the final position, board and text", "[cli][verify][replay]") {
  const auto r = run_cli("verify --game - --color never", "[Start \"21.1.\"]\n1. a1xc1xe1\n");
  REQUIRE(r.code == 0);
  CHECK(r.out ==
        "1. a1xc1xe1  player 1: 2 points (max 2)\n"
        "scores: 2, 0\n"
        "1 turn, all legal; winner player 1\n"
        "\n"
        "final position, after ply 1:\n"
        "   a b c d e\n"
        "1  . . . . 2  1\n"
        "   a b c d e\n"
        "position: ....2 turn=2 scores=2,0\n");
  // The complete Murray game: its final position in text and in JSON, the same.
  const std::string record = quoted(kRecords + "murray-6x6-piece-max.lfr");
  const auto text = run_cli("verify --game " + record + " --color never");
  REQUIRE(text.code == 0);
  const std::string final_text =
      "..1..3/3...../....../.....2/....../..1... variant=murray players=2 "
      "continuation=piece-max opening=first removal=cheapest turn=2 scores=32,31";
  CHECK(text.out.ends_with("\nposition: " + final_text + "\n"));
  CHECK(text.out.find("final position, after ply 23:\n   a b c d e f\n6  . . 1 . . 3  6\n") !=
        std::string::npos);
  const Json j = json_of("verify --game " + record + " --json");
  CHECK(j["final"]["position"] == final_text);
  CHECK(j["final"]["scores"] == j["scores"]);
  CHECK(j["final"]["game_over"] == true);
  CHECK(j["final"]["pieces"] == 5);
  CHECK(!j.contains("plies"));
  // The keys that were there before keep their meaning.
  CHECK(j["turns"] == 23);
  CHECK(j["legal"] == true);
}

TEST_CASE("verify --game: the final position reads back into show, and a replay can be split",
          "[cli][verify][replay]") {
  const std::string record = quoted(kRecords + "traditional-5x5-three-players.lfr");
  const Json j = json_of("verify --game " + record + " --json --plies");
  const Json& plies = j["plies"];
  REQUIRE(plies.size() == 20);  // the start and 19 plies
  CHECK(plies[0]["ply"] == 0);
  CHECK(plies[0]["move"].is_null());
  CHECK(plies[19]["move"] == "a1xa3");
  CHECK(plies[19]["position"] == j["final"]["position"]);
  // show reads the final position text as the same position.
  Json shown = json_of("show " + quoted(j["final"]["position"]) + " --json");
  CHECK(shown == j["final"]);
  // From any ply on, the rest of the game reaches the same end: with show --then, and as a
  // record of its own that starts there.
  for (const std::size_t k : {1, 3, 10}) {
    std::string rest;
    for (std::size_t i = k + 1; i < plies.size(); ++i) {
      rest += ' ';
      rest += plies[i]["move"].get<std::string>();
    }
    INFO("from ply " << k);
    const Json then =
        json_of("show " + quoted(plies[k]["position"]) + " --then" + rest + " --json");
    CHECK(then["position"] == j["final"]["position"]);
    std::string tail = "[Start \"";
    tail += plies[k]["position"].get<std::string>();
    tail += "\"]\n" + rest + "\n";
    const auto again = run_cli("verify --game - --json", tail);
    REQUIRE(again.code == 0);
    CHECK(Json::parse(again.out)["final"]["position"] == j["final"]["position"]);
  }
}

TEST_CASE("verify --game --plies shows the board after every ply", "[cli][verify][replay]") {
  auto r = run_cli("verify --game - --plies --color never", "[Start \"21.1.\"]\n1. a1xc1xe1\n");
  REQUIRE(r.code == 0);
  CHECK(
      r.out.starts_with("start:\n"
                        "   a b c d e\n"
                        "1  2 1 . 1 .  1\n"
                        "   a b c d e\n"
                        "position: 21.1.\n"
                        "\n"
                        "1. a1xc1xe1  player 1: 2 points (max 2)\n"
                        "   a b c d e\n"
                        "1 >.x. *x.*2  1\n"
                        "   a b c d e\n"
                        "> start, * landing, x captured: a1xc1xe1\n"
                        "position: ....2 turn=2 scores=2,0\n"
                        "\n"
                        "scores: 2, 0\n"));
  // A faulty record: the boards stop at the last legal ply, the bad one is named.
  r = run_cli("verify --game " + quoted(kRecords + "murray-6x6-faulty.lfr") +
              " --plies --color never");
  CHECK(r.code == 1);
  CHECK(count_of(r.out, "\nposition: ") == 7);  // the start, plies 1..5, the final position
  CHECK(r.out.find("6. d4xb4  player 2 (Bob): ILLEGAL\nscores: 5, 3\n") != std::string::npos);
  CHECK(r.out.find("position after the last legal turn, ply 5:\n") != std::string::npos);
  CHECK(r.err.starts_with("leapfrog verify: ply 6 (line 12) d4xb4: "));
  const Json j =
      json_of("verify --game " + quoted(kRecords + "murray-6x6-faulty.lfr") + " --plies --json", 1);
  CHECK(j["plies"].size() == 6);
  CHECK(j["final"]["position"] == j["plies"][5]["position"]);
  CHECK(j["final"]["scores"] == Json::array({5, 3}));
}

TEST_CASE("verify --game --svg draws the replay as a strip, --svg-dir one file per ply",
          "[cli][verify][replay][svg]") {
  namespace fs = std::filesystem;
  const std::string record = quoted(kRecords + "traditional-5x5-three-players.lfr");
  const std::string dir = temp_dir("plies");
  const std::string strip = temp_dir("strip.svg");
  fs::remove_all(dir);
  auto r = run_cli("verify --game " + record + " --svg " + strip + " --svg-dir " + dir);
  REQUIRE(r.code == 0);
  CHECK(r.out.find("final position, after ply 19:") != std::string::npos);
  // The strip: one diagram per ply and the end, captioned like solve --svg's line.
  const std::string svg = slurp(strip);
  std::remove(strip.c_str());
  CHECK(svg.starts_with("<svg "));
  CHECK(count_of(svg, "<g class=\"step\">") == 20);
  CHECK(svg.find(">1. xb1 +1</text>") != std::string::npos);
  CHECK(svg.find(">10. d1xb1xb3 +2</text>") != std::string::npos);
  CHECK(svg.find(">end: scores 8, 6, 6</text>") != std::string::npos);
  CHECK(svg.find("<title>Example: three players, optional continuation</title>") !=
        std::string::npos);
  // The same strip on standard output, instead of the text.
  const auto out = run_cli("verify --game " + record + " --svg -");
  CHECK(out.code == 0);
  CHECK(out.out == svg);
  // One file per ply: ply-000.svg the start, then the position after each ply.
  std::size_t files = 0;
  for (const auto& entry : fs::directory_iterator(dir)) files += entry.is_regular_file();
  CHECK(files == 20);
  const std::string first = slurp(dir + "/ply-000.svg");
  CHECK(first.find("<title>start: 11111/11111/11111/11111/11111 variant=traditional players=3 "
                   "continuation=optional opening=each</title>") != std::string::npos);
  CHECK(count_of(first, "<circle") == 25);
  const std::string tenth = slurp(dir + "/ply-010.svg");
  CHECK(tenth.find("<title>ply 10 d1xb1xb3: ") != std::string::npos);
  CHECK(tenth.find("<g class=\"chain\">") != std::string::npos);
  const Json j = json_of("verify --game " + record + " --json --plies");
  CHECK(tenth.find(j["plies"][10]["position"].get<std::string>() + "</title>") !=
        std::string::npos);
  CHECK(fs::exists(dir + "/ply-019.svg"));
  CHECK(!fs::exists(dir + "/ply-020.svg"));
  fs::remove_all(dir);

  // A faulty record: the legal plies are drawn, the exit code is still 1.
  r = run_cli("verify --game " + quoted(kRecords + "murray-6x6-faulty.lfr") + " --svg -");
  CHECK(r.code == 1);
  CHECK(count_of(r.out, "<g class=\"step\">") == 6);
  CHECK(r.out.find(">end: scores 5, 3</text>") != std::string::npos);
}

TEST_CASE("verify's replay options: bad uses are one line and exit 2", "[cli][verify][replay]") {
  const std::string record = quoted(kRecords + "murray-6x6-piece-max.lfr");
  for (const char* extra : {" --plies", " --svg x.svg", " --svg-dir d"}) {
    INFO(extra);
    const auto r = run_cli(std::string("verify 21.1. a1xc1") + extra);
    CHECK(r.code == 2);
    CHECK(r.err ==
          "leapfrog verify: --plies, --svg and --svg-dir go with --game FILE. Try 'leapfrog "
          "verify --help'.\n");
  }
  // The text of --plies has nowhere to go when the strip takes standard output.
  auto r = run_cli("verify --game " + record + " --svg - --plies");
  CHECK(r.code == 2);
  CHECK(r.out.empty());
  CHECK(r.err ==
        "leapfrog verify: --plies needs --svg to name a file, not '-'. Try 'leapfrog "
        "verify --help'.\n");
  r = run_cli("verify --game " + record + " --svg-dir -");
  CHECK(r.code == 2);
  CHECK(r.err.starts_with("leapfrog verify: --svg-dir must name a directory, not '-'"));
  // A file where the directory would be.
  r = run_cli("verify --game " + record + " --svg-dir " + record);
  CHECK(r.code == 2);
  CHECK(r.err == "leapfrog verify: --svg-dir: " + record +
                     " is a file, not a directory. Try 'leapfrog verify --help'.\n");
  // A directory that cannot be made: a file stands in its way.
  r = run_cli("verify --game " + record + " --svg-dir " + record + "/plies");
  CHECK(r.code == 2);
  CHECK(r.err.starts_with("leapfrog verify: cannot create the directory '"));
  r = run_cli("verify --game " + record + " --svg /nonexistent/dir/strip.svg");
  CHECK(r.code == 2);
  CHECK(r.err.starts_with("leapfrog verify: cannot write '/nonexistent/dir/strip.svg'"));
}

TEST_CASE("the replay's SVG files and show --then's are valid SVG", "[cli][replay][svg][tools]") {
  namespace fs = std::filesystem;
  const auto ok = [](const std::string& command) {
    const int status = std::system((command + " >/dev/null 2>&1").c_str());
    return WIFEXITED(status) && WEXITSTATUS(status) == 0;
  };
  // Both tools come from scripts/setup.sh (libxml2-utils, librsvg2-bin).
  REQUIRE(ok("command -v xmllint"));
  REQUIRE(ok("command -v rsvg-convert"));
  const std::string dir = temp_dir("valid");
  fs::remove_all(dir);
  fs::create_directories(dir);
  REQUIRE(run_cli("verify --game " + quoted(kRecords + "murray-6x6-piece-max.lfr") + " --svg " +
                  dir + "/strip.svg --svg-dir " + dir + "/plies")
              .code == 0);
  REQUIRE(run_cli("show murray --size 6 --seed 5 --then xa1 xb2 a3xa1 --svg " + dir + "/then.svg")
              .code == 0);
  for (const std::string file : {"/strip.svg", "/plies/ply-000.svg", "/plies/ply-001.svg",
                                 "/plies/ply-007.svg", "/plies/ply-023.svg", "/then.svg"}) {
    INFO(file);
    CHECK(ok("xmllint --noout '" + dir + file + "'"));
    CHECK(ok("rsvg-convert '" + dir + file + "' -o '" + dir + "/out.png'"));
  }
  fs::remove_all(dir);
}

TEST_CASE("verify --game stopped by a limit shows the turns judged before it",
          "[cli][verify][replay]") {
  // Three positions are too few for ply 2's maximum (piece-max: its legality waits for it).
  const std::string record = quoted(kRecords + "murray-6x6-piece-max.lfr");
  const auto text = run_cli("verify --game " + record + " --nodes 3 --threads 1 --color never");
  CHECK(text.code == 2);
  CHECK(text.out.starts_with("1. "));
  CHECK(text.out.find("\n2. c2xe2  player 2 (Bob): not judged, search stopped before the "
                      "maximum was known\n") != std::string::npos);
  CHECK(text.out.find("\nstopped at ply 2: the turn before it is legal\n") != std::string::npos);
  CHECK(text.out.find("position after the last judged turn, ply 1:\n") != std::string::npos);
  CHECK(text.err ==
        "leapfrog verify: ply 2 (line 13) c2xe2: search stopped before the maximum was known (the "
        "turns before it are judged)\n");
  const Json j = json_of("verify --game " + record + " --nodes 3 --threads 1 --json", 2);
  CHECK(j["legal"].is_null());
  CHECK(j["stopped"] == Json{{"ply", 2},
                             {"line", 13},
                             {"move", "c2xe2"},
                             {"reason", "search stopped before the maximum was known"}});
  CHECK(j["turns"] == 1);
  CHECK(j["checks"].size() == 1);
  CHECK(j["first_error"].is_null());
  CHECK(j["final"]["game_over"] == false);
  CHECK(j["final"]["position"].get<std::string>().ends_with("turn=2 scores=1,0"));
  // Nothing stopped: stopped is null.
  CHECK(json_of("verify --game " + record + " --json")["stopped"].is_null());
}
