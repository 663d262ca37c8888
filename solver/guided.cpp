#include "solver/guided.h"

#include <algorithm>
#include <array>
#include <bit>
#include <limits>
#include <optional>
#include <unordered_map>
#include <unordered_set>

#include "core/classes.h"
#include "core/hash.h"
#include "core/poller.h"
#include "puzzles/movegen.h"

namespace leapfrog {

namespace {

// A piece with no neighbouring piece weighs as much as this many boundary edges: stranded
// pieces are what ends a line early.
constexpr int kIsolatedWeight = 256;
// How many of the last level's positions get an exact finish.
constexpr std::size_t kFinishes = 64;
// The wider round of finishes starts this many pieces above the endgame.
constexpr int kWiderFinish = 2;

// The board on dense indices: jumps, one-step neighbours, and how many steps of the
// direction set leave the board from each square (they count as boundary).
struct Dense {
  int n = 0;
  std::vector<std::vector<std::array<int, 2>>> jumps;  // (over, to)
  std::vector<std::vector<int>> nbr;
  std::vector<int> off;

  Dense(const Board& board, const Rules& rules) : n(board.squares()) {
    const DirectionSet& dirs = directions(rules.jumps);
    jumps.resize(static_cast<std::size_t>(n));
    nbr.resize(static_cast<std::size_t>(n));
    off.assign(static_cast<std::size_t>(n), 0);
    for (int i = 0; i < n; ++i) {
      const Square s = board.cell(i);
      for (const Jump& j : board.jumps(s, rules.jumps))
        jumps[static_cast<std::size_t>(i)].push_back({board.index(j.over), board.index(j.to)});
      for (const Step& d : dirs.steps) {
        const int f = board.file(s) + d.file, r = board.rank(s) + d.rank;
        if (board.contains(f, r) && board.is_square(board.square(f, r)))
          nbr[static_cast<std::size_t>(i)].push_back(board.index(board.square(f, r)));
        else
          ++off[static_cast<std::size_t>(i)];
      }
    }
  }

  // What square s adds to the score of `cells` (per dense index): its boundary edges, and
  // the weight of a stranded piece.
  int contrib(const std::vector<Value>& cells, int s) const {
    if (cells[static_cast<std::size_t>(s)] == 0) return 0;
    int edges = off[static_cast<std::size_t>(s)];
    bool alone = true;
    for (int t : nbr[static_cast<std::size_t>(s)]) {
      if (cells[static_cast<std::size_t>(t)] == 0)
        ++edges;
      else
        alone = false;
    }
    return edges + (alone ? kIsolatedWeight : 0);
  }

  // The beam's score of a position: lower is better.
  int score(const std::vector<Value>& cells) const {
    int total = 0;
    for (int s = 0; s < n; ++s) total += contrib(cells, s);
    return total;
  }
};

std::uint64_t zobrist(int cell, Value v) {
  return mix64(kGoldenGamma * static_cast<std::uint64_t>(cell * 16 + v + 1));
}

struct Node {
  std::vector<Value> cells;  // per dense index; 0 empty
  int score = 0;
  Score taken = 0;
  std::uint64_t hash = 0;
};

struct Move {
  int from, over, to;
};

struct Candidate {
  int score;
  int parent;
  int order;  // the move's place in the parent's generation order
  Move move;
  std::uint64_t hash;
};

// What both beams share: the board, rules and dense tables, the width and endgame, and
// the limits (polled with the node count the caller's run passes in).
class BeamBase {
 protected:
  BeamBase(const Board& board, const Rules& rules, int width, int endgame, Poller& poller)
      : board_(board),
        rules_(rules),
        d_(board, rules),
        width_(width),
        endgame_(endgame),
        poller_(poller) {}

  bool hit_limits() {
    poller_.report([&] { return Progress{*nodes_, best_, -1, "guided line"}; });
    return poller_.limit_reached(*nodes_);
  }

  const Board& board_;
  const Rules& rules_;
  Dense d_;
  int width_;
  int endgame_;
  Poller& poller_;
  std::uint64_t* nodes_ = nullptr;
  Score best_ = 0;  // for progress reports
};

class Beam : BeamBase {
 public:
  Beam(const Board& board, const Rules& rules, const GuidedOptions& options, Poller& poller)
      : BeamBase(board, rules, options.beam > 0 ? options.beam : default_width(board.squares()),
                 options.endgame, poller) {}

