// The command line's contract (docs/json.md) for show, moves and perft, and its errors.
#include <catch2/catch.hpp>
#include <fstream>
#include <nlohmann/json.hpp>

#include "run_cli.h"

using leapfrog::testing::run_cli;
using Json = nlohmann::json;

namespace {
const std::string kExample = "'3441./33311/.1.41/.4.../.41.1'";

std::size_t lines(const std::string& s) {
  return static_cast<std::size_t>(std::count(s.begin(), s.end(), '\n'));
}
}  // namespace

TEST_CASE("show --json reports size, pieces and points", "[cli]") {
  const auto r = run_cli("show '1234/2.#1/4411' --json");
  REQUIRE(r.code == 0);
  const Json j = Json::parse(r.out);
  CHECK(j["width"] == 4);
  CHECK(j["height"] == 3);
  CHECK(j["pieces"] == 10);
  CHECK(j["points"] == 23);
  CHECK(r.err.empty());
}

TEST_CASE("moves --json under each continuation rule", "[cli]") {
  const auto count = [](const std::string& rule) {
    const auto r = run_cli("moves " + kExample + " --continuation " + rule + " --json");
    REQUIRE(r.code == 0);
    return Json::parse(r.out)["moves"];
  };
  CHECK(count("optional").size() == 12);
  CHECK(count("forced").size() == 9);
  CHECK(count("piece-max").size() == 7);
  CHECK(count("board-max") == Json::array({"e3xc3xa3"}));
}

TEST_CASE("perft --json", "[cli]") {
  auto r = run_cli("perft " + kExample + " 2 --json");
  REQUIRE(r.code == 0);
  CHECK(Json::parse(r.out)["nodes"] == 153);
  r = run_cli("perft " + kExample + " 3 --json");
  CHECK(Json::parse(r.out)["nodes"] == 1990);
}

TEST_CASE("perft --divide", "[cli]") {
  // Each first turn and its count, in the order `moves` lists them, then the total; the same
  // at one thread and two.
  const auto moves = Json::parse(run_cli("moves " + kExample + " --json").out)["moves"];
  for (const char* threads : {"1", "2"}) {
    CAPTURE(threads);
    auto r = run_cli("perft " + kExample + " 2 --divide --threads " + threads);
    REQUIRE(r.code == 0);
    std::istringstream lines(r.out);
    std::string line;
    std::uint64_t sum = 0;
    for (const auto& move : moves) {
      REQUIRE(std::getline(lines, line));
      const std::string head = move.get<std::string>() + ": ";
      REQUIRE(line.substr(0, head.size()) == head);
      sum += std::stoull(line.substr(head.size()));
    }
    CHECK(sum == 153);
    REQUIRE(std::getline(lines, line));
    CHECK(line == "perft 2: 153");
    CHECK_FALSE(std::getline(lines, line));
    r = run_cli("perft " + kExample + " 3 --divide --json --threads " + threads);
    REQUIRE(r.code == 0);
    const auto j = nlohmann::ordered_json::parse(r.out);  // in the order printed
    CHECK(j["nodes"] == 1990);
    REQUIRE(j["divide"].size() == moves.size());
    std::size_t i = 0;
    sum = 0;
    for (const auto& [move, n] : j["divide"].items()) {
      CHECK(move == moves[i++]);
      sum += n.get<std::uint64_t>();
    }
    CHECK(sum == 1990);
  }
}

TEST_CASE("positions from standard input, files and variant names", "[cli]") {
  auto r =
      run_cli("show - --json", "##ooo##\n##ooo##\nooooooo\nooo.ooo\nooooooo\n##ooo##\n##ooo##\n");
  REQUIRE(r.code == 0);
  CHECK(Json::parse(r.out)["pieces"] == 32);
  r = run_cli("show english --json");
  REQUIRE(r.code == 0);
  CHECK(Json::parse(r.out)["pieces"] == 32);
  CHECK(Json::parse(r.out)["squares"] == 33);
  r = run_cli("show french --json");
  CHECK(Json::parse(r.out)["pieces"] == 36);
  // Murray 15x15 start: Murray's table gives 452 points; every player owes a removal.
  r = run_cli("show murray --json");
  REQUIRE(r.code == 0);
  const Json j = Json::parse(r.out);
  CHECK(j["pieces"] == 225);
  CHECK(j["points"] == 452);
  CHECK(j["removals_due"] == Json::array({1, 2}));
  r = run_cli("moves murray --size 8 --json");
  CHECK(Json::parse(r.out)["moves"].size() == 64);
  r = run_cli("moves murray --size 8 --opening first --removal cheapest --json");
  CHECK(Json::parse(r.out)["moves"].size() == 26);  // the 26 whites of Murray's 8x8 row
  const std::string file = LEAPFROG_SOURCE_DIR "/tests/data/example.pos";
  r = run_cli("moves '" + file + "' --continuation board-max --json");
  REQUIRE(r.code == 0);
  CHECK(Json::parse(r.out)["moves"] == Json::array({"e3xc3xa3"}));
}

