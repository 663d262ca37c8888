// The game in the terminal that both plays share (play, chess play): the options that choose
// the engine's seats and the record's file, the prompt, the commands people type (help, moves,
// hint, undo, save, quit) and the engine's turns. What differs between the games comes through
// PlayGame.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "cli/common.h"

namespace leapfrog::cli {

// The engine's choice in the current position, for people.
struct EngineChoice {
  bool found = false;  // false: no move (the game is over)
  std::string move;    // in the game's notation
  std::string value;   // its value explained: whose side, what unit ("+35 centipawns for Black")
};

// One game as the shared loop sees it. Seats are numbered from 0.
class PlayGame {
 public:
  virtual ~PlayGame() = default;
  virtual int seats() const = 0;
  virtual int to_move() const = 0;
  // "player 2", "Black".
  virtual std::string seat_name(int seat) const = 0;
  // The prompt for a person's turn ("player 1> ", "Red to move: ").
  virtual std::string prompt() const = 0;
  // The game has ended by its rules.
  virtual bool over() const = 0;
  // The board drawn for the terminal, the last move marked (its landing square too).
  virtual std::string board() const = 0;
  // The legal moves in notation, joined by spaces.
  virtual std::string legal_moves() const = 0;
  // Searches the current position; play_choice() then plays what it found.
  virtual EngineChoice think() = 0;
  virtual void play_choice() = 0;
  // Plays a typed move; returns why it was refused (empty when it was played).
  virtual std::string play_typed(const std::string& text) = 0;
  virtual std::size_t plies() const = 0;
  virtual void take_back() = 0;
  // The game's record so far: what `save FILE` writes and what the end of the game writes.
  virtual std::string record_text() const = 0;
};

// The options both plays take (--engine, --save and its older name --record, --quiet), read
// into these fields. `engine` is the --engine text: none, all, seat numbers joined by commas
// (2, 1,3) or one of the game's seat names (red, black).
struct PlayOptions {
  std::string engine;
  std::string save;
  std::string record;  // --record, the older name of --save
  bool quiet = false;
  // The record's file (empty: none) and the option that named it, for the messages.
  const std::string& file() const { return save.empty() ? record : save; }
  const char* file_option() const { return save.empty() ? "--record" : "--save"; }
};

// Refuses --save and --record together, and a record file that cannot be written, before the
// game starts (UsageError).
void check_record_file(const PlayOptions& o);

// Adds --engine (default `engine_default`), --save, --record and --quiet to `d`.
// `seat_names`: names --engine also takes for the seats in order (chess: red, black).
// `json`: whether the command takes --json, which --save - does not go with.
void add_play_options(po::options_description& d, PlayOptions& o, const char* engine_default,
                      const std::vector<std::string>& seat_names = {}, bool json = true);

// The engine's seats that o.engine names, for `seats` seats; throws UsageError naming the
// seat that is not a player.
std::vector<bool> engine_seats(const PlayOptions& o, int seats,
                               const std::vector<std::string>& seat_names = {});

struct PlaySettings {
  std::vector<bool> engine;     // the engine's seats
  bool draw = true;             // the board after every move
  bool thinking = false;        // "thinking..." while the engine searches (a terminal only)
  std::string help;             // what `help` prints (and the game at its start)
  std::ostream* out = nullptr;  // the prompts, answers and the engine's moves
};

// The help both plays print: the commands, then the game's own notes (`move_examples`, such as
// "c3xe3xe5, xd4 for a removal", and `notes`, lines that end in a newline). The notes alone
// where `engine` (each seat's: the engine's or not) leaves no seat to a person.
std::string play_help(const std::string& move_examples, const std::string& notes,
                      const std::vector<bool>& engine);

// True when `fd` is a terminal: "thinking..." is shown there and only there, so that piped
// output stays the same run after run.
bool shows_thinking(int fd);

// Plays until the game ends by its rules (true), the input ends or someone quits (false).
bool run_play_loop(PlayGame& game, const PlaySettings& s, std::istream& in);

// Who a seat is to the person at the keyboard: with people and the engine both seated, "you"
// for the one person and "the engine" for the one engine seat (else "player 2 (engine)"); with
// only people or only the engine, the seat's name.
std::string seat_label(const PlayGame& game, const std::vector<bool>& engine, int seat);

// "you win", "the engine wins", "Black wins".
std::string wins(const std::string& label);

}  // namespace leapfrog::cli
