#include "solver/game.h"

#include <algorithm>
#include <bit>
#include <limits>
#include <memory>
#include <optional>

#include "core/hash.h"
#include "core/open_table.h"
#include "core/poller.h"
#include "core/symmetry.h"
#include "core/table_memory.h"
#include "puzzles/movegen.h"
#include "solver/exact.h"
#include "solver/tt.h"

namespace leapfrog {

namespace {

constexpr Score kInfinity = 1 << 24;
// A table entry's depth for a subtree that reached no horizon: exact at any depth.
constexpr std::uint8_t kFull = 255;
static_assert(GameOptions::kMaxDepth < kFull);
constexpr std::uint32_t kNoMove = std::numeric_limits<std::uint32_t>::max();

enum class Bound : std::uint8_t { kExact, kLower, kUpper };

using Totals = std::array<Score, kMaxPlayers>;

// The game's table (a core/open_table.h GrowingBucketTable, never grown: each search uses a
// fixed part of it): one thread, buckets of two entries, a generation number so that a new
// search starts empty without clearing the memory (entries of another generation are free).
class GameTable {
 public:
  struct Entry {
    PositionKey key;
    std::array<std::int16_t, kMaxPlayers> totals{};  // max^n: every player's total
    Score value = 0;                                 // two players: the negamax value
    std::uint32_t move = kNoMove;                    // the best turn's index in generation order
    std::uint16_t generation = 0;
    std::uint8_t depth = 0;
    Bound bound = Bound::kExact;
  };

  explicit GameTable(std::size_t bytes) : pairs_(bytes, false, 0, 2) {}

  // Forgets every entry; the search uses the first `bytes` of the table (all of it when it
  // has fewer), a fixed part: a line's entries must be found where they were stored.
  void new_search(std::size_t bytes) {
    if (++generation_ == 0) {  // wrapped: forget everything once
      for (std::size_t i = 0; i < pairs_.buckets(); ++i)
        for (Entry& e : pairs_[i].ways) e.generation = 0;
      generation_ = 1;
    }
    pairs_.restart(table_entries(bytes, sizeof(Pair)));
  }

  const Entry* probe(const PositionKey& key) const {
    return find_way(pair(key).ways,
                    [&](const Entry& e) { return e.generation == generation_ && e.key == key; });
  }

  // Keeps the same position's slot, else a free one, else the shallower of the two.
  Entry& slot(const PositionKey& key) {
    auto& ways = pair(key).ways;
    if (Entry* e = find_way(
            ways, [&](const Entry& x) { return x.generation != generation_ || x.key == key; }))
      return claim(*e, key);
    return claim(victim_way(ways, [](const Entry& x) { return x.depth; }), key);
  }

 private:
  struct Pair {
    std::array<Entry, 2> ways;
  };
  // The hash less its lowest bit picks the pair: the node counts the game reports depend on
  // which positions share a pair.
  Pair& pair(const PositionKey& key) const { return pairs_.home(key.hash() >> 1); }
  Entry& claim(Entry& e, const PositionKey& key) {
    e.key = key;
    e.generation = generation_;
    return e;
  }
  GrowingBucketTable<Pair> pairs_;
  std::uint16_t generation_ = 1;
};

// One generated turn: its squares in the ply's buffer, what it captures, where it came in
// generation order.
struct MoveRef {
  std::uint32_t begin = 0;
  std::uint32_t len = 0;
  std::uint32_t index = 0;
  Score gain = 0;
  bool removal = false;
  bool table = false;  // the table's move (searched first)
};

// A ply's turns, taken from its cursor a batch at a time: a position can have millions of
// turns (the 9x9 lattice of `best --help` under the forced rule), and holding them all would
// take hundreds of MB and stall the limits. A batch ends at kBatchTurns turns or
// kBatchSquares squares; almost every position's turns fit in one, and then the order is
// the whole list's.
struct PlyMoves {
  static constexpr std::size_t kBatchTurns = 4096;
  static constexpr std::size_t kBatchSquares = std::size_t{1} << 16;
  std::optional<TurnCursor> cursor;
  std::uint32_t taken = 0;  // turns taken from the cursor so far
  bool more = false;        // the cursor may have more
  std::vector<Square> squares;
  std::vector<MoveRef> moves;
  std::span<const Square> of(const MoveRef& m) const { return {squares.data() + m.begin, m.len}; }
};

}  // namespace

class GameEngine::Impl {
 public:
  Impl(const Board& board, const Rules& rules, const GameOptions& options)
      : board_(board),
        rules_(rules),
        options_(options),
        table_((options.hash_mb ? options.hash_mb : GameOptions::kDefaultHashMb) << 20),
        sym_(board_, board_.jumps(rules_.jumps)) {
    merge_ = options.symmetry && sym_.count() > 1;
    if (!merge_) return;
    // pre_[k][i]: the cell that symmetry k sends onto square i.
    const int n = board_.squares();
    pre_.assign(static_cast<std::size_t>(sym_.count()), std::vector<Square>(n));
    for (int k = 0; k < sym_.count(); ++k)
      for (int j = 0; j < n; ++j)
        pre_[k][board_.index(sym_.image(k, board_.cell(j)))] = board_.cell(j);
  }

