// Test-only: the pieces every libsdformat-based test oracle needs to load
// files the same way, in one place.
//
//   MakeConfig       the sdf::ParserConfig Gazebo would use for a set of model
//                    directories, so that every oracle loads the same
//                    selection of files;
//   FastLoadFile,    what sdf::Root::Load(path, config) and
//   FastLoadString   Root::LoadSdfString(text, config) do (sdf::init,
//                    sdf::readFile or sdf::readString, Root::Load(SDFPtr,
//                    config), the same errors in the same order), except that
//                    sdf::init, which parses libsdformat's whole element
//                    description and takes most of the time of a load
//                    (~0.06 s of ~0.08 s), runs once per process: each load
//                    reads into a fresh root element made like sdf::init's,
//                    so nothing one read adds can leak into the next;
//   ToIsometry       an ignition pose as an Eigen isometry.
//
// Users check that fast loading reads what Root::Load reads
// (reshape/to_urdf:sdf_gazebo_oracle_test LoadsLikeRootLoad,
// SDF_ROUND_TRIP_FRESH_INIT=1 for converter:sdf_round_trip_corpus_test).
// Nothing we ship may depend on libsdformat.
#pragma once

#include <string>
#include <vector>

#include <Eigen/Geometry>
#include <ignition/math/Pose3.hh>
#include <sdf/Error.hh>
#include <sdf/ParserConfig.hh>
#include <sdf/Root.hh>

namespace sdf_oracle {

// libsdformat's global configuration with model:// URIs looked up in each of
// model_paths, in order (each holds one folder per model), and, for anything
// libsdformat's own search misses (a URI with another scheme or none), the
// name looked up in those directories too, as Gazebo's find callback does.
// The directories are also added, once each, to libsdformat's global
// configuration, which libsdformat 12.3 uses instead of the given one for
// the files a merge-include includes (so only there, a file a merge-include
// includes also finds model:// URIs in directories an earlier configuration
// named; the returned configuration holds `model_paths` only).
sdf::ParserConfig MakeConfig(const std::vector<std::string>& model_paths);

// As root->Load(path, config), with sdf::init run once per process.
sdf::Errors FastLoadFile(sdf::Root* root, const std::string& path,
                         const sdf::ParserConfig& config);

// As root->LoadSdfString(text, config), with sdf::init run once per process.
// The text may be URDF, which libsdformat converts with its own parser.
sdf::Errors FastLoadString(sdf::Root* root, const std::string& text,
                           const sdf::ParserConfig& config);

// The pose as an isometry. The quaternion is normalised first unless
// `normalize` is false (some tests compare the rotation matrix of the
// quaternion exactly as libsdformat holds it).
Eigen::Isometry3d ToIsometry(const ignition::math::Pose3d& pose,
                             bool normalize = true);

}  // namespace sdf_oracle
