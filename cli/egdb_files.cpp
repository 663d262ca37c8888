#include "cli/egdb_files.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>

namespace leapfrog::cli {

std::string default_egdb_dir() {
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg)
    return std::string(xdg) + "/leapfrog/egdb";
  if (const char* home = std::getenv("HOME"); home && *home)
    return std::string(home) + "/.cache/leapfrog/egdb";
  return ".leapfrog-egdb";
}

MappedFile::MappedFile(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw IoError("cannot open " + quoted_path(path) + " (" + std::strerror(errno) + ")");
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    throw UsageError(quoted_path(path) + " is not a file");
  }
  size_ = static_cast<std::size_t>(st.st_size);
  if (size_ > 0) {
    void* p = ::mmap(nullptr, size_, PROT_READ, MAP_SHARED, fd, 0);
    if (p == MAP_FAILED) {
      ::close(fd);
      throw UsageError("cannot map " + quoted_path(path));
    }
    data_ = static_cast<const std::uint8_t*>(p);
  }
  ::close(fd);
}

MappedFile::~MappedFile() {
  if (data_) ::munmap(const_cast<std::uint8_t*>(data_), size_);
}

std::string table_folder(const std::string& dir, const egdb::TableId& id) {
  const std::string folder = dir + "/" + id.name();
  const std::string spaced = dir + "/" + id.spaced_name();
  std::error_code ec;
  if (spaced != folder && !std::filesystem::exists(folder, ec) &&
      std::filesystem::is_directory(spaced, ec))
    return spaced;
  return folder;
}

std::string level_path(const std::string& folder, int pieces) {
  std::string n = std::to_string(pieces);
  if (n.size() < 2) n = "0" + n;
  return folder + "/level-" + n + ".egdb";
}

LoadedTables load_tables(const std::string& dir, const Board& board, const Rules& rules,
                         std::string* damage) {
  LoadedTables out;
  out.tables = std::make_unique<egdb::Tables>(board, rules);
  out.folder = table_folder(dir, out.tables->id());
  for (int p = 0; p <= out.tables->cells(); ++p) {
    const std::string path = level_path(out.folder, p);
    std::error_code ec;
    const std::filesystem::file_status st = std::filesystem::status(path, ec);
    if (st.type() == std::filesystem::file_type::not_found) break;
    try {
      if (ec) throw IoError("cannot read " + quoted_path(path) + " (" + ec.message() + ")");
      // A folder or a pipe in a level's place is damage, not a gap; a pipe is not opened.
      if (st.type() != std::filesystem::file_type::regular)
        throw UsageError(quoted_path(path) + ": not a regular file");
      auto file = std::make_unique<MappedFile>(path);
      const egdb::Opened o = egdb::open_level(file->bytes(), out.tables->id(), true);
      if (!o.error.empty()) throw UsageError(quoted_path(path) + ": " + o.error);
      if (o.view.pieces != p) throw UsageError(quoted_path(path) + ": holds another level");
      out.tables->add(o.view);
      out.files.push_back(std::move(file));
    } catch (const UsageError& e) {
      if (!damage) throw;
      *damage = e.what();
      out.refused = dynamic_cast<const IoError*>(&e) != nullptr;
      break;
    }
  }
  return out;
}

std::string level_gap(const LoadedTables& have) {
  const int missing = have.tables->top() + 1;
  int above = -1;
  std::error_code ec;
  for (int p = missing + 1; p <= have.tables->cells(); ++p)
    if (std::filesystem::exists(level_path(have.folder, p), ec)) above = p;
  if (above < 0) return {};
  return quoted_path(level_path(have.folder, missing)) + " is missing, below level " +
         std::to_string(above) + " (levels " + std::to_string(missing + 1) + ".." +
         std::to_string(above) + " cannot be used without it; leapfrog egdb build makes it)";
}

void add_egdb_option(po::options_description& d, std::string& dir, EgdbFolder folder) {
  d.add_options()("egdb",
                  dir_value(&dir, "egdb", folder == EgdbFolder::kExisting)->value_name("DIR"),
                  "the endgame tables' folder ('leapfrog egdb build' writes them; default: "
                  "the cache folder)");
}

