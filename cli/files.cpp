// Reading and writing the files the commands name, '-' standing for standard input or output
// (cli/common.h).
#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <random>
#include <streambuf>
#include <system_error>

#include "cli/common.h"
#include "cli/progress.h"

namespace leapfrog::cli {

std::string os_reason() {
  return errno != 0 ? std::string(" (") + std::strerror(errno) + ")" : std::string();
}

void check_line_lengths(std::string_view text, const std::string& name, std::size_t& line) {
  for (const char c : text)
    if (c == '\n')
      line = 0;
    else if (++line > kMaxLineBytes)
      throw UsageError(name + " has a line longer than " + std::to_string(kMaxLineBytes) +
                       " bytes");
}

std::string input_name(const std::string& path) {
  return path == "-" ? "standard input" : quoted_path(path);
}

std::string read_file(const std::string& path) {
  const std::string name = input_name(path);
  // Someone typing the input has nothing to lose to Ctrl-C yet: it ends the program. Other
  // input gets a short grace, then ends it too (a named pipe already in its open, which waits
  // for a writer).
  std::optional<InterruptEndsWait> typing;
  if (path == "-" && ::isatty(STDIN_FILENO)) typing.emplace();
  const InterruptEndsRead reading;
  std::ifstream file;
  if (path != "-") {
    if (std::error_code ec; std::filesystem::is_directory(path, ec))
      throw UsageError(name + " is a directory");
    errno = 0;
    file.open(path, std::ios::binary);
    if (!file) throw IoError("cannot read " + name + os_reason());
  }
  std::istream& in = path == "-" ? std::cin : file;
  // Read in blocks, so that an endless source (/dev/zero) is refused at the caps, not after
  // filling the memory.
  std::string text;
  std::size_t line = 0;  // bytes since the last newline
  char block[1 << 16];
  while (in.read(block, sizeof block) || in.gcount() > 0) {
    const std::string_view got(block, static_cast<std::size_t>(in.gcount()));
    check_line_lengths(got, name, line);
    if (text.size() + got.size() > kMaxFileBytes)
      throw UsageError(name + " is larger than " + std::to_string(kMaxFileBytes >> 20) + " MiB");
    text.append(got);
  }
  if (in.bad()) throw IoError("cannot read " + name);
  drop_bom(text);
  return text;
}

std::FILE* open_regular(const std::string& path, int flags, const char* mode, int& error) {
  error = 0;
  const int fd = ::open(path.c_str(), flags | O_NONBLOCK | O_CLOEXEC, 0644);
  if (fd < 0) {
    error = errno;
    return nullptr;
  }
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    return nullptr;
  }
  std::FILE* f = ::fdopen(fd, mode);
  if (f == nullptr) {
    error = errno;
    ::close(fd);
  }
  return f;
}

void open_output(std::ofstream& out, const std::string& path) {
  if (std::error_code ec; std::filesystem::is_directory(path, ec))
    throw IoError("cannot write " + quoted_path(path) + " (a folder)");
  errno = 0;
  out.open(path, std::ios::binary);
  if (!out) throw IoError("cannot write " + quoted_path(path) + os_reason());
}

namespace {

// Standard output written with write(2), so that a failed write keeps the system's reason
// (a closed pipe, a full disk) for the message. Line by line on a terminal, as stdio is.
class StdoutBuffer final : public std::streambuf {
 public:
  StdoutBuffer() : by_line_(::isatty(STDOUT_FILENO) != 0) { setp(bytes_, bytes_ + sizeof bytes_); }
  int error() const { return error_; }

 protected:
  int_type overflow(int_type c) override {
    if (!drain()) return traits_type::eof();
    if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
    *pptr() = traits_type::to_char_type(c);
    pbump(1);
    if (by_line_ && traits_type::to_char_type(c) == '\n' && !drain()) return traits_type::eof();
    return c;
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    const std::streamsize put = std::streambuf::xsputn(s, n);
    if (by_line_ && std::memchr(s, '\n', static_cast<std::size_t>(put)) != nullptr && !drain())
      return 0;
    return put;
  }
  int sync() override { return drain() ? 0 : -1; }

 private:
  // Writes what is buffered; once a write has failed, later output is dropped.
  bool drain() {
    const char* next = pbase();
    std::size_t left = static_cast<std::size_t>(pptr() - pbase());
    while (left > 0 && error_ == 0) {
      const ssize_t wrote = ::write(STDOUT_FILENO, next, left);
      if (wrote >= 0) {
        next += wrote;
        left -= static_cast<std::size_t>(wrote);
      } else if (errno == EAGAIN || errno == EWOULDBLOCK) {
        pollfd out{STDOUT_FILENO, POLLOUT, 0};  // a descriptor left non-blocking by its owner
        ::poll(&out, 1, -1);
      } else if (errno != EINTR) {
        error_ = errno;
      }
    }
    setp(bytes_, bytes_ + sizeof bytes_);
    return error_ == 0;
  }

