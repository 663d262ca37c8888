#include <filesystem>
#include <iostream>
#include <system_error>

#include "cli/commands.h"
#include "cli/progress.h"
#include "cli/sheet.h"
#include "core/text.h"

namespace leapfrog::cli {

int run_sheet(const Command& cmd, const std::vector<std::string>& args) {
  CommonOptions o;
  std::string file, html;
  SheetOptions so;
  po::options_description visible;
  po::options_description sheet("Sheet");
  sheet.add_options()("html", file_value(&html, "html")->default_value("-")->value_name("FILE"),
                      "write the HTML page to FILE ('-': standard output)")(
      "title", po::value(&so.title)->default_value(so.title)->value_name("TEXT"),
      "heading of the page")("columns",
                             whole_value(&so.columns, "columns", 1, 6)
                                 ->default_value(std::to_string(so.columns))
                                 ->value_name("N"),
                             "diagrams per row, 1..6");
  visible.add(sheet).add(rule_options(o)).add(output_options(o, Boards::kNone));
  if (!parse_command(cmd, args, visible, o, {{"file", &file, "a puzzle file"}})) return 0;
  if (file.empty()) throw UsageError("missing FILE (a puzzle file)");
  if (std::error_code ec; html != "-" && std::filesystem::equivalent(file, html, ec))
    throw UsageError("--html " + quoted_path(html) +
                     " is the puzzle file itself: the page would replace the puzzles");
  std::vector<Puzzle> puzzles = parse_file(file, parse_puzzles);
  if (puzzles.empty()) throw UsageError("no puzzles in " + input_name(file));
  // Rule options on the command line apply to every puzzle, as to a POSITION elsewhere.
  const RuleOverrides overrides = overrides_from(o);
  for (Puzzle& p : puzzles) {
    const Rules own = p.setup.rules();
    check_lattice_options(o, own);
    if (!o.variant.empty()) {
      if (!find_variant(o.variant)) throw UsageError("unknown variant " + quoted_text(o.variant));
      p.setup.variant = o.variant;
    }
    p.setup.overrides = p.setup.overrides.merged_with(overrides);
    // The file's "only way" was proved under the puzzle's own rules, not under others.
    if (p.setup.rules() != own) p.unique = false;
  }
  so.stop = &install_interrupt_flag();
  const std::string page = sheet_html(puzzles, so);
  // A page cut short would lose puzzles or their solutions without a word: nothing is written.
  if (page.empty()) {
    std::cerr << "leapfrog sheet: interrupted; nothing written\n";
    return 2;
  }
  write_file(html, page);
  if (o.json) {
    print_json(Json{{"puzzles", puzzles.size()}, {"html", html}, {"file", file}});
  } else if (html != "-") {
    std::cout << "wrote " << count_text(puzzles.size(), "puzzle", "puzzles") << " to " << html
              << "\n";
  }
  return 0;
}

}  // namespace leapfrog::cli
