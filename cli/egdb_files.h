// Endgame table files (docs/egdb.md): where they live, mapping them into memory, the --egdb
// option. The tables themselves (solver/egdb.h) only ever see the mapped bytes.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "cli/common.h"
#include "solver/egdb.h"

namespace leapfrog::cli {

// The default folder: $XDG_CACHE_HOME/leapfrog/egdb, else ~/.cache/leapfrog/egdb.
std::string default_egdb_dir();

// A file mapped read-only into memory; unmapped when destroyed.
class MappedFile {
 public:
  explicit MappedFile(const std::string& path);  // throws UsageError when it cannot
  ~MappedFile();
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;
  std::span<const std::uint8_t> bytes() const { return {data_, size_}; }

 private:
  const std::uint8_t* data_ = nullptr;
  std::size_t size_ = 0;
};

// The tables of one board and rules read from a folder: levels 0..k as far as their files are
// there, each mapped and checked (header always, checksum when asked).
struct LoadedTables {
  std::unique_ptr<egdb::Tables> tables;
  std::vector<std::unique_ptr<MappedFile>> files;
  std::vector<egdb::Level> built;  // levels built in memory (egdb build) rather than mapped
  std::string folder;              // DIR/NAME
  // With load_tables' `damage`: the file the loading ended at could not be read (the system
  // refused it: a permission, a failing disk), which is not damage to build again.
  bool refused = false;
};

// The folder of a board's tables inside DIR, and the file of level p in it.
std::string table_folder(const std::string& dir, const egdb::TableId& id);
std::string level_path(const std::string& folder, int pieces);

// Loads what DIR holds for the board and rules (tables->top() == -1 when nothing); a file that
// is there but bad (its header, its sizes, or the checksum of every byte: a damaged value must
// never be used as a proved one) throws UsageError naming it, or, when `damage` is given, ends
// the loading there (the levels below it are kept) with the message in *damage.
LoadedTables load_tables(const std::string& dir, const Board& board, const Rules& rules,
                         std::string* damage = nullptr);

// When a level file is missing while a higher level's file is there (the levels from the
// missing one up cannot be used): a message naming the missing file; else "". Levels are
// loaded up to the first missing one, so it is level have.tables->top() + 1.
std::string level_gap(const LoadedTables& have);

// --egdb DIR. The commands that read tables (analyse, play, hub, serve, egdb info and verify)
// take kExisting: a DIR that is not a folder is refused when the command line is read, before
// anything runs; egdb build takes kMade, as it makes the folder.
enum class EgdbFolder { kExisting, kMade };
void add_egdb_option(po::options_description& d, std::string& dir,
                     EgdbFolder folder = EgdbFolder::kExisting);
// Throws UsageError("--egdb: 'DIR' is not a folder") unless `dir` is empty or a folder.
void check_egdb_folder(const std::string& dir);
// The tables a game search reads: those in --egdb DIR when given (a folder that does not
// exist, or a damaged file in it, is a usage error), else those in the default folder when it
// has some for this board and rules; there a damaged file is a warning on standard error and
// the levels below it are used. Null when there are none (or the rules are not the tables'
// kind).
std::unique_ptr<LoadedTables> game_tables(const std::string& dir_option, const Board& board,
                                          const Rules& rules, const Position& pos);

// The tables of a process that answers many requests (the web server): each board's are
// loaded when a request first needs them and then shared, as they are only read. A damaged or
// missing file is the server's matter, not the request's: a warning on standard error, once
// for the board, and the levels below it are used. From --egdb DIR, else the default folder;
// a board whose folder is not there yet is looked for again at the next request. Safe to
// call from several threads.
class SharedTables {
 public:
  explicit SharedTables(std::string dir_option) : dir_option_(std::move(dir_option)) {}
  // Null when there are none (or the rules are not the tables' kind).
  std::shared_ptr<const LoadedTables> get(const Board& board, const Rules& rules);

 private:
  std::string dir_option_;
  std::mutex mutex_;
  std::map<std::string, std::shared_ptr<const LoadedTables>> loaded_;  // by table folder
};

}  // namespace leapfrog::cli
