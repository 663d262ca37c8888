// `sheet`: every puzzle on the puzzle page states its target (what the solution reaches),
// without giving the solution away; the solutions page keeps the moves.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <string>

#include "puzzles/puzzle_file.h"
#include "run_cli.h"

using leapfrog::testing::run_cli;
using leapfrog::testing::slurp;
using Json = nlohmann::json;

namespace {

const std::string kPuzzles = std::string(LEAPFROG_SOURCE_DIR) + "/tests/data/puzzles.epd";

// The page split in two: the puzzles, and the solutions after them.
std::pair<std::string, std::string> parts_of(const std::string& html) {
  const auto at = html.find("<section class=\"solutions\">");
  REQUIRE(at != std::string::npos);
  return {html.substr(0, at), html.substr(at)};
}

std::string sheet_of(const std::string& args, const std::string& input = "") {
  const auto r = run_cli("sheet " + args + " --html -", input);
  INFO(r.err);
  REQUIRE(r.code == 0);
  return r.out;
}

// The caption of puzzle n (1-based) on the puzzle page.
std::string caption_of(const std::string& puzzles, int n) {
  const std::string open = "<figure id=\"puzzle-" + std::to_string(n) + "\">\n<figcaption>";
  const auto at = puzzles.find(open);
  REQUIRE(at != std::string::npos);
  const auto end = puzzles.find("</figcaption>", at);
  return puzzles.substr(at + open.size(), end - at - open.size());
}

}  // namespace

TEST_CASE("sheet: each puzzle states its target, and not its solution", "[sheet][target]") {
  const auto [puzzles, solutions] = parts_of(sheet_of(kPuzzles));
  CHECK(caption_of(puzzles, 1) ==
        "<span class=\"number\">1.</span> Find the chain that captures the most points: 7 "
        "points in one turn. <span class=\"meta\">(m01, murray, rating 1100)</span>");
  CHECK(caption_of(puzzles, 6)
            .find("the most points: 5 points in one turn (orthogonal and "
                  "diagonal jumps allowed).") != std::string::npos);
  CHECK(caption_of(puzzles, 7) ==
        "<span class=\"number\">7.</span> Solitaire: capture 8 points in all, leaving 1 point "
        "on the board. <span class=\"meta\">(s01, traditional, rating 1250)</span>");
  // No move of any solution appears before the solutions page; there every one does.
  for (const leapfrog::Puzzle& p : leapfrog::parse_puzzles(slurp(kPuzzles)))
    for (const leapfrog::Turn& t : p.solution) {
      const std::string move = leapfrog::format_turn(p.setup.board, t);
      INFO(p.id << " " << move);
      CHECK(puzzles.find(move) == std::string::npos);
      CHECK(solutions.find(move) != std::string::npos);
    }
}

TEST_CASE("sheet: a chain puzzle's target is what best finds, a solitaire's what solve finds",
          "[sheet][target]") {
  const auto puzzles = leapfrog::parse_puzzles(slurp(kPuzzles));
  const std::string page = parts_of(sheet_of(kPuzzles)).first;
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    const leapfrog::Puzzle& p = puzzles[i];
    const std::string position = leapfrog::format_position(p.setup);
    const bool chain = p.kind == leapfrog::PuzzleKind::kChain;
    const auto r = run_cli(std::string(chain ? "best" : "solve") + " '" + position + "' --json");
    REQUIRE(r.code == 0);
    const int value = Json::parse(r.out)["value"];
    INFO(p.id);
    CHECK(value == p.value);
    const std::string caption = caption_of(page, static_cast<int>(i) + 1);
    CHECK(caption.find((chain ? "the most points: " : "Solitaire: capture ") +
                       std::to_string(value) + " points") != std::string::npos);
  }
}

TEST_CASE("sheet: the target follows the replay and the sheet's rules", "[sheet][target]") {
  // The measure of the command line: the same chain takes 3 pieces.
  auto [puzzles, solutions] = parts_of(sheet_of(kPuzzles + " --by pieces"));
  CHECK(caption_of(puzzles, 1)
            .find("Find the chain that captures the most pieces: 3 pieces in "
                  "one turn.") != std::string::npos);
  CHECK(caption_of(puzzles, 7)
            .find("Solitaire: capture 8 pieces in all, leaving 1 piece on "
                  "the board.") != std::string::npos);
  // The file's "only way" was proved under the puzzle's own rules: under others it goes.
  CHECK(solutions.find("e1xc1xc3xc5 &#8212; 3 pieces</figcaption>") != std::string::npos);
  CHECK(parts_of(sheet_of(kPuzzles)).second.find("e1xc1xc3xc5 &#8212; 7 points (the only way)") !=
        std::string::npos);
  // Take-it-away jumps diagonally already: --diagonal changes Murray's rules, not its.
  const std::string diagonal = parts_of(sheet_of(kPuzzles + " --diagonal")).second;
  CHECK(diagonal.find("e1xc1xc3xc5 &#8212; 7 points</figcaption>") != std::string::npos);
  CHECK(diagonal.find("f1xf3xd5xb5 &#8212; 5 points (the only way)") != std::string::npos);
  // A file without the value field (ce): the target is what the solution captures.
  std::tie(puzzles, solutions) = parts_of(
      sheet_of("-", "1...2/11212/2...2/.23.1/.1.21 variant=murray players=1 bm e1xc1xc3xc5;\n"));
  CHECK(caption_of(puzzles, 1).find("the most points: 7 points in one turn.") != std::string::npos);
  CHECK(solutions.find("e1xc1xc3xc5 &#8212; 7 points") != std::string::npos);
  // A solitaire puzzle that starts with an opening removal says so (the removal counts), and
  // a chain puzzle whose answer is a removal asks for one.
  std::tie(puzzles, solutions) =
      parts_of(sheet_of("-",
                        "111 players=1 bm xa1 c1xa1; id \"r\"; ce 2; kind solitaire;\n"
                        "121 bm xb1; id \"c\"; ce 2;\n"));
  CHECK(caption_of(puzzles, 1)
            .find("Solitaire, starting with an opening removal: capture 2 "
                  "points in all, leaving 1 point on the board.") != std::string::npos);
  CHECK(caption_of(puzzles, 2)
            .find("Find the opening removal that takes the most points: 2 "
                  "points.") != std::string::npos);
  CHECK(solutions.find("xa1 c1xa1 &#8212; 2 points") != std::string::npos);
}
