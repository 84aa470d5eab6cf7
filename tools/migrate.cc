// migrate: converts a whole model repository in one process, on several
// threads, with a report and resume. A thin command line over
// converter::Migrate (migrate/migrate.h).
#include "migrate/migrate.h"

#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <fstream>
#include <sstream>
#include <iostream>
#include <optional>
#include <string>

#include "converter/file_io.h"
#include "converter/json.h"
#include "migrate/migrate_html.h"
#include "migrate/migrate_report.h"
#include "tools/cli.h"
#include "tools/version.h"

namespace {

constexpr char kUsage[] = R"(usage: migrate [options] SRC_DIR -o DST_DIR
       migrate [options] --in-place SRC_DIR

Converts every model file of a repository: each .urdf to SDFormat 1.7, each
.sdf/.world (1.0 to 1.12) to SDFormat 1.7 (or the --sdf-version asked for),
or with --to urdf each .sdf model to URDF. The tree is mirrored into DST_DIR: converted files at the same
relative path (NAME.urdf -> NAME.sdf), every other file copied unchanged,
model.config manifests updated to name the migrated file and version.
model:// includes resolve in the repository's model directories first.
Each output is written whole or not at all; a file that fails never stops
the others. A second run skips what is up to date (DST_DIR/.migrate-manifest).

options:
  -o, --output DIR        write the migrated tree to DIR
  --in-place              write beside the sources instead: NAME.sdf next to
                          NAME.urdf; an upgraded SDF (or model.config) keeps
                          its original as NAME.orig.sdf (model.orig.config)
  --to sdf|urdf           target format (default: sdf)
  -j, --jobs N            convert N files at a time (default: all cores)
  --dry-run               convert in memory and report; write nothing
  --report FILE.json      write the per-file report as JSON
  --report FILE.html      or as one self-contained page: summary, every
                          file with its diagnostics, filters by status and
                          code, each converted model's tree beside its
                          input's
  --force                 convert again what is up to date
  --verify                read each converted file back and compare it with
                          its input as robot-diff does; a difference fails
                          the file (VERIFY_FAILED, nothing written)
  --model-path DIR        search DIR for model:// URIs after the repository
                          (repeatable; then SDF_PATH, GZ_SIM_RESOURCE_PATH)
  --lump-fixed-joints     URDF: merge links on fixed joints (as urdf2sdf)
  --package-to-model      URDF: package:// mesh URIs -> model:// (as urdf2sdf)
  --sdf-version V         write SDFormat V (as urdf2sdf and sdf2sdf): 1.7
                          (default), 1.8, 1.9, 1.10, 1.11 or 1.12; updated
                          model.config files name that version
  --preserve-includes     with --sdf-version 1.8 or later: keep every
                          <include> as written (as sdf2sdf)
  --allow-include-from DIR  let <include> read files under DIR (repeatable);
                          by default only SRC_DIR, the model paths and the
                          Fuel cache are read
  --xacro-arg NAME=VALUE  an argument of every xacro entry point
                          (*.urdf.xacro, and *.xacro files with a <robot>
                          root that no file includes; repeatable)
  --xacro-args FILE       arguments per entry point: lines
                          `GLOB NAME:=VALUE ...`, GLOB matched against the
                          path relative to SRC_DIR ('*' matches '/' too)
  -v, --verbose           a line per file (and every warning), then how long
                          each step of the run took
  -q, --quiet             no progress, no summary; errors only
  -h, --help              print this help
  --version               print the version
)";

// After the --uris and --package lines (tools::kUriOptionsHelp) and the
// --diagnostics-format and --max-* lines (tools::kInputOptionsHelp).
constexpr char kUsageEnd[] = R"(
with --diagnostics-format json, standard error holds only diagnostics, one
JSON object a line: no progress and no per-file lines

exit codes: 0 every file converted (or copied, or up to date),
            1 some file failed (all others written), 2 usage or I/O error
)";

int UsageError(const std::string& message) {
  return tools::UsageError("migrate", message);
}

std::optional<int> ParseJobs(const std::string& s) {
  if (s.empty() || s.size() > 4) return std::nullopt;
  for (char c : s) {
    if (c < '0' || c > '9') return std::nullopt;
  }
  const int n = std::atoi(s.c_str());
  if (n < 1) return std::nullopt;
  return n;
}

// "12.3 files/s, ETA 4s" from the count done and the time since the start.
std::string Rate(int done, int total, double seconds) {
  char buf[96];
  const double rate = seconds > 0 ? done / seconds : 0;
  if (rate > 0 && done < total) {
    std::snprintf(buf, sizeof buf, "%.1f files/s, ETA %.0fs", rate,
                  (total - done) / rate);
  } else {
    std::snprintf(buf, sizeof buf, "%.1f files/s", rate);
  }
  return buf;
}

// What the command line asks for.
struct Args {
  converter::MigrateOptions options;
  std::string report_path;
  bool verbose = false, quiet = false, have_src = false, json = false;
};

