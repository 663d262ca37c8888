#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <random>

#include "cli/command_json.h"
#include "cli/commands.h"
#include "cli/progress.h"
#include "cli/render.h"
#include "cli/search_options.h"
#include "core/text.h"
#include "generator/layout.h"
#include "generator/puzzles.h"

namespace leapfrog::cli {

namespace {

Rounding rounding_of(const std::string& counts) {
  return counts == "half-even" ? Rounding::kHalfEven : Rounding::kHalfUp;
}

// --seed of both generate commands: the layouts' and the puzzles' draws.
po::typed_value<std::string>* seed_value(std::uint64_t* seed) {
  return whole_value(seed, "seed", 0, std::numeric_limits<std::uint64_t>::max())
      ->default_value("1")
      ->value_name("S");
}

// --counts of both generate commands: how exact shares round to whole pieces.
po::typed_value<std::string>* counts_value(std::string* counts) {
  return name_value(counts, "counts", {"table", "half-even"})
      ->default_value("table")
      ->value_name("ROUNDING");
}

// The piece sets a random layout can be drawn for: the variants without a fixed board.
std::vector<std::string> layout_variants() {
  std::vector<std::string> names;
  for (const Variant& v : variants())
    if (!has_start(v)) names.emplace_back(v.name);
  return names;
}

// The board shapes a layout or puzzles can be drawn on: the square, and each shape of the
// presets drawn to a side (named by the first preset that has it: triangle, hexagon).
std::vector<std::string> board_shapes() {
  std::vector<std::string> names{"square"};
  std::vector<std::string (*)(int)> seen;
  for (const Variant& v : variants())
    if (v.shaped != nullptr && std::find(seen.begin(), seen.end(), v.shaped) == seen.end()) {
      seen.push_back(v.shaped);
      names.emplace_back(v.name);
    }
  return names;
}

po::typed_value<std::string>* board_value(std::string* target) {
  return name_value(target, "board", board_shapes())->default_value("square")->value_name("SHAPE");
}
constexpr const char* kBoardHelp =
    "square, or triangle or hexagon: that shape of side --size, with six-direction jumps";

// The shape's preset for --board (null: the square), refusing the square grid's jump options
// on a six-direction board.
const Variant* board_shape(const std::string& name, const CommonOptions& o) {
  if (name == "square") return nullptr;
  if (o.diagonal || o.orthogonal)
    throw UsageError(std::string(o.diagonal ? "--diagonal" : "--orthogonal") +
                     " is for the square "
                     "board: the " +
                     name + " board has six-direction jumps");
  return find_variant(name);
}

}  // namespace

std::optional<PuzzleRequest> puzzle_request(const Command& cmd,
                                            const std::vector<std::string>& args) {
  PuzzleRequest req;
  CommonOptions& o = req.o;
  std::string& kind = req.kind;
  std::string& out_file = req.out_file;
  std::string& format = req.format;
  std::string variant_name = "murray", counts = "table";
  std::string board = "square";
  int count = 10, size = 0, min_jumps = 3;
  // Read once the kind and the board are known (read_side): the range depends on both.
  std::optional<std::string> size_text;
  int& threads = req.threads;
  std::uint64_t seed = 1;
  std::size_t hash_mb = kDefaultHashMb;
  bool unique_only = false;
  po::options_description gen("Puzzle options");
  gen.add_options()(
      "kind",
      name_value(&kind, "kind", {"chain", "solitaire"})->default_value("chain")->value_name("KIND"),
      "chain: find the largest capture (unique answer); solitaire: capture the most (proved line)")(
      "count", whole_value(&count, "count", 1, 100000)->default_value("10")->value_name("N"),
      "number of puzzles, 1..100000")(
      "size",
      po::value<std::string>()
          ->notifier([&](const std::string& text) { size_text = text; })
          ->value_name("N"),
      "board side (default 12 for chain, 5 for solitaire; chain "
      "3..26, solitaire 3..12; on a triangle or hexagon, "
      "the shape's side: chain 3..26 and 3..13, solitaire "
      "3..16 and 3..7)")("seed", seed_value(&seed),
                         "seed of the layouts and the draws (0..2^64-1), printed")(
      "variant",
      name_value(&variant_name, "variant", layout_variants())
          ->default_value("murray")
          ->value_name("NAME"),
      "piece set and rules preset: traditional, murray, froglet, take-it-away")(
      "board", board_value(&board), kBoardHelp)("counts", counts_value(&counts),
                                                "piece counts: table or half-even")(
      "min-jumps",
      whole_value(&min_jumps, "min-jumps", 1, 600)->default_value("3")->value_name("N"),
      "least jumps in the answer (chain) or the line (solitaire)")(
      "unique", po::bool_switch(&unique_only),
      "solitaire: keep only puzzles with one optimal line")(
      "out", file_value(&out_file, "out")->value_name("FILE"),
      "write the puzzles to FILE (.csv: CSV, else EPD lines; not '-' with --json)")(
      "format", name_value(&format, "format", {"epd", "csv"})->value_name("FMT"),
      "epd or csv (default: by --out's extension, else epd)");
  // Rule options other than --variant (which is the puzzle option above).
  po::options_description rules("Rule options");
  rules.add_options()("continuation", continuation_value(&o.continuation),
                      "optional, forced, piece-max, board-max")(
      "by", measure_value(&o.by), "points or pieces")("diagonal", po::bool_switch(&o.diagonal),
                                                      "allow diagonal jumps too")(
      "orthogonal", po::bool_switch(&o.orthogonal), "orthogonal jumps only");
  po::options_description visible;
  po::options_description search("Search");
  add_threads_option(search, threads);
  add_hash_option(search, hash_mb, kWhenPuzzleTablesFull);
  visible.add(gen).add(rules).add(search).add(output_options(o, Boards::kNone));
  parse(cmd, args, visible, {});
  if (o.help) {
    print_help(cmd, visible);
    return std::nullopt;
  }
  // The side, read once the kind and the board are known: one message with the range that
  // applies.
  const auto read_side = [&](int max_side, const std::string& what) {
    size = static_cast<int>(
        parse_whole(*size_text, "--size", 3, static_cast<std::uint64_t>(max_side), "for " + what));
  };
  PuzzleSpec& spec = req.spec;
  spec.kind = kind == "chain" ? PuzzleKind::kChain : PuzzleKind::kSolitaire;
  if (unique_only && spec.kind == PuzzleKind::kChain)
    throw UsageError(
        "--unique is for solitaire puzzles (a chain puzzle's answer is unique "
        "already)");
  spec.variant = find_variant(variant_name);
  spec.shape = board_shape(board, o);
  if (spec.shape == nullptr) {
    const int max_side = spec.kind == PuzzleKind::kChain ? kMaxSide : kMaxSolitaireSide;
    if (size_text) read_side(max_side, kind + " puzzles");
  } else {
    // A shape's side: at most the preset's largest; for solitaire puzzles, at most as many
    // squares as the largest square board.
    int max_side = spec.shape->max_side;
    if (spec.kind == PuzzleKind::kSolitaire)
      while (parse_position(start_text(*spec.shape, max_side)).board.squares() >
             kMaxSolitaireSide * kMaxSolitaireSide)
        --max_side;
    if (size_text) read_side(max_side, kind + " puzzles on the " + board);
  }
  threads = puzzle_threads(threads, hash_mb);
  spec.rounding = rounding_of(counts);
  if (format.empty())
    format = out_file.size() > 4 && out_file.substr(out_file.size() - 4) == ".csv" ? "csv" : "epd";
  spec.count = count;
  spec.size = size;
  spec.seed = seed;
  spec.overrides = overrides_from(o);
  spec.min_jumps = min_jumps;
  spec.unique_only = unique_only;
  spec.hash_mb = puzzle_table_mb(hash_mb);
  return req;
}

Json puzzle_json(const Puzzle& p) {
  Json sol = Json::array();
  for (const Turn& t : p.solution) sol.push_back(format_turn(p.setup.board, t));
  return {{"id", p.id},         {"kind", to_string(p.kind)}, {"position", format_position(p.setup)},
          {"solution", sol},    {"value", p.value},          {"rating", p.rating},
          {"themes", p.themes}, {"unique", p.unique}};
}

Json puzzles_json(const PuzzleSpec& spec, const std::string& kind,
                  const std::vector<Puzzle>& puzzles, const GenerationStats& stats) {
  Json list = Json::array();
  for (const Puzzle& p : puzzles) list.push_back(puzzle_json(p));
  return Json{{"seed", spec.seed},
              {"kind", kind},
              {"candidates", stats.candidates},
              {"complete", stats.complete},
              {"stopped", stats.stopped},
              {"puzzles", list}};
}

namespace {

// Writes puzzles as they come, so that a long run holds none of them: their text (EPD lines
// or CSV) to --out, or to standard output without --out and --json; with --json, each one's
// JSON object to a temporary file, copied into the final object after the counts that
// precede the list (the output is the same as if every puzzle had been kept).
class PuzzleWriter {
 public:
  PuzzleWriter(const std::string& out_file, bool csv, bool json, ProgressLine& progress)
      : csv_(csv), progress_(progress) {
    if (!out_file.empty() && out_file != "-") {
      open_output(file_, out_file);
      text_ = &file_;
      text_name_ = quoted_path(out_file);
    } else if (!out_file.empty() || !json) {
      text_ = &std::cout;
    }
    if (json) {
      json_.reset(std::tmpfile());
      if (!json_) throw IoError("cannot make a temporary file for the --json output" + os_reason());
    }
  }

