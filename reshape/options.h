// The options of the reshaping passes, apart from the pipelines' option
// structs (converter/*.h) so that no pass includes a pipeline's header:
// a pipeline's options derive from these and the pipeline hands them down.
#pragma once

#include <string>

namespace converter {

// sdf2urdf's reshaping (ToUrdfModel and the passes of
// reshape/to_urdf/passes.h); SdfToUrdfOptions derives from it.
struct ToUrdfReshapeOptions {
  // Joins a nested model's name and its elements' names.
  std::string separator = "::";
  // //frame elements become massless links on fixed joints.
  bool frames_as_links = true;
  // A ball joint becomes a floating joint (with a warning) instead of an
  // error.
  bool ball_as_floating = false;
  // universal and revolute2 joints are written as floating joints with the
  // SDF joint carried in the robot's <gazebo> block (as ball, screw and
  // gearbox joints are), instead of two revolute joints.
  bool keep_joint_types = false;
};

}  // namespace converter
