// survey: every single-vacancy start of a board, one per class of symmetric holes (docs/json.md,
// docs/solitaire.md).
#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "run_cli.h"

using leapfrog::testing::run_cli;
using Json = nlohmann::json;

namespace {

std::vector<std::string> split(const std::string& text, char sep) {
  std::vector<std::string> out;
  std::string part;
  std::istringstream in(text);
  while (std::getline(in, part, sep)) out.push_back(part);
  if (!text.empty() && text.back() == sep) out.emplace_back();
  return out;
}

std::string joined(const Json& words) {
  std::string out;
  for (const Json& w : words) {
    if (!out.empty()) out += ' ';
    out += w.get<std::string>();
  }
  return out;
}

// The classes of holes the rows stand for, each a sorted list of square names.
std::set<std::vector<std::string>> classes_of(const Json& j) {
  std::set<std::vector<std::string>> out;
  for (const Json& row : j["rows"]) {
    std::vector<std::string> holes = row["holes"].get<std::vector<std::string>>();
    CHECK(holes.front() == row["start"].get<std::string>());
    std::sort(holes.begin(), holes.end());
    out.insert(holes);
  }
  return out;
}

// Every square of the board in exactly one row's class.
void check_partition(const Json& j, int squares) {
  std::multiset<std::string> seen;
  for (const Json& row : j["rows"])
    for (const Json& h : row["holes"]) seen.insert(h.get<std::string>());
  CHECK(static_cast<int>(seen.size()) == squares);
  CHECK(std::set<std::string>(seen.begin(), seen.end()).size() == seen.size());
}

// The number of jumps of a line (each "x" of a chain is one).
int jumps(const Json& line) {
  int n = 0;
  for (const Json& t : line) {
    const std::string s = t.get<std::string>();
    n += static_cast<int>(std::count(s.begin(), s.end(), 'x'));
  }
  return n;
}

}  // namespace

TEST_CASE("survey triangle: the 15-hole triangle's four starts all leave one peg",
          "[cli][survey][heavy]") {
  // Bell, "Solving Triangular Peg Solitaire" (Journal of Integer Sequences 11, 2008): every
  // single-vacancy start of the 15-hole triangle can be reduced to one peg. With holes
  // numbered 1..15 row by row from the top, the starts up to the triangle's six symmetries are
  // the corners (1, 11, 15), holes 2, 3, 7, 10, 12, 14, the edge midpoints (4, 6, 13) and the
  // interior (5, 8, 9); here by square name.
  const auto r = run_cli("survey triangle --size 5 --json --threads 2");
  REQUIRE(r.code == 0);
  const Json j = Json::parse(r.out);
  CHECK(j["squares"] == 15);
  CHECK(j["symmetries"] == 6);
  CHECK(j["starts"] == 4);
  CHECK(j["stopped"] == false);
  REQUIRE(j["rows"].size() == 4);
  const std::set<std::vector<std::string>> expected = {{"a1", "a5", "e1"},
                                                       {"a2", "a4", "b1", "b4", "d1", "d2"},
                                                       {"a3", "c1", "c3"},
                                                       {"b2", "b3", "c2"}};
  CHECK(classes_of(j) == expected);
  check_partition(j, 15);
  std::vector<std::string> starts;
  for (const Json& row : j["rows"]) {
    starts.push_back(row["start"].get<std::string>());
    CHECK(row["pieces"] == 14);
    CHECK(row["left"] == 1);
    CHECK(row["value"] == 13);
    CHECK(row["bound"] == 13);
    CHECK(row["proved"] == true);
    CHECK(row["complete"] == true);
    CHECK(jumps(row["line"]) == 13);
  }
  // In the reading order of their first holes: top row first.
  CHECK(starts == std::vector<std::string>{"a5", "a4", "a3", "b3"});
  CHECK(j["proved"] == 4);
}

TEST_CASE("survey takes no --hole and its help offers none", "[cli][survey]") {
  // The survey empties every square in turn: a --hole would not be the start of any row.
  const auto help = run_cli("survey --help");
  CHECK(help.code == 0);
  CHECK(help.out.find("--hole") == std::string::npos);
  CHECK(run_cli("survey triangle --size 5 --hole a1").code == 2);
}

