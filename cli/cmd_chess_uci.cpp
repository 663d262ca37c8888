// chess uci: the Leap Chess engine for GUIs and match runners over UCI (docs/uci.md);
// cli/uci.h reads the commands.
//
// As the hub does (cmd_hub.cpp), the main thread reads standard input (hub::LineReader) and
// the search runs on a thread of its own, so that isready, stop, ponderhit and quit are
// answered at once while it runs; position, go, setoption and ucinewgame read during a search
// wait, in order, until it has answered. A line that cannot be read gets an `info string`
// error and the engine carries on. Every line out is written whole, under one lock.
#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <deque>
#include <iostream>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

#include "chess/notation.h"
#include "chess/search.h"
#include "cli/chess_uci.h"
#include "cli/hub.h"
#include "cli/progress.h"
#include "cli/search_options.h"
#include "cli/uci.h"

namespace leapfrog::cli {

namespace {

using Clock = std::chrono::steady_clock;

// The Hash option's range, MB, and its default.
constexpr std::size_t kMinHashMb = 1, kMaxUciHashMb = 4096, kDefaultUciHashMb = 16;

std::string score_text(int v) {
  if (v > chess::kMateBound) return "mate " + std::to_string((chess::kMate - v + 1) / 2);
  if (v < -chess::kMateBound) return "mate -" + std::to_string((chess::kMate + v) / 2);
  return "cp " + std::to_string(v);
}

class Uci {
  // A command that waits for the search to answer.
  struct Waiting {
    std::vector<std::string> words;
    std::uint64_t go = 0;  // for go: its number among the go commands read
  };

 public:
  explicit Uci(std::size_t hash_mb, const std::string& captures)
      : hash_mb_(hash_mb), start_hash_mb_(hash_mb), captures_(captures) {
    renew_table();
  }
  ~Uci() { end_search(); }

  // Reads commands from `fd` until quit, the end of the input or `interrupted`; then stops
  // the search, which still answers with its bestmove, and answers the commands read.
  void run(int fd, const std::atomic<bool>& interrupted) {
    hub::LineReader reader;
    std::vector<hub::LineReader::Line> lines;
    char block[1 << 16];
    while (!quit_ && !interrupted.load() && !output_lost_.load()) {
      pollfd fds[1] = {{fd, POLLIN, 0}};
      // The timeout bounds how late a deadline or a signal is seen.
      if (::poll(fds, 1, 5) < 0 && errno != EINTR) break;
      tick();
      if (fds[0].revents == 0) continue;
      const ssize_t got = ::read(fd, block, sizeof block);
      if (got < 0 && (errno == EINTR || errno == EAGAIN)) continue;
      if (got <= 0) {  // the end of the input: as quit
        if (const auto last = reader.finish()) receive(*last);
        break;
      }
      reader.feed({block, static_cast<std::size_t>(got)}, lines);
      for (const hub::LineReader::Line& line : lines)
        if (!quit_) receive(line);
      lines.clear();
    }
    // Every go read is answered, at once: those that still wait start stopped.
    stopped_through_ = gos_read_;
    for (;;) {
      end_search();
      if (waiting_.empty()) break;
      const Waiting w = std::move(waiting_.front());
      waiting_.pop_front();
      handle(w);
    }
  }

 private:
  void send(const std::string& line) {
    std::lock_guard lock(out_mutex_);
    if (!(std::cout << line << "\n" << std::flush)) output_lost_.store(true);
  }

  void send_error(const std::string& what) { send("info string error: " + escape_controls(what)); }

  // The deadline of a pondering search that became a real one, and a search that ended.
  void tick() {
    if (deadline_ && Clock::now() >= *deadline_) {
      stop_.store(true);
      deadline_.reset();
    }
    if (search_.joinable() && done_.load()) {
      search_.join();
      deadline_.reset();
      while (!search_.joinable() && !waiting_.empty()) {
        const Waiting w = std::move(waiting_.front());
        waiting_.pop_front();
        handle(w);
      }
    }
  }

  void receive(const hub::LineReader::Line& line) {
    if (line.too_long) {
      send_error("a line longer than " + std::to_string(hub::kMaxMessageBytes) + " bytes");
      return;
    }
    const std::vector<std::string> words = uci::words_of(line.text);
    if (words.empty()) return;
    const std::string& command = words[0];
    if (command == "isready") {
      send("readyok");
    } else if (command == "stop") {
      stopped_through_ = gos_read_;
      stop_search();
    } else if (command == "ponderhit") {
      ponderhit();
    } else if (command == "quit") {
      quit_ = true;
    } else if (command == "uci") {
      identify();
    } else {
      const Waiting w{words, command == "go" ? ++gos_read_ : 0};
      if (search_.joinable() || !waiting_.empty())
        waiting_.push_back(w);
      else
        handle(w);
    }
  }

