// The reference xacro (ROS 2's, in Python: @xacro_oracle, the tree of
// ../shared/oracles/xacro), run as ../shared/oracles/xacro/run-xacro runs
// it, for tests: python3 with the xacro package and the
// ament_index_python shim. A test using it has @xacro_oracle//:python in
// its data and the tag "python3" (python3 and python3-yaml from Debian).
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace test_support {

// Single-quoted for /bin/sh.
std::string ShellQuote(const std::string& s);

// The reference's command line, without its arguments.
std::string XacroReferenceCommand();

// Runs the reference on `in` with NAME:=VALUE `args` (and --deps when
// `deps`), $(find) seeing `packages` as ROS_PACKAGE_PATH; returns its exit
// status, *out its output (or, when it failed, its standard error).
int RunXacroReference(const std::string& in,
                      const std::vector<std::pair<std::string, std::string>>& args,
                      bool deps, const std::string& packages, std::string* out);

}  // namespace test_support
