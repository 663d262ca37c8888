// Long-algebraic move text (b2b4, b7b8s; castling on the 44-square board as the king's move
// onto its own knight's square, d1e1, d1b1, on the 64-square board as in chess, e1g1, e1c1; a
// multiple-capture turn joins its squares with x: c2xe4xc6), and the
// judgement of a move given as text (verify).
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "chess/movegen.h"

namespace leapfrog::chess {

// Move text that is not a move of the notation; the message says why.
class MoveSyntaxError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

std::string move_text(const Move& m);

// A move as written: its squares (at least two) and the promotion letter's kind, if any.
struct WrittenMove {
  std::vector<Sq> squares;
  Kind promotion = kNoKind;
  bool written_capture = false;  // an 'x' joins its squares: the move must capture
};
// Throws MoveSyntaxError on anything that is not squares of the board (an 'x' between them
// optional for one step, required for more) with an optional promotion letter n, a, d or s.
// The squares are those of `board` (the position's: pos.geometry()).
WrittenMove parse_move(std::string_view text, const Geometry& board = geometry());

// The legal move written so, or nothing.
const Move* find_move(const MoveList& legal, const WrittenMove& w);

// Is the written move legal? When not: why, and when a capture was due, the captures the
// rule required.
struct Verdict {
  bool legal = false;
  Move move;                   // when legal
  std::string reason;          // when not legal
  std::vector<Move> required;  // captures the rule required (not legal because one was due)
};
Verdict judge(const Position& pos, const Rules& rules, const WrittenMove& w);

}  // namespace leapfrog::chess
