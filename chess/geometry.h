// The Leap Chess board and piece moves as data: the removed corners as a mask, every piece's
// leaps as an offset table, and the tables of target squares built from them once. Leap
// Chess has no sliding piece (every piece leaps to fixed offsets, jumping over whatever
// stands between: Ken Franklin's Leap Chess page), so a piece's targets are one table look-up.
#pragma once

#include <array>
#include <span>

#include "chess/types.h"

namespace leapfrog::chess {

struct Offset {
  int df, dr;
};

// The castling of one side as data: the king's and the knight's squares before and after,
// the squares that must be empty, the right it needs and the square the move is written to.
struct Castle {
  Sq king_from, king_to, knight_from, knight_to;
  Bitboard empty;      // squares between, which must be empty
  std::uint8_t right;  // the castling-right bit
  std::uint8_t flag;   // kCastleKing or kCastleQueen
};

struct Geometry {
  Bitboard squares = 0;                                        // the 44 squares of the board
  std::array<std::array<Bitboard, kCells>, kKinds> leaps{};    // pawns: none (see below)
  std::array<std::array<Bitboard, kCells>, 2> pawn_attacks{};  // squares a pawn attacks
  std::array<int, 2> forward{};                                // +6 for Red, -6 for Black
  std::array<int, 2> double_rank{};  // the rank a pawn may double-step from
  std::array<int, 2> promotion_rank{};
  std::array<std::array<Castle, 2>, 2> castles{};  // [colour][0 king side, 1 queen side]
  std::array<std::uint8_t, kCells> keep_rights{};  // rights kept when a square is touched

  bool has(Sq s) const { return s >= 0 && s < kCells && (squares & bit(s)) != 0; }
};

// The one board of Leap Chess, built once (immutable).
const Geometry& geometry();

// The leaps of each piece kind (Ken Franklin's Leap Chess page): King and Knight as in
// chess, Alfil (2,2), Dabbabah (2,0), Sail = Alfil + Dabbabah.
std::span<const Offset> leaps_of(Kind k);

// The kinds a pawn may promote to, in the order moves list them.
inline constexpr std::array<Kind, 4> kPromotions = {kKnight, kAlfil, kDabbabah, kSail};

// Zobrist keys, fixed for every run (SplitMix64 from a fixed seed).
struct Zobrist {
  std::array<std::array<std::uint64_t, kCells>, 16> piece{};
  std::uint64_t side = 0;
  std::array<std::uint64_t, 16> castling{};
  std::array<std::uint64_t, kFiles> ep_file{};
};
const Zobrist& zobrist();

}  // namespace leapfrog::chess
