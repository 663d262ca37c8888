// Leap Chess game records (chess/record.h), as `chess verify --game` reads them, byte-order
// mark and all.
//
// Input: the first byte picks the capture rule; the rest is a record. Invariants: the record
// reads or fails with a clean message; read after a UTF-8 byte-order mark it reads to the same
// tags, FEN, moves (with their lines) and result, or fails with the same message, and a mark
// at the start never shows in a message; its moves, played from its FEN up to the first that
// does not read or is illegal (each failure a clean message), are written back by
// format_record to a record that reads to the start's FEN, the played moves in the tool's
// spelling and the result.
#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "chess/movegen.h"
#include "chess/notation.h"
#include "chess/record.h"
#include "fuzz/check.h"

namespace leapfrog::fuzz {
namespace {

// A long game's record is a few KiB.
constexpr std::size_t kMaxInput = 8 << 10;
constexpr std::size_t kMaxMoves = 200;
constexpr std::string_view kBom = "\xef\xbb\xbf";

// A record read, or the message of its RecordError.
using Reading = std::variant<chess::GameText, std::string>;

Reading read(std::string_view text) {
  try {
    return chess::parse_record(text);
  } catch (const chess::RecordError& e) {
    check_message(e.what());
    return std::string(e.what());
  }
}

bool same_text(const chess::GameText& a, const chess::GameText& b) {
  if (a.tags != b.tags || a.tag_lines != b.tag_lines || a.fen != b.fen || a.result != b.result ||
      a.moves.size() != b.moves.size())
    return false;
  for (std::size_t i = 0; i < a.moves.size(); ++i)
    if (a.moves[i].text != b.moves[i].text || a.moves[i].line != b.moves[i].line) return false;
  return true;
}

bool same_reading(const Reading& a, const Reading& b) {
  if (a.index() != b.index()) return false;
  if (const auto* e = std::get_if<std::string>(&a)) return *e == std::get<std::string>(b);
  return same_text(std::get<chess::GameText>(a), std::get<chess::GameText>(b));
}

// Plays the record's moves from its FEN as far as they go; nothing when the FEN is refused.
void replay(const chess::GameText& g, const chess::Rules& rules, const char* rule_name,
            bool marked) {
  chess::Position start;
  try {
    start = chess::Position::from_fen(g.fen);
  } catch (const chess::FenError& e) {
    check_message(e.what());
    FUZZ_CHECK(marked || std::string(e.what()).find(kBom) == std::string::npos);
    return;
  }
  chess::Position pos = start;
  std::vector<chess::Move> played;
  for (const auto& token : g.moves) {
    if (played.size() == kMaxMoves) break;
    chess::WrittenMove written;
    try {
      written = chess::parse_move(token.text, pos.geometry());
    } catch (const chess::MoveSyntaxError& e) {
      check_message(e.what());
      FUZZ_CHECK(marked || std::string(e.what()).find(kBom) == std::string::npos);
      break;
    }
    const chess::Verdict v = chess::judge(pos, rules, written);
    if (!v.legal) {
      check_message(v.reason);
      break;
    }
    pos = pos.after(v.move);
    FUZZ_CHECK(pos.key() == pos.compute_key());
    played.push_back(v.move);
  }
  const std::string result = g.result.empty() ? "*" : g.result;
  const std::string text = chess::format_record(start, played, {{"Captures", rule_name}}, result);
  const chess::GameText again = chess::parse_record(text);
  FUZZ_CHECK(again.fen == start.fen());
  FUZZ_CHECK(chess::Position::from_fen(again.fen) == start);
  FUZZ_CHECK(again.result == result);
  FUZZ_CHECK(again.moves.size() == played.size());
  for (std::size_t i = 0; i < played.size(); ++i)
    FUZZ_CHECK(again.moves[i].text == chess::move_text(played[i]));
}

}  // namespace
}  // namespace leapfrog::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace leapfrog;
  if (size < 1 || size > fuzz::kMaxInput) return -1;
  const chess::CaptureRule kinds[] = {chess::CaptureRule::kCompulsory,
                                      chess::CaptureRule::kMultiple, chess::CaptureRule::kOptional};
  const char* const names[] = {"compulsory", "multiple", "optional"};
  const chess::Rules rules = chess::rules_for(kinds[data[0] % 3]);
  const std::string_view text = fuzz::as_text(data + 1, size - 1);

  // The record without one leading mark, and with one: the same reading.
  const std::string_view body = text.starts_with(fuzz::kBom) ? text.substr(3) : text;
  const fuzz::Reading plain = fuzz::read(body);
  if (!body.starts_with(fuzz::kBom)) {
    const fuzz::Reading marked = fuzz::read(std::string(fuzz::kBom) + std::string(body));
    FUZZ_CHECK(fuzz::same_reading(plain, marked));
  }
  // A mark the reader skipped never shows in what it says; one further in may.
  const bool marked_inside = body.find(fuzz::kBom) != std::string_view::npos;
  if (const auto* e = std::get_if<std::string>(&plain)) {
    FUZZ_CHECK(marked_inside || e->find(fuzz::kBom) == std::string::npos);
    return 0;
  }
  fuzz::replay(std::get<chess::GameText>(plain), rules, names[data[0] % 3], marked_inside);
  return 0;
}
