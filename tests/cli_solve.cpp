// The command line's contract for solve and reach (docs/json.md).
#include <sys/stat.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "run_cli.h"

using leapfrog::testing::CliResult;
using leapfrog::testing::run_cli;
using Json = nlohmann::json;

TEST_CASE("solve english --json", "[cli][solve][threads]") {
  const auto r = run_cli("solve english --json --threads 2");
  REQUIRE(r.code == 0);
  const Json j = Json::parse(r.out);
  CHECK(j["value"] == 31);
  CHECK(j["proved"] == true);
  CHECK(j["line"].is_array());
  CHECK(j["nodes"].get<std::uint64_t>() > 0);
  CHECK_FALSE(j.contains("count"));
}

TEST_CASE("solve --count gives a count key", "[cli][solve]") {
  // 1x4 row 11.1 under the optional rule: b1 over? only a1xc1 (captures b1), then c1 and d1
  // are neighbours with no room: one line. 1.11: d1xb1 only.
  const auto r = run_cli("solve 111.1 --count --json");
  REQUIRE(r.code == 0);
  const Json j = Json::parse(r.out);
  CHECK(j["count"].is_number());
  CHECK(j["value"] == 2);  // b1xd1 then e1xc1: two captures
}

TEST_CASE("solve --count finds and proves the value as solve does, then counts", "[cli][solve]") {
  // A board of more than 36 squares, where solve takes a guided line first: with --count
  // (counted by levels, after the proof) the search for the value is the same one, node for
  // node. 351120 is the count the exhaustive search alone (no guided line) gives too.
  const std::string pos = "'1111111/11.1111/1111111/......./......./......./.......'";
  const auto plain = run_cli("solve " + pos + " --json --threads 1");
  const auto counted = run_cli("solve " + pos + " --count --json --threads 1");
  REQUIRE(plain.code == 0);
  REQUIRE(counted.code == 0);
  const Json p = Json::parse(plain.out), c = Json::parse(counted.out);
  CHECK(p["value"] == 19);
  CHECK(p["proved"] == true);
  CHECK(c["value"] == 19);
  CHECK(c["proved"] == true);
  CHECK(c["nodes"] == p["nodes"]);
  CHECK(c["line"] == p["line"]);
  CHECK(c["count"] == 351120);
}

TEST_CASE("solve --count says when its levels did not fit in --hash", "[cli][solve]") {
  // Levels that fit: counted level by level.
  const std::string small =
      "'##...##/##.1.##/..1111./111.111/.1111../##...##/##...## variant=english'";
  const auto roomy = run_cli("solve " + small + " --count --json");
  REQUIRE(roomy.code == 0);
  CHECK(Json::parse(roomy.out)["count"] == 6619259);
  CHECK(Json::parse(roomy.out)["count_levels_out_of_memory"] == false);
  // In 1 MB they do not: the depth-first count gives the same number, and says how it counted.
  const auto tight = run_cli("solve " + small + " --count --hash 1");
  REQUIRE(tight.code == 0);
  CHECK(tight.out.find("optimal lines 6619259\nthe count's levels needed more than --hash 1 MB, "
                       "so the lines were counted depth first\n") != std::string::npos);
  // 29 pegs in 4 MB: the depth-first count takes far longer than the second it is given;
  // stopped, the output says why and what to do.
  const std::string big =
      "'##111##/##111##/1111111/111.111/1111111/##1.1##/##1.1## variant=english'";
  const auto stopped = run_cli("solve " + big + " --count --hash 4 --time-limit 1 --json");
  REQUIRE(stopped.code == 0);
  const Json j = Json::parse(stopped.out);
  CHECK(j["proved"] == true);
  CHECK(j["count"].is_null());
  CHECK(j["count_levels_out_of_memory"] == true);
  const auto text = run_cli("solve " + big + " --count --hash 4 --time-limit 1");
  CHECK(
      text.out.find("optimal lines not counted (the count was stopped)\nthe count's levels needed "
                    "more than --hash 4 MB, so the lines were counted depth first, which was "
                    "stopped; a larger --hash counts them level by level, far faster") !=
      std::string::npos);
}

