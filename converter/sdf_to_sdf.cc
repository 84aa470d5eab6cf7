#include "converter/sdf_to_sdf.h"

#include <unordered_map>
#include <unordered_set>

#include "converter/urdf_parity.h"
#include "frames/graph.h"
#include "frames/inertia.h"
#include "sdf_io/reader.h"
#include "sdf_io/writer.h"
#include "xml/reader.h"

namespace converter {
namespace {

// libsdformat refuses a link whose inertia no simulator could use.
void CheckInertias(const frames::Model& m, frames::Diagnostics* diags) {
  for (const auto& l : m.links) {
    if (!l.inertial) continue;
    if (frames::IsValidMassMatrix(l.inertial->mass,
                                  l.inertial->InertiaMatrix())) {
      continue;
    }
    diags->Error("LINK_INERTIA_INVALID",
                 "link '" + l.name + "' of model '" + m.name +
                     "' has an invalid inertial: the mass must be "
                     "non-negative and the inertia positive semi-definite "
                     "with principal moments satisfying the triangle "
                     "inequality",
                 l.inertial->where);
  }
  for (const auto& n : m.models) CheckInertias(n, diags);
}

// The spec asks sibling names of any type to be unique; libsdformat only
// warns when a visual and a collision share one, and so do we.
void WarnSharedShapeNames(const frames::Model& m, frames::Diagnostics* diags) {
  for (const auto& l : m.links) {
    std::unordered_set<std::string> visuals;
    for (const auto& v : l.visuals) visuals.insert(v.name);
    for (const auto& c : l.collisions) {
      if (!visuals.count(c.name)) continue;
      diags->Warning("SIBLING_NAME_NOT_UNIQUE",
                     "collision '" + c.name + "' of link '" + l.name +
                         "' has the name of a visual of that link; SDFormat "
                         "asks sibling names to be unique",
                     c.where);
    }
  }
  for (const auto& n : m.models) WarnSharedShapeNames(n, diags);
}

// Builds every scope's graph: reports every problem of every model and world.
bool Validate(const sdf_io::SdfDocument& doc, frames::Diagnostics* diags) {
  for (const auto& m : doc.models) {
    CheckInertias(m, diags);
    WarnSharedShapeNames(m, diags);
  }
  for (const auto& w : doc.worlds) {
    for (const auto& m : w.models) {
      CheckInertias(m, diags);
      WarnSharedShapeNames(m, diags);
    }
  }
  bool ok = true;
  for (const auto& m : doc.models) ok = frames::FrameGraph::Build(m, diags).ok() && ok;
  for (const auto& w : doc.worlds)
    ok = frames::FrameGraph::BuildWorld(w, diags).ok() && ok;
  return ok;
}

ConversionResult Convert(std::optional<sdf_io::SdfDocument> doc,
                         const SdfToSdfOptions& options,
                         ConversionResult result) {
  frames::Diagnostics& diags = result.diagnostics;
  if (!doc) {
    diags.SortByLocation();
    return result;
  }
  Validate(*doc, &diags);
  if (doc->models.empty() && doc->worlds.empty() && doc->extensions.empty()) {
    diags.Error("SDF_EMPTY", "the document has no <model>, <world> or <light>",
                doc->where);
  }
  if (!diags.HasErrors() && options.urdf_parity) {
    for (auto& m : doc->models) ToUrdfParity(&m, &diags);
    for (auto& w : doc->worlds) {
      for (auto& m : w.models) ToUrdfParity(&m, &diags);
    }
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
