#include "solver/egdb.h"

#include <tbb/blocked_range.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <cstring>
#include <mutex>

#include "core/checksum.h"
#include "core/hash.h"
#include "core/poller.h"

namespace leapfrog::egdb {

namespace {

// binomial_table()[n][k] = C(n, k), n, k <= 64.
const std::array<std::array<std::uint64_t, 65>, 65>& binomial_table() {
  static const auto table = [] {
    std::array<std::array<std::uint64_t, 65>, 65> c{};
    for (int n = 0; n <= 64; ++n) {
      c[n][0] = 1;
      for (int k = 1; k <= n; ++k) {
        const std::uint64_t a = c[n - 1][k - 1], b = k <= n - 1 ? c[n - 1][k] : 0;
        c[n][k] = a > ~std::uint64_t{0} - b ? ~std::uint64_t{0} : a + b;
      }
    }
    return c;
  }();
  return table;
}

Position plain_position(const Board& board) {
  Position p;
  for (int i = 0; i < board.squares(); ++i) p.cells[board.cell(i)] = 1;
  return p;
}

// The next set of the same size in colex order (Gosper's hack).
std::uint64_t next_set(std::uint64_t x) {
  const std::uint64_t low = x & (~x + 1);
  const std::uint64_t ripple = x + low;
  return ripple | (((x ^ ripple) >> 2) / low);
}

constexpr char kMagic[8] = {'L', 'F', 'E', 'G', 'D', 'B', '\0', '\1'};

// Header fields at fixed little-endian offsets (docs/egdb.md).
struct Header {
  std::uint32_t version = kFormatVersion;
  std::uint32_t header_bytes = kHeaderBytes;
  std::uint32_t cells = 0;
  std::uint32_t pieces = 0;
  std::uint64_t digest = 0;
  std::uint64_t sets = 0;
  std::uint64_t canonical = 0;
  std::uint64_t mark_words = 0;
  std::uint64_t payload_bytes = 0;
  std::uint64_t checksum = 0;
};

template <class T>
void put(std::vector<std::uint8_t>& out, std::size_t at, T v) {
  std::memcpy(out.data() + at, &v, sizeof v);
}
template <class T>
T get(std::span<const std::uint8_t> in, std::size_t at) {
  T v;
  std::memcpy(&v, in.data() + at, sizeof v);
  return v;
}

std::size_t padded(std::size_t n) { return (n + 7) & ~std::size_t{7}; }

}  // namespace

std::uint64_t binomial(int n, int k) {
  if (k < 0 || n < 0 || k > n || n > 64) return 0;
  return binomial_table()[n][k];
}

TableId TableId::of(const Board& board, const Rules& rules) {
  TableId id;
  id.width = board.width();
  id.height = board.height();
  for (int i = 0; i < board.squares(); ++i) id.cells.push_back(board.cell(i));
  id.jumps = rules.jumps;
  id.continuation = rules.continuation;
  return id;
}

std::uint64_t TableId::digest() const {
  std::uint64_t h = mix64(0x4C45415046524F47ULL ^ static_cast<std::uint64_t>(width) << 8 ^
                          static_cast<std::uint64_t>(height));
  for (const Square s : cells) h = mix64(h ^ s);
  h = mix64(h ^ static_cast<std::uint64_t>(jumps) << 8 ^ static_cast<std::uint64_t>(continuation));
  return h;
}

namespace {

// The jump set's word in a folder name: one word, no spaces.
const char* jumps_word(JumpSet jumps) {
  switch (jumps) {
    case JumpSet::kOrthogonal:
      return "orthogonal";
    case JumpSet::kDiagonal:
      return "diagonal";
    case JumpSet::kHex:
      return "hex";
  }
  return "orthogonal";
}

}  // namespace

std::string TableId::name() const { return name_with(jumps_word(jumps)); }

std::string TableId::spaced_name() const { return name_with(directions(jumps).name); }

std::string TableId::name_with(const std::string& jumps_text) const {
  std::string s = std::to_string(width) + "x" + std::to_string(height);
  if (static_cast<int>(cells.size()) != width * height) {
    static const char* hex = "0123456789abcdef";
    const std::uint64_t d = digest();
    s += "-";
    for (int i = 15; i >= 8; --i) s += hex[(d >> (4 * i)) & 15];
  }
  s += "-";
  s += jumps_text;
  s += "-";
  s += to_string(continuation);
  return s;
}

LevelView Level::view() const {
  std::uint64_t canonical = values.size();
  return {pieces, sets, canonical, marks, before, values};
}

Tables::Tables(const Board& board, const Rules& rules)
    : id_(TableId::of(board, rules)),
      model_(
          board,
          [&] {
            Rules r = rules;
            r.measure = Measure::kPieces;
            return r;
          }(),
          plain_position(board), true) {}

void Tables::add(const LevelView& level) {
  if (level.pieces != top() + 1) throw std::invalid_argument("egdb levels must be added in order");
  levels_.push_back(level);
}

std::uint64_t Tables::rank(std::uint64_t occ) {
  const auto& c = binomial_table();
  std::uint64_t r = 0;
  int j = 1;
  for (std::uint64_t m = occ; m; m &= m - 1) r += c[std::countr_zero(m)][j++];
  return r;
}

std::uint64_t Tables::unrank(std::uint64_t rank, int pieces, int n) {
  const auto& c = binomial_table();
  std::uint64_t occ = 0;
  int top = n - 1;
  for (int j = pieces; j >= 1; --j) {
    while (c[top][j] > rank) --top;
    rank -= c[top][j];
    occ |= std::uint64_t{1} << top;
    --top;
  }
  return occ;
}

int Tables::value(const LevelView& l, std::uint64_t canonical_occ) {
  const std::uint64_t r = rank(canonical_occ);
  const std::uint64_t w = r >> 6;
  const std::uint64_t below = l.marks[w] & ((std::uint64_t{1} << (r & 63)) - 1);
  return l.values[l.before[w] + static_cast<std::uint64_t>(std::popcount(below))];
}

void Tables::probe_least(const std::uint64_t* least, int n, int* out) const {
  constexpr int kBatch = 64;
  std::uint64_t rank_of[kBatch];
  const LevelView* level_of_set[kBatch];
  for (int at = 0; at < n; at += kBatch) {
    const int m = std::min(kBatch, n - at);
    for (int i = 0; i < m; ++i) {
      const std::uint64_t occ = least[at + i];
      level_of_set[i] = &levels_[static_cast<std::size_t>(std::popcount(occ))];
      rank_of[i] = rank(occ);
      __builtin_prefetch(&level_of_set[i]->marks[rank_of[i] >> 6]);
      __builtin_prefetch(&level_of_set[i]->before[rank_of[i] >> 6]);
    }
    for (int i = 0; i < m; ++i) {
      const LevelView& l = *level_of_set[i];
      const std::uint64_t r = rank_of[i], w = r >> 6;
      const std::uint64_t below = l.marks[w] & ((std::uint64_t{1} << (r & 63)) - 1);
      rank_of[i] = l.before[w] + static_cast<std::uint64_t>(std::popcount(below));
      __builtin_prefetch(&l.values[rank_of[i]]);
    }
    for (int i = 0; i < m; ++i) out[at + i] = level_of_set[i]->values[rank_of[i]];
  }
}

int Tables::derive(std::uint64_t occ, std::vector<exact::Child<0>>& scratch) const {
  exact::children(model_, exact::Pos<0>{occ}, true, scratch);
  int best = 0;
  bool any = false;
  for (const auto& c : scratch) {
    const int v =
        c.gain - value(levels_[static_cast<std::size_t>(std::popcount(c.pos.occ))], c.pos.occ);
    if (!any || v > best) best = v;
    any = true;
  }
  return best;
}

std::uint64_t level_bytes(int n, int pieces, int symmetries) {
  const std::uint64_t sets = binomial(n, pieces);
  const std::uint64_t words = (sets + 63) / 64;
  return kHeaderBytes + words * 12 + padded(sets / std::max(1, symmetries) + 1);
}

std::optional<Level> build_level(const Tables& tables, int pieces, const SearchControl& control) {
  if (tables.top() != pieces - 1) throw std::invalid_argument("egdb: build levels in order");
  const int n = tables.cells();
  Level out;
  out.pieces = pieces;
  out.sets = binomial(n, pieces);
  const std::uint64_t words = (out.sets + 63) / 64;
  out.marks.assign(words, 0);
  out.before.assign(words, 0);
  // Chunks of whole words, in two passes: the first marks the canonical sets, the second
  // derives their values straight into their places. The values are allocated once, at
  // their exact size, so that the level takes what its file does and no more.
  const std::uint64_t chunk_words = 1024;
  const std::uint64_t chunks = (words + chunk_words - 1) / chunk_words;
  Poller poller(control);
  std::atomic<std::uint64_t> done{0};
  std::atomic<bool> stopped{false};
  const exact::BitRules& model = tables.model();
  // Calls each(r, occ) for every set of chunk k, in rank order.
  const auto for_sets = [&](std::uint64_t k, const auto& each) {
    const std::uint64_t first = k * chunk_words * 64;
    const std::uint64_t last = std::min(out.sets, first + chunk_words * 64);
    std::uint64_t occ = Tables::unrank(first, pieces, n);
    for (std::uint64_t r = first; r < last; ++r) {
      each(r, occ);
      if (r + 1 < last) occ = next_set(occ);
    }
    return last - first;
  };
  // Half the progress for each pass; the sets shown are those of the pass under way.
  const auto report = [&](std::uint64_t sets) {
    const std::uint64_t d = done.fetch_add(sets) + sets;
    poller.report([&] {
      Progress p;
      p.nodes = d > out.sets ? d - out.sets : d;
      p.fraction = static_cast<double>(d) / static_cast<double>(2 * out.sets);
      p.note = "level " + std::to_string(pieces);
      return p;
    });
    if (poller.limit_reached(0)) stopped = true;
  };
  const int threads = control.threads > 0 ? control.threads : tbb::info::default_concurrency();
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism,
                            static_cast<std::size_t>(threads));
  tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, chunks, 1), [&](const auto& range) {
    for (std::uint64_t k = range.begin(); k != range.end(); ++k) {
      if (stopped.load(std::memory_order_relaxed)) return;
      report(for_sets(k, [&](std::uint64_t r, std::uint64_t occ) {
        if (model.canonical(exact::Pos<0>{occ}).occ == occ)
          out.marks[r >> 6] |= std::uint64_t{1} << (r & 63);
      }));
    }
  });
  if (stopped) return std::nullopt;
  std::uint64_t count = 0;
  for (std::uint64_t w = 0; w < words; ++w) {
    if (count > 0xFFFFFFFFULL) throw std::length_error("egdb: a level has too many entries");
    out.before[w] = static_cast<std::uint32_t>(count);
    count += static_cast<std::uint64_t>(std::popcount(out.marks[w]));
  }
  out.values.assign(count, 0);
  tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, chunks, 1), [&](const auto& range) {
    std::vector<exact::Child<0>> scratch;
    for (std::uint64_t k = range.begin(); k != range.end(); ++k) {
      if (stopped.load(std::memory_order_relaxed)) return;
      report(for_sets(k, [&](std::uint64_t r, std::uint64_t occ) {
        const std::uint64_t word = out.marks[r >> 6];
        const std::uint64_t bit = std::uint64_t{1} << (r & 63);
        if (word & bit)
          out.values[out.before[r >> 6] +
                     static_cast<std::uint64_t>(std::popcount(word & (bit - 1)))] =
              static_cast<std::int8_t>(tables.derive(occ, scratch));
      }));
    }
  });
  if (stopped) return std::nullopt;
  return out;
}

