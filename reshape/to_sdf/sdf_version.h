// The SDFormat version the converters write (`--sdf-version`), and what
// changes with it. 1.7 is the default; 1.8 to 1.12 are written on request.
//
// What depends on the version written (docs/versions.md, "SDFormat versions"):
//  - 1.7: composition is expanded into what 1.7 holds (reshape/to_sdf/as_sdf17.h).
//  - 1.8 and later: composition is kept as the input had it (placement
//    frames, "::" references, joints to frames and nested models, a nested
//    canonical link); a //world/joint, which only 1.10 has, is moved into
//    its child's model below 1.10 as for 1.7 (or kept with a warning).
//  - Below 1.10, an infinite joint limit is written as the value that meant
//    "unlimited" then: lower -1e16, upper 1e16, effort and velocity -1. From
//    1.10, `inf`/`-inf` (1.10's defaults).
//  - 1.9 removed //axis/initial_position (deprecated in 1.8): dropped with a
//    warning from 1.9 on.
//  - 1.12 renamed the //world/state elements (model -> model_state, link ->
//    link_state, ...): written under the names of the version written, in
//    both directions.
//  - 1.10 made //plugin/@name optional; below 1.10 a plugin without a name
//    is given one (NamePlugins), with a warning.
//  - 1.11 //axis/mimic: urdf2sdf writes a URDF <mimic> as one from 1.11 on
//    (converter/urdf_to_sdf.h); an SDF input's //axis/mimic is kept as read.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "diag/diagnostics.h"
#include "frames/graph.h"
#include "frames/model.h"

namespace converter {

// Versions are held as their minor number: 1.7 is 7.
inline constexpr int kDefaultSdfVersion = 7;
inline constexpr int kOldestSdfVersionWritten = 7;
inline constexpr int kNewestSdfVersionWritten = 12;

// "1.7" .. "1.12" -> 7 .. 12; nullopt for anything else.
std::optional<int> ParseSdfOutputVersion(std::string_view text);
// 7 -> "1.7".
std::string SdfVersionName(int minor);
// The usage error for a --sdf-version value that is not one of the above.
std::string SdfVersionUsageError(const std::string& value);

// A library caller's version outside 1.7 .. 1.12 is SDF_VERSION_UNSUPPORTED
// (the commands refuse it as a usage error first): false then.
bool CheckSdfOutputVersion(int minor, frames::Diagnostics* diags);

// The version-dependent elements of a model or world about to be written as
// 1.`minor` (1.7 included): joint limits, //axis/initial_position, the
// //world/state names, plugin names (NamePlugins below 1.10). Warnings name what a version cannot hold.
void AdaptToSdfVersion(frames::Model* model, int minor,
                       frames::Diagnostics* diags);
void AdaptToSdfVersion(frames::World* world, int minor,
                       frames::Diagnostics* diags);

// SDFormat 1.10 made //plugin/@name optional; older versions require it,
// and so do the URDF <gazebo> blocks, which libsdformat's URDF parser and
// urdf2sdf read as SDFormat 1.7. Gives every plugin without a name in
// `model` (at any depth: model, links, visuals, collisions, joints, frames,
// sensors, nested models; not inside namespaced elements, which SDFormat
// does not define) the name of its filename (else "plugin"), made
// unique among its sibling plugins with _2, _3 ..., each with a
// SDF_VERSION_CANNOT_EXPRESS warning saying that `target` ("SDFormat 1.7",
// "the URDF's <gazebo> blocks") needs one. The world's overload names its
// own plugins and its models'. Deterministic: the same input gives the same
// names.
void NamePlugins(frames::Model* model, const std::string& target,
                 frames::Diagnostics* diags);
void NamePlugins(frames::World* world, const std::string& target,
                 frames::Diagnostics* diags);
// The same for a URDF model about to be written: the plugins in its
// <gazebo> blocks (not those of <ros2_control>, whose plugins are no
// SDFormat's).
void NameGazeboPlugins(frames::Model* urdf, const std::string& target,
                       frames::Diagnostics* diags);

// Composition for 1.8 and later (1.7 is ExpressAsSdf17): kept as read,
// except //world/joint below 1.10, which moves into its child's model as
// for 1.7 where it can and is otherwise kept with a warning.
void ExpressAsSdfVersion(frames::World* world, const frames::FrameGraph& graph,
                         int minor, frames::Diagnostics* diags);

}  // namespace converter
