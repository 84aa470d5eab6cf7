#include "converter/file_io.h"

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdint>
#include <cstring>
#include <memory>
#include <random>
#include <vector>

#include <fcntl.h>
#include <pthread.h>
#include <sys/stat.h>
#include <unistd.h>

namespace converter {

namespace {

std::string Reason(int error_number) { return std::strerror(error_number); }

std::string Quoted(const std::string& path) { return "'" + path + "'"; }

std::string DirName(const std::string& path) {
  const size_t slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  if (slash == 0) return "/";
  return path.substr(0, slash);
}

// The temporary files being written, for the signal handler: a fixed table
// of slots, each free (0), being filled (1) or holding a path the handler
// removes (2). Lock-free atomics, so the handler may read them.
constexpr int kFree = 0, kFilling = 1, kRegistered = 2;
constexpr size_t kPathCapacity = 4096;
struct TemporaryFileSlot {
  std::atomic<int> state{kFree};
  char path[kPathCapacity];
};
static_assert(std::atomic<int>::is_always_lock_free,
              "the signal handler reads the slots");
constexpr int kSlotCount = 32;
TemporaryFileSlot g_temporary_files[kSlotCount];
// Set by the handler before it looks at the slots: from then on no thread
// creates a temporary file (the process is ending). Without it, another
// thread could create and register one after the handler had passed its
// slot, and the file would outlive the process.
std::atomic<bool> g_ending{false};

constexpr int kCleanupSignals[] = {SIGINT, SIGTERM, SIGHUP};

extern "C" void RemoveTemporaryFilesAndReraise(int sig) {
  const int saved_errno = errno;
  g_ending.store(true);
  for (auto& slot : g_temporary_files) {
    // A slot being filled belongs to a thread that reserved it before the
    // flag was set and holds the cleanup signals blocked: it will register
    // its file (or free the slot) shortly, so wait for that.
    int state;
    while ((state = slot.state.load()) == kFilling) {
    }
    if (state == kRegistered) ::unlink(slot.path);
  }
  // The default action ends the process by `sig` once the handler returns
  // (the signal is blocked until then).
  ::signal(sig, SIG_DFL);
  ::raise(sig);
  errno = saved_errno;
}

// Blocks the cleanup signals in this thread while alive, so that creating
// (or renaming) a temporary file and registering (or releasing) it happen
// together for the handler.
class CleanupSignalsBlocked {
 public:
  CleanupSignalsBlocked() {
    sigset_t set;
    sigemptyset(&set);
    for (int sig : kCleanupSignals) sigaddset(&set, sig);
    pthread_sigmask(SIG_BLOCK, &set, &old_);
  }
  ~CleanupSignalsBlocked() { pthread_sigmask(SIG_SETMASK, &old_, nullptr); }
  CleanupSignalsBlocked(const CleanupSignalsBlocked&) = delete;
  CleanupSignalsBlocked& operator=(const CleanupSignalsBlocked&) = delete;

 private:
  sigset_t old_;
};

}  // namespace

// A temporary file registered for removal on a signal; released (not
// removed) when it goes out of scope. Used with the cleanup signals blocked
// in the calling thread: Reserve a slot, create the file, Register its path.
// A path too long for a slot, or no free slot, is simply not registered.
class TemporaryFileRegistration {
 public:
  TemporaryFileRegistration() = default;
  // Reserves a slot (the handler waits for a reserved slot to settle).
  // Returns false once a signal handler has started ending the process:
  // then nothing may be created, and the slot is not kept.
  bool Reserve(size_t path_size) {
    if (path_size < kPathCapacity) {
      for (int k = 0; k < kSlotCount && slot_ < 0; ++k) {
        int expected = kFree;
        if (g_temporary_files[k].state.compare_exchange_strong(expected,
                                                               kFilling)) {
          slot_ = k;
        }
      }
    }
    if (!g_ending.load()) return true;
    Release();
    return false;
  }
  // Registers the created file in the reserved slot, or frees the slot when
  // `path` is null (nothing was created).
  void Register(const std::string* path) {
    if (slot_ < 0) return;
    if (path == nullptr) return Release();
    std::memcpy(g_temporary_files[slot_].path, path->c_str(), path->size() + 1);
    g_temporary_files[slot_].state.store(kRegistered);
  }
  ~TemporaryFileRegistration() { Release(); }
  TemporaryFileRegistration(const TemporaryFileRegistration&) = delete;
  TemporaryFileRegistration& operator=(const TemporaryFileRegistration&) =
      delete;

