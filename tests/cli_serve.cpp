// leapfrog serve: the JSON API answers what the commands' --json prints, bad requests get 4xx
// and leave the server answering, searches are bounded and cancelled, SIGTERM stops it.
#include <algorithm>
#include <array>
#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "run_cli.h"
#include "sanitized.h"
#include "serve_client.h"

using leapfrog::testing::http_request;
using leapfrog::testing::HttpReply;
using leapfrog::testing::kSanitized;
using leapfrog::testing::quoted;
using leapfrog::testing::raw_request;
using leapfrog::testing::run_cli;
using leapfrog::testing::Scratch;
using leapfrog::testing::ServeProcess;
using leapfrog::testing::slurp;
using leapfrog::testing::url_encode;
using Clock = std::chrono::steady_clock;

namespace {

const std::string kPosition = "3441./33311/.1.41/.4.../.41.1";
const std::string kChain =
    ".3.3.4.3./4.1.1.1.2/.4.4.3.1./1.3.4.3.2/.1.2.3.13/2.3.1.1.2/.1.1.1.2./4.2.2.2.1/.1.3.1.1.";
const std::string kChessPosition = "*1k2*/6/6/2p3/6/2D3/6/*2K1* w - - 0 1";

std::string source(const std::string& path) {
  return std::string(LEAPFROG_SOURCE_DIR) + "/" + path;
}

double millis_since(Clock::time_point t) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}

}  // namespace

TEST_CASE("serve: every endpoint answers the command's --json on the same input",
          "[cli][serve][threads]") {
  // A --max-time that no search below reaches, sanitized builds included: the command has none.
  ServeProcess server({"--hash", "64", "--max-time", "600"});
  const int port = server.port();
  struct Case {
    std::string target;  // GET, or POST with the file's text
    std::string cli;     // the command's arguments (shell words)
    std::string post_file = "";
    // A search to the command's default budget: the Release build's alone. The sanitizers,
    // many times slower, see the same paths in the cases with limits.
    bool default_budget = false;
  };
  const std::string p = url_encode(kPosition);
  const std::string chess = url_encode(kChessPosition);
  const std::vector<Case> cases{
      {"/api/show?position=" + p, "show " + quoted(kPosition)},
      {"/api/show?position=murray&size=6&seed=3&then=xa1+xb2",
       "show murray --size 6 --seed 3 --then xa1 xb2"},
      {"/api/moves?position=" + p, "moves " + quoted(kPosition)},
      {"/api/moves?position=" + p + "&continuation=piece-max",
       "moves " + quoted(kPosition) + " --continuation piece-max"},
      // then= as the commands' --then: the position the moves reach.
      {"/api/moves?position=" + p + "&then=e3xc3xa3",
       "moves " + quoted(kPosition) + " --then e3xc3xa3"},
      {"/api/best?position=murray&size=6&seed=3&then=xa1+xb2",
       "best murray --size 6 --seed 3 --then xa1 xb2 --threads 1 --hash 64"},
      {"/api/solve?position=" + p + "&then=e3xc3xa3",
       "solve " + quoted(kPosition) + " --then e3xc3xa3 --threads 1 --hash 64"},
      {"/api/solve?position=murray&size=4&then=xa1+xd4",
       "solve murray --size 4 --then xa1 xd4 --threads 1 --hash 64"},
      {"/api/analyse?position=" + p + "&then=e3xc3xa3&nodes=2000",
       "analyse " + quoted(kPosition) + " --then e3xc3xa3 --nodes 2000 --threads 1 --hash 64"},
      {"/api/best?position=" + url_encode(kChain) + "&all=1",
       "best " + quoted(kChain) + " --all --threads 1 --hash 64"},
      {"/api/verify?position=" + p + "&move=e3xc3xa3",
       "verify " + quoted(kPosition) + " e3xc3xa3 --hash 64"},
      {"/api/verify?position=21.1.&move=a1xc1", "verify 21.1. a1xc1 --hash 64"},
      {"/api/verify-game", "verify --game " + source("puzzles/records/murray-6x6-faulty.lfr"),
       "puzzles/records/murray-6x6-faulty.lfr"},
      {"/api/verify-game?plies=1",
       "verify --plies --game " + source("puzzles/records/murray-6x6-piece-max.lfr"),
       "puzzles/records/murray-6x6-piece-max.lfr"},
      {"/api/solve?position=" + p, "solve " + quoted(kPosition) + " --threads 1 --hash 64"},
      {"/api/solve?position=english&count=1&finish=d4&nodes=20000",
       "solve english --count --finish d4 --nodes 20000 --threads 1 --hash 64"},
      {"/api/analyse?position=" + p, "analyse " + quoted(kPosition) + " --threads 1 --hash 64"},
      {"/api/analyse?position=murray&size=6&seed=5&nodes=3000",
       "analyse murray --size 6 --seed 5 --nodes 3000 --threads 1 --hash 64"},
      {"/api/analyse-game?nodes=2000",
       "analyse --game " + source("puzzles/records/murray-6x6-piece-max.lfr") +
           " --nodes 2000 --threads 1 --hash 64",
       "puzzles/records/murray-6x6-piece-max.lfr"},
      // Without a limit, the command's defaults: each turn's budget for a game, a position
      // too large to prove quickly searched to its default budget.
      {"/api/analyse-game",
       "analyse --game " + source("puzzles/records/murray-6x6-piece-max.lfr") +
           " --threads 1 --hash 64",
       "puzzles/records/murray-6x6-piece-max.lfr", true},
      {"/api/analyse?position=murray&size=8", "analyse murray --size 8 --threads 1 --hash 64", "",
       true},
      {"/api/generate/layout?variant=murray&size=8&seed=7",
       "generate layout --variant murray --size 8 --seed 7"},
      {"/api/generate/layout?board=hexagon&variant=froglet&size=4&holes=3",
       "generate layout --board hexagon --variant froglet --size 4 --holes 3"},
      {"/api/generate/puzzles?kind=chain&count=2&size=6&seed=7",
       "generate puzzles --kind chain --count 2 --size 6 --seed 7 --threads 1"},
      {"/api/generate/puzzles?kind=chain&count=1&size=6&seed=7&diagonal=1",
       "generate puzzles --kind chain --count 1 --size 6 --seed 7 --diagonal --threads 1"},
      {"/api/chess/show?fen=startpos", "chess show startpos"},
      {"/api/chess/moves?fen=startpos&captures=optional",
       "chess moves startpos --captures optional"},
      {"/api/chess/verify?fen=" + chess + "&move=c3c5",
       "chess verify " + quoted(kChessPosition) + " c3c5"},
      {"/api/chess/verify?fen=startpos&move=b2b3", "chess verify startpos b2b3"},
      {"/api/chess/analyse?fen=startpos&nodes=3000",
       "chess analyse startpos --nodes 3000 --threads 1 --hash 64"},
      {"/api/chess/perft?fen=startpos&depth=3&divide=1", "chess perft startpos 3 --divide"},
  };
  for (const Case& c : cases) {
    if (c.default_budget && leapfrog::testing::kSanitized) continue;
    INFO(c.target);
    const std::string body = c.post_file.empty() ? "" : slurp(source(c.post_file));
    const HttpReply reply =
        http_request(port, c.post_file.empty() ? "GET" : "POST", c.target, body);
    const auto cli = run_cli(c.cli + " --json");
    INFO(cli.err);
    CHECK(reply.status == 200);
    CHECK((cli.code == 0 || cli.code == 1));
    // The same bytes: the endpoint and the command build the object with one function.
    CHECK(reply.body == cli.out);
    CHECK(reply.head.find("Content-Type: application/json") != std::string::npos);
  }
  // A record whose turn is left not judged by a stopped search: not the request's fault (422).
  const HttpReply unjudged = http_request(port, "POST", "/api/verify-game?nodes=10",
                                          "[Start \"" + kChain + "\"]\n1. i5xi7\n");
  CHECK(unjudged.status == 422);
  CHECK(unjudged.body.find("search stopped before the maximum was known") != std::string::npos);
  // A verify whose search is stopped answers what the path decides, as the command's --json
  // does (the command then exits 2: no verdict).
  const HttpReply stopped = http_request(
      port, "GET", "/api/verify?position=" + url_encode(kChain) + "&move=i5xi7&nodes=10");
  CHECK(stopped.status == 200);
  CHECK(stopped.body.find("\"complete\": false") != std::string::npos);
  CHECK(stopped.body ==
        run_cli("verify " + quoted(kChain) + " i5xi7 --nodes 10 --hash 64 --json").out);
  // A chess record, posted.
  const std::string record = "[FEN \"startpos\"]\n\n1. d1e1 a6a5 2. b3b4 *\n";
  const std::string path = "leapfrog_serve_test_chess.pgn";
  { std::ofstream(path) << record; }
  const HttpReply r = http_request(port, "POST", "/api/chess/verify-game", record);
  CHECK(r.status == 200);
  CHECK(r.body == run_cli("chess verify --game " + path + " --json").out);
  // A record's [Captures] tag is its rule, as chess play writes it; a captures parameter
  // overrides it, as --captures does.
  const std::string chain =
      "[FEN \"*2k1*/6/2p3/6/p1p3/6/D5/*2K1* w - - 0 1\"]\n[Captures \"multiple\"]\n\n"
      "1. a2xa4xc4xc6 *\n";
  { std::ofstream(path) << chain; }
  const HttpReply tagged = http_request(port, "POST", "/api/chess/verify-game", chain);
  CHECK(tagged.status == 200);
  CHECK(tagged.body.find("\"legal\": true") != std::string::npos);
  CHECK(tagged.body == run_cli("chess verify --game " + path + " --json").out);
  const HttpReply overridden =
      http_request(port, "POST", "/api/chess/verify-game?captures=compulsory", chain);
  CHECK(overridden.status == 200);
  CHECK(overridden.body.find("\"legal\": false") != std::string::npos);
  CHECK(overridden.body ==
        run_cli("chess verify --game " + path + " --captures compulsory --json").out);
  std::remove(path.c_str());
  CHECK(server.stop() == 0);
}

