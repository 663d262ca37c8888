// Puzzle generation: chain puzzles have exactly one maximal chain, solitaire
// puzzles' solutions replay to the proved optimum, and the output depends on the seed only.
#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <map>
#include <string>
#include <vector>

#include "generator/check.h"
#include "generator/puzzles.h"
#include "generator/rating.h"
#include "puzzle_answers.h"
#include "puzzles/legality.h"
#include "puzzles/movegen.h"
#include "solitaire_reference.h"

using namespace leapfrog;
using leapfrog::testing::check_chain_answer;
using leapfrog::testing::check_solitaire_answer;

namespace {

PuzzleSpec spec_of(PuzzleKind kind, int count, int size, std::uint64_t seed) {
  PuzzleSpec s;
  s.kind = kind;
  s.count = count;
  s.size = size;
  s.seed = seed;
  return s;
}

std::vector<Puzzle> make(const PuzzleSpec& spec, int threads) {
  SearchControl control;
  control.threads = threads;
  return generate_puzzles(spec, control);
}

}  // namespace

TEST_CASE("chain puzzles have exactly one maximal chain", "[generator]") {
  for (int size : {8, 11}) {
    const auto puzzles =
        make(spec_of(PuzzleKind::kChain, 4, size, 100 + static_cast<std::uint64_t>(size)), 0);
    REQUIRE(puzzles.size() == 4);
    for (const Puzzle& p : puzzles) {
      INFO(p.id);
      // The model's plain enumeration of board-max turns (independent of solver/chains).
      check_chain_answer(p);
      CHECK(p.unique);
      CHECK(static_cast<int>(p.solution[0].squares.size()) - 1 >= 3);  // --min-jumps default
      CHECK(p.rating > 0);
      CHECK(!p.themes.empty());
      CHECK(check_puzzle(p, {}).ok);
    }
  }
}

TEST_CASE("solitaire puzzles replay to their proved optimum", "[generator][heavy]") {
  const auto puzzles = make(spec_of(PuzzleKind::kSolitaire, 3, 5, 5), 0);
  REQUIRE(puzzles.size() == 3);
  for (const Puzzle& p : puzzles) {
    INFO(p.id);
    // The line replays to the value, the optimum by an independent reference.
    check_solitaire_answer(p);
    CHECK(check_puzzle(p, {}).ok);
  }
}

TEST_CASE("same seed, same puzzles at 1 and 2 threads, and another seed differs", "[generator]") {
  for (PuzzleKind kind : {PuzzleKind::kChain, PuzzleKind::kSolitaire}) {
    const int size = kind == PuzzleKind::kChain ? 9 : 4;
    const auto one = format_puzzles_epd(make(spec_of(kind, 3, size, 42), 1));
    const auto two = format_puzzles_epd(make(spec_of(kind, 3, size, 42), 2));
    const auto again = format_puzzles_epd(make(spec_of(kind, 3, size, 42), 2));
    const auto other = format_puzzles_epd(make(spec_of(kind, 3, size, 43), 2));
    CHECK(!one.empty());
    CHECK(one == two);
    CHECK(two == again);
    CHECK(one != other);
  }
}

TEST_CASE("a time limit stops generation with the candidates examined so far, in order",
          "[generator]") {
  // 5x5 solitaire candidates, one thread, far more asked for than the limit lets through:
  // the batch the limit falls in is cut short after the candidates it finished.
  PuzzleSpec spec = spec_of(PuzzleKind::kSolitaire, 1000, 5, 1);
  SearchControl control;
  control.threads = 1;
  control.time_limit = std::chrono::milliseconds(300);
  std::vector<std::uint64_t> reported;
  control.progress = [&](const Progress& p) { reported.push_back(p.nodes); };
  GenerationStats stats;
  const auto some = generate_puzzles(spec, control, &stats);
  CHECK(stats.stopped);
  CHECK_FALSE(stats.complete);
  // What was examined counts: not thrown away with the rest of its batch.
  CHECK(stats.candidates >= 1);
  // Progress comes as candidates finish, so a batch cut short has said how far it got.
  REQUIRE_FALSE(reported.empty());
  CHECK(reported.front() >= 1);
  CHECK(std::is_sorted(reported.begin(), reported.end()));
  REQUIRE(some.size() < 1000);
  if (!some.empty()) {
    spec.count = static_cast<int>(some.size());
    const auto unstopped = make(spec, 1);
    REQUIRE(unstopped.size() == some.size());
    for (std::size_t i = 0; i < some.size(); ++i)
      CHECK(format_puzzle_epd(some[i]) == format_puzzle_epd(unstopped[i]));
  }
}

TEST_CASE("a time limit cuts a candidate's own search short", "[generator]") {
  // The first 7x7 solitaire candidate's search outlasts a limit of 50 ms: the limit ends it,
  // and a candidate cut short is not examined (it might have been a puzzle).
  const PuzzleSpec spec = spec_of(PuzzleKind::kSolitaire, 20, 7, 1);
  SearchControl control;
  control.threads = 1;
  control.time_limit = std::chrono::milliseconds(50);
  GenerationStats stats;
  const auto none = generate_puzzles(spec, control, &stats);
  CHECK(stats.stopped);
  CHECK(stats.candidates == 0);
  CHECK(none.empty());
  // The limit reaches into the candidate's search: cut sooner, it has searched fewer
  // positions (whole, both would have searched as many).
  std::uint64_t sooner = 0, later = 0;
  puzzle_candidate(spec, 0, &sooner, CandidateLimits{nullptr, std::chrono::milliseconds(50)});
  puzzle_candidate(spec, 0, &later, CandidateLimits{nullptr, std::chrono::milliseconds(300)});
  CHECK(sooner > 0);
  CHECK(sooner < later);
}

