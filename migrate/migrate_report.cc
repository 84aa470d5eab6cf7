#include "migrate/migrate_report.h"

#include <cinttypes>
#include <cstdio>

#include "converter/json.h"

namespace converter {

namespace {

constexpr MigrateStatus kStatuses[] = {
    MigrateStatus::kConverted, MigrateStatus::kConvertedWithWarnings,
    MigrateStatus::kFailed,    MigrateStatus::kSkipped,
    MigrateStatus::kCopied,    MigrateStatus::kUnchanged,
};

}  // namespace

std::string MigrateReportJson(const MigrateReport& report,
                              const MigrateOptions& options) {
  std::string out = "{\n  \"source_dir\": ";
  AppendJsonString(&out, options.src_dir);
  out += ",\n  \"output_dir\": ";
  AppendJsonString(&out, options.in_place ? options.src_dir : options.dst_dir);
  out += ",\n  \"mode\": ";
  out += options.in_place ? "\"in-place\"" : "\"mirror\"";
  out += ",\n  \"target\": ";
  out += options.target == MigrateOptions::Target::kUrdf ? "\"urdf\""
                                                         : "\"sdf\"";
  out += ",\n  \"dry_run\": ";
  out += options.dry_run ? "true" : "false";
  out += ",\n  \"converter\": ";
  AppendJsonString(&out, report.converter);
  out += ",\n  \"options\": ";
  out += report.options.empty() ? "null" : report.options;
  out += ",\n  \"counts\": {";
  bool first = true;
  for (const MigrateStatus s : kStatuses) {
    out += first ? "" : ", ";
    first = false;
    AppendJsonString(&out, StatusName(s));
    out += ": " + std::to_string(report.Count(s));
  }
  out += "},\n  \"verified\": " + std::to_string(report.Verified());
  out += ",\n  \"errors\": [";
  for (size_t i = 0; i < report.errors.size(); ++i) {
    out += i ? ", " : "";
    AppendJsonString(&out, report.errors[i]);
  }
  out += "],\n  \"files\": [";
  for (size_t i = 0; i < report.files.size(); ++i) {
    const MigrateFile& f = report.files[i];
    out += i ? ",\n    {" : "\n    {";
    out += "\"source\": ";
    AppendJsonString(&out, f.source);
    out += ", \"output\": ";
    if (f.output.empty()) {
      out += "null";
    } else {
      AppendJsonString(&out, f.output);
    }
    out += ", \"status\": ";
    AppendJsonString(&out, StatusName(f.status));
    out += ", \"input_hash\": ";
    if (f.input_hash) {
      char hex[20];
      std::snprintf(hex, sizeof hex, "\"%016" PRIx64 "\"", f.input_hash);
      out += hex;
    } else {
      out += "null";
    }
    out += ", \"verified\": ";
    out += f.verified ? "true" : "false";
    if (!f.reads.empty()) {
      out += ", \"reads\": [";
      for (size_t k = 0; k < f.reads.size(); ++k) {
        out += k ? ", " : "";
        AppendJsonString(&out, f.reads[k]);
      }
      out += "]";
    }
    out += ",\n     \"diagnostics\": [";
    const auto& all = f.diagnostics.all();
    for (size_t k = 0; k < all.size(); ++k) {
      out += k ? ",\n       " : "\n       ";
      AppendDiagnosticJson(&out, all[k]);
    }
    out += all.empty() ? "]}" : "]}";
  }
  out += report.files.empty() ? "]\n}\n" : "\n  ]\n}\n";
  return out;
}

std::string MigrateReportMarkdown(const MigrateReport& report,
                                  const MigrateOptions& options) {
  std::string out = "## migrate: " + options.src_dir + " -> " +
                    (options.in_place ? options.src_dir + " (in place)"
                                      : options.dst_dir) +
                    (options.dry_run ? " (dry run: nothing written)" : "") +
                    "\n\n| status | files |\n|---|---|\n";
  for (const MigrateStatus s : kStatuses) {
    const int n = report.Count(s);
    if (n == 0) continue;
    out += "| " + std::string(StatusName(s)) + " | " + std::to_string(n) +
           " |\n";
  }
  out += "| total | " + std::to_string(report.files.size()) + " |\n";
  if (options.verify) {
    out += "\nVerified (read back and compared equal with the input): " +
           std::to_string(report.Verified()) + " file(s).\n";
  }
  bool heading = false;
  for (const auto& f : report.files) {
    if (f.status != MigrateStatus::kFailed) continue;
    if (!heading) out += "\nFailed:\n\n";
    heading = true;
    std::string why;
    for (const auto& d : f.diagnostics.all()) {
      if (d.severity == frames::Severity::kError) {
        why = frames::Format(d);
        break;
      }
    }
    out += "- `" + f.source + "`" + (why.empty() ? "" : ": " + why) + "\n";
  }
  for (const auto& e : report.errors) out += "\nerror: " + e + "\n";
  return out;
}

}  // namespace converter
