// One SDFormat document as read: its top-level models and worlds.
#pragma once

#include <string>
#include <vector>

#include "frames/model.h"

namespace sdf_io {

struct SdfDocument {
  std::string version;        // the version attribute as written ("1.6")
  bool gazebo_root = false;   // pre-1.0 <gazebo version=...> root
  std::vector<frames::Model> models;  // top-level //sdf/model (usually one)
  std::vector<frames::World> worlds;  // top-level //sdf/world
  // Other top-level elements (//sdf/light, //sdf/actor), kept verbatim.
  std::vector<frames::Element> extensions;
  frames::SourceLocation where;
};

}  // namespace sdf_io