TEST_CASE("serve: the page, its files and the collection are built in", "[cli][serve][threads]") {
  ServeProcess server({});
  const HttpReply page = http_request(server.port(), "GET", "/");
  CHECK(page.status == 200);
  CHECK(page.head.find("text/html") != std::string::npos);
  for (const char* hook :
       {"id=\"status\"", "id=\"moves\"", "id=\"new-game\"", "id=\"end-turn\"", "name=\"variant\"",
        "name=\"size\"", "name=\"seed\"", "name=\"players\"", "name=\"engine\""})
    CHECK(page.body.find(hook) != std::string::npos);
  // Nothing from elsewhere: no address outside the server in the page, and the browser is
  // told so.
  CHECK(page.body.find("http") == std::string::npos);
  CHECK(page.head.find("Content-Security-Policy: default-src 'self'") != std::string::npos);
  for (const char* file : {"/app.js", "/board.js", "/chess.js", "/style.css", "/favicon.svg"}) {
    INFO(file);
    const HttpReply r = http_request(server.port(), "GET", file);
    CHECK(r.status == 200);
    CHECK(r.body == slurp(source(std::string("web") + file)));
  }
  const auto files =
      nlohmann::json::parse(http_request(server.port(), "GET", "/api/collection").body);
  CHECK(files["files"].size() >= 10);
  const auto chain = nlohmann::json::parse(
      http_request(server.port(), "GET", "/api/collection?file=chain-08.epd").body);
  REQUIRE(!chain["puzzles"].empty());
  CHECK(chain["puzzles"][0]["kind"] == "chain");
  CHECK(http_request(server.port(), "GET", "/api/collection?file=nothing.epd").status == 404);
  CHECK(http_request(server.port(), "GET", "/api/collection?file=").status == 404);
  const auto board = nlohmann::json::parse(
      http_request(server.port(), "GET", "/api/board?position=" + url_encode(kPosition)).body);
  CHECK(board["cells"].size() == 25);
  CHECK(board["position"] == kPosition);
}

