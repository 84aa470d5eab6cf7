// Support for the libFuzzer targets (`*_fuzz.cc` beside the code they
// exercise): the checks every target makes on what the code under test
// returned, and the in-memory file set an SDF input (with its includes) is
// cut into. A failed check prints what was wrong and aborts, which libFuzzer
// (and the corpus replay test) reports as a crash with the input kept.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "diag/diagnostics.h"

namespace fuzzing {

// Aborts with `message` (and `detail`, e.g. the diagnostics) when !ok.
void Check(bool ok, const char* message, const std::string& detail = "");

// Every diagnostic has a stable code (upper case letters, digits and '_'),
// a message and a file.
void CheckCoded(const frames::Diagnostics& diags);

// CheckCoded, and an error count that matches: `errors_expected`
// says whether the caller's result (nullopt, !ok) claims errors.
void CheckDiagnostics(const frames::Diagnostics& diags, bool errors_expected);

// A fuzz input cut into files: the text up to the first marker line
// "\n@@@ NAME\n" is the main file, each marker starts a file NAME (a
// relative path of [A-Za-z0-9_.-] segments, no "..", at most 4 deep;
// another name is ignored with its text). Written into a directory of this
// process's own (under TMPDIR), emptied for every input, so that a reader
// following //include elements sees exactly these files.
class FileSet {
 public:
  FileSet();
  ~FileSet();
  FileSet(const FileSet&) = delete;
  FileSet& operator=(const FileSet&) = delete;

  // Writes the files of `data`; returns the main file's path (NAME
  // `main_name` in the directory).
  std::string Write(const uint8_t* data, size_t size,
                    const std::string& main_name);
  const std::string& dir() const { return dir_; }

 private:
  std::string dir_;
};

// The fuzz input `data` written as a FileSet (one per process) with the
// main file "main.sdf"; returns its path, and the directory, which the SDF
// targets make their only model path, in *dir.
std::string WriteSdfFileSet(const uint8_t* data, size_t size, std::string* dir);

}  // namespace fuzzing
