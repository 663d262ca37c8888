// A match runner for Leap Chess engines that speak UCI (docs/strength.md): it starts two
// engine programs, plays games between them at equal time and judges every move and every
// game end by this toolkit's own rules (chess/), so neither engine is trusted to referee.
//
//   leapfrog_uci_match --engine CMD [--name N] [--option NAME=VALUE]... [--send LINE]...
//                      --engine CMD [...] [--games N] [--tc SECONDS+INC | --movetime MS]
//                      [--openings PLIES] [--seed S] [--captures RULE] [--max-plies N]
//                      [--time-margin MS] [--fen FEN] [--quiet]
//
// Options after an --engine belong to that engine: --option sends `setoption name NAME value
// VALUE` after `uci`, --send sends a raw line (both in the order given). Game k starts from an
// opening of PLIES random legal moves drawn with seed S + k/2, and engine 1 has Red in even
// games and Black in odd ones, so every opening is played from both sides. A move the rules
// do not allow, no `bestmove` within the time, or an engine that exits loses the game for
// that engine. One line per game, then engine 1's wins, draws and losses, its score and the
// Elo difference with a 95% margin.
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "chess/game_end.h"
#include "chess/notation.h"
#include "core/hash.h"

namespace {

using namespace leapfrog::chess;
using Clock = std::chrono::steady_clock;

struct EngineSpec {
  std::string command;
  std::string name;
  std::vector<std::string> init;  // lines sent after `uci`
};

// One engine process, talked to through two pipes.
class Engine {
 public:
  explicit Engine(const EngineSpec& spec) : spec_(spec) {
    int to_child[2], from_child[2];
    if (pipe(to_child) != 0 || pipe(from_child) != 0) throw std::runtime_error("pipe failed");
    pid_ = fork();
    if (pid_ < 0) throw std::runtime_error("fork failed");
    if (pid_ == 0) {
      dup2(to_child[0], 0);
      dup2(from_child[1], 1);
      close(to_child[1]);
      close(from_child[0]);
      execl("/bin/sh", "sh", "-c", spec.command.c_str(), static_cast<char*>(nullptr));
      _exit(127);
    }
    close(to_child[0]);
    close(from_child[1]);
    in_ = to_child[1];
    out_ = from_child[0];
  }
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;
  ~Engine() {
    send("quit");
    close(in_);
    const auto until = Clock::now() + std::chrono::seconds(2);
    while (waitpid(pid_, nullptr, WNOHANG) == 0) {
      if (Clock::now() > until) {
        kill(pid_, SIGKILL);
        waitpid(pid_, nullptr, 0);
        break;
      }
      usleep(10000);
    }
    close(out_);
  }

  void send(const std::string& line) {
    const std::string text = line + "\n";
    std::size_t done = 0;
    while (done < text.size()) {
      const ssize_t n = write(in_, text.data() + done, text.size() - done);
      if (n <= 0) return;  // the engine has gone; the next read says so
      done += static_cast<std::size_t>(n);
    }
  }

  // The next line, or nothing when the deadline passes or the engine closed its output.
  std::optional<std::string> read_line(Clock::time_point deadline) {
    for (;;) {
      if (const auto nl = buffer_.find('\n'); nl != std::string::npos) {
        std::string line = buffer_.substr(0, nl);
        buffer_.erase(0, nl + 1);
        if (!line.empty() && line.back() == '\r') line.pop_back();
        return line;
      }
      const auto left =
          std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
      if (left <= 0) return std::nullopt;
      pollfd p{out_, POLLIN, 0};
      if (poll(&p, 1, static_cast<int>(std::min<long long>(left, 1000))) <= 0) continue;
      char chunk[4096];
      const ssize_t n = read(out_, chunk, sizeof chunk);
      if (n <= 0) return std::nullopt;
      buffer_.append(chunk, static_cast<std::size_t>(n));
    }
  }

  // Reads until a line that starts with `word`; returns it, or nothing on time-out or exit.
  std::optional<std::string> wait_for(const std::string& word, Clock::time_point deadline) {
    while (auto line = read_line(deadline))
      if (line->rfind(word, 0) == 0) return line;
    return std::nullopt;
  }

  bool start() {
    send("uci");
    const auto deadline = Clock::now() + std::chrono::seconds(10);
    if (!wait_for("uciok", deadline)) return false;
    for (const std::string& line : spec_.init) send(line);
    return ready();
  }
  bool ready() {
    send("isready");
    return wait_for("readyok", Clock::now() + std::chrono::seconds(30)).has_value();
  }
  const std::string& name() const { return spec_.name; }
  // The thinking time used and the moves played, over the whole match.
  double used_ms = 0;
  long moves = 0;

