#include "cli/hub.h"

#include <algorithm>
#include <limits>
#include <sstream>
#include <utility>

#include "puzzles/legality.h"
#include "puzzles/movegen.h"
#include "solver/game.h"

namespace leapfrog::cli::hub {

namespace {

// What each command takes after it: bare words, keys, and the text that says so in errors.
struct Syntax {
  std::string_view command;
  std::vector<std::string_view> words;
  std::vector<std::string_view> keys;
  const char* takes;
};

const Syntax kSyntax[] = {
    {"hub", {}, {}, "nothing"},
    {"init", {}, {}, "nothing"},
    {"new-game", {}, {}, "nothing"},
    {"ping", {}, {}, "nothing"},
    {"stop", {}, {}, "nothing"},
    {"quit", {}, {}, "nothing"},
    {"pos", {}, {"pos", "moves"}, "pos=\"POSITION\" and moves=\"TURNS\""},
    {"level",
     {"infinite"},
     {"nodes", "time", "move-time", "depth"},
     "nodes=N, time=S, move-time=S, depth=D or infinite"},
    {"go", {"think", "analyze", "ponder"}, {}, "think, analyze or ponder"},
};

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r'; }

// The words and pairs of a line, unchecked.
Message split_message(std::string_view line) {
  Message m;
  bool first = true;
  for (std::size_t i = 0;;) {
    while (i < line.size() && is_space(line[i])) ++i;
    if (i == line.size()) break;
    const std::size_t start = i;
    std::string key, value;
    bool pair = false;
    while (i < line.size() && !is_space(line[i])) {
      if (!pair && line[i] == '=') {
        pair = true;
        ++i;
        if (i < line.size() && line[i] == '"') {
          const std::size_t end = line.find('"', i + 1);
          if (end == std::string_view::npos)
            throw UsageError("unclosed quote in " + quoted_start(line.substr(start)));
          value = line.substr(i + 1, end - i - 1);
          i = end + 1;
          if (i < line.size() && !is_space(line[i]))
            throw UsageError("no space after the closing quote in " +
                             quoted_start(line.substr(start)));
          break;
        }
        continue;
      }
      (pair ? value : key) += line[i++];
    }
    const std::string_view token = line.substr(start, i - start);
    if (first) {
      if (pair)
        throw UsageError("a message starts with its command word, not " + quoted_start(token));
      m.command = std::move(key);
      first = false;
    } else if (pair) {
      if (!m.pairs.emplace(key, std::move(value)).second)
        throw UsageError(quoted_start(key) + " is given twice");
    } else {
      m.words.push_back(std::move(key));
    }
  }
  return m;
}

bool among(const std::vector<std::string_view>& names, std::string_view name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

}  // namespace

void LineReader::feed(std::string_view bytes, std::vector<Line>& lines) {
  while (!bytes.empty()) {
    const std::size_t newline = bytes.find('\n');
    const std::string_view piece = bytes.substr(0, newline);
    const std::size_t room = kMaxMessageBytes - partial_.text.size();
    if (piece.size() > room) partial_.too_long = true;
    partial_.text.append(piece.substr(0, std::min(room, piece.size())));
    if (newline == std::string_view::npos) return;
    lines.push_back(complete());
    bytes.remove_prefix(newline + 1);
  }
}

std::optional<LineReader::Line> LineReader::finish() {
  if (partial_.text.empty() && !partial_.too_long) return std::nullopt;
  return complete();
}

LineReader::Line LineReader::complete() {
  Line line = std::move(partial_);
  partial_ = {};
  if (std::exchange(first_, false)) drop_bom(line.text);
  return line;
}

Message read_message(std::string_view line) {
  Message m = split_message(line);
  if (m.command.empty()) return m;
  const auto syntax = std::find_if(std::begin(kSyntax), std::end(kSyntax),
                                   [&](const Syntax& s) { return s.command == m.command; });
  if (syntax == std::end(kSyntax)) throw UsageError("unknown command " + quoted_start(m.command));
  const std::string name(syntax->command);
  const auto refuse = [&](const std::string& given) {
    throw UsageError(name + " takes " + syntax->takes + ", not " + quoted_start(given));
  };
  for (const std::string& w : m.words)
    if (!among(syntax->words, w)) refuse(w);
  for (const auto& [key, value] : m.pairs)
    if (!among(syntax->keys, key)) refuse(key + "=" + value);
  if (name == "pos" && !m.pairs.contains("pos")) throw UsageError("pos needs pos=\"POSITION\"");
  if (name == "level") {
    if (m.words.empty() && m.pairs.empty())
      throw UsageError(std::string("level needs ") + syntax->takes);
    const auto budgets = m.words.size() + m.pairs.count("nodes") + m.pairs.count("time") +
                         m.pairs.count("move-time");
    if (budgets > 1) throw UsageError("level takes one of nodes, time, move-time and infinite");
  }
  if (name == "go" && m.words.size() != 1)
    throw UsageError(std::string("go takes one of ") + syntax->takes);
  return m;
}

bool acts_at_once(const Message& m) {
  return m.command == "stop" || m.command == "ping" || m.command == "quit";
}

Budget level_budget(const Message& level, Budget budget) {
  for (const auto& [key, value] : level.pairs) {
    const std::string name = "level " + key;
    if (key == "nodes") {
      budget.nodes = parse_whole(value, name, 0, std::numeric_limits<std::uint64_t>::max());
      budget.seconds = 0;
    } else if (key == "time" || key == "move-time") {
      budget.seconds = parse_seconds(value, name);
      budget.nodes = 0;
    } else if (key == "depth") {
      // 0: no limit.
      budget.depth = static_cast<int>(parse_whole(value, name, 0, GameOptions::kMaxDepth));
    }
  }
  if (!level.words.empty()) {  // infinite
    budget.nodes = 0;
    budget.seconds = 0;
  }
  return budget;
}

Setup pos_setup(const Message& pos, const CommonOptions& o) {
  const std::string& text = pos.pairs.at("pos");
  if (text.empty()) throw UsageError("pos needs pos=\"POSITION\"");
  Setup setup = load_position(text, o, PositionSource::kTextOnly);
  const Rules rules = setup.rules();
  if (rules.players < 2) throw UsageError("the game needs two or more players");
  const auto moves = pos.pairs.find("moves");
  if (moves == pos.pairs.end()) return setup;
  std::istringstream words(moves->second);
  int number = 0;
  for (std::string w; words >> w;) {
    const std::string turn = "moves: turn " + std::to_string(++number);
    Turn t;
    try {
      t = parse_turn(setup.board, w);
    } catch (const ParseError& e) {
      throw UsageError(turn + ": " + e.what());
    }
    const TurnCheck c = check_turn(setup.board, rules, setup.position, t);
    if (!c.legal) throw UsageError(turn + " " + quoted_start(w) + " is illegal: " + c.reason);
    setup.position = apply(setup.board, rules, setup.position, t);
  }
  return setup;
}

}  // namespace leapfrog::cli::hub
