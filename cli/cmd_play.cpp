// play: a game in the terminal between people and the engine (docs/play.md).
#include <unistd.h>

#include <algorithm>
#include <iostream>
#include <optional>
#include <vector>

#include "cli/commands.h"
#include "cli/egdb_files.h"
#include "cli/play_loop.h"
#include "cli/render.h"
#include "cli/search_options.h"
#include "core/text.h"
#include "puzzles/legality.h"
#include "puzzles/movegen.h"
#include "puzzles/record.h"
#include "solver/game.h"

namespace leapfrog::cli {

namespace {

class LeapfrogGame final : public PlayGame {
 public:
  LeapfrogGame(const Setup& start, std::vector<std::string> names, GameOptions options,
               SearchControl control, bool colour)
      : start_(start),
        rules_(start.rules()),
        names_(std::move(names)),
        engine_(start.board, rules_, options),
        control_(std::move(control)),
        colour_(colour) {}

  int seats() const override { return rules_.players; }
  int to_move() const override { return current().to_move; }
  std::string seat_name(int seat) const override { return "player " + std::to_string(seat + 1); }
  std::string prompt() const override { return seat_name(to_move()) + "> "; }
  bool over() const override { return !has_turn(start_.board, rules_, current()); }

  std::string board() const override {
    Setup at = start_;
    at.position = current();
    std::string out = render_board(at, colour_, turns_.empty() ? nullptr : &turns_.back());
    out += "scores:";
    for (int q = 0; q < rules_.players; ++q)
      out += (q ? ", " : " ") + std::to_string(current().scores[q]);
    return out + "\n";
  }

  std::string legal_moves() const override {
    std::vector<std::string> words;
    for (const Turn& t : legal_turns(start_.board, rules_, current()))
      words.push_back(format_turn(start_.board, t));
    return join_words(words);
  }

  EngineChoice think() override {
    const GameResult r = engine_.search(current(), control_);
    choice_ = r.best;
    if (!r.best) return {};
    return {true, format_turn(start_.board, *r.best), value_text(r)};
  }
  void play_choice() override { play(*choice_); }

  std::string play_typed(const std::string& text) override {
    const Board& board = start_.board;
    Turn turn;
    try {
      turn = parse_turn(board, text);
    } catch (const ParseError& e) {
      return "not a move: " + escape_controls(e.what()) + " (type help)";
    }
    const TurnCheck check = check_turn(board, rules_, current(), turn);
    if (!check.legal)
      return "illegal move " + format_turn(board, turn) + ": " + check.reason +
             " (type moves for the legal turns)";
    play(turn);
    return "";
  }

  std::size_t plies() const override { return turns_.size(); }
  void take_back() override {
    turns_.pop_back();
    positions_.pop_back();
  }
  std::string record_text() const override {
    return format_record(make_record(start_, names_, turns_));
  }

  const std::vector<Turn>& turns() const { return turns_; }
  const Position& current() const { return positions_.back(); }

 private:
  // The search's value for people: two players, the mover's lead in what is still to be
  // captured; three or more, the mover's own total from here on.
  std::string value_text(const GameResult& r) const {
    std::string unit = rules_.measure == Measure::kPoints ? " point" : " piece";
    if (r.value != 1 && r.value != -1) unit += 's';
    const std::string who = seat_name(to_move());
    std::string out;
    if (rules_.players == 2)
      out = (r.value > 0 ? "+" : "") + std::to_string(r.value) + unit + " for " + who +
            " from here on";
    else
      out = who + " takes " + std::to_string(r.value) + unit + " from here on";
    return out + (r.proved ? ", proved" : "");
  }

  void play(const Turn& t) {
    positions_.push_back(apply(start_.board, rules_, current(), t));
    turns_.push_back(t);
  }

