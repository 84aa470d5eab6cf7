#include "tools/benchmark/harness.h"

#include <sdf/sdf_config.h>
#include <sys/utsname.h>
#include <tinyxml2.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace benchmark {

namespace fs = std::filesystem;

// ---------------------------------------------------------------- options

[[noreturn]] void UsageError(const Program& p, const std::string& message) {
  std::fprintf(stderr, "%s: %s\n%s", p.name.c_str(), message.c_str(),
               p.usage.c_str());
  std::exit(2);
}

int ParseInt(const Program& p, const std::string& flag,
             const std::string& value) {
  char* end = nullptr;
  const long v = std::strtol(value.c_str(), &end, 10);
  if (value.empty() || *end != '\0' || v < 0 || v > 100000000) {
    UsageError(p,
               flag + " expects a non-negative integer, got '" + value + "'");
  }
  return static_cast<int>(v);
}

namespace {

bool Contains(const std::vector<std::string>& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

Options ParseOptions(const Program& p, int argc, char** argv) {
  Options o;
  o.shapes = p.shapes;
  std::vector<std::string> tool_keys;
  for (const Tool& t : p.tools) tool_keys.push_back(t.key);
  o.tools = tool_keys;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    std::string value;
    bool has_value = false;
    const size_t eq = arg.find('=');
    if (arg.rfind("--", 0) == 0 && eq != std::string::npos) {
      value = arg.substr(eq + 1);
      arg = arg.substr(0, eq);
      has_value = true;
    }
    auto next = [&]() -> std::string {
      if (has_value) return value;
      if (i + 1 >= argc) UsageError(p, arg + " needs a value");
      return argv[++i];
    };
    if (arg == "--help" || arg == "-h") {
      std::printf("%s", p.usage.c_str());
      std::exit(0);
    } else if (arg == "--corpus") {
      o.corpus = next();
    } else if (arg == "--no-corpus") {
      o.run_corpus = false;
    } else if (arg == "--sizes") {
      o.sizes.clear();
      for (const std::string& s : Split(next())) {
        const int n = ParseInt(p, "--sizes", s);
        if (n > 0) o.sizes.push_back(n);
      }
    } else if (arg == "--shapes") {
      o.shapes.clear();
      for (const std::string& s : Split(next())) {
        if (!Contains(p.shapes, s)) {
          std::string all;
          for (const std::string& name : p.shapes) {
            all += (all.empty() ? "" : ", ") + name;
          }
          UsageError(p, "unknown shape '" + s + "' (" + all + ")");
        }
        o.shapes.push_back(s);
      }
    } else if (arg == "--branching") {
      o.branching = std::max(1, ParseInt(p, "--branching", next()));
    } else if (arg == "--libsdformat-max-links") {
      o.libsdformat_max_links = ParseInt(p, "--libsdformat-max-links", next());
    } else if (arg == "--timeout") {
      o.timeout_seconds = std::max(1, ParseInt(p, "--timeout", next()));
    } else if (arg == "--repeat") {
      o.repeats = std::max(1, ParseInt(p, "--repeat", next()));
    } else if (arg == "--tools") {
      o.tools = Split(next());
      for (const std::string& t : o.tools) {
        if (!Contains(tool_keys, t)) UsageError(p, "unknown tool '" + t + "'");
      }
    } else if (arg == "--markdown") {
      o.markdown = true;
    } else if (arg == "--verbose") {
      o.verbose = true;
    } else if (!p.parse_flag || !p.parse_flag(arg, next)) {
      UsageError(p, "unknown argument '" + arg + "'");
    }
  }
  return o;
}

// ----------------------------------------------------------------- inputs

void Summarize(InputSet& set) {
  set.bytes = 0;
  set.total_links = 0;
  set.max_links = 0;
  for (const InputFile& f : set.files) {
    set.bytes += static_cast<long long>(f.text.size());
    set.total_links += f.links;
    set.max_links = std::max(set.max_links, f.links);
  }
}

InputSet LoadCorpus(const Program& p, const std::string& dir) {
  InputSet set;
  std::vector<fs::path> paths;
  std::error_code ec;
  for (fs::recursive_directory_iterator
           it(dir, fs::directory_options::follow_directory_symlink, ec),
       end;
       !ec && it != end; it.increment(ec)) {
    if (Contains(p.extensions, it->path().extension().string()) &&
        fs::is_regular_file(it->path())) {
      paths.push_back(it->path());
    }
  }
  std::sort(paths.begin(), paths.end());
  for (const fs::path& path : paths) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    InputFile f;
    f.name = path.lexically_relative(dir).string();
    if (f.name.empty()) f.name = path.string();
    f.path = fs::absolute(path).lexically_normal().string();
    f.text = text.str();
    f.links = p.count_links(f.text);
    set.files.push_back(std::move(f));
  }
  if (!p.model_dir.empty()) {
    set.model_paths = {(fs::absolute(dir) / p.model_dir).string()};
  }
  set.label = "corpus (" + std::to_string(set.files.size()) + " files)";
  Summarize(set);
  return set;
}

