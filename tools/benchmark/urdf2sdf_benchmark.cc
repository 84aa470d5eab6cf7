// urdf2sdf benchmark: wall time and peak memory of converting URDF to
// SDFormat, against a floor and two references, on the same in-memory inputs.
//
//   bazel run -c opt //tools/benchmark:urdf2sdf_benchmark -- [flags]
//
// Columns (the "tools"):
//   floor        tinyxml2: XMLDocument::Parse, then XMLPrinter (read and
//                print the same XML; nothing a converter can do is cheaper)
//   ours         converter::UrdfToSdf with default options
//   urdfdom      urdf::parseURDF alone (parse only, for reference)
//   libsdformat  sdf::Root::LoadSdfString(urdf) (libsdformat detects <robot>
//                and converts through its URDF parser), then printing
//                root.Element()->ToString("")
// Inputs: the whole URDF corpus as one batch (files read into memory first;
// file I/O is not timed) and generated chains and trees (tools/benchmark/
// urdf_generator.h).
//
// Every measurement runs in its own forked child (measure.h): time is the best
// of --repeat runs inside the child (steady_clock), memory is the child's peak
// RSS (ru_maxrss from wait4) minus its RSS right after fork (the baseline,
// which holds the loaded inputs); the absolute peak is printed as well.
// Speed and memory are figures to read, not a pass/fail test.

#include <console_bridge/console.h>
#include <fcntl.h>
#include <sdf/sdf_config.h>
#include <sys/utsname.h>
#include <tinyxml2.h>
#include <unistd.h>
#include <urdf_parser/urdf_parser.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sdf/Model.hh>
#include <sdf/Root.hh>
#include <sstream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "converter/urdf_to_sdf.h"
#include "tools/benchmark/measure.h"
#include "tools/benchmark/report.h"
#include "tools/benchmark/urdf_generator.h"

namespace benchmark {
namespace {

namespace fs = std::filesystem;

// ---------------------------------------------------------------- options

struct Options {
  std::string corpus;  // empty: find it (runfiles, then ../shared/corpus)
  bool run_corpus = true;
  std::vector<int> sizes = {1000, 10000, 100000};
  std::vector<Shape> shapes = {Shape::kChain, Shape::kTree};
  int branching = 3;
  int libsdformat_max_links = 1000;
  int timeout_seconds = 120;
  int repeats = 3;
  bool markdown = false;
  bool verbose = false;
  std::vector<std::string> tools = {"floor", "ours", "urdfdom", "libsdformat"};
};

const char kUsage[] =
    "usage: urdf2sdf_benchmark [flags]\n"
    "  --corpus DIR               URDF corpus (default: the @corpus//:urdf\n"
    "                             runfiles, else ../shared/corpus)\n"
    "  --no-corpus                skip the corpus batch\n"
    "  --sizes N,N,...            generated sizes in links (default "
    "1000,10000,100000;\n"
    "                             empty or 0 for none)\n"
    "  --shapes chain,tree        generated shapes (default chain,tree)\n"
    "  --branching B              tree branching factor (default 3)\n"
    "  --libsdformat-max-links N  run libsdformat only on inputs whose "
    "largest\n"
    "                             model has <= N links (default 1000)\n"
    "  --timeout S                time limit per measurement, seconds "
    "(default 120)\n"
    "  --repeat R                 runs per measurement, best is reported "
    "(default 3)\n"
    "  --tools LIST               subset of floor,ours,urdfdom,libsdformat\n"
    "  --markdown                 print Markdown tables (for the README)\n"
    "  --verbose                  let the libraries' own logging through\n";

[[noreturn]] void UsageError(const std::string& message) {
  std::fprintf(stderr, "urdf2sdf_benchmark: %s\n%s", message.c_str(), kUsage);
  std::exit(2);
}


int ParseInt(const std::string& flag, const std::string& value) {
  char* end = nullptr;
  const long v = std::strtol(value.c_str(), &end, 10);
  if (value.empty() || *end != '\0' || v < 0 || v > 100000000) {
    UsageError(flag + " expects a non-negative integer, got '" + value + "'");
  }
  return static_cast<int>(v);
}

Options ParseOptions(int argc, char** argv) {
  Options o;
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
      if (i + 1 >= argc) UsageError(arg + " needs a value");
      return argv[++i];
    };
    if (arg == "--help" || arg == "-h") {
      std::printf("%s", kUsage);
      std::exit(0);
    } else if (arg == "--corpus") {
      o.corpus = next();
    } else if (arg == "--no-corpus") {
      o.run_corpus = false;
    } else if (arg == "--sizes") {
      o.sizes.clear();
      for (const std::string& s : Split(next())) {
        const int n = ParseInt("--sizes", s);
        if (n > 0) o.sizes.push_back(n);
      }
    } else if (arg == "--shapes") {
      o.shapes.clear();
      for (const std::string& s : Split(next())) {
        if (s == "chain") {
          o.shapes.push_back(Shape::kChain);
        } else if (s == "tree") {
          o.shapes.push_back(Shape::kTree);
        } else {
          UsageError("unknown shape '" + s + "' (chain, tree)");
        }
      }
    } else if (arg == "--branching") {
      o.branching = std::max(1, ParseInt("--branching", next()));
    } else if (arg == "--libsdformat-max-links") {
      o.libsdformat_max_links = ParseInt("--libsdformat-max-links", next());
    } else if (arg == "--timeout") {
      o.timeout_seconds = std::max(1, ParseInt("--timeout", next()));
    } else if (arg == "--repeat") {
      o.repeats = std::max(1, ParseInt("--repeat", next()));
    } else if (arg == "--tools") {
      o.tools = Split(next());
      for (const std::string& t : o.tools) {
        if (t != "floor" && t != "ours" && t != "urdfdom" &&
            t != "libsdformat") {
          UsageError("unknown tool '" + t + "'");
        }
      }
    } else if (arg == "--markdown") {
      o.markdown = true;
    } else if (arg == "--verbose") {
      o.verbose = true;
    } else {
      UsageError("unknown argument '" + arg + "'");
    }
  }
  return o;
}

