// sdf2sdf as a library call: any SDFormat document (1.0 to 1.12, models and
// worlds) in, checked against every rule of the spec's phases of parsing
// kinematics, and written as SDFormat 1.7 (or the version asked for, which
// keeps composition; reshape/to_sdf/sdf_version.h): explicit relative_to poses,
// use_parent_model_frame replaced by expressed_in, kept elements in their
// 1.7 form, the file's layout kept. SDFormat 1.8 composition (placement
// frames, "::" references, joints to frames, world joints) is rewritten into
// what 1.7 holds with every pose unchanged (reshape/to_sdf/as_sdf17.h).
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
#include "frames/graph.h"
#include "sdf_io/document.h"
#include "xml/dom.h"

namespace converter {

// model_paths, uris, limits and allowed_include_dirs: ReadInputOptions.
struct SdfToSdfOptions : ReadInputOptions {
  // Only validate (the `--check` of the commands); the output stays empty.
  bool check_only = false;
  // Write every model in the URDF-parity form: each joint posed relative_to
  // its parent link, each link relative_to its joint. A model that is not a
  // tree is refused with the reason.
  bool urdf_parity = false;
  // Write included models' contents instead of the //include elements.
  bool expand_includes = false;
  // The SDFormat version written, as its minor number (converter/
  // sdf_version.h): 7 (1.7, composition expanded) to 12 (composition kept).
  int sdf_version = kDefaultSdfVersion;
  // Write every //include as the input wrote it (SDFormat 1.8 and later
  // only; 1.7 output is refused): merge-includes too (from 1.9), and
  // includes that name no file, which are then INCLUDE_KEPT_UNRESOLVED
  // warnings instead of INCLUDE_UNRESOLVED errors (what they include is not
  // checked). The document is checked with every include that resolves, as
  // without this option; takes precedence over expand_includes.
  bool preserve_includes = false;
  // As UrdfToSdfOptions::output_sink: when set, a conversion that reports no
  // diagnostic at all hands its SDFormat here in pieces as they are written
  // and leaves the result's output empty.
  std::function<bool(std::string_view)> output_sink;
};

ConversionResult SdfToSdf(std::string_view sdf_text,
                          const std::string& source_name,
                          const SdfToSdfOptions& options = {});

ConversionResult SdfFileToSdf(const std::string& path,
                              const SdfToSdfOptions& options = {});

// Every rule of the spec's phases of parsing kinematics (each model's and
// world's frame graphs) and libsdformat's link checks (inertia, sibling
// names), reported into `diags`.
// `graphs`, when given, receives the graphs built: one per //sdf/model,
// then one per //sdf/world (whose Nested() are its models'), so that a
// caller resolving poses next need not build them again.
void ValidateSdfDocument(const sdf_io::SdfDocument& doc,
                         frames::Diagnostics* diags,
                         std::vector<frames::FrameGraph>* graphs = nullptr);

// Validation only: every problem found, sorted by file and line.
frames::Diagnostics CheckSdfFile(const std::string& path,
                                 const std::vector<std::string>& model_paths = {});

}  // namespace converter
