// leapfrog serve: the web board (docs/serve.md). A local HTTP server on Boost.Beast: the page
// (web/, built into the executable) and the JSON API (cli/serve_api.h).
//
// Threads. One I/O thread runs every connection (asynchronous reads and writes, the page's
// files, the timers, the signals); nothing else touches a connection. API requests are jobs
// for two worker pools, one for searches (--jobs threads) and one for the quick endpoints,
// each with a bounded queue (a full queue answers 503; cli/serve_jobs.h). A worker hands its
// answer back to the I/O thread (asio::post); a job's only shared state is its atomic stop
// flag, which the I/O thread sets when the client goes away, when the job outlives --max-time,
// or on shutdown. On SIGINT or SIGTERM the server stops taking connections, stops every job
// and writes the answers they give (a search's best so far) before it ends, waiting at most
// kDrain for them; a second signal ends it at once.
#include <unistd.h>

// clang-format off
#include <utility>  // first: Boost 1.74's asio/awaitable.hpp uses std::exchange without it
#include <boost/asio.hpp>
// clang-format on
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <charconv>
#include <csignal>
#include <cstdlib>
#include <deque>
#include <iostream>
#include <memory>
#include <optional>

#include "cli/commands.h"
#include "cli/egdb_files.h"
#include "cli/search_options.h"
#include "cli/serve_api.h"
#include "cli/serve_jobs.h"
#include "cli/web_assets.h"

namespace leapfrog::cli {

namespace {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = net::ip::tcp;

// A request's body: a game record is a few kilobytes; 1 MiB is far more than any needs.
constexpr std::size_t kMaxBody = std::size_t{1} << 20;
constexpr std::size_t kMaxHeader = 16 * 1024;
// Connections open at once; past it a new one is answered 503 and closed.
constexpr int kMaxConnections = 256;
// The answers sent but not yet read by their clients may hold this many times --hash (each
// is held to a third of it); past it a request is answered 503, so that clients that do not
// read cannot make the server hold more and more.
constexpr std::uint64_t kUnreadHashes = 2;
// Workers of the quick endpoints (show, moves, verify, the page's board, chess moves...).
constexpr int kQuickWorkers = 2;
// A job still running this long after --max-time is stopped (searches stop by their own time
// limit; this catches the work that has none, such as a long list of moves).
constexpr auto kGrace = std::chrono::milliseconds(1000);
// A quick job whose client has gone is stopped this long after: long enough for the usual
// quick answer, which a client that only shut its sending side still reads, and short enough
// that a search on a big board does not hold a quick worker for nobody.
constexpr auto kLeftGrace = std::chrono::milliseconds(500);
// On a stop, the longest the server waits for its stopped jobs' answers to be written.
constexpr auto kDrain = std::chrono::milliseconds(2000);

struct ServeOptions {
  std::string host = "127.0.0.1";
  int port = 8080;
  bool open = false;
  double max_time = 5;
  int jobs = 2;
  int queue = 64;
  std::size_t hash_mb = 64;
  double read_timeout = 10;
  std::string egdb_dir;
  std::shared_ptr<SharedTables> tables;  // of egdb_dir, shared by every worker
};

std::string content_type(const std::string& path) {
  const auto ends = [&](const char* ext) { return path.ends_with(ext); };
  if (ends(".html")) return "text/html; charset=utf-8";
  if (ends(".css")) return "text/css; charset=utf-8";
  if (ends(".js")) return "text/javascript; charset=utf-8";
  if (ends(".svg")) return "image/svg+xml";
  if (ends(".png")) return "image/png";
  return "application/octet-stream";
}

// Whether an Accept header's value lists text/event-stream as acceptable: the media range by
// itself (case aside), with no q=0 among its parameters ("a type that is not acceptable").
bool accepts_event_stream(std::string_view accept) {
  while (!accept.empty()) {
    const std::size_t comma = accept.find(',');
    std::string_view range = accept.substr(0, comma);
    accept = comma == std::string_view::npos ? std::string_view{} : accept.substr(comma + 1);
    const std::size_t semi = range.find(';');
    const std::string_view type = trimmed(range.substr(0, semi));
    if (!beast::iequals({type.data(), type.size()}, "text/event-stream")) continue;
    bool refused = false;
    for (std::string_view params = semi == std::string_view::npos ? std::string_view{}
                                                                  : range.substr(semi + 1);
         !params.empty();) {
      const std::size_t next = params.find(';');
      const std::string_view p = trimmed(params.substr(0, next));
      params = next == std::string_view::npos ? std::string_view{} : params.substr(next + 1);
      double q = 1;
      if (p.size() >= 2 && (p[0] == 'q' || p[0] == 'Q') && p[1] == '=') {
        const char* end = p.data() + p.size();
        const auto [at, ec] = std::from_chars(p.data() + 2, end, q);
        refused = refused || (ec == std::errc() && at == end && q == 0);
      }
    }
    if (!refused) return true;
  }
  return false;
}

// %XX and (in a query) '+' decoded; nullopt on a malformed escape or a NUL.
std::optional<std::string> url_decode(std::string_view s, bool query) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == '+' && query) {
      c = ' ';
    } else if (c == '%') {
      const auto hex = [](char h) {
        return h >= '0' && h <= '9'   ? h - '0'
               : h >= 'a' && h <= 'f' ? h - 'a' + 10
               : h >= 'A' && h <= 'F' ? h - 'A' + 10
                                      : -1;
      };
      if (i + 2 >= s.size()) return std::nullopt;
      const int hi = hex(s[i + 1]), lo = hex(s[i + 2]);
      if (hi < 0 || lo < 0) return std::nullopt;
      c = static_cast<char>(hi * 16 + lo);
      i += 2;
    }
    if (c == '\0') return std::nullopt;
    out += c;
  }
  return out;
}

