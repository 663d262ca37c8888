// The rules of one game: an immutable value built once (from a variant preset and the
// user's overrides) and passed by const reference. Hot code reads its fields; it never asks
// which variant is being played.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/geometry.h"
#include "puzzles/types.h"

namespace leapfrog {

// How long a jump chain must be (docs/rules.md, "Switches").
enum class Continuation : std::uint8_t {
  // Stop after any capture. BrainKing: "it is not mandatory to capture more than one
  // piece"; Wikipedia: "A player can decide how many captures to be made".
  kOptional,
  // Keep jumping while the moved piece can (Sackson's Take It Away, Franklin's Leap Chess).
  kForced,
  // Murray: "the player must capture as many as possible with the piece that was moved".
  kPieceMax,
  // Capture as much as any chain on the board could (the majority rule of draughts).
  kBoardMax,
};

// What "as much as possible" and the scores count.
enum class Measure : std::uint8_t { kPoints, kPieces };

// Who removes a piece before the jumping starts.
enum class Opening : std::uint8_t {
  kEachPlayer,   // Cyningstan, Wikipedia: "Each player removes one piece from the board"
  kFirstPlayer,  // Murray: "the first player removes one piece"; Froglet
  kNone,         // no removal (peg solitaire boards start with a hole)
};

// Which pieces an opening removal may take.
enum class RemovalKind : std::uint8_t {
  kAny,
  // Murray: "the first player must remove a white piece to begin"; generalised
  // to: a piece of the lowest value on the board.
  kCheapest,
};

struct Rules {
  Continuation continuation = Continuation::kOptional;
  Measure measure = Measure::kPoints;
  // Which directions a piece may jump in: orthogonal (every source), or orthogonal and
  // diagonal (Cyningstan: "experiment with the addition of diagonal jumps"; Take It Away).
  JumpSet jumps = JumpSet::kOrthogonal;
  Opening opening = Opening::kEachPlayer;
  RemovalKind removal = RemovalKind::kAny;
  int players = 2;

  // What capturing (or removing) a piece of value v adds to the score and to a chain's size.
  Score gain(Value v) const { return measure == Measure::kPoints ? v : 1; }

  bool operator==(const Rules&) const = default;
};

// The same rules for a lone player, who makes every turn (solitaire).
inline Rules one_player(Rules rules) {
  rules.players = 1;
  return rules;
}

std::string_view to_string(Continuation c);
std::string_view to_string(Measure m);
std::string_view to_string(Opening o);
std::string_view to_string(RemovalKind k);
std::optional<Continuation> parse_continuation(std::string_view s);
std::optional<Measure> parse_measure(std::string_view s);
std::optional<Opening> parse_opening(std::string_view s);
std::optional<RemovalKind> parse_removal_kind(std::string_view s);

// A one-line human summary, e.g. "optional continuation, by points, orthogonal jumps, ...".
std::string describe(const Rules& rules);

// n in the rules' measure: "1 point", "5 points", "2 pieces".
std::string amount_text(const Rules& rules, Score n);

}  // namespace leapfrog
