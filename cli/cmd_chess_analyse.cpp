// leapfrog chess analyse: the best move by search, its value and principal variation.
#include <cstdlib>
#include <iostream>

#include "chess/game_end.h"
#include "chess/movegen.h"
#include "chess/notation.h"
#include "chess/search.h"
#include "cli/chess_options.h"
#include "cli/command_json.h"
#include "cli/progress.h"
#include "cli/search_options.h"

namespace leapfrog::cli {

using chess::Move;
using chess::Position;

Json chess_analyse_json(const Position& pos, const std::string& captures,
                        const chess::SearchResult& r) {
  return Json{{"best", r.has_move ? Json(chess::move_text(r.best)) : Json(nullptr)},
              {"value", r.value},
              {"pv", chess_move_list_json(r.pv)},
              {"nodes", r.nodes},
              {"depth", r.depth},
              {"proved", r.complete && (!r.has_move || std::abs(r.value) > chess::kMateBound)},
              {"captures", captures},
              {"fen", pos.fen()}};
}

int chess_analyse(const Command& cmd, const std::vector<std::string>& args) {
  ChessOptions o;
  std::string fen;
  LimitOptions limits;
  int depth = 0;
  po::options_description visible;
  po::options_description search("Search");
  add_limit_options(search, limits,
                    "stop after about N nodes with the best move of the last finished depth",
                    "the table then replaces its oldest entries", true, kTimeLimitBest,
                    "accepted, as by every search command; the Leap Chess search runs on one "
                    "thread");
  search.add_options()(
      "depth", whole_value(&depth, "depth", 0, 64)->default_value("0")->value_name("N"),
      "search at most N plies deep (0 = no limit); with no --depth above 0 and neither "
      "--nodes nor --time-limit given, --nodes 1000000 (--nodes 0: none)");
  visible.add(chess_rule_options(o)).add(search).add(output_options(o.common, Boards::kNone));
  if (!parse_command(cmd, args, visible, o.common, {{"fen", &fen}})) return 0;
  const Position pos = chess_position(fen);
  if (depth == 0 && !o.common.limit_given) limits.node_limit = kChessAnalyseNodes;
  ProgressLine line;
  const SearchControl control = limit_control(limits, line);
  chess::SearchSettings settings;
  settings.max_depth = depth == 0 ? 64 : depth;
  settings.hash_mb = table_mb(limits.hash_mb);
  const chess::SearchResult r = chess::analyse(pos, rules_of(o), settings, control);
  line.clear();
  // A limit is the user's own budget; a signal cut the search short, and that is said.
  if (!r.complete && control.stop_requested())
    std::cerr << "leapfrog chess analyse: stopped by a signal: the answer is the last depth "
                 "searched to the end\n";
  if (o.common.json) {
    print_json(chess_analyse_json(pos, o.captures, r));
    return 0;
  }
  if (!r.has_move) {
    std::cout << chess_end_text(chess::game_end(pos, chess::legal_moves(pos, rules_of(o)), {}), pos)
              << "\n";
    return 0;
  }
  std::cout << "best " << chess::move_text(r.best) << "  value " << value_text(r.value)
            << "  depth " << r.depth << "  nodes " << r.nodes << "\npv";
  for (const Move& m : r.pv) std::cout << " " << chess::move_text(m);
  std::cout << "\n";
  return 0;
}

}  // namespace leapfrog::cli