 private:
  EngineSpec spec_;
  pid_t pid_ = -1;
  int in_ = -1, out_ = -1;
  std::string buffer_;
};

struct Settings {
  int games = 20;
  double base_s = 10, inc_s = 0.1;  // the clock; unused with movetime_ms
  long movetime_ms = 0;
  int opening_plies = 8;
  std::uint64_t seed = 1;
  Rules rules;
  int max_plies = 400;
  long margin_ms = 200;
  std::string start_fen = "startpos";
  bool quiet = false;
};

struct Result {
  int red_score2 = 1;  // Red's points, doubled: 2 win, 1 draw, 0 loss
  std::string reason;
  int plies = 0;
};

// An opening of `plies` uniformly random legal moves (fewer if the game would end).
std::vector<Move> random_opening(const Position& start, const Settings& s, std::uint64_t seed) {
  std::uint64_t rng = seed * 0x9E3779B97F4A7C15ULL + 1;
  std::vector<Move> moves;
  Position pos = start;
  std::vector<std::uint64_t> history;
  for (int i = 0; i < s.opening_plies; ++i) {
    const MoveList legal = legal_moves(pos, s.rules);
    if (game_end(pos, legal, history) != GameEnd::kNone) break;
    const Move m = legal[leapfrog::splitmix64(rng) % legal.size()];
    // Stop short of an opening that leaves the next side without a move.
    const Position next = pos.after(m);
    if (legal_moves(next, s.rules).empty()) break;
    moves.push_back(m);
    history.push_back(pos.key());
    pos = next;
  }
  return moves;
}

Result play(Engine& red, Engine& black, const Position& start, const std::vector<Move>& opening,
            const Settings& s) {
  Result r;
  Position pos = start;
  std::vector<std::uint64_t> history;
  std::string moves_text;
  auto apply = [&](const Move& m) {
    history.push_back(pos.key());
    moves_text += ' ' + move_text(m);
    pos = pos.after(m);
    ++r.plies;
  };
  for (const Move& m : opening) apply(m);
  for (Engine* e : {&red, &black}) {
    e->send("ucinewgame");
    e->ready();
  }
  double clock_ms[2] = {s.base_s * 1000, s.base_s * 1000};
  const std::string position_cmd =
      "position fen " + start.fen() + (moves_text.empty() ? "" : " moves");
  for (;;) {
    const MoveList legal = legal_moves(pos, s.rules);
    if (const GameEnd end = game_end(pos, legal, history); end != GameEnd::kNone) {
      const int w = winner_of(end, pos);
      r.red_score2 = w < 0 ? 1 : w == kRed ? 2 : 0;
      r.reason = game_end_name(end);
      return r;
    }
    if (r.plies >= s.max_plies) {
      r.reason = "length";
      return r;
    }
    const int side = pos.side() == kRed ? 0 : 1;
    Engine& e = side == 0 ? red : black;
    auto lose = [&](const std::string& why) {
      r.red_score2 = side == 0 ? 0 : 2;
      r.reason = e.name() + " " + why;
      return r;
    };
    e.send(position_cmd + moves_text);
    std::string go;
    Clock::time_point deadline;
    const Clock::time_point sent = Clock::now();
    if (s.movetime_ms > 0) {
      go = "go movetime " + std::to_string(s.movetime_ms);
      deadline = sent + std::chrono::milliseconds(s.movetime_ms + 1000 + s.margin_ms);
    } else {
      const long inc = std::lround(s.inc_s * 1000);
      go = "go wtime " + std::to_string(std::lround(clock_ms[0])) + " btime " +
           std::to_string(std::lround(clock_ms[1])) + " winc " + std::to_string(inc) + " binc " +
           std::to_string(inc);
      deadline = sent + std::chrono::milliseconds(std::lround(clock_ms[side]) + s.margin_ms);
    }
    e.send(go);
    const auto line = e.wait_for("bestmove", deadline);
    const double used = std::chrono::duration<double, std::milli>(Clock::now() - sent).count();
    e.used_ms += used;
    ++e.moves;
    if (!line) return lose("no bestmove in time (or exited)");
    if (s.movetime_ms == 0) {
      clock_ms[side] -= used;
      if (clock_ms[side] < -static_cast<double>(s.margin_ms)) return lose("lost on time");
      clock_ms[side] = std::max(clock_ms[side], 0.0) + s.inc_s * 1000;
    }
    const std::string text = line->size() > 9 ? line->substr(9, line->find(' ', 9) - 9) : "";
    const Move* m = nullptr;
    try {
      m = find_move(legal, parse_move(text, pos.geometry()));
    } catch (const MoveSyntaxError&) {
    }
    if (m == nullptr) return lose("played '" + text + "', not legal");
    apply(*m);
  }
}

// The Elo difference of a score fraction (clipped away from 0 and 1).
double elo(double score) {
  score = std::clamp(score, 1e-6, 1 - 1e-6);
  return -400.0 * std::log10(1.0 / score - 1.0) + 0.0;
}

[[noreturn]] void usage(const std::string& why) {
  std::fprintf(stderr, "leapfrog_uci_match: %s\n", why.c_str());
  std::exit(2);
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<EngineSpec> specs;
  Settings s;
  auto value = [&](int& i) -> std::string {
    if (i + 1 >= argc) usage(std::string(argv[i]) + " needs a value");
    return argv[++i];
  };
  auto number = [&](int& i) {
    const std::string v = value(i);
    char* end = nullptr;
    const double d = std::strtod(v.c_str(), &end);
    if (end == v.c_str() || *end != '\0' || d < 0)
      usage(std::string(argv[i - 1]) + ": '" + v + "' is not a number");
    return d;
  };
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto engine = [&]() -> EngineSpec& {
      if (specs.empty()) usage(a + " before any --engine");
      return specs.back();
    };
    if (a == "--engine") {
      specs.push_back({value(i), "", {}});
      specs.back().name = "engine" + std::to_string(specs.size());
    } else if (a == "--name") {
      engine().name = value(i);
    } else if (a == "--option") {
      const std::string v = value(i);
      const auto eq = v.find('=');
      if (eq == std::string::npos) usage("--option '" + v + "' is not NAME=VALUE");
      engine().init.push_back("setoption name " + v.substr(0, eq) + " value " + v.substr(eq + 1));
    } else if (a == "--send") {
      engine().init.push_back(value(i));
    } else if (a == "--games") {
      s.games = static_cast<int>(number(i));
    } else if (a == "--tc") {
      const std::string v = value(i);
      const auto plus = v.find('+');
      s.base_s = std::atof(v.substr(0, plus).c_str());
      s.inc_s = plus == std::string::npos ? 0 : std::atof(v.substr(plus + 1).c_str());
      if (s.base_s <= 0) usage("--tc '" + v + "' is not SECONDS+INC");
    } else if (a == "--movetime") {
      s.movetime_ms = static_cast<long>(number(i));
    } else if (a == "--openings") {
      s.opening_plies = static_cast<int>(number(i));
    } else if (a == "--seed") {
      s.seed = static_cast<std::uint64_t>(number(i));
    } else if (a == "--max-plies") {
      s.max_plies = static_cast<int>(number(i));
    } else if (a == "--time-margin") {
      s.margin_ms = static_cast<long>(number(i));
    } else if (a == "--captures") {
      const std::string v = value(i);
      const auto rule = parse_capture_rule(v);
      if (!rule) usage("--captures '" + v + "' is not compulsory, multiple or optional");
      s.rules = rules_for(*rule);
    } else if (a == "--fen") {
      s.start_fen = value(i);
    } else if (a == "--quiet") {
      s.quiet = true;
    } else {
      usage("unknown option '" + a + "'");
    }
  }
  if (specs.size() != 2) usage("give two engines (--engine CMD --engine CMD)");
  Position start;
  try {
    start = Position::from_fen(s.start_fen);
  } catch (const FenError& e) {
    usage(std::string("--fen: ") + e.what());
  }
  signal(SIGPIPE, SIG_IGN);