void write_level_bytes(const TableId& id, const LevelView& level,
                       const std::function<void(std::span<const std::uint8_t>)>& write) {
  const std::size_t words = level.marks.size();
  const std::size_t payload = words * 8 + padded(words * 4) + padded(level.values.size());
  // The payload's parts, each padded with zeros to whole words: the checksum over them in
  // turn is the one over the payload's bytes.
  const std::span<const std::uint8_t> parts[] = {
      std::span(reinterpret_cast<const std::uint8_t*>(level.marks.data()), words * 8),
      std::span(reinterpret_cast<const std::uint8_t*>(level.before.data()), words * 4),
      std::span(reinterpret_cast<const std::uint8_t*>(level.values.data()), level.values.size())};
  Checksum sum;
  for (const auto& part : parts) sum.add_padded(part);
  std::vector<std::uint8_t> out(kHeaderBytes, 0);
  std::memcpy(out.data(), kMagic, 8);
  put<std::uint32_t>(out, 8, kFormatVersion);
  put<std::uint32_t>(out, 12, static_cast<std::uint32_t>(kHeaderBytes));
  put<std::uint32_t>(out, 16, static_cast<std::uint32_t>(id.cells.size()));
  put<std::uint32_t>(out, 20, static_cast<std::uint32_t>(level.pieces));
  put<std::uint64_t>(out, 24, id.digest());
  put<std::uint64_t>(out, 32, level.sets);
  put<std::uint64_t>(out, 40, level.canonical);
  put<std::uint64_t>(out, 48, words);
  put<std::uint64_t>(out, 56, payload);
  put<std::uint32_t>(out, 72, static_cast<std::uint32_t>(id.width));
  put<std::uint32_t>(out, 76, static_cast<std::uint32_t>(id.height));
  put<std::uint8_t>(out, 80, static_cast<std::uint8_t>(id.jumps));
  put<std::uint8_t>(out, 81, static_cast<std::uint8_t>(id.continuation));
  put<std::uint64_t>(out, 64, sum.value());
  write(out);
  static constexpr std::uint8_t kZeros[8] = {};
  for (const auto& part : parts) {
    write(part);
    write(std::span(kZeros, padded(part.size()) - part.size()));
  }
}

