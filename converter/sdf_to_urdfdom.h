// sdf2urdf into urdfdom's in-memory model: where ROS's sdformat_urdf stands
// (a urdf_parser_plugin hands robot_state_publisher, MoveIt ... a
// urdf::ModelInterface), this gives the same type from any SDFormat model
// our converter accepts, without printing and parsing text. A separate
// target (//converter:sdf_to_urdfdom) so that //converter does not need
// urdfdom.
#pragma once

#include <string>
#include <string_view>

#include <urdf_world/types.h>  // urdf::ModelInterfaceSharedPtr

#include "converter/sdf_to_urdf.h"
#include "diag/diagnostics.h"

namespace converter {

// The robot SdfFileToUrdf would write, as urdfdom would parse it; nullptr
// with the reasons in `diags` when the model cannot be converted. What
// urdfdom has no place for (the <gazebo> blocks, capsules ...) is reported as
// a warning each (urdf_io::ToModelInterface).
urdf::ModelInterfaceSharedPtr SdfFileToUrdfModelInterface(
    const std::string& path, const SdfToUrdfOptions& options,
    frames::Diagnostics* diags);

urdf::ModelInterfaceSharedPtr SdfToUrdfModelInterface(
    std::string_view sdf_text, const std::string& source_name,
    const SdfToUrdfOptions& options, frames::Diagnostics* diags);

}  // namespace converter