  // The best line from `root` (no removals due); `removed` comes first in the line.
  GuidedResult run(const Node& root, std::vector<Turn> prefix, Score target, std::uint64_t& nodes) {
    GuidedResult out;
    out.line = std::move(prefix);
    nodes_ = &nodes;
    std::vector<Node> level{root};
    level[0].score = d_.score(level[0].cells);
    std::vector<std::vector<std::pair<int, Move>>> history;  // per level: (parent, move)
    // The best finished line so far: (value, level index, node index, endgame line).
    Score best = root.taken;
    int best_level = -1, best_node = 0;
    std::vector<Move> best_tail;
    int pieces = 0;
    for (Value v : root.cells) pieces += v != 0;
    bool stopped = false;
    // The level with kWiderFinish more pieces than the endgame, kept for a second, wider
    // round of finishes: (its index in history, -1 for the root; its positions).
    int wide_level = -2;
    std::vector<Node> wide;
    // Exact finishes of the first `tries` positions of `from` (best-scored first; those of
    // history level `index`), until one meets the target.
    const auto finish_round = [&](const std::vector<Node>& from, int index, std::size_t tries) {
      for (std::size_t i = 0; i < std::min(tries, from.size()) && !stopped && best < target; ++i) {
        std::vector<Move> tail;
        const Score v = from[i].taken + finish(from[i], tail, stopped);
        if (!stopped && v > best) {
          best = v;
          best_level = index;
          best_node = static_cast<int>(i);
          best_tail = std::move(tail);
        }
      }
    };
    while (!level.empty()) {
      if (pieces == endgame_ + kWiderFinish) {
        wide_level = static_cast<int>(history.size()) - 1;
        wide = level;
      }
      if (pieces <= endgame_) {
        // The best-scored positions first; enough of them to find a good finish, and none
        // once a finish meets the target.
        finish_round(level, static_cast<int>(history.size()) - 1, kFinishes);
        break;
      }
      best_ = best;
      if (hit_limits()) {
        stopped = true;
        break;
      }
      std::vector<Candidate> cand;
      for (std::size_t i = 0; i < level.size(); ++i) {
        Node& p = level[i];
        int order = 0;
        bool any = false;
        for_each_jump(p, [&](const Move& m) {
          any = true;
          cand.push_back(
              {p.score + delta(p, m), static_cast<int>(i), order++, m, child_hash(p, m)});
          return true;
        });
        if (!any && p.taken > best) {  // a dead end: the line stops here
          best = p.taken;
          best_level = static_cast<int>(history.size()) - 1;
          best_node = static_cast<int>(i);
          best_tail.clear();
        }
      }
      *nodes_ += cand.size();
      if (cand.empty()) break;
      std::sort(cand.begin(), cand.end(), [](const Candidate& a, const Candidate& b) {
        if (a.score != b.score) return a.score < b.score;
        if (a.parent != b.parent) return a.parent < b.parent;
        return a.order < b.order;
      });
      std::vector<Node> next;
      std::vector<std::pair<int, Move>> step;
      std::unordered_set<std::uint64_t> seen;
      for (const Candidate& c : cand) {
        if (static_cast<int>(next.size()) >= width_) break;
        if (!seen.insert(c.hash).second) continue;
        const Node& p = level[static_cast<std::size_t>(c.parent)];
        Node child = p;
        apply(child, c.move);
        child.score = c.score;
        child.hash = c.hash;
        next.push_back(std::move(child));
        step.push_back({c.parent, c.move});
      }
      history.push_back(std::move(step));
      level = std::move(next);
      --pieces;
      // Every position of a level has taken the same number of pieces; by points the best
      // of them so far is a line too (kept in case the limits stop the search).
      for (std::size_t i = 0; i < level.size(); ++i)
        if (level[i].taken > best) {
          best = level[i].taken;
          best_level = static_cast<int>(history.size()) - 1;
          best_node = static_cast<int>(i);
          best_tail.clear();
        }
    }
    // Two or more short of the target: the first round's few finishes, from the endgame's
    // level, have likely missed what the beam holds. Finish every position of the wider
    // level instead (more pieces left to the exact search, and each position of it tried),
    // best-scored first, until one meets the target.
    if (!stopped && best < target - 1 && wide_level >= -1)
      finish_round(wide, wide_level, wide.size());
    // The line: back from the best node through the levels, then its endgame.
    std::vector<Move> moves;
    for (int l = best_level, i = best_node; l >= 0; --l) {
      const auto& [parent, m] = history[static_cast<std::size_t>(l)][static_cast<std::size_t>(i)];
      moves.push_back(m);
      i = parent;
    }
    std::reverse(moves.begin(), moves.end());
    moves.insert(moves.end(), best_tail.begin(), best_tail.end());
    for (const Move& m : moves)
      out.line.push_back(Turn{false, {board_.cell(m.from), board_.cell(m.to)}});
    out.value = best;
    out.complete = !stopped;
    return out;
  }

