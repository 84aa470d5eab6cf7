#include "converter/read_input.h"
#include "converter/sdf_to_urdf.h"

#include <filesystem>
#include <future>
#include <string_view>
#include <utility>

#include "converter/sdf_to_sdf.h"
#include "element/beside.h"
#include "reshape/to_sdf/sdf_version.h"
#include "reshape/to_urdf/passes.h"
#include "frames/graph.h"
#include "sdf_io/reader.h"
#include "xacro/xacro.h"
#include "urdf_io/reader.h"
#include "urdf_io/writer.h"
#include "xml/writer.h"

namespace converter {
namespace {

using frames::Diagnostics;
using frames::FrameGraph;
using frames::Isometry3;
using frames::Model;
using urdf_reshape::Quoted;

// Links of a model and its nested models.
size_t CountLinks(const Model& m) {
  size_t n = m.links.size();
  for (const auto& nested : m.models) n += CountLinks(nested);
  return n;
}

// Links of a document's models and its worlds' models.
size_t CountLinksIn(const sdf_io::SdfDocument& doc) {
  size_t n = 0;
  for (const auto& m : doc.models) n += CountLinks(m);
  for (const auto& w : doc.worlds) {
    for (const auto& m : w.models) n += CountLinks(m);
  }
  return n;
}

// The reshaping, pass by pass (reshape/to_urdf/passes.h).
// `spent`: &top when the caller gives it up (MakeLinks), else nullptr.
std::optional<Model> RunPasses(const Model& top, const FrameGraph& graph,
                             const Isometry3& X_WM,
                             const SdfToUrdfOptions& options,
                             Model* spent, Diagnostics* diags) {
  namespace pass = urdf_reshape;
  if (CountLinks(top) == 0) {
    diags->Error(frames::Code::URDF_NO_LINK,
                 "model " + Quoted(top.name) +
                     " has no link; a URDF robot needs at least one",
                 top.where);
    return std::nullopt;
  }
  auto flat = pass::Flatten(top, graph);
  if (!flat) {
    diags->Error(frames::Code::POSE_UNRESOLVED,
                 "model " + Quoted(top.name) +
                     " has poses that do not resolve; fix the errors above",
                 top.where);
    return std::nullopt;
  }
  pass::Draft draft;
  draft.out.name = top.name;
  draft.out.where = top.where;
  pass::OutputNames names(options.separator);
  if (!names.ClaimFileNames(&*flat, diags)) return std::nullopt;
  pass::MakeLinks(*flat, spent, &draft);
  if (!pass::ResolveJointEnds(&*flat, diags)) return std::nullopt;
  pass::CutLoops(&*flat, diags);
  if (!pass::MapJoints(*flat, options, &names, &draft, diags))
    return std::nullopt;
  pass::FramesAsLinks(*flat, options, &names, &draft, diags);
  if (!pass::CheckTree(&draft, diags)) return std::nullopt;
  pass::GuessLinkFrames(*flat, &draft);
  pass::ChooseRoot(*flat, &names, &draft, diags);
  pass::PlaceOnJoints(*flat, X_WM, &draft);
  pass::CarryLinkContents(*flat, &draft, diags);
  pass::WarnModelPoseDropped(*flat, X_WM, draft, diags);
  pass::PreserveFixedJoints(*flat, &draft);
  pass::CarryModelLevel(*flat, &draft, diags);
  pass::CarryCutJoints(*flat, names, &draft);
  pass::ChooseGazeboBlocks(*flat, &draft, diags);
  pass::WriteBlocks(*flat, &draft);
  return std::move(draft.out);
}

struct Selected {
  Model* model = nullptr;
  const FrameGraph* graph = nullptr;
  Isometry3 X_WM = Isometry3::Identity();
};

// The document's model to convert, and its pose in the world.
std::optional<Selected> SelectModel(sdf_io::SdfDocument& doc,
                                    const std::vector<FrameGraph>& graphs,
                                    const SdfToUrdfOptions& options,
                                    Diagnostics* diags) {
  // (model, its world or nullptr, its graph)
  struct Candidate {
    Model* model;
    const frames::World* world;
    const FrameGraph* graph;
  };
  std::vector<Candidate> all;
  for (size_t k = 0; k < doc.models.size(); ++k)
    all.push_back({&doc.models[k], nullptr, &graphs[k]});
  for (size_t w = 0; w < doc.worlds.size(); ++w) {
    const FrameGraph& world = graphs[doc.models.size() + w];
    for (auto& m : doc.worlds[w].models)
      all.push_back({&m, &doc.worlds[w], world.Nested(m.name)});
  }
  std::vector<Candidate> match;
  for (const auto& p : all) {
    if (options.model.empty() || p.model->name == options.model)
      match.push_back(p);
  }
  if (match.size() != 1) {
    std::string names;
    for (const auto& p : all)
      names += (names.empty() ? "" : ", ") + Quoted(p.model->name);
    diags->Error(
        frames::Code::SDF_MODEL_NOT_SELECTED,
        options.model.empty()
            ? "the document has " + std::to_string(all.size()) +
                  " models (" + (names.empty() ? "none" : names) +
                  "); a URDF holds one robot: choose one with --model NAME"
            : "the document has no model named " + Quoted(options.model) +
                  " (it has " + (names.empty() ? "none" : names) + ")",
        doc.where);
    return std::nullopt;
  }
  Selected s;
  s.model = match[0].model;
  s.graph = match[0].graph;
  if (!s.graph) return std::nullopt;
  // A URDF is one robot: what else the document holds is not converted.
  size_t others = doc.extensions.size() + all.size() - 1;
  for (const auto& w : doc.worlds) others += w.frames.size() + w.extensions.size();
  if (others > 0) {
    diags->Warning(frames::Code::DOCUMENT_CONTENT_DROPPED,
                   "only model " + Quoted(s.model->name) +
                       " is converted; the document's " +
                       std::to_string(others) +
                       " other top-level or world elements (models, frames, "
                       "lights, physics ...) have no place in a URDF robot",
                   doc.where);
  }
  if (match[0].world) {
    const FrameGraph& world = graphs[doc.models.size() +
                                     (match[0].world - doc.worlds.data())];
    auto X_WM = world.PoseInModel(s.model->name);
    if (!X_WM) return std::nullopt;
    s.X_WM = *X_WM;
  } else {
    s.X_WM = s.model->pose.ToIsometry();
  }
  return s;
}

// ToUrdfModel; `spent` as RunPasses's.
std::optional<Model> Convert(const Model& model, const FrameGraph& graph,
                             const Isometry3& X_WM,
                             const SdfToUrdfOptions& options, Model* spent,
                             Diagnostics* diags) {
  auto out = RunPasses(model, graph, X_WM, options, spent, diags);
  if (out) {
    NameGazeboPlugins(&*out, "a URDF <gazebo> block (read as SDFormat 1.7)",
                      diags);
    RewriteModelUris(&*out, options.model_paths, options.uris,
                     /*expanded_includes=*/true, diags);
  }
  return out;
}

// The model to write of `doc`, which the caller gives up: its selected
// model's link contents are moved into the result (MakeLinks), so only
// freeing `doc` is left to do with it.
std::optional<Model> Reshape(std::optional<sdf_io::SdfDocument>& doc,
                             const SdfToUrdfOptions& options,
                             Diagnostics* diags) {
  if (!doc) return std::nullopt;
  std::vector<FrameGraph> graphs;
  ValidateSdfDocument(*doc, diags, &graphs);
  if (diags->HasErrors()) return std::nullopt;
  auto selected = SelectModel(*doc, graphs, options, diags);
  if (!selected) return std::nullopt;
  if (options.check_parity) {
    if (!CheckUrdfParity(*selected->model, diags)) return std::nullopt;
  }
  auto model = Convert(*selected->model, *selected->graph, selected->X_WM,
                       options, /*spent=*/selected->model, diags);
  if (!model) return std::nullopt;
  // What WriteUrdf would refuse (it checks) is a bug of the reshaping, not
  // of the input; --check checks it here so that it says what a conversion
  // says.
  if (options.check_only && !urdf_io::CheckUrdfForm(*model, diags))
    return std::nullopt;
  return model;
}

// For a model that declares no URDF version (one that did not come from a
// URDF): "1.1" when it has a capsule (URDF 1.1 <capsule>); nullopt, no
// version attribute (1.0), otherwise. A quaternion pose does not need 1.1:
// rpy holds the same rotation (--urdf-version 1.1 writes it as quat_xyzw).
std::optional<std::string> LowestUrdfVersion(const Model& model) {
  for (const auto& a : model.urdf_form.attributes) {
    if (a.on.empty() && a.name == "version") return std::nullopt;
  }
  // A capsule a URDF wrote (pybullet's, in any version) comes back as it
  // was written whatever the version.
  auto capsule = [](const frames::Shape& s) {
    return s.geometry.type == frames::Geometry::Type::kCapsule &&
           !s.urdf_form.Has(frames::UrdfForm::kCapsule);
  };
  for (const auto& l : model.links) {
    for (const auto& v : l.visuals)
      if (capsule(v)) return "1.1";
    for (const auto& c : l.collisions)
      if (capsule(c)) return "1.1";
  }
  return std::nullopt;
}

// `doc` freed once the model to write is made, before or beside the
// writing (peak memory: the writer's buffer reuses its memory). A large
// one (frames::kBesideLinks or more) beside the writing: its links,
// visuals and kept elements are a walk of their own. The future returned
// waits for it when destroyed.
std::future<void> Free(std::optional<sdf_io::SdfDocument> doc) {
  if (doc && CountLinksIn(*doc) >= frames::kBesideLinks) {
    return frames::RunBeside([d = std::move(doc)]() mutable { d.reset(); });
  }
  doc.reset();
  return {};
}

ConversionResult Finish(std::optional<Model> model,
                        const SdfToUrdfOptions& options,
                        ConversionResult result) {
  Diagnostics& diags = result.diagnostics;
  if (model && !diags.HasErrors() && !options.check_only &&
      !options.check_parity) {
    urdf_io::UrdfWriteOptions write;
    // None given: the URDF's own (carried by urdf2sdf), else the lowest
    // version that holds what the model has (LowestUrdfVersion).
    if (!options.urdf_version.empty()) write.version = options.urdf_version;
    else if (auto lowest = LowestUrdfVersion(*model)) write.version = *lowest;
    write.allow_capsule = urdf_io::WrittenUrdfMinor(*model, write) >= 1;
    write.carry_other_shapes = true;
    auto text = urdf_io::WriteUrdf(*model, write, &diags);
    if (text) result.output = std::move(*text);
  }
  diags.SortByLocation();
  result.ok = model.has_value() && !diags.HasErrors();
  if (!result.ok) result.output.clear();
  return result;
}

}  // namespace

bool CheckUrdfParity(const Model& model, Diagnostics* diags) {
  return urdf_io::CheckUrdfForm(model, diags);
}

std::optional<Model> ToUrdfModel(const Model& model, const Isometry3& X_WM,
                                 const SdfToUrdfOptions& options,
                                 Diagnostics* diags) {
  Diagnostics scratch;  // the model was validated before
  const FrameGraph graph = FrameGraph::Build(model, &scratch);
  return ToUrdfModel(model, graph, X_WM, options, diags);
}

std::optional<Model> ToUrdfModel(const Model& model, const FrameGraph& graph,
                                 const Isometry3& X_WM,
                                 const SdfToUrdfOptions& options,
                                 Diagnostics* diags) {
  return Convert(model, graph, X_WM, options, /*spent=*/nullptr, diags);
}

ConversionResult SdfToUrdf(std::string_view sdf_text,
                           const std::string& source_name,
                           const SdfToUrdfOptions& options) {
  ConversionResult result;
  auto doc = sdf_io::ReadSdf(sdf_text, source_name, &result.diagnostics,
                             ToReadOptions(options));
  auto model = Reshape(doc, options, &result.diagnostics);
  const std::future<void> freeing = Free(std::move(doc));
  return Finish(std::move(model), options, std::move(result));
}

ConversionResult SdfFileToUrdf(const std::string& path,
                               const SdfToUrdfOptions& options) {
  if (xacro::IsXacroPath(path)) {
    return ConvertXacroFile(path, options.xacro, options.uris.packages, options.limits,
                            [&](std::string_view text) { return SdfToUrdf(text, path, options); });
  }
  ConversionResult result;
  auto doc = sdf_io::ReadSdfFile(path, &result.diagnostics,
                                 ToReadOptions(options));
  auto model = Reshape(doc, options, &result.diagnostics);
  const std::future<void> freeing = Free(std::move(doc));
  return Finish(std::move(model), options, std::move(result));
}

std::optional<Model> SdfFileToUrdfModel(const std::string& path,
                                        const SdfToUrdfOptions& options,
                                        Diagnostics* diags) {
  auto doc = sdf_io::ReadSdfFile(path, diags, ToReadOptions(options));
  auto model = Reshape(doc, options, diags);
  if (diags->HasErrors()) return std::nullopt;
  return model;
}

std::optional<Model> SdfToUrdfModel(std::string_view sdf_text,
                                    const std::string& source_name,
                                    const SdfToUrdfOptions& options,
                                    Diagnostics* diags) {
  auto doc = sdf_io::ReadSdf(sdf_text, source_name, diags,
                             ToReadOptions(options));
  auto model = Reshape(doc, options, diags);
  if (diags->HasErrors()) return std::nullopt;
  return model;
}

}  // namespace converter
