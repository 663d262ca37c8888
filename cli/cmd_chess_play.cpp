// leapfrog chess play: one game in the terminal against the engine, or between two people; the
// commands and options are play's (cli/play_loop.h).
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <iterator>
#include <limits>
#include <optional>
#include <vector>

#include "chess/game_end.h"
#include "chess/notation.h"
#include "chess/record.h"
#include "chess/search.h"
#include "cli/chess_options.h"
#include "cli/chess_render.h"
#include "cli/command_json.h"
#include "cli/play_loop.h"
#include "cli/progress.h"
#include "cli/render.h"
#include "cli/search_options.h"
#include "core/text.h"

namespace leapfrog::cli {

namespace {

using chess::Move;
using chess::Position;

// The seats in the order --engine names them: Red moves first.
const std::vector<std::string> kSeatNames = {"red", "black"};

const char* const kChessNotes =
    "pieces: K king, N knight, A alfil (leaps two squares diagonally), D dabbabah (two squares\n"
    "straight), S sail (an alfil's or a dabbabah's leap), P pawn; upper case Red, lower case "
    "Black\n"
    "values: for the side to move, in centipawns (a pawn is 100), or mate in N moves\n";

class ChessGame final : public PlayGame {
 public:
  ChessGame(const Position& start, chess::Rules rules, std::string captures,
            const SearchControl& limits, bool colour)
      : start_(start),
        rules_(rules),
        captures_(std::move(captures)),
        limits_(limits),
        colour_(colour) {}

  int seats() const override { return 2; }
  int to_move() const override { return pos().side() == chess::kRed ? 0 : 1; }
  std::string seat_name(int seat) const override { return seat == 0 ? "Red" : "Black"; }
  std::string prompt() const override {
    return seat_name(to_move()) + (pos().in_check() ? " (in check)" : "") + " to move: ";
  }
  bool over() const override { return end() != chess::GameEnd::kNone; }

  std::string board() const override {
    return chess_board_text(pos(), colour_, moves_.empty() ? nullptr : &moves_.back());
  }

  std::string legal_moves() const override {
    std::vector<std::string> words;
    for (const Move& m : chess::legal_moves(pos(), rules_)) words.push_back(chess::move_text(m));
    return join_words(words);
  }

  EngineChoice think() override {
    chess::SearchSettings settings;
    settings.history = history();
    settings.hash_mb = 64;
    const SearchControl control = limits_;
    const chess::SearchResult r = chess::analyse(pos(), rules_, settings, control);
    if (!r.has_move) return {};
    choice_ = r.best;
    return {true, chess::move_text(r.best),
            value_text(r.value) + (std::abs(r.value) > chess::kMateBound ? "" : " centipawns") +
                " for " + seat_name(to_move())};
  }
  void play_choice() override { play(choice_); }

  std::string play_typed(const std::string& text) override {
    try {
      const chess::Verdict v =
          chess::judge(pos(), rules_, chess::parse_move(text, pos().geometry()));
      if (!v.legal) {
        std::string out = "Refused: " + quoted_text(text) + ": " + v.reason;
        if (!v.required.empty()) {
          out += "\nrequired (one of):";
          // Appended in two steps: GCC 12 warns wrongly (-Wrestrict) on "literal" + string.
          for (const Move& m : v.required) {
            out += ' ';
            out += chess::move_text(m);
          }
        }
        return out;
      }
      play(v.move);
      return "";
    } catch (const chess::MoveSyntaxError& e) {
      return std::string("Refused: ") + e.what() + " (type help)";
    }
  }

  std::size_t plies() const override { return moves_.size(); }
  void take_back() override {
    moves_.pop_back();
    positions_.pop_back();
  }

  std::string record_text() const override {
    return chess::format_record(start_, moves_, {{"Captures", captures_}}, result());
  }

  // "1-0", "0-1", "1/2-1/2", or "*" while the game goes on.
  std::string result() const { return chess_result_text(end(), pos()); }

