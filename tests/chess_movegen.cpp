// Leap Chess move generation checked against the deliberately simple generator of
// chess_reference.h (no code shared): perft counts and, node by node, the very move lists and
// the positions the moves lead to.
#include <atomic>
#include <catch2/catch.hpp>
#include <set>

#include "chess/movegen.h"
#include "chess/notation.h"
#include "chess/record.h"
#include "chess_reference.h"

using leapfrog::chess::CaptureRule;
using leapfrog::chess::Position;

namespace {

const char* const kRules[] = {"compulsory", "multiple", "optional"};

// The message of the FenError that reading `fen` throws, else "no error".
std::string fen_error(const std::string& fen) {
  try {
    (void)Position::from_fen(fen);
  } catch (const leapfrog::chess::FenError& e) {
    return e.what();
  }
  return "no error";
}

leapfrog::chess::Rules rules(const std::string& name) {
  return leapfrog::chess::rules_for(*leapfrog::chess::parse_capture_rule(name));
}

// The board field of a reference position, as FEN writes it.
std::string board_text(const reference::Board& b) {
  std::string out;
  for (int r = 7; r >= 0; --r) {
    int empty = 0;
    for (int f = 0; f < b.files; ++f) {
      const char c = b.cell[r][f];
      if (c == '.') {
        ++empty;
        continue;
      }
      if (empty) out += static_cast<char>('0' + empty);
      empty = 0;
      out += c;
    }
    if (empty) out += static_cast<char>('0' + empty);
    if (r) out += '/';
  }
  return out;
}

// Walks both trees to `depth`, comparing the move lists and the boards reached; returns the
// leaf count (the library's). Stops at the first difference (reported by CHECK).
std::uint64_t compare_tree(const Position& pos, const reference::Board& ref,
                           const std::string& rule, int depth, bool& ok) {
  if (depth == 0 || !ok) return 1;
  const auto moves = leapfrog::chess::legal_moves(pos, rules(rule));
  const auto turns = reference::legal(ref, rule);
  std::set<std::string> lib, refs;
  for (const auto& m : moves) lib.insert(leapfrog::chess::move_text(m));
  for (const auto& t : turns) refs.insert(t.text);
  if (lib != refs || lib.size() != moves.size()) {
    INFO("position " << pos.fen() << " rule " << rule);
    CHECK(lib == refs);
    CHECK(lib.size() == moves.size());
    ok = false;
    return 0;
  }
  std::uint64_t n = 0;
  for (const auto& m : moves) {
    const std::string text = leapfrog::chess::move_text(m);
    const auto t = std::find_if(turns.begin(), turns.end(),
                                [&](const reference::Turn& x) { return x.text == text; });
    const Position next = pos.after(m);
    const std::string fen = next.fen();
    if (fen.substr(0, fen.find(' ')) != board_text(t->after) || next.key() != next.compute_key()) {
      INFO("after " << text << " from " << pos.fen());
      CHECK(fen.substr(0, fen.find(' ')) == board_text(t->after));
      CHECK(next.key() == next.compute_key());
      ok = false;
      return 0;
    }
    n += compare_tree(next, t->after, rule, depth - 1, ok);
  }
  return n;
}

// `recount`: the reference's own perft too (the walk above already compares every node's
// move list; the larger trees leave this out to keep the suite fast).
std::uint64_t checked_perft(const std::string& fen, const std::string& rule, int depth,
                            bool recount = true) {
  const Position pos = Position::from_fen(fen);
  bool ok = true;
  const std::uint64_t n = compare_tree(pos, reference::parse(pos.fen()), rule, depth, ok);
  REQUIRE(ok);
  CHECK(leapfrog::chess::perft(pos, rules(rule), depth) == n);
  if (recount) CHECK(reference::perft(reference::parse(pos.fen()), rule, depth) == n);
  return n;
}

std::set<std::string> move_set(const std::string& fen, const std::string& rule) {
  std::set<std::string> out;
  for (const auto& m : leapfrog::chess::legal_moves(Position::from_fen(fen), rules(rule)))
    out.insert(leapfrog::chess::move_text(m));
  return out;
}

}  // namespace

