// The exact solver (solver/exact.h) and the endgame tables (solver/egdb.h) against the
// independent brute force of tests/game_reference.h: random small positions under every
// continuation rule, both measures, diagonal jumps and removals due, with and without the
// endgame tables at the leaves; every entry of small boards' tables; the tables' files; and
// the identity a proved root must satisfy.
#include <atomic>
#include <catch2/catch.hpp>
#include <map>
#include <memory>
#include <random>
#include <thread>
#include <tuple>

#include "game_reference.h"
#include "puzzles/movegen.h"
#include "puzzles/notation.h"
#include "puzzles/variant.h"
#include "solver/egdb.h"
#include "solver/exact.h"
#include "solver/game.h"

using namespace leapfrog;
using leapfrog::testing::kRules;
using leapfrog::testing::replay;
using leapfrog::testing::Tiny;
using leapfrog::testing::to_position;

namespace {

Score gain_of(const Board& board, const Rules& rules, const Position& pos, const Turn& t) {
  const Position next = apply(board, rules, pos, t);
  return next.scores[pos.to_move] - pos.scores[pos.to_move];
}

// Every level of a board's tables, built in memory.
struct BuiltTables {
  std::unique_ptr<egdb::Tables> tables;
  std::vector<std::unique_ptr<egdb::Level>> levels;
  BuiltTables(const Board& board, const Rules& rules, int top, int threads = 1) {
    tables = std::make_unique<egdb::Tables>(board, rules);
    SearchControl control;
    control.threads = threads;
    for (int p = 0; p <= top; ++p) {
      auto l = egdb::build_level(*tables, p, control);
      REQUIRE(l);
      levels.push_back(std::make_unique<egdb::Level>(std::move(*l)));
      tables->add(levels.back()->view());
    }
  }
};

Tiny::State plain_state(std::uint64_t occ, const egdb::Tables& t, int width) {
  Tiny::State s;
  s.cells.assign(t.id().cells.size(), 0);
  (void)width;
  for (int i = 0; i < static_cast<int>(t.id().cells.size()); ++i)
    if (occ >> i & 1U) s.cells[t.id().cells[static_cast<std::size_t>(i)]] = 1;
  return s;
}

}  // namespace

