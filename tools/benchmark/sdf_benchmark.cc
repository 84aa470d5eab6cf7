// sdf benchmark: wall time and peak memory of reading SDFormat, validating it
// and resolving every pose, against a floor and libsdformat, on the same
// in-memory inputs; plus sdf2sdf (read, validate, write 1.7).
//
//   bazel run -c opt //tools/benchmark:sdf_benchmark -- [flags]
//
// Columns (the "tools"):
//   floor        tinyxml2: XMLDocument::Parse, then XMLPrinter
//   ours         sdf_io::ReadSdf + frames::FrameGraph::Build (validation) +
//                PoseInModel of every link, joint and frame and ResolvePose
//                of every visual and collision (summed, so it is not elided)
//   libsdformat  sdf::Root::LoadSdfString (load, validate, build its graphs)
//   sdf2sdf      converter::SdfToSdf (read, validate, write 1.7)
// Inputs: the SDF corpus (*.sdf, *.world) as one batch, model:// resolved in
// the corpus gazebo_models, and generated SDFormat 1.7 models (chain, tree,
// frame-heavy; tools/benchmark/sdf_generator.h). Measurement as in the
// urdf2sdf benchmark (measure.h): best of --repeat runs in a forked child,
// peak RSS minus the RSS at fork.

#include <sdf/sdf_config.h>
#include <sys/utsname.h>
#include <tinyxml2.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sdf/Model.hh>
#include <sdf/ParserConfig.hh>
#include <sdf/Root.hh>
#include <sdf/World.hh>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "converter/sdf_to_sdf.h"
#include "frames/diagnostics.h"
#include "frames/graph.h"
#include "sdf_io/reader.h"
#include "tools/benchmark/measure.h"
#include "tools/benchmark/report.h"
#include "tools/benchmark/sdf_generator.h"

