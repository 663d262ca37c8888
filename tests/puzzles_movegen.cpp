// Turn generation: hand-checked positions for each continuation rule and for diagonal jumps,
// and an independent brute-force generator compared with the real one on random positions.
#include <algorithm>
#include <catch2/catch.hpp>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "generator/random.h"
#include "puzzles/legality.h"
#include "puzzles/movegen.h"
#include "puzzles/notation.h"

using namespace leapfrog;

namespace {

std::vector<std::string> turns_of(const std::string& text, const RuleOverrides& o = {}) {
  Setup s = parse_position(text);
  s.overrides = s.overrides.merged_with(o);
  std::vector<std::string> out;
  for_each_turn(s.board, s.rules(), s.position,
                [&](const TurnView& t) { out.push_back(format_turn(s.board, t)); });
  return out;
}

RuleOverrides with(Continuation c, Measure m = Measure::kPoints, bool diagonal = false) {
  RuleOverrides o;
  o.continuation = c;
  o.measure = m;
  o.jumps = diagonal ? JumpSet::kDiagonal : JumpSet::kOrthogonal;
  return o;
}

std::set<std::string> as_set(const std::vector<std::string>& v) { return {v.begin(), v.end()}; }

// A worked example (points): 12 / 9 / 7 / 1 turns under the four continuation rules.
const std::string kExample = "3441./33311/.1.41/.4.../.41.1";

}  // namespace

TEST_CASE("worked example: turn counts under each continuation rule", "[movegen]") {
  CHECK(turns_of(kExample, with(Continuation::kOptional)).size() == 12);
  CHECK(turns_of(kExample, with(Continuation::kForced)).size() == 9);
  CHECK(turns_of(kExample, with(Continuation::kPieceMax)).size() == 7);
  CHECK(turns_of(kExample, with(Continuation::kBoardMax)) == std::vector<std::string>{"e3xc3xa3"});
}

TEST_CASE("hand-checked: a line of pieces and holes", "[movegen]") {
  // Row 1 (bottom) of a 5x1 board: a1=1 b1=1 c1=. d1=4 e1=.
  // Jumps: a1xc1 (over b1, 1 point), then c1xe1 (over d1, 4 points); d1 can't jump
  // (c1 then b1 ... d1xb1 needs c1 occupied: no). b1 jumps? b1 over c1: empty. e1 empty.
  // So chains: a1xc1 (1), a1xc1xe1 (5).
  const std::string pos = "11.4.";
  CHECK(turns_of(pos, with(Continuation::kOptional)) ==
        std::vector<std::string>{"a1xc1", "a1xc1xe1"});
  CHECK(turns_of(pos, with(Continuation::kForced)) == std::vector<std::string>{"a1xc1xe1"});
  CHECK(turns_of(pos, with(Continuation::kPieceMax)) == std::vector<std::string>{"a1xc1xe1"});
  CHECK(turns_of(pos, with(Continuation::kBoardMax)) == std::vector<std::string>{"a1xc1xe1"});
}

TEST_CASE("hand-checked: two jumpers reach the same big capture", "[movegen]") {
  // 5x3, ranks from the bottom:
  //   rank 3: . . . . .
  //   rank 2: . . 9 . .
  //   rank 1: 2 1 . 1 1
  // a1 jumps b1 to c1 (1 point) and on over c2 to c3 (9 more); e1 likewise over d1.
  // Nothing else can jump: b1 and d1 face the empty c1 or the edge, c2 has no piece beside it
  // with an empty square beyond.
  const std::string pos = "...../..9../21.11";
  CHECK(as_set(turns_of(pos, with(Continuation::kOptional))) ==
        std::set<std::string>{"a1xc1", "a1xc1xc3", "e1xc1", "e1xc1xc3"});
  CHECK(as_set(turns_of(pos, with(Continuation::kForced))) ==
        std::set<std::string>{"a1xc1xc3", "e1xc1xc3"});
  CHECK(as_set(turns_of(pos, with(Continuation::kBoardMax))) ==
        std::set<std::string>{"a1xc1xc3", "e1xc1xc3"});
  CHECK(as_set(turns_of(pos, with(Continuation::kPieceMax))) ==
        std::set<std::string>{"a1xc1xc3", "e1xc1xc3"});
}

