// Puzzle generation: "find the largest capture" (chain) and "capture the most"
// (solitaire) puzzles, each with a verified solution, a difficulty rating and theme tags.
//
// Reproducibility: candidate i is built from Rng::stream(seed, i) alone and candidates are
// accepted in index order, so the output depends on the seed and the options only, never on
// the thread count or timing. Candidates are tried in parallel batches (oneTBB).
//
// Ratings and themes: generator/rating.h and docs/rating.md; they are properties of the
// puzzle, never of how the solver searched.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/control.h"
#include "generator/layout.h"
#include "puzzles/puzzle_file.h"

namespace leapfrog {

// The largest solitaire puzzle board. Up to kCountedSolitaireSide the optimal lines are
// counted too (the "lines" field, the "unique" theme); beyond it only the value is proved
// (the count would need an exhaustive search of boards that the guided search proves in
// seconds).
inline constexpr int kMaxSolitaireSide = 12;
inline constexpr int kCountedSolitaireSide = 7;
// The same limits in squares, for the shaped boards (a triangle or hexagon of at most as many
// squares as those squares).
inline constexpr int kCountedSolitaireSquares = kCountedSolitaireSide * kCountedSolitaireSide;

struct PuzzleSpec {
  PuzzleKind kind = PuzzleKind::kChain;
  int count = 10;
  int size = 0;  // board side; 0: 12 for chain puzzles, 5 for solitaire puzzles
  std::uint64_t seed = 1;
  const Variant* variant = nullptr;  // null: murray
  // A preset drawn to a side (triangle, hexagon): the puzzles' board is its shape of side
  // `size`, with its lattice's jumps; null: a size x size square.
  const Variant* shape = nullptr;
  Rounding rounding = Rounding::kHalfUp;
  RuleOverrides overrides;   // laid over the variant's rules
  int min_jumps = 3;         // the answer (chain) or line (solitaire) has at least this many jumps
  bool unique_only = false;  // solitaire: keep only puzzles with one optimal line
  // The memory of one candidate's search, in MB (the solitaire solver's tables, the chain
  // search's memo); as many candidates are examined at once as SearchControl::threads says.
  std::size_t hash_mb = 16;
  std::uint64_t node_limit = 2000000;  // solitaire: candidates not proved within it are dropped
  std::uint64_t max_candidates = 0;    // 0: 500 per puzzle asked for
  // For tests: the solitaire solver tries moves in the reverse of its usual order
  // (SolveOptions::reversed_order); the puzzles must come out the same.
  bool reversed_order = false;
};

struct GenerationStats {
  std::uint64_t candidates = 0;  // candidates built and examined
  std::uint64_t solver_nodes = 0;
  bool complete = true;  // false when fewer puzzles than asked were found
  bool stopped = false;  // the control stopped it (its flags or time limit) before the end
};

// What may cut a candidate's search short: a stop flag (may be null) and a time limit from
// the candidate's start (0: none).
struct CandidateLimits {
  const std::atomic<bool>* stop = nullptr;
  std::chrono::milliseconds time_limit{0};
};

// One candidate, without its id; nullopt when it does not make a good puzzle. Pure function
// of (spec, index), unless `limits` cut its search short (the stop set while it runs, or the
// time limit reached): the result then means nothing.
std::optional<Puzzle> puzzle_candidate(const PuzzleSpec& spec, std::uint64_t index,
                                       std::uint64_t* solver_nodes = nullptr,
                                       const CandidateLimits& limits = {});

// Up to spec.count puzzles (fewer when max_candidates runs out or the control stops it: its
// flags or its time limit, polled inside each candidate's search too),
// handed to `take` one by one in their final order as soon as each is accepted, on the
// calling thread, so that a long run holds none of them (only a batch of candidates being
// examined). Every puzzle of one spec has the same `extra` keys. Their ids number them
// 0001, 0002, ... in that order, for every kind.
GenerationStats stream_puzzles(const PuzzleSpec& spec, const SearchControl& control,
                               const std::function<void(Puzzle&&)>& take);

// The same puzzles, collected.
std::vector<Puzzle> generate_puzzles(const PuzzleSpec& spec, const SearchControl& control,
                                     GenerationStats* stats = nullptr);

}  // namespace leapfrog
