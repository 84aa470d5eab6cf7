#include "converter/read_input.h"
#include "converter/sdf_to_sdf.h"

#include <string_view>

#include "element/few_set.h"
#include "reshape/to_sdf/as_sdf17.h"
#include "reshape/to_sdf/urdf_parity.h"
#include "frames/graph.h"
#include "frames/inertia.h"
#include "sdf_io/reader.h"
#include "sdf_io/writer.h"
#include "xacro/xacro.h"
#include "xml/reader.h"

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
    frames::FewSet<std::string_view> visuals;
    for (const auto& v : l.visuals) visuals.Insert(v.name);
    for (const auto& c : l.collisions) {
      if (!visuals.Contains(c.name)) continue;
      diags->Warning(frames::Code::SIBLING_NAME_NOT_UNIQUE,
                     "collision '" + c.name + "' of link '" + l.name +
                         "' has the name of a visual of that link; SDFormat "
                         "asks sibling names to be unique",
                     c.where);
    }
  }
  for (const auto& n : m.models) CheckLinks(n, diags);
}

// A merge-include kept as written in a version before 1.9, which has none.
void WarnMergeIncludes(const std::vector<frames::Element>& elements,
                       int version, frames::Diagnostics* diags) {
  for (const auto& e : elements) {
    const std::string* merge = e.Attribute("merge");
    if (e.name != "include" || !merge || (*merge != "true" && *merge != "1"))
      continue;
    diags->Warning(frames::Code::SDF_VERSION_CANNOT_EXPRESS,
                   "<include merge=\"" + *merge +
                       "\"> is SDFormat 1.9; it is kept as written in the " +
                       SdfVersionName(version) + " output",
                   e.where);
  }
}

// The document --preserve-includes writes: `text` read again with every
// //include left as written (the first read, with the includes, was for
// checking), and its graphs (for world joints below 1.10; a reference into
// a kept include leaves a pose unresolved, which only keeps such a joint
// where it is).
std::optional<sdf_io::SdfDocument> ReadPreserved(
    std::string_view text, const std::string& source,
    const SdfToSdfOptions& options, std::vector<frames::FrameGraph>* graphs,
    frames::Diagnostics* diags) {
  sdf_io::ReadOptions read;
  read.model_paths = options.model_paths;
  read.resolve_includes = false;
  frames::Diagnostics again;  // what the first read reported already
  auto doc = sdf_io::ReadSdf(text, source, &again, read);
  if (!doc) return std::nullopt;  // not after a first read that worked
  ValidateSdfDocument(*doc, &again, graphs);
  const auto walk = [&](const frames::Model& m, auto&& self) -> void {
    WarnMergeIncludes(m.extensions, options.sdf_version, diags);
    for (const auto& n : m.models) self(n, self);
  };
  if (options.sdf_version < 9) {
    WarnMergeIncludes(doc->extensions, options.sdf_version, diags);
    for (const auto& m : doc->models) walk(m, walk);
    for (const auto& w : doc->worlds) {
      WarnMergeIncludes(w.extensions, options.sdf_version, diags);
      for (const auto& m : w.models) walk(m, walk);
    }
  }
  return doc;
}

