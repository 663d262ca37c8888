// The option value checkers, the option groups every command shares, the parsing of a
// command line, and the machine limits the options are checked against (cli/common.h).
#include <sys/resource.h>
#include <tbb/info.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <limits>
#include <optional>
#include <sstream>
#include <string>
#include <system_error>

#include "cli/common.h"
#include "cli/option_error.h"
#include "cli/suggest.h"

namespace leapfrog::cli {

namespace {

// "a, b or c"
std::string alternatives(const std::vector<std::string>& names) { return listed(names, " or "); }

std::string range_text(std::uint64_t lo, std::uint64_t hi) {
  const auto number = [](std::uint64_t v) {
    return v == std::numeric_limits<std::uint64_t>::max() ? std::string("2^64-1")
                                                          : std::to_string(v);
  };
  return number(lo) + ".." + number(hi);
}

// Throws the usage error of --OPTION unless `text` is one of `names`.
void check_name(const std::string& text, const char* option,
                const std::vector<std::string>& names) {
  if (std::find(names.begin(), names.end(), text) == names.end())
    throw UsageError(std::string("--") + option + " must be " + alternatives(names) + ", not " +
                     quoted_text(text) + did_you_mean(text, names));
}

}  // namespace

std::uint64_t parse_whole(const std::string& text, const std::string& name, std::uint64_t lo,
                          std::uint64_t hi, const std::string& range_of) {
  std::uint64_t v = 0;
  const char* end = text.data() + text.size();
  const bool digits = !text.empty() && std::all_of(text.begin(), text.end(),
                                                   [](char c) { return c >= '0' && c <= '9'; });
  const auto [ptr, ec] = std::from_chars(text.data(), end, v);
  if (!digits || ec != std::errc() || ptr != end || v < lo || v > hi)
    throw UsageError(name + " must be a whole number " + range_text(lo, hi) +
                     (range_of.empty() ? "" : " " + range_of) + ", not " + quoted_start(text));
  return v;
}

double parse_seconds(const std::string& text, const std::string& name, bool positive) {
  double v = -1;
  const char* end = text.data() + text.size();
  const bool plain = !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
    return (c >= '0' && c <= '9') || c == '.';
  });
  const auto [ptr, ec] = std::from_chars(text.data(), end, v);
  // A number the range would take but written with an exponent (1e2, 1E9): say how to write
  // it.
  if (!plain && ec == std::errc() && ptr == end && v >= 0 && v <= 1e9 && !(positive && v == 0))
    throw UsageError(name + " takes seconds written in digits, such as 90 or 2.5, not " +
                     quoted_start(text));
  if (!plain || ec != std::errc() || ptr != end || !(v >= 0) || v > 1e9 || (positive && v == 0))
    throw UsageError(name + " must be a number of seconds " +
                     (positive ? "more than 0, up to 1000000000" : "0..1000000000 (0: no limit)") +
                     ", not " + quoted_start(text));
  return v;
}

po::typed_value<std::string>* seconds_value(double* target, const char* option, bool positive) {
  return po::value<std::string>()->notifier([=](const std::string& text) {
    *target = parse_seconds(text, std::string("--") + option, positive);
  });
}

po::typed_value<std::string>* name_value(std::string* target, const char* option,
                                         std::vector<std::string> names) {
  return po::value<std::string>()->notifier([=](const std::string& text) {
    check_name(text, option, names);
    *target = text;
  });
}

po::typed_value<std::string>* file_value(std::string* target, const char* option) {
  return po::value<std::string>()->notifier([=](const std::string& text) {
    if (text.empty())
      throw UsageError(std::string("--") + option +
                       " must name a file ('-': standard input or output), not ''");
    *target = text;
  });
}

void square_form(const std::string& text, const char* option) {
  const auto digit = text.find_first_of("0123456789");
  const auto letters = text.begin() + static_cast<std::ptrdiff_t>(std::min(digit, text.size()));
  const bool form =
      digit != std::string::npos && digit > 0 &&
      std::all_of(text.begin(), letters, [](char c) { return c >= 'a' && c <= 'z'; }) &&
      std::all_of(letters, text.end(), [](char c) { return c >= '0' && c <= '9'; });
  if (!form)
    throw UsageError(std::string("--") + option + " must be a square such as d4, not " +
                     quoted_text(text));
}

