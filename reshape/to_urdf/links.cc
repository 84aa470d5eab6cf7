// MakeLinks: the output links, with the URDF details urdf2sdf carried
// restored and URDF's inertial rules applied.
#include "reshape/to_urdf/passes.h"

#include "reshape/urdf_extensions.h"

namespace converter::urdf_reshape {

namespace {

// Whether the passes after MakeLinks read the source links' visuals,
// collisions and kept elements: ChooseGazeboBlocks compares them with
// the <gazebo> blocks urdf2sdf carried, when a model carries URDF
// content at the robot level (CarryModelLevel: carried <gazebo> blocks,
// the <robot>'s form).
bool ContentsReadLater(const FlatModel& flat) {
  for (const auto& s : flat.scopes) {
    for (const auto& e : s->model->extensions) {
      if (IsCarried(e)) return true;
    }
  }
  return false;
}

// Link `src`, renamed `name`: its contents moved out of it when `take`.
frames::Link Take(const frames::Link& src, const std::string& name,
                  bool take) {
  if (!take) {
    frames::Link l = src;
    l.name = name;
    return l;
  }
  // (src belongs to the caller's model, which it gave up: MakeLinks.)
  // The lists moved out, then the rest copied (the lists empty by then).
  frames::Link& from = const_cast<frames::Link&>(src);
  std::vector<frames::Visual> visuals = std::move(from.visuals);
  std::vector<frames::Collision> collisions = std::move(from.collisions);
  std::vector<frames::Element> extensions = std::move(from.extensions);
  frames::Link l = src;
  l.name = name;
  l.visuals = std::move(visuals);
  l.collisions = std::move(collisions);
  l.extensions = std::move(extensions);
  return l;
}

}  // namespace

void MakeLinks(const FlatModel& flat, frames::Model* spent, Draft* draft) {
  // Links, then joints: the file's, frames as links and joints, split
  // joints' intermediate links, floating joints of free links.
  const bool take =
      spent && spent == flat.top && !ContentsReadLater(flat);
  frames::Model& out = draft->out;
  out.links.reserve(flat.links.size() + flat.frames.size() +
                    flat.joints.size());
  out.joints.reserve(2 * flat.joints.size() + flat.frames.size() +
                     flat.links.size());
  for (size_t k = 0; k < flat.links.size(); ++k) {
    frames::Link l = Take(*flat.links[k].src, flat.links[k].name, take);
    if (const frames::Element* original = FindCarried(l.extensions, "inertia");
        original && l.inertial) {
      // urdf2sdf repaired an inertia libsdformat refuses; the URDF's own.
      RestoreInertia(*original, &*l.inertial);
    }
    // How the URDF wrote them, where urdf2sdf recorded it.
    RestoreForms(&l.extensions, &l.urdf_form);
    // A shape URDF has and SDFormat lacks (pybullet's <cdf>) that urdf2sdf
    // carried: the URDF's own again.
    auto restore_shape = [](frames::Shape* s) {
      auto& other = s->geometry.other;
      if (other && IsCarried(*other)) other = Restored(std::move(*other));
      // No <geometry>: an empty one, as libsdformat reads it, which URDF
      // cannot hold: the writer carries it in <gazebo> (GEOMETRY_EMPTY).
      if (s->geometry.type == frames::Geometry::Type::kNone) {
        s->geometry.type = frames::Geometry::Type::kOther;
        other = MakeElement("empty", s->where);
      }
    };
    for (auto& v : l.visuals) {
      RestoreForms(&v.extensions, &v.urdf_form, &v.name_given);
      restore_shape(&v);
    }
    for (auto& c : l.collisions) {
      RestoreForms(&c.extensions, &c.urdf_form, &c.name_given);
      restore_shape(&c);
    }
    if (l.inertial && l.inertial->mass == 0.0 &&
        l.inertial->InertiaMatrix().isZero(0.0) &&
        l.inertial->pose.IsIdentity() &&
        !l.urdf_form.Has(frames::UrdfForm::kInertial)) {
      // Massless, as URDF says it: no <inertial> (urdf2sdf writes a massless
      // URDF link as mass 0, since SDFormat's default is 1).
      l.inertial.reset();
    } else if (!l.inertial) {
      // SDFormat's default inertial (mass 1, unit inertia at the link
      // origin), which URDF does not share: without <inertial> a URDF link
      // is massless.
      l.inertial.emplace();
      l.inertial->mass = 1.0;
      l.inertial->ixx = l.inertial->iyy = l.inertial->izz = 1.0;
      l.inertial->where = l.where;
    }
    out.links.push_back(std::move(l));
    draft->link_src.push_back(static_cast<int>(k));
  }
}

}  // namespace converter::urdf_reshape