void check_egdb_folder(const std::string& dir) {
  std::error_code ec;
  if (!dir.empty() && !std::filesystem::is_directory(dir, ec))
    throw UsageError("--egdb: " + quoted_path(dir) + " is not a folder");
}

namespace {

// Whether tables can hold the game: two players, plain pieces on at most 64 squares (the
// rules' other kinds have no tables, and lookups refuse them).
bool tables_apply(const Board& board, const Rules& rules) {
  return rules.players == 2 && board.squares() <= 64;
}

// DIR's tables for the board, the levels below a damaged or missing level file kept (for a
// folder not asked for by name, or a server's, where a bad file must not fail the work).
// `warning` gets what is wrong as the text after "warning: ", "" when nothing; `in` and `of`
// name the folder in it (" in the cache folder", " of the cache folder"; empty: not named).
LoadedTables load_usable(const std::string& dir, const Board& board, const Rules& rules,
                         std::string& warning, const std::string& in, const std::string& of) {
  std::string damage;
  LoadedTables loaded = load_tables(dir, board, rules, &damage);
  // A missing level hides the ones above it, as a damaged file does.
  const std::string gap = damage.empty() ? level_gap(loaded) : "";
  if (!damage.empty() && loaded.refused)
    warning =
        escape_controls(damage) + ": the endgame tables" + in + " from that level up are not used";
  else if (!damage.empty())
    warning = "the endgame tables" + in + " are damaged (" + escape_controls(damage) +
              "); levels from there up are not used (rebuild: leapfrog egdb build)";
  else if (!gap.empty())
    warning = "in the endgame tables" + of + ", " + escape_controls(gap);
  return loaded;
}

}  // namespace

std::unique_ptr<LoadedTables> game_tables(const std::string& dir_option, const Board& board,
                                          const Rules& rules, const Position& pos) {
  if (!tables_apply(board, rules)) return nullptr;
  (void)pos;
  std::unique_ptr<LoadedTables> loaded;
  if (!dir_option.empty()) {
    // The folder asked for: a damaged file or a missing level is an error.
    check_egdb_folder(dir_option);
    loaded = std::make_unique<LoadedTables>(load_tables(dir_option, board, rules));
    if (const std::string gap = level_gap(*loaded); !gap.empty()) throw UsageError(gap);
  } else {
    const std::string dir = default_egdb_dir();
    std::error_code ec;
    if (!std::filesystem::is_directory(dir, ec)) return nullptr;
    std::string warning;
    loaded = std::make_unique<LoadedTables>(
        load_usable(dir, board, rules, warning, " in the cache folder", " of the cache folder"));
    if (!warning.empty()) std::cerr << "leapfrog: warning: " + warning + "\n";
  }
  if (loaded->tables->top() < 0) return nullptr;
  return loaded;
}

std::shared_ptr<const LoadedTables> SharedTables::get(const Board& board, const Rules& rules) {
  if (!tables_apply(board, rules)) return nullptr;
  const std::string dir = dir_option_.empty() ? default_egdb_dir() : dir_option_;
  const std::string folder = table_folder(dir, egdb::TableId::of(board, rules));
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    if (const auto it = loaded_.find(folder); it != loaded_.end())
      return it->second->tables->top() < 0 ? nullptr : it->second;
  }
  std::error_code ec;
  if (!std::filesystem::is_directory(folder, ec)) return nullptr;
  // Loaded outside the lock: another board's requests need not wait for these files.
  std::string warning;
  auto loaded = std::make_shared<LoadedTables>(load_usable(dir, board, rules, warning, "", ""));
  const std::lock_guard<std::mutex> lock(mutex_);
  const auto [it, added] = loaded_.emplace(folder, std::move(loaded));
  // One line, written whole: the warning is the operator's, once for the board.
  if (added && !warning.empty()) std::cerr << "leapfrog serve: warning: " + warning + "\n";
  return it->second->tables->top() < 0 ? nullptr : it->second;
}

}  // namespace leapfrog::cli