  void identify() {
    send("id name leapfrog (Leap Chess)");
    send("id author Leap-Frog toolkit");
    // Hash's default is the command line's --hash; Captures' the rule in force (--captures
    // until a setoption changes it).
    send("option name Hash type spin default " + std::to_string(start_hash_mb_) + " min " +
         std::to_string(kMinHashMb) + " max " + std::to_string(kMaxUciHashMb));
    send("option name Threads type spin default 1 min 1 max 1");
    send("option name MultiPV type spin default 1 min 1 max 1");
    send("option name Ponder type check default false");
    send("option name Captures type combo default " + captures_ +
         " var compulsory var multiple var optional");
    send("uciok");
  }

  // Commands that wait for a running search to answer.
  void handle(const Waiting& w) {
    const std::vector<std::string>& words = w.words;
    try {
      const std::string& command = words[0];
      const std::vector<std::string> rest(words.begin() + 1, words.end());
      if (command == "ucinewgame") {
        position_ = chess::Position::start();
        history_.clear();
        renew_table();  // a new game learns afresh
      } else if (command == "setoption") {
        set_option(rest);
      } else if (command == "position") {
        std::vector<std::uint64_t> history;
        position_ = uci::read_position(rest, rules(), history);
        history_ = std::move(history);
      } else if (command == "go") {
        go(rest, w.go <= stopped_through_);
      } else if (command == "debug" || command == "register") {
      } else {
        send_error("unknown command " + quoted_start(command));
      }
    } catch (const std::exception& e) {
      send_error(e.what());
    }
  }

  chess::Rules rules() const { return chess::rules_for(*chess::parse_capture_rule(captures_)); }

  // setoption name NAME [value VALUE]; names ignore case, as GUIs write them differently.
  void set_option(const std::vector<std::string>& words) {
    if (words.size() < 2 || words[0] != "name") throw UsageError("setoption needs name NAME");
    std::string name, value;
    std::size_t i = 1;
    for (; i < words.size() && words[i] != "value"; ++i)
      name += (name.empty() ? "" : " ") + words[i];
    for (++i; i < words.size(); ++i) value += (value.empty() ? "" : " ") + words[i];
    std::string lower = name;
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (lower == "hash") {
      // No more than the machine has (checked_hash_mb), as --hash everywhere.
      hash_mb_ = checked_hash_mb(parse_whole(value, "option Hash", kMinHashMb, kMaxUciHashMb),
                                 available_memory_mb(), "option Hash");
      renew_table();
    } else if (lower == "threads") {
      parse_whole(value, "option Threads", 1, 1);
    } else if (lower == "multipv") {
      parse_whole(value, "option MultiPV", 1, 1);
    } else if (lower == "ponder") {
      if (value != "true" && value != "false")
        throw UsageError("option Ponder must be true or false, not " + quoted_start(value));
    } else if (lower == "captures") {
      if (!chess::parse_capture_rule(value))
        throw UsageError("option Captures must be compulsory, multiple or optional, not " +
                         quoted_start(value));
      captures_ = value;
      renew_table();  // what it holds was learnt under the other rule
    } else {
      throw UsageError("unknown option " + quoted_start(name));
    }
  }

  // The table the searches keep, made afresh at the start, at ucinewgame and when Hash or
  // Captures is set, so that its memory is had before a go's clock runs. When that memory
  // cannot be had, the least; when not even that, none (each search then makes its own).
  void renew_table() {
    table_.reset();  // its memory is free before the new table takes its own
    try {
      table_ = std::make_unique<chess::SearchTable>(hash_mb_);
      return;
    } catch (const std::bad_alloc& e) {
      send_error(std::string(e.what()) + "; keeping a " + std::to_string(kMinHashMb) +
                 " MB table instead");
    }
    try {
      table_ = std::make_unique<chess::SearchTable>(kMinHashMb);
    } catch (const std::bad_alloc&) {
    }
  }

  // `stopped`: a stop came after this go was read and before it could start; it then
  // answers at once.
  void go(const std::vector<std::string>& words, bool stopped) {
    uci::Go go;
    std::vector<chess::Move> root_moves;
    try {
      go = uci::read_go(words);
      root_moves = uci::read_root_moves(go.searchmoves, position_, rules());
    } catch (const UsageError& e) {
      // A GUI waits for a bestmove after every go, so one it cannot read still gets one
      // (after stop or ponderhit when the go asked to ponder or search without end).
      send_error(std::string(e.what()) + "; answering from a search of depth 1");
      go = uci::Go{};
      go.depth = 1;
      go.ponder = std::find(words.begin(), words.end(), "ponder") != words.end();
      go.infinite = std::find(words.begin(), words.end(), "infinite") != words.end();
    }
    const std::chrono::milliseconds think = uci::think_time(go, position_.side());
    stop_.store(stopped);
    done_.store(false);
    hold_.store((go.infinite || go.ponder) && !stopped);
    ponder_think_ = go.ponder ? think : std::chrono::milliseconds(0);
    SearchControl control;
    control.stop = &stop_;
    control.node_limit = go.nodes;
    if (!go.ponder && !go.infinite) control.time_limit = think;
    chess::SearchSettings settings;
    settings.max_depth = go.depth > 0 ? go.depth : 64;
    if (go.mate > 0) settings.max_depth = std::min(settings.max_depth, 2 * go.mate - 1);
    settings.history = history_;
    settings.root_moves = std::move(root_moves);
    chess::SearchTable* const kept = table_.get();
    const auto start = Clock::now();
    control.progress = [this, start](const Progress& p) {
      const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start);
      send("info " + (p.note.starts_with("depth ") ? p.note + " " : std::string()) + "score " +
           score_text(p.best) + " nodes " + std::to_string(p.nodes) + " time " +
           std::to_string(ms.count()));
    };
    search_ = std::thread([this, pos = position_, rules = rules(), settings, control, start, kept] {
      answer(pos, rules, settings, control, kept, start);
      done_.store(true);
    });
  }