TEST_CASE("exact solver: values agree with the brute force on 2400 random small positions",
          "[exact]") {
  std::mt19937_64 rng(20261125);
  const std::pair<int, int> shapes[] = {{3, 4}, {4, 3}, {2, 5}, {5, 2}, {3, 3},
                                        {2, 4}, {4, 2}, {1, 9}, {3, 2}, {2, 6}};
  int checked = 0, removals = 0, nonzero = 0, three = 0, points = 0, tabled = 0;
  std::map<Continuation, int> per_rule;
  // Every other two-player round searches with the endgame tables of its board and rules
  // (built once, levels 0..8), which it reads wherever the pieces are alike for the measure:
  // plain pieces of one value, or any pieces counted by pieces.
  std::map<std::tuple<int, int, bool, Continuation>, std::unique_ptr<BuiltTables>> tables;
  for (int round = 0; round < 2400; ++round) {
    const auto [w, h] = shapes[rng() % std::size(shapes)];
    const int players = rng() % 12 == 0 ? 3 : 2;
    Tiny tiny{w,  h, rng() % 4 == 0, kRules[round % 4], rng() % 2 == 0, rng() % 2 == 0, players,
              {}, {}};
    const Opening opening = rng() % 2 ? Opening::kEachPlayer : Opening::kFirstPlayer;
    const int n = w * h;
    Tiny::State s;
    s.cells.assign(static_cast<std::size_t>(n), 0);
    const bool plain = rng() % 3 == 0;
    const int plain_value = plain && rng() % 3 == 0 ? static_cast<int>(2 + rng() % 3) : 1;
    const int fill = 5 + static_cast<int>(rng() % 4);
    for (int i = 0; i < n; ++i)
      if (static_cast<int>(rng() % 10) < fill)
        s.cells[i] = plain ? plain_value : static_cast<int>(1 + rng() % 4);
    s.to_move = static_cast<int>(rng() % players);
    if (rng() % 4 == 0) s.removals = 1U << s.to_move;
    if (rng() % 8 == 0) s.removals |= 1U << ((s.to_move + 1) % players);
    const Board board(w, h);
    const Rules rules = tiny.rules(opening);
    const Position pos = to_position(s);
    INFO("round " << round << " " << w << "x" << h << " " << to_string(rules.continuation) << " "
                  << to_string(rules.measure) << " diag " << tiny.diagonal << " removals "
                  << s.removals << " to_move " << s.to_move << " plain " << plain << " cheapest "
                  << tiny.cheapest << " cells " << ::Catch::Detail::stringify(s.cells));
    if (players == 3) {  // not the exact solver's game: the engine falls back, still exact
      CHECK_FALSE(exact_covers(board, rules, pos));
      GameOptions o;
      o.hash_mb = 1;
      const GameResult r = analyse_position(board, rules, pos, o, SearchControl{});
      CHECK(r.proved);
      CHECK(r.value == tiny.totals(s)[static_cast<std::size_t>(s.to_move)]);
      ++three;
      continue;
    }
    REQUIRE(exact_covers(board, rules, pos));
    ExactOptions o;
    o.hash_mb = 1;
    o.symmetry = round % 3 != 0;
    if (round % 2 == 0) {
      auto& t = tables[{w, h, tiny.diagonal, rules.continuation}];
      if (!t) t = std::make_unique<BuiltTables>(board, rules, std::min(n, 8));
      o.tables = t->tables.get();
      tabled += plain || rules.measure == Measure::kPieces ? 1 : 0;
    }
    INFO("symmetry " << o.symmetry << " threads " << 1 + round % 2 << " tables "
                     << (o.tables != nullptr) << " plain value " << plain_value);
    ExactEngine engine(board, rules, pos, o);
    SearchControl control;
    control.threads = 1 + round % 2;
    const GameResult r = engine.search(pos, control);
    const int expected = tiny.value(s);
    REQUIRE(r.proved);
    CHECK(r.value == expected);
    std::vector<int> totals;
    CHECK(replay(tiny, s, board, r.pv, totals));
    CHECK(totals[s.to_move] - totals[1 - s.to_move] == expected);
    if (r.best) {
      // The root's identity: the value is the best turn's gain minus what it leaves.
      const Position next = apply(board, rules, pos, *r.best);
      Tiny::State t = s;
      for (const Tiny::Move& m : tiny.moves(s))
        if (m.removal == r.best->removal &&
            std::equal(m.path.begin(), m.path.end(), r.best->squares.begin(),
                       r.best->squares.end()))
          t = tiny.play(s, m);
      CHECK(gain_of(board, rules, pos, *r.best) - tiny.value(t) == expected);
      CHECK(next.to_move == t.to_move);
    } else {
      CHECK(tiny.moves(s).empty());
    }
    removals += s.removals != 0;
    nonzero += expected != 0;
    points += rules.measure == Measure::kPoints && !plain;
    ++per_rule[rules.continuation];
    ++checked;
  }
  CHECK(checked + three == 2400);
  CHECK(checked >= 2000);
  CHECK(three >= 150);
  CHECK(removals >= 400);
  CHECK(nonzero >= 800);
  CHECK(points >= 500);
  CHECK(tabled >= 500);
  for (const Continuation c : kRules) CHECK(per_rule[c] >= 400);
}