  // `look`: a node-limited search within one without a limit (the exact solver's looks). It
  // uses the part of the table that a search with that limit of its own would have
  // (game_table_mb, halved as ExactFirst::share halves it): the rest would only cost the
  // first touch of its pages. Any other search uses the whole table, the size its caller
  // chose.
  GameResult search(const Position& root, const SearchControl& control, bool look) {
    const std::size_t mb = options_.hash_mb ? options_.hash_mb : GameOptions::kDefaultHashMb;
    table_.new_search((look ? ExactFirst::half_mb(game_table_mb(mb, control.node_limit)) : mb)
                      << 20);
    Poller poller(control);
    poller_ = &poller;
    node_limit_ = control.node_limit;
    nodes_ = 0;
    stopped_ = false;
    limits_on_ = true;
    // Every turn takes a piece: no line is longer than the pieces on the board.
    plies_.resize(static_cast<std::size_t>(piece_count(board_, root)) + 2);

    GameResult result;
    result.totals.assign(static_cast<std::size_t>(rules_.players), 0);
    widest_gain_ = -1;
    const PlyMoves& first = generate(root, 0, kNoMove);
    if (first.moves.empty()) {  // the game is over
      result.proved = result.complete = true;
      result.nodes = 1;
      return result;
    }
    // Until an iteration completes: the largest capture, looked at one turn deep (of the
    // turns generated so far, when the root's turns come in more than one batch).
    result.best = widest_;
    result.pv = {*result.best};
    result.totals = line_totals(board_, rules_, root, result.pv);
    result.value = mover_value(rules_, root, result.totals);
    last_value_ = result.value;

    const int most = options_.max_depth > 0 ? std::min(options_.max_depth, GameOptions::kMaxDepth)
                                            : GameOptions::kMaxDepth;
    for (int depth = 1; depth <= most; ++depth) {
      root_move_ = kNoMove;
      bool full = false;
      Score value = 0;
      if (rules_.players == 2) {
        const Node r = negamax(root, -kInfinity, kInfinity, depth, 0);
        full = r.full;
        value = r.value;
      } else {
        const NodeN r = maxn(root, depth, 0);
        full = r.full;
        value = r.totals[root.to_move];
      }
      if (stopped_) break;
      result.depth = depth;
      result.value = last_value_ = value;
      result.proved = full;
      if (auto best = find_turn(
              root, [&](const TurnView&, std::uint32_t index) { return index == root_move_; }))
        result.best = std::move(best);
      if (full) break;
      // The line of this iteration, read now: a deeper one that stops leaves its own moves in
      // the table, and its line would not be the one the value belongs to.
      result.pv = principal_variation(root, *result.best, false);
    }
    result.complete = !stopped_;
    limits_on_ = false;
    if (result.depth == 0 && *result.best != widest_) {  // a larger capture in a later batch
      result.best = widest_;
      result.value = last_value_ =
          mover_value(rules_, root, line_totals(board_, rules_, root, {widest_}));
    }
    if (result.proved)
      result.pv = principal_variation(root, *result.best, true);
    else if (result.depth == 0)
      result.pv = {*result.best};
    result.totals = line_totals(board_, rules_, root, result.pv);
    if (result.proved && rules_.players != 2) result.value = result.totals[root.to_move];
    result.nodes = nodes_;
    poller_ = nullptr;
    return result;
  }

