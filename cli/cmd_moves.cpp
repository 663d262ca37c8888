#include <iostream>

#include "cli/command_json.h"
#include "cli/commands.h"
#include "cli/progress.h"
#include "cli/then_option.h"
#include "core/text.h"
#include "puzzles/movegen.h"

namespace leapfrog::cli {

// A position may have millions of turns (17.8 million on a 9x9 lattice): they are written
// as they are found, never held, and a stop (Ctrl-C, SIGTERM, a failed write) ends the walk.
// `limit` caps a second walk at the turns the first one wrote; it goes on after a stop,
// so that the two lists match (a second Ctrl-C ends the process).
std::uint64_t write_moves_json(std::ostream& out, const Setup& setup, const std::atomic<bool>& stop,
                               std::uint64_t max_bytes, bool* complete) {
  const Rules rules = setup.rules();
  constexpr std::uint64_t kAll = ~std::uint64_t{0};
  std::uint64_t bytes = 0;  // the moves' text so far
  bool capped = false;      // a turn was left out at max_bytes
  bool cut = false;         // a turn was left out at a stop
  const auto walk = [&](std::uint64_t limit, const auto& write) {
    std::uint64_t n = 0;
    for_each_turn(setup.board, rules, setup.position, [&](const TurnView& t) {
      if (limit == kAll && bytes > max_bytes) capped = true;
      if (limit == kAll && !capped && stop.load(std::memory_order_relaxed)) cut = true;
      if (n == limit || (limit == kAll && (cut || capped)) || !out) return false;
      write(t, n++);
      return true;
    });
    return n;
  };
  // The layout of print_json (two-space indent), written one turn at a time: the moves,
  // then their captures in a second walk.
  const auto list = [](std::uint64_t i) { return i == 0 ? "\n    " : ",\n    "; };
  out << "{\n  \"moves\": [";
  const std::uint64_t count = walk(kAll, [&](const TurnView& t, std::uint64_t i) {
    const std::string move = json_text(format_turn(setup.board, t));
    // The move and its capture in the second list, each with its separator.
    bytes += move.size() + std::to_string(t.size(rules)).size() + 12;
    out << list(i) << move;
  });
  out << (count ? "\n  ]" : "]") << ",\n  \"count\": " << count << ",\n  \"captures\": [";
  walk(count, [&](const TurnView& t, std::uint64_t i) { out << list(i) << t.size(rules); });
  out << (count ? "\n  ]" : "]") << ",\n  \"by\": " << json_text(to_string(rules.measure));
  out << ",\n  \"complete\": " << (cut || capped ? "false" : "true");
  if (complete != nullptr) *complete = !cut && !capped;
  out << "\n}\n";
  return count;
}

int run_moves(const Command& cmd, const std::vector<std::string>& args) {
  CommonOptions o;
  std::string position;
  std::vector<std::string> then;
  po::options_description play("Playing on");
  add_then_option(play, then, "list the turns of the position they reach");
  po::options_description visible;
  visible.add(play)
      .add(rule_options(o))
      .add(layout_options(o))
      .add(output_options(o, Boards::kNone));
  if (!parse_command(cmd, args, visible, o, {{"position", &position}})) return 0;
  require_position(position, then);
  const Setup setup = after_then(load_position(position, o), then);
  const std::atomic<bool>& stop = install_interrupt_flag();
  std::uint64_t count = 0;
  bool complete = true;  // every turn listed: a signal after the last one changes nothing
  if (o.json) {
    count = write_moves_json(std::cout, setup, stop, ~std::uint64_t{0}, &complete);
  } else {
    const Rules rules = setup.rules();
    for_each_turn(setup.board, rules, setup.position, [&](const TurnView& t) {
      if (stop.load(std::memory_order_relaxed)) complete = false;
      if (!complete || !std::cout) return false;
      std::cout << format_turn(setup.board, t) << "  " << t.size(rules) << "\n";
      ++count;
      return true;
    });
    // A stopped list's count is not the position's: its line says so.
    std::cout << count_text(count, "turn", "turns") << (complete ? "" : " so far") << " ("
              << to_string(rules.continuation) << ", captures by " << to_string(rules.measure)
              << ")" << (complete ? "" : "; interrupted, the list is incomplete") << "\n";
  }
  if (!complete) {
    std::cerr << "leapfrog moves: interrupted after " << count_text(count, "turn", "turns")
              << "; the list is incomplete\n";
    return 2;
  }
  return 0;
}

}  // namespace leapfrog::cli