TEST_CASE("egdb: every entry of small boards' tables equals the brute force", "[exact]") {
  struct Case {
    int w, h;
    bool diagonal;
    Continuation rule;
  };
  const Case cases[] = {
      {3, 4, false, Continuation::kOptional}, {4, 3, false, Continuation::kForced},
      {3, 4, false, Continuation::kPieceMax}, {4, 3, false, Continuation::kBoardMax},
      {3, 3, true, Continuation::kOptional},  {2, 5, true, Continuation::kPieceMax}};
  std::uint64_t entries = 0;
  for (const Case& c : cases) {
    const Board board(c.w, c.h);
    Tiny tiny{c.w, c.h, c.diagonal, c.rule, false, false, 2, {}, {}};
    const Rules rules = tiny.rules(Opening::kNone);
    const BuiltTables built(board, rules, board.squares(), 2);
    const egdb::Tables& t = *built.tables;
    for (int p = 0; p <= t.top(); ++p) {
      const egdb::LevelView& l = t.level(p);
      std::uint64_t canonical = 0;
      for (std::uint64_t r = 0; r < l.sets; ++r) {
        const std::uint64_t occ = egdb::Tables::unrank(r, p, t.cells());
        REQUIRE(egdb::Tables::rank(occ) == r);
        // Every set, canonical or not, reads the value of its class.
        const Tiny::State s = plain_state(occ, t, c.w);
        INFO(c.w << "x" << c.h << " " << to_string(c.rule) << " set " << occ);
        CHECK(*t.probe(occ) == tiny.value(s));
        canonical += l.marks[r >> 6] >> (r & 63) & 1U;
      }
      CHECK(canonical == l.canonical);
      entries += l.canonical;
      // egdb verify's own check, on 10,000 random entries of each level.
      CHECK(egdb::verify_level(t, p, 10000, 7).wrong == 0);
    }
  }
  CHECK(entries > 2000);
}

TEST_CASE("egdb: entry k's set is the k-th marked one, for every entry of a level", "[exact]") {
  // verify draws entries by number; each must name its own set, once, in rank order.
  const Board board(4, 4);
  const BuiltTables built(board, Rules{}, 9);
  for (const int p : {0, 1, 5, 8, 9}) {
    INFO("level " << p);
    const egdb::LevelView& l = built.tables->level(p);
    std::vector<std::uint64_t> marked;
    for (std::uint64_t r = 0; r < l.sets; ++r)
      if (l.marks[r >> 6] >> (r & 63) & 1U) marked.push_back(r);
    REQUIRE(marked.size() == l.canonical);
    std::vector<std::uint64_t> found;
    for (std::uint64_t k = 0; k < l.canonical; ++k) found.push_back(egdb::entry_rank(l, k));
    CHECK(found == marked);
  }
}

TEST_CASE("egdb: six-direction triangle tables agree with a search without them", "[exact]") {
  const Setup setup = parse_position(".####/11###/111##/1111#/11111 grid=hex");
  Rules rules = setup.rules();
  rules.players = 2;
  rules.opening = Opening::kNone;
  const BuiltTables built(setup.board, rules, 8);
  std::mt19937_64 rng(5);
  for (int round = 0; round < 60; ++round) {
    Position pos;
    for (int i = 0; i < setup.board.squares(); ++i)
      if (rng() % 3) pos.cells[setup.board.cell(i)] = 1;
    ExactOptions with, without;
    with.hash_mb = without.hash_mb = 1;
    with.tables = built.tables.get();
    ExactEngine a(setup.board, rules, pos, with), b(setup.board, rules, pos, without);
    const GameResult ra = a.search(pos, SearchControl{}), rb = b.search(pos, SearchControl{});
    REQUIRE(ra.proved);
    REQUIRE(rb.proved);
    CHECK(ra.value == rb.value);
    CHECK(ra.pv == rb.pv);
  }
  for (int p = 1; p <= 8; ++p) CHECK(egdb::verify_level(*built.tables, p, 10000, 3).wrong == 0);
}

