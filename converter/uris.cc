#include "converter/uris.h"

#include <filesystem>
#include <system_error>

#include "sdf_io/reader.h"

namespace converter {

namespace fs = std::filesystem;

namespace {

constexpr std::string_view kModel = "model://";
constexpr std::string_view kFile = "file://";

bool StartsWith(std::string_view s, std::string_view prefix) {
  return s.compare(0, prefix.size(), prefix) == 0;
}

fs::path Absolute(const fs::path& p) {
  std::error_code ec;
  return fs::absolute(p, ec).lexically_normal();
}

bool Exists(const fs::path& p) {
  std::error_code ec;
  return fs::exists(p, ec);
}

// The directory relative URIs in `from_file` are relative to.
fs::path BaseDir(const std::string& from_file) {
  if (from_file.empty() || from_file == "<stdin>") return Absolute(".");
  return Absolute(from_file).parent_path();
}

// "a/b" of `path` under `dir`, or nullopt when it is not under it.
std::optional<std::string> Under(const fs::path& path, const fs::path& dir) {
  const fs::path rel = path.lexically_relative(dir);
  if (rel.empty()) return std::nullopt;
  const std::string s = rel.generic_string();
  if (s == "..") return std::nullopt;
  if (StartsWith(s, "../")) return std::nullopt;
  return s == "." ? std::string() : s;
}

std::string Join(const std::string& scheme, const std::string& name,
                 const std::string& rest) {
  return scheme + name + (rest.empty() ? "" : "/" + rest);
}

// `path` as package://PKG/rel from the nearest package.xml at or above it
// (sdf_io::EnclosingPackage), or (`models`) as model://DIR/rel from the
// nearest directory holding a model.config below that package (anywhere
// above, without one), else model://PKG/rel.
std::optional<std::string> NearestRoot(const fs::path& path, bool models) {
  const auto package = sdf_io::EnclosingPackage(path.string());
  const fs::path package_dir = package ? fs::path(package->second) : fs::path();
  if (models) {
    std::error_code ec;
    for (fs::path d = fs::is_directory(path, ec) ? path : path.parent_path();
         !d.empty(); d = d.parent_path()) {
      if (Exists(d / "model.config")) {
        return Join("model://", d.filename().string(), *Under(path, d));
      }
      if (d == package_dir || d == d.root_path()) break;
    }
  }
  if (!package) return std::nullopt;
  return Join(models ? "model://" : "package://", package->first,
              *Under(path, package_dir));
}

// The path written for kAbsolute/kRelative: the copy under the mirror.
fs::path Mirrored(const fs::path& path, const UriOptions& o) {
  if (o.mirror_from.empty() || o.mirror_to.empty()) return path;
  auto rel = Under(path, Absolute(o.mirror_from));
  if (!rel) return path;
  return Absolute(fs::path(o.mirror_to) / *rel);
}

}  // namespace

std::optional<UriForm> ParseUriForm(std::string_view name) {
  if (name == "keep") return UriForm::kKeep;
  if (name == "package") return UriForm::kPackage;
  if (name == "model") return UriForm::kModel;
  if (name == "relative") return UriForm::kRelative;
  if (name == "absolute") return UriForm::kAbsolute;
  return std::nullopt;
}

std::optional<std::string> ResolveUri(
    const std::string& uri, const std::string& from_file,
    const std::vector<std::string>& model_paths,
    const sdf_io::PackagePaths& packages) {
  if (auto pkg = sdf_io::SplitPackageUri(uri)) {
    auto dir = sdf_io::FindPackage(pkg->first, packages, from_file);
    if (!dir) return std::nullopt;
    return Absolute(fs::path(*dir) / pkg->second).string();
  }
  if (StartsWith(uri, kModel)) {
    const std::string rest = uri.substr(kModel.size());
    const std::string name = rest.substr(0, rest.find('/'));
    if (name.empty()) return std::nullopt;
    const auto dirs = sdf_io::ModelSearchDirs(model_paths, true);
    for (const auto& d : dirs) {
      if (Exists(fs::path(d) / rest)) return Absolute(fs::path(d) / rest).string();
    }
    return std::nullopt;
  }
  std::string path = uri;
  if (StartsWith(uri, kFile)) {
    path = uri.substr(kFile.size());
  } else if (uri.find("://") != std::string::npos) {
    return std::nullopt;  // http://, https:// ...: no local file
  }
  if (path.empty()) return std::nullopt;
  if (path[0] == '/') return Absolute(path).string();
  return Absolute(BaseDir(from_file) / path).string();
}

std::string RewriteUri(const std::string& uri, const std::string& what,
                       const frames::SourceLocation& where,
                       const std::vector<std::string>& model_paths,
                       const UriOptions& o, frames::Diagnostics* diags) {
  if (o.form == UriForm::kKeep) return uri;
  if (!o.only_scheme.empty() && !StartsWith(uri, o.only_scheme)) return uri;
  const auto package_uri = sdf_io::SplitPackageUri(uri);
  const bool model_uri = StartsWith(uri, kModel);
  const auto path = ResolveUri(uri, where.file, model_paths, o.packages);
  // The textual convention between the two schemes (swap_scheme).
  auto swapped = [&]() -> std::optional<std::string> {
    if (o.only_scheme.empty()) return std::nullopt;
    if (o.form == UriForm::kPackage && model_uri)
      return "package://" + uri.substr(kModel.size());
    if (o.form == UriForm::kModel && package_uri)
      return "model://" + uri.substr(std::string_view("package://").size());
    return std::nullopt;
  };
  if (!path) {
    if (auto s = swapped()) return *s;
    std::string why;
    if (model_uri) {
      why = " is not found on the model paths (--model-path, SDF_PATH, "
            "GZ_SIM_RESOURCE_PATH)";
    } else if (package_uri) {
      std::vector<std::string> searched;
      sdf_io::FindPackage(package_uri->first, o.packages, where.file,
                          &searched);
      std::string places;
      for (const auto& s : searched) places += (places.empty() ? "" : ", ") + s;
      why = ": package '" + package_uri->first + "' is not found (searched: " +
            places + "; give --package " + package_uri->first + "=DIR)";
    } else {
      why = " names no local file";
    }
    diags->Warning(frames::Code::MESH_URI_UNRESOLVED,
                   what + " '" + uri + "'" + why + "; it is kept as is",
                   where);
    return uri;
  }
  switch (o.form) {
    case UriForm::kKeep:
      return uri;
    case UriForm::kAbsolute:
      return Mirrored(*path, o).string();
    case UriForm::kRelative: {
      const fs::path base =
          Absolute(o.relative_to_dir.empty() ? "." : o.relative_to_dir);
      const std::string rel =
          Mirrored(*path, o).lexically_relative(base).generic_string();
      return rel.empty() ? Mirrored(*path, o).string() : rel;
    }
    case UriForm::kPackage:
    case UriForm::kModel: {
      const bool models = o.form == UriForm::kModel;
      if (auto written = NearestRoot(*path, models)) return *written;
      if (auto s = swapped()) return *s;
      diags->Warning(
          frames::Code::URI_NOT_REWRITTEN,
          what + " '" + uri + "' names '" + *path + "', which is in no " +
              (models ? "model directory (a model.config above it) or ROS "
                        "package (a package.xml above it)"
                      : "ROS package (a package.xml above it)") +
              "; it is kept as is",
          where);
      return uri;
    }
  }
  return uri;
}

void RewriteModelUris(frames::Model* model,
                      const std::vector<std::string>& model_paths,
                      const UriOptions& options, bool expanded_includes,
                      frames::Diagnostics* diags) {
  if (options.form == UriForm::kKeep) return;
  if (model->include && !expanded_includes) {
    if (frames::Element* uri = model->include->Child("uri")) {
      uri->text = RewriteUri(uri->text, "<include>", uri->where, model_paths,
                             options, diags);
    }
    return;
  }
  auto mesh = [&](frames::Shape* s) {
    if (s->geometry.type != frames::Geometry::Type::kMesh ||
        s->geometry.uri.empty()) {
      return;
    }
    s->geometry.uri = RewriteUri(s->geometry.uri, "mesh", s->where,
                                 model_paths, options, diags);
  };
  for (auto& l : model->links) {
    for (auto& v : l.visuals) mesh(&v);
    for (auto& c : l.collisions) mesh(&c);
  }
  for (auto& n : model->models)
    RewriteModelUris(&n, model_paths, options, expanded_includes, diags);
}

void RewriteDocumentUris(sdf_io::SdfDocument* doc,
                         const std::vector<std::string>& model_paths,
                         const UriOptions& options, bool expanded_includes,
                         frames::Diagnostics* diags) {
  for (auto& m : doc->models)
    RewriteModelUris(&m, model_paths, options, expanded_includes, diags);
  for (auto& w : doc->worlds) {
    for (auto& m : w.models)
      RewriteModelUris(&m, model_paths, options, expanded_includes, diags);
  }
}

}  // namespace converter
