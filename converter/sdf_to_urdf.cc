#include "converter/sdf_to_urdf.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <filesystem>
#include <limits>
#include <memory>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "converter/gazebo_from_sdf.h"
#include "converter/sdf_to_sdf.h"
#include "converter/urdf_extensions.h"
#include "frames/graph.h"
#include "frames/name_index.h"
#include "frames/tree.h"
#include "sdf_io/reader.h"
#include "urdf_io/reader.h"
#include "urdf_io/writer.h"
#include "xml/writer.h"

namespace converter {
namespace {

using frames::Diagnostics;
using frames::Element;
using frames::FrameGraph;
using frames::Isometry3;
using frames::JointType;
using frames::Model;
using frames::Pose;
using frames::SourceLocation;

constexpr char kModelFrame[] = "__model__";
// SDFormat's default joint limits, which mean "no limit".
constexpr double kSdfUnbounded = 1e16;

std::string Quoted(const std::string& s) { return "'" + s + "'"; }

Element MakeElement(std::string name, const SourceLocation& where) {
  Element e;
  e.name = std::move(name);
  e.where = where;
  return e;
}

// Link children of SDFormat 1.7 that carry a <pose> in the link frame.
bool IsPosedLinkChild(const std::string& name) {
  static const std::unordered_set<std::string> kPosed = {
      "sensor", "light", "projector", "audio_source", "audio_sink",
      "particle_emitter"};
  return kPosed.count(name) > 0;
}

// Rounding noise of pose arithmetic (6e-17 for cos 90 degrees) is written
// as 0, so that computed numbers read like the file's.
double Clean(double v) { return std::abs(v) < 1e-15 ? 0.0 : v; }

Pose Computed(const Isometry3& X, std::string relative_to = {}) {
  Pose p = Pose::FromIsometry(X, std::move(relative_to));
  p.xyz = p.xyz.unaryExpr(&Clean);
  p.rpy = p.rpy.unaryExpr(&Clean);
  return p;
}

// Sets the <pose> child of a kept element to X (in the frame the caller
// means; relative_to removed).
void SetPoseChild(Element* e, const Isometry3& X) {
  const Pose p = Computed(X);
  Element* pose = e->Child("pose");
  if (!pose) {
    e->children.insert(e->children.begin(), MakeElement("pose", e->where));
    pose = &e->children.front();
  }
  pose->attributes.clear();
  pose->text = xml::FormatPose(p.xyz, p.rpy);
}

// One model scope while flattening: its graph, its name prefix ("arm::",
// empty at the top) and its frame in the top-level model frame.
struct Scope {
  const Model* model;
  const FrameGraph* graph;
  std::string prefix;
  Isometry3 X_MS;
};

struct FlatLink {
  const frames::Link* src;
  const Scope* scope;
  Isometry3 X_ML;  // SDF link frame in the top model frame
  std::string name;  // in the output (Reshaper::Out of the flat name)
};

struct FlatJoint {
  const frames::Joint* src;
  const Scope* scope;
  Isometry3 X_MJ;
  std::string parent, child;  // flat ("::") names; parent may be "world"
  std::string name;           // in the output (Reshaper::Out of the flat name)
};

struct FlatFrame {
  const frames::Frame* src;
  const Scope* scope;
  Isometry3 X_MF;
  // Flat name of its URDF parent: the frame it is attached to (itself a
  // link in URDF), else the link it is attached to (a joint's child link,
  // a model's canonical link).
  std::string parent;
  // Its pose is measured in the frame it is attached to, whose URDF frame is
  // exactly that: a frame or a joint (its child link sits on it), or a link
  // (unless that link moves).
  bool pose_in_parent = false;
  bool parent_is_link = false;
  std::string name;  // in the output (Reshaper::Out of the flat name)
};

class Reshaper {
 public:
  Reshaper(const Model& model, const FrameGraph& graph, const Isometry3& X_WM,
           const SdfToUrdfOptions& options, Diagnostics* diags)
      : top_(model), graph_(graph), X_WM_(X_WM), opt_(options), diags_(diags) {}

  std::optional<Model> Run();

 private:
  // The output name of a flat name: "::" replaced by the separator.
  std::string Out(std::string flat) const;
  // Claims `name` (which must outlive the reshaping) for the output; false
  // when it is taken.
  bool Use(std::string_view name);
  // A name no output link or joint has yet: base, else base_2, base_3 ...
  const std::string& Unique(const std::string& base);
  // Claims the output name of element `name` of scope `s` (in *out); false
  // (with an error) when another element has it.
  bool Claim(const Scope& s, const std::string& name,
             const SourceLocation& where, std::string* out);
  bool Collect(const Model& m, const FrameGraph& g, const std::string& prefix,
               const Isometry3& X_MS);
  std::optional<std::string> LinkOf(const Scope& s, const std::string& name,
                                    const SourceLocation& where);
  bool MapJoint(const FlatJoint& fj);
  bool CheckTree();
  void ChooseRoot();
  void Place();
  void MoveContents(const FlatLink& fl, frames::Link* l);
  // The visual's SDF-only children (material details ...), taken out of it.
  std::vector<Element> CarryVisual(frames::Visual* v);
  std::optional<frames::JointAxis> UrdfAxis(const FlatJoint& fj,
                                            const frames::JointAxis& a,
                                            JointType* type, Element* block);
  void CarryModelLevel();
  // A model from a URDF: its carried <gazebo> blocks replace the blocks made
  // here when they still say what the SDF says; else they are dropped.
  void ChooseGazeboBlocks();
  Element& Block(const std::string& reference, const SourceLocation& where);
  // Appends what `collected` holds to Block(reference), if anything.
  void AddToBlock(const std::string& reference, const SourceLocation& where,
                  Element* collected);

  const Model& top_;
  const FrameGraph& graph_;
  const Isometry3 X_WM_;
  const SdfToUrdfOptions& opt_;
  Diagnostics* diags_;
  std::vector<std::unique_ptr<Scope>> scopes_;
  std::vector<FlatLink> links_;
  std::vector<FlatJoint> joints_;
  std::vector<FlatFrame> frames_;
  std::unordered_map<std::string, size_t> link_index_;  // flat name -> links_
  // Output names in the order claimed, viewing the Flat* names and
  // made_names_ (neither moves once claimed), and their index.
  std::vector<std::string_view> used_names_;
  frames::NameIndex used_;
  std::deque<std::string> made_names_;  // names made here (Unique)
  std::string canonical_;  // the top model's canonical link (flat name)

