// The Leap Chess engine: finds forced wins, is deterministic at a node budget, honours the
// stop flag; match games end by the rules; analyse --json carries its keys.
#include <atomic>
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "chess/game_end.h"
#include "chess/match.h"
#include "chess/movegen.h"
#include "chess/notation.h"
#include "chess/search.h"
#include "run_cli.h"

using namespace leapfrog::chess;

namespace {
const Rules kCompulsory = rules_for(CaptureRule::kCompulsory);

SearchResult search(const std::string& fen, std::uint64_t nodes, int depth = 64) {
  SearchSettings settings;
  settings.max_depth = depth;
  settings.hash_mb = 4;
  leapfrog::SearchControl control;
  control.node_limit = nodes;
  return analyse(Position::from_fen(fen), kCompulsory, settings, control);
}
}  // namespace

TEST_CASE("chess engine finds a win by stalemate and a mate", "[chess]") {
  // Black to move: e1d3 leaves Red without a move (stalemate is a loss).
  auto r = search("*2k1*/6/6/6/d3a1/2d3/6/*K2n* b - - 0 1", 100000);
  REQUIRE(r.has_move);
  CHECK(move_text(r.best) == "e1d3");
  CHECK(r.value == kMate - 1);
  CHECK(r.complete);
  // A win in two moves (found by a search of random positions): Black takes on c3, Red's
  // one reply, then e4e3 leaves Red without a move.
  r = search("*4*/6/5d/1n4/2a1k1/2P3/5K/*4* b - - 0 1", 200000);
  REQUIRE(r.has_move);
  CHECK(move_text(r.best) == "b5c3");
  CHECK(r.value == kMate - 3);
  REQUIRE(r.pv.size() == 3);
  CHECK(move_text(r.pv[2]) == "e4e3");
  // One legal move (b1a2): it is the best, but its value is searched like any other's, and
  // it loses (Black mates in eight).
  r = search("*2k1*/6/6/d5/4a1/2dn2/6/*K3* w - - 1 2", 2000000, 12);
  REQUIRE(r.has_move);
  CHECK(move_text(r.best) == "b1a2");
  CHECK(r.depth > 1);
  CHECK(r.value < -kMateBound);
  CHECK(r.complete);
  // No legal move: lost.
  r = search("*2k1*/6/6/6/d3a1/2dn2/6/*K3* w - - 0 1", 1000);
  CHECK_FALSE(r.has_move);
  CHECK(r.value == -kMate);
}

TEST_CASE("chess engine is deterministic at a node budget and stops on the flag", "[chess]") {
  const auto a = search("startpos", 30000);
  const auto b = search("startpos", 30000);
  CHECK(move_text(a.best) == move_text(b.best));
  CHECK(a.value == b.value);
  CHECK(a.nodes == b.nodes);
  CHECK(a.pv == b.pv);
  CHECK(a.depth >= 3);
  std::atomic<bool> stop{true};
  leapfrog::SearchControl control;
  control.stop = &stop;
  SearchSettings settings;
  settings.hash_mb = 1;
  // Depth 1 always finishes, then the flag stops it.
  const auto r = analyse(Position::start(), kCompulsory, settings, control);
  CHECK(r.has_move);
  CHECK(r.depth == 1);
}

TEST_CASE("chess engine: root moves, and a kept table that a restricted root leaves true",
          "[chess]") {
  const leapfrog::SearchControl control;
  SearchSettings at;
  at.hash_mb = 4;
  const auto fresh = [&](const Position& pos, int depth, std::vector<Move> root = {}) {
    SearchSettings s = at;
    s.max_depth = depth;
    s.root_moves = std::move(root);
    return analyse(pos, kCompulsory, s, control);
  };
  const Position start = Position::start();
  const SearchResult whole = fresh(start, 4);
  REQUIRE(whole.complete);
  const Position after = start.after(whole.best);
  // Black's worst reply: searched alone, the lowest value.
  Move worst;
  int lowest = kMate + 1;
  for (const Move& m : legal_moves(after, kCompulsory)) {
    const SearchResult r = fresh(after, 3, {m});
    CHECK(r.best == m);  // only the moves given are chosen among
    if (r.value < lowest) {
      lowest = r.value;
      worst = m;
    }
  }
  REQUIRE(lowest < fresh(after, 3).value);
  // Searched over its worst reply alone, the position's value is not the position's: the
  // table must not keep it, or the next search, meeting the position one ply down, would
  // take Red's best move for better than it is.
  SearchTable kept(4);
  SearchSettings s = at;
  s.max_depth = 3;
  s.root_moves = {worst};
  CHECK(analyse(after, kCompulsory, s, control, kept).value == lowest);
  s.max_depth = 4;
  s.root_moves.clear();
  const SearchResult again = analyse(start, kCompulsory, s, control, kept);
  CHECK(again.value == whole.value);
  CHECK(again.best == whole.best);
}

TEST_CASE("chess engine's best move is legal under every rule", "[chess]") {
  for (CaptureRule rule :
       {CaptureRule::kCompulsory, CaptureRule::kMultiple, CaptureRule::kOptional}) {
    SearchSettings settings;
    settings.hash_mb = 2;
    leapfrog::SearchControl control;
    control.node_limit = 5000;
    const Position pos = Position::from_fen("*1k2*/6/p1p1p1/6/p1p1p1/6/S5/*K3* w - - 0 1");
    const auto r = analyse(pos, rules_for(rule), settings, control);
    const auto legal = legal_moves(pos, rules_for(rule));
    CHECK(std::find(legal.begin(), legal.end(), r.best) != legal.end());
  }
}

