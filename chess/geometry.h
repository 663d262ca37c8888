// The Leap Chess boards and piece moves as data: a board's squares as a mask on the 8x8 grid,
// every piece's leaps as an offset table, the tables of target squares built from them once,
// the pawns' ranks and the castlings. Leap Chess has no sliding piece (every piece leaps to
// fixed offsets, jumping over whatever stands between: Ken Franklin's Leap Chess page), so a
// piece's targets are one table look-up. Two boards: the 44-square board of the game and the
// 64-square board of its 8x8 version (docs/leapchess.md); code asks the position's Geometry,
// never which board it is.
#pragma once

#include <array>
#include <span>

#include "chess/types.h"

namespace leapfrog::chess {

struct Offset {
  int df, dr;
};

// The castling of one side as data: the king's and its partner's (a knight on the 44-square
// board, a dabbabah on the 64-square board) squares before and after, the squares that must be
// empty, the squares the king crosses (not to be attacked), the right it needs and the
// square the move is written to.
struct Castle {
  Sq king_from, king_to, partner_from, partner_to;
  Bitboard empty;      // squares between, which must be empty
  Bitboard crossed;    // squares the king passes over, which must not be attacked
  Sq written_to;       // the move's text: king_from then this square
  Kind partner;        // the piece the king castles with
  std::uint8_t right;  // the castling-right bit
  std::uint8_t flag;   // kCastleKing or kCastleQueen
};

enum class BoardKind { k44, k64 };

struct Geometry {
  BoardKind kind = BoardKind::k44;
  int files = 6;                                               // a.. (6: a-f, 8: a-h)
  Bitboard squares = 0;                                        // the squares of the board
  std::array<std::array<Bitboard, kCells>, kKinds> leaps{};    // pawns: none (see below)
  std::array<std::array<Bitboard, kCells>, 2> pawn_attacks{};  // squares a pawn attacks
  std::array<int, 2> forward{};                                // +8 for Red, -8 for Black
  std::array<int, 2> double_rank{};  // the rank a pawn may double-step from
  std::array<int, 2> promotion_rank{};
  std::array<std::array<Castle, 2>, 2> castles{};  // [colour][0 king side, 1 queen side]
  std::array<std::uint8_t, kCells> keep_rights{};  // rights kept when a square is touched
  const char* describe = "";                       // the squares in words, for messages
  const char* start_fen = "";

  bool has(Sq s) const { return s >= 0 && s < kCells && (squares & bit(s)) != 0; }
  // The castling a move of `side` flagged kCastleKing or kCastleQueen makes.
  const Castle& castle(Color side, std::uint8_t flags) const {
    return castles[side][(flags & kCastleKing) != 0 ? 0 : 1];
  }
};

// The boards, built once (immutable). geometry() is the 44-square board of Leap Chess.
const Geometry& geometry(BoardKind b = BoardKind::k44);

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
  std::array<std::uint64_t, kGridFiles> ep_file{};
};
const Zobrist& zobrist();

}  // namespace leapfrog::chess
