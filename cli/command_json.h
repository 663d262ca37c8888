// The --json answers of the subcommands, one function each, called by the command line and by
// the web board's API (cli/serve_api.cpp): the same input gives the same object by
// construction. Each takes what the command computed and builds the object; none prints.
#pragma once

#include <atomic>
#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "chess/game_end.h"
#include "chess/movegen.h"
#include "chess/notation.h"
#include "chess/record.h"
#include "chess/search.h"
#include "cli/common.h"
#include "generator/puzzles.h"
#include "puzzles/record.h"
#include "solver/chains/chains.h"
#include "solver/game.h"
#include "solver/referee.h"
#include "solver/solitaire.h"
#include "solver/survey.h"
#include "solver/verify.h"

namespace leapfrog::cli {

// A turn played by show --then: what was written, who played it, what it captured.
struct Played {
  std::string move;
  int player = 0;  // 1-based
  Score value = 0;
};

// show: the position's facts and game_over; with `then`, the turns --then played.
Json show_json(const Setup& setup, const std::vector<Played>* then);

// Plays the words of `moves` from `setup`, each checked as verify --game checks a turn; fills
// `played` and returns the position reached. Throws UsageError naming the first bad move.
// `stop` (may be null) ends the check early, as Ctrl-C does.
Setup play_then(const Setup& setup, const std::vector<std::string>& moves,
                std::vector<Played>& played, const std::atomic<bool>* stop);

// moves: writes the object (print_json's layout) one turn at a time, so that millions of turns
// are never held; a set `stop`, a failed write or the moves' text passing `max_bytes` (for a
// caller that holds the answer) ends the list, marked "complete": false (and *complete set to
// false, when given). Returns the number of turns written.
std::uint64_t write_moves_json(std::ostream& out, const Setup& setup, const std::atomic<bool>& stop,
                               std::uint64_t max_bytes = ~std::uint64_t{0},
                               bool* complete = nullptr);

// best: the complete answer (with `all`, the chains), or the incomplete one.
Json best_json(const Setup& setup, const ChainResult& r, bool all);
// What a chain listed by best --all costs as JSON (its string, the array's node and the text
// printed), in multiples of its bytes in the search's list: measured on the 9x9 lattice.
inline constexpr std::size_t kJsonChainWeight = 7;

// verify POSITION MOVE.
Json verify_json(const Setup& setup, const TurnVerdict& v);

// The positions of a replay: positions[k] after k plies, for the legal turns the referee
// accepted (the first bad turn is not played).
struct Replay {
  std::vector<Turn> turns;
  std::vector<Setup> positions;
};
Replay replay_of(const GameRecord& record, const GameReport& g);

// verify --game (with `plies`, the position after every ply; `stopped`: the turn a stopped
// search left not judged, g then holding the turns before it).
Json verify_game_json(const GameRecord& record, const GameReport& g, const Replay& replay,
                      bool plies, const TurnReport* stopped = nullptr);

// solve: `finish` is the --finish square's text (empty: none), `count` whether --count was given.
Json solve_json(const SolitaireSetup& solo, const SolveResult& r, const SolveOptions& options,
                bool count, const std::string& finish);

// survey: `full` is the board every start empties one square of.
Json survey_json(const Setup& full, const SurveyResult& r);

// analyse POSITION.
Json analyse_json(const Setup& setup, const GameResult& r);
// analyse POSITION's budget when neither --nodes nor --time-limit is given: a position the
// exact solver proves quickly (endgame tables to `table_top` pieces, -1 for none) is searched
// until proved (true), any other gets kDefaultAnalyseNodes in `control` (false).
bool default_analyse_budget(SearchControl& control, const Setup& setup, int table_top);

// analyse --game: every legal turn of a record judged by the engine.
struct Judged {
  int ply = 0;
  int player = 0;  // 1-based
  std::string move;
  Score value = 0;  // before the turn, for its mover
  std::string best;
  Score loss = 0;
  bool proved = false;
};
struct JudgedGame {
  GameReport report;
  std::vector<Position> positions;  // 0..legal plies
  // The search of each position, in order; fewer than the positions when stopped.
  std::vector<GameResult> results;
  std::vector<Judged> turns;
  std::vector<int> mistakes;  // plies losing `threshold` or more
  std::vector<int> worst;     // the mistakes, largest loss first
  Score threshold = 0;
  // A stop (the caller's flag: Ctrl-C, SIGTERM, the server's limit) ended the judging: the
  // turns are those judged before it, each by searches that ran to their own limits.
  bool stopped = false;
};
JudgedGame judge_game(const GameRecord& record, const GameOptions& options,
                      const SearchControl& control, Score threshold);
Json analyse_game_json(const JudgedGame& g);

// generate layout: its options read from `args` and the layout drawn; nullopt when --help was
// given (the help is printed). Throws UsageError.
struct LayoutResult {
  CommonOptions o;
  Setup setup;
  const Variant* variant = nullptr;
  const Variant* shape = nullptr;  // --board's preset; null: the square
  std::uint64_t seed = 0;
  Rounding rounding = Rounding::kHalfUp;
  int holes_asked = 0;
  std::vector<std::string> holes;  // the squares emptied
};
std::optional<LayoutResult> layout_request(const Command& cmd,
                                           const std::vector<std::string>& args);
Json layout_json(const LayoutResult& l);

// generate puzzles: its options read from `args` (nullopt after printing --help).
struct PuzzleRequest {
  CommonOptions o;
  PuzzleSpec spec;
  std::string kind = "chain";  // or solitaire
  std::string out_file;
  std::string format;
  int threads = 0;
};
std::optional<PuzzleRequest> puzzle_request(const Command& cmd,
                                            const std::vector<std::string>& args);
Json puzzle_json(const Puzzle& p);
Json puzzles_json(const PuzzleSpec& spec, const std::string& kind,
                  const std::vector<Puzzle>& puzzles, const GenerationStats& stats);

// Leap Chess: `captures` is the capture rule's name as given. chess_position reads a FEN
// (startpos, startpos64), else throws UsageError naming it.
chess::Position chess_position(const std::string& fen);
Json chess_moves_json(const chess::Position& pos, const std::string& captures,
                      const chess::MoveList& moves);
Json chess_verify_json(const chess::Position& pos, const std::string& captures,
                       const chess::Verdict& v);
Json chess_analyse_json(const chess::Position& pos, const std::string& captures,
                        const chess::SearchResult& r);
Json chess_move_list_json(const std::vector<chess::Move>& moves);
// chess perft (with `divide`, per first move; `each`, if any, is told each first move's count
// once it is whole); nullopt when the control's stop or limits ended the count.
std::optional<Json> chess_perft_json(
    const chess::Position& pos, const std::string& captures, int depth, bool divide,
    const SearchControl& control,
    const std::function<void(const std::string&, std::uint64_t)>& each = {});
// chess perft's DEPTH: 0..20, else UsageError naming it `name` (the command's DEPTH, the
// server's parameter depth).
int chess_depth(const std::string& text, const std::string& name = "DEPTH");
Json chess_show_json(const chess::Position& pos, std::size_t moves);
// chess analyse's node budget when no limit is given.
inline constexpr std::uint64_t kChessAnalyseNodes = 1'000'000;
// chess verify --game: every move of the record judged in turn, up to the first illegal one,
// under `captures` when given (the command line's rule), else the record's [Captures] tag,
// else compulsory. Throws UsageError on a malformed record.
Json chess_referee_json(const chess::GameText& g, const std::optional<std::string>& captures);
// "Red has no legal move and loses (checkmate)".
std::string chess_game_over_text(const chess::Position& pos);
// How a game ended at `pos`: chess_game_over_text, or "Draw by threefold repetition", "Draw by
// the fifty-move rule"; and its result, "1-0", "0-1", "1/2-1/2", or "*" when it goes on.
std::string chess_end_text(chess::GameEnd end, const chess::Position& pos);
std::string chess_result_text(chess::GameEnd end, const chess::Position& pos);

}  // namespace leapfrog::cli