TEST_CASE("a node-limited search makes a table of what it can use", "[chess]") {
  // 64 slots of 24 bytes a node, in whole MB, at least 1 and at most the hash.
  CHECK(fresh_table_mb(1024, 0) == 1024);
  CHECK(fresh_table_mb(1024, 1) == 1);
  CHECK(fresh_table_mb(1024, 2000) == 3);
  CHECK(fresh_table_mb(2, 2000) == 2);
  CHECK(fresh_table_mb(1024, 1000000) == 1024);
  CHECK(fresh_table_mb(1024, ~std::uint64_t{0}) == 1024);
  // Its answer is the one the whole hash gives: the nodes are the same, and the move.
  SearchSettings settings;
  leapfrog::SearchControl control;
  control.node_limit = 3000;
  const Position pos = Position::start();
  const SearchResult small = analyse(pos, kCompulsory, settings, control);
  SearchTable whole(64);
  const SearchResult large = analyse(pos, kCompulsory, settings, control, whole);
  CHECK(small.nodes == large.nodes);
  CHECK(small.best == large.best);
  CHECK(small.value == large.value);
}

TEST_CASE("chess match games end by the rules and the engine beats a random player", "[chess]") {
  GameSettings s;
  s.rules = kCompulsory;
  s.engine_nodes = 500;
  s.hash_mb = 1;
  int wins = 0;
  for (int k = 0; k < 4; ++k) {
    const bool red = k % 2 == 0;
    const auto g = play_game(Position::start(), red ? Player::kEngine : Player::kRandom,
                             red ? Player::kRandom : Player::kEngine, s, 1 + k);
    CHECK(!g.end.empty());
    if (g.winner == (red ? kRed : kBlack)) ++wins;
    // The record replays: every move legal.
    Position p = Position::start();
    for (const Move& m : g.moves) {
      const auto legal = legal_moves(p, kCompulsory);
      REQUIRE(std::find(legal.begin(), legal.end(), m) != legal.end());
      p = p.after(m);
    }
  }
  CHECK(wins >= 3);
}

TEST_CASE("a chess match game ends at once when stopped, with no result", "[chess]") {
  GameSettings s;
  s.rules = kCompulsory;
  s.engine_nodes = 1000000;
  s.hash_mb = 1;
  std::atomic<bool> stop{true};
  s.stop = &stop;
  const auto g = play_game(Position::start(), Player::kEngine, Player::kRandom, s, 1);
  CHECK(g.end == "stopped");
  CHECK(g.winner == -1);
  CHECK(g.moves.empty());
}

TEST_CASE("chess analyse --json keys", "[chess]") {
  const auto r = leapfrog::testing::run_cli("chess analyse startpos --nodes 20000 --json");
  REQUIRE(r.code == 0);
  const auto j = nlohmann::json::parse(r.out);
  for (const char* key : {"best", "value", "pv", "nodes"}) CHECK(j.contains(key));
  CHECK(j["pv"].size() >= 1);
  CHECK(j["pv"][0] == j["best"]);
  const auto m = leapfrog::testing::run_cli("chess match --games 2 --nodes 300 --json");
  REQUIRE(m.code == 0);
  CHECK(nlohmann::json::parse(m.out)["games"] == 2);
}

TEST_CASE("a position come for the third time has no move to search, value 0", "[chess]") {
  // A repetition is a draw once the position has been played twice before (chess/game_end.h).
  const Position kings = Position::from_fen("*k3*/6/6/6/6/6/6/*3K* w - - 0 1");
  SearchSettings settings;
  settings.hash_mb = 4;
  leapfrog::SearchControl control;
  control.node_limit = 100000;
  settings.history = {kings.key(), 1, kings.key(), 2};
  const SearchResult r = analyse(kings, kCompulsory, settings, control);
  CHECK_FALSE(r.has_move);
  CHECK(r.value == 0);
  CHECK(r.complete);
  CHECK(r.nodes == 0);
  settings.history = {1, kings.key(), 2};
  settings.max_depth = 3;
  CHECK(analyse(kings, kCompulsory, settings, control).has_move);
}

TEST_CASE("a position drawn by the fifty-move rule has no move to search, value 0", "[chess]") {
  // The half-move clock at 100: the game is over (chess/game_end.h), as verify, play and match
  // say; the engine must not pick a move there. At 99 a move is still to be made.
  const std::string drawn = "*nskn*/dpaapd/pppppp/6/6/PPPPPP/DPAAPD/*NSKN* w KQkq - 100 60";
  REQUIRE(game_end(Position::from_fen(drawn), legal_moves(Position::from_fen(drawn), kCompulsory),
                   {}) == GameEnd::kFiftyMoves);
  const SearchResult r = search(drawn, 100000);
  CHECK_FALSE(r.has_move);
  CHECK(r.value == 0);
  CHECK(r.complete);
  CHECK(r.nodes == 0);
  CHECK(search("*nskn*/dpaapd/pppppp/6/6/PPPPPP/DPAAPD/*NSKN* w KQkq - 99 60", 100000, 3).has_move);
  // The command line names the end, and its JSON has no best move and a proved draw.
  const auto text = leapfrog::testing::run_cli("chess analyse '" + drawn + "'");
  CHECK(text.code == 0);
  CHECK(text.out == "Draw by the fifty-move rule\n");
  const auto json =
      nlohmann::json::parse(leapfrog::testing::run_cli("chess analyse '" + drawn + "' --json").out);
  CHECK(json["best"].is_null());
  CHECK(json["value"] == 0);
  CHECK(json["proved"] == true);
}