using Value = std::function<std::optional<std::string>()>;

// The flags of what is converted and how (--to, --sdf-version, the URI and
// input flags ...): true when `a` is one, with *error set when its value is
// not what it needs. `value` takes the next argument.
bool ConversionFlag(const std::string& a, const Value& value, Args* args,
                    std::string* error) {
  converter::MigrateOptions& options = args->options;
  if (a == "--to") {
    auto v = value();
    if (v && *v == "sdf") {
      options.target = converter::MigrateOptions::Target::kSdf;
    } else if (v && *v == "urdf") {
      options.target = converter::MigrateOptions::Target::kUrdf;
    } else {
      *error = "--to needs 'sdf' or 'urdf'";
    }
  } else if (a == "--model-path") {
    auto v = value();
    if (!v || v->empty()) {
      *error = "--model-path needs a directory";
    } else {
      options.model_paths.push_back(*v);
    }
  } else if (tools::SdfVersionFlag(a, value, error, &options.sdf_version)) {
    return true;
  } else if (a == "--preserve-includes") {
    options.preserve_includes = true;
  } else if (a == "--lump-fixed-joints") {
    options.lump_fixed_joints = true;
  } else if (a == "--package-to-model") {
    options.package_to_model = true;
  } else if (a == "--xacro-arg") {
    auto v = value();
    const size_t eq = v ? v->find('=') : std::string::npos;
    if (!v || eq == 0 || eq == std::string::npos) {
      *error = "--xacro-arg needs NAME=VALUE";
    } else {
      // NAME:=VALUE, as xacro writes it, is taken too.
      const bool colon = (*v)[eq - 1] == ':';
      const std::string name = v->substr(0, colon ? eq - 1 : eq);
      if (name.empty()) *error = "--xacro-arg needs NAME=VALUE";
      else options.xacro_args[name] = v->substr(eq + 1);
    }
  } else if (a == "--xacro-args") {
    auto v = value();
    std::ifstream in(v ? *v : std::string());
    std::stringstream text;
    text << in.rdbuf();
    std::string why;
    if (!v || !in) {
      *error = "--xacro-args needs a readable file";
    } else if (!converter::ParseXacroArgRules(text.str(), &options.xacro_arg_rules, &why)) {
      *error = "--xacro-args " + *v + ": " + why;
    }
  } else {
    return tools::ParseUriFlag(a, value, &options.uris, error) ||
           tools::ParseInputFlag(
               a, value,
               {&args->json, &options.limits, &options.allowed_include_dirs},
               error);
  }
  return true;
}

// Reads the command line into *args; an exit code when the command ends
// here: --help, --version or a usage error.
std::optional<int> ParseArgs(int argc, char** argv, Args* args) {
  converter::MigrateOptions& options = args->options;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> std::optional<std::string> {
      if (i + 1 >= argc) return std::nullopt;
      return std::string(argv[++i]);
    };
    std::string error;
    if (a == "-h" || a == "--help") {
      std::cout << kUsage << tools::kUriOptionsHelp
                << tools::kInputOptionsHelp << kUsageEnd;
      return 0;
    } else if (a == "--version") {
      std::cout << "migrate " << tools::kVersion << "\n";
      return 0;
    } else if (a == "-o" || a == "--output") {
      auto v = value();
      if (!v || v->empty()) return UsageError(a + " needs a directory");
      options.dst_dir = *v;
    } else if (a == "--in-place") {
      options.in_place = true;
    } else if (a == "--dry-run") {
      options.dry_run = true;
    } else if (a == "--force") {
      options.force = true;
    } else if (a == "--verify") {
      options.verify = true;
    } else if (a == "-j" || a == "--jobs" ||
               (a.rfind("-j", 0) == 0 && a.size() > 2)) {
      std::optional<std::string> v =
          a.size() > 2 && a[1] == 'j' ? a.substr(2) : value();
      auto n = v ? ParseJobs(*v) : std::nullopt;
      if (!n) return UsageError(a + " needs a number of jobs from 1 to 9999");
      options.jobs = *n;
    } else if (a == "--report") {
      auto v = value();
      if (!v || v->empty()) return UsageError("--report needs a file name");
      args->report_path = *v;
    } else if (ConversionFlag(a, value, args, &error)) {
      if (!error.empty()) return UsageError(error);
    } else if (a == "-v" || a == "--verbose") {
      args->verbose = true;
    } else if (a == "-q" || a == "--quiet") {
      args->quiet = true;
    } else if (a.size() > 1 && a[0] == '-') {
      return UsageError("unknown option '" + a + "'");
    } else if (args->have_src) {
      return UsageError("more than one source directory ('" +
                        options.src_dir + "', '" + a + "')");
    } else {
      options.src_dir = a;
      args->have_src = true;
    }
  }
  if (!args->have_src) return UsageError("no source directory");
  if (options.preserve_includes && options.sdf_version < 8) {
    return UsageError("--preserve-includes needs --sdf-version 1.8 or later "
                      "(1.7 output expands composition)");
  }
  if (options.in_place && !options.dst_dir.empty())
    return UsageError("--in-place writes beside the sources; drop -o");
  if (!options.in_place && options.dst_dir.empty())
    return UsageError("no output directory: -o DIR, or --in-place");
  return std::nullopt;
}