TEST_CASE("solve with a time limit on a 15x15 Murray start returns its best line", "[cli][solve]") {
  const auto r = run_cli("solve murray --players 1 --time-limit 0.5 --json");
  REQUIRE(r.code == 0);
  const Json j = Json::parse(r.out);
  CHECK(j["value"].get<int>() > 0);
  CHECK(j["line"].size() > 0);
  CHECK(j["proved"].is_boolean());
}

TEST_CASE("solve and reach reject bad input with exit 2", "[cli][solve]") {
  CHECK(run_cli("solve").code == 2);
  CHECK(run_cli("solve english --hash 0").code == 2);
  CHECK(run_cli("solve english --threads -1").code == 2);
  CHECK(run_cli("solve english --time-limit -3").code == 2);
  CHECK(run_cli("solve 12/3").code == 2);
  CHECK(run_cli("reach 1x2").code == 2);
  CHECK(run_cli("reach english --nodes abc").code == 2);
  CHECK(run_cli("reach english --hash 0").code == 2);
  CHECK(run_cli("reach english --hash many").code == 2);
}

TEST_CASE("reach on a board full of pegs stops at --hash and says so", "[cli][reach]") {
  // 7x7 with the centre empty: its levels pass 80 million positions at 13 jumps, more than
  // any default; in 32 MB the count stops after the levels that fit.
  const char* full =
      "reach 1111111/1111111/1111111/111.111/1111111/1111111/1111111 --players 1 --hash 32";
  const auto text = run_cli(full);
  REQUIRE(text.code == 0);
  CHECK(text.out.find("needs more than --hash 32 MB; incomplete") != std::string::npos);
  const auto r = run_cli(std::string(full) + " --json");
  REQUIRE(r.code == 0);
  const Json j = Json::parse(r.out);
  CHECK(j["complete"] == false);
  CHECK(j["out_of_memory"] == true);
  CHECK(j["levels"].size() >= 4);
}

TEST_CASE("reach --json has levels and total", "[cli][reach]") {
  const auto r = run_cli("reach 1111/1.11/1111 --json");
  REQUIRE(r.code == 0);
  const Json j = Json::parse(r.out);
  CHECK(j["levels"].is_array());
  std::uint64_t sum = 0;
  for (const auto& n : j["levels"]) sum += n.get<std::uint64_t>();
  CHECK(j["total"] == sum);
  const auto all = run_cli("reach 1111/1.11/1111 --json --no-symmetry");
  REQUIRE(all.code == 0);
  CHECK(Json::parse(all.out)["total"].get<std::uint64_t>() >= sum);
}

TEST_CASE("SIGTERM stops solve like Ctrl-C: the best line so far is printed",
          "[cli][solve][threads]") {
  // Take It Away (forced continuation, diagonal jumps) is far from solved after half a second.
  const CliResult r = leapfrog::testing::run_cli_terminated("solve take-it-away --json", "0.5");
  REQUIRE(r.code != -1);
  CHECK(r.code == 0);
  const std::string& text = r.out;
  REQUIRE(!text.empty());
  const Json j = Json::parse(text);
  CHECK(j["complete"] == false);
  CHECK(!j["line"].empty());
}