std::vector<std::uint8_t> serialise(const TableId& id, const LevelView& level) {
  std::vector<std::uint8_t> out;
  write_level_bytes(id, level, [&](std::span<const std::uint8_t> bytes) {
    out.insert(out.end(), bytes.begin(), bytes.end());
  });
  return out;
}

int level_of(std::span<const std::uint8_t> bytes) {
  if (bytes.size() < kHeaderBytes || std::memcmp(bytes.data(), kMagic, 8) != 0) return -1;
  return static_cast<int>(get<std::uint32_t>(bytes, 20));
}

Opened open_level(std::span<const std::uint8_t> bytes, const TableId& id, bool check_sum) {
  Opened o;
  if (bytes.size() < kHeaderBytes || std::memcmp(bytes.data(), kMagic, 8) != 0) {
    o.error = "not an endgame table file";
    return o;
  }
  const auto version = get<std::uint32_t>(bytes, 8);
  if (version != kFormatVersion) {
    o.error = "format version " + std::to_string(version) + ", expected " +
              std::to_string(kFormatVersion);
    return o;
  }
  if (get<std::uint64_t>(bytes, 24) != id.digest() ||
      get<std::uint32_t>(bytes, 16) != id.cells.size()) {
    o.error = "made for another board or rules";
    return o;
  }
  // The digest already names the board and rules; the header's plain copies of them must say
  // the same, and what the format leaves unused must be zero, or the header was altered.
  if (get<std::uint32_t>(bytes, 12) != kHeaderBytes ||
      get<std::uint32_t>(bytes, 72) != static_cast<std::uint32_t>(id.width) ||
      get<std::uint32_t>(bytes, 76) != static_cast<std::uint32_t>(id.height) ||
      get<std::uint8_t>(bytes, 80) != static_cast<std::uint8_t>(id.jumps) ||
      get<std::uint8_t>(bytes, 81) != static_cast<std::uint8_t>(id.continuation) ||
      std::any_of(bytes.begin() + 82, bytes.begin() + kHeaderBytes,
                  [](std::uint8_t b) { return b != 0; })) {
    o.error =
        "header fields disagree with its digest or its unused bytes are not zero (a "
        "damaged file)";
    return o;
  }
  const int pieces = static_cast<int>(get<std::uint32_t>(bytes, 20));
  const int n = static_cast<int>(id.cells.size());
  const std::uint64_t sets = get<std::uint64_t>(bytes, 32);
  const std::uint64_t canonical = get<std::uint64_t>(bytes, 40);
  const std::uint64_t words = get<std::uint64_t>(bytes, 48);
  const std::uint64_t payload = get<std::uint64_t>(bytes, 56);
  if (pieces < 0 || pieces > n || sets != binomial(n, pieces) || words != (sets + 63) / 64 ||
      canonical > sets || payload != words * 8 + padded(words * 4) + padded(canonical) ||
      bytes.size() != kHeaderBytes + payload) {
    o.error = "sizes in the header do not match (a truncated or damaged file)";
    return o;
  }
  if (check_sum &&
      checksum(bytes.subspan(kHeaderBytes, payload)) != get<std::uint64_t>(bytes, 64)) {
    o.error = "checksum mismatch (a damaged file)";
    return o;
  }
  const std::uint8_t* base = bytes.data() + kHeaderBytes;
  o.view.pieces = pieces;
  o.view.sets = sets;
  o.view.canonical = canonical;
  o.view.marks = {reinterpret_cast<const std::uint64_t*>(base), words};
  o.view.before = {reinterpret_cast<const std::uint32_t*>(base + words * 8), words};
  o.view.values = {reinterpret_cast<const std::int8_t*>(base + words * 8 + padded(words * 4)),
                   canonical};
  // The counts must agree with the marks, or a look-up could read past the values.
  std::uint64_t count = 0;
  for (std::uint64_t w = 0; w < words; ++w) {
    if (o.view.before[w] != count) {
      o.error = "rank counts do not match the marks (a damaged file)";
      return o;
    }
    count += static_cast<std::uint64_t>(std::popcount(o.view.marks[w]));
  }
  if (count != canonical) o.error = "rank counts do not match the marks (a damaged file)";
  return o;
}

