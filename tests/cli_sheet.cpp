// `sheet`: a puzzle file becomes a printable HTML page, which headless Chromium renders
// (the screenshot is left in the test's working directory as sheet-screenshot.png).
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "puzzles/puzzle_file.h"
#include "run_cli.h"

using leapfrog::testing::run_cli;
using leapfrog::testing::slurp;

namespace {

const std::string kPuzzles = std::string(LEAPFROG_SOURCE_DIR) + "/tests/data/puzzles.epd";

std::size_t count_of(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t p = text.find(what); p != std::string::npos; p = text.find(what, p + 1)) ++n;
  return n;
}

std::string shell_output(const std::string& command, int& code) {
  std::string out;
  FILE* pipe = ::popen(command.c_str(), "r");
  if (pipe == nullptr) {
    code = -1;
    return out;
  }
  char buf[512];
  while (std::fgets(buf, sizeof buf, pipe) != nullptr) out += buf;
  const int status = ::pclose(pipe);
  code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  while (!out.empty() && (out.back() == '\n' || out.back() == '\r')) out.pop_back();
  return out;
}

std::uint32_t big_endian(const std::string& s, std::size_t at) {
  std::uint32_t v = 0;
  for (std::size_t i = 0; i < 4; ++i) v = (v << 8) | static_cast<unsigned char>(s[at + i]);
  return v;
}

}  // namespace

TEST_CASE("sheet writes numbered puzzles and a separate solutions page", "[sheet]") {
  const std::string out = "leapfrog_sheet_test_" + std::to_string(::getpid()) + ".html";
  const auto r = run_cli("sheet " + kPuzzles + " --html " + out + " --title 'Test & sheet'");
  REQUIRE(r.code == 0);
  CHECK(r.out == "wrote 7 puzzles to " + out + "\n");
  const std::string html = slurp(out);
  std::remove(out.c_str());
  CHECK(html.starts_with("<!DOCTYPE html>\n"));
  CHECK(html.find("<title>Test &amp; sheet</title>") != std::string::npos);
  CHECK(count_of(html, "<figure id=\"puzzle-") == 7);
  CHECK(count_of(html, "id=\"solution-") == 7);
  CHECK(html.find("<span class=\"number\">7.</span>") != std::string::npos);
  // Solutions come after every puzzle, on a page of their own when printed.
  CHECK(html.find("page-break-before: always") != std::string::npos);
  CHECK(html.find("<section class=\"solutions\">") > html.rfind("<figure id=\"puzzle-"));
  CHECK(html.find("e1xc1xc3xc5 &#8212; 7 points (the only way)") != std::string::npos);
  // The solitaire solution is a line of small diagrams.
  CHECK(html.find("8. a1xc1 +1") != std::string::npos);
  CHECK(html.find("end: +8 points") != std::string::npos);
  // Nothing is fetched from elsewhere.
  CHECK(html.find("http://www.w3.org/2000/svg") != std::string::npos);
  CHECK(count_of(html, "http") == count_of(html, "http://www.w3.org/2000/svg"));
}

TEST_CASE("sheet writes well-formed UTF-8 whatever bytes the puzzle file holds", "[sheet]") {
  // An id with two bytes that are no UTF-8, a control character, a character of three
  // bytes, and three sequences of three bytes that are not well-formed characters: the page
  // declares UTF-8, so the bad bytes and the control become U+FFFD and the rest stays.
  const leapfrog::testing::Scratch s;
  const std::string file = s.dir + "/odd.epd";
  {
    std::ofstream(file, std::ios::binary)
        << "1...2/11212/2...2/.23.1/.1.21 variant=murray players=1 bm e1xc1xc3xc5; id "
           "\"bad\xff\xfe\x01id \xe2\x82\xac\xed\xa0\x80\xe0\x80\xaf\xef\xbf\xbf\"; ce 7; kind "
           "chain;\n";
  }
  const auto r = run_cli("sheet " + file + " --html -");
  REQUIRE(r.code == 0);
  // A surrogate (ED A0 80) and an overlong form (E0 80 AF) are a U+FFFD a byte; U+FFFF,
  // which XML does not allow, one U+FFFD.
  const std::string bad = "\xef\xbf\xbd";
  CHECK(r.out.find("bad" + bad + bad + bad + "id \xe2\x82\xac" + bad + bad + bad + bad + bad + bad +
                   bad + ",") != std::string::npos);
  CHECK(r.out.find('\xff') == std::string::npos);
  CHECK(r.out.find('\x01') == std::string::npos);
}

