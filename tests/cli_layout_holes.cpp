// `generate layout --holes N`: the layout of the same seed with N distinct random squares
// emptied; the position text reads back as a board with no opening removal due.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "run_cli.h"

using leapfrog::testing::quoted;
using leapfrog::testing::run_cli;
using Json = nlohmann::json;

namespace {

Json json_of(const std::string& args) {
  const auto r = run_cli(args);
  INFO(args << "\n" << r.err);
  REQUIRE(r.code == 0);
  return Json::parse(r.out);
}

// The rows of a one-line position text, without its fields.
std::string rows_of(const std::string& position) { return position.substr(0, position.find(' ')); }

// Index into rows_of(position) of a square such as "e5" on a board `height` rows high.
std::size_t index_of(const std::string& square, int width, int height) {
  const int file = square[0] - 'a', rank = std::stoi(square.substr(1));
  return static_cast<std::size_t>((height - rank) * (width + 1) + file);
}

}  // namespace

TEST_CASE("generate layout --holes empties N squares of the same seed's layout",
          "[cli][layout][holes]") {
  const Json full = json_of("generate layout --variant murray --size 6 --seed 5 --json");
  CHECK(full["holes"] == Json::array());
  CHECK(full["removals_due"] == Json::array({1, 2}));
  // --holes 0 is the layout without holes, byte for byte, in text and in JSON.
  CHECK(json_of("generate layout --variant murray --size 6 --seed 5 --holes 0 --json") == full);
  CHECK(run_cli("generate layout --size 6 --seed 5 --holes 0").out ==
        run_cli("generate layout --size 6 --seed 5").out);

  const Json j = json_of("generate layout --variant murray --size 6 --seed 5 --holes 3 --json");
  CHECK(j["position"] == "12241./2331.2/421343/224111/213123/131.22 variant=murray");
  CHECK(j["holes"] == Json::array({"e5", "f6", "d1"}));
  CHECK(j["removals_due"] == Json::array());
  CHECK(j["counts"] == full["counts"]);  // the layout's counts, before the holes
  CHECK(j["seed"] == 5);
  // The holes are the only difference from the full layout.
  std::string expected = rows_of(full["position"]);
  for (const Json& hole : j["holes"]) expected[index_of(hole, 6, 6)] = '.';
  CHECK(rows_of(j["position"]) == expected);
  // Points are the board's after the holes.
  CHECK(j["points"] == full["points"].get<int>() - 3);  // e5, f6 and d1 held a 1 each
  // Same seed, same holes.
  CHECK(json_of("generate layout --variant murray --size 6 --seed 5 --holes 3 --json") == j);
  CHECK(json_of("generate layout --variant murray --size 6 --seed 6 --holes 3 --json")["holes"] !=
        j["holes"]);

  const auto text = run_cli("generate layout --variant murray --size 6 --seed 5 --holes 3");
  REQUIRE(text.code == 0);
  CHECK(text.out.find("seed 5, murray 6x6: 4 green 7 red 11 yellow 14 white, then 3 holes (e5 "
                      "f6 d1), 70 points\nno opening removal due: the board is not full\n"
                      "position: 12241./2331.2/421343/224111/213123/131.22 variant=murray\n") !=
        std::string::npos);
  CHECK(text.out.starts_with("   a b c d e f\n6  1 2 2 4 1 .  6\n5  2 3 3 1 . 2  5\n"));
}

TEST_CASE("a layout with holes reads back as a board with no opening removal due",
          "[cli][layout][holes]") {
  const Json j = json_of("generate layout --variant murray --size 4 --seed 3 --holes 4 --json");
  const std::string position = j["position"];
  const Json shown = json_of("show " + quoted(position) + " --json");
  CHECK(shown["position"] == position);
  CHECK(shown["removals_due"] == Json::array());
  CHECK(shown["to_move"] == 1);
  CHECK(shown["scores"] == Json::array({0, 0}));
  CHECK(shown["pieces"] == 12);
  CHECK(shown["points"] == j["points"]);
  // The command line's opening rule does not make a board with holes owe removals.
  CHECK(json_of("show " + quoted(position) + " --opening each --json")["removals_due"] ==
        Json::array());
  // best and solve read it the same way: the first turn is a jump, not a removal.
  const Json best = json_of("best " + quoted(position) + " --json");
  CHECK(best["removal"] == false);
  CHECK(best["value"] > 0);
  const Json solved = json_of("solve " + quoted(position) + " --json");
  CHECK(solved["removal_due"] == false);
  CHECK(solved["position_removals"] == 0);
  // Without holes the same seed's board is a start: a removal comes first.
  CHECK(json_of("best murray --size 4 --seed 3 --json")["removal"] == true);
}

TEST_CASE("generate layout --holes out of range is one line and exit 2", "[cli][layout][holes]") {
  auto r = run_cli("generate layout --size 6 --holes 37");
  CHECK(r.code == 2);
  CHECK(r.out.empty());
  CHECK(r.err ==
        "leapfrog generate layout: --holes must be a whole number 0..36 (the board's squares), "
        "not '37'. Try 'leapfrog generate layout --help'.\n");
  // One range, the board's, for every value refused: negative, too large or no number.
  r = run_cli("generate layout --size 6 --holes=-1");
  CHECK(r.code == 2);
  CHECK(
      r.err.starts_with("leapfrog generate layout: --holes must be a whole number 0..36 (the "
                        "board's squares), not '-1'."));
  r = run_cli("generate layout --size 6 --holes -1");
  CHECK(r.code == 2);
  r = run_cli("generate layout --size 4 --holes 999");
  CHECK(r.code == 2);
  CHECK(r.err.find("--holes must be a whole number 0..16 (the board's squares), not '999'") !=
        std::string::npos);
  r = run_cli("generate layout --variant english --holes 34");
  CHECK(r.code == 2);
  CHECK(r.err.find("--holes must be a whole number 0..33") != std::string::npos);
  r = run_cli("generate layout --size 6 --holes x");
  CHECK(r.code == 2);
  CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  // Every square may go: an empty board.
  const Json empty = json_of("generate layout --variant english --holes 33 --seed 2 --json");
  CHECK(empty["points"] == 0);
  CHECK(empty["holes"].size() == 33);
}

TEST_CASE("the layout options are refused with position text, a file or a record",
          "[cli][layout][holes]") {
  // They make a variant's start; anywhere else they would be ignored without a word.
  for (const std::string option :
       {"--size 3", "--width 3", "--height 3", "--seed 3", "--hole a1"}) {
    INFO(option);
    auto r = run_cli("show 1234/2.#1/4411 " + option);
    CHECK(r.code == 2);
    CHECK(r.err.find(option.substr(0, option.find(' ')) + " needs a variant name as POSITION") !=
          std::string::npos);
    // Refused before the record is read: a file that is not there is not the first error.
    for (const char* command : {"verify --game - ", "analyse --game - --nodes 10 ",
                                "verify --game leapfrog_no_such_record.lfr "}) {
      r = run_cli(command + option, "[Start \"11.1\"]\n1. a1xc1\n");
      CHECK(r.code == 2);
      CHECK(r.err.find(option.substr(0, option.find(' ')) +
                       " makes a variant's start; a record's start is its [Start] tag") !=
            std::string::npos);
    }
  }
  // The default seed is no seed given; with a variant name they all make its start.
  CHECK(run_cli("show 1234/2.#1/4411").code == 0);
  CHECK(run_cli("verify --game -", "[Start \"11.1\"]\n1. a1xc1\n").code == 0);
  CHECK(run_cli("show murray --size 5 --seed 3").code == 0);
}
