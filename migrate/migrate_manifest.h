// migrate's record of what it wrote, for resuming: one line per output,
// "INPUT_HASH<TAB>OUTPUT_HASH<TAB>SOURCE<TAB>OUTPUT" (hashes XXH3 64 in
// hex, paths relative), then for each diagnostic of the conversion
// "<TAB>SEVERITY<TAB>LINE<TAB>CODE<TAB>FILE<TAB>ELEMENT_PATH<TAB>MESSAGE"
// (each field with '\\', tab, newline and carriage return escaped as \\,
// \t, \n, \r), so that a file skipped as up to date still reports what its
// conversion said, and for each file a xacro expansion read besides the
// source "<TAB>read<TAB>PATH" (escaped the same way), and "<TAB>verified"
// when the output was verified (--verify); in OUTPUT_ROOT/.migrate-manifest. Lines are appended as
// each file is written, so that a killed run keeps what it finished; the end
// of a run rewrites the file with one line per source, after a header
// naming the converter and the options of the run (what the input hashes
// cover; informative). A line cut short by a kill (no newline) is ignored.
#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "diag/diagnostics.h"

namespace converter {

inline constexpr char kManifestName[] = ".migrate-manifest";

struct ManifestEntry {
  std::string source;
  std::string output;
  uint64_t input_hash = 0;
  uint64_t output_hash = 0;
  // What the conversion reported (warnings), file paths as in the report.
  frames::Diagnostics diagnostics;
  // A xacro entry point's: the files its expansion read (MigrateFile::reads).
  std::vector<std::string> reads;
  // The output was verified when it was written (MigrateFile::verified).
  bool verified = false;
};

class Manifest {
 public:
  Manifest() = default;
  Manifest(const Manifest&) = delete;
  Manifest& operator=(const Manifest&) = delete;
  ~Manifest();

  // Reads an earlier run's manifest; a missing or unreadable one is empty.
  void Load(const std::string& path);
  // The earlier run's entry for `source`, or nullptr. Safe to call from
  // several threads (the loaded entries are not changed by Record).
  const ManifestEntry* Find(const std::string& source) const;
  // Every output the earlier run recorded.
  std::set<std::string> Outputs() const;

  // Opens `path` for appending each Record; false (and *error) if it
  // cannot. Without it, Record only remembers.
  bool OpenJournal(const std::string& path, std::string* error);
  // Remembers (and appends) an entry of this run. Safe to call from
  // several threads: each line is one append (O_APPEND, written whole), made
  // outside the lock that guards the entries.
  void Record(ManifestEntry entry);
  // Writes this run's entries, one per source, sorted, whole or not at all,
  // after a header naming `converter` and `options` (one line each).
  bool Save(const std::string& path, const std::string& converter,
            const std::string& options, std::string* error);

 private:
  std::map<std::string, ManifestEntry> loaded_;
  std::mutex mu_;  // guards recorded_
  std::map<std::string, ManifestEntry> recorded_;
  int journal_ = -1;
};

}  // namespace converter