// The files of `corpus` that `tool` handles (ok): it runs untimed in this
// process, once per file (only after a measured run of it on the whole
// corpus completed in a child, so it neither crashes nor hangs here).
InputSet HandledBy(const Tool& tool, const InputSet& corpus) {
  InputSet set;
  set.model_paths = corpus.model_paths;
  for (const InputFile& f : corpus.files) {
    InputSet one;
    one.model_paths = corpus.model_paths;
    one.files = {f};
    Summarize(one);
    if (tool.run(one).ok == 1) set.files.push_back(f);
  }
  set.label = "corpus, " + tool.key + " ok (" +
              std::to_string(set.files.size()) + " files)";
  Summarize(set);
  return set;
}

InputSet Generate(const Program& p, const Options& o, const std::string& shape,
                  int links) {
  InputSet set;
  GeneratedInput g = p.generate(o, shape, links);
  set.generated = true;
  set.depth = g.depth;
  set.extra_cells = std::move(g.extra_cells);
  set.label = shape + " " + WithThousands(links);
  InputFile f;
  f.name = "generated_" + shape + "_" + std::to_string(links) +
           p.generated_extension;
  f.path = f.name;
  f.text = std::move(g.text);
  f.links = g.links;
  set.files.push_back(std::move(f));
  Summarize(set);
  return set;
}

// ------------------------------------------------------------------ tools

RunResult RunFloor(const InputSet& set) {
  RunResult r;
  for (const InputFile& f : set.files) {
    ++r.total;
    tinyxml2::XMLDocument doc;
    if (doc.Parse(f.text.data(), f.text.size()) != tinyxml2::XML_SUCCESS) {
      NoteFailure(r, f, doc.ErrorStr() ? doc.ErrorStr() : "parse error");
      continue;
    }
    tinyxml2::XMLPrinter printer;
    doc.Print(&printer);
    r.output_bytes += printer.CStrSize();
    ++r.ok;
  }
  return r;
}

// ------------------------------------------------------------ measurement

void Progress(const Row& row) {
  std::string what;
  if (row.skipped) {
    what = row.skip_reason;
  } else if (row.m.status == Measurement::Status::kTimeout) {
    what = "timeout";
  } else if (row.m.status == Measurement::Status::kCrashed) {
    what = "crashed (" + row.m.detail + ")";
  } else {
    what = FormatSeconds(row.m.best_seconds) + ", +" +
           FormatMiB(row.m.delta_rss_kb()) + ", " + std::to_string(row.m.runs) +
           " runs, " + std::to_string(row.m.result.ok) + "/" +
           std::to_string(row.m.result.total) + " ok";
  }
  std::fprintf(stderr, "[%s] %s: %s\n", row.input_label.c_str(),
               row.tool_key.c_str(), what.c_str());
}

std::vector<Row> MeasureSet(const Program& p, const Options& o,
                            const InputSet& set) {
  std::vector<Row> rows;
  for (const Tool& tool : p.tools) {
    if (!Contains(o.tools, tool.key)) continue;
    Row row;
    row.input_label = set.label;
    row.input_links = set.total_links;
    row.tool_key = tool.key;
    row.tool_label = tool.label;
    row.ours = tool.ours;
    if (tool.key == "libsdformat" && set.max_links > o.libsdformat_max_links) {
      row.skipped = true;
      row.skip_reason =
          "skipped (> " + WithThousands(o.libsdformat_max_links) + " links)";
    } else {
      auto run = tool.run;
      std::function<void()> setup;
      if (!o.verbose) setup = Silence;
      row.m = MeasureInChild([&set, run]() { return run(set); }, o.repeats,
                             o.timeout_seconds, setup);
      if (p.check && set.generated &&
          row.m.status == Measurement::Status::kOk) {
        const std::string key = tool.key;
        const auto& check = p.check;
        Measurement c =
            MeasureInChild([&set, &check, key]() { return check(key, set); }, 1,
                           o.timeout_seconds, setup);
        row.checked = c.status != Measurement::Status::kOk ||
                      c.result.total > 0;  // total 0: no check for the tool
        if (c.status == Measurement::Status::kOk) {
          row.check = c.result;
        } else {
          row.check.total = 1;
          row.check.first_error = c.status == Measurement::Status::kTimeout
                                      ? "check timed out"
                                      : "check crashed (" + c.detail + ")";
        }
      }
    }
    Progress(row);
    rows.push_back(std::move(row));
  }
  return rows;
}