// ----------------------------------------------------------------- inputs

struct InputFile {
  std::string name;  // path relative to the corpus, or the generated name
  std::string text;
  int links = 0;
};

struct InputSet {
  std::string label;
  std::vector<InputFile> files;
  bool generated = false;
  int depth = 0;  // generated: joints on the longest root-to-leaf path
  long long bytes = 0;
  int total_links = 0;
  int max_links = 0;
};

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

// <link> children of <robot>, or 0 when the text is not readable XML.
int CountUrdfLinks(const std::string& text) {
  tinyxml2::XMLDocument doc;
  if (doc.Parse(text.data(), text.size()) != tinyxml2::XML_SUCCESS) return 0;
  const tinyxml2::XMLElement* robot = doc.FirstChildElement("robot");
  int n = 0;
  for (const tinyxml2::XMLElement* e = robot ? robot->FirstChildElement("link")
                                             : nullptr;
       e != nullptr; e = e->NextSiblingElement("link")) {
    ++n;
  }
  return n;
}

std::pair<std::string, std::string> FindCorpus(const Options& o,
                                               const char* argv0) {
  return benchmark::FindCorpus(o.corpus, argv0, "@corpus//:urdf", {".urdf"});
}

InputSet LoadCorpus(const std::string& dir) {
  InputSet set;
  std::vector<fs::path> paths;
  std::error_code ec;
  for (fs::recursive_directory_iterator
           it(dir, fs::directory_options::follow_directory_symlink, ec),
       end;
       !ec && it != end; it.increment(ec)) {
    if (it->path().extension() == ".urdf" && fs::is_regular_file(it->path())) {
      paths.push_back(it->path());
    }
  }
  std::sort(paths.begin(), paths.end());
  for (const fs::path& p : paths) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    InputFile f;
    f.name = p.lexically_relative(dir).string();
    if (f.name.empty()) f.name = p.string();
    f.text = text.str();
    f.links = CountUrdfLinks(f.text);
    set.files.push_back(std::move(f));
  }
  set.label = "corpus (" + std::to_string(set.files.size()) + " files)";
  Summarize(set);
  return set;
}


