#include "urdf_io/writer.h"

#include <array>
#include <climits>
#include <cstddef>
#include <future>
#include <optional>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "element/beside.h"
#include "frames/graph.h"
#include "frames/name_index.h"
#include "frames/tree.h"
#include "urdf_io/reader.h"
#include "xml/dom.h"
#include "xml/reader.h"
#include "xml/writer.h"

namespace urdf_io {
namespace {

using frames::Diagnostics;
using frames::Geometry;
using frames::JointType;
using frames::Model;
using frames::SourceLocation;

using frames::kModelFrame;

// The name URDF knows the joint by: SDF may have had to rename it.
const std::string& UrdfName(const frames::Joint& j) {
  return j.original_name.empty() ? j.name : j.original_name;
}

bool IsUrdfJointType(JointType t) {
  switch (t) {
    case JointType::kRevolute:
    case JointType::kContinuous:
    case JointType::kPrismatic:
    case JointType::kFixed:
    case JointType::kFloating:
    case JointType::kPlanar:
      return true;
    default:
      return false;
  }
}

bool IsModelFrame(const std::string& frame) {
  return frame.empty() || frame == kModelFrame;
}

std::string Quoted(const std::string& s) { return "'" + s + "'"; }

// How diagnostics name a visual or collision: "visual 'V' of link 'L'", or
// "visual of link 'L'" when the source gave it no name.
std::string ShapeWhat(const char* kind, const frames::Shape& s,
                      const std::string& link) {
  return std::string(kind) + (s.name_given ? " " + Quoted(s.name) : "") +
         " of link " + Quoted(link);
}

// Interleaves lists, each kept in its own order, by key: repeatedly takes the
// head with the smallest key (ties to the earlier list). Sets *out to the
// (list, index) pairs (its storage reused).
using Keys = std::array<std::vector<int>, 4>;
using Order = std::vector<std::pair<int, size_t>>;

void Interleave(const Keys& keys, Order* out) {
  size_t total = 0;
  for (const auto& k : keys) total += k.size();
  out->clear();
  out->reserve(total);
  std::array<size_t, std::tuple_size_v<Keys>> next{};
  while (out->size() < total) {
    int best = -1;
    for (int k = 0; k < static_cast<int>(keys.size()); ++k) {
      if (next[k] == keys[k].size()) continue;
      if (best < 0 || keys[k][next[k]] < keys[best][next[best]]) best = k;
    }
    out->emplace_back(best, next[best]++);
  }
}

// Shapes URDF cannot hold, carried in <gazebo reference="LINK">.
// A shape that came from a URDF goes back as the URDF wrote it (its
// <capsule>, a <cdf> of pybullet's).
// What is negative about a box, cylinder, capsule or sphere ("length -1"),
// or "" when nothing is. URDF readers refuse such a shape (urdf2sdf:
// GEOMETRY_INVALID) while SDFormat (libsdformat) accepts it, so it is
// carried as SDFormat instead.
std::string NegativeSize(const Geometry& g) {
  switch (g.type) {
    case Geometry::Type::kBox:
      return (g.size.array() < 0).any()
                 ? "size '" + xml::FormatVector3(g.size) + "'"
                 : "";
    case Geometry::Type::kCylinder:
    case Geometry::Type::kCapsule:
      if (g.length < 0) return "length " + xml::FormatDouble(g.length);
      [[fallthrough]];
    case Geometry::Type::kSphere:
      return g.radius < 0 ? "radius " + xml::FormatDouble(g.radius) : "";
    default:
      return "";
  }
}

}  // namespace

int WrittenUrdfMinor(const frames::Model& model,
                     const UrdfWriteOptions& options) {
  std::optional<std::string> text = options.version;
  if (!text) {
    for (const auto& a : model.urdf_form.attributes) {
      if (a.on.empty() && a.name == "version") text = a.value;
    }
  }
  if (!text || text->empty()) return 0;
  const std::optional<UrdfVersion> v = ParseUrdfVersion(*text);
  return v && v->major == 1 && v->minor <= 2 ? static_cast<int>(v->minor) : 0;
}

namespace {

bool NeedsCarrying(const frames::Shape& s, const UrdfWriteOptions& options) {
  const Geometry& g = s.geometry;
  if (!NegativeSize(g).empty()) return true;
  auto sdf_shape = [](const std::string& n) {
    return n == "heightmap" || n == "polyline" || n == "image" || n == "empty";
  };
  return (g.type == Geometry::Type::kCapsule && !options.allow_capsule &&
          !s.urdf_form.Has(frames::UrdfForm::kCapsule)) ||
         g.type == Geometry::Type::kPlane ||
         g.type == Geometry::Type::kEllipsoid ||
         (g.type == Geometry::Type::kOther && g.other &&
          options.carry_other_shapes && sdf_shape(g.other->name));
}

class UrdfWriter {
 public:
  UrdfWriter(const Model& model, const UrdfWriteOptions& options,
             Diagnostics* diags, xml::Writer* w)
      : model_(model), options_(options), diags_(diags), w_(*w) {}

  // The whole <robot>. For a large model the second half of its elements
  // is written on a thread of its own, into `*tail` (with its
  // diagnostics in `*tail_diags`), for the caller to append once this
  // writer is flushed; the <robot> is then left open here and closed at
  // the end of `*tail`. Otherwise `*tail` is left empty.
  void Robot(std::string* tail, Diagnostics* tail_diags);

