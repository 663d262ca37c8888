#include <iostream>
#include <sstream>

#include "cli/command_json.h"
#include "cli/commands.h"
#include "cli/progress.h"
#include "cli/render.h"
#include "cli/search_options.h"
#include "cli/svg.h"
#include "cli/then_option.h"
#include "puzzles/legality.h"
#include "puzzles/movegen.h"
#include "puzzles/record.h"
#include "solver/referee.h"

namespace leapfrog::cli {

// Every word of every --then value is one move, so "--then 'xd4 c2xe2'" and
// "--then xd4 c2xe2" are the same; each move is checked with the referee of `verify --game`
// (verify_turn: legal under the continuation rule, and no turn once the game is over), and
// the error names the first bad move and its index (1-based).
Setup play_then(const Setup& setup, const std::vector<std::string>& values,
                std::vector<Played>& played, const std::atomic<bool>* stop) {
  std::vector<std::string> words;
  for (const std::string& value : values) {
    std::istringstream in(value);
    for (std::string w; in >> w;) words.push_back(w);
  }
  if (words.empty()) throw UsageError("--then needs at least one move");
  GameRecord record;
  record.start = setup;
  for (std::size_t i = 0; i < words.size(); ++i) {
    RecordTurn t;
    try {
      t.turn = parse_turn(setup.board, words[i]);
    } catch (const ParseError& e) {
      throw UsageError("--then move " + std::to_string(i + 1) + ": " + e.what());
    }
    record.turns.push_back(std::move(t));
  }
  SearchControl control;
  control.stop = stop;
  control.memory_mb = table_mb(kDefaultHashMb);  // verify's default --hash
  // Legality only: the maximum is not reported, and on a big board its search is long.
  const GameReport g = referee(record, control, false);
  if (g.first_error) {
    const std::size_t i = static_cast<std::size_t>(*g.first_error);
    throw UsageError("--then move " + std::to_string(i + 1) + " " + quoted_start(words[i]) +
                     " is not legal: " + g.turns[i].verdict.reason);
  }
  for (const TurnReport& t : g.turns) played.push_back({t.move, t.player, t.verdict.value});
  Setup after = setup;
  after.position = g.final;
  return after;
}

Json show_json(const Setup& setup, const std::vector<Played>* then) {
  Json j = position_json(setup);
  j["game_over"] = !has_turn(setup.board, setup.rules(), setup.position);
  if (then) {
    Json turns = Json::array();
    for (const Played& t : *then)
      turns.push_back({{"move", t.move}, {"player", t.player}, {"value", t.value}});
    j["then"] = turns;
  }
  return j;
}

int run_show(const Command& cmd, const std::vector<std::string>& args) {
  CommonOptions o;
  std::string position, chain, svg;
  std::vector<std::string> then;
  po::options_description visible;
  po::options_description picture("Pictures");
  picture.add_options()("chain", move_value(&chain, "chain")->value_name("MOVE"),
                        "highlight a legal turn: its start '>', landing squares '*', captured "
                        "pieces 'x' (none by default)")(
      "svg", file_value(&svg, "svg")->value_name("FILE"),
      "also write an SVG diagram to FILE ('-': standard output instead of the text)");
  po::options_description play("Playing on");
  add_then_option(play, then, "show the position they reach");
  visible.add(play);
  visible.add(rule_options(o))
      .add(layout_options(o))
      .add(picture)
      .add(output_options(o, Boards::kDrawn));
  if (!parse_command(cmd, args, visible, o, {{"position", &position}})) return 0;
  const bool colour = want_colour(o);
  require_position(position, then);
  std::vector<Played> played;
  Setup setup = load_position(position, o);
  if (!then.empty()) setup = play_then(setup, then, played, &install_interrupt_flag());
  const Rules rules = setup.rules();
  std::optional<Turn> turn;
  if (!chain.empty()) {
    try {
      turn = parse_turn(setup.board, chain);
    } catch (const ParseError& e) {
      throw UsageError(std::string("--chain: ") + e.what());
    }
    const TurnCheck check = check_turn(setup.board, rules, setup.position, *turn);
    if (!check.legal)
      throw UsageError("--chain " + quoted_start(chain) + " is not legal here: " + check.reason);
  }
  if (!svg.empty()) {
    SvgOptions so;
    so.title = format_position(setup);
    write_file(svg, turn ? svg_chain(setup, *turn, so) : svg_board(setup, so));
    if (svg == "-") return 0;
  }
  const bool over = !has_turn(setup.board, rules, setup.position);
  if (o.json) {
    print_json(show_json(setup, then.empty() ? nullptr : &played));
    return 0;
  }
  std::cout << render_board(setup, colour, turn ? &*turn : nullptr);
  if (!played.empty()) {
    std::cout << "after";
    for (std::size_t i = 0; i < played.size(); ++i)
      std::cout << (i ? ", " : " ") << i + 1 << ". " << played[i].move << " +" << played[i].value;
    std::cout << "\n";
  }
  std::cout << "pieces " << piece_count(setup.board, setup.position) << ", points "
            << point_total(setup.board, setup.position) << "\n";
  std::cout << "rules: " << (setup.variant.empty() ? "traditional" : setup.variant) << ", "
            << describe(rules) << "\n";
  std::cout << "player " << setup.position.to_move + 1 << " to move";
  if (removal_turn(setup.position)) std::cout << " (opening removal)";
  std::cout << "; scores";
  for (int p = 0; p < rules.players; ++p) std::cout << " " << setup.position.scores[p];
  std::cout << (over ? "; game over" : "") << "\n";
  std::cout << "position: " << format_position(setup) << "\n";
  return 0;
}

}  // namespace leapfrog::cli
