#include "converter/sdf_to_sdf.h"

#include <unordered_set>

#include "converter/as_sdf17.h"
#include "converter/urdf_parity.h"
#include "frames/graph.h"
#include "frames/inertia.h"
#include "sdf_io/reader.h"
#include "sdf_io/writer.h"

namespace converter {
namespace {

// The top-level models of a document: its own and those of its worlds.
template <typename Doc, typename F>
void ForEachTopModel(Doc& doc, F f) {
  for (auto& m : doc.models) f(m);
  for (auto& w : doc.worlds) {
    for (auto& m : w.models) f(m);
  }
}

// What libsdformat checks of links beyond the frame graph: it refuses an
// inertia no simulator could use, and (like the spec, which asks sibling
// names of any type to be unique) warns when a visual and a collision share
// a name.
void CheckLinks(const frames::Model& m, frames::Diagnostics* diags) {
  for (const auto& l : m.links) {
    if (l.inertial && !frames::IsValidMassMatrix(l.inertial->mass,
                                                 l.inertial->InertiaMatrix())) {
      diags->Error(frames::Code::LINK_INERTIA_INVALID,
                   "link '" + l.name + "' of model '" + m.name +
                       "' has an invalid inertial: the mass must be "
                       "non-negative and the inertia positive semi-definite "
                       "with principal moments satisfying the triangle "
                       "inequality",
                   l.inertial->where);
    }
    std::unordered_set<std::string> visuals;
    for (const auto& v : l.visuals) visuals.insert(v.name);
    for (const auto& c : l.collisions) {
      if (!visuals.count(c.name)) continue;
      diags->Warning(frames::Code::SIBLING_NAME_NOT_UNIQUE,
                     "collision '" + c.name + "' of link '" + l.name +
                         "' has the name of a visual of that link; SDFormat "
                         "asks sibling names to be unique",
                     c.where);
    }
  }
  for (const auto& n : m.models) CheckLinks(n, diags);
}

ConversionResult Convert(std::optional<sdf_io::SdfDocument> doc,
                         const SdfToSdfOptions& options,
                         ConversionResult result) {
  frames::Diagnostics& diags = result.diagnostics;
  if (!doc) {
    diags.SortByLocation();
    return result;
  }
  std::vector<frames::FrameGraph> graphs;
  ValidateSdfDocument(*doc, &diags, &graphs);
  if (doc->models.empty() && doc->worlds.empty() && doc->extensions.empty()) {
    diags.Error(frames::Code::SDF_EMPTY,
                "the document has no <model>, <world> or <light>", doc->where);
  }
  // 1.8 composition (placement frames, "::" references, joints to frames,
  // world joints) in what the 1.7 output can hold, every pose unchanged.
  if (!diags.HasErrors() && !options.check_only) {
    const size_t models = doc->models.size();
    for (size_t k = 0; k < models; ++k)
      ExpressAsSdf17(&doc->models[k], graphs[k], &diags);
    for (size_t w = 0; w < doc->worlds.size(); ++w)
      ExpressAsSdf17(&doc->worlds[w], graphs[models + w], &diags);
  }
  // Not needed any more: no graph held while writing a large model.
  std::vector<frames::FrameGraph>().swap(graphs);
  if (!diags.HasErrors() && options.urdf_parity) {
    ForEachTopModel(*doc, [&](frames::Model& m) { ToUrdfParity(&m, &diags); });
  }
  diags.SortByLocation();
  if (diags.HasErrors()) return result;
  result.ok = true;
  if (options.check_only) return result;
  sdf_io::WriteOptions write;
  write.keep_includes = !options.expand_includes;
  result.output = sdf_io::WriteSdfDocument(*doc, write);
  return result;
}

sdf_io::ReadOptions ReadOptionsFor(const SdfToSdfOptions& options) {
  sdf_io::ReadOptions read;
  read.model_paths = options.model_paths;
  return read;
}

}  // namespace

void ValidateSdfDocument(const sdf_io::SdfDocument& doc,
                         frames::Diagnostics* diags,
                         std::vector<frames::FrameGraph>* graphs) {
  ForEachTopModel(doc, [&](const frames::Model& m) { CheckLinks(m, diags); });
  for (const auto& m : doc.models) {
    auto g = frames::FrameGraph::Build(m, diags);
    if (graphs) graphs->push_back(std::move(g));
  }
  for (const auto& w : doc.worlds) {
    auto g = frames::FrameGraph::BuildWorld(w, diags);
    if (graphs) graphs->push_back(std::move(g));
  }
}

ConversionResult SdfToSdf(std::string_view sdf_text,
                          const std::string& source_name,
                          const SdfToSdfOptions& options) {
  ConversionResult result;
  auto doc = sdf_io::ReadSdf(sdf_text, source_name, &result.diagnostics,
                             ReadOptionsFor(options));
  return Convert(std::move(doc), options, std::move(result));
}

ConversionResult SdfFileToSdf(const std::string& path,
                              const SdfToSdfOptions& options) {
  ConversionResult result;
  auto doc = sdf_io::ReadSdfFile(path, &result.diagnostics,
                                 ReadOptionsFor(options));
  return Convert(std::move(doc), options, std::move(result));
}

frames::Diagnostics CheckSdfFile(const std::string& path,
                                 const std::vector<std::string>& model_paths) {
  SdfToSdfOptions options;
  options.check_only = true;
  options.model_paths = model_paths;
  return SdfFileToSdf(path, options).diagnostics;
}

}  // namespace converter