  char bytes_[1 << 16];
  bool by_line_;
  int error_ = 0;
};

StdoutBuffer* stdout_buffer = nullptr;

}  // namespace

std::string stdout_failure() {
  std::string text = "cannot write standard output";
  if (stdout_buffer != nullptr && stdout_buffer->error() != 0)
    text += std::string(" (") + std::strerror(stdout_buffer->error()) + ")";
  return text;
}

void install_stdout() {
  // Never destroyed: the streams flush at exit, after static objects may have gone.
  stdout_buffer = new StdoutBuffer;
  std::cout.rdbuf(stdout_buffer);
}

void write_file(const std::string& path, const std::string& text) {
  if (path == "-") {
    if (!(std::cout << text << std::flush)) throw IoError(stdout_failure());
    return;
  }
  const auto fail = [&](int error) {
    errno = error;
    throw IoError("cannot write " + quoted_path(path) + os_reason());
  };
  const auto in_place = [&] {
    std::ofstream out;
    open_output(out, path);
    errno = 0;
    if (!(out << text) || !out.flush()) fail(errno);
  };
  // Not a file (a device, a pipe; open_output refuses a folder), or a file that is more than
  // its name (a symbolic link, one with other hard links, one of another owner, one this
  // process may not write, which in_place then refuses): written in place, where it is.
  struct stat old {};
  const bool exists = ::lstat(path.c_str(), &old) == 0;
  if (exists && (!S_ISREG(old.st_mode) || old.st_nlink > 1 || old.st_uid != ::geteuid() ||
                 ::access(path.c_str(), W_OK) != 0))
    return in_place();
  // A file is written whole beside its place, then put there: a write that fails (a full disk)
  // or is stopped leaves the old file as it was, with its permissions, not one cut short.
  // Where the file beside it cannot be made or put there (a folder this process may not
  // write, a name near the longest allowed), the file is written in place.
  std::random_device random;
  std::string part;
  int fd = -1;
  for (int attempt = 0; attempt < 8 && fd < 0; ++attempt) {
    part = path + ".part-" + std::to_string(::getpid()) + "-" + std::to_string(random());
    fd = ::open(part.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0 && errno != EEXIST) break;
  }
  if (fd < 0) return in_place();
  const auto give_up = [&](int error, bool open) {
    if (open) ::close(fd);
    ::unlink(part.c_str());
    fail(error);
  };
  if (exists && ::fchmod(fd, old.st_mode & 07777) != 0) give_up(errno, true);
  for (std::size_t done = 0; done < text.size();) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) give_up(n < 0 ? errno : EIO, true);
    done += static_cast<std::size_t>(n);
  }
  if (::close(fd) != 0) give_up(errno, false);
  if (::rename(part.c_str(), path.c_str()) != 0) {
    ::unlink(part.c_str());
    in_place();
  }
}

void check_stdout() {
  if (!(std::cout << std::flush)) throw IoError(stdout_failure());
}

void check_writable(const std::string& path, const char* option) {
  if (path == "-") return;
  namespace fs = std::filesystem;
  const auto refuse = [&](const std::string& why) {
    throw IoError(std::string(option) + ": cannot write " + quoted_path(path) + " (" + why + ")");
  };
  const auto access_error = [] {
    return std::error_code(errno, std::generic_category()).message();
  };
  std::error_code ec;
  if (fs::is_directory(path, ec)) refuse("it is a directory");
  if (fs::exists(path, ec)) {
    if (::access(path.c_str(), W_OK) != 0) refuse(access_error());
    return;
  }
  fs::path folder = fs::path(path).parent_path();
  if (folder.empty()) folder = ".";
  if (!fs::is_directory(folder, ec)) refuse("no folder " + quoted_path(folder.string()));
  if (::access(folder.c_str(), W_OK | X_OK) != 0) refuse(access_error());
}

bool save_record(const std::string& path, const std::string& text, const char* command) {
  try {
    write_file(path, text);
    return true;
  } catch (const UsageError& e) {
    std::cerr << "leapfrog " << command << ": " << e.what()
              << "; the record follows on standard output\n";
    return false;
  }
}

std::string json_text(const Json& j, int indent) {
  return j.dump(indent, ' ', false, Json::error_handler_t::replace);
}

void print_json(const Json& j) { std::cout << json_text(j, 2) << "\n"; }

}  // namespace leapfrog::cli