TEST_CASE("egdb: a level's bytes read back the same, damage is named", "[exact]") {
  const Board board(4, 4);
  Rules rules;
  const BuiltTables built(board, rules, 6);
  const egdb::TableId& id = built.tables->id();
  CHECK(id.name() == "4x4-orthogonal-optional");
  const std::vector<std::uint8_t> bytes = egdb::serialise(id, built.tables->level(6));
  CHECK(egdb::level_of(bytes) == 6);
  const egdb::Opened o = egdb::open_level(bytes, id, true);
  REQUIRE(o.error.empty());
  egdb::Tables again(board, rules);
  for (int p = 0; p < 6; ++p) again.add(built.tables->level(p));
  again.add(o.view);
  for (std::uint64_t r = 0; r < o.view.sets; ++r) {
    const std::uint64_t occ = egdb::Tables::unrank(r, 6, 16);
    CHECK(*again.probe(occ) == *built.tables->probe(occ));
  }
  // verify_level with as many samples as entries checks each entry once: one wrong value
  // (the first entry, after the 128-byte header, the bitmap and its padded prefix counts) is
  // counted once.
  {
    std::vector<std::uint8_t> wrong_value = bytes;
    const std::size_t words = (o.view.sets + 63) / 64;
    wrong_value[128 + 8 * words + (4 * words + 7) / 8 * 8] ^= 0x40;
    const egdb::Opened w = egdb::open_level(wrong_value, id, false);
    REQUIRE(w.error.empty());
    egdb::Tables bad(board, rules);
    for (int p = 0; p < 6; ++p) bad.add(built.tables->level(p));
    bad.add(w.view);
    CHECK(egdb::verify_level(bad, 6, w.view.canonical, 5).wrong == 1);
    const egdb::LevelCheck all = egdb::verify_level(bad, 6, 1000000, 5);
    CHECK(all.wrong == 1);
    CHECK(all.checked == w.view.canonical);
    CHECK(egdb::verify_level(again, 6, 1000000, 5).wrong == 0);
    // A stop already set: nothing is checked.
    const std::atomic<bool> stop{true};
    CHECK(egdb::verify_level(bad, 6, 1000000, 5, &stop).checked == 0);
  }
  std::vector<std::uint8_t> damaged = bytes;
  damaged[damaged.size() - 3] ^= 1;
  CHECK(egdb::open_level(damaged, id, true).error.find("checksum") != std::string::npos);
  std::vector<std::uint8_t> cut(bytes.begin(), bytes.end() - 8);
  CHECK(egdb::open_level(cut, id, true).error.find("sizes") != std::string::npos);
  Rules forced = rules;
  forced.continuation = Continuation::kForced;
  CHECK(egdb::open_level(bytes, egdb::TableId::of(board, forced), true).error.find("another") !=
        std::string::npos);
  std::vector<std::uint8_t> version = bytes;
  version[8] = 9;
  CHECK(egdb::open_level(version, id, true).error.find("version") != std::string::npos);
  // Every header byte that the digest and sizes do not cover is checked too: the header size,
  // width, height, jump set and continuation bytes, and the unused bytes after them.
  for (const std::size_t at : {12, 72, 76, 80, 81, 82, 100, 127}) {
    INFO("header byte " << at);
    std::vector<std::uint8_t> altered = bytes;
    altered[at] ^= 1;
    CHECK(egdb::open_level(altered, id, true).error.find("header fields") != std::string::npos);
  }
}

TEST_CASE("egdb: the tables are the same at one and two threads", "[exact]") {
  const Board board(5, 4);
  Rules rules;
  const BuiltTables one(board, rules, 8, 1), two(board, rules, 8, 2);
  for (int p = 0; p <= 8; ++p) {
    const auto& a = one.levels[static_cast<std::size_t>(p)];
    const auto& b = two.levels[static_cast<std::size_t>(p)];
    CHECK(a->marks == b->marks);
    CHECK(a->values == b->values);
  }
}

TEST_CASE("exact solver: the same value, best turn and pv at 1 and 2 threads, merged or not",
          "[exact]") {
  std::mt19937_64 rng(11);
  const Board board(5, 5);
  Rules rules;
  const BuiltTables built(board, rules, 7);
  for (int round = 0; round < 12; ++round) {
    Position pos;
    for (int i = 0; i < 25; ++i)
      if (rng() % 10 < 6)
        pos.cells[board.cell(i)] = round % 2 ? 1 : static_cast<Value>(1 + rng() % 4);
    std::optional<GameResult> first;
    for (int threads : {1, 2})
      for (bool symmetry : {true, false})
        for (bool tables : {false, true}) {
          ExactOptions o;
          o.hash_mb = 4;
          o.symmetry = symmetry;
          o.tables = tables ? built.tables.get() : nullptr;
          ExactEngine e(board, rules, pos, o);
          SearchControl c;
          c.threads = threads;
          const GameResult r = e.search(pos, c);
          REQUIRE(r.proved);
          if (!first) {
            first = r;
            continue;
          }
          CHECK(r.value == first->value);
          CHECK(r.best == first->best);
          CHECK(r.pv == first->pv);
        }
  }
}

