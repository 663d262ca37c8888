// Two enumerations: a fast one for plain pieces on at most 64 cells under the optional rule
// (the peg-solitaire case: one bit per square, bit-parallel jump generation, level-by-level
// breadth-first search with a parallel merge whose counts do not depend on the order), and a
// general one over the model's turn generator for everything else.
#include "solver/reach.h"

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
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

namespace leapfrog {

namespace {

// Progress within a level: `done` of its `size` positions expanded, `nodes` in all. The
// enumerations stop (core/poller.h) only between rounds of work.
Progress level_progress(std::uint64_t nodes, int level, std::uint64_t done, std::uint64_t size) {
  return Progress{nodes, level, size ? static_cast<double>(done) / static_cast<double>(size) : -1,
                  "level " + std::to_string(level)};
}

// The memory the tables of the enumeration may hold: solver/memory_budget.h. What was being
// built when a growth is refused is incomplete, and the enumeration stops with the levels
// finished so far.
using Budget = MemoryBudget;

// ---------------------------------------------------------------------------------------
// Fast path. To find its jumps, a position is a word with bit s for cell s (at most 64
// cells), in which all jumps with one cell offset are found together by shifts. It is
// stored packed, bit i for the board's i-th square, and canonical: the least of its packed
// symmetric images. The packed word is multiplied by an odd constant modulo 2^n (n
// squares, a bijection): the top bits of the product pick a bucket, and only the other bits
// are stored (English: 33 squares, 7 bucket bits, 26 stored bits in a 32-bit word).
//
// A level is expanded in rounds of parents. Each thread sends every child to its bucket
// through small per-bucket chunks that go to memory whole (the scatter touches few cache
// lines); then each bucket's children are added to that bucket's hash set, small enough to
// stay in the core's L2 cache. The counts do not depend on the order, so any thread count
// gives the same levels.
//
// English, 2 threads on a 2-core AMD EPYC VM: 1.5 s, 215 MB; the 64-bit frame words pushed
// into 512 vectors a thread that this replaced took 2.1 s, 230 MB.

__extension__ typedef unsigned __int128 Count128;

// 2^7 buckets keep a bucket's set in L2 at English's largest level (3.6 million positions,
// 256 KiB a set) and a thread's staged chunks in L1 (16 KiB); chunks of 32 items measured a
// little faster than 16 (English, one thread: 3.05 s against 3.15 s CPU).
constexpr int kBucketBits = 7;
constexpr std::size_t kBuckets = std::size_t{1} << kBucketBits;
constexpr std::size_t kChunk = 32;  // items a bucket stages before writing out
// Parents per round: about 8 children each, so the chunks of a round take some 128 MB when
// an item is 4 bytes (English's largest level, 3.6 million positions, is one round).
template <class T>
constexpr std::size_t kRound = (std::size_t{1} << 24) / sizeof(T);

// The stored word: the mixed position without its bucket bits, plus one (0 marks an
// empty slot); 32 bits when that fits. With counting, the number of jump sequences that
// reach the position (all of its symmetric images together), in two words to keep the item
// 8-byte aligned.
template <class Key, bool kCount>
struct Item;
template <class Key>
struct Item<Key, false> {
  Key key;
};
template <class Key>
struct Item<Key, true> {
  Key key;
  std::uint64_t lo, hi;
};

template <class Key>
Count128 count_of(const Item<Key, true>& i) {
  return (Count128{i.hi} << 64) | i.lo;
}

// A level's positions: packed words (and counts).
template <bool kCount>
struct Parent;
template <>
struct Parent<false> {
  std::uint64_t packed;
};
template <>
struct Parent<true> {
  std::uint64_t packed;
  Count128 n;
};

// 64-byte aligned storage for trivially copyable items, not initialised.
template <class T>
class Aligned {
 public:
  Aligned() = default;
  explicit Aligned(std::size_t n)
      : p_(static_cast<T*>(::operator new (n * sizeof(T), std::align_val_t{64}))) {}
  T* get() const { return p_.get(); }

