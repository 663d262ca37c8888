#include "chess/position.h"

#include <algorithm>
#include <bit>
#include <charconv>
#include <vector>

#include "core/text.h"

namespace leapfrog::chess {

namespace {

constexpr std::string_view kLetters = " pnadsk";  // by Kind

char piece_letter(Piece p) {
  const char c = kLetters[kind_of(p)];
  return color_of(p) == kRed ? static_cast<char>(c - 'a' + 'A') : c;
}

Piece piece_from_letter(char c) {
  const bool red = c >= 'A' && c <= 'Z';
  const char lower = red ? static_cast<char>(c - 'A' + 'a') : c;
  const auto k = kLetters.find(lower);
  if (lower == ' ' || k == std::string_view::npos) return 0;
  return make_piece(red ? kRed : kBlack, static_cast<Kind>(k));
}

std::vector<std::string_view> split(std::string_view text, char sep, bool skip_empty) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= text.size(); ++i) {
    if (i < text.size() && text[i] != sep) continue;
    if (!skip_empty || i > start) out.push_back(text.substr(start, i - start));
    start = i + 1;
  }
  return out;
}

// A clock field lo..Position::kMaxClock, the range the clocks keep.
int parse_count(std::string_view text, const char* field, int lo) {
  int v = -1;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || ec != std::errc() || ptr != text.data() + text.size() || v < lo ||
      v > Position::kMaxClock || text[0] == '+' || text[0] == '-')
    throw FenError(std::string("FEN ") + field + " must be a whole number " + std::to_string(lo) +
                   ".." + std::to_string(Position::kMaxClock) + ", not " + quoted_start(text));
  return v;
}

int tick(int clock) { return std::min(clock + 1, Position::kMaxClock); }

const char* color_name(Color c) { return c == kRed ? "Red" : "Black"; }

}  // namespace

std::string square_name(Sq s) {
  std::string out(1, static_cast<char>('a' + file_of(s)));
  out += static_cast<char>('1' + rank_of(s));
  return out;
}

Sq parse_square(std::string_view text) {
  if (text.size() != 2) return kNoSq;
  const int f = text[0] - 'a', r = text[1] - '1';
  if (f < 0 || f >= kGridFiles || r < 0 || r >= kRanks) return kNoSq;
  return make_sq(f, r);
}

void Position::put(Sq s, Piece p) {
  board_[static_cast<std::size_t>(s)] = p;
  by_color_[color_of(p)] |= bit(s);
  by_kind_[kind_of(p)] |= bit(s);
  key_ ^= zobrist().piece[p][static_cast<std::size_t>(s)];
}

void Position::remove(Sq s) {
  const Piece p = at(s);
  board_[static_cast<std::size_t>(s)] = 0;
  by_color_[color_of(p)] &= ~bit(s);
  by_kind_[kind_of(p)] &= ~bit(s);
  key_ ^= zobrist().piece[p][static_cast<std::size_t>(s)];
}

Sq Position::king(Color c) const {
  const Bitboard k = pieces(c, kKing);
  return k ? std::countr_zero(k) : kNoSq;
}

bool Position::attacked(Sq s, Color by) const {
  const Geometry& g = *geo_;
  const Bitboard them = by_color_[by];
  // Every leap is symmetric: a piece on t reaches s when one on s would reach t.
  if (g.leaps[kKnight][s] & them & by_kind_[kKnight]) return true;
  if (g.leaps[kKing][s] & them & by_kind_[kKing]) return true;
  if (g.leaps[kAlfil][s] & them & (by_kind_[kAlfil] | by_kind_[kSail])) return true;
  if (g.leaps[kDabbabah][s] & them & (by_kind_[kDabbabah] | by_kind_[kSail])) return true;
  return (g.pawn_attacks[opposite(by)][s] & them & by_kind_[kPawn]) != 0;
}

void Position::begin_turn() {
  if (ep_ != kNoSq) {
    key_ ^= zobrist().ep_file[static_cast<std::size_t>(file_of(ep_))];
    ep_ = kNoSq;
  }
}

void Position::step(Sq from, Sq to, std::uint8_t flags, std::uint8_t promotion) {
  const Geometry& g = *geo_;
  const Zobrist& z = zobrist();
  const Piece p = at(from);
  key_ ^= z.castling[castling_];
  castling_ &= g.keep_rights[from] & g.keep_rights[to];
  key_ ^= z.castling[castling_];
  if (flags & (kCastleKing | kCastleQueen)) {
    const Castle& c = g.castle(side_, flags);
    const Piece partner = at(c.partner_from);
    remove(c.king_from);
    remove(c.partner_from);
    put(c.king_to, p);
    put(c.partner_to, partner);
    halfmove_ = tick(halfmove_);
    return;
  }
  if (flags & kEnPassant) {
    remove(to - g.forward[side_]);
  } else if (at(to) != 0) {
    remove(to);
  }
  remove(from);
  put(to, promotion ? make_piece(side_, static_cast<Kind>(promotion)) : p);
  halfmove_ = (kind_of(p) == kPawn || (flags & kCapture)) ? 0 : tick(halfmove_);
  if (flags & kDoubleStep) {
    ep_ = from + g.forward[side_];
    key_ ^= z.ep_file[static_cast<std::size_t>(file_of(ep_))];
  }
}