ConversionResult Convert(std::optional<sdf_io::SdfDocument> doc,
                         const SdfToSdfOptions& options,
                         ConversionResult result, std::string_view text,
                         const std::string& source) {
  frames::Diagnostics& diags = result.diagnostics;
  if (!doc) {
    diags.SortByLocation();
    return result;
  }
  if (!CheckSdfOutputVersion(options.sdf_version, &diags)) return result;
  if (options.preserve_includes && options.sdf_version < 8) {
    diags.Error(frames::Code::SDF_VERSION_UNSUPPORTED,
                "includes are preserved in SDFormat 1.8 and later; the 1.7 "
                "output expands composition (ask for 1.8 or later)",
                {});
    return result;
  }
  std::vector<frames::FrameGraph> graphs;
  ValidateSdfDocument(*doc, &diags, &graphs);
  if (doc->models.empty() && doc->worlds.empty() && doc->extensions.empty()) {
    diags.Error(frames::Code::SDF_EMPTY,
                "the document has no <model>, <world> or <light>", doc->where);
  }
  if (options.preserve_includes && !diags.HasErrors() && !options.check_only) {
    std::vector<frames::FrameGraph> kept_graphs;
    if (auto kept = ReadPreserved(text, source, options, &kept_graphs, &diags)) {
      doc = std::move(kept);
      graphs = std::move(kept_graphs);
    }
  }
  // 1.8 composition (placement frames, "::" references, joints to frames,
  // world joints) in what the 1.7 output can hold, every pose unchanged.
  // From 1.8 on, composition stays as read (world joints below 1.10 aside).
  const int version = options.sdf_version;
  if (!diags.HasErrors() && !options.check_only) {
    const size_t models = doc->models.size();
    for (size_t k = 0; k < models; ++k) {
      if (version == 7) ExpressAsSdf17(&doc->models[k], graphs[k], &diags);
      AdaptToSdfVersion(&doc->models[k], version, &diags);
    }
    for (size_t w = 0; w < doc->worlds.size(); ++w) {
      frames::World& world = doc->worlds[w];
      if (version == 7) {
        ExpressAsSdf17(&world, graphs[models + w], &diags);
      } else {
        ExpressAsSdfVersion(&world, graphs[models + w], version, &diags);
      }
      AdaptToSdfVersion(&world, version, &diags);
    }
  }
  // Not needed any more: no graph held while writing a large model.
  std::vector<frames::FrameGraph>().swap(graphs);
  if (!diags.HasErrors() && options.urdf_parity) {
    ForEachTopModel(*doc, [&](frames::Model& m) { ToUrdfParity(&m, &diags); });
  }
  if (!diags.HasErrors() && !options.check_only) {
    RewriteDocumentUris(&*doc, options.model_paths, options.uris,
                        options.expand_includes, &diags);
  }
  diags.SortByLocation();
  if (diags.HasErrors()) return result;
  result.ok = true;
  if (options.check_only) return result;
  sdf_io::WriteOptions write;
  write.keep_includes = !options.expand_includes || options.preserve_includes;
  write.version = SdfVersionName(version);
  if (options.output_sink && diags.all().empty()) {
    sdf_io::WriteSdfDocument(*doc, write, options.output_sink);
  } else {
    result.output = sdf_io::WriteSdfDocument(*doc, write);
  }
  return result;
}

sdf_io::ReadOptions ReadOptionsFor(const SdfToSdfOptions& options) {
  sdf_io::ReadOptions read = ToReadOptions(options);
  read.keep_unresolved_includes = options.preserve_includes;
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
  return Convert(std::move(doc), options, std::move(result), sdf_text,
                 source_name);
}

ConversionResult SdfFileToSdf(const std::string& path,
                              const SdfToSdfOptions& options) {
  if (xacro::IsXacroPath(path)) {
    return ConvertXacroFile(path, options.xacro, options.uris.packages, options.limits,
                            [&](std::string_view text) { return SdfToSdf(text, path, options); });
  }
  ConversionResult result;
  auto text = xml::ReadFile(path, &result.diagnostics);
  if (!text) return result;
  // The text is read a second time only to keep the includes as written;
  // otherwise it is parsed in place and freed with the parsed XML, before
  // the model is checked and written.
  if (options.preserve_includes) return SdfToSdf(*text, path, options);
  ConversionResult converted;
  auto doc = sdf_io::ReadSdfOwned(std::move(*text), path,
                                  &converted.diagnostics,
                                  ReadOptionsFor(options));
  return Convert(std::move(doc), options, std::move(converted), {}, path);
}

frames::Diagnostics CheckSdfFile(const std::string& path,
                                 const std::vector<std::string>& model_paths) {
  SdfToSdfOptions options;
  options.check_only = true;
  options.model_paths = model_paths;
  return SdfFileToSdf(path, options).diagnostics;
}

}  // namespace converter