// ---------------------------------------------------------------- reports

struct InputInfo {
  std::string label, links;
  std::vector<std::string> extra;  // Program::input_columns
  std::string depth, bytes, baseline;
};

void PrintLines(const Options& o, const std::vector<std::string>& lines) {
  for (const std::string& l : lines) {
    std::printf(o.markdown ? "- %s\n" : "  %s\n", l.c_str());
  }
  std::printf("\n");
}

void PrintEnvironment(const Program& p, const Options& o,
                      const std::string& corpus,
                      const std::string& load_at_start,
                      const std::vector<std::string>& corpus_subsets) {
  struct utsname u {};
  uname(&u);
  std::vector<std::string> lines = {
      "machine: " + CpuModel() + ", " +
          std::to_string(sysconf(_SC_NPROCESSORS_ONLN)) + " cores, Linux " +
          u.release + "; load average " + load_at_start + " at start, " +
          LoadAverage() + " at end",
#ifdef NDEBUG
      std::string("build: optimized (NDEBUG)"),
#else
      std::string("build: NOT optimized (no NDEBUG): use -c opt"),
#endif
      "libraries: tinyxml2 " + std::to_string(TINYXML2_MAJOR_VERSION) + "." +
          std::to_string(TINYXML2_MINOR_VERSION) + "." +
          std::to_string(TINYXML2_PATCH_VERSION) + ", libsdformat " +
          SDF_VERSION_FULL + p.libraries,
      "time: best of " + std::to_string(o.repeats) +
          " runs in a forked child (steady_clock), " + p.file_io + "; limit " +
          std::to_string(o.timeout_seconds) + " s per measurement",
      "memory: child's peak RSS (ru_maxrss via wait4) minus its RSS at fork "
      "(baseline: the loaded inputs); the absolute peak is shown too",
  };
  lines.insert(lines.end(), p.environment.begin(), p.environment.end());
  std::string where = "skipped";
  if (o.run_corpus) {
    where = corpus.empty() ? "not found" : corpus;
    if (!p.model_dir.empty()) where += ", model:// in its " + p.model_dir;
  }
  lines.push_back("corpus: " + where);
  lines.insert(lines.end(), corpus_subsets.begin(), corpus_subsets.end());
  PrintLines(o, lines);
}

const Row* FindRow(const std::vector<Row>& rows, const std::string& label,
                   const std::string& tool) {
  for (const Row& r : rows) {
    if (r.input_label == label && r.tool_key == tool) return &r;
  }
  return nullptr;
}

std::string ResultCell(const Row& r) {
  if (r.skipped || r.m.status != Measurement::Status::kOk) return "-";
  std::string s = std::to_string(r.m.result.ok) + "/" +
                  std::to_string(r.m.result.total) + " ok";
  if (r.checked && r.check.ok != 1) s += ", CHECK FAILED";
  if (r.m.hit_time_limit) {
    s += ", " + std::to_string(r.m.runs) + " run" + (r.m.runs == 1 ? "" : "s");
  }
  return s;
}

void PrintInputs(const Program& p, const Options& o,
                 const std::vector<InputInfo>& inputs) {
  Table in;
  in.header = {"input", "links"};
  in.header.insert(in.header.end(), p.input_columns.begin(),
                   p.input_columns.end());
  in.header.insert(in.header.end(),
                   {"depth", "XML size", "baseline RSS at fork"});
  in.right.assign(in.header.size(), true);
  in.right[0] = false;
  for (const InputInfo& i : inputs) {
    std::vector<std::string> cells = {i.label, i.links};
    cells.insert(cells.end(), i.extra.begin(), i.extra.end());
    cells.insert(cells.end(), {i.depth, i.bytes, i.baseline});
    in.rows.push_back(std::move(cells));
  }
  Heading(o.markdown, "Inputs");
  PrintTable(in, o.markdown);
}

