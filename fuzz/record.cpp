// Game records (puzzles/record.h, docs/records.md).
//
// Invariants: a record that parses has a consistent start (the player to move exists, a full
// board owes the rules' opening removals unless its text writes removals=); format_record reads
// back to the same tags, start, players, claimed scores, turns and comments, and is itself
// canonical (formatting again gives the same text); make_record of the parsed game reads back to
// the same start, rules and turns; replaying the turns through the legality code, up to the first
// illegal one, adds each turn's capture to its mover's score and takes that many pieces off.
#include "puzzles/record.h"

#include <cstdint>
#include <string>

#include "fuzz/check.h"
#include "puzzles/legality.h"
#include "puzzles/movegen.h"

namespace leapfrog::fuzz {
namespace {

// A record of a long game on a 26x26 board is a few KiB.
constexpr std::size_t kMaxInput = 16 << 10;
// Under piece-max and board-max, check_turn searches for the largest capture, whose cost grows
// exponentially with the board (a 9x9 lattice takes seconds): those games are replayed on
// boards up to 6x6 only.
constexpr int kMaxSearchedSquares = 36;

bool same_game(const GameRecord& a, const GameRecord& b) {
  if (a.tags.size() != b.tags.size() || a.turns.size() != b.turns.size()) return false;
  for (std::size_t i = 0; i < a.tags.size(); ++i)
    if (a.tags[i].name != b.tags[i].name || a.tags[i].value != b.tags[i].value) return false;
  for (std::size_t i = 0; i < a.turns.size(); ++i)
    if (!(a.turns[i].turn == b.turns[i].turn) || a.turns[i].comment != b.turns[i].comment)
      return false;
  return a.start == b.start && a.players == b.players && a.scores == b.scores;
}

void check_start(const GameRecord& r) {
  const Rules rules = r.start.rules();
  fuzz::check_players(r.start);
  if (board_full(r.start.board, r.start.position)) {
    // A full board is a start: player 1 to move, no score; its removals are the rules' or
    // the ones the text wrote.
    Position start = start_position(rules, r.start.position);
    start.removals_due = r.start.position.removals_due;
    FUZZ_CHECK(r.start.position == start);
  }
  if (!r.players.empty()) FUZZ_CHECK(static_cast<int>(r.players.size()) == rules.players);
  if (r.scores) FUZZ_CHECK(static_cast<int>(r.scores->size()) == rules.players);
}

void replay(const GameRecord& r) {
  const Board& board = r.start.board;
  const Rules rules = r.start.rules();
  const bool searches = rules.continuation == Continuation::kPieceMax ||
                        rules.continuation == Continuation::kBoardMax;
  if (searches && board.squares() > kMaxSearchedSquares) return;
  Position pos = r.start.position;
  for (const RecordTurn& t : r.turns) {
    const TurnCheck check = check_turn(board, rules, pos, t.turn);
    if (!check.legal) {
      check_message(check.reason);
      return;
    }
    const Position next = apply(board, rules, pos, t.turn);
    FUZZ_CHECK(next.scores[pos.to_move] == pos.scores[pos.to_move] + check.size(rules));
    FUZZ_CHECK(piece_count(board, next) == piece_count(board, pos) - check.pieces);
    pos = next;
  }
}

}  // namespace
}  // namespace leapfrog::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace leapfrog;
  if (size > fuzz::kMaxInput) return -1;
  GameRecord record;
  try {
    record = parse_record(fuzz::as_text(data, size));
  } catch (const ParseError& e) {
    fuzz::check_message(e.what());
    return 0;
  }
  fuzz::check_start(record);

  const std::string text = format_record(record);
  const GameRecord again = parse_record(text);
  FUZZ_CHECK(fuzz::same_game(record, again));
  FUZZ_CHECK(format_record(again) == text);

  std::vector<Turn> turns;
  for (const RecordTurn& t : record.turns) turns.push_back(t.turn);
  const GameRecord made =
      parse_record(format_record(make_record(record.start, record.players, turns)));
  FUZZ_CHECK(made.start.board == record.start.board);
  FUZZ_CHECK(made.start.position == record.start.position);
  FUZZ_CHECK(made.start.rules() == record.start.rules());
  FUZZ_CHECK(made.start.variant == record.start.variant);
  FUZZ_CHECK(made.players == record.players);
  FUZZ_CHECK(made.turns.size() == record.turns.size());
  for (std::size_t i = 0; i < turns.size(); ++i) FUZZ_CHECK(made.turns[i].turn == turns[i]);

  fuzz::replay(record);
  return 0;
}