  void write(const Puzzle& p) {
    if (text_ != nullptr) {
      if (text_ == &std::cout) progress_.clear();
      if (csv_ && count_ == 0) {
        for (const auto& [key, value] : p.extra) extra_.push_back(key);
        put_text(format_puzzle_csv_header(extra_));
      }
      put_text(csv_ ? format_puzzle_csv_row(p, extra_) : format_puzzle_epd(p) + "\n");
    }
    if (json_) {
      const Json j = puzzle_json(p);
      // An element of the list two levels down: every line indented by four more spaces.
      std::string text = json_text(j, 2);
      for (std::size_t at = text.find('\n'); at != std::string::npos; at = text.find('\n', at + 1))
        text.insert(at + 1, "    ");
      text.insert(0, count_ == 0 ? "\n    " : ",\n    ");
      if (std::fwrite(text.data(), 1, text.size(), json_.get()) != text.size())
        throw IoError("cannot write the temporary file of the --json output");
    }
    ++count_;
  }

  std::size_t count() const { return count_; }

  // Ends the text (a CSV header even without puzzles) and prints the JSON object: `head`'s
  // fields, then "puzzles".
  void finish(Json head) {
    if (text_ != nullptr && csv_ && count_ == 0) put_text(format_puzzle_csv_header({}));
    errno = 0;
    if (text_ != nullptr && !text_->flush()) throw IoError(failed_text());
    if (!json_) return;
    head["puzzles"] = Json::array();
    const std::string frame = json_text(head, 2);
    const std::size_t list = frame.rfind('[') + 1;  // the list is the last field
    std::cout << frame.substr(0, list);
    if (std::fflush(json_.get()) != 0 || std::fseek(json_.get(), 0, SEEK_SET) != 0)
      throw IoError("cannot read back the temporary file of the --json output");
    char buffer[1 << 16];
    for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, json_.get())) > 0;)
      std::cout.write(buffer, static_cast<std::streamsize>(n));
    if (std::ferror(json_.get()))
      throw IoError("cannot read back the temporary file of the --json output");
    if (count_ > 0) std::cout << "\n  ";
    std::cout << frame.substr(list) << "\n";
    if (!std::cout.flush()) throw IoError(stdout_failure());
  }

 private:
  void put_text(const std::string& text) {
    errno = 0;
    if (!(*text_ << text)) throw IoError(failed_text());
  }
  // The message for a failed write of the text, with the system's reason: errno is cleared
  // before each write, as a file's stream keeps no reason of its own.
  std::string failed_text() const {
    return text_ == &std::cout ? stdout_failure() : "cannot write " + text_name_ + os_reason();
  }
  struct Close {
    void operator()(std::FILE* f) const { std::fclose(f); }
  };

  bool csv_;
  ProgressLine& progress_;
  std::ofstream file_;
  std::ostream* text_ = nullptr;
  std::string text_name_;
  std::unique_ptr<std::FILE, Close> json_;
  std::vector<std::string> extra_;  // the CSV's extra columns: the first puzzle's keys
  std::size_t count_ = 0;
};