TEST_CASE("survey --every-hole: every hole a row, each as its class's start",
          "[cli][survey][heavy]") {
  const auto all = run_cli("survey triangle --size 5 --every-hole --json --threads 1");
  REQUIRE(all.code == 0);
  const Json j = Json::parse(all.out);
  CHECK(j["symmetries"] == 1);
  REQUIRE(j["rows"].size() == 15);
  check_partition(j, 15);
  for (const Json& row : j["rows"]) {
    CHECK(row["holes"].size() == 1);
    CHECK(row["left"] == 1);
    CHECK(row["proved"] == true);
  }
}

TEST_CASE("survey english: one start per class of the cross's symmetric holes",
          "[cli][survey][heavy]") {
  // The classes computed here from the cross itself: its 33 squares on the 7x7 grid and the
  // square's eight maps about the centre.
  std::vector<std::array<int, 2>> cells;
  for (int f = 0; f < 7; ++f)
    for (int r = 0; r < 7; ++r)
      if ((f >= 2 && f <= 4) || (r >= 2 && r <= 4)) cells.push_back({f, r});
  REQUIRE(cells.size() == 33);
  const auto name = [](int f, int r) {
    std::string text(1, static_cast<char>('a' + f));
    text += std::to_string(r + 1);
    return text;
  };
  std::set<std::vector<std::string>> expected;
  for (const auto& [f, r] : cells) {
    std::vector<std::string> images;
    for (const auto& [g, s] : std::vector<std::array<int, 2>>{{f, r},
                                                              {6 - f, r},
                                                              {f, 6 - r},
                                                              {6 - f, 6 - r},
                                                              {r, f},
                                                              {6 - r, f},
                                                              {r, 6 - f},
                                                              {6 - r, 6 - f}})
      images.push_back(name(g, s));
    std::sort(images.begin(), images.end());
    images.erase(std::unique(images.begin(), images.end()), images.end());
    expected.insert(images);
  }
  REQUIRE(expected.size() == 7);
  // A node limit keeps it quick: the starts, not the proofs, are checked here (the slow suite
  // proves every one).
  const auto r = run_cli("survey english --nodes 2000 --json");
  REQUIRE(r.code == 0);
  const Json j = Json::parse(r.out);
  CHECK(j["squares"] == 33);
  CHECK(j["symmetries"] == 8);
  CHECK(j["starts"] == 7);
  REQUIRE(j["rows"].size() == 7);
  CHECK(classes_of(j) == expected);
  check_partition(j, 33);
  for (const Json& row : j["rows"]) {
    CHECK(row["pieces"] == 32);
    CHECK(row["left"] == 32 - row["value"].get<int>());
    CHECK(row["bound"] == 31);
  }
}

TEST_CASE("survey keeps only the symmetries that keep the pieces' values", "[cli][survey][heavy]") {
  // A 3x3 board with a 2 on c1: of the square's eight maps only the identity and the mirror
  // through the a3-c1 diagonal keep it, so the three diagonal squares are starts of their own
  // and the other six pair up.
  const auto r = run_cli("survey 111/111/112 --json");
  REQUIRE(r.code == 0);
  const Json j = Json::parse(r.out);
  CHECK(j["symmetries"] == 2);
  CHECK(j["starts"] == 6);
  // The mirror sends file f, rank r to file 2-r, rank 2-f (a..c, 1..3 from 0).
  const std::set<std::vector<std::string>> expected = {{"a3"},       {"a2", "b3"}, {"b2"},
                                                       {"a1", "c3"}, {"b1", "c2"}, {"c1"}};
  CHECK(classes_of(j) == expected);
  check_partition(j, 9);
}

