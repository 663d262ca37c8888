// `show POSITION --then MOVE...`: the moves are played first, each checked as `verify --game`
// checks a turn, and the position they reach is shown in every form show has.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "run_cli.h"

using leapfrog::testing::quoted;
using leapfrog::testing::run_cli;
using Json = nlohmann::json;

namespace {

const std::string kRecords = std::string(LEAPFROG_SOURCE_DIR) + "/puzzles/records/";
// murray --size 6 --seed 5: a full board, both players owe an opening removal.
const std::string kStart = "'122411/233112/421343/224111/213123/131122 variant=murray'";

Json show_json(const std::string& args) {
  const auto r = run_cli("show " + args + " --json");
  INFO("show " << args << "\n" << r.err);
  REQUIRE(r.code == 0);
  return Json::parse(r.out);
}

std::size_t lines(const std::string& s) {
  return static_cast<std::size_t>(std::count(s.begin(), s.end(), '\n'));
}

}  // namespace

TEST_CASE("show --then plays removals and chains: turn, scores and removals advance",
          "[cli][then]") {
  // After player 1's removal, player 2 still owes one and is to move.
  Json j = show_json(kStart + " --then xa1");
  CHECK(j["position"] ==
        "122411/233112/421343/224111/213123/.31122 variant=murray turn=2 "
        "scores=1,0 removals=2");
  CHECK(j["to_move"] == 2);
  CHECK(j["scores"] == Json::array({1, 0}));
  CHECK(j["removals_due"] == Json::array({2}));
  CHECK(j["pieces"] == 35);
  CHECK(j["game_over"] == false);
  // Both removals, then player 1 jumps a3 over a2 (a 2) into a1.
  j = show_json(kStart + " --then xa1 xb2 a3xa1");
  CHECK(j["position"] ==
        "122411/233112/421343/.24111/..3123/231122 variant=murray turn=2 scores=3,1");
  CHECK(j["to_move"] == 2);
  CHECK(j["scores"] == Json::array({3, 1}));
  CHECK(j["removals_due"] == Json::array());
  CHECK(j["points"] == 69);
  CHECK(j["then"] == Json::parse(R"([{"move": "xa1", "player": 1, "value": 1},
                                     {"move": "xb2", "player": 2, "value": 1},
                                     {"move": "a3xa1", "player": 1, "value": 2}])"));
  // Repeated --then, and several moves in one word list, are the same.
  CHECK(show_json(kStart + " --then xa1 --then xb2 --then a3xa1") == j);
  CHECK(show_json(kStart + " --then 'xa1 xb2' a3xa1") == j);

  // The text form: the board after the moves, the moves with their gains, the position.
  const auto text = run_cli("show " + kStart + " --then xa1 xb2 a3xa1 --color never");
  REQUIRE(text.code == 0);
  CHECK(text.out ==
        "   a b c d e f\n"
        "6  1 2 2 4 1 1  6\n"
        "5  2 3 3 1 1 2  5\n"
        "4  4 2 1 3 4 3  4\n"
        "3  . 2 4 1 1 1  3\n"
        "2  . . 3 1 2 3  2\n"
        "1  2 3 1 1 2 2  1\n"
        "   a b c d e f\n"
        "after 1. xa1 +1, 2. xb2 +1, 3. a3xa1 +2\n"
        "pieces 33, points 69\n"
        "rules: murray, 2 players, continuation optional, by points, orthogonal jumps, opening "
        "each (any piece)\n"
        "player 2 to move; scores 3 1\n"
        "position: 122411/233112/421343/.24111/..3123/231122 variant=murray turn=2 "
        "scores=3,1\n");
}

TEST_CASE("show --then: the position it prints reads back, and moves can be split anywhere",
          "[cli][then]") {
  const Json all = show_json(kStart + " --then xa1 xb2 a3xa1 a5xa3");
  const Json part = show_json(kStart + " --then xa1 xb2");
  const std::string middle = part["position"];
  const Json rest = show_json(quoted(middle) + " --then a3xa1 a5xa3");
  CHECK(rest["position"] == all["position"]);
  // Fed back without --then, the text is the same position, fields and all.
  Json again = show_json(quoted(all["position"]));
  Json expected = all;
  expected.erase("then");
  CHECK(again == expected);
  // Rule options of the command line travel with the position text.
  const Json forced = show_json(kStart + " --continuation forced --then xa1 xb2");
  CHECK(forced["position"] ==
        "122411/233112/421343/224111/2.3123/.31122 variant=murray "
        "continuation=forced scores=1,1");
  CHECK(forced["rules"]["continuation"] == "forced");
}

TEST_CASE("show --then reaches the position verify --game ends in", "[cli][then]") {
  // The complete Murray game of the records folder, replayed by both commands.
  const std::string record = kRecords + "murray-6x6-piece-max.lfr";
  const auto game = run_cli("verify --game '" + record + "' --json");
  REQUIRE(game.code == 0);
  const Json checks = Json::parse(game.out)["checks"];
  std::string moves;
  for (const Json& c : checks) {
    moves += ' ';
    moves += c["move"].get<std::string>();
  }
  const Json j = show_json(
      "'211213/121322/311113/343112/441212/232142 variant=murray continuation=piece-max "
      "opening=first removal=cheapest' --then" +
      moves);
  CHECK(j["scores"] == Json::array({32, 31}));
  CHECK(j["game_over"] == true);
  CHECK(j["then"].size() == 23);
}

