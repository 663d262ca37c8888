// hub: the engine over standard input and output, in the manner of the Hub protocol of the
// Scan draughts engine (docs/hub.md). One line a message: a command word, then key=value
// pairs (values with spaces in double quotes). The search runs on a thread of its own so
// that `stop` is heard while it thinks; every line out is written whole, under one lock.
#include <algorithm>
#include <atomic>
#include <iostream>
#include <map>
#include <mutex>
#include <optional>
#include <sstream>
#include <thread>

#include "cli/commands.h"
#include "cli/egdb_files.h"
#include "cli/search_options.h"
#include "puzzles/legality.h"
#include "puzzles/movegen.h"
#include "solver/game.h"

namespace leapfrog::cli {

namespace {

struct Message {
  std::string command;
  std::vector<std::string> words;  // bare words after the command ("think", "start")
  std::map<std::string, std::string> pairs;
};

// Splits a line into the command, bare words and key=value pairs; throws ParseError on an
// unclosed quote.
Message parse_message(const std::string& line) {
  Message m;
  std::size_t i = 0;
  const auto skip = [&] {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) ++i;
  };
  skip();
  while (i < line.size()) {
    std::string key, value;
    bool pair = false;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t' && line[i] != '\r') {
      if (!pair && line[i] == '=') {
        pair = true;
        ++i;
        if (i < line.size() && line[i] == '"') {
          const std::size_t end = line.find('"', i + 1);
          if (end == std::string::npos) throw ParseError("unclosed quote in " + quoted_text(line));
          value = line.substr(i + 1, end - i - 1);
          i = end + 1;
          break;
        }
        continue;
      }
      (pair ? value : key) += line[i++];
    }
    if (m.command.empty() && !pair)
      m.command = key;
    else if (pair)
      m.pairs[key] = value;
    else
      m.words.push_back(key);
    skip();
  }
  return m;
}

std::string quote(const std::string& s) {
  std::string out = "\"";
  out += s;
  out += '"';
  return out;
}

class Hub {
 public:
  Hub(const CommonOptions& o, const LimitOptions& limits, std::string egdb_dir)
      : o_(o), egdb_dir_(std::move(egdb_dir)) {
    options_.hash_mb = table_mb(limits.hash_mb);
    node_limit_ = limits.node_limit;
    time_limit_ = limits.time_limit;
    if (node_limit_ == 0 && time_limit_ == 0) node_limit_ = kDefaultEngineNodes;
  }
  ~Hub() { join(); }

  // Reads messages until quit or the end of the input.
  void run(std::istream& in) {
    for (std::string line; std::getline(in, line);) {
      try {
        const Message m = parse_message(line);
        if (m.command.empty()) continue;
        if (m.command == "quit") break;
        handle(m);
      } catch (const std::exception& e) {
        // One line, and no double quote inside the quoted value.
        std::string text = escape_controls(e.what());
        std::replace(text.begin(), text.end(), '"', '\'');
        send("error message=" + quote(text));
      }
    }
    stop_.store(true);
    join();
  }

 private:
  void send(const std::string& line) {
    std::lock_guard lock(out_mutex_);
    std::cout << line << "\n" << std::flush;
  }

  void join() {
    if (thread_.joinable()) thread_.join();
  }

  // While the engine thinks, stop and ping are answered at once; any other message waits
  // until the engine has answered (done), as a GUI that waits for it would send it.
  void handle(const Message& m) {
    if (m.command == "stop") {
      stop_.store(true);
      join();
      return;
    }
    if (m.command == "ping") {
      send("pong");
      return;
    }
    join();
    if (m.command == "hub") {
      send("id name=leapfrog author=\"Leap-Frog toolkit\"");
      send("wait");
    } else if (m.command == "init") {
      send("ready");
    } else if (m.command == "new-game") {
    } else if (m.command == "pos") {
      position(m);
    } else if (m.command == "level") {
      level(m);
    } else if (m.command == "go") {
      if (!setup_) throw UsageError("no position: send pos first");
      go();
    } else {
      throw UsageError("unknown command " + quoted_text(m.command));
    }
  }