 private:
  void Release() {
    if (slot_ >= 0) g_temporary_files[slot_].state.store(kFree);
    slot_ = -1;
  }
  int slot_ = -1;
};

namespace {

// Follows `path` through symbolic links (the whole chain) to the name that
// is not a link, which may not exist yet. Fails only on a loop.
bool ResolveLinks(const std::string& path, std::string* resolved,
                  std::string* error) {
  std::string p = path;
  for (int hops = 0; hops <= 40; ++hops) {
    struct stat st;
    if (::lstat(p.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) {
      *resolved = p;
      return true;
    }
    std::vector<char> target(static_cast<size_t>(st.st_size) + 256);
    const ssize_t n = ::readlink(p.c_str(), target.data(), target.size());
    if (n < 0 || static_cast<size_t>(n) >= target.size()) {
      *error = "cannot read the symbolic link " + Quoted(p) + ": " +
               Reason(n < 0 ? errno : ENAMETOOLONG);
      return false;
    }
    const std::string next(target.data(), static_cast<size_t>(n));
    p = !next.empty() && next[0] == '/' ? next : DirName(p) + "/" + next;
  }
  *error = "cannot write " + Quoted(path) + ": " + Reason(ELOOP);
  return false;
}

// Creates a new file named `base` plus a random suffix, mode 0666 less the
// umask (as a shell redirection creates one), close-on-exec, registered for
// removal on a signal.
constexpr char kTemporaryInfix[] = ".tmp.";
constexpr size_t kTemporaryHexDigits = 16;

// The random suffix's source: one engine per thread, seeded from
// std::random_device once per thread and process (a forked child reseeds).
// A random_device per file cost more than the rest of writing it (its
// set-up asks the CPU what it supports, which a virtual machine traps);
// O_EXCL, not the engine, makes the name unique.
uint64_t TemporarySuffixBits() {
  thread_local std::mt19937_64 engine;
  thread_local pid_t seeded_for = -1;
  const pid_t pid = ::getpid();
  if (seeded_for != pid) {
    std::random_device random;
    std::seed_seq seed{random(), random(), random(), random(),
                       static_cast<unsigned>(pid)};
    engine.seed(seed);
    seeded_for = pid;
  }
  return engine();
}

int CreateTemporaryFile(const std::string& base, std::string* name,
                        std::unique_ptr<TemporaryFileRegistration>* reg) {
  static constexpr char kHex[] = "0123456789abcdef";
  for (int attempt = 0; attempt < 100; ++attempt) {
    std::string candidate = base + kTemporaryInfix;
    uint64_t bits = TemporarySuffixBits();
    for (int d = 0; d < 16; ++d, bits >>= 4) candidate += kHex[bits & 15];
    CleanupSignalsBlocked blocked;
    auto registration = std::make_unique<TemporaryFileRegistration>();
    if (!registration->Reserve(candidate.size())) {
      // A signal is ending the process: wait for it rather than create a
      // file its handler would not see (or report a failure nobody reads).
      for (;;) ::pause();
    }
    const int fd = ::open(candidate.c_str(),
                          O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOCTTY,
                          0666);
    const int open_errno = errno;
    registration->Register(fd >= 0 ? &candidate : nullptr);
    if (fd >= 0) {
      *name = candidate;
      *reg = std::move(registration);
      return fd;
    }
    errno = open_errno;
    if (errno != EEXIST) return -1;
  }
  errno = EEXIST;
  return -1;
}

bool IsSameRegularFile(const struct stat& sa, const std::string& b) {
  struct stat sb;
  return ::stat(b.c_str(), &sb) == 0 && S_ISREG(sa.st_mode) &&
         S_ISREG(sb.st_mode) && sa.st_dev == sb.st_dev &&
         sa.st_ino == sb.st_ino;
}

}  // namespace

bool IsTemporaryFileName(const std::string& base_name) {
  const size_t at = base_name.rfind(kTemporaryInfix);
  if (at == std::string::npos || at == 0) return false;
  const size_t digits = at + sizeof(kTemporaryInfix) - 1;
  if (base_name.size() - digits != kTemporaryHexDigits) return false;
  for (size_t i = digits; i < base_name.size(); ++i) {
    const char c = base_name[i];
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  }
  return true;
}

bool WriteAll(int fd, std::string_view data, const std::string& what,
              std::string* error) {
  size_t done = 0;
  while (done < data.size()) {
    const ssize_t n = ::write(fd, data.data() + done, data.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      *error = "cannot write " + what + ": " + Reason(n < 0 ? errno : ENOSPC);
      return false;
    }
    done += static_cast<size_t>(n);
  }
  return true;
}

bool WriteOutputFile(const std::string& path, std::string_view data,
                     std::string* error,
                     const std::function<void()>& before_rename, Sync sync) {
  OutputFile file(path, sync);
  if (file.Write(data) && file.Commit(before_rename)) return true;
  *error = file.error();
  return false;
}

OutputFile::OutputFile(std::string path, Sync sync)
    : path_(std::move(path)), sync_(sync) {}

OutputFile::~OutputFile() {
  if (fd_ >= 0) Fail(std::string());  // abandoned: nothing left behind
}

bool OutputFile::Open() {
  opened_ = true;
  struct stat st;
  // stat follows the links (also /proc's, as /dev/stdout is): what is at the
  // end decides between writing through and replacing.
  const bool exists = ::stat(path_.c_str(), &st) == 0;
  if (exists && S_ISDIR(st.st_mode)) {
    error_ = "cannot write " + Quoted(path_) + ": " + Reason(EISDIR);
    return false;
  }
  if (exists && !S_ISREG(st.st_mode)) {
    // Not a regular file (a device, a FIFO): written through.
    through_ = true;
    fd_ = ::open(path_.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC);
    if (fd_ < 0) {
      error_ = "cannot open " + Quoted(path_) + " for writing: " +
               Reason(errno);
      return false;
    }
    return true;
  }
  if (!ResolveLinks(path_, &target_, &error_)) return false;
  exists_ = exists;
  if (exists) existing_ = st;
  fd_ = CreateTemporaryFile(target_, &tmp_, &registration_);
  if (fd_ < 0) {
    error_ = "cannot create a temporary file beside " + Quoted(target_) +
             ": " + Reason(errno);
    return false;
  }
  return true;
}

bool OutputFile::Fail(const std::string& message) {
  error_ = message;
  failed_ = true;
  if (fd_ >= 0) {
    ::close(fd_);
    fd_ = -1;
    if (!through_) {
      CleanupSignalsBlocked blocked;
      ::unlink(tmp_.c_str());
      registration_.reset();
    }
  }
  return false;
}

bool OutputFile::Write(std::string_view data) {
  if (failed_) return false;
  if (!opened_ && !Open()) {
    failed_ = true;
    return false;
  }
  std::string error;
  if (!WriteAll(fd_, data, Quoted(through_ ? path_ : tmp_), &error)) {
    return Fail(error);
  }
  return true;
}

std::function<bool(std::string_view)> StreamedOutput::Sink() {
  return [this](std::string_view piece) {
    used_ = true;
    if (!path_.empty()) {
      if (!file_) file_.emplace(path_);
      return file_->Write(piece);
    }
    return WriteAll(STDOUT_FILENO, piece, "standard output", &error_);
  };
}

bool StreamedOutput::Finish() {
  if (path_.empty()) return error_.empty();
  if (file_->Commit()) return true;
  error_ = file_->error();
  return false;
}

bool OutputFile::Commit(const std::function<void()>& before_rename) {
  if (!Write({})) return false;  // opens a file nothing was written to
  const int fd = fd_;
  fd_ = -1;
  failed_ = true;  // committed or failed: once
  if (through_) {
    if (::close(fd) != 0) {
      error_ = "cannot write " + Quoted(path_) + ": " + Reason(errno);
      return false;
    }
    return true;
  }
  auto fail = [&](const std::string& message) {
    fd_ = fd;
    return Fail(message);
  };
  if (exists_) {
    // Owner and group first (where allowed: a file of another user keeps
    // ours), then the permission bits, which a change of owner may clear.
    if (::fchown(fd, existing_.st_uid, existing_.st_gid) != 0 &&
        ::fchown(fd, static_cast<uid_t>(-1), existing_.st_gid) != 0) {
      // Not ours to give away, nor a group of ours: the file is ours.
    }
    if (::fchmod(fd, existing_.st_mode & 07777) != 0) {
      return fail("cannot set the mode of " + Quoted(tmp_) + ": " +
                  Reason(errno));
    }
  }
  if (sync_ == Sync::kEachFile && ::fsync(fd) != 0 && errno != EINVAL) {
    return fail("cannot write " + Quoted(tmp_) + ": " + Reason(errno));
  }
  if (::close(fd) != 0) {
    error_ = "cannot write " + Quoted(tmp_) + ": " + Reason(errno);
    CleanupSignalsBlocked blocked;
    ::unlink(tmp_.c_str());
    registration_.reset();
    return false;
  }
  if (before_rename) before_rename();
  {
    CleanupSignalsBlocked blocked;
    if (::rename(tmp_.c_str(), target_.c_str()) != 0) {
      error_ = "cannot rename " + Quoted(tmp_) + " to " + Quoted(target_) +
               (target_ == path_ ? ""
                                 : " (the target of " + Quoted(path_) + ")") +
               ": " + Reason(errno);
      ::unlink(tmp_.c_str());
      registration_.reset();
      return false;
    }
    registration_.reset();
  }
  if (sync_ == Sync::kDeferred) return true;
  // The new name is durable once the directory is synced; a file system
  // that cannot sync a directory still has the file.
  const int dir = ::open(DirName(target_).c_str(),
                         O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir >= 0) {
    (void)::fsync(dir);
    ::close(dir);
  }
  return true;
}

bool SyncFileSystem(const std::string& dir, std::string* error) {
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) {
    *error = "cannot open " + Quoted(dir) + ": " + Reason(errno);
    return false;
  }
  const bool ok = ::syncfs(fd) == 0;
  if (!ok) *error = "cannot sync " + Quoted(dir) + ": " + Reason(errno);
  ::close(fd);
  return ok;
}

void RemoveTemporaryFilesOnSignal() {
  for (int sig : kCleanupSignals) {
    struct sigaction old;
    if (::sigaction(sig, nullptr, &old) == 0 && old.sa_handler == SIG_IGN) {
      continue;  // started ignoring it (nohup): keep ignoring it
    }
    struct sigaction action = {};
    action.sa_handler = RemoveTemporaryFilesAndReraise;
    sigemptyset(&action.sa_mask);
    for (int s : kCleanupSignals) sigaddset(&action.sa_mask, s);
    ::sigaction(sig, &action, nullptr);
  }
}

bool SameRegularFile(const std::string& a, const std::string& b) {
  struct stat sa;
  return ::stat(a.c_str(), &sa) == 0 && IsSameRegularFile(sa, b);
}

bool SameRegularFile(int fd, const std::string& path) {
  struct stat sa;
  return ::fstat(fd, &sa) == 0 && IsSameRegularFile(sa, path);
}

}  // namespace converter
