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
  // Directories searched first for model://NAME (each holding
  // NAME/model.config or NAME/model.sdf); then, when use_environment_paths,
  // those of SDF_PATH, GZ_SIM_RESOURCE_PATH, IGN_GAZEBO_RESOURCE_PATH and
  // GAZEBO_MODEL_PATH (':'-separated).
  std::vector<std::string> model_paths;
  // Fuel cache roots searched first for https://fuel.gazebosim.org/1.0/
  // OWNER/models/NAME[/VERSION] (ROOT/HOST/OWNER/models/NAME/VERSION);
  // then, when use_environment_paths, GZ_FUEL_CACHE_PATH,
  // IGN_FUEL_CACHE_PATH, ~/.gz/fuel and ~/.ignition/fuel.
  std::vector<std::string> fuel_cache_dirs;
  bool use_environment_paths = true;
  // When false, //include elements are kept verbatim and not resolved.
  bool resolve_includes = true;
  // The most models and links includes may instantiate in one read (each
  // instance of an included model counts all its models and links, nested
  // includes expanded): beyond it the read fails with
  // INCLUDE_EXPANSION_TOO_LARGE instead of exhausting memory.
  size_t max_expanded_size = 100000;
};

// The directories model://NAME is looked up in: `model_paths`, then (when
// `use_environment_paths`) SDF_PATH, GZ_SIM_RESOURCE_PATH,
// IGN_GAZEBO_RESOURCE_PATH and GAZEBO_MODEL_PATH, each ':'-separated.
std::vector<std::string> ModelSearchDirs(
    const std::vector<std::string>& model_paths, bool use_environment_paths);

// The Fuel cache roots a Fuel URI is looked up in, in order (see
// ReadOptions::fuel_cache_dirs).
std::vector<std::string> FuelCacheDirs(const ReadOptions& options);

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
