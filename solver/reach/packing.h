// The fast path's packing of positions: packed words, their symmetric images and the
// bijective mixing that picks a bucket. Internal to solver/reach.cpp.
#pragma once

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cassert>
#include <chrono>
#include <cstring>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <new>
#include <stdexcept>
#include <string>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "core/hash.h"
#include "core/poller.h"
#include "core/symmetry.h"
#include "puzzles/movegen.h"
#include "solver/memory_budget.h"

namespace leapfrog::fast_reach {

// Packed positions: bit i for the board's i-th square, in row order (Shape::index). Jumps are
// found in a word with one bit per grid cell when the grid has at most 64 cells (one shift per
// direction finds all jumps of that direction), else in the packed word itself (boards of at
// most 64 squares on a larger grid, such as a hexagon drawn on a sheared grid: the jumps are
// grouped by their offsets there instead). That word comes from byte-wise lookup tables; so do
// the images under the symmetries in use (core/symmetry.h's tables, on the same bits), except
// in the common cases (all eight symmetries, or the four that keep the files and ranks apart),
// where they are a few word operations: the half turn reverses the packed word, the rank
// mirror moves whole rows, and the transposing four are one table image under those. Those
// serve once, to build one table of every byte's images (images_of), which the enumeration
// reads for every parent.
class Packing {
 public:
  Packing(const Board& board, const Symmetry& sym, const std::vector<int>& syms)
      : dense_(board.cells() > 64) {
    std::vector<int> row_start(static_cast<std::size_t>(board.height()) + 1, 0);
    for (int s = 0; s < board.cells(); ++s)
      if (board.is_square(static_cast<Square>(s))) {
        cell_.push_back(s);
        ++row_start[static_cast<std::size_t>(board.rank(static_cast<Square>(s))) + 1];
      }
    for (std::size_t r = 1; r < row_start.size(); ++r) row_start[r] += row_start[r - 1];
    bytes_ = (squares() + 7) / 8;
    const auto table = [&](auto&& bit_of) {
      std::vector<std::uint64_t> t(static_cast<std::size_t>(bytes_) * 256, 0);
      for (int b = 0; b < bytes_; ++b)
        for (int v = 0; v < 256; ++v)
          for (int j = 0; j < 8; ++j)
            if ((v >> j) & 1 && 8 * b + j < squares())
              t[static_cast<std::size_t>(b * 256 + v)] |= std::uint64_t{1} << bit_of(8 * b + j);
      return t;
    };
    for (std::size_t i = 0; i < cell_.size(); ++i)
      word_.push_back(dense_ ? static_cast<int>(i) : cell_[i]);
    unpack_ = table([&](int i) { return word_[static_cast<std::size_t>(i)]; });
    used_ = 1 + static_cast<int>(syms.size());
    unsigned kinds = 0;
    for (int k : syms) kinds |= sym.kind(k) < 0 ? 1U << 31 : 1U << sym.kind(k);
    if (kinds == 0xEU || kinds == 0xFEU) {
      // Rank mirror: row r's squares go to row h-1-r (same files, so the same count).
      const int h = board.height();
      for (int r = 0; 2 * r < h - 1; ++r) {
        const auto lo = static_cast<std::size_t>(r), hi = static_cast<std::size_t>(h - 1 - r);
        const int len = row_start[lo + 1] - row_start[lo];
        if (len != 0)
          rows_.push_back(RowPair{((std::uint64_t{1} << len) - 1) << row_start[lo],
                                  row_start[hi] - row_start[lo]});
      }
      if (h % 2 == 1) {
        const auto mid = static_cast<std::size_t>(h / 2);
        const int len = row_start[mid + 1] - row_start[mid];
        if (len != 0) middle_ = ((std::uint64_t{1} << len) - 1) << row_start[mid];
      }
      fast_ = kinds == 0xEU ? 4 : 8;
      if (fast_ == 8)
        for (int k : syms)
          if (sym.kind(k) == 4) images_.push_back(sym.byte_table64(k));
    } else {
      for (int k : syms) images_.push_back(sym.byte_table64(k));
    }
    // Every byte value's images at every byte, padded with the identity to slots().
    if (used_ > 12) throw std::logic_error("reach packing: more than 12 symmetries");
    slots_ = used_ == 1 ? 1 : used_ <= 8 ? 8 : 12;
    byte_images_.assign(static_cast<std::size_t>(bytes_) * 256 * slots_, 0);
    std::vector<std::uint64_t> one(std::max<std::size_t>(slots_, 8));
    for (int b = 0; b < bytes_; ++b)
      for (std::uint64_t v = 0; v < 256; ++v) {
        const std::uint64_t x = pack(unpack_[static_cast<std::size_t>(b) * 256 + v]);
        images(x, one.data());
        std::uint64_t* e = &byte_images_[(static_cast<std::size_t>(b) * 256 + v) * slots_];
        for (std::size_t t = 0; t < slots_; ++t)
          e[t] = t < static_cast<std::size_t>(used_) ? one[t] : x;
      }
  }
  int squares() const { return static_cast<int>(cell_.size()); }
  int symmetries() const { return used_; }
  std::uint64_t pack(std::uint64_t cells) const {
    std::uint64_t out = 0;
    for (std::size_t i = 0; i < cell_.size(); ++i) out |= ((cells >> word_[i]) & 1) << i;
    return out;
  }
  // The bit of square s in the word that jumps are found in (see above).
  int word(const Board& board, Square s) const {
    return word_[static_cast<std::size_t>(board.index(s))];
  }
  std::uint64_t unpack(std::uint64_t x) const { return lookup(unpack_.data(), x); }
  // The number of words images_of writes: 1 without symmetry, else 8, or 12 with more than
  // eight symmetries.
  std::size_t slots() const { return slots_; }
  // images(x), then x again up to kSlots words (kSlots == slots()): from a table of every
  // byte's images, or-ed (each symmetry permutes the bits). The enumeration takes a
  // parent's images so; images() builds that table.
  template <std::size_t kSlots>
  [[gnu::always_inline]] void images_of(std::uint64_t x, std::uint64_t* out) const {
    assert(kSlots == slots_);
    const std::uint64_t* t = byte_images_.data() + (x & 0xFF) * kSlots;
    std::array<std::uint64_t, kSlots> acc;
    for (std::size_t s = 0; s < kSlots; ++s) acc[s] = t[s];
    for (int b = 1; b < bytes_; ++b) {
      t = byte_images_.data() +
          (static_cast<std::size_t>(b) * 256 + ((x >> (8 * b)) & 0xFF)) * kSlots;
      for (std::size_t s = 0; s < kSlots; ++s) acc[s] |= t[s];
    }
    std::copy(acc.begin(), acc.end(), out);
  }
  // The images of x: identity first, then one per symmetry in use (the same order for
  // every x, which is all that the xor rule needs).
  void images(std::uint64_t x, std::uint64_t* out) const {
    out[0] = x;
    if (fast_ != 0) {
      out[1] = mirror_ranks(x);
      out[2] = reverse(x);
      out[3] = reverse(out[1]);
      if (fast_ == 8) {
        out[4] = lookup(images_[0], x);
        out[5] = mirror_ranks(out[4]);
        out[6] = reverse(out[4]);
        out[7] = reverse(out[5]);
      }
      return;
    }
    for (int k = 1; k < used_; ++k) out[k] = lookup(images_[static_cast<std::size_t>(k - 1)], x);
  }

