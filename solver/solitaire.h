// solve: the most a lone player can capture from a position, one line achieving it, and
// whether that is proved optimal; optionally the number of optimal lines.
//
// Solitaire (docs/rules.md): whatever players= the position names, one player makes every
// turn. Every opening removal still due in `pos` is made by that player (one piece each,
// counted in the value: the remover keeps it), then the jumping follows; the command line
// passes at most one (cli/common.h, load_solitaire). The value counts what is
// taken from now on (scores already made are not included), by rules.measure.
//
// Lines (docs/rules.md, "Solitaire"): under the optional rule a line is
// a sequence of single jumps, so the search works on single jumps (the classic peg-solitaire
// search) and the returned line joins consecutive jumps of one piece into a chain (a legal
// turn under that rule); under the other rules a line is a sequence of whole turns.
//
// The search: exhaustive depth-first search with a memory-bounded transposition table
// (solver/tt.h) over positions reduced by the board's symmetries (core/symmetry.h), with
// an upper bound that closes it early (the last piece on the board can never be captured,
// so at most everything but the cheapest piece can be taken), captures of dearer pieces
// tried first, and the top of the tree split among threads (oneTBB). Boards of at most 64
// cells under the optional rule use one 64-bit word per value bit ("value planes"); other
// cases use the model's positions and turn generator (boards over 64 cells: keys are 256-bit
// hashes and symmetry is not used).
//
// The finish (SolveOptions::finish, peg solitaire's "finish in the centre"): only lines whose
// final position holds exactly one piece, standing on that square, count. Every such line
// takes every piece but that last one, so its value is the board's value less the last
// piece's (by pieces: all but one); the optimum is the line that leaves the cheapest piece
// there, and `count` counts the lines that reach it. Opening removals are made as without a
// finish (they are part of the line and of its value). Positions that cannot end that way
// are cut off by the position class (jumps keep it; core/classes.h), by a pagoda function
// separating the square from the start (core/pagoda.h) and, at every node of a board of at
// most 64 squares, by pagoda functions (a resource count: weights 1, 1, 2, 3, 5, ...
// (Fibonacci) by the number of steps from the square, far squares the least; and functions
// that a linear program finds for sample positions) and by a table of the small positions
// that can end there, built backwards from the lone piece in a quarter of the hash (at most
// 16 MB). Jumps that keep the most of the resource count are tried first. Only the
// symmetries that keep the square are used. No such line at all: `possible` is false
// (proved when complete). The breadth-first count (solver/reach.h) takes the finish too.
//
// Determinism: value, line, proved and count are the same at any thread count, table size
// and order of trying moves when the search completes (the line is rebuilt afterwards by a
// walk in the moves' usual order that asks the search exact questions); `nodes` may vary.
// Under a node limit (SearchControl::node_limit) the whole result, nodes included, is the
// same at any thread count: the search then runs on one thread (the threads share the table
// and the best value found, so where a parallel search stands after N nodes depends on
// timing). A search stopped early by the time limit or the stop flag returns the best line
// seen so far, which can depend on timing; `proved` is then true only if that line reaches
// the upper bound.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/control.h"
#include "core/exchange.h"
#include "core/level_store.h"
#include "puzzles/position.h"

namespace leapfrog {

struct SolveOptions {
  // The memory for the tables, in MB: the transposition table; with `count`, the count's
  // too (the DP's memo takes half of it and the table the other half; the breadth-first
  // count, which runs after the search, all of it, and the DP counts instead when a level
  // does not fit or the count passes 2^128). 0: kDefaultHashMb, or kDefaultCountHashMb
  // with `count` (English's breadth-first count peaks at about 370 MB: the default leaves room).
  static constexpr std::size_t kDefaultHashMb = 64;
  static constexpr std::size_t kDefaultCountHashMb = 1024;
  std::size_t hash_mb = 0;
  bool count = false;    // also count the optimal lines
  bool symmetry = true;  // reduce positions by the board's symmetries
  // kNoSquare: any final position; else the line must end with one piece, alone on this
  // square (a playable square of the board).
  Square finish = kNoSquare;
  // For tests: the search tries each position's moves in the reverse of its usual order
  // (dearest capture first). Value, line and count stay the same (see Determinism); only
  // `nodes` changes.
  bool reversed_order = false;
  // With `count`: the ranks the breadth-first count's levels are split over (core/exchange.h;
  // every rank then calls solve with the same arguments, and the search itself runs whole on
  // each); null: this process alone.
  LevelExchange* exchange = nullptr;
  // With `count`: where the breadth-first count saves its levels and resumes from
  // (core/level_store.h); null: nowhere.
  LevelStore* level_store = nullptr;
};

struct SolveResult {
  Score value = 0;         // what `line` captures; the optimum when proved
  std::vector<Turn> line;  // legal turns for a lone player from the position
  bool proved = false;     // value is known to be the optimum
  bool complete = false;   // the search ran to the end (not stopped by a limit or the flag)
  Score bound = 0;         // an upper bound on the optimum (== value when proved)
  std::uint64_t nodes = 0;
  // With SolveOptions::count and a proved value: the number of optimal lines in decimal
  // (exact, of any size); empty when not counted or when the count was stopped.
  std::string count;
  // The count's levels did not fit in hash_mb, so the lines were counted depth first, which
  // on a large board takes far longer; `count` is empty if that was stopped.
  bool count_levels_out_of_memory = false;
  // With SolveOptions::finish: a line ending with a lone piece on that square was found
  // (`line`, of value `value`), or, when false and `complete`, none exists (`proved` true,
  // `value` and `bound` 0, `line` empty, `count` "0"). False and not complete: the search
  // stopped before it found one or proved there is none. Without a finish: always true.
  bool possible = true;
};

SolveResult solve(const Board& board, const Rules& rules, const Position& pos,
                  const SolveOptions& options, const SearchControl& control);

// The upper bound the search starts from: never below the optimum (tests check it against a
// brute-force reference), and what a stopped search reports when it has nothing better.
Score solitaire_bound(const Board& board, const Rules& rules, const Position& pos);

}  // namespace leapfrog
