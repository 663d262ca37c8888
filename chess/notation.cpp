#include "chess/notation.h"

#include <algorithm>
#include <bit>

#include "core/respell.h"
#include "core/text.h"

namespace leapfrog::chess {

namespace {
constexpr std::string_view kPromotionLetters = "  nads";  // by Kind

// " (did you mean b1c3?)" when `text` is a move in another spelling (Nb1c3, e2-e4, E2E4) that
// reads as long algebraic; else "".
std::string respelt_hint(std::string_view text, const Geometry& board) {
  const auto write = [](const Respelt& r) {
    std::string out;
    for (std::size_t i = 0; r.squares.size() >= 2 && i < r.squares.size(); ++i)
      out += (i && r.squares.size() > 2 ? "x" : "") + r.squares[i];
    return out;
  };
  return meant_move(text, "KNADSP", false, write, [&](const std::string& written) {
    try {
      parse_move(written, board);
      return true;
    } catch (const MoveSyntaxError&) {
      return false;
    }
  });
}
}  // namespace

std::string move_text(const Move& m) {
  std::string out = square_name(m.from());
  for (int i = 1; i <= m.steps; ++i) {
    if (m.steps > 1) out += 'x';
    out += square_name(m.path[static_cast<std::size_t>(i)]);
  }
  if (m.promotion) out += kPromotionLetters[m.promotion];
  return out;
}

WrittenMove parse_move(std::string_view text, const Geometry& board) {
  const std::string quoted = quoted_start(text);
  WrittenMove w;
  std::size_t i = 0;
  bool crossed = false;
  while (i < text.size()) {
    if (!w.squares.empty() && text[i] == 'x') {
      crossed = true;
      ++i;
    }
    if (i + 2 > text.size() || text[i] < 'a' || text[i] > 'z' || text[i + 1] < '0' ||
        text[i + 1] > '9') {
      if (w.squares.size() >= 2 && i + 1 == text.size()) {
        const auto k = kPromotionLetters.find(static_cast<char>(text[i] | 0x20));
        if (k != std::string_view::npos && k >= kKnight) {
          w.promotion = static_cast<Kind>(k);
          break;
        }
      }
      throw MoveSyntaxError("move " + quoted +
                            " is not long algebraic (squares such as b2b4, c2xe4xc6, b7b8s)" +
                            respelt_hint(text, board));
    }
    std::size_t len = 2;
    while (i + len < text.size() && text[i + len] >= '0' && text[i + len] <= '9') ++len;
    const std::string_view name = text.substr(i, len);
    const Sq s = parse_square(name);
    if (s == kNoSq || !board.has(s))
      throw MoveSyntaxError("move " + quoted + ": " + quoted_start(name) +
                            " is not a square of the board (" + board.describe + ")");
    w.squares.push_back(s);
    i += len;
  }
  if (w.squares.size() < 2)
    throw MoveSyntaxError("move " + quoted + " needs a start and a landing square (e.g. b2b4)");
  if (w.squares.size() > 2 && !crossed)
    throw MoveSyntaxError("move " + quoted + ": a multiple-capture turn joins its squares with x");
  if (w.squares.size() > kMaxChain + 1)
    throw MoveSyntaxError("move " + quoted + " has more than 15 captures");
  w.written_capture = crossed;
  return w;
}

namespace {

bool same_path(const Move& m, const WrittenMove& w, std::size_t length) {
  if (length > static_cast<std::size_t>(m.steps) + 1) return false;
  for (std::size_t i = 0; i < length; ++i)
    if (m.path[i] != w.squares[i]) return false;
  return true;
}

}  // namespace

const Move* find_move(const MoveList& legal, const WrittenMove& w) {
  for (const Move& m : legal)
    if (static_cast<std::size_t>(m.steps) + 1 == w.squares.size() &&
        same_path(m, w, w.squares.size()) && m.promotion == w.promotion &&
        (m.is_capture() || !w.written_capture))
      return &m;
  return nullptr;
}

Verdict judge(const Position& pos, const Rules& rules, const WrittenMove& w) {
  Verdict v;
  const MoveList legal = legal_moves(pos, rules);
  if (const Move* m = find_move(legal, w)) {
    v.legal = true;
    v.move = *m;
    return v;
  }
  const Sq from = w.squares[0];
  const std::string written = square_name(from) + "..." + square_name(w.squares.back());
  const Piece p = pos.at(from);
  if (!p || color_of(p) != pos.side()) {
    v.reason = "no piece of the side to move on " + square_name(from);
    return v;
  }
  if (legal.empty()) {
    v.reason = "the side to move has no legal move (the game is over: it has lost)";
    return v;
  }
  // Written with an x, but the move captures nothing.
  WrittenMove plain = w;
  plain.written_capture = false;
  if (w.written_capture) {
    if (const Move* m = find_move(legal, plain)) {
      v.reason =
          "the move is written as a capture (x) but captures nothing: write it " + move_text(*m);
      return v;
    }
  }
  // A chain stopped too early: a legal turn starts with these squares and goes on.
  for (const Move& m : legal)
    if (static_cast<std::size_t>(m.steps) + 1 > w.squares.size() &&
        same_path(m, w, w.squares.size())) {
      v.reason = "the turn stops too early: the piece on " + square_name(w.squares.back()) +
                 " can capture again and must go on (e.g. " + move_text(m) + ")";
      return v;
    }
  // Promotion letter missing or not wanted.
  for (const Move& m : legal)
    if (static_cast<std::size_t>(m.steps) + 1 == w.squares.size() &&
        same_path(m, w, w.squares.size())) {
      v.reason = m.promotion ? "a pawn reaching the last rank must promote: add n, a, d or s"
                             : "only a pawn reaching the last rank promotes";
      return v;
    }
  // Legal but for the capture duty: the same move among the moves of the optional rule.
  const MoveList free_moves = legal_moves(pos, Rules{false, rules.chain});
  if (rules.must_capture && find_move(free_moves, plain)) {
    v.reason = "a capture is due: under this rule the side to move must capture";
    v.required = legal_captures(pos, rules);
    return v;
  }
  // A chain of captures where each turn captures once: a turn (or the start of one) only
  // under the multiple rule.
  if (w.squares.size() > 2 && !rules.chain) {
    const MoveList chains = legal_moves(pos, Rules{rules.must_capture, true});
    if (std::any_of(chains.begin(), chains.end(),
                    [&](const Move& m) { return same_path(m, w, w.squares.size()); })) {
      v.reason =
          "a chain of captures is one turn only under the multiple capture rule; under this "
          "rule a turn captures once";
      return v;
    }
  }
  // What is left breaks the piece's move or the king's safety.
  if (w.squares.size() == 2) {
    // A move the piece makes by its leaps but that leaves the king attacked?
    Position after = pos;
    after.begin_turn();
    const Piece target = pos.at(w.squares[1]);
    const bool own = target && color_of(target) == pos.side();
    const std::string to = square_name(w.squares[1]);
    // A king onto its own piece may be a castling (d1e1, d1b1): its reasons come below.
    if (own && kind_of(p) != kKing) {
      v.reason = "the piece on " + square_name(from) + " cannot move to " + to + ": " + to +
                 " holds a piece of the side to move";
      return v;
    }
    const Geometry& g = pos.geometry();
    // A castling the position does not allow: which of its conditions fails.
    for (const Castle& c : g.castles[pos.side()]) {
      if (kind_of(p) != kKing || c.king_from != from || c.written_to != w.squares[1]) continue;
      const std::string castling = "castling " + square_name(from) + square_name(c.written_to);
      if (!(pos.castling() & c.right)) {
        v.reason = castling + " needs the king and its partner unmoved: the right is gone";
        return v;
      }
      if (pos.in_check()) {
        v.reason = castling + " is not allowed out of check";
        return v;
      }
      if (const Bitboard between = pos.occupied() & c.empty) {
        v.reason = castling + " needs the squares between empty: " +
                   square_name(static_cast<Sq>(std::countr_zero(between))) + " holds a piece";
        return v;
      }
      for (Bitboard crossed = c.crossed; crossed; crossed &= crossed - 1) {
        const Sq s = static_cast<Sq>(std::countr_zero(crossed));
        if (pos.attacked(s, opposite(pos.side()))) {
          v.reason = castling + " may not pass over an attacked square: " + square_name(s);
          return v;
        }
      }
      v.reason = "the move would leave the king in check";
      return v;
    }
    const int ahead = g.forward[pos.side()];
    if (kind_of(p) == kPawn && (w.squares[1] == from + ahead || w.squares[1] == from + 2 * ahead)) {
      if (w.squares[1] == from + 2 * ahead && rank_of(from) == g.double_rank[pos.side()] &&
          pos.at(from + ahead)) {
        v.reason = "the pawn on " + square_name(from) + " cannot step over the piece on " +
                   square_name(from + ahead);
        return v;
      }
      if (target) {
        v.reason = "a pawn does not capture straight ahead: " + to + " is occupied";
        return v;
      }
    }
    if (kind_of(p) != kPawn && (g.leaps[kind_of(p)][from] & bit(w.squares[1]))) {
      after.step(from, w.squares[1], target ? kCapture : 0, 0);
      if (after.attacked(after.king(pos.side()), opposite(pos.side()))) {
        v.reason = "the move would leave the king in check";
        return v;
      }
    }
  }
  v.reason = "the piece on " + square_name(from) + " cannot move " +
             (w.squares.size() > 2 ? "so (" + written + ")" : "to " + square_name(w.squares[1]));
  return v;
}

}  // namespace leapfrog::chess