TEST_CASE("chess perft from the start position, three capture rules, checked by the reference",
          "[chess][heavy]") {
  // Node by node against the reference (move lists and the boards reached) to depth 5.
  const std::uint64_t expected[3][6] = {{1, 13, 169, 1126, 8001, 52184},
                                        {1, 13, 169, 1297, 9472, 82706},
                                        {1, 13, 169, 2307, 31682, 455148}};
  for (int r = 0; r < 3; ++r) {
    INFO("rule " << kRules[r]);
    for (int d = 1; d <= 5; ++d) CHECK(checked_perft("startpos", kRules[r], d) == expected[r][d]);
  }
}

TEST_CASE("chess perft stops when asked: the walk unwinds, it does not go on", "[chess]") {
  // The stop is polled at the first inner position and every 1024th after it; once it is
  // seen, nothing more is counted, so a walk asked to stop from the start counts nothing.
  const Position start = Position::start();
  const std::uint64_t whole = leapfrog::chess::perft(start, rules("compulsory"), 7);
  std::atomic<bool> stop{true};
  leapfrog::SearchControl control;
  control.stop = &stop;
  const std::uint64_t part = leapfrog::chess::perft(start, rules("compulsory"), 7, control);
  CHECK(whole > 1000000);
  CHECK(part == 0);
}

// The hand-made positions: what each one is for is checked first, so that a position that
// stopped showing its feature would fail.
TEST_CASE("chess hand-made positions: castling both ways", "[chess]") {
  const std::string fen = "*nskn*/dpaapd/pppppp/6/6/PPPPPP/DP2PD/*N1KN* w KQkq - 0 1";
  const auto moves = move_set(fen, "compulsory");
  CHECK(moves.count("d1e1") == 1);
  CHECK(moves.count("d1b1") == 1);
  // After d1b1 the king stands on c1 and the knight on d1; no right is left.
  const Position p = Position::from_fen(fen).after(*leapfrog::chess::find_move(
      leapfrog::chess::legal_moves(Position::from_fen(fen), rules("compulsory")),
      leapfrog::chess::parse_move("d1b1")));
  CHECK(p.fen() == "*nskn*/dpaapd/pppppp/6/6/PPPPPP/DP2PD/*1KNN* b kq - 1 1");
}

TEST_CASE("chess hand-made positions: en passant and forced captures with several choices",
          "[chess]") {
  const std::string fen = "*n1kn*/d1a1pd/p1p1p1/6/1Pp3/P2P2/3A2/*N1KN* b - b3 0 1";
  CHECK(move_set(fen, "compulsory") == std::set<std::string>{"c4b3", "c4d3"});
  CHECK(move_set(fen, "optional").size() > 2);
  // A sail with three captures to choose from, quiet moves refused.
  const std::string forced = "*2k1*/6/p1p1p1/6/2S3/6/1P4/*K3* w - - 0 1";
  CHECK(move_set(forced, "compulsory") == std::set<std::string>{"c4a6", "c4c6", "c4e6"});
  // A double step that allows en passant, then the capture itself.
  const std::string before = "*2k1*/6/6/6/2p3/6/1P4/*K3* w - - 0 1";
  CHECK(move_set(before, "compulsory").count("b2b4") == 1);
}

TEST_CASE("chess hand-made positions: promotion with capture, 3rd-rank pawn", "[chess]") {
  const std::string promo = "*n1nk*/2P3/6/6/6/6/6/*K3* w - - 0 1";
  CHECK(move_set(promo, "compulsory") == std::set<std::string>{"c7b8n", "c7b8a", "c7b8d", "c7b8s",
                                                               "c7d8n", "c7d8a", "c7d8d", "c7d8s"});
  CHECK(move_set(promo, "optional").count("c7c8s") == 1);
  // The pawn on c3 started on the 3rd rank: one step only; the b2 pawn may double-step.
  const std::string third = "*2k1*/6/6/6/6/2P3/1P4/*K3* w - - 0 1";
  const auto moves = move_set(third, "compulsory");
  CHECK(moves.count("c3c4") == 1);
  CHECK(moves.count("c3c5") == 0);
  CHECK(moves.count("b2b4") == 1);
}

