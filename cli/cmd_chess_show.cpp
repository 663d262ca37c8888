// leapfrog chess show: the board as text (colours on a terminal) or SVG.
#include <iostream>

#include "cli/chess_options.h"
#include "cli/chess_render.h"
#include "cli/command_json.h"
#include "cli/render.h"

namespace leapfrog::cli {

using chess::Move;
using chess::Position;

Json chess_show_json(const Position& pos, std::size_t moves) {
  return Json{{"fen", pos.fen()},
              {"side", pos.side() == chess::kRed ? "red" : "black"},
              {"check", pos.in_check()},
              {"moves", moves}};
}

int chess_show(const Command& cmd, const std::vector<std::string>& args) {
  ChessOptions o;
  std::string fen;
  po::options_description visible;
  po::options_description drawing("Drawing");
  drawing.add_options()("svg", file_value(&o.svg, "svg")->value_name("FILE"),
                        "also draw the board as SVG in FILE ('-': standard output, instead of "
                        "the text)");
  visible.add(chess_rule_options(o)).add(drawing).add(output_options(o.common, Boards::kDrawn));
  if (!parse_command(cmd, args, visible, o.common, {{"fen", &fen}})) return 0;
  const Position pos = chess_position(fen);
  if (!o.svg.empty()) write_file(o.svg, chess_board_svg(pos));
  if (o.svg == "-") return 0;
  const std::size_t count = chess::legal_moves(pos, rules_of(o)).size();
  if (o.common.json) {
    print_json(chess_show_json(pos, count));
    return 0;
  }
  std::cout << chess_board_text(pos, want_colour(o.common))
            << (pos.side() == chess::kRed ? "Red" : "Black") << " to move"
            << (pos.in_check() ? ", in check" : "") << "; " << count << " legal moves\n"
            << pos.fen() << "\n";
  return 0;
}

}  // namespace leapfrog::cli
