// The command line's contract (docs/json.md) for best, verify, verify --game and bench.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "run_cli.h"

using leapfrog::testing::run_cli;
using Json = nlohmann::json;

namespace {
const std::string kRecords = std::string(LEAPFROG_SOURCE_DIR) + "/puzzles/records/";
}

TEST_CASE("best --json: value, count, best, and chains with --all", "[cli][best]") {
  // a1=3 b1=1 . d1=1 e1=2: a1xc1 and e1xc1 take 1 point each.
  auto r = run_cli("best 31.12 --json --all");
  REQUIRE(r.code == 0);
  Json j = Json::parse(r.out);
  CHECK(j["value"] == 1);
  CHECK(j["count"] == 2);
  CHECK(j["best"] == "a1xc1");
  CHECK(j["chains"] == Json::array({"a1xc1", "e1xc1"}));
  CHECK(j["truncated"] == false);

  r = run_cli("best 31.12 --json --all --limit 1");
  REQUIRE(r.code == 0);
  j = Json::parse(r.out);
  CHECK(j["chains"].size() == 1);
  CHECK(j["truncated"] == true);
  CHECK(j["count"] == 2);
  // --limit bounds the list of --all; alone it would be ignored, so it is refused.
  r = run_cli("best 31.12 --limit 1");
  CHECK(r.code == 2);
  CHECK(r.err ==
        "leapfrog best: --limit goes with --all (the best chain alone is one). Try "
        "'leapfrog best --help'.\n");

  r = run_cli("best '111/111/111 removals=-' --json");
  REQUIRE(r.code == 0);
  j = Json::parse(r.out);
  CHECK(j["value"] == 0);
  CHECK(j["count"] == 0);
  CHECK(j["best"].is_null());

  r = run_cli("best '12/34 removals=1' --json");
  REQUIRE(r.code == 0);
  j = Json::parse(r.out);
  CHECK(j["removal"] == true);
  CHECK(j["value"] == 4);
  CHECK(j["best"] == "xb1");
}

TEST_CASE("best on the 9x9 lattice, same output at 1 and 2 threads", "[cli][best][threads]") {
  const std::string lattice =
      ".3.3.4.3./4.1.1.1.2/.4.4.3.1./1.3.4.3.2/.1.2.3.13/2.3.1.1.2/.1.1.1.2./4.2.2.2.1/.1.3.1.1.";
  const auto one = run_cli("best " + lattice + " --json --threads 1");
  const auto two = run_cli("best " + lattice + " --json --threads 2");
  REQUIRE(one.code == 0);
  CHECK(one.out == two.out);
  const Json j = Json::parse(one.out);
  CHECK(j["value"] == 75);
}

TEST_CASE("best rejects bad input with exit 2", "[cli][best]") {
  CHECK(run_cli("best 12/3").code == 2);
  CHECK(run_cli("best 12/34 --by weight").code == 2);
  CHECK(run_cli("best 12/34 --threads -1").code == 2);
  CHECK(run_cli("best").code == 2);
  CHECK(run_cli("best 12/34 --hash 0").code == 2);
  CHECK(run_cli("best 12/34 --hash many").code == 2);
  CHECK(run_cli("verify 21.1. a1xc1xe1 --hash 0").code == 2);
}

TEST_CASE("best and verify stop at --hash and say so", "[cli][best]") {
  // A dense 15x13 lattice by pieces: counting its maximal chains would fill any memory.
  const std::string dense =
      "'.2.2.4.2.2.3.2./4.2.1.4.3.4.4.1/...3.3.3.3.3.1./4.4.4.2.2.3.3.2/.4.2.2.1.3.1.3./"
      "2.2.3.2.1.2.2.3/"
      ".3.4...3.2.3.2./3.4.3.2.3.2.3.2/.4.2.4.1.2.3.4./1.2.4.4.1.2.1.2/.1.3.3.2.1.4.4./"
      "2.2.4.1.1.1.4.4/"
      ".3.3.3.313.3.4.' --by pieces --hash 2";
  auto r = run_cli("best " + dense);
  CHECK(r.code == 2);
  CHECK(r.err.find("need more than --hash 2 MB; no exact answer") != std::string::npos);
  r = run_cli("verify " + dense.substr(0, dense.find(' ')) + " i1xi3 --by pieces --hash 2");
  CHECK(r.code == 2);
  CHECK(r.err.find("(--hash)") != std::string::npos);
}

