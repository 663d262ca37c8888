// hub: the engine over standard input and output, in the manner of the Hub protocol of the
// Scan draughts engine (docs/hub.md); cli/hub.h reads the messages.
//
// The main thread reads standard input and handles the messages; the search runs on a thread
// of its own. Reading never waits for a search: stop, ping and quit act at once, and a line
// that cannot be read gets its error at once; every other message waits in a queue while a
// search runs and is handled, in order, when it has answered. Every line out is written
// whole, under one lock.
#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <deque>
#include <iostream>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "cli/commands.h"
#include "cli/egdb_files.h"
#include "cli/hub.h"
#include "cli/search_options.h"
#include "solver/game.h"

namespace leapfrog::cli {

namespace {

using hub::LineReader;
using hub::Message;

std::string quote(const std::string& s) {
  std::string out = "\"";
  out += s;
  out += '"';
  return out;
}

// The most characters of an error message sent; what a message quotes is clipped already,
// and this bounds the rest (a position text's error).
constexpr std::size_t kMaxErrorChars = 1000;

class Hub {
 public:
  Hub(const CommonOptions& o, const LimitOptions& limits, std::string egdb_dir)
      : o_(o), egdb_dir_(std::move(egdb_dir)) {
    options_.hash_mb = table_mb(limits.hash_mb);
    budget_.nodes = limits.node_limit;
    budget_.seconds = limits.time_limit;
    if (!o.limit_given) budget_.nodes = kDefaultEngineNodes;
    if (::pipe(wake_) != 0) throw std::runtime_error("cannot make a pipe");
  }
  ~Hub() {
    stop_.store(true);
    if (search_.joinable()) search_.join();
    ::close(wake_[0]);
    ::close(wake_[1]);
  }

  // Reads messages from `fd` until quit, the end of the input, `interrupted` (Ctrl-C,
  // SIGTERM) or a failed write (the GUI has gone); then stops every search asked for, answers
  // what waits, and returns.
  void run(int fd, const std::atomic<bool>& interrupted) {
    LineReader reader;
    std::vector<LineReader::Line> lines;
    char block[1 << 16];
    while (!quit_ && !interrupted.load() && !output_lost_.load()) {
      pollfd fds[2] = {{fd, POLLIN, 0}, {wake_[0], POLLIN, 0}};
      // The timeout only bounds how late a signal is seen.
      if (::poll(fds, 2, 50) < 0) {
        if (errno == EINTR) continue;
        break;
      }
      if (fds[1].revents & POLLIN) search_ended();
      if (fds[0].revents == 0) continue;
      const ssize_t got = ::read(fd, block, sizeof block);
      if (got < 0 && (errno == EINTR || errno == EAGAIN)) continue;
      if (got <= 0) {  // the end of the input, or it cannot be read: as quit
        if (const auto last = reader.finish()) receive(*last);
        break;
      }
      reader.feed({block, static_cast<std::size_t>(got)}, lines);
      for (const LineReader::Line& line : lines)
        if (!quit_) receive(line);
      lines.clear();
    }
    finish();
  }

 private:
  struct Waiting {
    Message message;
    std::uint64_t go = 0;    // for go: its number among the go messages read
    std::string unreadable;  // for a go that cannot be read: why
  };

  void send(const std::string& line) {
    std::lock_guard lock(out_mutex_);
    if (!(std::cout << line << "\n" << std::flush)) output_lost_.store(true);
  }

  void send_error(const std::string& what) {
    // One line, and no double quote inside the quoted value.
    const std::size_t kept = prefix_bytes(what, kMaxErrorChars);
    std::string text = escape_controls(std::string_view(what).substr(0, kept));
    if (kept < what.size()) text += "...";
    std::replace(text.begin(), text.end(), '"', '\'');
    send("error message=" + quote(text));
  }

