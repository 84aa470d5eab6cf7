// What robot-diff and the conversion commands' --verify share: reading two
// robot descriptions (converter/robot_input.h) and comparing them with
// robot_diff::Compare, mesh URIs resolved as the commands resolve them.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "converter/read_input.h"
#include "diag/diagnostics.h"
#include "robot_diff/robot_diff.h"

namespace tools {

struct DiffSetup {
  // How both sides are read (model paths, packages, limits, includes).
  converter::ReadInputOptions read;
  robot_diff::Options diff;
};

// options.diff with resolve_mesh set to converter::ResolveUri over
// options.read's model paths and packages.
robot_diff::Options WithMeshResolution(const DiffSetup& setup);

// --verify: reads the input text back and the output text the command is
// about to write, and compares each model of the input (the one named
// `model`, when not empty) with the output's model of the same name (or its
// only one). Returns nothing when they are equal; else VERIFY_FAILED at
// `output_source` followed by every difference (or by the reason the output
// does not read).
frames::Diagnostics Verify(std::string_view input,
                           const std::string& input_source,
                           std::string_view output,
                           const std::string& output_source,
                           const std::string& model, const DiffSetup& setup);

}  // namespace tools