 private:
  struct Node {
    Score value;
    bool full;  // no horizon was reached below: the value holds at any depth
  };
  struct NodeN {
    Totals totals;
    bool full;
  };

  // A position's table key and the symmetry that gave it (0 when positions are not merged).
  struct Keyed {
    PositionKey key;
    int t = 0;
  };

  // Merged: the key of the position's least image (its cells read in square order through
  // each symmetry, compared as sequences; the first least symmetry wins), so that images
  // share an entry. Removals due and the player to move are not geometric: kept as they are.
  Keyed key_of(const Position& pos) const {
    if (!merge_) return {key_of(pos, [&](int i) { return pos.cells[board_.cell(i)]; }), 0};
    const int n = board_.squares();
    int t = 0;
    for (int k = 1; k < sym_.count(); ++k) {
      const auto& a = pre_[static_cast<std::size_t>(k)];
      const auto& b = pre_[static_cast<std::size_t>(t)];
      for (int i = 0; i < n; ++i) {
        const Value x = pos.cells[a[i]], y = pos.cells[b[i]];
        if (x != y) {
          if (x < y) t = k;
          break;
        }
      }
    }
    const auto& m = pre_[static_cast<std::size_t>(t)];
    return {key_of(pos, [&](int i) { return pos.cells[m[i]]; }), t};
  }

  // The key of the cells `at(i)` holds on square i.
  template <class At>
  PositionKey key_of(const Position& pos, const At& at) const {
    PositionKey key;
    const int squares = board_.squares();
    if (squares <= 64) {  // exact: one nibble per square
      for (int i = 0; i < squares; ++i)
        key.w[static_cast<std::size_t>(i / 16)] |= std::uint64_t{at(i)} << (4 * (i % 16));
    } else {  // 256 bits of hash: four independent 64-bit hashes of the cells
      for (std::size_t h = 0; h < 4; ++h) {
        std::uint64_t x = 0x243F6A8885A308D3ULL * (h + 1);
        for (int c = 0; c < board_.cells(); ++c) {
          const int i = board_.index(static_cast<Square>(c));
          const Value v = i < 0 ? Value{0} : at(i);
          x = mix64(x ^ (std::uint64_t{v} << 16 | static_cast<std::uint64_t>(c)));
        }
        key.w[h] = x;
      }
    }
    key.w[4] = std::uint64_t{pos.removals_due} | std::uint64_t{pos.to_move} << 16;
    return key;
  }

  // How the table names a turn: its index in generation order; merged, a hash of its squares
  // mapped through the position's symmetry t (so every image names the same turn alike).
  std::uint32_t move_id(std::span<const Square> squares, bool removal, std::uint32_t index,
                        int t) const {
    if (!merge_) return index;
    const Square* image = sym_.map(t).data();
    std::uint64_t h = removal;
    for (const Square s : squares) h = h * 0x100000001B3ULL + image[s] + 1;
    h = mix64(h);
    const auto id = static_cast<std::uint32_t>(h ^ (h >> 32));
    return id == kNoMove ? 0 : id;
  }
  std::uint32_t move_id(const PlyMoves& list, const MoveRef& m, int t) const {
    return move_id(list.of(m), m.removal, m.index, t);
  }

  // The first batch of the turns of `pos` into the ply's buffer (PlyMoves); next_batch gives
  // the others. Each batch is ordered best first: the table's move, then the larger
  // captures, then generation order. Merged, the table's move is named through symmetry
  // `sym` (key_of's).
  const PlyMoves& generate(const Position& pos, int ply, std::uint32_t table_move, int sym = 0) {
    PlyMoves& out = plies_[static_cast<std::size_t>(ply)];
    out.cursor.emplace(board_, rules_, pos);
    out.taken = 0;
    out.more = true;
    return next_batch(ply, table_move, sym);
  }
  // The ply's next batch; empty when every turn has been given.
  const PlyMoves& next_batch(int ply, std::uint32_t table_move, int sym) {
    PlyMoves& out = plies_[static_cast<std::size_t>(ply)];
    out.squares.clear();
    out.moves.clear();
    TurnView t;
    while (out.more && out.moves.size() < PlyMoves::kBatchTurns &&
           out.squares.size() < PlyMoves::kBatchSquares) {
      if (!(out.more = out.cursor->next(t))) break;
      out.moves.push_back({static_cast<std::uint32_t>(out.squares.size()),
                           static_cast<std::uint32_t>(t.squares.size()), out.taken++,
                           t.size(rules_), t.removal});
      out.squares.insert(out.squares.end(), t.squares.begin(), t.squares.end());
    }
    if (table_move != kNoMove)
      for (MoveRef& m : out.moves)
        if ((m.table = move_id(out, m, sym) == table_move)) break;
    if (ply == 0 && limits_on_)
      for (const MoveRef& m : out.moves)
        if (m.gain > widest_gain_) {
          widest_ = to_turn(out, m);
          widest_gain_ = m.gain;
        }
    std::sort(out.moves.begin(), out.moves.end(), [&](const MoveRef& a, const MoveRef& b) {
      if (a.table != b.table) return a.table;
      if (a.gain != b.gain) return a.gain > b.gain;
      return a.index < b.index;
    });
    return out;
  }

