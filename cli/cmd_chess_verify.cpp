// leapfrog chess verify: is a move legal, or every move of a record (--game).
#include <iostream>

#include "chess/game_end.h"
#include "chess/notation.h"
#include "chess/record.h"
#include "cli/chess_options.h"
#include "cli/command_json.h"
#include "cli/render.h"
#include "core/text.h"

namespace leapfrog::cli {

using chess::Move;
using chess::Position;

Json chess_verify_json(const Position& pos, const std::string& captures, const chess::Verdict& v) {
  Json j{{"legal", v.legal},
         {"move", v.legal ? Json(chess::move_text(v.move)) : Json(nullptr)},
         {"reason", v.legal ? Json(nullptr) : Json(v.reason)},
         {"required", chess_move_list_json(v.required)},
         {"captures", captures}};
  if (v.legal) j["fen"] = pos.after(v.move).fen();
  return j;
}

namespace {

// The record's start: its FEN tag, named by its line when it does not read, or the start.
Position record_start(const chess::GameText& g) {
  if (g.fen_line == 0) return chess_position(g.fen);
  const std::string where = "record line " + std::to_string(g.fen_line) + ": ";
  if (g.fen.empty()) throw UsageError(where + "an empty [FEN] tag (a FEN, startpos or startpos64)");
  try {
    return Position::from_fen(g.fen);
  } catch (const chess::FenError& e) {
    throw UsageError(where + e.what() + " in [FEN] " + quoted_start(g.fen));
  }
}

// The capture rule a record is read under: the command line's, else its [Captures] tag (as
// chess play writes it), else compulsory.
std::string record_captures(const chess::GameText& g, const std::optional<std::string>& given) {
  if (given) return *given;
  for (std::size_t i = 0; i < g.tags.size(); ++i)
    if (const auto& [name, value] = g.tags[i]; name == "Captures") {
      if (!chess::parse_capture_rule(value))
        throw UsageError("record line " + std::to_string(g.tag_lines[i]) +
                         ": the [Captures] tag must be compulsory, multiple or optional, not " +
                         quoted_text(value));
      return value;
    }
  return "compulsory";
}

}  // namespace

Json chess_referee_json(const chess::GameText& g, const std::optional<std::string>& given) {
  Position pos = record_start(g);
  const std::string captures = record_captures(g, given);
  const chess::Rules rules = chess::rules_for(*chess::parse_capture_rule(captures));
  Json first_error = nullptr;
  int played = 0;
  std::vector<std::uint64_t> history;  // the positions before `pos`, for repetitions
  for (const auto& token : g.moves) {
    chess::WrittenMove written;
    try {
      written = chess::parse_move(token.text, pos.geometry());
    } catch (const chess::MoveSyntaxError& e) {
      throw UsageError("record line " + std::to_string(token.line) + ": " + e.what());
    }
    chess::Verdict v;
    // A drawn game takes no more moves; a lost one has none, which judge says.
    const chess::GameEnd end = chess::game_end(pos, chess::legal_moves(pos, rules), history);
    if (end == chess::GameEnd::kRepetition || end == chess::GameEnd::kFiftyMoves) {
      std::string how = chess_end_text(end, pos);
      how[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(how[0])));
      v.reason = "the game is already over: " + how;
    } else {
      v = chess::judge(pos, rules, written);
    }
    if (!v.legal) {
      first_error = Json{{"ply", played + 1},
                         {"line", token.line},
                         {"move", token.text},
                         {"reason", v.reason},
                         {"required", chess_move_list_json(v.required)}};
      break;
    }
    history.push_back(pos.key());
    pos = pos.after(v.move);
    ++played;
  }
  const chess::GameEnd end = chess::game_end(pos, chess::legal_moves(pos, rules), history);
  const bool over = end != chess::GameEnd::kNone;
  const std::string ended = chess_result_text(end, pos);
  // A written result is checked against an ended game; "*", or any result of a game the
  // record leaves unfinished (a resignation, an agreed draw), stands.
  Json result_error = nullptr;
  if (first_error.is_null() && over && !g.result.empty() && g.result != "*" && g.result != ended)
    result_error = "the record's result " + g.result +
                   " is not the game's: " + chess_end_text(end, pos) + ", " + ended;
  return Json{{"legal", first_error.is_null()},
              {"turns", played},
              {"first_error", first_error},
              {"final", pos.fen()},
              {"game_over", over ? Json(chess_end_text(end, pos)) : Json(nullptr)},
              {"game_result", over ? Json(ended) : Json(nullptr)},
              {"result", g.result.empty() ? Json(nullptr) : Json(g.result)},
              {"result_error", result_error},
              {"captures", captures}};
}

