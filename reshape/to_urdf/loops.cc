// CutLoops: a model whose joints are no tree (a kinematic loop such as a
// four-bar linkage, a link with two parent joints, a cycle no root reaches)
// keeps a spanning tree of its joints in URDF; every other joint is cut from
// the tree and carried as an SDF <joint> (CarryCutJoints, gazebo_blocks.cc).
//
// The rule, deterministic: the roots are `world` (when a joint has parent
// world) and the links that are no joint's child. Each link keeps, of its
// parent joints, the one on a shortest path from a root (the fewest joints;
// ties: the first in the flattened document order, a nested model's joints
// before those of the model that holds it). Every other parent joint is cut:
// of the two joints that close a loop at that link, it is the one farthest
// from the root along the loop. Links no root reaches (a cycle of joints)
// take, in document order, the first of them as a root of its own: its
// parent joints are cut (ChooseRoot then hangs it from the root on a floating
// joint, a free body as in the SDF).
//
// A floating or planar URDF joint that urdf2sdf carried as a //frame
// (FramesAsLinks restores it) is a joint of the tree too, and it is never
// cut: its child link keeps it, and its other parent joints are cut (a
// <gazebo> joint that urdf2sdf added beside it). A cycle no root reaches
// takes as its root, if it can, a link that is no carried joint's child.
#include <algorithm>
#include <deque>
#include <limits>

#include "reshape/to_urdf/passes.h"
#include "reshape/urdf_extensions.h"
#include "urdf_io/reader.h"
#include "xml/writer.h"

namespace converter::urdf_reshape {
namespace {

// Lists of joint indices per node, in one block (a list per node would be
// two allocations per joint): Add every (node, joint) pair first, in order,
// then Finish, then read each node's list, in the order added.
class JointLists {
 public:
  explicit JointLists(size_t nodes) : start_(nodes + 1, 0) {}
  void Add(size_t node, size_t joint) { pairs_.emplace_back(node, joint); }
  void Finish() {
    for (const auto& [node, joint] : pairs_) ++start_[node + 1];
    for (size_t i = 1; i < start_.size(); ++i) start_[i] += start_[i - 1];
    joints_.resize(pairs_.size());
    std::vector<size_t> next(start_.begin(), start_.end() - 1);
    for (const auto& [node, joint] : pairs_) joints_[next[node]++] = joint;
  }
  struct List {
    const size_t* b;
    const size_t* e;
    const size_t* begin() const { return b; }
    const size_t* end() const { return e; }
    size_t size() const { return static_cast<size_t>(e - b); }
    bool empty() const { return b == e; }
  };
  List operator[](size_t node) const {
    return {joints_.data() + start_[node], joints_.data() + start_[node + 1]};
  }

