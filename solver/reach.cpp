// Two enumerations: a fast one for plain pieces on at most 64 cells under the optional rule
// (the peg-solitaire case: one 64-bit word per position, bit-parallel jump generation,
// level-by-level breadth-first search with a deterministic parallel merge), and a general
// one over the model's turn generator for everything else.
#include "solver/reach.h"

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <map>
#include <string>
#include <unordered_set>

#include "puzzles/movegen.h"
#include "solver/symmetry.h"

namespace leapfrog {

namespace {

using Clock = std::chrono::steady_clock;


// Stops between rounds of work: the caller's flag, the node limit, the time limit.
class Limits {
 public:
  explicit Limits(const SearchControl& c) : c_(c), start_(Clock::now()) {}
  bool hit(std::uint64_t nodes) const {
    if (c_.stop_requested()) return true;
    if (c_.node_limit != 0 && nodes >= c_.node_limit) return true;
    return c_.time_limit.count() > 0 && Clock::now() - start_ >= c_.time_limit;
  }
  void report(std::uint64_t nodes, int level, std::uint64_t done, std::uint64_t size) {
    if (!c_.progress) return;
    const auto now = Clock::now();
    if (now - last_ < std::chrono::milliseconds(200)) return;
    last_ = now;
    c_.progress(Progress{nodes, level, size ? static_cast<double>(done) / static_cast<double>(size) : -1,
                         "level " + std::to_string(level)});
  }

 private:
  const SearchControl& c_;
  Clock::time_point start_;
  Clock::time_point last_{};
};

// ---------------------------------------------------------------------------------------
// Fast path: one bit per cell. When the board fits an 8x8 frame, cell (f, r) is bit f + 8r
// and the symmetries are a few word operations (chessprogramming.org's flips and mirrors);
// otherwise bit s is cell s and the symmetries use Symmetry's byte tables.

__extension__ typedef unsigned __int128 Count128;

// What the fast path stores per position: the bitboard, and with counting the number of
// jump sequences that reach it (all of its symmetric images together).
template <bool kCount>
struct Item;
template <>
struct Item<false> {
  std::uint64_t key;
};
template <>
struct Item<true> {
  std::uint64_t key;
  Count128 n;
};

// Open-addressing set of non-zero keys (with counts, added up on a repeat); one per bucket,
// used by one thread at a time, small enough to stay in cache.
// Multiplicative hash: the top bits pick the bucket, the next ones the slot.
inline std::uint64_t spread(std::uint64_t key) { return key * 0x9E3779B97F4A7C15ULL; }
constexpr int kBucketBits = 9;

template <bool kCount>
class KeySet {
 public:
  void insert(const Item<kCount>& item, std::uint64_t h) {
    if (2 * (size_ + 1) > slots_.size()) grow();
    const std::size_t mask = slots_.size() - 1;
    std::size_t i = static_cast<std::size_t>((h << kBucketBits) >> (64 - log_));
    while (slots_[i].key != 0) {
      if (slots_[i].key == item.key) {
        if constexpr (kCount) {
          const Count128 sum = slots_[i].n + item.n;
          if (sum < item.n) overflow = true;
          slots_[i].n = sum;
        }
        return;
      }
      i = (i + 1) & mask;
    }
    slots_[i] = item;
    ++size_;
  }
  std::size_t size() const { return size_; }
  // Inserts a batch, prefetching the slots a few items ahead (the sets are too large for L1).
  void insert_all(const std::vector<Item<kCount>>& items) {
    constexpr std::size_t kAhead = 8;
    const std::size_t n = items.size();
    for (std::size_t j = 0; j < n; ++j) {
      if (j + kAhead < n && !slots_.empty()) {
        const std::uint64_t h = spread(items[j + kAhead].key);
        __builtin_prefetch(&slots_[static_cast<std::size_t>((h << kBucketBits) >> (64 - log_))]);
      }
      insert(items[j], spread(items[j].key));
    }
  }
  template <class F>
  void for_each(F&& f) const {
    for (const Item<kCount>& k : slots_)
      if (k.key != 0) f(k);
  }
  // Empties the set but keeps its memory for the next level.
  void clear() {
    std::fill(slots_.begin(), slots_.end(), Item<kCount>{});
    size_ = 0;
  }
  bool overflow = false;

