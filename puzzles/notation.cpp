#include "puzzles/notation.h"

#include <algorithm>
#include <charconv>
#include <vector>

#include "core/respell.h"
#include "core/text.h"

namespace leapfrog {

namespace {

struct Place {
  int line;
  int column;
};

[[noreturn]] void fail_at(Place at, const std::string& what) {
  throw ParseError("position line " + std::to_string(at.line) + ", column " +
                   std::to_string(at.column) + ": " + what);
}

struct Token {
  std::string_view text;
  Place at;
};

// Cell characters (docs/notation.md); returns -1 for no square, -2 for an unknown character.
int cell_value(char c) {
  if (c >= '1' && c <= '9') return c - '0';
  switch (c) {
    case '.':
      return 0;
    case '#':
      return -1;
    case 'o':
    case 'W':
      return 1;
    case 'Y':
      return 2;
    case 'R':
      return 3;
    case 'G':
      return 4;
    default:
      return -2;
  }
}

bool is_comment(std::string_view line) {
  if (line.empty()) return false;
  if (line[0] == ';') return true;
  return line[0] == '#' && line.size() > 1 && (line[1] == ' ' || line[1] == '\t');
}

std::optional<int> to_int(std::string_view s) {
  int v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
  return v;
}

std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  for (;;) {
    const std::size_t p = s.find(sep, start);
    out.push_back(
        s.substr(start, p == std::string_view::npos ? std::string_view::npos : p - start));
    if (p == std::string_view::npos) return out;
    start = p + 1;
  }
}

struct Fields {
  std::string variant;
  RuleOverrides overrides;
  std::optional<int> turn;
  std::optional<std::vector<int>> scores;
  std::optional<std::vector<int>> removals;
  std::optional<bool> hex;       // grid=hex | grid=square
  std::optional<bool> diagonal;  // diagonal=yes | diagonal=no
  Place players_at{0, 0};
  Place diagonal_at{0, 0};
  Place turn_at{0, 0};
  Place scores_at{0, 0};
  Place removals_at{0, 0};
};

template <class E>
E enum_field(const Token& t, std::string_view key, std::string_view value,
             std::optional<E> (*parse)(std::string_view), std::string_view choices) {
  const auto e = parse(value);
  if (!e)
    fail_at(t.at, "bad " + std::string(key) + " " + quoted_start(value) + " (one of " +
                      std::string(choices) + ")");
  return *e;
}

std::vector<int> int_list(const Token& t, std::string_view key, std::string_view value, int low,
                          int high) {
  std::vector<int> out;
  for (std::string_view item : split(value, ',')) {
    const auto v = to_int(item);
    if (!v || *v < low || *v > high)
      fail_at(t.at, "bad " + std::string(key) + " entry " + quoted_start(item) + " (" +
                        std::to_string(low) + ".." + std::to_string(high) + ")");
    out.push_back(*v);
  }
  return out;
}

void read_field(const Token& t, Fields& f) {
  const std::size_t eq = t.text.find('=');
  const std::string_view key = t.text.substr(0, eq), value = t.text.substr(eq + 1);
  if (value.empty()) fail_at(t.at, "field " + quoted_start(key) + " has no value");
  if (key == "variant") {
    if (!find_variant(value)) fail_at(t.at, "unknown variant " + quoted_start(value));
    f.variant = std::string(value);
  } else if (key == "players") {
    const auto n = to_int(value);
    if (!n || *n < 1 || *n > kMaxPlayers)
      fail_at(t.at,
              "bad players " + quoted_start(value) + " (1.." + std::to_string(kMaxPlayers) + ")");
    f.overrides.players = *n;
    f.players_at = t.at;
  } else if (key == "turn") {
    const auto n = to_int(value);
    if (!n || *n < 1 || *n > kMaxPlayers) fail_at(t.at, "bad turn " + quoted_start(value));
    f.turn = *n;
    f.turn_at = t.at;
  } else if (key == "scores") {
    f.scores = int_list(t, key, value, 0, kMaxCells * kMaxValue);
    if (f.scores->size() > static_cast<std::size_t>(kMaxPlayers)) fail_at(t.at, "too many scores");
    f.scores_at = t.at;
  } else if (key == "removals") {
    f.removals = value == "-" ? std::vector<int>{} : int_list(t, key, value, 1, kMaxPlayers);
    f.removals_at = t.at;
  } else if (key == "continuation") {
    f.overrides.continuation =
        enum_field(t, key, value, &parse_continuation, "optional, forced, piece-max, board-max");
  } else if (key == "by") {
    f.overrides.measure = enum_field(t, key, value, &parse_measure, "points, pieces");
  } else if (key == "diagonal") {
    if (value != "yes" && value != "no")
      fail_at(t.at, "bad diagonal " + quoted_start(value) + " (yes or no)");
    f.diagonal = value == "yes";
    f.diagonal_at = t.at;
  } else if (key == "grid") {
    if (value != "square" && value != "hex")
      fail_at(t.at, "bad grid " + quoted_start(value) + " (square or hex)");
    f.hex = value == "hex";
  } else if (key == "opening") {
    f.overrides.opening = enum_field(t, key, value, &parse_opening, "each, first, none");
  } else if (key == "removal") {
    f.overrides.removal = enum_field(t, key, value, &parse_removal_kind, "any, cheapest");
  } else {
    fail_at(t.at, "unknown field " + quoted_start(key));
  }
}

// The jump set from the two fields that name it, whatever their order. grid= names the
// lattice; diagonal= chooses between the square grid's two sets and means nothing on the
// hexagonal lattice, whose six directions are all its neighbours (saying yes there is an
// error, not a silent no).
void resolve_jumps(Fields& f) {
  const bool variant_hex =
      !f.variant.empty() && find_variant(f.variant)->rules.jumps == JumpSet::kHex;
  const bool hex = f.hex.value_or(variant_hex);
  if (hex && f.diagonal.value_or(false))
    fail_at(f.diagonal_at, "diagonal=yes on a grid=hex board (its six directions are fixed)");
  if (hex) {
    if (f.hex) f.overrides.jumps = JumpSet::kHex;
  } else if (f.diagonal) {
    f.overrides.jumps = *f.diagonal ? JumpSet::kDiagonal : JumpSet::kOrthogonal;
  } else if (f.hex) {
    f.overrides.jumps = JumpSet::kOrthogonal;
  }
}

// One rule for every position: the variant's number of players, and a bare board is the
// traditional game (two players). Solitaire is what solve and reach do with any position.
int implied_players(const std::string& variant) {
  return (variant.empty() ? default_variant() : *find_variant(variant)).rules.players;
}

}  // namespace

