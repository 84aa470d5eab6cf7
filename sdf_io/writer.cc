#include "sdf_io/writer.h"

#include <string>
#include <string_view>
#include <vector>

#include "frames/graph.h"
#include "frames/name_index.h"
#include "xml/writer.h"

namespace sdf_io {
namespace {

using frames::Geometry;

// Whether the version written (1.9 and later) has //pose/@rotation_format.
bool QuaternionPoses(const WriteOptions& options) {
  const std::string& v = options.version;
  if (v.rfind("1.", 0) != 0) return false;
  const std::string minor = v.substr(2);
  if (minor.empty() || minor.find_first_not_of("0123456789") != std::string::npos)
    return false;
  return std::stoi(minor) >= 9;
}

class SdfWriter {
 public:
  SdfWriter(xml::Writer* w, const WriteOptions& options)
      : w_(*w), options_(options), quaternions_(QuaternionPoses(options)) {}

  void Model(const frames::Model& m);
  void World(const frames::World& world);

 private:
  // <pose relative_to=...>xyz rpy</pose>. Unless `whole`, what is implied
  // is left out: the element when it is the identity in the element's
  // default frame, the numbers when it is the identity in a named frame.
  // A pose holding a quaternion (frames::Pose::quat_xyzw) is written with
  // rotation_format="quat_xyzw" from SDFormat 1.9, which has it (1.9
  // pose.sdf), and as the same rotation in rpy before.
  void Pose(const frames::Pose& p, bool whole = false) {
    const bool numbers = whole || !p.IsIdentity();
    const bool quaternion = p.quat_xyzw && numbers && quaternions_;
    if (p.relative_to.empty() && !quaternion) {
      if (numbers) w_.Leaf("pose", xml::Numbers(p.xyz, p.rpy));
      return;
    }
    w_.Start("pose");
    if (!p.relative_to.empty()) w_.Attr("relative_to", p.relative_to);
    if (quaternion) {
      w_.Attr("rotation_format", "quat_xyzw");
      w_.Text(xml::FormatVector3(p.xyz) + " " +
              xml::FormatVector4(*p.quat_xyzw));
    } else if (numbers) {
      w_.Text(xml::Numbers(p.xyz, p.rpy));
    }
    w_.End();
  }
  void Geometry(const frames::Geometry& g);
  void Material(const frames::Material& m);
  void Inertial(const frames::Inertial& in);
  void Link(const frames::Link& l);
  void Joint(const frames::Joint& j);
  void Axis(const char* name, const frames::JointAxis& a);
  void Frame(const frames::Frame& f);
  void Extensions(const std::vector<frames::Element>& ext) {
    for (const auto& e : ext) w_.Verbatim(e);
  }

  void Include(const frames::Model& m);
  // Writes every child of a model or world: in `order` when it has one,
  // then whatever `order` does not cover (children added by a converter).
  template <typename LinkFn, typename JointFn, typename FrameFn,
            typename ModelFn>
  void Ordered(const std::vector<frames::ChildRef>& order, size_t links,
               size_t joints, size_t frames, size_t models,
               const std::vector<frames::Element>& extensions, LinkFn link,
               JointFn joint, FrameFn frame, ModelFn model);

