// MapJoints: each SDF joint as URDF joints: its type (universal and
// revolute2 split in two revolute joints), its axis in the joint frame, its
// limits as URDF requires them, and the URDF details urdf2sdf carried.
#include <cmath>
#include <tuple>

#include "reshape/to_urdf/gazebo_from_sdf.h"
#include "reshape/urdf_extensions.h"
#include "reshape/to_urdf/passes.h"
#include "urdf_io/reader.h"
#include "xml/writer.h"

namespace converter::urdf_reshape {
namespace {

using frames::Element;
using frames::Isometry3;
using frames::JointType;

// SDFormat's default joint limits, which mean "no limit".
constexpr double kSdfUnbounded = 1e16;
// What URDF gets where SDFormat says "no limit" and URDF requires a number
// (a prismatic joint's bounds, any limit's effort and velocity): the widest
// finite value URDF consumers take as a plain number. SDFormat's own "no
// limit" before 1.10, so Gazebo (libsdformat) reads it as unlimited bounds;
// every URDF reader parses it (urdfdom refuses "inf"); and arithmetic that
// consumers do on limits (upper - lower, ranges, squares in time scaling)
// stays finite, which it would not near DBL_MAX.
constexpr double kUrdfUnbounded = kSdfUnbounded;

// A revolute (or universal/revolute2) axis is bounded when a limit is
// finite, not SDFormat's ±1e16 default.
bool Bounded(const std::optional<double>& v) {
  return v && std::isfinite(*v) && std::abs(*v) < kSdfUnbounded;
}

// SDFormat's default axis, 0 0 1 (URDF's is 1 0 0).
frames::JointAxis SdfDefaultAxis() {
  frames::JointAxis a;
  a.xyz = frames::Vector3::UnitZ();
  return a;
}

class JointMapper {
 public:
  JointMapper(const FlatModel& flat, const ToUrdfReshapeOptions& options,
              OutputNames* names, Draft* draft, frames::Diagnostics* diags)
      : flat_joints_(flat.joints.data()), from_urdf_(FromUrdf(flat)),
        opt_(options), names_(*names), draft_(*draft), diags_(diags) {
    draft_.carried_type.assign(flat.joints.size(), false);
  }

  bool MapJoint(const FlatJoint& fj);

 private:
  // The URDF joint of `fj` before its axis: names, type, parent and child,
  // the URDF details urdf2sdf carried restored, the 1.11 mimic. Sets
  // *zero_axis to a carried zero axis of a fixed joint and *sdf_only to
  // the SDF-only children (for the joint's <gazebo> block).
  frames::Joint StartJoint(const FlatJoint& fj, const Element** zero_axis,
                           std::vector<Element>* sdf_only);
  // A joint type URDF lacks, carried as the SDFormat joint in the robot's
  // <gazebo> block: `u` is written floating.
  void CarryJoint(const FlatJoint& fj, frames::Joint u);
  // u's axis (and, from it, a revolute joint's type), its SDF-only parts
  // into `block`; false when the axis cannot be expressed.
  bool MapAxis(const FlatJoint& fj, const Element* zero_axis, frames::Joint* u,
               Element* block);
  // universal / revolute2 as two revolute joints through a massless link:
  // `u` (about axis 1, with its <gazebo> `block`) and a second about axis2.
  bool SplitJoint(const FlatJoint& fj, frames::Joint u,
                  const std::string& block_ref, Element* block);
  std::optional<frames::JointAxis> UrdfAxis(const FlatJoint& fj,
                                            const frames::JointAxis& a,
                                            JointType* type, Element* block);
  // The URDF <limit> of a joint of *type (revolute without bounds becomes
  // continuous), or none; SDF values URDF cannot hold go to *carried.
  std::optional<frames::JointLimit> UrdfLimit(const frames::Joint& j,
                                              const frames::JointLimit& lim,
                                              bool given, JointType* type,
                                              std::vector<Element>* carried);
  // A limit's effort or velocity as URDF requires it.
  double UrdfRate(const std::optional<double>& v, const char* tag,
                  const frames::SourceLocation& where,
                  std::vector<Element>* carried) const;

