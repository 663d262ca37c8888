// What the ranks of a split job (leapfrog-mpi) must agree on before their first exchange.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "cli/common.h"
#include "core/exchange.h"
#include "puzzles/notation.h"

namespace leapfrog::cli {

// POSITION '-' split over ranks: mpirun passes standard input to rank 0 alone, so the other
// ranks would read nothing. Refused alike on every rank (UsageError).
void refuse_split_stdin(const LevelExchange& ranks, const std::string& position);

// Collective. `failed`: this rank could not read its input, `error` saying why. Every rank
// learns the first failing rank's error: throws UsageError with it on every rank (naming the
// rank when it is not this one), so that all stop before the work instead of some waiting
// for the others forever.
void agree_input(LevelExchange& ranks, bool failed, const std::string& error);

// Collective. `text` is what this rank read (its position, in one canonical form); every
// rank must have read the same, as a file at one path may differ from machine to machine and
// the ranks would then count different games. Throws UsageError on every rank, naming the
// first rank whose text differs from rank 0's, when they do not all agree.
void agree_same(LevelExchange& ranks, std::string_view text, const std::string& what);

// Collective. `options` is the command's name and the options that shape its work (limits,
// switches, whether levels are saved), in one canonical form: every rank must have been given
// the same, else the ranks would take different paths and some wait for exchanges the others
// never make. What may differ from machine to machine (--threads, --hash, --time-limit, paths,
// the output options) is left out. Throws UsageError on every rank, naming the first rank
// given other options than rank 0, when they do not all agree.
void agree_options(LevelExchange& ranks, std::string_view options);

// Runs `read` (a function reading the command's input) on every rank and agrees its outcome:
// its value when every rank read alike, else the UsageError of agree_input. Alone (one rank),
// `read`'s errors pass unchanged.
template <class Read>
auto read_alike(LevelExchange& ranks, Read&& read) {
  if (ranks.ranks() == 1) return std::forward<Read>(read)();
  using Value = decltype(std::forward<Read>(read)());
  std::optional<Value> value;
  std::string error;
  try {
    value.emplace(std::forward<Read>(read)());
  } catch (const UsageError& e) {
    error = e.what();
  } catch (const ParseError& e) {
    error = e.what();
  }
  agree_input(ranks, !value, error);  // throws on every rank when one failed
  return std::move(*value);
}

}  // namespace leapfrog::cli
