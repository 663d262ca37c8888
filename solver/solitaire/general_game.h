// The solitaire search's game on any board and rule: the model's positions and turn generator.
// Internal to solver/solitaire.cpp.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <chrono>
#include <cstdint>
#include <limits>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/classes.h"
#include "core/hash.h"
#include "core/symmetry.h"
#include "puzzles/movegen.h"
#include "solver/solitaire.h"
#include "solver/solitaire/bit_game.h"
#include "solver/solitaire/bounds.h"
#include "solver/solitaire/finish.h"
#include "solver/tt.h"

namespace leapfrog::solitaire_search {

// ---------------------------------------------------------------------------------------
// Any board and rule: the model's positions and turn generator. Under the optional rule the
// moves are single jumps; otherwise whole turns.

struct GenState {
  Position pos;  // removals_due is bit 0 while `removals` > 0 (one player, always to move)
  int removals = 0;
};

struct GenMove {
  Turn turn;
  Score gain;
};

class GeneralGame {
 public:
  using State = GenState;
  using Move = GenMove;
  static constexpr std::uint64_t kFlushEvery = 32;  // nodes between checks (nodes are slow here)
  using MoveList = std::vector<GenMove>;
  // A position's turns are taken in batches of at most this many turns or squares (each
  // ordered dearest capture first): one position can have millions of turns (a 9x9 lattice
  // under the forced rule), and the search polls its limits only between nodes. Almost
  // every position's turns fit in one batch.
  static constexpr std::size_t kBatchTurns = 4096;
  static constexpr std::size_t kBatchSquares = std::size_t{1} << 16;

  GeneralGame(const Board& board, const Rules& solo, const Position& pos, bool symmetry,
              Square finish = kNoSquare, std::size_t table_bytes = 0, const Poller* setup = nullptr)
      : board_(board),
        rules_(solo),
        sym_(board, board.jumps(solo.jumps)),
        classes_(board, board.jumps(solo.jumps)),
        lone_(board, solo, pos, classes_),
        finish_(board, solo, pos, classes_, finish, setup) {
    if (symmetry && board.squares() <= 64) syms_ = finish_.symmetries(sym_);
    finish_.build_table(sym_, syms_, table_bytes, setup);
    root_.pos = one_player(pos);
    root_.removals = pos.removals_owed();
    owe_lone_removals(root_.pos, root_.removals);
  }

  const State& root() const { return root_; }

  PositionKey key(const State& s) const {
    PositionKey key;
    const int cells = board_.cells();
    const int squares = board_.squares();
    if (squares <= 64) {  // exact: one nibble per square
      const auto pack = [&](int t) {
        std::array<std::uint64_t, 4> w{};
        for (int i = 0; i < squares; ++i) {
          const Square c = board_.cell(i);
          const int to = t == 0 ? i : board_.index(sym_.image(t, c));
          w[static_cast<std::size_t>(to / 16)] |= std::uint64_t{s.pos.cells[c]} << (4 * (to % 16));
        }
        return w;
      };
      std::array<std::uint64_t, 4> best = pack(0);
      for (const int t : syms_) best = std::min(best, pack(t));
      std::copy(best.begin(), best.end(), key.w.begin());
    } else {  // 256 bits of hash: four independent 64-bit hashes of the cells
      for (std::size_t h = 0; h < 4; ++h) {
        std::uint64_t x = 0x243F6A8885A308D3ULL * (h + 1);
        for (int c = 0; c < cells; ++c)
          x = mix64(x ^ (std::uint64_t{s.pos.cells[static_cast<std::size_t>(c)]} << 16 |
                         static_cast<std::uint64_t>(c)));
        key.w[h] = x;
      }
    }
    key.w[4] = static_cast<std::uint64_t>(s.removals);
    return key;
  }

  // As BitGame::upper_bound: the cheapest piece stays, the two cheapest when the position
  // class rules out a lone last piece.
  Score upper_bound(const State& s) const {
    if (finish_.active()) return finishing_bound(s);
    Score total = 0, least = std::numeric_limits<Score>::max(), second = least;
    std::uint64_t c = 0;
    for (int i = 0; i < board_.cells(); ++i) {
      const Value v = s.pos.cells[static_cast<std::size_t>(i)];
      if (v == 0) continue;
      const Score g = rules_.gain(v);
      total += g;
      if (g < least) {
        second = least;
        least = g;
      } else if (g < second) {
        second = g;
      }
      c ^= classes_.code(static_cast<Square>(i));
    }
    if (total == 0) return 0;
    if (s.removals > 0) {
      std::vector<std::pair<Value, std::uint64_t>> pieces;
      for (int i = 0; i < board_.cells(); ++i)
        if (const Value v = s.pos.cells[static_cast<std::size_t>(i)]; v != 0)
          pieces.push_back({v, classes_.code(static_cast<Square>(i))});
      return removal_bound(pieces, s.removals, rules_, classes_);
    }
    if (classes_.dimension() > 0 && !lone_.lone(c)) return total - least - second;
    return total - least;
  }