TEST_CASE("survey's text, CSV and JSON give the same rows", "[cli][survey][heavy]") {
  // One thread: the node counts are the same run to run too.
  const char* args = "survey triangle --size 6 --threads 1";
  const auto js = run_cli(std::string(args) + " --json");
  const auto csv = run_cli(std::string(args) + " --csv");
  const auto text = run_cli(args);
  REQUIRE(js.code == 0);
  REQUIRE(csv.code == 0);
  REQUIRE(text.code == 0);
  const Json j = Json::parse(js.out);
  const std::vector<std::string> lines = split(csv.out, '\n');
  REQUIRE(lines.size() == j["rows"].size() + 2);  // the header, the rows, the final newline
  CHECK(lines.back().empty());
  CHECK(lines[0] == "start,holes,pieces,left,value,bound,proved,complete,nodes,seconds,line");
  const std::vector<std::string> text_lines = split(text.out, '\n');
  REQUIRE(text_lines.size() == j["rows"].size() + 4);  // summary, header, rows, total, newline
  for (std::size_t i = 0; i < j["rows"].size(); ++i) {
    const Json& row = j["rows"][i];
    INFO("row " << i);
    const std::vector<std::string> f = split(lines[i + 1], ',');
    REQUIRE(f.size() == 11);
    CHECK(f[0] == row["start"].get<std::string>());
    CHECK(f[1] == joined(row["holes"]));
    CHECK(f[2] == std::to_string(row["pieces"].get<int>()));
    CHECK(f[3] == std::to_string(row["left"].get<int>()));
    CHECK(f[4] == std::to_string(row["value"].get<int>()));
    CHECK(f[5] == std::to_string(row["bound"].get<int>()));
    CHECK(f[6] == (row["proved"].get<bool>() ? "true" : "false"));
    CHECK(f[7] == (row["complete"].get<bool>() ? "true" : "false"));
    CHECK(f[8] == std::to_string(row["nodes"].get<std::uint64_t>()));
    CHECK(f[10] == joined(row["line"]));
    // Text: start, holes, pieces, left, value, bound, proved, nodes, time ("0.003 s"), line.
    std::istringstream words(text_lines[i + 2]);
    std::string start, holes, pieces, left, value, bound, proved, nodes, secs, unit;
    words >> start >> holes >> pieces >> left >> value >> bound >> proved >> nodes >> secs >> unit;
    std::string line;
    std::getline(words, line);
    CHECK(start == f[0]);
    CHECK(holes == std::to_string(row["holes"].size()));
    CHECK(pieces == f[2]);
    CHECK(left == f[3]);
    CHECK(value == f[4]);
    CHECK(bound == f[5]);
    CHECK(proved == (row["proved"].get<bool>() ? "yes" : "no"));
    CHECK(nodes == f[8]);
    CHECK(unit == "s");
    CHECK(line == std::string("  ").append(f[10]));
  }
  CHECK(text_lines[text_lines.size() - 2] == "5 of 5 starts proved; 5 leave one piece");
}

TEST_CASE("survey gives the same rows at any thread count", "[cli][survey][threads]") {
  const auto strip = [](Json j) {
    for (Json& row : j["rows"]) {
      row.erase("nodes");
      row.erase("seconds");
    }
    return j;
  };
  const auto one = run_cli("survey hexagon --size 3 --json --threads 1");
  const auto two = run_cli("survey hexagon --size 3 --json --threads 2");
  REQUIRE(one.code == 0);
  REQUIRE(two.code == 0);
  const Json a = strip(Json::parse(one.out));
  CHECK(a == strip(Json::parse(two.out)));
  // Bell's hexagon page: no single-vacancy start of the 19-hole hexagon ends with one peg.
  CHECK(a["starts"] == 4);
  check_partition(a, 19);
  for (const Json& row : a["rows"]) {
    CHECK(row["proved"] == true);
    CHECK(row["left"].get<int>() >= 2);
  }
}

TEST_CASE("survey refuses bad input with exit 2 and one line", "[cli][survey]") {
  for (const char* args :
       {"survey", "survey nonsense-board", "survey english --hole d4",
        "survey english --csv --json", "survey english --time-limit -1",
        "survey english --threads x", "survey english --nodes 1e3", "survey english --players 2",
        "survey english --hash 0", "survey triangle --size 1", "survey 12/3"}) {
    INFO(args);
    const auto r = run_cli(args);
    CHECK(r.code == 2);
    CHECK(r.out.empty());
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  }
}

TEST_CASE("survey --help shows an example and says the limits are per start", "[cli][survey]") {
  const auto r = run_cli("survey --help");
  REQUIRE(r.code == 0);
  CHECK(r.out.find("leapfrog survey triangle --size 5") != std::string::npos);
  CHECK(r.out.find("apply to") != std::string::npos);
  CHECK(r.out.find("each start") != std::string::npos);
}

TEST_CASE("survey stopped by a signal prints the rows done so far", "[cli][survey][threads]") {
  // A 15x15 Murray layout: no symmetry keeps its values, 225 starts of about a second each.
  // One after another, and side by side.
  for (const char* threads : {"1", "2"}) {
    INFO(threads);
    const auto r = leapfrog::testing::run_cli_signalled(
        std::string("survey murray --size 15 --players 1 --json --threads ") + threads,
        {"INT", "1.5"});
    REQUIRE(r.code == 0);
    const Json j = Json::parse(r.out);
    CHECK(j["stopped"] == true);
    CHECK(j["starts"] == 225);
    REQUIRE(j["rows"].size() >= 1);
    CHECK(j["rows"].size() < 225);
  }
}
