// leapfrog chess: Leap Chess (docs/leapchess.md) under one subcommand. Each subcommand has
// its own file (cli/cmd_chess_NAME.cpp); this one names them and dispatches. The rules and the
// search live in chess/.
#include <string>
#include <vector>

#include "cli/chess_options.h"
#include "cli/chess_uci.h"
#include "cli/commands.h"
#include "cli/suggest.h"

namespace leapfrog::cli {

namespace {

// Every chess subcommand, in the order --help lists them: a new one is a row here (and its
// entry point in cli/chess_options.h).
constexpr Command kChessCommands[] = {
    {"show", "Print the board (colours on a terminal), or draw it as SVG.",
     "chess show FEN [--svg FILE] [options]", "leapfrog chess show startpos --svg board.svg",
     chess_show},
    {"moves", "List the legal moves of the side to move.", "chess moves FEN [options]",
     "leapfrog chess moves startpos --json", chess_moves},
    {"perft", "Count the leaves of the legal-move tree of DEPTH moves (checks the generator).",
     "chess perft FEN DEPTH [--divide] [options]", "leapfrog chess perft startpos 4 --divide",
     chess_perft},
    {"verify", "Is MOVE legal? Exit 0 yes, 1 no (why; the captures due), 2 bad input.",
     "chess verify FEN MOVE [options] | chess verify --game FILE [options]",
     "leapfrog chess verify '*1k2*/6/6/2p3/6/2D3/6/*2K1* w - - 0 1' c3c5", chess_verify},
    {"analyse",
     "The best move by search (alpha-beta, iterative deepening, transposition table), its "
     "value and principal variation.",
     "chess analyse FEN [--nodes N] [--time-limit SECONDS] [--depth N] [options]",
     "leapfrog chess analyse startpos --nodes 200000", chess_analyse},
    {"match", "Games of the engine against a random or capture-greedy player (benchmark).",
     "chess match [FEN] [--opponent random|greedy] [--games N] [--nodes N] [options]",
     "leapfrog chess match --opponent greedy --games 10", chess_match},
    {"play",
     "A game in the terminal against the engine, with play's commands (help, moves, hint, "
     "undo, save FILE, quit).",
     "chess play [FEN] [--engine 1|2|red|black|all|none] [--save FILE] [--nodes N | --time-limit "
     "S] [options]",
     "leapfrog chess play --engine 2", chess_play},
    {"uci", "The engine over UCI for GUIs and match runners (docs/uci.md).", "chess uci [options]",
     "leapfrog chess uci   (then: uci, isready, position startpos, go movetime 1000, quit)",
     chess_uci},
};

// "show, moves, ...": the names of the table, for the messages that list them.
std::string subcommand_names() {
  std::string out;
  for (const Command& c : kChessCommands) out += (out.empty() ? "" : ", ") + std::string(c.name);
  return out;
}

// The --help text of `leapfrog chess` itself: the subcommands and the FEN.
std::string chess_notes() {
  std::string out = "Subcommands ('leapfrog chess SUBCOMMAND --help' for each):\n";
  for (const Command& c : kChessCommands) {
    std::string name = c.name;
    name.resize(10, ' ');
    out += "  " + name + c.summary + "\n";
  }
  out +=
      "\nFEN: ranks 8 to 1 joined by '/', '*' a removed square (a1 f1 a8 f8), digits empty\n"
      "squares, pieces K N A D S P (Red upper case, Black lower case), then the side to move\n"
      "(w Red, b Black), castling rights (KQkq or -), the en-passant square (or -) and the\n"
      "clocks; 'startpos' is the start. Quote it: it holds spaces and '*'. Ranks of 8 files\n"
      "are the 64-square version (8x8, castling e1g1 e1c1 with the Dabbabahs; 'startpos64'\n"
      "its start, a reconstruction). docs/leapchess.md has the rules.\n";
  return out;
}

}  // namespace

int run_chess(const Command& cmd, const std::vector<std::string>& args) {
  if (!args.empty() && !args[0].starts_with("-")) {
    for (const Command& c : kChessCommands)
      if (command_alias(args[0]) == c.name)
        return run_subcommand("chess " + std::string(c.name), [&] {
          return c.run(c, std::vector<std::string>(args.begin() + 1, args.end()));
        });
    std::vector<std::string> names;
    for (const Command& c : kChessCommands) names.emplace_back(c.name);
    throw UsageError("unknown chess subcommand " + quoted_text(args[0]) + " (" +
                     subcommand_names() + ")" + did_you_mean(args[0], names));
  }
  // No subcommand: the options every subcommand takes, checked, and --help.
  ChessOptions o;
  po::options_description visible;
  visible.add(chess_rule_options(o)).add(output_options(o.common, Boards::kDrawn));
  static const std::string notes = chess_notes();
  Command with_notes = cmd;
  with_notes.notes = notes.c_str();
  if (!parse_command(with_notes, args, visible, o.common, {})) return 0;
  throw UsageError("missing SUBCOMMAND (" + subcommand_names() + ")");
}

}  // namespace leapfrog::cli
