// The checksum of the toolkit's binary files (endgame tables, checkpoints): 64-bit words
// chained through a mixer with their byte offsets, so that a changed, moved or missing word
// changes the sum. Not a defence against deliberate tampering; a guard against damaged
// or truncated files.
#pragma once

#include <cstdint>
#include <cstring>
#include <span>

#include "core/hash.h"

namespace leapfrog {

class Checksum {
 public:
  void add(std::span<const std::uint64_t> words) {
    for (const std::uint64_t w : words) {
      h_ = mix64(h_ ^ w) + at_;
      at_ += 8;
    }
  }
  // Bytes read as native words, as many as are whole; returns how many bytes that took.
  std::size_t add_words(std::span<const std::uint8_t> bytes) {
    std::size_t i = 0;
    for (; i + 8 <= bytes.size(); i += 8) {
      std::uint64_t w;
      std::memcpy(&w, bytes.data() + i, 8);
      add(std::span(&w, 1));
    }
    return i;
  }
  // Bytes read as native words, the last one padded with zero bytes (as a file pads a part
  // of its contents to whole words).
  void add_padded(std::span<const std::uint8_t> bytes) {
    const std::size_t i = add_words(bytes);
    if (i == bytes.size()) return;
    std::uint64_t w = 0;
    std::memcpy(&w, bytes.data() + i, bytes.size() - i);
    add(std::span(&w, 1));
  }
  // Bytes after the last whole word (a file whose length is not a multiple of 8).
  void add_tail(std::span<const std::uint8_t> bytes) {
    for (const std::uint8_t b : bytes) h_ = mix64(h_ ^ b) + at_++;
  }
  std::uint64_t value() const { return h_; }

 private:
  std::uint64_t h_ = 0x6A09E667F3BCC909ULL;
  std::uint64_t at_ = 0;
};

// The checksum of bytes read as native 64-bit words, then the bytes left over.
inline std::uint64_t checksum(std::span<const std::uint8_t> bytes) {
  Checksum sum;
  sum.add_tail(bytes.subspan(sum.add_words(bytes)));
  return sum.value();
}

}  // namespace leapfrog
