// The reading side of UCI for Leap Chess (`leapfrog chess uci`, docs/uci.md), apart from any
// input or output so that tests reach it: a command line cut into words, what `go` asks for,
// the time a move may take, and the position of a `position` command.
// cmd_chess_uci.cpp runs the loop and the search.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "chess/movegen.h"
#include "chess/position.h"

namespace leapfrog::cli::uci {

// The words of a line, split at spaces, tabs and carriage returns.
std::vector<std::string> words_of(std::string_view line);

// What a go command asks for; 0 = not given.
struct Go {
  std::int64_t wtime = 0, btime = 0, winc = 0, binc = 0;  // milliseconds
  int movestogo = 0;
  std::int64_t movetime = 0;  // milliseconds
  int depth = 0;
  int mate = 0;  // moves: a search of 2 * mate - 1 plies
  std::uint64_t nodes = 0;
  bool infinite = false;
  bool ponder = false;
  std::vector<std::string> searchmoves;  // as written: read_root_moves checks them
};

// Reads the words after "go". Throws UsageError naming a bad or unknown argument.
Go read_go(const std::vector<std::string>& words);

// The time to think for the side `side` under `go`: movetime as given, else a share of the
// clock (the time left over the moves to go, 30 when not given, plus most of the increment,
// and never more than the time left minus a margin for the answer to travel); 0 = no time
// limit (depth, nodes, infinite, or nothing said).
std::chrono::milliseconds think_time(const Go& go, chess::Color side);

// The moves of `go searchmoves`, each checked legal in `pos` under `rules`. Throws UsageError
// naming the first that is not.
std::vector<chess::Move> read_root_moves(const std::vector<std::string>& words,
                                         const chess::Position& pos, const chess::Rules& rules);

// The position of a position command: `startpos` or `fen F...` (the FEN's fields up to
// "moves"), then `moves M...` played, each checked legal under `rules`. `history` gets the
// keys of the positions before the last (for repetitions). Throws UsageError naming the bad
// part, the FEN's or the move's error included.
chess::Position read_position(const std::vector<std::string>& words, const chess::Rules& rules,
                              std::vector<std::uint64_t>& history);

}  // namespace leapfrog::cli::uci
