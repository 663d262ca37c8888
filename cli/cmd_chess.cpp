// leapfrog chess: Leap Chess (docs/leapchess.md) under one subcommand: moves, perft, verify,
// analyse, match, play. The rules and the search live in chess/; this file reads options
// and prints.
#include <algorithm>
#include <iostream>

#include "chess/movegen.h"
#include "chess/notation.h"
#include "cli/commands.h"
#include "cli/progress.h"
#include "cli/render.h"
#include "cli/search_options.h"

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
  if (text.empty()) throw UsageError("missing FEN (a position, or startpos)");
  try {
    return Position::from_fen(text);
  } catch (const chess::FenError& e) {
    throw UsageError(std::string(e.what()) + " in FEN " + quoted_text(text));
  }
}

Json moves_json(const std::vector<Move>& moves) {
  Json a = Json::array();
  for (const Move& m : moves) a.push_back(chess::move_text(m));
  return a;
}

// "Red has no legal move and loses (checkmate)".
std::string game_over_text(const Position& pos) {
  return std::string(pos.side() == chess::kRed ? "Red" : "Black") +
         " has no legal move and loses (" + (pos.in_check() ? "checkmate" : "stalemate") + ")";
}

int chess_moves(const Command& cmd, const std::vector<std::string>& args) {
  ChessOptions o;
  std::string fen;
  po::options_description visible;
  visible.add(chess_rule_options(o)).add(output_options(o.common));
  if (!parse_command(cmd, args, visible, o.common, {{"fen", &fen}})) return 0;
  const Position pos = load_fen(fen);
  const chess::MoveList moves = chess::legal_moves(pos, rules_of(o));
  if (o.common.json) {
    print_json(Json{{"fen", pos.fen()},
                    {"captures", o.captures},
                    {"moves", moves_json(moves)},
                    {"count", moves.size()},
                    {"check", pos.in_check()}});
    return 0;
  }
  for (const Move& m : moves) std::cout << chess::move_text(m) << "\n";
  if (moves.empty()) std::cerr << "leapfrog chess moves: " << game_over_text(pos) << "\n";
  return 0;
}

int parse_depth(const std::string& text) {
  if (text.empty()) throw UsageError("missing DEPTH");
  const bool digits = text.size() <= 2 && std::all_of(text.begin(), text.end(),
                                                      [](char c) { return c >= '0' && c <= '9'; });
  if (!digits || std::stoi(text) > 20)
    throw UsageError("DEPTH must be a whole number 0..20, not " + quoted_text(text));
  return std::stoi(text);
}

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
  const int depth = parse_depth(depth_text);
  const chess::Rules rules = rules_of(o);
  SearchControl control;
  control.stop = &install_interrupt_flag();
  std::uint64_t nodes = 0;
  Json divided = Json::object();
  if (divide && depth > 0) {
    for (const Move& m : chess::legal_moves(pos, rules)) {
      const std::uint64_t n = chess::perft(pos.after(m), rules, depth - 1, control);
      divided[chess::move_text(m)] = n;
      nodes += n;
      if (!o.common.json && !control.stop_requested())
        std::cout << chess::move_text(m) << ": " << n << "\n";
    }
  } else {
    nodes = chess::perft(pos, rules, depth, control);
  }
  if (control.stop_requested()) {
    std::cerr << "leapfrog chess perft: interrupted; no count\n";
    return 2;
  }
  if (o.common.json) {
    Json j{{"depth", depth}, {"captures", o.captures}, {"nodes", nodes}};
    if (divide) j["divide"] = divided;
    print_json(j);
    return 0;
  }
  std::cout << "perft " << depth << ": " << nodes << "\n";
  return 0;
}

int chess_verify(const Command& cmd, const std::vector<std::string>& args) {
  ChessOptions o;
  std::string fen, move;
  po::options_description visible;
  visible.add(chess_rule_options(o)).add(output_options(o.common));
  if (!parse_command(cmd, args, visible, o.common, {{"fen", &fen}, {"move", &move}})) return 0;
  const Position pos = load_fen(fen);
  if (move.empty()) throw UsageError("missing MOVE");
  chess::WrittenMove written;
  try {
    written = chess::parse_move(move);
  } catch (const chess::MoveSyntaxError& e) {
    throw UsageError(e.what());
  }
  const chess::Verdict v = chess::judge(pos, rules_of(o), written);
  if (o.common.json) {
    Json j{{"legal", v.legal},
           {"move", v.legal ? Json(chess::move_text(v.move)) : Json(nullptr)},
           {"reason", v.legal ? Json(nullptr) : Json(v.reason)},
           {"required", moves_json(v.required)},
           {"captures", o.captures}};
    if (v.legal) j["fen"] = pos.after(v.move).fen();
    print_json(j);
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

constexpr const char* kSubcommandNames = "moves, perft, verify";

constexpr Command kChessCommands[] = {
    {"moves", "List the legal moves of the side to move.", "chess moves FEN [options]",
     "leapfrog chess moves startpos --json", chess_moves},
    {"perft", "Count the leaves of the legal-move tree of DEPTH moves (checks the generator).",
     "chess perft FEN DEPTH [--divide] [options]", "leapfrog chess perft startpos 4 --divide",
     chess_perft},
    {"verify", "Is MOVE legal? Exit 0 yes, 1 no (why; the captures due), 2 bad input.",
     "chess verify FEN MOVE [options]",
     "leapfrog chess verify '*1k2*/6/6/2p3/6/2D3/6/*2K2* w - - 0 1' c3c5", chess_verify},
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
      "clocks; 'startpos' is the start. Quote it: it holds spaces and '*'. docs/leapchess.md\n"
      "has the rules.\n";
  return out;
}

}  // namespace

int run_chess(const Command& cmd, const std::vector<std::string>& args) {
  if (!args.empty() && !args[0].starts_with("-")) {
    for (const Command& c : kChessCommands)
      if (args[0] == c.name)
        return c.run(c, std::vector<std::string>(args.begin() + 1, args.end()));
    throw UsageError("unknown chess subcommand " + quoted_text(args[0]) + " (" + kSubcommandNames +
                     ")");
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