TEST_CASE("chess hand-made positions: stalemate, multiple-capture chain of three", "[chess]") {
  // Red's king on b1 cannot move and is not in check: no legal move, Red has lost.
  const std::string stalemate = "*2k1*/6/6/6/d3a1/2dn2/6/*K3* w - - 0 1";
  CHECK(move_set(stalemate, "compulsory").empty());
  CHECK_FALSE(Position::from_fen(stalemate).in_check());
  // One move before: e1d3 stalemates Red.
  const std::string before = "*2k1*/6/6/6/d3a1/2d3/6/*K2n* b - - 0 1";
  // The dabbabah must take a4, c4 and c6 in one turn under the multiple rule.
  const std::string chain = "*2k1*/6/2p3/6/p1p3/6/D5/*1K2* w - - 0 1";
  CHECK(move_set(chain, "multiple") == std::set<std::string>{"a2xa4xc4xc6"});
  CHECK(move_set(chain, "compulsory") == std::set<std::string>{"a2a4"});
  // A branching chain: two ways on, a king that must capture too.
  const std::string branches = "*1k2*/6/p1p1p1/6/p1p1p1/6/S5/*K3* w - - 0 1";
  CHECK(move_set(branches, "multiple").size() > 2);
}

TEST_CASE("chess perft 4 from the hand-made positions, checked by the reference", "[chess]") {
  // {compulsory, multiple, optional}; the numbers are the library's, each walked node by node
  // against the reference above (move lists and boards), so a change in either fails here.
  const struct {
    const char* fen;
    std::uint64_t nodes[3];
  } cases[] = {
      {"*nskn*/dpaapd/pppppp/6/6/PPPPPP/DP2PD/*N1KN* w KQkq - 0 1", {20835, 21789, 48107}},
      {"*n1kn*/d1a1pd/p1p1p1/6/1Pp3/P2P2/3A2/*N1KN* b - b3 0 1", {1266, 1305, 33618}},
      {"*2k1*/6/p1p1p1/6/2S3/6/1P4/*K3* w - - 0 1", {151, 679, 8305}},
      {"*2k1*/6/6/6/2p3/6/1P4/*K3* w - - 0 1", {474, 474, 1272}},
      {"*n1nk*/2P3/6/6/6/6/6/*K3* w - - 0 1", {857, 857, 10304}},
      {"*2k1*/6/6/6/6/2P3/1P4/*K3* w - - 0 1", {1274, 1274, 1274}},
      {"*2k1*/6/6/6/d3a1/2d3/6/*K2n* b - - 0 1", {790, 852, 1374}},
      {"*2k1*/6/2p3/6/p1p3/6/D5/*1K2* w - - 0 1", {81, 135, 3050}},
      {"*1k2*/6/p1p1p1/6/p1p1p1/6/S5/*K3* w - - 0 1", {480, 12986, 5398}},
  };
  for (const auto& c : cases)
    for (int r = 0; r < 3; ++r) {
      INFO(c.fen << " rule " << kRules[r]);
      CHECK(checked_perft(c.fen, kRules[r], 4) == c.nodes[r]);
    }
}

TEST_CASE("chess FEN round trips and the start position", "[chess]") {
  CHECK(Position::start().fen() == "*nskn*/dpaapd/pppppp/6/6/PPPPPP/DPAAPD/*NSKN* w KQkq - 0 1");
  for (const char* fen :
       {"*nskn*/dpaapd/pppppp/6/6/PPPPPP/DP2PD/*N1KN* w KQkq - 0 1",
        "*n1kn*/d1a1pd/p1p1p1/6/1Pp3/P2P2/3A2/*N1KN* b - b3 0 1",
        "*2k1*/6/2p3/6/p1p3/6/D5/*1K2* w - - 12 40", "*n1k1*/6/6/6/6/6/6/*N1K1* b Qq - 3 7"}) {
    const Position p = Position::from_fen(fen);
    CHECK(p.fen() == fen);
    CHECK(Position::from_fen(p.fen()) == p);
    CHECK(p.key() == p.compute_key());
  }
  CHECK(Position::from_fen("startpos") == Position::start());
  // Missing fields take their defaults.
  CHECK(Position::from_fen("*2k1*/6/6/6/6/6/6/*K3*").fen() == "*2k1*/6/6/6/6/6/6/*K3* w - - 0 1");
}

