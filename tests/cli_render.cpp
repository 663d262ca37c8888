// Golden files for the pictures: terminal boards (with and without colour, with a chain
// highlighted) and SVG diagrams, from the functions and from `show`.
#include <catch2/catch.hpp>
#include <cctype>
#include <map>
#include <sstream>
#include <vector>

#include "cli/render.h"
#include "cli/svg.h"
#include "golden.h"
#include "puzzles/movegen.h"
#include "run_cli.h"

using namespace leapfrog;
using leapfrog::testing::golden;
using leapfrog::testing::run_cli;

namespace {

const char* const kSmall = "3441./33311/.1.41/.4.../.41.1";
// Murray colours, a no-square, ten ranks (two-digit rank labels).
const char* const kMurray =
    "1234#/4321./..1.2/11111/22222/33333/44444/12341/23412/3412# variant=murray";
const char* const kEnglish = "##ooo##/##ooo##/ooooooo/ooo.ooo/ooooooo/##ooo##/##ooo##";

}  // namespace

TEST_CASE("terminal boards match their golden files", "[render]") {
  const Setup small = parse_position(kSmall);
  const Setup murray = parse_position(kMurray);
  CHECK(cli::render_board(small, false) == golden("small.txt", cli::render_board(small, false)));
  CHECK(cli::render_board(small, true) == golden("small.ansi", cli::render_board(small, true)));
  CHECK(cli::render_board(murray, true) == golden("murray.ansi", cli::render_board(murray, true)));
  CHECK(cli::render_board(murray, false) == golden("murray.txt", cli::render_board(murray, false)));
  const Turn chain = parse_turn(small.board, "a5xa3xc3");
  CHECK(cli::render_board(small, false, &chain) ==
        golden("small-chain.txt", cli::render_board(small, false, &chain)));
  CHECK(cli::render_board(small, true, &chain) ==
        golden("small-chain.ansi", cli::render_board(small, true, &chain)));
}

TEST_CASE("show's whole terminal output matches its golden files", "[render]") {
  const std::string args = std::string("show '") + kMurray + "' --chain d10xd8xb8";
  const auto plain = run_cli(args + " --color never");
  REQUIRE(plain.code == 0);
  CHECK(plain.out == golden("show-murray.txt", plain.out));
  const auto coloured = run_cli(args + " --color always");
  REQUIRE(coloured.code == 0);
  CHECK(coloured.out == golden("show-murray.ansi", coloured.out));
}

TEST_CASE("terminal boards: values readable without colour, colour only when asked", "[render]") {
  const Setup murray = parse_position(kMurray);
  const std::string plain = cli::render_board(murray, false);
  CHECK(plain.find('\x1b') == std::string::npos);
  CHECK(plain.find("10  1 2 3 4    10") != std::string::npos);  // rank 10, the no-square blank
  CHECK(plain.substr(0, 14) == "    a b c d e\n");
  const std::string coloured = cli::render_board(murray, true);
  CHECK(coloured.find("\x1b[97;42m4\x1b[0m") != std::string::npos);   // green 4
  CHECK(coloured.find("\x1b[30;103m2\x1b[0m") != std::string::npos);  // yellow 2
  CHECK(coloured.find("\x1b[97;41m3\x1b[0m") != std::string::npos);   // red 3
  CHECK(coloured.find("\x1b[30;107m1\x1b[0m") != std::string::npos);  // white 1
}

TEST_CASE("a highlighted chain marks start, landings and captures", "[render]") {
  const Setup small = parse_position(kSmall);
  const Turn chain = parse_turn(small.board, "a5xa3xc3");
  const std::string s = cli::render_board(small, false, &chain);
  CHECK(s.find("5 >3 4 4 1 .  5") != std::string::npos);
  CHECK(s.find("4 x3 3 3 1 1  4") != std::string::npos);
  CHECK(s.find("3  *x1 * 4 1  3") != std::string::npos);
  CHECK(s.find("> start, * landing, x captured: a5xa3xc3") != std::string::npos);
}

TEST_CASE("SVG diagrams match their golden files", "[svg]") {
  const Setup small = parse_position(kSmall);
  const Setup murray = parse_position(kMurray);
  const Setup english = parse_position(kEnglish);
  const std::string board = cli::svg_board(murray);
  CHECK(board == golden("murray.svg", board));
  const std::string chain = cli::svg_chain(small, parse_turn(small.board, "a5xa3xc3"));
  CHECK(chain == golden("small-chain.svg", chain));
  const std::vector<Turn> line{parse_turn(english.board, "d2xd4"),
                               parse_turn(english.board, "f3xd3"),
                               parse_turn(english.board, "e1xe3")};
  cli::SvgOptions o;
  o.cell = 16;
  const std::string seq = cli::svg_line(english, line, o);
  CHECK(seq == golden("english-line.svg", seq));
  // show --svg - writes the same bytes as the function (with the position as its title).
  const auto r = run_cli(std::string("show '") + kSmall + "' --chain a5xa3xc3 --svg -");
  REQUIRE(r.code == 0);
  CHECK(r.out == golden("show-chain.svg", r.out));
}