TEST_CASE("malformed input: exit 2 and one line on stderr", "[cli]") {
  const char* bad[] = {
      "show '123/12'",                       // ragged rows
      "show '12Z'",                          // unknown character
      "show '111111111111111111111111111'",  // 27 columns
      "show ''",                             // empty
      "show",                                // missing
      "show -",                              // empty standard input
      "moves "
      "'3441./33311/.1.41/.4.../.41.1' --continuation sometimes",
      "moves "
      "'3441./33311/.1.41/.4.../.41.1' --by weight",
      "moves "
      "'3441./33311/.1.41/.4.../.41.1' --players 0",
      "moves "
      "'3441./33311/.1.41/.4.../.41.1' --players 99",
      "moves "
      "'3441./33311/.1.41/.4.../.41.1' --diagonal --orthogonal",
      "perft '11.' -1",
      "perft '11.' 1000",
      "perft '11.' deep",
      "show murray --size 27",
      "show english --size 9",
      "show /no/such/file.txt",
      "show '12 players=2 turn=3'",
      "show '12 players=2 turn=2' --players 1",
      "frobnicate",
      "show '11.' --no-such-option",
  };
  for (const char* args : bad) {
    INFO(args);
    const auto r = run_cli(args);
    CHECK(r.code == 2);
    CHECK(lines(r.err) == 1);
    CHECK(r.out.empty());
  }
  std::string tall = "1";
  for (int i = 0; i < 26; ++i) tall += "/1";
  const auto r = run_cli("show '" + tall + "'");
  CHECK(r.code == 2);
  CHECK(r.err ==
        "leapfrog show: position line 1, column 53: more than 26 rows. Try 'leapfrog show "
        "--help'.\n");
  CHECK(
      run_cli("show '12/3Z'").err ==
      "leapfrog show: position line 1, column 5: unknown piece 'Z'. Try 'leapfrog show --help'.\n");
  // A character of several bytes is named whole, not by its first byte; a byte that is no
  // UTF-8 is escaped.
  CHECK(
      run_cli("show '12/3\xc3\xa9'")
          .err.starts_with("leapfrog show: position line 1, column 5: unknown piece '\xc3\xa9'. "));
  CHECK(run_cli("show '12/3\x80'")
            .err.starts_with("leapfrog show: position line 1, column 5: unknown piece '\\x80'. "));
  CHECK(run_cli("verify traditional --size 4 'a1\xef\xbc\x91"
                "c1'")
            .err.starts_with("leapfrog verify: move 'a1\xef\xbc\x91"
                             "c1' column 3: expected 'x' "
                             "between squares, found "
                             "'\xef\xbc\x91'. "));
  // A position read from a file or standard input: the error names where it came from too.
  {
    const leapfrog::testing::Scratch s;
    const std::string file = s.dir + "/bad.txt";
    std::ofstream(file) << "12/3Z\n";
    CHECK(run_cli("reach '" + file + "'").err ==
          "leapfrog reach: '" + file +
              "': position line 1, column 5: unknown piece 'Z'. Try 'leapfrog reach --help'.\n");
    CHECK(run_cli("show -", "12/3Z\n").err ==
          "leapfrog show: standard input: position line 1, column 5: unknown piece 'Z'. Try "
          "'leapfrog show --help'.\n");
    // So do puzzle files and game records, for every command that reads them.
    const std::string puzzles = s.dir + "/bad puzzles.epd";
    std::ofstream(puzzles) << "11. bm a1xc1; id \"ok\";\n1Z. bm a1xc1; id \"bad\";\n";
    for (const char* command : {"check", "sheet"})
      CHECK(run_cli(std::string(command) + " '" + puzzles + "'").err ==
            "leapfrog " + std::string(command) + ": '" + puzzles +
                "': puzzle line 2: position line 1, column 2: unknown piece 'Z'. Try 'leapfrog " +
                command + " --help'.\n");
    const std::string record = s.dir + "/game.lfr";
    std::ofstream(record) << "[Start \"21.1.\"]\n1. a1xq9\n";
    for (const char* command : {"verify", "analyse"})
      CHECK(run_cli(std::string(command) + " --game '" + record + "'")
                .err.starts_with("leapfrog " + std::string(command) + ": '" + record +
                                 "': record line 2, column 4: "));
    const std::string chess = s.dir + "/game.pgn";
    std::ofstream(chess) << "[Event \"x\"]\n1. e4\n";
    CHECK(run_cli("chess verify --game '" + chess + "'").err ==
          "leapfrog chess verify: '" + chess +
              "': record line 2: move 'e4' needs a start and a landing square (e.g. b2b4). "
              "Try 'leapfrog chess verify --help'.\n");
  }
  // perft's DEPTH: missing is said so; anything but digits 0..64 is named, with its range.
  CHECK(run_cli("perft '11.'").err ==
        "leapfrog perft: missing DEPTH. Try 'leapfrog perft --help'.\n");
  for (const char* depth : {"65", "+3", " 3", "3x", "deep"})
    CHECK(run_cli(std::string("perft '11.' '") + depth + "'").err ==
          std::string("leapfrog perft: DEPTH must be a whole number 0..64, not '") + depth +
              "'. Try 'leapfrog perft --help'.\n");
  CHECK(run_cli("moves '11.' --by weight").err ==
        "leapfrog moves: --by must be points or pieces, not 'weight'. Try 'leapfrog moves "
        "--help'.\n");
}

