#include "chess/record.h"

#include "chess/notation.h"
#include "core/text.h"

namespace leapfrog::chess {

namespace {

bool is_move_number(std::string_view w) {
  std::size_t i = 0;
  while (i < w.size() && w[i] >= '0' && w[i] <= '9') ++i;
  if (i == 0 || i == w.size()) return false;
  for (; i < w.size(); ++i)
    if (w[i] != '.') return false;
  return true;
}

}  // namespace

GameText parse_record(std::string_view text) {
  text = skip_bom(text);
  GameText g;
  int line = 1;
  bool in_comment = false;
  int comment_line = 0;
  std::size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    if (c == '\n') {
      ++line;
      ++i;
      continue;
    }
    if (in_comment) {
      if (c == '}') in_comment = false;
      ++i;
      continue;
    }
    if (c == ' ' || c == '\t' || c == '\r') {
      ++i;
      continue;
    }
    if (c == '{') {
      in_comment = true;
      comment_line = line;
      ++i;
      continue;
    }
    if (c == ';') {  // a comment to the end of the line
      while (i < text.size() && text[i] != '\n') ++i;
      continue;
    }
    if (c == '[') {
      const std::size_t end = text.find_first_of("]\n", i);
      if (end == std::string_view::npos || text[end] != ']')
        throw RecordError("record line " + std::to_string(line) + ": tag without ']'");
      const std::string_view tag = text.substr(i + 1, end - i - 1);
      const std::size_t space = tag.find(' ');
      const std::size_t q1 = tag.find('"'), q2 = tag.rfind('"');
      if (space == std::string_view::npos || q1 == std::string_view::npos || q2 <= q1)
        throw RecordError("record line " + std::to_string(line) + ": tag " + quoted_text(tag) +
                          " is not [Name \"value\"]");
      std::string name(tag.substr(0, space));
      std::string value(tag.substr(q1 + 1, q2 - q1 - 1));
      // A tag after a move would change the rules or the start of the moves before it.
      if (!g.moves.empty() || !g.result.empty())
        throw RecordError("record line " + std::to_string(line) + ": tag [" +
                          escape_controls(name) + "] after the moves (tags come first)");
      for (const auto& given : g.tags)
        if (given.first == name)
          throw RecordError("record line " + std::to_string(line) + ": tag [" +
                            escape_controls(name) + "] given twice");
      if (name == "FEN") {
        g.fen = value;
        g.fen_line = line;
      }
      g.tags.emplace_back(std::move(name), std::move(value));
      g.tag_lines.push_back(line);
      i = end + 1;
      continue;
    }
    std::size_t j = i;
    while (j < text.size() && text[j] != ' ' && text[j] != '\t' && text[j] != '\r' &&
           text[j] != '\n' && text[j] != '{' && text[j] != ';')
      ++j;
    const std::string_view word = text.substr(i, j - i);
    i = j;
    if (!g.result.empty())
      throw RecordError("record line " + std::to_string(line) + ": " + quoted_text(word) +
                        " after the result " + g.result);
    if (is_move_number(word)) continue;
    if (word == "1-0" || word == "0-1" || word == "1/2-1/2" || word == "*") {
      g.result = std::string(word);
      continue;
    }
    // "12.b2b4": a move number joined to its move.
    std::size_t dot = word.find_last_of('.');
    const std::string_view move =
        dot != std::string_view::npos && is_move_number(word.substr(0, dot + 1))
            ? word.substr(dot + 1)
            : word;
    g.moves.push_back({std::string(move), line});
  }
  if (in_comment)
    throw RecordError("record line " + std::to_string(comment_line) + ": comment without '}'");
  // Nothing at all is more likely a wrong file or an empty pipe than a game not begun, which
  // is written with a tag or a result ("*").
  if (g.tags.empty() && g.moves.empty() && g.result.empty())
    throw RecordError("record line 1: an empty record (no tags, moves or result)");
  return g;
}

std::string format_record(const Position& start, const std::vector<Move>& moves,
                          const std::vector<std::pair<std::string, std::string>>& tags,
                          const std::string& result) {
  std::string out = "[FEN \"" + start.fen() + "\"]\n";
  for (const auto& [name, value] : tags) out += "[" + name + " \"" + value + "\"]\n";
  out += '\n';
  std::string line;
  const auto add = [&](const std::string& word) {
    if (!line.empty() && line.size() + 1 + word.size() > 80) {
      out += line + '\n';
      line.clear();
    }
    if (!line.empty()) line += ' ';
    line += word;
  };
  int number = start.fullmove();
  Color side = start.side();
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (side == kRed)
      add(std::to_string(number) + ". " + move_text(moves[i]));
    else if (i == 0)
      add(std::to_string(number) + "... " + move_text(moves[i]));
    else
      add(move_text(moves[i]));
    if (side == kBlack) ++number;
    side = opposite(side);
  }
  add(result.empty() ? "*" : result);
  out += line + '\n';
  return out;
}

}  // namespace leapfrog::chess
