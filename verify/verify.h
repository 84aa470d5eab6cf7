// Verification of a conversion, as a library call: the input and the
// output read back through the readers (converter/robot_input.h) and
// compared by robot_diff::Compare, mesh URIs resolved as the commands
// resolve them. robot-diff, the conversion commands' --verify and
// migrate --verify all call it (docs/robot-diff.md).
//
// The layer sits above converter/ (it reads with the converter's input
// reading, xacro expansion included) and robot_diff/ (which reads nothing
// and shares no code with the converters' reshaping or writing, so that a
// defect there shows up as a difference).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "converter/read_input.h"
#include "converter/robot_input.h"
#include "diag/diagnostics.h"
#include "robot_diff/robot_diff.h"

namespace verify {

struct Setup {
  // How both sides are read (model paths, packages, limits, includes; the
  // xacro arguments of a .xacro side).
  converter::ReadInputOptions read;
  robot_diff::Options diff;
  // A migration's mirror (converter::UriOptions::mirror_from/mirror_to): a
  // mesh that resolves to a file under `mirror_to` (the output tree) is
  // compared as the file at the same relative path under `mirror_from`
  // (the source tree), of which it is a copy, whether or not the copy is
  // written yet. Empty: no mirror.
  std::string mirror_from;
  std::string mirror_to;
};

// setup.diff with resolve_mesh set to converter::ResolveUri over
// setup.read's model paths and packages (a file that does not exist
// resolves to nothing), the mirror applied.
robot_diff::Options WithMeshResolution(const Setup& setup);

// The robots of the file `path` (converter::ReadRobots): a .xacro file is
// expanded first (converter::ReadInputText with setup.read.xacro), and the
// diagnostics located in its expansion point at the xacro sources
// (MapToXacroSources). `expansion`, when given, receives the expanded
// input (for mapping the comparison's diagnostics later). nullopt after
// errors in *diags.
std::optional<std::vector<converter::Robot>> ReadRobotsFile(
    const std::string& path, const Setup& setup, frames::Diagnostics* diags,
    converter::InputText* expansion = nullptr);

// Diagnostics located in the expansion of the xacro file `path` pointed at
// the xacro sources; nothing for an input that was not expanded.
void MapToXacroSources(const converter::InputText& input,
                       const std::string& path, frames::Diagnostics* diags);

// --verify: reads the input text (a .xacro file's expansion, named by its
// path) and the output text a conversion is about to write, and compares
// each model of the input (the one named `model`, when not empty) with the
// output's model of the same name (or its only one). Returns nothing when
// they are equal; else VERIFY_FAILED at `output_source` followed by every
// difference (or by the reason the output does not read).
frames::Diagnostics Verify(std::string_view input,
                           const std::string& input_source,
                           std::string_view output,
                           const std::string& output_source,
                           const std::string& model, const Setup& setup);

// Verify of the file `input_path` (a .xacro file expanded with
// setup.read.xacro, its differences located at the xacro sources).
frames::Diagnostics VerifyFile(const std::string& input_path,
                               std::string_view output,
                               const std::string& output_source,
                               const std::string& model, const Setup& setup);

}  // namespace verify
