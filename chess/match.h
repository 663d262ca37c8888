// Games between the engine and simple players, for the strength benchmark (leapfrog chess
// match, docs/leapchess.md): a random player and a capture-greedy one. Seeded, so a match is
// the same on every run; no I/O.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "chess/search.h"

namespace leapfrog::chess {

enum class Player { kEngine, kRandom, kGreedy };

struct GameSettings {
  Rules rules;
  std::uint64_t engine_nodes = 2000;  // the engine's node budget per move
  std::size_t hash_mb = 16;
  int max_plies = 300;  // a game this long is a draw
  // Polled before every move and by the engine's searches; once set, the game ends at once
  // with end "stopped" (no result). May be null.
  const std::atomic<bool>* stop = nullptr;
};

struct GameRecord {
  int winner = -1;  // kRed, kBlack, or -1 for a draw
  std::string end;  // "checkmate", "stalemate", "repetition", "fifty moves", "length",
                    // or "stopped" (GameSettings::stop)
  std::vector<Move> moves;
};

// Plays one game from `start`; `seed` drives the random choices of the simple players.
GameRecord play_game(const Position& start, Player red, Player black, const GameSettings& s,
                     std::uint64_t seed);

// The move a simple player picks (a legal move of a position that has one).
Move simple_move(const Position& pos, const MoveList& legal, Player who, std::uint64_t& rng);

}  // namespace leapfrog::chess
