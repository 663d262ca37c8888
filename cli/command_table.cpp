// The subcommands of leapfrog, in the order --help lists them (leapfrog-mpi runs some of
// them too).
#include "cli/commands.h"
#include "core/text.h"

namespace leapfrog::cli {

namespace {

constexpr Command kCommands[] = {
    {"show", "Print the board, its pieces and points.", "show POSITION [--then MOVE...] [options]",
     "leapfrog show 1234/2.#1/4411 --json", run_show},
    {"moves", "List the legal turns of the player to move under the rules.",
     "moves POSITION [options]",
     "leapfrog moves 3441./33311/.1.41/.4.../.41.1 --continuation forced", run_moves},
    {"perft", "Count the distinct turn sequences of DEPTH turns (checks the move generator).",
     "perft POSITION DEPTH [--divide] [options]",
     "leapfrog perft 3441./33311/.1.41/.4.../.41.1 3 --divide", run_perft},
    {"generate", "Generate random layouts and puzzles (reproducible from a seed).",
     "generate layout|puzzles [options]",
     "leapfrog generate layout --variant murray --size 15 --seed 7", run_generate},
    {"check", "Re-verify every puzzle in a puzzle file; exit 1 at the first that fails.",
     "check FILE [options]", "leapfrog check puzzles/collection/chain-12.epd", run_check},
    {"sheet", "A printable HTML page of puzzles, each with its target; solutions on a page apart.",
     "sheet FILE [--html FILE] [options]",
     "leapfrog sheet puzzles/collection/chain-12.epd --html puzzles.html --columns 3", run_sheet},
    {"best", "The maximum capture: its size, the number of maximal chains, one or all of them.",
     "best POSITION [--by points|pieces] [--all [--limit N]] [options]",
     "leapfrog best "
     ".3.3.4.3./4.1.1.1.2/.4.4.3.1./1.3.4.3.2/.1.2.3.13/2.3.1.1.2/.1.1.1.2./4.2.2.2.1/.1.3.1.1.",
     run_best},
    {"verify",
     "Is MOVE legal and maximal? Or replay a game record (--game FILE), checking every turn.",
     "verify POSITION MOVE [options] | verify --game FILE [options]",
     "leapfrog verify 3441./33311/.1.41/.4.../.41.1 e3xc3xa3", run_verify},
    {"bench", "Search a fixed set of positions: a node-count signature and the speed.",
     "bench [--quick] [--threads N] [options]", "leapfrog bench --threads 1", run_bench},
    {"solve", "Optimal single-player line: the most one player can capture, with a proof.",
     "solve POSITION [options]", "leapfrog solve english --json", run_solve, kSolitaireHelp},
    {"reach", "Count the distinct positions reachable after k captures, for every k.",
     "reach POSITION [options]", "leapfrog reach english --no-symmetry", run_reach, kReachHelp},
    {"survey", "Every single-vacancy start of a board, one per class of symmetric holes, solved.",
     "survey POSITION [--json|--csv] [--time-limit SECONDS] [options]",
     "leapfrog survey triangle --size 5 --time-limit 60", run_survey, kSurveyHelp},
    {"chess",
     "Leap Chess: show, moves, perft, verify, analyse, match, play, uci (docs/leapchess.md).",
     "chess show|moves|perft|verify|analyse|match|play|uci ...", "leapfrog chess perft startpos 3",
     run_chess},
    {"analyse", "The game: best turn, value and principal variation; or judge a record's turns.",
     "analyse POSITION [options] | analyse --game FILE [--svg FILE] [options]",
     "leapfrog analyse 3441./33311/.1.41/.4.../.41.1 --json", run_analyse, kGameHelp},
    {"play", "A game in the terminal: people type their moves, the engine takes its seats.",
     "play [POSITION] [--engine all|none|SEATS] [--save FILE] [--quiet] [options]",
     "leapfrog play murray --size 8 --engine 2", run_play, kGameHelp},
    {"hub", "The engine on standard input and output for GUIs (Hub protocol, docs/hub.md).",
     "hub [options]   (then: hub, init, pos pos=murray, go think, quit)",
     "leapfrog hub --size 8 --nodes 20000", run_hub, kGameHelp},
    {"serve", "The board in a web browser: play, analyse, solve, puzzles (docs/serve.md).",
     "serve [--port N] [--host H] [--open] [--max-time SECONDS] [options]",
     "leapfrog serve --port 8080", run_serve},
    {"egdb", "Endgame tables: build, inspect and verify a board's exact values (docs/egdb.md).",
     "egdb build|info|verify POSITION [options]", "leapfrog egdb build traditional --size 6",
     run_egdb},
};

}  // namespace

std::span<const Command> command_table() { return kCommands; }

const Command* find_command(std::string_view name) {
  for (const Command& c : kCommands)
    if (name == c.name) return &c;
  return nullptr;
}

std::string error_line(std::string_view program_command, std::string_view message, bool help) {
  std::string line = std::string(program_command) + ": " + escape_controls(message);
  if (line.back() != '.') line += '.';
  if (!help) return line + "\n";
  return line + " Try '" + std::string(program_command) + " --help'.\n";
}

}  // namespace leapfrog::cli
