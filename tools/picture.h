// The picture of a robot description for `robot-graph` and the conversion
// commands' --graph: the text read through the readers
// (converter::ReadRobots: a URDF, or every model of an SDFormat document
// and its worlds), drawn by graph/ as DOT and rendered by Graphviz.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "converter/read_input.h"
#include "diag/diagnostics.h"
#include "graph/dot.h"
#include "graph/render.h"

namespace tools {

// The picture of `text` (read as `source`, which is also its title) in
// `format`, into *out. False after diagnostics in *diags: the reader's
// errors, or GRAPH_FAILED with Graphviz's message.
bool RobotPicture(std::string_view text, const std::string& source,
                  const converter::ReadInputOptions& read,
                  graph::GraphKind kind, graph::ImageFormat format,
                  std::string* out, frames::Diagnostics* diags);

// --graph FILE and --graph-kind tree|frames, shared by the commands: false
// when `arg` is neither; a missing or bad value sets *error.
struct GraphFlags {
  std::string path;  // "" when no picture is asked for
  graph::GraphKind kind = graph::GraphKind::kTree;
  bool kind_given = false;
};
bool ParseGraphFlag(const std::string& arg,
                    const std::function<std::optional<std::string>()>& value,
                    GraphFlags* flags, std::string* error);

// The help lines of those flags.
extern const char kGraphOptionsHelp[];

}  // namespace tools
