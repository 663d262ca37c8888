// egdb build|info|verify and --egdb in analyse and play, through the executable.
#include <sys/stat.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <span>
#include <vector>

#include "core/checksum.h"
#include "game_reference.h"
#include "puzzles/notation.h"
#include "run_cli.h"
#include "sanitized.h"
#include "solver/egdb.h"

using leapfrog::testing::quoted;
using leapfrog::testing::run_cli;
using leapfrog::testing::Scratch;
using leapfrog::testing::Tiny;
using Json = nlohmann::json;

namespace {

// run_cli with $XDG_CACHE_HOME set to `home`, so that the default tables folder is inside it;
// the variable is put back as it was.
leapfrog::testing::CliResult run_with_cache_home(const std::string& home, const std::string& args) {
  const char* old = std::getenv("XDG_CACHE_HOME");
  const std::string saved = old ? old : "";
  ::setenv("XDG_CACHE_HOME", home.c_str(), 1);
  auto r = run_cli(args);
  if (old)
    ::setenv("XDG_CACHE_HOME", saved.c_str(), 1);
  else
    ::unsetenv("XDG_CACHE_HOME");
  return r;
}

}  // namespace

TEST_CASE("egdb build writes every level, info lists them, verify re-derives them", "[cli][egdb]") {
  const Scratch s;
  const auto half = run_cli("egdb build traditional --size 4 --pieces 9 --json --egdb " + s.dir);
  REQUIRE(half.code == 0);
  CHECK(half.err.find("about") != std::string::npos);  // the estimate comes first
  // Run again to the top: the levels there are kept, the rest built.
  const auto r = run_cli("egdb build traditional --size 4 --pieces 16 --json --egdb " + s.dir);
  REQUIRE(r.code == 0);
  const Json j = Json::parse(r.out);
  CHECK(j["top"] == 16);
  CHECK(j["complete"] == true);
  REQUIRE(j["levels"].size() == 17);
  CHECK(j["levels"][9]["built"] == false);
  CHECK(j["levels"][10]["built"] == true);
  CHECK(j["levels"][8]["sets"] == 12870);
  CHECK(std::filesystem::exists(s.dir + "/4x4-orthogonal-optional/level-16.egdb"));
  const auto info = run_cli("egdb info traditional --size 4 --json --egdb " + s.dir);
  REQUIRE(info.code == 0);
  CHECK(Json::parse(info.out)["top"] == 16);
  const auto v = run_cli("egdb verify traditional --size 4 --samples 10000 --json --egdb " + s.dir);
  REQUIRE(v.code == 0);
  const Json vj = Json::parse(v.out);
  CHECK(vj["wrong"] == 0);
  for (const Json& l : vj["levels"])
    if (l["pieces"] > 0)  // every entry of a level of fewer
      CHECK(l["checked"] == std::min<std::uint64_t>(10000, l["entries"].get<std::uint64_t>()));
  // Another rule has no tables there.
  const auto none =
      run_cli("egdb verify traditional --size 4 --continuation forced --egdb " + s.dir);
  CHECK(none.code == 1);
}

TEST_CASE("egdb folder names are one word per part, and the spaced names are still read",
          "[cli][egdb]") {
  const Scratch s;
  REQUIRE(run_cli("egdb build traditional --size 3 --diagonal --egdb " + s.dir).code == 0);
  REQUIRE(run_cli("egdb build triangle --size 4 --egdb " + s.dir).code == 0);
  std::vector<std::string> names;
  for (const auto& e : std::filesystem::directory_iterator(s.dir))
    names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  REQUIRE(names.size() == 2);
  CHECK(names[0] == "3x3-diagonal-optional");
  // 4x4-XXXXXXXX-hex-optional: the triangle's digest in 8 hex digits.
  CHECK(names[1].size() == 25);
  CHECK(names[1].starts_with("4x4-"));
  CHECK(names[1].ends_with("-hex-optional"));
  CHECK(names[1].substr(4, 8).find_first_not_of("0123456789abcdef") == std::string::npos);
  // Tables stored under the jump set's descriptive words are found there.
  std::filesystem::rename(s.dir + "/3x3-diagonal-optional",
                          s.dir + "/3x3-orthogonal and diagonal-optional");
  const auto info = run_cli("egdb info traditional --size 3 --diagonal --json --egdb " + s.dir);
  REQUIRE(info.code == 0);
  CHECK(Json::parse(info.out)["top"] == 9);
  CHECK(Json::parse(info.out)["folder"].get<std::string>().find("orthogonal and diagonal") !=
        std::string::npos);
}

