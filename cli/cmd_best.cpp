#include <iostream>

#include "cli/command_json.h"
#include "cli/commands.h"
#include "cli/render.h"
#include "cli/search_options.h"
#include "cli/svg.h"
#include "cli/then_option.h"
#include "solver/chains/chains.h"

namespace leapfrog::cli {

Json best_json(const Setup& setup, const ChainResult& r, bool all) {
  const Rules rules = setup.rules();
  if (!r.complete)
    return Json{{"complete", false},
                {"out_of_memory", r.out_of_memory},
                {"by", to_string(rules.measure)},
                {"nodes", r.nodes}};
  Json j;
  j["value"] = r.value;
  j["count"] = count_json(r.count);
  j["best"] = r.best ? Json(format_turn(setup.board, *r.best)) : Json(nullptr);
  j["by"] = to_string(rules.measure);
  j["removal"] = r.removal;
  j["nodes"] = r.nodes;
  j["complete"] = true;
  if (all) {
    Json list = Json::array();
    for (const Turn& t : r.chains) list.push_back(format_turn(setup.board, t));
    j["chains"] = list;
    j["truncated"] = r.truncated;
  }
  return j;
}

int run_best(const Command& cmd, const std::vector<std::string>& args) {
  CommonOptions o;
  std::string position;
  bool all_chains = false;
  std::string svg;
  std::size_t limit = 1000;
  LimitOptions limits;
  std::vector<std::string> then;
  po::options_description visible;
  po::options_description chains("Chains");
  chains.add_options()("all", po::bool_switch(&all_chains),
                       "list every maximal chain (up to --limit)")(
      "limit",
      whole_value(&limit, "limit", 1, kMaxChainList)->default_value("1000")->value_name("N"),
      "at most N chains with --all, 1..10000000")(
      "svg", file_value(&svg, "svg")->value_name("FILE"),
      "also draw the best chain as an SVG diagram in FILE ('-': "
      "standard output, instead of the text)");
  po::options_description search("Search");
  add_limit_options(search, limits, "stop after about N nodes (no answer then)",
                    kWhenChainTablesFull, true, kTimeLimitNoAnswer);
  po::options_description play("Playing on");
  add_then_option(play, then, "look for the best capture in the position they reach");
  visible.add(play).add(rule_options(o)).add(chains).add(search);
  visible.add(layout_options(o)).add(output_options(o, Boards::kDrawn));
  po::variables_map given;
  if (!parse_command(cmd, args, visible, o, {{"position", &position}}, &given)) return 0;
  if (!all_chains && given.count("limit") && !given["limit"].defaulted())
    throw UsageError("--limit goes with --all (the best chain alone is one)");
  require_position(position, then);
  ProgressLine line;
  SearchControl control = limit_control(limits, line);
  control.memory_mb = table_mb(limits.hash_mb);
  const Setup setup = after_then(load_position(position, o), then);
  const Rules rules = setup.rules();
  ChainOptions options;
  options.all = all_chains;
  options.limit = limit;
  options.list_weight = o.json ? kJsonChainWeight : 1;
  const ChainResult r = best_chains(setup.board, rules, setup.position, options, control);
  line.clear();
  if (!r.complete) {
    if (o.json) print_json(best_json(setup, r, all_chains));
    if (r.out_of_memory)
      std::cerr << "leapfrog best: stopped after " << count_text(r.nodes, "node", "nodes")
                << ": the search's tables need more than --hash " << limits.hash_mb
                << " MB; no exact answer\n";
    else
      std::cerr << "leapfrog best: "
                << (control.stop_requested() ? "interrupted" : "stopped at the limit") << " after "
                << count_text(r.nodes, "node", "nodes") << "; no exact answer\n";
    return 2;
  }
  const std::string best = r.best ? format_turn(setup.board, *r.best) : "";
  if (!svg.empty()) {
    write_file(svg, r.best ? svg_chain(setup, *r.best) : svg_board(setup));
    if (svg == "-") return 0;
  }
  if (o.json) {
    print_json(best_json(setup, r, all_chains));
    return 0;
  }
  if (!r.best) {
    std::cout << "no capture: the player to move has no turn (value 0, count 0)\n";
    return 0;
  }
  std::cout << render_board(setup, want_colour(o), r.removal ? nullptr : &*r.best);
  const bool one = r.value == 1;
  const std::string unit =
      rules.measure == Measure::kPoints ? (one ? "point" : "points") : (one ? "piece" : "pieces");
  std::cout << (r.removal ? "removal" : "value") << " " << r.value << " " << unit << "\n"
            << "count " << r.count.to_string()
            << (r.removal ? (r.count == BigCount(1) ? " square" : " squares")
                          : (r.count == BigCount(1) ? " maximal chain" : " maximal chains"))
            << "\n"
            << "best  " << best << "\n";
  if (all_chains) {
    for (const Turn& t : r.chains) std::cout << format_turn(setup.board, t) << "\n";
    if (r.list_full)
      std::cout << "(stopped at " << r.chains.size() << " chains: more would not fit in --hash "
                << limits.hash_mb << " MB)\n";
    else if (r.truncated)
      std::cout << "(stopped at --limit " << limit << ")\n";
  }
  return 0;
}

}  // namespace leapfrog::cli