TEST_CASE("solve reads any position as solitaire: one player, at most one opening removal",
          "[cli][solve][heavy]") {
  // A two-player Murray start owes two removals; the lone player makes one.
  auto r = run_cli("solve murray --size 6 --json");
  REQUIRE(r.code == 0);
  const Json j = Json::parse(r.out);
  REQUIRE(j["line"].size() >= 2);
  CHECK(j["line"][0].get<std::string>()[0] == 'x');
  CHECK(j["line"][1].get<std::string>()[0] != 'x');
  CHECK(j["removal_due"] == true);
  CHECK(j["position_players"] == 2);
  CHECK(j["position_removals"] == 2);
  const auto one = run_cli("solve murray --size 6 --players 1 --json");
  REQUIRE(one.code == 0);
  CHECK(Json::parse(one.out)["value"] == j["value"]);
  CHECK(Json::parse(one.out)["position_players"] == 1);
  r = run_cli("solve murray --size 6 --color never");
  CHECK(r.out.find("solitaire: one player makes every turn, one opening removal first "
                   "(the position's 2 players owed 2)") != std::string::npos);
  CHECK(run_cli("solve --help").out.find("Solitaire: one player makes every turn") !=
        std::string::npos);
  // Other player counts are refused at once, with the range.
  for (const char* bad : {"solve murray --size 6 --players 9", "solve murray --size 6 --players 2",
                          "reach murray --size 4 --players 3"}) {
    INFO(bad);
    r = run_cli(bad);
    CHECK(r.code == 2);
    CHECK(r.err.find("1..1") != std::string::npos);
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  }
}

TEST_CASE("a start position with --hole has exactly those squares empty", "[cli][solve][heavy]") {
  // A 6x6 board of plain pegs with c3 empty: one peg can be left (35 pegs, 34 captures).
  auto r = run_cli("solve traditional --size 6 --hole c3 --by pieces --json");
  REQUIRE(r.code == 0);
  Json j = Json::parse(r.out);
  CHECK(j["value"] == 34);
  CHECK(j["proved"] == true);
  CHECK(j["removal_due"] == false);
  // The position it starts from round-trips: no opening removal, c3 empty.
  r = run_cli("show traditional --size 5 --hole c3 --hole a1 --json");
  REQUIRE(r.code == 0);
  j = Json::parse(r.out);
  CHECK(j["position"] == "11111/11111/11.11/11111/.1111 variant=traditional");
  CHECK(j["removals_due"].empty());
  // A peg board's own start hole is filled: English with only a3 empty.
  r = run_cli("show english --hole a3 --json");
  REQUIRE(r.code == 0);
  CHECK(Json::parse(r.out)["position"] ==
        "##111##/##111##/1111111/1111111/.111111/##111##/##111## variant=english");
  for (const char* bad : {"solve english --hole a1", "solve english --hole z9",
                          "show '111/1.1' --hole a1", "show english --hole 4d"}) {
    INFO(bad);
    r = run_cli(bad);
    CHECK(r.code == 2);
    CHECK(r.err.find("--hole") != std::string::npos);
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  }
}

TEST_CASE("six-direction boards on the command line", "[cli][solve][heavy]") {
  // show draws the hexagon: the middle rank widest, each rank one character right of the
  // rank below.
  const CliResult show = run_cli("show capture --color never");
  CHECK(show.code == 0);
  CHECK(show.out.find("9           1 1 1 1 1          9\n") != std::string::npos);
  CHECK(show.out.find("5       1 1 1 1 . 1 1 1 1      5\n") != std::string::npos);
  // Capture for one player, by pieces: all but one piece, proved.
  const CliResult solve = run_cli("solve capture --players 1 --by pieces");
  CHECK(solve.code == 0);
  CHECK(solve.out.find("value 59 (pieces), proved optimal") != std::string::npos);
  const CliResult count = run_cli("solve triangle --hole a3 --count");
  CHECK(count.out.find("optimal lines 85258") != std::string::npos);
  // reach: the same table at 1 and 2 threads.
  const CliResult one = run_cli("reach triangle --threads 1");
  const CliResult two = run_cli("reach triangle --threads 2");
  CHECK(one.code == 0);
  CHECK(one.out == two.out);
  CHECK(one.out.find("total 1544 positions up to symmetry") != std::string::npos);
  // Square-grid options on a hex board, and malformed hex positions: one line, exit 2.
  const CliResult diagonal = run_cli("solve triangle --diagonal");
  CHECK(diagonal.code == 2);
  CHECK(diagonal.err.find("the board is grid=hex") != std::string::npos);
  CHECK(run_cli("solve triangle --grid hex --orthogonal").code == 2);
  CHECK(run_cli("show triangle --size 27").code == 2);
  CHECK(run_cli("show hexagon --size 14").code == 2);
  const CliResult bad = run_cli("show '1.#/1Z# grid=hex'");
  CHECK(bad.code == 2);
  CHECK(bad.err.find("position line 1, column 6: unknown piece 'Z'") != std::string::npos);
  const CliResult bad_field = run_cli("show '1.#/11# grid=hexagonal'");
  CHECK(bad_field.code == 2);
  CHECK(bad_field.err.find("column 9: bad grid 'hexagonal'") != std::string::npos);
}