TEST_CASE("serve: 1000 malformed requests get 4xx and the server keeps answering",
          "[cli][serve][threads]") {
  ServeProcess server({"--read-timeout", "1"});
  const int port = server.port();
  // Slow clients, in parallel with the rest: half a request, then nothing.
  std::vector<std::thread> slow;
  std::vector<int> slow_status(4, 0);
  for (int i = 0; i < 4; ++i)
    slow.emplace_back([&, i] {
      const int fd = leapfrog::testing::connect_local(port, 10000);
      leapfrog::testing::send_all(
          fd, i % 2 ? "GET /api/moves?position=1.1 HTTP/1.1\r\nHost: x"
                    : "POST /api/verify-game HTTP/1.1\r\nContent-Length: 100\r\n\r\n[Start");
      slow_status[static_cast<std::size_t>(i)] =
          leapfrog::testing::parse_reply(leapfrog::testing::read_all(fd)).status;
      close(fd);
    });
  const std::vector<std::string> bad_positions{"",
                                               "1234/12",
                                               "x",
                                               "1234/2.#1/4411 turn=9",
                                               "zzzz",
                                               "/etc/passwd",
                                               "../../etc/passwd",
                                               "-",
                                               "1234/2.#1/4411 players=0",
                                               "\x01\x02",
                                               std::string(3000, '1'),
                                               "12/34 scores=1,2,3,4,5"};
  std::string many_fields;  // 32,000 bytes of header in small fields
  for (int i = 0; i < 4000; ++i) many_fields += "X-A: b\r\n";
  const std::vector<std::string> raw{
      "GARBAGE\r\n\r\n",
      "GET\r\n\r\n",
      "GET / HTTP/9.9\r\n\r\n",
      "GET http://elsewhere/ HTTP/1.1\r\nHost: x\r\n\r\n",
      "GET /../../etc/passwd HTTP/1.1\r\nHost: x\r\n\r\n",
      "GET /%2e%2e/%2e%2e/etc/passwd HTTP/1.1\r\nHost: x\r\n\r\n",
      "GET /api/../../etc/passwd HTTP/1.1\r\nHost: x\r\n\r\n",
      "GET /..%2f..%2fetc%2fpasswd HTTP/1.1\r\nHost: x\r\n\r\n",
      "GET /web/../CMakeLists.txt HTTP/1.1\r\nHost: x\r\n\r\n",
      "GET /%zz HTTP/1.1\r\nHost: x\r\n\r\n",
      "GET /api/variants HTTP/1.1\r\n\r\n",
      "GET /api/variants HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n",
      "GET /api/variants HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n",
      "POST /api/verify-game HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\nxyz",
      // A coding before or after chunked: the body's length is not known (a valid record
      // in chunks, which chunked alone takes).
      "POST /api/verify-game HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked, chunked\r\n\r\n"
      "e\r\n[Start \"11.\"]\n\r\n0\r\n\r\n",
      "POST /api/verify-game HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n\r\n"
      "e\r\n[Start \"11.\"]\n\r\n0\r\n\r\n",
      // Two fields, the first empty: the parser goes by the last.
      "POST /api/verify-game HTTP/1.1\r\nHost: x\r\nTransfer-Encoding:\r\nTransfer-Encoding: "
      "gzip, chunked\r\n\r\ne\r\n[Start \"11.\"]\n\r\n0\r\n\r\n",
      "GET /api/variants HTTP/1.1\r\nHost: x\r\nTransfer-Encoding:\r\nTransfer-Encoding: "
      "gzip\r\n\r\nGET /api/variants HTTP/1.1\r\nHost: x\r\n\r\n",
      "GET /api/moves?position=%zz HTTP/1.1\r\nHost: x\r\n\r\n",
      "GET /index.html%00.js HTTP/1.1\r\nHost: x\r\n\r\n",
      "DELETE /api/moves HTTP/1.1\r\nHost: x\r\n\r\n",
      "PUT / HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\n\r\nx",
      "BREW /api/moves HTTP/1.1\r\nHost: x\r\n\r\n",
      "POST /api/moves?position=1.1 HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n",
      "GET /api/verify-game HTTP/1.1\r\nHost: x\r\n\r\n",
      "POST /api/verify-game HTTP/1.1\r\nHost: x\r\nContent-Length: 3000000\r\n\r\n",
      "POST /api/verify-game HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n",
      "POST /api/verify-game HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
      "GET / HTTP/1.1\r\nHost: x\r\nX: " + std::string(20000, 'a') + "\r\n\r\n",
      // Over the limit in many small fields, sent whole, whatever their order.
      "GET /api/variants HTTP/1.1\r\nHost: x\r\n" + many_fields + "Connection: close\r\n\r\n",
      "GET /api/variants HTTP/1.1\r\nHost: x\r\n" + many_fields + "\r\n",
      "GET /api/nothing HTTP/1.1\r\nHost: x\r\n\r\n",
      "GET /nothing.html HTTP/1.1\r\nHost: x\r\n\r\n",
      "GET /api/moves?position=1.1&json=1 HTTP/1.1\r\nHost: x\r\n\r\n",
      "GET /api/generate/puzzles?out=/tmp/x.epd HTTP/1.1\r\nHost: x\r\n\r\n",
      "GET /api/generate/puzzles?count=100000 HTTP/1.1\r\nHost: x\r\n\r\n",
      "GET /api/best?position=1.1&threads=1000 HTTP/1.1\r\nHost: x\r\n\r\n",
      "GET /api/analyse?position=1.1&nodes=-3 HTTP/1.1\r\nHost: x\r\n\r\n",
      "GET /api/chess/perft?fen=startpos&depth=99 HTTP/1.1\r\nHost: x\r\n\r\n",
      "GET /api/chess/moves?fen=8/8/8 HTTP/1.1\r\nHost: x\r\n\r\n",
      "GET /api/chess/verify?fen=startpos&move=zz9 HTTP/1.1\r\nHost: x\r\n\r\n",
      "GET /api/solve?position=1.1&finish=q99 HTTP/1.1\r\nHost: x\r\n\r\n",
      "GET /api/show?position=1.1&then=a1xq9 HTTP/1.1\r\nHost: x\r\n\r\n",
      // A parameter given twice, whichever would win; a parameter an endpoint has not.
      "GET /api/show?position=1.1&position=11. HTTP/1.1\r\nHost: x\r\n\r\n",
      "GET /api/show?position=1.1&then=&then=a1xc1 HTTP/1.1\r\nHost: x\r\n\r\n",
      "GET /api/verify?position=111&move=a1xc1&move=c1xa1 HTTP/1.1\r\nHost: x\r\n\r\n",
      "GET /api/chess/moves?fen=startpos&fen=startpos HTTP/1.1\r\nHost: x\r\n\r\n",
      "GET /api/solve?position=111&nodes=5&nodes=6 HTTP/1.1\r\nHost: x\r\n\r\n",
      "GET /api/variants?foo=1 HTTP/1.1\r\nHost: x\r\n\r\n",
      "GET /api/solve?position=111&stream=0&stream=1 HTTP/1.1\r\nHost: x\r\n\r\n",
      // Only a search streams: to the others `stream` is a parameter they do not have.
      "GET /api/variants?stream=1 HTTP/1.1\r\nHost: x\r\n\r\n",
      "GET /api/show?position=1.1&stream=0 HTTP/1.1\r\nHost: x\r\n\r\n",
      "GET /api/collection?file=x&size=3 HTTP/1.1\r\nHost: x\r\n\r\n",
  };
  const std::vector<std::string> bad_records{"",
                                             "{not json, not a record}",
                                             "[Start \"1.1\"]\n1. a1xq7\n",
                                             "[Start \"11.\"]\n\n1. b1xz1",
                                             std::string(50000, '['),
                                             "[Variant \"nothing\"]\n[Start \"1.1\"]\n"};
  int sent = 0, bad = 0;
  std::string last_failure;
  const auto expect_4xx = [&](const HttpReply& r, const std::string& what) {
    ++sent;
    if (r.status < 400 || r.status > 499) {
      ++bad;
      last_failure = what + " -> " + std::to_string(r.status) + " " + r.body;
    } else if (r.body.find("\"error\"") == std::string::npos) {
      ++bad;
      last_failure = what + ": no error object: " + r.body;
    }
  };
  for (int round = 0; sent < 1000; ++round) {
    const std::size_t k = static_cast<std::size_t>(round);
    const std::string& pos = bad_positions[k % bad_positions.size()];
    const char* endpoints[] = {"moves", "best", "show", "analyse", "solve", "verify", "board"};
    const std::string endpoint = endpoints[k % 7];
    const std::string target = "/api/" + endpoint + "?position=" + url_encode(pos) +
                               (endpoint == "verify" ? "" : "&move=zz");
    expect_4xx(http_request(port, "GET", target), target);
    const std::string& r = raw[k % raw.size()];
    expect_4xx(raw_request(port, r), r.substr(0, 80));
    const std::string& record = bad_records[k % bad_records.size()];
    expect_4xx(
        http_request(port, "POST", round % 2 ? "/api/verify-game" : "/api/analyse-game", record),
        "record " + record.substr(0, 40));
    if (round % 50 == 0)  // a body over the limit, sent whole
      expect_4xx(http_request(port, "POST", "/api/verify-game", std::string(1100000, 'x')),
                 "a 1.1 MB body");
  }
  for (std::thread& t : slow) t.join();
  INFO(last_failure);
  CHECK(bad == 0);
  CHECK(sent >= 1000);
  for (const int status : slow_status) CHECK(status == 408);
  CHECK(server.alive());
  CHECK(http_request(port, "GET", "/").status == 200);
  CHECK(http_request(port, "GET", "/api/moves?position=" + url_encode(kPosition)).status == 200);
  CHECK(server.stop() == 0);
}