TEST_CASE("egdb verify, info and analyse name a damaged file, --egdb must name a folder",
          "[cli][egdb]") {
  const Scratch s;
  REQUIRE(run_cli("egdb build traditional --size 4 --pieces 8 --egdb " + s.dir).code == 0);
  const std::string path = s.dir + "/4x4-orthogonal-optional/level-07.egdb";
  {
    std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(-5, std::ios::end);
    f.put('\x55');
  }
  // Every reader checks every byte: a damaged value is never used as a proved one.
  for (const std::string command :
       {"egdb verify traditional --size 4", "egdb info traditional --size 4",
        "analyse '..../.1../1.11/1.1. players=2'"}) {
    INFO(command);
    const auto v = run_cli(command + " --egdb " + s.dir);
    CHECK(v.code == 2);
    CHECK(v.err.find("level-07.egdb") != std::string::npos);
    CHECK(v.err.find("checksum") != std::string::npos);
  }
  const auto a = run_cli("analyse traditional --size 4 --egdb " + s.dir + "/no-such");
  CHECK(a.code == 2);
  CHECK(a.err.find("--egdb") != std::string::npos);
  CHECK(run_cli("egdb build traditional --size 4 --pieces 30 --egdb " + s.dir).code == 2);
  CHECK(run_cli("egdb build traditional --size 9 --egdb " + s.dir).code == 2);  // 81 squares
}

TEST_CASE("egdb: a folder's name is printed with its control characters escaped", "[cli][egdb]") {
  const Scratch s;
  const std::string dir = s.dir + "/two\nlines";
  const auto built = run_cli("egdb build traditional --size 3 --pieces 2 --egdb " + quoted(dir));
  REQUIRE(built.code == 0);
  CHECK(built.err.find("two\\x0alines/3x3-orthogonal-optional") != std::string::npos);
  CHECK(built.err.find("two\nlines") == std::string::npos);
  const auto info = run_cli("egdb info traditional --size 3 --egdb " + quoted(dir));
  CHECK(info.out.starts_with("tables " + s.dir + "/two\\x0alines/"));
}

TEST_CASE("egdb: a level the system will not read is named as such, not as damage", "[cli][egdb]") {
  // A level file that is a link to itself: reading it fails with ELOOP, a refusal that holds
  // for root too (where a permission would not).
  const Scratch s;
  for (const std::string& folder : {s.dir, s.dir + "/leapfrog/egdb"}) {
    std::filesystem::create_directories(folder + "/4x4-orthogonal-optional");
    std::filesystem::create_symlink("level-00.egdb",
                                    folder + "/4x4-orthogonal-optional/level-00.egdb");
  }
  for (const std::string command :
       {"egdb info traditional --size 4", "egdb build traditional --size 4 --pieces 3",
        "analyse traditional --size 4"}) {
    INFO(command);
    const auto r = run_cli(command + " --egdb " + s.dir);
    CHECK(r.code == 2);
    CHECK(r.err.find("cannot read '" + s.dir + "/4x4-orthogonal-optional/level-00.egdb' (") !=
          std::string::npos);
    CHECK(r.err.find("Try") == std::string::npos);
    CHECK(r.err.find("building it again") == std::string::npos);
  }
  // A level above --pieces is left as it is, as a damaged one would be.
  const Scratch t;
  REQUIRE(run_cli("egdb build traditional --size 4 --pieces 3 --egdb " + t.dir).code == 0);
  std::filesystem::create_symlink("level-04.egdb",
                                  t.dir + "/4x4-orthogonal-optional/level-04.egdb");
  const auto above = run_cli("egdb build traditional --size 4 --pieces 3 --egdb " + t.dir);
  CHECK(above.code == 0);
  CHECK(above.err.find("cannot read '" + t.dir + "/4x4-orthogonal-optional/level-04.egdb' (") !=
        std::string::npos);
  CHECK(above.err.find("so left as it is") != std::string::npos);
  // The cache folder's tables only warn, and the work goes on without them.
  const auto cached = run_with_cache_home(s.dir, "analyse traditional --size 4 --json");
  CHECK(cached.code == 0);
  CHECK(cached.err.find("warning: cannot read '") != std::string::npos);
  CHECK(cached.err.find("damaged") == std::string::npos);
}

