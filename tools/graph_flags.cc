#include "tools/graph_flags.h"

#include "graph/render.h"

namespace tools {

const char kGraphOptionsHelp[] =
    R"(  --graph FILE            also write a picture of the output's kinematic
                          tree: FILE.dot (Graphviz text), FILE.svg or
                          FILE.png (rendered in-process)
  --graph-kind tree|frames  tree (default), or SDFormat's attached_to and
                          relative_to frame graphs of each model scope
)";

bool ParseGraphFlag(const std::string& arg,
                    const std::function<std::optional<std::string>()>& value,
                    GraphFlags* flags, std::string* error) {
  if (arg == "--graph") {
    const auto v = value();
    if (!v || v->empty()) {
      *error = "--graph needs a file name (.dot, .svg or .png)";
    } else if (!graph::FormatOfPath(*v)) {
      *error = "--graph '" + *v + "': the name must end in .dot, .gv, .svg or .png";
    } else {
      flags->path = *v;
    }
    return true;
  }
  if (arg == "--graph-kind") {
    const auto v = value();
    if (!v || !graph::ParseGraphKind(*v, &flags->kind))
      *error = "--graph-kind needs tree or frames";
    flags->kind_given = true;
    return true;
  }
  return false;
}

}  // namespace tools
