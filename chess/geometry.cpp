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

// The removed corners: a1, f1, a8, f8.
constexpr Sq kRemoved[] = {make_sq(0, 0), make_sq(5, 0), make_sq(0, 7), make_sq(5, 7)};

Geometry build() {
  Geometry g;
  g.squares = (Bitboard{1} << kCells) - 1;
  for (Sq s : kRemoved) g.squares &= ~bit(s);
  const auto target = [&](Sq s, Offset o) {
    const int f = file_of(s) + o.df, r = rank_of(s) + o.dr;
    if (f < 0 || f >= kFiles || r < 0 || r >= kRanks) return kNoSq;
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
  g.forward = {kFiles, -kFiles};
  g.double_rank = {1, kRanks - 2};
  g.promotion_rank = {kRanks - 1, 0};
  // Castling with the knights (Ken Franklin's Leap Chess page): king side, the king and the
  // e-knight swap places; queen side, the king goes to the c-file and the b-knight leaps to
  // the king's square (c must be empty).
  for (int c = 0; c < 2; ++c) {
    const int r = c == kRed ? 0 : kRanks - 1;
    const std::uint8_t k = c == kRed ? kRedKingSide : kBlackKingSide;
    const std::uint8_t q = c == kRed ? kRedQueenSide : kBlackQueenSide;
    g.castles[c][0] = {make_sq(3, r), make_sq(4, r), make_sq(4, r), make_sq(3, r), 0, k,
                       kCastleKing};
    g.castles[c][1] = {make_sq(3, r), make_sq(2, r),      make_sq(1, r),
                       make_sq(3, r), bit(make_sq(2, r)), q,
                       kCastleQueen};
  }
  g.keep_rights.fill(0xF);
  for (const auto& side : g.castles)
    for (const Castle& cs : side) {
      g.keep_rights[cs.king_from] &= static_cast<std::uint8_t>(~cs.right);
      g.keep_rights[cs.knight_from] &= static_cast<std::uint8_t>(~cs.right);
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

const Geometry& geometry() {
  static const Geometry g = build();
  return g;
}

const Zobrist& zobrist() {
  static const Zobrist z = build_zobrist();
  return z;
}

}  // namespace leapfrog::chess