TEST_CASE("solve --finish: the last piece alone on a square", "[cli][solve][finish][heavy]") {
  const auto r = run_cli("solve english --finish d4 --json --threads 2");
  REQUIRE(r.code == 0);
  const Json j = Json::parse(r.out);
  CHECK(j["finish"] == "d4");
  CHECK(j["possible"] == true);
  CHECK(j["value"] == 31);
  CHECK(j["proved"] == true);
  CHECK(j["complete"] == true);
  REQUIRE(j["line"].is_array());
  const std::string last = j["line"].back().get<std::string>();
  CHECK(last.substr(last.size() - 2) == "d4");  // the last jump lands on d4
  CHECK_FALSE(j.contains("count"));
  // Without --finish the keys are not there.
  CHECK_FALSE(Json::parse(run_cli("solve english --json").out).contains("finish"));
  CHECK_FALSE(Json::parse(run_cli("solve english --json").out).contains("possible"));
  const auto text = run_cli("solve english --finish d4 --color never");
  REQUIRE(text.code == 0);
  CHECK(text.out.find("finish d4: the line leaves one piece, alone on d4") != std::string::npos);
  CHECK(text.out.find("value 31 (points), proved optimal") != std::string::npos);
}

TEST_CASE("solve --finish --count counts the lines that end there", "[cli][solve][finish]") {
  // A 4x4 board without two corners and one square: 7,132 lines end on c1 (the solver tests
  // check such counts against a reference); here the key and the text.
  const auto r = run_cli("solve '#11#/1111/1111/1.11 variant=english' --finish c1 --count --json");
  REQUIRE(r.code == 0);
  const Json j = Json::parse(r.out);
  CHECK(j["possible"] == true);
  CHECK(j["count"] == 7132);
  const auto text =
      run_cli("solve '#11#/1111/1111/1.11 variant=english' --finish c1 --count --color never");
  CHECK(text.out.find("optimal lines 7132") != std::string::npos);
}

TEST_CASE("solve --finish reports an impossible finish: exit 1", "[cli][solve][finish]") {
  // c5: the position class of the English start allows a lone peg on d4 and its images of
  // the same class only (a4, d1, d7, g4).
  const auto r = run_cli("solve english --finish c5 --count --json");
  CHECK(r.code == 1);
  const Json j = Json::parse(r.out);
  CHECK(j["finish"] == "c5");
  CHECK(j["possible"] == false);
  CHECK(j["proved"] == true);
  CHECK(j["complete"] == true);
  CHECK(j["value"] == 0);
  CHECK(j["line"].empty());
  CHECK(j["count"] == 0);
  const auto text = run_cli("solve english --finish c5 --color never");
  CHECK(text.code == 1);
  CHECK(text.out.find("finish c5: impossible, proved: no line leaves one piece alone on c5") !=
        std::string::npos);
  CHECK(text.out.find("value") == std::string::npos);
  CHECK(text.err.empty());
  // A 3x3 ring of pegs around an empty centre cannot end on its centre either.
  const auto ring = run_cli("solve '111/1.1/111 variant=english' --finish b2 --json");
  CHECK(ring.code == 1);
  CHECK(Json::parse(ring.out)["possible"] == false);
}

