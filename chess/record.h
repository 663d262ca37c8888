// PGN-style Leap Chess game records: tag lines ([FEN "..."], others kept as read), then the
// moves in the notation of chess/notation.h, with move numbers ("1.", "1..."), {comments}
// and a result (1-0, 0-1, 1/2-1/2, *) allowed and skipped. docs/leapchess.md.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "chess/position.h"

namespace leapfrog::chess {

// A malformed record; the message names the line.
class RecordError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct GameText {
  std::vector<std::pair<std::string, std::string>> tags;
  std::vector<int> tag_lines;    // each tag's line, in the order of `tags`
  std::string fen = "startpos";  // the FEN tag, if any
  int fen_line = 0;              // the FEN tag's line; 0 without one
  struct Token {
    std::string text;
    int line;
  };
  std::vector<Token> moves;  // move texts as written, not yet read as moves
  std::string result;        // the result token, if any
};

// Throws RecordError for a malformed record: a bad tag, a tag given twice, an unclosed
// comment, a word after the result, or nothing at all (no tag, move or result).
GameText parse_record(std::string_view text);

// A record of the game from `start` with `moves` (legal in turn): [FEN], the given tags, the
// numbered moves (lines of at most 80 characters) and the result ("*" when empty).
std::string format_record(const Position& start, const std::vector<Move>& moves,
                          const std::vector<std::pair<std::string, std::string>>& tags,
                          const std::string& result);

}  // namespace leapfrog::chess
