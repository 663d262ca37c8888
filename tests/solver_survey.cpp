// survey (solver/survey.h): what its progress callback reports.
#include <catch2/catch.hpp>
#include <cstdint>
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
