#include "generator/rating.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "puzzles/movegen.h"

namespace leapfrog {

namespace {

struct Move {
  Turn turn;
  Score gain = 0;
};

// The lone player's moves from `pos`, in line_moves' sense.
std::vector<Move> solo_moves(const Board& board, const Rules& solo, const Position& pos) {
  const bool single = solo.continuation == Continuation::kOptional && !removal_turn(pos);
  std::vector<Move> out;
  for_each_turn(board, solo, pos, [&](const TurnView& t) {
    if (!single || t.squares.size() == 2) out.push_back({t.to_turn(), t.size(solo)});
  });
  return out;
}

// The most a lone player can take from `pos` in at most `depth` moves.
Score best_ahead(const Board& board, const Rules& solo, const Position& pos, int depth) {
  Score best = 0;
  if (depth <= 0) return best;
  for (const Move& m : solo_moves(board, solo, pos))
    best = std::max(best,
                    m.gain + best_ahead(board, solo, apply(board, solo, pos, m.turn), depth - 1));
  return best;
}

}  // namespace

int chain_rating(const ChainFeatures& f) {
  return 600 + 90 * f.jumps + 60 * f.turns + (f.revisits ? 150 : 0) + 25 * std::min(f.jumpers, 20) +
         (f.gap <= 1   ? 200
          : f.gap <= 3 ? 100
                       : 0);
}

std::vector<Turn> line_moves(const Rules& solo, const std::vector<Turn>& line) {
  if (solo.continuation != Continuation::kOptional) return line;
  std::vector<Turn> out;
  for (const Turn& t : line) {
    if (t.removal) {
      out.push_back(t);
      continue;
    }
    for (std::size_t i = 1; i < t.squares.size(); ++i)
      out.push_back(Turn{false, {t.squares[i - 1], t.squares[i]}});
  }
  return out;
}

std::vector<int> step_ranks(const Board& board, const Rules& solo, Position pos,
                            const std::vector<Turn>& moves, int lookahead) {
  std::vector<int> ranks;
  for (const Turn& played : moves) {
    std::vector<Score> ahead;
    Score mine = -1;
    for (const Move& m : solo_moves(board, solo, pos)) {
      ahead.push_back(m.gain +
                      best_ahead(board, solo, apply(board, solo, pos, m.turn), lookahead - 1));
      if (m.turn == played) mine = ahead.back();
    }
    if (mine < 0) throw std::invalid_argument("step_ranks: a move of the line is not legal");
    ranks.push_back(static_cast<int>(
        std::count_if(ahead.begin(), ahead.end(), [&](Score a) { return a >= mine; })));
    pos = apply(board, solo, pos, played);
  }
  return ranks;
}

int solitaire_rating(int jumps, const std::vector<int>& ranks, bool unique) {
  double bits = 0;
  for (const int r : ranks) bits += std::log2(static_cast<double>(r));
  const double per_step = ranks.empty() ? 0 : bits / static_cast<double>(ranks.size());
  return 1000 + 40 * jumps + static_cast<int>(200 * per_step) + (unique ? 150 : 0);
}

}  // namespace leapfrog