  xml::Writer& w_;
  const WriteOptions& options_;
  const bool quaternions_;  // the version written has rotation_format
};

template <typename LinkFn, typename JointFn, typename FrameFn, typename ModelFn>
void SdfWriter::Ordered(const std::vector<frames::ChildRef>& order,
                        size_t links, size_t joints, size_t frames,
                        size_t models,
                        const std::vector<frames::Element>& extensions,
                        LinkFn link, JointFn joint, FrameFn frame,
                        ModelFn model) {
  using K = frames::ChildRef::Kind;
  const size_t sizes[] = {links, joints, frames, models, extensions.size()};
  std::vector<bool> done[5];
  for (int k = 0; k < 5; ++k) done[k].assign(sizes[k], false);
  auto write = [&](K kind, size_t i) {
    const int k = static_cast<int>(kind);
    if (i >= sizes[k] || done[k][i]) return;
    done[k][i] = true;
    switch (kind) {
      case K::kLink: link(i); break;
      case K::kJoint: joint(i); break;
      case K::kFrame: frame(i); break;
      case K::kModel: model(i); break;
      case K::kExtension: w_.Verbatim(extensions[i]); break;
    }
  };
  for (const auto& ref : order) write(ref.kind, static_cast<size_t>(ref.index));
  for (int k = 0; k < 5; ++k) {
    for (size_t i = 0; i < sizes[k]; ++i) write(static_cast<K>(k), i);
  }
}

void SdfWriter::Geometry(const frames::Geometry& g) {
  w_.Start("geometry");
  switch (g.type) {
    case Geometry::Type::kBox:
      w_.Start("box");
      w_.Leaf("size", xml::Numbers(g.size));
      Extensions(g.extensions);
      w_.End();
      break;
    case Geometry::Type::kCylinder:
    case Geometry::Type::kCapsule:
      w_.Start(g.type == Geometry::Type::kCylinder ? "cylinder" : "capsule");
      w_.Leaf("radius", g.radius);
      w_.Leaf("length", g.length);
      Extensions(g.extensions);
      w_.End();
      break;
    case Geometry::Type::kSphere:
      w_.Start("sphere");
      w_.Leaf("radius", g.radius);
      Extensions(g.extensions);
      w_.End();
      break;
    case Geometry::Type::kEllipsoid:
      w_.Start("ellipsoid");
      w_.Leaf("radii", xml::Numbers(g.radii));
      Extensions(g.extensions);
      w_.End();
      break;
    case Geometry::Type::kPlane:
      w_.Start("plane");
      w_.Leaf("normal", xml::Numbers(g.size));
      w_.Leaf("size", xml::Numbers(g.plane_size));
      Extensions(g.extensions);
      w_.End();
      break;
    case Geometry::Type::kMesh:
      w_.Start("mesh");
      if (!g.uri.empty()) w_.Leaf("uri", g.uri);  // none read: none written
      if (g.scale) w_.Leaf("scale", xml::Numbers(*g.scale));
      Extensions(g.extensions);
      w_.End();
      break;
    case Geometry::Type::kOther:
      if (g.other && (g.other->name == "heightmap" ||
                      g.other->name == "polyline" ||
                      g.other->name == "image" || g.other->name == "empty")) {
        w_.Verbatim(*g.other);  // an SDFormat shape the model keeps as read
        break;
      }
      // A shape SDFormat lacks: an empty geometry holding the carried one.
      w_.Start("empty");
      w_.End();
      if (g.other) w_.Verbatim(*g.other);
      break;
    case Geometry::Type::kNone:
      w_.Start("empty");
      w_.End();
      break;
  }
  w_.End();
}

void SdfWriter::Material(const frames::Material& m) {
  if (!m.ambient && !m.diffuse && !m.specular && !m.emissive &&
      m.extensions.empty()) {
    return;
  }
  w_.Start("material");
  auto color = [&](const char* tag, const std::optional<Eigen::Vector4d>& c) {
    if (c) w_.Leaf(tag, xml::Numbers(*c));
  };
  color("ambient", m.ambient);
  color("diffuse", m.diffuse);
  color("specular", m.specular);
  color("emissive", m.emissive);
  Extensions(m.extensions);
  w_.End();
}

void SdfWriter::Inertial(const frames::Inertial& in) {
  w_.Start("inertial");
  Pose(in.pose);
  w_.Leaf("mass", in.mass);
  w_.Start("inertia");
  w_.Leaf("ixx", in.ixx);
  w_.Leaf("ixy", in.ixy);
  w_.Leaf("ixz", in.ixz);
  w_.Leaf("iyy", in.iyy);
  w_.Leaf("iyz", in.iyz);
  w_.Leaf("izz", in.izz);
  w_.End();
  w_.End();
}

void SdfWriter::Link(const frames::Link& l) {
  w_.Start("link").Attr("name", l.name);
  Pose(l.pose);
  if (l.inertial) Inertial(*l.inertial);
  for (const auto& v : l.visuals) {
    w_.Start("visual").Attr("name", v.name);
    Pose(v.pose);
    Geometry(v.geometry);
    if (v.material) Material(*v.material);
    Extensions(v.extensions);
    w_.End();
  }
  for (const auto& c : l.collisions) {
    w_.Start("collision").Attr("name", c.name);
    Pose(c.pose);
    Geometry(c.geometry);
    Extensions(c.extensions);
    w_.End();
  }
  Extensions(l.extensions);
  w_.End();
}

void SdfWriter::Axis(const char* name, const frames::JointAxis& a) {
  w_.Start(name);
  if (a.expressed_in.empty()) {
    w_.Leaf("xyz", xml::Numbers(a.xyz));
  } else {
    w_.Start("xyz").Attr("expressed_in", a.expressed_in);
    w_.Text(xml::Numbers(a.xyz)).End();
  }
  if (a.limit) {
    w_.Start("limit");
    if (a.limit->lower) w_.Leaf("lower", *a.limit->lower);
    if (a.limit->upper) w_.Leaf("upper", *a.limit->upper);
    if (a.limit->effort) w_.Leaf("effort", *a.limit->effort);
    if (a.limit->velocity) w_.Leaf("velocity", *a.limit->velocity);
    Extensions(a.limit->extensions);
    w_.End();
  }
  if (a.dynamics) {
    w_.Start("dynamics");
    if (a.dynamics->damping) w_.Leaf("damping", *a.dynamics->damping);
    if (a.dynamics->friction) w_.Leaf("friction", *a.dynamics->friction);
    Extensions(a.dynamics->extensions);
    w_.End();
  }
  Extensions(a.extensions);
  w_.End();
}

void SdfWriter::Joint(const frames::Joint& j) {
  w_.Start("joint").Attr("name", j.name).Attr("type",
                                              frames::JointTypeName(j.type));
  Pose(j.pose);
  w_.Leaf("parent", j.parent);
  w_.Leaf("child", j.child);
  if (j.axis) Axis("axis", *j.axis);
  if (j.axis2) Axis("axis2", *j.axis2);
  Extensions(j.extensions);
  w_.End();
}

void SdfWriter::Frame(const frames::Frame& f) {
  w_.Start("frame").Attr("name", f.name);
  if (!f.attached_to.empty()) w_.Attr("attached_to", f.attached_to);
  Pose(f.pose);
  Extensions(f.extensions);
  w_.End();
}

void SdfWriter::Include(const frames::Model& m) {
  // The include as written, with its pose and name taken from the model
  // (the reader mapped a legacy pose onto 1.7's relative_to).
  const frames::Element& inc = *m.include;
  w_.Start("include");
  for (const auto& [k, v] : inc.attributes) w_.Attr(k, v);
  bool pose_written = false;
  for (const auto& c : inc.children) {
    if (c.name == "name") {
      w_.Leaf("name", m.name);
    } else if (c.name == "pose") {
      if (!pose_written) {
        Pose(m.pose, /*whole=*/true);
        pose_written = true;
      }
    } else {
      w_.Verbatim(c);
    }
  }
  w_.End();
}

void SdfWriter::Model(const frames::Model& m) {
  if (m.include && options_.keep_includes) {
    Include(m);
    return;
  }
  w_.Start("model").Attr("name", m.name);
  if (!m.canonical_link.empty()) w_.Attr("canonical_link", m.canonical_link);
  // SDFormat 1.8; a 1.7 output has had it made an explicit pose.
  if (!m.placement_frame.empty())
    w_.Attr("placement_frame", m.placement_frame);
  for (const auto& [key, value] : m.attributes) w_.Attr(key, value);
  if (m.is_static) w_.Leaf("static", "true");
  Pose(m.pose);
  auto link = [&](size_t i) { Link(m.links[i]); };
  auto joint = [&](size_t i) { Joint(m.joints[i]); };
  auto frame = [&](size_t i) { Frame(m.frames[i]); };
  auto nested = [&](size_t i) { Model(m.models[i]); };
  if (!m.order.empty()) {
    Ordered(m.order, m.links.size(), m.joints.size(), m.frames.size(),
            m.models.size(), m.extensions, link, joint, frame, nested);
    w_.End();
    return;
  }
  // Each link preceded by the (first) joint whose child it is.
  frames::NameIndex joint_of_child;
  const auto child_of = [&m](size_t k) -> std::string_view {
    return m.joints[k].child;
  };
  joint_of_child.Reserve(m.joints.size());
  // Both loops ask for the table slots of names a few steps ahead: for a
  // model of 100,000 links the table is larger than the caches.
  frames::NameIndex::Ahead children_ahead(joint_of_child, m.joints.size(),
                                          child_of);
  for (size_t k = 0; k < m.joints.size(); ++k)
    joint_of_child.Insert(children_ahead.Take(k), k, child_of);
  std::vector<bool> joint_done(m.joints.size(), false);
  frames::NameIndex::Ahead links_ahead(
      joint_of_child, m.links.size(),
      [&m](size_t k) -> std::string_view { return m.links[k].name; });
  for (size_t i = 0; i < m.links.size(); ++i) {
    const frames::Link& l = m.links[i];
    const long k = joint_of_child.Find(links_ahead.Take(i), child_of);
    if (k >= 0 && !joint_done[k]) {
      Joint(m.joints[k]);
      joint_done[k] = true;
    }
    Link(l);
  }
  for (size_t k = 0; k < m.joints.size(); ++k) {
    if (!joint_done[k]) Joint(m.joints[k]);
  }
  for (const auto& f : m.frames) Frame(f);
  for (const auto& n : m.models) Model(n);
  Extensions(m.extensions);
  w_.End();
}

void SdfWriter::World(const frames::World& world) {
  w_.Start("world").Attr("name", world.name);
  auto none = [](size_t) {};
  auto joint = [&](size_t i) { Joint(world.joints[i]); };
  auto frame = [&](size_t i) { Frame(world.frames[i]); };
  auto model = [&](size_t i) { Model(world.models[i]); };
  // World joints (SDFormat 1.10) are written where they were read, so
  // nothing read is lost.
  Ordered(world.order, 0, world.joints.size(), world.frames.size(),
          world.models.size(), world.extensions, none, joint, frame, model);
  w_.End();
}

}  // namespace

namespace {

void StartDocument(xml::Writer* w, const WriteOptions& options) {
  w->Declaration();
  w->Start("sdf").Attr("version", options.version);
  for (const auto& [prefix, uri] : options.namespaces)
    w->Attr("xmlns:" + prefix, uri);
}

void WriteModelDocument(xml::Writer* w, const frames::Model& model,
                        const WriteOptions& options) {
  StartDocument(w, options);
  SdfWriter(w, options).Model(model);
  w->End();
}

void WriteDocumentTo(xml::Writer* w, const SdfDocument& doc,
                     const WriteOptions& options) {
  StartDocument(w, options);
  SdfWriter writer(w, options);
  for (const auto& m : doc.models) writer.Model(m);
  for (const auto& world : doc.worlds) writer.World(world);
  for (const auto& e : doc.extensions) w->Verbatim(e);
  w->End();
}

}  // namespace

std::string WriteSdf(const frames::Model& model, const WriteOptions& options) {
  std::string out;
  // About 1.5 KiB of SDFormat per link with its inertial, visual and
  // collision; reserving once avoids regrowing a large output.
  out.reserve(4096 + 1536 * model.links.size());
  xml::Writer w(&out);
  WriteModelDocument(&w, model, options);
  return out;
}

bool WriteSdf(const frames::Model& model, const WriteOptions& options,
              const xml::Sink& sink) {
  std::string piece;
  xml::Writer w(&piece, sink);
  WriteModelDocument(&w, model, options);
  return w.Finish();
}

std::string WriteSdfDocument(const SdfDocument& doc,
                             const WriteOptions& options) {
  std::string out;
  size_t links = 0;
  for (const auto& m : doc.models) links += m.links.size();
  out.reserve(4096 + 1536 * links);
  xml::Writer w(&out);
  WriteDocumentTo(&w, doc, options);
  return out;
}

bool WriteSdfDocument(const SdfDocument& doc, const WriteOptions& options,
                      const xml::Sink& sink) {
  std::string piece;
  xml::Writer w(&piece, sink);
  WriteDocumentTo(&w, doc, options);
  return w.Finish();
}

}  // namespace sdf_io
