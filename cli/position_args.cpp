// The POSITION argument: a file, a variant's start, or position text, with the command line's
// rule and layout options applied (cli/common.h).
#include <algorithm>
#include <bit>
#include <filesystem>
#include <system_error>
#include <vector>

#include "cli/common.h"
#include "cli/suggest.h"
#include "generator/layout.h"

namespace leapfrog::cli {

Board layout_board(const Variant& v, const CommonOptions& o) {
  if (v.shaped) {
    if (o.width || o.height)
      throw UsageError("the " + std::string(v.name) + " board takes --size (its side) only");
    if (o.size && (o.size < 2 || o.size > v.max_side))
      throw UsageError("--size " + std::to_string(o.size) + ": the " + std::string(v.name) +
                       " board's side must be 2.." + std::to_string(v.max_side));
    return parse_position(start_text(v, o.size)).board;
  }
  if (!v.start.empty()) {
    if (o.size || o.width || o.height)
      throw UsageError("the " + std::string(v.name) + " board has a fixed size");
    return parse_position(v.start).board;
  }
  int w = o.size ? o.size : v.width, h = o.size ? o.size : v.height;
  if (o.width) w = o.width;
  if (o.height) h = o.height;
  if (w < 1 || h < 1 || w > kMaxSide || h > kMaxSide)
    throw UsageError("board size " + std::to_string(w) + "x" + std::to_string(h) +
                     " is outside 1x1..26x26");
  return Board(w, h);
}

namespace {

Setup start_of(const Variant& v, const CommonOptions& o) {
  Setup s{layout_board(v, o), {}, std::string(v.name), {}};
  s.position = has_start(v) ? parse_position(start_text(v, o.size)).position
                            : random_layout(s.board, v, o.seed);
  return s;
}

}  // namespace

const char* layout_option_given(const CommonOptions& o) {
  return o.size             ? "--size"
         : o.width          ? "--width"
         : o.height         ? "--height"
         : o.seed_given     ? "--seed"
         : !o.holes.empty() ? "--hole"
                            : nullptr;
}

namespace {
// --diagonal or --orthogonal without --grid: a square grid's option that a hex board refuses.
bool square_option_alone(const CommonOptions& o) {
  return o.grid.empty() && (o.diagonal || o.orthogonal);
}
}  // namespace

void check_lattice_options(const CommonOptions& o, const Rules& own) {
  if (square_option_alone(o) && own.jumps == JumpSet::kHex)
    throw UsageError(std::string(o.diagonal ? "--diagonal" : "--orthogonal") +
                     ": the board is grid=hex (six directions); --grid square reads it as a "
                     "square grid");
}

void refuse_layout_with_record(const CommonOptions& o) {
  if (const char* layout = layout_option_given(o))
    throw UsageError(std::string(layout) +
                     " makes a variant's start; a record's start is its [Start] tag");
}

GameRecord record_from(std::string_view text, const CommonOptions& o) {
  // The record's own lattice is known only once it is read: read it first with the command
  // line's other rule options (its checks depend on them: players, scores) but not its
  // lattice nor --variant, as a position's is checked before they apply.
  if (square_option_alone(o)) {
    RuleOverrides others = overrides_from(o);
    others.jumps.reset();
    check_lattice_options(o, parse_record(text, {}, others).start.rules());
  }
  return parse_record(text, o.variant, overrides_from(o));
}

namespace {
Setup parse_position_file(const std::string& arg) {
  return parse_file(arg, [](const std::string& text) { return parse_position(text); });
}
}  // namespace

Setup load_position(const std::string& arg, const CommonOptions& o, PositionSource from) {
  Setup setup;
  bool start = false;
  const bool files = from == PositionSource::kAny;
  if (files && arg == "-") {
    setup = parse_position_file(arg);
  } else if (const Variant* v = find_variant(arg)) {
    setup = start_of(*v, o);
    start = true;
  } else if (std::error_code ec;
             files && std::filesystem::exists(arg, ec) && !std::filesystem::is_directory(arg, ec)) {
    // Any file that is not a directory: a regular file, /dev/stdin, a FIFO, <(...).
    setup = parse_position_file(arg);
  } else if (files && std::filesystem::is_directory(arg, ec)) {
    // "." and ".." are position text too (one or two empty squares).
    try {
      setup = parse_position(arg);
    } catch (const ParseError&) {
      throw UsageError(quoted_path(arg) + " is a directory, not a position file");
    }
  } else {
    try {
      setup = parse_position(arg);
    } catch (const ParseError& e) {
      reject_word_position(arg, e.what(), files);
      if (arg.find('/') == std::string::npos && arg.find_first_of("\\:") != std::string::npos)
        throw UsageError(quoted_start(arg) + " is no file, variant or position: " + e.what());
      throw;
    }
  }
  // The layout options make a variant's start; given with position text or a file on the
  // command line they would be ignored without a word.
  if (const char* layout = layout_option_given(o); !start && files && layout != nullptr)
    throw UsageError(std::string(layout) +
                     " needs a variant name as POSITION (a start position), not position text "
                     "or a file");
  check_lattice_options(o, setup.rules());
  // Removals the text left to the default follow the rules the command line makes.
  const bool default_due =
      setup.position.removals_due == default_removals(setup.board, setup.rules(), setup.position);
  if (!o.variant.empty()) {
    if (!find_variant(o.variant)) throw UsageError("unknown variant " + quoted_text(o.variant));
    setup.variant = o.variant;
  }
  setup.overrides = setup.overrides.merged_with(overrides_from(o));
  const Rules rules = setup.rules();
  if (start) setup.position = start_position(rules, setup.position);
  if (!o.holes.empty()) {
    if (!start) throw UsageError("--hole needs a variant name as POSITION (a start position)");
    const Board& b = setup.board;
    std::vector<Square> holes;
    for (const std::string& text : o.holes) {
      Square s = 0;
      try {
        s = parse_square(b, text);
      } catch (const ParseError&) {
        throw UsageError("--hole " + quoted_text(text) + " is not a square of the board");
      }
      if (!b.is_square(s))
        throw UsageError("--hole " + quoted_text(text) + " is not a square of the board");
      // --hole is given once per square; a square twice is a slip, as a repeated option is.
      if (std::find(holes.begin(), holes.end(), s) != holes.end())
        throw UsageError("--hole " + quoted_text(text) + ": that square is given twice");
      holes.push_back(s);
    }
    setup.position = start_with_holes(b, rules, setup.position,
                                      find_variant(setup.variant)->pieces[0].value, holes);
  }
  if (default_due)
    setup.position.removals_due = default_removals(setup.board, rules, setup.position);
  if (setup.position.to_move >= rules.players)
    throw UsageError("player " + std::to_string(setup.position.to_move + 1) +
                     " is to move but there are " + std::to_string(rules.players) + " players");
  for (int p = rules.players; p < kMaxPlayers; ++p)
    if (setup.position.scores[p] != 0 || setup.position.removal_due(p))
      throw UsageError("the position has a score or removal for player " + std::to_string(p + 1) +
                       " but there are " + std::to_string(rules.players) + " players");
  return setup;
}

SolitaireSetup load_solitaire(const std::string& arg, const CommonOptions& o, const char* command,
                              PositionSource from,
                              const std::function<Setup(const Setup&)>& before) {
  if (o.players != -1 && o.players != 1)
    throw UsageError("--players must be 1 (allowed range 1..1): " + std::string(command) +
                     " is solitaire, one player makes every turn");
  const Setup given = before ? before(load_position(arg, o, from)) : load_position(arg, o, from);
  return SolitaireSetup{one_player(given), given.rules().players, given.position.removals_owed()};
}

std::string solitaire_note(const SolitaireSetup& solo) {
  std::string note = "solitaire: one player makes every turn, ";
  note += solo.removal_due() ? "one opening removal first" : "no opening removal";
  if (solo.position_players > 1)
    note += " (the position's " + std::to_string(solo.position_players) + " players owed " +
            (solo.position_removals ? std::to_string(solo.position_removals) : "none") + ")";
  return note;
}

Json position_json(const Setup& setup) {
  const Rules rules = setup.rules();
  Json j;
  j["width"] = setup.board.width();
  j["height"] = setup.board.height();
  j["squares"] = setup.board.squares();
  j["pieces"] = piece_count(setup.board, setup.position);
  j["points"] = point_total(setup.board, setup.position);
  j["position"] = format_position(setup);
  j["variant"] = setup.variant.empty() ? "traditional" : setup.variant;
  j["players"] = rules.players;
  j["to_move"] = setup.position.to_move + 1;
  Json scores = Json::array();
  for (int p = 0; p < rules.players; ++p) scores.push_back(setup.position.scores[p]);
  j["scores"] = scores;
  Json due = Json::array();
  for (int p = 0; p < rules.players; ++p)
    if (setup.position.removal_due(p)) due.push_back(p + 1);
  j["removals_due"] = due;
  j["rules"] = {{"continuation", to_string(rules.continuation)},
                {"by", to_string(rules.measure)},
                {"diagonal", rules.jumps == JumpSet::kDiagonal},
                {"grid", rules.jumps == JumpSet::kHex ? "hex" : "square"},
                {"jumps", directions(rules.jumps).name},
                {"opening", to_string(rules.opening)},
                {"removal", to_string(rules.removal)},
                {"players", rules.players}};
  return j;
}

}  // namespace leapfrog::cli