TEST_CASE("egdb build: --time-limit is the whole build's, not each level's", "[cli][egdb]") {
  // Levels 0..10 of 6x6 take far longer than the limit; the build stops near it, though a
  // level is under way then (each level having the whole limit took nearly twice as long).
  const Scratch s;
  const auto start = std::chrono::steady_clock::now();
  const auto r = run_cli(
      "egdb build traditional --size 6 --pieces 10 --hash 200 --time-limit 2 "
      "--json --egdb " +
      s.dir);
  const double wall =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  REQUIRE(r.code == 0);
  const Json j = Json::parse(r.out);
  CHECK(j["complete"] == false);
  const double seconds = j["seconds"].get<double>();
  CHECK(seconds < 2.75);
  CHECK(wall < 5);
  // The level under way at the stop began when the levels built before it were done: with
  // the limit its own, the build would have gone on to that time plus 2 s. The bound is
  // halfway between the two readings, leaving the stop at least 0.3 s to be seen.
  double began = 0;
  for (const Json& l : j["levels"])
    if (l["built"] == true) began += l["seconds"].get<double>();
  INFO("the last level began at " << began << " s, the build took " << seconds << " s");
  if (began > 0.6) CHECK(seconds < 2 + began / 2);
}

TEST_CASE("egdb verify stops on Ctrl-C and SIGTERM with the levels checked so far",
          "[cli][egdb][threads]") {
  const Scratch s;
  // Every entry of levels 0..14 (about 3.3 million) takes seconds, ten times the signal's
  // delay or more. A sanitized build, many times slower, checks levels 0..12 as long and
  // builds them in half the time.
  const std::string top = leapfrog::testing::kSanitized ? "12" : "14";
  REQUIRE(run_cli("egdb build traditional --size 5 --pieces " + top + " --egdb " + s.dir).code ==
          0);
  for (const char* signal : {"INT", "TERM"}) {
    INFO(signal);
    const auto start = std::chrono::steady_clock::now();
    const auto r = leapfrog::testing::run_cli_signalled(
        "egdb verify traditional --size 5 --samples 100000000 --json --egdb " + s.dir,
        {signal, "0.3"});
    // Within the level it was checking, not at its end.
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(15));
    CHECK(r.code == 2);
    const Json j = Json::parse(r.out);
    CHECK(j["stopped"] == true);
    CHECK(j["levels"].size() < std::stoul(top) + 1);
  }
  // The text's last line counts the levels reached, not the folder's.
  const auto r = leapfrog::testing::run_cli_signalled(
      "egdb verify traditional --size 5 --samples 100000000 --egdb " + s.dir, {"INT", "0.3"});
  CHECK(r.code == 2);
  INFO(r.out);
  CHECK(r.out.find(" of 0.." + top + ", ") != std::string::npos);
  CHECK(r.out.find("; stopped in level ") != std::string::npos);
}