  // The first turn of `pos`, in generation order, for which match(view, index) holds; none
  // when no turn does. Walks the turns one at a time (and stops at the match).
  template <class Match>
  std::optional<Turn> find_turn(const Position& pos, const Match& match) const {
    TurnCursor cursor(board_, rules_, pos);
    TurnView t;
    for (std::uint32_t index = 0; cursor.next(t); ++index)
      if (match(t, index)) return t.to_turn();
    return std::nullopt;
  }

  Turn to_turn(const PlyMoves& list, const MoveRef& m) const {
    const auto s = list.of(m);
    return Turn{m.removal, {s.begin(), s.end()}};
  }

  bool must_stop() {
    if (stopped_) return true;
    if (!limits_on_) return false;
    if (node_limit_ != 0 && nodes_ >= node_limit_) return stopped_ = true;
    if ((nodes_ & 255) == 0) {
      poller_->report([&] {
        Progress p;
        p.nodes = nodes_;
        p.best = last_value_;  // the last completed depth's value
        p.note = "depth " + std::to_string(depth_);
        return p;
      });
      if (poller_->limit_reached(nodes_)) return stopped_ = true;
    }
    return false;
  }

  // Negamax over turns: the mover's total from here minus the opponent's, fail-soft within
  // (alpha, beta).
  Node negamax(const Position& pos, Score alpha, Score beta, int depth, int ply) {
    ++nodes_;
    if (ply == 0) depth_ = depth;
    if (must_stop()) return {0, false};
    const auto [key, t] = key_of(pos);
    std::uint32_t table_move = kNoMove;
    if (const GameTable::Entry* e = table_.probe(key)) {
      table_move = e->move;
      // Merged, the root is always searched: its choice must be a turn of this very
      // position, not the move of an image the table names.
      if ((e->depth == kFull || e->depth >= depth) && !(merge_ && ply == 0)) {
        const bool full = e->depth == kFull;
        if (e->bound == Bound::kExact || (e->bound == Bound::kLower && e->value >= beta) ||
            (e->bound == Bound::kUpper && e->value <= alpha)) {
          if (ply == 0) root_move_ = e->move;
          return {e->value, full};
        }
      }
    }
    if (depth == 0) {  // the horizon: no turn list needed to tell an end from an evaluation
      if (has_turn(board_, rules_, pos)) return {evaluate(pos), false};
      store(key, 0, Bound::kExact, kFull, kNoMove);
      return {0, true};
    }
    const PlyMoves* list = &generate(pos, ply, table_move, t);
    if (list->moves.empty()) {
      store(key, 0, Bound::kExact, kFull, kNoMove);
      return {0, true};
    }
    const Score alpha0 = alpha;
    Score best = -kInfinity;
    std::uint32_t best_move = kNoMove;
    std::uint32_t best_id = kNoMove;
    bool full = true;
    for (; !list->moves.empty(); list = &next_batch(ply, table_move, t)) {
      for (const MoveRef& m : list->moves) {
        const Position child = apply(board_, rules_, pos, list->of(m), m.removal);
        const Node r = negamax(child, m.gain - beta, m.gain - alpha, depth - 1, ply + 1);
        if (stopped_) return {0, false};
        full = full && r.full;
        const Score v = m.gain - r.value;
        if (v > best) {
          best = v;
          best_move = m.index;
          best_id = move_id(*list, m, t);
        }
        alpha = std::max(alpha, v);
        if (alpha >= beta) break;
      }
      if (alpha >= beta) break;
    }
    const Bound bound = best <= alpha0 ? Bound::kUpper
                        : best >= beta ? Bound::kLower
                                       : Bound::kExact;
    store(key, best, bound, full ? kFull : static_cast<std::uint8_t>(depth), best_id);
    if (ply == 0) root_move_ = best_move;
    return {best, full};
  }

