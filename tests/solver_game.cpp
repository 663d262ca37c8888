// The game search (solver/game.h) against an independent brute force: its own tiny move
// generator on rectangles of up to 12 squares (every continuation rule, both measures,
// diagonal jumps, removals due under either removal rule) and a plain memoised minimax
// (two players) or max^n (three), sharing no code with the search or the model's generator.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "core/symmetry.h"
#include "game_reference.h"
#include "puzzles/movegen.h"
#include "puzzles/notation.h"
#include "solver/game.h"

using namespace leapfrog;
using leapfrog::testing::kRules;
using leapfrog::testing::replay;
using leapfrog::testing::Tiny;
using leapfrog::testing::to_position;

TEST_CASE("game search: exact values agree with a brute force on 600 random small positions",
          "[game]") {
  std::mt19937_64 rng(20261124);
  const std::pair<int, int> shapes[] = {{3, 4}, {4, 3}, {2, 6},  {6, 2},  {3, 3}, {2, 5},
                                        {5, 2}, {4, 2}, {1, 12}, {12, 1}, {2, 4}, {3, 2}};
  int checked = 0, with_removals = 0, three = 0;
  int nonzero = 0;
  std::map<Continuation, int> per_rule;
  for (int round = 0; round < 600; ++round) {
    const auto [w, h] = shapes[rng() % std::size(shapes)];
    Tiny tiny{w,
              h,
              rng() % 4 == 0,
              kRules[round % 4],
              rng() % 2 == 0,
              rng() % 2 == 0,
              round % 10 == 9 ? 3 : 2,
              {},
              {}};
    const Opening opening = rng() % 2 ? Opening::kEachPlayer : Opening::kFirstPlayer;
    Tiny::State s;
    const int n = w * h;
    const bool full = rng() % 3 == 0;  // a start: full board, removals due
    s.cells.assign(static_cast<std::size_t>(n), 0);
    for (int i = 0; i < n; ++i)
      s.cells[i] = full || rng() % 10 < 7 ? static_cast<int>(1 + rng() % 4) : 0;
    if (full) {
      s.removals = opening == Opening::kEachPlayer ? (1U << tiny.players) - 1 : 1U;
      // Sometimes a later moment of the opening: some removals already made.
      if (opening == Opening::kEachPlayer && rng() % 2) {
        s.cells[rng() % n] = 0;
        s.removals &= ~1U;
        s.to_move = 1;
      }
    } else if (rng() % 4 == 0) {
      s.to_move = static_cast<int>(rng() % tiny.players);
      s.removals = 1U << s.to_move;
    } else {
      s.to_move = static_cast<int>(rng() % tiny.players);
    }
    const Board board(w, h);
    const Rules rules = tiny.rules(opening);
    const Position pos = to_position(s);
    INFO("round " << round << " " << w << "x" << h << " rule " << to_string(rules.continuation)
                  << " by " << to_string(rules.measure) << " players " << tiny.players);
    SearchControl control;
    GameOptions options;
    options.hash_mb = 1;
    options.exact = round % 2 == 0;  // both the exact solver and the depth-limited search
    const GameResult r = analyse_position(board, rules, pos, options, control);
    REQUIRE(r.proved);
    REQUIRE(r.complete);
    std::vector<int> totals;
    REQUIRE(replay(tiny, s, board, r.pv, totals));
    if (tiny.players == 2) {
      const int expected = tiny.value(s);
      CHECK(r.value == expected);
      CHECK(totals[s.to_move] - totals[1 - s.to_move] == expected);
    } else {
      const std::vector<int> expected = tiny.totals(s);
      CHECK(r.value == expected[static_cast<std::size_t>(s.to_move)]);
      CHECK(totals == expected);
      ++three;
    }
    CHECK(std::vector<int>(r.totals.begin(), r.totals.end()) == totals);
    CHECK(r.best.has_value() == !r.pv.empty());
    if (r.best) CHECK(*r.best == r.pv.front());
    with_removals += s.removals != 0;
    ++per_rule[tiny.continuation];
    ++checked;
    nonzero += r.value != 0;
  }
  CHECK(checked == 600);
  CHECK(with_removals > 100);
  CHECK(three >= 50);
  CHECK(nonzero > 300);
  for (const Continuation c : kRules) CHECK(per_rule[c] >= 100);
}

