#include <iostream>

#include "cli/command_json.h"
#include "cli/commands.h"
#include "cli/progress.h"
#include "cli/search_options.h"
#include "puzzles/notation.h"
#include "solver/perft.h"

namespace leapfrog::cli {

int run_perft(const Command& cmd, const std::vector<std::string>& args) {
  CommonOptions o;
  std::string position, depth_text;
  bool divide = false;
  int threads = 0;
  po::options_description count("Counting");
  count.add_options()("divide", po::bool_switch(&divide),
                      "also print each first turn's count, in the move list's order");
  add_threads_option(count, threads);
  po::options_description visible;
  visible.add(count)
      .add(rule_options(o))
      .add(layout_options(o))
      .add(output_options(o, Boards::kNone));
  if (!parse_command(cmd, args, visible, o, {{"position", &position}, {"depth", &depth_text}}))
    return 0;
  if (position.empty()) throw UsageError("missing POSITION");
  if (depth_text.empty()) throw UsageError("missing DEPTH");
  // Digits only, as every whole number of the command line: " 3" and "+3" are refused too.
  const int depth = static_cast<int>(parse_whole(depth_text, "DEPTH", 0, 64));
  const Setup setup = load_position(position, o);
  ProgressLine line({"sequences", nullptr});
  SearchControl control;
  control.stop = &install_interrupt_flag();
  control.threads = machine_threads(threads);
  if (line.enabled()) control.progress = line.callback();
  // Each first turn's count is printed as soon as it and those before it are complete: a
  // long count shows them as it goes, and a stopped one keeps them.
  Json divided = Json::object();
  const PerftSink each = [&](const Turn& t, std::uint64_t n) {
    const std::string turn = format_turn(setup.board, t);
    if (o.json) {
      divided[turn] = n;
      return;
    }
    line.clear_then([&] { std::cout << turn << ": " << n << std::endl; });
  };
  const PerftDivide d = perft_divide(setup.board, setup.rules(), setup.position, depth, control,
                                     divide ? each : PerftSink{});
  const std::uint64_t nodes = d.nodes;
  line.clear();
  if (!d.complete) {
    std::cerr << "leapfrog perft: interrupted after counting "
              << count_text(nodes, "sequence", "sequences")
              << " (from the first turns done); no count\n";
    return 2;
  }
  if (o.json) {
    Json j{{"depth", depth}, {"nodes", nodes}};
    if (divide) j["divide"] = divided;
    print_json(j);
    return 0;
  }
  std::cout << "perft " << depth << ": " << nodes << "\n";
  return 0;
}

}  // namespace leapfrog::cli