  // Player `p` prefers a to b (see the header: own total, then the others' sum, then the
  // others' totals in turn order).
  bool better(const Totals& a, const Totals& b, int p) const {
    if (a[p] != b[p]) return a[p] > b[p];
    Score sa = 0, sb = 0;
    for (int q = 0; q < rules_.players; ++q)
      if (q != p) sa += a[q], sb += b[q];
    if (sa != sb) return sa < sb;
    for (int k = 1; k < rules_.players; ++k) {
      const int q = (p + k) % rules_.players;
      if (a[q] != b[q]) return a[q] < b[q];
    }
    return false;
  }

  // max^n over turns: every player's total from here on.
  NodeN maxn(const Position& pos, int depth, int ply) {
    ++nodes_;
    if (ply == 0) depth_ = depth;
    NodeN out{Totals{}, false};
    if (must_stop()) return out;
    const auto [key, t] = key_of(pos);
    std::uint32_t table_move = kNoMove;
    if (const GameTable::Entry* e = table_.probe(key)) {
      table_move = e->move;
      if ((e->depth == kFull || e->depth >= depth) && !(merge_ && ply == 0)) {
        for (int q = 0; q < rules_.players; ++q) out.totals[q] = e->totals[q];
        out.full = e->depth == kFull;
        if (ply == 0) root_move_ = e->move;
        return out;
      }
    }
    if (depth == 0 && has_turn(board_, rules_, pos)) return out;  // the evaluation: even
    const PlyMoves* list = &generate(pos, ply, table_move, t);
    if (list->moves.empty()) {
      out.full = true;
      store_totals(key, out.totals, kFull, kNoMove);
      return out;
    }
    const int p = pos.to_move;
    bool have = false, full = true;
    std::uint32_t best_move = kNoMove;
    std::uint32_t best_index = kNoMove;
    std::uint32_t best_id = kNoMove;
    for (; !list->moves.empty(); list = &next_batch(ply, table_move, t)) {
      for (const MoveRef& m : list->moves) {
        const Position child = apply(board_, rules_, pos, list->of(m), m.removal);
        NodeN r = maxn(child, depth - 1, ply + 1);
        if (stopped_) return {Totals{}, false};
        full = full && r.full;
        r.totals[p] += m.gain;
        // Equal totals: the turn first in generation order, whatever the search order was.
        if (!have || better(r.totals, out.totals, p) ||
            (!better(out.totals, r.totals, p) && m.index < best_index)) {
          out.totals = r.totals;
          best_move = best_index = m.index;
          best_id = move_id(*list, m, t);
          have = true;
        }
      }
    }
    out.full = full;
    store_totals(key, out.totals, full ? kFull : static_cast<std::uint8_t>(depth), best_id);
    if (ply == 0) root_move_ = best_move;
    return out;
  }

  Score evaluate(const Position&) const { return 0; }

  void store(const PositionKey& key, Score value, Bound bound, std::uint8_t depth,
             std::uint32_t move) {
    GameTable::Entry& e = table_.slot(key);
    e.value = value;
    e.bound = bound;
    e.depth = depth;
    e.move = move;
  }
  void store_totals(const PositionKey& key, const Totals& totals, std::uint8_t depth,
                    std::uint32_t move) {
    GameTable::Entry& e = table_.slot(key);
    for (int q = 0; q < kMaxPlayers; ++q) e.totals[q] = static_cast<std::int16_t>(totals[q]);
    e.bound = Bound::kExact;
    e.depth = depth;
    e.move = move;
  }