void PrintTimes(const Options& o, const std::vector<Row>& rows) {
  Table t;
  t.header = {"input",     "tool",
              "time",      "time/floor",
              "µs/link",   "peak RSS - baseline",
              "mem/floor", "peak RSS (absolute)",
              "result"};
  t.right = {false, false, true, true, true, true, true, true, false};
  std::string last_label;
  for (const Row& r : rows) {
    if (r.input_label != last_label) t.group_starts.push_back(t.rows.size());
    std::vector<std::string> cells(t.header.size(), "-");
    cells[0] = r.input_label == last_label ? "" : r.input_label;
    last_label = r.input_label;
    cells[1] = r.tool_label;
    if (r.skipped) {
      cells[2] = r.skip_reason;
    } else if (r.m.status == Measurement::Status::kTimeout) {
      cells[2] = "timeout (> " + std::to_string(o.timeout_seconds) + " s)";
    } else if (r.m.status == Measurement::Status::kCrashed) {
      cells[2] = "crashed (" + r.m.detail + ")";
    } else if (r.m.result.total > 0 && r.m.result.ok == 0) {
      cells[2] = "failed";
      cells[8] = ResultCell(r);
    } else {
      const Row* floor = FindRow(rows, r.input_label, "floor");
      cells[2] = FormatSeconds(r.m.best_seconds);
      if (Usable(floor)) {
        cells[3] = FormatRatio(r.m.best_seconds / floor->m.best_seconds);
        cells[6] = FormatRatio(static_cast<double>(r.m.delta_rss_kb()) /
                               std::max(1L, floor->m.delta_rss_kb()));
      }
      if (r.input_links > 0) {
        cells[4] = FormatSig3(r.m.best_seconds * 1e6 / r.input_links);
      }
      cells[5] = FormatMiB(r.m.delta_rss_kb());
      cells[7] = FormatMiB(r.m.peak_rss_kb);
      cells[8] = ResultCell(r);
    }
    t.rows.push_back(std::move(cells));
  }
  Heading(o.markdown, "Time and peak memory");
  PrintTable(t, o.markdown);
}

// The cell of a size whose figure is missing.
std::string MissingCell(const SizeTable& s, const Row* r) {
  if (r == nullptr) return "-";
  if (r->skipped) return "skipped";
  if (!s.explain_missing) return "-";
  if (r->m.status == Measurement::Status::kTimeout) return "timeout";
  if (r->m.status == Measurement::Status::kCrashed) return "crashed";
  return Usable(r) ? "-" : "failed";
}

void PrintSizeTable(const Program& p, const Options& o,
                    const std::vector<Row>& rows, const SizeTable& s) {
  const bool growth = s.growth && o.sizes.size() >= 2;
  Table l;
  l.header = {"tool", "shape"};
  l.right = {false, false};
  for (int size : o.sizes) {
    l.header.push_back(WithThousands(size) + " links");
    l.right.push_back(true);
  }
  if (growth) {
    l.header.push_back("growth " + ShortCount(o.sizes.front()) + "->" +
                       ShortCount(o.sizes.back()));
    l.right.push_back(true);
  }
  for (const Tool& tool : p.tools) {
    if (!Contains(o.tools, tool.key)) continue;
    if (s.vs_floor && tool.key == "floor") continue;
    for (const std::string& shape : o.shapes) {
      std::vector<std::string> cells = {tool.label, shape};
      double first = 0, last = 0;
      for (size_t k = 0; k < o.sizes.size(); ++k) {
        const std::string label = shape + " " + WithThousands(o.sizes[k]);
        const Row* r = FindRow(rows, label, tool.key);
        const Row* floor = FindRow(rows, label, "floor");
        if (!Usable(r) || (s.vs_floor && !Usable(floor))) {
          cells.push_back(MissingCell(s, r));
          continue;
        }
        const double v = s.value(*r, floor);
        if (k == 0) first = v;
        if (k + 1 == o.sizes.size()) last = v;
        cells.push_back(s.format(v));
      }
      if (growth) {
        cells.push_back(first > 0 && last > 0 ? FormatRatio(last / first)
                                              : "-");
      }
      l.rows.push_back(std::move(cells));
    }
    l.group_starts.push_back(l.rows.size());
  }
  Heading(o.markdown, s.title);
  PrintTable(l, o.markdown);
}

