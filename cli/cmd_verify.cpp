#include <filesystem>
#include <iostream>
#include <optional>

#include "cli/command_json.h"
#include "cli/commands.h"
#include "cli/render.h"
#include "cli/search_options.h"
#include "cli/svg.h"
#include "core/text.h"
#include "puzzles/movegen.h"
#include "puzzles/record.h"
#include "solver/referee.h"
#include "solver/verify.h"

namespace leapfrog::cli {

Json verify_json(const Setup& setup, const TurnVerdict& v) {
  const Rules rules = setup.rules();
  Json j;
  // Not judged: what the path decides, null for the rest.
  j["legal"] = v.complete || v.legal ? Json(v.legal) : Json(nullptr);
  j["maximal"] = v.complete ? Json(v.maximal) : Json(nullptr);
  j["complete"] = v.complete;
  j["value"] = v.value;
  j["max"] = v.max_known ? Json(v.max) : Json(nullptr);
  j["by"] = to_string(rules.measure);
  j["continuation"] = to_string(rules.continuation);
  j["reason"] = v.reason.empty() ? Json(nullptr) : Json(v.reason);
  j["best"] = v.example ? Json(format_turn(setup.board, *v.example)) : Json(nullptr);
  return j;
}

Replay replay_of(const GameRecord& record, const GameReport& g) {
  Replay r;
  const std::size_t legal =
      g.first_error ? static_cast<std::size_t>(*g.first_error) : g.turns.size();
  const Rules rules = record.start.rules();
  r.positions.push_back(record.start);
  for (std::size_t i = 0; i < legal; ++i) {
    r.turns.push_back(record.turns[i].turn);
    Setup next = r.positions.back();
    next.position = apply(next.board, rules, next.position, r.turns.back());
    r.positions.push_back(std::move(next));
  }
  return r;
}

Json verify_game_json(const GameRecord& record, const GameReport& g, const Replay& replay,
                      bool plies, const TurnReport* stopped) {
  const Rules rules = record.start.rules();
  const Board& board = record.start.board;
  const Setup& final_setup = replay.positions.back();
  Json j;
  // A stopped replay knows the turns before the one not judged, not the record's legality.
  j["legal"] = stopped ? Json(nullptr) : Json(g.legal);
  j["stopped"] = stopped ? Json{{"ply", stopped->ply},
                                {"line", stopped->line},
                                {"move", stopped->move},
                                {"reason", stopped->verdict.reason}}
                         : Json(nullptr);
  j["turns"] = g.turns.size();
  Json checks = Json::array();
  for (const TurnReport& t : g.turns)
    checks.push_back({{"ply", t.ply},
                      {"player", t.player},
                      {"move", t.move},
                      {"line", t.line},
                      {"legal", t.verdict.legal},
                      {"maximal", t.verdict.maximal},
                      {"value", t.verdict.value},
                      {"max", t.verdict.max_known ? Json(t.verdict.max) : Json(nullptr)}});
  j["checks"] = checks;
  Json scores = Json::array();
  for (int p = 0; p < rules.players; ++p) scores.push_back(g.final.scores[p]);
  j["scores"] = scores;
  j["finished"] = g.finished && !stopped;
  j["winners"] = g.finished && !stopped ? Json(g.winners) : Json(nullptr);
  if (g.first_error) {
    const TurnReport& t = g.turns[static_cast<std::size_t>(*g.first_error)];
    // The place has keys of its own: `reason` is the verdict alone, as in `stopped`.
    j["first_error"] = {
        {"ply", t.ply}, {"line", t.line}, {"move", t.move}, {"reason", t.verdict.reason}};
  } else if (!g.legal) {
    j["first_error"] = {
        {"ply", nullptr}, {"line", nullptr}, {"move", nullptr}, {"reason", g.error}};
  } else {
    j["first_error"] = nullptr;
  }
  Json final_json = position_json(final_setup);
  final_json["game_over"] = g.finished && !stopped;
  j["final"] = final_json;
  if (plies) {
    Json list = Json::array();
    for (std::size_t k = 0; k < replay.positions.size(); ++k)
      list.push_back(
          {{"ply", k},
           {"move", k == 0 ? Json(nullptr) : Json(format_turn(board, replay.turns[k - 1]))},
           {"position", format_position(replay.positions[k])}});
    j["plies"] = list;
  }
  return j;
}

namespace {

int verify_move(const CommonOptions& o, const std::string& position, const std::string& move,
                const SearchControl& control) {
  const Setup setup = load_position(position, o);
  const Rules rules = setup.rules();
  const Turn turn = parse_turn(setup.board, move);
  const TurnVerdict v = verify_turn(setup.board, rules, setup.position, turn, control);
  if (!v.complete) {
    // No answer: the message and exit 2, with --json the object of what is known.
    if (o.json) print_json(verify_json(setup, v));
    throw std::runtime_error(v.reason);
  }
  const bool ok = v.legal && v.maximal;
  if (o.json) {
    print_json(verify_json(setup, v));
  } else {
    std::cout << render_board(setup, want_colour(o), v.legal ? &turn : nullptr);
    // An illegal turn is neither maximal nor not: it has no value to compare.
    std::cout << format_turn(setup.board, turn) << ": "
              << (!v.legal    ? "illegal ("
                  : v.maximal ? "legal, maximal (value " + amount_text(rules, v.value) + ", "
                              : "legal, not maximal (value " + amount_text(rules, v.value) + ", ")
              << "max "
              << (v.max_known ? amount_text(rules, v.max) : "not known: the search was stopped")
              << ", continuation " << to_string(rules.continuation) << ")\n";
  }
  if (!ok)
    std::cerr << "leapfrog verify: " << (v.legal ? "not maximal: " : "illegal: ")
              << escape_controls(v.reason) << "\n";
  return ok ? 0 : 1;
}

// How verify --game shows the replay besides its verdict: the board after every ply (--plies),
// a strip of diagrams (--svg FILE) and one diagram per ply (--svg-dir DIR).
struct ReplayOptions {
  bool plies = false;
  std::string svg;
  std::string svg_dir;
};

std::string scores_text(const Rules& rules, const Position& pos) {
  std::string s;
  for (int p = 0; p < rules.players; ++p) {
    if (p) s += ", ";
    s += std::to_string(pos.scores[p]);
  }
  return s;
}

// --svg: the replay as one strip of small diagrams (svg_line, as solve --svg draws a line),
// the last captioned with the scores. --svg-dir: DIR/ply-000.svg the start, DIR/ply-K.svg the
// position after ply K with ply K drawn on it (where the piece started, its path, crossed
// squares where it captured), numbered with at least three digits.
void write_replay_svg(const GameRecord& record, const Replay& r, const ReplayOptions& ro) {
  const Rules rules = record.start.rules();
  const std::string title = record.tag("Event").value_or(format_position(record.start));
  if (!ro.svg.empty()) {
    SvgOptions so;
    so.cell = 20;
    so.title = title;
    if (rules.players > 1)
      so.end_caption = "end: scores " + scores_text(rules, r.positions.back().position);
    write_file(ro.svg, svg_line(record.start, r.turns, so));
  }
  if (ro.svg_dir.empty()) return;
  namespace fs = std::filesystem;
  std::error_code made, ec;
  fs::create_directories(ro.svg_dir, made);
  if (fs::exists(ro.svg_dir, ec) && !fs::is_directory(ro.svg_dir, ec))
    throw UsageError("--svg-dir: " + quoted_path(ro.svg_dir) + " is a file, not a directory");
  if (!fs::is_directory(ro.svg_dir, ec))
    throw IoError("cannot create the directory " + quoted_path(ro.svg_dir) + " (" +
                  (made ? made.message() : std::string("not a directory")) + ")");
  const std::size_t digits = std::max<std::size_t>(3, std::to_string(r.turns.size()).size());
  for (std::size_t k = 0; k < r.positions.size(); ++k) {
    std::string number = std::to_string(k);
    number.insert(0, digits - number.size(), '0');
    const Setup& at = r.positions[k];
    SvgOptions so;
    so.title = k == 0 ? "start: " + format_position(at)
                      : "ply " + std::to_string(k) + " " + format_turn(at.board, r.turns[k - 1]) +
                            ": " + format_position(at);
    const std::string svg = k == 0 ? svg_board(at, so) : svg_chain(at, r.turns[k - 1], so);
    write_file((fs::path(ro.svg_dir) / ("ply-" + number + ".svg")).string(), svg);
  }
}

int verify_game(const CommonOptions& o, const std::string& file, const SearchControl& control,
                const ReplayOptions& ro) {
  // The rule options go into the reading, so that the record's checks hold under them.
  const GameRecord record =
      parse_file(file, [&](const std::string& text) { return record_from(text, o); });
  const Rules rules = record.start.rules();
  GameReport g;
  // A turn that a stopped search left not judged: the turns before it are shown, then it,
  // and the exit code is 2 (no verdict on the record).
  std::optional<TurnReport> stopped;
  try {
    g = referee(record, control);
  } catch (const RecordNotJudged& e) {
    g = e.judged;
    stopped = e.at;
  }
  const std::string stop_message =
      stopped ? turn_place(*stopped) + ": " + stopped->verdict.reason +
                    (stopped->ply > 1 ? " (the turns before it are judged)" : "")
              : "";
  const Replay replay = replay_of(record, g);
  const Setup& final_setup = replay.positions.back();
  if (!ro.svg.empty() || !ro.svg_dir.empty()) write_replay_svg(record, replay, ro);
  const auto verdict = [&] {
    if (stopped) {
      std::cerr << "leapfrog verify: " << escape_controls(stop_message) << "\n";
      return 2;
    }
    if (!g.legal) std::cerr << "leapfrog verify: " << escape_controls(g.error) << "\n";
    return g.legal ? 0 : 1;
  };
  if (ro.svg == "-") return verdict();
  const auto name = [&](int player) {
    std::string s = "player " + std::to_string(player);
    if (player - 1 < static_cast<int>(record.players.size()))
      s += " (" + record.players[static_cast<std::size_t>(player - 1)] + ")";
    return s;
  };
  if (o.json) {
    print_json(verify_game_json(record, g, replay, ro.plies, stopped ? &*stopped : nullptr));
  } else {
    const bool colour = want_colour(o);
    // --plies: the position after each ply, with the ply's traces on the board.
    const auto board_after = [&](std::size_t k) {
      const Setup& at = replay.positions[k];
      std::cout << render_board(at, colour, k == 0 ? nullptr : &replay.turns[k - 1]);
      std::cout << "position: " << format_position(at) << "\n\n";
    };
    if (ro.plies) {
      std::cout << "start:\n";
      board_after(0);
    }
    for (std::size_t i = 0; i < g.turns.size(); ++i) {
      const TurnReport& t = g.turns[i];
      std::cout << t.ply << ". " << t.move << "  " << name(t.player) << ": ";
      if (!t.verdict.legal) {
        std::cout << "ILLEGAL\n";
        continue;
      }
      std::cout << amount_text(rules, t.verdict.value) << " (max " << t.verdict.max << ")"
                << (t.verdict.maximal ? "" : "  not maximal") << "\n";
      if (ro.plies && i + 1 < replay.positions.size()) board_after(i + 1);
    }
    if (stopped)
      std::cout << stopped->ply << ". " << stopped->move << "  " << name(stopped->player)
                << ": not judged, " << stopped->verdict.reason << "\n";
    std::cout << "scores:";
    for (int p = 0; p < rules.players; ++p) std::cout << (p ? ", " : " ") << g.final.scores[p];
    std::cout << "\n";
    if (stopped) {
      const std::size_t n = g.turns.size();
      std::cout << "stopped at ply " << stopped->ply << ": "
                << (n == 0   ? std::string("no turn judged")
                    : n == 1 ? std::string("the turn before it is legal")
                             : "the " + std::to_string(n) + " turns before it are legal")
                << "\n";
    } else if (g.legal) {
      std::cout << count_text(g.turns.size(), "turn", "turns") << ", all legal; ";
      if (g.finished) {
        std::cout << (g.winners.size() == 1 ? "winner " : "shared win: ");
        for (std::size_t i = 0; i < g.winners.size(); ++i)
          std::cout << (i ? ", " : "") << name(g.winners[i]);
        std::cout << "\n";
      } else {
        std::cout << "the game is not over (" << name(g.final.to_move + 1) << " to move)\n";
      }
    }
    const std::size_t plies = replay.turns.size();
    std::cout << "\n"
              << (g.first_error ? "position after the last legal turn, ply "
                  : stopped     ? "position after the last judged turn, ply "
                                : "final position, after ply ")
              << plies << ":\n";
    std::cout << render_board(final_setup, colour);
    std::cout << "position: " << format_position(final_setup) << "\n";
  }
  return verdict();
}

}  // namespace

int run_verify(const Command& cmd, const std::vector<std::string>& args) {
  CommonOptions o;
  std::string position, move, game;
  LimitOptions limits;
  ReplayOptions replay;
  po::options_description visible;
  po::options_description replays("Replay (with --game)");
  replays.add_options()("plies", po::bool_switch(&replay.plies),
                        "also show the position after every ply: text, the board with the ply's "
                        "traces and its position text; --json, the key plies")(
      "svg", file_value(&replay.svg, "svg")->value_name("FILE"),
      "also draw the replay in FILE as a strip of small diagrams, one per ply and the final "
      "position ('-': standard output, instead of the text)")(
      "svg-dir", dir_value(&replay.svg_dir, "svg-dir")->value_name("DIR"),
      "also write one diagram per ply to DIR (created if missing): ply-000.svg the start, "
      "ply-001.svg the position after ply 1 with the ply drawn, ...");
  po::options_description records("Game records");
  records.add_options()(
      "game", file_value(&game, "game")->value_name("FILE"),
      "replay a game record (docs/records.md), checking every turn; '-' reads standard input");
  po::options_description search("Search");
  add_limit_options(search, limits, "stop after about N nodes (no answer then)",
                    kWhenChainTablesFull, true, kTimeLimitNoAnswer);
  visible.add(rule_options(o)).add(records).add(search);
  visible.add(replays);
  visible.add(layout_options(o)).add(output_options(o, Boards::kDrawn));
  const char* const with_game = "--game takes no POSITION or MOVE";
  if (!parse_command(cmd, args, visible, o,
                     {{"position", &position, nullptr, "game", with_game},
                      {"move", &move, nullptr, "game", with_game}}))
    return 0;
  ProgressLine line;
  SearchControl control = limit_control(limits, line);
  control.memory_mb = table_mb(limits.hash_mb);
  if (!game.empty()) {
    refuse_layout_with_record(o);
    // Both are written on standard output, where the strip takes the text's place.
    if (replay.plies && replay.svg == "-")
      throw UsageError("--plies needs --svg to name a file, not '-'");
    return verify_game(o, game, control, replay);
  }
  if (replay.plies || !replay.svg.empty() || !replay.svg_dir.empty())
    throw UsageError("--plies, --svg and --svg-dir go with --game FILE");
  if (position.empty()) throw UsageError("missing POSITION");
  if (move.empty()) throw UsageError("missing MOVE");
  return verify_move(o, position, move, control);
}

}  // namespace leapfrog::cli