class Server;

// The bytes of a request's header as sent: its request line and its fields.
std::size_t header_bytes(const http::request<http::string_body>& req) {
  std::size_t bytes = req.method_string().size() + req.target().size() + 12;
  for (const auto& field : req) bytes += field.name_string().size() + field.value().size() + 4;
  return bytes;
}

struct Refusal {
  http::status status;
  std::string message;
};

Refusal header_too_large() {
  return {http::status::request_header_fields_too_large, "the request's header is over 16 KiB"};
}

// A request refused on its header alone, whatever its body: before a 100 Continue is sent
// for the body as much as once the body is read.
std::optional<Refusal> header_refusal(const http::request<http::string_body>& req) {
  // The parser checks its limit only on a header that arrives in more than one piece: a
  // whole one is measured here, so that the limit is the same however the bytes come.
  if (header_bytes(req) > kMaxHeader) return header_too_large();
  // HTTP/1.1 requires a server to refuse a request of that version that names no host, or
  // two; HTTP/1.0 has no such rule.
  if (req.version() >= 11 && req.count(http::field::host) != 1)
    return Refusal{http::status::bad_request, "an HTTP/1.1 request takes one Host header"};
  // A body in any coding but chunked has no length that can be known (HTTP/1.1 says: refuse
  // it and close), and the bytes after it could be taken for another request. Chunked alone:
  // "chunked, chunked" would be read once by one reader and twice by another. One field:
  // the parser reads the last one, a check of the first would miss it.
  if (req.count(http::field::transfer_encoding) > 1)
    return Refusal{http::status::bad_request, "Transfer-Encoding given more than once"};
  if (const auto it = req.find(http::field::transfer_encoding); it != req.end()) {
    const std::string_view coding{it->value().data(), it->value().size()};
    const std::string_view only = trimmed(coding);
    if (!boost::beast::iequals(boost::beast::string_view(only.data(), only.size()), "chunked"))
      return Refusal{http::status::bad_request,
                     "Transfer-Encoding " + quoted_start(coding) +
                         " is not taken: send the body as it is, or chunked"};
  }
  return std::nullopt;
}

// An answer's bytes counted in the server's total of unread answers while it lives.
class Unread {
 public:
  Unread(std::shared_ptr<std::atomic<std::uint64_t>> total, std::uint64_t bytes)
      : total_(std::move(total)), bytes_(bytes) {
    *total_ += bytes_;
  }
  ~Unread() { *total_ -= bytes_; }
  Unread(const Unread&) = delete;
  Unread& operator=(const Unread&) = delete;

