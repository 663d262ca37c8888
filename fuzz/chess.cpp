// Leap Chess text (chess/position.h FEN, chess/notation.h moves, chess/record.h records) and
// the move generator.
//
// Input: the first byte picks the capture rule; then one line of FEN; the rest is a game from
// it, moves separated by white space. Invariants: a FEN that reads is written back to text
// that reads to the same position, with the incrementally kept key equal to the one computed
// from scratch; every error is one line without control characters; for each move of the game
// as long as it stays legal, judge() calls it legal exactly when the generator lists it, and
// a listed move is written back as given (when given in the tool's spelling); after it the
// key still agrees, the side to move changed and no King is gone.
#include <algorithm>
#include <cstdint>
#include <string>

#include "chess/movegen.h"
#include "chess/notation.h"
#include "chess/record.h"
#include "fuzz/check.h"

namespace {
constexpr std::size_t kMaxInput = 512;
constexpr int kMaxMoves = 12;
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace leapfrog::chess;
  namespace fuzz = leapfrog::fuzz;
  if (size < 1 || size > kMaxInput) return -1;
  const CaptureRule rule_kinds[] = {CaptureRule::kCompulsory, CaptureRule::kMultiple,
                                    CaptureRule::kOptional};
  const Rules rules = rules_for(rule_kinds[data[0] % 3]);
  const std::string_view text = fuzz::as_text(data + 1, size - 1);
  // The whole input read as a game record, too: it reads or fails with a clean message.
  try {
    (void)parse_record(text);
  } catch (const RecordError& e) {
    fuzz::check_message(e.what());
  }
  const std::size_t eol = std::min(text.find('\n'), text.size());
  Position pos;
  try {
    pos = Position::from_fen(text.substr(0, eol));
  } catch (const FenError& e) {
    fuzz::check_message(e.what());
    return 0;
  }
  FUZZ_CHECK(Position::from_fen(pos.fen()) == pos);
  FUZZ_CHECK(Position::from_fen(pos.fen()).fen() == pos.fen());
  FUZZ_CHECK(pos.key() == pos.compute_key());

  const std::string_view game = eol < text.size() ? text.substr(eol + 1) : std::string_view();
  int played = 0;
  for (std::size_t i = 0; i < game.size() && played < kMaxMoves;) {
    if (game[i] == ' ' || game[i] == '\n' || game[i] == '\t') {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j < game.size() && game[j] != ' ' && game[j] != '\n' && game[j] != '\t') ++j;
    const std::string_view move = game.substr(i, j - i);
    i = j;
    WrittenMove written;
    try {
      written = parse_move(move, pos.geometry());
    } catch (const MoveSyntaxError& e) {
      fuzz::check_message(e.what());
      return 0;
    }
    const MoveList legal = legal_moves(pos, rules);
    const Move* listed = find_move(legal, written);
    const Verdict v = judge(pos, rules, written);
    FUZZ_CHECK(v.legal == (listed != nullptr));
    if (!v.legal) {
      fuzz::check_message(v.reason);
      return 0;
    }
    const std::string spelled = move_text(v.move);
    FUZZ_CHECK(parse_move(spelled, pos.geometry()).squares == written.squares);
    const Position next = pos.after(v.move);
    FUZZ_CHECK(next.key() == next.compute_key());
    FUZZ_CHECK(next.side() != pos.side());
    FUZZ_CHECK(next.king(kRed) != kNoSq && next.king(kBlack) != kNoSq);
    FUZZ_CHECK(!next.attacked(next.king(pos.side()), next.side()));
    pos = next;
    ++played;
  }
  return 0;
}
