// play: a game in the terminal between people and the engine (docs/play.md).
#include <iostream>
#include <sstream>

#include "cli/commands.h"
#include "cli/egdb_files.h"
#include "cli/render.h"
#include "cli/search_options.h"
#include "puzzles/legality.h"
#include "puzzles/movegen.h"
#include "puzzles/record.h"
#include "solver/game.h"

namespace leapfrog::cli {

namespace {

// --engine WHO: "none", "all" or seat numbers joined by commas ("2", "1,3"); the seats are
// checked against the number of players once the position is known.
po::typed_value<std::string>* engine_value(std::vector<int>* seats, bool* all) {
  return po::value<std::string>()->notifier([=](const std::string& text) {
    const auto refuse = [&] {
      throw UsageError(
          "--engine must be none, all or seat numbers joined by commas (2, 1,3), not " +
          quoted_text(text));
    };
    seats->clear();
    *all = text == "all";
    if (text == "all" || text == "none") return;
    std::istringstream in(text);
    for (std::string part; std::getline(in, part, ',');) {
      if (part.empty() || part.size() > 2 ||
          part.find_first_not_of("0123456789") != std::string::npos)
        refuse();
      seats->push_back(std::stoi(part));
    }
    if (seats->empty() || text.back() == ',') refuse();
  });
}

const char* const kPlayHelp =
    "commands: a move in notation (c3xe3xe5, xd4 for a removal), moves (the legal turns),\n"
    "hint (the engine's choice), undo (take back your last turn), save FILE (the record so\n"
    "far), quit, help";

class Game {
 public:
  Game(const Setup& start, std::vector<bool> engine, GameOptions options, SearchControl control,
       bool colour, bool draw, bool talk)
      : start_(start),
        rules_(start.rules()),
        engine_seats_(std::move(engine)),
        engine_(start.board, rules_, options),
        control_(std::move(control)),
        colour_(colour),
        draw_(draw),
        out_(talk ? std::cout : std::cerr) {}

  // Plays until the game ends, the input ends or someone quits. Returns true when it ended.
  bool run(std::istream& in) {
    for (;;) {
      const Position& pos = current();
      if (draw_) show();
      if (!has_turn(start_.board, rules_, pos)) return true;
      const int p = pos.to_move;
      if (engine_seats_[static_cast<std::size_t>(p)]) {
        const GameResult r = engine_.search(pos, control_);
        if (!r.best) return true;
        std::string text = "player " + std::to_string(p + 1) + " (engine) plays ";
        text += format_turn(start_.board, *r.best);
        text += " (value " + std::to_string(r.value) + (r.proved ? ", proved)\n" : ")\n");
        say(text);
        play(*r.best);
        continue;
      }
      out_ << "player " << p + 1 << "> " << std::flush;
      std::string text;
      if (!std::getline(in, text)) {
        out_ << "\n";
        return false;
      }
      text = trim(text);
      if (text.empty()) continue;
      if (text == "quit") return false;
      if (!command(text)) continue;
    }
  }

  const std::vector<Turn>& turns() const { return turns_; }
  const Position& current() const { return positions_.back(); }
  GameRecord record(const std::vector<std::string>& names) const {
    return make_record(start_, names, turns_);
  }

 private:
  static std::string trim(const std::string& s) {
    const auto b = s.find_first_not_of(" \t\r");
    if (b == std::string::npos) return "";
    return s.substr(b, s.find_last_not_of(" \t\r") - b + 1);
  }

  void say(const std::string& s) const { out_ << s; }

  void show() const {
    Setup at = start_;
    at.position = current();
    out_ << "\n" << render_board(at, colour_, turns_.empty() ? nullptr : &turns_.back());
    out_ << "scores:";
    for (int q = 0; q < rules_.players; ++q) out_ << (q ? ", " : " ") << current().scores[q];
    out_ << "\n";
  }

  void play(const Turn& t) {
    positions_.push_back(apply(start_.board, rules_, current(), t));
    turns_.push_back(t);
  }

  // A command or a move; false when nothing was played.
  bool command(const std::string& text) {
    const Board& board = start_.board;
    if (text == "help") {
      out_ << kPlayHelp << "\n";
      return false;
    }
    if (text == "moves") {
      std::string line;
      for (const Turn& t : legal_turns(board, rules_, current()))
        line += format_turn(board, t) + " ";
      out_ << line << "\n";
      return false;
    }
    if (text == "hint") {
      const GameResult r = engine_.search(current(), control_);
      if (r.best)
        out_ << "hint: " << format_turn(board, *r.best) << " (value " << r.value
             << (r.proved ? ", proved" : "") << ")\n";
      return false;
    }
    if (text == "undo") {
      // Back to this seat's previous turn: the engine's replies go too.
      std::size_t n = 0;
      while (turns_.size() > 0) {
        turns_.pop_back();
        positions_.pop_back();
        ++n;
        if (!engine_seats_[current().to_move]) break;
      }
      out_ << (n ? "took back " + std::to_string(n) + (n == 1 ? " turn" : " turns")
                 : std::string("nothing to take back"))
           << "\n";
      return false;
    }
    if (text.starts_with("save")) {
      const std::string file = trim(text.substr(4));
      if (file.empty()) {
        out_ << "save needs a file name: save FILE\n";
        return false;
      }
      try {
        write_file(file, format_record(record({})));
        out_ << "saved to " << quoted_text(file) << "\n";
      } catch (const UsageError& e) {
        out_ << e.what() << "\n";
      }
      return false;
    }
    Turn turn;
    try {
      turn = parse_turn(board, text);
    } catch (const ParseError& e) {
      out_ << "not a move: " << escape_controls(e.what()) << " (type help)\n";
      return false;
    }
    const TurnCheck check = check_turn(board, rules_, current(), turn);
    if (!check.legal) {
      out_ << "illegal move " << format_turn(board, turn) << ": " << check.reason
           << " (type moves for the legal turns)\n";
      return false;
    }
    play(turn);
    return true;
  }

