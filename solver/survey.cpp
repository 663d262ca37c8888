#include "solver/survey.h"

#include <chrono>
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
    const auto started = std::chrono::steady_clock::now();
    s.result = solve(board, solo, s.start, solve_options, each);
    s.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    nodes_before += s.result.nodes;
    Position end = s.start;
    for (const Turn& t : s.result.line) end = apply(board, solo, end, t);
    s.left = piece_count(board, end);
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
