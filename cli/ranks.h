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

// Collective. `failed`: this rank could not read its input, `error` saying why, `io` when
// the system refused it (IoError). Every rank learns the first failing rank's error: throws
// it on every rank (naming the rank when it is not this one), as AgreedIoError when that
// rank's was an IoError, else as UsageError, so that all stop before the work instead of
// some waiting for the others forever.
void agree_input(LevelExchange& ranks, bool failed, const std::string& error, bool io = false);

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
// its value when every rank read alike, else the error of agree_input. Alone (one rank),
// `read`'s errors pass unchanged.
template <class Read>
auto read_alike(LevelExchange& ranks, Read&& read) {
  if (ranks.ranks() == 1) return std::forward<Read>(read)();
  using Value = decltype(std::forward<Read>(read)());
  std::optional<Value> value;
  std::string error;
  bool io = false;
  try {
    value.emplace(std::forward<Read>(read)());
  } catch (const IoError& e) {
    error = e.what();
    io = true;
  } catch (const UsageError& e) {
    error = e.what();
  } catch (const ParseError& e) {
    error = e.what();
  }
  agree_input(ranks, !value, error, io);  // throws on every rank when one failed
  return std::move(*value);
}

}  // namespace leapfrog::cli
