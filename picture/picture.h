// The picture of a robot description, for `robot-graph`, the conversion
// commands' --graph and migrate's HTML report: the text read through the
// readers (converter::ReadRobots: a URDF, or every model of an SDFormat
// document and its worlds), drawn by graph/ as DOT and rendered by
// Graphviz (graph/render.h: thread-safe, calls serialised).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "converter/read_input.h"
#include "converter/robot_input.h"
#include "diag/diagnostics.h"
#include "graph/dot.h"
#include "graph/render.h"

namespace picture {

// The picture of `robots` (read by converter::ReadRobots), titled `title`,
// in `format`, into *out. False, with *error saying why (Graphviz's
// message, or a PNG too large: graph/render.h), when it cannot be made.
bool DrawRobots(const std::vector<converter::Robot>& robots,
                const std::string& title, graph::GraphKind kind,
                graph::ImageFormat format, std::string* out,
                std::string* error);

// The picture of `text` (read as `source`, which is also its title) in
// `format`, into *out. False after diagnostics in *diags: the reader's
// errors, or GRAPH_FAILED with DrawRobots' error.
bool RobotPicture(std::string_view text, const std::string& source,
                  const converter::ReadInputOptions& read,
                  graph::GraphKind kind, graph::ImageFormat format,
                  std::string* out, frames::Diagnostics* diags);

}  // namespace picture
