#include "cli/suggest.h"

#include <algorithm>
#include <cctype>

#include "cli/commands.h"
#include "cli/common.h"

namespace leapfrog::cli {

namespace {
char lower(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }
}  // namespace

std::size_t edit_distance(std::string_view a, std::string_view b) {
  // Optimal string alignment: three rows of the Levenshtein table, plus the swap rule.
  const std::size_t n = b.size();
  std::vector<std::size_t> before(n + 1), previous(n + 1), current(n + 1);
  for (std::size_t j = 0; j <= n; ++j) previous[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    current[0] = i;
    for (std::size_t j = 1; j <= n; ++j) {
      const bool same = lower(a[i - 1]) == lower(b[j - 1]);
      current[j] =
          std::min({previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (same ? 0 : 1)});
      if (i > 1 && j > 1 && lower(a[i - 1]) == lower(b[j - 2]) &&
          lower(a[i - 2]) == lower(b[j - 1]))
        current[j] = std::min(current[j], before[j - 2] + 1);
    }
    std::swap(before, previous);
    std::swap(previous, current);
  }
  return previous[n];
}

std::string nearest_name(std::string_view word, const std::vector<std::string>& names) {
  const std::size_t allowed = std::max<std::size_t>(1, word.size() / 3);
  std::string best;
  std::size_t best_distance = allowed + 1;
  for (const std::string& name : names) {
    const std::size_t d = edit_distance(word, name);
    if (d < best_distance) {
      best = name;
      best_distance = d;
    }
  }
  return best;
}

std::string did_you_mean(std::string_view word, const std::vector<std::string>& names) {
  const std::string name = nearest_name(word, names);
  return name.empty() ? "" : " (did you mean " + name + "?)";
}

std::string did_you_mean_command(std::string_view word) {
  std::vector<std::string> names;
  for (const Command& c : command_table()) names.emplace_back(c.name);
  return did_you_mean(word, names);
}

std::string command_alias(const std::string& name) { return name == "analyze" ? "analyse" : name; }

void reject_word_position(const std::string& arg, const std::string& parse_error, bool files) {
  // A path that names no file ('/nonexistent', './game.lfr') is said to be one, not read as
  // a board whose rows begin with '/'.
  if (files && (arg.starts_with('/') || arg.starts_with("./") || arg.starts_with("../") ||
                arg.starts_with('~')))
    throw UsageError(quoted_start(arg) + " is no file (nothing there) and no position (as " +
                     "position text: " + parse_error + ")");
  if (arg.empty() || arg.find_first_of("/= \t") != std::string::npos) return;
  // The argument may be long (a position of many rows); the reason after it must not be lost.
  const std::string what =
      quoted_start(arg) + (files ? " is neither a variant, a file nor a position"
                                 : " is neither a variant nor a position");
  const std::string hint = did_you_mean(arg, variant_names());
  throw UsageError(what + (hint.empty() ? " (as position text: " + parse_error + ")" : hint));
}

}  // namespace leapfrog::cli