TEST_CASE("egdb verify checks the empty board's level too, and finds damaged values by sampling",
          "[cli][egdb]") {
  const Scratch s;
  REQUIRE(run_cli("egdb build traditional --size 4 --pieces 8 --egdb " + s.dir).code == 0);
  // Values written over with a wrong one, the checksum made to match: only re-deriving the
  // entries finds them.
  const auto damage = [&](int pieces, std::uint8_t value) {
    const std::string path =
        s.dir + "/4x4-orthogonal-optional/level-0" + std::to_string(pieces) + ".egdb";
    std::vector<std::uint8_t> bytes;
    {
      std::ifstream in(path, std::ios::binary);
      bytes.assign(std::istreambuf_iterator<char>(in), {});
    }
    const auto word = [&](std::size_t at) {
      std::uint64_t w;
      std::memcpy(&w, bytes.data() + at, 8);
      return w;
    };
    const std::size_t header = leapfrog::egdb::kHeaderBytes, words = word(48);
    const std::size_t values = header + words * 8 + ((words * 4 + 7) & ~std::size_t{7});
    std::fill(bytes.begin() + static_cast<std::ptrdiff_t>(values),
              bytes.begin() + static_cast<std::ptrdiff_t>(values + word(40)), value);
    const std::uint64_t sum = leapfrog::checksum(std::span(bytes).subspan(header));
    std::memcpy(bytes.data() + 64, &sum, 8);
    std::ofstream(path, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()),
               static_cast<std::streamsize>(bytes.size()));
  };
  damage(0, 5);    // the empty board is worth 0
  damage(6, 100);  // no 4x4 position is worth 100
  const auto v = run_cli("egdb verify traditional --size 4 --samples 50 --json --egdb " + s.dir);
  CHECK(v.code == 1);
  const Json j = Json::parse(v.out);
  REQUIRE(j["levels"].size() == 9);
  CHECK(j["levels"][0]["checked"] == 1);
  CHECK(j["levels"][0]["wrong"] == 1);
  CHECK(j["levels"][6]["checked"] == 50);  // fewer samples than entries
  CHECK(j["levels"][6]["wrong"] == 50);
  for (int p = 1; p <= 5; ++p) CHECK(j["levels"][p]["wrong"] == 0);
  // The levels above re-derive their entries from the damaged values, and disagree too.
  std::uint64_t total = 0;
  for (const Json& l : j["levels"]) total += l["wrong"].get<std::uint64_t>();
  CHECK(j["wrong"] == total);
  // The text's last line gives the verdict too, not only the levels' own lines.
  const auto text = run_cli("egdb verify traditional --size 4 --samples 50 --egdb " + s.dir);
  CHECK(text.code == 1);
  CHECK(text.out.ends_with(", " + std::to_string(total) + " wrong in all\n"));
}

TEST_CASE("egdb build stopped before its first level says that none was built", "[cli][egdb]") {
  const Scratch s;
  const auto r =
      run_cli("egdb build traditional --size 4 --hash 64 --time-limit 0.0001 --egdb " + s.dir);
  CHECK(r.code == 0);
  CHECK(r.out.starts_with("stopped: no level built in "));
  const auto j = Json::parse(
      run_cli("egdb build traditional --size 4 --hash 64 --time-limit 0.0001 --json --egdb " +
              s.dir)
          .out);
  CHECK(j["top"] == -1);
  CHECK(j["levels"].empty());
}