 private:
  struct Free {
    void operator()(T* p) const { ::operator delete (p, std::align_val_t{64}); }
  };
  std::unique_ptr<T, Free> p_;
};

// Copies whole 16-byte blocks with non-temporal stores: a chunk is read again only after
// the round, when it has left the caches anyway, and a streamed line is not first read from
// memory as an ordinary store's line would be.
inline void stream_copy(void* to, const void* from, std::size_t bytes) {
#if defined(__SSE2__)
  auto* d = static_cast<__m128i*>(to);
  const auto* s = static_cast<const __m128i*>(from);
  for (std::size_t i = 0; i < bytes / 16; ++i) _mm_stream_si128(d + i, _mm_load_si128(s + i));
#else
  std::memcpy(to, from, bytes);
#endif
}
// Streamed stores must be fenced before another thread reads them.
inline void stream_fence() {
#if defined(__SSE2__)
  _mm_sfence();
#endif
}

// A bucket's children of one round, written a chunk at a time; the memory is kept. A chunk
// the budget has no room for is dropped (the budget is then exceeded).
template <class T>
class ChunkStore {
 public:
  void push_chunk(const T* chunk, Budget& budget) {
    if (size_ + kChunk > capacity_ && !grow(budget)) return;
    stream_copy(data_.get() + size_, chunk, kChunk * sizeof(T));
    size_ += kChunk;
  }
  const T* data() const { return data_.get(); }
  std::size_t size() const { return size_; }
  void clear() { size_ = 0; }

 private:
  bool grow(Budget& budget) {
    const std::size_t capacity = std::max<std::size_t>(64 * kChunk, 2 * capacity_);
    if (!budget.take(capacity * sizeof(T))) return false;
    Aligned<T> more(capacity);
    if (size_ != 0) std::memcpy(more.get(), data_.get(), size_ * sizeof(T));
    data_ = std::move(more);
    budget.give(capacity_ * sizeof(T));
    capacity_ = capacity;
    return true;
  }
  Aligned<T> data_;
  std::size_t size_ = 0, capacity_ = 0;
};

// One thread's scatter: a chunk being filled per bucket, and the bucket's full chunks.
template <class T>
struct Scatter {
  static_assert(kChunk * sizeof(T) % 64 == 0);
  explicit Scatter(Budget& b) : budget(&b), staged(kBuckets * kChunk), out(kBuckets) {
    fill.fill(0);
  }
  void add(std::size_t bucket, const T& item) {
    T* chunk = staged.get() + bucket * kChunk;
    chunk[fill[bucket]] = item;
    if (++fill[bucket] == kChunk) {
      out[bucket].push_chunk(chunk, *budget);
      fill[bucket] = 0;
    }
  }
  Budget* budget;
  Aligned<T> staged;
  std::array<std::uint32_t, kBuckets> fill;
  std::vector<ChunkStore<T>> out;
};

// Which of a group's slots hold `key`, as a bit mask (bit j: slot j).
inline unsigned match(const std::uint32_t* group, std::uint32_t key) {
#if defined(__SSE2__)
  const __m128i eq = _mm_cmpeq_epi32(_mm_load_si128(reinterpret_cast<const __m128i*>(group)),
                                     _mm_set1_epi32(static_cast<int>(key)));
  return static_cast<unsigned>(_mm_movemask_ps(_mm_castsi128_ps(eq)));
#else
  return unsigned{group[0] == key} | unsigned{group[1] == key} << 1 |
         unsigned{group[2] == key} << 2 | unsigned{group[3] == key} << 3;
#endif
}
inline unsigned match(const std::uint64_t* group, std::uint64_t key) {
  return unsigned{group[0] == key} | unsigned{group[1] == key} << 1;
}

// Open-addressing set of non-zero keys (with counts, added up on a repeat); one per bucket,
// used by one thread at a time. Slots come in groups of 16 bytes probed together; a key
// goes to the first free slot of the first group, in probe order, that has one. Nothing is
// ever removed, so a group's keys fill a prefix of it: the first slot that holds the key or
// is free is where the key is or goes, and a search moves on only past a full group.
template <class Key, bool kCount>
class KeySet {
 public:
  using T = Item<Key, kCount>;
  static constexpr std::size_t kGroup = 16 / sizeof(Key);

