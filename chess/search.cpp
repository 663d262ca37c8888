#include "chess/search.h"

#include <algorithm>
#include <bit>
#include <cstdlib>

#include "chess/game_end.h"
#include "core/open_table.h"
#include "core/poller.h"
#include "core/table_memory.h"

namespace leapfrog::chess {

int evaluate(const Position& pos) {
  int score[2] = {0, 0};
  for (int c = 0; c < 2; ++c) {
    const Color col = static_cast<Color>(c);
    for (int k = kPawn; k < kKing; ++k)
      score[c] += kPieceValue[k] * std::popcount(pos.pieces(col, static_cast<Kind>(k)));
    // Pawns gain as they advance (promotion is worth a piece).
    Bitboard pawns = pos.pieces(col, kPawn);
    while (pawns) {
      const Sq s = std::countr_zero(pawns);
      pawns &= pawns - 1;
      const int advance = col == kRed ? rank_of(s) - 1 : kRanks - 2 - rank_of(s);
      score[c] += 4 * advance * advance;
    }
    score[c] += 4 * mobility(pos, col);
  }
  const int us = pos.side();
  return score[us] - score[us ^ 1];
}

namespace {

// A move's identity in the table: its squares and promotion folded into 32 bits.
std::uint32_t fingerprint(const Move& m) {
  std::uint32_t h = 2166136261u;
  for (int i = 0; i <= m.steps; ++i) h = (h ^ m.path[static_cast<std::size_t>(i)]) * 16777619u;
  return (h ^ m.promotion) * 16777619u | 1u;  // never 0 (0: no move)
}

enum Bound : std::uint8_t { kNone = 0, kLower = 1, kUpper = 2, kExact = 3 };

}  // namespace

// The search's own table (a core/open_table.h BucketTable): unlike solver/tt.h (exact values and
// upper bounds for the solitaire search, no moves), alpha-beta needs lower bounds, a depth and the
// best move. Used by one search at a time, on one thread; always replaces (the newest result is
// the most useful here).
class SearchTable::Entries {
 public:
  struct Entry {
    std::uint64_t key = 0;
    std::int32_t value = 0;
    std::uint32_t move = 0;
    std::int16_t depth = 0;
    std::uint8_t bound = kNone;
  };
  explicit Entries(std::size_t mb) : entries_(mb << 20) {}
  const Entry* probe(std::uint64_t key) const {
    const Entry& e = entries_.home(key);
    return e.bound != kNone && e.key == key ? &e : nullptr;
  }
  void store(std::uint64_t key, int value, int depth, Bound bound, std::uint32_t move) {
    Entry& e = entries_.home(key);
    if (e.key == key && e.bound != kNone && move == 0) move = e.move;
    e = Entry{key, value, move, static_cast<std::int16_t>(depth), bound};
  }

 private:
  BucketTable<Entry> entries_;  // buckets of one entry
};

SearchTable::SearchTable(std::size_t mb) : mb_(mb), entries_(std::make_unique<Entries>(mb)) {}
SearchTable::~SearchTable() = default;

namespace {

using Table = SearchTable::Entries;

// Mate values are stored relative to the node (plies to mate from it), read back relative to
// the root.
int to_table(int v, int ply) { return v > kMateBound ? v + ply : v < -kMateBound ? v - ply : v; }
int from_table(int v, int ply) { return v > kMateBound ? v - ply : v < -kMateBound ? v + ply : v; }

int captured_value(const Position& pos, const Move& m) {
  if (!m.is_capture()) return 0;
  if (m.flags & kEnPassant) return kPieceValue[kPawn];
  int v = 0;
  for (int i = 1; i <= m.steps; ++i)
    v += kPieceValue[kind_of(pos.at(m.path[static_cast<std::size_t>(i)]))];
  return v;
}

constexpr int kMaxPly = 96;

class Searcher {
 public:
  Searcher(const Rules& rules, const SearchSettings& settings, const SearchControl& control,
           Table& table)
      : rules_(rules),
        table_(table),
        poller_(control),
        path_(settings.history),
        root_moves_(settings.root_moves) {
    pv_.resize(kMaxPly + 1);
    lists_.resize(kMaxPly + 1);
  }

