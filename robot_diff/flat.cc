#include "robot_diff/flat.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>

#include "frames/graph.h"

namespace robot_diff {
namespace {

using frames::Element;
using frames::Isometry3;
using frames::Vector3;

}  // namespace

bool Numbers(const std::string& text, int n, double* out) {
  const char* p = text.c_str();
  for (int k = 0; k < n; ++k) {
    char* end = nullptr;
    errno = 0;
    out[k] = std::strtod(p, &end);
    if (end == p || errno == ERANGE || !std::isfinite(out[k])) return false;
    p = end;
  }
  while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') ++p;
  return *p == '\0';
}

namespace {

std::optional<double> NumberAttribute(const Element& e, const char* key) {
  const std::string* v = e.Attribute(key);
  double d = 0;
  if (!v || !Numbers(*v, 1, &d)) return std::nullopt;
  return d;
}

std::optional<double> NumberChild(const Element& e, const char* name) {
  const Element* c = e.Child(name);
  double d = 0;
  if (!c || !Numbers(c->text, 1, &d)) return std::nullopt;
  return d;
}

// The carried elements our converters write ("urdf:NAME").
const Element* Carried(const std::vector<Element>& elements,
                       const std::string& name) {
  for (const auto& e : elements) {
    if (e.name == "urdf:" + name) return &e;
  }
  return nullptr;
}

// The <urdf:joint> by which a frame stands for a URDF floating or planar
// joint, in the form urdf2sdf writes it (type floating or planar, parent and
// child attributes), or nullptr: any other <urdf:joint> in a frame is a
// stray URDF <joint> carried verbatim (a child of a fixed joint that
// --lump-fixed-joints merged into the frame), not a joint of the robot. As
// converter::FindFrameJoint (reshape/urdf_extensions.h) decides, kept here
// so that robot_diff does not depend on the converter it checks.
const Element* FrameJoint(const std::vector<Element>& elements) {
  for (const auto& e : elements) {
    if (e.name != "urdf:joint") continue;
    const std::string* type = e.Attribute("type");
    if (type && (*type == "floating" || *type == "planar") &&
        e.Attribute("parent") && e.Attribute("child"))
      return &e;
  }
  return nullptr;
}

// The URDF's own inertia that urdf2sdf replaced by the nearest valid one
// (RepairInertias), carried as <urdf:inertia ixx= ...>.
std::optional<frames::Inertial> CarriedInertia(const frames::Link& l) {
  const Element* c = Carried(l.extensions, "inertia");
  if (!c || !l.inertial) return std::nullopt;
  frames::Inertial in = *l.inertial;
  double* fields[] = {&in.ixx, &in.ixy, &in.ixz, &in.iyy, &in.iyz, &in.izz};
  const char* names[] = {"ixx", "ixy", "ixz", "iyy", "iyz", "izz"};
  for (int k = 0; k < 6; ++k) {
    const auto v = NumberAttribute(*c, names[k]);
    if (!v) return std::nullopt;
    *fields[k] = *v;
  }
  return in;
}

// A carried <urdf:mimic joint= multiplier= offset=> (urdf2sdf before
// SDFormat 1.11).
std::optional<frames::Mimic> CarriedMimic(const frames::Joint& j) {
  const Element* m = Carried(j.extensions, "mimic");
  if (!m) return std::nullopt;
  frames::Mimic out;
  if (const std::string* t = m->Attribute("joint")) out.joint = *t;
  out.multiplier = NumberAttribute(*m, "multiplier");
  out.offset = NumberAttribute(*m, "offset");
  return out;
}

// A carried <urdf:safety_controller soft_lower_limit= ...> and
// <urdf:calibration rising= falling=> (urdf2sdf), read as urdf_io reads
// the URDF's own.
std::optional<frames::SafetyController> CarriedSafety(const frames::Joint& j) {
  const Element* s = Carried(j.extensions, "safety_controller");
  if (!s) return std::nullopt;
  frames::SafetyController out;
  out.soft_lower_limit = NumberAttribute(*s, "soft_lower_limit");
  out.soft_upper_limit = NumberAttribute(*s, "soft_upper_limit");
  out.k_position = NumberAttribute(*s, "k_position");
  out.k_velocity = NumberAttribute(*s, "k_velocity").value_or(0.0);
  return out;
}
std::optional<frames::Calibration> CarriedCalibration(const frames::Joint& j) {
  const Element* c = Carried(j.extensions, "calibration");
  if (!c) return std::nullopt;
  return frames::Calibration{NumberAttribute(*c, "rising"),
                             NumberAttribute(*c, "falling")};
}

// Limits and dynamics of a carried <urdf:joint> (its <limit>, <dynamics>
// children, URDF attributes).
void CarriedAxisDetails(const Element& carried, FlatJoint* j) {
  for (const auto& c : carried.children) {
    if (c.name == "axis") {
      Vector3 v;
      const std::string* xyz = c.Attribute("xyz");
      if (xyz && Numbers(*xyz, 3, v.data()) && v.norm() > 0) {
        j->axis_J = v.normalized();
        j->has_axis = true;
      }
    } else if (c.name == "limit") {
      j->limit = frames::JointLimit{
          NumberAttribute(c, "lower"), NumberAttribute(c, "upper"),
          NumberAttribute(c, "effort"), NumberAttribute(c, "velocity"), {}};
    } else if (c.name == "dynamics") {
      j->dynamics = frames::JointDynamics{NumberAttribute(c, "damping"),
                                          NumberAttribute(c, "friction"), {}};
    }
  }
}

// Flattens one model scope; `prefix` ends with the separator (empty at the
// top), X_MS is the scope's model frame in the top model frame.
class Flattener {
 public:
  Flattener(const std::string& separator,
            const std::function<std::string(const std::string&)>& rename,
            bool urdf, FlatModel* out)
      : sep_(separator), rename_(rename), urdf_(urdf), out_(out) {}

