// A test-only oracle: libsdformat 12's view of an SDFormat file.
//
// Our own reader and frame-semantics core (sdf_io/, frames/) must never use
// libsdformat. Tests use this library instead as an independent second
// opinion: load the same file with libsdformat (Debian's libsdformat-dev),
// ask it whether the file is valid and where every frame-bearing element is,
// and compare that, number by number, with what our resolver says.
//
// Everything is flattened into a Snapshot: maps from a scoped key to a pose,
// an axis direction or an inertial, all expressed in one frame R (monogram
// notation: X_RL is the pose of link L in R):
//   - a file whose root holds a <world>: R is the world frame;
//   - a file whose root holds a <model>: R is that top-level model's own frame
//     (its //model/pose is not applied; the key of the model maps to identity).
//
// Keys join names with "::" by scope, the top-level model's name included:
//   "M", "M::N"                  models (world models, nested and included)
//   "M::L", "M::J", "M::F"       links, joints, explicit //model/frame
//   "F"                          //world/frame (no prefix)
//   "M::L/visual:V"              visuals
//   "M::L/collision:C"           collisions
//   "M::L/sensor:S"              sensors on links
//   "M::J/sensor:S"              sensors on joints
//   "M::L/light:X"               lights on links
//   "light:X"                    //world/light
//   axes: "M::J/axis", "M::J/axis2"; inertials: "M::L".
// A key whose pose libsdformat cannot resolve (graph errors, ...) is left out.
//
// Everything here is libsdformat's answer, not ours: where libsdformat applies
// a default (a link without <inertial> gets mass 1 and unit inertia), the
// snapshot records that default. What libsdformat 12 does, measured on the
// corpus (see sdformat_oracle_test.cc):
//   - every //include, in any version 1.3 to 1.8, becomes a nested model
//     ("M::included::link"), never a flattened "included::link" link;
//   - 1.3 and 1.4 joint axes are in the model frame (its converter turns them
//     into xyz/@expressed_in="__model__"), as are later ones with
//     use_parent_model_frame;
//   - the pre-1.0 <gazebo version="1.2"> root is not read at all (FILE_READ);
//   - it never gives a joint's sensors the pose graph, so their
//     SemanticPose cannot be resolved. Their pose is then composed from
//     libsdformat's pieces: the sensor's RawPose in the frame PoseRelativeTo
//     names (the joint if empty), whose pose libsdformat resolved.
// Not recorded: particle emitters, actors, and a root-level <light>.
#pragma once

#include <map>
#include <string>
#include <vector>

#include <Eigen/Geometry>

#include "sdf_io/testing/snapshot.h"

namespace sdf_oracle {

// Loads a file with libsdformat's default configuration (model:// URIs are
// then found through the SDF_PATH environment variable, as libsdformat does).
Snapshot LoadFile(const std::string& path);

// As above, with model:// URIs (and bare model names) also looked up in
// each of model_paths, in order: each directory holds one folder per model,
// with its model.config.
Snapshot LoadFile(const std::string& path,
                  const std::vector<std::string>& model_paths);

// Loads SDFormat text. Relative file URIs are resolved against the current
// directory.
Snapshot LoadString(const std::string& sdf_xml);
Snapshot LoadString(const std::string& sdf_xml,
                    const std::vector<std::string>& model_paths);

// The enumerator name of an sdf::ErrorCode value, e.g. "DUPLICATE_NAME"
// (the argument is the code's integer value, so that this header does not
// need libsdformat's headers). Unknown values give "ERROR_CODE_<n>".
std::string ErrorCodeName(int code);

}  // namespace sdf_oracle