namespace benchmark {
namespace {

namespace fs = std::filesystem;

struct Options {
  std::string corpus;
  bool run_corpus = true;
  std::vector<int> sizes = {1000, 10000, 100000};
  std::vector<SdfShape> shapes = {SdfShape::kChain, SdfShape::kTree,
                                  SdfShape::kFrameHeavy};
  int branching = 3;
  int frames_per_link = 8;
  int libsdformat_max_links = 1000;
  int timeout_seconds = 120;
  int repeats = 3;
  bool markdown = false;
  bool verbose = false;
  std::vector<std::string> tools = {"floor", "ours", "libsdformat", "sdf2sdf"};
};

const char kUsage[] =
    "usage: sdf_benchmark [flags]\n"
    "  --corpus DIR               SDF corpus (default: the @corpus//:sdf\n"
    "                             runfiles, else ../shared/corpus); model://\n"
    "                             is resolved in DIR/gazebo_models\n"
    "  --no-corpus                skip the corpus batch\n"
    "  --sizes N,N,...            generated sizes in links (default "
    "1000,10000,100000)\n"
    "  --shapes chain,tree,frames generated shapes (default all three)\n"
    "  --branching B              tree branching factor (default 3)\n"
    "  --frames-per-link K        frame-heavy: //frame chain per link "
    "(default 8)\n"
    "  --libsdformat-max-links N  run libsdformat only on inputs whose "
    "largest\n"
    "                             model has <= N links (default 1000:\n"
    "                             libsdformat takes ~10 s and ~1.8 GiB at 1k)\n"
    "  --timeout S                time limit per measurement (default 120)\n"
    "  --repeat R                 runs per measurement, best is reported "
    "(default 3)\n"
    "  --tools LIST               subset of floor,ours,libsdformat,sdf2sdf\n"
    "  --markdown                 print Markdown tables\n"
    "  --verbose                  let the libraries' own logging through\n";

[[noreturn]] void UsageError(const std::string& message) {
  std::fprintf(stderr, "sdf_benchmark: %s\n%s", message.c_str(), kUsage);
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
          o.shapes.push_back(SdfShape::kChain);
        } else if (s == "tree") {
          o.shapes.push_back(SdfShape::kTree);
        } else if (s == "frames") {
          o.shapes.push_back(SdfShape::kFrameHeavy);
        } else {
          UsageError("unknown shape '" + s + "' (chain, tree, frames)");
        }
      }
    } else if (arg == "--branching") {
      o.branching = std::max(1, ParseInt("--branching", next()));
    } else if (arg == "--frames-per-link") {
      o.frames_per_link = std::max(1, ParseInt("--frames-per-link", next()));
    } else if (arg == "--libsdformat-max-links") {
      o.libsdformat_max_links = ParseInt("--libsdformat-max-links", next());
    } else if (arg == "--timeout") {
      o.timeout_seconds = std::max(1, ParseInt("--timeout", next()));
    } else if (arg == "--repeat") {
      o.repeats = std::max(1, ParseInt("--repeat", next()));
    } else if (arg == "--tools") {
      o.tools = Split(next());
      for (const std::string& t : o.tools) {
        if (t != "floor" && t != "ours" && t != "libsdformat" &&
            t != "sdf2sdf") {
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
  std::string name;  // for messages: relative to the corpus
  std::string path;  // for the readers: absolute (relative includes)
  std::string text;
  int links = 0;
};

struct InputSet {
  std::string label;
  std::string shape;  // generated: the shape name
  std::vector<InputFile> files;
  bool generated = false;
  int depth = 0;
  int frames = 0;
  long long bytes = 0;
  int total_links = 0;
  int max_links = 0;
  std::vector<std::string> model_paths;  // for model://
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

// //link elements anywhere in the document (models, nested models, worlds).
int CountSdfLinks(const std::string& text) {
  tinyxml2::XMLDocument doc;
  if (doc.Parse(text.data(), text.size()) != tinyxml2::XML_SUCCESS) return 0;
  int n = 0;
  std::function<void(const tinyxml2::XMLElement*)> walk =
      [&](const tinyxml2::XMLElement* e) {
        for (; e != nullptr; e = e->NextSiblingElement()) {
          if (std::strcmp(e->Name(), "link") == 0) ++n;
          walk(e->FirstChildElement());
        }
      };
  walk(doc.FirstChildElement());
  return n;
}

InputSet LoadCorpus(const std::string& dir) {
  InputSet set;
  std::vector<fs::path> paths;
  std::error_code ec;
  for (fs::recursive_directory_iterator
           it(dir, fs::directory_options::follow_directory_symlink, ec),
       end;
       !ec && it != end; it.increment(ec)) {
    const std::string ext = it->path().extension().string();
    if ((ext == ".sdf" || ext == ".world") && fs::is_regular_file(it->path())) {
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
    f.path = fs::absolute(p).lexically_normal().string();
    f.text = text.str();
    f.links = CountSdfLinks(f.text);
    set.files.push_back(std::move(f));
  }
  set.model_paths = {(fs::absolute(dir) / "gazebo_models").string()};
  set.label = "corpus (" + std::to_string(set.files.size()) + " files)";
  Summarize(set);
  return set;
}

InputSet Generate(const Options& o, SdfShape shape, int links) {
  InputSet set;
  GeneratedSdf g = GenerateSdf(shape, links, o.branching, o.frames_per_link);
  set.generated = true;
  set.shape = SdfShapeName(shape);
  set.depth = g.depth;
  set.frames = g.frames;
  set.label = set.shape + " " + WithThousands(links);
  InputFile f;
  f.name = "generated_" + set.shape + "_" + std::to_string(links) + ".sdf";
  f.path = f.name;
  f.text = std::move(g.text);
  f.links = g.links;
  set.files.push_back(std::move(f));
  Summarize(set);
  return set;
}

// ------------------------------------------------------------------ tools

void NoteFailure(RunResult& r, const InputFile& f, std::string why) {
  if (!r.first_error.empty()) return;
  // Diagnostics name the absolute path; the note names the corpus path.
  for (size_t at; !f.path.empty() && (at = why.find(f.path)) != std::string::npos;) {
    why.replace(at, f.path.size(), f.name);
  }
  r.first_error = f.name + ": " + why;
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

// Resolved poses of one model scope and its nested scopes.
struct PoseSum {
  double sum = 0;
  long long poses = 0;
  long long unresolved = 0;
  void Add(const std::optional<frames::Isometry3>& X) {
    if (!X) {
      ++unresolved;
      return;
    }
    ++poses;
    sum += X->translation().sum() + X->linear()(0, 0);
  }
};

void ResolveModel(const frames::Model& m, const frames::FrameGraph& g,
                  PoseSum* s) {
  for (const frames::Link& l : m.links) {
    s->Add(g.PoseInModel(l.name));
    for (const frames::Visual& v : l.visuals) s->Add(g.ResolvePose(v.pose, l.name));
    for (const frames::Collision& c : l.collisions) {
      s->Add(g.ResolvePose(c.pose, l.name));
    }
  }
  for (const frames::Joint& j : m.joints) s->Add(g.PoseInModel(j.name));
  for (const frames::Frame& f : m.frames) s->Add(g.PoseInModel(f.name));
  for (const frames::Model& n : m.models) {
    if (const frames::FrameGraph* ng = g.Nested(n.name)) ResolveModel(n, *ng, s);
  }
}

// ours: read + validate + resolve every pose. ok = read, no error, every pose
// resolved.
RunResult RunOurs(const InputSet& set) {
  RunResult r;
  sdf_io::ReadOptions options;
  options.model_paths = set.model_paths;
  options.use_environment_paths = false;
  PoseSum total;
  for (const InputFile& f : set.files) {
    ++r.total;
    frames::Diagnostics diags;
    std::optional<sdf_io::SdfDocument> doc =
        sdf_io::ReadSdf(f.text, f.path, &diags, options);
    if (!doc) {
      NoteFailure(r, f, FirstLine(diags.ToString()));
      continue;
    }
    PoseSum s;
    for (const frames::Model& m : doc->models) {
      const frames::FrameGraph g = frames::FrameGraph::Build(m, &diags);
      ResolveModel(m, g, &s);
    }
    for (const frames::World& w : doc->worlds) {
      const frames::FrameGraph g = frames::FrameGraph::BuildWorld(w, &diags);
      for (const frames::Frame& fr : w.frames) s.Add(g.PoseInModel(fr.name));
      for (const frames::Model& m : w.models) {
        s.Add(g.PoseInModel(m.name));
        if (const frames::FrameGraph* ng = g.Nested(m.name)) {
          ResolveModel(m, *ng, &s);
        }
      }
    }
    total.sum += s.sum;
    r.output_bytes += s.poses;
    if (diags.HasErrors()) {
      NoteFailure(r, f, FirstLine(diags.ToString()));
    } else if (s.unresolved > 0) {
      NoteFailure(r, f, std::to_string(s.unresolved) + " poses unresolved");
    } else {
      ++r.ok;
    }
  }
  // Keeps the sum live (and is never true for finite poses).
  if (total.sum == 1e300) r.first_error = "sum";
  return r;
}

RunResult RunLibsdformat(const InputSet& set) {
  RunResult r;
  sdf::ParserConfig config;
  for (const std::string& p : set.model_paths) config.AddURIPath("model://", p);
  for (const InputFile& f : set.files) {
    ++r.total;
    sdf::Root root;
    const sdf::Errors errors = root.LoadSdfString(f.text, config);
    if (!errors.empty()) {
      NoteFailure(r, f, FirstLine(errors.front().Message()));
      continue;
    }
    r.output_bytes += root.Model() ? root.Model()->LinkCount() : 0;
    ++r.ok;
  }
  return r;
}

RunResult RunSdf2Sdf(const InputSet& set) {
  RunResult r;
  converter::SdfToSdfOptions options;
  options.model_paths = set.model_paths;
  for (const InputFile& f : set.files) {
    ++r.total;
    converter::ConversionResult c = converter::SdfToSdf(f.text, f.path, options);
    if (!c.ok) {
      NoteFailure(r, f, FirstLine(c.diagnostics.ToString()));
      continue;
    }
    r.output_bytes += static_cast<long long>(c.output.size());
    ++r.ok;
  }
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
      {"ours", "ours: ReadSdf+FrameGraph+all poses", RunOurs},
      {"libsdformat", "libsdformat Root::LoadSdfString", RunLibsdformat},
      {"sdf2sdf", "sdf2sdf: converter::SdfToSdf", RunSdf2Sdf},
  };
}

// ------------------------------------------------------------ measurement

struct Row {
  std::string input_label;
  std::string shape;
  int input_links = 0;
  std::string tool_key;
  std::string tool_label;
  bool skipped = false;
  std::string skip_reason;
  Measurement m;
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
    row.shape = set.shape;
    row.input_links = set.total_links;
    row.tool_key = tool.key;
    row.tool_label = tool.label;
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
    }
    Progress(row);
    rows.push_back(std::move(row));
  }
  return rows;
}

// ---------------------------------------------------------------- reports

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

std::string ResultCell(const Row& r) {
  if (r.skipped || r.m.status != Measurement::Status::kOk) return "-";
  std::string s = std::to_string(r.m.result.ok) + "/" +
                  std::to_string(r.m.result.total) + " ok";
  if (r.m.hit_time_limit) {
    s += ", " + std::to_string(r.m.runs) + " run" + (r.m.runs == 1 ? "" : "s");
  }
  return s;
}

struct InputInfo {
  std::string label, links, frames, depth, bytes, baseline;
};

void Report(const Options& o, const std::string& corpus,
            const std::string& load_at_start,
            const std::vector<InputInfo>& inputs,
            const std::vector<Row>& rows) {
  Heading(o.markdown, "sdf benchmark");
  struct utsname u {};
  uname(&u);
  const std::vector<std::string> env = {
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
          SDF_VERSION_FULL,
      "time: best of " + std::to_string(o.repeats) +
          " runs in a forked child (steady_clock), file I/O of the inputs "
          "excluded (included files are read by ours, sdf2sdf and "
          "libsdformat); limit " +
          std::to_string(o.timeout_seconds) + " s per measurement",
      "memory: child's peak RSS (ru_maxrss via wait4) minus its RSS at fork "
      "(baseline: the loaded inputs); the absolute peak is shown too",
      "ours: sdf_io::ReadSdf + frames::FrameGraph::Build + PoseInModel of "
      "every link/joint/frame + ResolvePose of every visual/collision; "
      "ok = no error diagnostic and every pose resolved",
      "corpus: " + (o.run_corpus ? (corpus.empty() ? "not found" : corpus) +
                                       ", model:// in its gazebo_models"
                                 : std::string("skipped")),
  };
  for (const std::string& l : env) {
    std::printf(o.markdown ? "- %s\n" : "  %s\n", l.c_str());
  }
  std::printf("\n");

  Table in;
  in.header = {"input", "links", "frames", "depth", "XML size",
               "baseline RSS at fork"};
  in.right = {false, true, true, true, true, true};
  for (const InputInfo& i : inputs) {
    in.rows.push_back({i.label, i.links, i.frames, i.depth, i.bytes, i.baseline});
  }
  Heading(o.markdown, "Inputs");
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

  // Linearity: per-link time (and ratio to the floor) per shape and size.
  if (!o.sizes.empty() && !o.shapes.empty()) {
    for (int pass = 0; pass < 2; ++pass) {
      Table l;
      l.header = {"tool", "shape"};
      l.right = {false, false};
      for (int size : o.sizes) {
        l.header.push_back(WithThousands(size) + " links");
        l.right.push_back(true);
      }
      if (pass == 0 && o.sizes.size() >= 2) {
        l.header.push_back("growth " + ShortCount(o.sizes.front()) + "->" +
                           ShortCount(o.sizes.back()));
        l.right.push_back(true);
      }
      for (const Tool& tool : AllTools()) {
        if (std::find(o.tools.begin(), o.tools.end(), tool.key) ==
            o.tools.end()) {
          continue;
        }
        if (pass == 1 && tool.key == "floor") continue;
        for (const SdfShape s : o.shapes) {
          const std::string shape = SdfShapeName(s);
          std::vector<std::string> cells = {tool.label, shape};
          double first = 0, last = 0;
          for (size_t k = 0; k < o.sizes.size(); ++k) {
            const std::string label = shape + " " + WithThousands(o.sizes[k]);
            const Row* r = FindRow(rows, label, tool.key);
            const Row* floor = FindRow(rows, label, "floor");
            if (!Usable(r) || (pass == 1 && !Usable(floor))) {
              cells.push_back(r != nullptr && r->skipped ? "skipped" : "-");
              continue;
            }
            const double v = pass == 0
                                 ? r->m.best_seconds * 1e6 / r->input_links
                                 : r->m.best_seconds / floor->m.best_seconds;
            if (k == 0) first = v;
            if (k + 1 == o.sizes.size()) last = v;
            cells.push_back(pass == 0 ? FormatSig3(v) : FormatRatio(v));
          }
          if (pass == 0 && o.sizes.size() >= 2) {
            cells.push_back(first > 0 && last > 0 ? FormatRatio(last / first)
                                                  : "-");
          }
          l.rows.push_back(std::move(cells));
        }
        l.group_starts.push_back(l.rows.size());
      }
      Heading(o.markdown, pass == 0
                              ? "Time per link (µs), generated inputs"
                              : "Time / floor, generated inputs (goal: ours "
                                "<= 3x)");
      PrintTable(l, o.markdown);
    }
  }

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
      if (r.m.hit_time_limit) {
        notes.push_back(where + "only " + std::to_string(r.m.runs) +
                        " run(s) fit in the time limit");
      }
    } else if (r.m.status == Measurement::Status::kCrashed) {
      notes.push_back(where + "crashed (" + r.m.detail + ")");
    }
  }
  if (!notes.empty()) {
    Heading(o.markdown, "Notes");
    for (const std::string& n : notes) {
      std::printf(o.markdown ? "- %s\n" : "  %s\n", n.c_str());
    }
    std::printf("\n");
  }
}

