// Position text and move notation (docs/notation.md), read and written with exact round trips.
//
// Position text: rows from top to bottom, joined by '/' on one line or one row per line in
// a grid file. A cell is a digit 1..9 (a piece of that value), '.' (empty square) or '#'
// (no square); on input W Y R G are Murray's pieces 1 2 3 4 and 'o' a plain piece (1).
// After the rows come optional whitespace-separated fields key=value:
//   variant=NAME           a preset (its rules are the base the other fields change)
//   players=N              number of players (default: the variant's, a bare board being
//                          the traditional game with 2; more if scores= lists more)
//   turn=K                 the player to move, 1-based (default 1)
//   scores=A,B,...         scores so far, player 1 first (default all 0)
//   removals=1,2 | -       players who still owe an opening removal (default none)
//   continuation=optional|forced|piece-max|board-max   by=points|pieces
//   diagonal=yes|no        opening=each|first|none      removal=any|cheapest
//   grid=square|hex        the lattice: square (4 directions, 8 with diagonal=yes) or hex
//                          (six directions on a sheared grid; diagonal=yes is an error)
// In a grid file, blank lines and comment lines (a '#' followed by a space, or ';' first)
// are skipped. A bare board (no variant=) has the traditional rules, players 2 included;
// player 1 is to move, the scores are 0. solve and reach read any position as solitaire.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "puzzles/position.h"
#include "puzzles/variant.h"

namespace leapfrog {

// Bad input. what() names the place: "position line 2, column 3: unknown piece 'Z'".
class ParseError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Rule settings given explicitly (in position text, a record or on the command line), laid
// over a variant's preset rules.
struct RuleOverrides {
  std::optional<Continuation> continuation;
  std::optional<Measure> measure;
  std::optional<JumpSet> jumps;  // the fields grid=square|hex and diagonal=yes|no
  std::optional<Opening> opening;
  std::optional<RemovalKind> removal;
  std::optional<int> players;

  Rules apply(Rules base) const;
  // Later settings win where both say something.
  RuleOverrides merged_with(const RuleOverrides& later) const;
  bool operator==(const RuleOverrides&) const = default;
};

// A position with everything needed to play on from it.
struct Setup {
  Board board{1, 1};
  Position position;
  std::string variant;      // empty: none named (a bare board)
  RuleOverrides overrides;  // rule fields given with the position (players included)

  // The variant's preset rules (traditional when none is named) with the overrides.
  Rules rules() const;
  bool operator==(const Setup&) const = default;
};

// The position as the one-player game (solitaire) reads it: one player makes every turn
// (players=1, player 1 to move, no scores), and makes one opening removal first if any player
// of the position still owes one, whatever the number of players the position names.
Setup one_player(const Setup& setup);

// Parses position text (one line or a grid file). Throws ParseError naming line and column.
// `removals_written` and `players_written`, when given, tell whether the text has a removals=
// or a players= field (even one that gives the default; a count only implied by turn=,
// scores= or removals= is not written).
Setup parse_position(std::string_view text, bool* removals_written = nullptr,
                     bool* players_written = nullptr);

// One-line position text; fields are written only where they differ from the defaults, so
// parse_position(format_position(s)) == s.
std::string format_position(const Setup& setup);
// The `removals=` field's value: the players who owe a removal ("1,2"), or "-" for none.
std::string format_removals(const Position& pos, int players);
// The board alone, one row per line (a grid file without fields).
std::string format_grid(const Board& board, const Position& pos);

// "c12" -> square; throws ParseError when malformed or off the board.
Square parse_square(const Board& board, std::string_view text);

// Move notation: "xd4" (removal) or "c3xe3xe5" (a jump chain). Parsing checks the syntax and
// that every square is on the board, not legality. Throws ParseError ("move column 4: ...").
Turn parse_turn(const Board& board, std::string_view text);
std::string format_turn(const Board& board, const Turn& turn);
std::string format_turn(const Board& board, const TurnView& turn);

}  // namespace leapfrog