 private:
  std::shared_ptr<std::atomic<std::uint64_t>> total_;
  std::uint64_t bytes_;
};

class Session : public std::enable_shared_from_this<Session> {
 public:
  Session(tcp::socket socket, Server& server);
  ~Session();
  void start() { read(); }

 private:
  void read();
  void on_header(beast::error_code ec);
  void read_body();
  void on_read(beast::error_code ec);
  void handle(const http::request<http::string_body>& req);
  void handle_api(const http::request<http::string_body>& req, const std::string& path,
                  std::string_view query);
  // `allow` is the Allow header a 405 must carry: the methods the target takes.
  void send(http::status status, std::string body, const std::string& type, bool close = false,
            const std::string& allow = {});
  void send_error(http::status status, const std::string& message, bool close = false,
                  const std::string& allow = {}) {
    send(status, error_json(message), "application/json", close, allow);
  }
  // A request refused on its header: the connection closes after the answer.
  void refuse(const Refusal& r) { send_error(r.status, r.message, true); }
  void watch();
  void end_watch();
  void on_reply(ApiReply reply);
  void start_stream();
  void push_event(std::string event);
  void flush_events();
  void close();
  // An answer owed to a client: counted from the job's start until it is written, or cannot
  // be, so that a stopping server knows when every answer has gone out.
  void owe_answer();
  void answer_gone();

  beast::tcp_stream stream_;
  // The request's deadline (a slow client gets 408): a timer of its own, since the stream's
  // own expiry closes the socket before an answer could be written.
  net::steady_timer read_timer_;
  bool timed_out_ = false;
  Server& server_;  // used by the handlers only, never after the I/O context has stopped
  std::shared_ptr<std::atomic<int>> connections_;
  std::shared_ptr<int> owed_;  // the server's count of answers owed (the I/O thread's alone)
  bool owing_ = false;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  unsigned version_ = 11;
  bool keep_alive_ = true;
  bool head_ = false;
  std::shared_ptr<Job> job_;
  // A stream of server-sent events: the header, then the events in order, one write at a time.
  bool streaming_ = false;
  bool writing_ = false;
  bool finished_ = false;
  bool unwatch_ = false;  // end_watch waits for the write under way
  std::deque<std::string> events_;
  std::shared_ptr<http::response<http::empty_body>> stream_header_;
  std::shared_ptr<http::response_serializer<http::empty_body>> stream_serializer_;
};

class Server {
 public:
  Server(net::io_context& io, const ServeOptions& o, const tcp::endpoint& at)
      : io_(io),
        options_(o),
        acceptor_(io),
        ticker_(io),
        drain_timer_(io),
        signals_(io, SIGINT, SIGTERM),
        searches_(o.jobs, static_cast<std::size_t>(o.queue), limits(o)),
        quick_(kQuickWorkers, static_cast<std::size_t>(o.queue), limits(o)) {
    acceptor_.open(at.protocol());
    acceptor_.set_option(net::socket_base::reuse_address(true));
    acceptor_.bind(at);
    acceptor_.listen(net::socket_base::max_listen_connections);
    signals_.async_wait([this](beast::error_code ec, int) {
      if (!ec) shutdown();
    });
    accept();
    tick();
  }

  tcp::endpoint endpoint() const { return acceptor_.local_endpoint(); }
  net::io_context& io() { return io_; }
  const ServeOptions& options() const { return options_; }
  const std::shared_ptr<std::atomic<int>>& connections() { return connections_; }
  const std::shared_ptr<std::atomic<std::uint64_t>>& unread() { return unread_; }
  const std::shared_ptr<int>& owed() { return owed_; }
  bool stopping() const { return stopping_; }
  // After the I/O loop: SIGINT and SIGTERM back to their defaults, so that a signal while
  // the pools join a search still ending is a second signal and ends the process at once.
  void release_signals() {
    beast::error_code ec;
    signals_.clear(ec);
  }

  bool submit(const std::shared_ptr<Job>& job) {
    return (api_long_work(job->request.path) ? searches_ : quick_).push(job);
  }

