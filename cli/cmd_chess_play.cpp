// leapfrog chess play: one game in the terminal against the engine, or between two people.
#include <iostream>
#include <optional>

#include "chess/game_end.h"
#include "chess/notation.h"
#include "chess/record.h"
#include "chess/search.h"
#include "cli/chess_options.h"
#include "cli/chess_render.h"
#include "cli/command_json.h"
#include "cli/progress.h"
#include "cli/render.h"

namespace leapfrog::cli {

using chess::Move;
using chess::Position;

// One game in the terminal: a person plays one side, the engine the other (or both people).
int chess_play(const Command& cmd, const std::vector<std::string>& args) {
  ChessOptions o;
  std::string fen = "startpos", engine = "black", record;
  std::uint64_t nodes = 100000;
  po::options_description visible;
  po::options_description game("Game");
  game.add_options()("engine",
                     name_value(&engine, "engine", {"red", "black", "none"})
                         ->default_value("black")
                         ->value_name("NAME"),
                     "the side the engine plays: red, black or none (two people)")(
      "nodes",
      whole_value(&nodes, "nodes", 1, 1'000'000'000)->default_value("100000")->value_name("N"),
      "the engine's node budget per move")(
      "record", file_value(&record, "record")->value_name("FILE"),
      "when the game ends (or on quit), write it to FILE as a record that verify --game reads");
  visible.add(chess_rule_options(o)).add(game).add(output_options(o.common));
  if (!parse_command(cmd, args, visible, o.common, {{"fen", &fen}})) return 0;
  if (o.common.json) throw UsageError("play is interactive: --json is not available");
  const Position start = chess_position(fen);
  // Before the game, not after it: a game played for a file that cannot be written is lost.
  if (!record.empty()) check_writable(record, "--record");
  // At the prompt Ctrl-C ends the program, as a person expects.
  release_interrupts();
  Position pos = start;
  const chess::Rules rules = rules_of(o);
  const bool colour = want_colour(o.common);
  std::vector<Move> played;
  // Writes the record (when asked) and ends the game; a record that cannot be written goes to
  // standard output instead, exit 2.
  const auto finish = [&](const std::string& result) {
    if (record.empty()) return 0;
    const std::string text =
        chess::format_record(start, played, {{"Captures", o.captures}}, result);
    if (save_record(record, text, "chess play")) return 0;
    std::cout << "\n" << text;
    return 2;
  };
  std::vector<std::uint64_t> history;
  std::optional<Move> last;
  std::cout << "Leap Chess: type a move (e.g. b2b4, c2xe4xc6, a7a8s), 'moves', or 'quit'.\n";
  bool redraw = true;  // not after a refused move: the board did not change
  for (;;) {
    if (redraw) std::cout << "\n" << chess_board_text(pos, colour, last ? &*last : nullptr);
    redraw = false;
    const chess::MoveList legal = chess::legal_moves(pos, rules);
    switch (chess::game_end(pos, legal, history)) {
      case chess::GameEnd::kCheckmate:
      case chess::GameEnd::kStalemate:
        std::cout << chess_game_over_text(pos) << ".\n";
        return finish(pos.side() == chess::kRed ? "0-1" : "1-0");
      case chess::GameEnd::kRepetition:
        std::cout << "Draw by threefold repetition.\n";
        return finish("1/2-1/2");
      case chess::GameEnd::kFiftyMoves:
        std::cout << "Draw by the fifty-move rule.\n";
        return finish("1/2-1/2");
      case chess::GameEnd::kNone:
        break;
    }
    const char* side = pos.side() == chess::kRed ? "Red" : "Black";
    Move chosen;
    if (engine == (pos.side() == chess::kRed ? "red" : "black")) {
      chess::SearchSettings settings;
      settings.history = history;
      settings.hash_mb = 64;
      SearchControl control;
      control.node_limit = nodes;
      const chess::SearchResult r = chess::analyse(pos, rules, settings, control);
      chosen = r.best;
      std::cout << side << " (engine) plays " << chess::move_text(chosen) << "  ("
                << value_text(r.value) << ")\n";
    } else {
      std::cout << side << (pos.in_check() ? " (in check)" : "") << " to move: " << std::flush;
      std::string text;
      if (!std::getline(std::cin, text) || text == "quit" || text == "q") {
        std::cout << "\n";
        return finish("*");
      }
      text.erase(0, text.find_first_not_of(" \t\r"));
      text.erase(text.find_last_not_of(" \t\r") + 1);
      if (text.empty()) continue;
      if (text == "moves") {
        for (const Move& m : legal) std::cout << chess::move_text(m) << " ";
        std::cout << "\n";
        continue;
      }
      try {
        const chess::Verdict v = chess::judge(pos, rules, chess::parse_move(text, pos.geometry()));
        if (!v.legal) {
          std::cout << "Refused: " << quoted_text(text) << ": " << v.reason << "\n";
          if (!v.required.empty()) {
            std::cout << "required (one of):";
            for (const Move& m : v.required) std::cout << " " << chess::move_text(m);
            std::cout << "\n";
          }
          continue;
        }
        chosen = v.move;
      } catch (const chess::MoveSyntaxError& e) {
        std::cout << "Refused: " << e.what() << "\n";
        continue;
      }
    }
    history.push_back(pos.key());
    pos = pos.after(chosen);
    played.push_back(chosen);
    last = chosen;
    redraw = true;
  }
}

}  // namespace leapfrog::cli