TEST_CASE("game search: a finished game is worth 0 with no turn", "[game]") {
  const Board board(3, 1);
  Position pos;
  pos.cells[0] = 1;
  const GameResult r = analyse_position(board, Rules{}, pos, {}, {});
  CHECK(r.value == 0);
  CHECK(r.proved);
  CHECK_FALSE(r.best);
  CHECK(r.pv.empty());
}

TEST_CASE("game search: one-row positions agree with the brute force", "[game]") {
  // 1 1 . 9 1 . : e1xc1 takes the 9 at once, d1xf1 only a 1; 3 1 . 1 4 . 4 : the greedy
  // e1xc1 (1 point) is followed by the opponent's a1xc1... the brute force judges.
  for (const std::vector<int>& row :
       {std::vector<int>{1, 1, 0, 9, 1, 0}, std::vector<int>{3, 1, 0, 1, 4, 0, 4}}) {
    const int n = static_cast<int>(row.size());
    const Board board(n, 1);
    Position pos;
    for (int i = 0; i < n; ++i) pos.cells[i] = static_cast<Value>(row[i]);
    const GameResult r = analyse_position(board, Rules{}, pos, {}, {});
    Tiny tiny{n, 1, false, Continuation::kOptional, true, false, 2, {}, {}};
    const Tiny::State s{row, 0, 0};
    CHECK(r.value == tiny.value(s));
    CHECK(r.proved);
  }
}

namespace {

// A 6x6 start of valued pieces, each player owing a removal: far too big to prove under the
// limits below.
struct LimitedSixBySix {
  const Board board{6, 6};
  Rules rules;
  Position pos;
  GameOptions options;
  LimitedSixBySix() {
    for (int i = 0; i < 36; ++i) pos.cells[i] = static_cast<Value>(1 + i % 4);
    pos = start_position(rules, pos);
    options.hash_mb = 4;
  }
  GameResult analyse(const SearchControl& control) const {
    return analyse_position(board, rules, pos, options, control);
  }
};

}  // namespace

TEST_CASE("game search: a time limit of a millisecond stops it", "[game]") {
  // The exact solver takes half the time first; half of 1 ms must not become no limit. The
  // check counts nodes, not time: unlimited, this position runs to millions.
  SearchControl control;
  control.time_limit = std::chrono::milliseconds(1);
  control.threads = 1;
  const GameResult r = LimitedSixBySix().analyse(control);
  CHECK_FALSE(r.proved);
  CHECK(r.best);
  CHECK(r.nodes < 2000000);
}

TEST_CASE("game search: progress counts on across its searches, bounds within the material",
          "[game]") {
  const auto reports = [](const std::string& position, std::chrono::milliseconds limit) {
    const Setup s = parse_position(position);
    std::vector<Progress> seen;
    SearchControl c;
    c.threads = 1;
    c.time_limit = limit;
    c.progress = [&](const Progress& p) { seen.push_back(p); };
    analyse_position(s.board, s.rules(), s.position, GameOptions{}, c);
    return seen;
  };
  const auto bounds = [](const std::string& note) {
    const std::size_t dots = note.find("..");
    REQUIRE(dots != std::string::npos);
    return std::pair(std::stoi(note.substr(7, dots - 7)), std::stoi(note.substr(dots + 2)));
  };
  // The exact solver's bounds: first the material's (the points on the board less the piece
  // that is never taken, 51 - 1), then its passes', which start unbounded on one side.
  for (const Progress& p : reports("12..1./2.31../4..3.3/224111/213.23/131.22 variant=murray",
                                   std::chrono::milliseconds(0))) {
    INFO(p.nodes << " nodes, " << p.note);
    REQUIRE(p.note.starts_with("bounds "));
    const auto [lo, hi] = bounds(p.note);
    CHECK(-50 <= lo);
    CHECK(lo <= hi);
    CHECK(hi <= 50);
  }
  // Not proved in its half of the time, the exact solver gives way to the depth-limited
  // search: the nodes shown count on, never back (the start of murray --size 6).
  const std::vector<Progress> seen = reports(
      "234211/411421/323432/221113/313121/221112 variant=murray", std::chrono::milliseconds(2000));
  bool exact_seen = false, depth_after = false;
  for (std::size_t i = 0; i < seen.size(); ++i) {
    INFO("report " << i << ": " << seen[i].nodes << " nodes, " << seen[i].note);
    if (i > 0) CHECK(seen[i].nodes >= seen[i - 1].nodes);
    exact_seen = exact_seen || seen[i].note.starts_with("bounds ");
    depth_after = depth_after || (exact_seen && seen[i].note.starts_with("depth "));
  }
  CHECK(depth_after);
}