  bool Scope(const frames::Model& m, const frames::FrameGraph& g,
             const std::string& prefix, const Isometry3& X_MS) {
    bool ok = true;
    for (const auto& l : m.links) {
      const auto X = g.PoseInModel(l.name);
      if (!X) { ok = false; continue; }
      FlatLink f;
      f.key = Key(prefix + l.name);
      f.src = &l;
      f.X_M0 = X_MS * *X;
      f.inertial = CarriedInertia(l);
      if (!f.inertial) f.inertial = l.inertial;
      if (!f.inertial && !urdf_) {
        // SDFormat's default inertial: 1 kg, unit inertia, at the link
        // frame (a URDF link without one is massless).
        f.inertial.emplace();
        f.inertial->mass = 1.0;
        f.inertial->ixx = f.inertial->iyy = f.inertial->izz = 1.0;
        f.X_MI = f.X_M0;
      }
      if (!Content(l, g, X_MS, &f)) { ok = false; continue; }
      if (!urdf_ && !Sensors(l.extensions, g, l.name, X_MS, &f.sensors)) {
        ok = false;
        continue;
      }
      out_->link_of.emplace(f.key, static_cast<int>(out_->links.size()));
      out_->links.push_back(std::move(f));
    }
    if (!urdf_) {
      for (const auto& e : m.extensions)
        if (e.name == "plugin") out_->plugins.push_back(&e);
    }
    for (const auto& j : m.joints) ok = Joint(j, g, prefix, X_MS) && ok;
    for (const auto& fr : m.frames) ok = Frame(fr, g, prefix, X_MS) && ok;
    for (const auto& n : m.models) {
      const frames::FrameGraph* ng = g.Nested(n.name);
      const auto X = g.PoseInModel(n.name);
      if (!ng || !X) { ok = false; continue; }
      ok = Scope(n, *ng, prefix + n.name + sep_, X_MS * *X) && ok;
    }
    return ok;
  }

