#include <atomic>
#include <iomanip>
#include <iostream>

#include "cli/checkpoint.h"
#include "cli/commands.h"
#include "cli/progress.h"
#include "cli/ranks.h"
#include "cli/search_options.h"
#include "core/text.h"
#include "solver/reach.h"

namespace leapfrog::cli {

int run_reach(const Command& cmd, const std::vector<std::string>& args) {
  return run_reach_split(cmd, args, nullptr);
}

int run_reach_split(const Command& cmd, const std::vector<std::string>& args,
                    LevelExchange* exchange) {
  CommonOptions o;
  std::string position;
  bool no_symmetry = false;
  LimitOptions limits;
  po::options_description search("Search");
  search.add_options()("no-symmetry", po::bool_switch(&no_symmetry),
                       "count symmetric images separately");
  add_limit_options(search, limits, "stop after expanding about N positions",
                    "the count stops, incomplete, at the first level that does not fit", true,
                    "stop after this long with the levels counted so far (0 = none)");
  std::string checkpoint;
  add_checkpoint_option(search, checkpoint);
  po::options_description visible;
  visible.add(search)
      .add(rule_options(o, kSolitairePlayers))
      .add(layout_options(o))
      .add(output_options(o, Boards::kNone));
  SingleExchange alone;
  LevelExchange& ranks = exchange != nullptr ? *exchange : alone;
  // Agreed by the ranks: --hash is checked against each machine's memory.
  if (!read_alike(ranks, [&] {
        return parse_command(cmd, args, visible, o, {{"position", &position}});
      }))
    return 0;
  if (position.empty()) throw UsageError("missing POSITION");
  ProgressLine line;
  SearchControl control = limit_control(limits, line);
  control.memory_mb = limits.hash_mb;
  refuse_split_stdin(ranks, position);
  const SolitaireSetup solo =
      read_alike(ranks, [&] { return load_solitaire(position, o, "reach"); });
  const Setup& setup = solo.setup;
  const std::string job = format_position(setup) + " " + describe(setup.rules());
  agree_same(ranks, job, "position");
  agree_options(ranks, "reach" + std::string(no_symmetry ? " --no-symmetry" : "") + " --nodes " +
                           std::to_string(limits.node_limit) +
                           (checkpoint.empty() ? "" : " --checkpoint"));
  const std::unique_ptr<CheckpointStore> store =
      open_checkpoint(checkpoint, "reach " + job + (no_symmetry ? " no-symmetry" : ""), ranks,
                      reach_fast_path(setup.board, setup.rules(), setup.position));
  if (!o.json) {
    // At once, before a search that can take a while: a piped reader sees it started, and
    // one gone already stops the command before the count.
    std::cout << "taken  positions" << (no_symmetry ? "" : " (up to symmetry)") << std::endl;
    check_stdout();
  }
  // Each level is printed as soon as it is complete (reach tells every level of its result,
  // in order): a long count shows its table as it goes, and a run killed outright (no time to
  // print at the end) keeps what it finished. A level that cannot be written cancels the
  // count (as a stop does, so every rank stops together); the failed write is reported when
  // the command ends.
  std::atomic<bool> reader_gone{false};
  control.cancel = &reader_gone;
  const auto print_level = [&line, &reader_gone](std::size_t k, std::uint64_t positions) {
    line.clear();
    if (!(std::cout << std::setw(5) << k << "  " << positions << std::endl)) reader_gone = true;
  };
  const ReachResult r = reach(setup.board, setup.rules(), setup.position, !no_symmetry, control,
                              ranks, store.get(), o.json ? LevelSink{} : LevelSink{print_level});
  line.clear();
  if (o.json) {
    print_json(Json{{"levels", r.levels},
                    {"total", r.total},
                    {"complete", r.complete},
                    {"symmetry", !no_symmetry},
                    {"out_of_memory", r.out_of_memory}});
    return 0;
  }
  std::cout << "total " << count_text(r.total, "position", "positions")
            << (no_symmetry ? "" : " up to symmetry")
            << (r.complete        ? ""
                : r.out_of_memory ? " (stopped early: the next level needs more than --hash " +
                                        std::to_string(limits.hash_mb) + " MB; incomplete)"
                                  : " (stopped early: incomplete)")
            << "\n";
  return 0;
}

}  // namespace leapfrog::cli