  // The first signal stops the jobs and waits for their answers; a second ends the server.
  void shutdown() {
    if (stopping_) return io_.stop();
    stopping_ = true;
    beast::error_code ec;
    acceptor_.close(ec);
    ticker_.cancel();
    searches_.close();
    quick_.close();
    signals_.async_wait([this](beast::error_code e, int) {
      if (!e) shutdown();
    });
    drain(Clock::now() + kDrain);
  }

 private:
  static ApiLimits limits(const ServeOptions& o) {
    ApiLimits l;
    l.max_time = seconds_limit(o.max_time);
    l.hash_mb = o.hash_mb;
    l.tables = o.tables;
    return l;
  }

  void accept() {
    acceptor_.async_accept(io_, [this](beast::error_code ec, tcp::socket socket) {
      if (ec == net::error::operation_aborted) return;
      if (!ec) std::make_shared<Session>(std::move(socket), *this)->start();
      accept();
    });
  }

  // Ends the I/O loop once every answer owed is written, or at the deadline.
  void drain(Clock::time_point deadline) {
    if (*owed_ == 0 || Clock::now() >= deadline) return io_.stop();
    drain_timer_.expires_at(std::min(Clock::now() + std::chrono::milliseconds(10), deadline));
    drain_timer_.async_wait([this, deadline](beast::error_code ec) {
      if (!ec) drain(deadline);
    });
  }

  void tick() {
    const auto limit = seconds_limit(options_.max_time);
    searches_.stop_overdue(limit + kGrace, kLeftGrace);
    quick_.stop_overdue(limit + kGrace, kLeftGrace);
    ticker_.expires_after(std::chrono::milliseconds(200));
    ticker_.async_wait([this](beast::error_code ec) {
      if (!ec) tick();
    });
  }

  net::io_context& io_;
  ServeOptions options_;
  tcp::acceptor acceptor_;
  net::steady_timer ticker_;
  net::steady_timer drain_timer_;
  net::signal_set signals_;
  bool stopping_ = false;
  // Shared with the sessions, which may outlive the server (in the handlers a stopped I/O
  // context drops when it is destroyed).
  std::shared_ptr<std::atomic<int>> connections_ = std::make_shared<std::atomic<int>>(0);
  // The bytes of the answers being written (Session::send).
  std::shared_ptr<std::atomic<std::uint64_t>> unread_ =
      std::make_shared<std::atomic<std::uint64_t>>(0);
  std::shared_ptr<int> owed_ = std::make_shared<int>(0);
  Pool searches_;
  Pool quick_;
};

Session::Session(tcp::socket socket, Server& server)
    : stream_(std::move(socket)),
      read_timer_(server.io()),
      server_(server),
      connections_(server.connections()),
      owed_(server.owed()) {
  ++*connections_;
}

Session::~Session() {
  if (job_) job_->stop = true;
  answer_gone();
  --*connections_;
}

void Session::owe_answer() {
  if (!owing_) ++*owed_;
  owing_ = true;
}

void Session::answer_gone() {
  if (owing_) --*owed_;
  owing_ = false;
}

void Session::read() {
  parser_.emplace();
  parser_->body_limit(kMaxBody);
  parser_->header_limit(kMaxHeader);
  // The whole request must arrive within the read timeout: a slow client cannot hold a
  // connection for ever.
  stream_.expires_never();
  timed_out_ = false;
  read_timer_.expires_after(seconds_limit(server_.options().read_timeout));
  read_timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
    if (ec) return;  // cancelled: the request came in time
    self->timed_out_ = true;
    beast::error_code ignored;
    self->stream_.socket().cancel(ignored);
  });
  http::async_read_header(
      stream_, buffer_, *parser_,
      [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_header(ec); });
}