void PrintNotes(const Program& p, const Options& o,
                const std::vector<Row>& rows, bool any_generated) {
  std::vector<std::string> notes;
  for (const Row& r : rows) {
    if (r.skipped) continue;
    const std::string where = "[" + r.input_label + "] " + r.tool_key + ": ";
    if (r.m.status == Measurement::Status::kOk) {
      if (r.m.result.ok != r.m.result.total) {
        notes.push_back(where +
                        std::to_string(r.m.result.total - r.m.result.ok) +
                        " of " + std::to_string(r.m.result.total) +
                        " failed; first: " + r.m.result.first_error);
      }
      if (r.checked && r.check.ok != 1) {
        notes.push_back((r.ours ? "ERROR " : "") + where +
                        "check failed: " + r.check.first_error);
      }
      if (r.m.hit_time_limit) {
        notes.push_back(where + "only " + std::to_string(r.m.runs) +
                        " run(s) fit in the time limit");
      }
    } else if (r.m.status == Measurement::Status::kCrashed) {
      notes.push_back(where + "crashed (" + r.m.detail + ")");
    }
  }
  if (p.check && any_generated) {
    int checked = 0, failed = 0;
    for (const Row& r : rows) {
      checked += r.checked;
      failed += r.checked && r.check.ok != 1;
    }
    notes.push_back(
        "generated inputs: " + std::to_string(checked - failed) + " of " +
        std::to_string(checked) +
        " results checked in an untimed child hold " + p.check_what +
        (failed > 0 ? " (see the failures above)" : ""));
  }
  if (!notes.empty()) {
    Heading(o.markdown, "Notes");
    PrintLines(o, notes);
  }
}

}  // namespace

void NoteFailure(RunResult& r, const InputFile& f, std::string why) {
  if (!r.first_error.empty()) return;
  // Diagnostics name the absolute path; the note names the corpus path.
  if (!f.path.empty() && f.path != f.name) {
    for (size_t at = 0; (at = why.find(f.path, at)) != std::string::npos;
         at += f.name.size()) {
      why.replace(at, f.path.size(), f.name);
    }
  }
  r.first_error = f.name + ": " + why;
}

Tool FloorTool() { return {"floor", "floor: tinyxml2 parse+print", RunFloor}; }

bool Usable(const Row* r) {
  return r != nullptr && !r->skipped &&
         r->m.status == Measurement::Status::kOk &&
         (r->m.result.ok > 0 || r->m.result.total == 0);
}

std::vector<long long> CountChildren(const std::string& xml,
                                     const std::vector<std::string>& path,
                                     const std::vector<std::string>& names) {
  tinyxml2::XMLDocument doc;
  if (doc.Parse(xml.data(), xml.size()) != tinyxml2::XML_SUCCESS) return {};
  const tinyxml2::XMLNode* at = &doc;
  for (const std::string& name : path) {
    at = at->FirstChildElement(name.c_str());
    if (at == nullptr) return {};
  }
  std::vector<long long> counts(names.size(), 0);
  for (const tinyxml2::XMLElement* e = at->FirstChildElement(); e != nullptr;
       e = e->NextSiblingElement()) {
    for (size_t k = 0; k < names.size(); ++k) {
      counts[k] += names[k] == e->Name();
    }
  }
  return counts;
}

std::string CountsDiffer(const std::vector<std::string>& what,
                         const std::vector<long long>& got,
                         const std::vector<long long>& want) {
  if (got == want) return "";
  // "a", "a and b", "a, b and c".
  auto join = [](const std::vector<std::string>& parts) {
    std::string s;
    for (size_t k = 0; k < parts.size(); ++k) {
      s += (k == 0 ? "" : k + 1 == parts.size() ? " and " : ", ") + parts[k];
    }
    return s;
  };
  std::vector<std::string> has, expected;
  for (size_t k = 0; k < what.size(); ++k) {
    has.push_back((k < got.size() ? std::to_string(got[k]) : "?") + " " +
                  what[k]);
    expected.push_back(k < want.size() ? std::to_string(want[k]) : "?");
  }
  return join(has) + ", expected " + join(expected);
}

std::string OutputDiffers(const std::string& xml,
                          const std::vector<std::string>& path,
                          const std::vector<std::string>& names,
                          const std::vector<long long>& want) {
  const std::vector<long long> got = CountChildren(xml, path, names);
  if (got.empty()) {
    std::string where;
    for (const std::string& name : path) where += "/" + name;
    return "no " + where + " in the output";
  }
  std::vector<std::string> what;
  for (const std::string& name : names) what.push_back(name + "s");
  const std::string d = CountsDiffer(what, got, want);
  return d.empty() ? d : "output has " + d;
}

