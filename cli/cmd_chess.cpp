// leapfrog chess: Leap Chess (docs/leapchess.md) under one subcommand: moves, perft, verify,
// analyse, match, play. The rules and the search live in chess/; this file reads options
// and prints.
#include <algorithm>
#include <iostream>
#include <optional>

#include "chess/match.h"
#include "chess/movegen.h"
#include "chess/notation.h"
#include "chess/record.h"
#include "chess/search.h"
#include "cli/chess_render.h"
#include "cli/chess_uci.h"
#include "cli/command_json.h"
#include "cli/commands.h"
#include "cli/progress.h"
#include "cli/render.h"
#include "cli/search_options.h"
#include "cli/suggest.h"

namespace leapfrog::cli {

namespace {

using chess::Move;
using chess::Position;

// The options every chess subcommand takes.
struct ChessOptions {
  CommonOptions common;
  std::string captures = "compulsory";
  std::string svg;
};

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

Position load_fen(const std::string& text) {
  if (text.empty()) throw UsageError("missing FEN (a position, startpos or startpos64)");
  try {
    return Position::from_fen(text);
  } catch (const chess::FenError& e) {
    throw UsageError(std::string(e.what()) + " in FEN " + quoted_text(text));
  }
}

}  // namespace

Json chess_move_list_json(const std::vector<Move>& moves) {
  Json a = Json::array();
  for (const Move& m : moves) a.push_back(chess::move_text(m));
  return a;
}

std::string chess_game_over_text(const Position& pos) {
  return std::string(pos.side() == chess::kRed ? "Red" : "Black") +
         " has no legal move and loses (" + (pos.in_check() ? "checkmate" : "stalemate") + ")";
}

Json chess_moves_json(const Position& pos, const std::string& captures,
                      const chess::MoveList& moves) {
  return Json{{"fen", pos.fen()},
              {"captures", captures},
              {"moves", chess_move_list_json(moves)},
              {"count", moves.size()},
              {"check", pos.in_check()}};
}

Json chess_perft_json(const Position& pos, const std::string& captures, int depth, bool divide,
                      const SearchControl& control,
                      const std::function<void(const std::string&, std::uint64_t)>& each) {
  const chess::Rules rules = chess::rules_for(*chess::parse_capture_rule(captures));
  std::uint64_t nodes = 0;
  Json divided = Json::object();
  if (divide && depth > 0) {
    for (const Move& m : chess::legal_moves(pos, rules)) {
      const std::uint64_t n = chess::perft(pos.after(m), rules, depth - 1, control);
      divided[chess::move_text(m)] = n;
      nodes += n;
      if (each && !control.stop_requested()) each(chess::move_text(m), n);
    }
  } else {
    nodes = chess::perft(pos, rules, depth, control);
  }
  Json j{{"depth", depth}, {"captures", captures}, {"nodes", nodes}};
  if (divide) j["divide"] = divided;
  return j;
}

Json chess_show_json(const Position& pos, std::size_t moves) {
  return Json{{"fen", pos.fen()},
              {"side", pos.side() == chess::kRed ? "red" : "black"},
              {"check", pos.in_check()},
              {"moves", moves}};
}

Json chess_verify_json(const Position& pos, const std::string& captures, const chess::Verdict& v) {
  Json j{{"legal", v.legal},
         {"move", v.legal ? Json(chess::move_text(v.move)) : Json(nullptr)},
         {"reason", v.legal ? Json(nullptr) : Json(v.reason)},
         {"required", chess_move_list_json(v.required)},
         {"captures", captures}};
  if (v.legal) j["fen"] = pos.after(v.move).fen();
  return j;
}

Json chess_analyse_json(const Position& pos, const std::string& captures,
                        const chess::SearchResult& r) {
  return Json{{"best", r.has_move ? Json(chess::move_text(r.best)) : Json(nullptr)},
              {"value", r.value},
              {"pv", chess_move_list_json(r.pv)},
              {"nodes", r.nodes},
              {"depth", r.depth},
              {"proved", r.complete && std::abs(r.value) > chess::kMateBound},
              {"captures", captures},
              {"fen", pos.fen()}};
}

Position chess_position(const std::string& fen) { return load_fen(fen); }

Json chess_referee_json(const chess::GameText& g, const std::string& captures) {
  Position pos = chess_position(g.fen);
  const chess::Rules rules = chess::rules_for(*chess::parse_capture_rule(captures));
  Json first_error = nullptr;
  int played = 0;
  for (const auto& token : g.moves) {
    chess::WrittenMove written;
    try {
      written = chess::parse_move(token.text, pos.geometry());
    } catch (const chess::MoveSyntaxError& e) {
      throw UsageError("record line " + std::to_string(token.line) + ": " + e.what());
    }
    const chess::Verdict v = chess::judge(pos, rules, written);
    if (!v.legal) {
      first_error = Json{{"ply", played + 1},
                         {"line", token.line},
                         {"move", token.text},
                         {"reason", v.reason},
                         {"required", chess_move_list_json(v.required)}};
      break;
    }
    pos = pos.after(v.move);
    ++played;
  }
  const bool over = chess::legal_moves(pos, rules).empty();
  return Json{{"legal", first_error.is_null()},
              {"turns", played},
              {"first_error", first_error},
              {"final", pos.fen()},
              {"game_over", over ? Json(chess_game_over_text(pos)) : Json(nullptr)},
              {"result", g.result.empty() ? Json(nullptr) : Json(g.result)},
              {"captures", captures}};
}

namespace {

int chess_moves(const Command& cmd, const std::vector<std::string>& args) {
  ChessOptions o;
  std::string fen;
  po::options_description visible;
  visible.add(chess_rule_options(o)).add(output_options(o.common));
  if (!parse_command(cmd, args, visible, o.common, {{"fen", &fen}})) return 0;
  const Position pos = load_fen(fen);
  const chess::MoveList moves = chess::legal_moves(pos, rules_of(o));
  if (o.common.json) {
    print_json(chess_moves_json(pos, o.captures, moves));
    return 0;
  }
  for (const Move& m : moves) std::cout << chess::move_text(m) << "\n";
  if (moves.empty()) std::cerr << "leapfrog chess moves: " << chess_game_over_text(pos) << "\n";
  return 0;
}

}  // namespace

int chess_depth(const std::string& text) {
  if (text.empty()) throw UsageError("missing DEPTH");
  const bool digits = text.size() <= 2 && std::all_of(text.begin(), text.end(),
                                                      [](char c) { return c >= '0' && c <= '9'; });
  if (!digits || std::stoi(text) > 20)
    throw UsageError("DEPTH must be a whole number 0..20, not " + quoted_text(text));
  return std::stoi(text);
}

namespace {

int chess_perft(const Command& cmd, const std::vector<std::string>& args) {
  ChessOptions o;
  std::string fen, depth_text;
  bool divide = false;
  po::options_description visible;
  po::options_description count("Counting");
  count.add_options()("divide", po::bool_switch(&divide), "also count each first move's subtree");
  visible.add(chess_rule_options(o)).add(count).add(output_options(o.common));
  if (!parse_command(cmd, args, visible, o.common, {{"fen", &fen}, {"depth", &depth_text}}))
    return 0;
  const Position pos = load_fen(fen);
  const int depth = chess_depth(depth_text);
  SearchControl control;
  control.stop = &install_interrupt_flag();
  const Json j = chess_perft_json(pos, o.captures, depth, divide, control,
                                  [&](const std::string& move, std::uint64_t n) {
                                    if (!o.common.json) std::cout << move << ": " << n << "\n";
                                  });
  if (control.stop_requested()) {
    std::cerr << "leapfrog chess perft: interrupted; no count\n";
    return 2;
  }
  if (o.common.json) {
    print_json(j);
    return 0;
  }
  const std::uint64_t nodes = j["nodes"].get<std::uint64_t>();
  std::cout << "perft " << depth << ": " << nodes << "\n";
  return 0;
}

// verify --game: every move of a record judged in turn, up to the first illegal one.
int referee(const ChessOptions& o, const std::string& path) {
  chess::GameText g;
  try {
    g = chess::parse_record(read_file(path));
  } catch (const chess::RecordError& e) {
    throw UsageError(e.what());
  }
  const Json j = chess_referee_json(g, o.captures);
  const bool ok = j["legal"].get<bool>();
  const Json& first_error = j["first_error"];
  if (o.common.json) {
    print_json(j);
  } else if (ok) {
    std::cout << j["turns"].get<int>() << " moves, all legal; final position "
              << j["final"].get<std::string>() << "\n";
    if (!j["game_over"].is_null()) std::cout << j["game_over"].get<std::string>() << "\n";
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
  return ok ? 0 : 1;
}

int chess_verify(const Command& cmd, const std::vector<std::string>& args) {
  ChessOptions o;
  std::string fen, move, game;
  po::options_description visible;
  po::options_description records("Game records");
  records.add_options()("game", file_value(&game, "game")->value_name("FILE"),
                        "referee a PGN-style record instead (docs/leapchess.md): every move "
                        "judged in turn; exit 1 at the first illegal one; '-' reads standard "
                        "input");
  visible.add(chess_rule_options(o)).add(records).add(output_options(o.common));
  if (!parse_command(cmd, args, visible, o.common, {{"fen", &fen}, {"move", &move}})) return 0;
  if (!game.empty()) {
    if (!fen.empty()) throw UsageError("--game takes no FEN or MOVE (the record has both)");
    return referee(o, game);
  }
  const Position pos = load_fen(fen);
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

// "+35", "-120", "mate in 3", "mated in 2" (moves of the side to move).
std::string value_text(int v) {
  if (v > chess::kMateBound) return "mate in " + std::to_string((chess::kMate - v + 1) / 2);
  if (v < -chess::kMateBound) return "mated in " + std::to_string((chess::kMate + v) / 2);
  // Built by appending: GCC 12 warns wrongly (-Wrestrict) on "literal" + string.
  std::string out = v > 0 ? "+" : "";
  out += std::to_string(v);
  return out;
}

int chess_analyse(const Command& cmd, const std::vector<std::string>& args) {
  ChessOptions o;
  std::string fen;
  LimitOptions limits;
  int depth = 0;
  po::options_description visible;
  po::options_description search("Search");
  add_limit_options(search, limits,
                    "stop after about N nodes with the best move of the last finished depth",
                    "the table then replaces its oldest entries");
  search.add_options()(
      "depth", whole_value(&depth, "depth", 0, 64)->default_value("0")->value_name("N"),
      "search at most N plies deep (0 = no limit); with no limit at all (--depth, --nodes, "
      "--time-limit), --nodes 1000000");
  visible.add(chess_rule_options(o)).add(search).add(output_options(o.common));
  if (!parse_command(cmd, args, visible, o.common, {{"fen", &fen}})) return 0;
  const Position pos = load_fen(fen);
  if (depth == 0 && limits.node_limit == 0 && limits.time_limit == 0)
    limits.node_limit = kChessAnalyseNodes;
  ProgressLine line;
  const SearchControl control = limit_control(limits, line);
  chess::SearchSettings settings;
  settings.max_depth = depth == 0 ? 64 : depth;
  settings.hash_mb = table_mb(limits.hash_mb);
  const chess::SearchResult r = chess::analyse(pos, rules_of(o), settings, control);
  line.clear();
  if (o.common.json) {
    print_json(chess_analyse_json(pos, o.captures, r));
    return 0;
  }
  if (!r.has_move) {
    std::cout << chess_game_over_text(pos) << "\n";
    return 0;
  }
  std::cout << "best " << chess::move_text(r.best) << "  value " << value_text(r.value)
            << "  depth " << r.depth << "  nodes " << r.nodes << "\npv";
  for (const Move& m : r.pv) std::cout << " " << chess::move_text(m);
  std::cout << "\n";
  return 0;
}

int chess_match(const Command& cmd, const std::vector<std::string>& args) {
  ChessOptions o;
  std::string fen = "startpos", opponent = "random";
  std::uint64_t games = 100, seed = 1, nodes = 2000;
  int max_plies = 300;
  std::size_t hash_mb = kDefaultHashMb;
  po::options_description visible;
  po::options_description match("Match");
  match.add_options()("opponent",
                      name_value(&opponent, "opponent", {"random", "greedy"})
                          ->default_value("random")
                          ->value_name("NAME"),
                      "the engine's opponent: random (any legal move) or greedy (the capture "
                      "that takes the most material, else any move)")(
      "games", whole_value(&games, "games", 1, 100000)->default_value("100")->value_name("N"),
      "games to play, the engine taking Red and Black in turn")(
      "nodes",
      whole_value(&nodes, "nodes", 1, 1'000'000'000)->default_value("2000")->value_name("N"),
      "the engine's node budget per move")(
      "max-plies",
      whole_value(&max_plies, "max-plies", 1, 10000)->default_value("300")->value_name("N"),
      "a game that lasts this many plies is a draw")(
      "seed",
      whole_value(&seed, "seed", 0, std::numeric_limits<std::uint64_t>::max())
          ->default_value("1")
          ->value_name("S"),
      "seed of the opponent's random choices (game k uses seed + k)");
  add_hash_option(match, hash_mb, "each engine search takes at most this much");
  visible.add(chess_rule_options(o)).add(match).add(output_options(o.common));
  if (!parse_command(cmd, args, visible, o.common, {{"fen", &fen}})) return 0;
  const Position start = load_fen(fen);
  chess::GameSettings settings;
  settings.rules = rules_of(o);
  settings.engine_nodes = nodes;
  settings.hash_mb = std::min<std::size_t>(table_mb(hash_mb), 64);
  settings.max_plies = max_plies;
  const chess::Player other =
      opponent == "greedy" ? chess::Player::kGreedy : chess::Player::kRandom;
  const auto& stop = install_interrupt_flag();
  std::uint64_t wins = 0, losses = 0, draws = 0, played = 0;
  Json list = Json::array();
  for (std::uint64_t k = 0; k < games && !stop.load(); ++k) {
    const bool engine_red = k % 2 == 0;
    const chess::GameRecord g =
        chess::play_game(start, engine_red ? chess::Player::kEngine : other,
                         engine_red ? other : chess::Player::kEngine, settings, seed + k);
    ++played;
    const int engine_colour = engine_red ? chess::kRed : chess::kBlack;
    const char* result = g.winner < 0 ? "draw" : g.winner == engine_colour ? "win" : "loss";
    (g.winner < 0 ? draws : g.winner == engine_colour ? wins : losses)++;
    if (o.common.json) {
      list.push_back(Json{{"engine", engine_red ? "red" : "black"},
                          {"result", result},
                          {"end", g.end},
                          {"plies", g.moves.size()}});
    } else {
      std::cout << "game " << k + 1 << ": engine " << (engine_red ? "Red" : "Black") << " vs "
                << opponent << ": " << result << " (" << g.end << ", " << g.moves.size()
                << " plies)" << std::endl;
    }
  }
  const double score = played ? 100.0 * static_cast<double>(wins) / static_cast<double>(played) : 0;
  if (o.common.json) {
    print_json(Json{{"opponent", opponent},
                    {"games", played},
                    {"wins", wins},
                    {"losses", losses},
                    {"draws", draws},
                    {"win_percent", score},
                    {"nodes", nodes},
                    {"captures", o.captures},
                    {"list", list}});
  } else {
    std::cout << "engine (" << nodes << " nodes a move) vs " << opponent << ": " << wins
              << " wins, " << losses << " losses, " << draws << " draws in " << played << " games ("
              << score << "% won)\n";
  }
  return stop.load() ? 2 : 0;
}

int chess_show(const Command& cmd, const std::vector<std::string>& args) {
  ChessOptions o;
  std::string fen;
  po::options_description visible;
  po::options_description drawing("Drawing");
  drawing.add_options()("svg", file_value(&o.svg, "svg")->value_name("FILE"),
                        "also draw the board as SVG in FILE ('-': standard output, instead of "
                        "the text)");
  visible.add(chess_rule_options(o)).add(drawing).add(output_options(o.common));
  if (!parse_command(cmd, args, visible, o.common, {{"fen", &fen}})) return 0;
  const Position pos = load_fen(fen);
  if (!o.svg.empty()) write_file(o.svg, chess_board_svg(pos));
  if (o.svg == "-") return 0;
  const std::size_t count = chess::legal_moves(pos, rules_of(o)).size();
  if (o.common.json) {
    print_json(chess_show_json(pos, count));
    return 0;
  }
  std::cout << chess_board_text(pos, want_colour(o.common))
            << (pos.side() == chess::kRed ? "Red" : "Black") << " to move"
            << (pos.in_check() ? ", in check" : "") << "; " << count << " legal moves\n"
            << pos.fen() << "\n";
  return 0;
}

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
  const Position start = load_fen(fen);
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
    if (legal.empty()) {
      std::cout << chess_game_over_text(pos) << ".\n";
      return finish(pos.side() == chess::kRed ? "0-1" : "1-0");
    }
    if (std::count(history.begin(), history.end(), pos.key()) >= 2) {
      std::cout << "Draw by threefold repetition.\n";
      return finish("1/2-1/2");
    }
    if (pos.halfmove() >= 100) {
      std::cout << "Draw by the fifty-move rule.\n";
      return finish("1/2-1/2");
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

constexpr const char* kSubcommandNames = "show, moves, perft, verify, analyse, match, play, uci";

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
    {"play", "A game in the terminal against the engine: type moves, the board is redrawn.",
     "chess play [FEN] [--engine red|black|none] [--nodes N] [options]",
     "leapfrog chess play --engine black", chess_play},
    {"uci", "The engine over UCI for GUIs and match runners (docs/uci.md).", "chess uci [options]",
     "leapfrog chess uci   (then: uci, isready, position startpos, go movetime 1000, quit)",
     chess_uci},
};

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
        return c.run(c, std::vector<std::string>(args.begin() + 1, args.end()));
    std::vector<std::string> names;
    for (const Command& c : kChessCommands) names.emplace_back(c.name);
    throw UsageError("unknown chess subcommand " + quoted_text(args[0]) + " (" + kSubcommandNames +
                     ")" + did_you_mean(args[0], names));
  }
  // No subcommand: the options every subcommand takes, checked, and --help.
  ChessOptions o;
  po::options_description visible;
  visible.add(chess_rule_options(o)).add(output_options(o.common));
  static const std::string notes = chess_notes();
  Command with_notes = cmd;
  with_notes.notes = notes.c_str();
  if (!parse_command(with_notes, args, visible, o.common, {})) return 0;
  throw UsageError(std::string("missing SUBCOMMAND (") + kSubcommandNames + ")");
}

}  // namespace leapfrog::cli
