#include "core/respell.h"

namespace leapfrog {

namespace {
bool letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool digit(char c) { return c >= '0' && c <= '9'; }
char lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }
}  // namespace

std::optional<Respelt> respell(std::string_view text, std::string_view piece_letters,
                               bool removals) {
  Respelt out;
  std::size_t i = 0;
  if (text.size() > 1 && piece_letters.find(text[0]) != std::string_view::npos && letter(text[1]))
    i = 1;
  if (removals && i + 1 < text.size() && lower(text[i]) == 'x' && letter(text[i + 1])) {
    out.removal = true;
    ++i;
  }
  while (i < text.size()) {
    if (!out.squares.empty() && (lower(text[i]) == 'x' || text[i] == '-' || text[i] == ':') &&
        i + 1 < text.size() && letter(text[i + 1]))
      ++i;
    if (!letter(text[i])) return std::nullopt;
    std::string square(1, lower(text[i++]));
    while (i < text.size() && digit(text[i])) square += text[i++];
    if (square.size() == 1) return std::nullopt;
    out.squares.push_back(square);
  }
  if (out.squares.empty()) return std::nullopt;
  return out;
}

}  // namespace leapfrog