 private:
  std::vector<std::pair<size_t, size_t>> pairs_;
  std::vector<size_t> start_;
  std::vector<size_t> joints_;
};

}  // namespace

void CutLoops(FlatModel* flat, frames::Diagnostics* diags) {
  const size_t n = flat->links.size();
  const size_t world = n;  // `world` is node n
  constexpr long kUnreached = std::numeric_limits<long>::max();
  auto node_of = [&](const std::string& name) -> long {
    if (name == urdf_io::kWorldLink) return static_cast<long>(world);
    return flat->LinkIndex(name);
  };
  // Joints by parent node and by child node, in document order.
  JointLists out_of(n + 1), into(n + 1);
  // Joints 0 .. J-1 are the flat joints, J .. the carried ones (named in
  // carried_names).
  const size_t J = flat->joints.size();
  std::vector<std::string> carried_names;
  std::vector<long> parent_node(J), child_node(J);
  const auto add = [&](size_t k, long parent, long child) {
    parent_node[k] = parent;
    child_node[k] = child;
    if (parent < 0 || child < 0) return;
    out_of.Add(static_cast<size_t>(parent), k);
    into.Add(static_cast<size_t>(child), k);
  };
  for (size_t k = 0; k < J; ++k)
    add(k, node_of(flat->joints[k].parent), node_of(flat->joints[k].child));
  for (const FlatFrame& ff : flat->frames) {
    const frames::Element* carried = FindFrameJoint(ff.src->extensions);
    if (!carried) continue;
    const frames::Joint j = CarriedJoint(*carried, ff.scope->prefix);
    parent_node.push_back(0);
    child_node.push_back(0);
    carried_names.push_back(ff.scope->prefix + j.name);
    add(parent_node.size() - 1, node_of(j.parent), node_of(j.child));
  }
  out_of.Finish();
  into.Finish();
  const auto is_carried = [&](size_t k) { return k >= J; };
  const auto has_carried_parent = [&](size_t node) {
    return std::any_of(into[node].begin(), into[node].end(), is_carried);
  };
  std::vector<long> depth(n + 1, kUnreached);
  std::deque<size_t> queue;
  auto root = [&](size_t node) {
    depth[node] = 0;
    queue.push_back(node);
  };
  auto spread = [&]() {
    while (!queue.empty()) {
      const size_t p = queue.front();
      queue.pop_front();
      for (size_t k : out_of[p]) {
        const size_t c = static_cast<size_t>(child_node[k]);
        if (depth[c] != kUnreached) continue;
        depth[c] = depth[p] + 1;
        queue.push_back(c);
      }
    }
  };
  if (!out_of[world].empty()) root(world);
  for (size_t k = 0; k < n; ++k) {
    if (into[k].empty()) root(k);
  }
  spread();
  // The first link of a cycle no root reaches, preferring one that is no
  // carried joint's child.
  for (const bool any : {false, true}) {
    for (size_t k = 0; k < n; ++k) {
      if (depth[k] != kUnreached || (!any && has_carried_parent(k))) continue;
      root(k);
      spread();
    }
  }
  // Each link keeps its carried parent joint, else the first parent joint
  // from one joint nearer a root.
  for (size_t c = 0; c < n; ++c) {
    if (into[c].size() < 2 && depth[c] != 0) continue;
    long kept = -1;
    for (size_t k : into[c]) {
      if (kept < 0 && is_carried(k)) kept = static_cast<long>(k);
    }
    for (size_t k : into[c]) {
      if (kept < 0 && depth[c] > 0 &&
          depth[static_cast<size_t>(parent_node[k])] == depth[c] - 1) {
        kept = static_cast<long>(k);
      }
    }
    for (size_t k : into[c]) {
      if (static_cast<long>(k) == kept || is_carried(k)) continue;
      FlatJoint& fj = flat->joints[k];
      fj.cut = true;
      const std::string why =
          kept < 0 ? "no root reaches the cycle of joints it is on, and "
                     "its child link " + Quoted(fj.child) + " is made a root"
          : is_carried(static_cast<size_t>(kept))
              ? "link " + Quoted(fj.child) + " is also the child of the " +
                    "URDF joint " + Quoted(carried_names[static_cast<size_t>(kept) - J]) +
                    " carried as a frame, which it keeps"
              : "link " + Quoted(fj.child) + " is also the child of joint " +
                    Quoted(flat->joints[kept].src->name) +
                    ", which is nearer the root";
      diags->Warning(
          frames::Code::JOINT_LOOP_CUT,
          "joint " + Quoted(fj.scope->prefix + fj.src->name) +
              " closes a kinematic loop (" + why +
              "); URDF describes a tree, so it is written as an SDFormat "
              "<joint> in the robot's <gazebo> block, which Gazebo reads and "
              "URDF tools do not",
          fj.src->where);
    }
  }
}

namespace {

frames::Element Leaf(const char* name, double v,
                     const frames::SourceLocation& where) {
  return frames::Element::Leaf(name, xml::FormatDouble(v), where);
}

// An SDF <axis> (or <axis2>) with its direction in the joint frame and its
// limits, dynamics and other children as the SDF gives them.
frames::Element AxisElement(const char* name, const frames::Vector3& xyz,
                            const frames::JointAxis& a,
                            const frames::SourceLocation& where) {
  frames::Element e = MakeElement(name, where);
  e.children.push_back(
      frames::Element::Leaf("xyz", xml::FormatVector3(xyz), where));
  if (a.limit) {
    frames::Element l = MakeElement("limit", where);
    const frames::JointLimit& lim = *a.limit;
    if (lim.lower) l.children.push_back(Leaf("lower", *lim.lower, where));
    if (lim.upper) l.children.push_back(Leaf("upper", *lim.upper, where));
    if (lim.effort) l.children.push_back(Leaf("effort", *lim.effort, where));
    if (lim.velocity)
      l.children.push_back(Leaf("velocity", *lim.velocity, where));
    for (const auto& x : lim.extensions) l.children.push_back(x);
    e.children.push_back(std::move(l));
  }
  if (a.dynamics) {
    frames::Element d = MakeElement("dynamics", where);
    if (a.dynamics->damping)
      d.children.push_back(Leaf("damping", *a.dynamics->damping, where));
    if (a.dynamics->friction)
      d.children.push_back(Leaf("friction", *a.dynamics->friction, where));
    for (const auto& x : a.dynamics->extensions) d.children.push_back(x);
    e.children.push_back(std::move(d));
  }
  for (const auto& x : a.extensions) e.children.push_back(x);
  return e;
}

}  // namespace

std::optional<frames::Element> SdfJointElement(const FlatJoint& fj,
                                               const OutputNames& names,
                                               const Draft& draft,
                                               const FlatModel& flat) {
  const frames::Joint& j = *fj.src;
  frames::Element e = MakeElement("joint", j.where);
  e.attributes.emplace_back("name", fj.name);
  e.attributes.emplace_back("type", frames::JointTypeName(j.type));
  const size_t k = static_cast<size_t>(&fj - flat.joints.data());
  const auto& out = draft.out.joints;
  const auto tree_joint =
      std::find_if(out.begin(), out.end(),
                   [&](const frames::Joint& u) { return u.name == fj.name; });
  if (draft.carried_type[k] && tree_joint != out.end() &&
      tree_joint->parent != urdf_io::kWorldLink) {
    // In place of the floating joint of the same name, which libsdformat
    // drops while still posing the child link relative_to it: posed where
    // that joint is, relative_to its parent link (as libsdformat's URDF
    // reader poses joints), so that the child link's pose resolves.
    const frames::Pose& X_PJ = tree_joint->pose;
    frames::Element pose = frames::Element::Leaf(
        "pose", xml::FormatPose(X_PJ.xyz, X_PJ.rpy), j.where);
    pose.attributes.emplace_back("relative_to", tree_joint->parent);
    e.children.push_back(std::move(pose));
  } else {
    // Posed in its child link's URDF frame: SDFormat's default frame of a
    // joint pose, which libsdformat's URDF reader gives the pasted joint.
    const size_t c = flat.LinkAt(fj.child);
    const frames::Pose X_CJ =
        frames::ComputedPose(frames::Reroot(draft.X_MU[c], fj.X_MJ));
    e.children.push_back(frames::Element::Leaf(
        "pose", xml::FormatPose(X_CJ.xyz, X_CJ.rpy), j.where));
  }
  e.children.push_back(frames::Element::Leaf(
      "parent",
      fj.parent == urdf_io::kWorldLink ? fj.parent : names.Out(fj.parent),
      j.where));
  e.children.push_back(
      frames::Element::Leaf("child", names.Out(fj.child), j.where));
  frames::JointAxis sdf_default;
  sdf_default.xyz = frames::Vector3::UnitZ();
  const bool moves = j.type != frames::JointType::kFixed &&
                     j.type != frames::JointType::kBall;
  if (j.axis || moves) {
    const frames::JointAxis& a = j.axis ? *j.axis : sdf_default;
    auto xyz = AxisInJointFrame(fj, a);
    if (!xyz) return std::nullopt;
    e.children.push_back(AxisElement("axis", *xyz, a, j.where));
  }
  if (j.axis2) {
    auto xyz = AxisInJointFrame(fj, *j.axis2);
    if (!xyz) return std::nullopt;
    e.children.push_back(AxisElement("axis2", *xyz, *j.axis2, j.where));
  }
  for (const auto& x : j.extensions) {
    if (IsCarried(x)) continue;
    e.children.push_back(x);
    // The gearbox's reference body names a link of the joint's scope: in
    // the flat URDF it has its scoped output name (--separator).
    if (x.name == "gearbox_reference_body" && x.children.empty()) {
      const std::string flat_name = fj.scope->prefix + x.text;
      if (flat.LinkIndex(flat_name) >= 0)
        e.children.back().text = names.Out(flat_name);
    }
  }
  return e;
}

void CarryCutJoints(const FlatModel& flat, const OutputNames& names,
                    Draft* draft) {
  for (size_t k = 0; k < flat.joints.size(); ++k) {
    const FlatJoint& fj = flat.joints[k];
    if (!fj.cut && !draft->carried_type[k]) continue;
    auto e = SdfJointElement(fj, names, *draft, flat);
    if (!e) continue;
    draft->blocks.Block("", frames::SourceLocation{flat.top->where.file, 0})
        .children.push_back(std::move(*e));
  }
}

}  // namespace converter::urdf_reshape