TEST_CASE("a damaged file in the cache folder is a warning, in --egdb DIR an error",
          "[cli][egdb]") {
  const Scratch s;
  const std::string cache = s.dir + "/leapfrog/egdb";
  std::filesystem::create_directories(cache);
  REQUIRE(run_cli("egdb build traditional --size 4 --pieces 8 --egdb " + cache).code == 0);
  // A level cut short: its header no longer agrees with its length.
  const std::string level = cache + "/4x4-orthogonal-optional/level-07.egdb";
  const std::string whole = leapfrog::testing::slurp(level);
  std::filesystem::resize_file(level, 100);
  const auto a = run_with_cache_home(s.dir, "analyse traditional --size 4 --json");
  CHECK(a.code == 0);
  const Json j = Json::parse(a.out);
  CHECK(j["value"] == 0);  // docs/solved.md: 4x4 is a draw
  CHECK(j["proved"] == true);
  CHECK(std::count(a.err.begin(), a.err.end(), '\n') == 1);
  CHECK(a.err.find("warning") != std::string::npos);
  CHECK(a.err.find("level-07.egdb") != std::string::npos);
  const auto named = run_cli("analyse traditional --size 4 --json --egdb " + cache);
  CHECK(named.code == 2);
  CHECK(named.err.find("level-07.egdb") != std::string::npos);
  // The warning says egdb build rebuilds it: it does, naming the file, and the level is
  // the one it was.
  const auto rebuilt = run_cli("egdb build traditional --size 4 --pieces 8 --egdb " + cache);
  CHECK(rebuilt.code == 0);
  CHECK(rebuilt.err.find("level-07.egdb': ") != std::string::npos);
  CHECK(rebuilt.err.find("building it again") != std::string::npos);
  CHECK(leapfrog::testing::slurp(level) == whole);
  CHECK(run_cli("egdb verify traditional --size 4 --egdb " + cache).code == 0);
  // Rebuilt up to a lower --pieces, the good levels above it are listed as kept, as they are
  // when no level is damaged.
  std::filesystem::resize_file(cache + "/4x4-orthogonal-optional/level-05.egdb", 100);
  const auto below = run_cli("egdb build traditional --size 4 --pieces 6 --json --egdb " + cache);
  CHECK(below.code == 0);
  const Json listed = Json::parse(below.out);
  CHECK(listed["top"] == 8);
  REQUIRE(listed["levels"].size() == 9);
  CHECK(listed["levels"][5]["built"] == true);
  CHECK(listed["levels"][8]["built"] == false);
  CHECK(listed["levels"][8]["pieces"] == 8);
  // A damaged level just above --pieces is named and left, the build itself a success; with
  // another damaged level below it, that one is rebuilt, the levels between are listed.
  const std::string folder = cache + "/4x4-orthogonal-optional/";
  std::filesystem::resize_file(folder + "level-06.egdb", 100);
  const auto above = run_cli("egdb build traditional --size 4 --pieces 5 --json --egdb " + cache);
  CHECK(above.code == 0);
  CHECK(Json::parse(above.out)["top"] == 5);
  CHECK(above.err.find("level-06.egdb': ") != std::string::npos);
  CHECK(above.err.find("above --pieces 5, so left as it is") != std::string::npos);
  std::filesystem::resize_file(folder + "level-04.egdb", 100);
  const auto both = run_cli("egdb build traditional --size 4 --pieces 5 --json --egdb " + cache);
  CHECK(both.code == 0);
  CHECK(Json::parse(both.out)["top"] == 5);
  CHECK(both.err.find("level-04.egdb': ") != std::string::npos);
  CHECK(both.err.find("level-06.egdb': ") != std::string::npos);
  CHECK(both.err.find("above --pieces 5, so left as it is (--pieces 6 builds it again)") !=
        std::string::npos);
  REQUIRE(run_cli("egdb build traditional --size 4 --pieces 8 --egdb " + cache).code == 0);
  // A damaged level above --pieces is named and left, not claimed rebuilt.
  std::filesystem::resize_file(level, 100);
  const auto lower = run_cli("egdb build traditional --size 4 --pieces 5 --egdb " + cache);
  CHECK(lower.code == 0);
  CHECK(lower.err.find("above --pieces 5, so left as it is (--pieces 7 builds it again)") !=
        std::string::npos);
  CHECK(std::filesystem::file_size(level) == 100);
}