Rules RuleOverrides::apply(Rules r) const {
  if (continuation) r.continuation = *continuation;
  if (measure) r.measure = *measure;
  if (jumps) r.jumps = *jumps;
  if (opening) r.opening = *opening;
  if (removal) r.removal = *removal;
  if (players) r.players = *players;
  return r;
}

RuleOverrides RuleOverrides::merged_with(const RuleOverrides& later) const {
  RuleOverrides m = *this;
  if (later.continuation) m.continuation = later.continuation;
  if (later.measure) m.measure = later.measure;
  if (later.jumps) m.jumps = later.jumps;
  if (later.opening) m.opening = later.opening;
  if (later.removal) m.removal = later.removal;
  if (later.players) m.players = later.players;
  return m;
}

Rules Setup::rules() const {
  const Variant& v = variant.empty() ? default_variant() : *find_variant(variant);
  return overrides.apply(v.rules);
}

Setup one_player(const Setup& setup) {
  Setup solo = setup;
  solo.position = one_player(setup.position);
  owe_lone_removals(solo.position, setup.position.removals_owed());
  solo.overrides.players = 1;
  return solo;
}

Setup parse_position(std::string_view text, bool* removals_written, bool* players_written) {
  text = skip_bom(text);
  std::vector<Token> rows, fields;
  int line_no = 0;
  std::size_t pos = 0;
  while (pos <= text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(pos, end - pos);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    ++line_no;
    pos = end + 1;
    if (is_comment(line)) continue;
    for (std::size_t i = 0; i < line.size();) {
      if (line[i] == ' ' || line[i] == '\t') {
        ++i;
        continue;
      }
      std::size_t j = i;
      while (j < line.size() && line[j] != ' ' && line[j] != '\t') ++j;
      const Token tok{line.substr(i, j - i), {line_no, static_cast<int>(i) + 1}};
      if (tok.text.find('=') != std::string_view::npos) {
        fields.push_back(tok);
      } else {
        if (!fields.empty()) fail_at(tok.at, "board rows after the fields");
        // One token may hold several rows joined by '/'.
        std::size_t k = 0;
        for (std::string_view row : split(tok.text, '/')) {
          rows.push_back({row, {tok.at.line, tok.at.column + static_cast<int>(k)}});
          k += row.size() + 1;
        }
      }
      i = j;
    }
  }
  if (rows.empty() && !fields.empty())
    fail_at(fields.front().at, "no board rows: " + quoted_start(fields.front().text) +
                                   " reads as a field (NAME=VALUE), and fields follow the rows");
  if (rows.empty()) throw ParseError("position line 1, column 1: empty position (no board rows)");

  const int width = static_cast<int>(rows[0].text.size());
  const int height = static_cast<int>(rows.size());
  if (height > kMaxSide) fail_at(rows[kMaxSide].at, "more than 26 rows");
  for (const Token& r : rows) {
    for (std::size_t c = 0; c < r.text.size(); ++c) {
      if (c == static_cast<std::size_t>(kMaxSide))
        fail_at({r.at.line, r.at.column + kMaxSide}, "more than 26 columns");
      if (cell_value(r.text[c]) == -2)
        fail_at({r.at.line, r.at.column + static_cast<int>(c)},
                "unknown piece " + quoted_text(char_at(r.text, c)));
    }
    if (static_cast<int>(r.text.size()) != width)
      fail_at(r.at, "row has " + std::to_string(r.text.size()) + " squares, the first row " +
                        std::to_string(width) + " (rows of unequal length)");
  }
  if (width == 0) fail_at(rows[0].at, "empty row");

  std::vector<bool> on_board(static_cast<std::size_t>(width * height));
  Position p;
  for (int i = 0; i < height; ++i) {
    const int rank = height - 1 - i;
    for (int f = 0; f < width; ++f) {
      const int v = cell_value(rows[i].text[f]);
      const std::size_t s = static_cast<std::size_t>(f + rank * width);
      on_board[s] = v >= 0;
      p.cells[s] = static_cast<Value>(v > 0 ? v : 0);
    }
  }

  if (std::none_of(on_board.begin(), on_board.end(), [](bool b) { return b; }))
    fail_at(rows[0].at, "the board has no squares");

  Fields f;
  // A field given twice is refused, as a puzzle file's opcode and a record's tag are: which
  // of the two was meant cannot be known.
  std::vector<std::string_view> keys;
  for (const Token& t : fields) {
    const std::string_view key = t.text.substr(0, t.text.find('='));
    if (std::find(keys.begin(), keys.end(), key) != keys.end())
      fail_at(t.at, "field " + quoted_start(key) + " given twice");
    read_field(t, f);
    keys.push_back(key);
  }
  resolve_jumps(f);
  if (players_written != nullptr) *players_written = f.overrides.players.has_value();
  // Players: the field, else enough for the scores, the turn and the removals given, else
  // the variant's (2 if bare).
  int named = f.scores ? static_cast<int>(f.scores->size()) : 0;
  if (f.turn) named = std::max(named, *f.turn);
  if (f.removals)
    for (const int who : *f.removals) named = std::max(named, who);
  const int players =
      f.overrides.players ? *f.overrides.players : std::max(implied_players(f.variant), named);
  if (f.scores && static_cast<int>(f.scores->size()) > players)
    fail_at(f.scores_at, std::to_string(f.scores->size()) + " scores for " +
                             count_text(players, "player", "players"));
  if (players != implied_players(f.variant)) f.overrides.players = players;
  if (f.turn) {
    if (*f.turn > players)
      fail_at(f.turn_at,
              "turn " + std::to_string(*f.turn) + " but " + std::to_string(players) + " players");
    p.to_move = static_cast<std::uint8_t>(*f.turn - 1);
  }
  if (f.scores) {
    // A capture moves points from the board to a score, so a score plus the board's points
    // never grows in play: held to the reader's bound here, every position played from this
    // one reads back too.
    int on_board_points = 0;
    for (const Value v : p.cells) on_board_points += v;
    for (std::size_t i = 0; i < f.scores->size(); ++i) {
      const int score = (*f.scores)[i];
      if (score + on_board_points > kMaxCells * kMaxValue)
        fail_at(f.scores_at, "scores entry " + std::to_string(score) + " and the " +
                                 std::to_string(on_board_points) +
                                 " points on the board make more than " +
                                 std::to_string(kMaxCells * kMaxValue));
      p.scores[i] = score;
    }
  }
  Setup setup{Board(width, height, std::move(on_board)), p, f.variant, f.overrides};
  if (f.removals) {
    for (int who : *f.removals) {
      if (who > players)
        fail_at(f.removals_at, "removal for player " + std::to_string(who) + " but " +
                                   std::to_string(players) + " players");
      // Each player owes at most one: a number twice is a mistake, not a second removal.
      if ((setup.position.removals_due >> (who - 1)) & 1U)
        fail_at(f.removals_at, "removals: player " + std::to_string(who) + " given twice");
      setup.position.removals_due =
          static_cast<std::uint16_t>(setup.position.removals_due | (1U << (who - 1)));
    }
  } else {
    setup.position.removals_due = default_removals(setup.board, setup.rules(), setup.position);
  }
  if (removals_written != nullptr) *removals_written = f.removals.has_value();
  return setup;
}