  // Items the budget has no room for are dropped (the budget is then exceeded).
  void insert_all(const T* items, std::size_t n, Budget& budget) {
    // Prefetches the groups some items ahead: a set is in L2, not L1.
    constexpr std::size_t kAhead = 32;
    for (std::size_t j = 0; j < n;) {
      if (size_ >= limit_ && !grow(budget)) return;
      // Local copies: the stores below could alias the members.
      Key* const keys = keys_.get();
      Count128* const counts = counts_.get();
      const int shift = 64 - log_;
      const std::size_t wrap = capacity() - 1;
      std::size_t size = size_;
      for (; j < n && size < limit_; ++j) {
        if (j + kAhead < n) __builtin_prefetch(&keys[home(items[j + kAhead].key, shift)]);
        const Key key = items[j].key;
        for (std::size_t g = home(key, shift);; g = (g + kGroup) & wrap) {
          // A present key is not written again: that made the next 16-byte group load wait
          // for the 4-byte store whenever a key came back soon (English: 3.25 against 2.4 ns
          // an insert).
          if (const unsigned hit = match(keys + g, key)) {
            if constexpr (kCount)
              add_count(counts[g + static_cast<std::size_t>(std::countr_zero(hit))], items[j]);
            break;
          }
          if (const unsigned free = match(keys + g, Key{0})) {
            const std::size_t i = g + static_cast<std::size_t>(std::countr_zero(free));
            keys[i] = key;
            ++size;
            if constexpr (kCount) add_count(counts[i], items[j]);  // a free slot's count is 0
            break;
          }
        }
      }
      size_ = size;
    }
  }
  std::size_t size() const { return size_; }
  // Calls f(key, count) on every member and empties the set. The memory is kept for the
  // next level unless it is much larger than this level needed.
  template <class F>
  void drain(F&& f, Budget& budget) {
    Key* const keys = keys_.get();
    for (std::size_t i = 0; i < capacity(); ++i)
      if (keys[i] != 0) {
        if constexpr (kCount) {
          f(keys[i], counts_.get()[i]);
          counts_.get()[i] = 0;
        } else {
          f(keys[i], Count128{0});
        }
        keys[i] = 0;
      }
    if (log_ > 12 && size_ * 32 < capacity()) {
      budget.give(capacity() * kSlotBytes);
      keys_ = Aligned<Key>();
      counts_ = Aligned<Count128>();
      log_ = 0;
      limit_ = 0;
    }
    size_ = 0;
  }
  bool overflow = false;