TEST_CASE("analyse --egdb: the same proved value, from the tables", "[cli][egdb][heavy]") {
  const Scratch s;
  REQUIRE(run_cli("egdb build traditional --size 5 --pieces 10 --egdb " + s.dir).code == 0);
  const Scratch empty;  // no tables: the search alone
  for (const std::string& pos : {std::string("traditional --size 5"),
                                 quoted("11111/11.11/1.111/11111/1111. variant=traditional")}) {
    const auto with = run_cli("analyse " + pos + " --json --egdb " + s.dir);
    const auto plain = run_cli("analyse " + pos + " --json --threads 1 --egdb " + empty.dir);
    REQUIRE(with.code == 0);
    REQUIRE(plain.code == 0);
    const Json a = Json::parse(with.out), b = Json::parse(plain.out);
    CHECK(a["proved"] == true);
    CHECK(b["proved"] == true);
    CHECK(a["value"] == b["value"]);
    CHECK(a["best"] == b["best"]);
    CHECK(a["nodes"] < b["nodes"]);
  }
}

TEST_CASE("play --egdb: the engine against itself keeps the proved value every turn",
          "[cli][egdb]") {
  const Scratch s;
  REQUIRE(run_cli("egdb build traditional --width 4 --height 3 --pieces 12 --egdb " + s.dir).code ==
          0);
  std::mt19937_64 rng(9);
  int turns = 0;
  for (int game = 0; game < 6; ++game) {
    Tiny tiny{4, 3, false, leapfrog::Continuation::kOptional, true, false, 2, {}, {}};
    Tiny::State st;
    st.cells.assign(12, 0);
    std::string text;
    const int hole = static_cast<int>(rng() % 12);  // not full: no opening removals
    for (int r = 2; r >= 0; --r) {
      for (int f = 0; f < 4; ++f) {
        const bool on = f + 4 * r != hole && rng() % 10 < 8;
        st.cells[static_cast<std::size_t>(f + 4 * r)] = on;
        text += on ? '1' : '.';
      }
      if (r) text += '/';
    }
    const auto r = run_cli("play " + quoted(text + " variant=traditional") +
                           " --engine all --json --nodes 1000000 --egdb " + s.dir);
    REQUIRE(r.code == 0);
    const Json j = Json::parse(r.out);
    REQUIRE(j["finished"] == true);
    // Every turn played is one of the reference's best.
    for (const Json& t : j["turns"]) {
      const int before = tiny.value(st);
      bool found = false;
      for (const Tiny::Move& m : tiny.moves(st)) {
        std::string name;
        for (std::size_t k = 0; k < m.path.size(); ++k) {
          if (k) name += 'x';
          name += static_cast<char>('a' + m.path[k] % 4);
          name += static_cast<char>('1' + m.path[k] / 4);
        }
        if (name != t.get<std::string>()) continue;
        found = true;
        const Tiny::State next = tiny.play(st, m);
        CHECK(m.gain - tiny.value(next) == before);
        st = next;
        break;
      }
      REQUIRE(found);
      ++turns;
    }
    CHECK(tiny.moves(st).empty());
  }
  CHECK(turns > 20);
}

