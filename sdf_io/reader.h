// SDFormat text -> frames::Model / frames::World. A recorder, like the URDF
// reader: every pose is stored with the frame it is relative to, and every
// element the model does not represent is kept verbatim where it hangs.
//
// Versions 1.0 to 1.12 (and the pre-1.0 `<gazebo version=...>` root) are
// read; anything else is SDF_VERSION_UNSUPPORTED. Like libsdformat, which
// migrates every document to its newest version before reading it, newer
// constructs are read in files that declare an older version (a 1.6 file's
// //pose/@relative_to, //xyz/@expressed_in, //model/@canonical_link,
// //pose/@degrees ...). Files older than 1.7 are mapped onto 1.7's explicit
// semantics so the frame core needs one set of rules:
//  - link and nested-model poses are relative to the model frame and joint
//    poses relative to the child link (the 1.7 defaults, so nothing changes);
//  - //joint/axis/use_parent_model_frame=true (and every 1.4 axis) becomes
//    xyz expressed_in="__model__";
//  - //pose/@frame becomes relative_to (empty values are dropped); a
//    @relative_to such a file has is read when it has no @frame;
//  - kept-verbatim elements get libsdformat's version conversions
//    (sdf_io/legacy.h), so they are written in their 1.7 form.
// Newer versions, each read in every version:
//  - 1.8: //model/@placement_frame and //include/placement_frame are
//    recorded in Model::placement_frame (the frame core resolves them);
//    `::` references are recorded as written.
//  - 1.9: //pose/@rotation_format (euler_rpy, or quat_xyzw with 7 numbers,
//    normalised) and @degrees (POSE_ROTATION_FORMAT_INVALID,
//    POSE_DEGREES_WITH_QUATERNION, BOOL_INVALID); //include/@merge, as
//    libsdformat 12 merges: the included model's links, joints, frames,
//    nested models, plugins and namespaced elements join the parent, a frame
//    `_merged__NAME__model__` attached to its canonical link and placed by
//    the include stands in for its __model__ (every `__model__` reference
//    and default now names it), its other elements (<static> ...) are
//    dropped with MERGE_INCLUDE_ELEMENT_DROPPED, and a merge into a world of
//    a model with links is MERGE_INCLUDE_UNSUPPORTED.
//  - 1.10: //world/joint into World::joints; joint limits `inf`/`-inf`.
//  - 1.11: //axis/mimic into Joint::mimic (q = multiplier * (q_leader -
//    reference) + offset, held as URDF's multiplier and offset; the element
//    is also kept); //inertial/@auto computed exactly from the collisions'
//    boxes, cylinders, spheres, capsules and ellipsoids with their
//    //collision/density (scaled to //inertial/mass when given), other
//    shapes kept as written with INERTIAL_AUTO_NOT_COMPUTED; cones kept.
//  - 1.12: //model/@namespace (and any other //model attribute) kept as
//    written, with ATTRIBUTE_KEPT.
// //include elements are resolved into nested models that remember the
// include (or merged, above): file paths (relative to the including file,
// then, for a bare name, in the model paths), package://PKG/... through
// sdf_io/packages.h, model://NAME through the model
// paths (NAME/model.config picks the newest SDF version <= 1.12, else
// NAME/model.sdf), and Fuel URIs https://HOST/1.0/OWNER/models/NAME[/VERSION]
// from the local Fuel cache (owner and name matched ignoring case; the
// newest cached version when none is given). An include that names nothing
// is INCLUDE_UNRESOLVED, naming every place searched; one that names a file
// outside the directory of the file read, the model paths and the Fuel
// caches searched (and ReadOptions::allowed_include_dirs) is
// INCLUDE_NOT_ALLOWED and is not read. The XML errors of an included file
// from outside that directory do not quote its text. Each included file is
// read and parsed once per read, keyed by its canonical path, which also
// catches cycles through other spellings of a path (INCLUDE_CYCLE); the
// models and links includes instantiate are counted, and a read beyond
// ReadOptions::max_expanded_size is refused (INCLUDE_EXPANSION_TOO_LARGE)
// before the copies are made.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "diag/diagnostics.h"
#include "frames/model.h"
#include "sdf_io/document.h"
#include "sdf_io/packages.h"
#include "xml/dom.h"

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
  // An include that names no file is a warning, INCLUDE_KEPT_UNRESOLVED,
  // and kept verbatim where it is, instead of the error INCLUDE_UNRESOLVED
  // (sdf2sdf --preserve-includes).
  bool keep_unresolved_includes = false;
  // The most models and links includes may instantiate in one read (each
  // instance of an included model counts all its models and links, nested
  // includes expanded): beyond it the read fails with
  // INCLUDE_EXPANSION_TOO_LARGE instead of exhausting memory.
  size_t max_expanded_size = 100000;

  // package://PKG/... includes: where packages are (sdf_io/packages.h).
  PackagePaths packages;
  // An include may name files only under the directory of the file read,
  // the model paths and the Fuel caches searched, and these directories
  // (--allow-include-from); anything else is INCLUDE_NOT_ALLOWED and is not
  // read, so that a document cannot make the converter read (and quote)
  // files such as /etc/passwd.
  std::vector<std::string> allowed_include_dirs;
  // Size, depth and element bounds of every file read (the main one and
  // each included one); max_depth also bounds how deep models nest once
  // includes are expanded (MODEL_NESTING_TOO_DEEP), and max_include_depth
  // how long a chain of includes may be (INCLUDE_TOO_DEEP).
  xml::Limits limits;
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

// The same, parsing `text` in place instead of a copy (a caller that owns
// the file's text moves it in: one copy of a large input fewer in time and
// in memory; the text is freed with the parsed XML when the read ends).
std::optional<SdfDocument> ReadSdfOwned(std::string text,
                                        const std::string& file,
                                        frames::Diagnostics* diags,
                                        const ReadOptions& options = {});

std::optional<SdfDocument> ReadSdfFile(const std::string& path,
                                       frames::Diagnostics* diags,
                                       const ReadOptions& options = {});

}  // namespace sdf_io