TEST_CASE("exact solver: a node limit stops it unproved with a legal turn", "[exact]") {
  const Board board(5, 5);
  Rules rules;
  Position pos;
  for (int i = 0; i < 25; ++i) pos.cells[board.cell(i)] = 1;
  pos.removals_due = 3;
  ExactOptions o;
  o.hash_mb = 1;
  ExactEngine e(board, rules, pos, o);
  SearchControl c;
  c.node_limit = 500;
  const GameResult r = e.search(pos, c);
  CHECK_FALSE(r.proved);
  REQUIRE(r.best);
  CHECK(r.best->removal);
  // The limit is kept, not overshot to the next poll (on one thread: with more, the nodes
  // of a split's other workers count only when they poll).
  c.threads = 1;
  for (const std::uint64_t limit : {1, 37, 500, 1500}) {
    c.node_limit = limit;
    ExactEngine fresh(board, rules, pos, o);
    INFO("limit " << limit);
    CHECK(fresh.search(pos, c).nodes == limit);
  }
}

TEST_CASE("exact solver: searches stopped mid-split leave only sound bounds in the table",
          "[exact]") {
  // Two threads stopped by node limits at several points of the search, the same engine (its
  // table kept) each time: what the stopped searches stored must not change the value proved
  // after them.
  std::mt19937_64 rng(5);
  const Board board(5, 5);
  Rules rules;
  for (int tested = 0; tested < 3;) {
    Position pos;
    for (int i = 0; i < 25; ++i)
      if (rng() % 10 < 9) pos.cells[board.cell(i)] = static_cast<Value>(1 + rng() % 4);
    ExactOptions o;
    o.hash_mb = 4;
    SearchControl one;
    one.threads = 1;
    ExactEngine fresh(board, rules, pos, o);
    const GameResult truth = fresh.search(pos, one);
    REQUIRE(truth.proved);
    if (truth.nodes < 20000) continue;  // too small to stop inside
    ++tested;
    ExactEngine reused(board, rules, pos, o);
    SearchControl c;
    c.threads = 2;
    for (const std::uint64_t part : {50, 10, 4, 2}) {
      c.node_limit = truth.nodes / part;
      reused.search(pos, c);
    }
    c.node_limit = 0;
    const GameResult after = reused.search(pos, c);
    INFO("position " << tested << ", " << truth.nodes << " nodes");
    REQUIRE(after.proved);
    CHECK(after.value == truth.value);
    CHECK(after.best == truth.best);
  }
}

TEST_CASE("exact solver: a stopped search values its one turn as that turn's totals", "[exact]") {
  // Stopped before any proof: the largest capture, whose value is what its totals say (as
  // the depth-limited search answers before its first iteration), not an unrelated guess.
  const Setup s = parse_position("3441./33311/.1.41/.4.../.41.1 variant=murray");
  const Rules rules = s.rules();
  SearchControl c;
  c.node_limit = 1;
  const GameResult r = analyse_position(s.board, rules, s.position, GameOptions{}, c);
  CHECK_FALSE(r.proved);
  CHECK(r.depth == 0);
  REQUIRE(r.best);
  CHECK(r.totals == line_totals(s.board, rules, s.position, r.pv));
  CHECK(r.value == mover_value(rules, s.position, r.totals));
  CHECK(r.value == 5);  // e3xc3xa3 takes 5 points, the largest capture
}

