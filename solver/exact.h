// The exact game solver: proves the two-player value of a position on a board of at most 64
// squares (docs/solved.md says how, and what it has solved).
//
// Search. The bit-board model (solver/exact_model.h) with every child position once (chains
// that end alike merged, and symmetric children too), a depth-unbounded fail-soft alpha-beta
// driven by MTD(f) null-window passes, a table of proved bounds (solver/exact_table.h) keyed by
// the least image of a position, enhanced transposition cut-offs (a child's bound in the table
// can cut before it is searched), move ordering by the table's hint and the children's
// bounds, the material bound (the rest of the game captures at most the material but one piece),
// and the endgame tables (solver/egdb.h) at the leaves where they hold the position.
//
// Threads: young brothers wait. Near the root, once a node's first child has been searched
// without a cut-off, its other children are shared out among the threads (the window being
// null, each must be searched unless one cuts off, and a cut-off stops the rest); all share
// the table, whose entries are proved facts. The value is exact, hence the same at any thread
// count; the best turn and the principal variation are then derived from it (the first turn
// in generation order, by larger capture first, that keeps the value), so they are the same
// too. Node counts are not.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>

#include "core/control.h"
#include "solver/egdb.h"
#include "solver/game.h"

namespace leapfrog {

struct ExactOptions {
  std::size_t hash_mb = GameOptions::kDefaultHashMb;
  bool symmetry = true;
  const egdb::Tables* tables = nullptr;  // none: no endgame tables
  // The table grows with the search from 1 MB up to hash_mb (core/open_table.h's
  // GrowingBucketTable) instead of taking it all at once: for searches without a node
  // limit, whose answers never depend on the table. A node-limited search's answer may, so
  // it has the whole table of its budget (ExactEngine::use_whole_table for an engine made
  // growing).
  bool grow = false;
};

// Whether the exact solver covers this game: two players, at most 64 squares, piece values
// it can hold.
bool exact_covers(const Board& board, const Rules& rules, const Position& pos);

// The exact solver for one board and rules; its table persists across searches of the same
// game (analyse --game, play), so later positions reuse what earlier ones proved.
class ExactEngine {
 public:
  ExactEngine(const Board& board, const Rules& rules, const Position& start,
              const ExactOptions& options);
  ~ExactEngine();
  ExactEngine(const ExactEngine&) = delete;
  ExactEngine& operator=(const ExactEngine&) = delete;

  // Whether this engine's model holds `pos` (its pieces' values fit the planes it was made for).
  bool holds(const Position& pos) const;
  // Proves the value of `pos`; stopped by a limit, the result is not proved: the largest
  // capture, valued as that one turn (depth 0).
  GameResult search(const Position& pos, const SearchControl& control);
  // All of the table in use from now on, if it was still growing: before a node-limited
  // search. Entries stored before may no longer be found, which only costs time.
  void use_whole_table();

  class Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace leapfrog

namespace leapfrog {

// The game engine's first resort (solver/game.h): the exact solver where it covers the game,
// else (or when a limit stops it unproved) the depth-limited search. With a node or time
// limit the exact solver gets half of it, on one thread when nodes are limited (so that
// whether it proves in time does not depend on the thread count), and the depth-limited
// search the rest. A long exact search takes a quick look with the depth-limited search
// after its first million positions, the answer to a stop after that (solver/exact.cpp).
class ExactFirst {
 public:
  ExactFirst(const Board& board, const Rules& rules, const GameOptions& options);
  ~ExactFirst();
  // The options each of the two searches gets: half the table memory each when both may run.
  static GameOptions share(const Board& board, const Rules& rules, const GameOptions& options);
  // That half of `mb` MB (at least 1).
  static std::size_t half_mb(std::size_t mb) { return std::max<std::size_t>(1, mb / 2); }
  GameResult search(const Position& pos, const SearchControl& control,
                    const std::function<GameResult(const SearchControl&)>& fallback);

 private:
  Board board_;
  Rules rules_;
  GameOptions options_;
  std::unique_ptr<ExactEngine> engine_;
};

}  // namespace leapfrog