// A client that asks to be told before it sends its body (`Expect: 100-continue`, as curl
// does for a large upload) is told at once; the answer to the request comes once it is read.
void Session::on_header(beast::error_code ec) {
  if (ec || timed_out_ || parser_->is_done()) return on_read(ec);
  const auto& req = parser_->get();
  if (req.version() < 11 || !beast::iequals(req[http::field::expect], "100-continue"))
    return read_body();
  // The refusal now, not a 100 for a body to no end (on_read gives it).
  if (header_refusal(req)) return on_read(ec);
  auto go_on = std::make_shared<http::response<http::empty_body>>(http::status::continue_, 11);
  http::async_write(stream_, *go_on,
                    [self = shared_from_this(), go_on](beast::error_code e, std::size_t) {
                      if (e) return self->on_read(e);
                      self->read_body();
                    });
}

void Session::read_body() {
  http::async_read(
      stream_, buffer_, *parser_,
      [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_read(ec); });
}

void Session::on_read(beast::error_code ec) {
  read_timer_.cancel();
  if (ec == http::error::end_of_stream || ec == net::error::connection_reset ||
      ec == net::error::eof)
    return close();
  if (timed_out_) {
    // Answer if the client is still there; the connection closes either way.
    if (parser_->got_some())
      return send_error(http::status::request_timeout, "request too slow", true);
    return close();
  }
  if (ec == http::error::body_limit)
    return send_error(http::status::payload_too_large, "the request's body is over 1 MiB", true);
  if (ec == http::error::header_limit) return refuse(header_too_large());
  if (ec) return send_error(http::status::bad_request, "malformed request: " + ec.message(), true);
  const auto& req = parser_->get();
  version_ = req.version();
  keep_alive_ = req.keep_alive();
  head_ = req.method() == http::verb::head;
  if (const std::optional<Refusal> refusal = header_refusal(req)) return refuse(*refusal);
  if (*connections_ > kMaxConnections)
    return send_error(http::status::service_unavailable,
                      "busy: too many connections; try again shortly", true);
  try {
    handle(req);
  } catch (const std::exception& e) {
    send_error(http::status::internal_server_error, e.what(), true);
  }
}

void Session::handle(const http::request<http::string_body>& req) {
  const std::string_view target(req.target().data(), req.target().size());
  if (target.empty() || target[0] != '/')
    return send_error(http::status::bad_request, "the target must be a path", true);
  const std::size_t mark = target.find('?');
  const std::optional<std::string> path = url_decode(target.substr(0, mark), false);
  const std::string_view query =
      mark == std::string_view::npos ? std::string_view{} : target.substr(mark + 1);
  if (!path) return send_error(http::status::bad_request, "malformed path");
  // The page's files are built in, so no path can reach the disk; a path that climbs is
  // refused all the same, plainly.
  if (path->find("..") != std::string::npos || path->find('\\') != std::string::npos ||
      path->find("//") != std::string::npos)
    return send_error(http::status::bad_request, "no such path");
  if (path->starts_with("/api/")) return handle_api(req, path->substr(5), query);
  if (req.method() != http::verb::get && !head_)
    return send_error(http::status::method_not_allowed, "the page's files take GET and HEAD", false,
                      "GET, HEAD");
  const std::string name = "web" + (*path == "/" ? std::string("/index.html") : *path);
  for (const EmbeddedFile& f : embedded_files())
    if (name == f.name) return send(http::status::ok, std::string(f.text()), content_type(name));
  send_error(http::status::not_found, "no such file");
}

