#include "solver/survey.h"

#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <string>

#include "core/symmetry.h"

namespace leapfrog {

std::vector<SurveyStart> survey_starts(const Board& board, const Rules& rules, const Position& full,
                                       bool every_hole, int* symmetries) {
  for (int i = 0; i < board.squares(); ++i)
    if (full.at(board.cell(i)) == 0)
      throw std::invalid_argument("survey: square " + square_name(board, board.cell(i)) +
                                  " is empty; every square must hold a piece");
  // The board's maps that also keep every piece's value: a start and its image under one of
  // them are the same problem.
  const Symmetry sym(board, board.jumps(rules.jumps));
  std::vector<int> kept;
  if (!every_hole)
    for (int k = 1; k < sym.count(); ++k) {
      bool keeps = true;
      for (int i = 0; i < board.squares() && keeps; ++i)
        keeps = full.at(sym.image(k, board.cell(i))) == full.at(board.cell(i));
      if (keeps) kept.push_back(k);
    }
  if (symmetries != nullptr) *symmetries = static_cast<int>(kept.size()) + 1;
  std::vector<SurveyStart> starts;
  for (std::vector<Square>& holes : cell_classes(board, sym, kept)) {
    SurveyStart s;
    const Square hole = holes.front();
    s.start = one_player(start_with_holes(board, rules, full, full.at(hole), {&hole, 1}));
    s.holes = std::move(holes);
    s.pieces = piece_count(board, s.start);
    starts.push_back(std::move(s));
  }
  return starts;
}

namespace {

// Solves one start and fills in its row.
void solve_start(const Board& board, const Rules& solo, const SolveOptions& options,
                 const SearchControl& control, SurveyStart& s) {
  const auto started = std::chrono::steady_clock::now();
  s.result = solve(board, solo, s.start, options, control);
  s.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  Position end = s.start;
  for (const Turn& t : s.result.line) end = apply(board, solo, end, t);
  s.left = piece_count(board, end);
}

std::string start_note(const Board& board, const std::vector<SurveyStart>& starts,
                       const std::vector<std::size_t>& running) {
  std::string names, numbers;
  for (const std::size_t j : running) {
    names += (names.empty() ? "" : ", ") + square_name(board, starts[j].holes.front());
    numbers += (numbers.empty() ? "" : ", ") + std::to_string(j + 1);
  }
  return std::string(running.size() == 1 ? "start " : "starts ") + names + " (" + numbers + " of " +
         std::to_string(starts.size()) + ")";
}

// The starts side by side, each on one thread with a table of `hash_mb` / workers. Rows are
// handed to `on_start` in order, each once the starts before it are done, and never two at
// once; so is the progress. A start's row does not depend on what runs beside it when its
// search completes (solver/solitaire.h, Determinism).
void side_by_side(const Board& board, const Rules& solo, SolveOptions options,
                  const SearchControl& control, int workers, std::vector<SurveyStart>& starts,
                  SurveyResult& out,
                  const std::function<void(const SurveyStart&, int, int)>& on_start) {
  const std::size_t k = starts.size();
  options.hash_mb = std::max<std::size_t>(options.hash_mb / static_cast<std::size_t>(workers), 1);
  // Set when the survey ends early for a reason of its own (on_start threw): the starts
  // under way stop as at the stop flag. The caller's own cancel flag is forwarded to it.
  std::atomic<bool> abort{false};
  std::vector<std::atomic<std::uint64_t>> nodes(k);
  std::vector<std::atomic<double>> fraction(k);
  // Under `report`: the starts done, the next to begin (those before it have begun), the rows
  // handed on, and whether a row's on_start threw (no row is handed on after it).
  std::vector<char> done(k, 0);
  std::size_t next = 0, handed = 0;
  bool handing_failed = false;
  std::mutex report;
  const auto forward_cancel = [&] {
    if (control.cancel != nullptr && control.cancel->load()) abort.store(true);
  };
  const auto report_progress = [&](const Progress& p) {
    std::unique_lock lock(report, std::try_to_lock);
    if (!lock.owns_lock()) return;
    Progress whole = p;
    whole.nodes = 0;
    double share = 0;
    std::vector<std::size_t> running;
    for (std::size_t j = 0; j < k; ++j) {
      whole.nodes += nodes[j].load(std::memory_order_relaxed);
      share += done[j] ? 1.0 : std::clamp(fraction[j].load(std::memory_order_relaxed), 0.0, 1.0);
      if (j < next && !done[j]) running.push_back(j);
    }
    whole.fraction = share / static_cast<double>(k);
    whole.note = running.empty() ? std::string() : start_note(board, starts, running);
    if (running.size() == 1 && !p.note.empty()) whole.note += ", " + p.note;
    control.progress(whole);
  };
  // The next start, taken under `report`, so that the starts begun are always the first
  // ones; k once the survey stops or every start is taken.
  const auto take = [&] {
    const std::lock_guard lock(report);
    forward_cancel();
    if (next == k || control.stop_requested() || abort.load()) return k;
    return next++;
  };
  const auto solve_one = [&](std::size_t j) {
    SearchControl each = control;
    each.threads = 1;
    each.cancel = &abort;
    // Given even when the caller has no progress callback: the search calls it now and then,
    // and it forwards the caller's cancel flag to the starts under way.
    each.progress = [&, j](const Progress& p) {
      forward_cancel();
      if (!control.progress) return;
      nodes[j].store(p.nodes, std::memory_order_relaxed);
      fraction[j].store(p.fraction, std::memory_order_relaxed);
      report_progress(p);
    };
    solve_start(board, solo, options, each, starts[j]);
    nodes[j].store(starts[j].result.nodes);
    const std::lock_guard lock(report);
    done[j] = 1;
    while (!handing_failed && handed < k && done[handed]) {
      const std::size_t row = handed++;
      if (!on_start) continue;
      try {
        on_start(starts[row], static_cast<int>(row + 1), static_cast<int>(k));
      } catch (...) {
        handing_failed = true;
        throw;
      }
    }
  };
  std::exception_ptr failed;
  std::mutex failing;
  const auto work = [&] {
    try {
      for (std::size_t j = take(); j < k; j = take()) solve_one(j);
    } catch (...) {
      abort.store(true);
      const std::lock_guard lock(failing);
      if (!failed) failed = std::current_exception();
    }
  };
  tbb::task_arena arena(workers);
  arena.execute([&] {
    tbb::parallel_for(
        0, workers, [&](int) { work(); }, tbb::simple_partitioner());
  });
  if (failed) std::rethrow_exception(failed);
  // The starts begun are the first ones (taken in order), and each ran to its end or stop.
  for (std::size_t j = 0; j < k && done[j]; ++j) out.starts.push_back(std::move(starts[j]));
  out.stopped = out.starts.size() < k;
}

}  // namespace

SurveyResult survey(const Board& board, const Rules& rules, const Position& full,
                    const SurveyOptions& options, const SearchControl& control,
                    const std::function<void(const SurveyStart&, int done, int total)>& on_start) {
  SurveyResult out;
  std::vector<SurveyStart> starts =
      survey_starts(board, rules, full, options.every_hole, &out.symmetries);
  out.classes = static_cast<int>(starts.size());
  const Rules solo = one_player(rules);
  SolveOptions solve_options = options.solve;
  solve_options.count = false;
  solve_options.finish = kNoSquare;
  // Side by side where more than one thread is given and no node limit: a start's search on
  // one thread does about as much in its time as on two, whose threads share one table and
  // search more nodes. Under a node limit one after another, as each search's whole result
  // then depends on its table (and runs on one thread anyway).
  const int threads =
      control.threads > 0 ? control.threads : tbb::this_task_arena::max_concurrency();
  if (solve_options.hash_mb == 0) solve_options.hash_mb = SolveOptions::kDefaultHashMb;
  const int workers = static_cast<int>(std::min<std::size_t>(
      {static_cast<std::size_t>(std::max(threads, 1)), starts.size(), solve_options.hash_mb}));
  if (control.node_limit == 0 && workers > 1) {
    side_by_side(board, solo, solve_options, control, workers, starts, out, on_start);
    return out;
  }
  std::uint64_t nodes_before = 0;  // the nodes of the starts solved
  for (SurveyStart& s : starts) {
    if (control.stop_requested()) {
      out.stopped = true;
      break;
    }
    SearchControl each = control;
    // The nodes of the whole survey, as its time is: a rate of this start's nodes over the
    // whole time would be wrong.
    if (control.progress)
      each.progress = series_progress(control.progress, nodes_before,
                                      "start " + square_name(board, s.holes.front()) + " (" +
                                          std::to_string(out.starts.size() + 1) + " of " +
                                          std::to_string(out.classes) + ")",
                                      out.starts.size(), static_cast<std::size_t>(out.classes));
    solve_start(board, solo, solve_options, each, s);
    nodes_before += s.result.nodes;
    out.starts.push_back(std::move(s));
    if (on_start) on_start(out.starts.back(), static_cast<int>(out.starts.size()), out.classes);
    if (control.stop_requested() && out.starts.size() < starts.size()) {
      out.stopped = true;
      break;
    }
  }
  return out;
}

}  // namespace leapfrog