 private:
  static int default_width(int squares) {
    // About the same work on every board: the levels are as many as the squares.
    return std::clamp(120000 / std::max(squares, 1), 64, 2048);
  }

  // Calls f(move) for every jump of position p, in generation order (squares in index order,
  // then the direction set's order); f returns false to stop.
  template <class F>
  void for_each_jump(const Node& p, F&& f) const {
    for (int s = 0; s < d_.n; ++s) {
      if (p.cells[static_cast<std::size_t>(s)] == 0) continue;
      for (const auto& [o, t] : d_.jumps[static_cast<std::size_t>(s)]) {
        if (p.cells[static_cast<std::size_t>(o)] == 0 || p.cells[static_cast<std::size_t>(t)] != 0)
          continue;
        if (!f(Move{s, o, t})) return;
      }
    }
  }

  // The squares whose contribution a move can change: its three and their neighbours.
  void affected(const Move& m, std::vector<int>& out) const {
    out.clear();
    for (int c : {m.from, m.over, m.to}) {
      out.push_back(c);
      for (int t : d_.nbr[static_cast<std::size_t>(c)]) out.push_back(t);
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
  }

  int delta(Node& p, const Move& m) {
    affected(m, scratch_);
    int before = 0, after = 0;
    for (int s : scratch_) before += d_.contrib(p.cells, s);
    const Value jumper = p.cells[static_cast<std::size_t>(m.from)];
    const Value taken = p.cells[static_cast<std::size_t>(m.over)];
    p.cells[static_cast<std::size_t>(m.from)] = 0;
    p.cells[static_cast<std::size_t>(m.over)] = 0;
    p.cells[static_cast<std::size_t>(m.to)] = jumper;
    for (int s : scratch_) after += d_.contrib(p.cells, s);
    p.cells[static_cast<std::size_t>(m.to)] = 0;
    p.cells[static_cast<std::size_t>(m.over)] = taken;
    p.cells[static_cast<std::size_t>(m.from)] = jumper;
    return after - before;
  }

  static std::uint64_t child_hash(const Node& p, const Move& m) {
    const Value jumper = p.cells[static_cast<std::size_t>(m.from)];
    return p.hash ^ zobrist(m.from, jumper) ^
           zobrist(m.over, p.cells[static_cast<std::size_t>(m.over)]) ^ zobrist(m.to, jumper);
  }

  void apply(Node& p, const Move& m) const {
    const Value jumper = p.cells[static_cast<std::size_t>(m.from)];
    p.taken += rules_.gain(p.cells[static_cast<std::size_t>(m.over)]);
    p.cells[static_cast<std::size_t>(m.from)] = 0;
    p.cells[static_cast<std::size_t>(m.over)] = 0;
    p.cells[static_cast<std::size_t>(m.to)] = jumper;
  }

  // Exact: the most the position can still take (few pieces are left), with one line.
  Score finish(const Node& root, std::vector<Move>& tail, bool& stopped) {
    std::unordered_map<std::uint64_t, Score> memo;
    Node p = root;
    const auto rec = [&](auto&& self) -> Score {
      if (auto it = memo.find(p.hash); it != memo.end()) return it->second;
      if ((++*nodes_ & 1023) == 0 && hit_limits()) stopped = true;
      if (stopped) return 0;
      Score best = 0;
      for_each_jump(p, [&](const Move& m) {
        const Value jumper = p.cells[static_cast<std::size_t>(m.from)];
        const Value taken = p.cells[static_cast<std::size_t>(m.over)];
        const std::uint64_t hash = p.hash;
        const Score before = p.taken;
        p.hash = child_hash(p, m);
        apply(p, m);
        best = std::max(best, rules_.gain(taken) + self(self));
        p.cells[static_cast<std::size_t>(m.to)] = 0;
        p.cells[static_cast<std::size_t>(m.over)] = taken;
        p.cells[static_cast<std::size_t>(m.from)] = jumper;
        p.hash = hash;
        p.taken = before;
        return true;
      });
      memo.emplace(p.hash, best);
      return best;
    };
    const Score value = rec(rec);
    if (stopped) return 0;
    // Walk the memo along moves that keep the value.
    for (Score left = value; left > 0;) {
      bool found = false;
      for_each_jump(p, [&](const Move& m) {
        const Score gain = rules_.gain(p.cells[static_cast<std::size_t>(m.over)]);
        Node c = p;
        c.hash = child_hash(p, m);
        apply(c, m);
        const auto it = memo.find(c.hash);
        if (gain > left || it == memo.end() || it->second != left - gain) return true;
        tail.push_back(m);
        p = std::move(c);
        left -= gain;
        found = true;
        return false;
      });
      if (!found) break;  // cannot happen: the memo holds every child searched
    }
    return value;
  }

  std::vector<int> scratch_;
};

// The beam for rules whose turns are whole chains (forced, piece-max and board-max
// continuation): the same score and the same exact finish, over the model's turns
// (puzzles/movegen.h, removals included). A turn can take several pieces, so the levels
// are numbers of pieces left, not of turns: a level is cut to the beam's width once every
// level above it has been expanded (each child goes to the level of the pieces it leaves).
class ChainBeam : BeamBase {
 public:
  ChainBeam(const Board& board, const Rules& rules, const GuidedOptions& options, Poller& poller)
      : BeamBase(board, rules, options.beam > 0 ? options.beam : default_width(board.squares()),
                 options.chain_endgame, poller) {}