  const FlatJoint* flat_joints_;
  const bool from_urdf_;
  const ToUrdfReshapeOptions& opt_;
  OutputNames& names_;
  Draft& draft_;
  frames::Diagnostics* diags_;
};

// A bound as URDF writes it: `missing` when there is none, the value when
// finite; an infinite one is ±kUrdfUnbounded, its SDF value carried.
std::optional<double> UrdfBound(const std::optional<double>& v, const char* tag,
                                std::optional<double> missing,
                                const frames::SourceLocation& where,
                                std::vector<Element>* carried) {
  if (!v) return missing;
  if (std::isfinite(*v)) return *v;
  carried->push_back(Element::Leaf(tag, xml::FormatDouble(*v), where));
  return std::copysign(kUrdfUnbounded, *v);
}

// LIMIT_UNBOUNDED for a revolute or prismatic joint `j` of `type` whose
// SDF limit `lim` lacks a bound: what is written for each unbounded side
// (`ul`), and why.
void WarnUnbounded(const frames::Joint& j, JointType type,
                   const frames::JointLimit& lim, const frames::JointLimit& ul,
                   frames::Diagnostics* diags) {
  const bool lower = Bounded(lim.lower), upper = Bounded(lim.upper);
  std::string what, written;
  bool infinite = false;
  for (const auto& [side, v, w] :
       {std::tuple{"lower", &lim.lower, *ul.lower},
        std::tuple{"upper", &lim.upper, *ul.upper}}) {
    if (Bounded(*v)) continue;
    const bool inf = *v && std::isinf(**v);
    infinite = infinite || inf;
    what += std::string(what.empty() ? "" : " and ") +
            (inf ? "an infinite " : "no ") + side + " limit";
    written += (written.empty() ? "" : " and ") + xml::FormatDouble(w);
  }
  const bool both = !lower && !upper;
  const std::string said =
      infinite
          ? written + " (SDFormat's \"no limit\" before 1.10)"
          : std::string("SDFormat's default") + (both ? "s " : " ") + written;
  diags->Warning(
      frames::Code::LIMIT_UNBOUNDED,
      std::string(frames::JointTypeName(type)) + " joint " + Quoted(j.name) +
          " has " + what + "; URDF needs both, so " + said +
          (both ? " are" : " is") + " written" +
          (infinite
               ? std::string(", and the SDF value") + (both ? "s are" : " is") +
                     " carried in the joint's <gazebo> block"
               : ""),
      j.where);
}

double JointMapper::UrdfRate(const std::optional<double>& v, const char* tag,
                             const frames::SourceLocation& where,
                             std::vector<Element>* carried) const {
  if (from_urdf_) return v ? *v : -1.0;  // as the URDF wrote it (-1: none)
  if (v && *v >= 0.0 && std::isfinite(*v)) return *v;
  carried->push_back(
      Element::Leaf(tag, xml::FormatDouble(v ? *v : -1.0), where));
  return kUrdfUnbounded;
}

std::optional<frames::JointLimit> JointMapper::UrdfLimit(
    const frames::Joint& j, const frames::JointLimit& lim, bool given,
    JointType* type, std::vector<Element>* carried) {
  frames::JointLimit ul;
  const bool lower = Bounded(lim.lower), upper = Bounded(lim.upper);
  switch (*type) {
    case JointType::kRevolute:
      if (!lower && !upper) {
        *type = JointType::kContinuous;
        if (lim.effort || lim.velocity) return ul;
        return std::nullopt;
      }
      [[fallthrough]];
    case JointType::kPrismatic:
      ul.lower =
          UrdfBound(lim.lower, "lower", -kSdfUnbounded, j.where, carried);
      ul.upper = UrdfBound(lim.upper, "upper", kSdfUnbounded, j.where, carried);
      if (!lower || !upper) WarnUnbounded(j, *type, lim, ul, diags_);
      return ul;
    case JointType::kContinuous:
      // URDF ignores a continuous joint's lower and upper, but a file may
      // give them (urdf2sdf carries them): kept when finite. A <limit> a
      // URDF wrote with none of these (URDF 1.2's <limit jerk="7"/>) goes
      // back as it was.
      if (lim.effort || lim.velocity || lower || upper ||
          (from_urdf_ && given)) {
        if (lower) ul.lower = *lim.lower;
        if (upper) ul.upper = *lim.upper;
        return ul;
      }
      return std::nullopt;
    default:
      // A fixed or floating joint's limit means nothing to URDF either, but
      // one that came from a URDF goes back as it was.
      if (!given) return std::nullopt;
      ul.lower = UrdfBound(lim.lower, "lower", std::nullopt, j.where, carried);
      ul.upper = UrdfBound(lim.upper, "upper", std::nullopt, j.where, carried);
      return ul;
  }
}

std::optional<frames::JointAxis> JointMapper::UrdfAxis(
    const FlatJoint& fj, const frames::JointAxis& a, JointType* type,
    Element* block) {
  const frames::Joint& j = *fj.src;
  frames::JointAxis u;
  auto xyz = AxisInJointFrame(fj, a);
  if (!xyz) return std::nullopt;
  u.xyz = *xyz;
  // What URDF has no attribute for is carried in the <gazebo> block of the
  // URDF joint that moves about this axis (the second joint for axis 2).
  if (a.dynamics && (a.dynamics->damping || a.dynamics->friction)) {
    // urdfdom refuses a <dynamics> with neither attribute.
    u.dynamics =
        frames::JointDynamics{a.dynamics->damping, a.dynamics->friction, {}};
  }
  const frames::JointLimit none;
  const frames::JointLimit& lim = a.limit ? *a.limit : none;
  // The 1.11 //axis/mimic the reader read into the joint's mimic is the
  // URDF <mimic> (MapJoint), not a <gazebo> element.
  std::vector<Element> extensions;
  for (const auto& e : a.extensions) {
    if (!(e.name == "mimic" && j.mimic && j.axis && &a == &*j.axis))
      extensions.push_back(e);
  }
  // Limits. URDF requires finite numbers where SDFormat may say "no limit"
  // (a missing bound, ±inf; an effort or velocity that is missing, negative
  // or infinite): URDF gets kUrdfUnbounded and, unless the model is a URDF
  // (whose limits go back as it wrote them), the SDF value is carried in the
  // <gazebo> block's <axis><limit>, which our urdf2sdf applies (libsdformat
  // reads only the joint's first <axis>: Gazebo gets kUrdfUnbounded).
  std::vector<Element> carried;  // the SDF values, SDFormat's order
  u.limit = UrdfLimit(j, lim, a.limit.has_value(), type, &carried);
  if (u.limit) {
    // URDF requires both (urdfdom).
    u.limit->effort = UrdfRate(lim.effort, "effort", j.where, &carried);
    u.limit->velocity = UrdfRate(lim.velocity, "velocity", j.where, &carried);
  } else {
    carried.clear();
  }
  for (const auto& e : lim.extensions) carried.push_back(e);
  AxisToGazebo(extensions,
               a.dynamics ? a.dynamics->extensions : std::vector<Element>{},
               std::move(carried), j.where, block);
  return u;
}

frames::Joint JointMapper::StartJoint(const FlatJoint& fj,
                                      const Element** zero_axis,
                                      std::vector<Element>* sdf_only) {
  const frames::Joint& j = *fj.src;
  const std::string& name = fj.name;
  frames::Joint u;
  u.name = name;
  u.type = j.type;
  u.parent =
      fj.parent == urdf_io::kWorldLink ? fj.parent : names_.Out(fj.parent);
  u.child = names_.Out(fj.child);
  u.where = j.where;
  // URDF details carried by urdf2sdf come back; SDF-only children are
  // carried in <gazebo reference="JOINT"> (by the joint's URDF name).
  for (const auto& e : j.extensions) {
    if (!IsCarried(e)) {
      sdf_only->push_back(e);
    } else if (!*zero_axis && IsCarriedZeroAxis(e)) {
      *zero_axis = &e;  // <urdf:axis xyz="0 0 0"> of a fixed joint
    } else if (!RestoreJointDetail(e, &u)) {
      u.extensions.push_back(Restored(e));
    }
  }
  // SDFormat 1.11 //axis/mimic, which the reader read into j.mimic: the
  // leader named as the URDF names it (with a nested model's prefix).
  if (j.mimic && !u.mimic) {
    u.mimic = j.mimic;
    u.mimic->joint =
        name.substr(0, name.size() - j.name.size()) + j.mimic->joint;
  }
  return u;
}

void JointMapper::CarryJoint(const FlatJoint& fj, frames::Joint u) {
  const frames::Joint& j = *fj.src;
  // The nearest tree joint, floating (libsdformat drops it), and the SDF
  // joint, with all it says, in the robot's block: Gazebo gets it back.
  diags_->Warning(
      frames::Code::JOINT_CARRIED_IN_GAZEBO,
      std::string(frames::JointTypeName(j.type)) + " joint " + Quoted(fj.name) +
          " has no URDF type; it is written as a floating joint (URDF "
          "tools let its child move freely) and carried as the SDFormat "
          "joint in the robot's <gazebo> block, which Gazebo reads instead",
      j.where);
  u.type = JointType::kFloating;
  draft_.carried_type[&fj - flat_joints_] = true;
  draft_.joint_info.push_back(JointInfo{fj.X_MJ, false, &fj});
  draft_.out.joints.push_back(std::move(u));
}

bool JointMapper::MapAxis(const FlatJoint& fj, const Element* zero_axis,
                          frames::Joint* u, Element* block) {
  const frames::Joint& j = *fj.src;
  if (u->type != JointType::kFixed && u->type != JointType::kFloating) {
    // An lvalue either way: UrdfAxis tells j's own axis by its address.
    const frames::JointAxis sdf_default = SdfDefaultAxis();
    auto axis = UrdfAxis(fj, j.axis ? *j.axis : sdf_default, &u->type, block);
    if (!axis) return false;
    u->axis = std::move(axis);
    if (u->type == JointType::kContinuous &&
        u->urdf_form.Has(frames::UrdfForm::kRevolute)) {
      // The URDF said revolute, without finite limits: revolute again, with
      // the limits it wrote.
      u->type = JointType::kRevolute;
      if (j.axis && j.axis->limit && u->axis->limit) {
        u->axis->limit->lower = j.axis->limit->lower;
        u->axis->limit->upper = j.axis->limit->upper;
      }
    }
  } else if (j.axis) {
    // An axis on a fixed joint (URDF files write them; urdf2sdf keeps them).
    auto axis = UrdfAxis(fj, *j.axis, &u->type, block);
    if (!axis) return false;
    u->axis = std::move(axis);
  } else if (zero_axis) {
    u->axis.emplace();
    u->axis->xyz = frames::Vector3::Zero();
    for (const auto& c : zero_axis->children) RestoreAxisDetail(c, &u->axis);
  }
  return true;
}

bool JointMapper::SplitJoint(const FlatJoint& fj, frames::Joint u,
                             const std::string& block_ref, Element* block) {
  const frames::Joint& j = *fj.src;
  const std::string& name = fj.name;
  // parent -J-> J_intermediate -J_axis2-> child, both joints at the joint
  // frame, the second about axis2 (exact: the intermediate link is massless
  // and the joints share their origin).
  frames::Link mid;
  mid.name = names_.Unique(name + "_intermediate");
  mid.where = j.where;
  frames::Joint second;
  second.name = names_.Unique(name + "_axis2");
  second.type = JointType::kRevolute;
  second.parent = mid.name;
  second.child = u.child;
  second.pose.relative_to = mid.name;
  second.where = j.where;
  // The second axis's SDF-only parts go with the joint that moves about it.
  Element block2;
  {
    const frames::JointAxis sdf_default = SdfDefaultAxis();
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
  frames::Model& out = draft_.out;
  out.links.push_back(std::move(mid));
  draft_.link_src.push_back(-1);
  out.joints.push_back(std::move(u));
  out.joints.push_back(std::move(second));
  draft_.joint_info.push_back(JointInfo{fj.X_MJ, true, nullptr});  // identity
  draft_.blocks.AddToBlock(block_ref, j.where, block);
  draft_.blocks.AddToBlock(second_name, j.where, &block2);
  return true;
}

bool JointMapper::MapJoint(const FlatJoint& fj) {
  const frames::Joint& j = *fj.src;
  const Element* zero_axis = nullptr;
  std::vector<Element> sdf_only;
  frames::Joint u = StartJoint(fj, &zero_axis, &sdf_only);
  // Collected here, added to the joint's <gazebo> block only if there is
  // anything (most joints have nothing to carry).
  Element block;
  const std::string block_ref =
      u.original_name.empty() ? u.name : u.original_name;
  JointToGazebo(std::move(sdf_only), &block);

  const bool two_axes =
      j.type == JointType::kUniversal || j.type == JointType::kRevolute2;
  if ((j.type == JointType::kBall && !opt_.ball_as_floating) ||
      j.type == JointType::kScrew || j.type == JointType::kGearbox ||
      (two_axes && opt_.keep_joint_types)) {
    CarryJoint(fj, std::move(u));
    return true;
  }
  if (j.type == JointType::kBall) {
    diags_->Warning(frames::Code::BALL_AS_FLOATING,
                    "ball joint " + Quoted(fj.name) +
                        " is written as a floating joint: URDF has no "
                        "ball joint, and the translation is not locked",
                    j.where);
    u.type = JointType::kFloating;
  }
  if (two_axes) u.type = JointType::kRevolute;
  if (!MapAxis(fj, zero_axis, &u, &block)) return false;
  draft_.joint_info.push_back(JointInfo{fj.X_MJ, false, &fj});
  if (two_axes) return SplitJoint(fj, std::move(u), block_ref, &block);
  draft_.out.joints.push_back(std::move(u));
  draft_.blocks.AddToBlock(block_ref, j.where, &block);
  return true;
}

}  // namespace

std::optional<frames::Vector3> AxisInJointFrame(const FlatJoint& fj,
                                                const frames::JointAxis& a) {
  const frames::Joint& j = *fj.src;
  const Scope& s = *fj.scope;
  if (a.expressed_in.empty() || a.expressed_in == j.name) return a.xyz;
  Isometry3 X_ME = s.X_MS;
  if (a.expressed_in != frames::kModelFrame) {
    auto X_SE = s.graph->PoseInModel(a.expressed_in);
    if (!X_SE) return std::nullopt;
    X_ME = frames::Compose(s.X_MS, *X_SE);
  }
  return frames::CleanRounding(
      frames::ReexpressInverse(fj.X_MJ, frames::Reexpress(X_ME, a.xyz)));
}

bool MapJoints(const FlatModel& flat, const ToUrdfReshapeOptions& options,
               OutputNames* names, Draft* draft, frames::Diagnostics* diags) {
  JointMapper mapper(flat, options, names, draft, diags);
  bool ok = true;
  for (const auto& fj : flat.joints) {
    if (!fj.cut) ok = mapper.MapJoint(fj) && ok;
  }
  return ok;
}

}  // namespace converter::urdf_reshape