TEST_CASE("chess malformed FEN is refused, naming the place", "[chess]") {
  const auto has = [](const std::string& text, const std::string& part) {
    INFO(text);
    CHECK(text.find(part) != std::string::npos);
  };
  has(fen_error("*nskn*/dpaapd/ppppp/6/6/PPPPPP/DPAAPD/*NSKN* w KQkq - 0 1"), "rank 6");
  has(fen_error("6 w - - 0 1"), "FEN board has 1 rank, not 8");
  has(fen_error("*nskn*/dpaapd/pppppp/7/6/PPPPPP/DPAAPD/*NSKN* w KQkq - 0 1"), "rank 5");
  has(fen_error("nnskn*/dpaapd/pppppp/6/6/PPPPPP/DPAAPD/*NSKN* w KQkq - 0 1"),
      "a8, a removed square");
  has(fen_error("*nskn*/dpaapd/pppppp/6/6/PPPPPP/DPAAPD/*NSKN1 w - - 0 1"),
      "f1 is a removed square");
  has(fen_error("*nsnn*/dpaapd/pppppp/6/6/PPPPPP/DPAAPD/*NSKN* w - - 0 1"), "Black has 0 kings");
  // Castling rights in any order, each at most once.
  CHECK(fen_error("*nskn*/dpaapd/pppppp/6/6/PPPPPP/DPAAPD/*NSKN* w qkQK - 0 1") == "no error");
  has(fen_error("*nskn*/dpaapd/pppppp/6/6/PPPPPP/DPAAPD/*NSKN* w KKQ - 0 1"),
      "FEN castling rights must be '-' or some of K, Q, k and q, each at most once, not 'KKQ'");
  has(fen_error("*nskn*/dpaapd/pppppp/6/6/PPPPPP/DPAKPD/*NSKN* w - - 0 1"), "Red has 2 kings");
  has(fen_error("*nskn*/dpaapd/pppppp/6/6/PPPPPP/DPAAPD/*NSKN*/6 w - - 0 1"), "9 ranks");
  has(fen_error("*nskn*/dpaapd/pppppp/6/6/PPPxPP/DPAAPD/*NSKN* w - - 0 1"), "rank 3, file d");
  has(fen_error("*nskn*/dpaapd/pppppp/6/6/PPPPPP/DPAAPD/*NSKN* x - - 0 1"), "side to move");
  has(fen_error("*nskn*/dpaapd/pppppp/6/6/PPPPPP/DPAAPD/*NSK1* w K - 0 1"), "castling right K");
  has(fen_error("*nskn*/dpaapd/pppppp/6/6/PPPPPP/DPAAPD/*NSKN* w - c3 0 1"), "en-passant");
  has(fen_error("*nPkn*/dpaapd/pppppp/6/6/PPPPPP/DPAAPD/*NSKN* w - - 0 1"), "pawn on c8");
  has(fen_error("*2k1*/6/3D2/6/6/6/6/*K3* w - - 0 1"), "in check");
  has(fen_error(""), "empty");
}

TEST_CASE("chess FEN and move errors quote at most the start of a huge field", "[chess]") {
  // A rank or field of any length is clipped in the message (the UCI harness found a rank of
  // 200 bytes that are no UTF-8, each escaped in 4, quoted whole).
  const std::string junk(200, '\xa8');
  for (const std::string& fen :
       {"*" + junk + "2k1*/6/6/6/6/6/6/*K3* w - - 0 1", "*2k1*/6/6/6/6/6/6/*K3* " + junk,
        "*2k1*/6/6/6/6/6/6/*K3* w " + junk, "*2k1*/6/6/6/6/6/6/*K3* w - " + junk,
        "*2k1*/6/6/6/6/6/6/*K3* w - - " + junk}) {
    const std::string e = fen_error(fen);
    INFO(e);
    CHECK(e != "no error");
    CHECK(e.size() < 400);
    CHECK(e.find("...") != std::string::npos);
  }
  // Moves too (the UCI harness found one of 200 bytes quoted whole).
  for (const std::string& move : {"uc" + junk, "e2" + junk, "e2x" + junk + "e4"}) {
    std::string e = "no error";
    try {
      (void)leapfrog::chess::parse_move(move);
    } catch (const leapfrog::chess::MoveSyntaxError& error) {
      e = error.what();
    }
    INFO(e);
    CHECK(e != "no error");
    CHECK(e.size() < 400);
  }
}

