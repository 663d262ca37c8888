// The command line's option layer (cli/common.h, cli/search_options.h): the shared option
// groups parsed by Boost.Program_options, then the loaders and checkers the commands call
// on what was parsed, up to the position a command would search, never the search.
//
// Input: the first byte picks a command's set of shared groups (as show, moves, perft,
// best, verify, solve and reach combine them); the rest is its arguments, one per line (or
// NUL-separated). Expected outcomes are a UsageError or a ParseError with a message;
// anything else that escapes (std::bad_alloc, a Boost exception the layer does not
// translate) ends the run through std::terminate, as a crash.
//
// Invariants: every value the checkers let through is in its option's range; a POSITION
// that loads is consistent, has the --players, --variant and --hole given, and written as
// text reads back to the same game (what `show` prints as "position:" must be something the
// user can paste back).
#include <cstdint>
#include <filesystem>
#include <string>
#include <system_error>
#include <vector>

#include "cli/common.h"
#include "cli/render.h"
#include "cli/search_options.h"
#include "fuzz/check.h"

namespace leapfrog::fuzz {
namespace {

constexpr std::size_t kMaxInput = 2 << 10;
constexpr std::size_t kMaxArgs = 64;

enum class Kind { kPlain, kPerft, kBest, kVerify, kSolitaire };

struct Profile {
  cli::Command command;
  Kind kind;
};

constexpr cli::Command command(const char* name) { return {name, "", "", "", nullptr, nullptr}; }

const Profile kProfiles[] = {
    {command("show"), Kind::kPlain},      {command("moves"), Kind::kPlain},
    {command("perft"), Kind::kPerft},     {command("best"), Kind::kBest},
    {command("verify"), Kind::kVerify},   {command("solve"), Kind::kSolitaire},
    {command("reach"), Kind::kSolitaire},
};

std::vector<std::string> split_args(std::string_view text) {
  std::vector<std::string> args;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= text.size(); ++i)
    if (i == text.size() || text[i] == '\n' || text[i] == '\0') {
      args.emplace_back(text.substr(start, i - start));
      start = i + 1;
    }
  return args;
}

// "-" and the names of existing files would make load_position read standard input or a
// file: the harness gives it only the other kinds of POSITION (text, variant names,
// directories).
bool reads_a_file(const std::string& arg) {
  std::error_code ec;
  return arg == "-" ||
         (std::filesystem::exists(arg, ec) && !std::filesystem::is_directory(arg, ec));
}

void check_setup(const Setup& s, const cli::CommonOptions& o) {
  const Rules rules = s.rules();
  fuzz::check_players(s);
  if (o.players != -1) FUZZ_CHECK(rules.players == o.players);
  if (!o.variant.empty()) FUZZ_CHECK(s.variant == o.variant);
  for (const std::string& hole : o.holes)
    FUZZ_CHECK(s.position.at(parse_square(s.board, hole)) == 0);

  const Setup again = parse_position(format_position(s));
  FUZZ_CHECK(again.board == s.board);
  FUZZ_CHECK(again.position == s.position);
  FUZZ_CHECK(again.rules() == rules);
  FUZZ_CHECK(again.variant == s.variant);

  FUZZ_CHECK(!cli::render_board(s, false).empty());
  FUZZ_CHECK(!cli::position_json(s).dump().empty());
}

void run(const Profile& profile, const std::vector<std::string>& args) {
  namespace po = boost::program_options;
  cli::CommonOptions o;
  std::string position, second;
  cli::LimitOptions limits;
  const bool searches = profile.kind == Kind::kBest || profile.kind == Kind::kVerify ||
                        profile.kind == Kind::kSolitaire;

  po::options_description visible;
  visible.add(cli::rule_options(o));
  if (searches) {
    po::options_description search("Search");
    cli::add_limit_options(search, limits, "stop after about N nodes", cli::kWhenChainTablesFull);
    visible.add(search);
  }
  // As the commands: moves, perft and reach draw no board, and take --color unlisted.
  const std::string name = profile.command.name;
  const bool draws = name == "show" || name == "best" || name == "verify" || name == "solve";
  visible.add(cli::layout_options(o))
      .add(cli::output_options(o, draws ? cli::Boards::kDrawn : cli::Boards::kNone));

  // As parse_command adds the positional arguments, without its printing of --help.
  po::options_description all;
  all.add(visible);
  po::positional_options_description positionals;
  all.add_options()("position", po::value(&position));
  positionals.add("position", 1);
  if (profile.kind == Kind::kPerft || profile.kind == Kind::kVerify) {
    all.add_options()("second", po::value(&second));
    positionals.add("second", 1);
  }
  cli::parse(profile.command, args, all, positionals);
  if (o.help) return;

  // What the checkers promise of the values they let through.
  FUZZ_CHECK(o.players == -1 || (o.players >= 1 && o.players <= kMaxPlayers));
  for (const int side : {o.size, o.width, o.height}) FUZZ_CHECK(side >= 0 && side <= kMaxSide);
  FUZZ_CHECK(limits.hash_mb >= 1 && limits.hash_mb <= cli::kMaxHashMb);
  FUZZ_CHECK(limits.time_limit >= 0 && limits.time_limit <= 1e9);
  (void)cli::want_colour(o);
  (void)cli::overrides_from(o);
  if (searches) {
    const int threads = cli::machine_threads(limits.threads);
    FUZZ_CHECK(threads >= 0 && threads <= static_cast<int>(cli::kMaxThreads));
  }

  if (position.empty() || reads_a_file(position)) return;
  if (profile.kind == Kind::kSolitaire) {
    const cli::SolitaireSetup solo = cli::load_solitaire(position, o, profile.command.name);
    FUZZ_CHECK(solo.setup.rules().players == 1);
    FUZZ_CHECK(solo.setup.position.removals_due <= 1);
    cli::CommonOptions one = o;
    one.players = 1;
    check_setup(solo.setup, one);
    (void)cli::solitaire_note(solo);
  } else {
    check_setup(cli::load_position(position, o), o);
  }
}

}  // namespace
}  // namespace leapfrog::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace leapfrog;
  if (size < 1 || size > fuzz::kMaxInput) return -1;
  const fuzz::Profile& profile = fuzz::kProfiles[data[0] % std::size(fuzz::kProfiles)];
  const std::vector<std::string> args = fuzz::split_args(fuzz::as_text(data + 1, size - 1));
  if (args.size() > fuzz::kMaxArgs) return -1;
  try {
    fuzz::run(profile, args);
  } catch (const cli::UsageError& e) {
    FUZZ_CHECK(*e.what() != '\0');
  } catch (const ParseError& e) {
    fuzz::check_message(e.what());
  }
  return 0;
}