TEST_CASE("game search: a node budget sizes the tables, a larger one makes them again", "[game]") {
  // An entry's room a position of the budget, in whole MB, at most the hash.
  CHECK(game_table_mb(1024, 0) == 1024);  // no limit: all of it
  CHECK(game_table_mb(1024, 1) == 1);
  CHECK(game_table_mb(1024, 100000) == 9);    // 8.8 MB
  CHECK(game_table_mb(1024, 1000000) == 84);  // 88,000,000 bytes
  CHECK(game_table_mb(64, 1000000) == 64);
  CHECK(game_table_mb(1024, std::uint64_t{1} << 62) == 1024);
  // A search of more positions than the tables were made for has new, larger ones, and its
  // answer is a fresh engine's; a search of fewer keeps them.
  const Setup s = parse_position("234211/411421/323432/221113/313121/221112 variant=murray");
  const Rules rules = s.rules();
  SearchControl small, large;
  small.threads = large.threads = 1;
  small.node_limit = 20000;
  large.node_limit = 300000;
  GameEngine engine(s.board, rules);
  CHECK(engine.table_mb() == 0);
  engine.search(s.position, small);
  CHECK(engine.table_mb() == 2);  // 1,760,000 bytes
  const GameResult again = engine.search(s.position, large);
  CHECK(engine.table_mb() == 26);  // 26,400,000 bytes
  engine.search(s.position, small);
  CHECK(engine.table_mb() == 26);  // kept: large enough
  const GameResult fresh = analyse_position(s.board, rules, s.position, {}, large);
  CHECK(again.value == fresh.value);
  CHECK(again.pv == fresh.pv);
  CHECK(again.depth == fresh.depth);
  CHECK(again.nodes == fresh.nodes);
}

TEST_CASE("game search: the node limit stops it with an answer, the same every time", "[game]") {
  const LimitedSixBySix game;
  const Board& board = game.board;
  const Rules& rules = game.rules;
  const Position& pos = game.pos;
  SearchControl control;
  control.node_limit = 2000;
  control.threads = 1;
  const GameResult a = game.analyse(control);
  control.threads = 2;
  const GameResult b = game.analyse(control);
  CHECK_FALSE(a.proved);
  CHECK_FALSE(a.complete);
  REQUIRE(a.best);
  CHECK(a.best->removal);
  CHECK(a.best == b.best);
  CHECK(a.value == b.value);
  CHECK(a.pv == b.pv);
  CHECK(a.nodes == b.nodes);
  CHECK(a.depth >= 1);
  // The smallest limits are kept too, with a turn to play.
  for (const std::uint64_t limit : {1, 2, 100}) {
    control.node_limit = limit;
    const GameResult small = game.analyse(control);
    INFO("limit " << limit);
    CHECK(small.nodes == limit);
    CHECK(small.best);
  }
  // The pv is legal.
  Position at = pos;
  for (const Turn& t : a.pv) {
    const auto turns = legal_turns(board, rules, at);
    REQUIRE(std::find(turns.begin(), turns.end(), t) != turns.end());
    at = apply(board, rules, at, t);
  }
}

TEST_CASE("game search: a stopped search answers its last whole iteration, line and value",
          "[game]") {
  // The deeper iteration the limit stops leaves its own moves in the table; the answer's line
  // and totals must still be those of the depth it reports, as a search to that depth finds.
  LimitedSixBySix game;
  game.options.exact = false;  // the iterative search alone, as after the exact search's share
  SearchControl control;
  control.threads = 1;
  int compared = 0;
  for (const std::uint64_t limit : {300, 1000, 3000, 10000, 30000}) {
    control.node_limit = limit;
    const GameResult stopped = game.analyse(control);
    INFO("limit " << limit << ", depth " << stopped.depth);
    REQUIRE_FALSE(stopped.proved);
    if (stopped.depth == 0) continue;
    GameOptions to_depth = game.options;
    to_depth.max_depth = stopped.depth;
    SearchControl unlimited;
    unlimited.threads = 1;
    const GameResult whole =
        analyse_position(game.board, game.rules, game.pos, to_depth, unlimited);
    CHECK(whole.depth == stopped.depth);
    CHECK(whole.value == stopped.value);
    CHECK(whole.best == stopped.best);
    CHECK(whole.pv == stopped.pv);
    CHECK(whole.totals == stopped.totals);
    // With nothing proved on the way, the value is what the line's turns capture.
    CHECK(stopped.pv.size() == static_cast<std::size_t>(stopped.depth));
    CHECK(stopped.value == mover_value(game.rules, game.pos, stopped.totals));
    ++compared;
  }
  CHECK(compared >= 3);
}

