// Moves written the way people try before they know a game's notation: "A2XC2", "a2-c2",
// "e2-e4", "Nb1c3". The notations themselves stay strict (a move reads back as it is
// written); their readers use this to name the move that was meant in their error message.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace leapfrog {

struct Respelt {
  bool removal = false;              // a leading 'x' before the first square
  std::vector<std::string> squares;  // lower-case square names, in order
};

// Reads `text` as square names (a letter, then digits) in either case, joined by nothing or by
// one of 'x', '-', ':'; a leading letter of `piece_letters` (upper case, as in Nb1c3) is
// skipped; a leading 'x' is a removal when `removals`. Nothing when the text is not of that
// shape.
std::optional<Respelt> respell(std::string_view text, std::string_view piece_letters,
                               bool removals);

// " (did you mean M?)" for the move M that `text` respells to, written in the notation by
// `write` (from a Respelt) when `reads(M)` says the notation reads it; "" when there is none
// or M is `text` itself.
template <class Write, class Reads>
std::string meant_move(std::string_view text, std::string_view piece_letters, bool removals,
                       Write write, Reads reads) {
  const std::optional<Respelt> r = respell(text, piece_letters, removals);
  if (!r) return "";
  const std::string written = write(*r);
  if (written.empty() || written == text || !reads(written)) return "";
  return " (did you mean " + written + "?)";
}

}  // namespace leapfrog
