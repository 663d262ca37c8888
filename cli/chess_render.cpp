#include "cli/chess_render.h"

#include <cstdio>

#include "chess/notation.h"

namespace leapfrog::cli {

namespace {

using namespace chess;

char letter(Piece p) {
  static constexpr char kLetters[] = " pnadsk";
  const char c = kLetters[kind_of(p)];
  return color_of(p) == kRed ? static_cast<char>(c - 'a' + 'A') : c;
}

bool castles(const Move& m) { return (m.flags & (kCastleKing | kCastleQueen)) != 0; }

// Where the last move's piece landed, `after` it: a castling move may be written with the
// partner's square (d1b1 on the 44-square board), but the king lands on its own square.
Sq landing_of(const Position& after, const Move& m) {
  return castles(m) ? after.geometry().castle(opposite(after.side()), m.flags).king_to : m.to();
}

// The squares of the last move: where it left, landed and passed (a castling king passes none).
bool marked(const Position& after, const Move* last, Sq s) {
  if (!last) return false;
  if (castles(*last)) return s == last->from() || s == landing_of(after, *last);
  for (int i = 0; i <= last->steps; ++i)
    if (last->path[static_cast<std::size_t>(i)] == s) return true;
  return false;
}

// The last move's marks in the text board: '>' before the square it left, '*' on a square
// it passed through (empty after a capture by replacement), '[' ']' around where it landed.
enum class Mark { kNone, kFrom, kPassed, kLanding };

Mark mark_of(const Position& after, const Move* last, Sq s) {
  if (!last) return Mark::kNone;
  if (landing_of(after, *last) == s) return Mark::kLanding;
  if (last->from() == s) return Mark::kFrom;
  return marked(after, last, s) ? Mark::kPassed : Mark::kNone;
}

}  // namespace

std::string chess_board_text(const Position& pos, bool colour, const Move* last) {
  std::string out;
  for (int r = kRanks - 1; r >= 0; --r) {
    out += static_cast<char>('1' + r);
    out += ' ';
    for (int f = 0; f < pos.geometry().files; ++f) {
      const Sq s = make_sq(f, r);
      if (!pos.geometry().has(s)) {
        out += "   ";
        continue;
      }
      const Piece p = pos.at(s);
      const Mark mark = mark_of(pos, last, s);
      const char c = p ? letter(p) : mark == Mark::kPassed ? '*' : '.';
      const char before = mark == Mark::kLanding ? '[' : mark == Mark::kFrom ? '>' : ' ';
      const char after = mark == Mark::kLanding ? ']' : ' ';
      if (!colour) {
        out += before;
        out += c;
        out += after;
        continue;
      }
      // Light and dark squares, the last move's squares yellow; Red pieces bright red, Black
      // black.
      const bool light = (f + r) % 2 == 1;
      out += mark != Mark::kNone ? "\x1b[103m" : light ? "\x1b[47m" : "\x1b[100m";
      out += !p ? "\x1b[90m" : color_of(p) == kRed ? "\x1b[1;91m" : "\x1b[1;30m";
      out += before;
      out += p || mark == Mark::kPassed ? c : ' ';
      out += after;
      out += "\x1b[0m";
    }
    out += '\n';
  }
  out += "  ";
  for (int f = 0; f < pos.geometry().files; ++f) {
    out += ' ';
    out += static_cast<char>('a' + f);
    out += ' ';
  }
  out += '\n';
  if (last) out += "> from, [ ] to: " + move_text(*last) + "\n";
  return out;
}

std::string chess_board_svg(const Position& pos, const Move* last) {
  constexpr int kCell = 40, kMargin = 20;
  const int width = pos.geometry().files * kCell + 2 * kMargin,
            height = kRanks * kCell + 2 * kMargin;
  std::string out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(width) +
                    "\" height=\"" + std::to_string(height) + "\" viewBox=\"0 0 " +
                    std::to_string(width) + " " + std::to_string(height) + "\">\n";
  out += "<title>Leap Chess " + pos.fen() + "</title>\n";
  out += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  for (int r = 0; r < kRanks; ++r)
    for (int f = 0; f < pos.geometry().files; ++f) {
      const Sq s = make_sq(f, r);
      if (!pos.geometry().has(s)) continue;
      const int x = kMargin + f * kCell, y = kMargin + (kRanks - 1 - r) * kCell;
      const char* fill = marked(pos, last, s) ? "#f3e27a"
                         : (f + r) % 2 == 1   ? "#eeeed2"
                                              : "#b58863";
      out += "<rect x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(y) + "\" width=\"" +
             std::to_string(kCell) + "\" height=\"" + std::to_string(kCell) + "\" fill=\"" + fill +
             "\"/>\n";
      const Piece p = pos.at(s);
      if (!p) continue;
      const bool red = color_of(p) == kRed;
      const int cx = x + kCell / 2, cy = y + kCell / 2;
      out += "<circle cx=\"" + std::to_string(cx) + "\" cy=\"" + std::to_string(cy) +
             "\" r=\"15\" fill=\"" + (red ? "#c0392b" : "#222222") +
             "\" stroke=\"black\" stroke-width=\"1\"/>\n";
      const char up = static_cast<char>(letter(p) & ~0x20);
      out += "<text x=\"" + std::to_string(cx) + "\" y=\"" + std::to_string(cy + 6) +
             "\" font-family=\"sans-serif\" font-size=\"18\" font-weight=\"bold\" "
             "text-anchor=\"middle\" fill=\"white\">" +
             std::string(1, up) + "</text>\n";
    }
  for (int f = 0; f < pos.geometry().files; ++f)
    out += "<text x=\"" + std::to_string(kMargin + f * kCell + kCell / 2) + "\" y=\"" +
           std::to_string(height - 5) +
           "\" font-family=\"sans-serif\" font-size=\"12\" text-anchor=\"middle\">" +
           std::string(1, static_cast<char>('a' + f)) + "</text>\n";
  for (int r = 0; r < kRanks; ++r)
    out += "<text x=\"8\" y=\"" +
           std::to_string(kMargin + (kRanks - 1 - r) * kCell + kCell / 2 + 4) +
           "\" font-family=\"sans-serif\" font-size=\"12\" text-anchor=\"middle\">" +
           std::string(1, static_cast<char>('1' + r)) + "</text>\n";
  out += "</svg>\n";
  return out;
}

}  // namespace leapfrog::cli