  // Every removal due in `root` is the lone player's (as replay_line reads a line).
  GuidedResult run(const Position& root, Score target, std::uint64_t& nodes) {
    nodes_ = &nodes;
    const int top = piece_count(board_, root);
    const int removals = root.removals_owed();
    // levels[p]: the positions kept with p pieces left; children wait in `waiting` until
    // their level is cut.
    std::vector<std::vector<Node>> levels(static_cast<std::size_t>(top) + 1), waiting = levels;
    waiting[static_cast<std::size_t>(top)].push_back(make(root, removals, 0, -1, -1, -1, {}));
    Score best = 0;
    int best_level = -1, best_node = 0;
    std::vector<Turn> best_tail;
    bool stopped = false;
    const auto offer = [&](Score v, int level, int node, std::vector<Turn> tail) {
      if (v <= best && best_level >= 0) return;
      best = best_ = v;
      best_level = level;
      best_node = node;
      best_tail = std::move(tail);
    };
    for (int p = top; p >= 0 && !stopped; --p) {
      std::vector<Node>& level = levels[static_cast<std::size_t>(p)];
      level = cut(std::move(waiting[static_cast<std::size_t>(p)]), keep(p));
      if (p <= endgame_) {
        for (std::size_t i = 0; i < level.size() && !stopped && best < target; ++i) {
          std::vector<Turn> tail;
          const Score v = level[i].taken + finish(level[i].pos, level[i].removals, tail, stopped);
          if (!stopped) offer(v, p, static_cast<int>(i), std::move(tail));
        }
        continue;
      }
      if (hit_limits()) {
        stopped = true;
        break;
      }
      for (std::size_t i = 0; i < level.size() && !stopped; ++i) {
        const Node& parent = level[i];
        int order = 0;
        // A position can have millions of turns: the limits are polled among them, and a
        // level's waiting children are cut back to what it keeps whenever they pile up
        // (cutting early keeps the same ones: a child cut has that many better ones).
        for_each_turn(board_, rules_, parent.pos, [&](const TurnView& t) {
          if ((++*nodes_ & 255) == 0 && hit_limits()) {
            stopped = true;
            return false;
          }
          Turn turn = t.to_turn();
          const Position child = apply(board_, rules_, parent.pos, turn);
          const int q = p - t.pieces;
          std::vector<Node>& w = waiting[static_cast<std::size_t>(q)];
          w.push_back(make(child, parent.removals - (t.removal ? 1 : 0),
                           parent.taken + t.size(rules_), p, static_cast<int>(i), order++,
                           std::move(turn)));
          if (w.size() >= 4 * keep(q)) w = cut(std::move(w), keep(q));
          return true;
        });
        if (order == 0 && !stopped) offer(parent.taken, p, static_cast<int>(i), {});
      }
      // The best of a level so far is a line too (kept in case the limits stop the search).
      for (std::size_t i = 0; i < level.size(); ++i)
        offer(level[i].taken, p, static_cast<int>(i), {});
    }
    GuidedResult out;
    for (int l = best_level, i = best_node; l >= 0;) {
      const Node& n = levels[static_cast<std::size_t>(l)][static_cast<std::size_t>(i)];
      if (n.parent_level < 0) break;
      out.line.push_back(n.turn);
      l = n.parent_level;
      i = n.parent;
    }
    std::reverse(out.line.begin(), out.line.end());
    out.line.insert(out.line.end(), best_tail.begin(), best_tail.end());
    out.value = best;
    out.complete = !stopped;
    return out;
  }

