// The pieces the chess subcommands share (cli/chess_options.h) and the --json helpers that
// several of them use (cli/command_json.h).
#include "cli/chess_options.h"

#include "chess/game_end.h"
#include "chess/notation.h"
#include "cli/command_json.h"

namespace leapfrog::cli {

using chess::Move;
using chess::Position;

po::options_description chess_rule_options(ChessOptions& o) {
  po::options_description d("Rules");
  d.add_options()("captures",
                  name_value(&o.captures, "captures", {"compulsory", "multiple", "optional"})
                      ->default_value("compulsory")
                      ->value_name("RULE"),
                  "the capture rule: compulsory (when a capture exists, only captures are legal), "
                  "multiple (the same, and a piece that captured goes on capturing while it "
                  "can), optional (captures are not forced)");
  return d;
}

chess::Rules rules_of(const ChessOptions& o) {
  return chess::rules_for(*chess::parse_capture_rule(o.captures));
}

Position chess_position(const std::string& text) {
  if (text.empty()) throw UsageError("missing FEN (a position, startpos or startpos64)");
  try {
    return Position::from_fen(text);
  } catch (const chess::FenError& e) {
    throw UsageError(std::string(e.what()) + " in FEN " + quoted_start(text));
  }
}

Json chess_move_list_json(const std::vector<Move>& moves) {
  Json a = Json::array();
  for (const Move& m : moves) a.push_back(chess::move_text(m));
  return a;
}

std::string chess_game_over_text(const Position& pos) {
  return std::string(pos.side() == chess::kRed ? "Red" : "Black") +
         " has no legal move and loses (" + (pos.in_check() ? "checkmate" : "stalemate") + ")";
}

std::string chess_end_text(chess::GameEnd end, const Position& pos) {
  return end == chess::GameEnd::kRepetition   ? "Draw by threefold repetition"
         : end == chess::GameEnd::kFiftyMoves ? "Draw by the fifty-move rule"
                                              : chess_game_over_text(pos);
}

std::string chess_result_text(chess::GameEnd end, const Position& pos) {
  if (end == chess::GameEnd::kNone) return "*";
  const int w = chess::winner_of(end, pos);
  return w < 0 ? "1/2-1/2" : w == chess::kRed ? "1-0" : "0-1";
}

// "+35", "-120", "mate in 3", "mated in 2" (moves of the side to move).
std::string value_text(int v) {
  if (v > chess::kMateBound) return "mate in " + std::to_string((chess::kMate - v + 1) / 2);
  if (v < -chess::kMateBound) return "mated in " + std::to_string((chess::kMate + v) / 2);
  // Built by appending: GCC 12 warns wrongly (-Wrestrict) on "literal" + string.
  std::string out = v > 0 ? "+" : "";
  out += std::to_string(v);
  return out;
}

}  // namespace leapfrog::cli