 private:
  void grow() {
    std::vector<Item<kCount>> old = std::move(slots_);
    log_ = old.empty() ? 6 : log_ + 1;
    slots_.assign(std::size_t{1} << log_, Item<kCount>{});
    size_ = 0;
    for (const Item<kCount>& k : old)
      if (k.key != 0) insert(k, spread(k.key));
  }
  std::vector<Item<kCount>> slots_;
  std::size_t size_ = 0;
  int log_ = 0;
};

struct JumpGroup {
  int delta;           // bit offset from the jumper to the jumped piece
  std::uint64_t from;  // bits from which a jump by delta stays on squares
};

class Frame {
 public:
  Frame(const Board& board, bool symmetry) : sym_(board) {
    frame8_ = board.width() <= 8 && board.height() <= 8;
    w_ = board.width();
    h_ = board.height();
    if (symmetry)
      for (int k = 1; k < sym_.count(); ++k) {
        valid_ |= 1U << sym_.kind(k);
        allowed_.push_back(k);
      }
  }
  int bit(Square s) const { return frame8_ ? (s % w_) + 8 * (s / w_) : s; }

  // Keeps only the symmetries that map x onto itself (counting sequences needs a start
  // that every symmetry used keeps fixed).
  void keep_stabiliser_of(std::uint64_t x) {
    std::vector<int> kept;
    unsigned valid = 0;
    for (int k : allowed_)
      if (image(k, x) == x) {
        kept.push_back(k);
        valid |= 1U << sym_.kind(k);
      }
    allowed_ = kept;
    valid_ = valid;
  }

  // Number of symmetries in use, identity included.
  int used() const { return 1 + static_cast<int>(allowed_.size()); }
  // The images of x under the symmetries in use, identity first. Every symmetry is a bit
  // permutation, so the image of a xor is the xor of the images: a child's images are its
  // parent's images xor the images of the jump's three bits.
  void images(std::uint64_t x, std::uint64_t* out) const {
    out[0] = x;
    for (std::size_t i = 0; i < allowed_.size(); ++i) out[i + 1] = image(allowed_[i], x);
  }

  std::uint64_t canonical(std::uint64_t x) const {
    if (valid_ == 0) return x;
    if (!frame8_) {
      std::uint64_t best = x;
      for (int k : allowed_) best = std::min(best, sym_.apply64(k, x));
      return best;
    }
    std::uint64_t best = x;
    const std::uint64_t hm = mirror_files(x), v = mirror_ranks(x), hv = mirror_files(v);
    if (valid_ & 2U) best = std::min(best, hm);
    if (valid_ & 4U) best = std::min(best, v);
    if (valid_ & 8U) best = std::min(best, hv);
    if (valid_ & 0xF0U) {
      if (valid_ & 16U) best = std::min(best, transpose(x));
      if (valid_ & 32U) best = std::min(best, transpose(v));
      if (valid_ & 64U) best = std::min(best, transpose(hm));
      if (valid_ & 128U) best = std::min(best, transpose(hv));
    }
    return best;
  }

  std::uint64_t image(int k, std::uint64_t x) const {
    if (!frame8_) return sym_.apply64(k, x);
    return image_kind(sym_.kind(k), x);
  }

