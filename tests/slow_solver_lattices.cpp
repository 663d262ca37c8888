// The two large lattice positions (too many chains for the default suite's plain recursion):
// the chain search must give the known value and count, and the same maximal chains, in the
// same order, as the plain-recursion reference.
#include <catch2/catch.hpp>

#include "bench/lattices.h"
#include "chain_reference.h"
#include "puzzles/notation.h"
#include "solver/chains/chains.h"

using namespace leapfrog;

TEST_CASE("lattice 11x11: 99 points, 27136 maximal chains, as plain recursion", "[chains]") {
  const Setup s = parse_position(kLattices[1].position);
  ChainOptions all;
  all.all = true;
  all.limit = 100000;
  const ChainResult r = best_chains(s.board, s.rules(), s.position, all);
  CHECK(r.value == 99);
  CHECK(r.count.to_string() == "27136");
  testing::ReferenceSearch ref(s.board, JumpSet::kOrthogonal, true, ~std::uint64_t{0});
  const auto expect =
      ref.run({s.position.cells.begin(), s.position.cells.begin() + s.board.cells()});
  CHECK(expect.value == 99);
  REQUIRE(expect.chains.size() == r.chains.size());
  for (std::size_t i = 0; i < r.chains.size(); ++i) CHECK(r.chains[i].squares == expect.chains[i]);
}

TEST_CASE("lattice 13x13: 116 points, 10752 maximal chains", "[chains]") {
  const Setup s = parse_position(kLattices[2].position);
  SearchControl one, two;
  one.threads = 1;
  two.threads = 2;
  const ChainResult a = best_chains(s.board, s.rules(), s.position, {}, one);
  CHECK(a.value == 116);
  CHECK(a.count.to_string() == "10752");
  const ChainResult b = best_chains(s.board, s.rules(), s.position, {}, two);
  CHECK(b.value == a.value);
  CHECK(b.count == a.count);
  CHECK(b.best == a.best);
  CHECK(b.nodes == a.nodes);
  // Every maximal chain, in order, against plain recursion (about half a minute of it).
  ChainOptions all;
  all.all = true;
  all.limit = 100000;
  const ChainResult listed = best_chains(s.board, s.rules(), s.position, all);
  testing::ReferenceSearch ref(s.board, JumpSet::kOrthogonal, true, ~std::uint64_t{0});
  const auto expect =
      ref.run({s.position.cells.begin(), s.position.cells.begin() + s.board.cells()});
  CHECK(expect.value == 116);
  REQUIRE(expect.chains.size() == listed.chains.size());
  for (std::size_t i = 0; i < listed.chains.size(); ++i)
    CHECK(listed.chains[i].squares == expect.chains[i]);
}
