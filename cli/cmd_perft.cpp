#include <iostream>

#include "cli/commands.h"
#include "solver/perft.h"

namespace leapfrog::cli {

int run_perft(const Command& cmd, const std::vector<std::string>& args) {
  CommonOptions o;
  std::string position;
  int depth = -1;
  po::options_description visible;
  visible.add(rule_options(o)).add(layout_options(o)).add(output_options(o));
  po::options_description all;
  all.add(visible).add_options()("position", po::value(&position))("depth", po::value(&depth));
  po::positional_options_description pos;
  pos.add("position", 1).add("depth", 1);
  parse(cmd, args, all, pos);
  if (o.help) {
    print_help(cmd, visible);
    return 0;
  }
  if (position.empty()) throw UsageError("missing POSITION");
  if (depth < 0) throw UsageError("missing or negative DEPTH");
  if (depth > 64) throw UsageError("DEPTH " + std::to_string(depth) + " is absurd (at most 64)");
  const Setup setup = load_position(position, o);
  const std::uint64_t nodes = perft(setup.board, setup.rules(), setup.position, depth);
  if (o.json) {
    print_json(Json{{"depth", depth}, {"nodes", nodes}});
    return 0;
  }
  std::cout << "perft " << depth << ": " << nodes << "\n";
  return 0;
}

}  // namespace leapfrog::cli