 private:
  std::uint64_t image_kind(int kind, std::uint64_t x) const {
    switch (kind) {
      case 1: return mirror_files(x);
      case 2: return mirror_ranks(x);
      case 3: return mirror_files(mirror_ranks(x));
      case 4: return transpose(x);
      case 5: return transpose(mirror_ranks(x));
      case 6: return transpose(mirror_files(x));
      case 7: return transpose(mirror_files(mirror_ranks(x)));
      default: return x;
    }
  }
  std::uint64_t mirror_files(std::uint64_t x) const {
    x = ((x >> 1) & 0x5555555555555555ULL) | ((x & 0x5555555555555555ULL) << 1);
    x = ((x >> 2) & 0x3333333333333333ULL) | ((x & 0x3333333333333333ULL) << 2);
    x = ((x >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((x & 0x0F0F0F0F0F0F0F0FULL) << 4);
    return x >> (8 - w_);  // files w..7 are empty, so nothing crosses into the next rank
  }
  std::uint64_t mirror_ranks(std::uint64_t x) const { return __builtin_bswap64(x) >> (8 * (8 - h_)); }
  static std::uint64_t transpose(std::uint64_t x) {  // (f, r) -> (r, f)
    std::uint64_t t;
    t = 0x0F0F0F0F00000000ULL & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    t = 0x3333000033330000ULL & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    t = 0x5500550055005500ULL & (x ^ (x << 7));
    x ^= t ^ (t >> 7);
    return x;
  }

  Symmetry sym_;
  bool frame8_;
  int w_, h_;
  unsigned valid_ = 0;        // bit k: grid map kind k is used (frame8 path)
  std::vector<int> allowed_;  // symmetry indices used (table path)
};

inline std::uint64_t toward(std::uint64_t x, int d) {  // bit s of the result = bit s + d of x
  return d >= 0 ? x >> d : x << -d;
}
inline std::uint64_t away(std::uint64_t x, int d) {  // bit s moves to s + d
  return d >= 0 ? x << d : x >> -d;
}

template <bool kCount>
struct FastResult {
  ReachResult reach;
  Count128 deepest = 0;  // sequences reaching the last non-empty level
  bool overflow = false;
};

template <bool kCount>
FastResult<kCount> reach_fast(const Board& board, const Rules& rules, const Position& pos, bool symmetry,
                              const SearchControl& control) {
  Frame frame(board, symmetry);
  std::uint64_t squares = 0, start = 0;
  std::vector<JumpGroup> groups;
  for (int s = 0; s < board.cells(); ++s) {
    const Square sq = static_cast<Square>(s);
    if (!board.is_square(sq)) continue;
    const int b = frame.bit(sq);
    squares |= std::uint64_t{1} << b;
    if (pos.cells[sq] != 0) start |= std::uint64_t{1} << b;
    for (const Jump& j : board.jumps(sq, rules.diagonal)) {
      const int d = frame.bit(j.over) - b;
      auto it = std::find_if(groups.begin(), groups.end(), [&](const JumpGroup& g) { return g.delta == d; });
      if (it == groups.end()) it = groups.insert(groups.end(), JumpGroup{d, 0});
      it->from |= std::uint64_t{1} << b;
    }
  }
  if constexpr (kCount) frame.keep_stabiliser_of(start);
  // The images of every jump's three bits, per group and jumper bit.
  const std::size_t used = static_cast<std::size_t>(frame.used());
  std::vector<std::uint64_t> jump_images(groups.size() * 64 * used, 0);
  for (std::size_t gi = 0; gi < groups.size(); ++gi)
    for (std::uint64_t f = groups[gi].from; f; f &= f - 1) {
      const std::uint64_t bit = f & (~f + 1);
      const int b = std::countr_zero(f);
      frame.images(bit | away(bit, groups[gi].delta) | away(bit, 2 * groups[gi].delta),
                   &jump_images[(gi * 64 + static_cast<std::size_t>(b)) * used]);
    }

  constexpr std::size_t kBuckets = std::size_t{1} << kBucketBits;
  constexpr std::size_t kRound = std::size_t{1} << 20;  // parents per round
  using Buffers = std::vector<std::vector<Item<kCount>>>;
  tbb::enumerable_thread_specific<Buffers> local([] { return Buffers(kBuckets); });
  std::vector<KeySet<kCount>> sets(kBuckets);

  FastResult<kCount> out;
  ReachResult& result = out.reach;
  Limits limits(control);
  std::vector<Item<kCount>> level(1);
  level[0].key = frame.canonical(start);
  if constexpr (kCount) level[0].n = 1;
  const int threads = control.threads > 0 ? control.threads : tbb::this_task_arena::max_concurrency();
  tbb::task_arena arena(threads);
  while (!level.empty()) {
    result.levels.push_back(level.size());
    result.total += level.size();
    if constexpr (kCount) {
      out.deepest = 0;
      for (const auto& item : level) {
        out.deepest += item.n;
        if (out.deepest < item.n) out.overflow = true;
      }
    }
    const int k = static_cast<int>(result.levels.size()) - 1;
    for (std::size_t begin = 0; begin < level.size(); begin += kRound) {
      if (limits.hit(result.nodes)) {
        result.complete = false;
        return out;
      }
      limits.report(result.nodes, k, begin, level.size());
      const std::size_t end = std::min(level.size(), begin + kRound);
      arena.execute([&] {
        tbb::parallel_for(tbb::blocked_range<std::size_t>(begin, end, 4096), [&](const auto& r) {
          Buffers& buf = local.local();
          std::array<std::uint64_t, 8> img{};
          for (std::size_t i = r.begin(); i != r.end(); ++i) {
            const std::uint64_t occ = level[i].key, empty = squares & ~occ;
            frame.images(occ, img.data());
            for (std::size_t gi = 0; gi < groups.size(); ++gi) {
              const JumpGroup& g = groups[gi];
              std::uint64_t cand = g.from & occ & toward(occ, g.delta) & toward(empty, 2 * g.delta);
              while (cand) {
                const int b = std::countr_zero(cand);
                cand &= cand - 1;
                const std::uint64_t* m = &jump_images[(gi * 64 + static_cast<std::size_t>(b)) * used];
                std::uint64_t key = img[0] ^ m[0];
                for (std::size_t t = 1; t < used; ++t) key = std::min(key, img[t] ^ m[t]);
                Item<kCount> child;
                child.key = key;
                if constexpr (kCount) child.n = level[i].n;
                buf[spread(key) >> (64 - kBucketBits)].push_back(child);
              }
            }
          }
        });
        tbb::parallel_for(std::size_t{0}, kBuckets, [&](std::size_t b) {
          for (Buffers& buf : local) {
            sets[b].insert_all(buf[b]);
            buf[b].clear();
          }
        });
      });
      result.nodes += end - begin;
    }
    std::vector<std::size_t> offset(kBuckets + 1, 0);
    for (std::size_t b = 0; b < kBuckets; ++b) {
      offset[b + 1] = offset[b] + sets[b].size();
      out.overflow = out.overflow || sets[b].overflow;
    }
    std::vector<Item<kCount>>().swap(level);
    level.resize(offset[kBuckets]);
    arena.execute([&] {
      tbb::parallel_for(std::size_t{0}, kBuckets, [&](std::size_t b) {
        std::size_t i = offset[b];
        sets[b].for_each([&](const Item<kCount>& item) { level[i++] = item; });
        sets[b].clear();
      });
    });
  }
  return out;
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
  return board.cells() <= 64 && kind != 0 && pos.removals_due == 0 &&
         rules.continuation == Continuation::kOptional;
}

namespace {

// ---------------------------------------------------------------------------------------
// General path: positions as strings of cell values plus the count of removals still due.

ReachResult reach_general(const Board& board, const Rules& rules, const Position& pos, bool symmetry,
                          const SearchControl& control) {
  const Symmetry sym(board);
  const int nsym = symmetry ? sym.count() : 1;
  const std::size_t cells = static_cast<std::size_t>(board.cells());
  Rules solo = rules;
  solo.players = 1;
  const auto canonical = [&](const std::string& s) {
    std::string best = s, img = s;
    for (int k = 1; k < nsym; ++k) {
      for (std::size_t c = 0; c < cells; ++c) img[sym.image(k, static_cast<Square>(c))] = s[c];
      best = std::min(best, img);
    }
    return best;
  };
  const auto encode = [&](const Position& p, int removals) {
    std::string s(cells + 1, '\0');
    for (std::size_t c = 0; c < cells; ++c) s[c] = static_cast<char>(p.cells[c]);
    s[cells] = static_cast<char>(removals);
    return s;
  };
  std::map<int, std::unordered_set<std::string>> pending;
  pending[0].insert(canonical(encode(pos, std::popcount(static_cast<unsigned>(pos.removals_due)))));
  ReachResult result;
  Limits limits(control);
  while (!pending.empty()) {
    const int k = pending.begin()->first;
    const std::unordered_set<std::string> level = std::move(pending.begin()->second);
    pending.erase(pending.begin());
    result.levels.resize(static_cast<std::size_t>(k) + 1, 0);
    result.levels[static_cast<std::size_t>(k)] = level.size();
    result.total += level.size();
    for (const std::string& s : level) {
      if ((result.nodes & 1023) == 0 && limits.hit(result.nodes)) {
        result.complete = false;
        return result;
      }
      limits.report(result.nodes, k, 0, 0);
      ++result.nodes;
      Position p;
      for (std::size_t c = 0; c < cells; ++c) p.cells[c] = static_cast<Value>(s[c]);
      const int removals = s[cells];
      p.removals_due = removals > 0 ? 1 : 0;
      for_each_turn(board, solo, p, [&](const TurnView& t) {
        const Position next = apply(board, solo, p, t.squares, t.removal);
        pending[k + t.pieces].insert(canonical(encode(next, t.removal ? removals - 1 : removals)));
      });
    }
  }
  return result;
}

}  // namespace

ReachResult reach(const Board& board, const Rules& rules, const Position& pos, bool symmetry,
                  const SearchControl& control) {
  if (reach_fast_path(board, rules, pos)) return reach_fast<false>(board, rules, pos, symmetry, control).reach;
  return reach_general(board, rules, pos, symmetry, control);
}

DeepestLines count_deepest_lines(const Board& board, const Rules& rules, const Position& pos,
                                 const SearchControl& control) {
  DeepestLines d;
  if (!reach_fast_path(board, rules, pos)) return d;
  d.applicable = true;
  const FastResult<true> r = reach_fast<true>(board, rules, pos, true, control);
  d.complete = r.reach.complete;
  d.overflow = r.overflow;
  d.depth = static_cast<int>(r.reach.levels.size()) - 1;
  Count128 n = r.deepest;
  do {
    d.count.insert(d.count.begin(), static_cast<char>('0' + static_cast<int>(n % 10)));
    n /= 10;
  } while (n != 0);
  return d;
}

}  // namespace leapfrog
