// Game records: a PGN-like text (docs/records.md) read and written by the model; the
// command line does the file I/O.
//
//   ; a comment to the end of the line          { a comment in braces, may span lines }
//   [Variant "murray"]                          the preset whose rules the record starts from
//   [Rules "continuation=piece-max opening=first removal=cheapest"]   rule fields, as in
//                                               position text, laid over the variant's
//   [Board "5x5"]                               optional; checked against the start position
//   [Players "Ann, Bob"]                        the players' names; their number sets players
//   [Start "12341/21342/..."]                   the start position (position text, one line)
//   [Scores "12,9"]                             optional claimed final scores, checked on replay
//   1. xc3 2. xb4 {a comment} 3. a1xc1xc3 ...   the turns, numbered by ply (numbers optional)
//
// A Start board with every square full is the start of a game: the opening removals of the
// rules are due. Otherwise the position is taken as written (its turn=, scores=, removals=).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "puzzles/notation.h"

namespace leapfrog {

struct RecordTag {
  std::string name;
  std::string value;
  int line = 0;
};

struct RecordTurn {
  Turn turn;
  std::string comment;  // the comments in braces that follow the turn, joined by a space
  int line = 0;         // where the move text starts, 1-based
  int column = 0;
};

struct GameRecord {
  std::vector<RecordTag> tags;               // in the order read (or to be written)
  Setup start;                               // the position before the first turn, with the rules
  std::vector<std::string> players;          // names, possibly empty
  std::optional<std::vector<Score>> scores;  // the claimed final scores
  std::vector<RecordTurn> turns;

  // The value of the first tag of that name, or nullopt.
  std::optional<std::string> tag(std::string_view name) const;
};

// Throws ParseError naming the place: "record line 7, column 12: ...".
//
// `variant` (a preset's name, or empty) and `later` are rule settings from outside the
// record, a command line's: they win over the record's own, and every check of the start
// (the player to move, the scores and removals of players beyond the count, [Scores]) is
// made under the rules they give, which a full start board owes the opening removals of.
GameRecord parse_record(std::string_view text, std::string_view variant = {},
                        const RuleOverrides& later = {});

// The record as text: its tags in order, then the turns numbered by ply with their
// comments. parse_record(format_record(r)) gives r back (tags, start, turns, comments).
std::string format_record(const GameRecord& record);

// A record of a game played from `start` (tags Variant, Rules, Board, Players, Start).
GameRecord make_record(const Setup& start, const std::vector<std::string>& players,
                       const std::vector<Turn>& turns);

}  // namespace leapfrog
