// analyse: the game search (solver/game.h) on a position, or on every turn of a record.
#include <unistd.h>

#include <algorithm>
#include <iostream>

#include "cli/command_json.h"
#include "cli/commands.h"
#include "cli/egdb_files.h"
#include "cli/progress.h"
#include "cli/render.h"
#include "cli/search_options.h"
#include "cli/svg.h"
#include "cli/then_option.h"
#include "core/text.h"
#include "puzzles/movegen.h"
#include "puzzles/record.h"
#include "solver/exact.h"
#include "solver/game.h"
#include "solver/referee.h"

namespace leapfrog::cli {

namespace {

// (Built by appending: GCC 12 warns wrongly, -Wrestrict, on "literal" + string.)
std::string signed_text(Score v) {
  std::string s = v > 0 ? "+" : "";
  s += std::to_string(v);
  return s;
}

std::string value_note(const Rules& rules) {
  return rules.players == 2 ? "the mover's total from now on minus the opponent's"
                            : "the mover's own total from now on (max^n)";
}

Json turns_json(const Board& board, const std::vector<Turn>& turns) {
  Json out = Json::array();
  for (const Turn& t : turns) out.push_back(format_turn(board, t));
  return out;
}

// Whether analyse without limits searches this position until proved (analyse_bound_note):
// what counts is how far the position is above the positions the search knows at once, so
// endgame tables to `table_top` pieces raise the limit by as many levels (beyond the first,
// which the search knows anyway: a lone piece takes nothing).
bool analyse_is_small(const Board& board, const Rules& rules, const Position& pos, int table_top) {
  return exact_covers(board, rules, pos) &&
         piece_count(board, pos) <= kSmallAnalysePieces + std::max(table_top - 1, 0);
}

std::string analyse_bound_note(bool small) {
  if (small)
    return "leapfrog analyse: searching until the value is proved (no --nodes or --time-limit); "
           "Ctrl-C stops it with the best found so far";
  return "leapfrog analyse: searching " + std::to_string(kDefaultAnalyseNodes) +
         " positions, the default on a position too large to prove quickly (--nodes, "
         "--time-limit); Ctrl-C stops it with the best found so far";
}

}  // namespace

bool default_analyse_budget(SearchControl& control, const Setup& setup, int table_top) {
  const bool small = analyse_is_small(setup.board, setup.rules(), setup.position, table_top);
  if (!small) control.node_limit = kDefaultAnalyseNodes;
  return small;
}

Json analyse_json(const Setup& setup, const GameResult& r) {
  const Rules rules = setup.rules();
  Json j;
  j["value"] = r.value;
  j["best"] = r.best ? Json(format_turn(setup.board, *r.best)) : Json(nullptr);
  j["pv"] = turns_json(setup.board, r.pv);
  j["proved"] = r.proved;
  j["nodes"] = r.nodes;
  j["complete"] = r.complete;
  j["depth"] = r.depth;
  j["totals"] = r.totals;
  j["players"] = rules.players;
  j["to_move"] = setup.position.to_move + 1;
  j["by"] = to_string(rules.measure);
  return j;
}

JudgedGame judge_game(const GameRecord& record, const GameOptions& options,
                      const SearchControl& control, Score threshold) {
  JudgedGame out;
  out.threshold = threshold;
  const Rules rules = record.start.rules();
  const Board& board = record.start.board;
  out.report = referee(record);
  const GameReport& report = out.report;
  const std::size_t legal =
      report.first_error ? static_cast<std::size_t>(*report.first_error) : report.turns.size();
  // Positions 0..legal and the search of each (the one after the last turn too: its value
  // tells what the last turn lost).
  GameEngine engine(board, rules, options);
  std::vector<Position>& positions = out.positions;
  positions.push_back(record.start.position);
  for (std::size_t i = 0; i < legal; ++i)
    positions.push_back(apply(board, rules, positions.back(), record.turns[i].turn));
  std::vector<GameResult>& results = out.results;
  // One report for the whole record: the nodes of every search so far, the position being
  // searched, and the share of the positions done.
  std::uint64_t nodes_before = 0;
  for (std::size_t k = 0; k < positions.size(); ++k) {
    SearchControl each = control;
    each.progress = series_progress(
        control.progress, nodes_before,
        "position " + std::to_string(k + 1) + " of " + std::to_string(positions.size()), k,
        positions.size());
    GameResult r = engine.search(positions[k], each);
    nodes_before += r.nodes;
    // A search cut short by the stop is no judge: it and every search after it are left out.
    if (control.stop_requested()) {
      out.stopped = true;
      break;
    }
    results.push_back(std::move(r));
  }
  std::vector<Judged>& judged = out.turns;
  std::vector<int>& mistakes = out.mistakes;
  // A turn is judged by the searches before and after it.
  const std::size_t judged_turns = std::min(legal, results.empty() ? 0 : results.size() - 1);
  for (std::size_t i = 0; i < judged_turns; ++i) {
    const Position& before = positions[i];
    const Turn& played = record.turns[i].turn;
    const GameResult& r = results[i];
    Judged j;
    j.ply = static_cast<int>(i) + 1;
    j.player = before.to_move + 1;
    j.move = format_turn(board, played);
    j.value = r.value;
    j.proved = r.proved && results[i + 1].proved;
    j.best = r.best ? format_turn(board, *r.best) : "";
    // The engine's own choice loses nothing by definition; another turn loses what the value
    // after it (searched the same way) says it gives away.
    if (!(r.best && *r.best == played)) {
      const Position& after = positions[i + 1];
      const Score gain = after.scores[before.to_move] - before.scores[before.to_move];
      const GameResult& next = results[i + 1];
      const Score got = rules.players == 2
                            ? gain - next.value
                            : gain + (next.totals.empty() ? 0 : next.totals[before.to_move]);
      j.loss = std::max<Score>(0, r.value - got);
    }
    if (j.loss >= threshold) mistakes.push_back(j.ply);
    judged.push_back(j);
  }
  std::vector<int>& worst = out.worst;
  worst = mistakes;
  std::stable_sort(worst.begin(), worst.end(), [&](int a, int b) {
    return judged[static_cast<std::size_t>(a - 1)].loss >
           judged[static_cast<std::size_t>(b - 1)].loss;
  });
  return out;
}

Json analyse_game_json(const JudgedGame& g) {
  Json j;
  Json turns = Json::array();
  for (const Judged& t : g.turns)
    turns.push_back({{"ply", t.ply},
                     {"player", t.player},
                     {"move", t.move},
                     {"value", t.value},
                     {"best", t.best.empty() ? Json(nullptr) : Json(t.best)},
                     {"loss", t.loss},
                     {"proved", t.proved}});
  j["turns"] = turns;
  j["mistakes"] = g.mistakes;
  j["worst"] = g.worst;
  j["threshold"] = g.threshold;
  j["legal"] = g.report.legal;
  j["final_value"] = g.stopped ? Json(nullptr) : Json(g.results.back().value);
  j["stopped"] = g.stopped;
  return j;
}

namespace {

int analyse_one(const CommonOptions& o, const std::string& position,
                const std::vector<std::string>& then, GameOptions options,
                const std::string& egdb_dir, SearchControl control, ProgressLine& line) {
  const Setup setup = after_then(load_position(position, o), then);
  const Rules rules = setup.rules();
  const auto tables = game_tables(egdb_dir, setup.board, rules, setup.position);
  if (tables) options.tables = tables->tables.get();
  if (!o.limit_given && options.max_depth == 0) {
    const bool small = default_analyse_budget(control, setup, tables ? tables->tables->top() : -1);
    if (isatty(STDERR_FILENO) != 0) std::cerr << analyse_bound_note(small) << "\n";
  }
  const GameResult r = analyse_position(setup.board, rules, setup.position, options, control);
  line.clear();
  if (o.json) {
    print_json(analyse_json(setup, r));
    return 0;
  }
  std::cout << render_board(setup, want_colour(o));
  std::cout << "player " << setup.position.to_move + 1 << " to move, "
            << count_text(rules.players, "player", "players") << "; value: " << value_note(rules)
            << " (" << to_string(rules.measure) << ")\n";
  if (!r.best) {
    std::cout << "the game is over: value 0\n";
  } else {
    std::cout << "best  " << format_turn(setup.board, *r.best) << "\n";
    std::cout << "value " << signed_text(r.value);
    if (r.proved)
      std::cout << ", proved";
    else if (r.depth == 0)  // no iteration finished: the value is the largest capture's
      std::cout << ", not proved (the largest capture alone: no search depth finished)";
    else
      std::cout << ", not proved (an estimate looking " << count_text(r.depth, "turn", "turns")
                << " ahead)";
    std::cout << (r.complete ? "" : ", search stopped early") << "\n";
    std::cout << "pv   ";
    for (const Turn& t : r.pv) std::cout << " " << format_turn(setup.board, t);
    std::cout << "\n";
  }
  std::cout << "nodes " << r.nodes << "\n";
  return 0;
}

int analyse_game(const CommonOptions& o, const std::string& file, GameOptions options,
                 const std::string& egdb_dir, const SearchControl& control, ProgressLine& line,
                 const std::string& svg, Score threshold) {
  const GameRecord record =
      parse_file(file, [&](const std::string& text) { return record_from(text, o); });
  const Rules rules = record.start.rules();
  const auto tables = game_tables(egdb_dir, record.start.board, rules, record.start.position);
  if (tables) options.tables = tables->tables.get();
  const JudgedGame judged_game = judge_game(record, options, control, threshold);
  line.clear();
  const std::vector<Position>& positions = judged_game.positions;
  const std::vector<GameResult>& results = judged_game.results;
  const std::vector<Judged>& judged = judged_game.turns;
  const std::vector<int>& mistakes = judged_game.mistakes;
  const std::vector<int>& worst = judged_game.worst;
  const GameReport& report = judged_game.report;
  // The legal turns: an illegal one ends the record and is never judged.
  const auto judgeable =
      static_cast<std::size_t>(std::count_if(report.turns.begin(), report.turns.end(),
                                             [](const TurnReport& t) { return t.verdict.legal; }));
  if (!svg.empty()) {
    // The expected end of the game as the engine sees it before each ply: two players,
    // player 1's final margin (the scores so far and the value); more, the mover's final
    // total. A mistake shows as a drop for its player.
    std::vector<Score> values;
    for (std::size_t k = 0; k < results.size(); ++k) {
      const Position& p = positions[k];
      const Score v = results[k].value;
      values.push_back(rules.players == 2 ? p.scores[0] - p.scores[1] + (p.to_move == 0 ? v : -v)
                                          : p.scores[p.to_move] + v);
    }
    SvgOptions so;
    so.title = record.tag("Event").value_or("analyse --game");
    write_file(svg, svg_value_chart(values, mistakes,
                                    rules.players == 2
                                        ? "expected final margin of player 1, before each ply"
                                        : "expected final total of the mover, before each ply",
                                    rules.measure == Measure::kPoints ? "points" : "pieces",
                                    report.finished && !judged_game.stopped, so));
  }
  if (svg != "-") {
    if (o.json) {
      print_json(analyse_game_json(judged_game));
    } else {
      std::cout << "value before each turn: " << value_note(rules) << " ("
                << to_string(rules.measure) << ")\n";
      for (const Judged& t : judged) {
        std::cout << t.ply << ". " << t.move << "  player " << t.player << ": value "
                  << signed_text(t.value) << (t.proved ? "" : "?") << ", best " << t.best;
        if (t.loss > 0) std::cout << ", loses " << t.loss;
        if (t.loss >= threshold) std::cout << "  MISTAKE";
        std::cout << "\n";
      }
      if (judged_game.stopped)
        std::cout << "stopped: " << judged.size() << " of " << judgeable << " turns judged\n";
      if (worst.empty()) {
        // Stopped, the turns not judged may hold some: the verdict is then of those judged,
        // and there is none when none was.
        if (!judged_game.stopped || !judged.empty())
          std::cout << "no mistakes " << (judged_game.stopped ? "in the turns judged " : "")
                    << "(no turn loses " << threshold << " or more)\n";
      } else {
        std::cout << "worst mistakes:";
        for (std::size_t k = 0; k < worst.size() && k < 3; ++k) {
          const Judged& t = judged[static_cast<std::size_t>(worst[k] - 1)];
          std::cout << (k ? "," : "") << " ply " << t.ply << " " << t.move << " (player "
                    << t.player << ", loses " << t.loss << "; best " << t.best << ")";
        }
        std::cout << "\n";
      }
      if (std::any_of(judged.begin(), judged.end(), [](const Judged& t) { return !t.proved; }))
        std::cout << "('?': a value not proved, the search stopped at its limit)\n";
    }
  }
  if (judged_game.stopped)
    std::cerr << "leapfrog analyse: stopped after " << judged.size() << " of "
              << count_text(judgeable, "turn", "turns") << " judged; the output holds those\n";
  if (!report.legal) {
    std::cerr << "leapfrog analyse: " << escape_controls(report.error) << "\n";
    return 1;
  }
  return 0;
}

}  // namespace

int run_analyse(const Command& cmd, const std::vector<std::string>& args) {
  CommonOptions o;
  std::string position, game, svg, egdb_dir;
  LimitOptions limits;
  std::uint64_t mistake = 2;
  std::vector<std::string> then;
  int depth = 0;
  bool no_symmetry = false;
  po::options_description search("Search");
  search.add_options()("no-symmetry", po::bool_switch(&no_symmetry),
                       "do not merge symmetric positions");
  const std::string nodes_help =
      "stop after about N positions searched; with neither limit given, a two-player position "
      "of at most 64 squares and " +
      std::to_string(kSmallAnalysePieces) +
      " pieces (more with --egdb) is searched until proved, any other for " +
      std::to_string(kDefaultAnalyseNodes) + " (with --game: a turn's search, " +
      std::to_string(kDefaultEngineNodes) + ")";
  add_limit_options(search, limits, nodes_help.c_str(), "a full table keeps the deeper results");
  search.add_options()(
      "depth",
      whole_value(&depth, "depth", 0, GameOptions::kMaxDepth)->default_value("0")->value_name("N"),
      "look at most N turns ahead (0 = no limit): the depth-limited search's value at that "
      "depth, not proved unless the game ends within it");
  add_egdb_option(search, egdb_dir);
  po::options_description play("Playing on");
  add_then_option(play, then, "analyse the position they reach");
  po::options_description records("Game records");
  records.add_options()("game", file_value(&game, "game")->value_name("FILE"),
                        "judge every turn of a game record (docs/records.md); '-' reads "
                        "standard input")(
      "mistake", whole_value(&mistake, "mistake", 1, 1000000)->default_value("2")->value_name("N"),
      "with --game: a turn losing N or more is a mistake")(
      "svg", file_value(&svg, "svg")->value_name("FILE"),
      "with --game: also draw the expected final margin before every ply as a chart in FILE "
      "('-': standard output, instead of the text)");
  po::options_description visible;
  visible.add(play)
      .add(search)
      .add(records)
      .add(rule_options(o))
      .add(layout_options(o))
      .add(output_options(o, Boards::kDrawn));
  po::variables_map given;
  if (!parse_command(cmd, args, visible, o, {{"position", &position, nullptr, "game"}}, &given))
    return 0;
  ProgressLine line({"nodes", "value"});
  SearchControl control = limit_control(limits, line);
  GameOptions options;
  options.hash_mb = table_mb(limits.hash_mb);
  options.symmetry = !no_symmetry;
  options.max_depth = depth;
  if (!game.empty()) {
    if (!then.empty()) throw UsageError("--then goes with POSITION, not --game");
    refuse_layout_with_record(o);
    if (!o.limit_given) default_engine_budget(control);
    return analyse_game(o, game, options, egdb_dir, control, line, svg,
                        static_cast<Score>(mistake));
  }
  if (!svg.empty()) throw UsageError("--svg goes with --game FILE");
  if (!given["mistake"].defaulted()) throw UsageError("--mistake goes with --game FILE");
  require_position(position, then);
  return analyse_one(o, position, then, options, egdb_dir, control, line);
}

}  // namespace leapfrog::cli
