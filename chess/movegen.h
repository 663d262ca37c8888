// Legal move generation under the capture rules of Leap Chess (Ken Franklin's Leap Chess
// page; docs/leapchess.md says how each unclear point is read), and perft.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "chess/position.h"
#include "core/control.h"
#include "core/poller.h"

namespace leapfrog::chess {

// The capture rule as data. compulsory: when any legal capture exists only captures are
// legal (any one may be chosen). multiple: the same, and a piece that captured must go on
// capturing with the same piece while it can (no duty to take the most). optional: captures
// are not forced.
struct Rules {
  bool must_capture = true;
  bool chain = false;
};
enum class CaptureRule { kCompulsory, kMultiple, kOptional };
Rules rules_for(CaptureRule r);
std::optional<CaptureRule> parse_capture_rule(std::string_view name);

using MoveList = std::vector<Move>;

// Appends the legal turns of the side to move to `out` (captures first, in a fixed order).
void legal_moves(const Position& pos, const Rules& rules, MoveList& out);
MoveList legal_moves(const Position& pos, const Rules& rules);

// Every legal capture turn, whatever the duty (for verify's "required").
MoveList legal_captures(const Position& pos, const Rules& rules);

// The number of pseudo-legal moves of colour c (the evaluation's mobility).
int mobility(const Position& pos, Color c);

// Leaf count of the legal-move tree of `depth` turns. Polls its control's stop, node limit
// (inner positions of this walk) and time limit now and then; when one is reached, returns
// what was counted so far.
std::uint64_t perft(const Position& pos, const Rules& rules, int depth,
                    const SearchControl& control = {});
// The same, none when a limit stopped the walk. Walks one after another on one Poller share
// its clock (a perft divided by first moves).
std::optional<std::uint64_t> perft_whole(const Position& pos, const Rules& rules, int depth,
                                         const Poller& poller);

}  // namespace leapfrog::chess