 private:
  struct RowPair {
    std::uint64_t low;  // the lower row's bits
    int shift;          // from the lower row to its mirror
  };
  [[gnu::always_inline]] std::uint64_t lookup(const std::uint64_t* t, std::uint64_t x) const {
    std::uint64_t out = 0;
    for (int b = 0; b < bytes_; ++b, t += 256) out |= t[(x >> (8 * b)) & 0xFF];
    return out;
  }
  [[gnu::always_inline]] std::uint64_t mirror_ranks(std::uint64_t x) const {
    std::uint64_t out = x & middle_;
    for (const RowPair& p : rows_) out |= ((x & p.low) << p.shift) | ((x >> p.shift) & p.low);
    return out;
  }
  // The half turn: square i <-> square n-1-i in row order.
  [[gnu::always_inline]] std::uint64_t reverse(std::uint64_t x) const {
    x = __builtin_bswap64(x);
    x = ((x >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((x & 0x0F0F0F0F0F0F0F0FULL) << 4);
    x = ((x >> 2) & 0x3333333333333333ULL) | ((x & 0x3333333333333333ULL) << 2);
    x = ((x >> 1) & 0x5555555555555555ULL) | ((x & 0x5555555555555555ULL) << 1);
    return x >> (64 - squares());
  }
  bool dense_;
  std::vector<int> cell_;  // cell of the i-th square
  std::vector<int> word_;  // its bit in the word jumps are found in
  int bytes_ = 0;
  int used_ = 1;
  int fast_ = 0;  // 4 or 8 when the images are word operations
  std::vector<RowPair> rows_;
  std::uint64_t middle_ = 0;
  std::vector<std::uint64_t> unpack_;
  std::size_t slots_ = 1;
  std::vector<std::uint64_t> byte_images_;  // [byte][value][slot], see images_of
  // The byte tables of the symmetries in use (core/symmetry.h's; `sym` outlives the packing):
  // each one's in the general case, the transpose's when fast_ is 8.
  std::vector<const std::uint64_t*> images_;
};

// A bijection of n-bit words (multiplication by an odd constant modulo 2^n): its top bits,
// which depend on every bit of the position, spread the positions evenly over the buckets,
// and it is undone by multiplying by the inverse.
class Mixer {
 public:
  explicit Mixer(int bits)
      : mask_(bits == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1) {}
  std::uint64_t mix(std::uint64_t x) const { return (x * kMul) & mask_; }
  std::uint64_t unmix(std::uint64_t x) const { return (x * inverse(kMul)) & mask_; }

 private:
  static constexpr std::uint64_t kMul = kGoldenGamma;
  static constexpr std::uint64_t inverse(std::uint64_t a) {  // modulo 2^64, a odd (Newton)
    std::uint64_t x = a;
    for (int i = 0; i < 6; ++i) x *= 2 - a * x;
    return x;
  }
  std::uint64_t mask_;
};

// A child's canonical word: the least of a[t] ^ m[t] over the parent's images a (of
// images_of) and a jump's images m, one per symmetry. SSE2 has no 64-bit integer minimum,
// but a word below 2^52 with the exponent bits of 2^52 set is the double 2^52 + word, so on
// boards of at most 52 squares the doubles' order is the words' and MINPD takes the least
// of two at once (the xor leaves the exponent bits alone: m is below 2^52 too).
#if defined(__SSE2__) && defined(__x86_64__)  // _mm_cvtsi128_si64 is x86-64's
#define LEAPFROG_LEAST_AS_DOUBLES 1
#else
#define LEAPFROG_LEAST_AS_DOUBLES 0
#endif
template <std::size_t kImages>
class LeastImage {
 public:
  LeastImage(const std::uint64_t* a, int squares) : doubles_(squares <= 52) {
    std::copy(a, a + kImages, a_.begin());
#if LEAPFROG_LEAST_AS_DOUBLES
    if constexpr (kImages > 1)
      for (std::size_t t = 0; doubles_ && t < kImages / 2; ++t)
        // From the words, not a 16-byte load of two 8-byte stores just made, which the
        // store buffer cannot forward.
        v_[t] = _mm_set_epi64x(static_cast<long long>(a[2 * t + 1] | kExponent),
                               static_cast<long long>(a[2 * t] | kExponent));
#endif
  }
  [[gnu::always_inline]] std::uint64_t operator()(const std::uint64_t* m) const {
    if constexpr (kImages == 1) {
      return a_[0] ^ m[0];
    } else {
#if LEAPFROG_LEAST_AS_DOUBLES
      if (doubles_) {
        const auto* mv = reinterpret_cast<const __m128i*>(m);
        __m128d d[kImages / 2];
        for (std::size_t t = 0; t < kImages / 2; ++t)
          d[t] = _mm_castsi128_pd(_mm_xor_si128(v_[t], _mm_loadu_si128(mv + t)));
        for (std::size_t w = kImages / 2; w > 1; w = (w + 1) / 2) {
          for (std::size_t t = 0; t < w / 2; ++t) d[t] = _mm_min_pd(d[2 * t], d[2 * t + 1]);
          if (w % 2 == 1) d[w / 2] = d[w - 1];
        }
        const __m128d least = _mm_min_sd(d[0], _mm_unpackhi_pd(d[0], d[0]));
        return static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm_castpd_si128(least))) ^ kExponent;
      }
#endif
      std::array<std::uint64_t, kImages> x;
      for (std::size_t t = 0; t < kImages; ++t) x[t] = a_[t] ^ m[t];
      for (std::size_t w = kImages; w > 1; w = (w + 1) / 2) {
        for (std::size_t t = 0; t < w / 2; ++t) x[t] = std::min(x[2 * t], x[2 * t + 1]);
        if (w % 2 == 1) x[w / 2] = x[w - 1];
      }
      return x[0];
    }
  }

 private:
  static constexpr std::uint64_t kExponent = 0x4330000000000000;  // of the double 2^52
  std::array<std::uint64_t, kImages> a_;
#if LEAPFROG_LEAST_AS_DOUBLES
  __m128i v_[kImages / 2 + (kImages == 1 ? 1 : 0)];
#endif
  bool doubles_;
};

struct JumpGroup {
  int over;            // bit offset from the jumper to the jumped piece
  int to;              // and to the landing square
  std::uint64_t from;  // bits from which a jump by these offsets stays on squares
};

inline std::uint64_t toward(std::uint64_t x, int d) {  // bit s of the result = bit s + d of x
  return d >= 0 ? x >> d : x << -d;
}
inline std::uint64_t away(std::uint64_t x, int d) {  // bit s moves to s + d
  return d >= 0 ? x << d : x >> -d;
}

}  // namespace leapfrog::fast_reach
