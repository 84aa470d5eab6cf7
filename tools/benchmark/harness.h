// The harness both benchmarks (urdf2sdf_benchmark, sdf_benchmark) run in:
// flag parsing, loading the corpus and the generated inputs, measuring every
// tool on every input in a forked child (measure.h) and printing the report.
// A program supplies what is its own through a `Program`: its usage text and
// extra flags, how it counts links, its generator and its tools.
//
// Every measurement runs in its own forked child: time is the best of
// --repeat runs inside the child (steady_clock), memory is the child's peak
// RSS (ru_maxrss from wait4) minus its RSS right after fork (the baseline,
// which holds the loaded inputs); the absolute peak is printed as well.
// Speed and memory are figures to read, not a pass/fail test.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "tools/benchmark/measure.h"
#include "tools/benchmark/report.h"

namespace benchmark {

// ----------------------------------------------------------------- inputs

struct InputFile {
  std::string name;  // for messages: relative to the corpus, or generated
  std::string path;  // for readers that resolve relative includes: absolute
  std::string text;
  int links = 0;
};

struct InputSet {
  std::string label;
  std::vector<InputFile> files;
  bool generated = false;
  int depth = 0;  // generated: joints on the longest root-to-leaf path
  // Generated: the cells of Program::input_columns ("-" for the corpus).
  std::vector<std::string> extra_cells;
  long long bytes = 0;
  int total_links = 0;
  int max_links = 0;
  std::vector<std::string> model_paths;  // where model:// is resolved
};

// ------------------------------------------------------------------ tools

struct Tool {
  std::string key;    // the name in --tools
  std::string label;  // the name in the tables
  std::function<RunResult(const InputSet&)> run;
  // Our own code: a failed check of it is an ERROR and exit status 1.
  bool ours = false;
  // It handles only some inputs (a conversion with preconditions, such as
  // one model per file): after its corpus run, the corpus files it handles
  // (ok, picked by running it untimed on each file) are measured again, with
  // every tool, as their own input "corpus, KEY ok (N files)", so that its
  // time/floor there compares the same work.
  bool corpus_subset = false;
};

// Records the first failure, naming the file by `name` (diagnostics that
// name the absolute `path` are rewritten to it).
void NoteFailure(RunResult& r, const InputFile& f, std::string why);

// "floor": tinyxml2 XMLDocument::Parse, then XMLPrinter (read and print the
// same XML; nothing a reader or converter can do is cheaper).
Tool FloorTool();

// ------------------------------------------------------------ measurement

struct Options {
  std::string corpus;  // empty: find it (runfiles, then ../shared/corpus)
  bool run_corpus = true;
  std::vector<int> sizes = {1000, 10000, 100000};
  std::vector<std::string> shapes;  // default: all of Program::shapes
  int branching = 3;
  int libsdformat_max_links = 1000;
  int timeout_seconds = 120;
  int repeats = 3;
  bool markdown = false;
  bool verbose = false;
  std::vector<std::string> tools;  // default: all of Program::tools
};

struct Row {
  std::string input_label;
  int input_links = 0;
  std::string tool_key;
  std::string tool_label;
  bool ours = false;  // Tool::ours
  bool skipped = false;
  std::string skip_reason;
  Measurement m;
  bool checked = false;  // generated inputs: the untimed check ran
  RunResult check;
};

// A usable measurement: it ran and handled at least one input.
bool Usable(const Row* r);

// One figure per generated shape and size, a row per tool (linearity).
struct SizeTable {
  std::string title;
  // The figure of a usable row; `floor` is the floor's row for the same
  // input (usable when `vs_floor`).
  std::function<double(const Row& r, const Row* floor)> value;
  std::function<std::string(double)> format = FormatSig3;
  bool vs_floor = false;  // needs a usable floor row; no row for the floor
  bool growth = true;     // a column: the last size's figure over the first's
  bool explain_missing = true;  // "timeout", "crashed", "failed", not "-"
};

// Per-link time (µs) across sizes: 1.00x growth is linear scaling.
SizeTable TimePerLinkTable();

// ----------------------------------------------------------------- checks

// How many children named each of `names` the element at `path` (from the
// root: {"sdf", "model"}, {"robot"}) has in `xml`, in the order of `names`;
// empty when `xml` does not parse or has no such element.
std::vector<long long> CountChildren(const std::string& xml,
                                     const std::vector<std::string>& path,
                                     const std::vector<std::string>& names);

// "" when `got` equals `want`, else what differs:
// "3 links and 2 joints, expected 4 and 3" (`what`: {"links", "joints"}).
std::string CountsDiffer(const std::vector<std::string>& what,
                         const std::vector<long long>& got,
                         const std::vector<long long>& want);

// "" when the element at `path` of `xml` has `want` children named `names`;
// else what differs: "output has 3 links and 2 joints, expected 4 and 3", or
// "no /sdf/model in the output".
std::string OutputDiffers(const std::string& xml,
                          const std::vector<std::string>& path,
                          const std::vector<std::string>& names,
                          const std::vector<long long>& want);

// ---------------------------------------------------------------- program

// What a generator returns for one (shape, links).
struct GeneratedInput {
  std::string text;
  int links = 0;
  int depth = 0;
  std::vector<std::string> extra_cells;  // of Program::input_columns
};

struct Program {
  std::string name;   // "urdf2sdf_benchmark", for messages
  std::string title;  // the report's first heading
  std::string usage;  // the --help text
  // Every generated shape in order ("chain", "tree"): the default --shapes.
  std::vector<std::string> shapes;
  // Every tool in column order: the default --tools. The tool keyed
  // "libsdformat" obeys --libsdformat-max-links.
  std::vector<Tool> tools;
  // The program's own flags: takes `flag` (returning true) or leaves it;
  // `value()` fetches its value (from --flag=value or the next argument).
  std::function<bool(const std::string& flag,
                     const std::function<std::string()>& value)>
      parse_flag;
  // Runs once when --verbose is not given (a library's global log level).
  std::function<void()> quiet;

  // The corpus.
  std::string corpus_kind;              // "URDF", for "no URDF corpus found"
  std::string runfiles_label;           // "@corpus//:urdf"
  std::vector<std::string> extensions;  // {".urdf"}
  std::string model_dir;  // corpus subdirectory for model:// ("": none)
  std::function<int(const std::string& text)> count_links;

  // Generated inputs.
  std::string generated_extension;  // ".urdf"
  std::function<GeneratedInput(const Options& o, const std::string& shape,
                               int links)>
      generate;
  // Untimed correctness check of `tool` on a generated input, in its own
  // child after a successful measurement; unset: none. A result with total 0
  // means the tool has no check.
  std::function<RunResult(const std::string& tool, const InputSet& set)> check;
  // What a passed check shows, for the notes.
  std::string check_what = "every link and joint";

  // The report.
  std::string libraries;  // after "libraries: tinyxml2 X, libsdformat Y"
  std::string file_io;    // "file I/O excluded" (on the time line)
  std::vector<std::string> environment;    // more lines before "corpus:"
  std::vector<std::string> input_columns;  // after "links" in "Inputs"
  std::vector<SizeTable> size_tables;      // after "Time and peak memory"
};

[[noreturn]] void UsageError(const Program& p, const std::string& message);
int ParseInt(const Program& p, const std::string& flag,
             const std::string& value);

// Parses the flags, measures every input and prints the report. Returns the
// exit status: 1 when a check of a Tool::ours failed, 2 when the corpus is
// missing.
int RunBenchmark(const Program& p, int argc, char** argv);

}  // namespace benchmark
