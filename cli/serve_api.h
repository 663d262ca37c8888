// The web board's JSON API (docs/serve.md): one request in, one JSON object out. Each endpoint
// reads its parameters as the subcommand of the same name reads its options (the same option
// checkers, so the same values are refused with the same messages) and answers the object that
// subcommand's --json prints (cli/command_json.h). No HTTP here: cli/serve.cpp carries the
// requests and answers; this file is a function from request to reply, safe to call from
// several threads at once.
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/control.h"

namespace leapfrog::cli {

class SharedTables;

struct ApiRequest {
  std::string method;  // GET, POST, ...
  std::string path;    // after "/api/": "moves", "chess/analyse", ...
  std::vector<std::pair<std::string, std::string>> params;  // the query, decoded, in order
  std::string body;                                         // POST: a game record
};

// What one request may spend, and what it may read, set by the server.
struct ApiLimits {
  std::chrono::milliseconds max_time{5000};  // a search's time limit (and the most it may ask)
  std::size_t hash_mb = 64;                  // a search's tables (and the most it may ask)
  int max_puzzles = 20;                      // generate/puzzles: the most puzzles asked at once
  // The endgame tables analyse and analyse-game read (cli/egdb_files.h): serve --egdb's folder,
  // else the cache folder; null for none.
  std::shared_ptr<SharedTables> tables;
};

struct ApiReply {
  int status = 200;        // 200, or 4xx with {"error": "..."}
  std::string body;        // JSON text, as the subcommand's --json prints it
  std::string allow = {};  // with 405: the methods the endpoint takes, for the Allow header
};

// Answers one request. `stop` ends a search early (the client went away, the server stops);
// `progress` (may be empty) receives a long search's progress. Never throws: bad input is a
// 4xx reply naming what is wrong.
ApiReply answer_api(const ApiRequest& request, const ApiLimits& limits,
                    const std::atomic<bool>& stop,
                    const std::function<void(const Progress&)>& progress);

// The value of the switch parameter `key`: 1, true, yes or empty for on, 0, false or no for
// off; anything else is a UsageError that names `key`.
bool switch_value(const std::string& key, const std::string& value);

// Whether the endpoint runs a search that may take long (and so may stream its progress).
bool api_searches(const std::string& path);
// "/api/PATH" for messages, a huge path cut as quoted_text cuts.
std::string endpoint_name(std::string_view path);
// Whether it runs with the searches (--jobs workers): the searches and the other long work
// (a Leap Chess perft), which would hold up the quick requests the page makes all the time.
bool api_long_work(const std::string& path);

// The methods an endpoint (a path after /api/) takes, as an Allow header names them: "GET, HEAD"
// or "POST"; empty for no such endpoint.
std::string api_allow(const std::string& path);

// The one-line JSON error object: {"error": "..."}.
std::string error_json(const std::string& message);
// A command-line error said in the API's words: an option's name ("--size") becomes the
// parameter's ("size").
std::string parameter_names(const std::string& message);

}  // namespace leapfrog::cli