void Position::end_turn() {
  if (side_ == kBlack) fullmove_ = tick(fullmove_);
  side_ = opposite(side_);
  key_ ^= zobrist().side;
}

Position Position::after(const Move& m) const {
  Position p = *this;
  p.begin_turn();
  p.step(m.path[0], m.path[1], m.flags, m.steps == 1 ? m.promotion : 0);
  for (int i = 1; i < m.steps; ++i)
    p.step(m.path[static_cast<std::size_t>(i)], m.path[static_cast<std::size_t>(i) + 1], kCapture,
           i + 1 == m.steps ? m.promotion : 0);
  p.end_turn();
  return p;
}

std::uint64_t Position::compute_key() const {
  const Zobrist& z = zobrist();
  std::uint64_t k = z.castling[castling_];
  for (Sq s = 0; s < kCells; ++s)
    if (at(s)) k ^= z.piece[at(s)][static_cast<std::size_t>(s)];
  if (side_ == kBlack) k ^= z.side;
  if (ep_ != kNoSq) k ^= z.ep_file[static_cast<std::size_t>(file_of(ep_))];
  return k;
}

bool Position::operator==(const Position& o) const {
  return geo_ == o.geo_ && board_ == o.board_ && side_ == o.side_ && castling_ == o.castling_ &&
         ep_ == o.ep_ && halfmove_ == o.halfmove_ && fullmove_ == o.fullmove_;
}

Position Position::start(BoardKind board) { return from_fen(chess::geometry(board).start_fen); }

