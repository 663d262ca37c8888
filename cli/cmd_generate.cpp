#include <chrono>
#include <iostream>
#include <random>

#include "cli/commands.h"
#include "cli/progress.h"
#include "cli/render.h"
#include "cli/search_options.h"
#include "generator/layout.h"
#include "generator/puzzles.h"

namespace leapfrog::cli {

namespace {

std::uint64_t fresh_seed() {
  std::random_device rd;
  return (static_cast<std::uint64_t>(rd()) << 32 | rd()) & ((1ULL << 53) - 1);  // JSON-safe
}

Rounding parse_rounding(const std::string& counts) {
  if (counts == "table") return Rounding::kHalfUp;
  if (counts == "half-even") return Rounding::kHalfEven;
  throw UsageError("--counts must be table or half-even, not " + quoted_text(counts));
}

std::uint64_t parse_seed(const std::string& seed_text) {
  if (seed_text.empty()) return fresh_seed();
  std::size_t used = 0;
  std::uint64_t seed = 0;
  try {
    if (seed_text[0] == '-') throw std::invalid_argument("negative");
    seed = std::stoull(seed_text, &used, 10);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != seed_text.size())
    throw UsageError("--seed must be a whole number 0..2^64-1, not " + quoted_text(seed_text));
  return seed;
}

int generate_puzzle_set(const Command& cmd, const std::vector<std::string>& args) {
  CommonOptions o;
  std::string kind = "chain", variant_name = "murray", seed_text, out_file, format,
              counts = "table";
  int count = 10, size = 0, threads = 0, min_jumps = 3;
  std::size_t hash_mb = 16;
  bool unique_only = false;
  po::options_description gen("Puzzle options");
  gen.add_options()(
      "kind", po::value(&kind)->default_value("chain")->value_name("KIND"),
      "chain: find the largest capture (unique answer); solitaire: capture the most (proved line)")(
      "count", po::value(&count)->default_value(10)->value_name("N"), "number of puzzles")(
      "size", po::value(&size)->value_name("N"),
      "board side (default 12 for chain, 5 for solitaire; solitaire 3..12)")(
      "seed", po::value(&seed_text)->value_name("S"),
      "seed; random when not given, always printed")(
      "variant", po::value(&variant_name)->default_value("murray")->value_name("NAME"),
      "piece set and rules preset")(
      "counts", po::value(&counts)->default_value("table")->value_name("ROUNDING"),
      "piece counts: table or half-even")(
      "min-jumps", po::value(&min_jumps)->default_value(3)->value_name("N"),
      "least jumps in the answer (chain) or the line (solitaire)")(
      "unique", po::bool_switch(&unique_only),
      "solitaire: keep only puzzles with one optimal line")(
      "hash", po::value(&hash_mb)->default_value(16)->value_name("MB"),
      "solitaire solver's table per worker")(
      "out", po::value(&out_file)->value_name("FILE"),
      "write the puzzles to FILE (.csv: CSV, else EPD lines)")(
      "format", po::value(&format)->value_name("FMT"),
      "epd or csv (default: by --out's extension, else epd)");
  // Rule options other than --variant (which is the puzzle option above).
  po::options_description rules("Rule options");
  rules.add_options()("continuation", po::value(&o.continuation)->value_name("RULE"),
                      "optional, forced, piece-max, board-max")(
      "by", po::value(&o.by)->value_name("MEASURE"), "points or pieces")(
      "diagonal", po::bool_switch(&o.diagonal), "allow diagonal jumps too")(
      "orthogonal", po::bool_switch(&o.orthogonal), "orthogonal jumps only");
  po::options_description visible;
  visible.add(gen).add(rules).add(search_options(threads)).add(output_options(o));
  parse(cmd, args, visible, {});
  if (o.help) {
    print_help(cmd, visible);
    return 0;
  }
  PuzzleSpec spec;
  if (kind == "chain")
    spec.kind = PuzzleKind::kChain;
  else if (kind == "solitaire")
    spec.kind = PuzzleKind::kSolitaire;
  else
    throw UsageError("--kind must be chain or solitaire, not " + quoted_text(kind));
  spec.variant = find_variant(variant_name);
  if (!spec.variant || !spec.variant->start.empty())
    throw UsageError("--variant must be traditional, murray, froglet or take-it-away, not " +
                     quoted_text(variant_name));
  if (count < 1 || count > 100000) throw UsageError("--count must be 1..100000");
  const int max_side = spec.kind == PuzzleKind::kChain ? kMaxSide : kMaxSolitaireSide;
  if (size != 0 && (size < 3 || size > max_side))
    throw UsageError("--size must be 3.." + std::to_string(max_side) + " for " + kind + " puzzles");
  if (min_jumps < 1 || min_jumps > 600) throw UsageError("--min-jumps must be 1..600");
  threads = machine_threads(threads);
  if (hash_mb < 1 || hash_mb > 65536) throw UsageError("--hash must be 1..65536 MB");
  spec.rounding = parse_rounding(counts);
  if (format.empty())
    format = out_file.size() > 4 && out_file.substr(out_file.size() - 4) == ".csv" ? "csv" : "epd";
  if (format != "epd" && format != "csv")
    throw UsageError("--format must be epd or csv, not " + quoted_text(format));
  spec.count = count;
  spec.size = size;
  spec.seed = parse_seed(seed_text);
  spec.overrides = overrides_from(o);
  spec.min_jumps = min_jumps;
  spec.unique_only = unique_only;
  spec.hash_mb = hash_mb;

  SearchControl control;
  control.threads = threads;
  control.stop = &install_interrupt_flag();
  ProgressLine progress({"candidates", nullptr});
  control.progress = progress.callback();
  // The first batch of candidates can take a while: show the line at once.
  progress.update(Progress{0, 0, 0, "0/" + std::to_string(count) + " puzzles"});
  GenerationStats stats;
  const auto start = std::chrono::steady_clock::now();
  const std::vector<Puzzle> puzzles = generate_puzzles(spec, control, &stats);
  const double secs =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  progress.clear();
  std::cerr << "seed " << spec.seed << ": " << puzzles.size() << " " << kind << " puzzles from "
            << stats.candidates << " candidates in " << format_seconds(secs) << "\n";
  if (control.stop_requested())
    std::cerr << "leapfrog generate: interrupted; the puzzles found so far follow\n";
  else if (static_cast<int>(puzzles.size()) < count)
    std::cerr << "leapfrog generate: only " << puzzles.size() << " of " << count
              << " puzzles found\n";

  const std::string text =
      format == "csv" ? format_puzzles_csv(puzzles) : format_puzzles_epd(puzzles);
  if (!out_file.empty()) write_file(out_file, text);
  if (o.json) {
    Json list = Json::array();
    for (const Puzzle& p : puzzles) {
      Json sol = Json::array();
      for (const Turn& t : p.solution) sol.push_back(format_turn(p.setup.board, t));
      list.push_back({{"id", p.id},
                      {"kind", to_string(p.kind)},
                      {"position", format_position(p.setup)},
                      {"solution", sol},
                      {"value", p.value},
                      {"rating", p.rating},
                      {"themes", p.themes},
                      {"unique", p.unique}});
    }
    print_json(Json{
        {"seed", spec.seed}, {"kind", kind}, {"candidates", stats.candidates}, {"puzzles", list}});
  } else if (out_file.empty()) {
    std::cout << text;
  }
  return 0;
}

int generate_layout(const Command& cmd, const std::vector<std::string>& args) {
  CommonOptions o;
  std::string variant_name = "murray", counts = "table", seed_text;
  po::options_description layout("Layout options");
  layout.add_options()(
      "variant", po::value(&variant_name)->default_value("murray")->value_name("NAME"),
      "piece set: traditional, murray, froglet, take-it-away (english, french, wiegleb, "
      "diamond: their shape, filled)")("size", side_value(&o.size, "size"),
                                       "board size NxN (default: the variant's)")(
      "width", side_value(&o.width, "width"), "board width")(
      "height", side_value(&o.height, "height"), "board height")(
      "seed", po::value(&seed_text)->value_name("S"),
      "seed (0..2^64-1); random when not given, always printed")(
      "counts", po::value(&counts)->default_value("table")->value_name("ROUNDING"),
      "table: Murray's table (exact share rounded half up, the cheapest kind takes the rest);\n"
      "half-even: Cyningstan's and BrainKing's counts (15x15: 22/45/68/90)");
  int holes = 0;
  layout.add_options()("holes", po::value(&holes)->default_value(0)->value_name("N"),
                       "then empty N distinct random squares (0..the board's squares), drawn "
                       "from the same seed after the layout; a board with holes owes no "
                       "opening removal");
  po::options_description visible;
  visible.add(layout).add(output_options(o));
  parse(cmd, args, visible, {});
  if (o.help) {
    print_help(cmd, visible);
    return 0;
  }
  const Variant* v = find_variant(variant_name);
  if (!v) throw UsageError("unknown variant " + quoted_text(variant_name));
  const Rounding rounding = parse_rounding(counts);
  const std::uint64_t seed = parse_seed(seed_text);
  Setup setup;
  setup.board = layout_board(*v, o);
  setup.variant = std::string(v->name);
  if (holes < 0 || holes > setup.board.squares())
    throw UsageError("--holes must be 0.." + std::to_string(setup.board.squares()) +
                     " (the board's squares), not " + std::to_string(holes));
  std::vector<Square> emptied;
  // A start position: the opening removals are due, so the text needs no removals field.
  // With holes the board is not full: nobody owes a removal, which is also what position
  // text without a removals field says of such a board (docs/notation.md).
  setup.position = start_position(
      setup.rules(), random_layout_with_holes(setup.board, *v, seed, rounding, holes, &emptied));
  if (holes > 0)
    setup.position.removals_due = default_removals(setup.board, setup.rules(), setup.position);
  std::vector<std::string> hole_names;
  for (const Square s : emptied) hole_names.push_back(square_name(setup.board, s));
  if (o.json) {
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
    print_json(j);
    return 0;
  }
  std::cout << render_board(setup, colour_by_default());
  std::cout << "seed " << seed << ", " << v->name << " " << setup.board.width() << "x"
            << setup.board.height() << ":";
  for (const PieceCount& pc : piece_counts(*v, setup.board.squares(), rounding)) {
    for (const PieceKind& k : v->pieces)
      if (k.value == pc.value) std::cout << " " << pc.count << " " << k.name;
  }
  if (holes > 0) {
    std::cout << ", then " << holes << (holes == 1 ? " hole" : " holes");
    for (std::size_t i = 0; i < hole_names.size(); ++i)
      std::cout << (i ? " " : " (") << hole_names[i];
    std::cout << ")";
  }
  std::cout << ", " << point_total(setup.board, setup.position) << " points\n";
  if (holes > 0) std::cout << "no opening removal due: the board is not full\n";
  std::cout << "position: " << format_position(setup) << "\n";
  return 0;
}

}  // namespace

int run_generate(const Command& cmd, const std::vector<std::string>& args) {
  const Command layout{"generate layout",
                       "A random full layout: counts per the variant, placed by a seeded shuffle.",
                       "generate layout [--variant V] [--size N | --width W --height H] [--seed S] "
                       "[--counts table|half-even] [--holes N]",
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
  if (args[0] == "layout") return generate_layout(layout, rest);
  if (args[0] == "puzzles") return generate_puzzle_set(puzzles, rest);
  throw UsageError("unknown kind " + quoted_text(args[0]) + " (layout or puzzles)");
}

}  // namespace leapfrog::cli