namespace {

// verify --game: every move of a record judged in turn, up to the first illegal one.
int referee(const ChessOptions& o, bool captures_given, const std::string& path) {
  // A record that cannot be read (its syntax, a move's spelling) is bad input, named by file.
  const Json j = parse_file<UsageError>(path, [&](const std::string& text) {
    chess::GameText g;
    try {
      g = chess::parse_record(text);
    } catch (const chess::RecordError& e) {
      throw UsageError(e.what());
    }
    return chess_referee_json(g, captures_given ? std::optional(o.captures) : std::nullopt);
  });
  const bool ok = j["legal"].get<bool>();
  const Json& first_error = j["first_error"];
  if (o.common.json) {
    print_json(j);
  } else if (ok) {
    const int turns = j["turns"].get<int>();
    std::cout << count_text(turns, "move", "moves") << ", all legal; final position "
              << j["final"].get<std::string>() << "\n";
    if (!j["game_over"].is_null())
      std::cout << j["game_over"].get<std::string>() << ", " << j["game_result"].get<std::string>()
                << "\n";
    if (!j["result_error"].is_null()) std::cout << j["result_error"].get<std::string>() << "\n";
  } else {
    std::cout << "ply " << first_error["ply"].get<int>() << " (line "
              << first_error["line"].get<int>() << ") "
              << escape_controls(first_error["move"].get<std::string>())
              << ": illegal: " << first_error["reason"].get<std::string>() << "\n";
    if (!first_error["required"].empty()) {
      std::cout << "required (one of):";
      for (const auto& m : first_error["required"]) std::cout << " " << m.get<std::string>();
      std::cout << "\n";
    }
  }
  return ok && j["result_error"].is_null() ? 0 : 1;
}

}  // namespace

int chess_verify(const Command& cmd, const std::vector<std::string>& args) {
  ChessOptions o;
  std::string fen, move, game;
  po::options_description visible;
  po::options_description records("Game records");
  records.add_options()("game", file_value(&game, "game")->value_name("FILE"),
                        "referee a PGN-style record instead (docs/leapchess.md): every move "
                        "judged in turn, draws by repetition and fifty moves ending the game; "
                        "exit 1 at the first illegal one or a written result that is not the "
                        "game's; '-' reads standard input; the record's [Captures] tag is its "
                        "rule unless --captures is given");
  visible.add(chess_rule_options(o)).add(records).add(output_options(o.common, Boards::kNone));
  po::variables_map given;
  const char* const with_game = "--game takes no FEN or MOVE (the record has both)";
  if (!parse_command(
          cmd, args, visible, o.common,
          {{"fen", &fen, nullptr, "game", with_game}, {"move", &move, nullptr, "game", with_game}},
          &given))
    return 0;
  if (!game.empty()) {
    return referee(o, !given["captures"].defaulted(), game);
  }
  const Position pos = chess_position(fen);
  if (move.empty()) throw UsageError("missing MOVE");
  chess::WrittenMove written;
  try {
    written = chess::parse_move(move, pos.geometry());
  } catch (const chess::MoveSyntaxError& e) {
    throw UsageError(e.what());
  }
  const chess::Verdict v = chess::judge(pos, rules_of(o), written);
  if (o.common.json) {
    print_json(chess_verify_json(pos, o.captures, v));
  } else if (v.legal) {
    std::cout << chess::move_text(v.move) << ": legal\n";
  } else {
    std::cout << escape_controls(move) << ": illegal: " << v.reason << "\n";
    if (!v.required.empty()) {
      std::cout << "required (one of):";
      for (const Move& m : v.required) std::cout << " " << chess::move_text(m);
      std::cout << "\n";
    }
  }
  return v.legal ? 0 : 1;
}

}  // namespace leapfrog::cli