TEST_CASE("serve: a half-closed client and a request sent early get their answers",
          "[cli][serve][threads]") {
  ServeProcess server({});
  const int port = server.port();
  // The next request sent while a search answers the first: both answered, in turn.
  for (int i = 0; i < 5; ++i) {
    INFO("early " << i);
    const int fd = leapfrog::testing::connect_local(port);
    REQUIRE(fd >= 0);
    leapfrog::testing::send_all(
        fd, "GET /api/analyse?position=murray&size=6&nodes=20000 HTTP/1.1\r\nHost: x\r\n\r\n");
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    leapfrog::testing::send_all(
        fd, "GET /api/variants HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    const std::string text = leapfrog::testing::read_all(fd);
    close(fd);
    std::size_t answers = 0;
    for (std::size_t at = text.find("HTTP/1.1 200"); at != std::string::npos;
         at = text.find("HTTP/1.1 200", at + 1))
      ++answers;
    CHECK(answers == 2);
    CHECK(text.find("\"variants\"") != std::string::npos);
  }
  for (int i = 0; i < 10; ++i) {
    INFO("try " << i);
    const HttpReply quick =
        raw_request(port, "GET /api/variants HTTP/1.0\r\n\r\n", 30000, /*shut_write=*/true);
    CHECK(quick.status == 200);
    const HttpReply moves =
        raw_request(port, "GET /api/moves?position=111 HTTP/1.1\r\nHost: x\r\n\r\n", 30000, true);
    CHECK(moves.status == 200);
    CHECK(moves.body.find("\"moves\"") != std::string::npos);
    // A search takes the shut side for a client gone and stops, but answers all the same.
    const HttpReply search = raw_request(
        port, "GET /api/analyse?position=murray&size=8&time-limit=4 HTTP/1.1\r\nHost: x\r\n\r\n",
        30000, true);
    CHECK(search.status != 0);
    CHECK((search.body.find("\"error\"") != std::string::npos ||
           search.body.find("\"complete\": false") != std::string::npos));
  }
  CHECK(server.stop() == 0);
}

TEST_CASE("serve: a client that waits for 100 Continue before its body is told at once",
          "[cli][serve][threads]") {
  ServeProcess server({});
  const std::string record = "[Start \"21.1.\"]\n1. a1xc1xe1\n";
  // Half a second to answer: curl waits a second for the 100, then sends the body anyway.
  const int fd = leapfrog::testing::connect_local(server.port(), 500);
  REQUIRE(fd >= 0);
  leapfrog::testing::send_all(fd,
                              "POST /api/verify-game HTTP/1.1\r\nHost: x\r\nExpect: "
                              "100-continue\r\nConnection: close\r\nContent-Length: " +
                                  std::to_string(record.size()) + "\r\n\r\n");
  char buf[256];
  const ssize_t n = recv(fd, buf, sizeof buf, 0);
  CHECK(std::string(buf, n > 0 ? static_cast<std::size_t>(n) : 0) ==
        "HTTP/1.1 100 Continue\r\n\r\n");
  leapfrog::testing::send_all(fd, record);
  const timeval answer_time{30, 0};  // the answer itself may wait for a busy machine
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &answer_time, sizeof answer_time);
  const HttpReply answer = leapfrog::testing::parse_reply(leapfrog::testing::read_all(fd));
  close(fd);
  CHECK(answer.status == 200);
  CHECK(answer.body.find("\"legal\": true") != std::string::npos);
  // A header refused whatever the body gets its refusal before the body is sent, not a 100.
  const HttpReply no_host = raw_request(
      server.port(),
      "POST /api/verify-game HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 40\r\n\r\n", 2000);
  CHECK(no_host.status == 400);
  CHECK(no_host.body.find("Host") != std::string::npos);
  const HttpReply gzip = raw_request(server.port(),
                                     "POST /api/verify-game HTTP/1.1\r\nHost: x\r\nExpect: "
                                     "100-continue\r\nTransfer-Encoding: gzip\r\n\r\n",
                                     2000);
  CHECK(gzip.status == 400);
  CHECK(gzip.body.find("Transfer-Encoding") != std::string::npos);
  // A body in chunks is taken, the coding's name in any case and with blanks around it.
  for (const char* coding : {"chunked", "Chunked", " chunked "}) {
    INFO(coding);
    const HttpReply chunks =
        raw_request(server.port(),
                    std::string("POST /api/verify-game HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
                                "Transfer-Encoding:") +
                        coding + "\r\n\r\ne\r\n[Start \"11.\"]\n\r\n0\r\n\r\n",
                    10000);
    CHECK(chunks.status == 200);
    CHECK(chunks.body.find("\"legal\": true") != std::string::npos);
  }
  // Too large a body is refused before it is sent, without the 100.
  const HttpReply large = raw_request(
      server.port(),
      "POST /api/verify-game HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: "
      "5000000\r\n\r\n",
      2000);
  CHECK(large.status == 413);
  CHECK(server.stop() == 0);
}

// The peak resident set of process `pid` in KB (VmHWM), 0 when it cannot be read.
long peak_rss_kb(pid_t pid) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  for (std::string line; std::getline(status, line);)
    if (line.rfind("VmHWM:", 0) == 0) return std::stol(line.substr(6));
  return 0;
}

TEST_CASE("serve: a list of millions of moves is held within the server's --hash",
          "[cli][serve][threads]") {
  // 17.8 million turns under the default rules, about 800 MB of JSON: the answer is cut
  // where it would take the server past --hash, growth of the text included.
  ServeProcess server({"--hash", "16"});
  const long idle = peak_rss_kb(server.pid());
  const HttpReply r = http_request(
      server.port(), "GET",
      "/api/moves?position=" +
          url_encode(".3.3.4.3./4.1.1.1.2/.4.4.3.1./1.3.4.3.2/.1.2.3.13/2.3.1.1.2/.1.1.1.2./"
                     "4.2.2.2.1/.1.3.1.1."));
  REQUIRE(r.status == 200);
  const auto j = nlohmann::json::parse(r.body);
  CHECK(j["complete"] == false);
  CHECK(j["count"].get<std::size_t>() > 10000);
  CHECK(j["moves"].size() == j["count"].get<std::size_t>());
  CHECK(j["captures"].size() == j["count"].get<std::size_t>());
  const long peak = peak_rss_kb(server.pid());
  INFO("peak " << peak << " KB, idle " << idle << " KB");
  CHECK(idle > 0);
  // What the answer took, over what the server held before it.
  if (!kSanitized) CHECK(peak - idle <= 16 * 1024);
  CHECK(server.stop() == 0);
}

TEST_CASE("serve: a request's hash above the server's is cut to it, whatever the machine has",
          "[cli][serve][threads]") {
  // 1048576 MB (1 TB) is more than the machine has: the server's --hash decides, the request
  // is answered, and the answer does not tell the client how much memory the server has.
  ServeProcess server({});
  const int port = server.port();
  for (const std::string endpoint : {"solve", "best", "analyse"}) {
    const HttpReply r =
        http_request(port, "GET", "/api/" + endpoint + "?position=111&hash=1048576");
    INFO(endpoint << " -> " << r.status << " " << r.body);
    CHECK(r.status == 200);
    CHECK(r.body.find("available") == std::string::npos);
  }
  // nodes=0 given is no limit, as on the command line: the search runs to the server's
  // --max-time (5 s), not to the default's 1000000 nodes.
  const HttpReply unlimited = http_request(port, "GET", "/api/chess/analyse?fen=startpos&nodes=0");
  REQUIRE(unlimited.status == 200);
  const auto nodes = nlohmann::json::parse(unlimited.body)["nodes"].get<std::uint64_t>();
  CHECK((nodes < 1000000 || nodes > 1001000));
  // Past the option's own range it is still a bad value.
  const HttpReply bad = http_request(port, "GET", "/api/best?position=111&hash=2000000");
  CHECK(bad.status == 400);
  CHECK(bad.body.find("hash must be a whole number 1..1048576") != std::string::npos);
  CHECK(server.stop() == 0);
}

