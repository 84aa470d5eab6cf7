// What every conversion that reads SDFormat (sdf2sdf, sdf2urdf) tells the
// reader: where includes and model:// URIs are found and the input's
// bounds. SdfToSdfOptions and SdfToUrdfOptions both derive from it, so a
// read option added here reaches both pipelines' readers (ToReadOptions);
// its fields stay the options' own (options.model_paths ...).
#pragma once

#include <string>
#include <vector>

#include "converter/uris.h"
#include "sdf_io/reader.h"
#include "xml/dom.h"

namespace converter {

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
};

// The reader's options for `options`.
sdf_io::ReadOptions ToReadOptions(const ReadInputOptions& options);

}  // namespace converter