void Session::handle_api(const http::request<http::string_body>& req, const std::string& path,
                         std::string_view query) {
  auto job = std::make_shared<Job>();
  ApiRequest& r = job->request;
  if (req.method() == http::verb::get || head_)
    r.method = "GET";
  else if (req.method() == http::verb::post)
    r.method = "POST";
  else if (const std::string allow = api_allow(path); allow.empty())
    return send_error(http::status::not_found, "no endpoint " + endpoint_name(path));
  else
    return send_error(http::status::method_not_allowed, endpoint_name(path) + " takes " + allow,
                      false, allow);
  r.path = path;
  r.body = req.body();
  bool stream = false, stream_given = false;
  while (!query.empty()) {
    const std::size_t amp = query.find('&');
    const std::string_view pair = query.substr(0, amp);
    query = amp == std::string_view::npos ? std::string_view{} : query.substr(amp + 1);
    if (pair.empty()) continue;
    const std::size_t eq = pair.find('=');
    const auto key = url_decode(pair.substr(0, eq), true);
    const auto value =
        url_decode(eq == std::string_view::npos ? std::string_view{} : pair.substr(eq + 1), true);
    if (!key || !value)
      return send_error(http::status::bad_request,
                        "malformed query parameter " + quoted_start(pair) +
                            ": a '%' takes two hex digits, and %00 is refused");
    // Only a search takes `stream`; to any other endpoint it is an unknown parameter.
    if (*key == "stream" && api_searches(path)) {
      if (stream_given)
        return send_error(http::status::bad_request, "parameter 'stream' given more than once");
      stream_given = true;
      try {
        stream = switch_value(*key, *value);
      } catch (const UsageError& e) {
        return send_error(http::status::bad_request, e.what());
      }
      continue;
    }
    r.params.emplace_back(*key, *value);
  }
  // The parameter, when given, decides; else the Accept header.
  const auto accept = req[http::field::accept];
  if (!stream_given && accepts_event_stream({accept.data(), accept.size()})) stream = true;
  // A HEAD request has no body to stream into: it gets the plain answer's header.
  stream = stream && api_searches(path) && !head_;
  std::weak_ptr<Session> weak = weak_from_this();
  net::io_context& io = server_.io();
  job->done = [weak, &io](ApiReply reply) {
    if (auto self = weak.lock())
      net::post(io,
                [self, reply = std::move(reply)]() mutable { self->on_reply(std::move(reply)); });
  };
  if (stream) {
    // The searches call it at most every few hundred milliseconds, never two at once.
    job->progress = [weak, &io](const Progress& p) {
      const Json j{{"nodes", p.nodes},
                   {"best", p.best},
                   {"fraction", p.fraction},
                   {"bound", p.bound},
                   {"note", p.note}};
      std::string event = "event: progress\ndata: " + json_text(j) + "\n\n";
      if (auto self = weak.lock())
        net::post(
            io, [self, event = std::move(event)]() mutable { self->push_event(std::move(event)); });
    };
  }
  if (*server_.unread() > kUnreadHashes * (server_.options().hash_mb << 20))
    return send_error(http::status::service_unavailable,
                      "busy: answers not yet read by their clients fill the server's memory; try "
                      "again shortly");
  if (server_.stopping())
    return send_error(http::status::service_unavailable, "the server is stopping", true);
  if (!server_.submit(job))
    return send_error(http::status::service_unavailable,
                      "busy: too many requests waiting; try again shortly");
  job_ = job;
  owe_answer();
  // The watch first: it lifts the stream's time limit, which the stream's header write sets.
  watch();
  if (stream) start_stream();
}

// While a job runs, a client that closes its connection stops its search (a quick request's
// after kLeftGrace, so that its usual answer is still whole). A client that only shuts its
// sending side looks the same from here, so the answer is still sent, with what the search
// had found; and a client that sends its next request before this one's answer gets both
// answers in turn. Either way nothing else is pending on the session, so a
// wait on the idle read timer holds it until the reply cancels that wait (a pending handler,
// not a member, so that a server stopped meanwhile frees the session with its I/O context).
void Session::watch() {
  stream_.expires_never();
  stream_.socket().async_wait(
      tcp::socket::wait_read, [self = shared_from_this()](beast::error_code ec) {
        if (ec || !self->job_) return;  // cancelled: the answer came first
        char c;
        beast::error_code peek;
        const std::size_t n =
            self->stream_.socket().receive(net::buffer(&c, 1), tcp::socket::message_peek, peek);
        if (peek || n == 0) {
          if (api_long_work(self->job_->request.path))
            self->job_->stop = true;
          else
            self->job_->left = Clock::now().time_since_epoch().count();
          self->keep_alive_ = false;
        }
        self->read_timer_.expires_after(std::chrono::hours(24));
        self->read_timer_.async_wait([self](beast::error_code) {});
      });
}

// Ends watch()'s wait. Cancelling is per socket, so a stream's event being written waits
// for its write to end first: cancelled, it would close the stream before the last event.
void Session::end_watch() {
  if (writing_) {
    unwatch_ = true;
    return;
  }
  beast::error_code ec;
  stream_.socket().cancel(ec);
}