SizeTable TimePerLinkTable() {
  SizeTable s;
  s.title = "Time per link (µs), generated inputs";
  s.value = [](const Row& r, const Row*) {
    return r.m.best_seconds * 1e6 / r.input_links;
  };
  return s;
}

int RunBenchmark(const Program& p, int argc, char** argv) {
  const Options o = ParseOptions(p, argc, argv);
  const std::string load_at_start = LoadAverage();
  if (!o.verbose && p.quiet) p.quiet();
  std::string corpus, corpus_how;
  if (o.run_corpus) {
    std::tie(corpus, corpus_how) =
        FindCorpus(o.corpus, argv[0], p.runfiles_label, p.extensions);
    if (corpus.empty()) {
      std::fprintf(stderr,
                   "%s: no %s corpus found; pass --corpus DIR or "
                   "--no-corpus\n",
                   p.name.c_str(), p.corpus_kind.c_str());
      return 2;
    }
  }

  std::vector<Row> rows;
  std::vector<InputInfo> inputs;
  bool any_generated = false;
  // One input set in memory at a time (but for several corpus subsets);
  // freed (and returned to the system) before the next one is built, so
  // baselines hold only the current input.
  auto measure = [&](const InputSet& set) {
    std::fprintf(stderr, "[%s] %s links, %s bytes\n", set.label.c_str(),
                 WithThousands(set.total_links).c_str(),
                 WithThousands(set.bytes).c_str());
    std::vector<Row> r = MeasureSet(p, o, set);
    InputInfo info;
    info.label = set.label;
    info.links = WithThousands(set.total_links);
    if (!set.generated) {
      info.links += " (max " + std::to_string(set.max_links) + ")";
    }
    info.extra = set.generated
                     ? set.extra_cells
                     : std::vector<std::string>(p.input_columns.size(), "-");
    info.depth = set.generated ? WithThousands(set.depth) : "-";
    info.bytes = FormatMiB(static_cast<long>(set.bytes / 1024));
    info.baseline = r.empty() ? "-" : FormatMiB(r.front().m.baseline_rss_kb);
    inputs.push_back(info);
    for (Row& row : r) rows.push_back(std::move(row));
    any_generated = any_generated || set.generated;
  };
  std::vector<std::string> subset_lines;
  if (o.run_corpus) {
    InputSet all = LoadCorpus(p, corpus);
    measure(all);
    std::vector<InputSet> subsets;
    for (const Tool& tool : p.tools) {
      if (!tool.corpus_subset || !Contains(o.tools, tool.key)) continue;
      const std::string what = "corpus, " + tool.key + " ok: ";
      const Row* r = FindRow(rows, all.label, tool.key);
      if (r == nullptr || r->skipped ||
          r->m.status != Measurement::Status::kOk) {
        // It is run in this process only after a run completed in a child.
        subset_lines.push_back(what + "not measured (" + tool.key +
                               " did not complete a run on the corpus)");
        continue;
      }
      InputSet subset = HandledBy(tool, all);
      const size_t n = subset.files.size();
      std::string line = what + "the " + std::to_string(n) + " of " +
                         std::to_string(all.files.size()) +
                         " corpus files it handles (picked by running it "
                         "untimed on each file)";
      if (n == 0 || n == all.files.size()) {
        line += "; not measured again";
      } else {
        line += "; every tool is measured again on just these, so " +
                tool.key +
                "'s time/floor there compares the same work (on the whole "
                "corpus its time includes the files it refuses)";
        subsets.push_back(std::move(subset));
      }
      subset_lines.push_back(line);
    }
    all = InputSet();  // freed before the subsets are measured
    for (InputSet& subset : subsets) {
      measure(subset);
      subset = InputSet();
    }
  }
  for (const std::string& shape : o.shapes) {
    for (const int size : o.sizes) measure(Generate(p, o, shape, size));
  }
  ReleaseFreeMemory();

  Heading(o.markdown, p.title);
  PrintEnvironment(p, o, corpus_how, load_at_start, subset_lines);
  PrintInputs(p, o, inputs);
  PrintTimes(o, rows);
  // Linearity: per-link figures across sizes, per shape.
  if (any_generated) {
    for (const SizeTable& s : p.size_tables) PrintSizeTable(p, o, rows, s);
  }
  PrintNotes(p, o, rows, any_generated);

  int failures = 0;
  for (const Row& r : rows) {
    if (r.ours && r.checked && r.check.ok != 1) ++failures;
  }
  return failures == 0 ? 0 : 1;
}

}  // namespace benchmark