TEST_CASE("chess FEN clocks: what a move writes, FEN reads back, the ranges are the reader's",
          "[chess]") {
  // Black to move at the clocks' limit: both stay there.
  Position p = Position::from_fen("*2k1*/6/6/6/6/6/6/*K3* b - - 1000000 1000000");
  p = p.after(leapfrog::chess::legal_moves(p, rules("compulsory"))[0]);
  CHECK(p.fen().ends_with(" 1000000 1000000"));
  CHECK(Position::from_fen(p.fen()) == p);
  CHECK(fen_error("*2k1*/6/6/6/6/6/6/*K3* w - - 0 0") ==
        "FEN move number must be a whole number 1..1000000, not '0'");
  CHECK(fen_error("*2k1*/6/6/6/6/6/6/*K3* w - - 1000001 1") ==
        "FEN halfmove clock must be a whole number 0..1000000, not '1000001'");
}

TEST_CASE("chess FEN and records after a UTF-8 byte-order mark", "[chess]") {
  const std::string bom = "\xef\xbb\xbf";
  CHECK(Position::from_fen(bom + "startpos") == Position::start());
  const auto g = leapfrog::chess::parse_record(bom + "[FEN \"startpos\"]\n\n1. b3b4 *\n");
  CHECK(g.fen == "startpos");
  REQUIRE(g.moves.size() == 1);
  CHECK(g.moves[0].text == "b3b4");
}

// The 64-square board (docs/leapchess.md): the same pieces and rules on 8x8, castling as in
// chess by King and Dabbabah, every pawn on its 2nd rank may double-step.
TEST_CASE("chess 64-square board: perft from the start, three capture rules, by the reference",
          "[chess][heavy]") {
  CHECK(Position::start(leapfrog::chess::BoardKind::k64).fen() ==
        "dnaskand/pppppppp/8/8/8/8/PPPPPPPP/DNASKAND w KQkq - 0 1");
  CHECK(Position::from_fen("startpos64") == Position::start(leapfrog::chess::BoardKind::k64));
  // Node by node against the reference to depth 4 (depth 5 in the slow suite).
  const std::uint64_t expected[3][5] = {
      {1, 29, 841, 22595, 588303}, {1, 29, 841, 22615, 590341}, {1, 29, 841, 23612, 662278}};
  for (int r = 0; r < 3; ++r) {
    INFO("rule " << kRules[r]);
    for (int d = 1; d <= 4; ++d)
      CHECK(checked_perft("startpos64", kRules[r], d, d < 4) == expected[r][d]);
  }
}

TEST_CASE("chess 64-square board: castling both ways and en passant", "[chess]") {
  // Black's e-pawn has just double-stepped past the d5 pawn; both Red castlings are open.
  const std::string fen = "d3k2d/pppa1ppp/8/3Pp3/8/8/PPP2PPP/D3K2D w KQkq e6 0 1";
  const auto free = move_set(fen, "optional");
  CHECK(free.count("e1g1") == 1);
  CHECK(free.count("e1c1") == 1);
  CHECK(free.count("d5e6") == 1);
  CHECK(move_set(fen, "compulsory") == std::set<std::string>{"d5e6"});
  const auto play = [](const std::string& from, const std::string& move) {
    const Position p = Position::from_fen(from);
    const auto legal = leapfrog::chess::legal_moves(p, rules("optional"));
    const auto* m =
        leapfrog::chess::find_move(legal, leapfrog::chess::parse_move(move, p.geometry()));
    REQUIRE(m != nullptr);
    return p.after(*m).fen();
  };
  CHECK(play(fen, "e1g1") == "d3k2d/pppa1ppp/8/3Pp3/8/8/PPP2PPP/D4DK1 b kq - 1 1");
  CHECK(play(fen, "e1c1") == "d3k2d/pppa1ppp/8/3Pp3/8/8/PPP2PPP/2KD3D b kq - 1 1");
  CHECK(play(fen, "d5e6") == "d3k2d/pppa1ppp/4P3/8/8/8/PPP2PPP/D3K2D b KQkq - 0 1");
  // Black castles the same way once it is its turn.
  const std::string black = "d3k2d/ppp2ppp/8/8/8/8/PPP2PPP/D3K2D b KQkq - 0 1";
  CHECK(move_set(black, "compulsory").count("e8g8") == 1);
  CHECK(move_set(black, "compulsory").count("e8c8") == 1);
  // The king may not cross an attacked square (f1, by the h3 Alfil) nor land on one (c1, by
  // the a3 Alfil... here the b3 Knight), nor castle out of check.
  CHECK(move_set("d3k2d/8/8/8/8/7a/8/D3K2D w KQ - 0 1", "optional").count("e1g1") == 0);
  CHECK(move_set("d3k2d/8/8/8/8/7a/8/D3K2D w KQ - 0 1", "optional").count("e1c1") == 1);
  CHECK(move_set("d3k2d/8/8/8/8/1n6/8/D3K2D w KQ - 0 1", "optional").count("e1c1") == 0);
  CHECK(move_set("d3k2d/8/8/8/8/1n6/8/D3K2D w KQ - 0 1", "optional").count("e1g1") == 1);
  CHECK(move_set("d3k2d/8/8/8/8/4d3/8/D3K2D w KQ - 0 1", "optional").count("e1g1") == 0);
  // A pawn on its 2nd rank double-steps on every file; promotion as on the 44-square board.
  CHECK(move_set("4k3/8/8/8/8/8/P6P/4K3 w - - 0 1", "compulsory").count("h2h4") == 1);
  CHECK(move_set("3nk3/2P5/8/8/8/8/8/4K3 w - - 0 1", "compulsory") ==
        std::set<std::string>{"c7d8n", "c7d8a", "c7d8d", "c7d8s"});
}