TEST_CASE("hand-checked: board-max by points and by pieces choose differently", "[movegen]") {
  // 7x1: a1=9? Board "1.19.11" hmm; use two separate rows.
  // rank 2: 1 9 . . . .  -> a2xc2 captures 9 (1 piece, 9 points)
  // rank 1: 1 1 . 1 . .  -> a1xc1xe1 captures 2 pieces, 2 points
  const std::string pos = "19..../11.1..";
  CHECK(turns_of(pos, with(Continuation::kBoardMax, Measure::kPoints)) ==
        std::vector<std::string>{"a2xc2"});
  CHECK(turns_of(pos, with(Continuation::kBoardMax, Measure::kPieces)) ==
        std::vector<std::string>{"a1xc1xe1"});
  // Piece-max keeps each jumper's best: a1xc1xe1 for a1, a2xc2 for a2 (by points).
  CHECK(as_set(turns_of(pos, with(Continuation::kPieceMax))) ==
        std::set<std::string>{"a1xc1xe1", "a2xc2"});
}

TEST_CASE("hand-checked: a chain may return to its start square", "[movegen]") {
  // 3x3 ring: the jumper on a1 goes round: a1xc1 (over b1), c1xc3 (over c2),
  // c3xa3 (over b3), a3xa1 (over a2): back home, 4 captures.
  const std::string pos = ".1./1.1/11.";
  const auto forced = turns_of(pos, with(Continuation::kBoardMax, Measure::kPieces));
  CHECK(std::find(forced.begin(), forced.end(), "a1xc1xc3xa3xa1") != forced.end());
}

TEST_CASE("hand-checked: diagonal jumps", "[movegen]") {
  // 3x3 with pieces on a1 and b2, the rest empty: only the diagonal a1xc3 (over b2); b2's
  // one neighbour is a1, and beyond a1 is off the board.
  const std::string pos = ".../.1./1..";
  CHECK(turns_of(pos, with(Continuation::kOptional)).empty());
  CHECK(turns_of(pos, with(Continuation::kOptional, Measure::kPoints, true)) ==
        std::vector<std::string>{"a1xc3"});
  // With c3 occupied the landing square is taken.
  CHECK(turns_of("..1/.1./1..", with(Continuation::kOptional, Measure::kPoints, true)).empty());
  // A diagonal-then-orthogonal chain: a1xc3 (over b2), then c3xc1 (over c2), where the
  // chain must stop (b2 is gone). Independently c2 can jump b2 to a2, and then stops.
  const std::string mixed = ".../.11/1..";
  CHECK(turns_of(mixed, with(Continuation::kForced, Measure::kPoints, true)) ==
        std::vector<std::string>{"a1xc3xc1", "c2xa2"});
  CHECK(turns_of(mixed, with(Continuation::kForced)) == std::vector<std::string>{"c2xa2"});
}

TEST_CASE("no-squares block jumps", "[movegen]") {
  CHECK(turns_of("11.").size() == 1);
  CHECK(turns_of("1#.").empty());             // nothing to jump over: b1 is no square
  CHECK(turns_of("11# removals=-").empty());  // the landing square does not exist
}

TEST_CASE("opening removals", "[movegen]") {
  const std::string pos = "123/214 players=2 removals=1,2";
  CHECK(turns_of(pos).size() == 6);
  RuleOverrides cheap;
  cheap.removal = RemovalKind::kCheapest;
  CHECK(as_set(turns_of(pos, cheap)) == std::set<std::string>{"xa2", "xb1"});
  // After player 1 removes, player 2 still owes a removal; then jumping starts.
  Setup s = parse_position(pos);
  const Rules rules = s.rules();
  Position p = apply(s.board, rules, s.position, parse_turn(s.board, "xc2"));
  CHECK(p.scores[0] == 3);
  CHECK(p.to_move == 1);
  CHECK(removal_turn(p));
  p = apply(s.board, rules, p, parse_turn(s.board, "xa1"));
  CHECK(p.scores[1] == 2);
  CHECK(!removal_turn(p));
  // Now: rank 2: 1 2 .  rank 1: . 1 4 -> b2 over... a2xc2 over b2 (2 points); c1xa1 over b1.
  Setup after = s;
  after.position = p;
  CHECK(as_set(turns_of(format_position(after))) == std::set<std::string>{"a2xc2", "c1xa1"});
}

