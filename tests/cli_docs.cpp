// What a newcomer meets first: the build script, the test set-up, the commands the README
// shows, the docs and the help.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "readme_commands.h"
#include "run_cli.h"

using leapfrog::testing::slurp;

namespace {

const std::string kSource = LEAPFROG_SOURCE_DIR;

// Exit status and standard output of a shell command.
std::pair<int, std::string> shell(const std::string& cmd) {
  const std::string out = "leapfrog_docs_test_" + std::to_string(::getpid()) + ".out";
  const int status = std::system((cmd + " >" + out + " 2>/dev/null").c_str());
  std::string text = slurp(out);
  std::remove(out.c_str());
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, text};
}

}  // namespace

TEST_CASE("./build.sh run builds the program only", "[docs]") {
  const std::string script = slurp(kSource + "/build.sh");
  const auto run = script.find("\n  run)");
  REQUIRE(run != std::string::npos);
  const std::string body = script.substr(run, script.find(";;", run) - run);
  CHECK(body.find("configure_and_build build --target leapfrog") != std::string::npos);
}

TEST_CASE("the browser test says what it installs and can be skipped visibly", "[docs]") {
  auto [code, out] =
      shell("LEAPFROG_NO_BROWSER=1 sh '" + kSource + "/tests/browser_test.sh' false '" + kSource +
            "/scripts/ensure-chromium.sh'");
  CHECK(code == 77);  // ctest's SKIP_RETURN_CODE for that test
  CHECK(out.find("skipped: LEAPFROG_NO_BROWSER=1") != std::string::npos);
  // The web board's browser test too.
  std::tie(code, out) =
      shell("LEAPFROG_NO_BROWSER=1 sh '" + kSource + "/tests/browser/run.sh' false out '" +
            kSource + "/scripts/ensure-chromium.sh'");
  CHECK(code == 77);
  CHECK(out.find("skipped: LEAPFROG_NO_BROWSER=1") != std::string::npos);
  std::tie(code, out) =
      shell("LEAPFROG_NO_BROWSER=1 bash '" + kSource + "/scripts/ensure-chromium.sh'");
  CHECK(code == 1);
  CHECK(out.empty());
}

namespace {

// Every subcommand's --help, and the program's.
std::vector<std::pair<std::string, std::string>> help_texts() {
  std::vector<std::pair<std::string, std::string>> out;
  for (const char* cmd : {"", "show", "moves", "best", "verify", "solve", "reach", "survey",
                          "perft", "generate", "generate layout", "generate puzzles", "check",
                          "sheet", "bench", "analyse", "play", "hub", "serve"})
    out.emplace_back(cmd, leapfrog::testing::run_cli(std::string(cmd) + " --help").out);
  return out;
}

// References a reader of the repository cannot follow: the contract and rule texts the
// project was started from live outside it; the docs carry them in their own words.
const char* const kOutside[] = {"../shared", "SPEC", "seed 0", "seeds 0", "shared/"};

}  // namespace

TEST_CASE("docs, README and help name no reference outside the repository", "[docs]") {
  namespace fs = std::filesystem;
  std::vector<std::pair<std::string, std::string>> texts = help_texts();
  texts.emplace_back("README.md", slurp(kSource + "/README.md"));
  for (const auto& entry : fs::recursive_directory_iterator(kSource + "/docs"))
    if (entry.path().extension() == ".md")
      texts.emplace_back(entry.path().string(), slurp(entry.path().string()));
  // The shipped records and puzzle files, which the docs point to, explain themselves in
  // comments.
  for (const auto& entry : fs::recursive_directory_iterator(kSource + "/puzzles"))
    if (const fs::path ext = entry.path().extension();
        ext == ".md" || ext == ".lfr" || ext == ".epd" || ext == ".csv")
      texts.emplace_back(entry.path().string(), slurp(entry.path().string()));
  REQUIRE(texts.size() > 20);
  for (const auto& [name, text] : texts) {
    REQUIRE(!text.empty());
    // A reference broken over lines (and their comment marks) is one reference.
    std::string flat;
    for (std::size_t i = 0; i < text.size(); ++i)
      if (text[i] != '\n') {
        flat += text[i];
      } else {
        flat += ' ';
        while (i + 1 < text.size() && (text[i + 1] == ';' || text[i + 1] == ' ')) ++i;
      }
    for (const char* bad : kOutside) {
      INFO(name << " mentions '" << bad << "'");
      CHECK(flat.find(bad) == std::string::npos);
    }
  }
  // The contract's own pages exist and cite the sources by name.
  const std::string rules = slurp(kSource + "/docs/rules.md");
  for (const char* source : {"A History of Board-Games Other Than Chess", "BrainKing",
                             "A Gamut of Games", "Ken Franklin"}) {
    INFO(source);
    CHECK(rules.find(source) != std::string::npos);
  }
  CHECK(!slurp(kSource + "/docs/notation.md").empty());
  CHECK(!slurp(kSource + "/docs/json.md").empty());
}

