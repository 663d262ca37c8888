#include "cli/then_option.h"

#include "cli/command_json.h"
#include "cli/progress.h"

namespace leapfrog::cli {

void add_then_option(po::options_description& d, std::vector<std::string>& then,
                     const std::string& after) {
  d.add_options()("then",
                  po::value<std::vector<std::string>>()
                      ->multitoken()
                      ->composing()
                      ->notifier([&then](const std::vector<std::string>& moves) {
                        for (const std::string& m : moves)
                          if (m.empty()) throw UsageError("--then must be moves, not ''");
                        then = moves;
                      })
                      ->value_name("MOVE..."),
                  ("play these turns first (every word after --then, e.g. --then xd4 c2xe2; "
                   "may be repeated), each checked as verify --game checks a turn, and " +
                   after)
                      .c_str());
}

void require_position(const std::string& position, const std::vector<std::string>& then) {
  if (!position.empty()) return;
  if (!then.empty())
    throw UsageError("missing POSITION (it comes before --then, which takes every word after it)");
  throw UsageError("missing POSITION");
}

Setup after_then(const Setup& setup, const std::vector<std::string>& then) {
  if (then.empty()) return setup;
  std::vector<Played> played;
  return play_then(setup, then, played, &install_interrupt_flag());
}

}  // namespace leapfrog::cli