TEST_CASE("SVG: no-squares are absent, numbers have one fixed decimal, captures crossed", "[svg]") {
  const Setup english = parse_position(kEnglish);
  const std::string s = cli::svg_board(english);
  std::size_t rects = 0;
  for (std::size_t p = s.find("<rect"); p != std::string::npos; p = s.find("<rect", p + 1)) ++rects;
  CHECK(rects == 33);  // one per square, none for the 16 no-squares
  std::size_t circles = 0;
  for (std::size_t p = s.find("<circle"); p != std::string::npos; p = s.find("<circle", p + 1))
    ++circles;
  CHECK(circles == 32);
  CHECK(s.find("<rect x=\"104.0\" y=\"24.0\" width=\"40.0\" height=\"40.0\"") !=
        std::string::npos);                     // c7
  CHECK(s.find("<?xml") == std::string::npos);  // inlinable in HTML
  const Setup small = parse_position(kSmall);
  const std::string c = cli::svg_chain(small, parse_turn(small.board, "a5xa3xc3"));
  std::size_t crosses = 0;
  for (std::size_t p = c.find("stroke=\"#c62828\""); p != std::string::npos;
       p = c.find("stroke=\"#c62828\"", p + 1))
    ++crosses;
  CHECK(crosses == 2);
  CHECK(c.find("marker-end=\"url(#lf-arrow)\"") != std::string::npos);
}

TEST_CASE("show --color and --chain reject bad values", "[render]") {
  auto r = run_cli(std::string("show '") + kSmall + "' --color sometimes");
  CHECK(r.code == 2);
  CHECK(r.err ==
        "leapfrog show: --color must be auto, always or never, not 'sometimes'. Try 'leapfrog show "
        "--help'.\n");
  r = run_cli(std::string("show '") + kSmall + "' --chain b4xd4");
  CHECK(r.code == 2);
  CHECK(r.err.find("not legal here") != std::string::npos);
  r = run_cli(std::string("show '") + kSmall + "' --svg /nonexistent-dir/x.svg");
  CHECK(r.code == 2);
  CHECK(r.err.find("cannot write") != std::string::npos);
}

TEST_CASE("color: every command takes --color, those that draw boards use it", "[render]") {
  // generate layout draws its board: --color always colours it, also when piped.
  auto r = run_cli("generate layout --variant murray --size 4 --color always");
  CHECK(r.code == 0);
  CHECK(r.out.find("\x1b[") != std::string::npos);
  r = run_cli("generate layout --variant murray --size 4 --color never");
  CHECK(r.code == 0);
  CHECK(r.out.find("\x1b[") == std::string::npos);
  // reach draws none: its help does not offer --color, but a script that passes it to every
  // command is not refused, and its value is still checked.
  r = run_cli("reach --help");
  CHECK(r.out.find("--color") == std::string::npos);
  r = run_cli("reach triangle --color always");
  CHECK(r.code == 0);
  CHECK(r.out.find("\x1b[") == std::string::npos);
  CHECK(r.out == run_cli("reach triangle").out);
  r = run_cli("reach triangle --color sometimes");
  CHECK(r.code == 2);
  CHECK(
      r.err.starts_with("leapfrog reach: --color must be auto, always or never, not 'sometimes'."));
  CHECK(run_cli("reach triangle --color=never").out == run_cli("reach triangle").out);
  CHECK(run_cli("reach triangle --color").err.starts_with("leapfrog reach: --color needs a value"));
  // Unlisted, it is no match for an abbreviation of a listed option: --col is sheet's --columns.
  r = run_cli("sheet --help");
  REQUIRE(r.out.find("--columns") != std::string::npos);
  r = run_cli("sheet " + std::string(LEAPFROG_SOURCE_DIR) +
              "/tests/data/puzzles.epd --col 3 --html /dev/null");
  CHECK(r.code == 0);
  CHECK(r.err.find("ambiguous") == std::string::npos);
}

TEST_CASE("six-direction boards are drawn as their lattice: a triangle, a hexagon of holes",
          "[render][svg]") {
  // The triangle with a chain: each rank one character (half a cell) right of the rank
  // below, so that the rows make a triangle rather than a sheared square grid.
  const Setup triangle = parse_position(".####/11###/111##/1111#/11111 grid=hex");
  const Turn chain = parse_turn(triangle.board, "a3xa5");
  const std::string text = cli::render_board(triangle, false, &chain);
  CHECK(text == golden("triangle-chain.txt", text));
  CHECK(text.find("5       *          5\n") != std::string::npos);
  CHECK(text.find("1   1 1 1 1 1      1\n") != std::string::npos);
  const Setup capture = parse_position(start_text(*find_variant("capture")) + " variant=capture");
  const std::string picture = cli::render_board(capture, false);
  CHECK(picture == golden("capture.txt", picture));
  // SVG: round holes, no squares; the rows of the top half widen by one hole each.
  const std::string svg = cli::svg_board(capture);
  CHECK(svg == golden("capture.svg", svg));
  CHECK(svg.find("<rect") == std::string::npos);
  std::size_t holes = 0;
  for (std::size_t at = svg.find("fill=\"#ecd9b4\""); at != std::string::npos;
       at = svg.find("fill=\"#ecd9b4\"", at + 1))
    ++holes;
  CHECK(holes == 61);
  const std::string drawn = cli::svg_chain(triangle, chain);
  CHECK(drawn == golden("triangle-chain.svg", drawn));
}