TEST_CASE("serve: a wrong parameter is named as the client wrote it", "[cli][serve][threads]") {
  ServeProcess server({});
  const int port = server.port();
  const auto error_of = [&](const std::string& target) {
    const HttpReply r = http_request(port, "GET", target);
    INFO(target << " -> " << r.status << " " << r.body);
    CHECK(r.status == 400);
    return nlohmann::json::parse(r.body).value("error", "");
  };
  // Not the command-line option the parameter becomes ("unrecognised option '--foo=1'").
  CHECK(error_of("/api/show?position=1.1&foo=1") == "unknown parameter 'foo'");
  CHECK(error_of("/api/solve?position=111&foo") == "unknown parameter 'foo'");
  CHECK(error_of("/api/generate/layout?variant=murray&zz=3") == "unknown parameter 'zz'");
  CHECK(error_of("/api/chess/moves?fen=startpos&q=1") == "unknown parameter 'q'");
  CHECK(error_of("/api/variants?stream=1") == "unknown parameter 'stream'");
  // Whole names only: an abbreviation is not taken for the option it begins, and so cannot
  // slip past the names the server refuses (threads, out, format, color).
  CHECK(error_of("/api/show?position=murray&siz=6") == "unknown parameter 'siz'");
  CHECK(error_of("/api/best?position=murray&thread=1") == "unknown parameter 'thread'");
  CHECK(error_of("/api/best?position=murray&limit=3") ==
        "limit goes with all (the best chain alone is one)");
  CHECK(error_of("/api/generate/puzzles?ou=x.epd") == "unknown parameter 'ou'");
  CHECK(error_of("/api/generate/layout?col=always") == "unknown parameter 'col'");
  // A huge name or value is echoed cut to its first 200 characters.
  const std::string huge(12000, 'a');
  for (const std::string& target :
       {"/api/show?" + huge + "=1", "/api/show?position=1234&continuation=" + huge,
        "/api/generate/layout?variant=" + huge}) {
    const std::string error = error_of(target);
    CHECK(error.find(std::string(200, 'a') + "'...") != std::string::npos);
    CHECK(error.size() < 400);
  }
  const HttpReply far = http_request(port, "GET", "/api/" + huge);
  CHECK(far.status == 404);
  CHECK(far.body.size() < 400);
  CHECK(error_of("/api/chess/moves?fen=startpos&capt=optional") == "unknown parameter 'capt'");
  // The command's DEPTH is the parameter depth here.
  CHECK(error_of("/api/chess/perft?fen=startpos&depth=-1") ==
        "depth must be a whole number 0..20, not '-1'");
  CHECK(error_of("/api/chess/perft?fen=startpos&depth=") ==
        "depth must be a whole number 0..20, not ''");
  CHECK(error_of("/api/show?position=111&%3D=6") == "unknown parameter '='");
  // A bad escape names the parameter it is in, as the client wrote it.
  CHECK(error_of("/api/moves?position=mu%zzrray") ==
        "malformed query parameter 'position=mu%zzrray': a '%' takes two hex digits, and %00 is "
        "refused");
  CHECK(error_of("/api/moves?size=4&position=murray%00")
            .starts_with("malformed query parameter 'position=murray%00'"));
  // stream= is a switch like the others; a bad switch names itself.
  CHECK(error_of("/api/best?position=111&stream=x") ==
        "stream: a switch takes 1, true or yes (or 0, false, no), not 'x'");
  CHECK(error_of("/api/best?position=murray&size=6&all=2") ==
        "all: a switch takes 1, true or yes (or 0, false, no), not '2'");
  CHECK(error_of("/api/solve?position=111&no-symmetry=maybe") ==
        "no-symmetry: a switch takes 1, true or yes (or 0, false, no), not 'maybe'");
  // An empty then= names no move, as --then '' does not.
  for (const char* endpoint : {"show", "moves", "analyse"})
    CHECK(error_of(std::string("/api/") + endpoint + "?position=murray&size=4&then=") ==
          "then needs at least one move");
  // A parameter twice is refused, but hole, which the command takes once per square.
  CHECK(error_of("/api/show?position=murray&size=4&size=5") ==
        "parameter 'size' given more than once");
  const HttpReply holes = http_request(port, "GET", "/api/show?position=english&hole=d4&hole=c3");
  REQUIRE(holes.status == 200);
  CHECK(holes.body == run_cli("show english --hole d4 --hole c3 --json").out);
  // The server's own range of puzzles, not the command's.
  for (const char* count : {"0", "21", "abc", ""})
    CHECK(error_of(std::string("/api/generate/puzzles?count=") + count) ==
          std::string("count must be a whole number 1..20 here, not '") + count + "'");
  CHECK(error_of("/api/generate/puzzles?count=" + std::string(3000, 'x')).size() < 200);
  for (const char* off : {"0", "no", "false"}) {
    const HttpReply r =
        http_request(port, "GET", std::string("/api/best?position=111&stream=") + off);
    CHECK(r.status == 200);
    CHECK(r.head.find("application/json") != std::string::npos);
  }
  // A posted record's lines are held to a record file's cap, as `verify --game` holds them.
  const std::string long_line =
      "[Start \"21.1.\"]\n1. a1xc1xe1\n;" + std::string(70000, 'x') + "\n";
  for (const char* target : {"/api/verify-game", "/api/analyse-game"}) {
    const HttpReply r = http_request(port, "POST", target, long_line);
    INFO(target << " -> " << r.body);
    CHECK(r.status == 400);
    CHECK(r.body.find("has a line longer than 65536 bytes") != std::string::npos);
  }
  // A HEAD has no body, streamed or not.
  const HttpReply head = http_request(port, "HEAD", "/api/best?position=111&stream=1");
  CHECK(head.status == 200);
  CHECK(head.body.empty());
  CHECK(head.head.find("text/event-stream") == std::string::npos);
  // A 405 names the methods the target takes in its Allow header.
  const auto allow_of = [&](const std::string& method, const std::string& target) {
    const HttpReply r = http_request(port, method, target, method == "POST" ? "x" : "");
    INFO(method << " " << target << " -> " << r.status << "\n" << r.head);
    CHECK(r.status == 405);
    const std::size_t at = r.head.find("\r\nAllow: ");
    return at == std::string::npos ? std::string()
                                   : r.head.substr(at + 9, r.head.find("\r\n", at + 2) - at - 9);
  };
  CHECK(allow_of("GET", "/api/verify-game") == "POST");
  CHECK(allow_of("POST", "/api/moves?position=111") == "GET, HEAD");
  CHECK(allow_of("DELETE", "/api/moves") == "GET, HEAD");
  CHECK(allow_of("PUT", "/api/chess/verify-game") == "POST");
  // The error says what the header says.
  const HttpReply posted = http_request(port, "POST", "/api/moves?position=111", "x");
  CHECK(posted.body.find("takes GET, HEAD") != std::string::npos);
  // No such endpoint is a 404 whatever the method.
  CHECK(http_request(port, "POST", "/api/nosuch", "x").status == 404);
  CHECK(http_request(port, "DELETE", "/api/nosuch").status == 404);
  CHECK(allow_of("POST", "/index.html") == "GET, HEAD");
  // An empty value is the option's own complaint, not a syntax error about '='; the
  // option is named as the parameter it is, without the command line's dashes.
  CHECK(error_of("/api/solve?position=111&nodes=").rfind("nodes must be a whole number", 0) == 0);
  CHECK(error_of("/api/generate/layout?variant=murray&size=").rfind("size must be", 0) == 0);
  CHECK(error_of("/api/best?position=111&time-limit=abc").rfind("time-limit must be", 0) == 0);
  CHECK(error_of("/api/generate/layout?board=triangle&size=1").rfind("size 1: the triangle", 0) ==
        0);
  CHECK(error_of("/api/generate/layout?board=triangle&size=5&width=4") ==
        "the triangle board takes size (its side) only");
  // What the client wrote keeps its dashes.
  CHECK(error_of("/api/show?position=murray&size=--abc") ==
        "size must be a whole number 1..26, not '--abc'");
  CHECK(error_of("/api/show?position=--abc").find("'--abc'") != std::string::npos);
  CHECK(error_of("/api/chess/moves?fen=--abc").find("'--abc'") != std::string::npos);
  CHECK(server.stop() == 0);
}

