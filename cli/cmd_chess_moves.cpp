// leapfrog chess moves: the legal moves of the side to move.
#include <iostream>

#include "chess/notation.h"
#include "cli/chess_options.h"
#include "cli/command_json.h"

namespace leapfrog::cli {

using chess::Move;
using chess::Position;

Json chess_moves_json(const Position& pos, const std::string& captures,
                      const chess::MoveList& moves) {
  return Json{{"fen", pos.fen()},
              {"captures", captures},
              {"moves", chess_move_list_json(moves)},
              {"count", moves.size()},
              {"check", pos.in_check()}};
}

int chess_moves(const Command& cmd, const std::vector<std::string>& args) {
  ChessOptions o;
  std::string fen;
  po::options_description visible;
  visible.add(chess_rule_options(o)).add(output_options(o.common, Boards::kNone));
  if (!parse_command(cmd, args, visible, o.common, {{"fen", &fen}})) return 0;
  const Position pos = chess_position(fen);
  const chess::MoveList moves = chess::legal_moves(pos, rules_of(o));
  if (o.common.json) {
    print_json(chess_moves_json(pos, o.captures, moves));
    return 0;
  }
  for (const Move& m : moves) std::cout << chess::move_text(m) << "\n";
  if (moves.empty()) std::cerr << "leapfrog chess moves: " << chess_game_over_text(pos) << "\n";
  return 0;
}

}  // namespace leapfrog::cli
