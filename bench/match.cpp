// The game engine's strength (docs/strength.md): matches on random Murray layouts against a
// player that always takes the largest capture and against a random player.
//
//   leapfrog_match [--games N] [--nodes N] [--size N] [--seed S]
//                  [--player alphabeta|mcts] [--mcts-ms MS]
//                  [--opponent greedy|random|alphabeta] ...
//
// Game k is played on layout seed S + k/2 (Murray's pieces, Murray's counts, every player
// removing one piece first), the engine moving first in even games and second in odd ones,
// so every layout is played from both sides. The engine searches N positions a turn (a node
// budget, so the result is the same on every machine). Prints one line per opponent: games,
// wins / draws / losses of the engine, and the mean points margin (engine minus opponent).
//
// --player mcts measures, instead of the engine, a plain Monte-Carlo tree search (UCT with
// random playouts to the end of the game, reward 1 / 0.5 / 0 for a win / draw / loss of the
// player who moved) given MS milliseconds a turn: the comparison of docs/strength.md. The
// opponent alphabeta is the engine at --nodes.
#include <algorithm>
#include <chrono>
#include <cmath>
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

// UCT over turns: each node holds its position and the turns not yet expanded.
class Mcts {
 public:
  Mcts(const Board& board, const Rules& rules, std::uint64_t seed)
      : board_(board), rules_(rules), rng_(seed) {}

  Turn choose(const Position& root, std::chrono::milliseconds budget) {
    nodes_.clear();
    add(root, -1, Turn{}, -1);
    const auto end = std::chrono::steady_clock::now() + budget;
    int iterations = 0;
    while (iterations < 16 || std::chrono::steady_clock::now() < end) {
      iterate();
      ++iterations;
    }
    int best = -1;
    for (const int c : nodes_[0].children)
      if (best < 0 || nodes_[c].visits > nodes_[best].visits) best = c;
    return best < 0 ? nodes_[0].untried.front() : nodes_[best].move;
  }

 private:
  struct Node {
    Position pos;
    std::vector<Turn> untried;
    std::vector<int> children;
    int parent = -1;
    Turn move;
    int mover = -1;  // who played `move`
    double reward = 0;
    int visits = 0;
  };

  int add(const Position& pos, int parent, Turn move, int mover) {
    Node n;
    n.pos = pos;
    n.untried = legal_turns(board_, rules_, pos);
    n.parent = parent;
    n.move = std::move(move);
    n.mover = mover;
    nodes_.push_back(std::move(n));
    return static_cast<int>(nodes_.size()) - 1;
  }

  int select(int i) const {
    const Node& n = nodes_[static_cast<std::size_t>(i)];
    int best = -1;
    double most = -1;
    for (const int c : n.children) {
      const Node& k = nodes_[static_cast<std::size_t>(c)];
      const double ucb = k.reward / k.visits + 1.4 * std::sqrt(std::log(n.visits) / k.visits);
      if (ucb > most) most = ucb, best = c;
    }
    return best;
  }

  void iterate() {
    int i = 0;
    while (nodes_[i].untried.empty() && !nodes_[i].children.empty()) i = select(i);
    if (!nodes_[i].untried.empty()) {
      std::vector<Turn>& untried = nodes_[i].untried;
      const std::size_t r = rng_.next() % untried.size();
      Turn t = untried[r];
      untried[r] = untried.back();
      untried.pop_back();
      const Position next = apply(board_, rules_, nodes_[i].pos, t);
      const int mover = nodes_[i].pos.to_move;
      const int child = add(next, i, std::move(t), mover);
      nodes_[i].children.push_back(child);
      i = child;
    }
    Position p = nodes_[i].pos;
    while (has_turn(board_, rules_, p))
      p = apply(board_, rules_, p, random_turn(board_, rules_, p, rng_));
    for (int k = i; k >= 0; k = nodes_[k].parent) {
      Node& n = nodes_[k];
      ++n.visits;
      if (n.mover < 0) continue;
      const Score own = p.scores[n.mover], other = p.scores[1 - n.mover];
      n.reward += own > other ? 1 : own == other ? 0.5 : 0;
    }
  }

  const Board& board_;
  const Rules& rules_;
  Rng rng_;
  std::vector<Node> nodes_;
};

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
  std::string player = "alphabeta";
  long mcts_ms = 25;
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
    else if (key == "--player")
      player = value;
    else if (key == "--mcts-ms")
      mcts_ms = std::atol(value.c_str());
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
  Mcts mcts(board, rules, seed);
  for (const std::string& opponent : opponents) {
    Tally t;
    Rng rng(seed * 7919 + 17);
    double engine_seconds = 0;
    long engine_turns = 0;
    for (int k = 0; k < games; ++k) {
      const int engine_seat = k % 2;
      Position pos = start_position(rules, random_layout(board, murray, seed + k / 2));
      while (has_turn(board, rules, pos)) {
        Turn turn;
        if (pos.to_move == engine_seat) {
          const auto start = std::chrono::steady_clock::now();
          turn = player == "mcts" ? mcts.choose(pos, std::chrono::milliseconds(mcts_ms))
                                  : *engine.search(pos, control).best;
          engine_seconds +=
              std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
          ++engine_turns;
        } else if (opponent == "alphabeta")
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
    const std::string who = player == "mcts" ? "MCTS " + std::to_string(mcts_ms) + " ms a turn"
                                             : "engine " + std::to_string(nodes) + " nodes a turn";
    std::printf(
        "%dx%d Murray, %s vs %s: %d games, wins %d, draws %d, losses %d (%.1f%% won), mean "
        "margin %+.2f points, %.1f turns a game, %.1f ms a turn\n",
        size, size, who.c_str(),
        opponent == "alphabeta" ? ("engine " + std::to_string(nodes) + " nodes").c_str()
                                : opponent.c_str(),
        t.games, t.wins, t.draws, t.losses, 100.0 * t.wins / t.games,
        static_cast<double>(t.margin) / t.games, static_cast<double>(t.turns) / t.games,
        1000 * engine_seconds / static_cast<double>(std::max(1L, engine_turns)));
    std::fflush(stdout);
  }
  return 0;
}
