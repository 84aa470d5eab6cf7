// SDFormat text -> frames::Model / frames::World. A recorder, like the URDF
// reader: every pose is stored with the frame it is relative to, and every
// element the model does not represent is kept verbatim where it hangs.
//
// Versions 1.0 to 1.7 (and the pre-1.0 `<gazebo version=...>` root) are read.
// Files older than 1.7 are mapped onto 1.7's explicit semantics so the frame
// core needs one set of rules:
//  - link and nested-model poses are relative to the model frame and joint
//    poses relative to the child link (the 1.7 defaults, so nothing changes);
//  - //joint/axis/use_parent_model_frame=true (and every 1.4 axis) becomes
//    xyz expressed_in="__model__";
//  - //pose/@frame becomes relative_to (empty values are dropped);
//  - kept-verbatim elements get libsdformat's version conversions
//    (sdf_io/legacy.h), so they are written in their 1.7 form.
// //include elements are resolved (file paths, model://NAME through the model
// paths and NAME/model.config) into nested models that remember the include.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "frames/diagnostics.h"
#include "frames/model.h"
#include "sdf_io/document.h"

namespace sdf_io {

struct ReadOptions {
  // Directories searched for model://NAME (each holding NAME/model.config or
  // NAME/model.sdf). Empty: the SDF_PATH and GZ_SIM_RESOURCE_PATH (and
  // IGN_GAZEBO_RESOURCE_PATH) environment variables, ':'-separated.
  std::vector<std::string> model_paths;
  bool use_environment_paths = true;
  // When false, //include elements are kept verbatim and not resolved.
  bool resolve_includes = true;
};

// The directories model://NAME is looked up in: `model_paths`, then (when
// `use_environment_paths`) SDF_PATH, GZ_SIM_RESOURCE_PATH and
// IGN_GAZEBO_RESOURCE_PATH, each ':'-separated.
std::vector<std::string> ModelSearchDirs(
    const std::vector<std::string>& model_paths, bool use_environment_paths);

// Reads one SDF document. Returns nullopt when the text cannot be read as an
// SDF document at all (not XML, no <sdf> root, unsupported version); other
// problems are reported into `diags` and the document is returned as far as
// it could be read. `file` names the source in diagnostics and is the base
// for relative include paths.
std::optional<SdfDocument> ReadSdf(std::string_view text,
                                   const std::string& file,
                                   frames::Diagnostics* diags,
                                   const ReadOptions& options = {});

std::optional<SdfDocument> ReadSdfFile(const std::string& path,
                                       frames::Diagnostics* diags,
                                       const ReadOptions& options = {});

}  // namespace sdf_io
