// For the web board's tests: `leapfrog serve` started on a free port of 127.0.0.1 and always
// stopped (the destructor, also when a check fails), and a plain HTTP client over a socket.
#pragma once

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace leapfrog::testing {

class ServeProcess {
 public:
  // Starts `leapfrog serve --port 0 ARGS...` and reads the port it prints. Its standard error
  // goes to the file `err` when given, else nowhere.
  explicit ServeProcess(std::vector<std::string> args, int port = 0, const std::string& err = "") {
    int out[2];
    if (pipe(out) != 0) throw std::runtime_error("pipe");
    args.insert(args.begin(), {"leapfrog", "serve", "--port", std::to_string(port)});
    pid_ = fork();
    if (pid_ == 0) {
      dup2(out[1], STDOUT_FILENO);
      const int sink =
          err.empty() ? open("/dev/null", O_WRONLY) : open(err.c_str(), O_WRONLY | O_CREAT, 0600);
      dup2(sink, STDERR_FILENO);
      close(out[0]);
      std::vector<char*> argv;
      for (std::string& a : args) argv.push_back(a.data());
      argv.push_back(nullptr);
      execv(LEAPFROG_EXE, argv.data());
      _exit(127);
    }
    close(out[1]);
    out_ = out[0];
    std::string text;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (text.find('\n') == std::string::npos && std::chrono::steady_clock::now() < deadline) {
      pollfd p{out_, POLLIN, 0};
      if (poll(&p, 1, 200) <= 0) continue;
      char buf[256];
      const ssize_t n = read(out_, buf, sizeof buf);
      if (n <= 0) break;
      text.append(buf, static_cast<std::size_t>(n));
    }
    first_line_ = text.substr(0, text.find('\n'));
    const std::size_t at = text.find("http://127.0.0.1:");
    if (at == std::string::npos) {
      stop();
      throw std::runtime_error("leapfrog serve printed no address: " + text);
    }
    port_ = std::stoi(text.substr(at + 17));
  }
  ServeProcess(const ServeProcess&) = delete;
  ServeProcess& operator=(const ServeProcess&) = delete;
  ~ServeProcess() { stop(); }

  int port() const { return port_; }
  pid_t pid() const { return pid_; }
  const std::string& first_line() const { return first_line_; }

  // SIGTERM, then waits up to `patience` for the exit; SIGKILL after that. The exit code, or
  // -1 when it had to be killed (or died of a signal).
  int stop(std::chrono::milliseconds patience = std::chrono::milliseconds(5000)) {
    if (pid_ <= 0) return code_;
    kill(pid_, SIGTERM);
    const auto deadline = std::chrono::steady_clock::now() + patience;
    int status = 0;
    for (;;) {
      const pid_t r = waitpid(pid_, &status, WNOHANG);
      if (r == pid_) {
        code_ = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        break;
      }
      if (std::chrono::steady_clock::now() > deadline) {
        kill(pid_, SIGKILL);
        waitpid(pid_, &status, 0);
        code_ = -1;
        break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    pid_ = -1;
    if (out_ >= 0) close(out_);
    out_ = -1;
    return code_;
  }
  // Whether the process is still running.
  bool alive() const { return pid_ > 0 && waitpid(pid_, nullptr, WNOHANG) == 0; }

 private:
  pid_t pid_ = -1;
  int out_ = -1;
  int port_ = 0;
  int code_ = -1;
  std::string first_line_;
};

// A connected socket to 127.0.0.1:port (-1 on failure), with a receive timeout.
inline int connect_local(int port, int timeout_ms = 30000) {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return -1;
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(static_cast<std::uint16_t>(port));
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  timeval tv{timeout_ms / 1000, (timeout_ms % 1000) * 1000};
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  if (connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) {
    close(fd);
    return -1;
  }
  return fd;
}

inline bool send_all(int fd, const std::string& data) {
  std::size_t sent = 0;
  while (sent < data.size()) {
    const ssize_t n = send(fd, data.data() + sent, data.size() - sent, MSG_NOSIGNAL);
    if (n <= 0) return false;
    sent += static_cast<std::size_t>(n);
  }
  return true;
}

inline std::string read_all(int fd) {
  std::string text;
  char buf[65536];
  for (;;) {
    const ssize_t n = recv(fd, buf, sizeof buf, 0);
    if (n <= 0) break;
    text.append(buf, static_cast<std::size_t>(n));
  }
  return text;
}

struct HttpReply {
  int status = 0;  // 0: no answer
  std::string head;
  std::string body;
};

inline HttpReply parse_reply(const std::string& text) {
  HttpReply r;
  const std::size_t end = text.find("\r\n\r\n");
  if (text.rfind("HTTP/1.", 0) != 0 || end == std::string::npos) return r;
  r.status = std::stoi(text.substr(9, 3));
  r.head = text.substr(0, end);
  r.body = text.substr(end + 4);
  return r;
}

// Sends raw bytes as one request and reads the answer until the server closes.
// `shut_write`: the client shuts its sending side after the request, as some do to say
// there is no more.
inline HttpReply raw_request(int port, const std::string& bytes, int timeout_ms = 30000,
                             bool shut_write = false) {
  const int fd = connect_local(port, timeout_ms);
  if (fd < 0) return {};
  send_all(fd, bytes);
  if (shut_write) shutdown(fd, SHUT_WR);
  const std::string text = read_all(fd);
  close(fd);
  return parse_reply(text);
}

inline HttpReply http_request(int port, const std::string& method, const std::string& target,
                              const std::string& body = "", int timeout_ms = 30000) {
  std::string req = method + " " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n";
  if (!body.empty() || method == "POST")
    req += "Content-Length: " + std::to_string(body.size()) + "\r\n";
  req += "\r\n" + body;
  return raw_request(port, req, timeout_ms);
}

// Percent-encodes a query value.
inline std::string url_encode(const std::string& s) {
  std::string out;
  for (const unsigned char c : s) {
    if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~') {
      out += static_cast<char>(c);
    } else {
      char buf[4];
      std::snprintf(buf, sizeof buf, "%%%02X", c);
      out += buf;
    }
  }
  return out;
}

}  // namespace leapfrog::testing
