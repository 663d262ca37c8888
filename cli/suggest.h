// Suggestions for words a person got slightly wrong: a variant, a command, a subcommand.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace leapfrog::cli {

// The edit distance between a and b ignoring case (insertions, deletions, substitutions and
// swaps of two neighbouring letters each count one).
std::size_t edit_distance(std::string_view a, std::string_view b);

// The name of `names` nearest to `word`, when near enough to be what was meant (a third of
// the word's letters wrong at most, at least one allowed); else empty. The first of equally
// near names wins.
std::string nearest_name(std::string_view word, const std::vector<std::string>& names);

// " (did you mean NAME?)" for nearest_name, or "" when no name is near.
std::string did_you_mean(std::string_view word, const std::vector<std::string>& names);

// did_you_mean among the names of every command (leapfrog's and leapfrog-mpi's messages for
// an unknown command).
std::string did_you_mean_command(std::string_view word);

// A command or subcommand name as typed, with the American spellings read as the British
// ones the commands are named with ("analyze" is "analyse").
std::string command_alias(const std::string& name);

// A POSITION argument that read as no variant, no file and no position text: when it is one
// word (no '/', no space, no '='), throws the UsageError "'WORD' is neither a variant, a file
// nor a position" with the nearest variant name, or else with `parse_error` (what the text
// reader said); a path ('/...', './...', '../...', '~...') where files are a possibility says
// it names no file; other arguments return, for the caller to report the parse error itself.
// `files`: whether files were a possibility (not for the hub's and the web board's text).
void reject_word_position(const std::string& arg, const std::string& parse_error, bool files);

}  // namespace leapfrog::cli