 private:
  // The elements order[begin, end) (Robot's order of the model's lists).
  void Items(const std::vector<std::pair<int, size_t>>& order, size_t begin,
             size_t end);
  // Source line of an element of the model's own file, for interleaving;
  // elements from elsewhere (or made by a converter) sort last.
  int Key(const SourceLocation& where) const {
    return where.line > 0 && where.file == model_.where.file ? where.line
                                                             : INT_MAX;
  }
  void CannotExpress(const std::string& what, const SourceLocation& where) {
    diags_->Warning(frames::Code::URDF_CANNOT_EXPRESS,
                    what + " has no URDF equivalent and is not written", where);
  }
  // An <origin> as `form` says the URDF wrote it (`origin_bit`: kOrigin or
  // kInertialOrigin), with the attributes `form` keeps for path `on`.
  void Origin(const frames::Pose& p, const frames::UrdfForm& form = {},
              uint32_t origin_bit = frames::UrdfForm::kOrigin,
              const char* on = "origin");
  // The attributes URDF does not define that `form` keeps for path `on`
  // (but `skip`).
  void OtherAttributes(const frames::UrdfForm& form, std::string_view on,
                       const char* skip = nullptr) {
    for (const auto& a : form.attributes) {
      if (a.on == on && !(skip && a.name == skip)) w_.Attr(a.name, a.value);
    }
  }
  void MaterialDefinition(const frames::Material& m);
  // what() names the visual or collision in diagnostics; called only when
  // one is reported, so that writing builds no message text.
  template <typename What>
  void VisualMaterial(const frames::Material& m, const What& what);
  template <typename What>
  void UrdfGeometry(const Geometry& g, const frames::UrdfForm& form,
                    const What& what, const SourceLocation& where);
  void Link(const frames::Link& l);
  void Joint(const frames::Joint& j);
  // (is visual, index) of the shapes carried in <gazebo reference="LINK">.
  using ShapeRef = std::pair<bool, size_t>;
  void Carried(const frames::Link& l, const std::vector<ShapeRef>& shapes);
  void SdfShape(const frames::Shape& s, bool is_visual, size_t index,
                const std::string& link);
  void Extensions(const std::vector<frames::Element>& ext) {
    for (const auto& e : ext) w_.Verbatim(e);
  }