namespace {

// Reads a terminal drawing back as a reader would: a line ending in a rank number is a rank
// of cells; the file of a cell is the letter standing at the cell's column in the line
// right below (six-direction boards) or in the file-letter line under the board (square
// boards, where that line lists every file). Returns the cell names with the values seen.
std::map<std::string, char> read_drawing(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  std::map<std::string, char> cells;
  for (std::size_t i = 0; i + 1 < lines.size(); ++i) {
    const std::string& row = lines[i];
    const std::size_t digits = row.find_last_not_of("0123456789");
    if (row.empty() || digits == std::string::npos || digits + 1 == row.size()) continue;
    const std::string rank = row.substr(digits + 1);
    // A rank's line starts with its number too (a legend line may end in a digit).
    const std::size_t label = row.find_first_not_of(' ');
    const std::size_t first = row.find(' ', label);  // the cells start after the number
    if (first == std::string::npos || row.substr(label, first - label) != rank) continue;
    // The line of letters under this rank: the next line not ending in a rank number.
    std::size_t below = i + 1;
    while (below < lines.size() && !lines[below].empty() &&
           std::isdigit(static_cast<unsigned char>(lines[below].back())) != 0)
      ++below;
    REQUIRE(below < lines.size());
    const std::string& letters = lines[below];
    for (std::size_t x = first; x < digits; ++x) {
      const char c = row[x];
      // A mark in the gap before a cell ('>', 'x', or '*' before a piece that landed there).
      const bool before_cell = x + 1 < digits && row[x + 1] != ' ';
      if (c == ' ' || c == '>' || c == 'x' || (c == '*' && before_cell)) continue;
      INFO(text << "cell '" << c << "' at column " << x << " of rank " << rank);
      REQUIRE(x < letters.size());
      REQUIRE(std::islower(static_cast<unsigned char>(letters[x])) != 0);
      cells[letters[x] + rank] = c;
    }
  }
  return cells;
}

}  // namespace

TEST_CASE("every cell of a drawn board can be found by its name", "[render]") {
  // The letter a reader finds under a drawn cell, with the rank number on its line, names
  // that cell: on the six-direction boards, whose files run diagonally, too. Every preset
  // with a board of its own, each shaped one at a few sides, with and without a chain shown.
  std::vector<Setup> boards;
  for (const Variant& v : variants()) {
    if (!has_start(v)) continue;
    for (int side : {0, 2, 3, 6}) {
      if (side != 0 && (v.shaped == nullptr || side > v.max_side)) continue;
      boards.push_back(parse_position(start_text(v, side) + " variant=" + std::string(v.name)));
    }
  }
  int hex = 0;
  for (const Setup& setup : boards) {
    hex += setup.rules().jumps == JumpSet::kHex ? 1 : 0;
    const std::string text = cli::render_board(setup, false);
    INFO(text);
    const std::map<std::string, char> seen = read_drawing(text);
    std::map<std::string, char> expected;
    for (Square s = 0; s < setup.board.cells(); ++s) {
      if (!setup.board.is_square(s)) continue;
      const Value v = setup.position.cells[s];
      expected[square_name(setup.board.shape(), s)] = v == 0 ? '.' : static_cast<char>('0' + v);
    }
    CHECK(seen == expected);
  }
  CHECK(hex >= 5);
  // With a chain drawn: the marks in the gaps do not hide a cell's letter.
  const Setup triangle = parse_position(".####/11###/111##/1111#/11111 grid=hex");
  const Turn chain = parse_turn(triangle.board, "a3xa5");
  const std::map<std::string, char> marked =
      read_drawing(cli::render_board(triangle, false, &chain));
  CHECK(marked.at("a5") == '*');
  CHECK(marked.at("a3") == '1');
  CHECK(marked.size() == 15);
  // On the board after the turn, the mark before the piece that landed.
  Setup after = triangle;
  after.position = apply(triangle.board, triangle.rules(), triangle.position, chain);
  const std::map<std::string, char> landed = read_drawing(cli::render_board(after, false, &chain));
  CHECK(landed.at("a5") == '1');
  CHECK(landed.at("a3") == '.');
  CHECK(landed.size() == 15);
}