InputSet Generate(Shape shape, int links, int branching) {
  InputSet set;
  GeneratedUrdf g = GenerateUrdf(shape, links, branching);
  set.generated = true;
  set.depth = g.depth;
  set.label = std::string(ShapeName(shape)) + " " + WithThousands(links);
  InputFile f;
  f.name = std::string("generated_") + ShapeName(shape) + "_" +
           std::to_string(links) + ".urdf";
  f.text = std::move(g.text);
  f.links = g.links;
  set.files.push_back(std::move(f));
  Summarize(set);
  return set;
}

// ------------------------------------------------------------------ tools


void NoteFailure(RunResult& r, const InputFile& f, const std::string& why) {
  if (r.first_error.empty()) r.first_error = f.name + ": " + why;
}

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

RunResult RunOurs(const InputSet& set) {
  RunResult r;
  for (const InputFile& f : set.files) {
    ++r.total;
    converter::ConversionResult c = converter::UrdfToSdf(f.text, f.name);
    if (!c.ok) {
      NoteFailure(r, f, FirstLine(c.diagnostics.ToString()));
      continue;
    }
    r.output_bytes += static_cast<long long>(c.output.size());
    ++r.ok;
  }
  return r;
}

RunResult RunUrdfdom(const InputSet& set) {
  RunResult r;
  for (const InputFile& f : set.files) {
    ++r.total;
    urdf::ModelInterfaceSharedPtr model = urdf::parseURDF(f.text);
    if (!model) {
      NoteFailure(r, f, "urdf::parseURDF returned null");
      continue;
    }
    r.output_bytes += static_cast<long long>(model->links_.size());
    ++r.ok;
  }
  return r;
}

RunResult RunLibsdformat(const InputSet& set) {
  RunResult r;
  for (const InputFile& f : set.files) {
    ++r.total;
    sdf::Root root;
    const sdf::Errors errors = root.LoadSdfString(f.text);
    if (!errors.empty() || root.Element() == nullptr) {
      NoteFailure(
          r, f,
          errors.empty() ? "no document" : FirstLine(errors.front().Message()));
      continue;
    }
    const std::string out = root.Element()->ToString("");
    r.output_bytes += static_cast<long long>(out.size());
    ++r.ok;
  }
  return r;
}

// Untimed correctness checks on a generated model (run in their own child):
// the result must be ok and hold every link and joint.
RunResult CheckGenerated(const std::string& tool, const InputSet& set) {
  RunResult r;
  const InputFile& f = set.files.front();
  const size_t links = static_cast<size_t>(f.links);
  const size_t joints = links - 1;
  r.total = 1;
  std::ostringstream why;
  if (tool == "floor") {
    if (CountUrdfLinks(f.text) != f.links) why << "link count differs";
  } else if (tool == "ours") {
    converter::ConversionResult c = converter::UrdfToSdf(f.text, f.name);
    if (!c.ok) {
      why << "not ok: " << FirstLine(c.diagnostics.ToString());
    } else {
      tinyxml2::XMLDocument doc;
      doc.Parse(c.output.data(), c.output.size());
      const tinyxml2::XMLElement* model =
          doc.FirstChildElement("sdf")
              ? doc.FirstChildElement("sdf")->FirstChildElement("model")
              : nullptr;
      size_t nl = 0, nj = 0;
      for (const tinyxml2::XMLElement* e = model ? model->FirstChildElement()
                                                 : nullptr;
           e != nullptr; e = e->NextSiblingElement()) {
        nl += std::strcmp(e->Name(), "link") == 0;
        nj += std::strcmp(e->Name(), "joint") == 0;
      }
      if (model == nullptr) {
        why << "no //sdf/model in the output";
      } else if (nl != links || nj != joints) {
        why << "output has " << nl << " links and " << nj
            << " joints, expected " << links << " and " << joints;
      }
    }
  } else if (tool == "urdfdom") {
    urdf::ModelInterfaceSharedPtr model = urdf::parseURDF(f.text);
    if (!model) {
      why << "parseURDF returned null";
    } else if (model->links_.size() != links ||
               model->joints_.size() != joints) {
      why << "model has " << model->links_.size() << " links and "
          << model->joints_.size() << " joints";
    }
  } else if (tool == "libsdformat") {
    sdf::Root root;
    const sdf::Errors errors = root.LoadSdfString(f.text);
    if (!errors.empty()) {
      why << errors.size()
          << " errors: " << FirstLine(errors.front().Message());
    } else if (root.Model() == nullptr) {
      why << "no model: the URDF was not converted";
    } else if (root.Model()->LinkCount() != links ||
               root.Model()->JointCount() != joints) {
      why << "model has " << root.Model()->LinkCount() << " links and "
          << root.Model()->JointCount() << " joints";
    }
  }
  r.first_error = why.str();
  r.ok = r.first_error.empty() ? 1 : 0;
  return r;
}

