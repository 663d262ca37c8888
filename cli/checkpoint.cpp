#include "cli/checkpoint.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include "core/text.h"

namespace leapfrog::cli {

namespace {

namespace fs = std::filesystem;

// "LFCKPT", then the format's version in the last two bytes.
constexpr std::uint64_t kMagic = 0x0100'5450'4B43'464CULL;  // bytes L F C K P T \0 \1
constexpr std::uint64_t kVersion = 1;
// Header words before the level sizes: magic, version, job, ranks, rank, words an entry,
// level, nodes, overflow, entries.
constexpr std::size_t kFixedWords = 10;
constexpr std::size_t kChunkWords = std::size_t{1} << 17;

// What a rank found in the folder, sent to every rank (the same words, in this order).
enum Status : std::uint64_t {
  kOk = 0,
  kNoFolder = 1,    // detail: errno
  kDamaged = 2,     // level; detail: a Damage
  kOtherJob = 3,    // level
  kOtherRanks = 4,  // detail: the other number of ranks
  kUnreadable = 5,  // level; detail: errno
};
// More levels than any count has (a level per capture).
constexpr std::uint64_t kMostLevels = std::uint64_t{1} << 16;

enum Damage : std::uint64_t {
  kNotCheckpoint = 1,
  kCutShort = 2,
  kBadSum = 3,
  kNotAFile = 4,
  kOtherLevel = 5,  // a sound file of this job under another level's or rank's name
};
constexpr std::size_t kStatusWords = 5;  // status, level, detail, newest, second newest

// A file name of ours: rank-R-of-N.level-K, with ".part" while it is written; the numbers as
// std::to_string writes them (a name that is not exactly so, such as level-013, is another
// file, left alone). K is at most 64: the count that saves levels is on at most 64 squares,
// one capture a level.
struct FileName {
  int rank = -1, ranks = 0, level = -1;
  bool part = false;
};
std::optional<FileName> parse_name(const std::string& name) {
  FileName f;
  std::string_view rest = name;
  const auto number = [&](std::string_view prefix, int& out) {
    if (!rest.starts_with(prefix)) return false;
    rest.remove_prefix(prefix.size());
    const char* begin = rest.data();
    const auto [end, ec] = std::from_chars(begin, begin + rest.size(), out);
    if (ec != std::errc() || end == begin || *begin == '-' || (*begin == '0' && end - begin > 1))
      return false;
    rest.remove_prefix(static_cast<std::size_t>(end - begin));
    return true;
  };
  if (!number("rank-", f.rank) || !number("-of-", f.ranks) || !number(".level-", f.level))
    return std::nullopt;
  if (rest == ".part")
    f.part = true;
  else if (!rest.empty())
    return std::nullopt;
  if (f.ranks < 1 || f.rank >= f.ranks || f.level > 64) return std::nullopt;
  return f;
}

struct Header {
  std::vector<std::uint64_t> fixed = std::vector<std::uint64_t>(kFixedWords);
  std::vector<std::uint64_t> levels;
  std::uint64_t words() const { return fixed[5]; }
  std::uint64_t entries() const { return fixed[9]; }
  std::size_t header_words() const { return kFixedWords + levels.size(); }
};

bool read_words(std::FILE* f, std::uint64_t* into, std::size_t n) {
  return std::fread(into, sizeof(std::uint64_t), n, f) == n;
}

struct Checked {
  Status status = kOk;
  std::uint64_t detail = 0;
  Header header;
};

// Reads a whole file of this job and rank and checks its header, length and checksum.
Checked check_file(const std::string& path, std::uint64_t job, int ranks, int rank, int level) {
  Checked c;
  // Read only if it is a regular file (a FIFO would wait for a writer, forever).
  int error = 0;
  std::FILE* f = open_regular(path, O_RDONLY, "rb", error);
  if (f == nullptr)
    return error == 0 ? Checked{kDamaged, kNotAFile, {}}
                      : Checked{kUnreadable, static_cast<std::uint64_t>(error), {}};
  Checksum sum;
  const auto fail = [&](Status s, std::uint64_t detail) {
    std::fclose(f);
    c.status = s;
    c.detail = detail;
    return c;
  };
  Header& h = c.header;
  if (!read_words(f, h.fixed.data(), kFixedWords)) return fail(kDamaged, kCutShort);
  if (h.fixed[0] != kMagic || h.fixed[1] != kVersion) return fail(kDamaged, kNotCheckpoint);
  if (h.fixed[2] != job) return fail(kOtherJob, 0);
  // The file is read as its header says (its own level), so that a sound file under another
  // name is told from a damaged one by its checksum.
  const std::uint64_t own = h.fixed[6];
  if (h.words() == 0 || h.words() > 8 || own > kMostLevels) return fail(kDamaged, kNotCheckpoint);
  sum.add(h.fixed);
  h.levels.resize(static_cast<std::size_t>(own) + 1);
  if (!read_words(f, h.levels.data(), h.levels.size())) return fail(kDamaged, kCutShort);
  sum.add(h.levels);
  // The entries, then the checksum; nothing after it.
  if (h.entries() > std::numeric_limits<std::uint64_t>::max() / h.words())
    return fail(kDamaged, kNotCheckpoint);
  std::uint64_t left = h.entries() * h.words();
  std::vector<std::uint64_t> chunk(kChunkWords);
  while (left > 0) {
    const std::size_t n = static_cast<std::size_t>(std::min<std::uint64_t>(left, kChunkWords));
    if (!read_words(f, chunk.data(), n)) return fail(kDamaged, kCutShort);
    sum.add(std::span(chunk.data(), n));
    left -= n;
  }
  std::uint64_t stored = 0;
  if (!read_words(f, &stored, 1)) return fail(kDamaged, kCutShort);
  if (stored != sum.value() || std::fgetc(f) != EOF) return fail(kDamaged, kBadSum);
  if (h.fixed[3] != static_cast<std::uint64_t>(ranks) ||
      h.fixed[4] != static_cast<std::uint64_t>(rank) || own != static_cast<std::uint64_t>(level))
    return fail(kDamaged, kOtherLevel);
  std::fclose(f);
  return c;
}

std::string errno_text(std::uint64_t e) { return std::strerror(static_cast<int>(e)); }

}  // namespace

void add_checkpoint_option(po::options_description& d, std::string& dir) {
  d.add_options()("checkpoint", dir_value(&dir, "checkpoint")->value_name("DIR"),
                  "save each level of the level-by-level count in folder DIR (made when "
                  "missing); run again with the same DIR, the count goes on from the last "
                  "level saved (after a stop, a crash or a killed rank)");
}

std::string CheckpointStore::path(int level) const { return level_file(rank_, level); }

std::string CheckpointStore::level_file(int rank, std::uint64_t level) const {
  return dir_ + "/rank-" + std::to_string(rank) + "-of-" + std::to_string(ranks_) + ".level-" +
         std::to_string(level);
}

CheckpointStore::CheckpointStore(const std::string& dir, const std::string& job,
                                 LevelExchange& exchange)
    : dir_(dir),
      job_(checksum(std::span(reinterpret_cast<const std::uint8_t*>(job.data()), job.size()))),
      rank_(exchange.rank()),
      ranks_(exchange.ranks()) {
  std::array<std::uint64_t, kStatusWords> mine{kOk, 0, 0, ~std::uint64_t{0}, ~std::uint64_t{0}};
  std::vector<int> held;  // this rank's sound levels
  std::vector<Header> headers;
  std::error_code ec;
  fs::create_directories(dir_, ec);
  if (ec || !fs::is_directory(dir_, ec)) {
    mine[0] = kNoFolder;
    mine[2] = static_cast<std::uint64_t>(ec ? ec.value() : ENOTDIR);
  } else {
    fs::directory_iterator it(dir_, ec);
    if (ec) {
      mine[0] = kNoFolder;
      mine[2] = static_cast<std::uint64_t>(ec.value());
    }
    std::vector<int> levels;
    for (; !ec && it != fs::directory_iterator(); it.increment(ec)) {
      const std::optional<FileName> f = parse_name(it->path().filename().string());
      if (!f) continue;
      if (f->ranks != ranks_) {
        if (mine[0] == kOk) mine = {kOtherRanks, 0, static_cast<std::uint64_t>(f->ranks), 0, 0};
        continue;
      }
      if (f->rank != rank_) continue;
      if (f->part)  // a level cut off while it was written: never resumed from
        fs::remove(it->path(), ec);
      else
        levels.push_back(f->level);
      ec.clear();
    }
    // The folder takes this rank's files: found now, not when the first level is written.
    if (mine[0] == kOk) {
      const std::string probe = level_file(rank_, 0) + ".probe";
      const int fd = ::open(probe.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
      if (fd < 0)
        mine = {kNoFolder, 0, static_cast<std::uint64_t>(errno), 0, 0};
      else {
        ::close(fd);
        ::unlink(probe.c_str());
      }
    }
    std::sort(levels.begin(), levels.end());
    for (const int level : levels) {
      if (mine[0] != kOk) break;
      const Checked c = check_file(path(level), job_, ranks_, rank_, level);
      if (c.status != kOk)
        mine = {c.status, static_cast<std::uint64_t>(level), c.detail, 0, 0};
      else {
        held.push_back(level);
        headers.push_back(c.header);
      }
    }
    if (mine[0] == kOk && !held.empty()) {
      mine[3] = static_cast<std::uint64_t>(held.back());
      if (held.size() > 1) mine[4] = static_cast<std::uint64_t>(held[held.size() - 2]);
    }
  }
  // Every rank's findings, so that every rank stops alike or agrees the same level.
  const std::vector<std::uint64_t> all = exchange.all_gather(mine);
  const auto quoted_file = [&](int rank, std::uint64_t level) {
    return quoted_path(level_file(rank, level));
  };
  for (int r = 0; r < ranks_; ++r) {
    const std::uint64_t* s = &all[static_cast<std::size_t>(r) * kStatusWords];
    switch (s[0]) {
      case kOk:
        break;
      case kNoFolder:
        // The name is each rank's own path (its machine, its working folder): a rank other
        // than the one printing (rank 0) is named.
        throw AgreedIoError((r != 0 ? "rank " + std::to_string(r) + ": " : std::string()) +
                            "--checkpoint: cannot use the folder " + quoted_path(dir_) + " (" +
                            errno_text(s[2]) + ")");
      case kDamaged:
        throw UsageError("--checkpoint: the file " + quoted_file(r, s[1]) + " is damaged (" +
                         (s[2] == kBadSum     ? "its checksum does not match"
                          : s[2] == kCutShort ? "it is cut short"
                          : s[2] == kNotAFile ? "not a regular file"
                          : s[2] == kOtherLevel
                              ? "it holds another level or another rank's share, not what its "
                                "name says"
                              : "not a checkpoint file of this version") +
                         "); delete it, or give another folder");
      case kOtherJob:
        throw UsageError("--checkpoint: the folder " + quoted_path(dir_) +
                         " holds the levels of another job (" + quoted_file(r, s[1]) +
                         "); give another folder");
      case kOtherRanks:
        throw UsageError("--checkpoint: the folder " + quoted_path(dir_) + " holds the levels of " +
                         std::to_string(s[2]) + " ranks, not " + std::to_string(ranks_) +
                         "; resume with as many ranks, or give another folder");
      default:
        throw AgreedIoError("--checkpoint: cannot read " + quoted_file(r, s[1]) + " (" +
                            errno_text(s[2]) + ")");
    }
  }
  // The last level every rank saved (ranks save level k + 1 only after every rank has
  // saved level k, so each still holds it among its last two).
  constexpr std::uint64_t kNone = ~std::uint64_t{0};
  std::uint64_t level = kNone;
  for (int r = 0; r < ranks_; ++r) {
    const std::uint64_t newest = all[static_cast<std::size_t>(r) * kStatusWords + 3];
    level = r == 0 ? newest : (newest == kNone || level == kNone ? kNone : std::min(level, newest));
  }
  for (int r = 0; r < ranks_ && level != kNone; ++r) {
    const std::uint64_t* s = &all[static_cast<std::size_t>(r) * kStatusWords];
    if (s[3] != level && s[4] != level) level = kNone;
  }
  if (level == kNone) {
    remove_levels(0, std::numeric_limits<int>::max());
    return;
  }
  const int k = static_cast<int>(level);
  remove_levels(k + 1, std::numeric_limits<int>::max());
  const Header& h =
      headers[static_cast<std::size_t>(std::find(held.begin(), held.end(), k) - held.begin())];
  in_ = std::fopen(path(k).c_str(), "rb");
  if (in_ == nullptr ||
      std::fseek(in_, static_cast<long>(h.header_words() * sizeof(std::uint64_t)), SEEK_SET) != 0)
    throw IoError("--checkpoint: cannot read " + quoted_path(path(k)) + " (" +
                  std::strerror(errno) + ")");
  resume_ = Mark{h.levels, h.fixed[7], h.fixed[8] != 0};
  resume_entries_ = h.entries();
}

CheckpointStore::~CheckpointStore() {
  if (in_ != nullptr) std::fclose(in_);
  if (out_ != nullptr) {
    std::fclose(out_);
    std::error_code ec;
    fs::remove(part_, ec);
  }
}

void CheckpointStore::remove_levels(int from, int to) const {
  std::error_code ec;
  for (fs::directory_iterator it(dir_, ec); !ec && it != fs::directory_iterator();
       it.increment(ec)) {
    const std::optional<FileName> f = parse_name(it->path().filename().string());
    if (f && f->rank == rank_ && f->ranks == ranks_ && f->level >= from && f->level <= to) {
      std::error_code gone;
      fs::remove(it->path(), gone);
    }
  }
}

std::uint64_t CheckpointStore::resume_entries() { return resume_entries_; }

void CheckpointStore::read(std::span<std::uint64_t> into) {
  if (in_ == nullptr || !read_words(in_, into.data(), into.size()))
    throw IoError("--checkpoint: cannot read " + quoted_path(path(resume_level())));
}

void CheckpointStore::begin(const Mark& mark, std::uint64_t entries, int words) {
  out_level_ = static_cast<int>(mark.levels.size()) - 1;
  part_ = path(out_level_) + ".part";
  out_ = std::fopen(part_.c_str(), "wb");
  if (out_ == nullptr)
    throw IoError("--checkpoint: cannot write " + quoted_path(part_) + " (" + std::strerror(errno) +
                  ")");
  out_sum_ = Checksum();
  const std::uint64_t fixed[kFixedWords] = {kMagic,
                                            kVersion,
                                            job_,
                                            static_cast<std::uint64_t>(ranks_),
                                            static_cast<std::uint64_t>(rank_),
                                            static_cast<std::uint64_t>(words),
                                            static_cast<std::uint64_t>(out_level_),
                                            mark.nodes,
                                            mark.overflow ? 1u : 0u,
                                            entries};
  write(fixed);
  write(mark.levels);
}

void CheckpointStore::write(std::span<const std::uint64_t> words) {
  out_sum_.add(words);
  if (std::fwrite(words.data(), sizeof(std::uint64_t), words.size(), out_) != words.size())
    throw IoError("--checkpoint: cannot write " + quoted_path(part_) + " (" + std::strerror(errno) +
                  ")");
}

void CheckpointStore::commit() {
  const std::uint64_t sum = out_sum_.value();
  const bool written = std::fwrite(&sum, sizeof sum, 1, out_) == 1 && std::fflush(out_) == 0 &&
                       ::fsync(::fileno(out_)) == 0;
  const int error = errno;
  const bool closed = std::fclose(out_) == 0;
  out_ = nullptr;
  std::error_code ec;
  if (written && closed) fs::rename(part_, path(out_level_), ec);
  if (!written || !closed || ec)
    throw IoError("--checkpoint: cannot write " + quoted_path(part_) + " (" +
                  (ec ? ec.message() : std::string(std::strerror(error))) + ")");
  // Each rank keeps its last two levels: the others may not have saved the newest yet.
  if (out_level_ >= 2) remove_levels(0, out_level_ - 2);
}

std::unique_ptr<CheckpointStore> open_checkpoint(const std::string& dir, const std::string& job,
                                                 LevelExchange& exchange, bool applicable) {
  if (dir.empty()) return nullptr;
  if (!applicable)
    throw UsageError(
        "--checkpoint: only the level-by-level enumeration saves levels (plain pieces on at "
        "most 64 squares under the optional rule, no removal due)");
  auto store = std::make_unique<CheckpointStore>(dir, job, exchange);
  if (store->resume_level() >= 0)
    std::cerr << "resuming from level " << store->resume_level() << ", saved in "
              << quoted_path(dir) << std::endl;
  return store;
}

}  // namespace leapfrog::cli
