#include "cli/render.h"

#include <unistd.h>

#include <cstdlib>
#include <cstring>

namespace leapfrog::cli {

bool colour_by_default() {
  const char* no_colour = std::getenv("NO_COLOR");
  if (no_colour != nullptr && no_colour[0] != '\0') return false;
  const char* term = std::getenv("TERM");
  if (term != nullptr && std::strcmp(term, "dumb") == 0) return false;
  return isatty(STDOUT_FILENO) != 0;
}

namespace {

// ANSI 256-colour background + readable foreground for a CSS colour name of a piece kind.
std::string ansi_for(std::string_view colour) {
  if (colour == "white") return "\x1b[30;107m";
  if (colour == "gold") return "\x1b[30;103m";
  if (colour == "red") return "\x1b[97;41m";
  if (colour == "green") return "\x1b[97;42m";
  if (colour == "royalblue") return "\x1b[97;44m";
  return "\x1b[30;48;5;180m";  // burlywood: plain pieces
}

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

}  // namespace

std::string render_board(const Setup& setup, bool colour) {
  const Board& b = setup.board;
  const Variant& variant = setup.variant.empty() ? default_variant() : *find_variant(setup.variant);
  const int label = b.height() >= 10 ? 2 : 1;
  std::string files(static_cast<std::size_t>(label) + 1, ' ');
  for (int f = 0; f < b.width(); ++f) {
    files += ' ';
    files += static_cast<char>('a' + f);
  }
  std::string out = files + "\n";
  for (int r = b.height() - 1; r >= 0; --r) {
    out += rank_label(r + 1, label) + " ";
    for (int f = 0; f < b.width(); ++f) {
      const Square s = b.square(f, r);
      out += ' ';
      if (!b.is_square(s)) {
        out += ' ';
      } else if (setup.position.cells[s] == 0) {
        out += '.';
      } else {
        const Value v = setup.position.cells[s];
        if (colour) out += ansi_for(colour_of(variant, v));
        out += static_cast<char>('0' + v);
        if (colour) out += "\x1b[0m";
      }
    }
    out += "  " + rank_label(r + 1, label) + "\n";
  }
  out += files + "\n";
  return out;
}

}  // namespace leapfrog::cli