TEST_CASE("sheet reads CSV puzzle files too, and the same page comes out", "[sheet]") {
  const auto puzzles = leapfrog::parse_puzzles(slurp(kPuzzles));
  const std::string csv = "leapfrog_sheet_test_" + std::to_string(::getpid()) + ".csv";
  { std::ofstream(csv, std::ios::binary) << leapfrog::format_puzzles_csv(puzzles); }
  const auto from_csv = run_cli("sheet " + csv + " --html -");
  const auto from_epd = run_cli("sheet " + kPuzzles + " --html -");
  std::remove(csv.c_str());
  REQUIRE(from_csv.code == 0);
  CHECK(from_csv.out == from_epd.out);
}

TEST_CASE("sheet writes to standard output unless --html names a file", "[sheet]") {
  const auto plain = run_cli("sheet " + kPuzzles);
  CHECK(plain.code == 0);
  CHECK(plain.out.starts_with("<!DOCTYPE html>\n"));
  CHECK(plain.out == run_cli("sheet " + kPuzzles + " --html -").out);
  const auto json = run_cli("sheet " + kPuzzles + " --json");
  CHECK(json.code == 2);
  CHECK(json.err.find("--json needs --html to name a file") != std::string::npos);
  // With a file: how many puzzles, the page written and the puzzle file read.
  const leapfrog::testing::Scratch s;
  const std::string page = s.dir + "/page.html";
  const auto written = run_cli("sheet " + kPuzzles + " --json --html " + page);
  REQUIRE(written.code == 0);
  const auto j = nlohmann::json::parse(written.out);
  CHECK(j["html"] == page);
  CHECK(j["file"] == kPuzzles);
  CHECK(j["puzzles"].get<int>() > 0);
}

TEST_CASE("sheet rejects bad input with one line and exit 2", "[sheet]") {
  auto r = run_cli("sheet " + kPuzzles + " --html ''");
  CHECK(r.code == 2);
  CHECK(r.err ==
        "leapfrog sheet: --html must name a file ('-': standard input or output), not ''. Try "
        "'leapfrog sheet --help'.\n");
  r = run_cli("sheet - --html -", "11. bm a1xc1; id \"ok\";\n1Z. bm a1xc1; id \"bad\";\n");
  CHECK(r.code == 2);
  CHECK(r.err.find("puzzle line 2") != std::string::npos);
  CHECK(r.err.find("unknown piece 'Z'") != std::string::npos);
  r = run_cli("sheet - --html -", "11.1 bm a1xc1 a1xc1; id \"p1\";\n");
  CHECK(r.code == 2);
  CHECK(r.err.starts_with("leapfrog sheet: puzzle p1: solution turn 2 a1xc1 is not legal"));
  CHECK(count_of(r.err, "\n") == 1);
  r = run_cli("sheet - --html -", "; only a comment\n");
  CHECK(r.code == 2);
  CHECK(r.err.find("no puzzles") != std::string::npos);
  r = run_cli("sheet " + kPuzzles + " --html - --columns 9");
  CHECK(r.code == 2);
}