int generate_puzzle_set(const Command& cmd, const std::vector<std::string>& args) {
  const std::optional<PuzzleRequest> req = puzzle_request(cmd, args);
  if (!req) return 0;
  const PuzzleSpec& spec = req->spec;
  const CommonOptions& o = req->o;
  const std::string& kind = req->kind;
  const int count = spec.count;
  SearchControl control;
  control.threads = req->threads;
  control.stop = &install_interrupt_flag();
  ProgressLine progress({"candidates", nullptr});
  control.progress = progress.callback();
  // The first batch of candidates can take a while: show the line at once.
  progress.update(Progress{0, 0, 0, "0/" + std::to_string(count) + " puzzles"});
  PuzzleWriter writer(req->out_file, req->format == "csv", o.json, progress);
  const auto start = std::chrono::steady_clock::now();
  const GenerationStats stats = stream_puzzles(spec, control, [&](Puzzle&& p) { writer.write(p); });
  const double secs =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  progress.clear();
  // Written first: a failed write is the one line said, not after a summary of puzzles that
  // never reached the file.
  writer.finish(Json{{"seed", spec.seed},
                     {"kind", kind},
                     {"candidates", stats.candidates},
                     {"complete", stats.complete},
                     {"stopped", stats.stopped}});
  std::cerr << "seed " << spec.seed << ": "
            << count_text(writer.count(), kind + " puzzle", kind + " puzzles") << " from "
            << count_text(stats.candidates, "candidate", "candidates") << " in "
            << format_seconds(secs) << "\n";
  if (stats.stopped) {
    std::cerr << "leapfrog generate puzzles: interrupted after "
              << count_text(stats.candidates, "candidate", "candidates")
              << "; the output holds the puzzles found so far (" << writer.count() << " of "
              << count << ")\n";
    return 2;
  }
  if (!stats.complete) {
    std::cerr << "leapfrog generate puzzles: only " << writer.count() << " of " << count
              << " puzzles found among " << count_text(stats.candidates, "candidate", "candidates")
              << "\n";
    return 1;
  }
  return 0;
}

}  // namespace