  // As BitGame's.
  Score finishing_bound(const State& s) const {
    if (finish_.ruled_out()) return kNone;
    std::vector<std::pair<Value, std::uint64_t>> pieces;
    std::uint64_t occ = 0;
    for (int i = 0; i < board_.squares(); ++i)
      if (const Value v = s.pos.cells[board_.cell(i)]; v != 0) {
        pieces.push_back({v, classes_.code(board_.cell(i))});
        if (i < 64) occ |= std::uint64_t{1} << i;
      }
    if (!finish_.may_end(occ, s.removals)) return kNone;  // boards of at most 64 squares
    return finish_bound(pieces, s.removals, rules_, finish_);
  }
  bool finishing() const { return finish_.active(); }
  Score end_value(const State& s) const { return goal(s) ? 0 : kNone; }
  bool goal(const State& s) const {
    if (!finish_.active()) return true;
    if (s.removals != 0 || s.pos.cells[finish_.square()] == 0) return false;
    for (int i = 0; i < board_.squares(); ++i)
      if (s.pos.cells[board_.cell(i)] != 0 && board_.cell(i) != finish_.square()) return false;
    return true;
  }

  // Calls f(move) for each move, batch by batch (each dearest capture first), while it
  // returns true. Under the optional rule the moves are the single jumps (a few per square:
  // one batch).
  template <class F>
  void for_each_move(const State& s, F&& f) const {
    MoveList list;
    std::unique_ptr<TurnCursor> rest;
    if (s.removals == 0 && rules_.continuation == Continuation::kOptional) {
      for (int c = 0; c < board_.cells(); ++c) {
        if (s.pos.cells[static_cast<std::size_t>(c)] == 0) continue;
        for (const Jump& j : board_.jumps(static_cast<Square>(c), rules_.jumps)) {
          const Value v = s.pos.cells[j.over];
          if (v == 0 || s.pos.cells[j.to] != 0) continue;
          list.push_back({Turn{false, {static_cast<Square>(c), j.to}}, rules_.gain(v)});
        }
      }
    } else {
      rest = first_batch(s, list);
    }
    for (;;) {
      order_by_gain(list.begin(), list.end());
      for (const Move& m : list)
        if (!f(m)) return;
      if (!rest) return;
      list.clear();
      if (!next_batch(*rest, list)) rest.reset();
    }
  }

  State child(const State& s, const Move& m) const {
    State c{apply(board_, rules_, s.pos, m.turn), s.removals - (m.turn.removal ? 1 : 0)};
    owe_lone_removals(c.pos, c.removals);
    return c;
  }

  Turn to_turn(const Move& m) const { return m.turn; }

 private:
  // Fills `list` with the next batch of the cursor's turns; false when the cursor is done.
  bool next_batch(TurnCursor& cursor, MoveList& list) const {
    std::size_t squares = 0;
    TurnView t;
    while (list.size() < kBatchTurns && squares < kBatchSquares) {
      if (!cursor.next(t)) return false;
      list.push_back({t.to_turn(), t.size(rules_)});
      squares += t.squares.size();
    }
    return true;
  }
  // The first batch of the turns of `s` into `list`, and the cursor for the rest when there
  // may be more (on the heap; almost never). Not inlined: the moves' subtrees are searched
  // in the caller's frame, which then holds no cursor (a few KB a frame, deep lines).
  [[gnu::noinline]] std::unique_ptr<TurnCursor> first_batch(const State& s, MoveList& list) const {
    TurnCursor cursor(board_, rules_, s.pos);
    if (!next_batch(cursor, list)) return nullptr;
    return std::make_unique<TurnCursor>(cursor);
  }

  const Board& board_;
  const Rules& rules_;
  Symmetry sym_;
  PositionClasses classes_;
  LoneClasses lone_;
  Finish finish_;
  std::vector<int> syms_;  // the symmetries positions are merged by (not the identity)
  State root_;
};

}  // namespace leapfrog::solitaire_search