std::string format_grid(const Board& board, const Position& pos) {
  std::string out;
  for (int r = board.height() - 1; r >= 0; --r) {
    for (int f = 0; f < board.width(); ++f) {
      const Square s = board.square(f, r);
      out += !board.is_square(s) ? '#'
             : pos.cells[s] == 0 ? '.'
                                 : static_cast<char>('0' + pos.cells[s]);
    }
    out += '\n';
  }
  return out;
}

std::string format_position(const Setup& setup) {
  std::string out = format_grid(setup.board, setup.position);
  out.pop_back();
  for (char& c : out)
    if (c == '\n') c = '/';
  const auto field = [&](std::string_view key, std::string_view value) {
    out += ' ';
    out += key;
    out += '=';
    out += value;
  };
  const RuleOverrides& o = setup.overrides;
  if (!setup.variant.empty()) field("variant", setup.variant);
  if (o.players) field("players", std::to_string(*o.players));
  if (o.continuation) field("continuation", to_string(*o.continuation));
  if (o.measure) field("by", to_string(*o.measure));
  if (o.jumps) {
    // diagonal= only on the square grid, and grid=square only where the variant's lattice
    // is hexagonal, so that parse_position reads back the same overrides.
    const bool variant_hex =
        setup.variant.empty() ? false : find_variant(setup.variant)->rules.jumps == JumpSet::kHex;
    if (*o.jumps == JumpSet::kHex) {
      field("grid", "hex");
    } else {
      if (variant_hex) field("grid", "square");
      field("diagonal", *o.jumps == JumpSet::kDiagonal ? "yes" : "no");
    }
  }
  if (o.opening) field("opening", to_string(*o.opening));
  if (o.removal) field("removal", to_string(*o.removal));
  const Position& p = setup.position;
  const int players = setup.rules().players;
  if (p.to_move != 0) field("turn", std::to_string(p.to_move + 1));
  bool any_score = false;
  for (int i = 0; i < players; ++i) any_score |= p.scores[i] != 0;
  if (any_score) {
    std::string s;
    for (int i = 0; i < players; ++i) {
      if (i) s += ',';
      s += std::to_string(p.scores[i]);
    }
    field("scores", s);
  }
  if (p.removals_due != default_removals(setup.board, setup.rules(), p))
    field("removals", format_removals(p, players));
  return out;
}

