#include <iostream>
#include <limits>

#include "cli/checkpoint.h"
#include "cli/command_json.h"
#include "cli/commands.h"
#include "cli/progress.h"
#include "cli/ranks.h"
#include "cli/render.h"
#include "cli/search_options.h"
#include "cli/svg.h"
#include "cli/then_option.h"
#include "solver/reach.h"
#include "solver/solitaire.h"

namespace leapfrog::cli {

namespace {

// The --finish square: a square of the board, else UsageError naming the option.
Square finish_square(const Board& board, const std::string& text) {
  try {
    return parse_square(board, text);
  } catch (const ParseError& e) {
    throw UsageError(std::string("--finish: ") + e.what());
  }
}

}  // namespace

Json solve_json(const SolitaireSetup& solo, const SolveResult& r, const SolveOptions& options,
                bool count, const std::string& finish) {
  const Setup& setup = solo.setup;
  const Rules rules = setup.rules();
  std::vector<std::string> turns;
  for (const Turn& t : r.line) turns.push_back(format_turn(setup.board, t));
  Json j;
  j["value"] = r.value;
  j["line"] = turns;
  j["proved"] = r.proved;
  j["nodes"] = r.nodes;
  j["complete"] = r.complete;
  j["bound"] = r.bound;
  j["by"] = to_string(rules.measure);
  j["removal_due"] = solo.removal_due();
  j["position_players"] = solo.position_players;
  j["position_removals"] = solo.position_removals;
  if (!finish.empty()) {
    j["finish"] = square_name(setup.board, options.finish);
    // Unknown (null) when the search stopped before it found a line or proved none.
    j["possible"] = r.possible || r.complete ? Json(r.possible) : Json(nullptr);
  }
  if (count) {
    // A JSON number while it fits 64 bits, else a decimal string (docs/json.md).
    if (r.count.empty()) {
      j["count"] = nullptr;
    } else if (r.count.size() < 20 || (r.count.size() == 20 && r.count <= "18446744073709551615")) {
      j["count"] = std::stoull(r.count);
    } else {
      j["count"] = r.count;
    }
    j["count_levels_out_of_memory"] = r.count_levels_out_of_memory;
  }
  return j;
}

int run_solve(const Command& cmd, const std::vector<std::string>& args) {
  return run_solve_split(cmd, args, nullptr);
}

int run_solve_split(const Command& cmd, const std::vector<std::string>& args,
                    LevelExchange* exchange) {
  CommonOptions o;
  std::string position;
  bool count = false;
  bool no_symmetry = false;
  LimitOptions limits;
  std::string svg;
  std::string finish;  // empty: no finish square
  po::options_description search("Search");
  search.add_options()("count", po::bool_switch(&count), "also count the optimal lines")(
      "no-symmetry", po::bool_switch(&no_symmetry), "do not merge symmetric positions")(
      "svg", file_value(&svg, "svg")->value_name("FILE"),
      "also draw the line as small diagrams in FILE ('-': standard output, instead of the text)")(
      "finish", square_value(&finish, "finish")->value_name("SQUARE"),
      "only lines that leave one piece, alone on SQUARE (peg solitaire's 'finish in the "
      "centre': solve english --finish d4); exit 1 when none can");
  add_limit_options(search, limits, "stop after about N nodes",
                    "the transposition table keeps the most useful entries; a count whose levels "
                    "do not fit counts depth first, far slower, and says so");
  std::string checkpoint;
  add_checkpoint_option(search, checkpoint);
  std::vector<std::string> then;
  po::options_description play("Playing on");
  add_then_option(play, then, "solve the position they reach");
  po::options_description visible;
  visible.add(play)
      .add(search)
      .add(rule_options(o, kSolitairePlayers))
      .add(layout_options(o))
      .add(output_options(o, Boards::kDrawn));
  SingleExchange alone;
  LevelExchange& ranks = exchange != nullptr ? *exchange : alone;
  // Agreed by the ranks: --hash is checked against each machine's memory.
  if (!read_alike(ranks, [&] {
        return parse_command(cmd, args, visible, o, {{"position", &position}});
      }))
    return 0;
  require_position(position, then);
  ProgressLine line;
  const SearchControl control = limit_control(limits, line);
  refuse_split_stdin(ranks, position);
  // The --then turns are the game's, as verify --game checks them; what they reach is then
  // read as solitaire.
  const SolitaireSetup solo = read_alike(ranks, [&] {
    return load_solitaire(position, o, "solve", PositionSource::kAny,
                          [&](const Setup& given) { return after_then(given, then); });
  });
  const Setup& setup = solo.setup;
  const Rules rules = setup.rules();
  const std::string job = format_position(setup) + " " + describe(rules);
  agree_same(ranks, job, "position");
  agree_options(ranks, "solve" + std::string(count ? " --count" : "") +
                           (no_symmetry ? " --no-symmetry" : "") + " --finish " + finish +
                           " --nodes " + std::to_string(limits.node_limit) +
                           (checkpoint.empty() ? "" : " --checkpoint"));
  SolveOptions options;
  options.hash_mb = limits.hash_mb;
  options.count = count;
  options.symmetry = !no_symmetry;
  options.exchange = exchange;
  if (!finish.empty()) options.finish = finish_square(setup.board, finish);
  if (!checkpoint.empty() && !count) throw UsageError("--checkpoint saves the levels of --count");
  const std::unique_ptr<CheckpointStore> store =
      open_checkpoint(checkpoint, "count " + job + " finish " + (finish.empty() ? "-" : finish),
                      ranks, reach_fast_path(setup.board, rules, setup.position));
  options.level_store = store.get();
  const SolveResult r = solve(setup.board, rules, setup.position, options, control);
  line.clear();
  // --finish: no line can leave a lone piece there (a negative answer: exit 1).
  const bool impossible = !r.possible && r.complete;
  std::vector<std::string> turns;
  for (const Turn& t : r.line) turns.push_back(format_turn(setup.board, t));
  if (!svg.empty()) {
    SvgOptions so;
    so.cell = 20;
    // Rank 0 alone writes the file, as it alone prints: on a shared file system every rank
    // would write the same file at once.
    if (ranks.rank() == 0) write_file(svg, svg_line(setup, r.line, so));
    if (svg == "-") return impossible ? 1 : 0;
  }
  if (o.json) {
    print_json(solve_json(solo, r, options, count, finish));
    return impossible ? 1 : 0;
  }
  std::cout << render_board(setup, want_colour(o));
  std::cout << solitaire_note(solo) << "\n";
  if (!finish.empty()) {
    std::cout << "finish " << finish << ": ";
    if (impossible)
      std::cout << "impossible, proved: no line leaves one piece alone on " << finish << "\n";
    else if (r.possible)
      std::cout << "the line leaves one piece, alone on " << finish << "\n";
    else
      std::cout << "no line found before the search stopped (not proved impossible)\n";
  }
  if (impossible || !r.possible) {
    if (count)
      std::cout << "optimal lines " << (impossible ? "0" : "not counted (search stopped)") << "\n";
    std::cout << "nodes " << r.nodes << "\n";
    return impossible ? 1 : 0;
  }
  std::cout << "value " << r.value << " (" << to_string(rules.measure) << ")"
            << (r.proved ? ", proved optimal"
                         : ", not proved (upper bound " + std::to_string(r.bound) + ")")
            << (r.complete ? "" : ", search stopped early") << "\n";
  std::cout << "line";
  for (const std::string& t : turns) std::cout << " " << t;
  std::cout << "\n";
  if (count) {
    std::cout << "optimal lines "
              << (r.count.empty() ? r.proved ? "not counted (the count was stopped)"
                                             : "not counted (search stopped)"
                                  : r.count)
              << "\n";
    if (r.count_levels_out_of_memory)
      std::cout << "the count's levels needed more than --hash "
                << (options.hash_mb != 0 ? options.hash_mb : SolveOptions::kDefaultCountHashMb)
                << " MB, so the lines were counted depth first"
                << (r.count.empty() ? ", which was stopped; a larger --hash counts them level by "
                                      "level, far faster"
                                    : "")
                << "\n";
  }
  std::cout << "nodes " << r.nodes << "\n";
  return 0;
}

}  // namespace leapfrog::cli
