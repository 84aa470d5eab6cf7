// What every conversion that reads SDFormat (sdf2sdf, sdf2urdf) tells the
// reader: where includes and model:// URIs are found and the input's
// bounds. SdfToSdfOptions and SdfToUrdfOptions both derive from it, so a
// read option added here reaches both pipelines' readers (ToReadOptions);
// its fields stay the options' own (options.model_paths ...).
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "converter/result.h"
#include "converter/uris.h"
#include "diag/diagnostics.h"
#include "sdf_io/packages.h"
#include "sdf_io/reader.h"
#include "xacro/xacro.h"
#include "xml/dom.h"

namespace converter {

// How a xacro input (a file whose name ends in .xacro) is expanded before
// it is converted: what the `xacro` command takes.
struct XacroOptions {
  // NAME:=VALUE: the value of xacro:arg NAME.
  std::map<std::string, std::string> args;
  // Directories includes and load_yaml may also read under (beyond the
  // input's directory, its package and the packages $(find) found):
  // --allow-include-from.
  std::vector<std::string> allowed_dirs;
  // Nesting bound of elements, macro calls and includes, and the bounds
  // on what the expansion makes (xacro::Options).
  size_t max_depth = xacro::Options{}.max_depth;
  size_t max_nodes = xacro::Options{}.max_nodes;
  size_t max_output_bytes = xacro::Options{}.max_output_bytes;
  // The name the expansion's header comment gives the input, as ROS's
  // xacro prints the path its command line gave; "" = the path read.
  // migrate gives the path relative to the tree it migrates, so that its
  // output does not depend on where that tree lies.
  std::string banner_name;
};

// An input file's text, and for a xacro file where each of its lines came
// from.
struct InputText {
  std::string text;
  bool expanded = false;  // read from a .xacro
  xacro::SourceMap source_map;
  // The files the expansion read besides the input (includes, YAML).
  std::vector<std::string> dependencies;
};

// Reads `path`; a xacro file (xacro::IsXacroPath) is expanded in-process
// (xacro::ExpandFile, $(find PKG) found as package://PKG is: `packages`,
// then the environment and the enclosing packages), its errors reported
// at their xacro file and line. Nullopt after diagnostics when it cannot
// be read or expanded.
std::optional<InputText> ReadInputText(const std::string& path,
                                       const XacroOptions& xacro,
                                       const sdf_io::PackagePaths& packages,
                                       const xml::Limits& limits,
                                       frames::Diagnostics* diags);

// Points the diagnostics `result` gives at line L of the expansion of the
// xacro file `path` at the xacro file and line that wrote the element on L,
// the macro calls and includes that put it there added to the message.
// Does nothing for an input that was not expanded.
void MapToXacroSources(const InputText& input, const std::string& path,
                       ConversionResult* result);

// A xacro file's conversion: expands `path` (ReadInputText), converts the
// expansion with `convert(text)` (diagnostics naming `path`), maps the
// diagnostics back (MapToXacroSources), the expansion's warnings first.
ConversionResult ConvertXacroFile(
    const std::string& path, const XacroOptions& xacro,
    const sdf_io::PackagePaths& packages, const xml::Limits& limits,
    const std::function<ConversionResult(std::string_view text)>& convert);

struct ReadInputOptions {
  // Directories searched for model:// URIs (includes and meshes), before
  // SDF_PATH and GZ_SIM_RESOURCE_PATH.
  std::vector<std::string> model_paths;
  // Mesh and include URIs in the output (converter/uris.h), and where
  // package:// includes are found.
  UriOptions uris;
  // Bounds on the input (size, depth, number of elements, include chain):
  // beyond them the conversion is refused with a coded error.
  xml::Limits limits;
  // Directories an //include may also read from, beyond the input's own
  // directory and the model paths (sdf_io::ReadOptions::allowed_include_dirs).
  std::vector<std::string> allowed_include_dirs;
  // A .sdf.xacro input's expansion.
  XacroOptions xacro;
};

// The reader's options for `options`.
sdf_io::ReadOptions ToReadOptions(const ReadInputOptions& options);

}  // namespace converter
