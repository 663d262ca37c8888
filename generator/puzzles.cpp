#include "generator/puzzles.h"

#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <set>

#include "core/poller.h"
#include "generator/random.h"
#include "generator/rating.h"
#include "puzzles/movegen.h"
#include "solver/chains/chains.h"
#include "solver/solitaire.h"

namespace leapfrog {

namespace {

const Variant& variant_of(const PuzzleSpec& spec) {
  return spec.variant != nullptr ? *spec.variant : *find_variant("murray");
}

int side_of(const PuzzleSpec& spec) {
  if (spec.size > 0) return spec.size;
  return spec.kind == PuzzleKind::kChain ? 12 : 5;
}

// The puzzle board of that side, with the variant's rules under `overrides`: a square, or
// the shape's board and its lattice's jumps.
Setup puzzle_setup(const PuzzleSpec& spec, int side, RuleOverrides overrides) {
  Setup s{Board(side, side), {}, std::string(variant_of(spec).name), overrides};
  if (spec.shape != nullptr) {
    s.board = parse_position(start_text(*spec.shape, side)).board;
    s.overrides.jumps = spec.shape->rules.jumps;
  }
  return s;
}

// A random opening removal among the pieces the rules allow.
Turn random_removal(const Board& board, const Rules& rules, const Position& pos, Rng& rng) {
  std::vector<Square> allowed;
  for_each_turn(board, rules, pos, [&](const TurnView& t) { allowed.push_back(t.squares[0]); });
  return Turn{true, {allowed[rng.below(allowed.size())]}};
}

// A random turn of the optional rule (the most permissive reading): a uniformly chosen piece
// that can jump, then random jumps, going on with probability 1/2 while it can.
std::optional<Turn> random_chain(const Board& board, const Rules& rules, const Position& pos,
                                 Rng& rng) {
  const auto open_jumps = [&](const std::array<Value, kMaxCells>& cells, Square s,
                              std::vector<Jump>& out) {
    out.clear();
    for (const Jump& j : board.jumps(s, rules.jumps))
      if (jump_open(cells, j)) out.push_back(j);
    return !out.empty();
  };
  std::vector<Square> jumpers;
  std::vector<Jump> jumps;
  for (int s = 0; s < board.cells(); ++s)
    if (pos.cells[s] != 0 && open_jumps(pos.cells, static_cast<Square>(s), jumps))
      jumpers.push_back(static_cast<Square>(s));
  if (jumpers.empty()) return std::nullopt;
  std::array<Value, kMaxCells> cells = pos.cells;
  Turn turn;
  Square at = jumpers[rng.below(jumpers.size())];
  turn.squares.push_back(at);
  cells[at] = 0;
  while (open_jumps(cells, at, jumps)) {
    const Jump j = jumps[rng.below(jumps.size())];
    cells[j.over] = 0;
    at = j.to;
    turn.squares.push_back(at);
    if (rng.below(2) == 0) break;
  }
  return turn;
}

struct ChainShape {
  int jumps = 0;
  int turns = 0;  // changes of direction
  bool revisits = false;
  bool diagonal = false;
};

// `diagonal`: a jump of the square grid's diagonals (the six directions of a hex board are
// its straight lines).
ChainShape shape_of(const Board& board, const Rules& rules, const Turn& t) {
  ChainShape s;
  s.jumps = static_cast<int>(t.squares.size()) - 1;
  std::set<Square> seen;
  int last_df = 0, last_dr = 0;
  for (std::size_t i = 0; i < t.squares.size(); ++i) {
    if (!seen.insert(t.squares[i]).second) s.revisits = true;
    if (i == 0) continue;
    const int df = board.file(t.squares[i]) - board.file(t.squares[i - 1]);
    const int dr = board.rank(t.squares[i]) - board.rank(t.squares[i - 1]);
    if (df != 0 && dr != 0 && rules.jumps == JumpSet::kDiagonal) s.diagonal = true;
    if (i > 1 && (df != last_df || dr != last_dr)) ++s.turns;
    last_df = df;
    last_dr = dr;
  }
  return s;
}

// The id of the spec's `number`th puzzle (1-based, counting accepted puzzles only, so that
// the ids of one run are consecutive).
std::string puzzle_id(const PuzzleSpec& spec, int number) {
  std::string n = std::to_string(number);
  if (n.size() < 4) n.insert(0, 4 - n.size(), '0');
  return std::string(spec.kind == PuzzleKind::kChain ? "chain" : "solo") + "-" +
         std::to_string(side_of(spec)) + "-" + std::to_string(spec.seed) + "-" + n;
}

// Plays random turns of the optional rule from `pos` until at most `keep` pieces are left;
// false when the game ends first.
bool play_down(const Board& board, const Rules& rules, Position& pos, int keep, Rng& rng) {
  while (piece_count(board, pos) > keep) {
    if (removal_turn(pos)) {
      pos = apply(board, rules, pos, random_removal(board, rules, pos, rng));
      continue;
    }
    const auto t = random_chain(board, rules, pos, rng);
    if (!t) return false;
    pos = apply(board, rules, pos, *t);
  }
  return true;
}

std::optional<Puzzle> chain_candidate(const PuzzleSpec& spec, std::uint64_t index,
                                      std::uint64_t* nodes, const CandidateLimits& limits) {
  const Variant& variant = variant_of(spec);
  Rng rng = Rng::stream(spec.seed, index);
  const int side = side_of(spec);
  Setup setup = puzzle_setup(spec, side, spec.overrides);
  const Rules rules = setup.rules();
  Position pos =
      start_position(rules, random_layout(setup.board, variant, rng.next(), spec.rounding));
  // Play into the middle game: capture between a fifth and two thirds of the pieces.
  const int pieces = piece_count(setup.board, pos);
  const int keep =
      pieces - static_cast<int>((pieces * (20 + static_cast<int>(rng.below(47)))) / 100);
  if (!play_down(setup.board, rules, pos, keep, rng)) return std::nullopt;
  if (removal_turn(pos)) return std::nullopt;
  // One thread: the candidates are examined in parallel already (a search on more threads
  // would make a task arena per candidate); its tables within the candidate's share of the
  // memory (PuzzleSpec::hash_mb).
  SearchControl control;
  control.threads = 1;
  control.stop = limits.stop;
  control.time_limit = limits.time_limit;
  control.memory_mb = spec.hash_mb;
  const ChainResult best = best_chains(setup.board, rules, pos, {}, control);
  if (nodes) *nodes += best.nodes;
  if (!best.best || !best.count.fits_u64() || best.count.low_u64() != 1) return std::nullopt;
  const ChainShape shape = shape_of(setup.board, rules, *best.best);
  if (shape.jumps < spec.min_jumps) return std::nullopt;

  // The best any other piece can do, and how many pieces can jump at all.
  const std::vector<Score> captures = best_captures(setup.board, rules, pos);
  Score runner_up = 0;
  int jumpers = 0;
  for (int s = 0; s < setup.board.cells(); ++s) {
    if (pos.cells[s] == 0) continue;
    const Score b = captures[static_cast<std::size_t>(s)];
    jumpers += b > 0;
    if (s != best.best->squares[0]) runner_up = std::max(runner_up, b);
  }
  const Score gap = best.value - runner_up;

  setup.position = pos;
  Puzzle p;
  p.kind = PuzzleKind::kChain;
  p.setup = setup;
  p.solution = {*best.best};
  p.value = best.value;
  p.unique = true;
  p.rating = chain_rating({shape.jumps, shape.turns, shape.revisits, jumpers, gap});
  if (shape.jumps >= 6) p.themes.push_back("long");
  if (shape.turns == 0) p.themes.push_back("straight");
  if (shape.turns >= 3) p.themes.push_back("zigzag");
  if (shape.revisits) p.themes.push_back("return");
  if (shape.diagonal) p.themes.push_back("diagonal");
  if (gap <= 1) p.themes.push_back("close-call");
  if (jumpers >= 15) p.themes.push_back("crowded");
  if (p.themes.empty()) p.themes.push_back("plain");
  return p;
}

std::optional<Puzzle> solitaire_candidate(const PuzzleSpec& spec, std::uint64_t index,
                                          std::uint64_t* nodes, const CandidateLimits& limits) {
  const Variant& variant = variant_of(spec);
  Rng rng = Rng::stream(spec.seed, index);
  const int side = side_of(spec);
  // The game's rules play the layout down; the puzzle is the lone player's.
  Setup setup = puzzle_setup(spec, side, spec.overrides);
  const Rules game_rules = setup.rules();
  setup.overrides.players = 1;
  const Rules rules = setup.rules();
  Position pos;
  if (spec.shape == nullptr) {
    // A window of a random layout played into the middle game: a full small board is too
    // hard to prove quickly, a window with some holes is a puzzle a person can work through.
    const int big = std::max(2 * side, 10);
    const Board board(big, big);
    Position game =
        start_position(game_rules, random_layout(board, variant, rng.next(), spec.rounding));
    const int full = piece_count(board, game);
    if (!play_down(board, game_rules, game,
                   full - full * (25 + static_cast<int>(rng.below(26))) / 100, rng))
      return std::nullopt;
    const int f0 = static_cast<int>(rng.below(static_cast<std::uint64_t>(big - side + 1)));
    const int r0 = static_cast<int>(rng.below(static_cast<std::uint64_t>(big - side + 1)));
    for (int r = 0; r < side; ++r)
      for (int f = 0; f < side; ++f)
        pos.cells[setup.board.square(f, r)] = game.cells[board.square(f0 + f, r0 + r)];
  } else {
    // A shape has no window that keeps it: the shape itself, played into the middle game
    // (a quarter to a half of its pieces taken).
    pos =
        start_position(game_rules, random_layout(setup.board, variant, rng.next(), spec.rounding));
    const int full = piece_count(setup.board, pos);
    if (!play_down(setup.board, game_rules, pos,
                   full - full * (25 + static_cast<int>(rng.below(26))) / 100, rng))
      return std::nullopt;
    pos = one_player(pos);
    pos.removals_due = 0;
  }
  setup.position = pos;
  const int pieces = piece_count(setup.board, pos);
  if (pieces < setup.board.squares() * 2 / 5 || !has_turn(setup.board, rules, pos))
    return std::nullopt;

  SolveOptions so;
  so.hash_mb = spec.hash_mb;
  so.count = setup.board.squares() <= kCountedSolitaireSquares;
  so.reversed_order = spec.reversed_order;
  SearchControl control;
  control.threads = 1;
  control.stop = limits.stop;
  control.time_limit = limits.time_limit;
  control.node_limit = spec.node_limit;
  const SolveResult r = solve(setup.board, rules, pos, so, control);
  if (nodes) *nodes += r.nodes;
  if (!r.proved || !r.complete || r.line.empty() || (so.count && r.count.empty()))
    return std::nullopt;
  const bool unique = r.count == "1";
  if (spec.unique_only && !unique) return std::nullopt;

  Position end = pos;
  int jumps = 0;
  for (const Turn& t : r.line) {
    end = apply(setup.board, rules, end, t);
    jumps += static_cast<int>(t.squares.size()) - 1;
  }
  if (jumps < spec.min_jumps) return std::nullopt;  // too short to be a puzzle
  Puzzle p;
  p.kind = PuzzleKind::kSolitaire;
  p.setup = setup;
  p.solution = r.line;
  p.value = r.value;
  p.unique = unique;
  p.rating = solitaire_rating(jumps, step_ranks(setup.board, rules, pos, line_moves(rules, r.line)),
                              unique);
  const int left = piece_count(setup.board, end);
  if (left == 1) p.themes.push_back("clear-board");
  if (unique) p.themes.push_back("unique");
  if (jumps >= 2 * side) p.themes.push_back("long");
  p.themes.push_back("leaves-" + std::to_string(left));
  if (so.count) p.extra.emplace_back("lines", r.count);
  return p;
}

}  // namespace

std::optional<Puzzle> puzzle_candidate(const PuzzleSpec& spec, std::uint64_t index,
                                       std::uint64_t* solver_nodes, const CandidateLimits& limits) {
  return spec.kind == PuzzleKind::kChain ? chain_candidate(spec, index, solver_nodes, limits)
                                         : solitaire_candidate(spec, index, solver_nodes, limits);
}

GenerationStats stream_puzzles(const PuzzleSpec& spec, const SearchControl& control,
                               const std::function<void(Puzzle&&)>& take) {
  int found = 0;
  GenerationStats local;
  const std::uint64_t max_candidates =
      spec.max_candidates != 0 ? spec.max_candidates
                               : 500 * static_cast<std::uint64_t>(std::max(spec.count, 1));
  // Batches of a fixed size: which candidates are examined never depends on the threads.
  constexpr std::uint64_t kBatch = 16;
  tbb::task_arena arena(control.threads > 0 ? control.threads : tbb::task_arena::automatic);
  // The Poller keeps the time limit as well as the progress. Progress is reported as
  // candidates finish, not only after a batch: one batch of big solitaire candidates can
  // outlast a whole time limit. The count reported is of every candidate finished, so it
  // never goes back, though it may pass the candidates kept (those of a batch after the last
  // puzzle asked for, or after one a stop cut short).
  Poller poller(control);
  const auto started = std::chrono::steady_clock::now();
  std::atomic<std::uint64_t> finished{0};
  const auto progress = [&](std::uint64_t examined) {
    Progress p;
    p.nodes = examined;
    p.best = found;
    p.fraction = static_cast<double>(found) / std::max(spec.count, 1);
    p.note = std::to_string(found) + "/" + std::to_string(spec.count) + " puzzles";
    return p;
  };
  for (std::uint64_t start = 0; found < spec.count && start < max_candidates; start += kBatch) {
    const std::uint64_t n = std::min(kBatch, max_candidates - start);
    std::vector<std::optional<Puzzle>> slots(n);
    std::vector<std::uint64_t> nodes(n, 0);
    std::vector<char> done(n, 0);
    std::atomic<bool> stopped{false};
    arena.execute([&] {
      tbb::parallel_for(std::uint64_t{0}, n, [&](std::uint64_t i) {
        if (poller.limit_reached(0)) {  // the caller's stop or the time limit
          stopped = true;
          return;
        }
        // The candidate's search stops at the time limit too: one candidate of a big board
        // can take long.
        const auto candidate_start = std::chrono::steady_clock::now();
        const CandidateLimits limits{control.stop, control.left_after(0, started).time_limit};
        slots[i] = puzzle_candidate(spec, start + i, &nodes[i], limits);
        // A candidate whose search a stop or the time limit may have cut short is not
        // examined: it might have been a puzzle.
        const bool cut = limits.time_limit.count() != 0 &&
                         std::chrono::steady_clock::now() - candidate_start >= limits.time_limit;
        if (cut || poller.limit_reached(0)) {
          stopped = true;
          return;
        }
        done[i] = 1;
        ++finished;
        // Read when reporting: the reports, one at a time, then never go back.
        poller.report([&] { return progress(finished); });
      });
    });
    // On a stop, the candidates examined from the batch's start on still count (in order, so
    // that what is handed over never depends on which thread finished what).
    const std::uint64_t usable =
        stopped ? static_cast<std::uint64_t>(std::find(done.begin(), done.end(), 0) - done.begin())
                : n;
    for (std::uint64_t i = 0; i < usable && found < spec.count; ++i) {
      ++local.candidates;
      local.solver_nodes += nodes[i];
      if (!slots[i]) continue;
      ++found;
      slots[i]->id = puzzle_id(spec, found);
      take(std::move(*slots[i]));
    }
    if (stopped && found < spec.count) {
      local.stopped = true;
      break;
    }
    poller.report([&] { return progress(finished); });
  }
  if (found < spec.count) local.complete = false;
  return local;
}

std::vector<Puzzle> generate_puzzles(const PuzzleSpec& spec, const SearchControl& control,
                                     GenerationStats* stats) {
  std::vector<Puzzle> out;
  const GenerationStats local =
      stream_puzzles(spec, control, [&](Puzzle&& p) { out.push_back(std::move(p)); });
  if (stats) *stats = local;
  return out;
}

}  // namespace leapfrog
