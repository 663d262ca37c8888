#include "cli/uci.h"

#include <algorithm>
#include <limits>

#include "chess/notation.h"
#include "cli/common.h"

namespace leapfrog::cli::uci {

std::vector<std::string> words_of(std::string_view line) {
  std::vector<std::string> out;
  std::string word;
  for (const char c : line) {
    if (c == ' ' || c == '\t' || c == '\r') {
      if (!word.empty()) out.push_back(std::move(word));
      word.clear();
    } else {
      word += c;
    }
  }
  if (!word.empty()) out.push_back(std::move(word));
  return out;
}

namespace {

bool is_go_word(const std::string& w) {
  for (const char* k : {"wtime", "btime", "winc", "binc", "movestogo", "movetime", "depth", "nodes",
                        "mate", "infinite", "ponder", "searchmoves"})
    if (w == k) return true;
  return false;
}

// Reads one move of a position or a searchmoves list; `where` names it in an error.
chess::Move read_move(const std::string& text, const std::string& where, const chess::Position& pos,
                      const chess::Rules& rules) {
  chess::WrittenMove written;
  try {
    written = chess::parse_move(text, pos.geometry());
  } catch (const chess::MoveSyntaxError& e) {
    throw UsageError(where + ": " + e.what());
  }
  const chess::Verdict v = chess::judge(pos, rules, written);
  if (!v.legal) throw UsageError(where + " is not legal: " + v.reason);
  return v.move;
}

}  // namespace

Go read_go(const std::vector<std::string>& words) {
  Go go;
  constexpr std::uint64_t kMaxMs = std::uint64_t{1} << 40;
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::string& w = words[i];
    // One of each, as the hub takes its fields: a second would silently win over the first.
    if (std::find(words.begin(), words.begin() + static_cast<std::ptrdiff_t>(i), w) !=
        words.begin() + static_cast<std::ptrdiff_t>(i))
      throw UsageError("go " + w + " is given twice");
    if (w == "infinite") {
      go.infinite = true;
      continue;
    }
    if (w == "ponder") {
      go.ponder = true;
      continue;
    }
    if (w == "searchmoves") {
      // The moves run to the next argument's name.
      while (i + 1 < words.size() && !is_go_word(words[i + 1]))
        go.searchmoves.push_back(words[++i]);
      if (go.searchmoves.empty()) throw UsageError("go searchmoves needs moves");
      continue;
    }
    if (!is_go_word(w)) throw UsageError("go: unknown argument " + quoted_start(w));
    if (i + 1 == words.size()) throw UsageError("go " + w + " needs a number");
    const std::string& text = words[++i];
    // A clock may run below zero in some GUIs: read as no time left.
    if (w == "wtime" || w == "btime") {
      const bool below = text.starts_with("-");
      try {
        const auto v = static_cast<std::int64_t>(
            parse_whole(below ? text.substr(1) : text, "go " + w, 0, kMaxMs));
        (w == "wtime" ? go.wtime : go.btime) = below ? 1 : std::max<std::int64_t>(v, 1);
      } catch (const UsageError&) {
        throw UsageError("go " + w + " must be a whole number -" + std::to_string(kMaxMs) + ".." +
                         std::to_string(kMaxMs) + ", not " + quoted_start(text));
      }
      continue;
    }
    if (w == "depth") {
      go.depth = static_cast<int>(parse_whole(text, "go depth", 1, 64));
    } else if (w == "mate") {
      go.mate = static_cast<int>(parse_whole(text, "go mate", 1, 32));
    } else if (w == "nodes") {
      go.nodes = parse_whole(text, "go nodes", 1, std::numeric_limits<std::uint64_t>::max());
    } else if (w == "movestogo") {
      go.movestogo = static_cast<int>(parse_whole(text, "go movestogo", 1, 1000000));
    } else {
      const auto v = static_cast<std::int64_t>(parse_whole(text, "go " + w, 0, kMaxMs));
      if (w == "winc") go.winc = v;
      if (w == "binc") go.binc = v;
      if (w == "movetime") go.movetime = std::max<std::int64_t>(v, 1);
    }
  }
  return go;
}

std::chrono::milliseconds think_time(const Go& go, chess::Color side) {
  if (go.movetime > 0) return std::chrono::milliseconds(go.movetime);
  const std::int64_t left = side == chess::kRed ? go.wtime : go.btime;
  const std::int64_t inc = side == chess::kRed ? go.winc : go.binc;
  if (left <= 0) return std::chrono::milliseconds(0);
  const std::int64_t moves = go.movestogo > 0 ? go.movestogo : 30;
  const std::int64_t margin = std::min<std::int64_t>(50, left / 2);
  const std::int64_t share = left / moves + inc * 3 / 4;
  return std::chrono::milliseconds(
      std::clamp<std::int64_t>(share, 1, std::max<std::int64_t>(1, left - margin)));
}

chess::Position read_position(const std::vector<std::string>& words, const chess::Rules& rules,
                              std::vector<std::uint64_t>& history) {
  if (words.empty()) throw UsageError("position needs startpos or fen FEN");
  const auto moves_at = std::find(words.begin(), words.end(), "moves");
  std::string fen;
  if (words[0] == "startpos") {
    if (moves_at != words.begin() + 1)
      throw UsageError("position startpos takes only moves after it");
    fen = "startpos";
  } else if (words[0] == "fen") {
    for (auto w = words.begin() + 1; w != moves_at; ++w) fen += (fen.empty() ? "" : " ") + *w;
    if (fen.empty()) throw UsageError("position fen needs a FEN");
  } else {
    throw UsageError("position needs startpos or fen FEN, not " + quoted_start(words[0]));
  }
  chess::Position pos;
  try {
    pos = chess::Position::from_fen(fen);
  } catch (const chess::FenError& e) {
    throw UsageError(std::string(e.what()) + " in FEN " + quoted_start(fen));
  }
  history.clear();
  if (moves_at == words.end()) return pos;
  int number = 0;
  for (auto w = moves_at + 1; w != words.end(); ++w) {
    ++number;
    const chess::Move m =
        read_move(*w, "move " + std::to_string(number) + " " + quoted_start(*w), pos, rules);
    history.push_back(pos.key());
    pos = pos.after(m);
  }
  return pos;
}

std::vector<chess::Move> read_root_moves(const std::vector<std::string>& words,
                                         const chess::Position& pos, const chess::Rules& rules) {
  std::vector<chess::Move> moves;
  for (const std::string& w : words) {
    const chess::Move m = read_move(w, "go searchmoves " + quoted_start(w), pos, rules);
    if (std::find(moves.begin(), moves.end(), m) != moves.end())
      throw UsageError("go searchmoves " + quoted_start(w) + " is given twice");
    moves.push_back(m);
  }
  return moves;
}

}  // namespace leapfrog::cli::uci