  // How the ended game ended, and who won: "Black has no legal move and loses (stalemate);
  // the engine wins, 0-1."
  std::string end_text(const std::vector<bool>& engine) const {
    const chess::GameEnd e = end();
    std::string out = chess_end_text(e, pos());
    const int w = chess::winner_of(e, pos());
    out += "; ";
    out += w < 0 ? "a draw" : wins(seat_label(*this, engine, w == chess::kRed ? 0 : 1));
    return out + ", " + result() + ".";
  }

 private:
  const Position& pos() const { return positions_.back(); }
  std::vector<std::uint64_t> history() const {
    std::vector<std::uint64_t> keys;
    for (std::size_t i = 0; i + 1 < positions_.size(); ++i) keys.push_back(positions_[i].key());
    return keys;
  }
  chess::GameEnd end() const {
    return chess::game_end(pos(), chess::legal_moves(pos(), rules_), history());
  }
  void play(const Move& m) {
    positions_.push_back(pos().after(m));
    moves_.push_back(m);
  }

  Position start_;
  chess::Rules rules_;
  std::string captures_;
  SearchControl limits_;  // the engine's node and time budget a move
  bool colour_;
  std::vector<Position> positions_{start_};
  std::vector<Move> moves_;
  Move choice_;
};

}  // namespace

// One game in the terminal: a person plays one side, the engine the other (or both people).
int chess_play(const Command& cmd, const std::vector<std::string>& args) {
  ChessOptions o;
  std::string fen = "startpos";
  std::uint64_t nodes = 0;
  double time_limit = 0;
  PlayOptions play;
  po::options_description visible;
  po::options_description game("Game");
  add_play_options(game, play, "2", kSeatNames, /*json=*/false);
  game.add_options()(
      "nodes",
      whole_value(&nodes, "nodes", 0, std::numeric_limits<std::uint64_t>::max())
          ->default_value("0")
          ->value_name("N"),
      "the engine searches about N nodes a move (with neither limit given, 100000) (0 = no "
      "limit)")("time-limit",
                seconds_value(&time_limit, "time-limit")->default_value("0")->value_name("SECONDS"),
                "the engine thinks at most this long a move (0 = none)");
  visible.add(chess_rule_options(o)).add(game).add(output_options(o.common, Boards::kDrawn, false));
  // Said before the options are parsed, whose check of --save - with --json would name
  // --save, as if a file would make --json work here.
  const std::vector<std::string> rest =
      refuse_json(args, "play is interactive: --json is not available");
  if (!parse_command(cmd, rest, visible, o.common,
                     {{"fen", &fen, "leave it out for the start position"}}))
    return 0;
  const Position start = chess_position(fen);
  // Before the game, not after it: a game played for a file that cannot be written is lost.
  check_record_file(play);
  const std::vector<bool> engine = engine_seats(play, 2, kSeatNames);
  // At the prompt Ctrl-C ends the program, as a person expects.
  release_interrupts();
  ChessGame g(start, rules_of(o), o.captures,
              engine_turn_control(nodes, time_limit, o.common.limit_given), want_colour(o.common));
  PlaySettings settings;
  settings.engine = engine;
  settings.draw = !play.quiet;
  settings.out = &std::cout;
  settings.thinking = shows_thinking(STDOUT_FILENO);
  settings.help = play_help("b2b4, c2xe4xc6, b7b8s", kChessNotes, engine);
  std::cout << "Leap Chess\n" << settings.help;
  const bool ended = run_play_loop(g, settings, std::cin);
  if (ended)
    std::cout << g.end_text(engine) << "\n";
  else
    std::cout << "game stopped after " << count_text(g.plies(), "move", "moves") << "\n";
  // A record that cannot be written goes to standard output instead, exit 2.
  if (play.file().empty()) return 0;
  const std::string text = g.record_text();
  if (save_record(play.file(), text, "chess play")) return 0;
  std::cout << "\n" << text;
  return 2;
}

}  // namespace leapfrog::cli