TEST_CASE("help and version exit 0", "[cli]") {
  for (const char* args :
       {"--help", "--version", "show --help", "moves --help", "perft --help", "help"}) {
    INFO(args);
    const auto r = run_cli(args);
    CHECK(r.code == 0);
    CHECK(!r.out.empty());
  }
  CHECK(run_cli("--version").out.rfind("leapfrog ", 0) == 0);
  CHECK(run_cli("show --help").out.find("Example:") != std::string::npos);
}

TEST_CASE("generate layout: same seed, same layout, and the seed is always printed",
          "[cli][layout]") {
  const auto a = run_cli("generate layout --variant murray --size 15 --seed 7 --json");
  const auto b = run_cli("generate layout --variant murray --size 15 --seed 7 --json");
  REQUIRE(a.code == 0);
  CHECK(a.out == b.out);
  const Json j = Json::parse(a.out);
  CHECK(j["seed"] == 7);
  CHECK(j["points"] == 452);
  CHECK(j["counts"][0]["count"] == 23);
  const auto c = run_cli("generate layout --variant murray --size 15 --seed 8 --json");
  CHECK(Json::parse(c.out)["position"] != j["position"]);
  const auto half = run_cli("generate layout --size 15 --seed 7 --counts half-even --json");
  CHECK(Json::parse(half.out)["counts"][0]["count"] == 22);
  const auto random = run_cli("generate layout --size 5");
  REQUIRE(random.code == 0);
  CHECK(random.out.find("seed ") != std::string::npos);
  // The layout's position text reads back as the same board.
  const auto shown = run_cli("show '" + j["position"].get<std::string>() + "' --json");
  CHECK(Json::parse(shown.out)["points"] == 452);
  for (const char* bad : {"generate layout --seed x", "generate layout --seed -1",
                          "generate layout --size 0", "generate layout --counts odd",
                          "generate layout --variant chess", "generate", "generate nothing"}) {
    INFO(bad);
    const auto r = run_cli(bad);
    CHECK(r.code == 2);
  }
}

TEST_CASE("a generated layout is a start position: its opening removals are due", "[cli][layout]") {
  const auto layout = run_cli("generate layout --variant murray --size 6 --seed 5 --json");
  REQUIRE(layout.code == 0);
  const std::string text = Json::parse(layout.out)["position"];
  // The same position as the variant's start with the same seed, fields and all.
  const Json start = Json::parse(run_cli("show murray --size 6 --seed 5 --json").out);
  const Json shown = Json::parse(run_cli("show '" + text + "' --json").out);
  CHECK(shown["position"] == start["position"]);
  CHECK(shown["removals_due"] == Json::array({1, 2}));
  const auto best = run_cli("best '" + text + "' --json");
  REQUIRE(best.code == 0);
  CHECK(Json::parse(best.out)["value"] > 0);
  CHECK(Json::parse(run_cli("moves '" + text + "' --json").out)["moves"].size() == 36);
  // A board typed in full follows the same rule; the command line's rules decide.
  const Json typed = Json::parse(run_cli("show '11/11 variant=murray' --json").out);
  CHECK(typed["removals_due"] == Json::array({1, 2}));
  const Json first = Json::parse(run_cli("show '11/11 variant=murray' --opening first --json").out);
  CHECK(first["removals_due"] == Json::array({1}));
  const Json none = Json::parse(run_cli("show '11/11 variant=murray removals=-' --json").out);
  CHECK(none["removals_due"] == Json::array());
}

TEST_CASE("a bare position and the same with variant=traditional have the same players", "[cli]") {
  const Json bare = Json::parse(run_cli("show '1.1/111' --json").out);
  const Json named = Json::parse(run_cli("show '1.1/111 variant=traditional' --json").out);
  CHECK(bare["players"] == 2);
  CHECK(bare["players"] == named["players"]);
  CHECK(bare["rules"] == named["rules"]);
  const auto text = run_cli("show '1.1/111' --color never");
  CHECK(text.out.find("traditional, 2 players") != std::string::npos);
}
