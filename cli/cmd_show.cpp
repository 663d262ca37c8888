#include <iostream>

#include "cli/commands.h"
#include "cli/render.h"
#include "cli/svg.h"
#include "puzzles/legality.h"
#include "puzzles/movegen.h"

namespace leapfrog::cli {

int run_show(const Command& cmd, const std::vector<std::string>& args) {
  CommonOptions o;
  std::string position, chain, svg;
  po::options_description visible;
  po::options_description picture("Pictures");
  picture.add_options()("chain", move_value(&chain, "chain")->value_name("MOVE"),
                        "highlight a legal turn: its start '>', landing squares '*', captured "
                        "pieces 'x' (none by default)")(
      "svg", file_value(&svg, "svg")->value_name("FILE"),
      "also write an SVG diagram to FILE ('-': standard output instead of the text)");
  visible.add(rule_options(o)).add(layout_options(o)).add(picture).add(output_options(o));
  if (!parse_command(cmd, args, visible, o, {{"position", &position}})) return 0;
  const bool colour = want_colour(o);
  if (position.empty()) throw UsageError("missing POSITION");
  const Setup setup = load_position(position, o);
  const Rules rules = setup.rules();
  std::optional<Turn> turn;
  if (!chain.empty()) {
    turn = parse_turn(setup.board, chain);
    const TurnCheck check = check_turn(setup.board, rules, setup.position, *turn);
    if (!check.legal) throw UsageError("--chain " + chain + " is not legal here: " + check.reason);
  }
  if (!svg.empty()) {
    SvgOptions so;
    so.title = format_position(setup);
    write_file(svg, turn ? svg_chain(setup, *turn, so) : svg_board(setup, so));
    if (svg == "-") return 0;
  }
  const bool over = !has_turn(setup.board, rules, setup.position);
  if (o.json) {
    Json j = position_json(setup);
    j["game_over"] = over;
    print_json(j);
    return 0;
  }
  std::cout << render_board(setup, colour, turn ? &*turn : nullptr);
  std::cout << "pieces " << piece_count(setup.board, setup.position) << ", points "
            << point_total(setup.board, setup.position) << "\n";
  std::cout << "rules: " << (setup.variant.empty() ? "traditional" : setup.variant) << ", "
            << describe(rules) << "\n";
  std::cout << "player " << setup.position.to_move + 1 << " to move";
  if (removal_turn(setup.position)) std::cout << " (opening removal)";
  std::cout << "; scores";
  for (int p = 0; p < rules.players; ++p) std::cout << " " << setup.position.scores[p];
  std::cout << (over ? "; game over" : "") << "\n";
  std::cout << "position: " << format_position(setup) << "\n";
  return 0;
}

}  // namespace leapfrog::cli