TEST_CASE("puzzle ids are consecutive from 0001 for every kind", "[generator]") {
  // Candidates that make no puzzle leave no gap in the numbering.
  const std::map<PuzzleKind, std::string> prefix{{PuzzleKind::kChain, "chain-9-7-"},
                                                 {PuzzleKind::kSolitaire, "solo-4-7-"}};
  for (PuzzleKind kind : {PuzzleKind::kChain, PuzzleKind::kSolitaire}) {
    const auto puzzles = make(spec_of(kind, 3, kind == PuzzleKind::kChain ? 9 : 4, 7), 0);
    REQUIRE(puzzles.size() == 3);
    CHECK(puzzles[0].id == prefix.at(kind) + "0001");
    CHECK(puzzles[1].id == prefix.at(kind) + "0002");
    CHECK(puzzles[2].id == prefix.at(kind) + "0003");
  }
}

TEST_CASE("check_puzzle catches wrong values, wrong solutions and false uniqueness",
          "[generator]") {
  const auto chain = make(spec_of(PuzzleKind::kChain, 1, 8, 9), 0).at(0);
  Puzzle p = chain;
  p.value += 1;
  CHECK(!check_puzzle(p, {}).ok);
  p = chain;
  p.solution[0].squares.pop_back();  // a shorter chain: legal under optional, not maximal
  p.value = check_turn(p.setup.board, p.setup.rules(), p.setup.position, p.solution[0])
                .size(p.setup.rules());
  const PuzzleCheck c = check_puzzle(p, {});
  CHECK(!c.ok);
  CHECK(c.reason.find("largest capture") != std::string::npos);

  const auto solo = make(spec_of(PuzzleKind::kSolitaire, 1, 5, 9), 0).at(0);
  p = solo;
  p.solution.pop_back();
  CHECK(!check_puzzle(p, {}).ok);  // captures less than it claims
  p = solo;
  p.unique = true;
  CHECK(check_puzzle(p, {}).ok == (p.extra.size() == 1 && p.extra[0].second == "1"));
}

TEST_CASE(
    "ratings are properties of the puzzle: the same at any table size, thread count and "
    "move order of the search",
    "[generator][rating][heavy]") {
  // All three change the search's node count, which a rating must not read. Which candidates
  // become puzzles may still depend on the search's speed (a candidate not proved within the
  // node budget is dropped), so the puzzles are compared by id: every line is the same.
  const auto by_id = [](const std::vector<Puzzle>& puzzles) {
    std::map<std::string, std::string> out;
    for (const Puzzle& p : puzzles) out[p.id] = format_puzzle_epd(p);
    return out;
  };
  const auto check_same = [](const std::map<std::string, std::string>& a,
                             const std::map<std::string, std::string>& b) {
    int common = 0;
    for (const auto& [id, line] : a)
      if (const auto it = b.find(id); it != b.end()) {
        ++common;
        CHECK(it->second == line);
      }
    CHECK(common >= 3);
  };
  for (PuzzleKind kind : {PuzzleKind::kChain, PuzzleKind::kSolitaire}) {
    PuzzleSpec spec = spec_of(kind, 3, kind == PuzzleKind::kChain ? 8 : 5, 7);
    spec.hash_mb = 16;
    const auto usual = by_id(make(spec, 1));
    REQUIRE(usual.size() == 3);
    spec.hash_mb = 1;
    check_same(usual, by_id(make(spec, 2)));
    spec.hash_mb = 16;
    spec.reversed_order = true;
    check_same(usual, by_id(make(spec, 1)));
  }
}

TEST_CASE("solitaire steps are ranked by what each move takes two moves deep",
          "[generator][rating]") {
  // 1 2 . 3 1 on one row, by points: e1xc1 takes 3 and then b1xd1 1 more (4 in two moves);
  // a1xc1 takes 2 and then d1xb1 1 more (3).
  const Setup s = parse_position("12.31");
  RuleOverrides one;
  one.players = 1;
  const Rules solo = one.apply(s.rules());
  const auto turn = [&](const char* text) { return parse_turn(s.board, text); };
  CHECK(step_ranks(s.board, solo, s.position, {turn("e1xc1"), turn("b1xd1")}) ==
        std::vector<int>{1, 1});
  // a1xc1 is not the move that looks best: the other takes at least as much; then d1xb1 is the
  // only move.
  CHECK(step_ranks(s.board, solo, s.position, {turn("a1xc1"), turn("d1xb1")}) ==
        std::vector<int>{2, 1});
  // One move ahead only, the two first moves take 2 and 3.
  CHECK(step_ranks(s.board, solo, s.position, {turn("a1xc1")}, 1) == std::vector<int>{2});
  CHECK(step_ranks(s.board, solo, s.position, {turn("e1xc1")}, 1) == std::vector<int>{1});
  // An illegal move is refused.
  CHECK_THROWS(step_ranks(s.board, solo, s.position, {turn("b1xd1")}));

  // Under the optional rule the steps are single jumps; under the others whole turns.
  const Turn chain = parse_turn(s.board, "a1xc1xe1");
  CHECK(line_moves(solo, {chain}) == std::vector<Turn>{turn("a1xc1"), turn("c1xe1")});
  Rules forced = solo;
  forced.continuation = Continuation::kForced;
  CHECK(line_moves(forced, {chain}) == std::vector<Turn>{chain});

  // docs/rating.md's example: 10 jumps, ranks 1 1 2 1 4 1 1 2 1 1, several optimal lines.
  CHECK(solitaire_rating(10, {1, 1, 2, 1, 4, 1, 1, 2, 1, 1}, false) == 1480);
  CHECK(solitaire_rating(10, {1, 1, 2, 1, 4, 1, 1, 2, 1, 1}, true) == 1630);
}