Position Position::from_fen(std::string_view text) {
  text = skip_bom(text);
  const auto fields = split(text, ' ', true);
  if (fields.empty()) throw FenError("empty FEN");
  if (fields.size() == 1 && fields[0] == "startpos") return start(BoardKind::k44);
  if (fields.size() == 1 && fields[0] == "startpos64") return start(BoardKind::k64);
  if (fields.size() > 6)
    throw FenError("FEN has " + std::to_string(fields.size()) +
                   " fields, at most 6 (board, side, castling, en passant, clocks)");
  Position p;
  p.key_ = zobrist().castling[0];
  const auto ranks = split(fields[0], '/', false);
  if (ranks.size() != kRanks)
    throw FenError("FEN board has " + count_text(ranks.size(), "rank", "ranks") +
                   ", not 8 (ranks 8 to 1 joined by '/')");
  // The board is the one of rank 8's width: 6 files the 44-square board, 8 the 64-square one.
  int width = 0;
  for (char c : ranks[0]) width += c >= '1' && c <= '9' ? c - '0' : 1;
  if (width != 6 && width != 8)
    throw FenError("FEN rank 8 " + quoted_start(ranks[0]) + " has " + std::to_string(width) +
                   " files, not 6 (the 44-square board) or 8 (the 64-square board)");
  p.geo_ = &chess::geometry(width == 6 ? BoardKind::k44 : BoardKind::k64);
  const Geometry& g = *p.geo_;
  const std::string files = std::to_string(g.files);
  for (std::size_t i = 0; i < ranks.size(); ++i) {
    const int r = kRanks - 1 - static_cast<int>(i);
    const std::string rank_text = "FEN rank " + std::to_string(r + 1);
    const auto too_wide = [&] {
      return FenError(rank_text + " " + quoted_start(ranks[i]) + " has more than " + files +
                      " files (rank 8 has " + files + ")");
    };
    int f = 0;
    for (char c : ranks[i]) {
      if (f >= g.files) throw too_wide();
      const Sq s = make_sq(f, r);
      if (c >= '1' && c <= '9') {
        for (int n = c - '0'; n > 0; --n, ++f) {
          if (f >= g.files) throw too_wide();
          if (!g.has(make_sq(f, r)))
            throw FenError(rank_text + ": " + square_name(make_sq(f, r)) +
                           " is a removed square; write '*' for it, not an empty run");
        }
        continue;
      }
      if (c == '*') {
        if (g.has(s))
          throw FenError(rank_text + ": '*' on " + square_name(s) + ", which is a square of the " +
                         (g.kind == BoardKind::k44
                              ? "board (only a1, f1, a8, f8 are removed)"
                              : "64-square board (it has no removed squares)"));
        ++f;
        continue;
      }
      const Piece piece = piece_from_letter(c);
      if (!piece)
        throw FenError(rank_text + ", file " + std::string(1, static_cast<char>('a' + f)) +
                       ": unknown character " + quoted_text(std::string_view(&c, 1)) +
                       " (pieces K N A D S P, '*' a removed square, digits empty squares)");
      if (!g.has(s))
        throw FenError(rank_text + ": piece " + quoted_text(std::string_view(&c, 1)) + " on " +
                       square_name(s) + ", a removed square");
      if (kind_of(piece) == kPawn && (r == 0 || r == kRanks - 1))
        throw FenError(rank_text + ": pawn on " + square_name(s) +
                       " (pawns cannot stand on rank 1 or 8)");
      p.put(s, piece);
      ++f;
    }
    if (f != g.files)
      throw FenError(rank_text + " " + quoted_start(ranks[i]) + " has " + std::to_string(f) +
                     " files, not " + files + " (ragged rank; rank 8 has " + files + ")");
  }
  for (Color c : {kRed, kBlack}) {
    const int kings = std::popcount(p.pieces(c, kKing));
    if (kings != 1)
      throw FenError(std::string(color_name(c)) + " has " + std::to_string(kings) +
                     " kings, not 1");
  }
  if (fields.size() > 1) {
    if (fields[1] == "b") {
      p.side_ = kBlack;
      p.key_ ^= zobrist().side;
    } else if (fields[1] != "w") {
      throw FenError("FEN side to move must be w (Red) or b (Black), not " +
                     quoted_start(fields[1]));
    }
  }
  if (fields.size() > 2 && fields[2] != "-") {
    std::uint8_t rights = 0;
    for (char c : fields[2]) {
      const auto k = std::string_view("KQkq").find(c);
      if (k == std::string_view::npos || (rights & (1 << k)))
        throw FenError(
            "FEN castling rights must be '-' or some of K, Q, k and q, each at most once, not " +
            quoted_start(fields[2]));
      rights = static_cast<std::uint8_t>(rights | (1 << k));
    }
    for (int c = 0; c < 2; ++c)
      for (const Castle& cs : g.castles[static_cast<std::size_t>(c)]) {
        if (!(rights & cs.right)) continue;
        const Color col = static_cast<Color>(c);
        if (p.at(cs.king_from) != make_piece(col, kKing) ||
            p.at(cs.partner_from) != make_piece(col, cs.partner))
          throw FenError("FEN castling right " +
                         std::string(1, "KQkq"[std::countr_zero(unsigned{cs.right})]) +
                         " needs the " + color_name(col) + " king on " + square_name(cs.king_from) +
                         " and a " + (cs.partner == kKnight ? "knight" : "dabbabah") + " on " +
                         square_name(cs.partner_from));
      }
    p.key_ ^= zobrist().castling[0] ^ zobrist().castling[rights];
    p.castling_ = rights;
  }
  if (fields.size() > 3 && fields[3] != "-") {
    const Sq s = parse_square(fields[3]);
    const Color mover = opposite(p.side_);  // the side that double-stepped
    const int want_rank = mover == kRed ? 2 : kRanks - 3;
    if (s == kNoSq || !g.has(s) || rank_of(s) != want_rank || p.at(s) != 0 ||
        p.at(s + g.forward[mover]) != make_piece(mover, kPawn) || p.at(s - g.forward[mover]) != 0)
      throw FenError(
          "FEN en-passant square " + quoted_start(fields[3]) +
          " is not the square a pawn just passed over in a double step (empty, on rank " +
          std::to_string(want_rank + 1) + ", with the pawn in front of it)");
    p.ep_ = s;
    p.key_ ^= zobrist().ep_file[static_cast<std::size_t>(file_of(s))];
  }
  if (fields.size() > 4) p.halfmove_ = parse_count(fields[4], "halfmove clock", 0);
  if (fields.size() > 5) p.fullmove_ = parse_count(fields[5], "move number", 1);
  const Color waiting = opposite(p.side_);
  if (p.attacked(p.king(waiting), p.side_))
    throw FenError(std::string("FEN: the ") + color_name(waiting) + " king on " +
                   square_name(p.king(waiting)) + " is in check with " + color_name(p.side_) +
                   " to move");
  return p;
}

std::string Position::fen() const {
  std::string out;
  for (int r = kRanks - 1; r >= 0; --r) {
    int empty = 0;
    for (int f = 0; f < geo_->files; ++f) {
      const Sq s = make_sq(f, r);
      const Piece p = at(s);
      if (geo_->has(s) && !p) {
        ++empty;
        continue;
      }
      if (empty) out += static_cast<char>('0' + empty);
      empty = 0;
      out += geo_->has(s) ? piece_letter(p) : '*';
    }
    if (empty) out += static_cast<char>('0' + empty);
    if (r > 0) out += '/';
  }
  out += side_ == kRed ? " w " : " b ";
  if (!castling_) out += '-';
  for (int i = 0; i < 4; ++i)
    if (castling_ & (1 << i)) out += "KQkq"[i];
  out += ' ';
  out += ep_ == kNoSq ? std::string("-") : square_name(ep_);
  out += ' ' + std::to_string(halfmove_) + ' ' + std::to_string(fullmove_);
  return out;
}

}  // namespace leapfrog::chess