int Main(int argc, char** argv) {
  const Options o = ParseOptions(argc, argv);
  const std::string load_at_start = LoadAverage();
  std::string corpus, corpus_how;
  if (o.run_corpus) {
    std::tie(corpus, corpus_how) =
        FindCorpus(o.corpus, argv[0], "@corpus//:sdf", {".sdf", ".world"});
    if (corpus.empty()) {
      std::fprintf(stderr,
                   "sdf_benchmark: no SDF corpus found; pass --corpus DIR or "
                   "--no-corpus\n");
      return 2;
    }
  }
  std::vector<Row> rows;
  std::vector<InputInfo> inputs;
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
    info.frames = set.generated ? WithThousands(set.frames) : "-";
    info.depth = set.generated ? WithThousands(set.depth) : "-";
    info.bytes = FormatMiB(static_cast<long>(set.bytes / 1024));
    info.baseline = r.empty() ? "-" : FormatMiB(r.front().m.baseline_rss_kb);
    inputs.push_back(info);
    for (Row& row : r) rows.push_back(std::move(row));
  };
  if (o.run_corpus) measure(LoadCorpus(corpus));
  for (const SdfShape shape : o.shapes) {
    for (const int size : o.sizes) measure(Generate(o, shape, size));
  }
  ReleaseFreeMemory();
  Report(o, corpus_how, load_at_start, inputs, rows);
  return 0;
}

}  // namespace
}  // namespace benchmark

int main(int argc, char** argv) { return benchmark::Main(argc, argv); }
