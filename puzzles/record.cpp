#include "puzzles/record.h"

#include <charconv>
#include <unordered_set>

#include "core/text.h"

namespace leapfrog {

namespace {

[[noreturn]] void fail_at(int line, int column, const std::string& what) {
  throw ParseError("record line " + std::to_string(line) + ", column " + std::to_string(column) +
                   ": " + what);
}

// A cursor over the text that knows its line and column.
class Reader {
 public:
  explicit Reader(std::string_view text) : text_(text) {}
  bool done() const { return pos_ >= text_.size(); }
  char peek() const { return text_[pos_]; }
  char get() {
    const char c = text_[pos_++];
    if (c == '\n') {
      ++line_;
      column_ = 1;
    } else {
      ++column_;
    }
    return c;
  }
  int line() const { return line_; }
  int column() const { return column_; }
  void skip_space() {
    while (!done() && (peek() == ' ' || peek() == '\t' || peek() == '\r' || peek() == '\n')) get();
  }

 private:
  std::string_view text_;
  std::size_t pos_ = 0;
  int line_ = 1;
  int column_ = 1;
};

std::vector<std::string> split_names(const std::string& s) {
  std::vector<std::string> out;
  std::size_t start = 0;
  for (;;) {
    const std::size_t p = s.find(',', start);
    out.emplace_back(trimmed(
        std::string_view(s).substr(start, p == std::string::npos ? std::string::npos : p - start)));
    if (p == std::string::npos) return out;
    start = p + 1;
  }
}

// Position-text errors inside a tag are reported at the tag's line.
template <class F>
auto within_tag(const RecordTag& t, F&& f) {
  try {
    return f();
  } catch (const ParseError& e) {
    fail_at(t.line, 1, "[" + t.name + "]: " + e.what());
  }
}

std::string quote(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + '"';
}

}  // namespace

std::optional<std::string> GameRecord::tag(std::string_view name) const {
  for (const RecordTag& t : tags)
    if (t.name == name) return t.value;
  return std::nullopt;
}

GameRecord parse_record(std::string_view text, std::string_view variant,
                        const RuleOverrides& later) {
  GameRecord r;
  Reader in(skip_bom(text));
  bool in_moves = false;
  std::vector<std::string> texts;  // the move texts, parsed once the board is known
  // The last ply number and where it is, while no turn has come after it (0: none).
  int numbered = 0, numbered_line = 0, numbered_column = 0;
  // Reads the move texts so far on `board` into r.turns; the first that does not read fails.
  const auto read_moves = [&](const Board& board) {
    for (std::size_t i = 0; i < r.turns.size(); ++i) {
      RecordTurn& t = r.turns[i];
      try {
        t.turn = parse_turn(board, texts[i]);
      } catch (const ParseError& e) {
        fail_at(t.line, t.column, e.what());
      }
    }
  };
  std::unordered_set<std::string> names;  // of the tags so far: a record may hold many
  for (;;) {
    in.skip_space();
    if (in.done()) break;
    const int line = in.line(), column = in.column();
    const char c = in.peek();
    if (c == ';') {
      while (!in.done() && in.peek() != '\n') in.get();
      continue;
    }
    if (c == '{') {
      in.get();
      std::string comment;
      while (!in.done() && in.peek() != '}') comment += in.get();
      if (in.done()) fail_at(line, column, "comment not closed (a '{' without '}')");
      in.get();
      // An empty comment adds nothing, not even the space that joins two comments: the
      // turn's comment is written back as one, and read back the same.
      const std::string trimmed_comment(trimmed(comment));
      if (!r.turns.empty() && !trimmed_comment.empty()) {
        std::string& to = r.turns.back().comment;
        if (!to.empty()) to += ' ';
        to += trimmed_comment;
      }
      continue;
    }
    if (c == '[') {
      if (in_moves) fail_at(line, column, "tag after the first turn (tags come first)");
      in.get();
      RecordTag t;
      t.line = line;
      while (!in.done() && in.peek() != ' ' && in.peek() != '"' && in.peek() != ']' &&
             in.peek() != '\n')
        t.name += in.get();
      if (t.name.empty()) fail_at(line, column + 1, "tag without a name ([Name \"value\"])");
      in.skip_space();
      if (in.done() || in.peek() != '"')
        fail_at(in.line(), in.column(), "expected '\"' before the tag's value");
      in.get();
      for (;;) {
        if (in.done() || in.peek() == '\n')
          fail_at(line, column, "tag value not closed (missing '\"')");
        const char ch = in.get();
        if (ch == '"') break;
        if (ch == '\\' && !in.done() && in.peek() != '\n') {
          t.value += in.get();
          continue;
        }
        t.value += ch;
      }
      while (!in.done() && (in.peek() == ' ' || in.peek() == '\t')) in.get();
      if (in.done() || in.peek() != ']')
        fail_at(in.line(), in.column(), "expected ']' after the tag's value");
      in.get();
      if (!names.insert(t.name).second)
        fail_at(line, column, "tag [" + escape_controls(t.name) + "] given twice");
      r.tags.push_back(t);
      continue;
    }
    // A token: a ply number "12." or a move.
    std::string token;
    while (!in.done() && in.peek() != ' ' && in.peek() != '\t' && in.peek() != '\r' &&
           in.peek() != '\n' && in.peek() != '{' && in.peek() != ';')
      token += in.get();
    if (!in_moves) {
      // The tags are complete: build the start position and the rules.
      in_moves = true;
      const auto start = r.tag("Start");
      if (!start) fail_at(line, column, "no [Start \"...\"] tag before the turns");
    }
    if (token.back() == '.') {
      int n = 0;
      const auto [end, ec] = std::from_chars(token.data(), token.data() + token.size() - 1, n);
      if (ec != std::errc() || end != token.data() + token.size() - 1)
        fail_at(line, column, "bad ply number " + quoted_text(token));
      if (numbered != 0 || n != static_cast<int>(r.turns.size()) + 1) {
        // A stray token taken for a move is the likelier fault: name it, not the numbering.
        std::optional<Board> board;
        try {
          board = parse_position(*r.tag("Start")).board;
        } catch (const ParseError&) {
        }
        if (board) read_moves(*board);
        // Two numbers in a row: the first has no turn after it.
        if (numbered != 0)
          fail_at(numbered_line, numbered_column,
                  "ply number " + std::to_string(numbered) + " with no turn after it");
        fail_at(line, column,
                "ply number " + std::to_string(n) + " where ply " +
                    std::to_string(r.turns.size() + 1) + " was expected");
      }
      numbered = n;
      numbered_line = line;
      numbered_column = column;
      continue;
    }
    numbered = 0;
    RecordTurn t;
    t.line = line;
    t.column = column;
    r.turns.push_back(t);
    texts.push_back(token);  // parsed below, once the board is known
  }

  // Tags -> start position and rules.
  const auto find = [&](std::string_view name) -> const RecordTag* {
    for (const RecordTag& t : r.tags)
      if (t.name == name) return &t;
    return nullptr;
  };
  const RecordTag* start = find("Start");
  if (!start) fail_at(1, 1, "no [Start \"...\"] tag (the start position)");
  bool removals_written = false;
  // Players said in so many words ([Start]'s players=, [Rules]'s), not only implied by the
  // start's turn=, scores= or removals=, which [Players] may name more than.
  bool players_said = false;
  r.start = within_tag(
      *start, [&] { return parse_position(start->value, &removals_written, &players_said); });
  if (const RecordTag* v = find("Variant")) {
    if (!find_variant(v->value))
      fail_at(v->line, 1, "[Variant]: unknown variant " + quoted_text(v->value));
    r.start.variant = v->value;
  }
  if (const RecordTag* rules = find("Rules")) {
    // Rule fields use the position text's syntax: parse them after a one-square board.
    const Setup fields = within_tag(*rules, [&] { return parse_position(". " + rules->value); });
    if (fields.position.to_move != 0 || fields.position.removals_due != 0 ||
        fields.position.scores[0] != 0)
      fail_at(rules->line, 1,
              "[Rules] holds only rule fields (turn, scores and removals belong in [Start])");
    if (!fields.variant.empty()) r.start.variant = fields.variant;
    if (fields.overrides.players) players_said = true;
    r.start.overrides = r.start.overrides.merged_with(fields.overrides);
  }
  if (const RecordTag* p = find("Players")) {
    r.players = split_names(p->value);
    for (const std::string& name : r.players)
      if (name.empty()) fail_at(p->line, 1, "[Players]: an empty name");
    const int n = static_cast<int>(r.players.size());
    if (n > kMaxPlayers)
      fail_at(p->line, 1, "[Players]: more than " + std::to_string(kMaxPlayers) + " players");
    if (players_said && *r.start.overrides.players != n)
      fail_at(p->line, 1,
              "[Players] names " + std::to_string(n) + " players, the rules say " +
                  std::to_string(*r.start.overrides.players));
    r.start.overrides.players = n;
  }
  if (!variant.empty()) {
    if (!find_variant(variant)) throw ParseError("unknown variant " + quoted_text(variant));
    r.start.variant = std::string(variant);
  }
  r.start.overrides = r.start.overrides.merged_with(later);
  const Rules rules = r.start.rules();
  if (r.start.position.to_move >= rules.players)
    fail_at(start->line, 1,
            "[Start]: player " + std::to_string(r.start.position.to_move + 1) + " to move but " +
                std::to_string(rules.players) + " players");
  // A full board is a start: its removals are the rules' (the tags' and the command line's),
  // unless the text writes its own (removals=-: a finished game).
  if (board_full(r.start.board, r.start.position)) {
    const std::uint16_t written = r.start.position.removals_due;
    r.start.position = start_position(rules, r.start.position);
    if (removals_written) r.start.position.removals_due = written;
  }
  // The start's own fields may name more players than the rules the tags make (a variant
  // of fewer players): a score or removal of a player who does not play is an error.
  for (int p = rules.players; p < kMaxPlayers; ++p)
    if (r.start.position.scores[p] != 0 || r.start.position.removal_due(p))
      fail_at(start->line, 1,
              "[Start]: a score or removal for player " + std::to_string(p + 1) + " but " +
                  std::to_string(rules.players) + " players");
  if (const RecordTag* b = find("Board")) {
    // WIDTHxHEIGHT: two whole numbers and a lower-case x, nothing else.
    const std::string& v = b->value;
    const std::size_t x = v.find('x');
    int w = 0, h = 0;
    const auto whole = [&](std::size_t from, std::size_t to, int& n) {
      const auto [end, ec] = std::from_chars(v.data() + from, v.data() + to, n);
      return from < to && ec == std::errc() && end == v.data() + to && n > 0;
    };
    if (x == std::string::npos || !whole(0, x, w) || !whole(x + 1, v.size(), h))
      fail_at(b->line, 1,
              "[Board \"" + escape_controls(v) + "\"]: not a board size WIDTHxHEIGHT, such as 6x6");
    if (w != r.start.board.width() || h != r.start.board.height())
      fail_at(b->line, 1,
              "[Board \"" + escape_controls(v) + "\"] but the start position is " +
                  std::to_string(r.start.board.width()) + "x" +
                  std::to_string(r.start.board.height()));
  }
  if (const RecordTag* s = find("Scores")) {
    std::vector<Score> scores;
    for (const std::string& item : split_names(s->value)) {
      int v = 0;
      const auto [end, ec] = std::from_chars(item.data(), item.data() + item.size(), v);
      if (item.empty() || ec != std::errc() || end != item.data() + item.size() || v < 0)
        fail_at(s->line, 1, "[Scores]: bad score " + quoted_text(item));
      scores.push_back(v);
    }
    if (static_cast<int>(scores.size()) != rules.players)
      fail_at(s->line, 1,
              "[Scores] gives " + count_text(scores.size(), "score", "scores") + " for " +
                  count_text(rules.players, "player", "players"));
    r.scores = scores;
  }
  read_moves(r.start.board);
  // A number is the next turn's: one with nothing after it is a record cut short.
  if (numbered != 0)
    fail_at(numbered_line, numbered_column,
            "ply number " + std::to_string(numbered) + " with no turn after it");
  return r;
}

std::string format_record(const GameRecord& record) {
  std::string out;
  for (const RecordTag& t : record.tags) out += "[" + t.name + " " + quote(t.value) + "]\n";
  out += '\n';
  std::string line;
  for (std::size_t i = 0; i < record.turns.size(); ++i) {
    std::string item =
        std::to_string(i + 1) + ". " + format_turn(record.start.board, record.turns[i].turn);
    if (!record.turns[i].comment.empty()) item += " {" + record.turns[i].comment + "}";
    if (!line.empty() && line.size() + 1 + item.size() > 78) {
      out += line + '\n';
      line.clear();
    }
    if (!line.empty()) line += ' ';
    line += item;
  }
  if (!line.empty()) out += line + '\n';
  return out;
}

GameRecord make_record(const Setup& start, const std::vector<std::string>& players,
                       const std::vector<Turn>& turns) {
  GameRecord r;
  const Rules rules = start.rules();
  if (!start.variant.empty()) r.tags.push_back({"Variant", start.variant, 0});
  // The rule fields go to [Rules], the rest to [Start]; the number of players stays with
  // the position, whose scores and removals depend on it.
  Setup plain = start;
  plain.overrides = {};
  plain.overrides.players = rules.players;
  plain.variant.clear();
  RuleOverrides rule_fields = start.overrides;
  rule_fields.players.reset();
  std::string fields = format_position(Setup{Board(1, 1), {}, "", rule_fields});
  fields = fields.size() > 2 ? fields.substr(2) : "";
  if (!fields.empty()) r.tags.push_back({"Rules", fields, 0});
  r.tags.push_back(
      {"Board", std::to_string(start.board.width()) + "x" + std::to_string(start.board.height()),
       0});
  if (!players.empty()) {
    std::string names;
    for (const std::string& p : players) names += (names.empty() ? "" : ", ") + p;
    r.tags.push_back({"Players", names, 0});
  }
  // The reader gives a full board the removals of the record's rules unless [Start] writes
  // its own; format_position, under the plain rules, leaves them out where they are the
  // plain rules' default, which may not be the record's.
  std::string text = format_position(plain);
  const std::uint16_t due = start.position.removals_due;
  if (due == default_removals(start.board, plain.rules(), start.position) &&
      due != default_removals(start.board, rules, start.position))
    text += " removals=" + format_removals(start.position, rules.players);
  r.tags.push_back({"Start", text, 0});
  r.start = start;
  r.players = players;
  for (const Turn& t : turns) r.turns.push_back({t, "", 0, 0});
  return r;
}

}  // namespace leapfrog