  // The principal variation from `root`, starting with `best`. Proved: each next turn is the
  // one a full search of that position chooses (the table answers most of it), so the line
  // replays to the value. Otherwise the table's moves, as far as it holds them, past the
  // iteration's depth too: at its horizon the search takes the value of a position the table
  // holds instead of evaluating it, and that value's line goes on with the entry's move.
  std::vector<Turn> principal_variation(const Position& root, const Turn& best, bool proved) {
    std::vector<Turn> pv{best};
    Position pos = apply(board_, rules_, root, best);
    for (;;) {
      std::uint32_t move = kNoMove;
      int t = 0;
      if (proved) {
        root_move_ = kNoMove;
        if (rules_.players == 2)
          negamax(pos, -kInfinity, kInfinity, kFull - 1, 0);
        else
          maxn(pos, kFull - 1, 0);
        move = root_move_;  // an index in generation order
      } else {
        const Keyed k = key_of(pos);
        if (const GameTable::Entry* e = table_.probe(k.key)) move = e->move;
        t = k.t;
      }
      if (move == kNoMove) break;
      std::optional<Turn> next = find_turn(pos, [&](const TurnView& v, std::uint32_t index) {
        return (proved ? index : move_id(v.squares, v.removal, index, t)) == move;
      });
      if (!next) break;
      pv.push_back(std::move(*next));
      pos = apply(board_, rules_, pos, pv.back());
    }
    return pv;
  }

  const Board board_;  // a copy: the engine outlives its caller's setups
  const Rules rules_;
  const GameOptions options_;
  GameTable table_;
  std::vector<PlyMoves> plies_;
  Poller* poller_ = nullptr;
  std::uint64_t node_limit_ = 0;
  std::uint64_t nodes_ = 0;
  bool stopped_ = false;
  bool limits_on_ = true;
  int depth_ = 0;
  Score last_value_ = 0;
  std::uint32_t root_move_ = kNoMove;
  // The root's largest capture among the turns generated so far (the first in generation
  // order among equals): the answer until an iteration completes.
  Turn widest_;
  Score widest_gain_ = 0;
  const Symmetry sym_;
  bool merge_ = false;  // symmetric images share a table entry
  std::vector<std::vector<Square>> pre_;
};

std::size_t game_table_mb(std::size_t hash_mb, std::uint64_t node_limit) {
  // The room of one depth-limited entry a position, for both searches: after ExactFirst's
  // split and the rounding down to a power of two, each table holds a quarter to a half of
  // an entry a position of the whole budget. Measured against the whole 1024 MB it gave the
  // same answers and games many times faster (docs/bench.md); a budget's search far deeper
  // than those may keep less of its tree than with the whole --hash.
  return node_budget_mb(hash_mb, node_limit, sizeof(GameTable::Entry));
}

GameEngine::GameEngine(const Board& board, const Rules& rules, const GameOptions& options)
    : board_(board), rules_(rules), options_(options) {}
GameEngine::~GameEngine() = default;

GameResult GameEngine::search(const Position& pos, const SearchControl& control) {
  GameOptions sized = options_;
  sized.hash_mb = game_table_mb(options_.hash_mb ? options_.hash_mb : GameOptions::kDefaultHashMb,
                                control.node_limit);
  if (!impl_ || !exact_ || sized.hash_mb > made_mb_) {
    // The old tables go first: the two never need the memory together. What the exact
    // solver had proved goes with them.
    exact_.reset();
    impl_.reset();
    const GameOptions shared = ExactFirst::share(board_, rules_, sized);
    impl_ = std::make_unique<Impl>(board_, rules_, shared);
    exact_ = std::make_unique<ExactFirst>(board_, rules_, shared);
    made_mb_ = sized.hash_mb;
  }
  return exact_->search(pos, control, [&](const SearchControl& c) {
    return impl_->search(pos, c, control.node_limit == 0 && c.node_limit != 0);
  });
}

GameResult analyse_position(const Board& board, const Rules& rules, const Position& pos,
                            const GameOptions& options, const SearchControl& control) {
  GameEngine engine(board, rules, options);
  return engine.search(pos, control);
}

std::vector<Score> line_totals(const Board& board, const Rules& rules, const Position& pos,
                               const std::vector<Turn>& line) {
  Position at = pos;
  at.scores.fill(0);
  for (const Turn& t : line) at = apply(board, rules, at, t);
  return {at.scores.begin(), at.scores.begin() + rules.players};
}

Score mover_value(const Rules& rules, const Position& pos, const std::vector<Score>& totals) {
  const Score own = totals[pos.to_move];
  if (rules.players != 2) return own;
  return own - totals[static_cast<std::size_t>(1 - pos.to_move)];
}

}  // namespace leapfrog