po::typed_value<std::string>* square_value(std::string* target, const char* option) {
  return po::value<std::string>()->notifier([=](const std::string& text) {
    square_form(text, option);
    *target = text;
  });
}

po::typed_value<std::string>* dir_value(std::string* target, const char* option, bool existing) {
  return po::value<std::string>()->notifier([=](const std::string& text) {
    if (text.empty() || text == "-")
      throw UsageError(std::string("--") + option + " must name a directory, not " +
                       quoted_text(text));
    if (std::error_code ec; existing && !std::filesystem::is_directory(text, ec))
      throw UsageError(std::string("--") + option + ": " + quoted_path(text) + " is not a folder");
    *target = text;
  });
}

po::typed_value<std::string>* move_value(std::string* target, const char* option) {
  return po::value<std::string>()->notifier([=](const std::string& text) {
    if (text.empty()) throw UsageError(std::string("--") + option + " must be a move, not ''");
    *target = text;
  });
}

po::typed_value<std::string>* continuation_value(std::string* target) {
  return name_value(target, "continuation", {"optional", "forced", "piece-max", "board-max"})
      ->value_name("RULE");
}

po::typed_value<std::string>* measure_value(std::string* target) {
  return name_value(target, "by", {"points", "pieces"})->value_name("MEASURE");
}

std::vector<std::string> variant_names() {
  std::vector<std::string> names;
  for (const Variant& v : variants()) names.emplace_back(v.name);
  return names;
}

po::options_description rule_options(CommonOptions& o, const char* players_help) {
  po::options_description d(
      "Rule options (override the variant's preset and the position's fields)");
  d.add_options()("variant", name_value(&o.variant, "variant", variant_names())->value_name("NAME"),
                  "rules preset: traditional, murray, froglet, take-it-away, english, french, "
                  "wiegleb, diamond, triangle, hexagon, capture (default: the position's, else "
                  "traditional)")(
      "continuation", continuation_value(&o.continuation),
      "chain length rule: optional (default), forced, piece-max, board-max")(
      "by", measure_value(&o.by), "measure captures by points (default) or pieces")(
      "diagonal", po::bool_switch(&o.diagonal), "allow diagonal jumps too")(
      "orthogonal", po::bool_switch(&o.orthogonal), "orthogonal jumps only (the default)")(
      "grid", name_value(&o.grid, "grid", {"square", "hex"})->value_name("GRID"),
      "the lattice: square (4 directions, 8 with --diagonal) or hex (6 directions on a sheared "
      "grid) (default: the position's)")(
      "opening", name_value(&o.opening, "opening", {"each", "first", "none"})->value_name("WHO"),
      "opening removals: each (default), first, none")(
      "removal", name_value(&o.removal, "removal", {"any", "cheapest"})->value_name("KIND"),
      "which piece a removal may take: any (default), cheapest")(
      "players", whole_value(&o.players, "players", 1, kMaxPlayers)->value_name("N"),
      players_help != nullptr
          ? players_help
          : "number of players, 1 = solitaire (default: the position's, else the variant's)");
  return d;
}

namespace {
// The values of --color, listed or not (render.h's want_colour reads them).
const std::vector<std::string> kColorWhens = {"auto", "always", "never"};

po::typed_value<std::string>* color_value(std::string* target) {
  return name_value(target, "color", kColorWhens)->default_value("auto")->value_name("WHEN");
}

// `args` without --color WHEN and --color=WHEN, each WHEN checked as the listed option checks
// it.
std::vector<std::string> without_color(const std::vector<std::string>& args) {
  std::vector<std::string> rest;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--color") {
      if (i + 1 == args.size())
        throw UsageError("--color needs a value: " + alternatives(kColorWhens));
      check_name(args[++i], "color", kColorWhens);
    } else if (args[i].starts_with("--color=")) {
      check_name(args[i].substr(8), "color", kColorWhens);
    } else {
      rest.push_back(args[i]);
    }
  }
  return rest;
}
}  // namespace

po::options_description output_options(CommonOptions& o, Boards boards, bool json) {
  po::options_description d("Output");
  if (json)
    d.add_options()("json", po::bool_switch(&o.json), "print one JSON object on standard output");
  if (boards == Boards::kDrawn)
    d.add_options()("color", color_value(&o.color),
                    "colour boards: auto (when standard output is a terminal, NO_COLOR is unset "
                    "or empty and TERM is not dumb), always, never");
  d.add_options()("help,h", po::bool_switch(&o.help), "show this help");
  return d;
}