 private:
  struct Node {
    Position pos;      // player 0 to move, a removal due while `removals` > 0
    int removals = 0;  // removals still due
    Score taken = 0;
    int score = 0;
    int parent_level = -1, parent = -1, order = 0;  // where it came from, -1 for the root
    Turn turn;                                      // the turn that made it
    std::uint64_t hash = 0;
  };

  // How many positions with p pieces left are kept: the beam's width, or the finishes.
  std::size_t keep(int p) const {
    return p <= endgame_ ? kFinishes : static_cast<std::size_t>(width_);
  }

  static int default_width(int squares) {
    // A chain turn costs more to generate and the finish starts lower than for single
    // jumps: a narrower beam for about the same work.
    return std::clamp(20000 / std::max(squares, 1), 32, 512);
  }

  // Player 0 to move, and one removal due while any is: the turn generator then offers
  // the lone player each removal in turn.
  static Position lone(Position pos, int removals) {
    pos = one_player(pos);
    owe_lone_removals(pos, removals);
    return pos;
  }

  Node make(const Position& pos, int removals, Score taken, int parent_level, int parent, int order,
            Turn turn) const {
    Node n{lone(pos, removals), removals,           taken, 0, parent_level, parent, order,
           std::move(turn),     hash(pos, removals)};
    std::vector<Value> cells(static_cast<std::size_t>(d_.n));
    for (int i = 0; i < d_.n; ++i) cells[static_cast<std::size_t>(i)] = pos.cells[board_.cell(i)];
    n.score = d_.score(cells);
    return n;
  }

  std::uint64_t hash(const Position& pos, int removals) const {
    std::uint64_t h = mix64(kGoldenGamma * static_cast<std::uint64_t>(removals + 1));
    for (int i = 0; i < d_.n; ++i)
      if (const Value v = pos.cells[board_.cell(i)]; v != 0) h ^= zobrist(i, v);
    return h;
  }

  // The `keep` best of a level, each position once: by score, then the most taken, then
  // where they came from (so that the cut does not depend on anything but the input).
  static std::vector<Node> cut(std::vector<Node> all, std::size_t keep) {
    std::sort(all.begin(), all.end(), [](const Node& a, const Node& b) {
      if (a.score != b.score) return a.score < b.score;
      if (a.taken != b.taken) return a.taken > b.taken;
      if (a.parent_level != b.parent_level) return a.parent_level > b.parent_level;
      if (a.parent != b.parent) return a.parent < b.parent;
      return a.order < b.order;
    });
    std::vector<Node> out;
    std::unordered_set<std::uint64_t> seen;
    for (Node& n : all) {
      if (out.size() >= keep) break;
      if (seen.insert(n.hash).second) out.push_back(std::move(n));
    }
    return out;
  }

