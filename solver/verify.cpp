#include "solver/verify.h"

#include "puzzles/legality.h"
#include "puzzles/movegen.h"
#include "puzzles/notation.h"
#include "solver/chains/chains.h"

namespace leapfrog {

namespace {

std::string stopped_why(const ChainResult& r) {
  return r.out_of_memory ? "search stopped before the maximum was known: its tables need more "
                           "memory than allowed (--hash)"
                         : "search stopped before the maximum was known";
}

}  // namespace

TurnVerdict verify_turn(const Board& board, const Rules& rules, const Position& pos,
                        const Turn& turn, const SearchControl& control, bool want_max) {
  TurnVerdict v;
  // The path itself (squares, jumps, occupancy, forced continuation) by check_turn, before any
  // search: a stopped search must not hide that a turn is illegal. The two maximum rules by the
  // chain search, which is exact and fast on long chains.
  const bool max_rule = rules.continuation == Continuation::kPieceMax ||
                        rules.continuation == Continuation::kBoardMax;
  Rules path_rules = rules;
  if (max_rule) path_rules.continuation = Continuation::kOptional;
  const TurnCheck check = check_turn(board, path_rules, pos, turn);
  v.value = check.size(rules);
  // A legal path whose search was stopped: judged as far as the path decides.
  const auto not_judged = [&](const ChainResult& stopped) {
    v.complete = false;
    v.legal = !max_rule || turn.removal;
    v.reason = stopped_why(stopped);
    return v;
  };

  // The whole board's maximum: asked for, or board-max's legality needs it.
  if (want_max || rules.continuation == Continuation::kBoardMax) {
    const ChainResult best = best_chains(board, rules, pos, {}, control);
    if (best.complete) {
      v.max = best.value;
      v.example = best.best;
    } else if (check.legal) {
      v.max_known = false;
      return not_judged(best);
    } else {
      v.max_known = false;
    }
  } else {
    v.max_known = false;
  }
  if (!check.legal) {
    v.reason = check.reason;
    return v;
  }
  if (!turn.removal && rules.continuation == Continuation::kPieceMax) {
    ChainOptions one;
    one.only_start = turn.squares.front();
    const ChainResult piece = best_chains(board, rules, pos, one, control);
    if (!piece.complete) return not_judged(piece);
    if (v.value != piece.value) {
      v.reason = "the piece on " + square_name(board, turn.squares.front()) + " can capture " +
                 amount_text(rules, piece.value) + ", this chain " + amount_text(rules, v.value) +
                 " (piece-max continuation: \"must capture as many as possible with the piece that "
                 "was moved\"), e.g. " +
                 format_turn(board, *piece.best);
      return v;
    }
  }
  if (!turn.removal && rules.continuation == Continuation::kBoardMax && v.value != v.max) {
    v.reason = "a chain on the board can capture " + amount_text(rules, v.max) + ", this chain " +
               amount_text(rules, v.value) + " (board-max continuation), e.g. " +
               format_turn(board, *v.example);
    return v;
  }
  v.legal = true;
  if (!v.max_known) return v;
  v.maximal = v.value == v.max;
  if (!v.maximal)
    v.reason = (turn.removal ? "removes " : "captures ") + amount_text(rules, v.value) +
               ", the maximum is " + amount_text(rules, v.max) + ", e.g. " +
               format_turn(board, *v.example);
  return v;
}

}  // namespace leapfrog
