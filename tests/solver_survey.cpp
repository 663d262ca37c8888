// survey (solver/survey.h): what its progress callback reports.
#include <atomic>
#include <catch2/catch.hpp>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "puzzles/notation.h"
#include "solver/survey.h"

using namespace leapfrog;

TEST_CASE("survey progress counts the nodes of the whole survey, not of the start alone",
          "[survey]") {
  const Setup full = parse_position("11111/11111/11111/11111/11111");
  struct Report {
    std::uint64_t nodes;
    std::string note;
  };
  std::vector<Report> reports;
  SearchControl control;
  control.threads = 1;
  control.progress = [&](const Progress& p) { reports.push_back({p.nodes, p.note}); };
  SurveyOptions options;
  options.solve.hash_mb = 16;
  const SurveyResult r = survey(full.board, full.rules(), full.position, options, control);
  REQUIRE(r.starts.size() >= 3);
  // The nodes of the starts solved before each one.
  std::vector<std::uint64_t> before{0};
  for (const SurveyStart& s : r.starts) before.push_back(before.back() + s.result.nodes);
  int later = 0;  // reports during a start after the first
  for (const Report& report : reports) {
    // The start reported on, by its note: "start c3 (k of n)".
    const std::size_t open = report.note.find('(');
    REQUIRE(open != std::string::npos);
    const std::size_t k = std::stoul(report.note.substr(open + 1)) - 1;
    REQUIRE(k < r.starts.size());
    INFO(report.note << ": " << report.nodes);
    CHECK(report.nodes > before[k]);
    CHECK(report.nodes <= before[k + 1]);
    later += k > 0 ? 1 : 0;
  }
  CHECK(later >= 2);
}

TEST_CASE("survey on two threads solves starts side by side: the same rows, handed on in order",
          "[survey][threads]") {
  const Setup full = parse_position("111111/111111/111111/111111");
  SurveyOptions options;
  options.solve.hash_mb = 16;
  SearchControl one;
  one.threads = 1;
  const SurveyResult a = survey(full.board, full.rules(), full.position, options, one);
  REQUIRE(a.starts.size() >= 3);
  SearchControl two;
  two.threads = 2;
  std::vector<int> handed;
  std::vector<std::uint64_t> nodes;
  std::vector<std::string> notes;
  two.progress = [&](const Progress& p) {
    nodes.push_back(p.nodes);
    notes.push_back(p.note);
  };
  const SurveyResult b = survey(full.board, full.rules(), full.position, options, two,
                                [&](const SurveyStart& s, int done, int total) {
                                  CHECK(total == static_cast<int>(a.starts.size()));
                                  CHECK(s.holes == a.starts[handed.size()].holes);
                                  handed.push_back(done);
                                });
  CHECK_FALSE(b.stopped);
  REQUIRE(b.starts.size() == a.starts.size());
  for (std::size_t k = 0; k < a.starts.size(); ++k) {
    INFO(k);
    CHECK(handed[k] == static_cast<int>(k + 1));
    CHECK(b.starts[k].holes == a.starts[k].holes);
    CHECK(b.starts[k].result.value == a.starts[k].result.value);
    CHECK(b.starts[k].result.line == a.starts[k].result.line);
    CHECK(b.starts[k].result.proved == a.starts[k].result.proved);
    CHECK(b.starts[k].left == a.starts[k].left);
  }
  // The progress is the whole survey's: its nodes never go back, and its note names the
  // starts under way.
  std::uint64_t total = 0;
  for (const SurveyStart& s : b.starts) total += s.result.nodes;
  for (std::size_t k = 0; k < nodes.size(); ++k) {
    INFO(notes[k]);
    if (k > 0) CHECK(nodes[k] >= nodes[k - 1]);
    CHECK(nodes[k] <= total);
    CHECK(notes[k].starts_with("start"));
    CHECK(notes[k].find(" of " + std::to_string(a.starts.size()) + ")") != std::string::npos);
  }
}

TEST_CASE("survey side by side: a stop ends it with the first starts, each with its line",
          "[survey][threads]") {
  const Setup full = parse_position("1111111/1111111/1111111/1111111/1111111/1111111");
  SurveyOptions options;
  options.solve.hash_mb = 16;
  // Stopped once the first row is handed on, by the stop flag or the caller's cancel flag:
  // the starts under way stop with their best lines, the others are not begun.
  for (const bool by_cancel : {false, true}) {
    INFO((by_cancel ? "cancel" : "stop"));
    std::atomic<bool> flag{false};
    SearchControl two;
    two.threads = 2;
    (by_cancel ? two.cancel : two.stop) = &flag;
    const SurveyResult r = survey(full.board, full.rules(), full.position, options, two,
                                  [&](const SurveyStart&, int, int) { flag.store(true); });
    CHECK(r.stopped);
    REQUIRE(r.starts.size() >= 1);
    CHECK(r.starts.size() < static_cast<std::size_t>(r.classes));
    CHECK(r.classes > 3);
    for (const SurveyStart& s : r.starts) CHECK_FALSE(s.result.line.empty());
  }
  // A row handed on that throws ends the survey with that error, the starts under way
  // stopped; no row is handed on after it, that one not again.
  SearchControl again;
  again.threads = 2;
  int calls = 0;
  CHECK_THROWS_WITH(survey(full.board, full.rules(), full.position, options, again,
                           [&](const SurveyStart&, int, int) {
                             ++calls;
                             throw std::runtime_error("gone");
                           }),
                    "gone");
  CHECK(calls == 1);
}
