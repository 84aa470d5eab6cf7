// Deterministic synthetic URDF models for the urdf2sdf benchmark: chains and
// balanced trees of N links. Every link has an inertial, one visual and one
// collision (box / cylinder / mesh, rotating), every joint is revolute with
// limits, dynamics, a unit axis and an origin with non-trivial rpy. The same
// (shape, links, branching) always gives byte-identical text.
#pragma once

#include <string>

namespace benchmark {

enum class Shape {
  kChain,  // link_i's parent is link_{i-1}: depth N-1
  kTree,   // link_i's parent is link_{(i-1)/branching}: depth ~log_b(N)
};

const char* ShapeName(Shape shape);

struct GeneratedUrdf {
  std::string text;
  int links = 0;
  int joints = 0;
  int depth = 0;  // joints on the longest root-to-leaf path
};

// `links` >= 1; `branching` >= 1 (only used for kTree).
GeneratedUrdf GenerateUrdf(Shape shape, int links, int branching = 3);

}  // namespace benchmark