 private:
  // Where the link's inertial, visuals and collisions are.
  static bool Content(const frames::Link& l, const frames::FrameGraph& g,
                      const Isometry3& X_MS, FlatLink* f) {
    if (l.inertial) {
      const auto X = g.ResolvePose(l.inertial->pose, l.name);
      if (!X) return false;
      f->X_MI = X_MS * *X;
    }
    for (const auto& v : l.visuals) {
      const auto X = g.ResolvePose(v.pose, l.name);
      if (!X) return false;
      f->X_MV.push_back(X_MS * *X);
    }
    for (const auto& c : l.collisions) {
      const auto X = g.ResolvePose(c.pose, l.name);
      if (!X) return false;
      f->X_MC.push_back(X_MS * *X);
    }
    return true;
  }

  // The <sensor>s among an SDF link's or joint's elements, posed in the
  // model frame (a sensor's pose is in its link's or joint's frame unless
  // its relative_to names another).
  static bool Sensors(const std::vector<Element>& elements,
                      const frames::FrameGraph& g, const std::string& owner,
                      const Isometry3& X_MS, std::vector<FlatSensor>* out) {
    for (const auto& e : elements) {
      if (e.name != "sensor") continue;
      const auto p = frames::PoseChild(e);
      const auto X = p ? g.ResolvePose(*p, owner) : std::nullopt;
      if (!X) return false;
      out->push_back({&e, X_MS * *X});
    }
    return true;
  }

  // A scoped name of the graph ("N::L") in flat form.
  std::string Flat(const std::string& prefix, const std::string& scoped) const {
    std::string s = scoped;
    if (sep_ != "::") {
      for (size_t at = s.find("::"); at != std::string::npos;
           at = s.find("::", at + sep_.size()))
        s.replace(at, 2, sep_);
    }
    return prefix + s;
  }
  std::string Key(const std::string& flat) const { return rename_(flat); }

  // The key of the link a joint's parent or child frame is attached to.
  std::optional<std::string> End(const std::string& frame,
                                 const frames::FrameGraph& g,
                                 const std::string& prefix) const {
    if (frame == frames::kWorldFrame) return std::string(frames::kWorldFrame);
    const auto link = g.AttachedLink(frame);
    if (!link) return std::nullopt;
    if (*link == frames::kWorldFrame) return *link;
    return Key(Flat(prefix, *link));
  }

  bool Joint(const frames::Joint& j, const frames::FrameGraph& g,
             const std::string& prefix, const Isometry3& X_MS) {
    const auto X = g.PoseInModel(j.name);
    const auto parent = End(j.parent, g, prefix);
    const auto child = End(j.child, g, prefix);
    if (!X || !parent || !child) return false;
    FlatJoint f;
    f.key = Key(prefix + (j.original_name.empty() ? j.name : j.original_name));
    if (const Element* o = Carried(j.extensions, "original_name"))
      f.key = Key(prefix + o->text);
    f.name = prefix + j.name;
    f.type = j.type;
    f.parent = *parent;
    f.child = *child;
    f.X_M0 = X_MS * *X;
    f.where = j.where;
    // The default axis: URDF's 1 0 0, SDFormat's 0 0 1.
    if (!urdf_) f.axis_J = Vector3::UnitZ();
    // An axis in the joint frame (its expressed_in resolved); false when
    // that frame does not resolve.
    auto in_joint_frame = [&](const frames::JointAxis& axis, Vector3* a) {
      *a = axis.xyz;
      if (axis.expressed_in.empty()) return true;
      const auto X_JE = g.Resolve(axis.expressed_in, j.name);
      if (X_JE) *a = X_JE->linear() * *a;
      return X_JE.has_value();
    };
    Vector3 a;
    if (j.axis) {
      if (!in_joint_frame(*j.axis, &a)) return false;
      if (a.norm() > 0) {
        f.axis_J = a.normalized();
        f.has_axis = true;
      }
      f.limit = j.axis->limit;
      f.dynamics = j.axis->dynamics;
    }
    if (urdf_ && f.limit) {
      // URDF: a <limit> without lower or upper means 0.
      if (!f.limit->lower) f.limit->lower = 0.0;
      if (!f.limit->upper) f.limit->upper = 0.0;
    }
    if (j.axis2) {
      if (!in_joint_frame(*j.axis2, &a)) return false;
      if (a.norm() > 0) f.axis2_J = a.normalized();
      f.limit2 = j.axis2->limit;
      f.dynamics2 = j.axis2->dynamics;
    }
    f.safety = j.safety_controller ? j.safety_controller.optional() : CarriedSafety(j);
    f.calibration = j.calibration ? j.calibration.optional() : CarriedCalibration(j);
    f.mimic = j.mimic ? j.mimic.optional() : CarriedMimic(j);
    if (f.mimic) f.mimic->joint = prefix + f.mimic->joint;
    if (!urdf_ && !Sensors(j.extensions, g, j.name, X_MS, &f.sensors)) return false;
    Add(std::move(f));
    return true;
  }