std::string format_removals(const Position& pos, int players) {
  std::string s;
  for (int i = 0; i < players; ++i)
    if (pos.removal_due(i)) {
      if (!s.empty()) s += ',';
      s += std::to_string(i + 1);
    }
  return s.empty() ? "-" : s;
}

Square parse_square(const Board& board, std::string_view text) {
  if (text.size() < 2 || text[0] < 'a' || text[0] > 'z')
    throw ParseError("bad square '" + std::string(text) +
                     "' (a file letter a..z and a rank number)");
  const auto rank = to_int(text.substr(1));
  if (!rank || *rank < 1 || text[1] == '0')
    throw ParseError("bad square '" + std::string(text) +
                     "' (a file letter a..z and a rank number)");
  const int file = text[0] - 'a';
  const std::string grid = std::to_string(board.width()) + "x" + std::to_string(board.height());
  if (!board.contains(file, *rank - 1))
    throw ParseError("square " + std::string(text) + " is not on the " + grid + " board");
  // A cell of the grid that the board's shape leaves out ('#'), such as a corner of a cross.
  if (!board.is_square(board.square(file, *rank - 1)))
    throw ParseError("square " + std::string(text) + " is on the " + grid +
                     " grid but not a square of the board ('#' in its position text)");
  return board.square(file, *rank - 1);
}

