// Move notation (puzzles/notation.h) read against small fixed positions and checked by the
// legality code (puzzles/legality.h).
//
// Input: the first byte picks a start position (each with other rules); the rest is a game
// from it, turns separated by white space. Invariants, for each turn as long as the game
// stays legal: a move that parses is written back exactly as given (the notation has one
// spelling per turn); check_turn calls it legal exactly when the generator lists it, with
// the generator's capture; applying it moves the turn on and adds that capture to the
// mover's score and nothing else.
#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "fuzz/check.h"
#include "puzzles/legality.h"
#include "puzzles/movegen.h"
#include "puzzles/notation.h"
#include "puzzles/variant.h"

namespace leapfrog::fuzz {
namespace {

constexpr std::size_t kMaxInput = 512;
constexpr int kMaxTurns = 12;

// Small positions under different rules: Murray's, every continuation rule, both measures,
// diagonal jumps, openings due for one or for every player, no-squares, three players, and
// the longest file and rank names (z, 26).
std::vector<Setup> starts() {
  const std::string wide =
      "1.1.1.1.1.1.1.1.1.1.1.1.1./11111111111111111111111111/.1.1.1.1.1.1.1.1.1.1.1.1.1";
  std::string tall;
  for (int r = 0; r < kMaxSide; ++r) tall += std::string(r ? "/" : "") + (r % 3 == 1 ? ".1" : "11");
  const std::vector<std::string> texts = {
      "3441./33311/.1.41/.4.../.41.1 variant=murray",
      "3441./33311/.1.41/.4.../.41.1 continuation=optional by=pieces",
      "3441./33311/.1.41/.4.../.41.1 continuation=board-max diagonal=yes",
      "3441./33311/.1.41/.4.../.41.1 continuation=forced by=pieces turn=2 scores=3,5",
      "1234/2341/3412/4123 variant=murray",
      "1234/2341/3412/4123 players=3 opening=each removal=cheapest",
      std::string(find_variant("english")->start) + " variant=english",
      "1.3.1/22.21/.4.1./3.2.1/11.11 players=3 turn=3 continuation=forced diagonal=yes",
      "#1#1/1.11/#11#/1..1 continuation=piece-max",
      wide + " continuation=optional",
      tall + " continuation=board-max by=pieces",
  };
  std::vector<Setup> out;
  for (const std::string& t : texts) out.push_back(parse_position(t));
  return out;
}

// Every legal turn of the position by its notation, with its capture.
std::map<std::string, TurnView> legal_turns(const Setup& s, const Rules& rules,
                                            const Position& pos) {
  std::map<std::string, TurnView> out;
  for_each_turn(s.board, rules, pos, [&](const TurnView& view) {
    TurnView kept = view;
    kept.squares = {};  // the view's squares live only during the visit
    FUZZ_CHECK(out.emplace(format_turn(s.board, view), kept).second);
  });
  return out;
}

}  // namespace
}  // namespace leapfrog::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace leapfrog;
  static const std::vector<Setup> kStarts = fuzz::starts();
  if (size < 1 || size > fuzz::kMaxInput) return -1;
  const Setup& setup = kStarts[data[0] % kStarts.size()];
  const Board& board = setup.board;
  const Rules rules = setup.rules();
  const std::string_view text = fuzz::as_text(data + 1, size - 1);

  Position pos = setup.position;
  int played = 0;
  for (std::size_t i = 0; i < text.size() && played < fuzz::kMaxTurns;) {
    if (text[i] == ' ' || text[i] == '\n' || text[i] == '\t') {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j < text.size() && text[j] != ' ' && text[j] != '\n' && text[j] != '\t') ++j;
    const std::string_view move = text.substr(i, j - i);
    i = j;

    Turn turn;
    try {
      turn = parse_turn(board, move);
    } catch (const ParseError& e) {
      fuzz::check_message(e.what());
      return 0;
    }
    FUZZ_CHECK(format_turn(board, turn) == move);
    FUZZ_CHECK(!turn.squares.empty());
    for (Square s : turn.squares) FUZZ_CHECK(s < board.cells() && board.is_square(s));

    const auto legal = fuzz::legal_turns(setup, rules, pos);
    const TurnCheck check = check_turn(board, rules, pos, turn);
    const auto listed = legal.find(std::string(move));
    FUZZ_CHECK(check.legal == (listed != legal.end()));
    if (!check.legal) {
      FUZZ_CHECK(!check.reason.empty());
      fuzz::check_message(check.reason);
      return 0;
    }
    FUZZ_CHECK(check.points == listed->second.points && check.pieces == listed->second.pieces);

    const Position next = apply(board, rules, pos, turn);
    FUZZ_CHECK(next.to_move == (pos.to_move + 1) % rules.players);
    for (int p = 0; p < kMaxPlayers; ++p)
      FUZZ_CHECK(next.scores[p] == pos.scores[p] + (p == pos.to_move ? check.size(rules) : 0));
    FUZZ_CHECK(piece_count(board, next) == piece_count(board, pos) - check.pieces);
    FUZZ_CHECK(point_total(board, next) == point_total(board, pos) - check.points);
    pos = next;
    ++played;
  }
  return 0;
}