TEST_CASE("every file a help example reads exists", "[docs]") {
  namespace fs = std::filesystem;
  int files = 0;
  for (const auto& [cmd, text] : help_texts()) {
    const auto at = text.find("Example:\n");
    if (at == std::string::npos) continue;
    std::istringstream words(text.substr(at + 9));
    std::string word, previous;
    while (words >> word) {
      const std::string ext = fs::path(word).extension().string();
      // Files written by the example (--out, --html, --svg) need not exist.
      const bool written = previous == "--out" || previous == "--html" || previous == "--svg";
      if (!written && (ext == ".epd" || ext == ".csv" || ext == ".lfr" || ext == ".pos")) {
        INFO("leapfrog " << cmd << " --help names " << word);
        CHECK(fs::exists(kSource + "/" + word));
        ++files;
      }
      previous = word;
    }
  }
  CHECK(files >= 2);  // check's and sheet's examples read a puzzle file
}

TEST_CASE("every command line the README shows is accepted", "[docs]") {
  // Its options and their values are read as when it runs; --help then stops it before the
  // work (the slow suite runs each in full).
  const auto commands = leapfrog::testing::readme_commands();
  CHECK(commands.size() >= 20);
  for (const auto& c : commands) {
    INFO("leapfrog " << c.args);
    const auto r = leapfrog::testing::run_cli(c.args + " --help");
    CHECK(r.code == 0);
    CHECK(r.err.empty());
  }
}

namespace {

// The anchor GitHub gives a heading: lower case, punctuation but '-' and '_' dropped, each
// space a '-'.
std::string heading_anchor(const std::string& heading) {
  std::string out;
  for (const char c : heading) {
    const auto u = static_cast<unsigned char>(c);
    if (std::isalnum(u) != 0 || c == '-' || c == '_' || u >= 0x80)
      out += static_cast<char>(std::tolower(u));
    else if (c == ' ')
      out += '-';
  }
  return out;
}

std::set<std::string> anchors_of(const std::string& text) {
  std::set<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    const std::size_t hashes = line.find_first_not_of('#');
    if (hashes == 0 || hashes == std::string::npos || line[hashes] != ' ') continue;
    out.insert(heading_anchor(line.substr(hashes + 1)));
  }
  return out;
}

}  // namespace

namespace {
// The targets of a Markdown page's links: the text of every `](target)` without blanks.
std::vector<std::string> link_targets(const std::string& text) {
  std::vector<std::string> targets;
  for (std::size_t at = text.find("]("); at != std::string::npos; at = text.find("](", at + 2)) {
    std::size_t end = at + 2;
    while (end < text.size() && text[end] != ')' &&
           !std::isspace(static_cast<unsigned char>(text[end])))
      ++end;
    if (end < text.size() && text[end] == ')' && end > at + 2)
      targets.push_back(text.substr(at + 2, end - at - 2));
  }
  return targets;
}
}  // namespace

TEST_CASE("every relative link of the docs and the README leads somewhere", "[docs]") {
  // A file, a folder, or a heading of a Markdown page (`page.md#heading`, `#heading`).
  namespace fs = std::filesystem;
  std::vector<fs::path> pages{kSource + "/README.md"};
  for (const auto& entry : fs::recursive_directory_iterator(kSource + "/docs"))
    if (entry.path().extension() == ".md") pages.push_back(entry.path());
  int links = 0;
  for (const fs::path& page : pages) {
    const std::string text = slurp(page.string());
    for (const std::string& target : link_targets(text)) {
      if (target.find("://") != std::string::npos || target.starts_with("mailto:")) continue;
      const std::size_t hash = target.find('#');
      const std::string file = target.substr(0, hash);
      const fs::path to = file.empty() ? page : page.parent_path() / file;
      INFO(fs::relative(page, kSource).string() << " links to " << target);
      CHECK(fs::exists(to));
      if (hash != std::string::npos && fs::exists(to) && to.extension() == ".md")
        CHECK(anchors_of(slurp(to.string())).count(target.substr(hash + 1)) == 1);
      ++links;
    }
  }
  CHECK(links > 100);
}

