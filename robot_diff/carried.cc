// What sdf2urdf carried in a URDF's <gazebo reference="LINK"> blocks that
// robot_diff compares as part of the link: visuals and collisions of shapes
// URDF cannot hold (planes, ellipsoids, heightmaps, empty geometries ...),
// written there as SDFormat, posed in the link frame.
#include "robot_diff/flat.h"

namespace robot_diff {
namespace {

using frames::Element;
using frames::Geometry;

void ChildNumbers(const Element& e, const char* name, int n, double* out) {
  if (const Element* c = e.Child(name)) Numbers(c->text, n, out);
}

// An SDF <geometry> element as the SDF reader reads it (its defaults).
Geometry ReadGeometry(const Element* g) {
  Geometry out;
  if (!g) return out;
  if (g->children.empty()) {
    out.type = Geometry::Type::kOther;
    out.other = Element{"empty", {}, {}, {}, g->where};
    return out;
  }
  const Element& s = g->children.front();
  if (s.name == "box") {
    out.type = Geometry::Type::kBox;
    out.size = frames::Vector3::Ones();
    ChildNumbers(s, "size", 3, out.size.data());
  } else if (s.name == "cylinder" || s.name == "capsule") {
    out.type = s.name == "cylinder" ? Geometry::Type::kCylinder
                                    : Geometry::Type::kCapsule;
    out.radius = 0.5;
    out.length = 1.0;
    ChildNumbers(s, "radius", 1, &out.radius);
    ChildNumbers(s, "length", 1, &out.length);
  } else if (s.name == "sphere") {
    out.type = Geometry::Type::kSphere;
    out.radius = 1.0;
    ChildNumbers(s, "radius", 1, &out.radius);
  } else if (s.name == "ellipsoid") {
    out.type = Geometry::Type::kEllipsoid;
    out.radii = frames::Vector3::Ones();
    ChildNumbers(s, "radii", 3, out.radii.data());
  } else if (s.name == "plane") {
    out.type = Geometry::Type::kPlane;
    out.size = frames::Vector3::UnitZ();
    out.plane_size = {1, 1};
    ChildNumbers(s, "normal", 3, out.size.data());
    ChildNumbers(s, "size", 2, out.plane_size.data());
  } else if (s.name == "mesh") {
    out.type = Geometry::Type::kMesh;
    if (const Element* u = s.Child("uri")) out.uri = u->text;
    frames::Vector3 scale;
    if (const Element* c = s.Child("scale"); c && Numbers(c->text, 3, scale.data()))
      out.scale = scale;
  } else {
    out.type = Geometry::Type::kOther;
    out.other = s;
  }
  return out;
}

template <typename Shape>
Shape ReadShape(const Element& e) {
  Shape s;
  if (const std::string* n = e.Attribute("name")) s.name = *n;
  s.name_given = !s.name.empty();
  if (const auto p = frames::PoseChild(e)) s.pose = *p;
  s.pose.relative_to.clear();  // the link frame, where it was written
  s.geometry = ReadGeometry(e.Child("geometry"));
  s.where = e.where;
  return s;
}

}  // namespace

// Adds the shape `e` to `shapes` when it is one (it has a <geometry>) and
// no shape of its name is there (a blob of properties for the link's
// shapes, or one naming a shape, is not a shape of its own).
template <typename Shape>
void AddShape(const Element& e, std::vector<Shape>* shapes) {
  if (!e.Child("geometry")) return;
  const std::string* name = e.Attribute("name");
  for (const auto& s : *shapes) {
    if (name && s.name == *name) return;
  }
  shapes->push_back(ReadShape<Shape>(e));
}

// A <gazebo reference="JOINT"> block's <axis><limit> and <dynamics>
// values replace the URDF's (as libsdformat merges them).
void ApplyAxisBlob(const Element& axis, frames::Joint* j) {
  if (!j->axis) return;
  auto set = [](const Element& parent, const char* name, std::optional<double>* v) {
    double d = 0;
    if (const Element* c = parent.Child(name); c && Numbers(c->text, 1, &d)) *v = d;
  };
  if (const Element* l = axis.Child("limit")) {
    if (!j->axis->limit) j->axis->limit.emplace();
    set(*l, "lower", &j->axis->limit->lower);
    set(*l, "upper", &j->axis->limit->upper);
    set(*l, "effort", &j->axis->limit->effort);
    set(*l, "velocity", &j->axis->limit->velocity);
  }
  if (const Element* d = axis.Child("dynamics")) {
    if (!j->axis->dynamics) j->axis->dynamics.emplace();
    set(*d, "damping", &j->axis->dynamics->damping);
    set(*d, "friction", &j->axis->dynamics->friction);
  }
}

void UncarryShapes(frames::Model* urdf) {
  for (const auto& block : urdf->extensions) {
    const std::string* ref = block.Attribute("reference");
    if (block.name != "gazebo" || !ref) continue;
    for (auto& l : urdf->links) {
      if (l.name != *ref) continue;
      for (const auto& e : block.children) {
        if (e.name == "visual") AddShape(e, &l.visuals);
        if (e.name == "collision") AddShape(e, &l.collisions);
      }
    }
    for (auto& j : urdf->joints) {
      if (j.name != *ref && j.original_name != *ref) continue;
      for (const auto& e : block.children) {
        if (e.name == "axis") ApplyAxisBlob(e, &j);
      }
    }
  }
}

}  // namespace robot_diff
