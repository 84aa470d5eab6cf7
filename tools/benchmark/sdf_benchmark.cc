// sdf benchmark: wall time and peak memory of reading SDFormat, validating it
// and resolving every pose, against a floor and libsdformat, on the same
// in-memory inputs; plus sdf2sdf (read, validate, write 1.7) and sdf2urdf
// (read, validate, reshape, write URDF).
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
//   sdf2urdf     converter::SdfToUrdf with default options (read, validate,
//                reshape into URDF form, write URDF)
//   xml          our XML parser alone (xml::Parse)
//   schema       xml::Parse + sdf_io::CheckAgainstSchema (every element and
//                value against the description of the document's version):
//                schema - xml is what the schema check adds to sdf2sdf,
//                which runs it inside its read
// Inputs: the SDF corpus (*.sdf, *.world) as one batch, model:// resolved in
// the corpus gazebo_models, and generated SDFormat 1.7 models (chain, tree,
// frame-heavy; tools/benchmark/sdf_generator.h). sdf2urdf converts one model
// per file, so the corpus files it converts are measured again, with every
// tool, as their own input (Tool::corpus_subset). Measurement and report:
// harness.h (best of --repeat runs in a forked child, peak RSS minus the RSS
// at fork), shared with the urdf2sdf benchmark.

#include <tinyxml2.h>

#include <algorithm>
#include <cstring>
#include <functional>
#include <optional>
#include <sdf/Model.hh>
#include <sdf/ParserConfig.hh>
#include <sdf/Root.hh>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "converter/sdf_to_sdf.h"
#include "converter/sdf_to_urdf.h"
#include "diag/diagnostics.h"
#include "frames/graph.h"
#include "sdf_io/reader.h"
#include "sdf_io/schema.h"
#include "sdf_io/schema_check.h"
#include "xml/dom.h"
#include "xml/reader.h"
#include "tools/benchmark/harness.h"
#include "tools/benchmark/sdf_generator.h"

