#include "chess/movegen.h"

#include <bit>
#include <utility>

namespace leapfrog::chess {

Rules rules_for(CaptureRule r) {
  switch (r) {
    case CaptureRule::kMultiple:
      return {true, true};
    case CaptureRule::kOptional:
      return {false, false};
    default:
      return {true, false};
  }
}

std::optional<CaptureRule> parse_capture_rule(std::string_view name) {
  if (name == "compulsory") return CaptureRule::kCompulsory;
  if (name == "multiple") return CaptureRule::kMultiple;
  if (name == "optional") return CaptureRule::kOptional;
  return std::nullopt;
}

namespace {

// One step of a turn, as generated before its legality is known.
struct Step {
  Sq from, to;
  int flags, promotion;
};

template <class F>
void for_each_bit(Bitboard b, F&& f) {
  while (b) {
    f(std::countr_zero(b));
    b &= b - 1;
  }
}

// The steps of the piece on `from` (side to move): captures when `captures`, else quiet
// moves. En passant only when `ep` is allowed (a turn's first step).
template <class F>
void piece_steps(const Position& pos, Sq from, bool captures, bool ep, F&& emit) {
  const Geometry& g = pos.geometry();
  const Color us = pos.side();
  const Piece p = pos.at(from);
  // The king is never captured: in a chain (multiple rule) a step may reach a square from
  // which the king is attacked; that is check, not a capture (docs/leapchess.md).
  const Bitboard them = pos.pieces(opposite(us)) & ~pos.pieces(opposite(us), kKing);
  const Bitboard empty = g.squares & ~pos.occupied();
  if (kind_of(p) != kPawn) {
    const Bitboard targets = g.leaps[kind_of(p)][from] & (captures ? them : empty);
    for_each_bit(targets, [&](Sq to) { emit(Step{from, to, captures ? kCapture : 0, 0}); });
    return;
  }
  const auto pawn_step = [&](Sq to, int flags) {
    if (rank_of(to) == g.promotion_rank[us]) {
      for (Kind k : kPromotions) emit(Step{from, to, flags, k});
    } else {
      emit(Step{from, to, flags, 0});
    }
  };
  if (captures) {
    for_each_bit(g.pawn_attacks[us][from] & them, [&](Sq to) { pawn_step(to, kCapture); });
    const Sq e = pos.en_passant();
    if (ep && e != kNoSq && (g.pawn_attacks[us][from] & bit(e)))
      emit(Step{from, e, kCapture | kEnPassant, 0});
    return;
  }
  const Sq one = from + g.forward[us];
  if (!g.has(one) || !(empty & bit(one))) return;
  pawn_step(one, 0);
  const Sq two = one + g.forward[us];
  if (rank_of(from) == g.double_rank[us] && g.has(two) && (empty & bit(two)))
    emit(Step{from, two, kDoubleStep, 0});
}

bool king_safe(const Position& mid_turn) {
  const Color us = mid_turn.side();
  return !mid_turn.attacked(mid_turn.king(us), opposite(us));
}

// Extends a multiple-capture turn whose last step left the piece on m.to() in `pos` (still
// the mover's turn). A piece that can capture again must (a continuation counts when it
// leads to a legal turn); the turn is legal when it ends with the mover's king safe. A
// promotion ends the turn. Returns whether it added a turn.
bool extend_chain(const Position& pos, Move& m, MoveList& out) {
  bool added = false;
  if (m.promotion == 0 && m.steps < kMaxChain) {
    piece_steps(pos, m.to(), true, false, [&](const Step& s) {
      Position next = pos;
      next.step(s.from, s.to, static_cast<std::uint8_t>(s.flags),
                static_cast<std::uint8_t>(s.promotion));
      m.path[++m.steps] = static_cast<std::uint8_t>(s.to);
      m.promotion = static_cast<std::uint8_t>(s.promotion);
      if (extend_chain(next, m, out)) added = true;
      m.promotion = 0;
      --m.steps;
    });
  }
  if (added || !king_safe(pos)) return added;
  out.push_back(m);
  return true;
}

Move single(const Step& s) {
  Move m;
  m.path[0] = static_cast<std::uint8_t>(s.from);
  m.path[1] = static_cast<std::uint8_t>(s.to);
  m.steps = 1;
  m.flags = s.flags;
  m.promotion = static_cast<std::uint8_t>(s.promotion);
  return m;
}

void captures_into(const Position& pos, const Rules& rules, MoveList& out) {
  Position base = pos;
  base.begin_turn();
  for_each_bit(pos.pieces(pos.side()), [&](Sq from) {
    piece_steps(pos, from, true, true, [&](const Step& s) {
      Position next = base;
      next.step(s.from, s.to, static_cast<std::uint8_t>(s.flags),
                static_cast<std::uint8_t>(s.promotion));
      Move m = single(s);
      if (rules.chain)
        extend_chain(next, m, out);
      else if (king_safe(next))
        out.push_back(m);
    });
  });
}

void quiets_into(const Position& pos, MoveList& out) {
  const Geometry& g = pos.geometry();
  Position base = pos;
  base.begin_turn();
  const auto try_step = [&](const Step& s) {
    Position next = base;
    next.step(s.from, s.to, static_cast<std::uint8_t>(s.flags),
              static_cast<std::uint8_t>(s.promotion));
    if (king_safe(next)) out.push_back(single(s));
  };
  for_each_bit(pos.pieces(pos.side()),
               [&](Sq from) { piece_steps(pos, from, false, false, try_step); });
  // Castling: both pieces unmoved (the right), the squares between empty, the king not in
  // check, not passing over an attacked square (on the 64-square board) and not onto one.
  const Color us = pos.side();
  if (!(pos.castling() & (us == kRed ? 3 : 12)) || pos.in_check()) return;
  for (const Castle& c : g.castles[us]) {
    if (!(pos.castling() & c.right) || (pos.occupied() & c.empty)) continue;
    bool crossed_safe = true;
    for_each_bit(c.crossed,
                 [&](Sq s) { crossed_safe = crossed_safe && !pos.attacked(s, opposite(us)); });
    if (!crossed_safe) continue;
    Move m;
    m.path[0] = static_cast<std::uint8_t>(c.king_from);
    m.path[1] = static_cast<std::uint8_t>(c.written_to);
    m.steps = 1;
    m.flags = c.flag;
    Position next = base;
    next.step(c.king_from, c.written_to, c.flag, 0);
    if (king_safe(next)) out.push_back(m);
  }
}

}  // namespace

void legal_moves(const Position& pos, const Rules& rules, MoveList& out) {
  const std::size_t first = out.size();
  captures_into(pos, rules, out);
  if (rules.must_capture && out.size() > first) return;
  quiets_into(pos, out);
}

MoveList legal_moves(const Position& pos, const Rules& rules) {
  MoveList out;
  legal_moves(pos, rules, out);
  return out;
}

MoveList legal_captures(const Position& pos, const Rules& rules) {
  MoveList out;
  captures_into(pos, rules, out);
  return out;
}

int mobility(const Position& pos, Color c) {
  const Geometry& g = pos.geometry();
  const Bitboard own = pos.pieces(c);
  const Bitboard empty = g.squares & ~pos.occupied();
  int n = 0;
  for_each_bit(own & ~pos.pieces(c, kPawn),
               [&](Sq s) { n += std::popcount(g.leaps[kind_of(pos.at(s))][s] & ~own); });
  for_each_bit(pos.pieces(c, kPawn), [&](Sq s) {
    n += std::popcount(g.pawn_attacks[c][s] & pos.pieces(opposite(c)));
    const Sq one = s + g.forward[c];
    if (g.has(one) && (empty & bit(one))) ++n;
  });
  return n;
}

namespace {

struct PerftWalk {
  const Rules& rules;
  const Poller& poller;
  std::vector<MoveList> lists;
  std::uint64_t visited = 0;
  bool stopped = false;  // once set, every call returns at once: the walk unwinds