TEST_CASE("exact solver: a stop in a long exact search answers with the quick look", "[exact]") {
  // No limit: the exact solver takes a slice, then the depth-limited search (here a stand-in
  // that marks its answer) a quick look, then the exact solver goes on until the stop, which
  // comes during that last part (a full 8x8 board cannot be proved in any time a test has).
  const Board board(8, 8);
  Rules rules;
  Position pos;
  for (int i = 0; i < 64; ++i) pos.cells[board.cell(i)] = 1;
  pos.removals_due = 3;  // both players' opening removals
  ExactFirst first(board, rules, ExactFirst::share(board, rules, GameOptions{}));
  std::atomic<bool> stop{false};
  SearchControl c;
  c.stop = &stop;
  c.threads = 1;
  int looks = 0;
  std::uint64_t look_limit = 0;
  std::thread stopper;
  GameResult marked;
  marked.best = legal_turns(board, rules, pos).back();
  marked.pv = {*marked.best};
  marked.depth = 5;
  marked.value = 42;
  marked.nodes = 7;
  marked.complete = true;  // as a search that reached its depth limit says
  // Without the quick look nothing would stop the search: a watchdog does, late.
  std::atomic<bool> done{false};
  std::thread watchdog([&] {
    for (int i = 0; i < 600 && !done.load(); ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    stop.store(true);
  });
  const GameResult r = first.search(pos, c, [&](const SearchControl& look) {
    ++looks;
    look_limit = look.node_limit;
    if (stopper.joinable()) return marked;  // called again: the check on looks fails
    stopper = std::thread([&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
      stop.store(true);
    });
    return marked;
  });
  done.store(true);
  watchdog.join();
  if (stopper.joinable()) stopper.join();
  CHECK(looks == 1);
  CHECK(look_limit == 100000);
  CHECK(r.value == 42);
  CHECK(r.depth == 5);
  REQUIRE(r.best);
  CHECK(*r.best == *marked.best);
  CHECK_FALSE(r.complete);       // the search was cut short
  CHECK(r.nodes > 1000000 + 7);  // the slice, the quick look and the rest
}

TEST_CASE("exact solver: a search past its first slice gives the same answer at 1 and 2 threads",
          "[exact]") {
  // The full 6x4 board with both removals due takes the exact solver past its first million
  // positions (about 1.36 million on one thread), where the slice ends at a point that
  // depends on the threads: the proved answer must not.
  const Board board(6, 4);
  Rules rules;
  Position pos;
  for (int i = 0; i < 24; ++i) pos.cells[board.cell(i)] = 1;
  pos.removals_due = 3;
  std::vector<GameResult> results;
  for (const int threads : {1, 2}) {
    SearchControl c;
    c.threads = threads;
    results.push_back(analyse_position(board, rules, pos, GameOptions{}, c));
    REQUIRE(results.back().proved);
    CHECK(results.back().nodes > 1000000);
  }
  CHECK(results[0].value == results[1].value);
  REQUIRE(results[0].best);
  REQUIRE(results[1].best);
  CHECK(*results[0].best == *results[1].best);
  CHECK(results[0].pv == results[1].pv);
}

TEST_CASE("exact solver: perfect play with the tables keeps the proved value every turn",
          "[exact]") {
  // Engine against itself from random positions of a board its tables solve.
  const Board board(4, 4);
  Rules rules;
  const BuiltTables built(board, rules, 16);
  std::mt19937_64 rng(3);
  GameOptions o;
  o.hash_mb = 2;
  o.tables = built.tables.get();
  int turns = 0;
  for (int round = 0; round < 30; ++round) {
    Position pos;
    for (int i = 0; i < 16; ++i)
      if (rng() % 10 < 8) pos.cells[board.cell(i)] = 1;
    GameEngine engine(board, rules, o);
    for (;;) {
      const GameResult r = engine.search(pos, SearchControl{});
      REQUIRE(r.proved);
      CHECK(r.value == *built.tables->probe([&] {
        std::uint64_t occ = 0;
        for (int i = 0; i < 16; ++i)
          if (pos.cells[board.cell(i)]) occ |= std::uint64_t{1} << i;
        return occ;
      }()));
      if (!r.best) break;
      const Position next = apply(board, rules, pos, *r.best);
      const GameResult after = engine.search(next, SearchControl{});
      CHECK(gain_of(board, rules, pos, *r.best) - after.value == r.value);
      pos = next;
      ++turns;
    }
  }
  CHECK(turns > 100);
}
