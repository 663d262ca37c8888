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
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "core/exchange.h"
#include "core/hash.h"
#include "core/level_store.h"
#include "core/open_table.h"
#include "core/poller.h"
#include "core/symmetry.h"
#include "puzzles/movegen.h"
#include "solver/memory_budget.h"
#include "solver/reach/packing.h"
#include "solver/reach/split.h"
#include "solver/reach/storage.h"

namespace leapfrog {

using namespace fast_reach;

namespace {

// Progress within a level: `done` of its `size` positions expanded, `nodes` in all. The
// enumerations poll their stop and time limit (core/poller.h) while they expand: every 1024
// nodes on the general path, every few thousand parents on the fast one.
Progress level_progress(std::uint64_t nodes, int level, std::uint64_t done, std::uint64_t size) {
  return Progress{nodes, level, size ? static_cast<double>(done) / static_cast<double>(size) : -1,
                  "level " + std::to_string(level)};
}

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

// Positions converted a batch at a time between a level and a store's words.
constexpr std::size_t kStoreBatch = std::size_t{1} << 16;

// A level's positions in the words of a stored level (core/level_store.h): the packed
// position, then with counting the count, low word first. `put(j, w)` writes position j's
// words to w.
template <bool kCount, class Put>
void save_level(LevelStore& store, const LevelStore::Mark& mark, std::size_t size, Put&& put) {
  store.begin(mark, size, static_cast<int>(kWords<kCount>));
  std::vector<std::uint64_t> words(kStoreBatch * kWords<kCount>);
  for (std::size_t i = 0; i < size; i += kStoreBatch) {
    const std::size_t n = std::min(size - i, kStoreBatch);
    for (std::size_t j = 0; j < n; ++j) put(i + j, &words[j * kWords<kCount>]);
    store.write(std::span<const std::uint64_t>(words.data(), n * kWords<kCount>));
  }
  store.commit();
}

// The other way: `get(j, w)` takes position j's words from w, in order.
template <bool kCount, class Get>
void read_level(LevelStore& store, std::size_t size, Get&& get) {
  std::vector<std::uint64_t> words(kStoreBatch * kWords<kCount>);
  for (std::size_t i = 0; i < size; i += kStoreBatch) {
    const std::size_t n = std::min(size - i, kStoreBatch);
    store.read(std::span(words.data(), n * kWords<kCount>));
    for (std::size_t j = 0; j < n; ++j) get(i + j, &words[j * kWords<kCount>]);
  }
}

// kImages: 1 without symmetry, else 8, or 12 for the hexagon of six directions (the most
// symmetries a board can have: fewer are padded with the identity, which leaves the least
// image unchanged and the inner loop fixed). Key: the stored word's type; kBits: the
// bucket bits (storage.h).
template <bool kCount, int kImages, class Key, int kBits>
FastResult<kCount> reach_packed(const Board& board, const Rules& rules, const Packing& packing,
                                std::uint64_t start, const SearchControl& control,
                                LevelExchange& exchange, LevelStore* store,
                                const LevelSink& on_level, std::uint64_t target = 0) {
  using T = Item<Key, kCount>;
  // Room for every image packing.images writes (eight for the common symmetries even when
  // fewer are in use).
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
  constexpr std::size_t kBuckets = kBucketsOf<kBits>;
  const int bucket_bits = std::min(kBits, n / 2);
  const int key_bits = n - bucket_bits;
  const std::uint64_t key_mask = (std::uint64_t{1} << key_bits) - 1;  // key_bits < 64
  const Mixer mixer(n);

  Budget budget(control.memory_mb);
  // Smaller rounds in a small budget: a round's chunks (about 8 children a parent) take an
  // eighth of it at most.
  // Split over ranks, a round's children for other ranks wait in words of their own (about
  // 8 children a parent, kWords words each, out and in): a round takes at most a
  // sixteenth of the budget for each.
  const int ranks = exchange.ranks(), me = exchange.rank();
  const bool split = ranks > 1;
  const std::size_t round =
      control.memory_mb == 0
          ? kRound<T>
          : std::clamp<std::size_t>(
                (control.memory_mb << 20) / (split ? 16 * 64 * kWords<kCount> : 64 * sizeof(T)),
                4096, kRound<T>);
  tbb::enumerable_thread_specific<Scatter<T, kBits>> local(std::ref(budget));
  tbb::enumerable_thread_specific<Outbox> outboxes(
      [&] { return Outbox(static_cast<std::size_t>(exchange.ranks())); });
  std::vector<KeySet<Key, kCount>> sets(kBuckets);

  FastResult<kCount> out;
  ReachResult& result = out.reach;
  Poller poller(control);
  // Plain enumerations on 32-bit keys hold a level as its stored keys, bucket by bucket:
  // 4 bytes a position instead of the packed word's 8 (the 41-hole diamond's largest levels
  // need it to fit 24 GB). Counting ones hold the packed word and the count.
  constexpr bool kCompact = !kCount && std::is_same_v<Key, std::uint32_t>;
  Level<std::conditional_t<kCompact, Key, Parent<kCount>>> level;
  // With kCompact, bucket b's keys are level[starts[b]] to level[starts[b + 1] - 1].
  std::vector<std::size_t> starts(kBuckets + 1, 0);
  // Position i's packed word; b is a bucket at or before i's, moved on to i's.
  const auto packed_at = [&](std::size_t i, std::size_t& b) -> std::uint64_t {
    if constexpr (kCompact) {
      while (i >= starts[b + 1]) ++b;
      return mixer.unmix((std::uint64_t{b} << key_bits) | (std::uint64_t{level[i]} - 1));
    } else {
      return level[i].packed;
    }
  };
  // Position i's bucket (its packed word's top bits after mixing): the last that starts at
  // or before i.
  const auto bucket_at = [&](std::size_t i) -> std::size_t {
    if constexpr (kCompact)
      return static_cast<std::size_t>(std::upper_bound(starts.begin(), starts.end(), i) -
                                      starts.begin()) -
             1;
    else
      return 0;
  };
  // Fills a level from packed words, position by position: kCompact takes them in bucket
  // order (as every level is built and saved) and marks where the buckets start; then
  // close_starts() marks the buckets after the last word's.
  std::size_t last_bucket = 0;
  const auto set_packed = [&](std::size_t i, std::uint64_t packed) {
    if constexpr (kCompact) {
      const std::uint64_t h = mixer.mix(packed);
      const std::size_t b = static_cast<std::size_t>(h >> key_bits);
      if (b < last_bucket) throw std::runtime_error("reach: a stored level is not in bucket order");
      for (; last_bucket < b; ++last_bucket) starts[last_bucket + 1] = i;
      level[i] = static_cast<Key>((h & key_mask) + 1);
    } else {
      level[i].packed = packed;
    }
  };
  const auto close_starts = [&] {
    if constexpr (kCompact)
      for (; last_bucket < kBuckets; ++last_bucket) starts[last_bucket + 1] = level.size();
  };
  // Resumed from a stored level: that level is saved already.
  bool resumed = false;
  if (const std::optional<LevelStore::Mark> mark =
          store != nullptr ? store->resume_mark() : std::nullopt) {
    result.levels.assign(mark->levels.begin(), mark->levels.end() - 1);
    for (const std::uint64_t size : result.levels) result.total += size;
    if (on_level)
      for (std::size_t k = 0; k < result.levels.size(); ++k) on_level(k, result.levels[k]);
    result.nodes = mark->nodes;
    out.overflow = mark->overflow;
    const std::uint64_t entries = store->resume_entries();
    if (exchange.any(!level.reset(entries, budget))) {
      // The saved level's size is exact even where its positions do not fit to be expanded.
      result.levels.push_back(mark->levels.back());
      result.total += mark->levels.back();
      if (on_level) on_level(result.levels.size() - 1, result.levels.back());
      result.complete = false;
      result.out_of_memory = true;
      return out;
    }
    read_level<kCount>(*store, level.size(), [&](std::size_t i, const std::uint64_t* w) {
      set_packed(i, w[0]);
      if constexpr (kCount) level[i].n = (Count128{w[2]} << 64) | w[1];
    });
    close_starts();
    resumed = true;
  } else {
    std::array<std::uint64_t, kSlots> img{};
    packing.images(start, img.data());
    const std::uint64_t least = *std::min_element(img.begin(), img.begin() + used);
    // The start belongs to its owner alone.
    level.reset(exchange.owner(least) == exchange.rank() ? 1 : 0, budget);
    if (!level.empty()) {
      set_packed(0, least);
      if constexpr (kCount) level[0].n = 1;
    }
    close_starts();
  }
  const int threads =
      control.threads > 0 ? control.threads : tbb::this_task_arena::max_concurrency();
  tbb::task_arena arena(threads);
  while (true) {
    // Every rank's share of the level, and of the rounds: each rank takes part in as many
    // rounds as the rank with the largest share.
    const std::uint64_t size = exchange.sum(level.size());
    if (size == 0) break;
    result.levels.push_back(size);
    result.total += size;
    if (on_level) on_level(result.levels.size() - 1, size);
    if (store != nullptr && !std::exchange(resumed, false))
      save_level<kCount>(*store, LevelStore::Mark{result.levels, result.nodes, out.overflow},
                         level.size(),
                         [&, b = bucket_at(0)](std::size_t i, std::uint64_t* w) mutable {
                           w[0] = packed_at(i, b);
                           if constexpr (kCount) {
                             w[1] = static_cast<std::uint64_t>(level[i].n);
                             w[2] = static_cast<std::uint64_t>(level[i].n >> 64);
                           }
                         });
    if constexpr (kCount) {
      out.deepest = 0;
      out.at_target = 0;
      for (const auto& p : level) {
        out.deepest += p.n;
        if (out.deepest < p.n) out.overflow = true;
        if (p.packed == target) out.at_target = p.n;
      }
      if (split) {
        out.deepest = sum_count(exchange, out.deepest, out.overflow);
        out.at_target = sum_count(exchange, out.at_target, out.overflow);
      }
    }
    // A node limit is decided a level at a time, before any of it is expanded: where the
    // search stops then depends on the level sizes alone, not on the threads, the ranks or
    // the size of a round (which follows the memory budget).
    if (control.node_limit != 0 && result.nodes + size > control.node_limit) {
      result.complete = false;
      return out;
    }
    const int k = static_cast<int>(result.levels.size()) - 1;
    const std::size_t rounds =
        static_cast<std::size_t>(exchange.max((level.size() + round - 1) / round));
    for (std::size_t part = 0; part < rounds; ++part) {
      const std::size_t begin = std::min(level.size(), part * round);
      if (exchange.any(poller.limit_reached(result.nodes))) {
        result.complete = false;
        return out;
      }
      poller.report([&] { return level_progress(result.nodes, k, begin, level.size()); });
      const std::size_t end = std::min(level.size(), begin + round);
      // A stop (Ctrl-C, a cancel) or the time limit skips the rest of the round, whose
      // children are then dropped with the unfinished level: a round grows with --hash, and a
      // stop should not wait for the whole of a large one. (The node limit was decided before
      // the level: result.nodes stays below it throughout.)
      std::atomic<bool> cut{false};
      arena.execute([&] {
        tbb::parallel_for(tbb::blocked_range<std::size_t>(begin, end, 2048), [&](const auto& r) {
          if (poller.limit_reached(result.nodes)) {
            cut.store(true, std::memory_order_relaxed);
            return;
          }
          Scatter<T, kBits>& scatter = local.local();
          Outbox* const outbox = split ? &outboxes.local() : nullptr;
          // Local copies: the scatter's stores could alias the captured values, which the
          // loop would then load again for every child.
          const JumpGroup* const gs = groups.data();
          const std::size_t ngroups = groups.size();
          const std::uint64_t* const images = jump_images.data();
          const std::uint64_t board_squares = squares, mask = key_mask;
          const int shift = key_bits, cells = n;
          const bool split_here = split;
          const Mixer mix = mixer;
          std::array<std::uint64_t, kImages> img{};
          std::size_t bucket = bucket_at(r.begin());
          for (std::size_t i = r.begin(); i != r.end(); ++i) {
            const std::uint64_t packed = packed_at(i, bucket);
            const std::uint64_t occ = packing.unpack(packed), empty = board_squares & ~occ;
            if constexpr (kImages > 1)
              packing.images_of<kImages>(packed, img.data());
            else
              img[0] = packed;
            const LeastImage<kImages> least_of(img.data(), cells);
            for (std::size_t gi = 0; gi < ngroups; ++gi) {
              const JumpGroup& g = gs[gi];
              std::uint64_t cand = g.from & occ & toward(occ, g.over) & toward(empty, g.to);
              while (cand) {
                const std::uint64_t* m =
                    &images[(gi * 64 + static_cast<std::size_t>(std::countr_zero(cand))) * kImages];
                cand &= cand - 1;
                const std::uint64_t least = least_of(m);
                if (split_here) {
                  const int owner = LevelExchange::owner_of(least, ranks);
                  if (owner != me) {
                    if constexpr (kCompact)
                      outbox->add(owner, least, Parent<false>{packed});
                    else
                      outbox->add(owner, least, level[i]);
                    continue;
                  }
                }
                const std::uint64_t h = mix.mix(least);
                T child;
                child.key = static_cast<Key>((h & mask) + 1);
                if constexpr (kCount) {
                  child.lo = static_cast<std::uint64_t>(level[i].n);
                  child.hi = static_cast<std::uint64_t>(level[i].n >> 64);
                }
                scatter.add(static_cast<std::size_t>(h >> shift), child);
              }
            }
          }
          stream_fence();
        });
      });
      // A stopped round's children are dropped with the unfinished level: none is sent to
      // another rank or put in a set, so that a stop does not wait for that work (the ranks
      // agree on it first).
      if (exchange.any(cut.load())) {
        result.nodes += exchange.sum(end - begin);
        result.complete = false;
        return out;
      }
      if (split) {
        // The children other ranks own go to them; those that came from them join this
        // rank's own in the buckets.
        const Received in = swap_children(exchange, outboxes, budget);
        arena.execute([&] {
          tbb::parallel_for(
              tbb::blocked_range<std::size_t>(0, in.words.size() / kWords<kCount>, 4096),
              [&](const auto& range) {
                Scatter<T, kBits>& scatter = local.local();
                for (std::size_t i = range.begin(); i != range.end(); ++i) {
                  const std::uint64_t* w = &in.words[i * kWords<kCount>];
                  const std::uint64_t h = mixer.mix(w[0]);
                  T child;
                  child.key = static_cast<Key>((h & key_mask) + 1);
                  if constexpr (kCount) {
                    child.lo = w[1];
                    child.hi = w[2];
                  }
                  scatter.add(static_cast<std::size_t>(h >> key_bits), child);
                }
                stream_fence();
              });
        });
        budget.give(in.held);
      }
      arena.execute([&] {
        tbb::parallel_for(std::size_t{0}, kBuckets, [&](std::size_t b) {
          for (Scatter<T, kBits>& s : local) {
            sets[b].insert_all(s.out[b].data(), s.out[b].size(), budget);
            sets[b].insert_all(s.staged.get() + b * kChunk, s.fill[b], budget);
            s.out[b].clear();
            s.fill[b] = 0;
          }
        });
      });
      result.nodes += exchange.sum(end - begin);
      if (exchange.any(budget.exceeded())) break;
    }
    std::vector<std::size_t> offset(kBuckets + 1, 0);
    for (std::size_t b = 0; b < kBuckets; ++b) {
      offset[b + 1] = offset[b] + sets[b].size();
      out.overflow = out.overflow || sets[b].overflow;
    }
    const bool fits = !budget.exceeded() && level.reset(offset[kBuckets], budget);
    if (exchange.any(!fits)) {
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
              if constexpr (kCompact) {
                level[i] = key;
              } else {
                level[i].packed = mixer.unmix(high | (std::uint64_t{key} - 1));
                if constexpr (kCount) level[i].n = count;
              }
              ++i;
            },
            budget);
      });
    });
    if constexpr (kCompact) starts = offset;
  }
  return out;
}

