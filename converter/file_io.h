// Output files as a user expects them of a converter's -o: a file is
// replaced whole or not at all, and what is not a file (a device, a FIFO) is
// written to, not replaced.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include <sys/stat.h>

namespace converter {

// Writes `data` to `path`:
//  - A regular file, or a name that does not exist yet: the data goes to a
//    temporary file beside it, which is synced, renamed over it, and the
//    directory synced; an existing file keeps its permission bits (and its
//    owner and group, where the process may set them). A reader sees the old
//    file or the new one, never a part.
//  - A symbolic link is followed, through the whole chain, and its final
//    target is replaced that way (a dangling link's target is created); the
//    links stay as they are.
//  - Anything else that is not a directory (a character or block device, a
//    FIFO, a socket) is opened and written through, as a shell redirection
//    does; a FIFO blocks until someone reads it.
// While the temporary file exists it is registered for removal by the
// handler RemoveTemporaryFilesOnSignal installs. On failure nothing is left
// behind, an existing file is untouched, and `error` says what failed with
// the operating system's reason ("cannot write '/dev/full': No space left on
// device").
//
// `before_rename`, when given, runs once the data is in the synced temporary
// file, just before the rename (tests use it to interrupt the write there).
//
// `sync` kDeferred leaves out both syncs: the file is still replaced whole
// (the rename is atomic for every process), but it is durable only once the
// caller syncs its file system (SyncFileSystem). For a batch writer that
// syncs once at the end and checks what it finds on a rerun (migrate
// compares each output with the hash it recorded), instead of paying two
// syncs per file.
enum class Sync { kEachFile, kDeferred };
bool WriteOutputFile(const std::string& path, std::string_view data,
                     std::string* error,
                     const std::function<void()>& before_rename = nullptr,
                     Sync sync = Sync::kEachFile);

class TemporaryFileRegistration;

// WriteOutputFile with the data handed over in pieces as it is made (a
// writer's sink, so that a large output is never held whole): the same
// checks, temporary file, replacement and errors. Nothing is touched before
// the first Write, so a conversion that fails before writing leaves no
// trace. Commit makes the file what WriteOutputFile makes it once it has
// the data; an OutputFile destroyed uncommitted, or whose Write or Commit
// failed, leaves nothing behind (its temporary file is removed; a device or
// FIFO written through has what was written, as with a shell redirection).
class OutputFile {
 public:
  explicit OutputFile(std::string path, Sync sync = Sync::kEachFile);
  ~OutputFile();
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;
  // Appends `data` (the first call opens the file); false, with error()
  // set, on failure, and for every call after a failure.
  bool Write(std::string_view data);
  // Once: the file made from what was written (before_rename as for
  // WriteOutputFile); false, with error() set, on failure.
  bool Commit(const std::function<void()>& before_rename = nullptr);
  const std::string& error() const { return error_; }

 private:
  bool Open();
  bool Fail(const std::string& message);  // false

  std::string path_;
  Sync sync_;
  bool opened_ = false;
  bool failed_ = false;
  bool through_ = false;  // not a regular file: written to, not replaced
  int fd_ = -1;
  std::string target_;  // path_ with its links followed
  std::string tmp_;     // the temporary file beside target_
  bool exists_ = false;
  struct stat existing_ = {};  // target_'s status, when it exists
  std::unique_ptr<TemporaryFileRegistration> registration_;
  std::string error_;
};

// A conversion's output written as it is made (the output_sink of
// UrdfToSdfOptions and SdfToSdfOptions): to the file `path` through an
// OutputFile, or, with an empty path, to standard output. Sink() is the
// function to set as the sink; the conversion calls it only when it
// succeeds and reports nothing. After the conversion, when used(), Finish
// makes the file (or reports standard output's write error); when not, the
// caller writes the result's output as without streaming. Destroyed
// unfinished, it leaves no file behind.
class StreamedOutput {
 public:
  explicit StreamedOutput(std::string path) : path_(std::move(path)) {}
  // The sink to hand to the conversion; valid as long as this object.
  std::function<bool(std::string_view)> Sink();
  // Whether the conversion handed anything over.
  bool used() const { return used_; }
  // Once, after a conversion that used it: false, with error() set, when a
  // piece could not be written or the file cannot be made.
  bool Finish();
  const std::string& error() const { return error_; }

 private:
  std::string path_;
  bool used_ = false;
  std::optional<OutputFile> file_;
  std::string error_;  // standard output's write error
};

// Makes everything written to the file system holding `dir` durable
// (syncfs). False, with `error` set, when `dir` cannot be opened or the
// file system reports a write error.
bool SyncFileSystem(const std::string& dir, std::string* error);

// True when `base_name` (a file name without directories) has the form of
// the temporary files WriteOutputFile makes (NAME.tmp. and 16 hex digits): a
// leftover of a process killed by a signal it could not catch (SIGKILL).
bool IsTemporaryFileName(const std::string& base_name);

// Writes all of `data` to the open descriptor `fd` (retrying short writes
// and EINTR). On failure `error` is "cannot write WHAT: <reason>", `what`
// being "'<path>'" or "standard output".
bool WriteAll(int fd, std::string_view data, const std::string& what,
              std::string* error);

// For command-line mains: installs handlers for SIGINT, SIGTERM and SIGHUP
// that remove the temporary files WriteOutputFile is writing at that moment
// (in any thread), then end the process by the same signal with its default
// action. A signal the process was started ignoring stays ignored. Call it
// once, before any output is written.
void RemoveTemporaryFilesOnSignal();

// True when `a` and `b` both name an existing regular file and it is the same
// one (same device and inode, after following symbolic links): another
// spelling, a symbolic link or a hard link of it.
bool SameRegularFile(const std::string& a, const std::string& b);

// True when the open descriptor `fd` is a regular file and `path` names it.
bool SameRegularFile(int fd, const std::string& path);

}  // namespace converter