namespace {

// `...` in an expected line stands for any text: the pieces between them must come in
// order, the first at the start of the line and the last at its end.
bool matches(const std::string& line, const std::string& expected) {
  std::vector<std::string> pieces;
  for (std::size_t from = 0;;) {
    const std::size_t dots = expected.find("...", from);
    pieces.push_back(expected.substr(from, dots - from));
    if (dots == std::string::npos) break;
    from = dots + 3;
  }
  if (pieces.size() == 1) return line == expected;
  if (!line.starts_with(pieces.front()) || !line.ends_with(pieces.back())) return false;
  if (pieces.front().size() + pieces.back().size() > line.size()) return false;
  std::size_t at = pieces.front().size();
  const std::size_t end = line.size() - pieces.back().size();
  for (std::size_t i = 1; i + 1 < pieces.size(); ++i) {
    at = line.find(pieces[i], at);
    if (at == std::string::npos || at + pieces[i].size() > end) return false;
    at += pieces[i].size();
  }
  return true;
}

// Plays every session a protocol page shows: a block of indented lines "> message" (sent)
// and "< answer" (the next line the program writes; `...` in it stands for any text, and a
// line "< ..." alone for any lines up to the one the next answer matches). Each block is a
// new engine; at its end the input is closed, and the engine must exit 0 having written
// nothing more. Returns the number of sessions.
int play_sessions(const std::string& page, const std::string& args) {
  std::vector<std::vector<std::string>> sessions;
  std::istringstream doc(slurp(kSource + "/docs/" + page));
  bool in_block = false;
  for (std::string l; std::getline(doc, l);) {
    const bool session_line = l.starts_with("    > ") || l.starts_with("    < ");
    if (session_line && !in_block) sessions.emplace_back();
    if (session_line) sessions.back().push_back(l.substr(4));
    in_block = session_line;
  }
  for (const std::vector<std::string>& session : sessions) {
    leapfrog::testing::CliDialogue engine(args);
    REQUIRE(engine.started());
    for (std::size_t i = 0; i < session.size(); ++i) {
      const std::string& l = session[i];
      INFO(page << ", session line '" << l << "'");
      if (l.starts_with("> ")) {
        REQUIRE(engine.send(l.substr(2) + "\n"));
      } else if (l == "< ...") {
        // Skip to the line the next answer matches.
        REQUIRE(i + 1 < session.size());
        REQUIRE(session[i + 1].starts_with("< "));
        const std::string next = session[i + 1].substr(2);
        std::optional<std::string> got;
        while ((got = engine.line()) && !matches(*got, next)) {
        }
        REQUIRE(got);
        ++i;
      } else {
        const std::optional<std::string> got = engine.line();
        REQUIRE(got);
        CHECK(matches(*got, l.substr(2)));
      }
    }
    const auto r = engine.finish();
    CHECK(r.code == 0);
    CHECK(r.out.empty());
  }
  return static_cast<int>(sessions.size());
}

}  // namespace

TEST_CASE("the sessions docs/hub.md and docs/uci.md show are what the engines say", "[docs]") {
  CHECK(play_sessions("hub.md", "hub") >= 2);
  CHECK(play_sessions("uci.md", "chess uci") >= 1);
}

TEST_CASE("the puzzles docs/puzzle-files.md shows, EPD and CSV, pass check", "[docs]") {
  std::istringstream doc(slurp(kSource + "/docs/puzzle-files.md"));
  std::string epd, csv, line;
  while (std::getline(doc, line)) {
    if (!line.starts_with("    ")) continue;
    const std::string text = line.substr(4);
    if (text.find(" bm ") != std::string::npos && !text.starts_with("<"))
      epd += text + "\n";
    else if (text.starts_with("PuzzleId,") || (!csv.empty() && text.find(',') != std::string::npos))
      csv += text + "\n";
  }
  REQUIRE(!epd.empty());
  REQUIRE(std::count(csv.begin(), csv.end(), '\n') >= 3);
  for (const auto& [name, text] :
       {std::pair{std::string("epd"), epd}, std::pair{std::string("csv"), csv}}) {
    INFO(name << ":\n" << text);
    const std::string path = "leapfrog_docs_puzzles_" + std::to_string(::getpid()) + "." + name;
    { std::ofstream(path) << text; }
    const auto r = leapfrog::testing::run_cli("check " + path);
    CHECK(r.code == 0);
    CHECK(r.out.find("all verified") != std::string::npos);
    std::remove(path.c_str());
  }
}

