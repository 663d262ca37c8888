#include "cli/sheet.h"

#include <algorithm>
#include <cmath>

#include "cli/svg.h"
#include "core/text.h"
#include "puzzles/legality.h"

namespace leapfrog::cli {

namespace {

// prefix + n, built by appending: GCC 12 warns wrongly (-Wrestrict) on "literal" + string.
std::string numbered(std::string prefix, std::size_t n) {
  prefix += std::to_string(n);
  return prefix;
}

std::string label_of(const Puzzle& p, std::size_t index) {
  return p.id.empty() ? numbered("#", index + 1) : p.id;
}

// Replays the solution; every turn must be legal where it is played. Returns the position
// it ends in.
Position check_solution(const Puzzle& p, std::size_t index) {
  const Rules rules = p.setup.rules();
  Position pos = p.setup.position;
  for (std::size_t i = 0; i < p.solution.size(); ++i) {
    const TurnCheck c = check_turn(p.setup.board, rules, pos, p.solution[i]);
    if (!c.legal)
      throw ParseError("puzzle " + label_of(p, index) + ": solution turn " + std::to_string(i + 1) +
                       " " + text_start(format_turn(p.setup.board, p.solution[i])) +
                       " is not legal: " + c.reason);
    pos = apply(p.setup.board, rules, pos, p.solution[i]);
  }
  if (p.solution.empty()) throw ParseError("puzzle " + label_of(p, index) + " has no solution");
  return pos;
}

// What a puzzle's solution reaches, by the puzzle's measure: what it captures in all, and what
// it leaves on the board. Taken from the replay, so that the target stated with the puzzle
// is what the solution printed with it reaches, under the rules the sheet uses.
struct Target {
  Score captured = 0;
  Score left = 0;
};

Target target_of(const Puzzle& p, const Position& end) {
  const Rules rules = p.setup.rules();
  const auto measure = [&](const Position& pos) {
    return rules.measure == Measure::kPoints ? point_total(p.setup.board, pos)
                                             : piece_count(p.setup.board, pos);
  };
  return {measure(p.setup.position) - measure(end), measure(end)};
}

// A cell size that makes every board about as wide as a column of the sheet.
double cell_for(const Board& b, double target) {
  return std::clamp(std::floor(target / (std::max(b.width(), b.height()) + 1.2)), 12.0, 40.0);
}

// The task and its target, without the solution: for a chain puzzle what the best turn
// captures, for a solitaire puzzle what the line captures in all and leaves on the board.
std::string task_of(const Puzzle& p, const Target& target) {
  const Rules rules = p.setup.rules();
  const std::string measure = rules.measure == Measure::kPoints ? "points" : "pieces";
  std::string task;
  if (p.kind == PuzzleKind::kChain) {
    const bool removal = p.solution.size() == 1 && p.solution[0].removal;
    task = removal ? "Find the opening removal that takes the most " + measure + ": " +
                         amount_text(rules, target.captured)
                   : "Find the chain that captures the most " + measure + ": " +
                         amount_text(rules, target.captured) +
                         (p.solution.size() == 1
                              ? std::string(" in one turn")
                              : " in " + std::to_string(p.solution.size()) + " turns");
  } else {
    task = std::string(p.setup.position.removals_due != 0
                           ? "Solitaire, starting with an opening removal: capture "
                           : "Solitaire: capture ") +
           amount_text(rules, target.captured) + " in all, leaving " +
           amount_text(rules, target.left) + " on the board";
  }
  task += rules.jumps == JumpSet::kOrthogonal
              ? std::string(".")
              : " (" + directions(rules.jumps).name + " jumps allowed).";
  return task;
}

std::string variant_name(const Setup& s) { return s.variant.empty() ? "traditional" : s.variant; }

}  // namespace

std::string sheet_html(std::span<const Puzzle> puzzles, const SheetOptions& options) {
  const auto stopped = [&] { return options.stop != nullptr && options.stop->load(); };
  std::vector<Target> targets;
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    if (stopped()) return {};
    targets.push_back(target_of(puzzles[i], check_solution(puzzles[i], i)));
  }
  const int columns = std::clamp(options.columns, 1, 6);
  const double column_width = 640.0 / columns;
  std::string out =
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" +
      xml_escape(options.title) +
      "</title>\n<style>\n"
      "@page { size: A4; margin: 15mm; }\n"
      "body { font-family: sans-serif; margin: 15mm; color: #000; background: #fff; }\n"
      "h1 { font-size: 20pt; margin: 0 0 4mm 0; }\n"
      "h2 { font-size: 16pt; margin: 0 0 4mm 0; }\n"
      ".grid { display: grid; grid-template-columns: repeat(" +
      std::to_string(columns) +
      ", 1fr); gap: 8mm 6mm; }\n"
      "figure { margin: 0; break-inside: avoid; page-break-inside: avoid; }\n"
      "figure.wide { grid-column: 1 / -1; }\n"
      "figcaption { font-size: 10pt; margin-bottom: 2mm; }\n"
      ".number { font-weight: bold; font-size: 12pt; }\n"
      ".meta { color: #555; }\n"
      "svg { max-width: 100%; height: auto; display: block; }\n"
      ".solutions { break-before: page; page-break-before: always; margin-top: 10mm; }\n"
      "</style>\n</head>\n<body>\n<section class=\"puzzles\">\n<h1>" +
      xml_escape(options.title) + "</h1>\n<p>" + count_text(puzzles.size(), "puzzle", "puzzles") +
      ". Pieces are worth the number on them; a piece jumps over a neighbour into the empty square "
      "beyond, capturing it, and may go on jumping. Solutions on the last page.</p>\n<div "
      "class=\"grid\">\n";
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    if (stopped()) return {};
    const Puzzle& p = puzzles[i];
    SvgOptions so;
    so.cell = cell_for(p.setup.board, column_width);
    so.id = numbered("p", i + 1);
    so.title = label_of(p, i);
    out += "<figure id=\"puzzle-" + std::to_string(i + 1) +
           "\">\n<figcaption><span class=\"number\">" + std::to_string(i + 1) + ".</span> " +
           xml_escape(task_of(p, targets[i])) + " <span class=\"meta\">(" +
           xml_escape(label_of(p, i)) + ", " + xml_escape(variant_name(p.setup)) + ", rating " +
           std::to_string(p.rating) + ")</span></figcaption>\n" + svg_board(p.setup, so) +
           "</figure>\n";
  }
  out +=
      "</div>\n</section>\n<section class=\"solutions\">\n<h2>Solutions</h2>\n<div "
      "class=\"grid\">\n";
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    if (stopped()) return {};
    const Puzzle& p = puzzles[i];
    const Rules rules = p.setup.rules();
    SvgOptions so;
    so.id = numbered("s", i + 1);
    so.title = label_of(p, i) + " solution";
    std::string moves;
    for (const Turn& t : p.solution) {
      if (!moves.empty()) moves += ' ';
      moves += format_turn(p.setup.board, t);
    }
    const std::string caption = "<figcaption><span class=\"number\">" + std::to_string(i + 1) +
                                ".</span> " + xml_escape(moves) + " &#8212; " +
                                amount_text(rules, targets[i].captured) +
                                (p.unique ? " (the only way)" : "") + "</figcaption>\n";
    if (p.solution.size() == 1) {
      so.cell = cell_for(p.setup.board, column_width);
      out += "<figure id=\"solution-" + std::to_string(i + 1) + "\">\n" + caption +
             svg_chain(p.setup, p.solution[0], so) + "</figure>\n";
    } else {
      so.cell = cell_for(p.setup.board, 150);
      so.columns = 4;
      out += "<figure class=\"wide\" id=\"solution-" + std::to_string(i + 1) + "\">\n" + caption +
             svg_line(p.setup, p.solution, so) + "</figure>\n";
    }
  }
  out += "</div>\n</section>\n</body>\n</html>\n";
  return out;
}

}  // namespace leapfrog::cli
