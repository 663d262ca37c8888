#include <iostream>

#include "cli/commands.h"
#include "cli/progress.h"
#include "cli/search_options.h"
#include "core/text.h"
#include "generator/check.h"

namespace leapfrog::cli {

int run_check(const Command& cmd, const std::vector<std::string>& args) {
  CommonOptions o;
  std::string file;
  int threads = 0;
  std::size_t hash_mb = kDefaultHashMb;
  po::options_description search("Search");
  add_threads_option(search, threads);
  add_hash_option(search, hash_mb, kWhenPuzzleTablesFull);
  po::options_description visible;
  visible.add(search).add(output_options(o, Boards::kNone));
  if (!parse_command(cmd, args, visible, o, {{"file", &file}})) return 0;
  if (file.empty()) throw UsageError("missing FILE");
  threads = puzzle_threads(threads, hash_mb);
  const std::vector<Puzzle> puzzles = parse_file(file, parse_puzzles);
  if (puzzles.empty()) throw UsageError(input_name(file) + " holds no puzzles");

  SearchControl control;
  control.threads = threads;
  control.stop = &install_interrupt_flag();
  ProgressLine progress({"puzzles checked", nullptr});
  int checked = 0;
  Json first_error = nullptr;
  std::uint64_t nodes = 0;
  bool stopped = false;
  for (const Puzzle& p : puzzles) {
    const PuzzleCheck c = check_puzzle(p, control, puzzle_table_mb(hash_mb));
    nodes += c.nodes;
    if (control.stop_requested()) {  // the puzzle under way is not counted
      stopped = true;
      break;
    }
    ++checked;
    progress.update({static_cast<std::uint64_t>(checked), 0,
                     static_cast<double>(checked) / static_cast<double>(puzzles.size()),
                     escape_controls(p.id)});
    if (!c.ok) {
      first_error = {{"index", checked}, {"id", p.id}, {"reason", c.reason}};
      progress.clear();
      std::cerr << "leapfrog check: puzzle " << checked << " (id " << quoted_text(p.id)
                << ") fails: " << escape_controls(c.reason) << "\n";
      break;
    }
  }
  progress.clear();
  const bool ok = first_error.is_null();
  if (stopped)
    std::cerr << "leapfrog check: interrupted after " << count_text(checked, "puzzle", "puzzles")
              << "\n";
  if (o.json) {
    Json j;
    j["checked"] = checked;
    j["failed"] = ok ? 0 : 1;
    j["total"] = puzzles.size();
    j["nodes"] = nodes;
    j["first_error"] = first_error;
    j["stopped"] = stopped;
    print_json(j);
  } else if (stopped) {
    std::cout << "stopped: checked " << checked << " of " << puzzles.size()
              << " puzzles, all verified so far\n";
  } else if (ok) {
    std::cout << "checked " << count_text(checked, "puzzle", "puzzles") << ": all verified\n";
  } else {
    std::cout << "checked " << checked << " of " << count_text(puzzles.size(), "puzzle", "puzzles")
              << ": puzzle " << checked << " failed\n";
  }
  return stopped ? 2 : ok ? 0 : 1;
}

}  // namespace leapfrog::cli
