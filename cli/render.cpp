#include "cli/render.h"

#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <vector>

namespace leapfrog::cli {

bool colour_by_default() {
  const char* no_colour = std::getenv("NO_COLOR");
  if (no_colour != nullptr && no_colour[0] != '\0') return false;
  const char* term = std::getenv("TERM");
  if (term != nullptr && std::strcmp(term, "dumb") == 0) return false;
  return isatty(STDOUT_FILENO) != 0;
}

bool want_colour(const CommonOptions& o) {
  if (o.color == "always") return true;
  if (o.color == "never") return false;
  return colour_by_default();
}

namespace {

// ANSI background + readable foreground for the CSS colour name of a piece kind.
std::string ansi_for(std::string_view colour) {
  if (colour == "white") return "\x1b[30;107m";
  if (colour == "gold") return "\x1b[30;103m";
  if (colour == "red") return "\x1b[97;41m";
  if (colour == "green") return "\x1b[97;42m";
  if (colour == "royalblue") return "\x1b[97;44m";
  return "\x1b[30;48;5;180m";  // burlywood: plain pieces
}

constexpr const char* kReset = "\x1b[0m";
constexpr const char* kMarkColour = "\x1b[1;36m";     // start and landing squares
constexpr const char* kCaptureColour = "\x1b[1;31m";  // captured pieces

std::string_view colour_of(const Variant& v, Value value) {
  for (const PieceKind& k : v.pieces)
    if (k.value == value) return k.colour;
  return "burlywood";
}

std::string rank_label(int rank, int width) {
  std::string s = std::to_string(rank);
  while (static_cast<int>(s.size()) < width) s.insert(s.begin(), ' ');
  return s;
}

enum class Mark : std::uint8_t { kNone, kStart, kLanding, kCaptured };

// Which cells the highlighted turn marks. A chain may land on a square whose piece it
// captured earlier: the capture mark wins there, since the shown position still has that
// piece. The start square is never captured (the jumper has left it empty).
std::vector<Mark> marks_of(const Setup& setup, const Turn* turn) {
  std::vector<Mark> marks(static_cast<std::size_t>(setup.board.cells()), Mark::kNone);
  if (turn == nullptr || turn->squares.empty()) return marks;
  if (turn->removal) {
    marks[turn->squares[0]] = Mark::kCaptured;
    return marks;
  }
  const JumpSet jumps = setup.rules().jumps;
  for (std::size_t i = 1; i < turn->squares.size(); ++i) marks[turn->squares[i]] = Mark::kLanding;
  for (std::size_t i = 1; i < turn->squares.size(); ++i) {
    const Square over = setup.board.jump_over(turn->squares[i - 1], turn->squares[i], jumps);
    if (over != kNoSquare) marks[over] = Mark::kCaptured;
  }
  marks[turn->squares[0]] = Mark::kStart;
  return marks;
}

}  // namespace

std::string render_board(const Setup& setup, bool colour, const Turn* highlight) {
  const Board& b = setup.board;
  const Variant& variant = setup.variant.empty() ? default_variant() : *find_variant(setup.variant);
  const std::vector<Mark> marks = marks_of(setup, highlight);
  const int label = b.height() >= 10 ? 2 : 1;
  // A six-direction board is drawn as its lattice: each rank half a cell (one character)
  // right of the rank below, so that a triangle or a hexagon looks like one. A file then
  // runs diagonally, so no one line of letters can stand above its cells; instead each rank
  // is followed by a line naming the file of each of its cells, letter under value.
  const bool hex = setup.rules().jumps == JumpSet::kHex;
  const auto indent = [&](int rank) { return std::string(hex ? rank + 1 : 0, ' '); };
  const auto file_line = [&](int rank) {
    std::string line(static_cast<std::size_t>(label) + 1, ' ');
    line += indent(rank);
    for (int f = 0; f < b.width(); ++f) {
      line += ' ';
      line += !hex || b.is_square(b.square(f, rank)) ? static_cast<char>('a' + f) : ' ';
    }
    while (hex && line.back() == ' ') line.pop_back();
    return line;
  };
  std::string out = hex ? "" : file_line(0) + "\n";
  for (int r = b.height() - 1; r >= 0; --r) {
    out += rank_label(r + 1, label) + " " + indent(r);
    for (int f = 0; f < b.width(); ++f) {
      const Square s = b.square(f, r);
      const Mark mark = marks[s];
      const Value v = setup.position.cells[s];
      // The gap before the cell carries the start and capture marks.
      // A landing square with a piece on it (where the moved piece stands, on the board after
      // the turn) has its mark there too; an empty one has it in the cell.
      const bool landed = mark == Mark::kLanding && b.is_square(s) && v != 0;
      if (mark == Mark::kStart || mark == Mark::kCaptured || landed) {
        if (colour) out += mark == Mark::kCaptured ? kCaptureColour : kMarkColour;
        out += mark == Mark::kStart ? '>' : landed ? '*' : 'x';
        if (colour) out += kReset;
      } else {
        out += ' ';
      }
      if (!b.is_square(s)) {
        out += ' ';
      } else if (v == 0) {
        if (mark == Mark::kLanding) {
          if (colour) out += kMarkColour;
          out += '*';
          if (colour) out += kReset;
        } else {
          out += '.';
        }
      } else {
        if (colour) out += ansi_for(colour_of(variant, v));
        out += static_cast<char>('0' + v);
        if (colour) out += kReset;
      }
    }
    out += std::string(hex ? b.height() - 1 - r : 0, ' ');
    out += "  " + rank_label(r + 1, label) + "\n";
    if (hex) out += file_line(r) + "\n";
  }
  if (!hex) out += file_line(0) + "\n";
  if (highlight != nullptr && !highlight->squares.empty()) {
    out += highlight->removal ? "x removed: " : "> start, * landing, x captured: ";
    out += format_turn(b, *highlight) + "\n";
  }
  return out;
}

}  // namespace leapfrog::cli
