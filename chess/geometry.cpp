#include "chess/geometry.h"

#include "core/hash.h"

namespace leapfrog::chess {

namespace {

constexpr Offset kKingLeaps[] = {{1, 0}, {-1, 0}, {0, 1},  {0, -1},
                                 {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
constexpr Offset kKnightLeaps[] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                   {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
constexpr Offset kAlfilLeaps[] = {{2, 2}, {2, -2}, {-2, 2}, {-2, -2}};
constexpr Offset kDabbabahLeaps[] = {{2, 0}, {-2, 0}, {0, 2}, {0, -2}};
constexpr Offset kSailLeaps[] = {{2, 2}, {2, -2}, {-2, 2}, {-2, -2},
                                 {2, 0}, {-2, 0}, {0, 2},  {0, -2}};

Geometry build(BoardKind kind) {
  Geometry g;
  g.kind = kind;
  const bool small = kind == BoardKind::k44;
  g.files = small ? 6 : 8;
  for (int r = 0; r < kRanks; ++r)
    for (int f = 0; f < g.files; ++f)
      // The 44-square board: files a-f without the corners a1, f1, a8, f8.
      if (!small || !((r == 0 || r == kRanks - 1) && (f == 0 || f == g.files - 1)))
        g.squares |= bit(make_sq(f, r));
  g.describe = small ? "files a-f, ranks 1-8, without a1, f1, a8, f8" : "files a-h, ranks 1-8";
  g.start_fen = small ? "*nskn*/dpaapd/pppppp/6/6/PPPPPP/DPAAPD/*NSKN* w KQkq - 0 1"
                      : "dnaskand/pppppppp/8/8/8/8/PPPPPPPP/DNASKAND w KQkq - 0 1";
  const auto target = [&](Sq s, Offset o) {
    const int f = file_of(s) + o.df, r = rank_of(s) + o.dr;
    if (f < 0 || f >= g.files || r < 0 || r >= kRanks) return kNoSq;
    const Sq t = make_sq(f, r);
    return g.has(t) ? t : kNoSq;
  };
  for (Sq s = 0; s < kCells; ++s) {
    if (!g.has(s)) continue;
    for (int k = kKnight; k <= kKing; ++k)
      for (Offset o : leaps_of(static_cast<Kind>(k)))
        if (Sq t = target(s, o); t != kNoSq) g.leaps[static_cast<std::size_t>(k)][s] |= bit(t);
    for (int c = 0; c < 2; ++c)
      for (int df : {-1, 1})
        if (Sq t = target(s, {df, c == kRed ? 1 : -1}); t != kNoSq) g.pawn_attacks[c][s] |= bit(t);
  }
  // Pawns as in chess on both boards: a pawn on its 2nd rank may double-step (on the
  // 44-square board the 3rd-rank pawns have no double step; they never stand on the 2nd).
  g.forward = {kGridFiles, -kGridFiles};
  g.double_rank = {1, kRanks - 2};
  g.promotion_rank = {kRanks - 1, 0};
  for (int c = 0; c < 2; ++c) {
    const int r = c == kRed ? 0 : kRanks - 1;
    const auto sq = [r](int f) { return make_sq(f, r); };
    const std::uint8_t k = c == kRed ? kRedKingSide : kBlackKingSide;
    const std::uint8_t q = c == kRed ? kRedQueenSide : kBlackQueenSide;
    if (small) {
      // Castling with the knights (Ken Franklin's Leap Chess page): king side, the king and
      // the e-knight swap places; queen side, the king goes to the c-file and the b-knight
      // leaps to the king's square (c must be empty). Written as the king's move onto the
      // knight's square.
      g.castles[c][0] = {sq(3), sq(4), sq(4), sq(3), 0, 0, sq(4), kKnight, k, kCastleKing};
      g.castles[c][1] = {sq(3), sq(2), sq(1),   sq(3), bit(sq(2)),
                         0,     sq(1), kKnight, q,     kCastleQueen};
    } else {
      // The 64-square board: castling as in chess, the Dabbabahs in the Rooks' places: king
      // e1-g1 with the h1-Dabbabah to f1, king e1-c1 with the a1-Dabbabah to d1.
      g.castles[c][0] = {sq(4),      sq(6), sq(7),     sq(5), bit(sq(5)) | bit(sq(6)),
                         bit(sq(5)), sq(6), kDabbabah, k,     kCastleKing};
      g.castles[c][1] = {sq(4),      sq(2), sq(0),     sq(3), bit(sq(1)) | bit(sq(2)) | bit(sq(3)),
                         bit(sq(3)), sq(2), kDabbabah, q,     kCastleQueen};
    }
  }
  g.keep_rights.fill(0xF);
  for (const auto& side : g.castles)
    for (const Castle& cs : side) {
      g.keep_rights[cs.king_from] &= static_cast<std::uint8_t>(~cs.right);
      g.keep_rights[cs.partner_from] &= static_cast<std::uint8_t>(~cs.right);
    }
  return g;
}

Zobrist build_zobrist() {
  Zobrist z;
  std::uint64_t state = 0x4C656170436865ULL;  // "LeapChe"
  for (auto& row : z.piece)
    for (auto& v : row) v = splitmix64(state);
  z.side = splitmix64(state);
  for (auto& v : z.castling) v = splitmix64(state);
  for (auto& v : z.ep_file) v = splitmix64(state);
  return z;
}

}  // namespace

std::span<const Offset> leaps_of(Kind k) {
  switch (k) {
    case kKnight:
      return kKnightLeaps;
    case kAlfil:
      return kAlfilLeaps;
    case kDabbabah:
      return kDabbabahLeaps;
    case kSail:
      return kSailLeaps;
    case kKing:
      return kKingLeaps;
    default:
      return {};
  }
}

const Geometry& geometry(BoardKind b) {
  static const Geometry small = build(BoardKind::k44);
  static const Geometry large = build(BoardKind::k64);
  return b == BoardKind::k44 ? small : large;
}

const Zobrist& zobrist() {
  static const Zobrist z = build_zobrist();
  return z;
}

}  // namespace leapfrog::chess