po::typed_value<std::string>* side_value(int* target, const char* name) {
  return whole_value(target, name, 1, kMaxSide)->value_name("N");
}

po::options_description layout_options(CommonOptions& o, bool hole) {
  po::options_description d("Start positions (when POSITION is a variant name)");
  d.add_options()("seed",
                  whole_value(&o.seed, "seed", 0, std::numeric_limits<std::uint64_t>::max())
                      ->default_value("1")
                      ->value_name("S"),
                  "seed of the random layout (0..2^64-1)")(
      "size", side_value(&o.size, "size"), "board size NxN (default: the variant's)")(
      "width", side_value(&o.width, "width"), "board width")(
      "height", side_value(&o.height, "height"), "board height");
  if (!hole) return d;
  d.add_options()(
      "hole",
      po::value<std::vector<std::string>>()
          ->composing()
          ->notifier([&o](const std::vector<std::string>& squares) {
            // The form here; whether the board has the square, when the board is known.
            for (const std::string& text : squares) square_form(text, "hole");
            o.holes = squares;
          })
          ->value_name("SQUARE"),
      "start with exactly these squares empty (give it once per square): the rest of the board "
      "full, no opening removal due");
  return d;
}

namespace {

// The options whose FILE '-' writes to standard output. With --json that is the one JSON
// object's, so either would spoil the other: the command is refused (--help still answers).
constexpr const char* kStdoutFileOptions[] = {"svg", "html", "out", "save", "record"};

void refuse_stdout_with_json(const po::variables_map& vm) {
  const auto given = [&](const char* name) -> const boost::any* {
    const auto at = vm.find(name);
    return at == vm.end() ? nullptr : &at->second.value();
  };
  const auto on = [&](const char* name) {
    const boost::any* value = given(name);
    const bool* flag = value ? boost::any_cast<bool>(value) : nullptr;
    return flag != nullptr && *flag;
  };
  if (!on("json") || on("help")) return;
  for (const char* option : kStdoutFileOptions) {
    const boost::any* value = given(option);
    const std::string* file = value ? boost::any_cast<std::string>(value) : nullptr;
    if (file != nullptr && *file == "-")
      throw UsageError(std::string("--json needs --") + option + " to name a file, not '-'");
  }
}

// A token such as -1 or -0.5 is no option (no option's name starts with a digit or '.'): it
// is taken as a positional argument, whose own check then says what it must be, rather than
// refused as an unknown option. An option's value (--nodes -1) is taken before this is asked.
std::vector<po::option> negative_number_argument(std::vector<std::string>& rest) {
  std::vector<po::option> out;
  if (rest.empty()) return out;
  const std::string& a = rest.front();
  if (a.size() > 1 && a[0] == '-' &&
      (std::isdigit(static_cast<unsigned char>(a[1])) != 0 || a[1] == '.')) {
    po::option positional;
    positional.value.push_back(a);
    positional.original_tokens.push_back(a);
    positional.position_key = 0;
    out.push_back(positional);
    rest.erase(rest.begin());
  }
  return out;
}

}  // namespace

po::variables_map parse(const Command& cmd, const std::vector<std::string>& args,
                        const po::options_description& visible,
                        const po::positional_options_description& positional) {
  // The arguments past the command's positional ones land here, so that the error names the
  // first of them (Boost's own says only that there are too many). The name cannot be typed
  // as an option.
  constexpr const char* kExtra = "\x01extra";
  po::options_description all;
  all.add(visible);
  // A command that draws no board takes --color and checks its value, but has no use for it.
  // Taken out by its whole name before the parser sees the rest: unlisted, it must not be
  // what an abbreviation of a listed option (--col for --columns) matches.
  std::vector<std::string> kept;
  const bool unlisted_color = visible.find_nothrow("color", false) == nullptr;
  if (unlisted_color) kept = without_color(args);
  po::positional_options_description pos = positional;
  if (pos.max_total_count() != std::numeric_limits<unsigned>::max()) {
    all.add_options()(kExtra, po::value<std::vector<std::string>>());
    pos.add(kExtra, -1);
  }
  po::variables_map vm;
  try {
    const int style = cmd.whole_names ? po::command_line_style::default_style &
                                            ~po::command_line_style::allow_guessing
                                      : po::command_line_style::default_style;
    po::store(po::command_line_parser(unlisted_color ? kept : args)
                  .options(all)
                  .positional(pos)
                  .style(style)
                  .extra_style_parser(negative_number_argument)
                  .run(),
              vm);
    if (vm.count(kExtra))
      throw UsageError("unexpected argument " +
                       quoted_start(vm[kExtra].as<std::vector<std::string>>().front()));
    po::notify(vm);
  } catch (po::unknown_option& e) {
    std::string name = e.get_option_name();
    name.erase(0, name.find_first_not_of('-'));
    throw UnknownOptionError(option_error_message(e), name.substr(0, name.find('=')));
  } catch (po::error& e) {
    throw UsageError(option_error_message(e));
  }
  refuse_stdout_with_json(vm);
  return vm;
}

