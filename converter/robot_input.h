// Reading a robot description of either form, for robot-diff and --verify:
// a URDF (root <robot>) through urdf_io, an SDFormat document through
// sdf_io (includes resolved as the SDF commands resolve them), each model
// of the document and of its worlds (a world's model with its pose resolved
// in the world frame).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "converter/read_input.h"
#include "diag/diagnostics.h"
#include "frames/model.h"

namespace converter {

struct Robot {
  frames::Model model;
  bool urdf = false;  // read from a URDF
  std::string world;  // the world that holds the model ("" at the top)
};

// Whether the text's root element is a URDF <robot> (after the XML
// declaration, comments and a DOCTYPE); otherwise it is read as SDFormat.
bool LooksLikeUrdf(std::string_view text);

// Every model of the text of `source`: a URDF's robot, or an SDF
// document's top-level models and its worlds' models, in document order.
// nullopt when the text cannot be read or has errors (reported into
// `diags`); warnings are reported too.
std::optional<std::vector<Robot>> ReadRobots(std::string_view text,
                                             const std::string& source,
                                             const ReadInputOptions& options,
                                             frames::Diagnostics* diags);

// The one robot of `robots` named `name` (any, when `name` is empty and
// there is one); SDF_MODEL_NOT_SELECTED at `where` otherwise.
const Robot* SelectRobot(const std::vector<Robot>& robots,
                         const std::string& name,
                         const frames::SourceLocation& where,
                         frames::Diagnostics* diags);

}  // namespace converter
