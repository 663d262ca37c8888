// Shared pieces of the command line: option groups, loading positions, errors, output.
#pragma once

#include <algorithm>
#include <boost/program_options.hpp>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <functional>
#include <initializer_list>
#include <iosfwd>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/text.h"
#include "puzzles/notation.h"
#include "puzzles/record.h"

namespace leapfrog::cli {

namespace po = boost::program_options;
using Json = nlohmann::ordered_json;

// Bad usage: exit 2 with "leapfrog CMD: message" and a hint to --help.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Input or output the system refused (a file that cannot be written or read, a full disk, a
// pipe whose reader has gone): exit 2, as bad usage, but the message has the system's reason
// and no hint to --help, which could not help.
class IoError : public UsageError {
 public:
  using UsageError::UsageError;
};

// An IoError that every rank of a split job (leapfrog-mpi) has learnt alike before the work
// began (cli/ranks.h): the ranks stop together, exit 2, with no need to end the job.
class AgreedIoError : public IoError {
 public:
  using IoError::IoError;
};

// An option the command does not have; `name` as given, without its dashes or value (the
// web server names it as the parameter it came from).
class UnknownOptionError : public UsageError {
 public:
  UnknownOptionError(const std::string& message, std::string name)
      : UsageError(message), name_(std::move(name)) {}
  const std::string& name() const { return name_; }

 private:
  std::string name_;
};

// SECONDS as a search's time limit: 0 (or less) none, else to the millisecond, at least one
// (a positive limit that rounded to 0 would mean none).
inline std::chrono::milliseconds seconds_limit(double seconds) {
  if (!(seconds > 0)) return std::chrono::milliseconds(0);
  return std::chrono::milliseconds(std::max(1LL, std::llround(seconds * 1000)));
}

// An error from within a command group's subcommand ("chess perft", "egdb build"): main
// names that subcommand, and its --help, in the one-line message.
class SubcommandError : public std::runtime_error {
 public:
  SubcommandError(std::string name, const std::string& what, bool io = false)
      : std::runtime_error(what), name_(std::move(name)), io_(io) {}
  const std::string& name() const { return name_; }
  bool io() const { return io_; }  // from an IoError

