// Leap Chess base types: squares, bit boards, colours, pieces, moves (docs/leapchess.md).
// Every board lies on one grid of 8 files by 8 ranks; a square is file + 8 * rank (a1 = 0,
// h8 = 63), so a set of squares is one 64-bit word. Which cells are squares is the board's
// (chess/geometry.h): the 44-square board uses files a-f without the corners, the 64-square
// board all of them.
#pragma once

#include <array>
#include <cstdint>

namespace leapfrog::chess {

using Bitboard = std::uint64_t;
using Sq = int;  // 0..63, or kNoSq

inline constexpr int kGridFiles = 8;
inline constexpr int kRanks = 8;
inline constexpr int kCells = kGridFiles * kRanks;
inline constexpr Sq kNoSq = -1;

constexpr Sq make_sq(int file, int rank) { return file + kGridFiles * rank; }
constexpr int file_of(Sq s) { return s % kGridFiles; }
constexpr int rank_of(Sq s) { return s / kGridFiles; }
constexpr Bitboard bit(Sq s) { return Bitboard{1} << s; }

enum Color : std::uint8_t { kRed = 0, kBlack = 1 };
constexpr Color opposite(Color c) { return static_cast<Color>(c ^ 1); }

// Piece kinds; a Piece is kind | colour << 3, 0 = empty.
enum Kind : std::uint8_t { kNoKind = 0, kPawn, kKnight, kAlfil, kDabbabah, kSail, kKing };
inline constexpr int kKinds = 7;
using Piece = std::uint8_t;
constexpr Piece make_piece(Color c, Kind k) { return static_cast<Piece>(k | (c << 3)); }
constexpr Kind kind_of(Piece p) { return static_cast<Kind>(p & 7); }
constexpr Color color_of(Piece p) { return static_cast<Color>(p >> 3); }

// Step flags.
inline constexpr std::uint8_t kCapture = 1;
inline constexpr std::uint8_t kEnPassant = 2;
inline constexpr std::uint8_t kDoubleStep = 4;
inline constexpr std::uint8_t kCastleKing = 8;    // king side (Geometry::castles[c][0])
inline constexpr std::uint8_t kCastleQueen = 16;  // queen side (Geometry::castles[c][1])

// Castling rights, one bit each.
inline constexpr std::uint8_t kRedKingSide = 1, kRedQueenSide = 2, kBlackKingSide = 4,
                              kBlackQueenSide = 8;

// The most captures one turn can make: the opponent's pieces but the king.
inline constexpr int kMaxChain = 15;

// One turn: a start square and one landing square per step (one step, except for a
// multiple-capture turn, where every step captures). Castling is written as the board's
// Castle::written_to says: on the 44-square board the king's move onto its own knight's square
// (d1e1, d1b1), on the 64-square board the king's move as in chess (e1g1, e1c1).
struct Move {
  std::array<std::uint8_t, kMaxChain + 1> path{};
  std::uint8_t steps = 0;      // landing squares in path[1..steps]
  std::uint8_t promotion = 0;  // the Kind a pawn becomes on its last step, or 0
  std::uint8_t flags = 0;      // of the first step; a chain's later steps are plain captures

  Sq from() const { return path[0]; }
  Sq to() const { return path[steps]; }
  bool is_capture() const { return (flags & kCapture) != 0; }
  bool operator==(const Move&) const = default;
};

}  // namespace leapfrog::chess
