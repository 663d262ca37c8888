// The game-neutral core against brute force written here: jump tables from direction sets
// the code has never seen, symmetries as every jump-keeping permutation of the cells, and
// position classes as every invariant function; then the published figures (the English
// board's 16 classes) and the group sizes of the usual boards.
#include <algorithm>
#include <catch2/catch.hpp>
#include <random>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "core/classes.h"
#include "core/geometry.h"
#include "core/pagoda.h"
#include "core/symmetry.h"

using namespace leapfrog;

namespace {

// A shape from rows drawn top to bottom: 'o' a playable cell, '#' none.
Shape shape_of(const std::vector<std::string>& rows) {
  const int h = static_cast<int>(rows.size()), w = static_cast<int>(rows[0].size());
  std::vector<bool> on(static_cast<std::size_t>(w * h), false);
  for (int r = 0; r < h; ++r)
    for (int f = 0; f < w; ++f)
      on[static_cast<std::size_t>(f + (h - 1 - r) * w)] =
          rows[static_cast<std::size_t>(r)][static_cast<std::size_t>(f)] == 'o';
  return Shape(w, h, on);
}

const DirectionSet kKnightLike{
    "knight-like", {{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}}};
// One-way: a piece may only jump right or up (no jump has a reverse).
const DirectionSet kOneWay{"one-way", {{1, 0}, {0, 1}}};

using Triple = std::tuple<Square, Square, Square>;

// Every jump of the set on the shape, straight from the coordinates.
std::set<Triple> brute_triples(const Shape& s, const DirectionSet& d) {
  std::set<Triple> out;
  for (int r = 0; r < s.height(); ++r)
    for (int f = 0; f < s.width(); ++f)
      for (const Step& st : d.steps) {
        const int f2 = f + 2 * st.file, r2 = r + 2 * st.rank;
        const int f1 = f + st.file, r1 = r + st.rank;
        if (f2 < 0 || r2 < 0 || f2 >= s.width() || r2 >= s.height()) continue;
        const Square a = s.square(f, r), b = s.square(f1, r1), c = s.square(f2, r2);
        if (s.is_square(a) && s.is_square(b) && s.is_square(c)) out.insert({a, b, c});
      }
  return out;
}

std::set<Triple> table_triples(const Shape& s, const JumpTable& t) {
  std::set<Triple> out;
  for (int c = 0; c < s.cells(); ++c)
    for (const Jump& j : t.from(static_cast<Square>(c)))
      out.insert({static_cast<Square>(c), j.over, j.to});
  return out;
}

// Every permutation of the playable cells that carries the jump set onto itself, by
// backtracking over the cells in index order (checking each jump once its cells are placed).
std::set<std::vector<Square>> brute_automorphisms(const Shape& s, const std::set<Triple>& jumps) {
  const int n = s.squares();
  std::vector<int> image(static_cast<std::size_t>(n), -1);
  std::vector<char> used(static_cast<std::size_t>(n), 0);
  std::set<std::vector<Square>> out;
  const auto idx = [&](Square c) { return s.index(c); };
  const auto consistent = [&]() {
    for (const auto& [a, b, c] : jumps) {
      const int ia = image[static_cast<std::size_t>(idx(a))];
      const int ib = image[static_cast<std::size_t>(idx(b))];
      const int ic = image[static_cast<std::size_t>(idx(c))];
      if (ia < 0 || ib < 0 || ic < 0) continue;
      if (!jumps.count({s.cell(ia), s.cell(ib), s.cell(ic)})) return false;
    }
    return true;
  };
  const auto rec = [&](auto&& self, int i) -> void {
    if (i == n) {
      std::vector<Square> m(static_cast<std::size_t>(s.cells()));
      for (int c = 0; c < s.cells(); ++c) m[static_cast<std::size_t>(c)] = static_cast<Square>(c);
      for (int k = 0; k < n; ++k) m[s.cell(k)] = s.cell(image[static_cast<std::size_t>(k)]);
      out.insert(m);
      return;
    }
    for (int t = 0; t < n; ++t) {
      if (used[static_cast<std::size_t>(t)]) continue;
      used[static_cast<std::size_t>(t)] = 1;
      image[static_cast<std::size_t>(i)] = t;
      if (consistent()) self(self, i + 1);
      image[static_cast<std::size_t>(i)] = -1;
      used[static_cast<std::size_t>(t)] = 0;
    }
  };
  rec(rec, 0);
  return out;
}

// The number of functions cells -> GF(2) with f(a) + f(b) + f(c) = 0 on every jump.
std::uint64_t brute_invariants(const Shape& s, const std::set<Triple>& jumps) {
  const int n = s.squares();
  std::uint64_t count = 0;
  for (std::uint64_t f = 0; f < (std::uint64_t{1} << n); ++f) {
    bool ok = true;
    for (const auto& [a, b, c] : jumps)
      if ((((f >> s.index(a)) ^ (f >> s.index(b)) ^ (f >> s.index(c))) & 1) != 0) {
        ok = false;
        break;
      }
    count += ok ? 1 : 0;
  }
  return count;
}

std::uint64_t class_of(const Shape& s, const PositionClasses& pc, const std::vector<char>& occ) {
  std::uint64_t c = 0;
  for (int i = 0; i < s.squares(); ++i)
    if (occ[static_cast<std::size_t>(i)]) c ^= pc.code(s.cell(i));
  return c;
}

struct Case {
  std::vector<std::string> rows;
  const DirectionSet* dirs;
  // Every cell is tied to the others by jumps in two independent directions, so that every
  // jump-keeping permutation is a map of the drawing. Elsewhere (independent rows, cells in
  // no jump) there are more, which the core does not use: fewer symmetries cost only time.
  bool rigid;
};

// True when the permutation is an affine map of the coordinates (solved here from three
// cells not on one line, then checked on every cell).
bool affine(const Shape& s, const std::vector<Square>& m) {
  const int n = s.squares();
  const auto pt = [&](Square c) { return std::pair<int, int>{s.file(c), s.rank(c)}; };
  const auto [x0, y0] = pt(s.cell(0));
  for (int i = 1; i < n; ++i)
    for (int j = i + 1; j < n; ++j) {
      const auto [x1, y1] = pt(s.cell(i));
      const auto [x2, y2] = pt(s.cell(j));
      const int det = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0);
      if (det == 0) continue;
      const auto [u0, v0] = pt(m[s.cell(0)]);
      const auto [u1, v1] = pt(m[s.cell(i)]);
      const auto [u2, v2] = pt(m[s.cell(j)]);
      // M * (d1 d2) = (e1 e2): M = (e1 e2) * (d1 d2)^-1, to be integral.
      const int a = (u1 - u0) * (y2 - y0) - (u2 - u0) * (y1 - y0);
      const int b = -(u1 - u0) * (x2 - x0) + (u2 - u0) * (x1 - x0);
      const int c = (v1 - v0) * (y2 - y0) - (v2 - v0) * (y1 - y0);
      const int d = -(v1 - v0) * (x2 - x0) + (v2 - v0) * (x1 - x0);
      if (a % det || b % det || c % det || d % det) return false;
      for (int k = 0; k < n; ++k) {
        const auto [x, y] = pt(s.cell(k));
        const auto [u, v] = pt(m[s.cell(k)]);
        if (u - u0 != (a / det) * (x - x0) + (b / det) * (y - y0)) return false;
        if (v - v0 != (c / det) * (x - x0) + (d / det) * (y - y0)) return false;
      }
      return true;
    }
  return true;  // all cells on one line: any permutation that keeps the jumps is fine here
}

