#include <iostream>
#include <random>

#include "cli/commands.h"
#include "cli/render.h"
#include "generator/layout.h"

namespace leapfrog::cli {

namespace {

std::uint64_t fresh_seed() {
  std::random_device rd;
  return (static_cast<std::uint64_t>(rd()) << 32 | rd()) & ((1ULL << 53) - 1);  // JSON-safe
}

int generate_layout(const Command& cmd, const std::vector<std::string>& args) {
  CommonOptions o;
  std::string variant_name = "murray", counts = "table", seed_text;
  po::options_description layout("Layout options");
  layout.add_options()
      ("variant", po::value(&variant_name)->default_value("murray")->value_name("NAME"),
       "piece set: traditional, murray, froglet, take-it-away (english/french: their shape, filled)")
      ("size", side_value(&o.size, "size"), "board size NxN (default: the variant's)")
      ("width", side_value(&o.width, "width"), "board width")
      ("height", side_value(&o.height, "height"), "board height")
      ("seed", po::value(&seed_text)->value_name("S"), "seed (0..2^64-1); random when not given, always printed")
      ("counts", po::value(&counts)->default_value("table")->value_name("ROUNDING"),
       "table: seed 000's counts (exact share rounded half up, the cheapest kind takes the rest);\n"
       "half-even: seeds 001/002's reading (15x15: 22/45/68/90)");
  po::options_description visible;
  visible.add(layout).add(output_options(o));
  parse(cmd, args, visible, {});
  if (o.help) {
    print_help(cmd, visible);
    return 0;
  }
  const Variant* v = find_variant(variant_name);
  if (!v) throw UsageError("unknown variant '" + variant_name + "'");
  Rounding rounding;
  if (counts == "table") rounding = Rounding::kHalfUp;
  else if (counts == "half-even") rounding = Rounding::kHalfEven;
  else throw UsageError("--counts must be table or half-even, not '" + counts + "'");
  std::uint64_t seed = 0;
  if (seed_text.empty()) {
    seed = fresh_seed();
  } else {
    std::size_t used = 0;
    try {
      if (seed_text[0] == '-') throw std::invalid_argument("negative");
      seed = std::stoull(seed_text, &used, 10);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used != seed_text.size()) throw UsageError("--seed must be a whole number 0..2^64-1, not '" + seed_text + "'");
  }
  Setup setup;
  if (!v->start.empty()) {
    if (o.size || o.width || o.height) throw UsageError("the " + std::string(v->name) + " board has a fixed size");
    setup.board = parse_position(v->start).board;
  } else {
    int w = o.size ? o.size : v->width, h = o.size ? o.size : v->height;
    if (o.width) w = o.width;
    if (o.height) h = o.height;
    if (w < 1 || h < 1 || w > kMaxSide || h > kMaxSide)
      throw UsageError("board size " + std::to_string(w) + "x" + std::to_string(h) + " is outside 1x1..26x26");
    setup.board = Board(w, h);
  }
  setup.variant = std::string(v->name);
  setup.position = random_layout(setup.board, *v, seed, rounding);
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
    print_json(j);
    return 0;
  }
  std::cout << render_board(setup, colour_by_default());
  std::cout << "seed " << seed << ", " << v->name << " " << setup.board.width() << "x" << setup.board.height()
            << ":";
  for (const PieceCount& pc : piece_counts(*v, setup.board.squares(), rounding)) {
    for (const PieceKind& k : v->pieces)
      if (k.value == pc.value) std::cout << " " << pc.count << " " << k.name;
  }
  std::cout << ", " << point_total(setup.board, setup.position) << " points\n";
  std::cout << "position: " << format_position(setup) << "\n";
  return 0;
}

}  // namespace

int run_generate(const Command& cmd, const std::vector<std::string>& args) {
  const Command layout{"generate layout", "A random full layout: counts per the variant, placed by a seeded shuffle.",
                       "generate layout [--variant V] [--size N | --width W --height H] [--seed S] [--counts table|half-even]",
                       "leapfrog generate layout --variant murray --size 15 --seed 7", cmd.run};
  if (args.empty()) throw UsageError("missing KIND (layout)");
  if (args[0] == "--help" || args[0] == "-h") {
    std::cout << "Usage: leapfrog " << cmd.usage << "\n\n" << cmd.summary
              << "\n\nKinds:\n  layout    a random full layout of a variant's pieces\n\n";
    return generate_layout(layout, {"--help"});
  }
  const std::vector<std::string> rest(args.begin() + 1, args.end());
  if (args[0] == "layout") return generate_layout(layout, rest);
  throw UsageError("unknown kind '" + args[0] + "' (layout)");
}

}  // namespace leapfrog::cli
