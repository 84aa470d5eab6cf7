// MakeLinks: the output links, with the URDF details urdf2sdf carried
// restored and URDF's inertial rules applied.
#include "reshape/to_urdf/passes.h"

#include "reshape/urdf_extensions.h"

namespace converter::urdf_reshape {

void MakeLinks(const FlatModel& flat, Draft* draft) {
  // Links, then joints: the file's, frames as links and joints, split
  // joints' intermediate links, floating joints of free links.
  frames::Model& out = draft->out;
  out.links.reserve(flat.links.size() + flat.frames.size() +
                    flat.joints.size());
  out.joints.reserve(2 * flat.joints.size() + flat.frames.size() +
                     flat.links.size());
  for (size_t k = 0; k < flat.links.size(); ++k) {
    frames::Link l = *flat.links[k].src;
    l.name = flat.links[k].name;
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