std::uint64_t entry_rank(const LevelView& l, std::uint64_t k) {
  // The last word whose count of marks before it is at most k holds entry k.
  const auto after = std::upper_bound(l.before.begin(), l.before.end(), k);
  const auto w = static_cast<std::uint64_t>(after - l.before.begin()) - 1;
  std::uint64_t word = l.marks[w];
  for (std::uint64_t skip = k - l.before[w]; skip != 0; --skip) word &= word - 1;
  return w * 64 + static_cast<std::uint64_t>(std::countr_zero(word));
}

LevelCheck verify_level(const Tables& tables, int pieces, std::uint64_t samples, std::uint64_t seed,
                        const std::atomic<bool>* stop) {
  const LevelView& l = tables.level(pieces);
  LevelCheck c;
  if (l.canonical == 0) return c;
  std::vector<exact::Child<0>> scratch;
  const auto check = [&](std::uint64_t r) {
    const std::uint64_t occ = Tables::unrank(r, pieces, tables.cells());
    if (tables.derive(occ, scratch) != Tables::value(l, occ)) ++c.wrong;
    ++c.checked;
  };
  const auto stopped = [&] {
    return stop != nullptr && (c.checked & 1023) == 0 && stop->load(std::memory_order_relaxed);
  };
  if (samples >= l.canonical) {
    // As many samples as entries or more: every entry once, rather than some twice.
    for (std::uint64_t r = 0; r < l.sets; ++r)
      if (l.marks[r >> 6] >> (r & 63) & 1U) {
        if (stopped()) return c;
        check(r);
      }
    return c;
  }
  std::uint64_t x = seed ^ 0x9E3779B97F4A7C15ULL;
  for (std::uint64_t s = 0; s < samples; ++s) {
    if (stopped()) return c;
    x = mix64(x + 0x9E3779B97F4A7C15ULL);
    // A random entry, each as likely as any other (canonical sets come in long runs and long
    // gaps, so walking from a random set to the next canonical one would cost a gap's length
    // and favour the entries after long gaps).
    check(entry_rank(l, x % l.canonical));
  }
  return c;
}

}  // namespace leapfrog::egdb