std::optional<LayoutResult> layout_request(const Command& cmd,
                                           const std::vector<std::string>& args) {
  LayoutResult result;
  CommonOptions& o = result.o;
  std::string variant_name = "murray", counts = "table", board = "square";
  std::uint64_t& seed = result.seed;
  seed = 1;
  po::options_description layout("Layout options");
  layout.add_options()(
      "variant",
      name_value(&variant_name, "variant", variant_names())
          ->default_value("murray")
          ->value_name("NAME"),
      "piece set: traditional, murray, froglet, take-it-away (english, french, wiegleb, "
      "diamond, triangle, hexagon, capture: their shape, filled)")(
      "size", side_value(&o.size, "size"), "board size NxN (default: the variant's)")(
      "width", side_value(&o.width, "width"), "board width")(
      "height", side_value(&o.height, "height"), "board height")(
      "board", board_value(&board), kBoardHelp)("seed", seed_value(&seed),
                                                "seed of the layout (0..2^64-1), printed")(
      "counts", counts_value(&counts),
      "table: Murray's table (exact share rounded half up, the cheapest kind takes the rest);\n"
      "half-even: Cyningstan's and BrainKing's counts (15x15: 22/45/68/90)");
  int holes = 0;
  // Read once the board is known: its squares are the range.
  std::optional<std::string> holes_text;
  layout.add_options()("holes",
                       po::value<std::string>()
                           ->notifier([&](const std::string& text) { holes_text = text; })
                           ->value_name("N"),
                       "then empty N distinct random squares (0..the board's squares), drawn "
                       "from the same seed after the layout; a board with holes owes no "
                       "opening removal");
  po::options_description visible;
  visible.add(layout).add(output_options(o, Boards::kDrawn));
  parse(cmd, args, visible, {});
  if (o.help) {
    print_help(cmd, visible);
    return std::nullopt;
  }
  const Variant* v = result.variant = find_variant(variant_name);
  const Rounding rounding = result.rounding = rounding_of(counts);
  Setup& setup = result.setup;
  setup.variant = std::string(v->name);
  const Variant* shape = board_shape(board, o);
  if (shape != nullptr) {
    if (v->shaped != nullptr || !v->start.empty())
      throw UsageError("--board " + board +
                       " takes a piece set (traditional, murray, froglet, "
                       "take-it-away), not the " +
                       std::string(v->name) + " board");
    setup.board = layout_board(*shape, o);
    setup.overrides.jumps = shape->rules.jumps;
  } else {
    setup.board = layout_board(*v, o);
  }
  if (holes_text)
    holes = static_cast<int>(parse_whole(*holes_text, "--holes", 0,
                                         static_cast<std::uint64_t>(setup.board.squares()),
                                         "(the board's squares)"));
  result.holes_asked = holes;
  std::vector<Square> emptied;
  // A start position: the opening removals are due, so the text needs no removals field.
  // With holes the board is not full: nobody owes a removal, which is also what position
  // text without a removals field says of such a board (docs/notation.md).
  setup.position = start_position(
      setup.rules(), random_layout_with_holes(setup.board, *v, seed, rounding, holes, &emptied));
  if (holes > 0)
    setup.position.removals_due = default_removals(setup.board, setup.rules(), setup.position);
  for (const Square s : emptied) result.holes.push_back(square_name(setup.board, s));
  result.shape = shape;
  return result;
}