void Session::on_reply(ApiReply reply) {
  read_timer_.cancel();
  job_.reset();
  end_watch();
  if (streaming_) {
    // The answer as the last event: each line of the JSON text a data line.
    std::string event = reply.status == 200 ? "event: result\n" : "event: error\n";
    std::string_view body = reply.body;
    while (!body.empty()) {
      const std::size_t nl = body.find('\n');
      event += "data: ";
      event += body.substr(0, nl);
      event += "\n";
      body = nl == std::string_view::npos ? std::string_view{} : body.substr(nl + 1);
    }
    event += "\n";
    finished_ = true;
    push_event(std::move(event));
    return;
  }
  send(static_cast<http::status>(reply.status), std::move(reply.body), "application/json", false,
       reply.allow);
}

void Session::send(http::status status, std::string body, const std::string& type, bool close,
                   const std::string& allow) {
  auto res = std::make_shared<http::response<http::string_body>>(status, version_);
  res->set(http::field::server, "leapfrog");
  res->set(http::field::content_type, type);
  res->set(http::field::cache_control, "no-store");
  res->set("X-Content-Type-Options", "nosniff");
  if (!allow.empty()) res->set(http::field::allow, allow);
  // Nothing from elsewhere: the page works with the network unplugged.
  res->set("Content-Security-Policy",
           "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:");
  // After an error the connection closes: what follows a bad request cannot be trusted.
  res->keep_alive(keep_alive_ && !close && static_cast<int>(status) < 400);
  const std::size_t size = body.size();
  if (!head_) res->body() = std::move(body);
  res->content_length(size);
  // Counted as unread until the write ends, or the session does; and owed, so that a stopping
  // server finishes writing it (a page's file, an error, as much as a job's answer).
  const auto held = std::make_shared<Unread>(server_.unread(), head_ ? 0 : size);
  owe_answer();
  // A client that does not read its answer is dropped.
  stream_.expires_after(std::chrono::seconds(30));
  http::async_write(stream_, *res,
                    [self = shared_from_this(), res, held](beast::error_code ec, std::size_t) {
                      self->answer_gone();
                      if (ec || !res->keep_alive()) return self->close();
                      self->read();
                    });
}

void Session::start_stream() {
  streaming_ = true;
  stream_header_ = std::make_shared<http::response<http::empty_body>>(http::status::ok, version_);
  stream_header_->set(http::field::server, "leapfrog");
  stream_header_->set(http::field::content_type, "text/event-stream");
  stream_header_->set(http::field::cache_control, "no-store");
  stream_header_->keep_alive(false);
  stream_serializer_ =
      std::make_shared<http::response_serializer<http::empty_body>>(*stream_header_);
  writing_ = true;
  // A client that does not read is dropped, as in send (end_watch waits for this write).
  stream_.expires_after(std::chrono::seconds(30));
  http::async_write_header(stream_, *stream_serializer_,
                           [self = shared_from_this()](beast::error_code ec, std::size_t) {
                             self->writing_ = false;
                             if (std::exchange(self->unwatch_, false)) self->end_watch();
                             if (ec) {
                               if (self->job_) self->job_->stop = true;
                               return self->close();
                             }
                             self->flush_events();
                           });
}

void Session::push_event(std::string event) {
  events_.push_back(std::move(event));
  flush_events();
}

void Session::flush_events() {
  if (writing_) return;
  if (events_.empty()) {
    if (finished_) close();
    return;
  }
  writing_ = true;
  stream_.expires_after(std::chrono::seconds(30));
  net::async_write(stream_, net::buffer(events_.front()),
                   [self = shared_from_this()](beast::error_code ec, std::size_t) {
                     self->writing_ = false;
                     if (std::exchange(self->unwatch_, false)) self->end_watch();
                     self->events_.pop_front();
                     if (ec) {
                       if (self->job_) self->job_->stop = true;
                       return self->close();
                     }
                     self->flush_events();
                   });
}

void Session::close() {
  answer_gone();
  beast::error_code ec;
  stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
}

