// What the harnesses share: a check that ends the run when an invariant breaks (libFuzzer
// reports the abort as a crash and saves the input), the cap on an input's size, and the
// house rule every parse error keeps.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "core/text.h"
#include "puzzles/notation.h"

// Not assert(): the fuzz build may define NDEBUG, and a broken invariant must never pass.
#define FUZZ_CHECK(condition)                                                                \
  do {                                                                                       \
    if (!(condition)) {                                                                      \
      std::fprintf(stderr, "%s:%d: invariant broken: %s\n", __FILE__, __LINE__, #condition); \
      std::abort();                                                                          \
    }                                                                                        \
  } while (false)

namespace leapfrog::fuzz {

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// A message about bad input is one line with no byte a terminal could act on: the user's
// text in it goes through quoted_text() (core/text.h), so escaping it changes nothing.
inline void check_message(const std::string& what) {
  if (escape_controls(what) != what) {
    std::fprintf(stderr, "unescaped message: %s\n", escape_controls(what).c_str());
    std::abort();
  }
  FUZZ_CHECK(!what.empty());
}

// A setup's players and the state that belongs to them agree: a player count the rules
// allow, the player to move among them, and no score or removal due for a player beyond.
inline void check_players(const Setup& s) {
  const Rules rules = s.rules();
  FUZZ_CHECK(rules.players >= 1 && rules.players <= kMaxPlayers);
  FUZZ_CHECK(s.position.to_move < rules.players);
  for (int p = rules.players; p < kMaxPlayers; ++p) {
    FUZZ_CHECK(s.position.scores[p] == 0);
    FUZZ_CHECK(!s.position.removal_due(p));
  }
}

}  // namespace leapfrog::fuzz