TEST_CASE("solve --finish stopped before an answer says so", "[cli][solve][finish]") {
  // English with d6 empty, finishing on d6, takes millions of nodes: after 2000 no line is
  // known and nothing is proved (possible null, exit 0).
  const auto r = run_cli(
      "solve '##111##/##1.1##/1111111/1111111/1111111/##111##/##111## variant=english' "
      "--finish d6 --nodes 2000 --threads 1 --json");
  CHECK(r.code == 0);
  const Json j = Json::parse(r.out);
  CHECK(j["possible"].is_null());
  CHECK(j["proved"] == false);
  CHECK(j["complete"] == false);
  CHECK(j["line"].empty());
}

TEST_CASE("solve --finish refuses what is not a square of the board", "[cli][solve][finish]") {
  // Off the board, a hole of the English cross, malformed, empty: one line naming the
  // option, exit 2.
  for (const char* square : {"h4", "a1", "z99", "''", "d", "4d", "d0", "D4", "d4x"}) {
    const auto r = run_cli(std::string("solve english --finish ") + square);
    INFO(square << ": " << r.err);
    CHECK(r.code == 2);
    CHECK(r.out.empty());
    CHECK(r.err.find("--finish") != std::string::npos);
    CHECK(r.err.find("leapfrog solve: ") == 0);
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  }
  CHECK(run_cli("solve english --finish").code == 2);  // no value
  CHECK(run_cli("solve --help").out.find("--finish SQUARE") != std::string::npos);
}