  // The search thread: the last info line and bestmove; in infinite and ponder mode bestmove
  // waits for stop or ponderhit, as the protocol asks.
  void answer(const chess::Position& pos, const chess::Rules& rules,
              const chess::SearchSettings& settings, const SearchControl& control,
              chess::SearchTable* table, Clock::time_point start) {
    chess::SearchResult r;
    chess::SearchSettings least = settings;
    least.hash_mb = kMinHashMb;
    // Out of memory: an answer, not an end. The search is made again in a table of its own,
    // the smallest, so that the GUI still gets a move.
    try {
      r = table ? chess::analyse(pos, rules, settings, control, *table)
                : chess::analyse(pos, rules, least, control);
    } catch (const std::bad_alloc& e) {
      send_error(std::string("search failed: ") + e.what() +
                 "; searching again with a 1 MB table of its own");
      try {
        r = chess::analyse(pos, rules, least, control);
      } catch (const std::exception& again) {
        send_error(std::string("search failed: ") + again.what());
      }
    }
    while (hold_.load() && !stop_.load()) std::this_thread::sleep_for(std::chrono::milliseconds(2));
    if (!r.has_move) {
      send("bestmove 0000");
      return;
    }
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start);
    std::string pv;
    for (const chess::Move& m : r.pv) {  // (appended: GCC 12 warns wrongly on " " + string)
      pv += ' ';
      pv += chess::move_text(m);
    }
    send("info depth " + std::to_string(r.depth) + " score " + score_text(r.value) + " nodes " +
         std::to_string(r.nodes) + " time " + std::to_string(ms.count()) + " pv" + pv);
    send("bestmove " + chess::move_text(r.best));
  }

  void stop_search() {
    hold_.store(false);
    stop_.store(true);
  }

  // The move pondered was played: the search goes on as a real one, with the time the go
  // command gave.
  void ponderhit() {
    if (!search_.joinable()) return;
    hold_.store(false);
    if (ponder_think_.count() > 0) deadline_ = Clock::now() + ponder_think_;
  }

  // Stops the search and waits for its answer.
  void end_search() {
    stop_search();
    if (search_.joinable()) search_.join();
  }

  std::size_t hash_mb_;
  const std::size_t start_hash_mb_;  // --hash: the option's default
  std::string captures_;
  chess::Position position_ = chess::Position::start();
  std::vector<std::uint64_t> history_;
  // What the searches learnt in this game: only the search thread touches it while a search
  // runs, as the commands that change it wait for the search's answer.
  std::unique_ptr<chess::SearchTable> table_;
  std::deque<Waiting> waiting_;
  std::uint64_t gos_read_ = 0;
  std::uint64_t stopped_through_ = 0;  // the last go a stop ended
  bool quit_ = false;
  std::optional<Clock::time_point> deadline_;
  std::chrono::milliseconds ponder_think_{0};
  std::thread search_;
  std::atomic<bool> stop_{false};
  std::atomic<bool> hold_{false};  // infinite or ponder: bestmove waits
  std::atomic<bool> done_{false};  // the search thread has answered
  std::atomic<bool> output_lost_{false};
  std::mutex out_mutex_;
};

}  // namespace

int chess_uci(const Command& cmd, const std::vector<std::string>& args) {
  CommonOptions o;
  std::string captures = "compulsory";
  std::size_t hash_mb = kDefaultUciHashMb;
  po::options_description engine("Engine");
  engine.add_options()(
      "captures",
      name_value(&captures, "captures", {"compulsory", "multiple", "optional"})
          ->default_value("compulsory")
          ->value_name("RULE"),
      "the capture rule until the GUI sets the option Captures: compulsory, multiple, optional")(
      "hash",
      whole_value(&hash_mb, "hash", kMinHashMb, kMaxUciHashMb)
          ->default_value("16")
          ->value_name("MB"),
      "the transposition table's memory until the GUI sets the option Hash");
  po::options_description visible;
  visible.add(engine).add(output_options(o, Boards::kNone, false));
  if (!parse_command(cmd, refuse_json(args, "--json does not apply: uci speaks its own protocol"),
                     visible, o, {}))
    return 0;
  const std::atomic<bool>& interrupted = install_interrupt_flag();
  Uci uci(hash_mb, captures);
  uci.run(STDIN_FILENO, interrupted);
  return 0;
}

}  // namespace leapfrog::cli
