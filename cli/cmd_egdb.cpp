// egdb build|info|verify: the endgame tables of a board (solver/egdb.h, docs/egdb.md).
#include <fcntl.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "cli/commands.h"
#include "cli/egdb_files.h"
#include "cli/progress.h"
#include "cli/search_options.h"
#include "core/text.h"

namespace leapfrog::cli {

namespace {

// Build speed assumed for the estimate: sets looked at, and entries derived, a second on
// one core (measured on the 6x6 board's levels; docs/solved.md).
constexpr double kSetsPerSecond = 40e6;
constexpr double kEntriesPerSecond = 1.5e6;

std::string mb_text(std::uint64_t bytes) {
  std::ostringstream s;
  s << std::fixed << std::setprecision(bytes < (10u << 20) ? 2 : 0)
    << static_cast<double>(bytes) / (1 << 20) << " MB";
  return s.str();
}

std::string seconds_text(double s) {
  std::ostringstream o;
  if (s < 120)
    o << std::fixed << std::setprecision(s < 10 ? 1 : 0) << s << " s";
  else
    o << std::fixed << std::setprecision(1) << s / 60 << " min";
  return o.str();
}

// --players's help here: the tables are two players' whatever the position names.
constexpr const char* kEgdbPlayers = "number of players: 2 (tables are for two players)";

struct TableSetup {
  Setup setup;
  Rules rules;
};

TableSetup table_setup(const std::string& position, const CommonOptions& o) {
  if (position.empty()) throw UsageError("missing POSITION (the board, e.g. traditional --size 6)");
  // Tables are two players' whatever the position or variant names (a peg board's shape
  // too), but a --players of another number asks for tables that do not exist.
  if (o.players != -1 && o.players != 2)
    throw UsageError("endgame tables are for two players, not --players " +
                     std::to_string(o.players));
  Setup setup = load_position(position, o);
  Rules rules = setup.rules();
  rules.players = 2;
  if (setup.board.squares() > 64)
    throw UsageError("endgame tables need a board of at most 64 squares, not " +
                     std::to_string(setup.board.squares()));
  return {std::move(setup), rules};
}

std::uint64_t write_level(const std::string& folder, const egdb::TableId& id,
                          const egdb::LevelView& view) {
  const std::string path = level_path(folder, view.pieces);
  const std::string tmp = path + ".tmp";
  std::uint64_t written = 0;
  {
    // A regular file only: a named pipe left under this name would wait for a reader.
    int error = 0;
    std::FILE* f = open_regular(tmp, O_WRONLY | O_CREAT | O_TRUNC, "wb", error);
    if (f == nullptr)
      throw IoError("cannot write " + quoted_path(tmp) + " (" +
                    (error != 0 ? std::strerror(error) : "not a regular file") + ")");
    // Streamed: a copy of the level in memory would double what --hash allows at the top.
    bool ok = true;
    egdb::write_level_bytes(id, view, [&](std::span<const std::uint8_t> bytes) {
      if (ok && std::fwrite(bytes.data(), 1, bytes.size(), f) != bytes.size()) {
        ok = false;
        error = errno;
      }
      written += bytes.size();
    });
    if (std::fclose(f) != 0 && ok) {
      ok = false;
      error = errno;
    }
    if (!ok) {
      std::remove(tmp.c_str());
      throw IoError("cannot write " + quoted_path(tmp) + " (" + std::strerror(error) + ")");
    }
  }
  std::error_code ec;
  std::filesystem::rename(tmp, path, ec);
  if (ec) {
    std::remove(tmp.c_str());
    throw IoError("cannot write " + quoted_path(path) + " (" + ec.message() + ")");
  }
  return written;
}

int egdb_build(const Command& cmd, const std::vector<std::string>& args) {
  CommonOptions o;
  std::string position, dir;
  LimitOptions limits;
  int pieces = 0;
  po::options_description opts("Tables");
  add_egdb_option(opts, dir, EgdbFolder::kMade);
  opts.add_options()("pieces", whole_value(&pieces, "pieces", 1, 64)->value_name("N"),
                     "build every level up to N pieces (default: as many as --hash holds, at "
                     "most 10)");
  add_threads_option(opts, limits.threads);
  add_hash_option(opts, limits.hash_mb,
                  "every level built stays in memory: N is refused when "
                  "its levels would not fit");
  opts.add_options()(
      "time-limit",
      seconds_value(&limits.time_limit, "time-limit")->default_value("0")->value_name("SECONDS"),
      "stop after this long, keeping the levels finished (0 = none)");
  po::options_description visible;
  visible.add(opts)
      .add(rule_options(o, kEgdbPlayers))
      .add(layout_options(o))
      .add(output_options(o, Boards::kNone));
  if (!parse_command(cmd, args, visible, o,
                     {{"position", &position, "the board, e.g. traditional --size 6"}}))
    return 0;
  const TableSetup ts = table_setup(position, o);
  if (dir.empty()) dir = default_egdb_dir();
  const Board& board = ts.setup.board;
  egdb::Tables probe(board, ts.rules);
  const int n = probe.cells();
  const int syms = probe.model().symmetries();
  const std::uint64_t budget = static_cast<std::uint64_t>(limits.hash_mb) << 20;
  // Every level up to K stays in memory while the next is built.
  int fits = 0;
  std::uint64_t held = 0;
  for (int p = 0; p <= n; ++p) {
    held += egdb::level_bytes(n, p, syms);
    if (held > budget) break;
    fits = p;
  }
  const int top = pieces ? pieces : std::min(fits, 10);
  if (top > n)
    throw UsageError("--pieces " + std::to_string(top) + ": the board has " + std::to_string(n) +
                     " squares");
  std::uint64_t bytes = 0;
  double seconds = 0;
  for (int p = 0; p <= top; ++p) {
    bytes += egdb::level_bytes(n, p, syms);
    const double sets = static_cast<double>(egdb::binomial(n, p));
    seconds += sets / kSetsPerSecond + sets / syms / kEntriesPerSecond;
  }
  if (bytes > budget)
    throw UsageError("levels up to " + std::to_string(top) + " pieces take about " +
                     mb_text(bytes) + ", more than --hash " + std::to_string(limits.hash_mb) +
                     " MB");
  ProgressLine line({"sets", nullptr});
  SearchControl control = limit_control(limits, line);
  const auto began = std::chrono::steady_clock::now();  // --time-limit counts from here
  const int threads = control.threads > 0 ? control.threads : tbb::info::default_concurrency();
  const std::string folder = table_folder(dir, probe.id());
  std::error_code ec;
  std::filesystem::create_directories(folder, ec);
  if (ec)
    throw IoError("cannot make the folder " + quoted_path(folder) + " (" + ec.message() + ")");
  std::cerr << "egdb: " << probe.id().name() << ", levels 0.." << top << " in "
            << escape_controls(folder) << ": about " << mb_text(bytes) << ", "
            << seconds_text(seconds / threads) << " on " << count_text(threads, "thread", "threads")
            << "\n";
  // Levels already there (a build stopped before) are read, checked, and kept; a damaged one
  // is built again, and so is every level above it that the build reaches.
  // A damaged level (the first, at `damaged` pieces) is built again when the build reaches it.
  const auto tell_damage = [&](const std::string& damage, int damaged) {
    std::cerr << "egdb: " << escape_controls(damage)
              << (damaged <= top ? std::string("; building it again")
                                 : "; above --pieces " + std::to_string(top) +
                                       ", so left as it is (--pieces " + std::to_string(damaged) +
                                       " builds it again)")
              << "\n";
  };
  std::string damage;
  LoadedTables have = load_tables(dir, board, ts.rules, &damage);
  // A level to build that the system will not let it read, it could not write either; one
  // above --pieces is left as a damaged one is.
  if (have.refused && have.tables->top() + 1 <= top) throw IoError(damage);
  // A level missing below others is a gap to fill, as a damaged one is.
  if (damage.empty()) damage = level_gap(have);
  const int damaged = damage.empty() ? -1 : have.tables->top() + 1;
  // A folder where a level to build goes would be found only when the level is written.
  if (damaged >= 0 && damaged <= top &&
      std::filesystem::is_directory(level_path(have.folder, damaged), ec))
    throw UsageError(quoted_path(level_path(have.folder, damaged)) + " is a folder, where level " +
                     std::to_string(damaged) +
                     "'s file goes; move it away, or give another --egdb folder");
  if (damaged >= 0) tell_damage(damage, damaged);
  Json levels = Json::array();
  auto report = [&](const egdb::LevelView& l, std::uint64_t file_bytes, double secs, bool built) {
    levels.push_back({{"pieces", l.pieces},
                      {"sets", l.sets},
                      {"entries", l.canonical},
                      {"bytes", file_bytes},
                      {"seconds", secs},
                      {"built", built}});
    if (!o.json) {
      line.clear();
      std::cout << "level " << std::setw(2) << l.pieces << ": " << std::setw(12) << l.sets
                << " sets, " << std::setw(11) << l.canonical << " entries, " << mb_text(file_bytes)
                << (built ? ", built in " + seconds_text(secs) : ", kept") << "\n"
                << std::flush;
    }
  };
  for (int p = 0; p <= have.tables->top(); ++p)
    report(have.tables->level(p), std::filesystem::file_size(level_path(have.folder, p), ec), 0,
           false);
  // Built levels are kept in memory (the tables read them from there).
  std::vector<std::unique_ptr<egdb::Level>> built;
  const auto start = std::chrono::steady_clock::now();
  bool stopped = false;
  for (int p = have.tables->top() + 1; p <= top; ++p) {
    const auto t0 = std::chrono::steady_clock::now();
    // --time-limit is the whole build's: each level gets what is left of it.
    SearchControl level_control = control;
    if (control.time_limit.count() != 0) {
      const auto used = std::chrono::duration_cast<std::chrono::milliseconds>(t0 - began);
      if (used >= control.time_limit) {
        stopped = true;
        break;
      }
      level_control.time_limit = control.time_limit - used;
    }
    std::optional<egdb::Level> level = egdb::build_level(*have.tables, p, level_control);
    if (!level) {
      stopped = true;
      break;
    }
    built.push_back(std::make_unique<egdb::Level>(std::move(*level)));
    const egdb::LevelView view = built.back()->view();
    const std::uint64_t file_bytes = write_level(folder, probe.id(), view);
    have.tables->add(view);
    report(view, file_bytes,
           std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), true);
  }
  line.clear();
  const double total =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  int done = have.tables->top();
  // Levels above --pieces that a damaged level hid when the build began can be used again
  // once it is rebuilt (a level's values depend on the rules alone): they are kept too, up
  // to the next damaged level, which is named and left.
  if (damaged >= 0 && damaged <= top && !stopped) {
    std::string more;
    const LoadedTables all = load_tables(dir, board, ts.rules, &more);
    if (more.empty()) more = level_gap(all);
    for (int p = top + 1; p <= all.tables->top(); ++p)
      report(all.tables->level(p), std::filesystem::file_size(level_path(all.folder, p), ec), 0,
             false);
    done = std::max(done, all.tables->top());
    if (!more.empty()) tell_damage(more, all.tables->top() + 1);
  }
  if (o.json) {
    print_json({{"folder", folder},
                {"levels", levels},
                {"top", done},
                {"complete", !stopped},
                {"seconds", total}});
  } else {
    std::cout << (stopped ? "stopped: " : "done: ")
              << (done < 0 ? std::string("no level built") : "levels 0.." + std::to_string(done))
              << " in " << escape_controls(folder) << " (" << seconds_text(total) << ")\n";
  }
  return 0;
}

int egdb_info(const Command& cmd, const std::vector<std::string>& args, bool verify) {
  CommonOptions o;
  std::string position, dir;
  std::uint64_t samples = 10000;
  po::options_description opts("Tables");
  add_egdb_option(opts, dir);
  if (verify)
    opts.add_options()(
        "samples",
        whole_value(&samples, "samples", 0, std::uint64_t{1} << 40)
            ->default_value("10000")
            ->value_name("N"),
        "entries re-derived from their successors per level (drawn the same every time; "
        "every entry of a level of fewer)");
  po::options_description visible;
  visible.add(opts)
      .add(rule_options(o, kEgdbPlayers))
      .add(layout_options(o))
      .add(output_options(o, Boards::kNone));
  if (!parse_command(cmd, args, visible, o,
                     {{"position", &position, "the board, e.g. traditional --size 6"}}))
    return 0;
  const TableSetup ts = table_setup(position, o);
  if (dir.empty()) dir = default_egdb_dir();
  const LoadedTables have = load_tables(dir, ts.setup.board, ts.rules);
  // A gap is a damaged folder, as a damaged file is: neither command reports part of it.
  if (const std::string gap = level_gap(have); !gap.empty()) throw UsageError(gap);
  Json levels = Json::array();
  std::uint64_t total_bytes = 0, bad = 0;
  // Ctrl-C and SIGTERM end the re-derivation: the levels checked so far are reported.
  const std::atomic<bool>& stop = install_interrupt_flag();
  bool stopped = false;
  if (!o.json) std::cout << "tables " << escape_controls(have.folder) << "\n";
  for (int p = 0; p <= have.tables->top() && !stopped; ++p) {
    const egdb::LevelView& l = have.tables->level(p);
    const std::uint64_t bytes = have.files[static_cast<std::size_t>(p)]->bytes().size();
    total_bytes += bytes;
    Json j{{"pieces", p}, {"sets", l.sets}, {"entries", l.canonical}, {"bytes", bytes}};
    egdb::LevelCheck c;
    if (verify) {
      c = egdb::verify_level(*have.tables, p, samples, static_cast<std::uint64_t>(p), &stop);
      stopped = stop.load();
      bad += c.wrong;
      j["checked"] = c.checked;
      j["wrong"] = c.wrong;
    }
    levels.push_back(j);
    if (!o.json) {
      std::cout << "level " << std::setw(2) << p << ": " << std::setw(12) << l.sets << " sets, "
                << std::setw(11) << l.canonical << " entries, " << mb_text(bytes);
      if (verify)
        std::cout << ", checksum ok, "
                  << (c.checked == l.canonical ? "all " + std::to_string(l.canonical)
                                               : std::to_string(c.checked))
                  << " entries re-derived, " << c.wrong << " wrong"
                  << (stopped ? " (interrupted)" : "");
      std::cout << "\n";
    }
  }
  if (o.json) {
    Json j{{"folder", have.folder},
           {"levels", levels},
           {"top", have.tables->top()},
           {"bytes", total_bytes}};
    if (verify) {
      j["wrong"] = bad;
      j["stopped"] = stopped;
    }
    print_json(j);
  } else if (have.tables->top() < 0) {
    std::cout << "no tables for this board and rules\n";
  } else if (stopped) {
    // The bytes counted are those of the levels reached.
    std::cout << "levels 0.." << levels.size() - 1 << " of 0.." << have.tables->top() << ", "
              << mb_text(total_bytes) << "; stopped in level " << levels.size() - 1 << "\n";
  } else {
    std::cout << "levels 0.." << have.tables->top() << ", " << mb_text(total_bytes);
    if (verify) std::cout << ", " << bad << " wrong in all";
    std::cout << "\n";
  }
  if (stopped) {
    std::cerr << "leapfrog egdb verify: interrupted; the levels above were checked as far as "
                 "shown\n";
    return 2;
  }
  if (verify && have.tables->top() < 0) {
    std::cerr << "leapfrog egdb verify: no tables in " << quoted_path(have.folder) << "\n";
    return 1;
  }
  return bad == 0 ? 0 : 1;
}

}  // namespace