TEST_CASE("egdb info and verify name a level missing below others, build makes it again",
          "[cli][egdb]") {
  const Scratch s;
  REQUIRE(run_cli("egdb build traditional --size 4 --pieces 4 --egdb " + s.dir).code == 0);
  const std::string folder = s.dir + "/4x4-orthogonal-optional";
  std::filesystem::remove(folder + "/level-02.egdb");
  for (const char* action : {"info", "verify"}) {
    INFO(action);
    const auto r = run_cli(std::string("egdb ") + action + " traditional --size 4 --egdb " + s.dir);
    CHECK(r.code == 2);
    CHECK(r.out.empty());
    CHECK(r.err == std::string("leapfrog egdb ") + action + ": '" + folder +
                       "/level-02.egdb' is missing, below level 4 (levels 3..4 cannot be used "
                       "without it; leapfrog egdb build makes it). Try 'leapfrog egdb " +
                       action + " --help'.\n");
  }
  // The game's commands say so too: an error in --egdb DIR, a warning in the cache folder.
  const auto named = run_cli("analyse traditional --size 4 --json --egdb " + s.dir);
  CHECK(named.code == 2);
  CHECK(named.err.find("level-02.egdb' is missing, below level 4") != std::string::npos);
  std::filesystem::create_directories(s.dir + "/cache/leapfrog/egdb");
  std::filesystem::rename(s.dir + "/4x4-orthogonal-optional",
                          s.dir + "/cache/leapfrog/egdb/4x4-orthogonal-optional");
  const auto cached = run_with_cache_home(s.dir + "/cache", "analyse traditional --size 4 --json");
  CHECK(cached.code == 0);
  CHECK(cached.err.find("warning") != std::string::npos);
  CHECK(cached.err.find("level-02.egdb' is missing") != std::string::npos);
  std::filesystem::rename(s.dir + "/cache/leapfrog/egdb/4x4-orthogonal-optional",
                          s.dir + "/4x4-orthogonal-optional");
  REQUIRE(run_cli("egdb build traditional --size 4 --pieces 4 --egdb " + s.dir).code == 0);
  const auto info = run_cli("egdb info traditional --size 4 --json --egdb " + s.dir);
  REQUIRE(info.code == 0);
  CHECK(Json::parse(info.out)["top"] == 4);
  // A build to fewer pieces than the folder holds lists every level there, each with its
  // file's size, as info does.
  const auto lower = run_cli("egdb build traditional --size 4 --pieces 2 --json --egdb " + s.dir);
  REQUIRE(lower.code == 0);
  const Json built = Json::parse(lower.out);
  CHECK(built["top"] == 4);
  REQUIRE(built["levels"].size() == 5);
  for (const Json& l : built["levels"])
    CHECK(l["bytes"] ==
          std::filesystem::file_size(folder + "/level-0" + std::to_string(l["pieces"].get<int>()) +
                                     ".egdb"));
  // A gap filled by a build to fewer pieces than the folder holds: the build says the level
  // was missing, and lists the levels above it as kept.
  std::filesystem::remove(folder + "/level-02.egdb");
  const auto gap = run_cli("egdb build traditional --size 4 --pieces 2 --json --egdb " + s.dir);
  REQUIRE(gap.code == 0);
  CHECK(gap.err.find("level-02.egdb' is missing, below level 4") != std::string::npos);
  const Json filled = Json::parse(gap.out);
  CHECK(filled["top"] == 4);
  REQUIRE(filled["levels"].size() == 5);
  CHECK(filled["levels"][2]["built"] == true);
  CHECK(filled["levels"][4]["built"] == false);
}

