// leapfrog chess perft: the leaves of the legal-move tree, for checking the move generator.
#include <algorithm>
#include <iostream>
#include <optional>

#include "chess/notation.h"
#include "cli/chess_options.h"
#include "cli/command_json.h"
#include "cli/progress.h"
#include "core/poller.h"

namespace leapfrog::cli {

using chess::Move;
using chess::Position;

std::optional<Json> chess_perft_json(
    const Position& pos, const std::string& captures, int depth, bool divide,
    const SearchControl& control,
    const std::function<void(const std::string&, std::uint64_t)>& each) {
  const chess::Rules rules = chess::rules_for(*chess::parse_capture_rule(captures));
  // One clock for every first move's walk: the time limit is the whole count's.
  const Poller poller(control);
  std::uint64_t nodes = 0;
  Json divided = Json::object();
  if (divide && depth > 0) {
    for (const Move& m : chess::legal_moves(pos, rules)) {
      if (poller.limit_reached(0)) return std::nullopt;  // the moves left are not walked
      const std::optional<std::uint64_t> n =
          chess::perft_whole(pos.after(m), rules, depth - 1, poller);
      if (!n) return std::nullopt;
      divided[chess::move_text(m)] = *n;
      nodes += *n;
      if (each) each(chess::move_text(m), *n);
    }
  } else {
    const std::optional<std::uint64_t> n = chess::perft_whole(pos, rules, depth, poller);
    if (!n) return std::nullopt;
    nodes = *n;
  }
  Json j{{"depth", depth}, {"captures", captures}, {"nodes", nodes}};
  if (divide) j["divide"] = divided;
  return j;
}

int chess_depth(const std::string& text, const std::string& name) {
  const bool digits =
      !text.empty() && text.size() <= 2 &&
      std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
  if (!digits || std::stoi(text) > 20)
    throw UsageError(name + " must be a whole number 0..20, not " + quoted_text(text));
  return std::stoi(text);
}

int chess_perft(const Command& cmd, const std::vector<std::string>& args) {
  ChessOptions o;
  std::string fen, depth_text;
  bool divide = false;
  po::options_description visible;
  po::options_description count("Counting");
  count.add_options()("divide", po::bool_switch(&divide), "also count each first move's subtree");
  visible.add(chess_rule_options(o)).add(count).add(output_options(o.common, Boards::kNone));
  if (!parse_command(cmd, args, visible, o.common, {{"fen", &fen}, {"depth", &depth_text}}))
    return 0;
  const Position pos = chess_position(fen);
  if (depth_text.empty()) throw UsageError("missing DEPTH");
  const int depth = chess_depth(depth_text);
  SearchControl control;
  control.stop = &install_interrupt_flag();
  const std::optional<Json> j = chess_perft_json(pos, o.captures, depth, divide, control,
                                                 [&](const std::string& move, std::uint64_t n) {
                                                   if (!o.common.json)
                                                     std::cout << move << ": " << n << "\n";
                                                 });
  if (!j) {
    std::cerr << "leapfrog chess perft: interrupted; no count\n";
    return 2;
  }
  if (o.common.json) {
    print_json(*j);
    return 0;
  }
  const std::uint64_t nodes = (*j)["nodes"].get<std::uint64_t>();
  std::cout << "perft " << depth << ": " << nodes << "\n";
  return 0;
}

}  // namespace leapfrog::cli
