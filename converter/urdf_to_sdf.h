// urdf2sdf as a library call: URDF text or file in, SDFormat 1.7 text and
// diagnostics out. The output is URDF-parity SDFormat (spec: "Parity with
// URDF using //pose/@relative_to"): each joint posed relative_to its parent
// link with the URDF origin copied as it is, each child link posed
// relative_to its joint.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "converter/read_input.h"
#include "converter/result.h"
#include "reshape/to_sdf/sdf_version.h"
#include "converter/uris.h"
#include "diag/diagnostics.h"
#include "xml/dom.h"

namespace converter {

struct UrdfToSdfOptions {
  // Merge links on fixed joints into their parents as libsdformat does
  // (combined inertia, moved visuals and collisions, a //frame for each
  // merged link and joint).
  bool lump_fixed_joints = false;
  // Rewrite package://PKG/... mesh URIs to model://PKG/... (classic Gazebo):
  // the same as uris.form = UriForm::kModel (kept for existing callers).
  bool package_to_model = false;
  // Mesh URIs in the output (converter/uris.h), and the model paths a
  // model:// mesh URI is looked up in (before SDF_PATH ...).
  UriOptions uris;
  std::vector<std::string> model_paths;
  // Only validate; the result's output stays empty.
  bool check_only = false;
  // The SDFormat version written, as its minor number (converter/
  // sdf_version.h): 7 (1.7) to 12. From 1.11 a URDF <mimic> is written as
  // //joint/axis/mimic instead of being carried as <urdf:mimic>.
  int sdf_version = kDefaultSdfVersion;
  // Bounds on the input (size, depth, number of elements, include chain):
  // beyond them the conversion is refused with a coded error.
  xml::Limits limits;
  // How a .urdf.xacro input is expanded (UrdfFileToSdf).
  XacroOptions xacro;
  // When set, a conversion that reports no diagnostic at all hands its
  // SDFormat to this function in pieces as they are written (a few hundred
  // KiB each; true when taken) and leaves the result's output empty: a large
  // output goes straight to its file or standard output instead of being
  // held whole. A conversion with diagnostics returns its output in the
  // result as without it, so that a caller printing them before the output
  // still can. When a piece is refused, nothing more is handed on; the
  // function's owner knows why (a write error).
  std::function<bool(std::string_view)> output_sink;
};

// `source_name` is used in diagnostics (a path, or "<stdin>").
ConversionResult UrdfToSdf(std::string_view urdf_text,
                           const std::string& source_name,
                           const UrdfToSdfOptions& options = {});

// Reads `path` and converts it; an unreadable file is an IO_ERROR diagnostic.
// A xacro file (name ending in .xacro) is expanded first (options.xacro),
// and the diagnostics on the robot point at the xacro lines that wrote it.
ConversionResult UrdfFileToSdf(const std::string& path,
                               const UrdfToSdfOptions& options = {});

}  // namespace converter