// `target`: a lone piece on that square (a packed word, canonical), whose class's count the
// result gives in at_target; 0 for none. `orbit` gets the number of its images.
template <bool kCount>
FastResult<kCount> reach_fast(const Board& board, const Rules& rules, const Position& pos,
                              bool symmetry, const SearchControl& control, LevelExchange& exchange,
                              LevelStore* store, const LevelSink& on_level,
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
  // 32-bit keys where the bucket bits leave at most 31 bits to store, with more buckets on
  // boards too large for that with the usual number.
  const int n = packing.squares();
  const auto run = [&]<int kImages>() {
    if (n - std::min(kBucketBits, n / 2) <= 31)
      return reach_packed<kCount, kImages, std::uint32_t, kBucketBits>(
          board, rules, packing, start, control, exchange, store, on_level, lone);
    if (n - kWideBucketBits <= 31)
      return reach_packed<kCount, kImages, std::uint32_t, kWideBucketBits>(
          board, rules, packing, start, control, exchange, store, on_level, lone);
    return reach_packed<kCount, kImages, std::uint64_t, kBucketBits>(
        board, rules, packing, start, control, exchange, store, on_level, lone);
  };
  // The images a parent takes: the packing's slots (1, 8 or 12).
  if (packing.slots() == 1) return run.template operator()<1>();
  if (packing.slots() == 12) return run.template operator()<12>();
  return run.template operator()<8>();
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
// they came, and a linear-probing table of their indices (core/open_table.h). A 5x5 position takes
// about 40 bytes where a hash set of strings takes over 200, and the whole set is freed at once (a
// stopped run does not free millions of separate strings).
class ByteKeySet {
 public:
  explicit ByteKeySet(std::size_t length) : length_(length) {}
  std::size_t size() const { return size_; }
  const unsigned char* key(std::size_t i) const { return keys_.data() + i * length_; }
  // The bytes held now, and after one more insert (growth included).
  std::size_t bytes() const { return keys_.capacity() + slots_.capacity() * sizeof(std::uint32_t); }
  std::size_t bytes_after_insert() const {
    const std::size_t keys =
        (size_ + 1) * length_ > keys_.capacity() ? key_capacity() : keys_.capacity();
    const std::size_t slots =
        2 * (size_ + 1) > slots_.capacity() ? slot_capacity() : slots_.capacity();
    return keys + slots * sizeof(std::uint32_t);
  }
  bool full() const { return size_ + 1 >= std::numeric_limits<std::uint32_t>::max() / 2; }
  // Adds the key unless it is there; true when added.
  bool insert(const unsigned char* key) {
    if (slots_.needs_room()) rehash(slot_capacity());
    const auto [i, added] = slots_.find_or_add(hash(key), [&](std::uint32_t slot) {
      return std::memcmp(this->key(slot - 1), key, length_) == 0;
    });
    if (!added) return false;
    if ((size_ + 1) * length_ > keys_.capacity()) keys_.reserve(key_capacity());
    keys_.insert(keys_.end(), key, key + length_);
    slots_[i] = static_cast<std::uint32_t>(++size_);
    return true;
  }

 private:
  std::size_t key_capacity() const {
    return std::max<std::size_t>(1024 * length_, 2 * keys_.capacity());
  }
  std::size_t slot_capacity() const { return std::max<std::size_t>(1024, 2 * slots_.capacity()); }
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
    slots_.reset(n);
    for (std::size_t k = 0; k < size_; ++k)
      slots_[slots_.add(hash(key(k)))] = static_cast<std::uint32_t>(k + 1);
  }
  std::size_t length_;
  std::vector<unsigned char> keys_;
  ProbeTable<std::uint32_t> slots_;  // 0: empty, else 1 + the key's index
  std::size_t size_ = 0;
};

