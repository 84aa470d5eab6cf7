// Mesh and include URIs: resolved without ROS or Gazebo installed, and
// rewritten in one form for the tool that will read the output (ROS tools
// need package://, Gazebo model://), the same way in urdf2sdf, sdf2urdf,
// sdf2sdf and migrate.
//
// A URI names a file or directory:
//  - package://PKG/rest: PKG's directory (sdf_io/packages.h: --package,
//    ROS_PACKAGE_PATH, AMENT_PREFIX_PATH, the repository, the packages
//    enclosing the file) + rest;
//  - model://NAME/rest: the first model path holding NAME/rest (else
//    NAME) (--model-path, then SDF_PATH, GZ_SIM_RESOURCE_PATH,
//    IGN_GAZEBO_RESOURCE_PATH, GAZEBO_MODEL_PATH);
//  - file://PATH, an absolute path, or a relative path (relative to the
//    directory of the file that holds the URI).
// Other schemes (http://, https://) name no local file.
//
// The forms written (UriForm):
//  - kKeep: as written; nothing is resolved.
//  - kPackage: package://PKG/rel, PKG the nearest package.xml at or above
//    the file.
//  - kModel: model://DIR/rel, DIR the nearest directory at or above the
//    file holding a model.config (or a package.xml: model://PKG/rel, the
//    gazebo_ros convention).
//  - kAbsolute / kRelative: the file's path, absolute or relative to
//    UriOptions::relative_to_dir; under a migration's mirror, the path of
//    the copy in the output tree.
// A URI that cannot be written in the form asked is kept as written with a
// warning: MESH_URI_UNRESOLVED (it names no file found) or
// URI_NOT_REWRITTEN (the file is in no package or model directory), unless
// UriOptions::only_scheme applies.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "diag/diagnostics.h"
#include "frames/model.h"
#include "sdf_io/document.h"
#include "sdf_io/packages.h"

namespace converter {

enum class UriForm { kKeep, kPackage, kModel, kRelative, kAbsolute };

// "keep", "package", "model", "relative", "absolute"; nullopt otherwise.
std::optional<UriForm> ParseUriForm(std::string_view name);

struct UriOptions {
  UriForm form = UriForm::kKeep;
  // Where package://PKG is found (also for //include).
  sdf_io::PackagePaths packages;
  // Base directory of the paths kRelative writes (the output file's
  // directory); empty: the current directory.
  std::string relative_to_dir;
  // A migration's mirror: a file under `mirror_from` is written under
  // `mirror_to` at the same relative path, so kAbsolute and kRelative name
  // the copy. Empty: no mirror.
  std::string mirror_from;
  std::string mirror_to;
  // What urdf2sdf --package-to-model ("package://") and sdf2urdf
  // --mesh-uris ("model://") always did: only URIs of this scheme are
  // rewritten (others kept, unresolved), and one that kModel (kPackage)
  // cannot write from a file is written with the scheme swapped
  // (package://X/rest <-> model://X/rest: the convention that a Gazebo
  // model directory is a ROS package of that name), without a warning.
  // Empty: every URI, no swapping.
  std::string only_scheme;
};

// The absolute, normalised path a URI names (see above); nullopt when it
// names no local file. `from_file` holds the URI ("<stdin>": the current
// directory is the base).
std::optional<std::string> ResolveUri(
    const std::string& uri, const std::string& from_file,
    const std::vector<std::string>& model_paths,
    const sdf_io::PackagePaths& packages);

// `uri` in `options.form`; kept (with a warning at `where`, naming `what`:
// "mesh", "<include>") when it cannot be.
std::string RewriteUri(const std::string& uri, const std::string& what,
                       const frames::SourceLocation& where,
                       const std::vector<std::string>& model_paths,
                       const UriOptions& options, frames::Diagnostics* diags);

// Every mesh URI of the model's links and nested models, and each included
// model's //include/uri. An included model's own meshes are rewritten only
// when `expanded_includes` (the output writes its contents).
void RewriteModelUris(frames::Model* model,
                      const std::vector<std::string>& model_paths,
                      const UriOptions& options, bool expanded_includes,
                      frames::Diagnostics* diags);

// The same for every model of a document and its worlds.
void RewriteDocumentUris(sdf_io::SdfDocument* doc,
                         const std::vector<std::string>& model_paths,
                         const UriOptions& options, bool expanded_includes,
                         frames::Diagnostics* diags);

}  // namespace converter