std::vector<Case> small_cases() {
  static const DirectionSet& orth = directions(JumpSet::kOrthogonal);
  static const DirectionSet& king = directions(JumpSet::kDiagonal);
  static const DirectionSet& hex = directions(JumpSet::kHex);
  return {
      {{"ooo", "ooo", "ooo"}, &orth, true},
      {{"ooo", "ooo", "ooo"}, &king, true},
      {{"ooo", "ooo", "ooo"}, &hex, true},
      {{"oooo", "oooo"}, &orth, false},  // two independent rows
      {{"ooooo", "ooooo", "ooooo"}, &kKnightLike, false},
      {{"ooooo", "ooooo", "ooo##"}, &kKnightLike, false},
      {{"ooo", "ooo", "ooo"}, &kOneWay, true},
      {{"o##", "oo#", "ooo"}, &hex, true},             // the triangle of side 3
      {{"o###", "oo##", "ooo#", "oooo"}, &hex, true},  // side 4
      {{"oo#", "ooo", "#oo"}, &hex, false},            // the hexagon of side 2: centre only
      {{"#o#", "ooo", "#o#"}, &orth, true},
      {{"oo#", "ooo", "ooo"}, &orth, true},
      {{"o##", "ooo", "ooo"}, &orth, true},
      {{"oooo", "oooo", "oooo"}, &orth, true},
  };
}