namespace {
// " (did you mean c2xe2?)" when `text` is a move in another spelling (A2XC2, a2-c2, a2c2) that
// reads in the notation on this board; else "".
std::string respelt_hint(const Board& board, std::string_view text) {
  const auto write = [](const Respelt& r) {
    std::string out = r.removal ? "x" : "";
    for (std::size_t i = 0; i < r.squares.size(); ++i) out += (i ? "x" : "") + r.squares[i];
    return out;
  };
  return meant_move(text, "", true, write, [&](const std::string& written) {
    try {
      parse_turn(board, written);
      return true;
    } catch (const ParseError&) {
      return false;
    }
  });
}
}  // namespace

Turn parse_turn(const Board& board, std::string_view text) {
  const auto fail = [&](std::size_t col, const std::string& what) -> void {
    throw ParseError("move " + quoted_start(text) + " column " + std::to_string(col + 1) + ": " +
                     what + respelt_hint(board, text));
  };
  Turn turn;
  if (text.empty()) fail(0, "empty move");
  std::size_t i = 0;
  // A leading 'x' followed by a letter marks a removal; "x3" is the square x3.
  if (text.size() > 1 && text[0] == 'x' && text[1] >= 'a' && text[1] <= 'z') {
    turn.removal = true;
    i = 1;
  }
  for (;;) {
    const std::size_t start = i;
    if (i >= text.size() || text[i] < 'a' || text[i] > 'z')
      fail(i, "expected a square (file letter a..z)");
    ++i;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i;
    if (i == start + 1) fail(i, "expected a rank number after the file letter");
    try {
      turn.squares.push_back(parse_square(board, text.substr(start, i - start)));
    } catch (const ParseError& e) {
      fail(start, e.what());
    }
    if (i == text.size()) break;
    if (text[i] != 'x')
      fail(i, "expected 'x' between squares, found " + quoted_text(char_at(text, i)));
    ++i;
  }
  if (turn.removal && turn.squares.size() != 1) fail(0, "a removal names one square (xd4)");
  if (!turn.removal && turn.squares.size() < 2)
    fail(0, "a jump chain needs a start and a landing square (c3xe3)");
  return turn;
}

namespace {
std::string format_squares(const Board& board, std::span<const Square> squares, bool removal) {
  std::string out = removal ? "x" : "";
  for (std::size_t i = 0; i < squares.size(); ++i) {
    if (i) out += 'x';
    out += square_name(board, squares[i]);
  }
  return out;
}
}  // namespace

std::string format_turn(const Board& board, const Turn& turn) {
  return format_squares(board, turn.squares, turn.removal);
}
std::string format_turn(const Board& board, const TurnView& turn) {
  return format_squares(board, turn.squares, turn.removal);
}

}  // namespace leapfrog
