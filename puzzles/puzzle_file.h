// Puzzle files (docs/puzzle-files.md): a puzzle is a position, a claimed solution and facts
// about it. Two formats, both read and written with exact round trips:
//
//   EPD-like lines, one puzzle a line:
//     <position text> bm <turn> <turn> ...; id "m001"; ce 7; kind chain; rating 1200;
//     themes "long return"; unique 1; <extra-key> <value>;
//   The position text ends before the first whitespace-separated token "bm" (a position's
//   rows and key=value fields can never be that token). After it come operations
//   "opcode operand;", an operand being a bare word or a "quoted string" in which \" \\ \n \r
//   stand for a quote, a backslash, LF and CR.
//
//   CSV (RFC 4180 quoting), header first:
//     PuzzleId,Position,Moves,Value,Rating,Themes,Kind,Unique[,extra columns]
//   Moves and Themes are space-separated lists.
//
// Only strings in and out: reading and writing files is the command line's business.
// Solutions are checked for syntax and squares on the board, not for legality (that is
// what `leapfrog check` does).
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "puzzles/notation.h"

namespace leapfrog {

enum class PuzzleKind : std::uint8_t {
  kChain,      // find the largest capture of one turn (`leapfrog best`)
  kSolitaire,  // find the best single-player line (`leapfrog solve`)
};

std::string_view to_string(PuzzleKind k);
std::optional<PuzzleKind> parse_puzzle_kind(std::string_view s);

struct Puzzle {
  std::string id;
  PuzzleKind kind = PuzzleKind::kChain;
  Setup setup;
  std::vector<Turn> solution;
  Score value = 0;  // what the solution captures (by the position's measure)
  int rating = 0;   // difficulty, Elo-like
  std::vector<std::string> themes;
  bool unique = false;  // whether the solution is claimed to be the only optimal one
  // Further fields, in file order: (key, value). Keys are identifiers ([A-Za-z_][A-Za-z0-9_-]*)
  // other than the known ones of either format (the EPD opcodes and the CSV column names).
  std::vector<std::pair<std::string, std::string>> extra;

  bool operator==(const Puzzle&) const = default;
};

// EPD-like format. Blank lines and comment lines (';' first, or '#' then a space) are
// skipped. Throws ParseError "puzzle line L, column C: ...".
std::vector<Puzzle> parse_puzzles_epd(std::string_view text);
Puzzle parse_puzzle_epd_line(std::string_view line, int line_no = 1);
std::string format_puzzle_epd(const Puzzle& p);                   // one line, no newline
std::string format_puzzles_epd(std::span<const Puzzle> puzzles);  // a line each

// CSV format. Throws ParseError "puzzle CSV line L, column C: ...".
inline constexpr std::string_view kPuzzleCsvHeader =
    "PuzzleId,Position,Moves,Value,Rating,Themes,Kind,Unique";
std::vector<Puzzle> parse_puzzles_csv(std::string_view text);
std::string format_puzzles_csv(std::span<const Puzzle> puzzles);
// The same text in pieces, for writing puzzles as they come: the header line with the
// `extra` columns after the fixed ones, and one line per puzzle (its values of those columns,
// empty where it has none). format_puzzles_csv's columns are the puzzles' extra keys by
// first appearance.
std::string format_puzzle_csv_header(std::span<const std::string> extra);
std::string format_puzzle_csv_row(const Puzzle& p, std::span<const std::string> extra);

// Either format: CSV when the first non-blank line starts with "PuzzleId,".
std::vector<Puzzle> parse_puzzles(std::string_view text);

}  // namespace leapfrog