// A random shape: sides min_side..min_side+spread-1 (drawn in the order width, height), each
// cell playable except with probability 1/hole_one_in.
Shape random_shape(std::mt19937_64& rng, int min_side, int spread, int hole_one_in) {
  const int w = min_side + static_cast<int>(rng() % static_cast<unsigned>(spread));
  const int h = min_side + static_cast<int>(rng() % static_cast<unsigned>(spread));
  std::vector<bool> on(static_cast<std::size_t>(w * h));
  for (std::size_t i = 0; i < on.size(); ++i)
    on[i] = rng() % static_cast<unsigned>(hole_one_in) != 0;
  return Shape(w, h, on);
}

const DirectionSet* const kAllSets[] = {&directions(JumpSet::kOrthogonal),
                                        &directions(JumpSet::kDiagonal), &directions(JumpSet::kHex),
                                        &kKnightLike, &kOneWay};

}  // namespace

TEST_CASE("jump tables match the coordinates for any direction set", "[core]") {
  std::mt19937_64 rng(13);
  for (int round = 0; round < 60; ++round) {
    const Shape s = random_shape(rng, 1, 9, 5);
    for (const DirectionSet* d : kAllSets) {
      const JumpTable t(s, *d);
      INFO(s.width() << "x" << s.height() << " " << d->name);
      CHECK(table_triples(s, t) == brute_triples(s, *d));
      // The table lists each cell's jumps in the set's order, and over() finds each one.
      for (int c = 0; c < s.cells(); ++c) {
        int last = -1;
        for (const Jump& j : t.from(static_cast<Square>(c))) {
          const int df = s.file(j.over) - s.file(static_cast<Square>(c));
          const int dr = s.rank(j.over) - s.rank(static_cast<Square>(c));
          const auto at = std::find(d->steps.begin(), d->steps.end(), Step{df, dr});
          REQUIRE(at != d->steps.end());
          CHECK(at - d->steps.begin() > last);
          last = static_cast<int>(at - d->steps.begin());
          CHECK(t.over(static_cast<Square>(c), j.to) == j.over);
        }
      }
    }
  }
  // Dense indices run over the playable cells in row order.
  const Shape s = shape_of({"#oo", "o#o"});
  CHECK(s.squares() == 4);
  CHECK(s.cell(0) == s.square(0, 0));
  CHECK(s.cell(1) == s.square(2, 0));
  CHECK(s.cell(2) == s.square(1, 1));
  CHECK(s.index(s.square(1, 0)) == -1);
  CHECK(square_name(s, s.square(2, 1)) == "c2");
}

