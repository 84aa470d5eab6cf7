// migrate's report: JSON for tools (--report FILE.json) and a short
// Markdown summary for people.
#pragma once

#include <string>

#include "migrate/migrate.h"

namespace converter {

// {"source_dir": ..., "output_dir": ..., "mode": "mirror"|"in-place",
//  "target": "sdf"|"urdf", "dry_run": bool,
//  "converter": the converter identity, "options": {the options that
//  change an output (MigrateOptionsJson)} or null (a run that never
//  started),
//  "counts": {"converted": N, "converted with warnings": N, "failed": N,
//             "skipped": N, "copied": N, "unchanged": N},
//  "verified": N (the files whose output was verified: --verify),
//  "errors": [...],
//  "files": [{"source": REL, "output": REL|null, "status": STATUS,
//             "input_hash": "16 hex digits"|null (a skipped file lists
//             the diagnostics of the run that converted it),
//             "verified": bool (read back and compared equal: --verify),
//             "diagnostics": [{"file": ..., "line": N, "severity":
//                              "error"|"warning", "code": ..., "message":
//                              ...}]}]}
// Files in source order; two spaces of indentation, one file per line
// group; deterministic.
std::string MigrateReportJson(const MigrateReport& report,
                              const MigrateOptions& options);

// A table of the counts per status, then the failed files with their
// first error.
std::string MigrateReportMarkdown(const MigrateReport& report,
                                  const MigrateOptions& options);

}  // namespace converter
