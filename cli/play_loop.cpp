#include "cli/play_loop.h"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <iostream>
#include <sstream>
#include <utility>

#include "core/text.h"

namespace leapfrog::cli {

namespace {

// A typed line without its blanks around, a carriage return included.
std::string trim(std::string_view s) { return std::string(trimmed(s, " \t\r")); }

// Reads a typed line into `text`, at most kMaxLineBytes of it: a longer line is read to its
// end and dropped (`text` then empty, `too_long` set), so that no input can take memory
// without bound. False at the end of the input with nothing read.
bool read_line(std::istream& in, std::string& text, bool& too_long) {
  text.clear();
  too_long = false;
  std::streambuf* buf = in.rdbuf();
  bool any = false;
  for (;;) {
    const int c = buf->sbumpc();
    if (c == std::char_traits<char>::eof()) {
      in.setstate(std::ios::eofbit);
      return any;
    }
    any = true;
    if (c == '\n') return true;
    if (too_long) continue;
    if (text.size() == kMaxLineBytes) {
      too_long = true;
      text.clear();
      text.shrink_to_fit();
      continue;
    }
    text += static_cast<char>(c);
  }
}

std::string what_engine_takes(const std::vector<std::string>& seat_names) {
  std::string out = "none, all, ";
  for (const std::string& n : seat_names) out += n + ", ";
  // Named seats are a two-player game's (Leap Chess): 1,2 is all, and there is no seat 3.
  return out + (seat_names.empty() ? "or seat numbers joined by commas (2, 1,3)"
                                   : "or a seat number (1 or 2)");
}

// The seat numbers (1-based) of an --engine text that is neither none, all nor a seat's name;
// empty when the text is not such a list.
std::vector<int> seat_numbers(const std::string& text) {
  std::vector<int> seats;
  std::istringstream in(text);
  for (std::string part; std::getline(in, part, ',');) {
    if (part.empty() || part.size() > 2 ||
        part.find_first_not_of("0123456789") != std::string::npos)
      return {};
    seats.push_back(std::stoi(part));
  }
  if (text.empty() || text.back() == ',') return {};
  return seats;
}

// The engine's choice, with "thinking..." on the terminal while it searches, erased after by
// blanks (not an escape code, which a dumb terminal would print).
EngineChoice think(PlayGame& game, const PlaySettings& s) {
  std::ostream& out = *s.out;
  constexpr std::string_view kThinking = "thinking...";
  if (s.thinking) out << kThinking << std::flush;
  EngineChoice c = game.think();
  if (s.thinking) out << '\r' << std::string(kThinking.size(), ' ') << '\r' << std::flush;
  return c;
}

}  // namespace

void add_play_options(po::options_description& d, PlayOptions& o, const char* engine_default,
                      const std::vector<std::string>& seat_names, bool json) {
  o.engine = engine_default;
  const std::string takes = what_engine_takes(seat_names);
  const std::string save =
      std::string("write the game's record to FILE when it ends or on quit ('-': standard output") +
      (json ? ", not with --json)" : ")");
  d.add_options()(
      "engine",
      po::value<std::string>()
          ->notifier([&o, seat_names, takes](const std::string& text) {
            const bool named =
                text == "none" || text == "all" ||
                std::find(seat_names.begin(), seat_names.end(), text) != seat_names.end();
            if (!named && seat_numbers(text).empty())
              throw UsageError("--engine must be " + takes + ", not " + quoted_text(text));
            o.engine = text;
          })
          ->default_value(engine_default)
          ->value_name("WHO"),
      ("the engine's seats: " + takes + " (seat 1 moves first); the other seats type " +
       "their moves")
          .c_str())("save", file_value(&o.save, "save")->value_name("FILE"), save.c_str())(
      "record", file_value(&o.record, "record")->value_name("FILE"), "the same as --save")(
      "quiet", po::bool_switch(&o.quiet), "do not draw the board after every move");
}

void check_record_file(const PlayOptions& o) {
  if (!o.save.empty() && !o.record.empty())
    throw UsageError("--save and --record are two names of one option: give one");
  if (!o.file().empty()) check_writable(o.file(), o.file_option());
}

std::vector<bool> engine_seats(const PlayOptions& o, int seats,
                               const std::vector<std::string>& seat_names) {
  std::vector<bool> engine(static_cast<std::size_t>(seats), o.engine == "all");
  const auto named = std::find(seat_names.begin(), seat_names.end(), o.engine);
  if (named != seat_names.end()) {
    engine[static_cast<std::size_t>(named - seat_names.begin())] = true;
    return engine;
  }
  if (o.engine == "all" || o.engine == "none") return engine;
  for (const int s : seat_numbers(o.engine)) {
    if (s < 1 || s > seats)
      throw UsageError("--engine seat " + std::to_string(s) + " is not a player 1.." +
                       std::to_string(seats));
    // A seat twice is a slip (two seats meant), as an option given twice is.
    if (engine[static_cast<std::size_t>(s - 1)])
      throw UsageError("--engine seat " + std::to_string(s) + " is given twice");
    engine[static_cast<std::size_t>(s - 1)] = true;
  }
  return engine;
}

std::string play_help(const std::string& move_examples, const std::string& notes,
                      const std::vector<bool>& engine) {
  // Where every seat is the engine's, nobody types a command.
  if (std::find(engine.begin(), engine.end(), false) == engine.end()) return notes;
  return "commands: a move in notation (" + move_examples +
         "), moves (the legal moves),\n"
         "hint (the engine's choice and its value), undo (take back your last move), save FILE\n"
         "(the record so far), quit, help\n" +
         notes;
}

namespace {
// The command words that take nothing after them (save takes a file name).
bool is_bare_word(const std::string& word) {
  return word == "quit" || word == "q" || word == "help" || word == "moves" || word == "hint" ||
         word == "undo";
}
}  // namespace

bool shows_thinking(int fd) { return ::isatty(fd) != 0; }

bool run_play_loop(PlayGame& game, const PlaySettings& s, std::istream& in) {
  std::ostream& out = *s.out;
  bool redraw = true;  // only after a move or an undo: the answers to commands leave it as it is
  std::vector<bool> typed;  // for each ply played, whether a person typed it (else the engine)
  bool first_line = true;   // may start with a UTF-8 byte-order mark (a moves file from an editor)
  for (;;) {
    // Flushed at once: a piped game stopped by Ctrl-C or SIGTERM, which end the program
    // where it stands, keeps every line shown so far.
    if (redraw && s.draw) out << "\n" << game.board() << std::flush;
    redraw = false;
    if (game.over()) return true;
    const int seat = game.to_move();
    if (s.engine[static_cast<std::size_t>(seat)]) {
      EngineChoice c;
      try {
        c = think(game, s);
      } catch (const std::exception& e) {
        // The game so far is kept: it ends here as if stopped, and its record is written.
        out << "the engine's search failed (" << e.what() << "): the game stops here\n";
        return false;
      }
      if (!c.found) return true;
      out << game.seat_name(seat) << " (engine) plays " << c.move << " (" << c.value << ")"
          << std::endl;
      game.play_choice();
      typed.push_back(false);
      redraw = true;
      continue;
    }
    out << game.prompt() << std::flush;
    std::string text;
    bool too_long = false;
    if (!read_line(in, text, too_long)) {
      out << "\n";
      return false;
    }
    if (std::exchange(first_line, false)) drop_bom(text);
    if (too_long) {
      out << "a line longer than " << kMaxLineBytes << " bytes: dropped\n";
      continue;
    }
    text = trim(text);
    if (text.empty()) continue;
    // Command words in any case (HELP, Quit): the word is read in lower case, what follows
    // it (save's file name) as typed. Moves keep their case, and are told about it.
    {
      const std::size_t end = std::min(text.find_first_of(" \t"), text.size());
      std::string lower = text.substr(0, end);
      for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      if (lower == "save" || is_bare_word(lower)) text = lower + text.substr(end);
    }
    if (text == "quit" || text == "q") return false;
    // A command word with more after it is not a move to be read as one.
    const std::string word = text.substr(0, text.find_first_of(" \t"));
    if (word != text && is_bare_word(word)) {
      out << quoted_text(word) << " takes nothing after it (type help)\n";
      continue;
    }
    if (text == "help") {
      out << s.help;
    } else if (text == "moves") {
      out << game.legal_moves() << "\n";
    } else if (text == "hint") {
      try {
        const EngineChoice c = think(game, s);
        if (c.found) out << "hint: " << c.move << " (" << c.value << ")\n";
      } catch (const std::exception& e) {
        out << "no hint: the engine's search failed (" << e.what() << ")\n";
      }
    } else if (text == "undo") {
      // Back before the last move a person typed: the engine's replies go too. The engine's
      // opening moves, with no typed move before them, stay.
      std::size_t n = 0;
      if (std::find(typed.begin(), typed.end(), true) != typed.end())
        for (bool person = false; !person; ++n) {
          person = typed.back();
          typed.pop_back();
          game.take_back();
        }
      out << (n ? "took back " + count_text(n, "turn", "turns")
                : std::string("nothing to take back"))
          << "\n";
      redraw = n > 0;
    } else if (text == "save" || text.starts_with("save ")) {
      const std::string file = trim(text.substr(4));
      if (file.empty()) {
        out << "save needs a file name: save FILE\n";
        continue;
      }
      // '-' shows the record where the conversation goes: standard output carries only the
      // JSON under --json.
      if (file == "-") {
        out << game.record_text() << std::flush;
        continue;
      }
      try {
        write_file(file, game.record_text());
        out << "saved to " << quoted_path(file) << "\n";
      } catch (const UsageError& e) {
        out << e.what() << "\n";
      }
    } else if (word != text) {
      // No move is written with a space: this is more than one, which would each need the
      // position the one before it leaves.
      out << "one move a line: " << quoted_text(text) << " holds more than one word (type help)\n";
    } else {
      const std::string refused = game.play_typed(text);
      if (refused.empty()) {
        typed.push_back(true);
        redraw = true;
      } else
        out << refused << "\n";
    }
  }
}

std::string seat_label(const PlayGame& game, const std::vector<bool>& engine, int seat) {
  const auto engines = std::count(engine.begin(), engine.end(), true);
  const auto people = static_cast<long>(engine.size()) - engines;
  const std::string name = game.seat_name(seat);
  if (engines == 0 || people == 0) return name;
  if (engine[static_cast<std::size_t>(seat)])
    return engines == 1 ? "the engine" : name + " (engine)";
  return people == 1 ? "you" : name;
}

std::string wins(const std::string& label) { return label == "you" ? "you win" : label + " wins"; }

}  // namespace leapfrog::cli