 private:
  std::string name_;
  bool io_;
};

// Throws IoError when output written to standard output did not get there (a full
// disk, a reader that has gone): a command that printed its answer has failed all the same.
void check_stdout();
// "cannot write standard output", with the system's reason once a write to it has failed.
std::string stdout_failure();
// Gives std::cout the buffer that keeps that reason; called first thing by a program's main.
void install_stdout();

// Runs `run` (a subcommand of a group), reporting what it throws as `name`'s error, output
// that did not reach standard output included (check_stdout).
template <class Run>
int run_subcommand(const std::string& name, Run&& run) {
  try {
    const int code = run();
    check_stdout();
    return code;
  } catch (const SubcommandError&) {
    throw;
  } catch (const IoError& e) {
    throw SubcommandError(name, e.what(), true);
  } catch (const std::exception& e) {
    throw SubcommandError(name, e.what());
  }
}

// A subcommand: its name, one-line summary, usage line, an example, and its entry point.
struct Command {
  const char* name;
  const char* summary;
  const char* usage;
  const char* example;
  int (*run)(const Command&, const std::vector<std::string>& args);
  const char* notes = nullptr;  // paragraphs printed by --help after the summary, if any
  // The program --help names in the usage line and the example (leapfrog-mpi runs some).
  const char* program = "leapfrog";
  // Options only by their whole names, no abbreviations: the web server's parameters, whose
  // names a client writes in full (an abbreviation would slip past the names it refuses).
  bool whole_names = false;
  // What runs the program, before its name in the usage line and the example: leapfrog-mpi
  // runs under mpirun.
  const char* usage_launcher = "";
  const char* example_launcher = "";
};

// The options every subcommand takes: rule overrides, --json, --help.
struct CommonOptions {
  std::string variant;
  std::string continuation;
  std::string by;
  bool diagonal = false;
  bool orthogonal = false;
  std::string grid;  // --grid square|hex; empty: the position's
  std::string opening;
  std::string removal;
  int players = -1;  // -1: not given
  bool json = false;
  bool help = false;
  std::string color = "auto";  // --color auto|always|never (see render.h want_colour)
  // For a POSITION given as a variant name (a random layout): the layout's seed and size.
  std::uint64_t seed = 1;
  bool seed_given = false;  // --seed on the command line (not its default)
  // --nodes or --time-limit on the command line, 0 included (0 given is no limit; neither
  // given, a command may search a default budget).
  bool limit_given = false;
  int size = 0;
  int width = 0;
  int height = 0;
  // --hole SQUARE, any number of times: the start position with exactly these squares empty.
  std::vector<std::string> holes;
};

// One checker per kind of option value, the same in every subcommand (docs/options.md). Each
// reads the option's text strictly when the command line is parsed (before anything runs) and
// stores the value in *target; anything else is a UsageError naming the option, what it takes
// and the text given (quoted, control characters escaped).
//
// A whole number lo..hi: digits only, so "-1", "+3", "3x", "" and "1e3" are refused rather
// than wrapped or cut (hi = 2^64-1 reads as such in the message). `name` is what the message
// calls the value ("--nodes" for an option); `range_of`, when given, follows the range and
// says what it is the range of ("for chain puzzles").
std::uint64_t parse_whole(const std::string& text, const std::string& name, std::uint64_t lo,
                          std::uint64_t hi, const std::string& range_of = "");
template <class T>
po::typed_value<std::string>* whole_value(T* target, const char* option, std::uint64_t lo,
                                          std::uint64_t hi) {
  return po::value<std::string>()->notifier([=](const std::string& text) {
    *target = static_cast<T>(parse_whole(text, std::string("--") + option, lo, hi));
  });
}
// A number of seconds >= 0 (a decimal fraction is fine; 0 = no limit), at most 10^9;
// `positive`: more than 0 (a limit that must be there).
double parse_seconds(const std::string& text, const std::string& name, bool positive = false);
po::typed_value<std::string>* seconds_value(double* target, const char* option,
                                            bool positive = false);
// One of `names`, exactly.
po::typed_value<std::string>* name_value(std::string* target, const char* option,
                                         std::vector<std::string> names);
// A file name, '-' for standard input or output; not empty.
po::typed_value<std::string>* file_value(std::string* target, const char* option);
// A directory's path; not empty, not '-'.
// `existing`: the folder must be there ("--OPTION: 'DIR' is not a folder").
po::typed_value<std::string>* dir_value(std::string* target, const char* option,
                                        bool existing = false);
// A square's form, such as d4: letters a-z, then digits (whether the board has it is read
// against the board later). square_form throws the UsageError.
void square_form(const std::string& text, const char* option);
po::typed_value<std::string>* square_value(std::string* target, const char* option);
// A move in the notation (read against the position later); not empty.
po::typed_value<std::string>* move_value(std::string* target, const char* option);
// --continuation and --by, which generate puzzles takes apart from the other rule options.
po::typed_value<std::string>* continuation_value(std::string* target);
po::typed_value<std::string>* measure_value(std::string* target);
// The names of the variant presets, in their fixed order.
std::vector<std::string> variant_names();

// The value ranges shared by several options.
inline constexpr std::uint64_t kMaxThreads = 1024;
inline constexpr std::uint64_t kMaxHashMb = std::uint64_t{1} << 20;  // 1 TiB
// --hash's default in every command: the most memory, in MB, the search's tables may take.
inline constexpr std::size_t kDefaultHashMb = 1024;

// The rule options; `players_help`, when given, is --players's help (a command that takes
// fewer counts than the others).
po::options_description rule_options(CommonOptions& o, const char* players_help = nullptr);
// --players's help in the solitaire commands (load_solitaire refuses any other count).
inline constexpr const char* kSolitairePlayers =
    "number of players: 1 only (one player makes every turn)";
// Whether a command draws boards on the terminal: only those list --color in their help.
// Every command accepts it (parse() takes it out, by its whole name, where it is not listed),
// so that one script can pass `--color never` to all of them.
enum class Boards { kNone, kDrawn };
// --json (unless `json` is false: an interactive command without it), --color (with
// Boards::kDrawn), --help.
po::options_description output_options(CommonOptions& o, Boards boards, bool json = true);
// For a command that prints no JSON (its output_options without --json): throws UsageError
// `why` when `args` hold --json (or an abbreviation of it) without --help, and returns `args`
// without it, so that the help, which lists no --json, is shown beside one.
std::vector<std::string> refuse_json(const std::vector<std::string>& args, const std::string& why);
// `hole`: with --hole (a command that empties squares itself leaves it out).
po::options_description layout_options(CommonOptions& o, bool hole = true);
// An option value for a board side: 1..26 (whole_value), else UsageError.
po::typed_value<std::string>* side_value(int* target, const char* name);

// Parses args against `visible` plus positional names; throws UsageError on bad options, and
// on --json with an output file option (--svg, --html, --out, --save, --record) given as '-'
// (standard output, which the JSON object keeps to itself), unless --help is given too.
po::variables_map parse(const Command& cmd, const std::vector<std::string>& args,
                        const po::options_description& visible,
                        const po::positional_options_description& positional);

// A positional string argument of a subcommand: its name, where it goes, what the error for
// one given as an empty word (an unset shell variable, say) adds after "NAME is empty" (null:
// the name's usual advice), and the option, if any, that takes its place: given with it, the
// word (empty or not) is refused with `refused` (null: "--OPTION takes no NAME").
struct Positional {
  const char* name;
  std::string* target;
  const char* if_empty = nullptr;
  const char* instead = nullptr;
  const char* refused = nullptr;
};

// Parses a subcommand's options and its positional string arguments, in order (e.g.
// {{"position", &position}}). Prints the help and returns false when --help was given; throws
// UsageError on bad options and on a positional given as an empty word. Missing positionals
// are left empty for the caller to judge. `given`, when not null, receives the options read
// (to tell a default from a value given); o.seed_given is set from them.
bool parse_command(const Command& cmd, const std::vector<std::string>& args,
                   const po::options_description& visible, CommonOptions& o,
                   std::initializer_list<Positional> positionals,
                   po::variables_map* given = nullptr);

// The thread count a --threads value asks for: refuses (UsageError) values outside 0..1024,
// and clamps the others to the cores this process may use, so that the task scheduler is
// never asked for more workers than it has (it would print a warning of its own). 0 (all
// cores) stays 0.
int machine_threads(int threads);

// The memory this process may still take, in MB: /proc/meminfo's MemAvailable, or less when
// its cgroup (a container's limit) or its address-space limit (ulimit -v) allows less; none
// where none of them can be read.
std::optional<std::size_t> available_memory_mb();

// A --hash value in MB, checked against `available` (available_memory_mb()): a search's
// tables cannot hold more than the machine has, so more is refused (UsageError naming the
// setting, `name`, what did not fit and what there is).
std::size_t checked_hash_mb(std::size_t mb, std::optional<std::size_t> available,
                            const std::string& name = "--hash");

// Prints the usage, options with defaults and the example of a subcommand.
void print_help(const Command& cmd, const po::options_description& visible);

// The rule overrides given on the command line.
RuleOverrides overrides_from(const CommonOptions& o);

// --diagonal or --orthogonal without --grid, over rules of six directions (`own`: the
// position's, puzzle's or record's before the command line's), would read a hex board as a
// square grid without a word: a UsageError naming the option.
void check_lattice_options(const CommonOptions& o, const Rules& own);

// For the commands that read a game record (--game), before they read it: a layout option
// given is a UsageError naming it, as a record's start is its [Start] tag.
void refuse_layout_with_record(const CommonOptions& o);

// A game record's text under the command line's variant and rule options (their lattice
// checked as above). Throws ParseError / UsageError.
GameRecord record_from(std::string_view text, const CommonOptions& o);

// The board of a variant's start position: its fixed shape (peg boards; --size and the
// like are then an error), its shape of side --size (triangle, hexagon), else a rectangle of --size
// or --width/--height or the variant's default size. Throws UsageError.
Board layout_board(const Variant& v, const CommonOptions& o);

// Where a POSITION argument may come from: anywhere (the command line), or only a variant name
// and position text (the web board's API and the hub's messages, which must not read the
// machine's files).
enum class PositionSource { kAny, kTextOnly };

// The first layout option given (--size, --width, --height, --seed, --hole), else null: they
// make a variant's start and mean nothing for position text, a file or a record.
const char* layout_option_given(const CommonOptions& o);

// Reads a POSITION argument: "-" (standard input), a file path, a variant or board name
// (its start position), or position text. Applies the command line's rule options.
// Throws ParseError / UsageError.
Setup load_position(const std::string& arg, const CommonOptions& o,
                    PositionSource from = PositionSource::kAny);

// A position as solitaire reads it (solve, reach): one player makes every turn, and makes one
// opening removal if any player of the position still owes one (the one-player game's
// opening), whatever the number of players the position names.
struct SolitaireSetup {
  Setup setup;            // players=1, player 1 to move, scores 0, at most one removal due
  int position_players;   // the players the position named
  int position_removals;  // the removals its players owed
  bool removal_due() const { return setup.position.removals_due != 0; }
};

// What solitaire made of the position, one line: "solitaire: one player makes every turn, ..."
std::string solitaire_note(const SolitaireSetup& solo);

// The --help paragraph of the commands that read positions as solitaire: solve's, which
// has a value, and reach's, which counts positions.
#define LEAPFROG_SOLITAIRE_HELP                                                               \
  "Solitaire: one player makes every turn, whatever the number of players the position\n"     \
  "names (--players other than 1 is refused). If any player still owes an opening removal,\n" \
  "the lone player makes one removal first (a two-player start owing two is read as one)"
inline constexpr const char* kSolitaireHelp = LEAPFROG_SOLITAIRE_HELP
    ";\nthe value counts what is taken from the position on, the removal included.";
inline constexpr const char* kReachHelp = LEAPFROG_SOLITAIRE_HELP ".";
#undef LEAPFROG_SOLITAIRE_HELP

// The --help paragraph of survey.
inline constexpr const char* kSurveyHelp =
    "The board of POSITION with every square full (an empty square gets the variant's cheapest\n"
    "piece); each start empties one square. Holes that are images of each other under the\n"
    "board's symmetries (found from its jumps, keeping the pieces' values) are one start,\n"
    "solved once, as solve solves it (--every-hole: each hole). One row a start: the hole,\n"
    "how many holes it stands for, pieces at the start and left by the line, the value and\n"
    "its upper bound, proved, nodes, time and the line. --time-limit and --nodes apply to\n"
    "each start; Ctrl-C stops after the start it interrupts, with the rows done so far.";

// The --help paragraph of the game commands (analyse, play, hub).
inline constexpr const char* kGameHelp =
    "The game (docs/analyse.md): with two players the value is the mover's total from now on\n"
    "minus the opponent's under best play by both (scores made do not count; opening removals\n"
    "due are turns); with three or more each player maximises their own total (max^n). The\n"
    "search deepens one turn at a time until the value is proved or a limit stops it.";

// load_position for solitaire. --players other than 1 is refused (UsageError naming the range
// 1..1): `command` is the one-player game whatever the position says. `before` (solve's
// --then) plays turns in the game the position names, before it is read as solitaire.
SolitaireSetup load_solitaire(const std::string& arg, const CommonOptions& o, const char* command,
                              PositionSource from = PositionSource::kAny,
                              const std::function<Setup(const Setup&)>& before = {});

// The most read_file takes: a file of 4 MiB (some 20,000 puzzles; the parsed puzzles take
// about 200 times the bytes of their text) and a
// line of 64 KiB (a 26x26 position takes under 1 KiB).
inline constexpr std::size_t kMaxFileBytes = std::size_t{4} << 20;
inline constexpr std::size_t kMaxLineBytes = std::size_t{64} << 10;

// Reads a whole file ("-" for standard input); throws IoError when it cannot, UsageError when
// it is a directory, or when it or one of its lines is longer than the caps above.
std::string read_file(const std::string& path);
// How messages name the input `path`: quoted, or "standard input" for '-'.
std::string input_name(const std::string& path);
// Reads `path` (read_file) and returns parse(text). An error in the text (`Error`, ParseError
// unless given) names the input before its place in it: "'game.txt': record line 3, ...".
template <class Error = ParseError, class Parse>
auto parse_file(const std::string& path, Parse&& parse) {
  const std::string text = read_file(path);
  try {
    return parse(text);
  } catch (const Error& e) {
    throw Error(input_name(path) + ": " + e.what());
  }
}
// Throws UsageError ("NAME has a line longer than ...") when a line of `text` is longer than
// kMaxLineBytes; `line` carries the bytes of an unfinished last line from one piece of a
// text to the next (0 to begin).
void check_line_lengths(std::string_view text, const std::string& name, std::size_t& line);
// " (the system's reason)" for the errno of a failed file operation, or "" when errno is 0.
std::string os_reason();

// Opens `path` as a stdio stream in `mode` ("rb", "wb") with open(2)'s `flags` (O_CREAT
// creates it 0644), only if it is a regular file. Opened without blocking: a named pipe
// would wait for its other end for ever. On failure: nullptr, and `error` is the system's
// errno, or 0 when the path is there but is not a regular file.
std::FILE* open_regular(const std::string& path, int flags, const char* mode, int& error);

// Opens `path` (not "-") for writing, binary; throws IoError naming it and why when it
// cannot (a folder, or the system's reason).
void open_output(std::ofstream& out, const std::string& path);

// Writes a whole file ("-" for standard output); throws IoError when it cannot.
void write_file(const std::string& path, const std::string& text);

// Checks, before a game or a long run, that the output file an option names can be written:
// '-' always; an existing file must be writable and not a directory; a new file's folder
// must exist and be writable. Writes nothing (a named pipe is not opened). Throws the
// IoError "OPTION: cannot write 'PATH' (why)". The write itself can still fail (a full
// disk): write_file and save_record say so.
void check_writable(const std::string& path, const char* option);

// Writes a game's record to `path` at the game's end. When it cannot, says so on standard
// error ("leapfrog COMMAND: cannot write 'PATH'; the record follows on standard output")
// and returns false: the caller then prints the record, so that the game is not lost, and
// exits 2.
bool save_record(const std::string& path, const std::string& text, const char* command);

// Position facts shared by several commands' JSON output.
Json position_json(const Setup& setup);

// The text of a JSON value, as every output writes it (`indent` as nlohmann's dump: -1 on one
// line, else that many spaces a level). Strings may hold bytes that are not UTF-8 (a file's
// name, a field of a file read): each ill-formed sequence is written as U+FFFD, so that the
// text is always valid JSON and this never throws.
std::string json_text(const Json& j, int indent = -1);

// Prints json_text(j, 2) and a newline on standard output.
void print_json(const Json& j);

}  // namespace leapfrog::cli