TEST_CASE("found symmetries are the jump-keeping permutations that are maps of the drawing",
          "[core]") {
  for (const Case& c : small_cases()) {
    const Shape s = shape_of(c.rows);
    const JumpTable t(s, *c.dirs);
    const Symmetry sym(s, t);
    std::set<std::vector<Square>> found;
    for (int k = 0; k < sym.count(); ++k) found.insert(sym.map(k));
    INFO(c.rows[0] << "/... " << c.dirs->name);
    CHECK(static_cast<int>(found.size()) == sym.count());  // no map listed twice
    if (s.squares() <= 12) {
      const auto brute = brute_automorphisms(s, brute_triples(s, *c.dirs));
      std::set<std::vector<Square>> geometric;
      for (const auto& m : brute)
        if (affine(s, m)) geometric.insert(m);
      CHECK(found == geometric);
      if (c.rigid) CHECK(found == brute);
      if (!c.rigid) CHECK(found.size() < brute.size());
    }
    // The identity comes first, and the bit-board images agree with the maps.
    for (int i = 0; i < s.cells(); ++i) CHECK(sym.image(0, static_cast<Square>(i)) == i);
    for (int k = 0; k < sym.count(); ++k)
      for (int i = 0; i < s.squares(); ++i)
        CHECK(sym.apply64(k, std::uint64_t{1} << i) == std::uint64_t{1}
                                                           << s.index(sym.image(k, s.cell(i))));
  }
}

TEST_CASE("the symmetry groups of the usual boards", "[core]") {
  const JumpSet orth = JumpSet::kOrthogonal;
  const auto count = [](const Shape& s, JumpSet set) {
    return Symmetry(s, JumpTable(s, directions(set))).count();
  };
  const Shape english =
      shape_of({"##ooo##", "##ooo##", "ooooooo", "ooooooo", "ooooooo", "##ooo##", "##ooo##"});
  const Shape french =
      shape_of({"##ooo##", "#ooooo#", "ooooooo", "ooooooo", "ooooooo", "#ooooo#", "##ooo##"});
  CHECK(count(english, orth) == 8);
  CHECK(count(french, orth) == 8);
  CHECK(count(english, JumpSet::kDiagonal) == 8);
  CHECK(count(Shape(5, 3), orth) == 4);
  CHECK(count(Shape(26, 26), orth) == 8);
  CHECK(count(shape_of({"oo##", "oooo", "ooo#"}), orth) == 1);  // irregular
  CHECK(count(shape_of({"o##", "ooo", "ooo"}), orth) == 1);
  // Six directions: a triangle has the 6 maps of its own, a hexagon 12; drawn on the sheared
  // grid, neither has the square grid's.
  CHECK(count(shape_of({"o####", "oo###", "ooo##", "oooo#", "ooooo"}), JumpSet::kHex) == 6);
  std::vector<std::string> hexagon;
  for (int r = 0; r < 9; ++r) {
    std::string row;
    for (int c = 0; c < 9; ++c) row += std::abs(c - r) <= 4 ? 'o' : '#';
    hexagon.push_back(row);
  }
  CHECK(count(shape_of(hexagon), JumpSet::kHex) == 12);
  // The square board under six directions keeps only the maps that keep the two diagonals
  // the hex set uses: the half turn and the mirror in the a1-e5... anti-diagonal.
  CHECK(count(Shape(5, 5), JumpSet::kHex) == 4);
}

TEST_CASE("cell classes are the orbits of the symmetries asked for, in reading order", "[core]") {
  const Shape square(3, 3);
  const Symmetry sym(square, JumpTable(square, directions(JumpSet::kOrthogonal)));
  REQUIRE(sym.count() == 8);
  const auto name = [&](Square s) { return square_name(square, s); };
  const auto names = [&](const std::vector<std::vector<Square>>& classes) {
    std::vector<std::vector<std::string>> out;
    for (const auto& c : classes) {
      out.emplace_back();
      for (const Square s : c) out.back().push_back(name(s));
    }
    return out;
  };
  std::vector<int> all;
  for (int k = 1; k < sym.count(); ++k) all.push_back(k);
  // The corners, the edges and the centre, each class in reading order (a3 first).
  CHECK(names(cell_classes(square, sym, all)) ==
        std::vector<std::vector<std::string>>{
            {"a3", "c3", "a1", "c1"}, {"b3", "a2", "c2", "b1"}, {"b2"}});
  // None asked for: each cell alone, in reading order.
  const auto alone = names(cell_classes(square, sym, {}));
  REQUIRE(alone.size() == 9);
  CHECK(alone.front() == std::vector<std::string>{"a3"});
  CHECK(alone.back() == std::vector<std::string>{"c1"});
  // The mirror of the files alone (symmetry 1): columns a and c pair up row by row.
  const std::vector<int> mirror{1};
  CHECK(names(cell_classes(square, sym, mirror)) ==
        std::vector<std::vector<std::string>>{
            {"a3", "c3"}, {"b3"}, {"a2", "c2"}, {"b2"}, {"a1", "c1"}, {"b1"}});
}