TEST_CASE("chess 64-square board: perft 4 from hand-made positions, by the reference",
          "[chess][heavy]") {
  // {compulsory, multiple, optional}; the library's numbers, each walked node by node.
  const struct {
    const char* fen;
    std::uint64_t nodes[3];
  } cases[] = {
      {"d3k2d/pppa1ppp/8/3Pp3/8/8/PPP2PPP/D3K2D w KQkq e6 0 1", {506, 1012, 288393}},
      {"d3k2d/ppp2ppp/8/8/8/8/PPP2PPP/D3K2D b KQkq - 0 1", {197368, 197368, 206979}},
      {"d3k2d/8/8/8/8/7a/8/D3K2D w KQ - 0 1", {1001, 1001, 11408}},
  };
  for (const auto& c : cases)
    for (int r = 0; r < 3; ++r) {
      INFO(c.fen << " rule " << kRules[r]);
      CHECK(checked_perft(c.fen, kRules[r], 4) == c.nodes[r]);
    }
}

TEST_CASE("chess 64-square board: FEN round trips and errors", "[chess]") {
  for (const char* fen : {"d3k2d/pppa1ppp/8/3Pp3/8/8/PPP2PPP/D3K2D w KQkq e6 0 1",
                          "4k3/8/8/8/8/8/P6P/4K3 b - - 3 9"}) {
    const Position p = Position::from_fen(fen);
    CHECK(p.fen() == fen);
    CHECK(Position::from_fen(p.fen()) == p);
    CHECK(p.key() == p.compute_key());
    CHECK(p.geometry().files == 8);
  }
  CHECK(Position::from_fen("startpos").geometry().files == 6);
  const auto has = [](const std::string& text, const std::string& part) {
    INFO(text);
    CHECK(text.find(part) != std::string::npos);
  };
  has(fen_error("dnaskand/pppppppp/8/8/8/8/PPPPPPP/DNASKAND w KQkq - 0 1"),
      "rank 2 'PPPPPPP' has 7 files, not 8");
  has(fen_error("dnaskand/pppppppp/8/8/9/8/PPPPPPPP/DNASKAND w KQkq - 0 1"), "rank 4");
  has(fen_error("dnaskan/pppppppp/8/8/8/8/PPPPPPPP/DNASKAND w KQkq - 0 1"),
      "rank 8 'dnaskan' has 7 files, not 6 (the 44-square board) or 8");
  has(fen_error("*naskan*/pppppppp/8/8/8/8/PPPPPPPP/DNASKAND w - - 0 1"), "'*' on a8");
  has(fen_error("dnaskand/pppppppp/8/8/8/8/PPPPPPPP/DNASKAN1 w KQkq - 0 1"),
      "castling right K needs the Red king on e1 and a dabbabah on h1");
  // A square off the board in a move.
  CHECK_THROWS_AS(leapfrog::chess::parse_move("g1h3"), leapfrog::chess::MoveSyntaxError);
  CHECK(leapfrog::chess::parse_move("g1h3", Position::from_fen("startpos64").geometry())
            .squares.size() == 2);
}