TEST_CASE("a folder or a pipe in a level's place is named as such and build replaces a pipe only",
          "[cli][egdb]") {
  const Scratch s;
  REQUIRE(run_cli("egdb build traditional --size 4 --pieces 4 --egdb " + s.dir).code == 0);
  const std::string level = s.dir + "/4x4-orthogonal-optional/level-02.egdb";
  std::filesystem::remove(level);
  std::filesystem::create_directory(level);
  for (const char* action : {"info", "verify"}) {
    INFO(action);
    const auto r = run_cli(std::string("egdb ") + action + " traditional --size 4 --egdb " + s.dir);
    CHECK(r.code == 2);
    CHECK(r.err == std::string("leapfrog egdb ") + action + ": '" + level +
                       "': not a regular file. Try 'leapfrog egdb " + action + " --help'.\n");
  }
  // build refuses before building anything, and leaves the folder as it is.
  const auto dir = run_cli("egdb build traditional --size 4 --pieces 4 --egdb " + s.dir);
  CHECK(dir.code == 2);
  CHECK(dir.err.find("leapfrog egdb build: '" + level +
                     "' is a folder, where level 2's file goes; move it away, or give another "
                     "--egdb folder.") != std::string::npos);
  CHECK(dir.err.find("building it again") == std::string::npos);
  CHECK(std::filesystem::is_directory(level));
  CHECK(!std::filesystem::exists(level + ".tmp"));
  // A named pipe under the temporary name a level is written to is refused, not waited on.
  std::filesystem::remove(level);
  REQUIRE(::mkfifo((level + ".tmp").c_str(), 0600) == 0);
  const auto tmp = run_cli("egdb build traditional --size 4 --pieces 4 --egdb " + s.dir);
  CHECK(tmp.code == 2);
  CHECK(tmp.err.find("cannot write '" + level + ".tmp' (") != std::string::npos);
  std::filesystem::remove(level + ".tmp");
  // A pipe in a level's place is not opened (that would wait for a writer): it is damage, and
  // a build replaces it.
  REQUIRE(::mkfifo(level.c_str(), 0600) == 0);
  const auto piped = run_cli("egdb verify traditional --size 4 --egdb " + s.dir);
  CHECK(piped.code == 2);
  CHECK(piped.err.find("'" + level + "': not a regular file") != std::string::npos);
  const auto rebuilt = run_cli("egdb build traditional --size 4 --pieces 4 --egdb " + s.dir);
  CHECK(rebuilt.code == 0);
  CHECK(std::filesystem::is_regular_file(level));
  CHECK(run_cli("egdb verify traditional --size 4 --egdb " + s.dir).code == 0);
}

TEST_CASE("egdb info and verify refuse an --egdb that is not a folder", "[cli][egdb]") {
  const Scratch s;
  const std::string file = s.dir + "/afile";
  std::ofstream(file) << "hi\n";
  for (const char* action : {"info", "verify"})
    for (const std::string& dir : {file, s.dir + "/missing"}) {
      INFO(action << " " << dir);
      const auto r = run_cli(std::string("egdb ") + action + " traditional --size 4 --egdb " + dir);
      CHECK(r.code == 2);
      CHECK(r.out.empty());
      CHECK(r.err == std::string("leapfrog egdb ") + action + ": --egdb: '" + dir +
                         "' is not a folder. Try 'leapfrog egdb " + action + " --help'.\n");
    }
  // build makes the folder it is given.
  REQUIRE(run_cli("egdb build traditional --size 3 --egdb " + s.dir + "/made").code == 0);
  CHECK(std::filesystem::is_directory(s.dir + "/made/3x3-orthogonal-optional"));
  // Tables are two players': another --players is refused, a one-player board is not.
  for (const char* players : {"1", "3"}) {
    const auto p = run_cli(std::string("egdb build traditional --size 3 --players ") + players +
                           " --egdb " + s.dir);
    CHECK(p.code == 2);
    CHECK(p.err == std::string("leapfrog egdb build: endgame tables are for two players, not "
                               "--players ") +
                       players + ". Try 'leapfrog egdb build --help'.\n");
  }
  CHECK(run_cli("egdb build traditional --size 3 --players 2 --egdb " + s.dir).code == 0);
  // And the help offers 2 alone.
  for (const char* sub : {"build", "info", "verify"}) {
    INFO(sub);
    const auto help = run_cli(std::string("egdb ") + sub + " --help");
    CHECK(help.out.find("solitaire") == std::string::npos);
    CHECK(help.out.find("--players N") != std::string::npos);
  }
  CHECK(run_cli("egdb info '111/111/111 players=3' --egdb " + s.dir + "/made").code == 0);
  // A file where the folder would go: one line, the error, and no plan before it.
  const auto b = run_cli("egdb build traditional --size 4 --egdb " + file);
  CHECK(b.code == 2);
  CHECK(b.err == "leapfrog egdb build: cannot make the folder '" + file +
                     "/4x4-orthogonal-optional' (Not a directory).\n");
}
