#include "frames/model.h"

namespace frames {

const std::string* Element::Attribute(const std::string& key) const {
  for (const auto& [k, v] : attributes) {
    if (k == key) return &v;
  }
  return nullptr;
}

Matrix3 Inertial::InertiaMatrix() const {
  Matrix3 I;
  I << ixx, ixy, ixz, ixy, iyy, iyz, ixz, iyz, izz;
  return I;
}

void Inertial::SetInertiaMatrix(const Matrix3& I) {
  ixx = I(0, 0);
  ixy = I(0, 1);
  ixz = I(0, 2);
  iyy = I(1, 1);
  iyz = I(1, 2);
  izz = I(2, 2);
}

namespace {
constexpr std::pair<JointType, const char*> kJointNames[] = {
    {JointType::kRevolute, "revolute"},   {JointType::kContinuous, "continuous"},
    {JointType::kPrismatic, "prismatic"}, {JointType::kFixed, "fixed"},
    {JointType::kFloating, "floating"},   {JointType::kPlanar, "planar"},
    {JointType::kBall, "ball"},           {JointType::kUniversal, "universal"},
    {JointType::kRevolute2, "revolute2"}, {JointType::kScrew, "screw"},
    {JointType::kGearbox, "gearbox"},
};
}  // namespace

const char* JointTypeName(JointType t) {
  for (const auto& [type, name] : kJointNames) {
    if (type == t) return name;
  }
  return "unknown";
}

std::optional<JointType> JointTypeFromName(const std::string& s) {
  for (const auto& [type, name] : kJointNames) {
    if (s == name) return type;
  }
  return std::nullopt;
}

}  // namespace frames
