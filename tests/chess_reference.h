// A deliberately simple Leap Chess move generator for the tests, written apart from chess/
// (no code shared): a 2-D array of characters, the rules read again from Ken Franklin's Leap
// Chess page and docs/leapchess.md, every move tried by playing it on a copy and looking for
// an attack on the king square by square. Slow and plain, so that its mistakes would not be
// the same as the library's. Two boards: 6 files without the corners (44 squares) and the
// 8x8 board (64 squares: castling as in chess with the Dabbabahs in the Rooks' places).
#pragma once

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

namespace reference {

struct Board {
  int files = 6;    // 6: the 44-square board, 8: the 64-square board
  char cell[8][8];  // [rank][file]: '*' removed, '.' empty, letters as in FEN
  bool red_to_move = true;
  bool castle[4] = {false, false, false, false};  // K Q k q
  int ep_rank = -1, ep_file = -1;
};

inline bool on_board(const Board& b, int r, int f) {
  if (r < 0 || r > 7 || f < 0 || f >= b.files) return false;
  return b.files == 8 || !((r == 0 || r == 7) && (f == 0 || f == 5));
}

inline Board parse(const std::string& fen) {
  Board b;
  std::istringstream in(fen);
  std::string rows, side = "w", castling = "-", ep = "-";
  in >> rows >> side >> castling >> ep;
  b.files = 0;
  for (char c : rows.substr(0, rows.find('/'))) b.files += c >= '1' && c <= '9' ? c - '0' : 1;
  int r = 7, f = 0;
  for (char c : rows) {
    if (c == '/') {
      --r;
      f = 0;
    } else if (c >= '1' && c <= '9') {
      for (int k = 0; k < c - '0'; ++k) b.cell[r][f++] = '.';
    } else {
      b.cell[r][f++] = c;
    }
  }
  b.red_to_move = side == "w";
  for (char c : castling) {
    if (c == 'K') b.castle[0] = true;
    if (c == 'Q') b.castle[1] = true;
    if (c == 'k') b.castle[2] = true;
    if (c == 'q') b.castle[3] = true;
  }
  if (ep != "-") {
    b.ep_file = ep[0] - 'a';
    b.ep_rank = ep[1] - '1';
  }
  return b;
}

inline bool is_red(char c) { return c >= 'A' && c <= 'Z'; }
inline bool is_black(char c) { return c >= 'a' && c <= 'z'; }
inline bool mine(char c, bool red) { return red ? is_red(c) : is_black(c); }
inline bool theirs(char c, bool red) { return red ? is_black(c) : is_red(c); }

// The leaps of a piece letter (not pawns).
inline std::vector<std::pair<int, int>> leaps(char piece) {
  const char p = static_cast<char>(std::tolower(static_cast<unsigned char>(piece)));
  std::vector<std::pair<int, int>> out;
  if (p == 'k') {
    for (int dr = -1; dr <= 1; ++dr)
      for (int df = -1; df <= 1; ++df)
        if (dr != 0 || df != 0) out.push_back({dr, df});
  }
  if (p == 'n') out = {{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}};
  if (p == 'a' || p == 's')
    for (auto d : std::vector<std::pair<int, int>>{{2, 2}, {2, -2}, {-2, 2}, {-2, -2}})
      out.push_back(d);
  if (p == 'd' || p == 's')
    for (auto d : std::vector<std::pair<int, int>>{{2, 0}, {-2, 0}, {0, 2}, {0, -2}})
      out.push_back(d);
  return out;
}

// Is (r, f) attacked by a piece of the given colour?
inline bool attacked(const Board& b, int r, int f, bool by_red) {
  for (int sr = 0; sr < 8; ++sr)
    for (int sf = 0; sf < b.files; ++sf) {
      if (!on_board(b, sr, sf)) continue;
      const char c = b.cell[sr][sf];
      if (!mine(c, by_red)) continue;
      if (c == 'P' || c == 'p') {
        const int dir = by_red ? 1 : -1;
        if (sr + dir == r && (sf - 1 == f || sf + 1 == f)) return true;
        continue;
      }
      for (auto [dr, df] : leaps(c))
        if (sr + dr == r && sf + df == f) return true;
    }
  return false;
}

inline bool king_attacked(const Board& b, bool red) {
  const char k = red ? 'K' : 'k';
  for (int r = 0; r < 8; ++r)
    for (int f = 0; f < b.files; ++f)
      if (on_board(b, r, f) && b.cell[r][f] == k) return attacked(b, r, f, !red);
  return true;  // no king: never happens in the tests' positions
}

inline std::string name(int r, int f) {
  std::string s(1, static_cast<char>('a' + f));
  s += static_cast<char>('1' + r);
  return s;
}

struct Step {
  int r0, f0, r1, f1;
  char promote = 0;  // lower case letter or 0
  bool ep = false, dbl = false;
};

// Steps of the piece at (r, f) for the side to move: captures or quiet moves.
inline std::vector<Step> piece_steps(const Board& b, int r, int f, bool captures, bool allow_ep) {
  std::vector<Step> out;
  const char c = b.cell[r][f];
  const bool red = is_red(c);
  if (c == 'P' || c == 'p') {
    const int dir = red ? 1 : -1;
    const int last = red ? 7 : 0;
    auto add = [&](int r1, int f1, bool ep, bool dbl) {
      if (r1 == last) {
        for (char p : std::string("nads")) out.push_back({r, f, r1, f1, p, ep, dbl});
      } else {
        out.push_back({r, f, r1, f1, 0, ep, dbl});
      }
    };
    if (captures) {
      for (int df : {-1, 1}) {
        const int r1 = r + dir, f1 = f + df;
        if (!on_board(b, r1, f1)) continue;
        const char t = b.cell[r1][f1];
        if (theirs(t, red) && t != 'k' && t != 'K') add(r1, f1, false, false);
        if (allow_ep && r1 == b.ep_rank && f1 == b.ep_file) add(r1, f1, true, false);
      }
    } else {
      const int r1 = r + dir;
      if (on_board(b, r1, f) && b.cell[r1][f] == '.') {
        add(r1, f, false, false);
        const int start = red ? 1 : 6;
        if (r == start && on_board(b, r1 + dir, f) && b.cell[r1 + dir][f] == '.')
          add(r1 + dir, f, false, true);
      }
    }
    return out;
  }
  for (auto [dr, df] : leaps(c)) {
    const int r1 = r + dr, f1 = f + df;
    if (!on_board(b, r1, f1)) continue;
    const char t = b.cell[r1][f1];
    // The king is never captured: a chain that reaches it gives check (docs/leapchess.md).
    if (captures ? theirs(t, red) && t != 'k' && t != 'K' : t == '.') out.push_back({r, f, r1, f1});
  }
  return out;
}

// Plays one step for the side to move (which does not change here).
inline void play(Board& b, const Step& s) {
  const char c = b.cell[s.r0][s.f0];
  auto touch = [&](int r, int f) {
    // The king's and the knights' (8x8: dabbabahs') start squares: moving from or onto one
    // ends the right.
    const int king = b.files == 8 ? 4 : 3, kside = b.files == 8 ? 7 : 4,
              qside = b.files == 8 ? 0 : 1;
    for (int home : {0, 7}) {
      const int k = home == 0 ? 0 : 2;
      if (r == home && f == king) b.castle[k] = b.castle[k + 1] = false;
      if (r == home && f == kside) b.castle[k] = false;
      if (r == home && f == qside) b.castle[k + 1] = false;
    }
  };
  touch(s.r0, s.f0);
  touch(s.r1, s.f1);
  if (s.ep) b.cell[s.r0][s.f1] = '.';
  b.cell[s.r1][s.f1] = c;
  b.cell[s.r0][s.f0] = '.';
  if (s.promote)
    b.cell[s.r1][s.f1] = is_red(c) ? static_cast<char>(std::toupper(s.promote)) : s.promote;
  b.ep_rank = b.ep_file = -1;
  if (s.dbl) {
    b.ep_rank = (s.r0 + s.r1) / 2;
    b.ep_file = s.f0;
  }
}

struct Turn {
  std::string text;
  Board after;
};

inline void chains(const Board& b, int r, int f, const std::string& text, bool promoted,
                   std::vector<Turn>& out, bool& added) {
  added = false;
  if (!promoted)
    for (const Step& s : piece_steps(b, r, f, true, false)) {
      Board next = b;
      play(next, s);
      std::string t = text + "x" + name(s.r1, s.f1);
      if (s.promote) t += s.promote;
      bool more = false;
      chains(next, s.r1, s.f1, t, s.promote != 0, out, more);
      if (more) added = true;
    }
  if (added || king_attacked(b, b.red_to_move)) return;
  Board done = b;
  done.red_to_move = !done.red_to_move;
  out.push_back({text, done});
  added = true;
}

// rule: "compulsory", "multiple" or "optional".
inline std::vector<Turn> legal(const Board& b, const std::string& rule) {
  const bool red = b.red_to_move;
  std::vector<Turn> captures, quiets;
  for (int r = 0; r < 8; ++r)
    for (int f = 0; f < b.files; ++f) {
      if (!on_board(b, r, f) || !mine(b.cell[r][f], red)) continue;
      for (const Step& s : piece_steps(b, r, f, true, true)) {
        Board next = b;
        play(next, s);
        std::string text = name(r, f);
        if (rule == "multiple") {
          // Written c2xe4xc6 when the chain goes on, c2e4 when it is one capture.
          std::vector<Turn> found;
          bool any = false;
          std::string first = text + "x" + name(s.r1, s.f1);
          if (s.promote) first += s.promote;
          chains(next, s.r1, s.f1, first, s.promote != 0, found, any);
          for (Turn& t : found) {
            if (std::count(t.text.begin(), t.text.end(), 'x') == 1)
              t.text.erase(t.text.find('x'), 1);
            captures.push_back(t);
          }
          continue;
        }
        if (king_attacked(next, red)) continue;
        text += name(s.r1, s.f1);
        if (s.promote) text += s.promote;
        next.red_to_move = !red;
        captures.push_back({text, next});
      }
      for (const Step& s : piece_steps(b, r, f, false, false)) {
        Board next = b;
        play(next, s);
        if (king_attacked(next, red)) continue;
        std::string text = name(r, f) + name(s.r1, s.f1);
        if (s.promote) text += s.promote;
        next.red_to_move = !red;
        quiets.push_back({text, next});
      }
    }
  // Castling: king on d, knight on e (swap) or b (king to c, knight to d, c empty); not in
  // check, the king not onto an attacked square.
  const int home = red ? 0 : 7;
  const char king = red ? 'K' : 'k', knight = red ? 'N' : 'n';
  if (b.files == 6 && !king_attacked(b, red) && b.cell[home][3] == king) {
    const bool king_side = b.castle[red ? 0 : 2], queen_side = b.castle[red ? 1 : 3];
    if (king_side && b.cell[home][4] == knight) {
      Board next = b;
      next.cell[home][4] = king;
      next.cell[home][3] = knight;
      next.castle[red ? 0 : 2] = next.castle[red ? 1 : 3] = false;
      next.ep_rank = next.ep_file = -1;
      if (!king_attacked(next, red)) {
        next.red_to_move = !red;
        quiets.push_back({name(home, 3) + name(home, 4), next});
      }
    }
    if (queen_side && b.cell[home][1] == knight && b.cell[home][2] == '.') {
      Board next = b;
      next.cell[home][2] = king;
      next.cell[home][3] = knight;
      next.cell[home][1] = '.';
      next.castle[red ? 0 : 2] = next.castle[red ? 1 : 3] = false;
      next.ep_rank = next.ep_file = -1;
      if (!king_attacked(next, red)) {
        next.red_to_move = !red;
        quiets.push_back({name(home, 3) + name(home, 1), next});
      }
    }
  }
  // The 8x8 board: king e1 to g1 with the h1 Dabbabah to f1, or to c1 with the a1 Dabbabah to
  // d1; the squares between empty, not in check, the square crossed and the landing square
  // not attacked.
  const char dabbabah = red ? 'D' : 'd';
  if (b.files == 8 && !king_attacked(b, red) && b.cell[home][4] == king) {
    struct Way {
      bool right;
      int partner, king_to, partner_to;
      std::vector<int> between;
    };
    const Way ways[] = {{b.castle[red ? 0 : 2], 7, 6, 5, {5, 6}},
                        {b.castle[red ? 1 : 3], 0, 2, 3, {1, 2, 3}}};
    for (const Way& w : ways) {
      if (!w.right || b.cell[home][w.partner] != dabbabah) continue;
      bool clear = true;
      for (int f : w.between) clear = clear && b.cell[home][f] == '.';
      if (!clear || attacked(b, home, w.partner_to, !red)) continue;
      Board next = b;
      next.cell[home][4] = '.';
      next.cell[home][w.partner] = '.';
      next.cell[home][w.king_to] = king;
      next.cell[home][w.partner_to] = dabbabah;
      next.castle[red ? 0 : 2] = next.castle[red ? 1 : 3] = false;
      next.ep_rank = next.ep_file = -1;
      if (king_attacked(next, red)) continue;
      next.red_to_move = !red;
      quiets.push_back({name(home, 4) + name(home, w.king_to), next});
    }
  }
  if (rule != "optional" && !captures.empty()) return captures;
  captures.insert(captures.end(), quiets.begin(), quiets.end());
  return captures;
}

inline std::uint64_t perft(const Board& b, const std::string& rule, int depth) {
  if (depth == 0) return 1;
  const std::vector<Turn> turns = legal(b, rule);
  if (depth == 1) return turns.size();
  std::uint64_t n = 0;
  for (const Turn& t : turns) n += perft(t.after, rule, depth - 1);
  return n;
}

}  // namespace reference