TEST_CASE("reach and solve --count resume from --checkpoint with the totals of one run",
          "[cli][reach][checkpoint][heavy]") {
  using leapfrog::testing::Scratch;
  const std::string board = "traditional --size 5 --hole c3 --threads 1 --json";
  const auto whole = run_cli("reach " + board);
  REQUIRE(whole.code == 0);
  const Scratch s("leapfrog_checkpoint_test");
  // Stopped by the node limit: the levels done are saved; the rerun goes on from there.
  const auto stopped = run_cli("reach " + board + " --nodes 20000 --checkpoint " + s.dir);
  REQUIRE(stopped.code == 0);
  CHECK(Json::parse(stopped.out)["complete"] == false);
  // Files that only look like saved levels are left alone: a number written otherwise than
  // the count writes it, past int, a level no count reaches.
  const std::vector<std::string> strays{"rank-0-of-1.level-013", "rank-0-of-1.level-99999999999",
                                        "rank-0-of-1.level-2147483647", "rank-00-of-1.level-2"};
  for (const std::string& stray : strays) std::ofstream(s.dir + "/" + stray) << "not a level\n";
  const auto resumed = run_cli("reach " + board + " --checkpoint " + s.dir);
  REQUIRE(resumed.code == 0);
  CHECK(resumed.out == whole.out);
  CHECK(resumed.err.starts_with("resuming from level "));
  for (const std::string& stray : strays) CHECK(std::filesystem::remove(s.dir + "/" + stray));
  // A sound file under the name of the level after the last is refused for what it is.
  int last = -1;
  for (const auto& f : std::filesystem::directory_iterator(s.dir)) {
    const std::string name = f.path().filename().string();
    last = std::max(last, std::stoi(name.substr(name.rfind('-') + 1)));
  }
  const std::string moved = s.dir + "/rank-0-of-1.level-" + std::to_string(last + 1);
  std::filesystem::rename(s.dir + "/rank-0-of-1.level-" + std::to_string(last), moved);
  const auto renamed = run_cli("reach " + board + " --checkpoint " + s.dir);
  CHECK(renamed.code == 2);
  CHECK(renamed.err.find("the file '" + moved + "' is damaged (it holds another level") !=
        std::string::npos);
  std::filesystem::rename(moved, s.dir + "/rank-0-of-1.level-" + std::to_string(last));
  // A damaged file is refused, named; another job's folder too.
  std::string damaged;
  for (const auto& f : std::filesystem::directory_iterator(s.dir)) damaged = f.path().string();
  REQUIRE_FALSE(damaged.empty());
  {
    std::fstream f(damaged, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(90);
    f.put('x');
  }
  const auto refused = run_cli("reach " + board + " --checkpoint " + s.dir);
  CHECK(refused.code == 2);
  CHECK(refused.err.find("the file '" + damaged + "' is damaged") != std::string::npos);
  CHECK(std::count(refused.err.begin(), refused.err.end(), '\n') == 1);
  // A named pipe in a level's place is refused too, not opened (that would wait forever).
  const std::string level = leapfrog::testing::slurp(damaged);
  std::filesystem::remove(damaged);
  REQUIRE(::mkfifo(damaged.c_str(), 0600) == 0);
  const auto fifo = run_cli("reach " + board + " --checkpoint " + s.dir);
  CHECK(fifo.code == 2);
  CHECK(fifo.err.find("the file '" + damaged + "' is damaged (not a regular file)") !=
        std::string::npos);
  std::filesystem::remove(damaged);
  std::ofstream(damaged, std::ios::binary) << level;
  const auto other = run_cli("reach english --nodes 1 --checkpoint " + s.dir);
  CHECK(other.code == 2);
  CHECK(other.err.find("holds the levels of another job") != std::string::npos);
  // solve --count saves its count's levels; resumed from the last, the same count.
  const Scratch c("leapfrog_checkpoint_test");
  const auto counted = run_cli("solve " + board + " --count --checkpoint " + c.dir);
  REQUIRE(counted.code == 0);
  const auto again = run_cli("solve " + board + " --count --checkpoint " + c.dir);
  REQUIRE(again.code == 0);
  CHECK(Json::parse(again.out)["count"] == Json::parse(counted.out)["count"]);
  CHECK(again.err.starts_with("resuming from level "));
  // Resumed with less memory than the saved level needs, the level is still listed (its
  // size is exact), and the count stops there, incomplete, for want of memory.
  const Scratch e("leapfrog_checkpoint_test");
  const auto roomy = run_cli("reach english --threads 1 --hash 16 --json --checkpoint " + e.dir);
  REQUIRE(roomy.code == 0);
  const Json before = Json::parse(roomy.out);
  REQUIRE(before["out_of_memory"] == true);
  const auto tight = run_cli("reach english --threads 1 --hash 1 --json --checkpoint " + e.dir);
  REQUIRE(tight.code == 0);
  CHECK(tight.err.starts_with("resuming from level "));
  const Json after = Json::parse(tight.out);
  CHECK(after["levels"] == before["levels"]);
  CHECK(after["total"] == before["total"]);
  CHECK(after["out_of_memory"] == true);
  // Where there are no levels to save, or no count, --checkpoint is refused.
  CHECK(run_cli("reach murray --size 4 --checkpoint " + c.dir).code == 2);
  CHECK(run_cli("solve english --checkpoint " + c.dir).code == 2);
  // A folder that takes no files (sysfs, even for root) is refused before the count starts:
  // no table begun on standard output.
  const auto unwritable = run_cli("reach triangle --checkpoint /sys/kernel");
  CHECK(unwritable.code == 2);
  CHECK(unwritable.out.empty());
  CHECK(
      unwritable.err.starts_with("leapfrog reach: --checkpoint: cannot use the folder "
                                 "'/sys/kernel' ("));
  // The system's refusal is no usage error: no pointer to --help, which cannot mend it.
  CHECK(unwritable.err.ends_with(").\n"));
  // A level that cannot be written (its file's name taken by a folder) stops the count, exit
  // 2, naming the file and why.
  const Scratch w("leapfrog_checkpoint_test");
  std::filesystem::create_directories(w.dir + "/rank-0-of-1.level-0.part/taken");
  const auto unsaved = run_cli("reach triangle --checkpoint " + w.dir);
  CHECK(unsaved.code == 2);
  CHECK(unsaved.err == "leapfrog reach: --checkpoint: cannot write '" + w.dir +
                           "/rank-0-of-1.level-0.part' (Is a directory).\n");
}