TEST_CASE("position classes are every invariant of the jumps", "[core]") {
  for (const Case& c : small_cases()) {
    const Shape s = shape_of(c.rows);
    if (s.squares() > 16) continue;
    const JumpTable t(s, *c.dirs);
    const PositionClasses pc(s, t);
    INFO(c.rows[0] << "/... " << c.dirs->name);
    CHECK(std::uint64_t{1} << pc.dimension() == brute_invariants(s, brute_triples(s, *c.dirs)));
  }
  // The classes never change under jumps: random games on random boards and direction sets.
  std::mt19937_64 rng(7);
  for (int round = 0; round < 200; ++round) {
    const Shape s = random_shape(rng, 2, 7, 6);
    const DirectionSet& d = *kAllSets[rng() % 5];
    const JumpTable t(s, d);
    const PositionClasses pc(s, t);
    std::vector<char> occ(static_cast<std::size_t>(s.squares()));
    for (auto& o : occ) o = rng() % 4 != 0;
    const std::uint64_t start = class_of(s, pc, occ);
    for (int move = 0; move < 40; ++move) {
      std::vector<std::pair<int, Jump>> legal;
      for (int i = 0; i < s.squares(); ++i)
        for (const Jump& j : t.from(s.cell(i)))
          if (occ[static_cast<std::size_t>(i)] && occ[static_cast<std::size_t>(s.index(j.over))] &&
              !occ[static_cast<std::size_t>(s.index(j.to))])
            legal.push_back({i, j});
      if (legal.empty()) break;
      const auto& [i, j] = legal[rng() % legal.size()];
      occ[static_cast<std::size_t>(i)] = 0;
      occ[static_cast<std::size_t>(s.index(j.over))] = 0;
      occ[static_cast<std::size_t>(s.index(j.to))] = 1;
      REQUIRE(class_of(s, pc, occ) == start);
    }
    // The bit-board masks give the same classes.
    if (s.squares() <= 64) {
      std::uint64_t bits = 0, c = 0;
      for (int i = 0; i < s.squares(); ++i)
        if (occ[static_cast<std::size_t>(i)]) bits |= std::uint64_t{1} << i;
      for (int b = 0; b < pc.dimension(); ++b)
        c |= static_cast<std::uint64_t>(__builtin_popcountll(bits & pc.mask64(b)) & 1) << b;
      CHECK(c == class_of(s, pc, occ));
    }
  }
}

TEST_CASE("the English board has 16 position classes", "[core]") {
  // de Bruijn (1972) and Conway's "Winning Ways" (1982, ch. 23): the 33-hole board's
  // positions fall into 16 classes, and from the centre-vacancy start (the centre's own
  // class) a game can end with one peg only on the centre or on the four squares three
  // steps from it along the axes.
  const Shape english =
      shape_of({"##ooo##", "##ooo##", "ooooooo", "ooooooo", "ooooooo", "##ooo##", "##ooo##"});
  const JumpTable t(english, directions(JumpSet::kOrthogonal));
  const PositionClasses pc(english, t);
  CHECK(pc.dimension() == 4);
  std::uint64_t full = 0;
  for (int i = 0; i < english.squares(); ++i) full ^= pc.code(english.cell(i));
  const std::uint64_t start = full ^ pc.code(english.square(3, 3));
  std::set<std::string> ends;
  for (int i = 0; i < english.squares(); ++i)
    if (pc.code(english.cell(i)) == start) ends.insert(square_name(english, english.cell(i)));
  CHECK(ends == std::set<std::string>{"a4", "d1", "d4", "d7", "g4"});
  // Diagonal jumps leave no invariant on a large board, so no class bound applies there.
  CHECK(PositionClasses(Shape(8, 8), JumpTable(Shape(8, 8), directions(JumpSet::kDiagonal)))
            .dimension() == 0);
  CHECK(PositionClasses(Shape(8, 8), JumpTable(Shape(8, 8), directions(JumpSet::kOrthogonal)))
            .dimension() == 4);
}