namespace {

// A command the docs show as typed at a shell prompt (`    $ leapfrog ...`) and the lines
// shown after it. `# NAME: TEXT` after the command names a file the example reads (made with
// TEXT in an empty folder the command runs in); `<<'EOF'` takes the lines up to `EOF` as
// standard input.
struct ShellExample {
  std::string page, command, input;
  std::vector<std::string> file;  // name and contents, when the example names one
  std::vector<std::string> shown;
};

std::vector<ShellExample> shell_examples() {
  namespace fs = std::filesystem;
  std::vector<std::string> pages{kSource + "/README.md"};
  for (const auto& e : fs::directory_iterator(kSource + "/docs"))
    if (e.path().extension() == ".md") pages.push_back(e.path().string());
  std::sort(pages.begin(), pages.end());
  std::vector<ShellExample> out;
  for (const std::string& page : pages) {
    std::vector<std::string> lines;
    std::istringstream in(slurp(page));
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    for (std::size_t i = 0; i < lines.size();) {
      if (!lines[i].starts_with("    $ leapfrog ")) {
        ++i;
        continue;
      }
      ShellExample ex;
      ex.page = fs::path(page).filename().string();
      ex.command = lines[i++].substr(6);
      if (const std::size_t hash = ex.command.find("  # "); hash != std::string::npos) {
        const std::string note = ex.command.substr(hash + 4);
        ex.command.erase(ex.command.find_last_not_of(' ', hash) + 1);
        const std::size_t colon = note.find(": ");
        if (colon != std::string::npos)
          ex.file = {note.substr(0, colon), note.substr(colon + 2) + "\n"};
      }
      if (const std::size_t here = ex.command.find(" <<'EOF'"); here != std::string::npos) {
        ex.command.erase(here);
        for (; i < lines.size() && lines[i] != "    EOF"; ++i)
          ex.input += lines[i].substr(4) + "\n";
        ++i;
      }
      // The block goes on over a blank line followed by more of it.
      const auto shown_line = [&](std::size_t k) {
        return k < lines.size() && lines[k].starts_with("    ") && !lines[k].starts_with("    $ ");
      };
      for (; shown_line(i) || (i < lines.size() && lines[i].empty() && shown_line(i + 1)); ++i)
        ex.shown.push_back(lines[i].empty() ? "" : lines[i].substr(4));
      out.push_back(ex);
    }
  }
  return out;
}

std::vector<std::string> text_lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

// A shown line `...` stands for any number of lines; every other line is compared whole.
bool lines_match(const std::vector<std::string>& shown, std::size_t s,
                 const std::vector<std::string>& got, std::size_t g) {
  if (s == shown.size()) return g == got.size();
  if (shown[s] == "...") {
    for (std::size_t k = g; k <= got.size(); ++k)
      if (lines_match(shown, s + 1, got, k)) return true;
    return false;
  }
  return g < got.size() && shown[s] == got[g] && lines_match(shown, s + 1, got, g + 1);
}

}  // namespace

TEST_CASE("the commands the docs show at a prompt print what the docs show", "[docs]") {
  namespace fs = std::filesystem;
  const auto examples = shell_examples();
  CHECK(examples.size() >= 15);
  const fs::path dir = fs::temp_directory_path() / ("leapfrog_docs_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  for (const ShellExample& ex : examples) {
    INFO(ex.page << ": $ " << ex.command);
    CHECK(!ex.shown.empty());
    // Shows the note standard error gets on a terminal only (here it goes to a file).
    if (ex.command == "leapfrog analyse murray") continue;
    if (ex.file.size() == 2) std::ofstream(dir / ex.file[0]) << ex.file[1];
    { std::ofstream(dir / "stdin") << ex.input; }
    // What a terminal shows: the messages on standard error come before the output here.
    const std::string cmd = "cd '" + dir.string() + "' && '" + LEAPFROG_EXE + "'" +
                            ex.command.substr(8) + " <stdin >stdout 2>stderr";
    CHECK(std::system(cmd.c_str()) != -1);
    std::vector<std::string> got = text_lines(slurp((dir / "stderr").string()));
    for (std::string& line : text_lines(slurp((dir / "stdout").string())))
      got.push_back(std::move(line));
    std::string seen;
    for (const std::string& line : got) seen += line + "\n";
    INFO("printed:\n" << seen);
    CHECK(lines_match(ex.shown, 0, got, 0));
  }
  fs::remove_all(dir);
}
