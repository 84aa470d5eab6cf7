// Measuring one piece of work without contaminating the next: the work runs
// in a forked child process, so its peak resident set (ru_maxrss from wait4)
// belongs to that measurement alone, and a crash or hang cannot take the
// benchmark down with it.
#pragma once

#include <functional>
#include <string>

namespace benchmark {

// What one run of the work reports (the work's own, light correctness check).
struct RunResult {
  int ok = 0;                  // inputs handled successfully
  int total = 0;               // inputs attempted
  long long output_bytes = 0;  // size of what was produced (keeps it live)
  std::string first_error;     // first failure, if any
};

struct Measurement {
  enum class Status {
    kOk,       // at least one run completed (see `runs`)
    kTimeout,  // killed by the time limit before any run completed
    kCrashed,  // the child died from a signal or exited abnormally
  };
  Status status = Status::kCrashed;
  int runs = 0;  // completed runs (may be < repeats near the limit)
  bool hit_time_limit = false;  // the time limit cut the repetitions short
  double best_seconds = 0;      // fastest completed run (wall clock)
  double median_seconds = 0;    // median of completed runs
  long baseline_rss_kb = 0;     // child's resident set right after fork
  long peak_rss_kb = 0;         // child's peak resident set (ru_maxrss)
  RunResult result;             // from the last completed run
  std::string detail;           // e.g. "SIGSEGV" for kCrashed
  long delta_rss_kb() const { return peak_rss_kb - baseline_rss_kb; }
};

// Forks; the child records its resident set, arms alarm(timeout_seconds) and
// runs `work` up to `repeats` times (stopping early when another run would
// not fit in the time limit), timing each run with std::chrono::steady_clock
// and sending the timings through a pipe. The parent collects them and the
// child's ru_maxrss via wait4(). Everything the parent holds (the inputs) is
// shared with the child and part of its baseline, not of the difference.
// Call it from a single-threaded process.
// `child_setup`, if set, runs in the child before anything is measured (e.g.
// to redirect the libraries' log output).
Measurement MeasureInChild(const std::function<RunResult()>& work, int repeats,
                           int timeout_seconds,
                           const std::function<void()>& child_setup = {});

// The calling process's current resident set, in KiB (VmRSS).
long CurrentRssKb();

// Returns freed heap memory to the system so that a child cannot reuse pages
// that are already resident (which would hide its real peak).
void ReleaseFreeMemory();

}  // namespace benchmark
