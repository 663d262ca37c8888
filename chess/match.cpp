#include "chess/match.h"

#include <algorithm>

#include "chess/game_end.h"
#include "core/hash.h"

namespace leapfrog::chess {

namespace {

int taken(const Position& pos, const Move& m) {
  if (!m.is_capture()) return 0;
  if (m.flags & kEnPassant) return kPieceValue[kPawn];
  int v = 0;
  for (int i = 1; i <= m.steps; ++i)
    v += kPieceValue[kind_of(pos.at(m.path[static_cast<std::size_t>(i)]))];
  return v + (m.promotion ? kPieceValue[m.promotion] : 0);
}

}  // namespace

Move simple_move(const Position& pos, const MoveList& legal, Player who, std::uint64_t& rng) {
  if (who == Player::kGreedy) {
    // The capture that takes the most material; among equals, and without a capture, at
    // random.
    int most = 0;
    for (const Move& m : legal) most = std::max(most, taken(pos, m));
    MoveList best;
    for (const Move& m : legal)
      if (taken(pos, m) == most) best.push_back(m);
    return best[splitmix64(rng) % best.size()];
  }
  return legal[splitmix64(rng) % legal.size()];
}

GameRecord play_game(const Position& start, Player red, Player black, const GameSettings& s,
                     std::uint64_t seed) {
  GameRecord g;
  std::uint64_t rng = seed;
  Position pos = start;
  std::vector<std::uint64_t> history;
  for (int ply = 0;; ++ply) {
    const MoveList legal = legal_moves(pos, s.rules);
    if (const GameEnd end = game_end(pos, legal, history); end != GameEnd::kNone) {
      g.winner = winner_of(end, pos);
      g.end = game_end_name(end);
      return g;
    }
    if (ply >= s.max_plies) {
      g.end = "length";
      return g;
    }
    if (s.stop != nullptr && s.stop->load(std::memory_order_relaxed)) {
      g.end = "stopped";
      return g;
    }
    const Player who = pos.side() == kRed ? red : black;
    Move m;
    if (who == Player::kEngine) {
      SearchSettings settings;
      settings.hash_mb = s.hash_mb;
      settings.history = history;
      SearchControl control;
      control.node_limit = s.engine_nodes;
      control.stop = s.stop;
      m = analyse(pos, s.rules, settings, control).best;
      if (control.stop_requested()) {  // a stopped search's move is not the engine's choice
        g.end = "stopped";
        return g;
      }
    } else {
      m = simple_move(pos, legal, who, rng);
    }
    g.moves.push_back(m);
    history.push_back(pos.key());
    pos = pos.after(m);
  }
}

}  // namespace leapfrog::chess