Json layout_json(const LayoutResult& l) {
  const Setup& setup = l.setup;
  const Variant* v = l.variant;
  const Rounding rounding = l.rounding;
  const std::uint64_t seed = l.seed;
  const std::vector<std::string>& hole_names = l.holes;
  Json j;
  j["position"] = format_position(setup);
  j["seed"] = seed;
  j["variant"] = v->name;
  j["width"] = setup.board.width();
  j["height"] = setup.board.height();
  Json c = Json::array();
  for (const PieceCount& pc : piece_counts(*v, setup.board.squares(), rounding)) {
    std::string name;
    for (const PieceKind& k : v->pieces)
      if (k.value == pc.value) name = k.name;
    c.push_back({{"value", pc.value}, {"name", name}, {"count", pc.count}});
  }
  j["counts"] = c;
  j["points"] = point_total(setup.board, setup.position);
  j["holes"] = hole_names;
  Json due = Json::array();
  for (int p = 0; p < setup.rules().players; ++p)
    if (setup.position.removal_due(p)) due.push_back(p + 1);
  j["removals_due"] = due;
  return j;
}

namespace {

int generate_layout(const Command& cmd, const std::vector<std::string>& args) {
  const std::optional<LayoutResult> result = layout_request(cmd, args);
  if (!result) return 0;
  const LayoutResult& l = *result;
  const Setup& setup = l.setup;
  const Variant* v = l.variant;
  const Variant* shape = l.shape;
  const CommonOptions& o = l.o;
  const int holes = l.holes_asked;
  const std::vector<std::string>& hole_names = l.holes;
  if (o.json) {
    print_json(layout_json(l));
    return 0;
  }
  std::cout << render_board(setup, want_colour(o));
  std::cout << "seed " << l.seed << ", " << v->name;
  if (shape != nullptr)
    std::cout << " on the " << shape->name << " of side " << (o.size ? o.size : shape->width)
              << " (" << setup.board.squares() << " squares):";
  else if (v->shaped != nullptr)
    std::cout << " of side " << (o.size ? o.size : v->width) << " (" << setup.board.squares()
              << " squares):";
  else if (setup.board.squares() != setup.board.width() * setup.board.height())
    std::cout << " " << setup.board.width() << "x" << setup.board.height() << " ("
              << setup.board.squares() << " squares):";
  else
    std::cout << " " << setup.board.width() << "x" << setup.board.height() << ":";
  for (const PieceCount& pc : piece_counts(*v, setup.board.squares(), l.rounding)) {
    for (const PieceKind& k : v->pieces)
      if (k.value == pc.value) std::cout << " " << pc.count << " " << k.name;
  }
  if (holes > 0) {
    std::cout << ", then " << count_text(holes, "hole", "holes");
    for (std::size_t i = 0; i < hole_names.size(); ++i)
      std::cout << (i ? " " : " (") << hole_names[i];
    std::cout << ")";
  }
  const auto points = point_total(setup.board, setup.position);
  std::cout << ", " << count_text(points, "point", "points") << "\n";
  if (holes > 0) std::cout << "no opening removal due: the board is not full\n";
  std::cout << "position: " << format_position(setup) << "\n";
  return 0;
}

}  // namespace

