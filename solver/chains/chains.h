// The maximum capture: exact value, exact number of maximal chains, one or all of them.
//
// What "maximal" means (docs/json.md, `best`): the largest capture, by rules.measure, that
// any jump chain of the player to move can make. A chain reaching the maximum can never be
// extended (every capture adds at least 1), so it is legal under every continuation rule
// (optional, forced, piece-max, board-max): the value and the set of maximal chains do not
// depend on rules.continuation.
//
// When an opening removal is due the player's turn is a removal (Cyningstan, Wikipedia: "Each
// player removes one piece"): then the value is the gain of the largest piece the player may remove
// (rules.removal may restrict it to the cheapest kind), the count is the number of squares
// holding such a piece, and the chains are those removals.
//
// Method. The future of a chain depends only on (start square, jumper square, set of pieces
// captured so far): the start square is empty, the captured squares are empty, the rest is
// as in the position. The search memoises each such state with (best further gain, number
// of continuations reaching it). The key is reduced to what can still matter: the jumper's
// square and the pieces in the region it might still reach (two chains that used up
// different parts of the board but left the jumper in the same pocket are one
// sub-problem); a Zobrist hash of it indexes the table and the exact key is compared, so
// results are exact, never lossy. Counts are kept in 64 bits and the search of a start
// square is redone with BigCount in the (rare) case a count overflows.
//
// Pruning keeps counts exact: a sub-search is asked only for continuations worth at least
// `need` and ties with `need` are always searched; a failed sub-search stores an upper
// bound. Upper bounds: the pieces of the region, less pieces that can only be the last
// capture (dead ends), less a parity term. When the region is a plain graph (every piece
// jumpable across one axis only, as on a lattice), the pieces a trail leaves form a T-join
// of the odd squares, so the bound subtracts a lower bound on the minimum T-join (half a
// minimum assignment under shortest-path distances, Hungarian method, kept incrementally
// along the chain), and a trail crosses a bridge only once (block-tree bound). The root
// starts from its bound and lowers `need` until the search succeeds (aspiration), which on
// lattices is within a few points.
//
// Plain graphs (every square the jumper can reach empty, every piece there jumpable across
// one axis only, as on the lattices of bench/lattices.h): chains are trails, and the trail search
// of solver/chains/trails.h answers instead: the edge sets a maximal trail can leave are enumerated
// and the Euler trails of what remains counted, in turns with a bounded search on bit-set
// states (a T-join bound that a child inherits in O(1), a block-tree bound; docs/chains.md).
// ChainOptions::plain_graphs = false keeps the general search everywhere.
//
// Parallelism: start squares are searched as independent tasks (oneTBB), each with its own
// table, and combined in square order, so every output (value, count, chains, nodes) is the
// same at any thread count. Under a node limit too: every task's work is the same in any
// order, so the search stops exactly when the whole search would take at least that many
// nodes, and a search stopped by it reports the limit as its nodes (how far past it the
// tasks ran depends on timing).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "core/bigcount.h"
#include "core/control.h"
#include "puzzles/position.h"

namespace leapfrog {

struct ChainOptions {
  // Collect every maximal chain (in for_each_turn order) up to `limit` of them.
  bool all = false;
  std::size_t limit = 1000;
  // What a listed chain costs the caller in all, in multiples of its bytes in the list (a
  // caller that builds another form of the whole list, such as JSON, holds more): the list
  // stops where its chains, so weighted, would pass control.memory_mb.
  std::size_t list_weight = 1;
  // Only chains moving the piece on this square (piece-max checks); removals ignore it.
  std::optional<Square> only_start;
  // Count with BigCount from the start instead of after a 64-bit overflow (lets the tests
  // check that both counting paths agree).
  bool big_counts = false;
  // Search plain-graph regions (lattices) with the trail search (solver/chains/trails.h); false
  // uses the general search everywhere (the tests and benchmarks compare the two).
  bool plain_graphs = true;
  // In the trail search, let the leftover enumeration and Euler-trail count take turns with
  // the bounded search (solver/chains/trails.h); false runs the bounded search alone.
  bool leftovers = true;
};

struct ChainResult {
  bool removal = false;      // the turn is an opening removal
  Score value = 0;           // the maximum capture; 0 when no chain (or removal) exists
  BigCount count;            // number of distinct maximal chains (removal squares)
  std::optional<Turn> best;  // the first maximal chain in for_each_turn order
  std::vector<Turn> chains;  // with options.all: maximal chains, for_each_turn order
  bool truncated = false;    // chains stopped at options.limit, or at the memory budget:
  bool list_full = false;    // the list stopped where more would pass control.memory_mb
  // Search states expanded: a deterministic measure of the work, the same at any thread
  // count (the bench signature); the node limit when that stopped the search.
  std::uint64_t nodes = 0;
  bool complete = true;  // false when stopped by the control (stop flag or a limit)
  // Stopped (incomplete) because the memo tables outgrew SearchControl::memory_mb.
  bool out_of_memory = false;
};

ChainResult best_chains(const Board& board, const Rules& rules, const Position& pos,
                        const ChainOptions& options = {}, const SearchControl& control = {});

}  // namespace leapfrog