struct Tool {
  std::string key;
  std::string label;
  std::function<RunResult(const InputSet&)> run;
};

std::vector<Tool> AllTools() {
  return {
      {"floor", "floor: tinyxml2 parse+print", RunFloor},
      {"ours", "ours: converter::UrdfToSdf", RunOurs},
      {"urdfdom", "urdfdom parseURDF (parse only)", RunUrdfdom},
      {"libsdformat", "libsdformat LoadSdfString+ToString", RunLibsdformat},
  };
}

// ------------------------------------------------------------ measurement

struct Row {
  std::string input_label;
  int input_links = 0;
  std::string tool_key;
  std::string tool_label;
  bool skipped = false;
  std::string skip_reason;
  Measurement m;
  bool checked = false;  // generated inputs: the untimed check ran
  RunResult check;
};


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

std::vector<Row> MeasureSet(const Options& o, const InputSet& set) {
  std::vector<Row> rows;
  for (const Tool& tool : AllTools()) {
    if (std::find(o.tools.begin(), o.tools.end(), tool.key) == o.tools.end()) {
      continue;
    }
    Row row;
    row.input_label = set.label;
    row.input_links = set.total_links;
    row.tool_key = tool.key;
    row.tool_label = tool.label;
    if (tool.key == "libsdformat" && set.max_links > o.libsdformat_max_links) {
      row.skipped = true;
      row.skip_reason =
          "skipped (> " + WithThousands(o.libsdformat_max_links) + " links)";
    } else {
      const bool verbose = o.verbose;
      auto run = tool.run;
      std::function<void()> setup;
      if (!verbose) setup = Silence;
      row.m = MeasureInChild([&set, run]() { return run(set); }, o.repeats,
                             o.timeout_seconds, setup);
      if (set.generated && row.m.status == Measurement::Status::kOk) {
        const std::string key = tool.key;
        Measurement c =
            MeasureInChild([&set, key]() { return CheckGenerated(key, set); },
                           1, o.timeout_seconds, setup);
        row.checked = true;
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

void Heading(const Options& o, const std::string& title) {
  benchmark::Heading(o.markdown, title);
}


void PrintEnvironment(const Options& o, const std::string& corpus,
                      const std::string& load_at_start) {
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
          SDF_VERSION_FULL +
          " (converts to SDFormat " SDF_VERSION "), urdfdom (system)",
      "time: best of " + std::to_string(o.repeats) +
          " runs in a forked child (steady_clock), file I/O excluded; limit " +
          std::to_string(o.timeout_seconds) + " s per measurement",
      "memory: child's peak RSS (ru_maxrss via wait4) minus its RSS at fork "
      "(baseline: the loaded inputs); the absolute peak is shown too",
      "corpus: " + (o.run_corpus ? (corpus.empty() ? "not found" : corpus)
                                 : std::string("skipped")),
  };
  for (const std::string& l : lines) {
    std::printf(o.markdown ? "- %s\n" : "  %s\n", l.c_str());
  }
  std::printf("\n");
}

const Row* FindRow(const std::vector<Row>& rows, const std::string& label,
                   const std::string& tool) {
  for (const Row& r : rows) {
    if (r.input_label == label && r.tool_key == tool) return &r;
  }
  return nullptr;
}

bool Usable(const Row* r) {
  return r != nullptr && !r->skipped &&
         r->m.status == Measurement::Status::kOk &&
         (r->m.result.ok > 0 || r->m.result.total == 0);
}

std::string CheckCell(const Row& r) {
  if (r.skipped || r.m.status != Measurement::Status::kOk) return "-";
  std::string s = std::to_string(r.m.result.ok) + "/" +
                  std::to_string(r.m.result.total) + " ok";
  if (r.checked && r.check.ok != 1) s += ", CHECK FAILED";
  if (r.m.hit_time_limit) {
    s += ", " + std::to_string(r.m.runs) + " run" + (r.m.runs == 1 ? "" : "s");
  }
  return s;
}

struct InputInfo {
  std::string label;
  std::string links;
  std::string depth;
  std::string bytes;
  std::string baseline;
};

void Report(const Options& o, const std::string& corpus,
            const std::string& load_at_start,
            const std::vector<InputInfo>& inputs, const std::vector<Row>& rows,
            const std::vector<std::string>& generated_labels) {
  Heading(o, "urdf2sdf benchmark");
  PrintEnvironment(o, corpus, load_at_start);

  Table in;
  in.header = {"input", "links", "depth", "XML size", "baseline RSS at fork"};
  in.right = {false, true, true, true, true};
  for (const InputInfo& i : inputs) {
    in.rows.push_back({i.label, i.links, i.depth, i.bytes, i.baseline});
  }
  Heading(o, "Inputs");
  PrintTable(in, o.markdown);

  Table t;
  t.header = {"input",     "tool",
              "time",      "time/floor",
              "µs/link",   "peak RSS - baseline",
              "mem/floor", "peak RSS (absolute)",
              "result"};
  t.right = {false, false, true, true, true, true, true, true, false};
  std::string last_label;
  for (const Row& r : rows) {
    if (r.input_label != last_label) {
      t.group_starts.push_back(t.rows.size());
    }
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
      cells[8] = CheckCell(r);
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
      cells[8] = CheckCell(r);
    }
    t.rows.push_back(std::move(cells));
  }
  Heading(o, "Time and peak memory");
  PrintTable(t, o.markdown);

  // Linearity: per-link cost across sizes, per shape.
  if (!generated_labels.empty()) {
    std::vector<std::string> shapes;
    for (const Shape s : o.shapes) shapes.push_back(ShapeName(s));
    for (int pass = 0; pass < 2; ++pass) {
      Table l;
      l.header = {"tool", "shape"};
      l.right = {false, false};
      for (int size : o.sizes) {
        l.header.push_back(WithThousands(size) + " links");
        l.right.push_back(true);
      }
      if (o.sizes.size() >= 2) {
        // Per-link cost at the last size over that at the first: 1.00x is
        // linear scaling.
        l.header.push_back("growth " + ShortCount(o.sizes.front()) + "->" +
                           ShortCount(o.sizes.back()));
        l.right.push_back(true);
      }
      for (const Tool& tool : AllTools()) {
        if (std::find(o.tools.begin(), o.tools.end(), tool.key) ==
            o.tools.end()) {
          continue;
        }
        for (const std::string& shape : shapes) {
          std::vector<std::string> cells = {tool.label, shape};
          double first = 0, last = 0;
          for (size_t k = 0; k < o.sizes.size(); ++k) {
            const int size = o.sizes[k];
            const Row* r =
                FindRow(rows, shape + " " + WithThousands(size), tool.key);
            if (!Usable(r)) {
              std::string why = "-";
              if (r != nullptr && r->skipped) {
                why = "skipped";
              } else if (r != nullptr &&
                         r->m.status == Measurement::Status::kTimeout) {
                why = "timeout";
              } else if (r != nullptr &&
                         r->m.status == Measurement::Status::kCrashed) {
                why = "crashed";
              } else if (r != nullptr) {
                why = "failed";
              }
              cells.push_back(why);
              continue;
            }
            const double v =
                pass == 0
                    ? r->m.best_seconds * 1e6 / r->input_links
                    : static_cast<double>(r->m.delta_rss_kb()) / r->input_links;
            if (k == 0) first = v;
            if (k + 1 == o.sizes.size()) last = v;
            cells.push_back(FormatSig3(v));
          }
          if (o.sizes.size() >= 2) {
            cells.push_back(first > 0 && last > 0 ? FormatRatio(last / first)
                                                  : "-");
          }
          l.rows.push_back(std::move(cells));
        }
        l.group_starts.push_back(l.rows.size());
      }
      Heading(o, pass == 0 ? "Time per link (µs), generated inputs"
                           : "Peak RSS - baseline per link (KiB), generated "
                             "inputs");
      PrintTable(l, o.markdown);
    }
  }

  // Failures and checks.
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
        notes.push_back((r.tool_key == "ours" ? "ERROR " : "") + where +
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
  if (!generated_labels.empty()) {
    int checked = 0, failed = 0;
    for (const Row& r : rows) {
      checked += r.checked;
      failed += r.checked && r.check.ok != 1;
    }
    notes.push_back(
        "generated inputs: " + std::to_string(checked - failed) + " of " +
        std::to_string(checked) +
        " results checked in an untimed child hold every link and joint" +
        (failed > 0 ? " (see the failures above)" : ""));
  }
  if (!notes.empty()) {
    Heading(o, "Notes");
    for (const std::string& n : notes) {
      std::printf(o.markdown ? "- %s\n" : "  %s\n", n.c_str());
    }
    std::printf("\n");
  }
}

int Main(int argc, char** argv) {
  const Options o = ParseOptions(argc, argv);
  const std::string load_at_start = LoadAverage();
  if (!o.verbose) {
    console_bridge::setLogLevel(console_bridge::CONSOLE_BRIDGE_LOG_NONE);
  }
  std::string corpus, corpus_how;
  if (o.run_corpus) {
    std::tie(corpus, corpus_how) = FindCorpus(o, argv[0]);
    if (corpus.empty()) {
      std::fprintf(stderr,
                   "urdf2sdf_benchmark: no URDF corpus found; pass --corpus "
                   "DIR or --no-corpus\n");
      return 2;
    }
  }

  std::vector<Row> rows;
  std::vector<InputInfo> inputs;
  std::vector<std::string> generated_labels;
  // One input set in memory at a time; freed (and returned to the system)
  // before the next one is built, so baselines hold only the current input.
  auto measure = [&](InputSet set) {
    std::fprintf(stderr, "[%s] %s links, %s bytes\n", set.label.c_str(),
                 WithThousands(set.total_links).c_str(),
                 WithThousands(set.bytes).c_str());
    std::vector<Row> r = MeasureSet(o, set);
    InputInfo info;
    info.label = set.label;
    info.links = WithThousands(set.total_links);
    if (!set.generated)
      info.links += " (max " + std::to_string(set.max_links) + ")";
    info.depth = set.generated ? WithThousands(set.depth) : "-";
    info.bytes = FormatMiB(static_cast<long>(set.bytes / 1024));
    info.baseline = r.empty() ? "-" : FormatMiB(r.front().m.baseline_rss_kb);
    inputs.push_back(info);
    for (Row& row : r) rows.push_back(std::move(row));
    if (set.generated) generated_labels.push_back(set.label);
  };
  if (o.run_corpus) measure(LoadCorpus(corpus));
  for (const Shape shape : o.shapes) {
    for (const int size : o.sizes) measure(Generate(shape, size, o.branching));
  }
  ReleaseFreeMemory();
  Report(o, corpus_how, load_at_start, inputs, rows, generated_labels);
  int failures = 0;
  for (const Row& r : rows) {
    if (r.tool_key == "ours" && r.checked && r.check.ok != 1) ++failures;
  }
  return failures == 0 ? 0 : 1;
}

}  // namespace
}  // namespace benchmark

int main(int argc, char** argv) { return benchmark::Main(argc, argv); }