TEST_CASE("apply scores captures for the mover and passes the turn", "[movegen]") {
  Setup s = parse_position("3441./33311/.1.41/.4.../.41.1 players=2");
  const Rules rules = s.rules();
  const Turn t = parse_turn(s.board, "e3xc3xa3");
  REQUIRE(check_turn(s.board, rules, s.position, t).legal);
  const Position p = apply(s.board, rules, s.position, t);
  CHECK(p.scores[0] == 5);  // d3 (4) + b3 (1)
  CHECK(p.to_move == 1);
  CHECK(p.cells[parse_square(s.board, "a3")] == 1);  // the jumper (value 1) landed on a3
  CHECK(p.cells[parse_square(s.board, "e3")] == 0);
  CHECK(piece_count(s.board, p) == piece_count(s.board, s.position) - 2);
}

// ---------------------------------------------------------------------------------------
// An independent brute-force generator: plain coordinates, a vector-of-vectors board, every
// chain enumerated first, then the continuation rule applied as a filter over that list.
namespace {

struct BruteChain {
  std::vector<std::pair<int, int>> squares;  // (file, rank)
  int points = 0;
  int pieces = 0;
  bool extendable = false;
};

struct BruteBoard {
  int w, h;
  std::vector<std::vector<int>> cell;  // [rank][file]: -1 no square, 0 empty, 1..9 piece
  bool on(int f, int r) const { return f >= 0 && r >= 0 && f < w && r < h && cell[r][f] >= 0; }
};

void brute_extend(BruteBoard& b, BruteChain& c, bool diagonal, std::vector<BruteChain>& out) {
  static const int dirs[8][2] = {{1, 0}, {-1, 0}, {0, 1},  {0, -1},
                                 {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
  const auto [f, r] = c.squares.back();
  bool any = false;
  for (int d = 0; d < (diagonal ? 8 : 4); ++d) {
    const int fo = f + dirs[d][0], ro = r + dirs[d][1], ft = f + 2 * dirs[d][0],
              rt = r + 2 * dirs[d][1];
    if (!b.on(fo, ro) || !b.on(ft, rt) || b.cell[ro][fo] <= 0 || b.cell[rt][ft] != 0) continue;
    any = true;
    const int v = b.cell[ro][fo];
    b.cell[ro][fo] = 0;
    c.squares.push_back({ft, rt});
    c.points += v;
    c.pieces += 1;
    brute_extend(b, c, diagonal, out);
    c.squares.pop_back();
    c.points -= v;
    c.pieces -= 1;
    b.cell[ro][fo] = v;
  }
  if (c.squares.size() > 1) {
    BruteChain copy = c;
    copy.extendable = any;
    out.push_back(copy);
  }
}

std::string brute_name(const std::vector<std::pair<int, int>>& sq, bool removal) {
  std::string s = removal ? "x" : "";
  for (std::size_t i = 0; i < sq.size(); ++i) {
    if (i) s += "x";
    s += static_cast<char>('a' + sq[i].first);
    s += std::to_string(sq[i].second + 1);
  }
  return s;
}

std::multiset<std::string> brute_turns(const BruteBoard& board, Continuation rule, Measure measure,
                                       bool diagonal) {
  std::vector<BruteChain> all;
  BruteBoard b = board;
  for (int r = 0; r < b.h; ++r)
    for (int f = 0; f < b.w; ++f) {
      if (b.cell[r][f] <= 0) continue;
      const int v = b.cell[r][f];
      b.cell[r][f] = 0;  // the jumper leaves its square
      BruteChain c;
      c.squares.push_back({f, r});
      brute_extend(b, c, diagonal, all);
      b.cell[r][f] = v;
    }
  const auto size = [&](const BruteChain& c) {
    return measure == Measure::kPoints ? c.points : c.pieces;
  };
  std::map<std::pair<int, int>, int> best_from;
  int best = 0;
  for (const auto& c : all) {
    best_from[c.squares[0]] = std::max(best_from[c.squares[0]], size(c));
    best = std::max(best, size(c));
  }
  std::multiset<std::string> out;
  for (const auto& c : all) {
    bool keep = true;
    if (rule == Continuation::kForced) keep = !c.extendable;
    if (rule == Continuation::kPieceMax) keep = size(c) == best_from[c.squares[0]];
    if (rule == Continuation::kBoardMax) keep = size(c) == best;
    if (keep) out.insert(brute_name(c.squares, false));
  }
  return out;
}

}  // namespace

TEST_CASE("turn generator agrees with a brute-force reference on random positions",
          "[movegen][brute]") {
  Rng rng(20261121);
  int compared = 0, nonempty = 0;
  for (int iter = 0; iter < 1200; ++iter) {
    BruteBoard bb;
    bb.w = 1 + static_cast<int>(rng.below(7));
    bb.h = 1 + static_cast<int>(rng.below(7));
    const int empty_share = 2 + static_cast<int>(rng.below(5));  // of 10
    bb.cell.assign(static_cast<std::size_t>(bb.h),
                   std::vector<int>(static_cast<std::size_t>(bb.w), 0));
    std::string text;
    for (int r = bb.h - 1; r >= 0; --r) {
      for (int f = 0; f < bb.w; ++f) {
        const auto roll = rng.below(10);
        int v;
        if (roll == 0)
          v = -1;
        else if (static_cast<int>(roll) <= empty_share)
          v = 0;
        else
          v = 1 + static_cast<int>(rng.below(rng.below(2) ? 4 : 9));
        bb.cell[r][f] = v;
        text += v < 0 ? '#' : v == 0 ? '.' : static_cast<char>('0' + v);
      }
      if (r) text += '/';
    }
    if (text.find_first_of("123456789.") == std::string::npos) {  // a board needs a square
      text[0] = '.';
      bb.cell[bb.h - 1][0] = 0;
    }
    // The reference knows jumps only: a full board's opening removals are asked away.
    const Setup s = parse_position(text + " removals=-");
    for (Continuation rule : {Continuation::kOptional, Continuation::kForced,
                              Continuation::kPieceMax, Continuation::kBoardMax})
      for (Measure m : {Measure::kPoints, Measure::kPieces})
        for (bool diagonal : {false, true}) {
          RuleOverrides o = with(rule, m, diagonal);
          const Rules rules = o.apply(s.rules());
          std::multiset<std::string> real;
          std::vector<Score> best(static_cast<std::size_t>(s.board.cells()), 0);
          for_each_turn(s.board, rules, s.position, [&](const TurnView& t) {
            Score& b = best[static_cast<std::size_t>(t.squares[0])];
            b = std::max(b, t.size(rules));
            real.insert(format_turn(s.board, t));
            // Every generated turn passes the legality check and captures what it says.
            const TurnCheck c = check_turn(s.board, rules, s.position, t.to_turn());
            REQUIRE(c.legal);
            REQUIRE(c.points == t.points);
            REQUIRE(c.pieces == t.pieces);
          });
          const auto expected = brute_turns(bb, rule, m, diagonal);
          INFO(text << " rule " << to_string(rule) << " by " << to_string(m) << " diagonal "
                    << diagonal);
          REQUIRE(real == expected);
          // has_turn and max_capture agree with the list.
          REQUIRE(has_turn(s.board, rules, s.position) == !expected.empty());
          // Under the optional rule every chain is a turn: best_captures is the best turn of
          // each start square.
          if (rule == Continuation::kOptional)
            REQUIRE(best_captures(s.board, rules, s.position) == best);
          ++compared;
          nonempty += !expected.empty();
        }
  }
  CHECK(compared == 1200 * 16);
  CHECK(nonempty > compared / 2);  // the sample is not trivially empty
}

TEST_CASE("check_turn rejects what the generator does not produce", "[movegen][brute]") {
  Rng rng(7);
  int rejected = 0;
  for (int iter = 0; iter < 300; ++iter) {
    std::string text;
    const int w = 3 + static_cast<int>(rng.below(3)), h = 3 + static_cast<int>(rng.below(3));
    for (int r = 0; r < h; ++r) {
      for (int f = 0; f < w; ++f)
        text += rng.below(3) == 0 ? '.' : static_cast<char>('1' + rng.below(4));
      if (r + 1 < h) text += '/';
    }
    // The reference knows jumps only: a full board's opening removals are asked away.
    const Setup s = parse_position(text + " removals=-");
    for (Continuation rule : {Continuation::kOptional, Continuation::kForced,
                              Continuation::kPieceMax, Continuation::kBoardMax}) {
      const Rules rules = with(rule).apply(s.rules());
      std::set<std::vector<Square>> legal;
      for_each_turn(s.board, rules, s.position, [&](const TurnView& t) {
        legal.insert({t.squares.begin(), t.squares.end()});
      });
      // All two- and three-square sequences of squares on the board: legal iff generated.
      const int n = s.board.cells();
      for (int a = 0; a < n; ++a)
        for (int b = 0; b < n; ++b) {
          const Turn t{false, {static_cast<Square>(a), static_cast<Square>(b)}};
          const bool ok = check_turn(s.board, rules, s.position, t).legal;
          REQUIRE(ok == (legal.count(t.squares) == 1));
          rejected += !ok;
        }
    }
  }
  CHECK(rejected > 0);
}
