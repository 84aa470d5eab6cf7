// frames::Model -> SDFormat 1.7 text. A pure printer: it writes every pose
// with the relative_to the model records and does no pose arithmetic, so the
// caller decides the form (URDF parity, explicit frames ...).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "frames/model.h"

namespace sdf_io {

struct WriteOptions {
  // xmlns declarations put on <sdf>, for the prefixes of carried custom
  // elements (e.g. {"urdf", "http://www.ros.org/wiki/urdf"}).
  std::vector<std::pair<std::string, std::string>> namespaces;
};

// Order: each link preceded by the joint whose child it is (the spec's URDF
// parity layout), remaining joints, frames, nested models, then the model's
// kept-verbatim elements. Deterministic: the same model gives the same bytes.
std::string WriteSdf(const frames::Model& model, const WriteOptions& options);

}  // namespace sdf_io