  // A line as it is read: stop, ping, quit and errors of reading at once (but an unreadable
  // go in turn), the rest in turn.
  void receive(const LineReader::Line& line) {
    // A GUI waits for done after any go: one that cannot be read is answered in turn, as a
    // go that cannot search, with its error and done.
    const auto refuse = [&](const std::string& why) {
      const std::string_view text = line.text;
      const std::size_t word = text.find_first_not_of(" \t\r");
      if (word != std::string_view::npos &&
          text.substr(word, text.find_first_of(" \t\r", word) - word) == "go") {
        Message go;
        go.command = "go";
        waiting_.push_back({std::move(go), ++gos_read_, why});
        if (!search_.joinable()) handle_waiting();
        return;
      }
      send_error(why);
    };
    if (line.too_long)
      return refuse("a message longer than " + std::to_string(hub::kMaxMessageBytes) +
                    " bytes: " + quoted_start(line.text));
    Message m;
    try {
      m = hub::read_message(line.text);
    } catch (const std::exception& e) {
      return refuse(e.what());
    }
    if (m.command.empty()) return;
    if (m.command == "stop") {
      stop_searches();
    } else if (m.command == "ping") {
      send("pong");
    } else if (m.command == "quit") {
      quit_ = true;
    } else {
      const std::uint64_t go = m.command == "go" ? ++gos_read_ : 0;
      waiting_.push_back({std::move(m), go, {}});
      if (!search_.joinable()) handle_waiting();
    }
  }

  // A stop ends the search of every go read before it, started or still waiting.
  void stop_searches() {
    stopped_through_ = gos_read_;
    stop_.store(true);
  }

  // Handles the waiting messages in order until one starts a search.
  void handle_waiting() {
    while (!search_.joinable() && !waiting_.empty()) {
      const Waiting w = std::move(waiting_.front());
      waiting_.pop_front();
      try {
        handle(w);
      } catch (const std::exception& e) {
        send_error(e.what());
      }
    }
  }

  void search_ended() {
    char bytes[64];
    [[maybe_unused]] const ssize_t n = ::read(wake_[0], bytes, sizeof bytes);
    if (search_.joinable()) search_.join();
    handle_waiting();
  }

  // quit, the end of the input or a signal: every search asked for stops at once, and every
  // message read is still answered.
  void finish() {
    stop_searches();
    for (;;) {
      if (search_.joinable()) search_.join();
      if (waiting_.empty()) break;
      handle_waiting();
    }
  }

  void handle(const Waiting& w) {
    const Message& m = w.message;
    if (m.command == "hub") {
      send("id name=leapfrog author=\"Leap-Frog toolkit\"");
      send("wait");
    } else if (m.command == "init") {
      send("ready");
    } else if (m.command == "new-game") {
      engine_.reset();  // the game's proved values are forgotten: a new game starts afresh
    } else if (m.command == "pos") {
      setup_.reset();  // a bad pos leaves no position to search
      Setup setup = hub::pos_setup(m, o_);
      if (engine_ && !(engine_board_ == setup.board && engine_rules_ == setup.rules()))
        engine_.reset();
      setup_ = std::move(setup);
    } else if (m.command == "level") {
      const hub::Budget budget = hub::level_budget(m, budget_);
      if (budget.depth != budget_.depth) engine_.reset();
      budget_ = budget;
    } else if (m.command == "go") {
      // A GUI waits for done after go: a go that cannot search still ends with it.
      try {
        if (!w.unreadable.empty()) throw UsageError(w.unreadable);
        if (!setup_) throw UsageError("no position: send pos first");
        go(w.go);
      } catch (const std::exception& e) {
        send_error(e.what());
        send("done");
      }
    }
  }

