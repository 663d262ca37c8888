#include "puzzles/variant.h"

#include <array>
#include <cstdlib>
#include <stdexcept>

namespace leapfrog {

namespace {

constexpr std::array<PieceKind, 1> kPlain{{{1, "plain", "burlywood", 1}}};

// Murray: "coloured white, yellow, red, and green, in the ratios 4:3:2:1 ... green is
// worth 4 points while white is worth 1". White is listed last: it "takes the rest".
constexpr std::array<PieceKind, 4> kMurray{{
    {4, "green", "green", 1},
    {3, "red", "red", 2},
    {2, "yellow", "gold", 3},
    {1, "white", "white", 4},
}};

// BrainKing: Froglet, 12 x 12, "66 green pieces, 51 yellow pieces, 21 red pieces, and 6 blue
// pieces with 1 point for a green, 2 points for a yellow, 3 points for a red, and 4 points
// for a blue".
constexpr std::array<PieceKind, 4> kFroglet{{
    {4, "blue", "royalblue", 6},
    {3, "red", "red", 21},
    {2, "yellow", "gold", 51},
    {1, "green", "green", 66},
}};

// Sid Sackson, A Gamut of Games: Take It Away, 8x8: 34 white (1), 20 red (2), 10 blue (3).
constexpr std::array<PieceKind, 3> kTakeItAway{{
    {3, "blue", "royalblue", 10},
    {2, "red", "red", 20},
    {1, "white", "white", 34},
}};

constexpr Rules kDefaultRules{};

constexpr Rules kFrogletRules{Continuation::kOptional, Measure::kPoints,       JumpSet::kOrthogonal,
                              Opening::kFirstPlayer,   RemovalKind::kCheapest, 2};

constexpr Rules kTakeItAwayRules{Continuation::kForced, Measure::kPoints,       JumpSet::kDiagonal,
                                 Opening::kFirstPlayer, RemovalKind::kCheapest, 2};

constexpr Rules kPegRules{Continuation::kOptional, Measure::kPoints,  JumpSet::kOrthogonal,
                          Opening::kNone,          RemovalKind::kAny, 1};

// English peg solitaire: the 33-hole cross with the centre empty.
constexpr std::string_view kEnglish = "##ooo##/##ooo##/ooooooo/ooo.ooo/ooooooo/##ooo##/##ooo##";
// Wiegleb's board (J. C. Wiegleb, 1779): the 45-hole cross with arms three wide and three
// long, centre empty.
constexpr std::string_view kWiegleb =
    "###ooo###/###ooo###/###ooo###/ooooooooo/oooo.oooo/ooooooooo/###ooo###/###ooo###/###ooo###";
// The 41-hole diamond: the squares within four steps of the centre, centre empty.
constexpr std::string_view kDiamond =
    "####o####/###ooo###/##ooooo##/#ooooooo#/oooo.oooo/#ooooooo#/##ooooo##/###ooo###/####o####";
// French (European) peg solitaire: 37 holes, centre empty.
constexpr std::string_view kFrench = "##ooo##/#ooooo#/ooooooo/ooo.ooo/ooooooo/#ooooo#/##ooo##";

constexpr Rules kHexPegRules{Continuation::kOptional, Measure::kPoints,  JumpSet::kHex,
                             Opening::kNone,          RemovalKind::kAny, 1};

// Capture: Leap-Frog on the central hexagon of the Chinese-checkers star, "the central point
// of the board is vacant at the beginning"; plain pieces as in "the old variant of Leap Frog"
// (optional continuation, each capture worth one), no removal, two or more players.
constexpr Rules kCaptureRules{Continuation::kOptional, Measure::kPoints,  JumpSet::kHex,
                              Opening::kNone,          RemovalKind::kAny, 2};

// The triangle of side n on the sheared grid: row r (from the top) holds r + 1 cells,
// left-aligned; the top corner is the empty hole.
std::string triangle(int n) {
  if (n < 2 || n > kMaxSide)
    throw std::invalid_argument("triangle side " + std::to_string(n) + " is outside 2..26");
  std::string text;
  for (int r = 0; r < n; ++r) {
    if (r) text += '/';
    for (int c = 0; c < n; ++c) text += c > r ? '#' : (r == 0 ? '.' : 'o');
  }
  return text;
}

// The hexagon of side n: the cells with |c - r| <= n - 1 on a (2n - 1) x (2n - 1) grid (the
// six directions join (r, c) to (r - 1, c - 1) and (r + 1, c + 1), so this band is a regular
// hexagon of the lattice); the centre is the empty hole.
std::string hexagon(int n) {
  if (n < 2 || 2 * n - 1 > kMaxSide)
    throw std::invalid_argument("hexagon side " + std::to_string(n) + " is outside 2..13");
  const int d = 2 * n - 1;
  std::string text;
  for (int r = 0; r < d; ++r) {
    if (r) text += '/';
    for (int c = 0; c < d; ++c)
      text += std::abs(c - r) > n - 1 ? '#' : (r == n - 1 && c == n - 1 ? '.' : 'o');
  }
  return text;
}

const std::array<Variant, 11> kVariants{{
    {"traditional", "plain pieces worth 1 each, 15x15 (Murray, Cyningstan, BrainKing)", kPlain, 15,
     15, "", kDefaultRules},
    {"murray", "Murray 1898: green 4, red 3, yellow 2, white 1 in the ratio 1:2:3:4, 15x15",
     kMurray, 15, 15, "", kDefaultRules},
    {"froglet", "Froglet: 12x12, green 1, yellow 2, red 3, blue 4 (66/51/21/6)", kFroglet, 12, 12,
     "", kFrogletRules},
    {"take-it-away", "Take It Away: 8x8, white 1, red 2, blue 3 (34/20/10), diagonal jumps",
     kTakeItAway, 8, 8, "", kTakeItAwayRules},
    {"english", "English peg solitaire: 33 holes, centre empty, one player", kPlain, 7, 7, kEnglish,
     kPegRules},
    {"french", "French peg solitaire: 37 holes, centre empty, one player", kPlain, 7, 7, kFrench,
     kPegRules},
    {"wiegleb", "Wiegleb's peg solitaire: 45 holes, centre empty, one player", kPlain, 9, 9,
     kWiegleb, kPegRules},
    {"diamond", "diamond peg solitaire: 41 holes, centre empty, one player", kPlain, 9, 9, kDiamond,
     kPegRules},
    {"triangle",
     "triangular peg solitaire: side --size (default 5: 15 holes), top corner empty, "
     "six directions, one player",
     kPlain, 5, 5, "", kHexPegRules, &triangle, kMaxSide},
    {"hexagon",
     "hexagonal peg solitaire: side --size (default 5: 61 holes), centre empty, "
     "six directions, one player",
     kPlain, 5, 5, "", kHexPegRules, &hexagon, (kMaxSide + 1) / 2},
    {"capture",
     "Capture: the 61-hole hexagon of Chinese checkers, centre empty, plain pieces, "
     "six directions, no removal, two or more players",
     kPlain, 5, 5, "", kCaptureRules, &hexagon, (kMaxSide + 1) / 2},
}};

}  // namespace

std::span<const Variant> variants() { return kVariants; }

const Variant* find_variant(std::string_view name) {
  for (const Variant& v : kVariants)
    if (v.name == name) return &v;
  return nullptr;
}

const Variant& default_variant() { return kVariants[0]; }

bool has_start(const Variant& v) { return !v.start.empty() || v.shaped != nullptr; }

std::string start_text(const Variant& v, int side) {
  if (v.shaped) return v.shaped(side ? side : v.width);
  return std::string(v.start);
}

}  // namespace leapfrog