  SearchResult run(const Position& root, int max_depth) {
    SearchResult result;
    MoveList moves = legal_moves(root, rules_);
    if (moves.empty()) {
      result.value = -kMate;
      result.complete = true;
      return result;
    }
    // Drawn already, by a third repetition or the fifty-move rule (chess/game_end.h): no move
    // to choose, value 0.
    if (game_end(root, moves, path_) != GameEnd::kNone) {
      result.value = 0;
      result.complete = true;
      return result;
    }
    keep_root_moves(moves);
    if (moves.empty()) {  // none of the moves asked for is legal here
      result.complete = true;
      return result;
    }
    result.has_move = true;
    result.best = moves.front();
    result.pv = {moves.front()};
    for (int depth = 1; depth <= max_depth; ++depth) {
      can_stop_ = depth > 1;
      const int v = search(root, depth, -kMate - 1, kMate + 1, 0);
      if (stopped_) break;
      result.depth = depth;
      result.value = v;
      result.pv.assign(pv_[0].begin(), pv_[0].end());
      extend_from_table(root, result.pv, depth);
      if (!result.pv.empty()) result.best = result.pv.front();
      poller_.report([&] {
        Progress p;
        p.nodes = nodes_;
        p.best = v;
        p.note = "depth " + std::to_string(depth);
        return p;
      });
      // A lone legal move is the best at once, but its value needs the full search: a
      // forced capture can lead into a lost position.
      if (std::abs(v) > kMateBound) {
        result.complete = true;
        break;
      }
      if (depth == max_depth) result.complete = true;
      if (poller_.limit_reached(nodes_)) break;
    }
    result.nodes = nodes_;
    return result;
  }

 private:
  bool poll() {
    if (can_stop_ && (nodes_ & 1023) == 0 && poller_.limit_reached(nodes_)) stopped_ = true;
    return stopped_;
  }

  // A line cut short where the table answered for the rest goes on with the best moves of the
  // table's exact values, up to `depth` moves; it ends where the search scores a draw (the
  // fifty-move rule, a position seen before).
  void extend_from_table(const Position& root, std::vector<Move>& pv, int depth) const {
    std::vector<std::uint64_t> seen = path_;
    Position pos = root;
    for (const Move& m : pv) {
      seen.push_back(pos.key());
      pos = pos.after(m);
    }
    while (pv.size() < static_cast<std::size_t>(depth)) {
      if (pos.halfmove() >= 100 || std::find(seen.begin(), seen.end(), pos.key()) != seen.end())
        return;
      const Table::Entry* e = table_.probe(pos.key());
      if (!e || e->bound != kExact || e->move == 0) return;
      const MoveList moves = legal_moves(pos, rules_);
      const auto m = std::find_if(moves.begin(), moves.end(),
                                  [&](const Move& x) { return fingerprint(x) == e->move; });
      if (m == moves.end()) return;
      seen.push_back(pos.key());
      pv.push_back(*m);
      pos = pos.after(*m);
    }
  }

  // At the root, only the moves asked for, in the order of the legal moves.
  void keep_root_moves(MoveList& moves) const {
    if (root_moves_.empty()) return;
    std::erase_if(moves, [&](const Move& m) {
      return std::find(root_moves_.begin(), root_moves_.end(), m) == root_moves_.end();
    });
  }

  bool repeated(std::uint64_t key, int halfmove) const {
    // Only positions since the last capture or pawn move can repeat.
    const std::size_t n = path_.size();
    for (std::size_t back = 2; back <= static_cast<std::size_t>(halfmove) && back <= n; back += 2)
      if (path_[n - back] == key) return true;
    return false;
  }

  void order(const Position& pos, MoveList& moves, std::uint32_t tt_move) {
    std::vector<std::pair<int, std::size_t>> keys;
    keys.reserve(moves.size());
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const Move& m = moves[i];
      int k = 0;
      if (tt_move && fingerprint(m) == tt_move) k = 1 << 20;
      k += captured_value(pos, m) * 16 - kPieceValue[kind_of(pos.at(m.from()))] / 16;
      if (m.promotion) k += kPieceValue[m.promotion];
      keys.push_back({-k, i});
    }
    std::stable_sort(keys.begin(), keys.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    MoveList sorted;
    sorted.reserve(moves.size());
    for (const auto& [k, i] : keys) sorted.push_back(moves[i]);
    moves.swap(sorted);
  }