  // Exact: the most the position can still take, with one line.
  Score finish(const Position& root, int removals, std::vector<Turn>& tail, bool& stopped) {
    std::unordered_map<std::uint64_t, Score> memo;
    const auto rec = [&](auto&& self, const Position& at, int k) -> Score {
      const std::uint64_t h = hash(at, k);
      if (auto it = memo.find(h); it != memo.end()) return it->second;
      if ((++*nodes_ & 1023) == 0 && hit_limits()) stopped = true;
      if (stopped) return 0;
      const Position p = lone(at, k);
      Score best = 0;
      for_each_turn(board_, rules_, p, [&](const TurnView& t) {
        best = std::max(best, t.size(rules_) + self(self, apply(board_, rules_, p, t.to_turn()),
                                                    k - (t.removal ? 1 : 0)));
        return !stopped;
      });
      memo.emplace(h, best);
      return best;
    };
    const Score value = rec(rec, root, removals);
    if (stopped) return 0;
    // Walk the memo along turns that keep the value.
    Position p = lone(root, removals);
    int k = removals;
    for (Score left = value; left > 0;) {
      std::optional<Turn> next;
      for_each_turn(board_, rules_, p, [&](const TurnView& t) {
        const int after = k - (t.removal ? 1 : 0);
        const Position c = apply(board_, rules_, p, t.to_turn());
        const auto it = memo.find(hash(c, after));
        if (t.size(rules_) > left || it == memo.end() || it->second != left - t.size(rules_))
          return true;
        next = t.to_turn();
        left -= t.size(rules_);
        p = lone(c, after);
        k = after;
        return false;
      });
      if (!next) break;  // cannot happen: the memo holds every child searched
      tail.push_back(std::move(*next));
    }
    return value;
  }
};

}  // namespace

GuidedResult guided_line(const Board& board, const Rules& solo, const Position& pos, Score target,
                         const GuidedOptions& options, const SearchControl& control) {
  Poller poller(control);
  if (solo.continuation != Continuation::kOptional) {
    std::uint64_t nodes = 0;
    ChainBeam beam(board, solo, options, poller);
    GuidedResult r = beam.run(pos, target, nodes);
    r.nodes = nodes;
    return r;
  }
  Node root;
  root.cells.assign(static_cast<std::size_t>(board.squares()), 0);
  for (int i = 0; i < board.squares(); ++i) {
    root.cells[static_cast<std::size_t>(i)] = pos.cells[board.cell(i)];
    if (root.cells[static_cast<std::size_t>(i)] != 0)
      root.hash ^= zobrist(i, root.cells[static_cast<std::size_t>(i)]);
  }
  int removals = pos.removals_owed();
  std::uint64_t nodes = 0;
  Beam beam(board, solo, options, poller);
  const PositionClasses classes(board, board.jumps(solo.jumps));
  // The removal squares in the order they are tried: those after which a lone last piece
  // is possible, then the ones nearest the middle of the board.
  const auto ranked_removals = [&](const Node& n) {
    Value cheapest = 0;
    std::uint64_t c = 0;
    double fx = 0, fy = 0;
    for (int i = 0; i < board.squares(); ++i) {
      fx += board.file(board.cell(i));
      fy += board.rank(board.cell(i));
      const Value v = n.cells[static_cast<std::size_t>(i)];
      if (v == 0) continue;
      cheapest = cheapest == 0 ? v : std::min(cheapest, v);
      c ^= classes.code(board.cell(i));
    }
    fx /= board.squares();
    fy /= board.squares();
    std::vector<std::pair<std::pair<int, double>, int>> order;
    for (int i = 0; i < board.squares(); ++i) {
      const Value v = n.cells[static_cast<std::size_t>(i)];
      if (v == 0 || (solo.removal == RemovalKind::kCheapest && v != cheapest)) continue;
      const bool lone = classes.dimension() == 0 || classes.single(c ^ classes.code(board.cell(i)));
      const double dx = board.file(board.cell(i)) - fx, dy = board.rank(board.cell(i)) - fy;
      order.push_back({{lone ? 0 : 1, dx * dx + dy * dy}, i});
    }
    std::sort(order.begin(), order.end());
    std::vector<int> out;
    for (const auto& o : order) out.push_back(o.second);
    return out;
  };
  const auto remove = [&](Node& n, int i, std::vector<Turn>& line) {
    n.taken += solo.gain(n.cells[static_cast<std::size_t>(i)]);
    n.hash ^= zobrist(i, n.cells[static_cast<std::size_t>(i)]);
    n.cells[static_cast<std::size_t>(i)] = 0;
    line.push_back(Turn{true, {board.cell(i)}});
  };
  // More than one removal due: all but the last go to the first-ranked squares.
  std::vector<Turn> prefix;
  for (; removals > 1; --removals) {
    const std::vector<int> order = ranked_removals(root);
    if (order.empty()) break;
    remove(root, order.front(), prefix);
  }
  if (removals == 0) {
    GuidedResult r = beam.run(root, prefix, target, nodes);
    r.nodes = nodes;
    return r;
  }
  GuidedResult best;
  bool have = false;
  const std::vector<int> order = ranked_removals(root);
  for (std::size_t k = 0; k < order.size() && static_cast<int>(k) < options.removal_tries; ++k) {
    Node n = root;
    std::vector<Turn> line = prefix;
    remove(n, order[k], line);
    GuidedResult r = beam.run(n, line, target, nodes);
    if (!have || r.value > best.value) {
      best = std::move(r);
      have = true;
    }
    if (best.value >= target || !best.complete) break;
  }
  if (!have) {  // nothing to remove: nothing can be taken either
    best.complete = true;
    best.line = prefix;
  }
  best.nodes = nodes;
  return best;
}

}  // namespace leapfrog