TEST_CASE("serve: two clients asking one after another are never told the server is busy",
          "[cli][serve][threads]") {
  // A quick request goes to the quick requests' two workers. With a queue of one, each
  // client has one request out at a time: one waits at most, and a worker that has just sent
  // an answer is free for the next even before it asks for one.
  ServeProcess server({"--queue", "1"});
  const int port = server.port();
  constexpr int kEach = 300;
  std::array<std::vector<int>, 2> statuses;
  std::vector<std::thread> clients;
  for (std::size_t c = 0; c < statuses.size(); ++c)
    clients.emplace_back([&, c] {
      for (int i = 0; i < kEach; ++i)
        statuses[c].push_back(http_request(port, "GET", "/api/show?position=12/34").status);
    });
  for (std::thread& t : clients) t.join();
  for (const std::vector<int>& s : statuses) {
    REQUIRE(s.size() == kEach);
    CHECK(std::count(s.begin(), s.end(), 200) == kEach);
  }
  CHECK(server.stop() == 0);
}

TEST_CASE("serve: 20 analyses at once finish within their limits, and the page answers meanwhile",
          "[cli][serve][threads]") {
  ServeProcess server({"--jobs", "2", "--max-time", "5"});
  const int port = server.port();
  constexpr int kRequests = 20;
  constexpr int kNodes = 20000;
  std::vector<HttpReply> replies(kRequests);
  std::vector<double> elapsed(kRequests);
  std::vector<std::thread> threads;
  const auto start = Clock::now();
  for (int i = 0; i < kRequests; ++i)
    threads.emplace_back([&, i] {
      replies[static_cast<std::size_t>(i)] =
          http_request(port, "GET",
                       "/api/analyse?position=murray&size=8&seed=" + std::to_string(i + 1) +
                           "&nodes=" + std::to_string(kNodes));
      elapsed[static_cast<std::size_t>(i)] = millis_since(start);
    });
  std::this_thread::sleep_for(std::chrono::milliseconds(150));
  const auto before = Clock::now();
  const HttpReply page = http_request(port, "GET", "/");
  const double page_ms = millis_since(before);
  for (std::thread& t : threads) t.join();
  CHECK(page.status == 200);
  // The page is served by the I/O thread, never behind a search.
  CHECK(page_ms < (kSanitized ? 500 : 100));
  for (int i = 0; i < kRequests; ++i) {
    INFO("request " << i << " after " << elapsed[static_cast<std::size_t>(i)] << " ms");
    const HttpReply& r = replies[static_cast<std::size_t>(i)];
    REQUIRE(r.status == 200);
    const auto j = nlohmann::json::parse(r.body);
    CHECK(j["nodes"].get<int>() <= kNodes + 1000);
    CHECK(!j["best"].is_null());
  }
  // One of them against the command line: the same answer under load.
  CHECK(replies[4].body ==
        run_cli("analyse murray --size 8 --seed 5 --nodes 20000 --hash 64 --json").out);
  CHECK(server.stop() == 0);
}

TEST_CASE("serve: a search stops at --max-time, when its client leaves, and on a full queue",
          "[cli][serve][threads]") {
  ServeProcess server({"--jobs", "1", "--queue", "2", "--max-time", "1"});
  const int port = server.port();
  // No limit (nodes=0: not the default budget): --max-time bounds it, and the answer is the
  // best found so far.
  auto t = Clock::now();
  HttpReply r = http_request(port, "GET", "/api/analyse?position=murray&size=12&nodes=0");
  CHECK(r.status == 200);
  CHECK(nlohmann::json::parse(r.body)["complete"] == false);
  CHECK(millis_since(t) < 4000);
  // A Leap Chess perft far too deep to finish: stopped at --max-time too, with no count.
  t = Clock::now();
  r = http_request(port, "GET", "/api/chess/perft?fen=startpos&depth=12");
  // Not 503: the server is not busy, and asking again would not help.
  CHECK(r.status == 422);
  CHECK(r.body.find("--max-time") != std::string::npos);
  CHECK(millis_since(t) < 4000);
  // Perfts run with the searches: two of them leave the page's quick requests free, which
  // would otherwise wait until --max-time ends them.
  std::vector<std::thread> perfts;
  for (int i = 0; i < 2; ++i)
    perfts.emplace_back(
        [port] { http_request(port, "GET", "/api/chess/perft?fen=startpos&depth=12"); });
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  t = Clock::now();
  CHECK(http_request(port, "GET", "/api/variants").status == 200);
  // Waiting for --max-time would take about 800 ms: too close to a sanitized server's own
  // pace to tell apart, so the timings are checked on the plain build only.
  if (!kSanitized) CHECK(millis_since(t) < 700);
  for (std::thread& p : perfts) p.join();
  // Puzzle generation (twenty 7x7 solitaire puzzles outlast the limit) stops at --max-time too,
  // and says so.
  t = Clock::now();
  r = http_request(port, "GET", "/api/generate/puzzles?kind=solitaire&size=7&count=20&seed=1");
  CHECK(r.status == 200);
  const nlohmann::json generated = nlohmann::json::parse(r.body);
  CHECK(generated["stopped"] == true);
  CHECK(generated["complete"] == false);
  CHECK(generated["puzzles"].size() < 20);
  CHECK(millis_since(t) < 4000);
  // A record judged at a budget far beyond the limit: stopped, and the answer says so with
  // the turns judged before the stop only.
  t = Clock::now();
  r = http_request(port, "POST", "/api/analyse-game?nodes=5000000",
                   slurp(source("puzzles/records/murray-8x8-engine.lfr")));
  CHECK(r.status == 200);
  const nlohmann::json judged = nlohmann::json::parse(r.body);
  CHECK(judged["stopped"] == true);
  CHECK(judged["final_value"].is_null());
  CHECK(judged["turns"].size() < 34);
  CHECK(millis_since(t) < 4000);
  // A client that leaves: its search (or its perft, which runs with them) stops, so the next
  // one (one worker) starts at once.
  for (const char* target :
       {"/api/analyse?position=murray&size=14&nodes=0", "/api/chess/perft?fen=startpos&depth=12"}) {
    INFO(target);
    const int fd = leapfrog::testing::connect_local(port);
    leapfrog::testing::send_all(fd, std::string("GET ") + target + " HTTP/1.1\r\nHost: x\r\n\r\n");
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    close(fd);
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    t = Clock::now();
    r = http_request(port, "GET", "/api/analyse?position=" + url_encode(kPosition) + "&nodes=500");
    CHECK(r.status == 200);
    if (!kSanitized) CHECK(millis_since(t) < 700);
  }
  // One running, two waiting: more are turned away with 503, and nothing breaks.
  std::vector<HttpReply> replies(6);
  std::vector<std::thread> threads;
  for (std::size_t i = 0; i < replies.size(); ++i)
    threads.emplace_back([&, i] {
      replies[i] = http_request(
          port, "GET",
          "/api/analyse?position=murray&size=10&nodes=0&seed=" + std::to_string(i + 1));
    });
  for (std::thread& th : threads) th.join();
  int ok = 0, busy = 0;
  for (const HttpReply& x : replies) {
    ok += x.status == 200;
    busy += x.status == 503;
  }
  // At least the running one and one waiting (the worker may not have taken the first off
  // the queue when the others arrive).
  CHECK(ok >= 2);
  CHECK(busy >= 1);
  CHECK(ok + busy == 6);
  CHECK(server.alive());
  CHECK(server.stop() == 0);
}