TEST_CASE("pagoda functions never rule out a square a lone piece can reach", "[core]") {
  // Brute force: every position reachable by jumps from random starts on random small
  // boards, with diagonal, six-direction and orthogonal jumps in turn; a square that holds the lone
  // last piece of some reachable position must not be ruled out, and on some boards squares are
  // ruled out that the position class allows.
  std::mt19937_64 rng(11);
  int ruled_out = 0;
  for (int round = 0; round < 300; ++round) {
    const int w = 2 + static_cast<int>(rng() % 3), h = 2 + static_cast<int>(rng() % 4);
    std::vector<bool> on(static_cast<std::size_t>(w * h));
    for (std::size_t i = 0; i < on.size(); ++i) on[i] = rng() % 6 != 0;
    const Shape s(w, h, on);
    if (s.squares() == 0) continue;
    const DirectionSet& d = directions(round % 3 == 0   ? JumpSet::kDiagonal
                                       : round % 3 == 1 ? JumpSet::kHex
                                                        : JumpSet::kOrthogonal);
    const JumpTable t(s, d);
    std::vector<bool> start(static_cast<std::size_t>(s.cells()), false);
    std::uint64_t bits = 0;
    for (int i = 0; i < s.squares(); ++i)
      if (rng() % 5 != 0) {
        start[s.cell(i)] = true;
        bits |= std::uint64_t{1} << i;
      }
    std::set<std::uint64_t> seen{bits};
    std::vector<std::uint64_t> todo{bits};
    std::set<int> lone;
    while (!todo.empty()) {
      const std::uint64_t x = todo.back();
      todo.pop_back();
      if (__builtin_popcountll(x) == 1) lone.insert(__builtin_ctzll(x));
      for (int i = 0; i < s.squares(); ++i)
        for (const Jump& j : t.from(s.cell(i))) {
          const int o = s.index(j.over), to = s.index(j.to);
          if (((x >> i) & 1) && ((x >> o) & 1) && !((x >> to) & 1)) {
            const std::uint64_t y =
                x ^ (std::uint64_t{1} << i) ^ (std::uint64_t{1} << o) ^ (std::uint64_t{1} << to);
            if (seen.insert(y).second) todo.push_back(y);
          }
        }
    }
    std::vector<bool> all(static_cast<std::size_t>(s.cells()), false);
    for (int i = 0; i < s.squares(); ++i) all[s.cell(i)] = true;
    const std::vector<bool> ok = lone_piece_squares(s, t, start, all);
    for (const int i : lone) CHECK(ok[s.cell(i)]);
    for (int i = 0; i < s.squares(); ++i) ruled_out += ok[s.cell(i)] ? 0 : 1;
  }
  CHECK(ruled_out > 120);
}

TEST_CASE("the simplex method solves small linear programs", "[core]") {
  // max 3x + 2y subject to x + y <= 4, x + 3y <= 6, x <= 3: optimum 11 at (3, 1).
  double value = 0;
  const std::vector<double> x = simplex_max({{1, 1}, {1, 3}, {1, 0}}, {4, 6, 3}, {3, 2}, value);
  CHECK(value == Approx(11));
  CHECK(x[0] == Approx(3));
  CHECK(x[1] == Approx(1));
  // Stopped between pivots: no answer (x = 0, value 0), after as many pivots as were asked.
  int asked = 0;
  const std::vector<double> none =
      simplex_max({{1, 1}, {1, 3}, {1, 0}}, {4, 6, 3}, {3, 2}, value, [&] { return ++asked > 1; });
  CHECK(value == 0);
  CHECK(none == std::vector<double>{0, 0});
  CHECK(asked == 2);
}