// What standard error shows of each file done: its diagnostics (the errors
// of a failed file; with -v everything, as JSON with --diagnostics-format
// json) and the progress, on one rewritten line on a terminal, else a log
// line about every tenth of the run.
class ProgressPrinter {
 public:
  ProgressPrinter(const Args& args, spdlog::logger* log)
      : args_(args),
        log_(log),
        terminal_(!args.quiet && !args.verbose && !args.json &&
                  ::isatty(STDERR_FILENO)),
        start_(std::chrono::steady_clock::now()) {}

  void OnFile(const converter::MigrateFile& f,
              const converter::MigrateProgress& p) {
    const bool failed = f.status == converter::MigrateStatus::kFailed;
    for (const auto& d : f.diagnostics.all()) {
      if (args_.json) {
        // The errors of a failed file; with -v every diagnostic.
        if (args_.verbose ||
            (d.severity == frames::Severity::kError && failed)) {
          std::string line;
          converter::AppendDiagnosticJson(&line, d);
          std::fprintf(stderr, "%s\n", line.c_str());
        }
      } else if (d.severity == frames::Severity::kError && failed) {
        // The editor and CI form, not a log line.
        if (terminal_) std::fputs("\r\033[K", stderr);
        std::fprintf(stderr, "%s\n", frames::Format(d).c_str());
      } else {
        log_->debug("{}", frames::Format(d));
      }
    }
    if (args_.json) return;  // standard error: diagnostics only
    log_->debug("{} -> {}: {}", f.source, f.output.empty() ? "-" : f.output,
                converter::StatusName(f.status));
    const std::string line = std::to_string(p.done) + "/" +
                             std::to_string(p.total) + " files, " +
                             std::to_string(p.failed) + " failed, " +
                             Rate(p.done, p.total, Elapsed());
    if (terminal_) {
      std::fprintf(stderr, "\r\033[K%s", line.c_str());
      if (p.done == p.total) std::fputs("\n", stderr);
    } else if (!args_.verbose && !args_.quiet && p.done >= next_plain_line_) {
      // Plain lines in a log: about every tenth of the run, and the end.
      log_->info("{}", line);
      next_plain_line_ = p.done + std::max(1, p.total / 10);
      if (next_plain_line_ > p.total) next_plain_line_ = p.total;
    }
  }

 private:
  double Elapsed() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                         start_)
        .count();
  }

  const Args& args_;
  spdlog::logger* log_;
  const bool terminal_;
  const std::chrono::steady_clock::time_point start_;
  int next_plain_line_ = 0;
};

}  // namespace

int main(int argc, char** argv) {
  // Ctrl-C or a kill leaves no temporary file behind (converter/file_io.h).
  converter::RemoveTemporaryFilesOnSignal();
  if (!tools::EnterWorkingDirectory("migrate")) return 2;
  Args args;
  // Outputs of another version or build are converted again.
  args.options.converter_identity = std::string("migrate ") + tools::kVersion +
                                    ", " + converter::BuildIdentity();
  if (const std::optional<int> done = ParseArgs(argc, argv, &args))
    return *done;
  const converter::MigrateOptions& options = args.options;

  auto log = spdlog::stderr_logger_mt("migrate");
  log->set_pattern("migrate: %v");
  log->set_level(args.verbose ? spdlog::level::debug
                 : args.quiet ? spdlog::level::err
                              : spdlog::level::info);
  ProgressPrinter progress(args, log.get());
  const converter::MigrateReport report = converter::Migrate(
      options,
      [&](const converter::MigrateFile& f,
          const converter::MigrateProgress& p) { progress.OnFile(f, p); });
  // Where the time went (-v): what -j divides is "tasks".
  if (!args.json) {
    for (const auto& phase : report.phases)
      log->debug("{}: {:.1f} ms", phase.name, phase.seconds * 1000);
  }
  int exit_code = report.ExitCode();
  for (const auto& e : report.errors) log->critical("{}", e);
  if (!args.report_path.empty() && report.errors.empty()) {
    std::string error;
    const std::string& path = args.report_path;
    const bool html = path.size() > 5 && (path.compare(path.size() - 5, 5, ".html") == 0 ||
                                          path.compare(path.size() - 4, 4, ".htm") == 0);
    if (!converter::WriteOutputFile(
            path,
            html ? converter::MigrateReportHtml(report, options)
                 : converter::MigrateReportJson(report, options),
            &error)) {
      log->critical("{}", error);
      exit_code = 2;
    }
  }
  if (!args.quiet)
    std::cout << converter::MigrateReportMarkdown(report, options);
  std::cout.flush();
  return exit_code;
}