TEST_CASE("game search: a depth-limited value is what its line captures, past the horizon too",
          "[game]") {
  // At its horizon the search takes the value of a position the table holds (from an earlier,
  // shallower iteration) rather than evaluating it: the line must go on with that entry's
  // turns, or it captures less than the value it is shown beside.
  int longer = 0;
  for (const char* text : {"3441./33311/.1.41/.4.../.41.1 players=1",
                           "3441./33311/.1.41/.4.../.41.1", "1234/4321/2143/3412 variant=murray",
                           "12341/43214/21432/34123/41234 variant=murray players=1"}) {
    const Setup s = parse_position(text);
    // To depth 7, which 64 MB of table holds whole here: a line is read from the table, and a
    // table too small for the search loses the end of it.
    for (int depth = 1; depth <= 7; ++depth) {
      INFO(text << ", depth " << depth);
      GameOptions options;
      options.hash_mb = 64;
      options.exact = false;
      options.max_depth = depth;
      SearchControl control;
      control.threads = 1;
      const GameResult r = analyse_position(s.board, s.rules(), s.position, options, control);
      if (r.proved) break;
      CHECK(r.depth == depth);
      // The totals are the line's (line_totals): the value must be what they give.
      CHECK(r.value == mover_value(s.rules(), s.position, r.totals));
      if (r.pv.size() > static_cast<std::size_t>(depth)) ++longer;
    }
  }
  CHECK(longer > 0);  // the case this is about came up
}

namespace {

// A second reference for the boards the tiny generator does not draw (six directions, no-
// squares): a plain memoised negamax over the model's own turn list (legal_turns), which the
// puzzles tests check on their own.
struct ModelNegamax {
  const Board& board;
  const Rules& rules;
  std::map<std::string, int> memo;
  int value(const Position& p) {
    std::string key(p.cells.begin(), p.cells.begin() + board.cells());
    key += static_cast<char>(p.to_move);
    key += static_cast<char>(p.removals_due);
    if (auto it = memo.find(key); it != memo.end()) return it->second;
    int best = 0;
    bool any = false;
    for (const Turn& t : legal_turns(board, rules, p)) {
      const Position next = apply(board, rules, p, t);
      const int gain = next.scores[p.to_move] - p.scores[p.to_move];
      const int v = gain - value(next);
      if (!any || v > best) best = v;
      any = true;
    }
    return memo[key] = best;
  }
};

}  // namespace

TEST_CASE("game search: six-direction triangles agree with a negamax over the model's turns",
          "[game]") {
  // The triangle of side 4 (10 holes) with random pieces, values and holes, every rule.
  std::mt19937_64 rng(46);
  int nonzero = 0;
  for (int round = 0; round < 60; ++round) {
    Setup s = parse_position(".###/11##/111#/1111 grid=hex");
    Rules rules = s.rules();
    rules.continuation = kRules[round % 4];
    rules.measure = rng() % 2 ? Measure::kPoints : Measure::kPieces;
    Position& pos = s.position;
    for (int i = 0; i < s.board.squares(); ++i)
      pos.cells[s.board.cell(i)] = rng() % 10 < 8 ? static_cast<Value>(1 + rng() % 4) : 0;
    pos.to_move = static_cast<std::uint8_t>(rng() % 2);
    if (rng() % 3 == 0) pos.removals_due = static_cast<std::uint16_t>(1U << pos.to_move);
    INFO("round " << round);
    const GameResult r = analyse_position(s.board, rules, pos, {}, {});
    ModelNegamax reference{s.board, rules, {}};
    REQUIRE(r.proved);
    CHECK(r.value == reference.value(pos));
    CHECK(mover_value(rules, pos, line_totals(s.board, rules, pos, r.pv)) == r.value);
    nonzero += r.value != 0;
  }
  CHECK(nonzero > 20);
}