TEST_CASE("serve: a quick request whose client has left stops soon after",
          "[cli][serve][threads]") {
  // verify of a legal move on this 15x15 board searches for the largest capture until --hash
  // or --max-time ends it: several seconds with these limits.
  ServeProcess server({"--max-time", "8", "--hash", "512"});
  const int port = server.port();
  const std::string position =
      ".1.4.4.214.1.3./2.1.114.4.2.4.3/.2.3.4.1.3.3.4./2.4.4.1.4.2.312/.4.1.3.4.2.1.2./"
      "3.3.3.1.2.2.1.3/.2.4.3.1.3.1.2./2.311.432.2.1.3/.2.3.3.143.2.3./2.4.1.4.2.4.2.4/"
      ".1.3.432.1.1.3./4.212.4.1.342.4/.44323.2.2.1.3./4.211.2.2.3.3.3/24.1.422.421.3.";
  // Both quick workers take one, and both clients leave.
  std::vector<int> fds;
  for (int i = 0; i < 2; ++i) {
    fds.push_back(leapfrog::testing::connect_local(port));
    REQUIRE(fds.back() >= 0);
    leapfrog::testing::send_all(fds.back(), "GET /api/verify?position=" + url_encode(position) +
                                                "&move=a1xa3 HTTP/1.1\r\nHost: x\r\n\r\n");
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  for (const int fd : fds) close(fd);
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  // The page's next quick request waits for the grace, not for the searches' limits.
  const auto t = Clock::now();
  CHECK(http_request(port, "GET", "/api/variants").status == 200);
  if (!kSanitized) CHECK(millis_since(t) < 3000);
  CHECK(server.stop() == 0);
}

TEST_CASE("serve: a move list is held to --hash and marked incomplete", "[cli][serve][threads]") {
  // Millions of chains on a 13x13 lattice with one extra piece: the command writes them as
  // it finds them, the server holds its answer, so the list ends at --hash.
  const std::string lattice =
      ".1.1.1.1.1.1./1.1.1.1.1.1.1/.1.1.1.1.1.1./1.1.1.1.1.1.1/.1.1.1.1.1.1./1.1.1.1.1.1.1/"
      ".1.1.1.1.1.11/1.1.1.1.1.1.1/.1.1.1.1.1.1./1.1.1.1.1.1.1/.1.1.1.1.1.1./1.1.1.1.1.1.1/"
      ".1.1.1.1.1.1.";
  ServeProcess server({"--hash", "1"});
  const HttpReply r = http_request(server.port(), "GET", "/api/moves?position=" + lattice);
  CHECK(r.status == 200);
  // A third of --hash (1 MB), past it by one turn and the object's frame at most.
  CHECK(r.body.size() <= (std::size_t{1} << 20) / 3 + 4096);
  const auto j = nlohmann::json::parse(r.body);
  CHECK(j.value("complete", true) == false);
  CHECK(j["count"] == j["moves"].size());
  CHECK(j["captures"].size() == j["moves"].size());
  CHECK(j["moves"].size() > 1000);
  // A list within the cap is whole, and the command's.
  const HttpReply small = http_request(server.port(), "GET", "/api/moves?position=11./.1./...");
  CHECK(small.status == 200);
  CHECK(small.body == run_cli("moves 11./.1./... --json").out);
  CHECK(server.stop() == 0);
}

TEST_CASE("serve: clients that do not read their answers cannot fill the server's memory",
          "[cli][serve][threads]") {
  if (kSanitized) return;  // the spacing below assumes an unsanitized server's speed
  // Each answer, a list of moves on a big lattice, is held to a third of --hash (16 MB), more
  // than the kernel's buffers take; the unread ones together to twice --hash: then the server
  // is busy (503) until they go.
  ServeProcess server({"--hash", "16"});
  const int port = server.port();
  std::string grid;
  for (int y = 0; y < 26; ++y) {
    if (y) grid += '/';
    for (int x = 0; x < 26; ++x)
      grid += x % 2 == 0 && y % 2 == 0 && (x != 12 || y != 12) ? '.' : '1';
  }
  const std::string request = "GET /api/moves?position=" + url_encode(grid) +
                              "&continuation=optional HTTP/1.1\r\nHost: x\r\n\r\n";
  std::vector<int> silent;
  int busy_after = 0;
  for (int i = 0; i < 12 && busy_after == 0; ++i) {
    const int fd = leapfrog::testing::connect_local(port);
    const int small = 4096;
    ::setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &small, sizeof small);
    leapfrog::testing::send_all(fd, request);
    silent.push_back(fd);
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));
    const HttpReply r = http_request(port, "GET", "/api/moves?position=111");
    if (r.status == 503) {
      CHECK(r.body.find("not yet read") != std::string::npos);
      busy_after = i + 1;
    } else {
      CHECK(r.status == 200);
    }
  }
  INFO("busy after " << busy_after << " unread answers");
  CHECK(busy_after >= 2);
  for (const int fd : silent) close(fd);
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  CHECK(http_request(port, "GET", "/api/moves?position=111").status == 200);
  CHECK(server.stop() == 0);
}