namespace benchmark {
namespace {

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
    "  --tools LIST               subset of floor,ours,libsdformat,sdf2sdf,\n"
    "                             sdf2urdf,xml,schema\n"
    "  --markdown                 print Markdown tables\n"
    "  --verbose                  let the libraries' own logging through\n";

// `name` (//link, //frame) elements anywhere in the document (models,
// nested models, worlds).
int CountSdfElements(const std::string& text, const char* name) {
  tinyxml2::XMLDocument doc;
  if (doc.Parse(text.data(), text.size()) != tinyxml2::XML_SUCCESS) return 0;
  int n = 0;
  std::function<void(const tinyxml2::XMLElement*)> walk =
      [&](const tinyxml2::XMLElement* e) {
        for (; e != nullptr; e = e->NextSiblingElement()) {
          if (std::strcmp(e->Name(), name) == 0) ++n;
          walk(e->FirstChildElement());
        }
      };
  walk(doc.FirstChildElement());
  return n;
}

// ------------------------------------------------------------------ tools

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
    for (const frames::Visual& v : l.visuals)
      s->Add(g.ResolvePose(v.pose, l.name));
    for (const frames::Collision& c : l.collisions) {
      s->Add(g.ResolvePose(c.pose, l.name));
    }
  }
  for (const frames::Joint& j : m.joints) s->Add(g.PoseInModel(j.name));
  for (const frames::Frame& f : m.frames) s->Add(g.PoseInModel(f.name));
  for (const frames::Model& n : m.models) {
    if (const frames::FrameGraph* ng = g.Nested(n.name))
      ResolveModel(n, *ng, s);
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

// A conversion (sdf2sdf, sdf2urdf) of every file, with default options and
// model:// resolved on the input's paths. ok = converted.
template <typename ConvertOptions>
RunResult RunConversion(
    const InputSet& set,
    converter::ConversionResult (*convert)(std::string_view,
                                           const std::string&,
                                           const ConvertOptions&)) {
  RunResult r;
  ConvertOptions options;
  options.model_paths = set.model_paths;
  for (const InputFile& f : set.files) {
    ++r.total;
    converter::ConversionResult c = convert(f.text, f.path, options);
    if (!c.ok) {
      NoteFailure(r, f, FirstLine(c.diagnostics.ToString()));
      continue;
    }
    r.output_bytes += static_cast<long long>(c.output.size());
    ++r.ok;
  }
  return r;
}

RunResult RunSdf2Sdf(const InputSet& set) {
  return RunConversion(set, converter::SdfToSdf);
}

RunResult RunSdf2Urdf(const InputSet& set) {
  return RunConversion(set, converter::SdfToUrdf);
}

// Our XML parser on every file, and with `check` the schema check of each
// document (sdf_io/schema_check.h) too. ok = parsed (and no schema error).
RunResult RunXml(const InputSet& set, bool check) {
  RunResult r;
  for (const InputFile& f : set.files) {
    ++r.total;
    frames::Diagnostics diags;
    xml::Document doc;
    if (!xml::Parse(f.text, f.path, &doc, &diags) || !doc.RootElement()) {
      NoteFailure(r, f, FirstLine(diags.ToString()));
      continue;
    }
    if (check) {
      const xml::Node* root = doc.RootElement();
      const char* version = root->Attribute("version");
      sdf_io::CheckAgainstSchema(
          root, sdf_io::schema::MinorVersion(version ? version : ""),
          xml::Context{f.path, &diags});
      if (diags.HasErrors()) {
        NoteFailure(r, f, FirstLine(diags.ToString()));
        continue;
      }
    }
    r.output_bytes += static_cast<long long>(diags.all().size());
    ++r.ok;
  }
  return r;
}

RunResult RunXmlOnly(const InputSet& set) { return RunXml(set, false); }
RunResult RunSchema(const InputSet& set) { return RunXml(set, true); }

// Untimed check on a generated model (in its own child): the tool's result
// holds every link, joint and frame; sdf2urdf's URDF each frame as a link on
// a fixed joint (SdfToUrdfOptions::frames_as_links).
RunResult CheckGenerated(const std::string& tool, const InputSet& set) {
  RunResult r;
  const InputFile& f = set.files.front();
  const long long links = f.links;
  const long long joints = links - 1;
  const long long frames = CountSdfElements(f.text, "frame");
  const std::vector<std::string> sdf_model = {"sdf", "model"};
  const std::vector<std::string> elements = {"link", "joint", "frame"};
  const std::vector<long long> want = {links, joints, frames};
  std::string why;
  if (tool == "floor") {
    tinyxml2::XMLDocument doc;
    doc.Parse(f.text.data(), f.text.size());
    tinyxml2::XMLPrinter printer;
    doc.Print(&printer);
    why = OutputDiffers(printer.CStr(), sdf_model, elements, want);
  } else if (tool == "ours") {
    frames::Diagnostics diags;
    const std::optional<sdf_io::SdfDocument> doc =
        sdf_io::ReadSdf(f.text, f.path, &diags);
    if (!doc || doc->models.size() != 1) {
      why = "not one model: " + FirstLine(diags.ToString());
    } else {
      const frames::Model& m = doc->models.front();
      why = CountsDiffer({"links", "joints", "frames"},
                         {static_cast<long long>(m.links.size()),
                          static_cast<long long>(m.joints.size()),
                          static_cast<long long>(m.frames.size())},
                         want);
    }
  } else if (tool == "libsdformat") {
    sdf::Root root;
    const sdf::Errors errors = root.LoadSdfString(f.text);
    if (!errors.empty() || root.Model() == nullptr) {
      why = "no model: " +
            (errors.empty() ? "" : FirstLine(errors.front().Message()));
    } else {
      const sdf::Model& m = *root.Model();
      why = CountsDiffer({"links", "joints", "frames"},
                         {static_cast<long long>(m.LinkCount()),
                          static_cast<long long>(m.JointCount()),
                          static_cast<long long>(m.FrameCount())},
                         want);
    }
  } else if (tool == "sdf2sdf" || tool == "sdf2urdf") {
    const converter::ConversionResult c =
        tool == "sdf2sdf" ? converter::SdfToSdf(f.text, f.path)
                          : converter::SdfToUrdf(f.text, f.path);
    if (!c.ok) {
      why = "not ok: " + FirstLine(c.diagnostics.ToString());
    } else if (tool == "sdf2sdf") {
      why = OutputDiffers(c.output, sdf_model, elements, want);
    } else {
      why = OutputDiffers(c.output, {"robot"}, {"link", "joint"},
                          {links + frames, joints + frames});
    }
  } else {
    return r;  // no check
  }
  r.total = 1;
  r.ok = why.empty() ? 1 : 0;
  r.first_error = why;
  return r;
}

SdfShape ShapeNamed(const std::string& name) {
  for (const SdfShape s :
       {SdfShape::kChain, SdfShape::kTree, SdfShape::kFrameHeavy}) {
    if (name == SdfShapeName(s)) return s;
  }
  return SdfShape::kChain;
}

int Main(int argc, char** argv) {
  int frames_per_link = 8;
  Program p;
  p.name = "sdf_benchmark";
  p.title = "sdf benchmark";
  p.usage = kUsage;
  p.shapes = {SdfShapeName(SdfShape::kChain), SdfShapeName(SdfShape::kTree),
              SdfShapeName(SdfShape::kFrameHeavy)};
  Tool sdf2urdf{"sdf2urdf", "sdf2urdf: converter::SdfToUrdf", RunSdf2Urdf,
                /*ours=*/true};
  sdf2urdf.corpus_subset = true;
  p.tools = {
      FloorTool(),
      {"ours", "ours: ReadSdf+FrameGraph+all poses", RunOurs, /*ours=*/true},
      {"libsdformat", "libsdformat Root::LoadSdfString", RunLibsdformat},
      {"sdf2sdf", "sdf2sdf: converter::SdfToSdf", RunSdf2Sdf, /*ours=*/true},
      sdf2urdf,
      {"xml", "xml: our XML parser (xml::Parse)", RunXmlOnly, /*ours=*/true},
      {"schema", "schema: xml::Parse + CheckAgainstSchema", RunSchema,
       /*ours=*/true},
  };
  p.parse_flag = [&](const std::string& flag,
                     const std::function<std::string()>& value) {
    if (flag != "--frames-per-link") return false;
    frames_per_link = std::max(1, ParseInt(p, flag, value()));
    return true;
  };
  p.corpus_kind = "SDF";
  p.runfiles_label = "@corpus//:sdf";
  p.extensions = {".sdf", ".world"};
  p.model_dir = "gazebo_models";
  p.count_links = [](const std::string& text) {
    return CountSdfElements(text, "link");
  };
  p.generated_extension = ".sdf";
  p.generate = [&](const Options& o, const std::string& shape, int links) {
    GeneratedSdf g =
        GenerateSdf(ShapeNamed(shape), links, o.branching, frames_per_link);
    return GeneratedInput{
        std::move(g.text), g.links, g.depth, {WithThousands(g.frames)}};
  };
  p.check = CheckGenerated;
  p.check_what =
      "every link, joint and frame (sdf2urdf: every frame as a link on a "
      "fixed joint)";
  p.file_io =
      "file I/O of the inputs excluded (included files are read by ours, "
      "sdf2sdf, sdf2urdf and libsdformat)";
  p.environment = {
      "ours: sdf_io::ReadSdf + frames::FrameGraph::Build + PoseInModel of "
      "every link/joint/frame + ResolvePose of every visual/collision; "
      "ok = no error diagnostic and every pose resolved",
      "sdf2urdf: converter::SdfToUrdf with default options (read, validate, "
      "reshape, write URDF; every //frame becomes a link on a fixed joint); "
      "ok = converted. It takes one model per file (alone or the only model "
      "of a world), so it refuses worlds with several models and what URDF "
      "cannot hold: on the whole corpus it is timed on every file and its "
      "result counts the files converted",
  };
  p.input_columns = {"frames"};
  SizeTable per_link = TimePerLinkTable();
  per_link.explain_missing = false;
  SizeTable vs_floor;
  vs_floor.title =
      "Time / floor, generated inputs (goal: ours and sdf2urdf <= 3x)";
  vs_floor.value = [](const Row& r, const Row* floor) {
    return r.m.best_seconds / floor->m.best_seconds;
  };
  vs_floor.format = FormatRatio;
  vs_floor.vs_floor = true;
  vs_floor.growth = false;
  vs_floor.explain_missing = false;
  p.size_tables = {per_link, vs_floor};
  return RunBenchmark(p, argc, argv);
}

}  // namespace
}  // namespace benchmark

int main(int argc, char** argv) { return benchmark::Main(argc, argv); }
