// The web board's job queue (cli/serve.cpp carries the HTTP): API requests are jobs for a
// fixed set of worker threads behind a bounded queue. A worker answers a job with answer_api
// (cli/serve_api.h) and hands the answer to the job's `done`; a job's only shared state is its
// atomic stop flag, set by whoever wants it to end.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

#include "cli/serve_api.h"

namespace leapfrog::cli {

using Clock = std::chrono::steady_clock;

// One API request on its way through a worker.
struct Job {
  ApiRequest request;
  std::atomic<bool> stop{false};
  // When the client was seen gone (0: not seen): a quick job then stops after a grace.
  std::atomic<Clock::rep> left{0};
  Clock::time_point started{};  // set by the worker (under the pool's lock)
  // Called by the worker with the answer, and with each progress event (streams only).
  std::function<void(ApiReply)> done;
  std::function<void(const Progress&)> progress;
};

// A fixed set of worker threads and a bounded queue of jobs.
class Pool {
 public:
  Pool(int workers, std::size_t capacity, ApiLimits limits)
      : workers_(static_cast<std::size_t>(workers)), capacity_(capacity), limits_(limits) {
    for (int i = 0; i < workers; ++i) threads_.emplace_back([this] { work(); });
  }
  ~Pool() {
    close();
    for (std::thread& t : threads_) t.join();
  }

  // False when the queue is full or closed. The queue holds `capacity` jobs beyond those a
  // free worker will take: a worker that has just handed over its answer and not yet come
  // back for the next job is free, and a client that asks again at once (its next request
  // can arrive first) is not kept waiting for it.
  bool push(std::shared_ptr<Job> job) {
    std::lock_guard lock(mutex_);
    const std::size_t free = workers_ - std::min(workers_, running_.size());
    if (closed_ || waiting_.size() >= capacity_ + free) return false;
    waiting_.push_back(std::move(job));
    ready_.notify_one();
    return true;
  }

  // Stops every job, waiting or running; the workers end after their current job.
  void close() {
    std::lock_guard lock(mutex_);
    closed_ = true;
    for (const auto& j : waiting_) j->stop = true;
    for (const auto& j : running_) j->stop = true;
    ready_.notify_all();
  }

  // Stops the jobs that have run longer than `limit`, and those that have run more than
  // `left_grace` since their client left (a job still waiting is left alone: it gets its
  // grace once it runs, so that a quick answer queued behind others is still whole).
  void stop_overdue(Clock::duration limit, Clock::duration left_grace) {
    std::lock_guard lock(mutex_);
    const auto now = Clock::now();
    for (const auto& j : running_) {
      const Clock::rep left = j->left;
      const auto since = std::max(j->started, Clock::time_point(Clock::duration(left)));
      if (now - j->started > limit || (left != 0 && now - since > left_grace)) j->stop = true;
    }
  }

 private:
  void work() {
    for (;;) {
      std::shared_ptr<Job> job;
      {
        std::unique_lock lock(mutex_);
        ready_.wait(lock, [this] { return closed_ || !waiting_.empty(); });
        if (waiting_.empty()) return;
        job = std::move(waiting_.front());
        waiting_.pop_front();
        job->started = Clock::now();
        running_.insert(job);
      }
      ApiReply reply = job->stop ? ApiReply{503, error_json("cancelled")}
                                 : answer_api(job->request, limits_, job->stop, job->progress);
      {
        std::lock_guard lock(mutex_);
        running_.erase(job);
      }
      job->done(std::move(reply));
    }
  }

  std::size_t workers_;
  std::size_t capacity_;
  ApiLimits limits_;
  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<std::shared_ptr<Job>> waiting_;
  std::set<std::shared_ptr<Job>> running_;
  bool closed_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace leapfrog::cli
