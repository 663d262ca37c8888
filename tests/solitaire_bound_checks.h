// The solitaire search's bounds and cut-offs (solver/solitaire/bounds.h, finish.h), each on
// its own, against the brute-force references of solitaire_reference.h at every position
// reachable from a root, on random small boards of five kinds: rectangles with orthogonal
// and with diagonal jumps, and six-direction boards (the triangles and hexagons that the
// presets draw, and random parts of them). For the tests solver_solitaire_bounds and
// slow_solver_solitaire_bounds.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <catch2/catch.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/classes.h"
#include "core/symmetry.h"
#include "generator/random.h"
#include "puzzles/notation.h"
#include "puzzles/variant.h"
#include "solitaire_reference.h"
#include "solitaire_setups.h"
#include "solver/solitaire.h"
#include "solver/solitaire/bit_game.h"
#include "solver/solitaire/bounds.h"
#include "solver/solitaire/finish.h"
#include "solver/solitaire/general_game.h"

namespace leapfrog::testing {

enum class BoardKind { kOrthogonal, kDiagonal, kTriangle, kHexagon, kHexPart };
inline constexpr BoardKind kBoardKinds[] = {BoardKind::kOrthogonal, BoardKind::kDiagonal,
                                            BoardKind::kTriangle, BoardKind::kHexagon,
                                            BoardKind::kHexPart};

inline const char* kind_name(BoardKind k) {
  switch (k) {
    case BoardKind::kOrthogonal:
      return "rectangle, orthogonal";
    case BoardKind::kDiagonal:
      return "rectangle, diagonal";
    case BoardKind::kTriangle:
      return "triangle";
    case BoardKind::kHexagon:
      return "hexagon";
    case BoardKind::kHexPart:
      return "part of a triangle or hexagon";
  }
  return "";
}

inline JumpSet kind_jumps(BoardKind k) {
  return k == BoardKind::kOrthogonal ? JumpSet::kOrthogonal
         : k == BoardKind::kDiagonal ? JumpSet::kDiagonal
                                     : JumpSet::kHex;
}

// A random position of at most `max_pieces` pieces (values 1..4, or all 1 when `plain`) on
// a board of the kind: a random rectangle of 4 to 14 squares; the triangle of side
// 3..max_side (start_text of the preset "triangle", as `triangle --size N` draws it); the
// hexagon of side 2..3 ("hexagon"); or one of those with about one square in five left out.
// Each square holds a piece with probability 3/5 before the extra pieces are taken off.
inline Setup random_root(Rng& rng, BoardKind kind, int max_pieces, bool plain, int max_side = 5) {
  Setup s;
  if (kind == BoardKind::kOrthogonal || kind == BoardKind::kDiagonal) {
    s = random_setup(rng, 4, 14, true, 0);
  } else {
    const bool triangle =
        kind == BoardKind::kTriangle || (kind == BoardKind::kHexPart && rng.below(2) == 0);
    const int side = triangle
                         ? 3 + static_cast<int>(rng.below(static_cast<std::uint64_t>(max_side - 2)))
                         : 2 + static_cast<int>(rng.below(2));
    const Setup drawn =
        parse_position(start_text(*find_variant(triangle ? "triangle" : "hexagon"), side));
    const Board& b = drawn.board;
    std::vector<bool> on(static_cast<std::size_t>(b.cells()), false);
    for (int i = 0; i < b.squares(); ++i)
      on[b.cell(i)] = kind != BoardKind::kHexPart || rng.below(5) != 0;
    s = Setup{Board(b.width(), b.height(), on), {}, "", {}};
  }
  std::vector<Square> squares;
  for (int i = 0; i < s.board.squares(); ++i)
    if (rng.below(5) < 3) squares.push_back(s.board.cell(i));
  for (std::size_t i = squares.size(); i > 1; --i)  // Fisher-Yates
    std::swap(squares[i - 1], squares[rng.below(i)]);
  if (squares.size() > static_cast<std::size_t>(max_pieces))
    squares.resize(static_cast<std::size_t>(max_pieces));
  for (const Square q : squares)
    s.position.cells[q] = plain ? 1 : static_cast<Value>(1 + rng.below(4));
  return s;
}

// A position of the reference's memo (its key: the cells, then the removals due).
inline Position position_of(const Board& board, const Position& root, const std::string& key) {
  Position p = root;
  for (int c = 0; c < board.cells(); ++c)
    p.cells[static_cast<std::size_t>(c)] = static_cast<Value>(key[static_cast<std::size_t>(c)]);
  return p;
}

// The games' states for a position with `r` removals due.
inline solitaire_search::BitState bit_state(const Board& board, const Position& p, int r) {
  solitaire_search::BitState s;
  for (int i = 0; i < board.squares(); ++i)
    for (int k = 0; k < 4; ++k)
      if ((p.cells[board.cell(i)] >> k) & 1)
        s.p[static_cast<std::size_t>(k)] |= std::uint64_t{1} << i;
  s.removals = r;
  return s;
}
inline solitaire_search::GenState gen_state(const Position& p, int r) {
  solitaire_search::GenState s{one_player(p), r};
  owe_lone_removals(s.pos, r);
  return s;
}

// The root with `removals` removals due (as the search gets it), and the same position
// without them (as the references get it, with the removals due apart).
inline std::pair<Position, Position> rooted(const Position& p, int removals) {
  Position root = p;
  root.removals_due = static_cast<std::uint16_t>((1U << removals) - 1);
  Position bare = root;
  bare.removals_due = 0;
  return {root, bare};
}

// The position class of a position (core/classes.h).
inline std::uint64_t class_of(const Board& board, const PositionClasses& classes,
                              const Position& p) {
  std::uint64_t c = 0;
  for (int i = 0; i < board.squares(); ++i)
    if (p.cells[board.cell(i)] != 0) c ^= classes.code(board.cell(i));
  return c;
}

// How often each bound is exact or cuts below what a simpler one says, and how often each
// finish cut-off rules a position out: so that a bound or cut-off that does nothing fails.
struct BoundTally {
  int roots = 0, positions = 0;
  int exact = 0;        // the game's bound is the optimum
  int two_left = 0;     // no removal due, and no lone last piece possible: two pieces stay
  int lone_pagoda = 0;  // ... by the root's pagoda functions where the class allows one
  int removal_cut = 0;  // a removal due, and the bound is below all but the cheapest piece
  int removal_exact = 0;
};

// Every position reachable from `s` with `removals` removals due under `solo`: the games'
// bounds (BitGame under the optional rule, GeneralGame always, each built on `s` as the
// search builds it) never below the optimum the reference finds there, and the lone-piece
// classes of the root (LoneClasses: the class and the root's pagoda functions) never rule
// out a position from which some line ends with a lone piece.
inline void check_bounds(const Setup& s, const Rules& solo, int removals, BoundTally& t) {
  using namespace solitaire_search;
  const Board& board = s.board;
  const auto [root, bare] = rooted(s.position, removals);
  Reference ref{board, solo, {}};
  ref.solve(bare, removals);
  LoneFinishReference lone_ref{board, solo, {}};
  lone_ref.solve(bare, removals);
  const GeneralGame general(board, solo, root, false);
  std::optional<BitGame> bits;
  if (solo.continuation == Continuation::kOptional) bits.emplace(board, solo, root, false);
  const PositionClasses classes(board, board.jumps(solo.jumps));
  const LoneClasses lone(board, solo, root, classes);
  ++t.roots;
  for (const auto& [key, result] : ref.memo) {
    const Position p = position_of(board, bare, key);
    const int r = key.back();
    INFO("at " << format_grid(board, p) << "removals " << r << ", optimum " << result.value);
    ++t.positions;
    const Score g = general.upper_bound(gen_state(p, r));
    REQUIRE(g >= result.value);
    if (bits) REQUIRE(bits->upper_bound(bit_state(board, p, r)) >= result.value);
    t.exact += g == result.value ? 1 : 0;
    Score whole = 0, least = 0;
    int pieces = 0;
    std::uint64_t c = 0;
    for (int i = 0; i < board.squares(); ++i)
      if (const Value v = p.cells[board.cell(i)]; v != 0) {
        whole += solo.gain(v);
        least = pieces == 0 ? solo.gain(v) : std::min(least, solo.gain(v));
        ++pieces;
        c ^= classes.code(board.cell(i));
      }
    if (r == 0) {
      const std::vector<Score>& ends = lone_ref.memo.at(key);
      const bool can_end_alone =
          std::any_of(ends.begin(), ends.end(), [](Score v) { return v >= 0; });
      if (!lone.lone(c)) REQUIRE_FALSE(can_end_alone);
      if (!lone.lone(c) && pieces >= 2) ++t.two_left;
      if (!lone.lone(c) && classes.single(c)) ++t.lone_pagoda;
    } else if (pieces > 1) {
      t.removal_cut += g < whole - least ? 1 : 0;
      t.removal_exact += g == result.value ? 1 : 0;
    }
  }
}

struct FinishTally {
  int finishes = 0, positions = 0, possible = 0;
  int exact = 0;           // the game's bound is the best line ending there
  int root_ruled_out = 0;  // the separating pagoda at the root, where the class allows it
                           // (or a removal is due)
  int class_cut = 0;       // finish_bound: the class (and the removals due) rule it out
  int resource_cut = 0;    // the resource count rules it out
  int pagoda_cut = 0;      // some learnt pagoda function rules it out
  int pagoda_alone = 0;    // ... where neither the class nor the resource count does
  int table_cut = 0;       // the table of small positions rules it out
  int table_alone = 0;     // ... where neither the class nor the resources nor the pagodas do
  int partial_tables = 0;  // tables that stopped short of every position (their size)
  int game_cut = 0;        // the game's bound says none
  int witnesses = 0;       // positions played backwards from the lone piece (check_witnesses)
  int past_table = 0;      // ... of one piece more than a partial table holds
};

// Positions that can end with a lone piece on `sq` by construction: `walks` walks of random
// single jumps played backwards from a lone piece there (a jump backwards fills its start
// and the square it jumps over, and empties its landing square) until none is left, the
// pieces put on the squares jumped over of random values (or 1 when `plain`). Played
// forwards each walk is a line of single jumps that ends there, taking the pieces put on,
// so no cut-off of `f` may rule any of them out, and the bound of `bits` (the game under
// the optional rule, whose lines are single jumps) is not below what the walk takes. Such
// positions reach well past what a partial table holds, and many have more pieces than
// the random roots.
inline void check_witnesses(const Board& board, const Rules& solo, Rng& rng, Square sq,
                            const PositionClasses& classes, const solitaire_search::Finish& f,
                            const solitaire_search::BitGame* bits, int walks, bool plain,
                            FinishTally& t) {
  using namespace solitaire_search;
  for (int w = 0; w < walks; ++w) {
    Position p;
    p.cells[sq] = plain ? 1 : static_cast<Value>(1 + rng.below(4));
    Score taken = 0;
    for (;;) {
      std::uint64_t occ = 0;
      std::vector<std::pair<Value, std::uint64_t>> pieces;
      for (int i = 0; i < board.squares(); ++i)
        if (const Value v = p.cells[board.cell(i)]; v != 0) {
          occ |= std::uint64_t{1} << i;
          pieces.push_back({v, classes.code(board.cell(i))});
        }
      INFO("played backwards to " << format_grid(board, p) << "a line taking " << taken);
      ++t.witnesses;
      if (f.table_pieces() > 0 && f.table_pieces() < 64 &&
          std::popcount(occ) == f.table_pieces() + 1)
        ++t.past_table;
      REQUIRE_FALSE(f.ruled_out());
      REQUIRE_FALSE(f.table_rules_out(occ, 0));
      REQUIRE_FALSE(f.resources_rule_out(occ));
      REQUIRE_FALSE(f.pagodas_rule_out(occ));
      const Score fb = finish_bound(pieces, 0, solo, f);
      REQUIRE_FALSE(is_none(fb));
      REQUIRE(fb >= taken);
      if (bits) {
        const Score b = bits->upper_bound(bit_state(board, p, 0));
        REQUIRE_FALSE(is_none(b));
        REQUIRE(b >= taken);
      }
      std::vector<std::array<Square, 3>> open;  // from, over, to
      for (int i = 0; i < board.squares(); ++i)
        for (const Jump& j : board.jumps(board.cell(i), solo.jumps))
          if (p.cells[j.to] != 0 && p.cells[j.over] == 0 && p.cells[board.cell(i)] == 0)
            open.push_back({board.cell(i), j.over, j.to});
      if (open.empty()) break;
      const auto& [from, over, to] = open[rng.below(open.size())];
      p.cells[from] = p.cells[to];
      p.cells[to] = 0;
      p.cells[over] = plain ? 1 : static_cast<Value>(1 + rng.below(4));
      taken += solo.gain(p.cells[over]);
    }
  }
}

// For every square of the board as the finish: a Finish built on the root as the search
// builds it (its table in `table_bytes`, with the symmetries that keep the square), and the
// bound of the game the search plays with that finish. At every position reachable from the root,
// no cut-off rules out a square that some line from it ends on with a lone piece (the reference),
// and the bound is never below the best such line.
inline void check_finish_cuts(const Setup& s, const Rules& solo, int removals,
                              std::size_t table_bytes, FinishTally& t) {
  using namespace solitaire_search;
  const Board& board = s.board;
  const auto [root, bare] = rooted(s.position, removals);
  LoneFinishReference ref{board, solo, {}};
  ref.solve(bare, removals);
  const PositionClasses classes(board, board.jumps(solo.jumps));
  const Symmetry sym(board, board.jumps(solo.jumps));
  const std::uint64_t root_class = class_of(board, classes, root);
  // The positions once: their occupancy, pieces (value, class code) and removals due.
  struct Seen {
    const std::vector<Score>* ends;
    Position p;
    int r;
    std::uint64_t occ;
    std::vector<std::pair<Value, std::uint64_t>> pieces;
  };
  std::vector<Seen> seen;
  for (const auto& [key, ends] : ref.memo) {
    Seen x{&ends, position_of(board, bare, key), key.back(), 0, {}};
    for (int i = 0; i < board.squares(); ++i)
      if (const Value v = x.p.cells[board.cell(i)]; v != 0) {
        x.occ |= std::uint64_t{1} << i;
        x.pieces.push_back({v, classes.code(board.cell(i))});
      }
    seen.push_back(std::move(x));
  }
  for (int i = 0; i < board.squares(); ++i) {
    const Square sq = board.cell(i);
    INFO("finish " << square_name(board, sq));
    Finish f(board, solo, root, classes, sq);
    f.build_table(sym, f.symmetries(sym), table_bytes);
    // The game the search plays (BitGame under the optional rule, else GeneralGame).
    std::optional<GeneralGame> general;
    std::optional<BitGame> bits;
    if (solo.continuation == Continuation::kOptional)
      bits.emplace(board, solo, root, true, sq, table_bytes);
    else
      general.emplace(board, solo, root, true, sq, table_bytes);
    ++t.finishes;
    if (f.ruled_out() && (removals > 0 || classes.code(sq) == root_class)) ++t.root_ruled_out;
    if (f.table_pieces() > 0 && f.table_pieces() < 64) ++t.partial_tables;
    Rng walk(mix64(static_cast<std::uint64_t>(sq) + 977 * static_cast<std::uint64_t>(t.finishes)));
    if (!f.ruled_out())
      check_witnesses(board, solo, walk, sq, classes, f, bits ? &*bits : nullptr, 4,
                      t.finishes % 3 == 0, t);
    for (const Seen& x : seen) {
      const Score want = (*x.ends)[static_cast<std::size_t>(sq)];
      INFO("at " << format_grid(board, x.p) << "removals " << x.r << ", best line ending there "
                 << want);
      ++t.positions;
      t.possible += want >= 0 ? 1 : 0;
      if (f.ruled_out()) REQUIRE(want < 0);
      const Score fb = finish_bound(x.pieces, x.r, solo, f);
      const bool by_class = is_none(fb);
      if (by_class) {
        REQUIRE(want < 0);
        ++t.class_cut;
      } else {
        REQUIRE(fb >= want);
      }
      const bool by_resources = f.resources_rule_out(x.occ);
      if (by_resources) {
        REQUIRE(want < 0);
        ++t.resource_cut;
      }
      bool by_pagodas = false;
      for (int k = 0; k < f.pagodas(); ++k)
        if (f.pagodas_rule_out(x.occ, k)) {
          INFO("learnt pagoda function " << k);
          REQUIRE(want < 0);
          by_pagodas = true;
        }
      REQUIRE(f.pagodas_rule_out(x.occ) == by_pagodas);
      t.pagoda_cut += by_pagodas ? 1 : 0;
      t.pagoda_alone += by_pagodas && !by_class && !by_resources ? 1 : 0;
      if (f.table_rules_out(x.occ, x.r)) {
        REQUIRE(want < 0);
        ++t.table_cut;
        t.table_alone += !by_class && !by_resources && !by_pagodas ? 1 : 0;
      }
      const Score g = bits ? bits->upper_bound(bit_state(board, x.p, x.r))
                           : general->upper_bound(gen_state(x.p, x.r));
      if (is_none(g)) {
        REQUIRE(want < 0);
        ++t.game_cut;
      } else {
        REQUIRE(g >= want);
        t.exact += g == want ? 1 : 0;
      }
    }
  }
}

// solve --finish for every square of the board against the reference: found exactly where
// some line ends with a lone piece there, with the best such line's value, the line legal
// and ending so; proved impossible elsewhere. Counts the finishes found and those the
// search itself ruled out though the root's class allows them.
inline void check_solve_finish(const Setup& s, const Rules& rules, int removals, int& possible,
                               int& searched_out) {
  const Board& board = s.board;
  Rules solo = rules;
  solo.players = 1;
  const auto [root, bare] = rooted(s.position, removals);
  LoneFinishReference ref{board, solo, {}};
  const std::vector<Score> want = ref.solve(bare, removals);
  const PositionClasses classes(board, board.jumps(rules.jumps));
  const std::uint64_t c = class_of(board, classes, root);
  Rules asked = rules;
  asked.players = removals == 2 ? 2 : 1;  // solitaire whatever the players: 2 removals due
  for (int i = 0; i < board.squares(); ++i) {
    const Square sq = board.cell(i);
    const Score w = want[static_cast<std::size_t>(sq)];
    INFO("finish " << square_name(board, sq) << ": reference "
                   << (w >= 0 ? "possible, value " + std::to_string(w) : "impossible"));
    SolveOptions options;
    options.hash_mb = 1;
    options.finish = sq;
    SearchControl control;
    control.threads = 1;
    const SolveResult got = solve(board, asked, root, options, control);
    REQUIRE(got.complete);
    REQUIRE(got.proved);
    REQUIRE(got.possible == (w >= 0));
    if (w >= 0) {
      ++possible;
      REQUIRE(got.value == w);
      REQUIRE(replay(board, solo, bare, removals, got.line) == w);
      const std::optional<Position> end = final_position(board, solo, bare, removals, got.line);
      REQUIRE(end);
      REQUIRE(lone_on(board, *end, sq));
    } else if (removals == 0 && classes.code(sq) == c) {
      ++searched_out;
    }
  }
}

// The one-player rules of a sweep's root: the board kind's jumps, the rule, the measure and
// which piece a removal may take.
inline Rules sweep_rules(BoardKind kind, Continuation rule, Measure by, bool cheapest) {
  Rules solo;
  solo.continuation = rule;
  solo.measure = by;
  solo.players = 1;
  solo.jumps = kind_jumps(kind);
  solo.removal = cheapest ? RemovalKind::kCheapest : RemovalKind::kAny;
  return solo;
}

// The sweeps the tests run: every board kind (six-direction ones for solve), rule and
// measure, `roots` random roots of at most `pieces` pieces each (triangles up to side
// `side`), 0, 1 or 2 removals due, any piece or the cheapest, plain and valued pieces.
inline BoundTally sweep_bounds(std::uint64_t seed, int roots, int pieces, int side) {
  BoundTally t;
  for (const BoardKind kind : kBoardKinds)
    for (const Continuation rule : kRules)
      for (const Measure by : {Measure::kPoints, Measure::kPieces}) {
        Rng rng(seed + 100 * static_cast<std::uint64_t>(kind) +
                10 * static_cast<std::uint64_t>(rule) + static_cast<std::uint64_t>(by));
        for (int i = 0; i < roots; ++i) {
          const Setup s = random_root(rng, kind, pieces, i % 4 == 0, side);
          const Rules solo = sweep_rules(kind, rule, by, i % 2 != 0);
          const int removals = i % 3;
          INFO(kind_name(kind) << ": " << format_grid(s.board, s.position) << "rule "
                               << to_string(rule) << " by " << to_string(by) << " removals "
                               << removals);
          check_bounds(s, solo, removals, t);
        }
      }
  return t;
}

// As sweep_bounds, `roots` per board kind and measure, the rules in turn (the cut-offs do
// not depend on the rule; only the positions reached do); the table in 9 KB (a partial
// table) or 1 MB in turn.
inline FinishTally sweep_finish_cuts(std::uint64_t seed, int roots, int pieces, int side) {
  FinishTally t;
  for (const BoardKind kind : kBoardKinds)
    for (const Measure by : {Measure::kPoints, Measure::kPieces}) {
      Rng rng(seed + 10 * static_cast<std::uint64_t>(kind) + static_cast<std::uint64_t>(by));
      for (int i = 0; i < roots; ++i) {
        const Setup s = random_root(rng, kind, pieces, i % 2 == 0, side);
        const Rules solo = sweep_rules(kind, kRules[i % 4], by, (i / 2) % 2 != 0);
        const int removals = (i + static_cast<int>(by)) % 3;
        INFO(kind_name(kind) << ": " << format_grid(s.board, s.position) << "rule "
                             << to_string(solo.continuation) << " by " << to_string(by)
                             << " removals " << removals);
        check_finish_cuts(s, solo, removals, i % 2 ? std::size_t{9} << 10 : std::size_t{1} << 20,
                          t);
      }
    }
  return t;
}

struct SolveTally {
  int roots = 0, possible = 0, searched_out = 0;
};

// solve --finish against the reference on the board kinds `kinds`, `roots` per kind, rule
// and measure.
inline SolveTally sweep_solve_finish(std::uint64_t seed, std::vector<BoardKind> kinds, int roots,
                                     int pieces, int side) {
  SolveTally t;
  for (const BoardKind kind : kinds)
    for (const Continuation rule : kRules)
      for (const Measure by : {Measure::kPoints, Measure::kPieces}) {
        Rng rng(seed + 100 * static_cast<std::uint64_t>(kind) +
                10 * static_cast<std::uint64_t>(rule) + static_cast<std::uint64_t>(by));
        for (int i = 0; i < roots; ++i, ++t.roots) {
          const Setup s = random_root(rng, kind, pieces, i % 2 == 0, side);
          const Rules rules = sweep_rules(kind, rule, by, (i / 2) % 2 != 0);
          const int removals = (i + static_cast<int>(rule)) % 3;
          INFO(kind_name(kind) << ": " << format_grid(s.board, s.position) << "rule "
                               << to_string(rule) << " by " << to_string(by) << " removals "
                               << removals);
          check_solve_finish(s, rules, removals, t.possible, t.searched_out);
        }
      }
  return t;
}

}  // namespace leapfrog::testing