  bool Frame(const frames::Frame& fr, const frames::FrameGraph& g,
             const std::string& prefix, const Isometry3& X_MS) {
    const auto X = g.PoseInModel(fr.name);
    if (!X) return false;
    if (const Element* carried = FrameJoint(fr.extensions)) {
      // A URDF floating or planar joint urdf2sdf carried as this frame.
      FlatJoint f;
      auto attr = [&](const char* k) {
        const std::string* v = carried->Attribute(k);
        return v ? *v : std::string();
      };
      f.name = prefix + attr("name");
      f.key = Key(f.name);
      f.type = frames::JointTypeFromName(attr("type"))
                   .value_or(frames::JointType::kFloating);
      f.carried_type = true;
      f.parent = attr("parent") == frames::kWorldFrame
                     ? attr("parent")
                     : Key(prefix + attr("parent"));
      f.child = Key(prefix + attr("child"));
      f.X_M0 = X_MS * *X;
      f.where = fr.where;
      CarriedAxisDetails(*carried, &f);
      Add(std::move(f));
      return true;
    }
    const auto link = End(fr.name, g, prefix);
    if (!link) return false;
    FlatFrame f;
    f.key = Key(prefix + fr.name);
    f.attached = *link;
    f.X_M0 = X_MS * *X;
    f.where = fr.where;
    out_->frame_of.emplace(f.key, static_cast<int>(out_->frames.size()));
    out_->frames.push_back(std::move(f));
    return true;
  }

  void Add(FlatJoint f) {
    out_->joint_of.emplace(f.key, static_cast<int>(out_->joints.size()));
    out_->joints.push_back(std::move(f));
  }

