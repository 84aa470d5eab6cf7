// Deterministic synthetic SDFormat 1.7 models for the sdf benchmark, in the
// 1.7 pose frame semantics: every joint is posed relative_to its parent link
// and every link relative_to its joint (the URDF-parity form), so resolving a
// link's pose walks the whole relative_to chain back to the root. Every link
// has an inertial, one visual and one collision (box / cylinder / mesh,
// rotating); every joint is revolute with limits, dynamics and a unit axis.
// The same (shape, links, branching, frames_per_link) always gives
// byte-identical text.
#pragma once

#include <string>

namespace benchmark {

enum class SdfShape {
  kChain,       // link_i's parent is link_{i-1}: depth N-1
  kTree,        // link_i's parent is link_{(i-1)/branching}: depth ~log_b(N)
  kFrameHeavy,  // a chain whose links each carry `frames_per_link` //frame
                // elements: frame k attached_to and relative_to frame k-1
                // (frame 0 to its link); the visual is posed relative_to the
                // last frame, the collision relative_to the middle one
};

const char* SdfShapeName(SdfShape shape);  // "chain", "tree", "frames"

struct GeneratedSdf {
  std::string text;
  int links = 0;
  int joints = 0;
  int frames = 0;  // explicit //frame elements
  int depth = 0;   // joints on the longest root-to-leaf path
};

// `links` >= 1; `branching` >= 1 (only used for kTree); `frames_per_link`
// >= 1 (only used for kFrameHeavy).
GeneratedSdf GenerateSdf(SdfShape shape, int links, int branching = 3,
                         int frames_per_link = 8);

}  // namespace benchmark
