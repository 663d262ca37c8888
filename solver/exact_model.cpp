#include "solver/exact_model.h"

namespace leapfrog::exact {

bool BitRules::covers(const Board& board, const Rules& rules) {
  return rules.players == 2 && board.squares() <= 64;
}

int planes_needed(const Rules& rules, const Position& pos, const Board& board) {
  Value least = 0, most = 0;
  for (int i = 0; i < board.squares(); ++i) {
    const Value v = pos.cells[board.cell(i)];
    if (v == 0) continue;
    least = least == 0 ? v : std::min(least, v);
    most = std::max(most, v);
  }
  if (least == most) return 0;  // one kind of piece: a unit gain
  // By pieces, values only matter for a removal of the cheapest kind still due.
  if (rules.measure == Measure::kPieces &&
      (pos.removals_due == 0 || rules.removal != RemovalKind::kCheapest))
    return 0;
  const int planes = std::bit_width(static_cast<unsigned>(most - 1));
  return planes <= kMaxPlanes ? planes : -1;
}

BitRules::BitRules(const Board& board, const Rules& rules, const Position& pos, bool symmetry)
    : board_(board),
      rules_(rules),
      n_(board.squares()),
      planes_(planes_needed(rules, pos, board)),
      sym_(board, board.jumps(rules.jumps)),
      merge_(symmetry) {
  for (int i = 0; i < n_; ++i) {
    const Value v = pos.cells[board.cell(i)];
    if (v != 0) plain_value_ = v;
  }
  unit_ = planes_ == 0 ? rules.gain(plain_value_) : 1;
  begin_.push_back(0);
  for (int i = 0; i < n_; ++i) {
    for (const Jump& j : board.jumps(board.cell(i), rules.jumps)) {
      jumps_.push_back({static_cast<std::uint8_t>(board.index(j.over)),
                        static_cast<std::uint8_t>(board.index(j.to))});
    }
    begin_.push_back(static_cast<int>(jumps_.size()));
  }
}

template <int P>
Pos<P> BitRules::from_position(const Position& pos) const {
  Pos<P> p;
  for (int i = 0; i < n_; ++i) {
    const Value v = pos.cells[board_.cell(i)];
    if (v == 0) continue;
    p.occ |= std::uint64_t{1} << i;
    for (int b = 0; b < P; ++b) p.planes[b] |= std::uint64_t((v - 1) >> b & 1) << i;
  }
  const int mover = pos.to_move;
  p.due = static_cast<std::uint8_t>((pos.removal_due(mover) ? 1 : 0) |
                                    (pos.removal_due(1 - mover) ? 2 : 0));
  return p;
}

template <int P>
Position BitRules::to_position(const Pos<P>& p, int to_move) const {
  Position pos;
  for (int i = 0; i < n_; ++i)
    if (p.occ >> i & 1U) pos.cells[board_.cell(i)] = static_cast<Value>(value_at(p, i));
  pos.to_move = static_cast<std::uint8_t>(to_move);
  if (p.due & 1U) pos.removals_due |= static_cast<std::uint16_t>(1U << to_move);
  if (p.due & 2U) pos.removals_due |= static_cast<std::uint16_t>(1U << (1 - to_move));
  return pos;
}

template Pos<0> BitRules::from_position<0>(const Position&) const;
template Pos<1> BitRules::from_position<1>(const Position&) const;
template Pos<2> BitRules::from_position<2>(const Position&) const;
template Pos<3> BitRules::from_position<3>(const Position&) const;
template Pos<4> BitRules::from_position<4>(const Position&) const;
template Position BitRules::to_position<0>(const Pos<0>&, int) const;
template Position BitRules::to_position<1>(const Pos<1>&, int) const;
template Position BitRules::to_position<2>(const Pos<2>&, int) const;
template Position BitRules::to_position<3>(const Pos<3>&, int) const;
template Position BitRules::to_position<4>(const Pos<4>&, int) const;

}  // namespace leapfrog::exact