  Setup start_;
  Rules rules_;
  std::vector<std::string> names_;  // the record's players
  GameEngine engine_;
  SearchControl control_;
  bool colour_;
  std::vector<Position> positions_{start_.position};
  std::vector<Turn> turns_;
  std::optional<Turn> choice_;
};

// "game over, scores: 17, 14; winner player 1", and with people against the engine who that
// is: "; you win 17 to 14", or with more players who shares a win: "; shared by you and the
// engine".
std::string result_text(const LeapfrogGame& g, const Rules& rules, const std::vector<bool>& engine,
                        const std::vector<int>& winners) {
  const Position& end = g.current();
  std::string out = "game over, scores:";
  for (int p = 0; p < rules.players; ++p) out += (p ? ", " : " ") + std::to_string(end.scores[p]);
  out += winners.size() == 1 ? "; winner" : "; shared win:";
  for (std::size_t i = 0; i < winners.size(); ++i)
    out += (i ? ", player " : " player ") + std::to_string(winners[i] + 1);
  const bool mixed = std::find(engine.begin(), engine.end(), true) != engine.end() &&
                     std::find(engine.begin(), engine.end(), false) != engine.end();
  if (!mixed) return out;
  const int w = winners.front();
  if (rules.players == 2) {
    const std::string a = std::to_string(end.scores[w]), b = std::to_string(end.scores[1 - w]);
    return out + "; " +
           (winners.size() == 1 ? wins(seat_label(g, engine, w)) + " " + a + " to " + b
                                : "a draw, " + a + " to " + b);
  }
  if (winners.size() > 1) {
    std::vector<std::string> seats;
    for (const int winner : winners) seats.push_back(seat_label(g, engine, winner));
    return out + "; shared by " + listed(seats, " and ");
  }
  return out + "; " + wins(seat_label(g, engine, w)) + " with " + std::to_string(end.scores[w]);
}

}  // namespace

int run_play(const Command& cmd, const std::vector<std::string>& args) {
  CommonOptions o;
  std::string position, egdb_dir;
  PlayOptions play;
  LimitOptions limits;
  po::options_description game("Game");
  add_play_options(game, play, "none");
  po::options_description search("Engine");
  add_limit_options(
      search, limits,
      "the engine searches about N positions a turn (with neither limit given, 100000)",
      "a full table keeps the deeper results");
  add_egdb_option(search, egdb_dir);
  po::options_description visible;
  visible.add(game)
      .add(search)
      .add(rule_options(o))
      .add(layout_options(o))
      .add(output_options(o, Boards::kDrawn));
  // No POSITION is a Murray game; an empty one (an unset shell variable) is a mistake.
  if (!parse_command(cmd, args, visible, o,
                     {{"position", &position, "leave it out for a random Murray layout"}}))
    return 0;
  if (position == "-")
    throw UsageError(
        "POSITION '-': play reads the moves from standard input, so the position "
        "comes as text or from a file");
  const Setup setup = load_position(position.empty() ? "murray" : position, o);
  const Rules rules = setup.rules();
  if (rules.players < 2) throw UsageError("play needs two or more players (--players)");
  // Before the game, not after it: a game played for a file that cannot be written is lost.
  check_record_file(play);
  const std::vector<bool> engine = engine_seats(play, rules.players);
  // At the prompt Ctrl-C ends the program, as a person expects.
  release_interrupts();
  SearchControl control = engine_turn_control(limits.node_limit, limits.time_limit, o.limit_given);
  control.threads = machine_threads(limits.threads);
  GameOptions options;
  options.hash_mb = table_mb(limits.hash_mb);
  const auto tables = game_tables(egdb_dir, setup.board, rules, setup.position);
  if (tables) options.tables = tables->tables.get();
  std::vector<std::string> names;
  for (int p = 0; p < rules.players; ++p)
    names.push_back(engine[static_cast<std::size_t>(p)] ? "Engine " + std::to_string(p + 1)
                                                        : "Player " + std::to_string(p + 1));
  LeapfrogGame g(setup, names, options, control, want_colour(o));
  PlaySettings settings;
  settings.engine = engine;
  settings.draw = !play.quiet && !o.json;
  // With --json the dialogue goes to standard error, standard output keeping the one object.
  settings.out = o.json ? &std::cerr : &std::cout;
  settings.thinking = shows_thinking(o.json ? STDERR_FILENO : STDOUT_FILENO);
  const char* unit = rules.measure == Measure::kPoints ? "points" : "pieces";
  settings.help = play_help(
      "c3xe3xe5, xd4 for a removal",
      rules.players == 2
          ? std::string("values: what the player to move will capture from here on, minus what "
                        "the opponent will, in ") +
                unit + "\n"
          : std::string("values: what the player to move will capture from here on, in ") + unit +
                "\n",
      engine);
  if (!o.json) std::cout << settings.help;
  const bool ended = run_play_loop(g, settings, std::cin);
  const std::string text = g.record_text();
  const std::vector<int> winners = leaders(rules, g.current());
  if (o.json) {
    const bool saved = play.file().empty() || save_record(play.file(), text, "play");
    Json j;
    j["finished"] = ended;
    Json turns = Json::array();
    for (const Turn& t : g.turns()) turns.push_back(format_turn(setup.board, t));
    j["turns"] = turns;
    std::vector<Score> scores(g.current().scores.begin(),
                              g.current().scores.begin() + rules.players);
    j["scores"] = scores;
    Json w = Json::array();
    for (const int p : winners) w.push_back(p + 1);
    j["winners"] = ended ? w : Json(nullptr);
    j["record"] = text;
    print_json(j);
    return saved ? 0 : 2;
  }
  if (ended)
    std::cout << result_text(g, rules, engine, winners) << "\n";
  else
    std::cout << "game stopped after " << count_text(g.turns().size(), "turn", "turns") << "\n";
  // The record follows the result on standard output: without --save, with '--save -', and
  // when the file cannot be written.
  const bool here = play.file().empty() || play.file() == "-";
  const bool saved = here || save_record(play.file(), text, "play");
  if (here || !saved) std::cout << "\n" << text;
  return saved ? 0 : 2;
}

}  // namespace leapfrog::cli