std::vector<std::string> refuse_json(const std::vector<std::string>& args, const std::string& why) {
  const auto json = [](const std::string& a) {  // --json, an abbreviation of it, or --json=X
    const std::string_view name = std::string_view(a).substr(0, a.find('='));
    return name.size() > 2 && std::string_view("--json").starts_with(name) &&
           name.starts_with("--j");
  };
  // With --help (or an abbreviation of it), a --json beside it is no error: the help says
  // what the command takes.
  const bool help = std::any_of(args.begin(), args.end(), [](const std::string& a) {
    return a == "-h" || (a.size() > 3 && std::string_view("--help").starts_with(a));
  });
  if (!help && std::any_of(args.begin(), args.end(), json)) throw UsageError(why);
  std::vector<std::string> rest;
  std::copy_if(args.begin(), args.end(), std::back_inserter(rest),
               [&](const std::string& a) { return !json(a); });
  return rest;
}

bool parse_command(const Command& cmd, const std::vector<std::string>& args,
                   const po::options_description& visible, CommonOptions& o,
                   std::initializer_list<Positional> positionals, po::variables_map* given) {
  po::options_description all;
  all.add(visible);
  po::positional_options_description pos;
  for (const Positional& p : positionals) {
    all.add_options()(p.name, po::value(p.target));
    pos.add(p.name, 1);
  }
  po::variables_map vm = parse(cmd, args, all, pos);
  const auto typed = [&](const char* name) { return vm.count(name) != 0 && !vm[name].defaulted(); };
  o.seed_given = typed("seed");
  o.limit_given = typed("nodes") || typed("time-limit");
  if (o.help) {
    print_help(cmd, visible);
    return false;
  }
  for (const Positional& p : positionals) {
    if (vm.count(p.name) == 0) continue;
    std::string name = p.name;
    for (char& c : name) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    if (p.instead != nullptr && typed(p.instead))
      throw UsageError(p.refused != nullptr ? std::string(p.refused)
                                            : "--" + std::string(p.instead) + " takes no " + name);
    if (!p.target->empty()) continue;
    const std::string_view usual = name == "POSITION" ? "give a board's name such as murray, "
                                                        "a position's text or a file"
                                   : name == "FEN"    ? "give a FEN, startpos or startpos64"
                                                      : "";
    const std::string_view advice = p.if_empty != nullptr ? p.if_empty : usual;
    throw UsageError(name + " is empty" +
                     (advice.empty() ? std::string() : " (" + std::string(advice) + ")"));
  }
  if (given != nullptr) *given = std::move(vm);
  return true;
}

void print_help(const Command& cmd, const po::options_description& visible) {
  const std::string program = cmd.program;
  std::string example = cmd.example;
  if (example.starts_with("leapfrog ")) example.replace(0, 8, cmd.example_launcher + program);
  std::ostringstream options;
  options << visible;
  // One blank line between the parts: a first group with a caption starts with its own.
  std::string notes = cmd.notes ? cmd.notes : "";
  while (notes.ends_with('\n')) notes.pop_back();
  std::cout << "Usage: " << cmd.usage_launcher << program << " " << cmd.usage << "\n\n"
            << cmd.summary << "\n"
            << (notes.empty() ? "" : "\n" + notes + "\n")
            << (options.str().starts_with("\n") ? "" : "\n") << options.str() << "\nExample:\n  "
            << example << "\n";
}

