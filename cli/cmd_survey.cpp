#include <cstdio>
#include <iostream>
#include <sstream>

#include "cli/command_json.h"
#include "cli/commands.h"
#include "cli/progress.h"
#include "cli/search_options.h"
#include "core/text.h"
#include "puzzles/variant.h"
#include "solver/survey.h"

namespace leapfrog::cli {

namespace {

std::vector<std::string> hole_names(const Board& board, const SurveyStart& s) {
  std::vector<std::string> names;
  for (const Square h : s.holes) names.push_back(square_name(board, h));
  return names;
}

std::vector<std::string> line_turns(const Board& board, const SurveyStart& s) {
  std::vector<std::string> turns;
  for (const Turn& t : s.result.line) turns.push_back(format_turn(board, t));
  return turns;
}

// The board of POSITION with every empty square filled with its variant's cheapest piece:
// what every start empties one square of.
Setup full_board(const SolitaireSetup& solo) {
  Setup full = solo.setup;
  const Variant& v = full.variant.empty() ? default_variant() : *find_variant(full.variant);
  full.position = start_with_holes(full.board, full.rules(), full.position, v.pieces[0].value, {});
  full.position.removals_due = 0;
  return full;
}

// One start a line, in columns as wide as the header says (the line last, unpadded).
constexpr const char* kTextHeader =
    "start  holes  pieces  left  value  bound  proved      nodes      time  line";

std::string text_row(const Board& board, const SurveyStart& s) {
  const SolveResult& r = s.result;
  char cells[160];
  std::snprintf(cells, sizeof cells, "%-5s  %5zu  %6d  %4d  %5d  %5d  %-6s  %9llu  %8s",
                square_name(board, s.holes.front()).c_str(), s.holes.size(), s.pieces, s.left,
                r.value, r.bound, r.proved ? "yes" : "no", static_cast<unsigned long long>(r.nodes),
                format_seconds(s.seconds).c_str());
  return std::string(cells) + "  " + join_words(line_turns(board, s));
}

constexpr const char* kCsvHeader =
    "start,holes,pieces,left,value,bound,proved,complete,nodes,seconds,line";

// Squares and turns hold no comma or quote, so no field needs quoting.
std::string csv_row(const Board& board, const SurveyStart& s) {
  const SolveResult& r = s.result;
  std::ostringstream out;
  out << square_name(board, s.holes.front()) << "," << join_words(hole_names(board, s)) << ","
      << s.pieces << "," << s.left << "," << r.value << "," << r.bound << ","
      << (r.proved ? "true" : "false") << "," << (r.complete ? "true" : "false") << "," << r.nodes
      << "," << round_seconds(s.seconds) << "," << join_words(line_turns(board, s));
  return out.str();
}

}  // namespace

Json survey_json(const Setup& full, const SurveyResult& r) {
  const Board& board = full.board;
  Json rows = Json::array();
  int proved = 0;
  for (const SurveyStart& s : r.starts) {
    proved += s.result.proved ? 1 : 0;
    Json row;
    row["start"] = square_name(board, s.holes.front());
    row["holes"] = hole_names(board, s);
    row["pieces"] = s.pieces;
    row["left"] = s.left;
    row["value"] = s.result.value;
    row["bound"] = s.result.bound;
    row["proved"] = s.result.proved;
    row["complete"] = s.result.complete;
    row["line"] = line_turns(board, s);
    row["nodes"] = s.result.nodes;
    row["seconds"] = round_seconds(s.seconds);
    rows.push_back(std::move(row));
  }
  Json j;
  j["position"] = format_position(full);
  j["squares"] = board.squares();
  j["symmetries"] = r.symmetries;
  j["starts"] = r.classes;
  j["by"] = to_string(full.rules().measure);
  j["proved"] = proved;
  j["stopped"] = r.stopped;
  j["rows"] = std::move(rows);
  return j;
}

int run_survey(const Command& cmd, const std::vector<std::string>& args) {
  CommonOptions o;
  std::string position;
  bool every_hole = false;
  bool csv = false;
  LimitOptions limits;
  po::options_description search("Search (the limits apply to each start)");
  search.add_options()("every-hole", po::bool_switch(&every_hole),
                       "solve every hole, not one hole per class of symmetric holes")(
      "csv", po::bool_switch(&csv), "print the table as CSV (a header line, then a row a start)");
  add_limit_options(search, limits, "stop each start's search after about N nodes",
                    "each start's transposition table keeps the most useful entries");
  po::options_description visible;
  // No --hole: the survey empties every square in turn.
  visible.add(search)
      .add(rule_options(o, kSolitairePlayers))
      .add(layout_options(o, false))
      .add(output_options(o, Boards::kNone));
  if (!parse_command(cmd, args, visible, o, {{"position", &position}})) return 0;
  if (position.empty()) throw UsageError("missing POSITION");
  if (csv && o.json) throw UsageError("--csv and --json: choose one");
  ProgressLine line;
  const SearchControl control = limit_control(limits, line);
  const Setup full = full_board(load_solitaire(position, o, "survey"));
  SurveyOptions options;
  options.solve.hash_mb = limits.hash_mb;
  options.every_hole = every_hole;
  const Board& board = full.board;
  const Rules rules = full.rules();
  // Text and CSV rows are printed as each start is solved (a long survey shows its rows as
  // they come); JSON at the end.
  if (csv) {
    std::cout << kCsvHeader << std::endl;
    check_stdout();  // a reader gone already: no start is solved for nothing
  }
  const auto each = [&](const SurveyStart& s, int done, int total) {
    line.clear();
    if (line.enabled())
      std::cerr << "start " << square_name(board, s.holes.front()) << " (" << done << " of "
                << total << "): " << s.left << " left" << (s.result.proved ? ", proved" : "")
                << ", " << format_seconds(s.seconds) << "\n";
    if (csv) std::cout << csv_row(board, s) << std::endl;
    if (!csv && !o.json) std::cout << text_row(board, s) << std::endl;
    // A reader that has gone (`| head`) ends the survey now, not after every start.
    check_stdout();
  };
  if (!csv && !o.json) {
    const std::vector<SurveyStart> starts =
        survey_starts(board, rules, full.position, every_hole, nullptr);
    std::cout << "survey: " << count_text(board.squares(), "square", "squares") << ", "
              << count_text(starts.size(), "start", "starts")
              << (every_hole ? " (every hole)" : " (one hole per class of symmetric holes)")
              << ", by " << to_string(rules.measure) << "\n"
              << kTextHeader << std::endl;
    check_stdout();
  }
  const SurveyResult r = survey(board, rules, full.position, options, control, each);
  line.clear();
  if (o.json) {
    print_json(survey_json(full, r));
    return 0;
  }
  const std::string stopped_after = "stopped after " +
                                    count_text(r.starts.size(), "start", "starts") + " of " +
                                    std::to_string(r.classes);
  if (csv) {
    // The CSV has no line of its own to say so: standard error does.
    if (r.stopped)
      std::cerr << "leapfrog survey: " << stopped_after
                << " (the rows of the others are missing)\n";
    return 0;
  }
  int proved = 0, one = 0;
  for (const SurveyStart& s : r.starts) {
    proved += s.result.proved ? 1 : 0;
    one += s.left == 1 ? 1 : 0;
  }
  std::cout << proved << " of " << count_text(r.classes, "start", "starts") << " proved; "
            << count_text(one, "leaves", "leave") << " one piece"
            << (r.stopped ? "; " + stopped_after : "") << "\n";
  return 0;
}

}  // namespace leapfrog::cli