namespace {

// The turns of `line` are legal from `pos` one after the other.
bool legal_line(const Board& board, const Rules& rules, Position pos,
                const std::vector<Turn>& line) {
  for (const Turn& t : line) {
    const auto turns = legal_turns(board, rules, pos);
    if (std::find(turns.begin(), turns.end(), t) == turns.end()) return false;
    pos = apply(board, rules, pos, t);
  }
  return true;
}

}  // namespace

TEST_CASE("game search: merging symmetric images agrees with the brute force on squares",
          "[game]") {
  // Square boards (eight symmetries with either jump set), random positions, half of them made
  // symmetric by copying one half onto the other through a mirror or the diagonal, so that images
  // meet in the search; with and without merging.
  std::mt19937_64 rng(20261125);
  int checked = 0, symmetric = 0, fewer = 0;
  for (int round = 0; round < 160; ++round) {
    const int side = round % 3 == 2 ? 4 : 3;
    Tiny tiny{side,
              side,
              rng() % 3 == 0,
              kRules[round % 4],
              rng() % 2 == 0,
              rng() % 2 == 0,
              round % 8 == 7 ? 3 : 2,
              {},
              {}};
    const Opening opening = rng() % 2 ? Opening::kEachPlayer : Opening::kFirstPlayer;
    const int n = side * side;
    Tiny::State s;
    s.cells.assign(static_cast<std::size_t>(n), 0);
    const int fill = side == 4 ? 5 : 7;
    for (int i = 0; i < n; ++i)
      s.cells[i] = rng() % 10 < static_cast<unsigned>(fill) ? static_cast<int>(1 + rng() % 4) : 0;
    if (rng() % 2) {  // mirror files, mirror ranks or transpose: copy one side onto the other
      const int kind = static_cast<int>(rng() % 3);
      for (int r = 0; r < side; ++r)
        for (int f = 0; f < side; ++f) {
          const int g = kind == 0 ? side - 1 - f : kind == 1 ? f : r;
          const int q = kind == 0 ? r : kind == 1 ? side - 1 - r : f;
          if (g + q * side > f + r * side) s.cells[g + q * side] = s.cells[f + r * side];
        }
      ++symmetric;
    }
    s.to_move = static_cast<int>(rng() % tiny.players);
    if (rng() % 4 == 0) s.removals = 1U << s.to_move;
    const Board board(side, side);
    const Rules rules = tiny.rules(opening);
    const Position pos = to_position(s);
    INFO("round " << round << " side " << side << " rule " << to_string(rules.continuation)
                  << " players " << tiny.players);
    SearchControl control;
    GameOptions on, off;
    on.hash_mb = off.hash_mb = 1;
    off.symmetry = false;
    const GameResult a = analyse_position(board, rules, pos, on, control);
    const GameResult b = analyse_position(board, rules, pos, off, control);
    REQUIRE(a.proved);
    REQUIRE(b.proved);
    std::vector<int> totals;
    REQUIRE(replay(tiny, s, board, a.pv, totals));
    if (tiny.players == 2) {
      const int expected = tiny.value(s);
      CHECK(a.value == expected);
      CHECK(b.value == expected);
      CHECK(totals[s.to_move] - totals[1 - s.to_move] == expected);
    } else {
      const std::vector<int> expected = tiny.totals(s);
      CHECK(a.value == expected[static_cast<std::size_t>(s.to_move)]);
      CHECK(totals == expected);
    }
    CHECK(std::vector<int>(a.totals.begin(), a.totals.end()) == totals);
    if (a.best) CHECK(*a.best == a.pv.front());
    fewer += a.nodes < b.nodes;
    ++checked;
  }
  CHECK(checked == 160);
  CHECK(symmetric > 50);
  CHECK(fewer > 40);
}

