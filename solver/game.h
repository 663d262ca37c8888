// The game search: best play for two or more players (docs/analyse.md).
//
// Value. With two players the value of a position is the mover's total from now on minus the
// opponent's under best play by both: scores already made do not count, opening removals due
// are turns like any other (scored by the remover), a finished game is worth 0. With three or
// more players every player maximises their own total from now on (max^n); a player choosing
// between turns that give them the same total takes the one that gives the others the least
// in sum, and then the one whose totals of the others, read in turn order from the next
// player, are lexicographically least. The value is then a function of the position alone.
//
// Search. Iterative deepening over turns (depth = turns looked ahead), each iteration a
// negamax alpha-beta (two players) or a max^n search (three or more) with a transposition
// table keyed by the whole position (cells, removals due, player to move; scores made do not
// count), the table's move first and then larger captures first. On a board with more than
// one symmetry (core/symmetry.h) images of a position share one entry (GameOptions::symmetry):
// the key is the least image's, and the entry names its move through the symmetry that gave
// it, so an image finds the same move among its own turns; the root is always searched, so
// the chosen turn and the principal variation are turns of the actual position. A position at the
// horizon is given an evaluation (0: the game from there on is counted even); a subtree that
// reached no horizon is exact, and the table keeps that, so a later iteration reuses it at any
// depth. When an iteration's root reached no horizon the value is proved and the search ends. Turns
// come from the model's generator (puzzles/movegen.h), so every rule reading works.
//
// Threads and determinism. The search runs on one thread (SearchControl::threads is not
// used): its answer, its nodes and its choice depend only on the position, the rules, the
// table size (game_table_mb of the hash and the node limit, or of the largest budget the
// engine has searched with) and the node limit, never on the thread count. A time limit or
// the stop flag ends it with the last completed iteration's answer. Each call of
// GameEngine::search starts from an empty table, so one engine asked twice gives the same
// answer.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "core/control.h"
#include "puzzles/position.h"

namespace leapfrog {

namespace egdb {
class Tables;
}
class ExactFirst;

struct GameOptions {
  static constexpr std::size_t kDefaultHashMb = 64;
  std::size_t hash_mb = 0;  // the transposition table's memory; 0: kDefaultHashMb
  // The deepest a search looks: a table entry keeps its depth in a byte whose top value
  // marks an exact entry.
  static constexpr int kMaxDepth = 254;
  int max_depth = 0;  // the most turns looked ahead, 1..kMaxDepth; 0: no limit (kMaxDepth)
  // Symmetric images of a position (under the board's symmetries, core/symmetry.h) share one
  // table entry; only boards with more than one symmetry pay for it.
  bool symmetry = true;
  // Two players on at most 64 squares: prove values with the exact solver (solver/exact.h)
  // first, reading the endgame tables when given (not owned; they outlive the engine).
  bool exact = true;
  const egdb::Tables* tables = nullptr;

  // Whether the exact solver runs first: asked, and no depth limit (the exact solver looks to
  // the end, so a depth is the depth-limited search's alone).
  bool exact_first() const { return exact && max_depth == 0; }
};

struct GameResult {
  // Two players: the mover's total from now on minus the opponent's; three or more: the
  // mover's own total from now on. Exact when proved, else the last iteration's estimate.
  Score value = 0;
  // Every player's total from now on (0-based, rules.players of them) along the principal
  // variation when play follows it (two players: what the pv captures; with proved, the
  // totals of best play).
  std::vector<Score> totals;
  std::optional<Turn> best;  // the engine's choice; none when the game is over
  std::vector<Turn> pv;      // the principal variation, legal turns from the position
  bool proved = false;       // the value is exact
  bool complete = false;     // the search ended by itself (not by a limit or the flag)
  int depth = 0;             // turns looked ahead by the last completed iteration
  std::uint64_t nodes = 0;   // positions searched
};

// The MB of table an engine makes for searches of `node_limit` positions each (0: no limit):
// hash_mb, or less when a node limit leaves most of that unused.
std::size_t game_table_mb(std::size_t hash_mb, std::uint64_t node_limit);

// Searches one board and rules, keeping its tables from search to search. The tables are made
// at the first search, of game_table_mb(options.hash_mb, its node limit), and made again,
// larger and empty, for a search of more positions than they were made for.
class GameEngine {
 public:
  GameEngine(const Board& board, const Rules& rules, const GameOptions& options = {});
  ~GameEngine();
  GameEngine(const GameEngine&) = delete;
  GameEngine& operator=(const GameEngine&) = delete;

  GameResult search(const Position& pos, const SearchControl& control);
  // The MB its tables were made with (0 before the first search).
  std::size_t table_mb() const { return made_mb_; }

 private:
  class Impl;
  Board board_;
  Rules rules_;
  GameOptions options_;
  std::size_t made_mb_ = 0;  // the table memory the searches below were made with
  std::unique_ptr<Impl> impl_;
  std::unique_ptr<ExactFirst> exact_;
};

// One search with a fresh engine.
GameResult analyse_position(const Board& board, const Rules& rules, const Position& pos,
                            const GameOptions& options, const SearchControl& control);

// The totals each player makes from `pos` on when the turns are played (0-based).
std::vector<Score> line_totals(const Board& board, const Rules& rules, const Position& pos,
                               const std::vector<Turn>& line);

// The two-player value of a line's totals for the player to move at its start (own total
// minus the other's); with three or more players the mover's own total.
Score mover_value(const Rules& rules, const Position& pos, const std::vector<Score>& totals);

}  // namespace leapfrog