  const std::string sep_;
  const std::function<std::string(const std::string&)>& rename_;
  const bool urdf_;
  FlatModel* out_;
};

// The <axis> of an SDF <joint> element carried in a <gazebo> block: its
// direction (in the joint frame), limits and dynamics.
void SdfAxis(const Element& joint, FlatJoint* f) {
  const Element* axis = joint.Child("axis");
  if (!axis) return;
  Vector3 v;
  const Element* xyz = axis->Child("xyz");
  if (xyz && Numbers(xyz->text, 3, v.data()) && v.norm() > 0) {
    f->axis_J = v.normalized();
    f->has_axis = true;
  }
  if (const Element* l = axis->Child("limit")) {
    f->limit = frames::JointLimit{NumberChild(*l, "lower"),
                                  NumberChild(*l, "upper"),
                                  NumberChild(*l, "effort"),
                                  NumberChild(*l, "velocity"), {}};
  }
  if (const Element* d = axis->Child("dynamics")) {
    f->dynamics = frames::JointDynamics{NumberChild(*d, "damping"),
                                        NumberChild(*d, "friction"), {}};
  }
}

// A URDF's robot-level <gazebo> blocks: the SDF <joint>s sdf2urdf carried
// there. A joint of the URDF with that name (a floating one) has the
// carried type; another is a joint that closes a loop, posed in its child
// link's frame.
void ApplyCarriedJoints(const frames::Model& m,
                        const std::function<std::string(const std::string&)>& rename,
                        FlatModel* out) {
  for (const auto& block : m.extensions) {
    if (block.name != "gazebo" || block.Attribute("reference")) continue;
    for (const auto& e : block.children) {
      if (e.name != "joint") continue;
      const std::string* name = e.Attribute("name");
      const std::string* type = e.Attribute("type");
      const auto t = type ? frames::JointTypeFromName(*type) : std::nullopt;
      if (!name || !t) continue;
      const std::string key = rename(*name);
      const Element* parent = e.Child("parent");
      const Element* child = e.Child("child");
      // The carried joint's frame: its <pose> in the URDF frame of the link
      // it is relative_to, by default its child link.
      const auto pose = frames::PoseChild(e);
      const std::string in = pose && !pose->relative_to.empty()
                                 ? pose->relative_to
                                 : (child ? child->text : std::string());
      const auto frame = out->link_of.find(rename(in));
      if (frame == out->link_of.end()) continue;
      const Isometry3 X_MC = out->links[frame->second].X_M0 *
                             (pose ? pose->ToIsometry() : Isometry3::Identity());
      const auto it = out->joint_of.find(key);
      if (it != out->joint_of.end()) {
        // The URDF joint (floating) is the carried one: its type, and its
        // SDF axis details (a ball joint's dynamics ...), the axis turned
        // from the carried joint's frame into the URDF joint's.
        FlatJoint& j = out->joints[it->second];
        j.type = *t;
        j.carried_type = true;
        j.axis_J = Vector3::UnitZ();
        SdfAxis(e, &j);
        j.axis_J = j.X_M0.linear().transpose() * X_MC.linear() * j.axis_J;
        continue;
      }
      if (!parent || !child) continue;
      FlatJoint f;
      f.key = key;
      f.name = *name;
      f.type = *t;
      f.carried_type = true;
      f.parent = parent->text == frames::kWorldFrame ? parent->text
                                                     : rename(parent->text);
      f.child = rename(child->text);
      f.loop = true;
      f.where = e.where;
      f.X_M0 = X_MC;
      f.axis_J = Vector3::UnitZ();
      SdfAxis(e, &f);
      out->joint_of.emplace(f.key, static_cast<int>(out->joints.size()));
      out->joints.push_back(std::move(f));
    }
  }
}

// A URDF's <gazebo> blocks, as urdf2sdf and libsdformat apply them: the
// <sensor>s of a block whose reference names a link (else a joint) are
// that link's (joint's), posed in its frame, a later one replacing an
// earlier one of its name; the <plugin>s of a block without a reference
// are the model's.
void UrdfGazeboContent(const frames::Model& m, const frames::FrameGraph& g,
                       const std::function<std::string(const std::string&)>& rename,
                       FlatModel* out) {
  auto add = [&](const Element& e, const std::string& frame,
                 std::vector<FlatSensor>* sensors) {
    auto p = frames::PoseChild(e);
    if (!p) p.emplace();
    // A relative_to naming no frame of the URDF: in the link frame.
    auto X = g.ResolvePose(*p, frame);
    if (!X) {
      p->relative_to.clear();
      X = g.ResolvePose(*p, frame);
    }
    if (!X) return;
    const std::string* name = e.Attribute("name");
    for (auto& s : *sensors) {
      const std::string* n = s.src->Attribute("name");
      if (name && n && *n == *name) {
        s = {&e, *X};
        return;
      }
    }
    sensors->push_back({&e, *X});
  };
  for (const auto& block : m.extensions) {
    if (block.name != "gazebo") continue;
    const std::string* ref = block.Attribute("reference");
    if (!ref || ref->empty()) {
      for (const auto& e : block.children)
        if (e.name == "plugin") out->plugins.push_back(&e);
      continue;
    }
    std::vector<FlatSensor>* sensors = nullptr;
    std::string frame;
    const auto l = out->link_of.find(rename(*ref));
    if (l != out->link_of.end()) {
      sensors = &out->links[l->second].sensors;
      frame = out->links[l->second].src->name;
    } else {
      for (const auto& j : m.joints) {
        if (j.name != *ref && j.original_name != *ref) continue;
        const auto it = out->joint_of.find(rename(j.original_name.empty() ? j.name
                                                                          : j.original_name));
        if (it == out->joint_of.end()) break;
        sensors = &out->joints[it->second].sensors;
        frame = j.name;
        break;
      }
    }
    if (!sensors) continue;
    for (const auto& e : block.children)
      if (e.name == "sensor") add(e, frame, sensors);
  }
}

// Tree edges: each link's parent joint (the first joint naming it as
// child; later ones close loops), mimic leaders as keys.
void LinkTree(FlatModel* out) {
  std::map<std::string, std::string> key_of_name;
  for (const auto& j : out->joints) key_of_name.emplace(j.name, j.key);
  for (size_t k = 0; k < out->joints.size(); ++k) {
    FlatJoint& j = out->joints[k];
    if (j.parent == frames::kWorldFrame) out->world_joint = true;
    const auto p = out->link_of.find(j.parent);
    const auto c = out->link_of.find(j.child);
    j.parent_link = p == out->link_of.end() ? -1 : p->second;
    j.child_link = c == out->link_of.end() ? -1 : c->second;
    if (j.mimic) {
      const auto it = key_of_name.find(j.mimic->joint);
      if (it != key_of_name.end()) j.mimic->joint = it->second;
    }
    if (j.loop || j.child_link < 0 || j.child_link == j.parent_link) {
      j.loop = true;
      continue;
    }
    FlatLink& child = out->links[j.child_link];
    if (child.parent_joint >= 0) {
      j.loop = true;
    } else {
      child.parent_joint = static_cast<int>(k);
    }
  }
  // Parent joints that form a cycle (each link below the next): the walk
  // up from a link that returns to a link of the same walk closes one, and
  // that link's parent joint is cut. Each link is walked once.
  std::vector<char> state(out->links.size(), 0);  // 1 on this walk, 2 done
  std::vector<int> walk;
  for (size_t start = 0; start < out->links.size(); ++start) {
    walk.clear();
    int link = static_cast<int>(start);
    while (link >= 0 && state[link] == 0) {
      state[link] = 1;
      walk.push_back(link);
      const int pj = out->links[link].parent_joint;
      link = pj < 0 ? -1 : out->joints[pj].parent_link;
    }
    if (link >= 0 && state[link] == 1) {
      FlatLink& closing = out->links[link];
      out->joints[closing.parent_joint].loop = true;
      closing.parent_joint = -1;
    }
    for (int l : walk) state[l] = 2;
  }
}

}  // namespace

bool Flatten(const frames::Model& model, bool urdf, const std::string& separator,
             const std::function<std::string(const std::string&)>& rename,
             FlatModel* out, frames::Diagnostics* diags) {
  out->model = &model;
  out->urdf = urdf;
  out->file = model.where.file;
  out->X_WM = model.pose.ToIsometry();
  frames::Diagnostics graph_diags;
  const frames::FrameGraph g = frames::FrameGraph::Build(model, &graph_diags);
  bool ok = g.ok() && !graph_diags.HasErrors();
  ok = ok && Flattener(separator, rename, urdf, out)
                 .Scope(model, g, "", Isometry3::Identity());
  if (!ok) {
    diags->Append(graph_diags);
    if (!graph_diags.HasErrors()) {
      diags->Error(frames::Code::POSE_UNRESOLVED,
                   "model '" + model.name + "': its poses do not resolve",
                   model.where);
    }
    return false;
  }
  if (urdf) {
    UrdfGazeboContent(model, g, rename, out);
    ApplyCarriedJoints(model, rename, out);
  }
  LinkTree(out);
  return true;
}

}  // namespace robot_diff
