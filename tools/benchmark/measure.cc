#include "tools/benchmark/measure.h"

#include <malloc.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <exception>
#include <string>
#include <vector>

namespace benchmark {
namespace {

// Pipe record, one per completed run (followed by the error text).
struct RunRecord {
  double seconds;
  int32_t ok;
  int32_t total;
  int64_t output_bytes;
  uint32_t error_length;
};

bool WriteAll(int fd, const void* data, size_t size) {
  const char* p = static_cast<const char*>(data);
  while (size > 0) {
    const ssize_t n = write(fd, p, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    p += n;
    size -= static_cast<size_t>(n);
  }
  return true;
}

// Returns false on EOF before `size` bytes.
bool ReadAll(int fd, void* data, size_t size) {
  char* p = static_cast<char*>(data);
  while (size > 0) {
    const ssize_t n = read(fd, p, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    p += n;
    size -= static_cast<size_t>(n);
  }
  return true;
}

[[noreturn]] void RunChild(int fd, const std::function<RunResult()>& work,
                           int repeats, int timeout_seconds) {
  const int64_t baseline = CurrentRssKb();
  WriteAll(fd, &baseline, sizeof(baseline));
  // Default SIGALRM action: the child is terminated, the parent sees it.
  signal(SIGALRM, SIG_DFL);
  alarm(static_cast<unsigned>(timeout_seconds));
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  for (int r = 0; r < repeats; ++r) {
    RunResult result;
    const auto t0 = Clock::now();
    try {
      result = work();
    } catch (const std::exception& e) {
      result.first_error = std::string("uncaught exception: ") + e.what();
    } catch (...) {
      result.first_error = "uncaught exception";
    }
    const auto t1 = Clock::now();
    RunRecord rec{};
    rec.seconds = std::chrono::duration<double>(t1 - t0).count();
    rec.ok = result.ok;
    rec.total = result.total;
    rec.output_bytes = result.output_bytes;
    const std::string error = result.first_error.substr(0, 4000);
    rec.error_length = static_cast<uint32_t>(error.size());
    if (!WriteAll(fd, &rec, sizeof(rec)) ||
        !WriteAll(fd, error.data(), error.size())) {
      _exit(3);
    }
    // Stop when one more run of this length would not fit in the limit.
    const double elapsed = std::chrono::duration<double>(t1 - start).count();
    if (elapsed + rec.seconds > 0.9 * timeout_seconds) break;
  }
  close(fd);
  _exit(0);  // no atexit handlers, no flushing of the parent's stdio buffers
}

std::string SignalName(int sig) {
  switch (sig) {
    case SIGALRM:
      return "SIGALRM";
    case SIGSEGV:
      return "SIGSEGV";
    case SIGABRT:
      return "SIGABRT";
    case SIGKILL:
      return "SIGKILL";
    case SIGBUS:
      return "SIGBUS";
    case SIGFPE:
      return "SIGFPE";
    default:
      return "signal " + std::to_string(sig);
  }
}

}  // namespace

long CurrentRssKb() {
  FILE* f = std::fopen("/proc/self/status", "r");
  if (f == nullptr) return 0;
  char line[256];
  long kb = 0;
  while (std::fgets(line, sizeof(line), f) != nullptr) {
    if (std::strncmp(line, "VmRSS:", 6) == 0) {
      kb = std::strtol(line + 6, nullptr, 10);
      break;
    }
  }
  std::fclose(f);
  return kb;
}

void ReleaseFreeMemory() { malloc_trim(0); }

Measurement MeasureInChild(const std::function<RunResult()>& work, int repeats,
                           int timeout_seconds,
                           const std::function<void()>& child_setup) {
  Measurement m;
  if (repeats < 1) repeats = 1;
  if (timeout_seconds < 1) timeout_seconds = 1;
  ReleaseFreeMemory();
  int fds[2];
  if (pipe(fds) != 0) {
    m.detail = std::string("pipe: ") + std::strerror(errno);
    return m;
  }
  std::fflush(stdout);
  std::fflush(stderr);
  const pid_t pid = fork();
  if (pid < 0) {
    m.detail = std::string("fork: ") + std::strerror(errno);
    close(fds[0]);
    close(fds[1]);
    return m;
  }
  if (pid == 0) {
    close(fds[0]);
    if (child_setup) child_setup();
    RunChild(fds[1], work, repeats, timeout_seconds);
  }
  close(fds[1]);
  int64_t baseline = 0;
  if (ReadAll(fds[0], &baseline, sizeof(baseline))) {
    m.baseline_rss_kb = static_cast<long>(baseline);
  }
  std::vector<double> times;
  RunRecord rec;
  while (ReadAll(fds[0], &rec, sizeof(rec))) {
    std::string error(rec.error_length, '\0');
    if (rec.error_length > 0 && !ReadAll(fds[0], error.data(), error.size())) {
      break;
    }
    times.push_back(rec.seconds);
    m.result.ok = rec.ok;
    m.result.total = rec.total;
    m.result.output_bytes = rec.output_bytes;
    m.result.first_error = std::move(error);
  }
  close(fds[0]);

  int status = 0;
  struct rusage usage {};
  while (wait4(pid, &status, 0, &usage) < 0 && errno == EINTR) {
  }
  m.peak_rss_kb = usage.ru_maxrss;  // KiB on Linux
  m.runs = static_cast<int>(times.size());
  if (!times.empty()) {
    std::sort(times.begin(), times.end());
    m.best_seconds = times.front();
    m.median_seconds = times[times.size() / 2];
  }
  const bool alarm_killed = WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM;
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
    m.status = Measurement::Status::kOk;
    m.hit_time_limit = m.runs < repeats;
  } else if (alarm_killed) {
    m.status =
        m.runs > 0 ? Measurement::Status::kOk : Measurement::Status::kTimeout;
    m.hit_time_limit = true;
  } else {
    m.status = Measurement::Status::kCrashed;
    m.detail = WIFSIGNALED(status)
                   ? SignalName(WTERMSIG(status))
                   : "exit status " + std::to_string(WEXITSTATUS(status));
  }
  return m;
}

}  // namespace benchmark