  std::uint64_t run(const Position& pos, int depth) {
    if (stopped) return 0;
    // The stop is polled at the first inner position and every 1024th after it: a walk asked
    // to stop before it starts counts nothing, and one stopped on the way ends within 1024
    // inner positions.
    if (depth > 1 && (visited++ & 0x3FF) == 0 && poller.limit_reached(visited)) {
      stopped = true;
      return 0;
    }
    MoveList& moves = lists[static_cast<std::size_t>(depth)];
    moves.clear();
    legal_moves(pos, rules, moves);
    if (depth == 1) return moves.size();
    std::uint64_t n = 0;
    for (std::size_t i = 0; i < moves.size() && !stopped; ++i)
      n += run(pos.after(moves[i]), depth - 1);
    return n;
  }
};

// The walk's count, and whether a limit stopped it.
std::pair<std::uint64_t, bool> walk(const Position& pos, const Rules& rules, int depth,
                                    const Poller& poller) {
  if (depth <= 0) return {1, false};
  PerftWalk w{rules, poller, std::vector<MoveList>(static_cast<std::size_t>(depth) + 1), 0};
  const std::uint64_t n = w.run(pos, depth);
  return {n, w.stopped};
}
}  // namespace

std::optional<std::uint64_t> perft_whole(const Position& pos, const Rules& rules, int depth,
                                         const Poller& poller) {
  const auto [n, stopped] = walk(pos, rules, depth, poller);
  if (stopped) return std::nullopt;
  return n;
}

std::uint64_t perft(const Position& pos, const Rules& rules, int depth,
                    const SearchControl& control) {
  const Poller poller(control);
  return walk(pos, rules, depth, poller).first;
}

}  // namespace leapfrog::chess
