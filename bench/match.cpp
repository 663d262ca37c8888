// The game engine's strength (docs/strength.md): matches on random Murray layouts against a
// player that always takes the largest capture and against a random player.
//
//   leapfrog_match [--games N] [--nodes N] [--size N] [--seed S] [--opponent greedy|random]
//
// Game k is played on layout seed S + k/2 (Murray's pieces, Murray's counts, every player
// removing one piece first), the engine moving first in even games and second in odd ones,
// so every layout is played from both sides. The engine searches N positions a turn (a node
// budget, so the result is the same on every machine). Prints one line per opponent: games,
// wins / draws / losses of the engine, and the mean points margin (engine minus opponent).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "generator/layout.h"
#include "generator/random.h"
#include "puzzles/movegen.h"
#include "puzzles/variant.h"
#include "solver/game.h"

namespace {

using namespace leapfrog;

// The largest capture (or, for a removal, the dearest piece); the first in generation order
// among equals.
Turn greedy_turn(const Board& board, const Rules& rules, const Position& pos) {
  Turn best;
  Score most = -1;
  for_each_turn(board, rules, pos, [&](const TurnView& t) {
    if (t.size(rules) > most) {
      most = t.size(rules);
      best = t.to_turn();
    }
  });
  return best;
}

Turn random_turn(const Board& board, const Rules& rules, const Position& pos, Rng& rng) {
  const std::vector<Turn> turns = legal_turns(board, rules, pos);
  return turns[static_cast<std::size_t>(rng.next() % turns.size())];
}

struct Tally {
  int games = 0, wins = 0, draws = 0, losses = 0;
  long long margin = 0;
  long long turns = 0;
};

}  // namespace

int main(int argc, char** argv) {
  int games = 200, size = 8;
  std::uint64_t nodes = 20000, seed = 1;
  std::vector<std::string> opponents;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string key = argv[i], value = argv[i + 1];
    if (key == "--games")
      games = std::atoi(value.c_str());
    else if (key == "--nodes")
      nodes = std::strtoull(value.c_str(), nullptr, 10);
    else if (key == "--size")
      size = std::atoi(value.c_str());
    else if (key == "--seed")
      seed = std::strtoull(value.c_str(), nullptr, 10);
    else if (key == "--opponent")
      opponents.push_back(value);
    else {
      std::fprintf(stderr, "leapfrog_match: unknown option %s\n", key.c_str());
      return 2;
    }
  }
  if (opponents.empty()) opponents = {"greedy", "random"};
  const Variant& murray = *find_variant("murray");
  Rules rules = murray.rules;
  rules.players = 2;
  rules.opening = Opening::kEachPlayer;
  const Board board(size, size);
  GameOptions options;
  options.hash_mb = 64;
  GameEngine engine(board, rules, options);
  SearchControl control;
  control.node_limit = nodes;
  for (const std::string& opponent : opponents) {
    Tally t;
    Rng rng(seed * 7919 + 17);
    for (int k = 0; k < games; ++k) {
      const int engine_seat = k % 2;
      Position pos = start_position(rules, random_layout(board, murray, seed + k / 2));
      while (has_turn(board, rules, pos)) {
        Turn turn;
        if (pos.to_move == engine_seat)
          turn = *engine.search(pos, control).best;
        else if (opponent == "greedy")
          turn = greedy_turn(board, rules, pos);
        else
          turn = random_turn(board, rules, pos, rng);
        pos = apply(board, rules, pos, turn);
        ++t.turns;
      }
      const Score own = pos.scores[engine_seat], other = pos.scores[1 - engine_seat];
      ++t.games;
      t.wins += own > other;
      t.draws += own == other;
      t.losses += own < other;
      t.margin += own - other;
    }
    std::printf(
        "%dx%d Murray, engine %llu nodes a turn vs %s: %d games, engine wins %d, draws %d, "
        "losses %d (%.1f%% won), mean margin %+.2f points, %.1f turns a game\n",
        size, size, static_cast<unsigned long long>(nodes), opponent.c_str(), t.games, t.wins,
        t.draws, t.losses, 100.0 * t.wins / t.games, static_cast<double>(t.margin) / t.games,
        static_cast<double>(t.turns) / t.games);
    std::fflush(stdout);
  }
  return 0;
}
