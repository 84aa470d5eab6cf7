// The command-line flags of pictures (--graph FILE, --graph-kind) shared by
// the conversion commands; the picture itself is the library's
// (picture/picture.h).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "graph/dot.h"

namespace tools {

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