  // pos pos="POSITION TEXT" [moves="m1 m2 ..."]: a position as on the command line (text or
  // a variant name), then the turns played from it, each checked.
  void position(const Message& m) {
    const auto it = m.pairs.find("pos");
    if (it == m.pairs.end() || it->second.empty() || it->second == "-")
      throw UsageError("pos needs pos=\"POSITION\"");
    setup_.reset();  // a bad pos leaves no position to search
    Setup setup = load_position(it->second, o_);
    const Rules rules = setup.rules();
    if (rules.players < 2) throw UsageError("the game needs two or more players");
    if (const auto moves = m.pairs.find("moves"); moves != m.pairs.end()) {
      std::istringstream words(moves->second);
      for (std::string w; words >> w;) {
        const Turn t = parse_turn(setup.board, w);
        const TurnCheck c = check_turn(setup.board, rules, setup.position, t);
        if (!c.legal) throw UsageError("illegal move " + quoted_text(w) + ": " + c.reason);
        setup.position = apply(setup.board, rules, setup.position, t);
      }
    }
    if (engine_ && !(engine_board_ == setup.board && engine_rules_ == rules)) engine_.reset();
    setup_ = std::move(setup);
  }

  // level nodes=N | time=SECONDS | move-time=SECONDS | depth=N | infinite
  void level(const Message& m) {
    for (const auto& [key, value] : m.pairs) {
      if (key == "nodes") {
        node_limit_ = parse_whole(value, "nodes", 0, std::numeric_limits<std::uint64_t>::max());
        time_limit_ = 0;
      } else if (key == "time" || key == "move-time") {
        time_limit_ = parse_seconds(value, key);
        node_limit_ = 0;
      } else if (key == "depth") {
        options_.max_depth = static_cast<int>(parse_whole(value, "depth", 1, 254));
        engine_.reset();
      } else {
        throw UsageError("unknown level " + quoted_text(key));
      }
    }
    for (const std::string& w : m.words) {
      if (w != "infinite") throw UsageError("unknown level " + quoted_text(w));
      node_limit_ = 0;
      time_limit_ = 0;
    }
  }

  void go() {
    stop_.store(false);
    SearchControl control;
    control.stop = &stop_;
    control.node_limit = node_limit_;
    control.time_limit = std::chrono::milliseconds(static_cast<long long>(time_limit_ * 1000));
    const Setup setup = *setup_;
    if (!engine_) {
      engine_board_ = setup.board;
      engine_rules_ = setup.rules();
      tables_ = game_tables(egdb_dir_, setup.board, engine_rules_, setup.position);
      options_.tables = tables_ ? tables_->tables.get() : nullptr;
      engine_ = std::make_unique<GameEngine>(setup.board, setup.rules(), options_);
    }
    GameEngine* engine = engine_.get();
    thread_ = std::thread([this, setup, control, engine] {
      GameResult r;
      try {
        r = engine->search(setup.position, control);
      } catch (const std::exception& e) {  // out of memory: an answer, not an end
        send("error message=" + quote(std::string("search failed: ") + e.what()));
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
    });
  }

  const CommonOptions& o_;
  std::string egdb_dir_;
  std::unique_ptr<LoadedTables> tables_;  // read by engine_
  GameOptions options_;
  std::uint64_t node_limit_ = 0;
  double time_limit_ = 0;
  std::optional<Setup> setup_;
  std::unique_ptr<GameEngine> engine_;
  Board engine_board_{1, 1};  // what engine_ was made for
  Rules engine_rules_;
  std::thread thread_;
  std::atomic<bool> stop_{false};
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
  visible.add(search).add(rule_options(o)).add(layout_options(o)).add(output_options(o));
  if (!parse_command(cmd, args, visible, o, {})) return 0;
  // SIGINT and SIGTERM end the hub at once; `stop` is how a GUI stops a search.
  release_interrupts();
  Hub hub(o, limits, egdb_dir);
  hub.run(std::cin);
  return 0;
}

}  // namespace leapfrog::cli
