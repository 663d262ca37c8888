// Every SVG the tool writes is well-formed XML (xmllint --noout) and renders
// (rsvg-convert): show --svg for every variant, chains, removals, lines, the diagrams
// inlined in a puzzle sheet, and the diagram shipped in docs/.
#include <catch2/catch.hpp>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

#include "cli/svg.h"
#include "run_cli.h"

using leapfrog::testing::run_cli;
using leapfrog::testing::slurp;

namespace {

std::string temp_path(const std::string& name) {
  return "leapfrog_svg_test_" + std::to_string(::getpid()) + "_" + name;
}

int shell(const std::string& command) {
  const int status = std::system((command + " >/dev/null 2>&1").c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// Both tools come from scripts/setup.sh (libxml2-utils, librsvg2-bin).
void check_svg_file(const std::string& path) {
  INFO("SVG file " << path);
  REQUIRE(shell("command -v xmllint") == 0);
  REQUIRE(shell("command -v rsvg-convert") == 0);
  CHECK(shell("xmllint --noout '" + path + "'") == 0);
  const std::string png = path + ".png";
  CHECK(shell("rsvg-convert '" + path + "' -o '" + png + "'") == 0);
  const std::string bytes = slurp(png);
  CHECK(bytes.size() > 100);
  CHECK(bytes.substr(0, 4) == "\x89PNG");
  std::remove(png.c_str());
}

void check_svg_text(const std::string& name, const std::string& svg) {
  const std::string path = temp_path(name);
  { std::ofstream(path, std::ios::binary) << svg; }
  check_svg_file(path);
  std::remove(path.c_str());
}

}  // namespace

TEST_CASE("show --svg writes valid SVG for every variant", "[svg][tools]") {
  for (const char* variant :
       {"traditional", "murray", "froglet", "take-it-away", "english", "french"}) {
    const std::string path = temp_path(std::string(variant) + ".svg");
    const std::string size =
        (std::string(variant) == "english" || std::string(variant) == "french") ? "" : " --size 9";
    const auto r = run_cli(std::string("show ") + variant + size + " --svg " + path);
    INFO(variant << ": " << r.err);
    REQUIRE(r.code == 0);
    check_svg_file(path);
    std::remove(path.c_str());
  }
}

TEST_CASE("chains, removals and lines make valid SVG", "[svg][tools]") {
  const std::string chain = temp_path("chain.svg");
  auto r = run_cli("show 3441./33311/.1.41/.4.../.41.1 --chain a5xa3xc3 --svg " + chain);
  REQUIRE(r.code == 0);
  check_svg_file(chain);
  std::remove(chain.c_str());
  // An opening removal (Murray start position: removals due).
  const std::string removal = temp_path("removal.svg");
  r = run_cli("show murray --size 8 --chain xa1 --svg " + removal);
  INFO(r.err);
  REQUIRE(r.code == 0);
  check_svg_file(removal);
  std::remove(removal.c_str());

  const leapfrog::Setup english =
      leapfrog::parse_position("##ooo##/##ooo##/ooooooo/ooo.ooo/ooooooo/##ooo##/##ooo##");
  const std::vector<leapfrog::Turn> line{leapfrog::parse_turn(english.board, "d2xd4"),
                                         leapfrog::parse_turn(english.board, "f3xd3")};
  leapfrog::cli::SvgOptions o;
  o.cell = 12;
  o.title = "a <title> & \"quotes\"";
  o.id = "x&y";
  check_svg_text("line.svg", leapfrog::cli::svg_line(english, line, o));
  o.coordinates = false;
  check_svg_text("bare.svg", leapfrog::cli::svg_board(english, o));
}

TEST_CASE("the diagrams inlined in a sheet are valid SVG", "[svg][tools]") {
  const auto r =
      run_cli(std::string("sheet ") + LEAPFROG_SOURCE_DIR + "/tests/data/puzzles.epd --html -");
  REQUIRE(r.code == 0);
  int count = 0;
  for (std::size_t p = r.out.find("<svg"); p != std::string::npos; p = r.out.find("<svg", p + 1)) {
    const std::size_t end = r.out.find("</svg>", p);
    REQUIRE(end != std::string::npos);
    check_svg_text("sheet" + std::to_string(count++) + ".svg", r.out.substr(p, end + 6 - p));
  }
  CHECK(count == 14);  // 7 puzzles, 7 solutions
}

TEST_CASE("docs/example.svg is valid SVG made by the tool", "[svg][tools]") {
  check_svg_file(std::string(LEAPFROG_SOURCE_DIR) + "/docs/example.svg");
}

TEST_CASE("best --svg and solve --svg write valid SVG", "[svg][tools]") {
  const std::string best = temp_path("best.svg");
  auto r = run_cli("best '3441./33311/.1.41/.4.../.41.1' --svg " + best);
  REQUIRE(r.code == 0);
  CHECK(slurp(best).find("marker-end") != std::string::npos);  // the chain is drawn as an arrow
  check_svg_file(best);
  std::remove(best.c_str());
  const std::string solve = temp_path("solve.svg");
  r = run_cli("solve english --svg " + solve);
  REQUIRE(r.code == 0);
  CHECK(slurp(solve).find("end: +31 points") != std::string::npos);
  check_svg_file(solve);
  std::remove(solve.c_str());
  // '-' writes the SVG alone on standard output.
  r = run_cli("best '3441./33311/.1.41/.4.../.41.1' --svg -");
  CHECK(r.out.rfind("<svg", 0) == 0);
}