  Model out_;
  // Per output link: its URDF frame in the top model frame, and whether that
  // is exactly its SDF link frame (numbers posed in it are copied).
  std::vector<Isometry3> X_MU_;
  std::vector<bool> moved_;
  // Per output joint: its frame in the top model frame, whether its origin
  // can be copied from the file, and the SDF joint (nullptr if made here).
  struct JointInfo {
    Isometry3 X_MJ;
    bool copy_origin = false;
    const FlatJoint* src = nullptr;
  };
  std::vector<JointInfo> joint_info_;
  // Output link index -> FlatLink index, -1 for links made here.
  std::vector<int> link_src_;
  // <gazebo reference=...> blocks, by reference, in creation order.
  std::vector<Element> blocks_;
  // Robot-level URDF elements urdf2sdf carried, restored.
  std::vector<Element> restored_;
  // The output's tree (CheckTree; ChooseRoot adds the floating joints).
  frames::TreeAnalysis tree_;
  std::unordered_map<std::string, size_t> block_index_;
};

std::string Reshaper::Out(std::string flat) const {
  if (opt_.separator == "::" || flat.find("::") == std::string::npos)
    return flat;
  std::string s;
  s.reserve(flat.size());
  for (size_t k = 0; k < flat.size();) {
    if (flat.compare(k, 2, "::") == 0) {
      s += opt_.separator;
      k += 2;
    } else {
      s += flat[k++];
    }
  }
  return s;
}

bool Reshaper::Use(std::string_view name) {
  const size_t k = used_names_.size();
  const long first =
      used_.Insert(name, k, [this](size_t i) { return used_names_[i]; });
  if (first != static_cast<long>(k)) return false;
  used_names_.push_back(name);
  return true;
}

const std::string& Reshaper::Unique(const std::string& base) {
  made_names_.push_back(base);
  std::string& name = made_names_.back();
  for (int n = 2; !Use(name); ++n) name = base + "_" + std::to_string(n);
  return name;
}

bool Reshaper::Claim(const Scope& s, const std::string& name,
                     const SourceLocation& where, std::string* out) {
  *out = Out(s.prefix + name);
  if (Use(*out)) return true;
  diags_->Error(frames::Code::SEPARATOR_NAME_CLASH,
                "with separator " + Quoted(opt_.separator) + ", " +
                    Quoted(s.prefix + name) + " becomes " + Quoted(*out) +
                    ", the name of another link, joint or frame",
                where);
  return false;
}

void Reshaper::AddToBlock(const std::string& reference,
                          const SourceLocation& where, Element* collected) {
  if (collected->children.empty()) return;
  Element& b = Block(reference, where);
  for (auto& c : collected->children) b.children.push_back(std::move(c));
}

Element& Reshaper::Block(const std::string& reference,
                         const SourceLocation& where) {
  auto [it, added] = block_index_.emplace(reference, blocks_.size());
  if (added) {
    Element b = MakeElement("gazebo", where);
    if (!reference.empty()) b.attributes.emplace_back("reference", reference);
    blocks_.push_back(std::move(b));
  }
  return blocks_[it->second];
}

bool Reshaper::Collect(const Model& m, const FrameGraph& g,
                       const std::string& prefix, const Isometry3& X_MS) {
  scopes_.push_back(std::make_unique<Scope>(Scope{&m, &g, prefix, X_MS}));
  const Scope* s = scopes_.back().get();
  bool ok = true;
  for (const auto& l : m.links) {
    auto X_SL = g.PoseInModel(l.name);
    if (!X_SL) return false;
    link_index_.emplace(prefix + l.name, links_.size());
    links_.push_back(FlatLink{&l, s, X_MS * *X_SL, {}});
  }
  for (const auto& n : m.models) {
    const FrameGraph* ng = g.Nested(n.name);
    auto X_SN = g.PoseInModel(n.name);
    if (!ng || !X_SN) return false;
    ok = Collect(n, *ng, prefix + n.name + "::", X_MS * *X_SN) && ok;
  }
  for (const auto& j : m.joints) {
    auto X_SJ = g.PoseInModel(j.name);
    if (!X_SJ) return false;
    joints_.push_back(FlatJoint{&j, s, X_MS * *X_SJ, {}, {}, {}});
  }
  for (const auto& f : m.frames) {
    auto X_SF = g.PoseInModel(f.name);
    auto link = g.AttachedLink(f.name);
    if (!X_SF || !link) return false;
    const auto kind = g.KindOf(f.attached_to);
    const bool on_frame = !f.attached_to.empty() &&
                          (kind == FrameGraph::Kind::kFrame ||
                           kind == FrameGraph::Kind::kJoint ||
                           kind == FrameGraph::Kind::kLink);
    const bool measured_in_attached =
        f.pose.relative_to.empty() || f.pose.relative_to == f.attached_to;
    frames_.push_back(FlatFrame{
        &f, s, X_MS * *X_SF,
        prefix + (kind == FrameGraph::Kind::kFrame ? f.attached_to : *link),
        on_frame && measured_in_attached, kind == FrameGraph::Kind::kLink,
        {}});
  }
  return ok;
}

// The flat name of the link a joint's parent or child names in scope `s`.
std::optional<std::string> Reshaper::LinkOf(const Scope& s,
                                            const std::string& name,
                                            const SourceLocation& where) {
  std::string flat;
  // A link ("L", or "N::L" of a nested model), else (SDFormat 1.8) any
  // frame or nested model: the link it is attached to.
  if (s.graph->KindOf(name) == FrameGraph::Kind::kLink) {
    flat = s.prefix + name;
  } else if (auto link = s.graph->AttachedLink(name)) {
    flat = s.prefix + *link;
  }
  if (!link_index_.count(flat)) {
    diags_->Error(frames::Code::JOINT_LINK_UNRESOLVED,
                  Quoted(name) + " does not name a link of model " +
                      Quoted(s.model->name) + " or a frame attached to one",
                  where);
    return std::nullopt;
  }
  return flat;
}

// A revolute (or universal/revolute2) axis is bounded when a limit is
// finite, not SDFormat's ±1e16 default.
bool Bounded(const std::optional<double>& v) {
  return v && std::isfinite(*v) && std::abs(*v) < kSdfUnbounded;
}

std::optional<frames::JointAxis> Reshaper::UrdfAxis(const FlatJoint& fj,
                                                    const frames::JointAxis& a,
                                                    JointType* type,
                                                    Element* block) {
  const frames::Joint& j = *fj.src;
  const Scope& s = *fj.scope;
  frames::JointAxis u;
  // Direction in the joint frame.
  if (a.expressed_in.empty() || a.expressed_in == j.name) {
    u.xyz = a.xyz;
  } else {
    Isometry3 X_ME = s.X_MS;
    if (a.expressed_in != kModelFrame) {
      auto X_SE = s.graph->PoseInModel(a.expressed_in);
      if (!X_SE) return std::nullopt;
      X_ME = s.X_MS * *X_SE;
    }
    u.xyz = (fj.X_MJ.linear().transpose() * (X_ME.linear() * a.xyz))
                .unaryExpr(&Clean);
  }
  // What URDF has no attribute for is carried in the <gazebo> block of the
  // URDF joint that moves about this axis (the second joint for axis 2).
  if (a.dynamics && (a.dynamics->damping || a.dynamics->friction)) {
    // urdfdom refuses a <dynamics> with neither attribute.
    u.dynamics =
        frames::JointDynamics{a.dynamics->damping, a.dynamics->friction, {}};
  }
  const frames::JointLimit none;
  const frames::JointLimit& lim = a.limit ? *a.limit : none;
  AxisToGazebo(a.extensions,
               a.dynamics ? a.dynamics->extensions : std::vector<Element>{},
               lim.extensions, j.where, block);

  // Limits. SDFormat's effort and velocity default to -1 (no limit); URDF
  // requires both on a limit, so the SDF value (or that default) is copied.
  frames::JointLimit ul;
  ul.effort = lim.effort ? *lim.effort : -1.0;
  ul.velocity = lim.velocity ? *lim.velocity : -1.0;
  const bool lower = Bounded(lim.lower), upper = Bounded(lim.upper);
  switch (*type) {
    case JointType::kRevolute:
      if (!lower && !upper) {
        *type = JointType::kContinuous;
        if (lim.effort || lim.velocity) u.limit = ul;
        break;
      }
      [[fallthrough]];
    case JointType::kPrismatic:
      ul.lower = lim.lower ? *lim.lower : -kSdfUnbounded;
      ul.upper = lim.upper ? *lim.upper : kSdfUnbounded;
      if (!lower || !upper) {
        diags_->Warning(
            frames::Code::LIMIT_UNBOUNDED,
            std::string(frames::JointTypeName(*type)) + " joint " +
                Quoted(j.name) + " has no " + (lower ? "upper" : "lower") +
                " limit; URDF needs both, so SDFormat's default " +
                xml::FormatDouble(lower ? kSdfUnbounded : -kSdfUnbounded) +
                " is written",
            j.where);
      }
      u.limit = ul;
      break;
    case JointType::kContinuous:
      // URDF ignores a continuous joint's lower and upper, but a file may
      // give them (urdf2sdf carries them): kept when finite.
      if (lim.effort || lim.velocity || lower || upper) {
        if (lower) ul.lower = *lim.lower;
        if (upper) ul.upper = *lim.upper;
        u.limit = ul;
      }
      break;
    default:
      // A fixed or floating joint's limit means nothing to URDF either, but
      // one that came from a URDF goes back as it was.
      if (a.limit) {
        ul.lower = lim.lower;
        ul.upper = lim.upper;
        u.limit = ul;
      }
      break;
  }
  return u;
}

bool Reshaper::MapJoint(const FlatJoint& fj) {
  const frames::Joint& j = *fj.src;
  const std::string& name = fj.name;
  frames::Joint u;
  u.name = name;
  u.type = j.type;
  u.parent = fj.parent == urdf_io::kWorldLink ? fj.parent : Out(fj.parent);
  u.child = Out(fj.child);
  u.where = j.where;
  // URDF details carried by urdf2sdf come back; SDF-only children are
  // carried in <gazebo reference="JOINT"> (by the joint's URDF name).
  const Element* zero_axis = nullptr;
  std::vector<Element> sdf_only;
  for (const auto& e : j.extensions) {
    if (!IsCarried(e)) {
      sdf_only.push_back(e);
    } else if (!zero_axis && IsCarriedZeroAxis(e)) {
      zero_axis = &e;  // <urdf:axis xyz="0 0 0"> of a fixed joint
    } else if (!RestoreJointDetail(e, &u)) {
      u.extensions.push_back(Restored(e));
    }
  }
  // Collected here, added to the joint's <gazebo> block only if there is
  // anything (most joints have nothing to carry).
  Element block;
  const std::string block_ref = u.original_name.empty() ? u.name : u.original_name;
  JointToGazebo(std::move(sdf_only), &block);

  switch (j.type) {
    case JointType::kBall:
      if (!opt_.ball_as_floating) {
        diags_->Error(frames::Code::JOINT_TYPE_NOT_URDF,
                      "ball joint " + Quoted(name) +
                          " has no URDF type (--ball-as-floating writes it "
                          "as a floating joint)",
                      j.where);
        return false;
      }
      diags_->Warning(frames::Code::BALL_AS_FLOATING,
                      "ball joint " + Quoted(name) +
                          " is written as a floating joint: URDF has no "
                          "ball joint, and the translation is not locked",
                      j.where);
      u.type = JointType::kFloating;
      break;
    case JointType::kScrew:
    case JointType::kGearbox:
      diags_->Error(frames::Code::JOINT_TYPE_NOT_URDF,
                    std::string(frames::JointTypeName(j.type)) + " joint " +
                        Quoted(name) + " has no URDF type",
                    j.where);
      return false;
    default:
      break;
  }
  const bool two_axes =
      j.type == JointType::kUniversal || j.type == JointType::kRevolute2;
  if (two_axes) u.type = JointType::kRevolute;
  // SDFormat's default axis is 0 0 1 (URDF's is 1 0 0).
  frames::JointAxis sdf_default;
  sdf_default.xyz = frames::Vector3::UnitZ();
  if (u.type != JointType::kFixed && u.type != JointType::kFloating) {
    auto axis = UrdfAxis(fj, j.axis ? *j.axis : sdf_default, &u.type, &block);
    if (!axis) return false;
    u.axis = std::move(axis);
    if (u.type == JointType::kContinuous &&
        u.urdf_form.Has(frames::UrdfForm::kRevolute)) {
      // The URDF said revolute, without finite limits: revolute again, with
      // the limits it wrote.
      u.type = JointType::kRevolute;
      if (j.axis && j.axis->limit && u.axis->limit) {
        u.axis->limit->lower = j.axis->limit->lower;
        u.axis->limit->upper = j.axis->limit->upper;
      }
    }
  } else if (j.axis) {
    // An axis on a fixed joint (URDF files write them; urdf2sdf keeps them).
    auto axis = UrdfAxis(fj, *j.axis, &u.type, &block);
    if (!axis) return false;
    u.axis = std::move(axis);
  } else if (zero_axis) {
    u.axis.emplace();
    u.axis->xyz = frames::Vector3::Zero();
    for (const auto& c : zero_axis->children) RestoreAxisDetail(c, &u.axis);
  }
  joint_info_.push_back(JointInfo{fj.X_MJ, false, &fj});
  if (!two_axes) {
    out_.joints.push_back(std::move(u));
    AddToBlock(block_ref, j.where, &block);
    return true;
  }
  // universal / revolute2: parent -J-> J_intermediate -J_axis2-> child, both
  // joints at the joint frame, the second about axis2 (exact: the
  // intermediate link is massless and the joints share their origin).
  frames::Link mid;
  mid.name = Unique(name + "_intermediate");
  mid.where = j.where;
  frames::Joint second;
  second.name = Unique(name + "_axis2");
  second.type = JointType::kRevolute;
  second.parent = mid.name;
  second.child = u.child;
  second.pose.relative_to = mid.name;
  second.where = j.where;
  // The second axis's SDF-only parts go with the joint that moves about it.
  Element block2;
  {
    auto axis = UrdfAxis(fj, j.axis2 ? *j.axis2 : sdf_default, &second.type,
                         &block2);
    if (!axis) return false;
    second.axis = std::move(axis);
  }
  const std::string second_name = second.name;
  u.child = mid.name;
  diags_->Warning(frames::Code::JOINT_SPLIT,
                  std::string(frames::JointTypeName(j.type)) + " joint " +
                      Quoted(name) + " is written as revolute joints " +
                      Quoted(u.name) + " and " + Quoted(second.name) +
                      " through massless link " + Quoted(mid.name),
                  j.where);
  out_.links.push_back(std::move(mid));
  link_src_.push_back(-1);
  out_.joints.push_back(std::move(u));
  out_.joints.push_back(std::move(second));
  joint_info_.push_back(JointInfo{fj.X_MJ, true, nullptr});  // identity
  AddToBlock(block_ref, j.where, &block);
  AddToBlock(second_name, j.where, &block2);
  return true;
}

// Names the joints of each loop, and each link with two parents.
bool Reshaper::CheckTree() {
  tree_ = frames::AnalyzeTree(out_);
  auto names = [&](const std::vector<size_t>& joints) {
    std::string list;
    for (size_t k : joints)
      list += (list.empty() ? "" : ", ") + Quoted(out_.joints[k].name);
    return list;
  };
  for (const auto& [first, other] : tree_.extra_parents) {
    const frames::Joint& a = out_.joints[first];
    const frames::Joint& b = out_.joints[other];
    // Both parents reach a common ancestor: the two paths and the two joints
    // close a loop (a four-bar linkage). Otherwise it is two trees joined.
    const auto loop = frames::LoopThroughParents(out_, tree_, first, other);
    if (!loop) {
      diags_->Error(frames::Code::URDF_MULTIPLE_PARENTS,
                    "link " + Quoted(b.child) + " is the child of joints " +
                        Quoted(a.name) + " and " + Quoted(b.name) +
                        "; URDF links have one parent joint",
                    b.where);
      continue;
    }
    diags_->Error(frames::Code::URDF_KINEMATIC_LOOP,
                  "joints " + names(*loop) + " form a kinematic loop (link " +
                      Quoted(b.child) + " is the child of " + Quoted(a.name) +
                      " and " + Quoted(b.name) + "); URDF describes a tree",
                  b.where);
  }
  if (!tree_.extra_parents.empty()) return false;
  for (const auto& cycle : frames::JointCycles(out_, tree_)) {
    diags_->Error(frames::Code::URDF_KINEMATIC_LOOP,
                  "joints " + names(cycle) +
                      " form a kinematic loop; URDF describes a tree",
                  out_.joints[cycle.front()].where);
  }
  return tree_.unreached.empty();
}

// Several links that are no joint's child: one is the root (`world` when a
// joint has parent world, else the canonical link if it is one of them),
// the others hang from it on floating joints, free bodies as in the SDF.
void Reshaper::ChooseRoot() {
  frames::TreeAnalysis& tree = tree_;
  // The links that are no joint's child (tree.roots), by index.
  std::vector<size_t> free;
  for (size_t k = 0; k < out_.links.size(); ++k) {
    if (tree.parent_of_link[k] < 0) free.push_back(k);
  }
  std::string root = urdf_io::kWorldLink;
  long root_link = -1;  // `world` is no link
  if (!tree.from_world && !free.empty()) {
    const std::string canonical = Out(canonical_);
    auto it = std::find_if(free.begin(), free.end(), [&](size_t k) {
      return out_.links[k].name == canonical;
    });
    if (it == free.end()) it = free.begin();
    root = out_.links[*it].name;
    root_link = static_cast<long>(*it);
    free.erase(it);
  }
  for (const size_t k : free) {
    const std::string& name = out_.links[k].name;
    frames::Joint j;
    j.name = Unique(name + "_floating");
    j.type = JointType::kFloating;
    j.parent = root;
    j.child = name;
    j.where = out_.links[k].where;
    diags_->Warning(frames::Code::LINK_FREE_FLOATING,
                    "link " + Quoted(name) +
                        " is no joint's child (a free body); URDF has one "
                        "root, " +
                        Quoted(root) +
                        ", so it is attached to it by floating joint " +
                        Quoted(j.name),
                    j.where);
    joint_info_.push_back(JointInfo{X_MU_[k], false, nullptr});
    tree.parent_of_link[k] = static_cast<long>(out_.joints.size());
    tree.parent_link_of_joint.push_back(root_link);
    tree.child_link_of_joint.push_back(static_cast<long>(k));
    out_.joints.push_back(std::move(j));
  }
  tree.roots.clear();
}

// URDF frames: a link sits on its parent joint's frame, the root where the
// SDF has it. Then every joint origin is its frame in its parent's.
void Reshaper::Place() {
  const std::vector<long>& parent = tree_.parent_of_link;
  for (size_t k = 0; k < out_.links.size(); ++k) {
    if (parent[k] < 0) continue;
    const JointInfo& info = joint_info_[parent[k]];
    X_MU_[k] = info.X_MJ;
    // The SDF link frame is exactly its joint's frame when the file says so.
    const int src = link_src_[k];
    bool on_joint = false;
    if (src >= 0 && info.src) {
      const FlatLink& fl = links_[src];
      on_joint = fl.src->pose.IsIdentity() &&
                 fl.src->pose.relative_to == info.src->src->name &&
                 fl.scope == info.src->scope;
    }
    // Also when the numbers say so exactly (a joint posed at its child link,
    // SDFormat's default): then nothing in the link needs arithmetic.
    moved_[k] = src >= 0 && !on_joint &&
                !(X_MU_[k].matrix() == links_[src].X_ML.matrix());
  }
  for (size_t k = 0; k < out_.joints.size(); ++k) {
    frames::Joint& j = out_.joints[k];
    const JointInfo& info = joint_info_[k];
    if (info.copy_origin) continue;
    if (j.parent == urdf_io::kWorldLink) {
      const FlatJoint* fj = info.src;
      const bool copy = fj && fj->scope->prefix.empty() &&
                        X_WM_.isApprox(Isometry3::Identity(), 0.0) &&
                        fj->src->pose.relative_to == kModelFrame;
      j.pose = copy ? Pose{fj->src->pose.xyz, fj->src->pose.rpy, {}}
                    : Computed(X_WM_ * info.X_MJ);
      j.pose.relative_to.clear();
      continue;
    }
    // A joint naming no link (a carried joint's; the writer's check reports
    // it) has no frame to be measured in.
    if (tree_.parent_link_of_joint[k] < 0) continue;
    const size_t p = static_cast<size_t>(tree_.parent_link_of_joint[k]);
    // Copy the file's numbers when they are measured in the parent link's
    // frame and that frame did not move.
    const FlatJoint* fj = info.src;
    const bool copy = fj && !moved_[p] && link_src_[p] >= 0 &&
                      links_[link_src_[p]].scope == fj->scope &&
                      fj->src->pose.relative_to ==
                          links_[link_src_[p]].src->name;
    j.pose = copy ? fj->src->pose
                  : Computed(X_MU_[p].inverse() * info.X_MJ);
    j.pose.relative_to = j.parent;
  }
  for (size_t k = 0; k < out_.links.size(); ++k) {
    out_.links[k].pose = Pose{};
    if (parent[k] >= 0) out_.links[k].pose.relative_to = out_.joints[parent[k]].name;
  }
}

std::vector<Element> Reshaper::CarryVisual(frames::Visual* v) {
  Element carried;  // its children: what is carried
  std::vector<Element> urdf;
  std::optional<Element> urdf_material;
  for (auto& e : v->extensions) {
    if (!IsCarried(e)) carried.children.push_back(std::move(e));
    else if (UncarriedName(e) == "material") urdf_material = std::move(e);
    else urdf.push_back(Restored(std::move(e)));
  }
  v->extensions = std::move(urdf);
  if (urdf_material) {
    // The URDF material urdf2sdf carried: its name, and its own colour and
    // texture, or none (a reference to a robot-level material).
    frames::Material& m = v->material ? *v->material : v->material.emplace();
    RestoreMaterial(*urdf_material, &m);
    m.by_reference = urdf_material->children.empty();
  }
  if (v->material) {
    frames::Material& m = *v->material;
    auto clamp = [](Eigen::Vector4d c) {
      return c.cwiseMax(0.0).cwiseMin(1.0).eval();
    };
    const std::optional<Eigen::Vector4d>& base = m.diffuse ? m.diffuse : m.ambient;
    if (base && !(urdf_material && m.rgba)) m.rgba = clamp(*base);
    // URDF's one colour reads back as ambient = diffuse = rgba (libsdformat,
    // also when a carried <material> has no colour); any other colour SDF
    // gave is carried, and the rest of the material (script, shader ...).
    const bool colours_recoverable =
        !m.specular && !m.emissive &&
        (!m.ambient || !m.diffuse || *m.ambient == *m.diffuse) && base &&
        *m.rgba == *base;
    Element mat = MakeElement("material", m.where);
    if (!colours_recoverable) {
      auto color = [&](const char* tag, const std::optional<Eigen::Vector4d>& c) {
        if (c) mat.children.push_back(Element::Leaf(tag, xml::FormatVector4(*c), m.where));
      };
      color("ambient", m.ambient);
      color("diffuse", m.diffuse);
      color("specular", m.specular);
      color("emissive", m.emissive);
    }
    for (auto& e : m.extensions) mat.children.push_back(std::move(e));
    if (!mat.children.empty()) carried.children.push_back(std::move(mat));
    m.ambient.reset();
    m.diffuse.reset();
    m.specular.reset();
    m.emissive.reset();
    m.extensions.clear();
    if (!m.rgba && m.texture.empty() && !m.by_reference) v->material.reset();
  }
  return std::move(carried.children);
}

// The link's contents, re-expressed in its URDF frame when that moved.
void Reshaper::MoveContents(const FlatLink& fl, frames::Link* l) {
  const size_t k = &*l - &out_.links[0];
  const bool moved = moved_[k];
  const Isometry3 X_UM = X_MU_[k].inverse();
  const Isometry3 X_UL = X_UM * fl.X_ML;
  const FrameGraph& g = *fl.scope->graph;
  const std::string& name = fl.src->name;
  auto in_link = [&](const Pose& p) {
    return p.relative_to.empty() || p.relative_to == name;
  };
  auto place = [&](const Pose& p) -> Pose {
    if (!moved && in_link(p)) return Pose{p.xyz, p.rpy, {}};
    if (in_link(p)) return Computed(X_UL * p.ToIsometry());
    auto X_SC = g.ResolvePose(p, name);
    return Computed(X_UM * fl.scope->X_MS * *X_SC);
  };
  if (l->inertial) l->inertial->pose = place(l->inertial->pose);
  for (auto& v : l->visuals) v.pose = place(v.pose);
  for (auto& c : l->collisions) c.pose = place(c.pose);

  // Everything else of the link goes to <gazebo reference=LINK>, in
  // libsdformat's vocabulary where it has one (converter/gazebo_from_sdf.h).
  std::vector<Element> sdf_only;
  std::vector<Element> urdf;  // carried URDF children, restored in the link
  for (auto& e : l->extensions) {
    if (IsCarried(e)) {
      if (UncarriedName(e) != "inertia") urdf.push_back(Restored(std::move(e)));
      continue;
    }
    // A sensor's (light's ...) pose is in the link frame unless its
    // relative_to names another frame; it is written in the URDF link frame.
    if (IsPosedLinkChild(e.name)) {
      auto p = e.PoseChild();
      if (p && (moved || !in_link(*p))) SetPoseChild(&e, place(*p).ToIsometry());
    }
    sdf_only.push_back(std::move(e));
  }
  l->extensions = std::move(urdf);
  Element block;
  LinkToGazebo(std::move(sdf_only), &block);
  std::vector<ShapeContent> visuals;
  for (auto& v : l->visuals) visuals.push_back({v.name, CarryVisual(&v), v.where});
  std::vector<ShapeContent> collisions;
  for (auto& c : l->collisions) {
    ShapeContent carried{c.name, {}, c.where};
    std::vector<Element> urdf;
    for (auto& e : c.extensions) {
      if (IsCarried(e)) urdf.push_back(Restored(std::move(e)));
      else carried.children.push_back(std::move(e));
    }
    c.extensions = std::move(urdf);
    collisions.push_back(std::move(carried));
  }
  // libsdformat applies a <visual>/<collision> child of the block to every
  // visual (collision) of the link: one name-less element when they all
  // carry the same, else one per name, which only our reader tells apart.
  for (auto [kind, shapes] : {std::pair{"visual", &visuals},
                              std::pair{"collision", &collisions}}) {
    if (ShapesToGazebo(kind, std::move(*shapes), &block)) continue;
    diags_->Warning(
        frames::Code::GAZEBO_SHAPES_DIFFER,
        std::string("the ") + kind + "s of link " + Quoted(l->name) +
            " carry different SDF-only content; it is written per " + kind +
            " as <gazebo reference=\"" + l->name + "\"><" + kind +
            " name=...>, which libsdformat applies to every " + kind +
            " of the link",
        l->where);
  }
  AddToBlock(l->name, l->where, &block);
}

void Reshaper::CarryModelLevel() {
  // Written last: no line of its own.
  Element& block = Block("", SourceLocation{top_.where.file, 0});
  if (top_.is_static) block.children.push_back(Element::Leaf("static", "true", top_.where));
  for (const auto& s : scopes_) {
    for (const auto& e : s->model->extensions) {
      if (!IsCarried(e)) {
        block.children.push_back(e);
      } else if (RestoreForm(e, &out_.urdf_form)) {
        // How the URDF wrote <robot> (attributes URDF does not define).
      } else if (UncarriedName(e) == "material") {
        // A robot-level URDF material.
        frames::Material m;
        RestoreMaterial(e, &m);
        m.where = e.where;
        out_.materials.push_back(std::move(m));
      } else {
        restored_.push_back(Restored(e));  // <gazebo>, <transmission> ...
      }
    }
    if (s->model != &top_ && s->model->is_static) {
      diags_->Warning(frames::Code::NESTED_STATIC_DROPPED,
                      "nested model " +
                          Quoted(s->prefix.substr(0, s->prefix.size() - 2)) +
                          " is static; URDF has no static flag for part of a "
                          "robot, so its links are not fixed in simulation",
                      s->model->where);
    }
  }
}

void Reshaper::ChooseGazeboBlocks() {
  const auto is_gazebo = [](const Element& e) { return e.name == "gazebo"; };
  const auto first = std::find_if(restored_.begin(), restored_.end(), is_gazebo);
  // A URDF without <gazebo> blocks: nothing to compare unless it is one
  // (then the SDF must hold no SDF-only content for the URDF to be exact).
  if (first == restored_.end() && !out_.urdf_form.Has(frames::UrdfForm::kRobot))
    return;
  std::optional<std::string> difference;
  if (!top_.models.empty()) {
    difference = "the model has nested models";
  } else if (auto k = std::find(moved_.begin(), moved_.end(), true); k != moved_.end()) {
    difference = "link " + Quoted(out_.links[k - moved_.begin()].name) +
                 " is not where the URDF had it";
  } else {
    // out_ holds no SDF-only content: it is all in blocks_.
    Model urdf = out_;
    for (const auto& e : restored_) {
      if (is_gazebo(e)) urdf.extensions.push_back(e);
    }
    difference = CarriedBlocksDiffer(top_, std::move(urdf));
  }
  if (!difference) {
    // The URDF's own blocks, as it wrote them, and nothing made here.
    blocks_.clear();
    return;
  }
  // SDF-only content added to a URDF robot that had no <gazebo> blocks:
  // written as made here, nothing carried to drop.
  if (first == restored_.end()) return;
  diags_->Warning(frames::Code::GAZEBO_CARRIED_STALE,
                  "the URDF <gazebo> blocks carried in <urdf:gazebo> no longer "
                  "say what the SDFormat model says (" +
                      *difference +
                      "); they are dropped and <gazebo> blocks are written "
                      "from the SDFormat content",
                  first->where);
  restored_.erase(std::remove_if(restored_.begin(), restored_.end(), is_gazebo),
                  restored_.end());
}

// Links of a model and its nested models.
size_t CountLinks(const Model& m) {
  size_t n = m.links.size();
  for (const auto& nested : m.models) n += CountLinks(nested);
  return n;
}

std::optional<Model> Reshaper::Run() {
  if (CountLinks(top_) == 0) {
    diags_->Error(frames::Code::URDF_NO_LINK,
                  "model " + Quoted(top_.name) +
                      " has no link; a URDF robot needs at least one",
                  top_.where);
    return std::nullopt;
  }
  const FrameGraph& graph = graph_;
  if (!graph.ok() ||
      !Collect(top_, graph, "", Isometry3::Identity())) {
    diags_->Error(frames::Code::POSE_UNRESOLVED,
                  "model " + Quoted(top_.name) +
                      " has poses that do not resolve; fix the errors above",
                  top_.where);
    return std::nullopt;
  }
  out_.name = top_.name;
  out_.where = top_.where;
  canonical_ = graph.canonical_link();
  // Every name the file gives (flattened): generated names avoid them all.
  // SDF names are unique in a scope, so flattened ones are unique unless the
  // separator makes two equal. Room for them and for most generated ones
  // (frames' joints, split joints' links and joints).
  const size_t names = links_.size() + 2 * joints_.size() + 2 * frames_.size();
  used_names_.reserve(names);
  used_.Reserve(names);
  bool names_ok = true;
  for (auto& fl : links_)
    names_ok =
        Claim(*fl.scope, fl.src->name, fl.src->where, &fl.name) && names_ok;
  for (auto& fj : joints_)
    names_ok =
        Claim(*fj.scope, fj.src->name, fj.src->where, &fj.name) && names_ok;
  for (auto& ff : frames_)
    names_ok =
        Claim(*ff.scope, ff.src->name, ff.src->where, &ff.name) && names_ok;
  if (!names_ok) return std::nullopt;

  // Links, then joints: the file's, frames as links and joints, split
  // joints' intermediate links, floating joints of free links.
  out_.links.reserve(links_.size() + frames_.size() + joints_.size());
  out_.joints.reserve(2 * joints_.size() + frames_.size() + links_.size());
  for (size_t k = 0; k < links_.size(); ++k) {
    frames::Link l = *links_[k].src;
    l.name = links_[k].name;
    if (const Element* original = FindCarried(l.extensions, "inertia");
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
        l.inertial->InertiaMatrix().isZero(0.0) && l.inertial->pose.IsIdentity() &&
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
    out_.links.push_back(std::move(l));
    link_src_.push_back(static_cast<int>(k));
  }
  // Joints.
  bool ok = true;
  for (auto& fj : joints_) {
    auto parent = fj.src->parent == urdf_io::kWorldLink
                      ? std::optional<std::string>(urdf_io::kWorldLink)
                      : LinkOf(*fj.scope, fj.src->parent, fj.src->where);
    auto child = LinkOf(*fj.scope, fj.src->child, fj.src->where);
    if (!parent || !child) {
      ok = false;
      continue;
    }
    fj.parent = *parent;
    fj.child = *child;
  }
  if (!ok) return std::nullopt;
  for (const auto& fj : joints_) ok = MapJoint(fj) && ok;
  if (!ok) return std::nullopt;
  // Frames: massless links on fixed joints.
  // (frames_ index, output joint index) of each frame written as a link.
  std::vector<std::pair<size_t, size_t>> frame_joints;
  for (size_t k = 0; k < frames_.size(); ++k) {
    const FlatFrame& ff = frames_[k];
    if (const Element* carried = FindCarried(ff.src->extensions, "joint")) {
      // A floating or planar URDF joint, carried by urdf2sdf as this frame:
      // the joint again, at the frame.
      frames::Joint j = CarriedJoint(*carried, ff.scope->prefix);
      j.name = Out(ff.scope->prefix + j.name);
      j.parent = j.parent == urdf_io::kWorldLink ? j.parent : Out(j.parent);
      j.child = Out(j.child);
      for (const auto& e : ff.src->extensions) {
        if (&e != carried) Block(j.child, j.where).children.push_back(e);
      }
      frame_joints.emplace_back(k, out_.joints.size());
      joint_info_.push_back(JointInfo{ff.X_MF, false, nullptr});
      out_.joints.push_back(std::move(j));
      continue;
    }
    if (!opt_.frames_as_links) {
      diags_->Warning(frames::Code::FRAME_OMITTED,
                      "frame " + Quoted(ff.scope->prefix + ff.src->name) +
                          " is not written (frames are omitted); URDF has no "
                          "frames",
                      ff.src->where);
      continue;
    }
    frames::Link l;
    l.name = ff.name;
    l.where = ff.src->where;
    frames::Joint j;
    j.name = Unique(ff.name + "_joint");
    j.type = JointType::kFixed;
    j.parent = Out(ff.parent);
    j.child = l.name;
    j.where = ff.src->where;
    for (const auto& e : ff.src->extensions) Block(l.name, l.where).children.push_back(e);
    frame_joints.emplace_back(k, out_.joints.size());
    out_.links.push_back(std::move(l));
    link_src_.push_back(-1);
    joint_info_.push_back(JointInfo{ff.X_MF, false, nullptr});
    out_.joints.push_back(std::move(j));
  }
  if (!CheckTree()) return std::nullopt;

  // URDF link frames, first guess: the SDF frames (made links: their
  // joint's frame). Place() moves each link onto its parent joint.
  X_MU_.assign(out_.links.size(), Isometry3::Identity());
  moved_.assign(out_.links.size(), false);
  for (size_t k = 0; k < out_.links.size(); ++k) {
    if (link_src_[k] >= 0) X_MU_[k] = links_[link_src_[k]].X_ML;
  }
  ChooseRoot();
  Place();
  // Frame links' joints: copy the frame's numbers when they are measured in
  // the attached link's unmoved frame.
  for (const auto& [f, jk] : frame_joints) {
    const FlatFrame& ff = frames_[f];
    if (!ff.pose_in_parent ||
        (ff.parent_is_link && moved_[link_index_.at(ff.parent)])) {
      continue;
    }
    frames::Joint& j = out_.joints[jk];
    j.pose = Pose{ff.src->pose.xyz, ff.src->pose.rpy, j.parent};
  }
  for (size_t k = 0; k < out_.links.size(); ++k) {
    if (link_src_[k] >= 0) MoveContents(links_[link_src_[k]], &out_.links[k]);
  }
  if (!X_WM_.isApprox(Isometry3::Identity(), 0.0)) {
    const bool applied = std::any_of(
        out_.joints.begin(), out_.joints.end(),
        [](const auto& j) { return j.parent == urdf_io::kWorldLink; });
    if (!applied) {
      const Pose p = Computed(X_WM_);
      diags_->Warning(frames::Code::MODEL_POSE_DROPPED,
                      "model " + Quoted(top_.name) + " has pose " +
                          xml::FormatPose(p.xyz, p.rpy) +
                          " in the world; URDF has no model pose and no joint "
                          "connects the model to `world`, so it is dropped",
                      top_.where);
    }
  }
  // libsdformat lumps the child of a fixed joint into its parent (the link
  // is gone, its <gazebo> settings overwrite the parent's). A link of the
  // SDF stays a link: preserveFixedJoint. A massless link (a //frame, a
  // link made here) is left to lumping: libsdformat drops a massless link
  // that is not lumped, with everything below it.
  // A model that came from a URDF (urdf2sdf) keeps the URDF's behaviour:
  // its fixed joints were lumped before and are again.
  frames::UrdfForm robot_form;
  for (const auto& e : top_.extensions) RestoreForm(e, &robot_form);
  const bool from_urdf = robot_form.Has(frames::UrdfForm::kRobot);
  for (size_t k = 0; k < out_.joints.size() && !from_urdf; ++k) {
    const frames::Joint& j = out_.joints[k];
    // c < 0: a carried joint naming no link, which the writer reports.
    const long c = tree_.child_link_of_joint[k];
    if (j.type != JointType::kFixed || j.parent == urdf_io::kWorldLink || c < 0)
      continue;
    const auto& in = out_.links[c].inertial;
    if (link_src_[c] < 0 || !in || !(in->mass > 0.0)) continue;
    PreserveFixedJoint(j.where,
                       &Block(j.original_name.empty() ? j.name : j.original_name,
                              j.where));
  }
  CarryModelLevel();
  ChooseGazeboBlocks();
  // Each block right after the element it refers to (the writer interleaves
  // by source line); the model-level block last.
  auto line = [&](const Element& b) {
    return b.where.line > 0 && b.where.file == top_.where.file
               ? b.where.line
               : std::numeric_limits<int>::max();
  };
  // Blocks made here only when they hold something; restored URDF elements
  // (an empty <frame .../> too) always.
  blocks_.erase(std::remove_if(blocks_.begin(), blocks_.end(),
                               [](const Element& b) { return b.children.empty(); }),
                blocks_.end());
  for (auto& e : restored_) blocks_.push_back(std::move(e));
  std::stable_sort(blocks_.begin(), blocks_.end(),
                   [&](const Element& a, const Element& b) {
                     return line(a) < line(b);
                   });
  for (auto& b : blocks_) {
    if (line(b) == std::numeric_limits<int>::max()) b.where.line = 0;
    out_.extensions.push_back(std::move(b));
  }
  return std::move(out_);
}

std::optional<std::string> FindModelFile(const std::string& uri,
                                         const SdfToUrdfOptions& options) {
  const std::string kModel = "model://";
  if (uri.compare(0, kModel.size(), kModel) != 0) return std::nullopt;
  const std::string rest = uri.substr(kModel.size());
  for (const auto& dir : sdf_io::ModelSearchDirs(options.model_paths, true)) {
    std::error_code ec;
    const std::filesystem::path p = std::filesystem::path(dir) / rest;
    if (std::filesystem::exists(p, ec)) {
      return std::filesystem::absolute(p, ec).lexically_normal().string();
    }
  }
  return std::nullopt;
}

void MapMeshUris(Model* model, const SdfToUrdfOptions& options,
                 Diagnostics* diags) {
  using M = SdfToUrdfOptions::MeshUris;
  if (options.mesh_uris == M::kKeep) return;
  const std::string kModel = "model://";
  auto map = [&](frames::Shape* s) {
    std::string& uri = s->geometry.uri;
    if (s->geometry.type != frames::Geometry::Type::kMesh ||
        uri.compare(0, kModel.size(), kModel) != 0) {
      return;
    }
    if (options.mesh_uris == M::kPackage) {
      uri = "package://" + uri.substr(kModel.size());
      return;
    }
    auto path = FindModelFile(uri, options);
    if (!path) {
      diags->Warning(frames::Code::MESH_URI_UNRESOLVED,
                     "mesh " + Quoted(uri) +
                         " is not found on the model paths (--model-path, "
                         "SDF_PATH, GZ_SIM_RESOURCE_PATH); it is kept as is",
                     s->where);
      return;
    }
    if (options.mesh_uris == M::kAbsolute) {
      uri = *path;
      return;
    }
    std::error_code ec;
    const std::filesystem::path base = std::filesystem::absolute(
        options.relative_to_dir.empty() ? "." : options.relative_to_dir, ec);
    uri = std::filesystem::path(*path).lexically_relative(base.lexically_normal())
              .string();
  };
  for (auto& l : model->links) {
    for (auto& v : l.visuals) map(&v);
    for (auto& c : l.collisions) map(&c);
  }
}

struct Selected {
  const Model* model = nullptr;
  const FrameGraph* graph = nullptr;
  Isometry3 X_WM = Isometry3::Identity();
};

// The document's model to convert, and its pose in the world.
std::optional<Selected> SelectModel(const sdf_io::SdfDocument& doc,
                                    const std::vector<FrameGraph>& graphs,
                                    const SdfToUrdfOptions& options,
                                    Diagnostics* diags) {
  // (model, its world or nullptr, its graph)
  struct Candidate {
    const Model* model;
    const frames::World* world;
    const FrameGraph* graph;
  };
  std::vector<Candidate> all;
  for (size_t k = 0; k < doc.models.size(); ++k)
    all.push_back({&doc.models[k], nullptr, &graphs[k]});
  for (size_t w = 0; w < doc.worlds.size(); ++w) {
    const FrameGraph& world = graphs[doc.models.size() + w];
    for (const auto& m : doc.worlds[w].models)
      all.push_back({&m, &doc.worlds[w], world.Nested(m.name)});
  }
  std::vector<Candidate> match;
  for (const auto& p : all) {
    if (options.model.empty() || p.model->name == options.model)
      match.push_back(p);
  }
  if (match.size() != 1) {
    std::string names;
    for (const auto& p : all)
      names += (names.empty() ? "" : ", ") + Quoted(p.model->name);
    diags->Error(
        frames::Code::SDF_MODEL_NOT_SELECTED,
        options.model.empty()
            ? "the document has " + std::to_string(all.size()) + " models (" +
                  (names.empty() ? "none" : names) +
                  "); a URDF holds one robot: choose one with --model NAME"
            : "the document has no model named " + Quoted(options.model) +
                  " (it has " + (names.empty() ? "none" : names) + ")",
        doc.where);
    return std::nullopt;
  }
  Selected s;
  s.model = match[0].model;
  s.graph = match[0].graph;
  if (!s.graph) return std::nullopt;
  // A URDF is one robot: what else the document holds is not converted.
  size_t others = doc.extensions.size() + all.size() - 1;
  for (const auto& w : doc.worlds) others += w.frames.size() + w.extensions.size();
  if (others > 0) {
    diags->Warning(frames::Code::DOCUMENT_CONTENT_DROPPED,
                   "only model " + Quoted(s.model->name) +
                       " is converted; the document's " +
                       std::to_string(others) +
                       " other top-level or world elements (models, frames, "
                       "lights, physics ...) have no place in a URDF robot",
                   doc.where);
  }
  if (match[0].world) {
    const FrameGraph& world = graphs[doc.models.size() +
                                     (match[0].world - doc.worlds.data())];
    auto X_WM = world.PoseInModel(s.model->name);
    if (!X_WM) return std::nullopt;
    s.X_WM = *X_WM;
  } else {
    s.X_WM = s.model->pose.ToIsometry();
  }
  return s;
}

std::optional<Model> Reshape(const std::optional<sdf_io::SdfDocument>& doc,
                             const SdfToUrdfOptions& options,
                             Diagnostics* diags) {
  if (!doc) return std::nullopt;
  std::vector<FrameGraph> graphs;
  ValidateSdfDocument(*doc, diags, &graphs);
  if (diags->HasErrors()) return std::nullopt;
  auto selected = SelectModel(*doc, graphs, options, diags);
  if (!selected) return std::nullopt;
  if (options.check_parity) {
    if (!CheckUrdfParity(*selected->model, diags)) return std::nullopt;
  }
  auto model = ToUrdfModel(*selected->model, *selected->graph, selected->X_WM,
                           options, diags);
  if (!model) return std::nullopt;
  // What WriteUrdf would refuse (it checks) is a bug of the reshaping, not
  // of the input; --check checks it here so that it says what a conversion
  // says.
  if (options.check_only && !urdf_io::CheckUrdfForm(*model, diags))
    return std::nullopt;
  return model;
}

ConversionResult Finish(std::optional<Model> model,
                        const SdfToUrdfOptions& options,
                        ConversionResult result) {
  Diagnostics& diags = result.diagnostics;
  if (model && !diags.HasErrors() && !options.check_only &&
      !options.check_parity) {
    urdf_io::UrdfWriteOptions write;
    // None given: the URDF's own (carried by urdf2sdf), else none.
    if (!options.urdf_version.empty()) write.version = options.urdf_version;
    write.allow_capsule = options.urdf_version == "1.1";
    write.carry_other_shapes = true;
    auto text = urdf_io::WriteUrdf(*model, write, &diags);
    if (text) result.output = std::move(*text);
  }
  diags.SortByLocation();
  result.ok = model.has_value() && !diags.HasErrors();
  if (!result.ok) result.output.clear();
  return result;
}

sdf_io::ReadOptions ReadOptionsFor(const SdfToUrdfOptions& options) {
  sdf_io::ReadOptions read;
  read.model_paths = options.model_paths;
  return read;
}

}  // namespace

bool CheckUrdfParity(const Model& model, Diagnostics* diags) {
  return urdf_io::CheckUrdfForm(model, diags);
}

std::optional<Model> ToUrdfModel(const Model& model, const Isometry3& X_WM,
                                 const SdfToUrdfOptions& options,
                                 Diagnostics* diags) {
  Diagnostics scratch;  // the model was validated before
  const FrameGraph graph = FrameGraph::Build(model, &scratch);
  return ToUrdfModel(model, graph, X_WM, options, diags);
}

std::optional<Model> ToUrdfModel(const Model& model, const FrameGraph& graph,
                                 const Isometry3& X_WM,
                                 const SdfToUrdfOptions& options,
                                 Diagnostics* diags) {
  auto out = Reshaper(model, graph, X_WM, options, diags).Run();
  if (out) MapMeshUris(&*out, options, diags);
  return out;
}

ConversionResult SdfToUrdf(std::string_view sdf_text,
                           const std::string& source_name,
                           const SdfToUrdfOptions& options) {
  ConversionResult result;
  auto doc = sdf_io::ReadSdf(sdf_text, source_name, &result.diagnostics,
                             ReadOptionsFor(options));
  auto model = Reshape(doc, options, &result.diagnostics);
  return Finish(std::move(model), options, std::move(result));
}

ConversionResult SdfFileToUrdf(const std::string& path,
                               const SdfToUrdfOptions& options) {
  ConversionResult result;
  auto doc = sdf_io::ReadSdfFile(path, &result.diagnostics,
                                 ReadOptionsFor(options));
  auto model = Reshape(doc, options, &result.diagnostics);
  return Finish(std::move(model), options, std::move(result));
}

std::optional<Model> SdfFileToUrdfModel(const std::string& path,
                                        const SdfToUrdfOptions& options,
                                        Diagnostics* diags) {
  auto doc = sdf_io::ReadSdfFile(path, diags, ReadOptionsFor(options));
  auto model = Reshape(doc, options, diags);
  if (diags->HasErrors()) return std::nullopt;
  return model;
}

std::optional<Model> SdfToUrdfModel(std::string_view sdf_text,
                                    const std::string& source_name,
                                    const SdfToUrdfOptions& options,
                                    Diagnostics* diags) {
  auto doc = sdf_io::ReadSdf(sdf_text, source_name, diags,
                             ReadOptionsFor(options));
  auto model = Reshape(doc, options, diags);
  if (diags->HasErrors()) return std::nullopt;
  return model;
}

}  // namespace converter