 private:
  std::size_t capacity() const { return log_ == 0 ? 0 : std::size_t{1} << log_; }
  // The first slot of the key's home group.
  static std::size_t home(Key key, int shift) {
    return static_cast<std::size_t>((std::uint64_t{key} * kGoldenGamma) >> shift) & ~(kGroup - 1);
  }
  void add_count(Count128& c, const T& item) {
    const Count128 add = count_of(item);
    c += add;
    if (c < add) overflow = true;
  }
  static constexpr std::size_t kSlotBytes = sizeof(Key) + (kCount ? sizeof(Count128) : 0);
  // Doubles the slots (at most half of them are used) and puts the members back; false
  // when the budget has no room for the new slots and the members on the way.
  bool grow(Budget& budget) {
    const std::size_t old_capacity = capacity();
    const std::size_t new_capacity = log_ == 0 ? std::size_t{1} << 10 : 2 * old_capacity;
    const std::size_t moving = old_capacity / 2 * sizeof(T);
    if (!budget.take(new_capacity * kSlotBytes + moving)) return false;
    Aligned<Key> old_keys = std::move(keys_);
    Aligned<Count128> old_counts = std::move(counts_);
    log_ = log_ == 0 ? 10 : log_ + 1;
    keys_ = Aligned<Key>(capacity());
    std::fill(keys_.get(), keys_.get() + capacity(), Key{0});
    if constexpr (kCount) {
      counts_ = Aligned<Count128>(capacity());
      std::fill(counts_.get(), counts_.get() + capacity(), Count128{0});
    }
    limit_ = capacity() / 2;
    size_ = 0;
    std::vector<T> members;
    members.reserve(old_capacity / 2);
    for (std::size_t i = 0; i < old_capacity; ++i)
      if (old_keys.get()[i] != 0) {
        T item{};
        item.key = old_keys.get()[i];
        if constexpr (kCount) {
          item.lo = static_cast<std::uint64_t>(old_counts.get()[i]);
          item.hi = static_cast<std::uint64_t>(old_counts.get()[i] >> 64);
        }
        members.push_back(item);
      }
    budget.give(old_capacity * kSlotBytes);
    old_keys = Aligned<Key>();
    old_counts = Aligned<Count128>();
    insert_all(members.data(), members.size(), budget);  // fits: half the new slots at most
    budget.give(moving);
    return true;
  }
  Aligned<Key> keys_;
  Aligned<Count128> counts_;  // with kCount, beside keys_
  std::size_t size_ = 0, limit_ = 0;
  int log_ = 0;
};

// Packed positions: bit i for the board's i-th square, in row order. Jumps are found in a
// word with one bit per grid cell when the grid has at most 64 cells (one shift per
// direction finds all jumps of that direction), else in the packed word itself (boards of at
// most 64 squares on a larger grid, such as a hexagon drawn on a sheared grid: the jumps are
// grouped by their offsets there instead). That word comes from byte-wise lookup tables; so do the
// images under the symmetries in use, except in the common cases (all eight symmetries, or the four
// that keep the files and ranks apart), where they are a few word operations: the half turn
// reverses the packed word, the rank mirror moves whole rows, and the transposing four are one
// table image under those.
class Packing {
 public:
  Packing(const Board& board, const Symmetry& sym, const std::vector<int>& syms)
      : dense_(board.cells() > 64) {
    std::vector<int> index(static_cast<std::size_t>(board.cells()), -1);
    std::vector<int> row_start(static_cast<std::size_t>(board.height()) + 1, 0);
    for (int s = 0; s < board.cells(); ++s)
      if (board.is_square(static_cast<Square>(s))) {
        index[static_cast<std::size_t>(s)] = static_cast<int>(cell_.size());
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
    const auto image_table = [&](int k) {
      return table([&](int i) {
        return index[sym.image(k, static_cast<Square>(cell_[static_cast<std::size_t>(i)]))];
      });
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
          if (sym.kind(k) == 4) images_ = image_table(k);
    } else {
      for (int k : syms) {
        const std::vector<std::uint64_t> t = image_table(k);
        images_.insert(images_.end(), t.begin(), t.end());
      }
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
  // The images of x: identity first, then one per symmetry in use (the same order for
  // every x, which is all that the xor rule needs).
  void images(std::uint64_t x, std::uint64_t* out) const {
    out[0] = x;
    if (fast_ != 0) {
      out[1] = mirror_ranks(x);
      out[2] = reverse(x);
      out[3] = reverse(out[1]);
      if (fast_ == 8) {
        out[4] = lookup(images_.data(), x);
        out[5] = mirror_ranks(out[4]);
        out[6] = reverse(out[4]);
        out[7] = reverse(out[5]);
      }
      return;
    }
    const std::size_t stride = static_cast<std::size_t>(bytes_) * 256;
    for (int k = 1; k < used_; ++k)
      out[k] = lookup(images_.data() + static_cast<std::size_t>(k - 1) * stride, x);
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
  std::vector<std::uint64_t> unpack_, images_;
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

// A level's positions. The memory is kept from level to level and not cleared (every
// entry is written before it is read).
template <class P>
class Level {
 public:
  // False (and the level left as it was) when the budget has no room for n positions.
  bool reset(std::size_t n, Budget& budget) {
    if (n > capacity_) {  // doubling, where the budget allows: fewer fresh pages to fault in
      std::size_t capacity = std::max(n, 2 * capacity_);
      data_.reset();
      budget.give(capacity_ * sizeof(P));
      capacity_ = 0;
      if (!budget.take(capacity * sizeof(P))) {
        capacity = n;
        if (!budget.take(capacity * sizeof(P))) return false;
      }
      capacity_ = capacity;
      data_ = std::make_unique_for_overwrite<P[]>(capacity_);
    }
    size_ = n;
    return true;
  }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  P& operator[](std::size_t i) { return data_[i]; }
  const P& operator[](std::size_t i) const { return data_[i]; }
  const P* begin() const { return data_.get(); }
  const P* end() const { return data_.get() + size_; }

 private:
  std::unique_ptr<P[]> data_;
  std::size_t size_ = 0, capacity_ = 0;
};

template <bool kCount>
struct FastResult {
  ReachResult reach;
  Count128 deepest = 0;    // sequences reaching the last non-empty level
  Count128 at_target = 0;  // sequences reaching the target's class on that level
  bool overflow = false;
};

// The symmetries to use: none without `symmetry`; when counting, only those that fix the
// start (a class then holds the sequences reaching any of its images, so the sum is exact).
std::vector<int> symmetries_for(const Board& board, const Symmetry& sym, const Position& pos,
                                bool symmetry, bool fix_start) {
  std::vector<int> out;
  if (!symmetry) return out;
  for (int k = 1; k < sym.count(); ++k) {
    bool fixes = true;
    for (int s = 0; s < board.cells() && fix_start && fixes; ++s)
      fixes =
          pos.cells[static_cast<std::size_t>(s)] == pos.cells[sym.image(k, static_cast<Square>(s))];
    if (fixes) out.push_back(k);
  }
  return out;
}

// kImages: 1 without symmetry, else 8, or 12 for the hexagon of six directions (the most
// symmetries a board can have: fewer are padded with the identity, which leaves the least
// image unchanged and the inner loop fixed). Key: the stored word's type.
template <bool kCount, int kImages, class Key>
FastResult<kCount> reach_packed(const Board& board, const Rules& rules, const Packing& packing,
                                std::uint64_t start, const SearchControl& control,
                                std::uint64_t target = 0) {
  using T = Item<Key, kCount>;
  // Room for every image packing.images writes (at least the eight the unrolled minimum
  // reads).
  constexpr std::size_t kSlots = std::max(8, kImages);
  std::uint64_t squares = 0;
  std::vector<JumpGroup> groups;
  for (int i = 0; i < board.squares(); ++i) {
    const Square sq = board.cell(i);
    const int w = packing.word(board, sq);
    squares |= std::uint64_t{1} << w;
    for (const Jump& j : board.jumps(sq, rules.jumps)) {
      const int over = packing.word(board, j.over) - w, to = packing.word(board, j.to) - w;
      auto it = std::find_if(groups.begin(), groups.end(),
                             [&](const JumpGroup& g) { return g.over == over && g.to == to; });
      if (it == groups.end()) it = groups.insert(groups.end(), JumpGroup{over, to, 0});
      it->from |= std::uint64_t{1} << w;
    }
  }
  const int used = packing.symmetries();
  // The packed images of every jump's three squares, per group and jumper cell: a child's
  // images are its parent's images xor these (every symmetry permutes the bits).
  std::vector<std::uint64_t> jump_images(groups.size() * 64 * kImages, 0);
  for (std::size_t gi = 0; gi < groups.size(); ++gi)
    for (std::uint64_t f = groups[gi].from; f; f &= f - 1) {
      const std::uint64_t bit = f & (~f + 1);
      std::uint64_t* m =
          &jump_images[(gi * 64 + static_cast<std::size_t>(std::countr_zero(f))) * kImages];
      packing.images(packing.pack(bit | away(bit, groups[gi].over) | away(bit, groups[gi].to)), m);
      for (int t = used; t < kImages; ++t) m[t] = m[0];
    }
  const int n = packing.squares();
  const int bucket_bits = std::min(kBucketBits, n / 2);
  const int key_bits = n - bucket_bits;
  const std::uint64_t key_mask = (std::uint64_t{1} << key_bits) - 1;  // key_bits < 64
  const Mixer mixer(n);

  Budget budget(control.memory_mb);
  // Smaller rounds in a small budget: a round's chunks (about 8 children a parent) take an
  // eighth of it at most.
  const std::size_t round =
      control.memory_mb == 0
          ? kRound<T>
          : std::clamp<std::size_t>((control.memory_mb << 20) / (64 * sizeof(T)), 4096, kRound<T>);
  tbb::enumerable_thread_specific<Scatter<T>> local(std::ref(budget));
  std::vector<KeySet<Key, kCount>> sets(kBuckets);

  FastResult<kCount> out;
  ReachResult& result = out.reach;
  Poller poller(control);
  Level<Parent<kCount>> level;
  level.reset(1, budget);
  {
    std::array<std::uint64_t, kSlots> img{};
    packing.images(start, img.data());
    level[0].packed = *std::min_element(img.begin(), img.begin() + used);
    if constexpr (kCount) level[0].n = 1;
  }
  const int threads =
      control.threads > 0 ? control.threads : tbb::this_task_arena::max_concurrency();
  tbb::task_arena arena(threads);
  while (!level.empty()) {
    result.levels.push_back(level.size());
    result.total += level.size();
    if constexpr (kCount) {
      out.deepest = 0;
      out.at_target = 0;
      for (const auto& p : level) {
        out.deepest += p.n;
        if (out.deepest < p.n) out.overflow = true;
        if (p.packed == target) out.at_target = p.n;
      }
    }
    const int k = static_cast<int>(result.levels.size()) - 1;
    for (std::size_t begin = 0; begin < level.size(); begin += round) {
      if (poller.limit_reached(result.nodes)) {
        result.complete = false;
        return out;
      }
      poller.report([&] { return level_progress(result.nodes, k, begin, level.size()); });
      const std::size_t end = std::min(level.size(), begin + round);
      arena.execute([&] {
        tbb::parallel_for(tbb::blocked_range<std::size_t>(begin, end, 2048), [&](const auto& r) {
          Scatter<T>& scatter = local.local();
          std::array<std::uint64_t, kSlots> img{};
          for (std::size_t i = r.begin(); i != r.end(); ++i) {
            const std::uint64_t packed = level[i].packed;
            const std::uint64_t occ = packing.unpack(packed), empty = squares & ~occ;
            packing.images(packed, img.data());
            for (int t = used; t < kImages; ++t) img[static_cast<std::size_t>(t)] = packed;
            for (std::size_t gi = 0; gi < groups.size(); ++gi) {
              const JumpGroup& g = groups[gi];
              std::uint64_t cand = g.from & occ & toward(occ, g.over) & toward(empty, g.to);
              while (cand) {
                const std::uint64_t* m =
                    &jump_images[(gi * 64 + static_cast<std::size_t>(std::countr_zero(cand))) *
                                 kImages];
                cand &= cand - 1;
                std::uint64_t least = img[0] ^ m[0];
                if constexpr (kImages == 8) {
                  least = std::min(std::min(std::min(least, img[1] ^ m[1]),
                                            std::min(img[2] ^ m[2], img[3] ^ m[3])),
                                   std::min(std::min(img[4] ^ m[4], img[5] ^ m[5]),
                                            std::min(img[6] ^ m[6], img[7] ^ m[7])));
                } else if constexpr (kImages > 1) {
                  for (std::size_t t = 1; t < kImages; ++t) least = std::min(least, img[t] ^ m[t]);
                }
                const std::uint64_t h = mixer.mix(least);
                T child;
                child.key = static_cast<Key>((h & key_mask) + 1);
                if constexpr (kCount) {
                  child.lo = static_cast<std::uint64_t>(level[i].n);
                  child.hi = static_cast<std::uint64_t>(level[i].n >> 64);
                }
                scatter.add(static_cast<std::size_t>(h >> key_bits), child);
              }
            }
          }
          stream_fence();
        });
        tbb::parallel_for(std::size_t{0}, kBuckets, [&](std::size_t b) {
          for (Scatter<T>& s : local) {
            sets[b].insert_all(s.out[b].data(), s.out[b].size(), budget);
            sets[b].insert_all(s.staged.get() + b * kChunk, s.fill[b], budget);
            s.out[b].clear();
            s.fill[b] = 0;
          }
        });
      });
      result.nodes += end - begin;
      if (budget.exceeded()) break;
    }
    std::vector<std::size_t> offset(kBuckets + 1, 0);
    for (std::size_t b = 0; b < kBuckets; ++b) {
      offset[b + 1] = offset[b] + sets[b].size();
      out.overflow = out.overflow || sets[b].overflow;
    }
    if (budget.exceeded() || !level.reset(offset[kBuckets], budget)) {
      result.complete = false;  // the next level did not fit: the levels so far are exact
      result.out_of_memory = true;
      return out;
    }
    arena.execute([&] {
      tbb::parallel_for(std::size_t{0}, kBuckets, [&](std::size_t b) {
        std::size_t i = offset[b];
        const std::uint64_t high = static_cast<std::uint64_t>(b) << key_bits;
        sets[b].drain(
            [&](Key key, Count128 count) {
              level[i].packed = mixer.unmix(high | (std::uint64_t{key} - 1));
              if constexpr (kCount) level[i].n = count;
              ++i;
            },
            budget);
      });
    });
  }
  return out;
}

// `target`: a lone piece on that square (a packed word, canonical), whose class's count the
// result gives in at_target; 0 for none. `orbit` gets the number of its images.
template <bool kCount>
FastResult<kCount> reach_fast(const Board& board, const Rules& rules, const Position& pos,
                              bool symmetry, const SearchControl& control,
                              Square target = kNoSquare, int* orbit = nullptr) {
  const Symmetry sym(board, board.jumps(rules.jumps));
  const Packing packing(board, sym, symmetries_for(board, sym, pos, symmetry, kCount));
  std::uint64_t start = 0;
  for (int i = 0; i < board.squares(); ++i)
    if (pos.cells[board.cell(i)] != 0) start |= std::uint64_t{1} << i;
  std::uint64_t lone = 0;
  if (target != kNoSquare) {
    std::array<std::uint64_t, 12> img{};  // the most images a board has (the hexagon's)
    packing.images(std::uint64_t{1} << board.index(target), img.data());
    const std::size_t used = static_cast<std::size_t>(packing.symmetries());
    lone = img[0];
    int distinct = 0;
    for (std::size_t k = 0; k < used; ++k) {
      lone = std::min(lone, img[k]);
      bool seen = false;
      for (std::size_t e = 0; e < k; ++e) seen = seen || img[e] == img[k];
      distinct += seen ? 0 : 1;
    }
    if (orbit != nullptr) *orbit = distinct;
  }
  const bool narrow = packing.squares() - std::min(kBucketBits, packing.squares() / 2) <= 31;
  if (packing.symmetries() == 1)
    return narrow
               ? reach_packed<kCount, 1, std::uint32_t>(board, rules, packing, start, control, lone)
               : reach_packed<kCount, 1, std::uint64_t>(board, rules, packing, start, control,
                                                        lone);
  if (packing.symmetries() > 8)
    return narrow ? reach_packed<kCount, 12, std::uint32_t>(board, rules, packing, start, control,
                                                            lone)
                  : reach_packed<kCount, 12, std::uint64_t>(board, rules, packing, start, control,
                                                            lone);
  return narrow
             ? reach_packed<kCount, 8, std::uint32_t>(board, rules, packing, start, control, lone)
             : reach_packed<kCount, 8, std::uint64_t>(board, rules, packing, start, control, lone);
}

}  // namespace

bool reach_fast_path(const Board& board, const Rules& rules, const Position& pos) {
  Value kind = 0;
  for (int s = 0; s < board.cells(); ++s) {
    const Value v = pos.cells[s];
    if (v == 0) continue;
    if (kind != 0 && v != kind) return false;
    kind = v;
  }
  return board.squares() <= 64 && kind != 0 && pos.removals_due == 0 &&
         rules.continuation == Continuation::kOptional;
}

namespace {

// ---------------------------------------------------------------------------------------
// General path: a position is a key of one byte a cell plus one for the removals still due.

// A set of fixed-length byte keys: the keys one after another in one array, in the order
// they came, and an open-addressing table of their indices. A 5x5 position takes about 40
// bytes where a hash set of strings took over 200, and the whole set is freed at once (a
// stopped run used to spend seconds freeing millions of strings).
class ByteKeySet {
 public:
  explicit ByteKeySet(std::size_t length) : length_(length) {}
  std::size_t size() const { return size_; }
  const unsigned char* key(std::size_t i) const { return keys_.data() + i * length_; }
  // The bytes held now, and after one more insert (growth included).
  std::size_t bytes() const { return keys_.capacity() + slots_.size() * sizeof(std::uint32_t); }
  std::size_t bytes_after_insert() const {
    const std::size_t keys =
        (size_ + 1) * length_ > keys_.capacity() ? key_capacity() : keys_.capacity();
    const std::size_t slots = 2 * (size_ + 1) > slots_.size() ? slot_capacity() : slots_.size();
    return keys + slots * sizeof(std::uint32_t);
  }
  bool full() const { return size_ + 1 >= std::numeric_limits<std::uint32_t>::max() / 2; }
  // Adds the key unless it is there; true when added.
  bool insert(const unsigned char* key) {
    if (2 * (size_ + 1) > slots_.size()) rehash(slot_capacity());
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = hash(key) & mask;; i = (i + 1) & mask) {
      const std::uint32_t slot = slots_[i];
      if (slot == 0) {
        if ((size_ + 1) * length_ > keys_.capacity()) keys_.reserve(key_capacity());
        keys_.insert(keys_.end(), key, key + length_);
        slots_[i] = static_cast<std::uint32_t>(++size_);
        return true;
      }
      if (std::memcmp(this->key(slot - 1), key, length_) == 0) return false;
    }
  }

 private:
  std::size_t key_capacity() const {
    return std::max<std::size_t>(1024 * length_, 2 * keys_.capacity());
  }
  std::size_t slot_capacity() const { return std::max<std::size_t>(1024, 2 * slots_.size()); }
  // The key's 8-byte words (the last one zero-padded), each folded in by the hash mix.
  std::uint64_t hash(const unsigned char* key) const {
    std::uint64_t h = kGoldenGamma;
    for (std::size_t i = 0; i < length_; i += 8) {
      std::uint64_t w = 0;
      std::memcpy(&w, key + i, std::min<std::size_t>(8, length_ - i));
      h = mix64(h ^ w);
    }
    return h;
  }
  void rehash(std::size_t n) {
    slots_.assign(n, 0);
    for (std::size_t k = 0; k < size_; ++k)
      for (std::size_t i = hash(key(k)) & (n - 1);; i = (i + 1) & (n - 1))
        if (slots_[i] == 0) {
          slots_[i] = static_cast<std::uint32_t>(k + 1);
          break;
        }
  }
  std::size_t length_;
  std::vector<unsigned char> keys_;
  std::vector<std::uint32_t> slots_;  // 0: empty, else 1 + the key's index
  std::size_t size_ = 0;
};

ReachResult reach_general(const Board& board, const Rules& rules, const Position& pos,
                          bool symmetry, const SearchControl& control) {
  const Symmetry sym(board, board.jumps(rules.jumps));
  const int nsym = symmetry ? sym.count() : 1;
  const std::size_t cells = static_cast<std::size_t>(board.cells());
  const std::size_t length = cells + 1;
  Rules solo = rules;
  solo.players = 1;
  // key: the least image of (p, removals) under the symmetries in use.
  std::vector<unsigned char> key(length), image(length);
  const auto make_key = [&](const Position& p, int removals) {
    for (std::size_t c = 0; c < cells; ++c) key[c] = static_cast<unsigned char>(p.cells[c]);
    key[cells] = static_cast<unsigned char>(removals);
    image[cells] = key[cells];
    for (int k = 1; k < nsym; ++k) {
      for (std::size_t c = 0; c < cells; ++c)
        image[sym.image(k, static_cast<Square>(c))] = static_cast<unsigned char>(p.cells[c]);
      if (std::memcmp(image.data(), key.data(), cells) < 0) key.swap(image);
    }
  };
  // Holds the bytes of this level and of the ones being built.
  Budget budget(control.memory_mb);
  std::map<int, ByteKeySet> pending;
  make_key(pos, std::popcount(static_cast<unsigned>(pos.removals_due)));
  ByteKeySet& first = pending.emplace(0, ByteKeySet(length)).first->second;
  first.insert(key.data());
  budget.take_anyway(first.bytes());
  ReachResult result;
  Poller poller(control);
  // A node is a position expanded or a turn generated; the limits are polled every 1024.
  const auto count_and_poll = [&] {
    return (++result.nodes & 1023) == 0 && poller.limit_reached(result.nodes);
  };
  while (!pending.empty()) {
    const int k = pending.begin()->first;
    const ByteKeySet level = std::move(pending.begin()->second);
    pending.erase(pending.begin());
    result.levels.resize(static_cast<std::size_t>(k) + 1, 0);
    result.levels[static_cast<std::size_t>(k)] = level.size();
    result.total += level.size();
    for (std::size_t i = 0; i < level.size(); ++i) {
      if ((i == 0 && poller.limit_reached(result.nodes)) || count_and_poll()) {
        result.complete = false;
        return result;
      }
      poller.report([&] { return level_progress(result.nodes, k, i, level.size()); });
      const unsigned char* s = level.key(i);
      Position p;
      for (std::size_t c = 0; c < cells; ++c) p.cells[c] = static_cast<Value>(s[c]);
      const int removals = s[cells];
      p.removals_due = removals > 0 ? 1 : 0;
      bool full = false;
      // One position may have millions of turns (17.8 million on a 9x9 lattice): the limits
      // are polled among them.
      const bool stopped = !for_each_turn(board, solo, p, [&](const TurnView& t) {
        if (count_and_poll()) return false;
        ByteKeySet& set = pending.try_emplace(k + t.pieces, length).first->second;
        const std::size_t before = set.bytes(), growth = set.bytes_after_insert() - before;
        if (!budget.take(growth) || set.full()) {
          full = true;
          return false;
        }
        make_key(apply(board, solo, p, t.squares, t.removal), t.removal ? removals - 1 : removals);
        set.insert(key.data());
        budget.give(growth - (set.bytes() - before));  // a key already there takes no room
        return true;
      });
      if (stopped && !full) {
        result.complete = false;
        return result;
      }
      if (full) {
        result.complete = false;
        result.out_of_memory = true;
        return result;
      }
    }
    budget.give(level.bytes());  // done with this level
  }
  return result;
}

}  // namespace

ReachResult reach(const Board& board, const Rules& rules, const Position& pos, bool symmetry,
                  const SearchControl& control) {
  if (reach_fast_path(board, rules, pos))
    return reach_fast<false>(board, rules, pos, symmetry, control).reach;
  return reach_general(board, rules, pos, symmetry, control);
}

DeepestLines count_deepest_lines(const Board& board, const Rules& rules, const Position& pos,
                                 const SearchControl& control, Square finish) {
  DeepestLines d;
  if (!reach_fast_path(board, rules, pos)) return d;
  d.applicable = true;
  int orbit = 1;
  const FastResult<true> r = reach_fast<true>(board, rules, pos, true, control, finish, &orbit);
  d.complete = r.reach.complete;
  d.out_of_memory = r.reach.out_of_memory;
  d.overflow = r.overflow;
  d.depth = static_cast<int>(r.reach.levels.size()) - 1;
  Count128 n = r.deepest;
  if (finish != kNoSquare) {
    // Every image of the lone piece is reached by as many sequences (the symmetries fix
    // the start), so the class's count divides exactly.
    if (r.at_target % static_cast<unsigned>(orbit) != 0)
      throw std::logic_error("count_deepest_lines: a class count does not divide by its images");
    n = r.at_target / static_cast<unsigned>(orbit);
  }
  do {
    d.count.insert(d.count.begin(), static_cast<char>('0' + static_cast<int>(n % 10)));
    n /= 10;
  } while (n != 0);
  return d;
}

}  // namespace leapfrog