  const Model& model_;
  const UrdfWriteOptions& options_;
  Diagnostics* diags_;
  xml::Writer& w_;
  // The minor number of the URDF version written (WrittenUrdfVersion).
  int minor_ = 0;
  // Model joint name -> URDF name, for joints SDF renamed (mimic targets).
  std::unordered_map<std::string, std::string> renamed_;
  bool world_written_ = false;
  // Link's buffers, kept from link to link (Link does not nest).
  Keys link_keys_;
  Order link_order_;
};

// The quat_xyzw the URDF wrote for the origin at `on` (kept in `form`)
// while it is still the rotation of `p`; nullopt when there is none, or it
// is not (stale, or one a 1.0 file had, ignored).
std::optional<std::string> KeptQuaternion(const frames::Pose& p,
                                          const frames::UrdfForm& form,
                                          std::string_view on) {
  // The pose's rotation, computed for the first kept quaternion only (most
  // origins have none).
  std::optional<frames::Matrix3> R;
  for (const auto& a : form.attributes) {
    if (a.on != on || a.name != "quat_xyzw") continue;
    auto v = xml::ParseNumberList(a.value);
    if (!v || v->size() != 4) continue;
    if (!R) {
      R = p.quat_xyzw ? frames::RotationFromQuatXyzw(*p.quat_xyzw)
                      : frames::RotationFromRpy(p.rpy);
    }
    const Eigen::Vector4d q((*v)[0], (*v)[1], (*v)[2], (*v)[3]);
    if ((frames::RotationFromQuatXyzw(q) - *R).cwiseAbs().maxCoeff() <= 1e-12)
      return a.value;
  }
  return std::nullopt;
}

void UrdfWriter::Origin(const frames::Pose& p, const frames::UrdfForm& form,
                        uint32_t origin_bit, const char* on) {
  const std::optional<std::string> kept = KeptQuaternion(p, form, on);
  // From URDF 1.1 a rotation read as a quaternion is written as one: the
  // URDF's own text, else the pose's quaternion.
  std::optional<std::string> quat;
  if (minor_ >= 1) {
    if (kept) quat = kept;
    else if (p.quat_xyzw) quat = xml::FormatVector4(*p.quat_xyzw);
  }
  if (p.IsIdentity() && !(form.parts & origin_bit) && !quat) return;
  w_.Start("origin");
  // A part the URDF left out is left out again while it holds the default.
  if (!(form.parts & (origin_bit << 1)) || !p.xyz.isZero(0.0))
    w_.Attr("xyz", xml::Numbers(p.xyz));
  if (quat) {
    w_.Attr("quat_xyzw", *quat);
  } else if (!(form.parts & (origin_bit << 2)) || !p.rpy.isZero(0.0)) {
    w_.Attr("rpy", xml::Numbers(p.rpy));
  }
  // A kept quat_xyzw that was written above, or is stale (from 1.1), or
  // whose rotation rpy now holds (below 1.1), is not written again; one a
  // 1.0 file had (ignored) comes back as it was.
  OtherAttributes(form, on, minor_ >= 1 || kept ? "quat_xyzw" : nullptr);
  w_.End();
}

void UrdfWriter::MaterialDefinition(const frames::Material& m) {
  // URDF requires the name (urdfdom refuses a visual material without one);
  // an unnamed inline material is written name="".
  w_.Start("material").Attr("name", m.name);
  if (m.rgba) {
    w_.Start("color").Attr("rgba", xml::Numbers(*m.rgba));
    w_.End();
  }
  if (!m.texture.empty()) {
    w_.Start("texture").Attr("filename", m.texture);
    w_.End();
  }
  Extensions(m.urdf_extensions);
  w_.End();
}

template <typename What>
void UrdfWriter::VisualMaterial(const frames::Material& m, const What& what) {
  const std::pair<const char*, const std::optional<Eigen::Vector4d>*>
      sdf_colors[] = {{"ambient", &m.ambient},
                      {"diffuse", &m.diffuse},
                      {"specular", &m.specular},
                      {"emissive", &m.emissive}};
  for (const auto& [tag, c] : sdf_colors) {
    if (*c) {
      CannotExpress(
          "SDFormat <" + std::string(tag) + "> of the material of " + what(),
          m.where);
    }
  }
  for (const auto& e : m.extensions) {
    CannotExpress("SDFormat <" + e.name + "> of the material of " + what(),
                  e.where);
  }
  if (m.by_reference) {
    // The name of a robot-level material.
    w_.Start("material").Attr("name", m.name);
    Extensions(m.urdf_extensions);
    w_.End();
    return;
  }
  // A material with nothing URDF holds would read back as a reference.
  if (m.name.empty() && !m.rgba && m.texture.empty() && m.urdf_extensions.empty())
    return;
  MaterialDefinition(m);
}

template <typename What>
void UrdfWriter::UrdfGeometry(const Geometry& g, const frames::UrdfForm& form,
                              const What& what, const SourceLocation& where) {
  w_.Start("geometry");
  OtherAttributes(form, "geometry");
  switch (g.type) {
    case Geometry::Type::kBox:
      w_.Start("box").Attr("size", xml::Numbers(g.size));
      OtherAttributes(form, "geometry/box");
      w_.End();
      break;
    case Geometry::Type::kCylinder:
    case Geometry::Type::kCapsule: {  // only when allowed (NeedsCarrying)
      const bool cylinder = g.type == Geometry::Type::kCylinder;
      w_.Start(cylinder ? "cylinder" : "capsule")
          .Attr("radius", g.radius)
          .Attr("length", g.length);
      OtherAttributes(form, cylinder ? "geometry/cylinder" : "geometry/capsule");
      w_.End();
      break;
    }
    case Geometry::Type::kSphere:
      w_.Start("sphere").Attr("radius", g.radius);
      OtherAttributes(form, "geometry/sphere");
      w_.End();
      break;
    case Geometry::Type::kMesh:
      w_.Start("mesh").Attr("filename", g.uri);
      if (g.scale) w_.Attr("scale", xml::Numbers(*g.scale));
      OtherAttributes(form, "geometry/mesh");
      w_.End();
      break;
    case Geometry::Type::kOther:
      // A shape read verbatim from a URDF (CheckUrdfForm ensures it is set).
      w_.Verbatim(*g.other);
      break;
    case Geometry::Type::kPlane:
    case Geometry::Type::kEllipsoid:
    case Geometry::Type::kNone:
      break;  // carried or refused before
  }
  w_.End();
  for (const auto& e : g.extensions) {
    CannotExpress("SDFormat <" + e.name + "> of the geometry of " + what(),
                  e.where.line ? e.where : where);
  }
}

void UrdfWriter::Link(const frames::Link& l) {
  // The keys of the link's inertial, visuals, collisions and extensions, in
  // buffers kept from link to link.
  Keys& keys = link_keys_;
  for (auto& k : keys) k.clear();
  std::vector<int>& inertial_key = keys[0];
  if (l.inertial) inertial_key.push_back(Key(l.inertial->where));
  for (const auto& v : l.visuals) keys[1].push_back(Key(v.where));
  for (const auto& c : l.collisions) keys[2].push_back(Key(c.where));
  for (const auto& e : l.extensions) keys[3].push_back(Key(e.where));

  std::vector<ShapeRef> carried;
  const frames::UrdfForm& form = l.urdf_form;
  // A written-out zero inertial comes back as one (a massless link either
  // way).
  const frames::Inertial zero_inertial;
  const frames::Inertial* inertial =
      l.inertial ? &*l.inertial
                 : form.Has(frames::UrdfForm::kInertial) ? &zero_inertial
                                                         : nullptr;
  if (!l.inertial && inertial) inertial_key.push_back(Key(l.where));
  w_.Start("link").Attr("name", l.name);
  OtherAttributes(form, "");
  Interleave(keys, &link_order_);
  for (const auto& [list, k] : link_order_) {
    if (list == 0) {
      const frames::Inertial& in = *inertial;
      w_.Start("inertial");
      OtherAttributes(form, "inertial");
      Origin(in.pose, form, frames::UrdfForm::kInertialOrigin,
             "inertial/origin");
      w_.Start("mass").Attr("value", in.mass);
      OtherAttributes(form, "inertial/mass");
      w_.End();
      w_.Start("inertia")
          .Attr("ixx", in.ixx)
          .Attr("ixy", in.ixy)
          .Attr("ixz", in.ixz)
          .Attr("iyy", in.iyy)
          .Attr("iyz", in.iyz)
          .Attr("izz", in.izz);
      OtherAttributes(form, "inertial/inertia");
      w_.End();
      w_.End();
    } else if (list == 1 || list == 2) {
      const bool is_visual = list == 1;
      const frames::Shape& s =
          is_visual ? static_cast<const frames::Shape&>(l.visuals[k])
                    : static_cast<const frames::Shape&>(l.collisions[k]);
      if (NeedsCarrying(s, options_)) {
        carried.emplace_back(is_visual, k);
        continue;
      }
      auto what = [&] {
        return ShapeWhat(is_visual ? "visual" : "collision", s, l.name);
      };
      w_.Start(is_visual ? "visual" : "collision");
      if (s.name_given) w_.Attr("name", s.name);
      OtherAttributes(s.urdf_form, "");
      Origin(s.pose, s.urdf_form);
      UrdfGeometry(s.geometry, s.urdf_form, what, s.where);
      if (is_visual) {
        const auto& v = l.visuals[k];
        if (v.material) VisualMaterial(*v.material, what);
        Extensions(v.extensions);
      } else {
        Extensions(l.collisions[k].extensions);
      }
      w_.End();
    } else {
      w_.Verbatim(l.extensions[k]);
    }
  }
  w_.End();
  if (!carried.empty()) Carried(l, carried);
}

void UrdfWriter::Carried(const frames::Link& l,
                         const std::vector<ShapeRef>& shapes) {
  w_.Start("gazebo").Attr("reference", l.name);
  for (const auto& [is_visual, index] : shapes) {
    const frames::Shape* s =
        is_visual ? static_cast<const frames::Shape*>(&l.visuals[index])
                  : static_cast<const frames::Shape*>(&l.collisions[index]);
    const char* kind = is_visual ? "visual" : "collision";
    // Shapes URDF readers refuse: carried whole, as SDFormat.
    const std::string negative = NegativeSize(s->geometry);
    const bool empty = negative.empty() &&
                       s->geometry.type == Geometry::Type::kOther &&
                       s->geometry.other->name == "empty";
    if (!negative.empty() || empty) {
      diags_->Warning(
          empty ? frames::Code::GEOMETRY_EMPTY
                : frames::Code::GEOMETRY_SIZE_NEGATIVE,
          ShapeWhat(kind, *s, l.name) +
              (empty ? " has no geometry (an empty one, as libsdformat "
                       "reads a missing <geometry>), which URDF requires; "
                       "it is left out of the URDF and carried"
                     : " has a negative " + negative +
                           ", which URDF readers refuse; it is carried") +
              " as SDFormat in <gazebo reference=\"" + l.name + "\">",
          s->where);
      SdfShape(*s, is_visual, index, l.name);
      continue;
    }
    const bool capsule = s->geometry.type == Geometry::Type::kCapsule;
    const std::string shape =
        capsule                                      ? "capsule"
        : s->geometry.type == Geometry::Type::kPlane ? "plane"
        : s->geometry.type == Geometry::Type::kOther ? s->geometry.other->name
                                                     : "ellipsoid";
    diags_->Warning(
        capsule ? frames::Code::CAPSULE_NOT_URDF
                : frames::Code::GEOMETRY_NOT_URDF,
        ShapeWhat(kind, *s, l.name) + " is " +
            (shape[0] == 'e' ? "an " : "a ") + shape +
            ", which URDF 1.0 does not have" +
            (capsule ? " (URDF 1.1 has <capsule>: sdf2urdf --urdf-version 1.1)"
                     : "") +
            "; it is carried as SDFormat in <gazebo reference=\"" + l.name +
            "\">",
        s->where);
    SdfShape(*s, is_visual, index, l.name);
  }
  w_.End();
}

void UrdfWriter::SdfShape(const frames::Shape& s, bool is_visual, size_t index,
                          const std::string& link) {
  const char* kind = is_visual ? "visual" : "collision";
  w_.Start(kind).Attr(
      "name",
      s.name_given ? s.name : link + "_" + kind + "_" + std::to_string(index));
  if (!s.pose.IsIdentity()) {
    w_.Leaf("pose", xml::Numbers(s.pose.xyz, s.pose.rpy));
  }
  const Geometry& g = s.geometry;
  w_.Start("geometry");
  if (g.type == Geometry::Type::kOther) {
    w_.Verbatim(*g.other);  // an SDFormat shape read verbatim
  } else {
    switch (g.type) {
      case Geometry::Type::kBox:  // carried for a negative size
        w_.Start("box");
        w_.Leaf("size", xml::Numbers(g.size));
        break;
      case Geometry::Type::kSphere:
        w_.Start("sphere");
        w_.Leaf("radius", g.radius);
        break;
      case Geometry::Type::kCylinder:
      case Geometry::Type::kCapsule:
        w_.Start(g.type == Geometry::Type::kCylinder ? "cylinder" : "capsule");
        w_.Leaf("radius", g.radius);
        w_.Leaf("length", g.length);
        break;
      case Geometry::Type::kPlane:
        w_.Start("plane");
        w_.Leaf("normal", xml::Numbers(g.size));
        w_.Leaf("size", xml::Numbers(g.plane_size));
        break;
      default:
        w_.Start("ellipsoid");
        w_.Leaf("radii", xml::Numbers(g.radii));
        break;
    }
    Extensions(g.extensions);
    w_.End();
  }
  w_.End();
  if (is_visual) {
    const auto& v = static_cast<const frames::Visual&>(s);
    if (v.material) {
      const frames::Material& m = *v.material;
      // URDF's single colour stands for ambient and diffuse, as libsdformat
      // reads a URDF <color>.
      const bool sdf = m.ambient || m.diffuse || m.specular || m.emissive;
      if (sdf || m.rgba || !m.extensions.empty()) {
        w_.Start("material");
        auto color = [&](const char* tag,
                         const std::optional<Eigen::Vector4d>& c) {
          if (c) w_.Leaf(tag, xml::Numbers(*c));
        };
        color("ambient", sdf ? m.ambient : m.rgba);
        color("diffuse", sdf ? m.diffuse : m.rgba);
        color("specular", m.specular);
        color("emissive", m.emissive);
        Extensions(m.extensions);
        w_.End();
      }
    }
    Extensions(v.extensions);
  } else {
    Extensions(static_cast<const frames::Collision&>(s).extensions);
  }
  w_.End();
}

void UrdfWriter::Joint(const frames::Joint& j) {
  if (j.parent == kWorldLink && !world_written_) {
    w_.Start("link").Attr("name", kWorldLink);
    w_.End();
    world_written_ = true;
  }
  // Message text is built only when there is something to report.
  auto what = [&] { return "joint " + Quoted(UrdfName(j)); };
  const frames::UrdfForm& form = j.urdf_form;
  w_.Start("joint")
      .Attr("name", UrdfName(j))
      .Attr("type", frames::JointTypeName(j.type));
  OtherAttributes(form, "");
  Origin(j.pose, form);
  w_.Start("parent").Attr("link", j.parent);
  OtherAttributes(form, "parent");
  w_.End();
  w_.Start("child").Attr("link", j.child);
  OtherAttributes(form, "child");
  w_.End();
  if (j.axis) {
    const frames::JointAxis& a = *j.axis;
    // A URDF that gave no <axis> (URDF's default 1 0 0) gets none again.
    if (!form.Has(frames::UrdfForm::kNoAxis) ||
        a.xyz != frames::Vector3::UnitX()) {
      w_.Start("axis").Attr("xyz", xml::Numbers(a.xyz));
      OtherAttributes(form, "axis");
      w_.End();
    }
    for (const auto& e : a.extensions) {
      CannotExpress("SDFormat <" + e.name + "> of the axis of " + what(),
                    e.where);
    }
    if (a.limit) {
      const frames::JointLimit& lim = *a.limit;
      // An attribute the URDF left out is left out again while it holds
      // the value it was read as (0 for lower and upper; effort and
      // velocity are -1 after a round trip through SDFormat).
      auto write = [&](const char* key, const std::optional<double>& v,
                       frames::UrdfForm::Part left_out, double as_read) {
        if (v && !(form.Has(left_out) && (*v == as_read || *v == 0.0)))
          w_.Attr(key, *v);
      };
      w_.Start("limit");
      write("lower", lim.lower, frames::UrdfForm::kNoLower, 0.0);
      write("upper", lim.upper, frames::UrdfForm::kNoUpper, 0.0);
      write("effort", lim.effort, frames::UrdfForm::kNoEffort, -1.0);
      write("velocity", lim.velocity, frames::UrdfForm::kNoVelocity, -1.0);
      OtherAttributes(form, "limit");
      w_.End();
      for (const auto& e : lim.extensions) {
        CannotExpress("SDFormat <" + e.name + "> of the limit of " + what(),
                      e.where);
      }
    }
    if (a.dynamics) {
      const frames::JointDynamics& d = *a.dynamics;
      w_.Start("dynamics");
      if (d.damping) w_.Attr("damping", *d.damping);
      if (d.friction) w_.Attr("friction", *d.friction);
      OtherAttributes(form, "dynamics");
      w_.End();
      for (const auto& e : d.extensions) {
        CannotExpress("SDFormat <" + e.name + "> of the dynamics of " + what(),
                      e.where);
      }
    }
  }
  if (j.mimic) {
    auto it = renamed_.find(j.mimic->joint);
    w_.Start("mimic").Attr("joint",
                           it == renamed_.end() ? j.mimic->joint : it->second);
    if (j.mimic->multiplier) w_.Attr("multiplier", *j.mimic->multiplier);
    if (j.mimic->offset) w_.Attr("offset", *j.mimic->offset);
    OtherAttributes(form, "mimic");
    w_.End();
  }
  if (j.safety_controller) {
    const frames::SafetyController& s = *j.safety_controller;
    w_.Start("safety_controller");
    if (s.soft_lower_limit) w_.Attr("soft_lower_limit", *s.soft_lower_limit);
    if (s.soft_upper_limit) w_.Attr("soft_upper_limit", *s.soft_upper_limit);
    if (s.k_position) w_.Attr("k_position", *s.k_position);
    w_.Attr("k_velocity", s.k_velocity);
    OtherAttributes(form, "safety_controller");
    w_.End();
  }
  if (j.calibration) {
    w_.Start("calibration");
    if (j.calibration->rising) w_.Attr("rising", *j.calibration->rising);
    if (j.calibration->falling) w_.Attr("falling", *j.calibration->falling);
    OtherAttributes(form, "calibration");
    w_.End();
  }
  Extensions(j.extensions);
  w_.End();
}

void UrdfWriter::Robot(std::string* tail, Diagnostics* tail_diags) {
  for (const auto& j : model_.joints) {
    if (!j.original_name.empty()) renamed_.emplace(j.name, j.original_name);
  }
  w_.Declaration();
  w_.Start("robot").Attr("name", model_.name);
  minor_ = WrittenUrdfMinor(model_, options_);
  // Set to "": no version at all.
  bool version_written = options_.version && options_.version->empty();
  if (options_.version && !options_.version->empty()) {
    w_.Attr("version", *options_.version);
    version_written = true;
  }
  for (const auto& a : model_.urdf_form.attributes) {
    // The URDF's version (kept with its other attributes) unless one was
    // written above.
    if (a.on.empty() && !(version_written && a.name == "version"))
      w_.Attr(a.name, a.value);
  }
  Keys keys;
  keys[0].reserve(model_.materials.size());
  for (const auto& m : model_.materials) keys[0].push_back(Key(m.where));
  keys[1].reserve(model_.links.size());
  for (const auto& l : model_.links) keys[1].push_back(Key(l.where));
  keys[2].reserve(model_.joints.size());
  for (const auto& j : model_.joints) keys[2].push_back(Key(j.where));
  keys[3].reserve(model_.extensions.size());
  for (const auto& e : model_.extensions) keys[3].push_back(Key(e.where));
  Order order;
  Interleave(keys, &order);
  // Split in two halves for a large model (both halves cost the same:
  // links and joints alternate), the second written beside the first.
  if (order.size() < frames::kBesideSplitElements) {
    Items(order, 0, order.size());
    w_.End();
    return;
  }
  const size_t half = order.size() / 2;
  // The state the first half leaves for the second: whether it wrote the
  // world link.
  bool world_written = world_written_;
  for (size_t i = 0; i < half; ++i) {
    if (order[i].first == 2 &&
        model_.joints[order[i].second].parent == kWorldLink) {
      world_written = true;
    }
  }
  // (No thread to be had: the second half written here first, into its
  // buffer all the same.)
  std::future<void> writing = frames::RunBeside([&, world_written] {
    // Half of what WriteUrdf reserves (untouched pages cost nothing).
    tail->reserve(1024 + 1024 * model_.links.size());
    xml::Writer w(tail);
    // The <robot> open, as in the first half, and cut below: its first
    // child ends the start tag, so the tail starts "<robot>\n" (the
    // writer's tests compare a split robot's text whole).
    w.Start("robot");
    UrdfWriter rest(model_, options_, tail_diags, &w);
    rest.minor_ = minor_;
    rest.renamed_ = renamed_;
    rest.world_written_ = world_written;
    rest.Items(order, half, order.size());
    w.End();
  });
  Items(order, 0, half);
  writing.get();
  // The tail as the first half's writer would have gone on: without the
  // "<robot>" it opened (the first half's element closed the real one).
  static constexpr std::string_view kOpen = "<robot>\n";
  tail->erase(0, kOpen.size());
}

void UrdfWriter::Items(const std::vector<std::pair<int, size_t>>& order,
                       size_t begin, size_t end) {
  for (size_t i = begin; i < end; ++i) {
    const auto& [list, k] = order[i];
    switch (list) {
      case 0:
        MaterialDefinition(model_.materials[k]);
        break;
      case 1:
        Link(model_.links[k]);
        break;
      case 2:
        Joint(model_.joints[k]);
        break;
      default:
        w_.Verbatim(model_.extensions[k]);
    }
  }
}

// Names the URDF will print that come from data rather than from this
// writer: kept elements (whose "urdf:" prefix sdf2urdf strips, so that
// <urdf::x> would print as <:x>) and attributes a urdf_form records by name
// (<urdf:attribute name="...">). Each must be an XML name, or the output
// would not be XML.
void CheckNames(const Model& model, Diagnostics* diags) {
  // "<what> '<name>'<context> is not an XML name ..."
  const auto bad = [&](const char* what, const std::string& name,
                       const std::string& context,
                       const SourceLocation& where) {
    diags->Error(frames::Code::XML_NAME_INVALID,
                 std::string(what) + " '" + name + "'" + context +
                     " is not an XML name; the URDF cannot be written with it",
                 where);
  };
  // Kept elements, walked without recursion.
  std::vector<const frames::Element*> stack;
  const auto elements = [&](const std::vector<frames::Element>& v) {
    for (const auto& e : v) stack.push_back(&e);
  };
  // `owner()` names what `f` belongs to; called only for a message.
  const auto form = [&](const frames::UrdfForm& f, const auto& owner,
                        const SourceLocation& where) {
    for (const auto& a : f.attributes) {
      if (!xml::IsName(a.name)) {
        bad("attribute name", a.name, " recorded for " + owner(), where);
      }
    }
  };
  const auto shape = [&](const frames::Shape& s, const char* kind,
                         const frames::Link& l) {
    if (s.geometry.other) stack.push_back(&*s.geometry.other);
    elements(s.geometry.extensions);
    form(s.urdf_form, [&] { return ShapeWhat(kind, s, l.name); }, s.where);
  };
  elements(model.extensions);
  form(model.urdf_form, [] { return std::string("the robot"); }, model.where);
  for (const auto& m : model.materials) {
    elements(m.extensions);
    elements(m.urdf_extensions);
  }
  for (const auto& l : model.links) {
    elements(l.extensions);
    form(l.urdf_form, [&] { return "link " + Quoted(l.name); }, l.where);
    for (const auto& v : l.visuals) {
      elements(v.extensions);
      if (v.material) {
        elements(v.material->extensions);
        elements(v.material->urdf_extensions);
      }
      shape(v, "visual", l);
    }
    for (const auto& c : l.collisions) {
      elements(c.extensions);
      shape(c, "collision", l);
    }
  }
  for (const auto& j : model.joints) {
    elements(j.extensions);
    form(j.urdf_form, [&] { return "joint " + Quoted(j.name); }, j.where);
    if (j.axis) {
      elements(j.axis->extensions);
      if (j.axis->limit) elements(j.axis->limit->extensions);
      if (j.axis->dynamics) elements(j.axis->dynamics->extensions);
    }
  }
  while (!stack.empty()) {
    const frames::Element& e = *stack.back();
    stack.pop_back();
    if (!xml::IsName(e.name)) bad("element name", e.name, "", e.where);
    for (const auto& a : e.attributes) {
      if (!xml::IsName(a.first)) {
        bad("attribute name", a.first, " of <" + e.name + ">", e.where);
      }
    }
    elements(e.children);
  }
}

// A URDF_FORM_INVALID finding: something the model has that URDF cannot say.
void FormError(Diagnostics* diags, const std::string& message,
               const SourceLocation& where) {
  diags->Error(frames::Code::URDF_FORM_INVALID, message, where);
}

// The robot as a whole: its name, its robot-level materials, and what a URDF
// robot has not (nested models, frames, a pose, a static flag). `robot`
// names the model in messages.
void CheckRobot(const Model& model, const std::string& robot,
                Diagnostics* diags) {
  if (model.name.empty()) {
    diags->Error(frames::Code::NAME_EMPTY,
                 "the model has no name; a URDF robot needs one", model.where);
  }
  // Robot-level materials as URDF readers take them: named (urdfdom keeps
  // an empty name, but no visual can name it; urdf2sdf refuses it), and a
  // name defined twice only the same both times.
  std::unordered_map<std::string_view, const frames::Material*> materials;
  for (const auto& m : model.materials) {
    if (m.name.empty()) {
      diags->Error(frames::Code::NAME_EMPTY,
                   "a robot-level material of " + robot +
                       " has an empty name; a URDF material definition needs "
                       "one",
                   m.where);
      continue;
    }
    const auto [it, first] = materials.emplace(m.name, &m);
    if (!first && (it->second->rgba != m.rgba ||
                   it->second->texture != m.texture)) {
      diags->Error(frames::Code::MATERIAL_DUPLICATE,
                   "robot-level material " + Quoted(m.name) + " of " + robot +
                       " is defined twice, differently",
                   m.where);
    }
  }
  for (const auto& m : model.models) {
    FormError(diags,
              robot + " has nested model " + Quoted(m.name) +
                  "; URDF has no nested models",
              m.where);
  }
  for (const auto& f : model.frames) {
    FormError(diags,
              robot + " has frame " + Quoted(f.name) +
                  "; URDF has no frames (a converter makes them links)",
              f.where);
  }
  if (!model.pose.IsIdentity()) {
    FormError(diags,
              robot + " has a pose (" +
                  xml::FormatPose(model.pose.xyz, model.pose.rpy) +
                  "); a URDF robot has none",
              model.where);
  }
  if (model.is_static) {
    FormError(diags,
              robot +
                  " is static; URDF has no static flag (a fixed joint to "
                  "`world` says the same)",
              model.where);
  }
}

// Link and joint names: present, not `world` for a link, each used once.
void CheckLinkAndJointNames(const Model& model,
                            const frames::TreeAnalysis& tree,
                            const std::string& robot, Diagnostics* diags) {
  for (size_t k = 0; k < model.links.size(); ++k) {
    const frames::Link& l = model.links[k];
    if (l.name.empty()) {
      diags->Error(frames::Code::NAME_EMPTY,
                   "a link of " + robot + " has an empty name", l.where);
    } else if (l.name == kWorldLink) {
      FormError(diags,
                "link 'world' of " + robot +
                    ": URDF reserves the name for the fixed world frame",
                l.where);
    } else if (tree.SharesEarlierName(model, k)) {
      diags->Error(frames::Code::DUPLICATE_NAME,
                   "link name " + Quoted(l.name) + " is used twice in " + robot,
                   l.where);
    }
  }
  frames::NameIndex joint_names;  // URDF joint names -> model.joints
  joint_names.Reserve(model.joints.size());
  const auto urdf_name = [&](size_t k) -> std::string_view {
    return UrdfName(model.joints[k]);
  };
  for (size_t k = 0; k < model.joints.size(); ++k) {
    const frames::Joint& j = model.joints[k];
    const std::string& name = UrdfName(j);
    if (name.empty()) {
      diags->Error(frames::Code::NAME_EMPTY,
                   "a joint of " + robot + " has an empty name", j.where);
    } else if (joint_names.Insert(name, k, urdf_name) != static_cast<long>(k)) {
      diags->Error(frames::Code::DUPLICATE_NAME,
                   "joint name " + Quoted(name) + " is used twice in " + robot,
                   j.where);
    }
  }
}

// Joints: types, axes, parent and child, poses; one parent per link, from
// the tree check's finding for each joint. (A link a joint can name: an
// empty name and `world` are reported by CheckLinkAndJointNames and name no
// link.)
void CheckJoints(const Model& model, const frames::TreeCheck& check,
                 Diagnostics* diags) {
  using Child = frames::JointEdgeFinding::Child;
  for (size_t k = 0; k < model.joints.size(); ++k) {
    const frames::Joint& j = model.joints[k];
    const frames::JointEdgeFinding& f = check.joints[k];
    // Message text is built only when there is something to report.
    auto what = [&] { return "joint " + Quoted(UrdfName(j)); };
    if (!IsUrdfJointType(j.type)) {
      diags->Error(frames::Code::JOINT_TYPE_NOT_URDF,
                   what() + " has type '" + frames::JointTypeName(j.type) +
                       "', which URDF does not have",
                   j.where);
    }
    if (j.axis2) {
      FormError(diags, what() + " has a second axis; URDF joints have one",
                j.where);
    }
    if (j.axis && !j.axis->expressed_in.empty() &&
        j.axis->expressed_in != j.name) {
      FormError(diags,
                what() + " has its axis expressed in " +
                    Quoted(j.axis->expressed_in) +
                    "; a URDF axis is in the joint frame",
                j.where);
    }
    if (f.parent_missing) {
      diags->Error(frames::Code::JOINT_PARENT_LINK_INVALID,
                   what() + " names parent link " + Quoted(j.parent) +
                       ", which does not exist",
                   j.where);
    }
    if (f.from_world ? !IsModelFrame(j.pose.relative_to)
                   : j.pose.relative_to != j.parent) {
      FormError(diags,
                what() + " has its pose relative_to " +
                    Quoted(j.pose.relative_to) +
                    "; URDF measures a joint origin in its parent link " +
                    Quoted(j.parent),
                j.where);
    }
    if (f.child == Child::kIsWorld || f.child == Child::kMissing) {
      diags->Error(frames::Code::JOINT_CHILD_LINK_INVALID,
                   what() + " names child link " + Quoted(j.child) +
                       (f.child == Child::kIsWorld ? ", the fixed world frame"
                                                   : ", which does not exist"),
                   j.where);
    } else if (f.child == Child::kIsParent) {
      diags->Error(
          frames::Code::JOINT_PARENT_SAME_AS_CHILD,
          what() + " has link " + Quoted(j.child) + " as both parent and child",
          j.where);
    } else if (f.child == Child::kSecondParent) {
      diags->Error(frames::Code::URDF_LINK_MULTIPLE_PARENTS,
                   "link " + Quoted(j.child) + " is the child of joint " +
                       Quoted(UrdfName(model.joints[f.first_parent])) +
                       " and of " + what(),
                   j.where);
    }
  }
}

// Links: on their parent joint, shapes and inertials in the link frame.
void CheckLinkPlacement(const Model& model, const frames::TreeAnalysis& tree,
                        Diagnostics* diags) {
  for (size_t k = 0; k < model.links.size(); ++k) {
    const frames::Link& l = model.links[k];
    auto what = [&] { return "link " + Quoted(l.name); };
    if (const frames::Joint* parent = tree.ParentJointOf(model, k)) {
      if (l.pose.relative_to != parent->name || !l.pose.IsIdentity()) {
        FormError(diags,
                  what() + " must be at its parent joint " +
                      Quoted(parent->name) +
                      " (pose relative_to it, identity), as URDF places it; "
                      "it is at '" +
                      xml::FormatPose(l.pose.xyz, l.pose.rpy) +
                      "' relative_to " + Quoted(l.pose.relative_to),
                  l.where);
      }
    } else if (!IsModelFrame(l.pose.relative_to) || !l.pose.IsIdentity()) {
      FormError(diags,
                what() +
                    " is a root link and must be at the model frame; it is "
                    "at '" +
                    xml::FormatPose(l.pose.xyz, l.pose.rpy) + "' relative_to " +
                    Quoted(l.pose.relative_to),
                l.where);
    }
    auto in_link = [&](const frames::Pose& p) {
      return p.relative_to.empty() || p.relative_to == l.name;
    };
    if (l.inertial && !in_link(l.inertial->pose)) {
      FormError(diags,
                "the inertial of " + what() + " has its pose relative_to " +
                    Quoted(l.inertial->pose.relative_to) +
                    "; URDF measures it in the link",
                l.inertial->where);
    }
    auto check_shape = [&](const frames::Shape& s, const char* kind) {
      auto shape = [&] {
        return std::string(kind) + (s.name_given ? " " + Quoted(s.name) : "") +
               " of " + what();
      };
      if (!in_link(s.pose)) {
        FormError(diags,
                  shape() + " has its pose relative_to " +
                      Quoted(s.pose.relative_to) +
                      "; URDF measures it in the link",
                  s.where);
      }
      const Geometry& g = s.geometry;
      if (g.type == Geometry::Type::kNone ||
          (g.type == Geometry::Type::kOther && !g.other)) {
        diags->Error(frames::Code::GEOMETRY_MISSING,
                     shape() + " has no geometry", s.where);
      }
    };
    for (const auto& v : l.visuals) check_shape(v, "visual");
    for (const auto& c : l.collisions) check_shape(c, "collision");
  }
}

// One root, no cycles, and the model frame on that root; meaningful only
// when every joint's parent and child are links (check.edges_ok).
void CheckOneRoot(const Model& model, const frames::TreeAnalysis& tree,
                  const frames::TreeCheck& check, const std::string& robot,
                  Diagnostics* diags) {
  const std::vector<std::string>& roots = check.roots;
  if (roots.size() > 1) {
    std::string list;
    for (const auto& r : roots) list += (list.empty() ? "" : ", ") + Quoted(r);
    diags->Error(frames::Code::URDF_MULTIPLE_ROOTS,
                 robot + " has " + std::to_string(roots.size()) +
                     " root links (links that are no joint's child): " + list,
                 model.where);
    return;
  }
  if (!check.cycle_links.empty()) {
    const frames::Link& l = model.links[check.cycle_links.front()];
    diags->Error(frames::Code::URDF_KINEMATIC_CYCLE,
                 "link " + Quoted(l.name) +
                     " lies on a cycle of joints (it is not reachable "
                     "from the root)",
                 l.where);
  }
  if (!tree.from_world && !roots.empty() && !model.canonical_link.empty() &&
      model.canonical_link != roots.front()) {
    FormError(diags,
              robot + " has canonical link " + Quoted(model.canonical_link) +
                  "; in URDF the model frame is the root link " +
                  Quoted(roots.front()),
              model.where);
  }
}

}  // namespace

bool CheckUrdfForm(const Model& model, Diagnostics* diags) {
  const int errors_before = diags->error_count();
  CheckNames(model, diags);
  const std::string robot = "model " + Quoted(model.name);
  CheckRobot(model, robot, diags);
  if (model.links.empty()) {
    diags->Error(frames::Code::URDF_NO_LINK,
                 robot + " has no link; URDF needs one", model.where);
    return false;
  }
  // Indexes the link names once: every check below walks indices.
  const frames::TreeAnalysis tree = frames::AnalyzeTree(model);
  CheckLinkAndJointNames(model, tree, robot, diags);
  const frames::TreeCheck check = frames::CheckTree(model, tree);
  CheckJoints(model, check, diags);
  CheckLinkPlacement(model, tree, diags);
  if (check.edges_ok) CheckOneRoot(model, tree, check, robot, diags);
  return diags->error_count() == errors_before;
}

std::optional<std::string> WriteUrdf(const Model& model,
                                     const UrdfWriteOptions& options,
                                     Diagnostics* diags) {
  // (Declared before the thread that writes to it, so that it outlives
  // the thread, which the future's destruction waits for.)
  Diagnostics check_diags;
  // A large model checked (CheckUrdfForm) beside the writing; when no
  // thread can be had, checked here first into check_diags all the same.
  std::future<bool> checking;
  if (model.links.size() >= frames::kBesideLinks) {
    checking = frames::RunBeside([&model, &check_diags] {
      return CheckUrdfForm(model, &check_diags);
    });
  }
  if (!checking.valid() && !CheckUrdfForm(model, diags)) return std::nullopt;
  std::string out;
  // About 1.3 KiB of URDF per link with its joint, inertial, visual and
  // collision (computed poses print 17 digits a number); reserving once
  // avoids regrowing (and copying) a large output. What is reserved and not
  // written is never touched, so costs no memory.
  out.reserve(1024 + 2048 * model.links.size());
  // Written beside the check (both only read the model): what the writing
  // reports follows what the check reports, and is dropped with the text
  // when the check fails, as nothing is written then.
  Diagnostics written;
  Diagnostics* writing_diags = checking.valid() ? &written : diags;
  std::string tail;  // UrdfWriter::Robot
  Diagnostics tail_diags;
  {
    xml::Writer w(&out);
    UrdfWriter(model, options, writing_diags, &w).Robot(&tail, &tail_diags);
  }  // (flushed)
  out += tail;
  writing_diags->Append(tail_diags);
  if (!checking.valid()) return out;
  const bool ok = checking.get();
  diags->Append(check_diags);
  if (!ok) return std::nullopt;
  diags->Append(written);
  return out;
}

}  // namespace urdf_io