  int search(const Position& pos, int depth, int alpha, int beta, int ply) {
    pv_[static_cast<std::size_t>(ply)].clear();
    if (depth <= 0 || ply >= kMaxPly) return quiesce(pos, alpha, beta, ply);
    ++nodes_;
    if (poll()) return 0;
    if (ply > 0 && (pos.halfmove() >= 100 || repeated(pos.key(), pos.halfmove()))) return 0;
    const Table::Entry* e = table_.probe(pos.key());
    const std::uint32_t tt_move = e ? e->move : 0;
    if (e && ply > 0 && e->depth >= depth) {
      const int v = from_table(e->value, ply);
      if (e->bound == kExact || (e->bound == kLower && v >= beta) ||
          (e->bound == kUpper && v <= alpha))
        return v;
    }
    MoveList& moves = lists_[static_cast<std::size_t>(ply)];
    moves.clear();
    legal_moves(pos, rules_, moves);
    if (moves.empty()) return -(kMate - ply);
    if (ply == 0) keep_root_moves(moves);
    order(pos, moves, tt_move);
    const int alpha0 = alpha;
    int best = -kMate - 1;
    std::uint32_t best_move = 0;
    path_.push_back(pos.key());
    // A forced move (one legal reply) costs no depth.
    const int next_depth = moves.size() == 1 ? depth : depth - 1;
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const Move m = moves[i];
      const int v = -search(pos.after(m), next_depth, -beta, -alpha, ply + 1);
      if (stopped_) break;
      if (v > best) {
        best = v;
        best_move = fingerprint(m);
        if (v > alpha) {
          alpha = v;
          auto& line = pv_[static_cast<std::size_t>(ply)];
          line.clear();
          line.push_back(m);
          const auto& rest = pv_[static_cast<std::size_t>(ply) + 1];
          line.insert(line.end(), rest.begin(), rest.end());
        }
        if (v >= beta) break;
      }
    }
    path_.pop_back();
    if (stopped_) return 0;
    // A root searched over some of its moves has no value of its own to keep.
    if (ply == 0 && !root_moves_.empty()) return best;
    const Bound bound = best >= beta ? kLower : best > alpha0 ? kExact : kUpper;
    table_.store(pos.key(), to_table(best, ply), depth, bound, best_move);
    return best;
  }

  // The leaves: captures only. Under a compulsory rule a side that has a capture must make
  // one, so the static value is no option for it then.
  int quiesce(const Position& pos, int alpha, int beta, int ply) {
    ++nodes_;
    if (poll()) return 0;
    MoveList& moves = lists_[static_cast<std::size_t>(std::min(ply, kMaxPly))];
    moves.clear();
    legal_moves(pos, rules_, moves);
    if (moves.empty()) return -(kMate - ply);
    const int stand = evaluate(pos);
    if (!moves.front().is_capture() || ply >= kMaxPly) return stand;
    int best = -kMate - 1;
    if (!rules_.must_capture) {
      best = stand;
      if (best >= beta) return best;
      alpha = std::max(alpha, best);
    }
    order(pos, moves, 0);
    const MoveList captures(
        moves.begin(),
        std::find_if(moves.begin(), moves.end(), [](const Move& m) { return !m.is_capture(); }));
    for (const Move& m : captures) {
      const int v = -quiesce(pos.after(m), -beta, -alpha, ply + 1);
      if (stopped_) return 0;
      if (v > best) {
        best = v;
        if (v > alpha) alpha = v;
        if (v >= beta) break;
      }
    }
    return best;
  }

  const Rules& rules_;
  Table& table_;
  Poller poller_;
  std::vector<std::uint64_t> path_;
  const std::vector<Move> root_moves_;
  std::vector<std::vector<Move>> pv_;
  std::vector<MoveList> lists_;
  std::uint64_t nodes_ = 0;
  bool stopped_ = false;
  bool can_stop_ = false;
};

}  // namespace

SearchResult analyse(const Position& pos, const Rules& rules, const SearchSettings& settings,
                     const SearchControl& control, SearchTable& table) {
  Searcher s(rules, settings, control, table.entries());
  return s.run(pos, std::max(1, settings.max_depth));
}

std::size_t fresh_table_mb(std::size_t hash_mb, std::uint64_t node_limit) {
  // A search of N nodes stores about N entries (the limit is looked at every so many
  // nodes): 64 slots for each keeps collisions rare, and a larger table only costs its making
  // (a game's searches make one each, and one of more than a few tens of MB is had from the
  // kernel afresh every time).
  constexpr std::size_t kSlotsPerNode = 64;
  return node_budget_mb(hash_mb, node_limit, kSlotsPerNode * sizeof(Table::Entry));
}

SearchResult analyse(const Position& pos, const Rules& rules, const SearchSettings& settings,
                     const SearchControl& control) {
  SearchTable table(fresh_table_mb(settings.hash_mb, control.node_limit));
  return analyse(pos, rules, settings, control, table);
}

}  // namespace leapfrog::chess
