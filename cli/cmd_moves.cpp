#include <iostream>

#include "cli/commands.h"
#include "puzzles/movegen.h"

namespace leapfrog::cli {

int run_moves(const Command& cmd, const std::vector<std::string>& args) {
  CommonOptions o;
  std::string position;
  po::options_description visible;
  visible.add(rule_options(o)).add(layout_options(o)).add(output_options(o));
  if (!parse_command(cmd, args, visible, o, {{"position", &position}})) return 0;
  if (position.empty()) throw UsageError("missing POSITION");
  const Setup setup = load_position(position, o);
  const Rules rules = setup.rules();
  Json moves = Json::array();
  Json sizes = Json::array();
  for_each_turn(setup.board, rules, setup.position, [&](const TurnView& t) {
    moves.push_back(format_turn(setup.board, t));
    sizes.push_back(t.size(rules));
  });
  if (o.json) {
    Json j;
    j["moves"] = moves;
    j["count"] = moves.size();
    j["captures"] = sizes;
    j["by"] = to_string(rules.measure);
    print_json(j);
    return 0;
  }
  for (std::size_t i = 0; i < moves.size(); ++i)
    std::cout << moves[i].get<std::string>() << "  " << sizes[i].get<int>() << "\n";
  std::cout << moves.size() << (moves.size() == 1 ? " turn" : " turns") << " ("
            << to_string(rules.continuation) << ", captures by " << to_string(rules.measure)
            << ")\n";
  return 0;
}

}  // namespace leapfrog::cli