TEST_CASE("show --then stops at the first bad move: one line naming it and its index",
          "[cli][then]") {
  auto r = run_cli("show " + kStart + " --then xa1 xb2 b3xb1 a3xa1");
  CHECK(r.code == 2);
  CHECK(r.out.empty());
  CHECK(r.err ==
        "leapfrog show: --then move 3 'b3xb1' is not legal: no piece on b2 to jump over. Try "
        "'leapfrog show --help'.\n");
  // A move that is not notation at all, with control characters escaped.
  r = run_cli("show " + kStart + " --then xa1 'x\x1b[2J'");
  CHECK(r.code == 2);
  CHECK(lines(r.err) == 1);
  CHECK(r.err.find('\x1b') == std::string::npos);
  CHECK(r.err.starts_with("leapfrog show: --then move 2: move 'x\\x1b[2J' column 2: "));
  r = run_cli("show " + kStart + " --then xa1 a1xz9");
  CHECK(r.code == 2);
  CHECK(r.err.starts_with("leapfrog show: --then move 2: move 'a1xz9' column 4: "));
  // A jump while a removal is due, and a turn after the game has ended.
  r = run_cli("show " + kStart + " --then a3xa1");
  CHECK(r.code == 2);
  CHECK(r.err.starts_with("leapfrog show: --then move 1 'a3xa1' is not legal: "));
  r = run_cli("show 21. --then a1xc1 c1xa1");
  CHECK(r.code == 2);
  CHECK(r.err.starts_with("leapfrog show: --then move 2 'c1xa1' is not legal: the game is over"));
  // Missing pieces of the command.
  r = run_cli("show " + kStart + " --then");
  CHECK(r.code == 2);
  r = run_cli("show --then xa1 " + kStart);
  CHECK(r.code == 2);
  CHECK(r.err.find("missing POSITION (it comes before --then") != std::string::npos);
  CHECK(run_cli("show " + kStart + " --then ' '").code == 2);
}

TEST_CASE("show --then judges a turn with verify's rules and words", "[cli][then]") {
  // The faulty record's ply 6 stops short under piece-max: the same reason from both.
  const auto game = run_cli("verify --game '" + kRecords + "murray-6x6-faulty.lfr'");
  REQUIRE(game.code == 1);
  const std::string reason = game.err.substr(game.err.find("d4xb4: ") + 7);
  const auto r = run_cli(
      "show '211213/121322/311113/343112/441212/232142 variant=murray continuation=piece-max "
      "opening=first removal=cheapest' --then xe2 c2xe2 c4xc2 b2xd2 a4xc4 d4xb4 a6xa4xc4");
  CHECK(r.code == 2);
  std::string expected = "leapfrog show: --then move 6 'd4xb4' is not legal: ";
  expected += reason.substr(0, reason.size() - 1);
  expected += ". Try 'leapfrog show --help'.\n";
  CHECK(r.err == expected);
  // Under the optional rule the same short capture is legal.
  CHECK(run_cli("show '211213/121322/311113/343112/441212/232142 variant=murray "
                "opening=first' --then xe2 c2xe2 c4xc2 b2xd2 a4xc4 d4xb4")
            .code == 0);
}

TEST_CASE("show --then draws the position it reaches, and --chain is a turn from there",
          "[cli][then][svg]") {
  const auto before = run_cli("show " + kStart + " --svg -");
  const auto after = run_cli("show " + kStart + " --then xa1 xb2 --svg -");
  REQUIRE(after.code == 0);
  CHECK(after.out != before.out);
  CHECK(after.out.find("<title>122411/233112/421343/224111/2.3123/.31122 variant=murray "
                       "scores=1,1</title>") != std::string::npos);
  // One piece fewer drawn per removal.
  const auto circles = [](const std::string& s) {
    std::size_t n = 0;
    for (auto p = s.find("<circle"); p != std::string::npos; p = s.find("<circle", p + 1)) ++n;
    return n;
  };
  CHECK(circles(before.out) == 36);
  CHECK(circles(after.out) == 34);
  // a3xa1 is legal only after both removals.
  CHECK(run_cli("show " + kStart + " --chain a3xa1").code == 2);
  // A chain that cannot be read names the option, as --then does.
  const auto unreadable = run_cli("show " + kStart + " --chain zz");
  CHECK(unreadable.code == 2);
  CHECK(unreadable.err.find("leapfrog show: --chain: move 'zz' column 2:") == 0);
  const auto chain = run_cli("show " + kStart + " --then xa1 xb2 --chain a3xa1 --color never");
  REQUIRE(chain.code == 0);
  CHECK(chain.out.find("> start, * landing, x captured: a3xa1") != std::string::npos);
}
