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
// Measurement and report: harness.h (best of --repeat runs in a forked
// child, peak RSS minus the RSS at fork).

#include <console_bridge/console.h>
#include <sdf/sdf_config.h>
#include <urdf_parser/urdf_parser.h>

#include <sdf/Model.hh>
#include <sdf/Root.hh>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "converter/urdf_to_sdf.h"
#include "tools/benchmark/harness.h"
#include "tools/benchmark/urdf_generator.h"

namespace benchmark {
namespace {

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
    "  --markdown                 print Markdown tables (for docs/benchmarks.md)\n"
    "  --verbose                  let the libraries' own logging through\n";

// <link> children of <robot>, or 0 when the text is not readable XML.
int CountUrdfLinks(const std::string& text) {
  const std::vector<long long> n = CountChildren(text, {"robot"}, {"link"});
  return n.empty() ? 0 : static_cast<int>(n.front());
}

// ------------------------------------------------------------------ tools

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
  const std::vector<std::string> what = {"links", "joints"};
  const std::vector<long long> want = {f.links, f.links - 1};
  r.total = 1;
  std::ostringstream why;
  if (tool == "floor") {
    if (CountUrdfLinks(f.text) != f.links) why << "link count differs";
  } else if (tool == "ours") {
    converter::ConversionResult c = converter::UrdfToSdf(f.text, f.name);
    if (!c.ok) {
      why << "not ok: " << FirstLine(c.diagnostics.ToString());
    } else {
      why << OutputDiffers(c.output, {"sdf", "model"}, {"link", "joint"},
                           want);
    }
  } else if (tool == "urdfdom") {
    urdf::ModelInterfaceSharedPtr model = urdf::parseURDF(f.text);
    if (!model) {
      why << "parseURDF returned null";
    } else {
      why << CountsDiffer(what,
                          {static_cast<long long>(model->links_.size()),
                           static_cast<long long>(model->joints_.size())},
                          want);
    }
  } else if (tool == "libsdformat") {
    sdf::Root root;
    const sdf::Errors errors = root.LoadSdfString(f.text);
    if (!errors.empty()) {
      why << errors.size()
          << " errors: " << FirstLine(errors.front().Message());
    } else if (root.Model() == nullptr) {
      why << "no model: the URDF was not converted";
    } else {
      why << CountsDiffer(
          what,
          {static_cast<long long>(root.Model()->LinkCount()),
           static_cast<long long>(root.Model()->JointCount())},
          want);
    }
  }
  r.first_error = why.str();
  r.ok = r.first_error.empty() ? 1 : 0;
  return r;
}

Shape ShapeNamed(const std::string& name) {
  for (const Shape s : {Shape::kChain, Shape::kTree}) {
    if (name == ShapeName(s)) return s;
  }
  return Shape::kChain;
}

int Main(int argc, char** argv) {
  Program p;
  p.name = "urdf2sdf_benchmark";
  p.title = "urdf2sdf benchmark";
  p.usage = kUsage;
  p.shapes = {ShapeName(Shape::kChain), ShapeName(Shape::kTree)};
  p.tools = {
      FloorTool(),
      {"ours", "ours: converter::UrdfToSdf", RunOurs, /*ours=*/true},
      {"urdfdom", "urdfdom parseURDF (parse only)", RunUrdfdom},
      {"libsdformat", "libsdformat LoadSdfString+ToString", RunLibsdformat},
  };
  p.quiet = [] {
    console_bridge::setLogLevel(console_bridge::CONSOLE_BRIDGE_LOG_NONE);
  };
  p.corpus_kind = "URDF";
  p.runfiles_label = "@corpus//:urdf";
  p.extensions = {".urdf"};
  p.count_links = CountUrdfLinks;
  p.generated_extension = ".urdf";
  p.generate = [](const Options& o, const std::string& shape, int links) {
    GeneratedUrdf g = GenerateUrdf(ShapeNamed(shape), links, o.branching);
    return GeneratedInput{std::move(g.text), g.links, g.depth, {}};
  };
  p.check = CheckGenerated;
  p.libraries = " (converts to SDFormat " SDF_VERSION "), urdfdom (system)";
  p.file_io = "file I/O excluded";
  SizeTable memory;
  memory.title = "Peak RSS - baseline per link (KiB), generated inputs";
  memory.value = [](const Row& r, const Row*) {
    return static_cast<double>(r.m.delta_rss_kb()) / r.input_links;
  };
  p.size_tables = {TimePerLinkTable(), memory};
  return RunBenchmark(p, argc, argv);
}

}  // namespace
}  // namespace benchmark

int main(int argc, char** argv) { return benchmark::Main(argc, argv); }
