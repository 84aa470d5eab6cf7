// urdf2sdf as a library call: URDF text or file in, SDFormat 1.7 text and
// diagnostics out. The output is URDF-parity SDFormat (spec: "Parity with
// URDF using //pose/@relative_to"): each joint posed relative_to its parent
// link with the URDF origin copied as it is, each child link posed
// relative_to its joint.
#pragma once

#include <string>
#include <string_view>

#include "converter/result.h"
#include "frames/diagnostics.h"
#include "xml/dom.h"

namespace converter {

struct UrdfToSdfOptions {
  // Merge links on fixed joints into their parents as libsdformat does
  // (combined inertia, moved visuals and collisions, a //frame for each
  // merged link and joint).
  bool lump_fixed_joints = false;
  // Rewrite package://PKG/... mesh URIs to model://PKG/... (classic Gazebo).
  bool package_to_model = false;
  // Only validate; the result's output stays empty.
  bool check_only = false;
  // Bounds on the input (size, depth, number of elements, include chain):
  // beyond them the conversion is refused with a coded error.
  xml::Limits limits;
};

// `source_name` is used in diagnostics (a path, or "<stdin>").
ConversionResult UrdfToSdf(std::string_view urdf_text,
                           const std::string& source_name,
                           const UrdfToSdfOptions& options = {});

// Reads `path` and converts it; an unreadable file is an IO_ERROR diagnostic.
ConversionResult UrdfFileToSdf(const std::string& path,
                               const UrdfToSdfOptions& options = {});

}  // namespace converter