TEST_CASE("verify exits 0 for legal and maximal, 1 otherwise, 2 for bad input", "[cli][verify]") {
  auto r = run_cli("verify 21.1. a1xc1xe1 --json");
  REQUIRE(r.code == 0);
  Json j = Json::parse(r.out);
  CHECK(j["legal"] == true);
  CHECK(j["maximal"] == true);
  CHECK(j["value"] == 2);
  CHECK(j["max"] == 2);

  r = run_cli("verify 21.1. a1xc1 --json");  // optional: legal, not maximal
  CHECK(r.code == 1);
  j = Json::parse(r.out);
  CHECK(j["legal"] == true);
  CHECK(j["maximal"] == false);
  CHECK(r.err.find("maximum is 2 points, e.g. a1xc1xe1") != std::string::npos);

  for (const char* rule : {"forced", "piece-max", "board-max"}) {
    r = run_cli(std::string("verify 21.1. a1xc1 --json --continuation ") + rule);
    CHECK(r.code == 1);
    CHECK(Json::parse(r.out)["legal"] == false);
    CHECK(r.err.find(rule) != std::string::npos);
  }
  r = run_cli("verify 21.1. d1xb1");
  CHECK(r.code == 1);
  CHECK(r.err.find("no piece on c1") != std::string::npos);

  CHECK(run_cli("verify 21.1. a1xz9").code == 2);
  CHECK(run_cli("verify 21.1. a1-c1").code == 2);
  CHECK(run_cli("verify 21.1. a1").code == 2);
  CHECK(run_cli("verify 21.1.").code == 2);
  CHECK(run_cli("verify 2x.1. a1xc1").code == 2);
}

TEST_CASE("verify --game: valid records, the faulty one, malformed ones", "[cli][verify]") {
  for (const char* name : {"murray-6x6-piece-max.lfr", "traditional-5x5-three-players.lfr",
                           "lattice-9x9-solitaire.lfr"}) {
    const auto r = run_cli("verify --game '" + kRecords + name + "' --json");
    INFO(name << r.err);
    CHECK(r.code == 0);
    const Json j = Json::parse(r.out);
    CHECK(j["legal"] == true);
    CHECK(j["first_error"].is_null());
  }
  auto r = run_cli("verify --game '" + kRecords + "murray-6x6-piece-max.lfr' --json");
  Json j = Json::parse(r.out);
  CHECK(j["turns"] == 23);
  CHECK(j["scores"] == Json::array({32, 31}));
  CHECK(j["winners"] == Json::array({1}));

  r = run_cli("verify --game '" + kRecords + "murray-6x6-faulty.lfr' --json");
  CHECK(r.code == 1);
  j = Json::parse(r.out);
  CHECK(j["legal"] == false);
  CHECK(j["first_error"]["ply"] == 6);
  CHECK(j["first_error"]["move"] == "d4xb4");
  CHECK(j["first_error"]["line"] == 12);
  // The reason alone: the place is in the keys above, and on standard error before it.
  const std::string reason = j["first_error"]["reason"];
  CHECK_FALSE(reason.empty());
  CHECK(reason.find("ply") == std::string::npos);
  CHECK(r.err == "leapfrog verify: ply 6 (line 12) d4xb4: " + reason + "\n");
  CHECK(r.err.find("ply 6 (line 12) d4xb4") != std::string::npos);

  r = run_cli("verify --game -", "[Start \"21.1.\"]\n1. a1xc1xe1 {fine}\n2. a1xq9\n");
  CHECK(r.code == 2);
  CHECK(r.err.find("record line 3, column 4") != std::string::npos);
  r = run_cli("verify --game -", "[Start \"21.1.\"\n");
  CHECK(r.code == 2);
  CHECK(r.err.find("record line 1") != std::string::npos);
  CHECK(run_cli("verify --game /nonexistent/file.lfr").code == 2);
  CHECK(run_cli("verify --game - 21.1.", "").code == 2);
}

TEST_CASE("bench: the same signature twice and at 1 and 2 threads", "[cli][bench][threads]") {
  const auto a = run_cli("bench --quick --json --threads 1");
  const auto b = run_cli("bench --quick --json --threads 2");
  const auto c = run_cli("bench --quick --json --threads 2");
  REQUIRE(a.code == 0);
  REQUIRE(b.code == 0);
  const Json ja = Json::parse(a.out), jb = Json::parse(b.out), jc = Json::parse(c.out);
  CHECK(ja["signature"].get<std::uint64_t>() > 0);
  CHECK(ja["signature"] == jb["signature"]);
  CHECK(jb["signature"] == jc["signature"]);
  CHECK(ja["nodes"] == ja["signature"]);
  CHECK(ja.contains("nps"));
}
