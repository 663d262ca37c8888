// User text inside messages: every message that echoes what a user gave (an argument, a
// field of a file) passes it through quoted_text(), so that a message stays one line and no
// control sequence in the input reaches the terminal.
#pragma once

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

namespace leapfrog {

// The length of the well-formed UTF-8 sequence of two or more bytes that starts at text[i],
// else 0 (an ASCII byte, or a byte that starts no such sequence).
inline std::size_t utf8_sequence(std::string_view text, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char u = byte(i);
  const std::size_t len = u >= 0xc2 && u <= 0xdf   ? 2
                          : u >= 0xe0 && u <= 0xef ? 3
                          : u >= 0xf0 && u <= 0xf4 ? 4
                                                   : 0;
  if (len == 0 || i + len > text.size()) return 0;
  for (std::size_t k = 1; k < len; ++k)
    if ((byte(i + k) & 0xc0) != 0x80) return 0;
  // The second byte's narrower ranges (RFC 3629): no overlong form, no surrogate, nothing
  // past U+10FFFF.
  const unsigned char second = byte(i + 1);
  if ((u == 0xe0 && second < 0xa0) || (u == 0xed && second > 0x9f) ||
      (u == 0xf0 && second < 0x90) || (u == 0xf4 && second > 0x8f))
    return 0;
  return len;
}

// `text` with every byte that a terminal could act on written as \xNN: the C0 controls
// (newline and escape included), DEL, the C1 controls (U+0080..U+009F) and any byte that is
// not part of well-formed UTF-8. Other text, backslashes included, is kept, so escaping
// twice changes nothing.
inline std::string escape_controls(std::string_view text) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(text.size());
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const auto escape = [&](unsigned char u) {
    out += "\\x";
    out += kHex[u >> 4];
    out += kHex[u & 15];
  };
  for (std::size_t i = 0; i < text.size();) {
    const unsigned char u = byte(i);
    if (u < 0x80) {
      if (u < 0x20 || u == 0x7f)
        escape(u);
      else
        out += static_cast<char>(u);
      ++i;
      continue;
    }
    const std::size_t len = utf8_sequence(text, i);
    const bool c1 = len == 2 && u == 0xc2 && byte(i + 1) < 0xa0;
    if (len == 0 || c1) {
      escape(u);
      ++i;
      continue;
    }
    out.append(text.substr(i, len));
    i += len;
  }
  return out;
}

// `text` without a leading UTF-8 byte-order mark (EF BB BF), which some editors write at the
// start of a file: it is no part of the text. Every reader of a whole text (a file, standard
// input, a record, a puzzle file, position text) starts with it, so that line 1, column 1 is
// the first character after the mark.
inline std::string_view skip_bom(std::string_view text) {
  constexpr std::string_view kBom = "\xef\xbb\xbf";
  return text.starts_with(kBom) ? text.substr(kBom.size()) : text;
}

// Removes a leading byte-order mark from `text` in place (skip_bom).
inline void drop_bom(std::string& text) { text.erase(0, text.size() - skip_bom(text).size()); }

// The length in bytes of the first `max_chars` characters of `text` (a well-formed UTF-8
// sequence counts as one and is never cut, any other byte as one); text.size() when it has no
// more.
inline std::size_t prefix_bytes(std::string_view text, std::size_t max_chars) {
  std::size_t i = 0;
  for (std::size_t chars = 0; i < text.size() && chars < max_chars; ++chars)
    i += std::max<std::size_t>(1, utf8_sequence(text, i));
  return i;
}

// The character at byte `i` of `text` (i < text.size()): a well-formed UTF-8 sequence whole,
// any other byte alone, as prefix_bytes counts them.
inline std::string_view char_at(std::string_view text, std::size_t i) {
  return text.substr(i, prefix_bytes(text.substr(i), 1));
}

// The first `max_chars` characters of `text`, in single quotes and escaped as by
// escape_controls, followed by "..." when there was more: for echoing text that may be huge,
// such as a line read from a pipe.
inline std::string quoted_start(std::string_view text, std::size_t max_chars = 60) {
  const std::size_t kept = prefix_bytes(text, max_chars);
  // Appended piece by piece: GCC 12 warns (-Wrestrict, wrongly) on "'" + std::string here.
  std::string out(1, '\'');
  out += escape_controls(text.substr(0, kept));
  out += '\'';
  if (kept < text.size()) out += "...";
  return out;
}

// The most characters of the user's text a message echoes: any name or value a person types
// fits, and a pasted or generated one of thousands does not make the message as long.
constexpr std::size_t kQuotedChars = 200;

// 'text' in single quotes, escaped as by escape_controls; past kQuotedChars characters, the
// first of them followed by "...".
inline std::string quoted_text(std::string_view text) { return quoted_start(text, kQuotedChars); }

// A file or folder name for a message: quoted as quoted_text, but whole when a file system
// could take it (its end tells files apart); a longer one keeps its first and last 100
// characters around "...".
inline std::string quoted_path(std::string_view path) {
  constexpr std::size_t kWhole = 4096, kEnds = 100;
  std::string out(1, '\'');
  if (prefix_bytes(path, kWhole) == path.size()) {
    out += escape_controls(path);
  } else {
    const std::size_t head = prefix_bytes(path, kEnds);
    std::size_t tail = path.size();
    for (std::size_t kept = 0; kept < kEnds && tail > head; ++kept) {
      --tail;  // back to the first byte of the character before
      while (tail > head && (static_cast<unsigned char>(path[tail]) & 0xC0) == 0x80) --tail;
    }
    out += escape_controls(path.substr(0, head));
    out += "...";
    out += escape_controls(path.substr(tail));
  }
  out += '\'';
  return out;
}

// `text` without the characters of `blanks` at its start and end.
inline std::string_view trimmed(std::string_view text, std::string_view blanks = " \t") {
  const std::size_t first = text.find_first_not_of(blanks);
  if (first == std::string_view::npos) return {};
  return text.substr(first, text.find_last_not_of(blanks) - first + 1);
}

// The first `max_chars` characters of `text`, followed by "..." when there was more: for
// naming a long chain in a message.
inline std::string text_start(std::string_view text, std::size_t max_chars = 60) {
  const std::size_t kept = prefix_bytes(text, max_chars);
  std::string out(text.substr(0, kept));
  if (kept < text.size()) out += "...";
  return out;
}

// "1 turn", "3 turns": the count and the word for that many.
template <class Count>
std::string count_text(Count n, std::string_view one, std::string_view many) {
  return std::to_string(n) + ' ' + std::string(n == 1 ? one : many);
}

// The words joined by single spaces ("" for none).
inline std::string join_words(const std::vector<std::string>& words) {
  std::string out;
  for (const std::string& w : words) {
    if (!out.empty()) out += ' ';
    out += w;
  }
  return out;
}

// The items as an English list: "a", "a or b", "a, b or c" (`last` " or ", " and ", ...).
inline std::string listed(const std::vector<std::string>& items, std::string_view last) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out += i + 1 == items.size() ? last : std::string_view(", ");
    out += items[i];
  }
  return out;
}

}  // namespace leapfrog