int run_generate(const Command& cmd, const std::vector<std::string>& args) {
  const Command layout{"generate layout",
                       "A random full layout: counts per the variant, placed by a seeded shuffle.",
                       "generate layout [--variant V] [--size N | --width W --height H] [--seed S] "
                       "[--counts table|half-even] [--holes N] [--board SHAPE]",
                       "leapfrog generate layout --variant murray --size 15 --seed 7", cmd.run};
  const Command puzzles{
      "generate puzzles",
      "Puzzles with verified solutions, a rating and themes (docs/rating.md), in parallel;\n"
      "the same seed gives the same puzzles at any thread count.",
      "generate puzzles [--kind chain|solitaire] [--count N] [--size N] [--seed S] [options]",
      "leapfrog generate puzzles --kind chain --count 5 --size 12 --seed 7 --out chain.epd",
      cmd.run};
  if (args.empty()) throw UsageError("missing KIND (layout or puzzles)");
  if (args[0] == "--help" || args[0] == "-h") {
    std::cout << "Usage: leapfrog " << cmd.usage << "\n\n"
              << cmd.summary
              << "\n\nKinds:\n  layout    a random full layout of a variant's pieces\n"
                 "  puzzles   chain or solitaire puzzles with verified solutions\n\n";
    generate_layout(layout, {"--help"});
    std::cout << "\n";
    return generate_puzzle_set(puzzles, {"--help"});
  }
  const std::vector<std::string> rest(args.begin() + 1, args.end());
  if (args[0] == "layout")
    return run_subcommand(layout.name, [&] { return generate_layout(layout, rest); });
  if (args[0] == "puzzles")
    return run_subcommand(puzzles.name, [&] { return generate_puzzle_set(puzzles, rest); });
  throw UsageError("unknown kind " + quoted_text(args[0]) + " (layout or puzzles)");
}

}  // namespace leapfrog::cli