TEST_CASE("game search: merging symmetric images on six-direction triangles", "[game]") {
  // The triangle of side 4 has six symmetries; positions made symmetric through one of them
  // half the time. Values against the model's negamax, with and without merging.
  std::mt19937_64 rng(47);
  for (int round = 0; round < 40; ++round) {
    Setup s = parse_position(".###/11##/111#/1111 grid=hex");
    Rules rules = s.rules();
    rules.continuation = kRules[round % 4];
    rules.measure = rng() % 2 ? Measure::kPoints : Measure::kPieces;
    const Symmetry sym(s.board, s.board.jumps(rules.jumps));
    REQUIRE(sym.count() == 6);
    Position& pos = s.position;
    for (int i = 0; i < s.board.squares(); ++i)
      pos.cells[s.board.cell(i)] = rng() % 10 < 8 ? static_cast<Value>(1 + rng() % 4) : 0;
    if (rng() % 2) {  // copy across a mirror (an involution among the six)
      for (int k = 1; k < sym.count(); ++k) {
        bool involution = true;
        for (int i = 0; i < s.board.squares(); ++i) {
          const Square c = s.board.cell(i);
          involution = involution && sym.image(k, sym.image(k, c)) == c;
        }
        if (!involution) continue;
        for (int i = 0; i < s.board.squares(); ++i) {
          const Square c = s.board.cell(i), d = sym.image(k, c);
          if (d > c) pos.cells[d] = pos.cells[c];
        }
        break;
      }
    }
    pos.to_move = static_cast<std::uint8_t>(rng() % 2);
    if (rng() % 3 == 0) pos.removals_due = static_cast<std::uint16_t>(1U << pos.to_move);
    INFO("round " << round);
    GameOptions off;
    off.symmetry = false;
    const GameResult a = analyse_position(s.board, rules, pos, {}, {});
    const GameResult b = analyse_position(s.board, rules, pos, off, {});
    ModelNegamax reference{s.board, rules, {}};
    REQUIRE(a.proved);
    CHECK(a.value == reference.value(pos));
    CHECK(b.value == a.value);
    CHECK(legal_line(s.board, rules, pos, a.pv));
    CHECK(mover_value(rules, pos, line_totals(s.board, rules, pos, a.pv)) == a.value);
  }
}

TEST_CASE("game search: merging symmetric images searches fewer nodes, same values", "[game]") {
  // The 15-hole triangle and a 4x4 square of plain pieces, each player owing a removal, two
  // and three players. The search is deterministic, so the two-player counts are pinned: the
  // table's move found again from an image of the position that stored it saves nodes there
  // (a mapping of the stored move that ignores the symmetry searches more).
  const std::map<std::string, std::uint64_t> pinned = {
      {".####/11###/111##/1111#/11111 grid=hex", 10768}, {"1111/1111/1111/1111", 7436}};
  for (const auto& [text, nodes] : pinned) {
    for (const int players : {2, 3}) {
      Setup s = parse_position(text);
      Rules rules = s.rules();
      rules.players = players;
      const Position pos = start_position(rules, s.position);
      // The depth-limited search's own merging (the exact solver is tested apart).
      GameOptions on, off;
      on.exact = off.exact = false;
      off.symmetry = false;
      const GameResult a = analyse_position(s.board, rules, pos, on, {});
      const GameResult b = analyse_position(s.board, rules, pos, off, {});
      INFO(text << " players " << players << " nodes " << a.nodes << " / " << b.nodes);
      REQUIRE(a.proved);
      REQUIRE(b.proved);
      CHECK(a.value == b.value);
      if (players == 3) CHECK(a.totals == b.totals);  // two players: only the margin is unique
      if (players == 2) CHECK(a.nodes == nodes);
      CHECK(a.nodes * 2 < b.nodes);
      CHECK(legal_line(s.board, rules, pos, a.pv));
      CHECK(line_totals(s.board, rules, pos, a.pv) == a.totals);
      CHECK(mover_value(rules, pos, a.totals) == a.value);
    }
  }
}

TEST_CASE("game search: merging on a board beyond 64 squares (hashed keys)", "[game]") {
  // A symmetric 9x9 position of 37 pieces: its keys are hashes of the least image's cells.
  Setup s = parse_position(
      "1.1.1.1.1/.2.1.1.2./1.11111.1/.1.2.2.1./1.1.1.1.1/.1.2.2.1./1.11111.1/.2.1.1.2./"
      "1.1.1.1.1");
  const Rules rules = s.rules();
  GameOptions off;
  off.symmetry = false;
  const GameResult a = analyse_position(s.board, rules, s.position, {}, {});
  const GameResult b = analyse_position(s.board, rules, s.position, off, {});
  INFO("nodes " << a.nodes << " / " << b.nodes);
  REQUIRE(a.proved);
  REQUIRE(b.proved);
  CHECK(a.value == 21);
  CHECK(b.value == 21);
  CHECK(a.nodes * 2 < b.nodes);
  CHECK(legal_line(s.board, rules, s.position, a.pv));
  CHECK(mover_value(rules, s.position, line_totals(s.board, rules, s.position, a.pv)) == 21);
}
