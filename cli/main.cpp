// leapfrog: the command-line toolkit. Parses the subcommand and hands over; every error
// becomes a one-line message and exit code 2 (docs/json.md).
#include <csignal>
#include <iostream>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "cli/progress.h"
#include "cli/suggest.h"
#include "core/text.h"

namespace {

using leapfrog::cli::Command;

constexpr Command kCommands[] = {
    {"show", "Print the board, its pieces and points.", "show POSITION [--then MOVE...] [options]",
     "leapfrog show 1234/2.#1/4411 --json", leapfrog::cli::run_show},
    {"moves", "List the legal turns of the player to move under the rules.",
     "moves POSITION [options]",
     "leapfrog moves 3441./33311/.1.41/.4.../.41.1 --continuation forced",
     leapfrog::cli::run_moves},
    {"perft", "Count the distinct turn sequences of DEPTH turns (checks the move generator).",
     "perft POSITION DEPTH [options]", "leapfrog perft 3441./33311/.1.41/.4.../.41.1 3",
     leapfrog::cli::run_perft},
    {"generate", "Generate random layouts and puzzles (reproducible from a seed).",
     "generate layout|puzzles [options]",
     "leapfrog generate layout --variant murray --size 15 --seed 7", leapfrog::cli::run_generate},
    {"check", "Re-verify every puzzle in a puzzle file; exit 1 at the first that fails.",
     "check FILE [options]", "leapfrog check puzzles/collection/chain-12.epd",
     leapfrog::cli::run_check},
    {"sheet", "A printable HTML page of puzzles, each with its target; solutions on a page apart.",
     "sheet FILE [--html FILE] [options]",
     "leapfrog sheet puzzles/collection/chain-12.epd --html puzzles.html --columns 3",
     leapfrog::cli::run_sheet},
    {"best", "The maximum capture: its size, the number of maximal chains, one or all of them.",
     "best POSITION [--by points|pieces] [--all [--limit N]] [options]",
     "leapfrog best "
     ".3.3.4.3./4.1.1.1.2/.4.4.3.1./1.3.4.3.2/.1.2.3.13/2.3.1.1.2/.1.1.1.2./4.2.2.2.1/.1.3.1.1.",
     leapfrog::cli::run_best},
    {"verify",
     "Is MOVE legal and maximal? Or replay a game record (--game FILE), checking every turn.",
     "verify POSITION MOVE [options] | verify --game FILE [options]",
     "leapfrog verify 3441./33311/.1.41/.4.../.41.1 e3xc3xa3", leapfrog::cli::run_verify},
    {"bench", "Search a fixed set of positions: a node-count signature and the speed.",
     "bench [--threads N] [options]", "leapfrog bench --threads 1", leapfrog::cli::run_bench},
    {"solve", "Optimal single-player line: the most one player can capture, with a proof.",
     "solve POSITION [options]", "leapfrog solve english --json", leapfrog::cli::run_solve,
     leapfrog::cli::kSolitaireHelp},
    {"reach", "Count the distinct positions reachable after k captures, for every k.",
     "reach POSITION [options]", "leapfrog reach english --no-symmetry", leapfrog::cli::run_reach,
     leapfrog::cli::kSolitaireHelp},
    {"survey", "Every single-vacancy start of a board, one per class of symmetric holes, solved.",
     "survey POSITION [--json|--csv] [--time-limit SECONDS] [options]",
     "leapfrog survey triangle --size 5 --time-limit 60", leapfrog::cli::run_survey,
     leapfrog::cli::kSurveyHelp},
    {"chess", "Leap Chess: moves, perft, verify, analyse, match, play, uci (docs/leapchess.md).",
     "chess moves|perft|verify|analyse|match|play|uci ...", "leapfrog chess perft startpos 3",
     leapfrog::cli::run_chess},
    {"analyse", "The game: best turn, value and principal variation; or judge a record's turns.",
     "analyse POSITION [options] | analyse --game FILE [--svg FILE] [options]",
     "leapfrog analyse 3441./33311/.1.41/.4.../.41.1 --json", leapfrog::cli::run_analyse,
     leapfrog::cli::kGameHelp},
    {"play", "A game in the terminal: people type their moves, the engine takes its seats.",
     "play [POSITION] [--engine all|none|SEATS] [--save FILE] [--quiet] [options]",
     "leapfrog play murray --size 8 --engine 2", leapfrog::cli::run_play, leapfrog::cli::kGameHelp},
    {"hub", "The engine on standard input and output for GUIs (Hub protocol, docs/hub.md).",
     "hub [options]   (then: hub, init, pos pos=murray, go think, quit)",
     "leapfrog hub --size 8 --nodes 20000", leapfrog::cli::run_hub, leapfrog::cli::kGameHelp},
    {"serve", "The board in a web browser: play, analyse, solve, puzzles (docs/serve.md).",
     "serve [--port N] [--host H] [--open] [--max-time SECONDS] [options]",
     "leapfrog serve --port 8080", leapfrog::cli::run_serve},
    {"egdb", "Endgame tables: build, inspect and verify a board's exact values (docs/egdb.md).",
     "egdb build|info|verify POSITION [options]", "leapfrog egdb build traditional --size 6",
     leapfrog::cli::run_egdb},
};

void print_usage(std::ostream& out) {
  out << "Usage: leapfrog COMMAND [ARGS] [options]\n\n"
         "Leap-Frog toolkit: positions, legal turns, maximum captures, solitaire lines and the "
         "game.\n\n"
         "Commands:\n";
  for (const Command& c : kCommands) {
    std::string name = c.name;
    name.resize(10, ' ');
    out << "  " << name << c.summary << "\n";
  }
  out << "\nPOSITION is position text (rows joined by '/', e.g. 1234/2.#1/4411), a file, '-' for\n"
         "standard input, or a variant name (traditional, murray, froglet, take-it-away,\n"
         "english, french, wiegleb, diamond; six directions: triangle, hexagon, capture)\n"
         "for its start position.\n\n"
         "Options: --help, --version; 'leapfrog COMMAND --help' for a command's options.\n"
         "Exit codes: 0 success, 1 a negative answer, 2 bad input or usage.\n";
}

// Exit code 0 when everything written to standard output got there, else 2 with a message.
int flushed() {
  if (std::cout << std::flush) return 0;
  std::cerr << "leapfrog: cannot write standard output\n";
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  // A reader that goes away (`... | head -1`) makes a write fail as a full disk does, and every
  // command reports that the same way (exit 2, "cannot write standard output") instead of
  // dying from SIGPIPE.
  std::signal(SIGPIPE, SIG_IGN);
  // Before anything else: a stop that comes while a command reads its input stops its search.
  leapfrog::cli::arm_interrupts();
  const std::vector<std::string> all(argv + 1, argv + argc);
  if (all.empty()) {
    print_usage(std::cerr);
    return 2;
  }
  // The American spelling of a command is the same command.
  const std::string first = leapfrog::cli::command_alias(all[0]);
  if (first == "--help" || first == "-h" || first == "help") {
    print_usage(std::cout);
    return flushed();
  }
  if (first == "--version") {
    std::cout << "leapfrog " << LEAPFROG_VERSION << "\n";
    return flushed();
  }
  for (const Command& c : kCommands) {
    if (first != c.name) continue;
    // Every error is one line ending with a pointer to the command's help. The messages quote
    // the user's text themselves; escaping the whole message again (a no-op on escaped text)
    // keeps a message from elsewhere (a library's) to one line too.
    const std::string hint = ". Try 'leapfrog " + std::string(c.name) + " --help'.\n";
    try {
      const int code = c.run(c, std::vector<std::string>(all.begin() + 1, all.end()));
      // Output that did not reach its destination (a full disk, a closed pipe) is a failure.
      if (!(std::cout << std::flush)) throw std::runtime_error("cannot write standard output");
      return code;
    } catch (const std::exception& e) {
      std::cerr << "leapfrog " << c.name << ": " << leapfrog::escape_controls(e.what()) << hint;
    }
    return 2;
  }
  std::vector<std::string> names;
  for (const Command& c : kCommands) names.emplace_back(c.name);
  std::cerr << "leapfrog: unknown command " << leapfrog::quoted_text(first)
            << leapfrog::cli::did_you_mean(first, names) << ". Try 'leapfrog --help'.\n";
  return 2;
}