ReachResult reach_general(const Board& board, const Rules& rules, const Position& pos,
                          bool symmetry, const SearchControl& control, const LevelSink& on_level) {
  const Symmetry sym(board, board.jumps(rules.jumps));
  const int nsym = symmetry ? sym.count() : 1;
  const std::size_t cells = static_cast<std::size_t>(board.cells());
  const std::size_t length = cells + 1;
  const Rules solo = one_player(rules);
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
  make_key(pos, pos.removals_owed());
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
    // A turn of m captures skips m - 1 levels: those stay empty, and are complete now too.
    const std::size_t told = result.levels.size();
    result.levels.resize(static_cast<std::size_t>(k) + 1, 0);
    result.levels[static_cast<std::size_t>(k)] = level.size();
    result.total += level.size();
    if (on_level)
      for (std::size_t j = told; j < result.levels.size(); ++j) on_level(j, result.levels[j]);
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
      owe_lone_removals(p, removals);
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
  SingleExchange alone;
  return reach(board, rules, pos, symmetry, control, alone);
}

ReachResult reach(const Board& board, const Rules& rules, const Position& pos, bool symmetry,
                  const SearchControl& control, LevelExchange& exchange, LevelStore* store,
                  const LevelSink& on_level) {
  if (reach_fast_path(board, rules, pos))
    return reach_fast<false>(board, rules, pos, symmetry, control, exchange, store, on_level).reach;
  return reach_general(board, rules, pos, symmetry, control, on_level);
}

DeepestLines count_deepest_lines(const Board& board, const Rules& rules, const Position& pos,
                                 const SearchControl& control, Square finish) {
  SingleExchange alone;
  return count_deepest_lines(board, rules, pos, control, finish, alone);
}

DeepestLines count_deepest_lines(const Board& board, const Rules& rules, const Position& pos,
                                 const SearchControl& control, Square finish,
                                 LevelExchange& exchange, LevelStore* store) {
  DeepestLines d;
  if (!reach_fast_path(board, rules, pos)) return d;
  d.applicable = true;
  int orbit = 1;
  const FastResult<true> r =
      reach_fast<true>(board, rules, pos, true, control, exchange, store, {}, finish, &orbit);
  d.complete = r.reach.complete;
  d.out_of_memory = r.reach.out_of_memory;
  d.overflow = exchange.any(r.overflow);
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