// "http://127.0.0.1:8080/" ("[::1]" for an IPv6 address).
std::string address_text(const tcp::endpoint& at) {
  const std::string host = at.address().to_string();
  return "http://" + (at.address().is_v6() ? "[" + host + "]" : host) + ":" +
         std::to_string(at.port()) + "/";
}

}  // namespace

int run_serve(const Command& cmd, const std::vector<std::string>& args) {
  CommonOptions o;
  ServeOptions s;
  po::options_description server("Server");
  server.add_options()(
      "port", whole_value(&s.port, "port", 0, 65535)->default_value("8080")->value_name("N"),
      "the port to listen on, 0..65535 (0: a free one, printed)")(
      "host",
      po::value<std::string>()
          ->default_value("127.0.0.1")
          ->notifier([&s](const std::string& text) {
            // An address or a host name: letters, digits, '.', '-', ':' (IPv6), not empty.
            const bool ok = !text.empty() && text.size() <= 253 &&
                            text.find_first_not_of(
                                "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOP"
                                "QRSTUVWXYZ0123456789.-:") == std::string::npos;
            if (!ok)
              throw UsageError(
                  "--host must be an address or a host name (such as 127.0.0.1), "
                  "not " +
                  quoted_text(text));
            s.host = text;
          })
          ->value_name("HOST"),
      "the address to listen on (127.0.0.1: this machine only)")(
      "open", po::bool_switch(&s.open), "also open the page in the desktop's browser (xdg-open)")(
      "max-time",
      seconds_value(&s.max_time, "max-time", true)->default_value("5")->value_name("SECONDS"),
      "the longest a request's search may run (a request may ask less with time-limit)")(
      "jobs", whole_value(&s.jobs, "jobs", 1, 64)->default_value("2")->value_name("N"),
      "searches run at once, 1..64, each on one thread; more wait in a queue")(
      "queue", whole_value(&s.queue, "queue", 1, 10000)->default_value("64")->value_name("N"),
      "requests that may wait for a worker, 1..10000; past it the answer is 503 (busy)")(
      "hash", hash_value(&s.hash_mb, available_memory_mb())->default_value("64")->value_name("MB"),
      "the most memory one search's tables may take (a request may ask less)")(
      "read-timeout",
      seconds_value(&s.read_timeout, "read-timeout", true)
          ->default_value("10")
          ->value_name("SECONDS"),
      "the longest a client may take to send a request");
  add_egdb_option(server, s.egdb_dir);
  po::options_description visible;
  visible.add(server).add(output_options(o, Boards::kNone, false));
  if (!parse_command(cmd,
                     refuse_json(args, "serve answers JSON over HTTP: --json is not available"),
                     visible, o, {}))
    return 0;
  s.tables = std::make_shared<SharedTables>(s.egdb_dir);

  net::io_context io;
  tcp::endpoint at;
  {
    beast::error_code ec;
    tcp::resolver resolver(io);
    const auto found =
        resolver.resolve(s.host, std::to_string(s.port), tcp::resolver::numeric_service, ec);
    if (ec || found.empty())
      throw UsageError("--host " + quoted_text(s.host) + ": " + ec.message());
    at = found.begin()->endpoint();
  }
  std::optional<Server> server_object;
  try {
    server_object.emplace(io, s, at);
  } catch (const boost::system::system_error& e) {
    throw UsageError("cannot listen on " + address_text(at) + ": " + e.code().message());
  }
  Server& srv = *server_object;
  const std::string url = address_text(srv.endpoint());
  std::cout << "leapfrog serve: the board is at " << url << " (Ctrl-C stops)" << std::endl;
  if (s.open) {
    // The address holds only digits, dots, colons and brackets: safe in the shell's quotes.
    const std::string command = "xdg-open '" + url + "' >/dev/null 2>&1 &";
    if (std::system(command.c_str()) != 0)
      std::cerr << "leapfrog serve: could not start xdg-open; open " << url << " yourself\n";
  }
  io.run();
  srv.release_signals();
  server_object.reset();  // the pools' workers end their stopped searches and are joined
  std::cout << "leapfrog serve: stopped" << std::endl;
  return 0;
}

}  // namespace leapfrog::cli