  Setup start_;
  Rules rules_;
  std::vector<bool> engine_seats_;
  GameEngine engine_;
  SearchControl control_;
  bool colour_;
  bool draw_;          // the board after every turn
  std::ostream& out_;  // the prompts, answers and the engine's moves: standard error with --json
  std::vector<Position> positions_{start_.position};
  std::vector<Turn> turns_;
};

}  // namespace

int run_play(const Command& cmd, const std::vector<std::string>& args) {
  CommonOptions o;
  std::string position, save, egdb_dir;
  std::vector<int> seats;
  bool all = false;
  bool quiet = false;
  LimitOptions limits;
  po::options_description game("Game");
  game.add_options()("engine", engine_value(&seats, &all)->value_name("WHO"),
                     "the engine's seats: all, none, or seat numbers joined by commas (2, 1,3); "
                     "the other seats type their moves")(
      "save", file_value(&save, "save")->value_name("FILE"),
      "write the game's record to FILE when it ends ('-': standard output)")(
      "quiet", po::bool_switch(&quiet), "do not draw the board after every turn");
  po::options_description search("Engine");
  add_limit_options(
      search, limits,
      "the engine searches about N positions a turn (with neither limit given, 100000)",
      "a full table keeps the deeper results");
  add_egdb_option(search, egdb_dir);
  po::options_description visible;
  visible.add(game).add(search).add(rule_options(o)).add(layout_options(o)).add(output_options(o));
  if (!parse_command(cmd, args, visible, o, {{"position", &position}})) return 0;
  const Setup setup = load_position(position.empty() ? "murray" : position, o);
  const Rules rules = setup.rules();
  if (rules.players < 2) throw UsageError("play needs two or more players (--players)");
  // Before the game, not after it: a game played for a file that cannot be written is lost.
  if (!save.empty()) check_writable(save, "--save");
  std::vector<bool> engine(static_cast<std::size_t>(rules.players), all);
  for (const int s : seats) {
    if (s < 1 || s > rules.players)
      throw UsageError("--engine seat " + std::to_string(s) + " is not a player 1.." +
                       std::to_string(rules.players));
    engine[static_cast<std::size_t>(s - 1)] = true;
  }
  // At the prompt Ctrl-C ends the program, as a person expects.
  release_interrupts();
  SearchControl control;
  control.threads = machine_threads(limits.threads);
  control.node_limit = limits.node_limit;
  control.time_limit = std::chrono::milliseconds(static_cast<long long>(limits.time_limit * 1000));
  if (control.node_limit == 0 && control.time_limit.count() == 0)
    control.node_limit = kDefaultEngineNodes;
  GameOptions options;
  options.hash_mb = table_mb(limits.hash_mb);
  const auto tables = game_tables(egdb_dir, setup.board, rules, setup.position);
  if (tables) options.tables = tables->tables.get();
  Game g(setup, engine, options, control, want_colour(o), !quiet && !o.json, !o.json);
  if (!o.json) std::cout << kPlayHelp << "\n";
  const bool ended = g.run(std::cin);
  std::vector<std::string> names;
  for (int p = 0; p < rules.players; ++p)
    names.push_back(engine[static_cast<std::size_t>(p)] ? "Engine " + std::to_string(p + 1)
                                                        : "Player " + std::to_string(p + 1));
  const GameRecord record = g.record(names);
  const std::string text = format_record(record);
  const bool saved = save.empty() || save_record(save, text, "play");
  const std::vector<int> winners = leaders(rules, g.current());
  if (o.json) {
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
  if (ended) {
    std::cout << "game over, scores:";
    for (int p = 0; p < rules.players; ++p) std::cout << (p ? ", " : " ") << g.current().scores[p];
    std::cout << "; " << (winners.size() == 1 ? "winner" : "shared win:");
    for (const int p : winners) std::cout << " player " << p + 1;
    std::cout << "\n";
  } else {
    std::cout << "game stopped after " << g.turns().size() << " turns\n";
  }
  if (save.empty() || !saved) std::cout << "\n" << text;
  return saved ? 0 : 2;
}

}  // namespace leapfrog::cli