  void go(std::uint64_t number) {
    // The budget's clock runs from the go: opening tables and making the engine count.
    const auto started = std::chrono::steady_clock::now();
    stop_.store(number <= stopped_through_);
    SearchControl control;
    control.stop = &stop_;
    control.node_limit = budget_.nodes;
    control.time_limit = seconds_limit(budget_.seconds);
    const Setup setup = *setup_;
    if (!engine_) {
      GameOptions options = options_;
      options.max_depth = budget_.depth;
      // The tables are read (every byte checksummed) once for a board and rules, not at every
      // new game: they stay while the engine is made again for the same ones.
      const bool same =
          tables_read_ && engine_board_ == setup.board && engine_rules_ == setup.rules();
      engine_board_ = setup.board;
      engine_rules_ = setup.rules();
      if (!same) {
        tables_ = game_tables(egdb_dir_, setup.board, engine_rules_, setup.position);
        tables_read_ = true;
      }
      options.tables = tables_ ? tables_->tables.get() : nullptr;
      engine_ = std::make_unique<GameEngine>(setup.board, setup.rules(), options);
      control = control.left_after(0, started);
    }
    GameEngine* engine = engine_.get();
    search_ = std::thread([this, setup, control, engine] {
      answer(setup, engine, control);
      const char byte = 1;
      [[maybe_unused]] const ssize_t n = ::write(wake_[1], &byte, 1);
    });
  }

  // The search thread: the info and done lines.
  void answer(const Setup& setup, GameEngine* engine, const SearchControl& control) {
    GameResult r;
    try {
      r = engine->search(setup.position, control);
    } catch (const std::exception& e) {  // out of memory: an answer, not an end
      send_error(std::string("search failed: ") + e.what());
      send("done");
      return;
    }
    std::string pv, totals;
    for (const Turn& t : r.pv) {
      if (!pv.empty()) pv += ' ';
      pv += format_turn(setup.board, t);
    }
    for (const Score s : r.totals) {
      if (!totals.empty()) totals += ',';
      totals += std::to_string(s);
    }
    send("info depth=" + std::to_string(r.depth) + " score=" + std::to_string(r.value) +
         " nodes=" + std::to_string(r.nodes) + " proved=" + (r.proved ? "yes" : "no") +
         " totals=" + totals + " pv=" + quote(pv));
    send(r.best ? "done move=" + format_turn(setup.board, *r.best) : std::string("done"));
  }

  const CommonOptions& o_;
  std::string egdb_dir_;
  std::unique_ptr<LoadedTables> tables_;  // read by engine_
  GameOptions options_;
  hub::Budget budget_;
  std::optional<Setup> setup_;
  std::unique_ptr<GameEngine> engine_;
  Board engine_board_{1, 1};  // what engine_ was made for, and tables_ read for
  Rules engine_rules_;
  bool tables_read_ = false;  // tables_ holds what egdb_dir_ has for them
  std::deque<Waiting> waiting_;
  bool quit_ = false;
  std::uint64_t gos_read_ = 0;
  std::uint64_t stopped_through_ = 0;  // the last go a stop ended
  std::thread search_;                 // joinable from go until the main thread joins it
  std::atomic<bool> stop_{false};
  std::atomic<bool> output_lost_{false};  // main() then reports it (exit 2)
  int wake_[2] = {-1, -1};                // the search thread writes a byte when it has answered
  std::mutex out_mutex_;
};

}  // namespace

int run_hub(const Command& cmd, const std::vector<std::string>& args) {
  CommonOptions o;
  LimitOptions limits;
  std::string egdb_dir;
  po::options_description search("Engine");
  add_limit_options(
      search, limits,
      "the engine's budget until 'level' changes it: about N positions a move (with neither "
      "limit given, 100000)",
      "a full table keeps the deeper results");
  add_egdb_option(search, egdb_dir);
  po::options_description visible;
  visible.add(search)
      .add(rule_options(o))
      .add(layout_options(o))
      .add(output_options(o, Boards::kNone, false));
  if (!parse_command(cmd, refuse_json(args, "--json does not apply: hub speaks its own protocol"),
                     visible, o, {}))
    return 0;
  // Checked now, as every other command checks them: at the first pos they would fail every
  // position the GUI sends, with the engine already taken for working.
  if (const RuleOverrides given = overrides_from(o); given.players && *given.players < 2)
    throw UsageError("hub needs two or more players (--players)");
  const std::atomic<bool>& interrupted = install_interrupt_flag();
  Hub hub(o, limits, egdb_dir);
  hub.run(STDIN_FILENO, interrupted);
  return 0;
}

}  // namespace leapfrog::cli
