#include <iostream>

#include "cli/commands.h"
#include "cli/render.h"
#include "cli/search_options.h"
#include "puzzles/record.h"
#include "solver/referee.h"
#include "solver/verify.h"

namespace leapfrog::cli {

namespace {

std::string amount(const Rules& rules, Score n) {
  if (rules.measure == Measure::kPoints) return std::to_string(n) + (n == 1 ? " point" : " points");
  return std::to_string(n) + (n == 1 ? " piece" : " pieces");
}

int verify_move(const CommonOptions& o, const std::string& position, const std::string& move,
                const SearchControl& control) {
  const Setup setup = load_position(position, o);
  const Rules rules = setup.rules();
  const Turn turn = parse_turn(setup.board, move);
  const TurnVerdict v = verify_turn(setup.board, rules, setup.position, turn, control);
  const bool ok = v.legal && v.maximal;
  if (o.json) {
    Json j;
    j["legal"] = v.legal;
    j["maximal"] = v.maximal;
    j["value"] = v.value;
    j["max"] = v.max;
    j["by"] = to_string(rules.measure);
    j["continuation"] = to_string(rules.continuation);
    j["reason"] = v.reason.empty() ? Json(nullptr) : Json(v.reason);
    j["best"] = v.example ? Json(format_turn(setup.board, *v.example)) : Json(nullptr);
    print_json(j);
  } else {
    std::cout << render_board(setup, want_colour(o), v.legal ? &turn : nullptr);
    std::cout << format_turn(setup.board, turn) << ": " << (v.legal ? "legal" : "illegal") << ", "
              << (v.maximal ? "maximal" : "not maximal") << " (value " << amount(rules, v.value)
              << ", max " << amount(rules, v.max) << ", continuation "
              << to_string(rules.continuation) << ")\n";
  }
  if (!ok)
    std::cerr << "leapfrog verify: " << (v.legal ? "not maximal: " : "illegal: ")
              << escape_controls(v.reason) << "\n";
  return ok ? 0 : 1;
}

int verify_game(const CommonOptions& o, const std::string& file, const SearchControl& control) {
  // The rule options go into the reading, so that the record's checks hold under them.
  const GameRecord record = parse_record(read_file(file), o.variant, overrides_from(o));
  const Rules rules = record.start.rules();
  const GameReport g = referee(record, control);
  const Board& board = record.start.board;
  const auto name = [&](int player) {
    std::string s = "player " + std::to_string(player);
    if (player - 1 < static_cast<int>(record.players.size()))
      s += " (" + record.players[static_cast<std::size_t>(player - 1)] + ")";
    return s;
  };
  if (o.json) {
    Json j;
    j["legal"] = g.legal;
    j["turns"] = g.turns.size();
    Json checks = Json::array();
    for (const TurnReport& t : g.turns)
      checks.push_back({{"ply", t.ply},
                        {"player", t.player},
                        {"move", t.move},
                        {"line", t.line},
                        {"legal", t.verdict.legal},
                        {"maximal", t.verdict.maximal},
                        {"value", t.verdict.value},
                        {"max", t.verdict.max}});
    j["checks"] = checks;
    Json scores = Json::array();
    for (int p = 0; p < rules.players; ++p) scores.push_back(g.final.scores[p]);
    j["scores"] = scores;
    j["finished"] = g.finished;
    j["winners"] = g.winners;
    if (g.first_error) {
      const TurnReport& t = g.turns[static_cast<std::size_t>(*g.first_error)];
      j["first_error"] = {{"ply", t.ply}, {"line", t.line}, {"move", t.move}, {"reason", g.error}};
    } else if (!g.legal) {
      j["first_error"] = {
          {"ply", nullptr}, {"line", nullptr}, {"move", nullptr}, {"reason", g.error}};
    } else {
      j["first_error"] = nullptr;
    }
    print_json(j);
  } else {
    for (const TurnReport& t : g.turns) {
      std::cout << t.ply << ". " << t.move << "  " << name(t.player) << ": ";
      if (!t.verdict.legal) {
        std::cout << "ILLEGAL\n";
        continue;
      }
      std::cout << amount(rules, t.verdict.value) << " (max " << t.verdict.max << ")"
                << (t.verdict.maximal ? "" : "  not maximal") << "\n";
    }
    std::cout << "scores:";
    for (int p = 0; p < rules.players; ++p) std::cout << (p ? ", " : " ") << g.final.scores[p];
    std::cout << "\n";
    if (g.legal) {
      std::cout << g.turns.size() << (g.turns.size() == 1 ? " turn" : " turns") << ", all legal; ";
      if (g.finished) {
        std::cout << (g.winners.size() == 1 ? "winner " : "shared win: ");
        for (std::size_t i = 0; i < g.winners.size(); ++i)
          std::cout << (i ? ", " : "") << name(g.winners[i]);
        std::cout << "\n";
      } else {
        std::cout << "the game is not over (" << name(g.final.to_move + 1) << " to move)\n";
      }
    }
    (void)board;
  }
  if (!g.legal) std::cerr << "leapfrog verify: " << escape_controls(g.error) << "\n";
  return g.legal ? 0 : 1;
}

}  // namespace

int run_verify(const Command& cmd, const std::vector<std::string>& args) {
  CommonOptions o;
  std::string position, move, game;
  LimitOptions limits;
  po::options_description visible;
  po::options_description records("Game records");
  records.add_options()(
      "game", file_value(&game, "game")->value_name("FILE"),
      "replay a game record (docs/records.md), checking every turn; '-' reads standard input");
  po::options_description search("Search");
  add_limit_options(search, limits, "stop after about N nodes (no answer then)",
                    kWhenChainTablesFull);
  visible.add(rule_options(o)).add(records).add(search);
  visible.add(layout_options(o)).add(output_options(o));
  if (!parse_command(cmd, args, visible, o, {{"position", &position}, {"move", &move}})) return 0;
  ProgressLine line;
  SearchControl control = limit_control(limits, line);
  control.memory_mb = table_mb(limits.hash_mb);
  if (!game.empty()) {
    if (!position.empty()) throw UsageError("--game takes no POSITION or MOVE");
    return verify_game(o, game, control);
  }
  if (position.empty()) throw UsageError("missing POSITION");
  if (move.empty()) throw UsageError("missing MOVE");
  return verify_move(o, position, move, control);
}

}  // namespace leapfrog::cli
