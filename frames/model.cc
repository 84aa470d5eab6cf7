#include "frames/model.h"

#include <cctype>
#include <string_view>
#include <utility>

#include "element/leading_number.h"

namespace frames {

std::optional<Pose> PoseChild(const Element& e) {
  Pose pose;
  for (const Element& c : e.children) {
    if (c.name != "pose") continue;
    if (const std::string* r = c.Attribute("relative_to")) pose.relative_to = *r;
    double v[6] = {0, 0, 0, 0, 0, 0};
    const char* p = c.text.data();
    const char* end = p + c.text.size();
    int count = 0;
    for (; count < 6; ++count) {
      while (p < end && std::isspace(static_cast<unsigned char>(*p))) ++p;
      if (p == end) break;
      // The text after the number, up to the next blank, is ignored.
      const LeadingNumber n = ReadLeadingNumber(std::string_view(p, end - p));
      if (n.kind != LeadingNumber::Kind::kNumber) return std::nullopt;
      v[count] = n.value;
      p = n.rest.data();
      while (p < end && !std::isspace(static_cast<unsigned char>(*p))) ++p;
    }
    while (p < end && std::isspace(static_cast<unsigned char>(*p))) ++p;
    if ((count != 6 && count != 0) || p != end) return std::nullopt;
    pose.xyz = Vector3(v[0], v[1], v[2]);
    pose.rpy = Vector3(v[3], v[4], v[5]);
    break;
  }
  return pose;
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

const char* UrdfForm::PartName(int bit) {
  static const char* const kNames[kPartCount] = {
      "origin",          "origin.no_xyz",    "origin.no_rpy",
      "inertial",        "inertial.origin",  "inertial.origin.no_xyz",
      "inertial.origin.no_rpy", "no_axis",   "no_lower",
      "no_upper",        "no_effort",        "no_velocity",
      "robot",           "capsule",          "revolute"};
  return bit >= 0 && bit < kPartCount ? kNames[bit] : "";
}

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
