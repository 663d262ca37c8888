#include "solver/solitaire.h"

#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <limits>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <unordered_map>

#include "core/bigcount.h"
#include "core/classes.h"
#include "core/hash.h"
#include "core/pagoda.h"
#include "core/poller.h"
#include "core/symmetry.h"
#include "puzzles/legality.h"
#include "puzzles/movegen.h"
#include "solver/guided.h"
#include "solver/reach.h"
#include "solver/solitaire/bit_game.h"
#include "solver/solitaire/bounds.h"
#include "solver/solitaire/finish.h"
#include "solver/solitaire/general_game.h"
#include "solver/solitaire/searcher.h"
#include "solver/tt.h"

namespace leapfrog {

using namespace solitaire_search;

namespace {

struct KeyHash {
  std::size_t operator()(const PositionKey& k) const { return k.hash(); }
};

// Joins consecutive single jumps of one piece into chains (legal turns under the optional
// rule, for which the search uses single jumps).
std::vector<Turn> join_chains(std::vector<Turn> line) {
  std::vector<Turn> out;
  for (Turn& t : line) {
    if (!out.empty() && !t.removal && !out.back().removal &&
        out.back().squares.back() == t.squares.front()) {
      out.back().squares.push_back(t.squares.back());
      continue;
    }
    out.push_back(std::move(t));
  }
  return out;
}

template <class Game>
SolveResult run(const Game& game, const Rules& rules, const SolveOptions& options,
                const SearchControl& control, Score floor = -1, std::size_t reserved = 0) {
  // One budget: with a count by the DP, the table and the count's memo share it, after the
  // `reserved` bytes that the game holds (a finish's table).
  const std::size_t budget = (options.hash_mb << 20) - reserved;
  // Grown as the search needs it; under a node limit whole from the start: what such a search
  // finds depends on its table, and puzzles generated within node budgets (the shipped
  // collection among them) are reproduced from exactly that table.
  TranspositionTable tt(options.count ? budget / 2 : budget, control.node_limit == 0);
  Searcher<Game> searcher(game, tt, control);
  searcher.reversed_ = options.reversed_order;
  using State = typename Game::State;
  using Local = typename Searcher<Game>::Local;
  const State& root = game.root();
  const Score root_ub = game.upper_bound(root);
  searcher.bound_ = is_none(root_ub) ? -1 : root_ub;

  // Split the top of the tree: expand level by level until there are a few nodes per thread.
  // Each distinct position is kept once (every path to it has captured the same total).
  // Under a node limit one thread searches the whole tree: the threads share the table and
  // the best value found, so where a parallel search stands after N nodes depends on timing,
  // and the answer must not depend on the thread count.
  const int threads = control.node_limit != 0 ? 1
                      : control.threads > 0   ? control.threads
                                              : tbb::this_task_arena::max_concurrency();
  struct Node {
    State s;
    Score acc;
    std::vector<typename Game::Move> path;
  };
  std::vector<Node> frontier{Node{root, 0, {}}};
  for (int depth = 0; depth < 4 && static_cast<int>(frontier.size()) < 4 * threads && threads > 1;
       ++depth) {
    std::vector<Node> next;
    std::unordered_map<PositionKey, std::size_t, KeyHash> seen;
    bool grew = false, full = false;
    for (const Node& n : frontier) {
      bool any = false;
      game.for_each_move(n.s, [&](const typename Game::Move& m) {
        // A level of more than kMaxFrontier nodes (a position can have millions of turns)
        // is not used: the threads share the level before.
        if (next.size() >= kMaxFrontier) {
          full = true;
          return false;
        }
        any = true;
        Node c{game.child(n.s, m), n.acc + m.gain, n.path};
        c.path.push_back(m);
        if (seen.emplace(game.key(c.s), next.size()).second) next.push_back(std::move(c));
        return true;
      });
      if (full) break;
      if (!any) next.push_back(n);
      grew = grew || any;
    }
    if (!grew || full) break;
    frontier = std::move(next);
  }

  // A line of value `floor` is known (the guided search's): look only for better ones.
  std::atomic<Score> root_best{floor};
  if (floor > 0) searcher.best_found_.store(floor);
  const auto solve_node = [&](const Node& n) {
    if (searcher.stopped_.load() || searcher.cutoff_.load()) return;
    Local local;
    local.path = n.path;
    const Score alpha = std::max<Score>(root_best.load() - n.acc, -1);
    const Score r = searcher.search(n.s, alpha, n.acc, local);
    searcher.flush(local);
    if (r == kAbort || r <= alpha) return;
    Score cur = root_best.load();
    while (n.acc + r > cur && !root_best.compare_exchange_weak(cur, n.acc + r)) {
    }
    if (root_best.load() >= root_ub) searcher.cutoff_.store(true);
  };
  if (frontier.size() == 1) {
    solve_node(frontier[0]);
  } else {
    tbb::task_arena arena(threads);
    arena.execute([&] {
      tbb::parallel_for(
          std::size_t{0}, frontier.size(), [&](std::size_t i) { solve_node(frontier[i]); },
          tbb::simple_partitioner());
    });
  }

  SolveResult result;
  result.bound = root_ub;
  const bool cut = root_best.load() >= root_ub;
  result.complete = !searcher.stopped_.load() || cut;
  if (floor >= 0 && root_best.load() <= floor &&
      (result.complete || searcher.best_found_.load() <= floor)) {
    // Nothing better than the known line: the caller gives that line (proved if complete).
    result.value = floor;
    result.proved = result.complete;
    if (result.complete) result.bound = floor;
    result.nodes = searcher.nodes_.load();
    return result;
  }
  if (result.complete && game.finishing() && root_best.load() < 0) {
    // Every line ends elsewhere or with more pieces: proved, no line reaches the finish.
    result.possible = false;
    result.proved = true;
    result.value = result.bound = 0;
    if (options.count) result.count.assign(1, '0');
    result.nodes = searcher.nodes_.load();
    return result;
  }
  if (result.complete) {
    // Rebuild one optimal line by a fixed-order walk, so that it does not depend on which
    // thread found what first. The walk searches again and may take long after a cutoff (a
    // thread that reached the bound proves nothing about the others' subtrees), so it keeps
    // the limits: stopped, the result is the stopped search's below.
    searcher.cutoff_.store(false);
    Local local;
    State s = root;
    Score v = root_best.load();
    std::vector<Turn> line;
    while (v > 0 && result.complete) {
      bool found = false;
      State next;
      game.for_each_move(s, [&](const typename Game::Move& m) {
        if (m.gain > v) return true;
        State c = game.child(s, m);
        const Score r = searcher.search(c, v - m.gain - 1, 0, local);
        if (r == kAbort) {
          result.complete = false;
          return false;
        }
        if (r < v - m.gain) return true;
        line.push_back(game.to_turn(m));
        next = std::move(c);
        v -= m.gain;
        found = true;
        return false;
      });
      if (!found && result.complete)
        throw std::logic_error("solve: no move keeps the proved value");
      if (found) s = std::move(next);
    }
    searcher.flush(local);
    if (result.complete) {
      result.value = root_best.load();
      result.bound = result.value;
      result.proved = true;
      result.line = std::move(line);
    }
  }
  if (result.complete) {
    if (options.count) {
      Local local;
      CountMemo memo(budget / 2);
      searcher.phase_ = "counting the optimal lines depth first";
      std::uint64_t calls = 0;
      bool aborted = false;
      const BigCount n = count_lines(searcher, root, result.value, local, memo, calls, aborted);
      searcher.flush(local);
      if (!aborted) result.count = n.to_string();
    }
  } else if (game.finishing()) {
    // The best line seen that ends on the finish (such a line ends there: nothing to play
    // on), or none yet: then nothing is known (the root itself is never stopped in).
    std::lock_guard lock(searcher.best_mutex_);
    result.possible = !searcher.best_line_.empty();
    result.value = result.possible ? searcher.best_found_.load() : 0;
    for (const auto& m : searcher.best_line_) result.line.push_back(game.to_turn(m));
    result.proved = result.possible && result.value >= root_ub;
  } else {
    // The best line seen, played on to the end of the game by always taking the dearest
    // capture (a stopped search may have been cut off in the middle of a line).
    std::lock_guard lock(searcher.best_mutex_);
    result.value = searcher.best_found_.load();
    State s = root;
    for (const auto& m : searcher.best_line_) {
      result.line.push_back(game.to_turn(m));
      s = game.child(s, m);
    }
    for (;;) {
      std::optional<typename Game::Move> first;
      game.for_each_move(s, [&](const typename Game::Move& m) {
        first = m;
        return false;
      });
      if (!first) break;
      result.line.push_back(game.to_turn(*first));
      result.value += first->gain;
      s = game.child(s, *first);
    }
    result.proved = result.value >= root_ub;
  }
  result.nodes = searcher.nodes_.load();
  if (rules.continuation == Continuation::kOptional)
    result.line = join_chains(std::move(result.line));
  return result;
}

// The most memory a finish's table of small positions takes (Finish::build_table), in MB.
constexpr std::size_t kFinishTableMb = 16;

// Boards with more squares than this get a guided line first (solver/guided.h); on smaller
// ones the exhaustive search is fast on its own, and their lines stay as they were.
constexpr int kGuidedSquares = 36;

// What a lone player's line takes from `pos` (its removals first), or -1 if a turn is
// illegal: the guided line is checked before it is trusted.
Score replay_line(const Board& board, const Rules& solo, Position pos,
                  const std::vector<Turn>& line) {
  int removals = pos.removals_owed();
  pos = one_player(pos);
  Score total = 0;
  for (const Turn& t : line) {
    owe_lone_removals(pos, removals);
    const TurnCheck c = check_turn(board, solo, pos, t);
    if (!c.legal) return -1;
    total += c.size(solo);
    pos = apply(board, solo, pos, t);
    if (t.removal) --removals;
  }
  return total;
}

constexpr int kPlayOnTurns = 4096;

// Plays a stopped line on to the end of the game, always taking the dearest capture (the
// first in generation order among equals), as a stopped exhaustive search does; returns
// what the added turns take. Under the optional rule the turns are single jumps here;
// under the others, whole turns (a removal still due among them), the dearest of the first
// kPlayOnTurns generated (a position can have millions).
Score play_on(const Board& board, const Rules& solo, Position pos, std::vector<Turn>& line) {
  if (solo.continuation != Continuation::kOptional) {
    int removals = pos.removals_owed();
    pos = one_player(pos);
    for (const Turn& t : line) {
      owe_lone_removals(pos, removals);
      pos = apply(board, solo, pos, t);
      if (t.removal) --removals;
    }
    Score added = 0;
    for (;;) {
      owe_lone_removals(pos, removals);
      std::optional<Turn> best;
      Score gain = 0;
      int seen = 0;
      for_each_turn(board, solo, pos, [&](const TurnView& t) {
        if (!best || t.size(solo) > gain) {
          best = t.to_turn();
          gain = t.size(solo);
        }
        return ++seen < kPlayOnTurns;
      });
      if (!best) return added;
      pos = apply(board, solo, pos, *best);
      if (best->removal) --removals;
      line.push_back(std::move(*best));
      added += gain;
    }
  }
  pos = one_player(pos);
  pos.removals_due = 0;
  for (const Turn& t : line) pos = apply(board, solo, pos, t);
  Score added = 0;
  for (;;) {
    Turn best;
    Score gain = 0;
    for (int s = 0; s < board.cells(); ++s) {
      if (pos.cells[static_cast<std::size_t>(s)] == 0) continue;
      for (const Jump& j : board.jumps(static_cast<Square>(s), solo.jumps)) {
        const Value v = pos.cells[j.over];
        if (v == 0 || pos.cells[j.to] != 0 || solo.gain(v) <= gain) continue;
        gain = solo.gain(v);
        best = Turn{false, {static_cast<Square>(s), j.to}};
      }
    }
    if (gain == 0) return added;
    pos = apply(board, solo, pos, best);
    line.push_back(best);
    added += gain;
  }
}

// Nodes for one finish probe (finish_probes): a few seconds of one thread.
constexpr std::uint64_t kProbeNodes = std::uint64_t{1} << 22;

// What the finish probes found: a line to one piece, or nothing.
struct ProbeResult {
  SolveResult line;    // proved, with a line, when `found`
  bool found = false;  // a line that leaves one piece, of the cheapest value
  std::uint64_t nodes = 0;
};

// Where the guided line misses a lone last piece that the position class allows (Wiegleb
// from e9): the finish search (SolveOptions::finish, with its pagoda and backward-table
// cuts) asked for each square where a lone piece can stand, up to the symmetries that keep
// the position, the squares farthest from the empty ones first (returns to the start hole
// are the hard finishes), each within kProbeNodes on one thread, so that the answer is the
// same at any thread count. A line found leaves one piece: proved optimal when that piece
// is the cheapest (`bound`). Boards of at most 64 squares under the optional rule, no
// removal due.
ProbeResult finish_probes(const Board& board, const Rules& solo, const Position& pos,
                          const SolveOptions& options, const SearchControl& control, Score bound) {
  ProbeResult out;
  const PositionClasses classes(board, board.jumps(solo.jumps));
  const Symmetry sym(board, board.jumps(solo.jumps));
  std::uint64_t code = 0;
  Score total = 0;
  Value cheapest = 0;
  double fx = 0, fy = 0;
  int empty = 0;
  for (int i = 0; i < board.squares(); ++i) {
    const Square s = board.cell(i);
    const Value v = pos.cells[s];
    if (v == 0) {
      fx += board.file(s);
      fy += board.rank(s);
      ++empty;
      continue;
    }
    code ^= classes.code(s);
    total += solo.gain(v);
    cheapest = cheapest == 0 ? v : std::min(cheapest, v);
  }
  if (empty == 0 || cheapest == 0 || bound != total - solo.gain(cheapest)) return out;
  fx /= empty;
  fy /= empty;
  // The symmetries that keep the position carry a lone finish on s to one on its image.
  std::vector<int> keep;
  for (int k = 1; k < sym.count(); ++k) {
    bool same = true;
    for (int i = 0; i < board.squares() && same; ++i)
      same = pos.cells[sym.image(k, board.cell(i))] == pos.cells[board.cell(i)];
    if (same) keep.push_back(k);
  }
  std::vector<std::pair<double, int>> squares;  // (minus the distance, dense index)
  for (int i = 0; i < board.squares(); ++i) {
    const Square s = board.cell(i);
    if (classes.code(s) != code) continue;
    bool first = true;
    for (int k : keep) first = first && board.index(sym.image(k, s)) >= i;
    if (!first) continue;
    const double dx = board.file(s) - fx, dy = board.rank(s) - fy;
    squares.push_back({-(dx * dx + dy * dy), i});
  }
  std::sort(squares.begin(), squares.end());
  const std::size_t k = squares.size();
  if (k == 0) return out;
  // The probes run side by side, each on one thread with its own table: a share of --hash
  // that depends on the number of probes only, so that each probe's answer is the same
  // whatever runs beside it. Under a node limit they run one after another, each within
  // what the ones before left. A probe whose square comes after one that found a line is
  // cancelled: the first square in order that has a line gives the answer.
  const std::size_t share = std::max<std::size_t>(options.hash_mb / k, 1);
  const int threads = control.node_limit != 0 ? 1
                      : control.threads > 0   ? control.threads
                                              : tbb::this_task_arena::max_concurrency();
  const int workers = static_cast<int>(std::max<std::size_t>(
      1, std::min({static_cast<std::size_t>(threads), k, options.hash_mb / share})));
  std::vector<SolveResult> results(k);
  std::vector<char> ran(k, 0);
  std::vector<std::atomic<bool>> cancel(k);
  std::atomic<std::size_t> next{0}, found_at{k};
  std::atomic<std::uint64_t> used{0};
  std::mutex report;
  const auto started = std::chrono::steady_clock::now();
  const auto probe_one = [&](std::size_t j) {
    if (found_at.load() < j || control.stop_requested()) return;
    SearchControl probe = control;
    probe.cancel = &cancel[j];
    probe.node_limit = kProbeNodes;
    if (control.node_limit != 0) {
      if (used.load() >= control.node_limit) return;
      probe.node_limit = std::min(kProbeNodes, control.node_limit - used.load());
    }
    if (control.time_limit.count() > 0) {
      const auto spent = std::chrono::duration_cast<std::chrono::milliseconds>(
          std::chrono::steady_clock::now() - started);
      if (spent >= control.time_limit) return;
      probe.time_limit = control.time_limit - spent;
    }
    if (control.progress)  // the caller's callback is never called concurrently with itself
      probe.progress = [&](const Progress& p) {
        std::unique_lock lock(report, std::try_to_lock);
        if (lock.owns_lock()) control.progress(p);
      };
    SolveOptions o = options;
    o.count = false;
    o.hash_mb = share;
    o.finish = board.cell(squares[j].second);
    const std::size_t table = std::min((o.hash_mb << 20) / 4, kFinishTableMb << 20);
    const Poller setup(probe);
    results[j] = run(BitGame(board, solo, pos, o.symmetry, o.finish, table, &setup), solo, o, probe,
                     -1, table);
    ran[j] = 1;
    used += results[j].nodes;
    if (results[j].possible && results[j].proved && results[j].value == bound) {
      std::size_t cur = found_at.load();
      while (j < cur && !found_at.compare_exchange_weak(cur, j)) {
      }
      for (std::size_t later = j + 1; later < k; ++later) cancel[later].store(true);
    }
  };
  const auto work = [&] {
    for (std::size_t j = next++; j < k; j = next++) probe_one(j);
  };
  if (workers == 1) {
    work();
  } else {
    tbb::task_arena arena(workers);
    arena.execute([&] {
      tbb::parallel_for(
          0, workers, [&](int) { work(); }, tbb::simple_partitioner());
    });
  }
  // Every probe before the first that found a line ran to its end: the answer and the nodes
  // counted are those of the probes up to it, whatever ran beside them.
  for (std::size_t j = 0; j < k; ++j) {
    if (!ran[j]) return out;  // stopped before it began: nothing more is known
    out.nodes += results[j].nodes;
    if (j == found_at.load()) {
      out.line = std::move(results[j]);
      out.found = true;
      return out;
    }
    // A line that leaves a dearer lone piece is not the optimum; the search goes on.
  }
  return out;
}

}  // namespace

Score solitaire_bound(const Board& board, const Rules& rules, const Position& pos) {
  const Rules solo = one_player(rules);
  if (board.squares() <= 64 && rules.continuation == Continuation::kOptional) {
    const BitGame game(board, solo, pos, false);
    return game.upper_bound(game.root());
  }
  const GeneralGame game(board, solo, pos, false);
  return game.upper_bound(game.root());
}

SolveResult solve(const Board& board, const Rules& rules, const Position& pos,
                  const SolveOptions& asked, const SearchControl& control) {
  const auto started = std::chrono::steady_clock::now();
  SolveOptions options = asked;
  if (options.hash_mb == 0)
    options.hash_mb =
        options.count ? SolveOptions::kDefaultCountHashMb : SolveOptions::kDefaultHashMb;
  const Rules solo = one_player(rules);
  // Plain pieces under the optional rule: the optimal lines are the jump sequences to the
  // deepest level, counted breadth-first (solver/reach.h) far faster than by the DP.
  SolveOptions search_options = options;
  const bool fast_count = options.count && reach_fast_path(board, solo, pos);
  if (fast_count) search_options.count = false;
  // Large boards, under every continuation rule: a guided line first. When it meets the
  // bound it is the answer, proved; otherwise the exhaustive search looks only for better
  // lines, in the time that is left.
  // (Not with a finish: its lines end anywhere. Not with a count by the DP either, which
  // needs every optimal line, not only better ones; a count by levels comes after the proof
  // and does not depend on how the value was found.)
  const bool guide = (!options.count || fast_count) && options.finish == kNoSquare &&
                     board.squares() > kGuidedSquares;
  // An answer found before the exhaustive search (the guided line, or a finish probe's).
  std::optional<SolveResult> early;
  GuidedResult guided;
  SearchControl after_guide = control;
  // The guided line as turns: under the optional rule its single jumps joined into chains.
  const auto guided_turns = [&] {
    return solo.continuation == Continuation::kOptional ? join_chains(guided.line) : guided.line;
  };
  // The guided line as the answer: proved when it meets `bound`.
  const auto guided_answer = [&](Score bound, std::uint64_t nodes) {
    SolveResult done;
    done.value = guided.value;
    done.line = guided_turns();
    done.proved = guided.value >= bound;
    done.complete = done.proved;
    done.bound = done.proved ? guided.value : bound;
    done.nodes = nodes;
    return done;
  };
  if (guide) {
    const Score bound = solitaire_bound(board, solo, pos);
    guided = guided_line(board, solo, pos, bound, GuidedOptions{}, control);
    if (replay_line(board, solo, pos, guided.line) != guided.value)
      throw std::logic_error("solve: the guided line does not replay to its value");
    if (guided.value >= bound || !guided.complete) {
      if (!guided.complete) guided.value += play_on(board, solo, pos, guided.line);
      early = guided_answer(bound, guided.nodes);
    } else {
      after_guide = control.left_after(guided.nodes, started);
    }
  }
  // The guided line leaves more than one piece where the class allows one: ask the
  // finish search for a lone piece on each square it may stand on.
  // Only for a near miss, a guided line that leaves two pieces: where it leaves more, a lone
  // last piece is seldom to be had and the probes would take seconds for nothing (the
  // exhaustive search is often quick there). Not when the guided search's exact endgame
  // took the whole position either: its line is then optimal. The guided line is single
  // jumps here (no removal due), each taking one piece.
  std::uint64_t probe_nodes = 0;
  const int pieces = piece_count(board, pos);
  if (!early && guide && solo.continuation == Continuation::kOptional && board.squares() <= 64 &&
      pos.removals_due == 0 && pieces > GuidedOptions{}.endgame &&
      pieces - static_cast<int>(guided.line.size()) == 2) {
    const Score bound = solitaire_bound(board, solo, pos);
    ProbeResult p = finish_probes(board, solo, pos, options, after_guide, bound);
    probe_nodes = p.nodes;
    if (p.found) {
      p.line.nodes = guided.nodes + p.nodes;
      early = std::move(p.line);
    } else {
      after_guide = control.left_after(guided.nodes + probe_nodes, started);
    }
  }
  const Score floor = guide ? guided.value : -1;
  // With a finish, a quarter of --hash for its table of small positions that can end there,
  // at most kFinishTableMb (larger tables take long to build and cut off little more).
  const std::size_t table =
      options.finish == kNoSquare ? 0 : std::min((options.hash_mb << 20) / 4, kFinishTableMb << 20);
  const Poller setup(after_guide);
  const auto setup_started = std::chrono::steady_clock::now();
  // The game's tables (a finish's) are built within the limits: the search gets what is left.
  const auto search = [&](const auto& game) {
    return run(game, solo, search_options, after_guide.left_after(0, setup_started), floor, table);
  };
  SolveResult result;
  if (early) {
    result = std::move(*early);
  } else {
    result =
        board.squares() <= 64 && rules.continuation == Continuation::kOptional
            ? search(BitGame(board, solo, pos, options.symmetry, options.finish, table, &setup))
            : search(
                  GeneralGame(board, solo, pos, options.symmetry, options.finish, table, &setup));
    if (guide) {
      result.nodes += guided.nodes + probe_nodes;
      if (result.value == guided.value && result.line.empty()) result.line = guided_turns();
    }
  }
  if (fast_count && !result.possible && result.complete) result.count.assign(1, '0');
  // Split over ranks, every rank counts or none does (a rank whose search stopped on its own
  // clock would otherwise leave the others waiting).
  bool count_levels = fast_count && result.proved && result.possible;
  if (options.exchange != nullptr)
    count_levels = options.exchange->sum(count_levels ? 1 : 0) ==
                   static_cast<std::uint64_t>(options.exchange->ranks());
  if (count_levels) {
    // The levels live in the same budget as the search's table, which is gone by now.
    // The count comes within the same --time-limit as the search before it.
    SearchControl levels = control.left_after(0, started);
    levels.memory_mb = options.hash_mb;
    SingleExchange alone;
    const DeepestLines d = count_deepest_lines(
        board, solo, pos, levels, options.finish,
        options.exchange != nullptr ? *options.exchange : alone, options.level_store);
    Value kind = 0;
    for (int s = 0; s < board.cells() && kind == 0; ++s)
      kind = pos.cells[static_cast<std::size_t>(s)];
    if (d.complete && !d.overflow && d.depth * solo.gain(kind) == result.value) {
      result.count = d.count;
    } else if (d.out_of_memory || (d.complete && d.overflow)) {
      // A level did not fit, or the levels' 128-bit counts overflowed: count by the DP
      // instead, whose memo the budget bounds and whose counts have no size limit (slower,
      // and stopped by the same limits). Searching again costs little beside the count.
      result.count_levels_out_of_memory = d.out_of_memory;
      const SearchControl again_control = control.left_after(0, started);
      const Poller again_setup(again_control);
      SolveResult again =
          run(BitGame(board, solo, pos, options.symmetry, options.finish, table, &again_setup),
              solo, options, again_control, -1, table);
      if (again.proved && again.value == result.value) result.count = std::move(again.count);
    }
  }
  return result;
}

}  // namespace leapfrog
