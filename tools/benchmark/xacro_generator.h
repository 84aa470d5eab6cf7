// A deterministic generated xacro file for the xacro and whole-process
// benchmarks: a chain of `calls` macro calls (link_0 then link_1 ...
// link_calls, each with a joint to the one before), each call with three
// parameters, a block parameter, a local property, a conditional and
// arithmetic. It expands to a URDF of calls + 1 links.
#pragma once

#include <string>

namespace benchmark {

std::string GenerateXacro(int calls);

}  // namespace benchmark