TEST_CASE("a page that cannot be written whole leaves the old file as it was", "[sheet]") {
  namespace fs = std::filesystem;
  const fs::path dir =
      fs::temp_directory_path() / ("leapfrog_sheet_keep_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  const std::string page = (dir / "page.html").string();
  { std::ofstream(page) << "the old page\n"; }
  fs::permissions(page, fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
  // A file-size limit makes the write fail part way, as a full disk does (the signal it would
  // send is ignored, so the write reports the error).
  int code = -1;
  shell_output("sh -c \"trap '' XFSZ; ulimit -f 8; '" + std::string(LEAPFROG_EXE) + "' sheet '" +
                   kPuzzles + "' --html '" + page + "'\" 2>&1",
               code);
  CHECK(code == 2);
  CHECK(slurp(page) == "the old page\n");
  // Written whole, the page takes the file's place and keeps its permissions.
  const auto whole = run_cli("sheet " + kPuzzles + " --html '" + page + "'");
  CHECK(whole.code == 0);
  CHECK(slurp(page).starts_with("<!DOCTYPE html>"));
  CHECK(fs::status(page).permissions() ==
        (fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read));
  // Through a link, the file it names is replaced and the link stays.
  const std::string link = (dir / "link.html").string();
  fs::create_symlink(page, link);
  { std::ofstream(page) << "the old page\n"; }
  CHECK(run_cli("sheet " + kPuzzles + " --html '" + link + "'").code == 0);
  CHECK(fs::is_symlink(link));
  CHECK(slurp(page).starts_with("<!DOCTYPE html>"));
  // Nothing is left beside the page.
  CHECK(std::distance(fs::directory_iterator(dir), fs::directory_iterator()) == 2);
  // The puzzle file itself as the page is refused before anything is written.
  const std::string own = (dir / "own.epd").string();
  fs::copy_file(kPuzzles, own);
  const auto same = run_cli("sheet '" + own + "' --html '" + own + "'");
  CHECK(same.code == 2);
  CHECK(same.err.find("is the puzzle file itself") != std::string::npos);
  CHECK(slurp(own) == slurp(kPuzzles));
  fs::remove_all(dir);
}

TEST_CASE("headless Chromium renders the sheet (screenshot)", "[sheet][browser]") {
  int code = 0;
  const std::string browser = shell_output(
      std::string("'") + LEAPFROG_SOURCE_DIR + "/scripts/ensure-chromium.sh' 2>/dev/null", code);
  if (code != 0 || browser.empty()) {
    WARN(
        "SKIPPED: Chromium is not installed and scripts/ensure-chromium.sh could not install it; "
        "the sheet screenshot test did not run");
    return;
  }
  namespace fs = std::filesystem;
  const fs::path html = fs::absolute("sheet-screenshot.html");
  const fs::path png = fs::absolute("sheet-screenshot.png");
  const fs::path profile = fs::absolute("leapfrog-chromium-profile-" + std::to_string(::getpid()));
  fs::remove(png);
  const auto r = run_cli("sheet " + kPuzzles + " --html '" + html.string() + "'");
  REQUIRE(r.code == 0);
  const std::string command =
      "timeout 180 '" + browser +
      "' --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --hide-scrollbars "
      "--no-first-run --user-data-dir='" +
      profile.string() + "' --window-size=900,2400 --screenshot='" + png.string() + "' 'file://" +
      html.string() + "' >/dev/null 2>&1";
  const int status = std::system(command.c_str());
  std::error_code ec;
  fs::remove_all(profile, ec);
  INFO(command);
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
  const std::string bytes = slurp(png.string());
  REQUIRE(bytes.size() > 24);
  CHECK(bytes.substr(0, 8) == "\x89PNG\r\n\x1a\n");
  CHECK(big_endian(bytes, 16) == 900);   // IHDR width
  CHECK(big_endian(bytes, 20) == 2400);  // IHDR height
  // A blank page compresses to a few kilobytes; seven coloured boards do not.
  CHECK(bytes.size() > 50000);
}