  Engine one(specs[0]), two(specs[1]);
  if (!one.start()) usage(specs[0].name + " did not answer uci/isready");
  if (!two.start()) usage(specs[1].name + " did not answer uci/isready");

  int wins = 0, draws = 0, losses = 0;
  for (int k = 0; k < s.games; ++k) {
    const std::vector<Move> opening =
        random_opening(start, s, s.seed + static_cast<unsigned>(k / 2));
    const bool one_red = k % 2 == 0;
    const Result r =
        one_red ? play(one, two, start, opening, s) : play(two, one, start, opening, s);
    const int one_score2 = one_red ? r.red_score2 : 2 - r.red_score2;
    (one_score2 == 2 ? wins : one_score2 == 1 ? draws : losses) += 1;
    if (!s.quiet)
      std::printf("game %d: %s (Red) - %s (Black) %s, %s, %d plies\n", k + 1,
                  (one_red ? one : two).name().c_str(), (one_red ? two : one).name().c_str(),
                  r.red_score2 == 2   ? "1-0"
                  : r.red_score2 == 1 ? "1/2-1/2"
                                      : "0-1",
                  r.reason.c_str(), r.plies);
    std::fflush(stdout);
  }
  const int n = wins + draws + losses;
  const double score = (wins + 0.5 * draws) / n;
  // The 95% interval of the mean score from the games' own spread, mapped to Elo.
  const double var = (wins * std::pow(1 - score, 2) + draws * std::pow(0.5 - score, 2) +
                      losses * std::pow(score, 2)) /
                     n;
  const double margin = 1.96 * std::sqrt(var / n);
  std::printf("%s vs %s: %d games, +%d =%d -%d, score %.1f%%", one.name().c_str(),
              two.name().c_str(), n, wins, draws, losses, 100 * score);
  if (wins + draws == 0 || losses + draws == 0)
    std::printf(", no Elo estimate from a score of %s\n", wins == 0 ? "0" : "100%");
  else
    std::printf(", Elo %+.0f (95%%: %+.0f to %+.0f)\n", elo(score), elo(score - margin),
                elo(score + margin));
  for (const Engine* e : {&one, &two})
    std::printf("%s: %ld moves, %.0f ms a move on average\n", e->name().c_str(), e->moves,
                e->moves ? e->used_ms / static_cast<double>(e->moves) : 0.0);
  return 0;
}