int machine_threads(int threads) {
  if (threads < 0 || threads > 1024)
    throw UsageError("--threads must be 0..1024, not " + std::to_string(threads));
  return threads == 0 ? 0 : std::min(threads, tbb::info::default_concurrency());
}

std::optional<std::size_t> available_memory_mb() {
  std::optional<std::uint64_t> bytes;
  std::ifstream meminfo("/proc/meminfo");
  for (std::string key; meminfo >> key;) {
    if (std::uint64_t kb = 0; key == "MemAvailable:" && meminfo >> kb) {
      bytes = kb << 10;
      break;
    }
    meminfo.ignore(std::numeric_limits<std::streamsize>::max(), '\n');
  }
  // cgroup v2: "0::PATH" names this process's group; its memory.max ("max": no limit) less
  // memory.current is what the group still allows.
  std::ifstream groups("/proc/self/cgroup");
  for (std::string line; std::getline(groups, line);) {
    if (!line.starts_with("0::")) continue;
    const std::string dir = "/sys/fs/cgroup" + line.substr(3) + "/";
    std::ifstream max_file(dir + "memory.max"), current_file(dir + "memory.current");
    std::uint64_t max = 0, current = 0;
    if (max_file >> max && current_file >> current) {
      const std::uint64_t left = max > current ? max - current : 0;
      bytes = bytes ? std::min(*bytes, left) : left;
    }
  }
  // An address-space limit (ulimit -v) less what this process already maps: a table past it
  // cannot be had however much memory the machine has.
  if (rlimit limit{}; ::getrlimit(RLIMIT_AS, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY) {
    std::ifstream statm("/proc/self/statm");
    std::uint64_t pages = 0;
    if (statm >> pages) {
      const std::uint64_t mapped = pages * static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE));
      const std::uint64_t left = limit.rlim_cur > mapped ? limit.rlim_cur - mapped : 0;
      bytes = bytes ? std::min(*bytes, left) : left;
    }
  }
  if (!bytes) return std::nullopt;
  return static_cast<std::size_t>(*bytes >> 20);
}

std::size_t checked_hash_mb(std::size_t mb, std::optional<std::size_t> available,
                            const std::string& name) {
  if (available && mb > *available)
    throw UsageError(name + " " + std::to_string(mb) + ": cannot allocate " + std::to_string(mb) +
                     " MB for the tables (" + std::to_string(*available) + " MB available)");
  return mb;
}

RuleOverrides overrides_from(const CommonOptions& o) {
  RuleOverrides r;
  if (!o.continuation.empty()) {
    r.continuation = parse_continuation(o.continuation);
    if (!r.continuation)
      throw UsageError("--continuation must be optional, forced, piece-max or board-max, not " +
                       quoted_text(o.continuation));
  }
  if (!o.by.empty()) {
    r.measure = parse_measure(o.by);
    if (!r.measure) throw UsageError("--by must be points or pieces, not " + quoted_text(o.by));
  }
  if (o.diagonal && o.orthogonal)
    throw UsageError("--diagonal and --orthogonal exclude each other");
  if (o.grid == "hex" && (o.diagonal || o.orthogonal))
    throw UsageError(std::string(o.diagonal ? "--diagonal" : "--orthogonal") +
                     " and --grid hex exclude each other (a hex board has six directions)");
  if (o.grid == "square") r.jumps = JumpSet::kOrthogonal;
  if (o.diagonal) r.jumps = JumpSet::kDiagonal;
  if (o.orthogonal) r.jumps = JumpSet::kOrthogonal;
  if (o.grid == "hex") r.jumps = JumpSet::kHex;
  if (!o.opening.empty()) {
    r.opening = parse_opening(o.opening);
    if (!r.opening)
      throw UsageError("--opening must be each, first or none, not " + quoted_text(o.opening));
  }
  if (!o.removal.empty()) {
    r.removal = parse_removal_kind(o.removal);
    if (!r.removal)
      throw UsageError("--removal must be any or cheapest, not " + quoted_text(o.removal));
  }
  if (o.players != -1) {
    if (o.players < 1 || o.players > kMaxPlayers)
      throw UsageError("--players must be 1.." + std::to_string(kMaxPlayers));
    r.players = o.players;
  }
  return r;
}

}  // namespace leapfrog::cli
