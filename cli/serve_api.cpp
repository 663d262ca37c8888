#include "cli/serve_api.h"

#include <algorithm>
#include <set>
#include <sstream>

#include "chess/record.h"
#include "cli/command_json.h"
#include "cli/egdb_files.h"
#include "cli/search_options.h"
#include "cli/web_assets.h"
#include "core/text.h"
#include "generator/puzzles.h"
#include "puzzles/puzzle_file.h"
#include "solver/game.h"
#include "solver/verify.h"

namespace leapfrog::cli {

namespace {

using Params = std::vector<std::pair<std::string, std::string>>;

// An answer other than 200: thrown by the handlers, turned into {"error": ...} by answer_api.
struct HttpError {
  int status;
  std::string message;
  std::string allow = {};  // with 405: the methods the endpoint takes
};

// The command the option checkers name in their messages (they name the option, not this).
// A command as the server parses it: its parameters by their whole names only.
constexpr Command api_command(const char* name) {
  return {name, "", "", "", nullptr, nullptr, "leapfrog", true};
}

constexpr Command kApiCommand = api_command("serve");

// The value of a required parameter.
const std::string& required(const Params& params, const std::string& name) {
  for (const auto& [key, value] : params)
    if (key == name) return value;
  throw UsageError("missing parameter '" + name + "'");
}

std::string optional_param(const Params& params, const std::string& name) {
  for (const auto& [key, value] : params)
    if (key == name) return value;
  return "";
}

// Every parameter is given at most once (a second one would be ignored or override the first,
// and the client could not tell which), but `hole`, which is given once per square as its
// option is; and only those of `known` when that is given.
void check_params(const Params& params, const std::set<std::string>* known = nullptr) {
  std::set<std::string> seen;
  for (const auto& [key, value] : params) {
    if (!seen.insert(key).second && key != "hole")
      throw UsageError("parameter " + quoted_text(key) + " given more than once");
    if (known != nullptr && !known->count(key))
      throw UsageError("unknown parameter " + quoted_text(key));
  }
}

// The parameters as the command line's options: name=value becomes --name=value, a switch
// (`switches`) --name when its value is true; `skip` names the parameters read apart (the
// position, the move, the FEN). Names the server refuses (files, threads, help) never reach
// the parser; an unknown name is refused by it, as on the command line.
std::vector<std::string> option_args(const Params& params, const std::set<std::string>& skip,
                                     const std::set<std::string>& switches) {
  static const std::set<std::string> kRefused{"out",   "format", "svg", "svg-dir", "json",
                                              "color", "help",   "h",   "game",    "threads"};
  std::vector<std::string> args;
  for (const auto& [key, value] : params) {
    if (skip.count(key)) continue;
    // Only an option's own spelling: '=', spaces or capitals would reach the parser as
    // something else than a name.
    if (kRefused.count(key) || key.empty() || key[0] == '-' ||
        key.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-") != std::string::npos)
      throw UsageError("unknown parameter " + quoted_text(key));
    if (switches.count(key)) {
      if (switch_value(key, value)) args.push_back("--" + key);
      continue;
    }
    // An empty value as a token of its own: "--name=" is a syntax error to the parser,
    // which would hide what is wrong (an unknown name, or a value the option refuses).
    if (value.empty()) {
      args.push_back("--" + key);
      args.push_back(value);
    } else {
      args.push_back("--" + key + "=" + value);
    }
  }
  return args;
}

void parse_args(const std::vector<std::string>& args, const po::options_description& visible) {
  parse(kApiCommand, args, visible, {});
}

// The limits a request asks (nodes, time-limit, hash), within the server's.
SearchControl control_for(const LimitOptions& l, const ApiLimits& limits,
                          const std::atomic<bool>& stop,
                          const std::function<void(const Progress&)>& progress) {
  SearchControl control;
  control.stop = &stop;
  control.threads = 1;  // the server runs several searches at once, each on one thread
  control.node_limit = l.node_limit;
  const auto asked = seconds_limit(l.time_limit);
  control.time_limit = asked.count() > 0 ? std::min(asked, limits.max_time) : limits.max_time;
  control.progress = progress;
  return control;
}

std::size_t hash_for(const LimitOptions& l, const ApiLimits& limits) {
  return std::min(l.hash_mb, limits.hash_mb);
}

// --hash's default for the API: the server's own limit, which also cuts a larger value
// (hash_for) before anything is allocated: the machine's memory is not the request's concern.
void add_api_limits(po::options_description& d, LimitOptions& l, const ApiLimits& limits) {
  add_limit_options(d, l, "stop after about N nodes", "see the command", false);
  l.hash_mb = limits.hash_mb;
}

std::string dump(const Json& j) { return json_text(j, 2) + "\n"; }

// Whether the request has the parameter `name`, with any value.
bool has_param(const Params& params, std::string_view name) {
  return std::any_of(params.begin(), params.end(), [&](const auto& p) { return p.first == name; });
}

// A nodes or time-limit parameter given, 0 included (0 is no limit, as on the command line;
// the server's --max-time still ends the search).
bool limit_given(const Params& params) {
  return has_param(params, "nodes") || has_param(params, "time-limit");
}

Setup position_of(const Params& params, const CommonOptions& o) {
  return load_position(required(params, "position"), o, PositionSource::kTextOnly);
}

// With `then` (moves separated by spaces) the position they reach from `setup`, as the
// command's --then plays them (`played`, when given, gets them); without, `setup`.
Setup then_of(const Params& params, const Setup& setup, const std::atomic<bool>& stop,
              std::vector<Played>* played = nullptr) {
  // An empty then= is refused as the command's --then '' is: it names no move.
  if (!has_param(params, "then")) return setup;
  std::vector<Played> own;
  return play_then(setup, {optional_param(params, "then")}, played != nullptr ? *played : own,
                   &stop);
}

// --- Leap-Frog -------------------------------------------------------------------------------

std::string api_show(const Params& params, const std::atomic<bool>& stop) {
  CommonOptions o;
  po::options_description visible;
  visible.add(rule_options(o)).add(layout_options(o));
  parse_args(option_args(params, {"position", "then"}, {"diagonal", "orthogonal"}), visible);
  if (!has_param(params, "then")) return dump(show_json(position_of(params, o), nullptr));
  std::vector<Played> played;
  const Setup setup = then_of(params, position_of(params, o), stop, &played);
  return dump(show_json(setup, &played));
}

std::string api_moves(const Params& params, const ApiLimits& limits,
                      const std::atomic<bool>& stop) {
  CommonOptions o;
  po::options_description visible;
  visible.add(rule_options(o)).add(layout_options(o));
  parse_args(option_args(params, {"position", "then"}, {"diagonal", "orthogonal"}), visible);
  const Setup setup = then_of(params, position_of(params, o), stop);
  std::ostringstream out;
  // The answer is held until it is sent, within --hash as a search's tables are: a third of
  // it, as a growing string holds its old text and its new, twice as long, for a moment.
  write_moves_json(out, setup, stop, (std::uint64_t{limits.hash_mb} << 20) / 3);
  return std::move(out).str();
}

std::string api_best(const Params& params, const ApiLimits& limits, const std::atomic<bool>& stop,
                     const std::function<void(const Progress&)>& progress) {
  CommonOptions o;
  LimitOptions l;
  bool all = false;
  std::size_t limit = 1000;
  po::options_description visible, search;
  search.add_options()("all", po::bool_switch(&all), "")(
      "limit", whole_value(&limit, "limit", 1, kMaxChainList)->default_value("1000"), "");
  add_api_limits(search, l, limits);
  visible.add(rule_options(o)).add(layout_options(o)).add(search);
  parse_args(option_args(params, {"position", "then"}, {"diagonal", "orthogonal", "all"}), visible);
  if (!all && has_param(params, "limit"))
    throw UsageError("limit goes with all (the best chain alone is one)");
  const Setup setup = then_of(params, position_of(params, o), stop);
  SearchControl control = control_for(l, limits, stop, progress);
  control.memory_mb = table_mb(hash_for(l, limits));
  ChainOptions options;
  options.all = all;
  options.limit = limit;
  options.list_weight = kJsonChainWeight;
  const ChainResult r = best_chains(setup.board, setup.rules(), setup.position, options, control);
  return dump(best_json(setup, r, all));
}

std::string api_verify(const Params& params, const ApiLimits& limits,
                       const std::atomic<bool>& stop) {
  CommonOptions o;
  LimitOptions l;
  po::options_description visible, search;
  add_api_limits(search, l, limits);
  visible.add(rule_options(o)).add(layout_options(o)).add(search);
  parse_args(option_args(params, {"position", "move"}, {"diagonal", "orthogonal"}), visible);
  const Setup setup = position_of(params, o);
  const Turn turn = parse_turn(setup.board, required(params, "move"));
  SearchControl control = control_for(l, limits, stop, {});
  control.memory_mb = table_mb(hash_for(l, limits));
  return dump(
      verify_json(setup, verify_turn(setup.board, setup.rules(), setup.position, turn, control)));
}

GameRecord record_of(const std::string& body, const CommonOptions& o) {
  if (body.empty()) throw UsageError("missing record: POST it as the request's body");
  return record_from(body, o);
}

std::string api_verify_game(const Params& params, const std::string& body, const ApiLimits& limits,
                            const std::atomic<bool>& stop) {
  CommonOptions o;
  LimitOptions l;
  bool plies = false;
  po::options_description visible, search;
  search.add_options()("plies", po::bool_switch(&plies), "");
  add_api_limits(search, l, limits);
  visible.add(rule_options(o)).add(search);
  parse_args(option_args(params, {}, {"diagonal", "orthogonal", "plies"}), visible);
  const GameRecord record = record_of(body, o);
  SearchControl control = control_for(l, limits, stop, {});
  control.memory_mb = table_mb(hash_for(l, limits));
  try {
    const GameReport g = referee(record, control);
    return dump(verify_game_json(record, g, replay_of(record, g), plies));
  } catch (const TurnNotJudged& e) {
    // Not the request's fault, and a retry within the same limits stops at the same turn.
    throw HttpError{422, std::string(e.what()) +
                             " (at the server's --max-time or the request's "
                             "limits): a turn was left not judged"};
  }
}

std::string api_solve(const Params& params, const ApiLimits& limits, const std::atomic<bool>& stop,
                      const std::function<void(const Progress&)>& progress) {
  CommonOptions o;
  LimitOptions l;
  bool count = false, no_symmetry = false;
  std::string finish;
  po::options_description visible, search;
  search.add_options()("count", po::bool_switch(&count), "")("no-symmetry",
                                                             po::bool_switch(&no_symmetry), "")(
      "finish", square_value(&finish, "finish")->value_name("SQUARE"), "");
  add_api_limits(search, l, limits);
  visible.add(rule_options(o)).add(layout_options(o)).add(search);
  parse_args(
      option_args(params, {"position", "then"}, {"diagonal", "orthogonal", "count", "no-symmetry"}),
      visible);
  const SolitaireSetup solo =
      load_solitaire(required(params, "position"), o, "solve", PositionSource::kTextOnly,
                     [&](const Setup& given) { return then_of(params, given, stop); });
  const Setup& setup = solo.setup;
  SolveOptions options;
  options.hash_mb = hash_for(l, limits);
  options.count = count;
  options.symmetry = !no_symmetry;
  if (!finish.empty()) {
    try {
      options.finish = parse_square(setup.board, finish);
    } catch (const ParseError& e) {
      throw UsageError(std::string("--finish: ") + e.what());
    }
  }
  const SolveResult r = solve(setup.board, setup.rules(), setup.position, options,
                              control_for(l, limits, stop, progress));
  return dump(solve_json(solo, r, options, count, finish));
}

std::string api_analyse(const Params& params, const ApiLimits& limits,
                        const std::atomic<bool>& stop,
                        const std::function<void(const Progress&)>& progress) {
  CommonOptions o;
  LimitOptions l;
  bool no_symmetry = false;
  po::options_description visible, search;
  search.add_options()("no-symmetry", po::bool_switch(&no_symmetry), "");
  add_api_limits(search, l, limits);
  visible.add(rule_options(o)).add(layout_options(o)).add(search);
  parse_args(option_args(params, {"position", "then"}, {"diagonal", "orthogonal", "no-symmetry"}),
             visible);
  const Setup setup = then_of(params, position_of(params, o), stop);
  GameOptions options;
  options.hash_mb = table_mb(hash_for(l, limits));
  options.symmetry = !no_symmetry;
  const auto tables = limits.tables ? limits.tables->get(setup.board, setup.rules()) : nullptr;
  if (tables) options.tables = tables->tables.get();
  SearchControl control = control_for(l, limits, stop, progress);
  if (!limit_given(params))
    default_analyse_budget(control, setup, tables ? tables->tables->top() : -1);
  const GameResult r =
      analyse_position(setup.board, setup.rules(), setup.position, options, control);
  return dump(analyse_json(setup, r));
}

std::string api_analyse_game(const Params& params, const std::string& body, const ApiLimits& limits,
                             const std::atomic<bool>& stop,
                             const std::function<void(const Progress&)>& progress) {
  CommonOptions o;
  LimitOptions l;
  bool no_symmetry = false;
  std::uint64_t mistake = 2;
  po::options_description visible, search;
  search.add_options()("no-symmetry", po::bool_switch(&no_symmetry), "")(
      "mistake", whole_value(&mistake, "mistake", 1, 1000000)->default_value("2"), "");
  add_api_limits(search, l, limits);
  visible.add(rule_options(o)).add(search);
  parse_args(option_args(params, {}, {"diagonal", "orthogonal", "no-symmetry"}), visible);
  const GameRecord record = record_of(body, o);
  SearchControl control = control_for(l, limits, stop, progress);
  if (!limit_given(params)) default_engine_budget(control);
  GameOptions options;
  options.hash_mb = table_mb(hash_for(l, limits));
  options.symmetry = !no_symmetry;
  const auto tables =
      limits.tables ? limits.tables->get(record.start.board, record.start.rules()) : nullptr;
  if (tables) options.tables = tables->tables.get();
  return dump(analyse_game_json(judge_game(record, options, control, static_cast<Score>(mistake))));
}

std::string api_layout(const Params& params) {
  static const Command kLayout = api_command("generate layout");
  const auto result = layout_request(kLayout, option_args(params, {}, {}));
  return dump(layout_json(*result));
}

std::string api_puzzles(const Params& params, const ApiLimits& limits,
                        const std::atomic<bool>& stop,
                        const std::function<void(const Progress&)>& progress) {
  static const Command kPuzzles = api_command("generate puzzles");
  for (const auto& [key, value] : params)
    if (key == "hash") throw UsageError("unknown parameter 'hash'");
  // The server's range, checked first: the command's own is wider.
  if (has_param(params, "count"))
    parse_whole(optional_param(params, "count"), "count", 1,
                static_cast<std::uint64_t>(limits.max_puzzles), "here");
  const auto req =
      puzzle_request(kPuzzles, option_args(params, {}, {"unique", "diagonal", "orthogonal"}));
  const PuzzleSpec& spec = req->spec;
  SearchControl control;
  control.stop = &stop;
  control.threads = 1;
  control.time_limit = limits.max_time;
  control.progress = progress;
  GenerationStats stats;
  const std::vector<Puzzle> puzzles = generate_puzzles(spec, control, &stats);
  return dump(puzzles_json(spec, req->kind, puzzles, stats));
}

// --- The page's own endpoints -----------------------------------------------------------------

// What the page needs to draw a position: every square with its name, place and piece, the
// colours and names of the pieces, and the position's facts (as show --json gives them).
std::string api_board(const Params& params) {
  CommonOptions o;
  po::options_description visible;
  visible.add(rule_options(o)).add(layout_options(o));
  parse_args(option_args(params, {"position"}, {"diagonal", "orthogonal"}), visible);
  const Setup setup = position_of(params, o);
  const Board& b = setup.board;
  Json j = show_json(setup, nullptr);
  j["hex"] = setup.rules().jumps == JumpSet::kHex;
  Json squares = Json::array();
  for (int i = 0; i < b.squares(); ++i) {
    const Square s = b.cell(i);
    squares.push_back({{"name", square_name(b, s)},
                       {"file", b.file(s)},
                       {"rank", b.rank(s)},
                       {"value", setup.position.cells[s]}});
  }
  j["cells"] = squares;
  const Variant& v = setup.variant.empty() ? default_variant() : *find_variant(setup.variant);
  Json pieces = Json::array();
  for (const PieceKind& k : v.pieces)
    pieces.push_back({{"value", k.value}, {"name", k.name}, {"colour", k.colour}});
  j["kinds"] = pieces;
  return dump(j);
}

// The shipped puzzle collection (built into the executable): the files, or one file's puzzles.
std::string api_collection(const Params& params) {
  static const std::set<std::string> kKnown{"file"};
  check_params(params, &kKnown);
  const std::string prefix = "puzzles/collection/";
  // file= given empty names no file (the list is the answer without it).
  const bool listing = params.empty();
  const std::string name = optional_param(params, "file");
  Json files = Json::array();
  for (const EmbeddedFile& f : embedded_files()) {
    const std::string path = f.name;
    if (!path.starts_with(prefix)) continue;
    const std::string file = path.substr(prefix.size());
    if (listing) {
      files.push_back(file);
    } else if (file == name) {
      Json list = Json::array();
      for (const Puzzle& p : parse_puzzles(f.text())) list.push_back(puzzle_json(p));
      return dump(Json{{"file", file}, {"puzzles", list}});
    }
  }
  if (!listing) throw HttpError{404, "no puzzle file " + quoted_text(name)};
  return dump(Json{{"files", files}});
}

// The variants' names, and each one's own number of players (the peg boards: one), which the
// page's New game form starts from.
std::string api_variants() {
  Json list = Json::array(), players = Json::object();
  for (const Variant& v : variants()) {
    list.push_back(v.name);
    players[std::string(v.name)] = v.rules.players;
  }
  return dump(Json{{"variants", list}, {"players", players}});
}

// --- Leap Chess -------------------------------------------------------------------------------

struct ChessParams {
  std::string captures = "compulsory";
  chess::Rules rules() const { return chess::rules_for(*chess::parse_capture_rule(captures)); }
};

void add_captures(po::options_description& d, ChessParams& c) {
  d.add_options()("captures",
                  name_value(&c.captures, "captures", {"compulsory", "multiple", "optional"})
                      ->default_value("compulsory"),
                  "");
}

std::string api_chess_moves(const Params& params) {
  ChessParams c;
  po::options_description visible;
  add_captures(visible, c);
  parse_args(option_args(params, {"fen"}, {}), visible);
  const chess::Position pos = chess_position(required(params, "fen"));
  return dump(chess_moves_json(pos, c.captures, chess::legal_moves(pos, c.rules())));
}

std::string api_chess_show(const Params& params) {
  ChessParams c;
  po::options_description visible;
  add_captures(visible, c);
  parse_args(option_args(params, {"fen"}, {}), visible);
  const chess::Position pos = chess_position(required(params, "fen"));
  return dump(chess_show_json(pos, chess::legal_moves(pos, c.rules()).size()));
}

std::string api_chess_verify(const Params& params) {
  ChessParams c;
  po::options_description visible;
  add_captures(visible, c);
  parse_args(option_args(params, {"fen", "move"}, {}), visible);
  const chess::Position pos = chess_position(required(params, "fen"));
  const std::string& move = required(params, "move");
  chess::WrittenMove written;
  try {
    written = chess::parse_move(move, pos.geometry());
  } catch (const chess::MoveSyntaxError& e) {
    throw UsageError(e.what());
  }
  return dump(chess_verify_json(pos, c.captures, chess::judge(pos, c.rules(), written)));
}

std::string api_chess_verify_game(const Params& params, const std::string& body) {
  ChessParams c;
  po::options_description visible;
  add_captures(visible, c);
  parse_args(option_args(params, {}, {}), visible);
  if (body.empty()) throw UsageError("missing record: POST it as the request's body");
  chess::GameText g;
  try {
    g = chess::parse_record(body);
  } catch (const chess::RecordError& e) {
    throw UsageError(e.what());
  }
  const bool given = !optional_param(params, "captures").empty();
  return dump(chess_referee_json(g, given ? std::optional(c.captures) : std::nullopt));
}

std::string api_chess_analyse(const Params& params, const ApiLimits& limits,
                              const std::atomic<bool>& stop,
                              const std::function<void(const Progress&)>& progress) {
  ChessParams c;
  LimitOptions l;
  int depth = 0;
  po::options_description visible;
  add_captures(visible, c);
  add_api_limits(visible, l, limits);
  visible.add_options()("depth", whole_value(&depth, "depth", 0, 64)->default_value("0"), "");
  parse_args(option_args(params, {"fen"}, {}), visible);
  const chess::Position pos = chess_position(required(params, "fen"));
  if (depth == 0 && !limit_given(params)) l.node_limit = kChessAnalyseNodes;
  chess::SearchSettings settings;
  settings.max_depth = depth == 0 ? 64 : depth;
  settings.hash_mb = table_mb(hash_for(l, limits));
  const chess::SearchResult r =
      chess::analyse(pos, c.rules(), settings, control_for(l, limits, stop, progress));
  return dump(chess_analyse_json(pos, c.captures, r));
}

// The walk stops at the server's --max-time, or through `stop` (the client left, the server
// is stopping).
std::string api_chess_perft(const Params& params, const ApiLimits& limits,
                            const std::atomic<bool>& stop) {
  ChessParams c;
  bool divide = false;
  po::options_description visible;
  add_captures(visible, c);
  visible.add_options()("divide", po::bool_switch(&divide), "");
  parse_args(option_args(params, {"fen", "depth"}, {"divide"}), visible);
  const chess::Position pos = chess_position(required(params, "fen"));
  const int depth = chess_depth(required(params, "depth"), "depth");
  SearchControl control;
  control.stop = &stop;
  control.time_limit = limits.max_time;
  const std::optional<Json> j = chess_perft_json(pos, c.captures, depth, divide, control);
  // No count to give: stopped at the server's time limit (a depth more than it allows, which
  // no retry changes: 503 would say busy), or when the client left or the server stopped.
  if (!j)
    throw HttpError{422,
                    "perft stopped before it finished (at the server's --max-time, or as the "
                    "connection or the server closed); ask for a smaller depth"};
  return dump(*j);
}

using ProgressFn = std::function<void(const Progress&)>;

// One endpoint: its path after /api/, whether it reads a posted record (and so takes POST,
// the others GET and HEAD), whether it runs a search that may take long (and so may stream
// its progress), what answers it, and whether it runs with the searches although it does not
// stream (work as long as theirs, which must not hold up the page's quick requests).
struct Endpoint {
  std::string_view path;
  bool post = false;
  bool searches = false;
  std::string (*answer)(const ApiRequest&, const ApiLimits&, const std::atomic<bool>&,
                        const ProgressFn&) = nullptr;
  bool long_work = false;
};

// Every endpoint the server answers: routing, the Allow header and the choice of queue all
// read this one list.
const Endpoint* find_endpoint(std::string_view path) {
  using R = const ApiRequest&;
  using L = const ApiLimits&;
  using S = const std::atomic<bool>&;
  using P = const ProgressFn&;
  static const Endpoint kEndpoints[] = {
      {"show", false, false, [](R r, L, S s, P) { return api_show(r.params, s); }},
      {"moves", false, false, [](R r, L l, S s, P) { return api_moves(r.params, l, s); }},
      {"best", false, true, [](R r, L l, S s, P p) { return api_best(r.params, l, s, p); }},
      {"verify", false, false, [](R r, L l, S s, P) { return api_verify(r.params, l, s); }},
      {"verify-game", true, false,
       [](R r, L l, S s, P) { return api_verify_game(r.params, r.body, l, s); }},
      {"solve", false, true, [](R r, L l, S s, P p) { return api_solve(r.params, l, s, p); }},
      {"analyse", false, true, [](R r, L l, S s, P p) { return api_analyse(r.params, l, s, p); }},
      {"analyse-game", true, true,
       [](R r, L l, S s, P p) { return api_analyse_game(r.params, r.body, l, s, p); }},
      {"generate/layout", false, false, [](R r, L, S, P) { return api_layout(r.params); }},
      {"generate/puzzles", false, true,
       [](R r, L l, S s, P p) { return api_puzzles(r.params, l, s, p); }},
      {"board", false, false, [](R r, L, S, P) { return api_board(r.params); }},
      {"collection", false, false, [](R r, L, S, P) { return api_collection(r.params); }},
      {"variants", false, false,
       [](R r, L, S, P) {
         static const std::set<std::string> kNone;
         check_params(r.params, &kNone);
         return api_variants();
       }},
      {"chess/moves", false, false, [](R r, L, S, P) { return api_chess_moves(r.params); }},
      {"chess/show", false, false, [](R r, L, S, P) { return api_chess_show(r.params); }},
      {"chess/verify", false, false, [](R r, L, S, P) { return api_chess_verify(r.params); }},
      {"chess/verify-game", true, false,
       [](R r, L, S, P) { return api_chess_verify_game(r.params, r.body); }},
      {"chess/analyse", false, true,
       [](R r, L l, S s, P p) { return api_chess_analyse(r.params, l, s, p); }},
      {"chess/perft", false, false,
       [](R r, L l, S s, P) { return api_chess_perft(r.params, l, s); }, true},
  };
  for (const Endpoint& e : kEndpoints)
    if (e.path == path) return &e;
  return nullptr;
}

std::string allow_of(const Endpoint& e) { return e.post ? "POST" : "GET, HEAD"; }

std::string route(const ApiRequest& r, const ApiLimits& limits, const std::atomic<bool>& stop,
                  const ProgressFn& progress) {
  const Endpoint* const e = find_endpoint(r.path);
  if (e == nullptr) throw HttpError{404, "no endpoint " + endpoint_name(r.path)};
  if (e->post != (r.method == "POST"))
    throw HttpError{405, endpoint_name(r.path) + " takes " + allow_of(*e), allow_of(*e)};
  check_params(r.params);
  // A posted record is held to a record file's line cap (its size cap, 1 MiB, is the
  // transport's, below a file's).
  std::size_t line = 0;
  if (e->post) check_line_lengths(r.body, "the request's body", line);
  return e->answer(r, limits, stop, progress);
}

}  // namespace

std::string parameter_names(const std::string& message) {
  // An option's name follows the start, a space or a parenthesis, and starts with a letter:
  // "--size must be ..." becomes "size must be ...". What the client wrote is quoted
  // ("not '--abc'"), so its dashes, like those of a FEN, are left as they are.
  std::string out;
  out.reserve(message.size());
  for (std::size_t i = 0; i < message.size(); ++i) {
    const bool after_word_start = i == 0 || message[i - 1] == ' ' || message[i - 1] == '(';
    if (after_word_start && message.compare(i, 2, "--") == 0 && i + 2 < message.size() &&
        message[i + 2] >= 'a' && message[i + 2] <= 'z') {
      ++i;  // both dashes skipped
      continue;
    }
    out += message[i];
  }
  return out;
}

std::string error_json(const std::string& message) {
  return json_text(Json{{"error", escape_controls(message)}}) + "\n";
}

std::string endpoint_name(std::string_view path) {
  return "/api/" + text_start(path, kQuotedChars);
}

std::string api_allow(const std::string& path) {
  const Endpoint* const e = find_endpoint(path);
  return e != nullptr ? allow_of(*e) : std::string();
}

bool switch_value(const std::string& key, const std::string& value) {
  if (value.empty() || value == "1" || value == "true" || value == "yes") return true;
  if (value == "0" || value == "false" || value == "no") return false;
  throw UsageError(key + ": a switch takes 1, true or yes (or 0, false, no), not " +
                   quoted_text(value));
}

bool api_searches(const std::string& path) {
  const Endpoint* const e = find_endpoint(path);
  return e != nullptr && e->searches;
}

bool api_long_work(const std::string& path) {
  const Endpoint* const e = find_endpoint(path);
  return e != nullptr && (e->searches || e->long_work);
}

ApiReply answer_api(const ApiRequest& request, const ApiLimits& limits,
                    const std::atomic<bool>& stop,
                    const std::function<void(const Progress&)>& progress) {
  try {
    return {200, route(request, limits, stop, progress)};
  } catch (const HttpError& e) {
    return {e.status, error_json(e.message), e.allow};
  } catch (const UnknownOptionError& e) {
    return {400, error_json("unknown parameter " + quoted_text(e.name()))};
  } catch (const std::bad_alloc&) {
    return {503, error_json("out of memory")};
  } catch (const std::exception& e) {
    return {400, error_json(parameter_names(e.what()))};
  }
}

}  // namespace leapfrog::cli