TEST_CASE("serve: progress streams as server-sent events, the answer last",
          "[cli][serve][threads]") {
  ServeProcess server({"--hash", "64"});
  const HttpReply r = http_request(
      server.port(), "GET", "/api/analyse?position=murray&size=6&seed=5&nodes=3000&stream=1");
  CHECK(r.status == 200);
  CHECK(r.head.find("text/event-stream") != std::string::npos);
  const std::size_t at = r.body.find("event: result\n");
  REQUIRE(at != std::string::npos);
  // The data lines of the last event, joined, are the command's JSON.
  std::string json;
  std::istringstream in(r.body.substr(at));
  for (std::string line; std::getline(in, line);)
    if (line.rfind("data: ", 0) == 0) json += line.substr(6) + "\n";
  CHECK(json == run_cli("analyse murray --size 6 --seed 5 --nodes 3000 --hash 64 --json").out);
  // The Accept header asks for a stream unless it weighs it q=0; a stream parameter, when
  // given, decides over the header.
  const auto streams = [&](const std::string& accept, const std::string& query) {
    const HttpReply a = raw_request(server.port(), "GET /api/best?position=111" + query +
                                                       " HTTP/1.1\r\nHost: x\r\nConnection: "
                                                       "close\r\nAccept: " +
                                                       accept + "\r\n\r\n");
    INFO(accept << query << " -> " << a.status << " " << a.head);
    CHECK(a.status == 200);
    return a.head.find("text/event-stream") != std::string::npos;
  };
  CHECK(streams("text/event-stream", ""));
  CHECK(streams("Text/Event-Stream ; q=0.5", ""));
  CHECK_FALSE(streams("text/event-stream;q=0, application/json", ""));
  CHECK_FALSE(streams("text/html, text/event-stream; q=0.000", ""));
  CHECK_FALSE(streams("application/json", ""));
  CHECK_FALSE(streams("text/event-stream", "&stream=0"));
  CHECK(streams("application/json", "&stream=1"));
}

TEST_CASE("serve: SIGTERM answers the searches under way with what they found, and frees the port",
          "[cli][serve][threads]") {
  int port = 0;
  {
    ServeProcess server({"--max-time", "60", "--jobs", "1"});
    port = server.port();
    CHECK(server.first_line().find("http://127.0.0.1:" + std::to_string(port) + "/") !=
          std::string::npos);
    // One search running, one waiting for the only worker.
    HttpReply running, waiting;
    std::thread first([&] {
      running =
          http_request(port, "GET", "/api/analyse?position=murray&size=14&nodes=0", "", 20000);
    });
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    std::thread second([&] {
      waiting =
          http_request(port, "GET", "/api/analyse?position=murray&size=12&nodes=0", "", 20000);
    });
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    const auto t = Clock::now();
    CHECK(server.stop() == 0);
    CHECK(millis_since(t) < 3000);
    first.join();
    second.join();
    // The running search stopped and answered its best so far; the waiting one never ran.
    REQUIRE(running.status == 200);
    const nlohmann::json j = nlohmann::json::parse(running.body);
    CHECK(j["complete"] == false);
    CHECK(!j.at("pv").empty());
    CHECK(waiting.status == 503);
    CHECK(waiting.body.find("cancelled") != std::string::npos);
  }
  // The port is free: a new server takes it.
  ServeProcess again({}, port);
  CHECK(again.port() == port);
  CHECK(http_request(port, "GET", "/").status == 200);
  CHECK(again.stop() == 0);
}

TEST_CASE("serve --egdb: the analyses read the endgame tables as the command does",
          "[cli][serve][egdb][threads]") {
  const Scratch tables, empty;
  REQUIRE(run_cli("egdb build traditional --size 4 --egdb " + tables.dir).code == 0);
  ServeProcess server({"--egdb", tables.dir, "--hash", "64", "--max-time", "600"});
  const int port = server.port();
  const std::string game =
      "[Variant \"traditional\"]\n[Board \"4x4\"]\n"
      "[Start \"1111/1111/1111/1111\"]\n\n"
      "1. xa1 2. xb1 3. a3xa1 4. b3xb1 5. d2xb2 6. c4xc2xa2 7. d4xd2\n";
  const std::string path = "leapfrog_serve_test_egdb.lfr";
  { std::ofstream(path) << game; }
  // The tables answer the start of 4x4 at once and prove every turn of the record within 5
  // nodes, which the search alone (an empty folder) does not: so equal bytes show the server
  // read them.
  struct Case {
    HttpReply reply;
    std::string cli;
  };
  const std::vector<Case> cases{
      {http_request(port, "GET", "/api/analyse?position=traditional&size=4"),
       "analyse traditional --size 4 --threads 1 --hash 64 --json --egdb "},
      {http_request(port, "POST", "/api/analyse-game?nodes=5", game),
       "analyse --game " + path + " --nodes 5 --threads 1 --hash 64 --json --egdb "},
  };
  for (const Case& c : cases) {
    INFO(c.cli);
    const auto with = run_cli(c.cli + tables.dir), without = run_cli(c.cli + empty.dir);
    REQUIRE(with.code == 0);
    REQUIRE(without.code == 0);
    CHECK(c.reply.status == 200);
    CHECK(c.reply.body == with.out);
    CHECK(with.out != without.out);
  }
  std::remove(path.c_str());
  // A board's tables are read once and kept: a file taken away afterwards changes nothing.
  std::filesystem::remove(tables.dir + "/4x4-orthogonal-optional/level-02.egdb");
  CHECK(http_request(port, "GET", "/api/analyse?position=traditional&size=4").body ==
        cases[0].reply.body);
  // A server started on tables with a level missing uses the levels below it and warns its
  // operator once; the requests are answered (the search goes on where the tables stop).
  const std::string log = tables.dir + "/serve.log";
  {
    ServeProcess gapped({"--egdb", tables.dir, "--hash", "64", "--max-time", "600"}, 0, log);
    for (int i = 0; i < 2; ++i) {
      const HttpReply r =
          http_request(gapped.port(), "GET", "/api/analyse?position=traditional&size=4");
      CHECK(r.status == 200);
      CHECK(nlohmann::json::parse(r.body)["proved"] == true);
    }
  }
  const std::string warnings = slurp(log);
  CHECK(warnings ==
        "leapfrog serve: warning: in the endgame tables, '" + tables.dir +
            "/4x4-orthogonal-optional/level-02.egdb' is missing, below level 10 (levels 3..10 "
            "cannot be used without it; leapfrog egdb build makes it)\n");
  const auto bad = run_cli("serve --egdb " + tables.dir + "/no-such");
  CHECK(bad.code == 2);
  CHECK(bad.err.find("is not a folder") != std::string::npos);
}

TEST_CASE("serve: bad options exit 2 with a message", "[cli][serve][threads]") {
  CHECK(run_cli("serve --port 70000").code == 2);
  // One range for every refused limit: 0 and -1 alike are "more than 0".
  for (const char* option : {"--max-time", "--read-timeout"})
    for (const char* value : {"0", "-1", "x"}) {
      const auto bad = run_cli(std::string("serve ") + option + " " + value);
      CHECK(bad.code == 2);
      CHECK(bad.err == std::string("leapfrog serve: ") + option +
                           " must be a number of seconds more than 0, up to 1000000000, not '" +
                           value + "'. Try 'leapfrog serve --help'.\n");
    }
  // A value in range but not written in digits is told how to write it.
  const auto exponent = run_cli("serve --max-time 1e9");
  CHECK(exponent.code == 2);
  CHECK(exponent.err ==
        "leapfrog serve: --max-time takes seconds written in digits, such as 90 "
        "or 2.5, not '1e9'. Try 'leapfrog serve --help'.\n");
  CHECK(run_cli("solve english --time-limit 1e2").err.find("written in digits") !=
        std::string::npos);
  CHECK(run_cli("serve --host 'no such host!'").code == 2);
  const auto r = run_cli("serve --help");
  CHECK(r.code == 0);
  CHECK(r.out.find("--max-time") != std::string::npos);
}
