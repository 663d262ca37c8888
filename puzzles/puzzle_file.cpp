#include "puzzles/puzzle_file.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <iterator>
#include <unordered_set>

#include "core/text.h"

namespace leapfrog {

namespace {

[[noreturn]] void fail(std::string_view where, int line, int column, const std::string& what) {
  std::string msg = std::string(where) + " line " + std::to_string(line);
  if (column > 0) msg += ", column " + std::to_string(column);
  throw ParseError(msg + ": " + what);
}

bool is_space(char c) { return c == ' ' || c == '\t'; }

std::optional<long long> to_int(std::string_view s) {
  long long v = 0;
  const char* begin = s.data();
  if (!s.empty() && s[0] == '+') ++begin;
  const auto [end, ec] = std::from_chars(begin, s.data() + s.size(), v);
  if (s.empty() || ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
  return v;
}

std::vector<std::string_view> words(std::string_view s) {
  std::vector<std::string_view> out;
  for (std::size_t i = 0; i < s.size();) {
    if (is_space(s[i])) {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j < s.size() && !is_space(s[j])) ++j;
    out.push_back(s.substr(i, j - i));
    i = j;
  }
  return out;
}

bool is_key(std::string_view k) {
  if (k.empty() || !(std::isalpha(static_cast<unsigned char>(k[0])) || k[0] == '_')) return false;
  for (char c : k)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-')) return false;
  return true;
}

bool is_comment(std::string_view line) {
  if (line.empty()) return false;
  if (line[0] == ';') return true;
  return line[0] == '#' && line.size() > 1 && is_space(line[1]);
}

bool blank(std::string_view line) {
  for (char c : line)
    if (!is_space(c) && c != '\r') return false;
  return true;
}

constexpr std::string_view kKnownKeys[] = {"bm", "id", "ce", "kind", "rating", "themes", "unique"};

bool known_key(std::string_view k) {
  for (std::string_view known : kKnownKeys)
    if (k == known) return true;
  return false;
}

enum Column { kId, kPosition, kMoves, kValue, kRating, kThemes, kKind, kUnique, kColumns };
constexpr std::string_view kColumnNames[kColumns] = {"PuzzleId", "Position", "Moves", "Value",
                                                     "Rating",   "Themes",   "Kind",  "Unique"};

bool known_column(std::string_view k) {
  for (std::string_view known : kColumnNames)
    if (k == known) return true;
  return false;
}

// A bad field value; the format's reader adds the line and column.
struct FieldError {
  std::string what;
};

// A puzzle's solution is required: one turn or more (sheet draws it, check replays it).
std::vector<Turn> parse_solution(const Board& board, std::string_view text) {
  std::vector<Turn> out;
  for (std::string_view w : words(text)) out.push_back(parse_turn(board, w));
  if (out.empty())
    throw ParseError("the solution is empty: a puzzle's solution is one turn or more");
  return out;
}

std::string join_turns(const Board& board, const std::vector<Turn>& turns) {
  std::string out;
  for (const Turn& t : turns) {
    if (!out.empty()) out += ' ';
    out += format_turn(board, t);
  }
  return out;
}

std::vector<std::string> split_words(std::string_view s) {
  std::vector<std::string> out;
  for (std::string_view w : words(s)) out.emplace_back(w);
  return out;
}

Score parse_value(std::string_view s) {
  const auto v = to_int(s);
  if (!v || *v < 0 || *v > kMaxCells * kMaxValue) throw FieldError{"bad value " + quoted_start(s)};
  return static_cast<Score>(*v);
}

int parse_rating(std::string_view s) {
  const auto v = to_int(s);
  if (!v || *v < -100000 || *v > 100000) throw FieldError{"bad rating " + quoted_start(s)};
  return static_cast<int>(*v);
}

PuzzleKind parse_kind(std::string_view s) {
  const auto k = parse_puzzle_kind(s);
  if (!k) throw FieldError{"bad kind " + quoted_start(s) + " (chain or solitaire)"};
  return *k;
}

bool parse_unique(std::string_view s) {
  if (s == "1") return true;
  if (s == "0") return false;
  throw FieldError{"bad unique " + quoted_text(s) + " (1 or 0)"};
}

// ---- EPD-like lines ----

bool needs_quotes(std::string_view v) {
  if (v.empty()) return true;
  for (char c : v)
    if (is_space(c) || c == ';' || c == '"' || c == '\\' || c == '\n' || c == '\r') return true;
  return false;
}

// A line holds one puzzle, so line breaks inside a string are written \n and \r.
std::string quoted(std::string_view v) {
  std::string out = "\"";
  for (char c : v) {
    if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else {
      if (c == '"' || c == '\\') out += '\\';
      out += c;
    }
  }
  return out + "\"";
}

std::string operand(std::string_view v) { return needs_quotes(v) ? quoted(v) : std::string(v); }

}  // namespace

std::string_view to_string(PuzzleKind k) { return k == PuzzleKind::kChain ? "chain" : "solitaire"; }

std::optional<PuzzleKind> parse_puzzle_kind(std::string_view s) {
  if (s == "chain") return PuzzleKind::kChain;
  if (s == "solitaire") return PuzzleKind::kSolitaire;
  return std::nullopt;
}

Puzzle parse_puzzle_epd_line(std::string_view line, int line_no) {
  constexpr std::string_view kWhere = "puzzle";
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  // The position ends before the first whitespace-separated token "bm".
  std::size_t bm = std::string_view::npos;
  for (std::size_t i = 0; i + 2 <= line.size(); ++i) {
    if (line.compare(i, 2, "bm") == 0 && (i == 0 || is_space(line[i - 1])) &&
        (i + 2 == line.size() || is_space(line[i + 2]))) {
      bm = i;
      break;
    }
  }
  if (bm == std::string_view::npos)
    fail(kWhere, line_no, 0, "no ' bm ' (the solution) after the position");
  Puzzle p;
  try {
    p.setup = parse_position(line.substr(0, bm));
  } catch (const ParseError& e) {
    fail(kWhere, line_no, 0, e.what());
  }

  // Operations: opcode operand; where a quoted operand may hold ';'.
  bool seen[std::size(kKnownKeys)] = {};
  std::unordered_set<std::string> extras;  // the extra fields' names so far (a line may hold many)
  std::size_t i = bm;
  while (i < line.size()) {
    while (i < line.size() && is_space(line[i])) ++i;
    if (i == line.size()) break;
    const int key_col = static_cast<int>(i) + 1;
    std::size_t j = i;
    while (j < line.size() && !is_space(line[j]) && line[j] != ';') ++j;
    const std::string key(line.substr(i, j - i));
    if (!is_key(key))
      fail(kWhere, line_no, key_col, "expected a field name, found " + quoted_text(key));
    i = j;
    while (i < line.size() && is_space(line[i])) ++i;
    const int value_col = static_cast<int>(i) + 1;
    std::string value;
    if (i < line.size() && line[i] == '"') {
      ++i;
      for (;;) {
        if (i >= line.size()) fail(kWhere, line_no, value_col, "unterminated string");
        if (line[i] == '\\' && i + 1 < line.size()) {
          const char e = line[i + 1];
          value += e == 'n' ? '\n' : e == 'r' ? '\r' : e;
          i += 2;
        } else if (line[i] == '"') {
          ++i;
          break;
        } else {
          value += line[i++];
        }
      }
      while (i < line.size() && is_space(line[i])) ++i;
      if (i >= line.size() || line[i] != ';')
        fail(kWhere, line_no, static_cast<int>(i) + 1,
             "expected ';' after the string of " + quoted_text(key));
    } else {
      const std::size_t end = line.find(';', i);
      if (end == std::string_view::npos)
        fail(kWhere, line_no, key_col, "field " + quoted_text(key) + " does not end with ';'");
      std::string_view v = line.substr(i, end - i);
      while (!v.empty() && is_space(v.back())) v.remove_suffix(1);
      value = std::string(v);
      i = end;
    }
    ++i;  // the ';'
    for (std::size_t k = 0; k < std::size(kKnownKeys); ++k)
      if (key == kKnownKeys[k]) {
        if (seen[k]) fail(kWhere, line_no, key_col, "field " + quoted_text(key) + " given twice");
        seen[k] = true;
      }
    try {
      if (key == "bm") {
        try {
          p.solution = parse_solution(p.setup.board, value);
        } catch (const ParseError& e) {
          throw FieldError{e.what()};
        }
      } else if (key == "id") {
        p.id = value;
      } else if (key == "ce") {
        p.value = parse_value(value);
      } else if (key == "kind") {
        p.kind = parse_kind(value);
      } else if (key == "rating") {
        p.rating = parse_rating(value);
      } else if (key == "themes") {
        p.themes = split_words(value);
      } else if (key == "unique") {
        p.unique = parse_unique(value);
      } else {
        // An extra field must have a name in both formats: CSV reads these as its own.
        if (known_column(key))
          fail(kWhere, line_no, key_col,
               "field " + quoted_text(key) + " is a CSV column's name, not an extra field");
        if (!extras.insert(key).second)
          fail(kWhere, line_no, key_col, "field " + quoted_text(key) + " given twice");
        p.extra.emplace_back(key, value);
      }
    } catch (const FieldError& e) {
      fail(kWhere, line_no, value_col, e.what);
    }
  }
  return p;
}

std::vector<Puzzle> parse_puzzles_epd(std::string_view text) {
  text = skip_bom(text);
  std::vector<Puzzle> out;
  int line_no = 0;
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = text.substr(pos, end - pos);
    ++line_no;
    pos = end + 1;
    if (blank(line) || is_comment(line)) continue;
    out.push_back(parse_puzzle_epd_line(line, line_no));
  }
  return out;
}

std::string format_puzzle_epd(const Puzzle& p) {
  std::string out = format_position(p.setup);
  out += " bm " + join_turns(p.setup.board, p.solution) + ";";
  out += " id " + quoted(p.id) + ";";
  out += " ce " + std::to_string(p.value) + ";";
  out += " kind " + std::string(to_string(p.kind)) + ";";
  out += " rating " + std::to_string(p.rating) + ";";
  if (!p.themes.empty()) out += " themes " + quoted(join_words(p.themes)) + ";";
  out += std::string(" unique ") + (p.unique ? "1" : "0") + ";";
  for (const auto& [k, v] : p.extra) out += " " + k + " " + operand(v) + ";";
  return out;
}

std::string format_puzzles_epd(std::span<const Puzzle> puzzles) {
  std::string out;
  for (const Puzzle& p : puzzles) out += format_puzzle_epd(p) + "\n";
  return out;
}

// ---- CSV ----

namespace {

struct CsvField {
  std::string text;
  int line;
  int column;
};

// RFC 4180 records: fields separated by ',', records by CRLF or LF; a quoted field may hold
// ',', '"' (doubled) and line breaks.
std::vector<std::vector<CsvField>> csv_records(std::string_view text) {
  constexpr std::string_view kWhere = "puzzle CSV";
  std::vector<std::vector<CsvField>> records;
  std::vector<CsvField> record;
  int line = 1, column = 1;
  std::size_t i = 0;
  const auto advance = [&](char c) {
    if (c == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
  };
  bool record_open = false;
  while (i < text.size()) {
    CsvField f{"", line, column};
    record_open = true;
    if (text[i] == '"') {
      advance(text[i++]);
      for (;;) {
        if (i >= text.size()) fail(kWhere, f.line, f.column, "unterminated quoted field");
        if (text[i] == '"') {
          if (i + 1 < text.size() && text[i + 1] == '"') {
            f.text += '"';
            advance(text[i++]);
            advance(text[i++]);
            continue;
          }
          advance(text[i++]);
          break;
        }
        f.text += text[i];
        advance(text[i++]);
      }
      if (i < text.size() && text[i] != ',' && text[i] != '\n' && text[i] != '\r')
        fail(kWhere, line, column, "text after a closing quote (write \"\" for a quote)");
    } else {
      while (i < text.size() && text[i] != ',' && text[i] != '\n' && text[i] != '\r') {
        if (text[i] == '"') fail(kWhere, line, column, "quote inside an unquoted field");
        f.text += text[i];
        advance(text[i++]);
      }
    }
    record.push_back(std::move(f));
    if (i < text.size() && text[i] == ',') {
      advance(text[i++]);
      if (i == text.size()) record.push_back({"", line, column});
      continue;
    }
    if (i < text.size() && text[i] == '\r') ++i;
    if (i < text.size() && text[i] == '\n') advance(text[i++]);
    records.push_back(std::move(record));
    record.clear();
    record_open = false;
  }
  if (record_open) records.push_back(std::move(record));
  return records;
}

std::string csv_field(std::string_view v) {
  if (v.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(v);
  std::string out = "\"";
  for (char c : v) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

}  // namespace

std::vector<Puzzle> parse_puzzles_csv(std::string_view text) {
  text = skip_bom(text);
  constexpr std::string_view kWhere = "puzzle CSV";
  auto records = csv_records(text);
  // Blank lines (a record of one field of nothing, or of spaces and tabs only) are skipped,
  // as the format's detection skips such lines before the header.
  std::erase_if(records, [](const std::vector<CsvField>& r) {
    return r.size() == 1 && std::all_of(r[0].text.begin(), r[0].text.end(), is_space);
  });
  if (records.empty()) fail(kWhere, 1, 1, "no header (" + std::string(kPuzzleCsvHeader) + ")");
  const auto& header = records[0];
  int column_of[kColumns];
  std::fill(std::begin(column_of), std::end(column_of), -1);
  std::vector<std::pair<int, std::string>> extra_columns;
  std::unordered_set<std::string> extra_names;
  for (std::size_t c = 0; c < header.size(); ++c) {
    const std::string& name = header[c].text;
    bool found = false;
    for (int k = 0; k < kColumns; ++k)
      if (name == kColumnNames[k]) {
        if (column_of[k] >= 0)
          fail(kWhere, header[c].line, header[c].column, "column " + quoted_text(name) + " twice");
        column_of[k] = static_cast<int>(c);
        found = true;
      }
    if (found) continue;
    if (!is_key(name) || known_key(name))
      fail(kWhere, header[c].line, header[c].column, "bad column name " + quoted_text(name));
    if (!extra_names.insert(name).second)
      fail(kWhere, header[c].line, header[c].column, "column " + quoted_text(name) + " twice");
    extra_columns.emplace_back(static_cast<int>(c), name);
  }
  for (int k : {kId, kPosition, kMoves})
    if (column_of[k] < 0)
      fail(kWhere, header[0].line, 0, "the header has no column " + quoted_text(kColumnNames[k]));

  std::vector<Puzzle> out;
  for (std::size_t r = 1; r < records.size(); ++r) {
    const auto& rec = records[r];
    if (rec.size() != header.size())
      fail(kWhere, rec[0].line, 0,
           count_text(rec.size(), "field", "fields") + ", the header has " +
               std::to_string(header.size()));
    Puzzle p;
    const auto field = [&](int k) -> const CsvField* {
      return column_of[k] < 0 ? nullptr : &rec[column_of[k]];
    };
    const CsvField* at = field(kPosition);
    try {
      p.setup = parse_position(at->text);
      p.id = field(kId)->text;
      at = field(kMoves);
      p.solution = parse_solution(p.setup.board, at->text);
      if ((at = field(kValue)) && !at->text.empty()) p.value = parse_value(at->text);
      if ((at = field(kRating)) && !at->text.empty()) p.rating = parse_rating(at->text);
      if ((at = field(kThemes))) p.themes = split_words(at->text);
      if ((at = field(kKind)) && !at->text.empty()) p.kind = parse_kind(at->text);
      if ((at = field(kUnique)) && !at->text.empty()) p.unique = parse_unique(at->text);
    } catch (const ParseError& e) {
      fail(kWhere, at->line, at->column, e.what());
    } catch (const FieldError& e) {
      fail(kWhere, at->line, at->column, e.what);
    }
    for (const auto& [col, name] : extra_columns)
      if (!rec[col].text.empty()) p.extra.emplace_back(name, rec[col].text);
    out.push_back(std::move(p));
  }
  return out;
}

namespace {

// The extra columns: every extra key once, in an order that keeps each puzzle's extra fields
// in their order when some order does (always for puzzles read from CSV, whose fields follow
// the header's columns): by first appearance, a key coming only after every key that precedes
// it in some puzzle. Puzzles that order two keys both ways get the order of first appearance.
std::vector<std::string> extra_columns(std::span<const Puzzle> puzzles) {
  std::vector<std::string> keys;                // by first appearance
  std::vector<std::vector<std::size_t>> after;  // after[k]: the keys right before k in a puzzle
  const auto index = [&](const std::string& key) {
    const auto it = std::find(keys.begin(), keys.end(), key);
    if (it != keys.end()) return static_cast<std::size_t>(it - keys.begin());
    keys.push_back(key);
    after.emplace_back();
    return keys.size() - 1;
  };
  for (const Puzzle& p : puzzles) {
    std::size_t previous = 0;
    for (std::size_t i = 0; i < p.extra.size(); ++i) {
      const std::size_t k = index(p.extra[i].first);
      if (i > 0) after[k].push_back(previous);
      previous = k;
    }
  }
  std::vector<std::string> order;
  std::vector<bool> placed(keys.size());
  while (order.size() < keys.size()) {
    std::size_t next = keys.size();
    for (std::size_t k = 0; k < keys.size() && next == keys.size(); ++k)
      if (!placed[k] && std::all_of(after[k].begin(), after[k].end(),
                                    [&](std::size_t before) { return placed[before]; }))
        next = k;
    if (next == keys.size())  // the puzzles disagree: no order keeps them all
      next =
          static_cast<std::size_t>(std::find(placed.begin(), placed.end(), false) - placed.begin());
    placed[next] = true;
    order.push_back(keys[next]);
  }
  return order;
}

}  // namespace

std::string format_puzzle_csv_header(std::span<const std::string> extra) {
  std::string out(kPuzzleCsvHeader);
  for (const std::string& k : extra) out += "," + k;
  return out + "\n";
}

std::string format_puzzle_csv_row(const Puzzle& p, std::span<const std::string> extra) {
  std::string out = csv_field(p.id) + "," + csv_field(format_position(p.setup)) + "," +
                    csv_field(join_turns(p.setup.board, p.solution)) + "," +
                    std::to_string(p.value) + "," + std::to_string(p.rating) + "," +
                    csv_field(join_words(p.themes)) + "," + std::string(to_string(p.kind)) + "," +
                    (p.unique ? "1" : "0");
  for (const std::string& k : extra) {
    out += ",";
    for (const auto& [key, v] : p.extra)
      if (key == k) out += csv_field(v);
  }
  return out + "\n";
}

std::string format_puzzles_csv(std::span<const Puzzle> puzzles) {
  const std::vector<std::string> extra = extra_columns(puzzles);
  std::string out = format_puzzle_csv_header(extra);
  for (const Puzzle& p : puzzles) out += format_puzzle_csv_row(p, extra);
  return out;
}

std::vector<Puzzle> parse_puzzles(std::string_view text) {
  text = skip_bom(text);
  std::size_t i = 0;
  while (i < text.size() && (is_space(text[i]) || text[i] == '\r' || text[i] == '\n')) ++i;
  if (text.substr(i).starts_with("PuzzleId,")) return parse_puzzles_csv(text);
  return parse_puzzles_epd(text);
}

}  // namespace leapfrog
