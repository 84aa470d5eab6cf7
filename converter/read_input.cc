#include "converter/read_input.h"

#include <utility>

#include "converter/json.h"
#include "xml/reader.h"

namespace converter {

sdf_io::ReadOptions ToReadOptions(const ReadInputOptions& options) {
  sdf_io::ReadOptions read;
  read.model_paths = options.model_paths;
  read.packages = options.uris.packages;
  read.limits = options.limits;
  read.allowed_include_dirs = options.allowed_include_dirs;
  return read;
}

std::optional<InputText> ReadInputText(const std::string& path,
                                       const XacroOptions& xacro,
                                       const sdf_io::PackagePaths& packages,
                                       const xml::Limits& limits,
                                       frames::Diagnostics* diags) {
  InputText input;
  if (!xacro::IsXacroPath(path)) {
    std::optional<std::string> text = xml::ReadFile(path, diags, limits);
    if (!text) return std::nullopt;
    input.text = std::move(*text);
    return input;
  }
  xacro::Options options;
  options.allowed_dirs = xacro.allowed_dirs;
  if (auto pkg = sdf_io::EnclosingPackage(path)) options.allowed_dirs.push_back(pkg->second);
  options.find_package = [&packages](const std::string& package, const std::string& from) {
    return sdf_io::FindPackage(package, packages, from);
  };
  options.max_depth = xacro.max_depth;
  options.max_nodes = xacro.max_nodes;
  options.max_output_bytes = xacro.max_output_bytes;
  options.max_file_size = limits.max_file_size;
  options.source_map = true;
  xacro::Result result = xacro::ExpandFile(path, xacro.args, options, diags, xacro.banner_name);
  if (!result.ok) return std::nullopt;
  input.text = std::move(result.xml);
  input.expanded = true;
  input.source_map = std::move(result.source_map);
  input.dependencies = std::move(result.dependencies);
  return input;
}

void MapToXacroSources(const InputText& input, const std::string& path,
                       ConversionResult* result) {
  if (!input.expanded) return;
  // The element paths are the expanded document's (read before the lines
  // point elsewhere).
  FillElementPaths(&result->diagnostics, path, input.text);
  frames::Diagnostics mapped;
  for (frames::Diagnostic d : result->diagnostics.all()) {
    xacro::SourceMap::Origin origin;
    if (d.where.file == path && d.where.line > 0 &&
        input.source_map.Lookup(d.where.line, &origin)) {
      d.where.file = origin.file;
      d.where.line = origin.line;
      d.message += origin.context;
    }
    mapped.Add(std::move(d));
  }
  result->diagnostics = std::move(mapped);
}

}  // namespace converter

namespace converter {

ConversionResult ConvertXacroFile(
    const std::string& path, const XacroOptions& xacro,
    const sdf_io::PackagePaths& packages, const xml::Limits& limits,
    const std::function<ConversionResult(std::string_view text)>& convert) {
  frames::Diagnostics diags;
  std::optional<InputText> input = ReadInputText(path, xacro, packages, limits, &diags);
  if (!input) {
    ConversionResult r;
    r.diagnostics = std::move(diags);
    return r;
  }
  ConversionResult r = convert(input->text);
  MapToXacroSources(*input, path, &r);
  if (!diags.all().empty()) {
    diags.Append(r.diagnostics);
    r.diagnostics = std::move(diags);
  }
  return r;
}

}  // namespace converter