int run_egdb(const Command& cmd, const std::vector<std::string>& args) {
  const Command build{
      "egdb build",
      "Build the endgame tables of a board: every level up to N pieces (--pieces), in order, "
      "each written as one file;\na build stopped (Ctrl-C, --time-limit) keeps "
      "the levels it finished and goes on from there when run again.",
      "egdb build POSITION [--pieces N] [--egdb DIR] [options]",
      "leapfrog egdb build traditional --size 6 --pieces 12", cmd.run};
  const Command info{"egdb info", "The levels a folder holds for a board: sets, entries, bytes.",
                     "egdb info POSITION [--egdb DIR] [options]",
                     "leapfrog egdb info traditional --size 6", cmd.run};
  const Command verify{"egdb verify",
                       "Check a board's tables: every file's checksum, and N random entries of "
                       "each level re-derived\nfrom their successors; exit 1 when one is wrong.",
                       "egdb verify POSITION [--samples N] [--egdb DIR] [options]",
                       "leapfrog egdb verify traditional --size 6 --samples 10000", cmd.run};
  if (args.empty()) throw UsageError("missing ACTION (build, info or verify)");
  if (args[0] == "--help" || args[0] == "-h") {
    std::cout << "Usage: leapfrog " << cmd.usage << "\n\n" << cmd.summary << "\n\n";
    egdb_build(build, {"--help"});
    std::cout << "\n";
    egdb_info(info, {"--help"}, false);
    std::cout << "\n";
    return egdb_info(verify, {"--help"}, true);
  }
  const std::vector<std::string> rest(args.begin() + 1, args.end());
  if (args[0] == "build")
    return run_subcommand(build.name, [&] { return egdb_build(build, rest); });
  if (args[0] == "info")
    return run_subcommand(info.name, [&] { return egdb_info(info, rest, false); });
  if (args[0] == "verify")
    return run_subcommand(verify.name, [&] { return egdb_info(verify, rest, true); });
  throw UsageError("unknown ACTION " + quoted_text(args[0]) + " (build, info or verify)");
}

}  // namespace leapfrog::cli
