#include "robot_diff/robot_diff.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <random>
#include <set>
#include <tuple>
#include <vector>

#include "frames/inertia.h"
#include "frames/pose.h"
#include "frames/rename.h"
#include "robot_diff/flat.h"
#include "robot_diff/verbatim.h"

namespace robot_diff {
namespace {

using frames::Code;
using frames::Isometry3;
using frames::JointType;
using frames::Matrix3;
using frames::SourceLocation;
using frames::Vector3;

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kPi = 3.14159265358979323846;

std::string Num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.9g", v);
  return buf;
}
std::string Vec(const Vector3& v) {
  return Num(v.x()) + " " + Num(v.y()) + " " + Num(v.z());
}
std::string Loc(const SourceLocation& w) {
  return w.file + (w.line > 0 ? ":" + std::to_string(w.line) : "");
}
std::string Q(const std::string& s) { return "'" + s + "'"; }

// What one element of a side is: a link, a joint or a frame, by index.
enum class Kind { kLink, kJoint, kFrame };
const char* KindName(Kind k) {
  return k == Kind::kLink ? "link" : k == Kind::kJoint ? "joint" : "frame";
}
struct Ref {
  Kind kind;
  int index;
};

// Distance of two poses: translation in metres, rotation angle in radians.
struct PoseError {
  double position = 0, angle = 0;
};
PoseError Distance(const Isometry3& X, const Isometry3& Y) {
  const Eigen::AngleAxisd r(X.linear().transpose() * Y.linear());
  return {(X.translation() - Y.translation()).norm(), std::abs(r.angle())};
}

// A joint the sampling moves, and its range.
bool Moves(JointType t) {
  return t == JointType::kRevolute || t == JointType::kContinuous ||
         t == JointType::kPrismatic;
}
// No finite bound: absent, infinite, or SDFormat's +-1e16 "unbounded".
double Bound(const std::optional<double>& v, double unbounded) {
  if (!v || !std::isfinite(*v) || std::abs(*v) >= 1e15) return unbounded;
  return *v;
}
// A revolute joint without finite limits is a continuous one.
JointType Effective(const FlatJoint& j) {
  if (j.type == JointType::kRevolute &&
      (!j.limit || (std::isinf(Bound(j.limit->lower, -kInf)) &&
                    std::isinf(Bound(j.limit->upper, kInf))))) {
    return JointType::kContinuous;
  }
  return j.type;
}

Isometry3 Motion(const FlatJoint& j, double q) {
  Isometry3 M = Isometry3::Identity();
  if (j.type == JointType::kRevolute || j.type == JointType::kContinuous) {
    M.linear() = Eigen::AngleAxisd(q, j.axis_J).toRotationMatrix();
  } else if (j.type == JointType::kPrismatic) {
    M.translation() = q * j.axis_J;
  }
  return M;
}

class Comparer {
 public:
  Comparer(const FlatModel& a, const FlatModel& b, const Options& o,
           frames::Diagnostics* out)
      : a_(a), b_(b), o_(o), out_(out) {}

  void Run() {
    Match();
    Structure();
    ChooseReference();
    Kinematics();
    Axes();
    JointDetails();
    Bodies();
    JointSensors();
    Plugins();
    out_->SortByLocation();
  }

 private:
  // --- Matching ------------------------------------------------------------

  struct Pair {
    Ref a, b;
  };

  const SourceLocation& Where(const FlatModel& s, Ref r) const {
    static const SourceLocation none;
    switch (r.kind) {
      case Kind::kLink: return s.links[r.index].src->where;
      case Kind::kJoint: return s.joints[r.index].where;
      case Kind::kFrame: return s.frames[r.index].where;
    }
    return none;
  }
  const std::string& KeyOf(const FlatModel& s, Ref r) const {
    switch (r.kind) {
      case Kind::kLink: return s.links[r.index].key;
      case Kind::kJoint: return s.joints[r.index].key;
      default: return s.frames[r.index].key;
    }
  }
  static std::optional<Ref> Find(const FlatModel& s, Kind k,
                                 const std::string& key) {
    const auto& m = k == Kind::kLink ? s.link_of
                    : k == Kind::kJoint ? s.joint_of : s.frame_of;
    const auto it = m.find(key);
    if (it == m.end()) return std::nullopt;
    return Ref{k, it->second};
  }
  bool IsFixedJoint(const FlatModel& s, Ref r) const {
    return r.kind == Kind::kJoint &&
           s.joints[r.index].type == JointType::kFixed;
  }

  // A link of A pairs with B's link of its key, else B's frame (lumped); a
  // joint with B's joint, else (fixed) B's frame; a frame with B's frame,
  // else B's link (written as a link). Only an element of B that no
  // element of A has paired with yet (`taken`) is a counterpart: the
  // renames' guesses never take an element that pairs by its own name.
  std::optional<Ref> Counterpart(
      const FlatModel& other, Ref r, const FlatModel& self,
      const std::function<bool(Ref)>& taken) const {
    auto free = [&](std::optional<Ref> c) {
      return c && !taken(*c) ? c : std::nullopt;
    };
    const std::string& key = KeyOf(self, r);
    if (auto same = free(Find(other, r.kind, key))) return same;
    if (r.kind == Kind::kJoint) {
      // A joint that shares a link's name, renamed "NAME_joint" (as
      // libsdformat and sdf2sdf rename it) on one side only.
      const std::string suffix = "_joint";
      if (other.link_of.count(key)) {
        if (auto j = free(Find(other, Kind::kJoint, key + suffix))) return j;
      }
      if (key.size() > suffix.size() &&
          key.compare(key.size() - suffix.size(), suffix.size(), suffix) == 0) {
        const std::string base = key.substr(0, key.size() - suffix.size());
        if (self.link_of.count(base)) {
          if (auto j = free(Find(other, Kind::kJoint, base))) return j;
        }
      }
    }
    if (IsFixedJoint(self, r) && self.joints[r.index].name != key) {
      // A lumped joint that had to be renamed is a frame of its new name.
      if (auto f = free(Find(other, Kind::kFrame, self.joints[r.index].name)))
        return f;
    }
    if (r.kind == Kind::kLink || (IsFixedJoint(self, r)))
      return free(Find(other, Kind::kFrame, key));
    if (r.kind == Kind::kFrame) {
      if (auto l = free(Find(other, Kind::kLink, key))) return l;
      if (auto j = free(Find(other, Kind::kJoint, key)))
        if (IsFixedJoint(other, *j)) return j;
      for (size_t i = 0; i < other.joints.size(); ++i) {
        const Ref j{Kind::kJoint, static_cast<int>(i)};
        if (other.joints[i].name == key && other.joints[i].key != key &&
            other.joints[i].type == JointType::kFixed && !taken(j))
          return j;
      }
    }
    return std::nullopt;
  }

  // Two passes: first every element with B's element of its kind and key;
  // then the others through the renames (Counterpart), to what is left.
  void Match() {
    auto taken = [this](Ref c) {
      return pair_of_b_.count({c.kind, static_cast<size_t>(c.index)}) > 0;
    };
    auto pair = [this](Ref r, Ref c) {
      pair_of_a_[{r.kind, static_cast<size_t>(r.index)}] = pairs_.size();
      pair_of_b_[{c.kind, static_cast<size_t>(c.index)}] = pairs_.size();
      pairs_.push_back({r, c});
    };
    for (bool exact : {true, false}) {
      for (Kind k : {Kind::kLink, Kind::kJoint, Kind::kFrame}) {
        const size_t n = k == Kind::kLink    ? a_.links.size()
                         : k == Kind::kJoint ? a_.joints.size()
                                             : a_.frames.size();
        for (size_t i = 0; i < n; ++i) {
          const Ref r{k, static_cast<int>(i)};
          if (PairOfA(r)) continue;
          const std::optional<Ref> c =
              exact ? Find(b_, k, KeyOf(a_, r)) : Counterpart(b_, r, a_, taken);
          if (c && !taken(*c)) pair(r, *c);
        }
      }
    }
  }
  std::optional<size_t> PairOfA(Ref r) const {
    const auto it = pair_of_a_.find({r.kind, static_cast<size_t>(r.index)});
    if (it == pair_of_a_.end()) return std::nullopt;
    return it->second;
  }
  std::optional<size_t> PairOfB(Ref r) const {
    const auto it = pair_of_b_.find({r.kind, static_cast<size_t>(r.index)});
    if (it == pair_of_b_.end()) return std::nullopt;
    return it->second;
  }
  std::optional<size_t> PairOf(bool side_a, Ref r) const {
    return side_a ? PairOfA(r) : PairOfB(r);
  }

  // --- Structure -------------------------------------------------------------

  // A joint one side has and the other need not: the fixed joint that
  // holds a link standing for the other side's frame (sdf2urdf's
  // FRAME_joint), or a floating joint that hangs a link the other side
  // leaves free (sdf2urdf's second free link).
  bool MadeByConversion(bool side_a, const FlatJoint& j) const {
    const FlatModel& self = side_a ? a_ : b_;
    const FlatModel& other = side_a ? b_ : a_;
    if (j.child_link < 0) return false;
    const Ref child{Kind::kLink, j.child_link};
    const auto p = PairOf(side_a, child);
    if (!p) return false;
    const Ref there = side_a ? pairs_[*p].b : pairs_[*p].a;
    if (j.type == JointType::kFixed && there.kind == Kind::kFrame) return true;
    (void)self;
    return j.type == JointType::kFloating && there.kind == Kind::kLink &&
           (other.links[there.index].parent_joint < 0 ||
            j.key == other.links[there.index].key + "_floating");
  }

  // sdf2urdf splits a universal or revolute2 joint J into J, a massless
  // link J_intermediate and a joint J_axis2 (JOINT_SPLIT): whether side
  // `split` holds joint j of the other side that way.
  static bool Split(const FlatJoint& j, const FlatModel& split) {
    return (j.type == JointType::kUniversal ||
            j.type == JointType::kRevolute2) &&
           split.link_of.count(j.key + "_intermediate") &&
           split.joint_of.count(j.key + "_axis2");
  }
  // An element of side `side_a` that such a split made.
  bool MadeBySplit(bool side_a, const std::string& key,
                   const std::string& suffix) const {
    const FlatModel& self = side_a ? a_ : b_;
    const FlatModel& other = side_a ? b_ : a_;
    if (key.size() <= suffix.size() ||
        key.compare(key.size() - suffix.size(), suffix.size(), suffix) != 0)
      return false;
    const auto j = other.joint_of.find(key.substr(0, key.size() - suffix.size()));
    return j != other.joint_of.end() && Split(other.joints[j->second], self);
  }

  void Missing(bool in_a, Ref r) {
    const FlatModel& self = in_a ? a_ : b_;
    const FlatModel& other = in_a ? b_ : a_;
    out_->Error(Code::DIFF_ELEMENT_MISSING,
                std::string(KindName(r.kind)) + " " + Q(KeyOf(self, r)) +
                    " of " + self.file + " is not in " + other.file,
                Where(self, r));
  }

  void Structure() {
    for (bool side_a : {true, false}) {
      const FlatModel& s = side_a ? a_ : b_;
      for (size_t i = 0; i < s.links.size(); ++i)
        if (!PairOf(side_a, {Kind::kLink, static_cast<int>(i)}) &&
            !MadeBySplit(side_a, s.links[i].key, "_intermediate"))
          Missing(side_a, {Kind::kLink, static_cast<int>(i)});
      for (size_t i = 0; i < s.joints.size(); ++i)
        if (!PairOf(side_a, {Kind::kJoint, static_cast<int>(i)}) &&
            !MadeByConversion(side_a, s.joints[i]) &&
            !MadeBySplit(side_a, s.joints[i].key, "_axis2"))
          Missing(side_a, {Kind::kJoint, static_cast<int>(i)});
      for (size_t i = 0; i < s.frames.size(); ++i)
        if (!PairOf(side_a, {Kind::kFrame, static_cast<int>(i)}))
          Missing(side_a, {Kind::kFrame, static_cast<int>(i)});
    }
    for (const Pair& p : pairs_) {
      if (p.a.kind == Kind::kJoint && p.b.kind == Kind::kJoint) {
        JointStructure(a_.joints[p.a.index], b_.joints[p.b.index]);
      } else if (p.a.kind == Kind::kFrame || p.b.kind == Kind::kFrame) {
        FrameAttachment(p);
      }
    }
  }

  // The key of the body a link of side `side_a` belongs to: itself, or
  // (a link the other side has as a frame: lumped) its parent's body
  // through a fixed joint.
  std::string Body(bool side_a, const std::string& link_key) const {
    const FlatModel& s = side_a ? a_ : b_;
    std::string key = link_key;
    for (size_t steps = 0; steps <= s.links.size(); ++steps) {
      const auto l = s.link_of.find(key);
      if (l == s.link_of.end()) return key;
      const auto p = PairOf(side_a, {Kind::kLink, l->second});
      if (!p) return key;
      const Ref there = side_a ? pairs_[*p].b : pairs_[*p].a;
      const int pj = s.links[l->second].parent_joint;
      if (there.kind != Kind::kFrame || pj < 0 ||
          s.joints[pj].type != JointType::kFixed ||
          s.joints[pj].parent_link < 0)
        return key;
      key = s.joints[pj].parent;
    }
    return key;
  }

  // The child of a joint, or of the second joint of its split.
  static const std::string& SplitChild(const FlatJoint& j, const FlatModel& s,
                                       bool split) {
    if (!split) return j.child;
    return s.joints[s.joint_of.at(j.key + "_axis2")].child;
  }

  void JointStructure(const FlatJoint& ja, const FlatJoint& jb) {
    const std::string where_b = " (" + Loc(jb.where) + ")";
    const bool split_b = Split(ja, b_), split_a = Split(jb, a_);
    if (split_a || split_b) {
      // J, J_intermediate, J_axis2 on one side is J on the other.
      if (Body(true, ja.parent) != Body(false, jb.parent) ||
          Body(true, SplitChild(ja, a_, split_a)) !=
              Body(false, SplitChild(jb, b_, split_b))) {
        out_->Error(Code::DIFF_CONNECTION,
                    "joint " + Q(ja.key) + " (split in two) connects other links in " +
                        b_.file + where_b,
                    ja.where);
      }
      return;
    }
    if (Body(true, ja.parent) != Body(false, jb.parent) ||
        Body(true, ja.child) != Body(false, jb.child)) {
      out_->Error(Code::DIFF_CONNECTION,
                  "joint " + Q(ja.key) + " connects " + Q(ja.parent) + " to " +
                      Q(ja.child) + "; in " + b_.file + " " + Q(jb.parent) +
                      " to " + Q(jb.child) + where_b,
                  ja.where);
    }
    const JointType ta = Effective(ja), tb = Effective(jb);
    if (ta != tb) {
      out_->Error(Code::DIFF_JOINT_TYPE,
                  "joint " + Q(ja.key) + " is " + JointTypeName(ta) +
                      (ja.carried_type ? " (carried)" : "") + "; in " +
                      b_.file + " " + JointTypeName(tb) +
                      (jb.carried_type ? " (carried)" : "") + where_b,
                  ja.where);
    }
  }

  // The link a frame-like element is attached to: a frame's link, a
  // fixed joint's parent, a link's own body.
  std::string AttachedBody(bool side_a, Ref r) const {
    const FlatModel& s = side_a ? a_ : b_;
    switch (r.kind) {
      case Kind::kFrame: return Body(side_a, s.frames[r.index].attached);
      case Kind::kJoint: return Body(side_a, s.joints[r.index].parent);
      case Kind::kLink: {
        const int pj = s.links[r.index].parent_joint;
        if (pj >= 0 && s.joints[pj].type == JointType::kFixed)
          return Body(side_a, s.joints[pj].parent);
        return Body(side_a, s.links[r.index].key);
      }
    }
    return "";
  }

  void FrameAttachment(const Pair& p) {
    const std::string la = AttachedBody(true, p.a);
    const std::string lb = AttachedBody(false, p.b);
    // A moving link as the other side's frame is attached to itself.
    if (la == lb || la == KeyOf(a_, p.a) || lb == KeyOf(b_, p.b)) return;
    out_->Error(Code::DIFF_CONNECTION,
                std::string(KindName(p.a.kind)) + " " + Q(KeyOf(a_, p.a)) +
                    " is attached to " + Q(la) + "; in " + b_.file + " (" +
                    KindName(p.b.kind) + ", " + Loc(Where(b_, p.b)) +
                    ") to " + Q(lb),
                Where(a_, p.a));
  }

  // --- Kinematics ------------------------------------------------------------

  void ChooseReference() {
    if (a_.world_joint || b_.world_joint) {
      X_RA_ = a_.X_WM;
      X_RB_ = b_.X_WM;
      reference_ = "the world";
      return;
    }
    // Two SDFormat models: their model frames are the same frame (a link
    // moved in its model is moved in every world that places the model),
    // so a link moved together with everything below it is still found.
    // A URDF has no model frame but its root link, which sdf2urdf puts
    // where the SDFormat's root link was: then the root link is the
    // reference.
    if (!a_.urdf && !b_.urdf) {
      reference_ = "the model frame";
      return;
    }
    for (const Pair& p : pairs_) {
      if (p.a.kind != Kind::kLink || p.b.kind != Kind::kLink) continue;
      const FlatLink& la = a_.links[p.a.index];
      const FlatLink& lb = b_.links[p.b.index];
      if (la.parent_joint >= 0 || lb.parent_joint >= 0) continue;
      X_RA_ = frames::Inverse(la.X_M0);
      X_RB_ = frames::Inverse(lb.X_M0);
      reference_ = "link " + Q(la.key);
      return;
    }
    reference_ = "the model frame";
  }

  // Joint positions by key: zero, or one sample within A's limits (mimic
  // joints following their leaders).
  std::map<std::string, double> Configuration(std::mt19937_64* rng) const {
    std::map<std::string, double> q;
    if (!rng) return q;
    auto uniform = [&](double lo, double hi) {
      const double u = static_cast<double>((*rng)() >> 11) * 0x1.0p-53;
      return lo + u * (hi - lo);
    };
    for (const FlatJoint& j : a_.joints) {
      if (!Moves(j.type) || j.mimic || j.loop) continue;
      // A joint the other side lacks, or holds as one sampling does not
      // move, stays at zero on both.
      const auto other = b_.joint_of.find(j.key);
      if (other == b_.joint_of.end() || !Moves(b_.joints[other->second].type))
        continue;
      const double wide = j.type == JointType::kPrismatic ? 1.0 : kPi;
      double lo = -wide, hi = wide;
      if (j.type != JointType::kContinuous && j.limit) {
        lo = Bound(j.limit->lower, -wide);
        hi = Bound(j.limit->upper, wide);
        if (std::isinf(Bound(j.limit->lower, kInf)) && hi < lo) lo = hi - wide;
        if (lo > hi) hi = lo;
      }
      q[j.key] = uniform(lo, hi);
    }
    // Followers, leaders first (a chain of mimics takes a pass per link).
    for (size_t pass = 0; pass < a_.joints.size(); ++pass) {
      bool changed = false;
      for (const FlatJoint& j : a_.joints) {
        if (!j.mimic || !Moves(j.type) || q.count(j.key)) continue;
        if (!b_.joint_of.count(j.key)) continue;
        const auto leader = q.find(j.mimic->joint);
        if (leader == q.end()) continue;
        q[j.key] = j.mimic->multiplier.value_or(1.0) * leader->second +
                   j.mimic->offset.value_or(0.0);
        changed = true;
      }
      if (!changed) break;
    }
    return q;
  }

  // Each link's motion D_L = X_ML(q) * X_ML(0)^-1 at configuration q.
  static std::vector<Isometry3> Motions(const FlatModel& s,
                                        const std::map<std::string, double>& q) {
    std::vector<Isometry3> D(s.links.size(), Isometry3::Identity());
    std::vector<char> done(s.links.size(), 0);
    std::vector<int> stack;
    for (size_t start = 0; start < s.links.size(); ++start) {
      // Walk up to a done link or a root, then down.
      stack.clear();
      for (int l = static_cast<int>(start); l >= 0 && !done[l];) {
        stack.push_back(l);
        const int pj = s.links[l].parent_joint;
        l = pj < 0 ? -1 : s.joints[pj].parent_link;
        if (stack.size() > s.links.size()) break;
      }
      for (auto it = stack.rbegin(); it != stack.rend(); ++it) {
        const int l = *it;
        const int pj = s.links[l].parent_joint;
        if (pj >= 0) {
          const FlatJoint& j = s.joints[pj];
          const Isometry3 D_P =
              j.parent_link >= 0 ? D[j.parent_link] : Isometry3::Identity();
          const auto v = q.find(j.key);
          const double qj = v == q.end() ? 0.0 : v->second;
          D[l] = D_P * j.X_M0 * Motion(j, qj) * j.X_M0.inverse();
        }
        done[l] = 1;
      }
    }
    return D;
  }

  // The pose of element r of side s in the reference frame, given D.
  Isometry3 PoseOf(const FlatModel& s, const Isometry3& X_RM, Ref r,
                   const std::vector<Isometry3>& D) const {
    switch (r.kind) {
      case Kind::kLink:
        return X_RM * D[r.index] * s.links[r.index].X_M0;
      case Kind::kJoint: {
        const FlatJoint& j = s.joints[r.index];
        const int l = j.loop ? j.parent_link : j.child_link;
        return X_RM * (l >= 0 ? D[l] : Isometry3::Identity()) * j.X_M0;
      }
      case Kind::kFrame: {
        const FlatFrame& f = s.frames[r.index];
        const auto l = s.link_of.find(f.attached);
        return X_RM * (l == s.link_of.end() ? Isometry3::Identity()
                                            : D[l->second]) *
               f.X_M0;
      }
    }
    return Isometry3::Identity();
  }

  // A URDF link frame sits on its parent joint; sdf2urdf moves an SDF link
  // frame that does not there (and re-expresses what the link holds): such
  // a pair's link frames are not compared.
  bool ReExpressed(const Pair& p) const {
    if (p.a.kind != Kind::kLink || p.b.kind != Kind::kLink || a_.urdf == b_.urdf)
      return false;
    const FlatModel& sdf = a_.urdf ? b_ : a_;
    const FlatModel& urdf = a_.urdf ? a_ : b_;
    const FlatLink& l = sdf.links[(a_.urdf ? p.b : p.a).index];
    // The URDF's parent joint (a loop may be cut elsewhere than the SDF
    // side's tree goes), as the SDF side has it.
    int upj = urdf.links[(a_.urdf ? p.a : p.b).index].parent_joint;
    // Through the joints a split made (J_axis2 over J_intermediate: the
    // same frame as J).
    for (int up = 0; up < 2 && upj >= 0 && !PairOf(a_.urdf, {Kind::kJoint, upj}); ++up) {
      const int l2 = urdf.joints[upj].parent_link;
      upj = l2 < 0 ? -1 : urdf.links[l2].parent_joint;
    }
    if (upj < 0) return false;
    const auto pj = PairOf(a_.urdf, {Kind::kJoint, upj});
    if (!pj) return false;
    const Ref sj = a_.urdf ? pairs_[*pj].b : pairs_[*pj].a;
    if (sj.kind != Kind::kJoint) return false;
    const PoseError e = Distance(sdf.joints[sj.index].X_M0, l.X_M0);
    return e.position > o_.tol.position || e.angle > o_.tol.angle;
  }

  // The pair whose place decides this one's: a link's parent joint, a
  // joint's parent link, a frame's link (in A, else in B).
  std::optional<size_t> Parent(const Pair& p) const {
    for (bool side_a : {true, false}) {
      const FlatModel& s = side_a ? a_ : b_;
      const Ref r = side_a ? p.a : p.b;
      std::optional<Ref> up;
      if (r.kind == Kind::kLink && s.links[r.index].parent_joint >= 0) {
        up = Ref{Kind::kJoint, s.links[r.index].parent_joint};
      } else if (r.kind == Kind::kJoint && s.joints[r.index].parent_link >= 0) {
        up = Ref{Kind::kLink, s.joints[r.index].parent_link};
      } else if (r.kind == Kind::kFrame) {
        const auto l = s.link_of.find(s.frames[r.index].attached);
        if (l != s.link_of.end()) up = Ref{Kind::kLink, l->second};
      }
      if (up) {
        if (auto q = PairOf(side_a, *up)) return q;
      }
    }
    return std::nullopt;
  }

  // Pairs whose place at a sampled configuration depends on which joint of
  // a kinematic loop each side's tree goes through (random configurations
  // do not close loops): a link whose parent joints differ, a joint that
  // closes a loop on either side, and what hangs below them. They are
  // compared at the zero configuration only.
  std::vector<char> Unsampled(const std::vector<std::optional<size_t>>& parent) const {
    std::vector<char> out(pairs_.size(), 0);
    for (size_t k = 0; k < pairs_.size(); ++k) {
      const Pair& p = pairs_[k];
      if (p.a.kind == Kind::kJoint && p.b.kind == Kind::kJoint) {
        out[k] = a_.joints[p.a.index].loop || b_.joints[p.b.index].loop;
      } else if (p.a.kind == Kind::kLink && p.b.kind == Kind::kLink) {
        const int ja = a_.links[p.a.index].parent_joint;
        const int jb = b_.links[p.b.index].parent_joint;
        out[k] = (ja < 0) != (jb < 0) ||
                 (ja >= 0 && a_.joints[ja].key != b_.joints[jb].key);
      }
    }
    for (bool changed = true; changed;) {
      changed = false;
      for (size_t k = 0; k < pairs_.size(); ++k) {
        if (!out[k] && parent[k] && out[*parent[k]]) {
          out[k] = 1;
          changed = true;
        }
      }
    }
    return out;
  }

  void Kinematics() {
    std::vector<char> reported(pairs_.size(), 0);
    std::vector<char> re_expressed(pairs_.size(), 0);
    std::vector<std::optional<size_t>> parent(pairs_.size());
    for (size_t k = 0; k < pairs_.size(); ++k) {
      re_expressed[k] = ReExpressed(pairs_[k]);
      parent[k] = Parent(pairs_[k]);
    }
    const std::vector<char> unsampled = Unsampled(parent);
    std::mt19937_64 rng(o_.seed);
    for (int sample = 0; sample <= std::max(0, o_.samples); ++sample) {
      const auto q = Configuration(sample == 0 ? nullptr : &rng);
      const auto DA = Motions(a_, q), DB = Motions(b_, q);
      std::vector<char> moved(pairs_.size(), 0);
      std::vector<PoseError> error(pairs_.size());
      for (size_t k = 0; k < pairs_.size(); ++k) {
        if (re_expressed[k] || (sample > 0 && unsampled[k])) continue;
        error[k] = Distance(PoseOf(a_, X_RA_, pairs_[k].a, DA),
                            PoseOf(b_, X_RB_, pairs_[k].b, DB));
        moved[k] = error[k].position > o_.tol.position ||
                   error[k].angle > o_.tol.angle;
      }
      // A re-expressed link has moved when its parent joint has.
      for (size_t pass = 0; pass < 2; ++pass)
        for (size_t k = 0; k < pairs_.size(); ++k)
          if (re_expressed[k] && parent[k]) moved[k] = moved[*parent[k]];
      for (size_t k = 0; k < pairs_.size(); ++k) {
        if (!moved[k] || reported[k] || re_expressed[k]) continue;
        if (parent[k] && moved[*parent[k]]) continue;
        reported[k] = 1;
        const Pair& p = pairs_[k];
        out_->Error(
            Code::DIFF_POSE,
            std::string(KindName(p.a.kind)) + " " + Q(KeyOf(a_, p.a)) +
                " is " + Num(error[k].position) + " m and " +
                Num(error[k].angle) + " rad from its place in " + b_.file +
                " (" + KindName(p.b.kind) + ", " + Loc(Where(b_, p.b)) +
                "), measured from " + reference_ + " " +
                (sample == 0 ? std::string("at the zero configuration")
                             : "at sampled configuration " +
                                   std::to_string(sample) + " (seed " +
                                   std::to_string(o_.seed) + ")"),
            Where(a_, p.a));
      }
    }
  }

  void Axes() {
    for (const Pair& p : pairs_) {
      if (p.a.kind != Kind::kJoint || p.b.kind != Kind::kJoint) continue;
      const FlatJoint& ja = a_.joints[p.a.index];
      const FlatJoint& jb = b_.joints[p.b.index];
      const JointType t = Effective(ja);
      if (!Moves(t) && t != JointType::kScrew && t != JointType::kUniversal &&
          t != JointType::kRevolute2 && t != JointType::kGearbox)
        continue;
      if (Split(ja, b_) || Split(jb, a_)) {
        // sdf2urdf's split: J keeps the first axis, J_axis2 the second.
        const double angle =
            std::atan2(ja.axis_J.cross(jb.axis_J).norm(), ja.axis_J.dot(jb.axis_J));
        if (angle > o_.tol.angle) {
          out_->Error(Code::DIFF_AXIS,
                      "joint " + Q(ja.key) + ": axis " + Vec(ja.axis_J) +
                          " (in the joint frame); in " + b_.file + " " +
                          Vec(jb.axis_J) + " (" + Loc(jb.where) + "), " +
                          Num(angle) + " rad apart",
                      ja.where);
        }
        SecondAxis(ja, jb);
        continue;
      }
      if (Effective(jb) != t) continue;  // reported as the type
      // In each joint's frame, which is where the joint is (compared as
      // its pose): a joint frame turned is reported once, as its pose.
      const Vector3& ua = ja.axis_J;
      const Vector3& ub = jb.axis_J;
      const double angle = std::atan2(ua.cross(ub).norm(), ua.dot(ub));
      if (angle > o_.tol.angle) {
        out_->Error(Code::DIFF_AXIS,
                    "joint " + Q(ja.key) + ": axis " + Vec(ua) +
                        " (in the joint frame); in " + b_.file + " " + Vec(ub) +
                        " (" + Loc(jb.where) + "), " + Num(angle) +
                        " rad apart",
                    ja.where);
      }
      SecondAxis(ja, jb);
    }
  }

  // The second axis of a universal or revolute2 joint: in the joint frame
  // when both sides have one; against the joint J_axis2 (in the model
  // frame) when sdf2urdf split J on the other side; a difference when
  // only one side has one.
  void SecondAxis(const FlatJoint& ja, const FlatJoint& jb) {
    auto two_axes = [](const FlatJoint& j) {
      const JointType t = Effective(j);
      return t == JointType::kUniversal || t == JointType::kRevolute2;
    };
    if (!two_axes(ja) && !two_axes(jb)) return;
    const std::string head = "joint " + Q(ja.key) + ": second axis ";
    auto apart = [](const Vector3& u, const Vector3& v) {
      return std::atan2(u.cross(v).norm(), u.dot(v));
    };
    std::optional<Vector3> ua = ja.axis2_J, ub = jb.axis2_J;
    const FlatJoint* split = nullptr;
    if (ua.has_value() != ub.has_value()) {
      // sdf2urdf's J_axis2 on the side without the second axis.
      const FlatModel& other = ua ? b_ : a_;
      const auto s = other.joint_of.find(ja.key + "_axis2");
      if (s != other.joint_of.end()) split = &other.joints[s->second];
    }
    if (split) {
      const FlatJoint& with = ua ? ja : jb;
      const Vector3 u = with.X_M0.linear() * *with.axis2_J;
      const Vector3 v = split->X_M0.linear() * split->axis_J;
      const Vector3 m_a = ua ? u : v, m_b = ua ? v : u;
      const double angle = apart(m_a, m_b);
      if (angle > o_.tol.angle) {
        out_->Error(Code::DIFF_AXIS,
                    head + Vec(m_a) + " (in the model frame); in " + b_.file +
                        " " + Vec(m_b) + " (" + Loc(split->where) + "), " +
                        Num(angle) + " rad apart",
                    ja.where);
      }
      return;
    }
    if (!ua && !ub) return;
    if (!ua || !ub) {
      out_->Error(Code::DIFF_AXIS,
                  head + (ua ? Vec(*ua) : std::string("none")) + "; in " +
                      b_.file + " " + (ub ? Vec(*ub) : std::string("none")) +
                      " (" + Loc(jb.where) + ")",
                  ja.where);
      return;
    }
    const double angle = apart(*ua, *ub);
    if (angle > o_.tol.angle) {
      out_->Error(Code::DIFF_AXIS,
                  head + Vec(*ua) + " (in the joint frame); in " + b_.file +
                      " " + Vec(*ub) + " (" + Loc(jb.where) + "), " +
                      Num(angle) + " rad apart",
                  ja.where);
    }
    // Its limits and dynamics (absent: unbounded, 0).
    const frames::JointLimit none;
    const frames::JointLimit& la = ja.limit2 ? *ja.limit2 : none;
    const frames::JointLimit& lb = jb.limit2 ? *jb.limit2 : none;
    const double a_lo = Bound(la.lower, -kInf), b_lo = Bound(lb.lower, -kInf);
    const double a_hi = Bound(la.upper, kInf), b_hi = Bound(lb.upper, kInf);
    if (!Close(a_lo, b_lo, o_.tol.angle) || !Close(a_hi, b_hi, o_.tol.angle)) {
      out_->Error(Code::DIFF_LIMIT,
                  head + "limits " + Num(a_lo) + " to " + Num(a_hi) + "; in " +
                      b_.file + " " + Num(b_lo) + " to " + Num(b_hi) + " (" +
                      Loc(jb.where) + ")",
                  ja.where);
    }
    for (bool damping : {true, false}) {
      auto dyn = [damping](const std::optional<frames::JointDynamics>& d) {
        if (!d) return 0.0;
        return (damping ? d->damping : d->friction).value_or(0.0);
      };
      const double da = dyn(ja.dynamics2), db = dyn(jb.dynamics2);
      if (!Close(da, db, 1e-12)) {
        out_->Error(Code::DIFF_DYNAMICS,
                    head + (damping ? "damping " : "friction ") + Num(da) +
                        "; in " + b_.file + " " + Num(db) + " (" +
                        Loc(jb.where) + ")",
                    ja.where);
      }
    }
  }

  // A URDF joint's safety controller and calibration (carried by
  // urdf2sdf): present on both sides or neither, with the same values.
  void SafetyAndCalibration(const FlatJoint& ja, const FlatJoint& jb,
                            const std::string& head, const std::string& there) {
    auto opt = [](const std::optional<double>& v) {
      return v ? Num(*v) : std::string("none");
    };
    auto same = [this](const std::optional<double>& x,
                       const std::optional<double>& y) {
      return x.has_value() == y.has_value() && (!x || Close(*x, *y, 1e-12));
    };
    auto safety = [&](const std::optional<frames::SafetyController>& s) {
      if (!s) return std::string("no safety controller");
      return "safety controller soft limits " + opt(s->soft_lower_limit) +
             " to " + opt(s->soft_upper_limit) + ", k_position " +
             opt(s->k_position) + ", k_velocity " + Num(s->k_velocity);
    };
    bool equal = ja.safety.has_value() == jb.safety.has_value();
    if (equal && ja.safety) {
      equal = same(ja.safety->soft_lower_limit, jb.safety->soft_lower_limit) &&
              same(ja.safety->soft_upper_limit, jb.safety->soft_upper_limit) &&
              same(ja.safety->k_position, jb.safety->k_position) &&
              Close(ja.safety->k_velocity, jb.safety->k_velocity, 1e-12);
    }
    if (!equal) {
      out_->Error(Code::DIFF_SAFETY,
                  head + safety(ja.safety) + "; in " + b_.file + " " +
                      safety(jb.safety) + there,
                  ja.where);
    }
    auto calibration = [&](const std::optional<frames::Calibration>& c) {
      if (!c) return std::string("no calibration");
      return "calibration rising " + opt(c->rising) + ", falling " +
             opt(c->falling);
    };
    equal = ja.calibration.has_value() == jb.calibration.has_value();
    if (equal && ja.calibration) {
      equal = same(ja.calibration->rising, jb.calibration->rising) &&
              same(ja.calibration->falling, jb.calibration->falling);
    }
    if (!equal) {
      out_->Error(Code::DIFF_SAFETY,
                  head + calibration(ja.calibration) + "; in " + b_.file + " " +
                      calibration(jb.calibration) + there,
                  ja.where);
    }
  }

  // --- Joint details -----------------------------------------------------------

  bool Close(double x, double y, double absolute) const {
    if (std::isinf(x) || std::isinf(y)) return x == y;
    return std::abs(x - y) <=
           std::max(absolute, o_.tol.relative * std::max(std::abs(x), std::abs(y)));
  }

  void JointDetails() {
    for (const Pair& p : pairs_) {
      if (p.a.kind != Kind::kJoint || p.b.kind != Kind::kJoint) continue;
      const FlatJoint& ja = a_.joints[p.a.index];
      const FlatJoint& jb = b_.joints[p.b.index];
      const JointType t = Effective(ja);
      if (t != Effective(jb)) continue;
      const std::string head = "joint " + Q(ja.key) + ": ";
      const std::string there = " (" + Loc(jb.where) + ")";
      if (t == JointType::kRevolute || t == JointType::kPrismatic) {
        const double tol = t == JointType::kRevolute ? o_.tol.angle
                                                     : o_.tol.position;
        const frames::JointLimit none;
        const frames::JointLimit& la = ja.limit ? *ja.limit : none;
        const frames::JointLimit& lb = jb.limit ? *jb.limit : none;
        const double a_lo = Bound(la.lower, -kInf), b_lo = Bound(lb.lower, -kInf);
        const double a_hi = Bound(la.upper, kInf), b_hi = Bound(lb.upper, kInf);
        if (!Close(a_lo, b_lo, tol) || !Close(a_hi, b_hi, tol)) {
          out_->Error(Code::DIFF_LIMIT,
                      head + "limits " + Num(a_lo) + " to " + Num(a_hi) +
                          "; in " + b_.file + " " + Num(b_lo) + " to " +
                          Num(b_hi) + there,
                      ja.where);
        }
      }
      if (ja.limit && jb.limit) {
        // Effort and velocity where both give one (SDFormat's -1: none).
        auto given = [](const std::optional<double>& v) {
          return v && *v >= 0 && std::isfinite(*v) && *v < 1e15;
        };
        for (const auto& [name, va, vb] :
             {std::tuple<const char*, std::optional<double>, std::optional<double>>{
                  "effort", ja.limit->effort, jb.limit->effort},
              {"velocity", ja.limit->velocity, jb.limit->velocity}}) {
          if (given(va) && given(vb) && !Close(*va, *vb, 1e-12)) {
            out_->Error(Code::DIFF_LIMIT,
                        head + name + " limit " + Num(*va) + "; in " +
                            b_.file + " " + Num(*vb) + there,
                        ja.where);
          }
        }
      }
      auto dyn = [](const FlatJoint& j, bool damping) {
        if (!j.dynamics) return 0.0;
        return (damping ? j.dynamics->damping : j.dynamics->friction)
            .value_or(0.0);
      };
      // Dynamics of joints that move (SDFormat has none for the others).
      const bool has_dynamics = t != JointType::kFixed &&
                                t != JointType::kFloating &&
                                t != JointType::kPlanar && t != JointType::kBall;
      for (bool damping : {true, false}) {
        if (!has_dynamics) break;
        const double da = dyn(ja, damping), db = dyn(jb, damping);
        if (!Close(da, db, 1e-12)) {
          out_->Error(Code::DIFF_DYNAMICS,
                      head + (damping ? "damping " : "friction ") + Num(da) +
                          "; in " + b_.file + " " + Num(db) + there,
                      ja.where);
        }
      }
      Mimic(ja, jb, head, there);
      SafetyAndCalibration(ja, jb, head, there);
    }
  }

  void Mimic(const FlatJoint& ja, const FlatJoint& jb, const std::string& head,
             const std::string& there) {
    auto text = [](const std::optional<frames::Mimic>& m) {
      if (!m) return std::string("no mimic");
      return "mimics " + Q(m->joint) + " x " + Num(m->multiplier.value_or(1)) +
             " + " + Num(m->offset.value_or(0));
    };
    bool same = ja.mimic.has_value() == jb.mimic.has_value();
    if (same && ja.mimic) {
      same = ja.mimic->joint == jb.mimic->joint &&
             Close(ja.mimic->multiplier.value_or(1), jb.mimic->multiplier.value_or(1),
                   1e-12) &&
             Close(ja.mimic->offset.value_or(0), jb.mimic->offset.value_or(0),
                   o_.tol.position);
    }
    if (!same) {
      out_->Error(Code::DIFF_MIMIC,
                  head + text(ja.mimic) + "; in " + b_.file + " " +
                      text(jb.mimic) + there,
                  ja.where);
    }
  }

  // --- Bodies: inertials, visuals, collisions ----------------------------------

  struct Shape {
    const frames::Shape* src;
    const frames::Material* material = nullptr;
    Isometry3 X_AS;  // in the body's anchor frame
    std::string link;
  };
  struct Sensor {
    const frames::Element* src;
    Isometry3 X_AS;  // in the body's anchor (a joint's sensor: the joint) frame
    std::string owner;  // "link 'L'", "joint 'J'"
    std::string link;   // the link (joint) key it is on
  };
  struct BodyContent {
    std::vector<frames::InertialInFrame> inertials;
    std::vector<Shape> visuals, collisions;
    std::vector<Sensor> sensors;
    std::vector<std::string> links;
    SourceLocation where;
  };

  // The anchor of body link l: its parent joint's frame, else the
  // reference (both in the model frame).
  Isometry3 Anchor(bool side_a, const Isometry3& X_RM, int l) const {
    const FlatModel& s = side_a ? a_ : b_;
    const FlatModel& other = side_a ? b_ : a_;
    const int pj = s.links[l].parent_joint;
    if (pj < 0) return frames::Inverse(X_RM);
    // A parent joint the other side does not give the link (a floating
    // joint sdf2urdf added) is no common anchor.
    const auto o = other.link_of.find(s.links[l].key);
    const int opj = o == other.link_of.end() ? -1 : other.links[o->second].parent_joint;
    if (opj < 0 || other.joints[opj].key != s.joints[pj].key) return frames::Inverse(X_RM);
    return s.joints[pj].X_M0;
  }

  std::map<std::string, BodyContent> Contents(bool side_a) const {
    const FlatModel& s = side_a ? a_ : b_;
    const Isometry3& X_RM = side_a ? X_RA_ : X_RB_;
    std::map<std::string, BodyContent> bodies;
    for (size_t i = 0; i < s.links.size(); ++i) {
      if (!PairOf(side_a, {Kind::kLink, static_cast<int>(i)})) continue;
      const FlatLink& l = s.links[i];
      const std::string body = Body(side_a, l.key);
      const auto b = s.link_of.find(body);
      if (b == s.link_of.end()) continue;
      const Isometry3 X_MA = Anchor(side_a, X_RM, b->second);
      BodyContent& c = bodies[body];
      if (body == l.key) c.where = l.src->where;
      c.links.push_back(l.key);
      if (l.inertial && l.X_MI) {
        const frames::Inertial& in = *l.inertial;
        c.inertials.push_back({in.mass, frames::Reroot(X_MA, *l.X_MI), in.InertiaMatrix()});
      }
      for (size_t k = 0; k < l.src->visuals.size(); ++k) {
        const auto& v = l.src->visuals[k];
        c.visuals.push_back({&v, v.material ? &*v.material : nullptr,
                             frames::Reroot(X_MA, l.X_MV[k]), l.key});
      }
      for (size_t k = 0; k < l.src->collisions.size(); ++k) {
        c.collisions.push_back({&l.src->collisions[k], nullptr,
                                frames::Reroot(X_MA, l.X_MC[k]), l.key});
      }
      for (const FlatSensor& fs : l.sensors)
        c.sensors.push_back({fs.src, frames::Reroot(X_MA, fs.X_MS), "link " + Q(l.key), l.key});
    }
    return bodies;
  }

  void Bodies() {
    const auto in_a = Contents(true), in_b = Contents(false);
    for (const auto& [key, ca] : in_a) {
      const auto it = in_b.find(key);
      if (it == in_b.end()) continue;
      const BodyContent& cb = it->second;
      std::string name = "link " + Q(key);
      if (ca.links.size() > 1 || cb.links.size() > 1) {
        name += " (with the links lumped into it)";
      }
      const std::string there = " (" + Loc(cb.where) + ")";
      Inertials(name, ca, cb, there);
      Shapes(name, "visual", ca.visuals, cb.visuals, ca.where);
      Shapes(name, "collision", ca.collisions, cb.collisions, ca.where);
      Sensors(ca.sensors, cb.sensors, ca.where, cb.where);
    }
  }

  void Inertials(const std::string& name, const BodyContent& ca,
                 const BodyContent& cb, const std::string& there) {
    const frames::InertialInFrame a = frames::CombineInertials(ca.inertials);
    const frames::InertialInFrame b = frames::CombineInertials(cb.inertials);
    const std::string head = name + ": ";
    if (!Close(a.mass, b.mass, 1e-12)) {
      out_->Error(Code::DIFF_INERTIAL,
                  head + "mass " + Num(a.mass) + " kg; in " + b_.file + " " +
                      Num(b.mass) + " kg" + there,
                  ca.where);
      return;
    }
    if (a.mass <= 0 && b.mass <= 0) return;
    const Vector3 pa = a.X_BI.translation(), pb = b.X_BI.translation();
    if ((pa - pb).norm() > o_.tol.position) {
      out_->Error(Code::DIFF_INERTIAL,
                  head + "centre of mass at " + Vec(pa) + "; in " + b_.file +
                      " " + Vec(pb) + there,
                  ca.where);
    }
    // CombineInertials gives both about their centre of mass in the anchor.
    const Matrix3 Ia = a.I_I, Ib = b.I_I;
    const double scale = std::max(Ia.cwiseAbs().maxCoeff(), Ib.cwiseAbs().maxCoeff());
    if ((Ia - Ib).cwiseAbs().maxCoeff() > std::max(1e-12, o_.tol.relative * scale)) {
      auto text = [](const Matrix3& I) {
        return "ixx " + Num(I(0, 0)) + " ixy " + Num(I(0, 1)) + " ixz " +
               Num(I(0, 2)) + " iyy " + Num(I(1, 1)) + " iyz " + Num(I(1, 2)) +
               " izz " + Num(I(2, 2));
      };
      out_->Error(Code::DIFF_INERTIAL,
                  head + "inertia " + text(Ia) + "; in " + b_.file + " " +
                      text(Ib) + there,
                  ca.where);
    }
  }

  // The file a mesh names, else its URI as written.
  std::optional<std::string> Resolved(const frames::Shape& s) const {
    if (!o_.resolve_mesh) return std::nullopt;
    return o_.resolve_mesh(s.geometry.uri, s.where.file);
  }

  // The geometry's type: its SDF element's name ("box" ...); no geometry
  // and an empty one are both "empty".
  static std::string TypeName(const frames::Geometry& g) {
    using T = frames::Geometry::Type;
    switch (g.type) {
      case T::kNone: return "empty";
      case T::kBox: return "box";
      case T::kCylinder: return "cylinder";
      case T::kSphere: return "sphere";
      case T::kMesh: return "mesh";
      case T::kCapsule: return "capsule";
      case T::kPlane: return "plane";
      case T::kEllipsoid: return "ellipsoid";
      case T::kOther: {
        // A URDF shape urdf2sdf carried (<urdf:plane>) is that shape.
        std::string name = g.other ? g.other->name : "empty";
        if (name.rfind("urdf:", 0) == 0) name.erase(0, 5);
        return name;
      }
    }
    return "";
  }

  // How two geometries differ ("" when they do not).
  // A URDF capsule that urdf2sdf carried below SDFormat 1.8
  // (<urdf:capsule radius length> in an empty geometry) is that capsule.
  static frames::Geometry Uncarried(const frames::Geometry& g) {
    if (g.type != frames::Geometry::Type::kOther || !g.other ||
        g.other->name != "urdf:capsule")
      return g;
    frames::Geometry c;
    c.type = frames::Geometry::Type::kCapsule;
    if (const std::string* r = g.other->Attribute("radius")) Numbers(*r, 1, &c.radius);
    if (const std::string* l = g.other->Attribute("length")) Numbers(*l, 1, &c.length);
    return c;
  }

  std::string GeometryDifference(const frames::Shape& a,
                                 const frames::Shape& b) const {
    const frames::Geometry ga = Uncarried(a.geometry);
    const frames::Geometry gb = Uncarried(b.geometry);
    if (TypeName(ga) != TypeName(gb))
      return TypeName(ga) + " against " + TypeName(gb);
    auto len = [&](double x, double y) { return Close(x, y, o_.tol.position); };
    auto vec = [&](const Vector3& x, const Vector3& y) {
      return len(x.x(), y.x()) && len(x.y(), y.y()) && len(x.z(), y.z());
    };
    using T = frames::Geometry::Type;
    switch (ga.type) {
      case T::kBox:
        if (!vec(ga.size, gb.size))
          return "box size " + Vec(ga.size) + " against " + Vec(gb.size);
        break;
      case T::kSphere:
        if (!len(ga.radius, gb.radius))
          return "radius " + Num(ga.radius) + " against " + Num(gb.radius);
        break;
      case T::kCylinder:
      case T::kCapsule:
        if (!len(ga.radius, gb.radius) || !len(ga.length, gb.length))
          return "radius and length " + Num(ga.radius) + " " + Num(ga.length) +
                 " against " + Num(gb.radius) + " " + Num(gb.length);
        break;
      case T::kEllipsoid:
        if (!vec(ga.radii, gb.radii))
          return "radii " + Vec(ga.radii) + " against " + Vec(gb.radii);
        break;
      case T::kPlane:
        if (!vec(ga.size, gb.size) || !len(ga.plane_size.x(), gb.plane_size.x()) ||
            !len(ga.plane_size.y(), gb.plane_size.y()))
          return "another plane";
        break;
      case T::kMesh: {
        // The files both name, else the URIs as written.
        const auto ra = Resolved(a), rb = Resolved(b);
        const std::string ma = ra && rb ? *ra : ga.uri;
        const std::string mb = ra && rb ? *rb : gb.uri;
        if (ma != mb) return "mesh " + Q(ma) + " against " + Q(mb);
        const Vector3 sa = ga.scale.value_or(Vector3::Ones());
        const Vector3 sb = gb.scale.value_or(Vector3::Ones());
        if (!vec(sa, sb)) return "mesh scale " + Vec(sa) + " against " + Vec(sb);
        break;
      }
      default:
        break;
    }
    return "";
  }

  std::string MaterialDifference(const Shape& a, const Shape& b) const {
    auto colour = [](const frames::Material* m) -> std::optional<Eigen::Vector4d> {
      if (!m) return std::nullopt;
      if (m->rgba) return m->rgba;
      return m->diffuse;
    };
    const auto ca = colour(a.material), cb = colour(b.material);
    if (ca.has_value() != cb.has_value() ||
        (ca && (*ca - *cb).cwiseAbs().maxCoeff() > o_.tol.relative)) {
      return "another colour";
    }
    const std::string ta = a.material ? a.material->texture : "";
    const std::string tb = b.material ? b.material->texture : "";
    if (ta != tb) return "texture " + Q(ta) + " against " + Q(tb);
    return "";
  }

  bool SamePlace(const Shape& a, const Shape& b) const {
    const PoseError e = Distance(a.X_AS, b.X_AS);
    return e.position <= o_.tol.position && e.angle <= o_.tol.angle;
  }

  // Pairs shapes equal in everything first, then the rest in order; names
  // are not compared (each converter names unnamed shapes its own way).
  void Shapes(const std::string& body, const char* kind,
              const std::vector<Shape>& a, const std::vector<Shape>& b,
              const SourceLocation& where) {
    std::vector<char> used_b(b.size(), 0);
    std::vector<int> match(a.size(), -1);
    for (size_t i = 0; i < a.size(); ++i) {
      for (size_t k = 0; k < b.size(); ++k) {
        if (used_b[k] || !SamePlace(a[i], b[k]) ||
            !GeometryDifference(*a[i].src, *b[k].src).empty())
          continue;
        if (o_.materials && !MaterialDifference(a[i], b[k]).empty()) continue;
        match[i] = static_cast<int>(k);
        used_b[k] = 1;
        break;
      }
    }
    size_t next_b = 0;
    for (size_t i = 0; i < a.size(); ++i) {
      if (match[i] >= 0) continue;
      while (next_b < b.size() && used_b[next_b]) ++next_b;
      const Shape& sa = a[i];
      const std::string head = body + ": " + kind + " " +
                               (sa.src->name.empty() ? "" : Q(sa.src->name) + " ") +
                               "of link " + Q(sa.link);
      if (next_b == b.size()) {
        out_->Error(Code::DIFF_SHAPE, head + " is not in " + b_.file,
                    sa.src->where);
        continue;
      }
      const Shape& sb = b[next_b];
      used_b[next_b] = 1;
      const std::string there = " (" + Loc(sb.src->where) + ")";
      const std::string g = GeometryDifference(*sa.src, *sb.src);
      if (!g.empty()) {
        out_->Error(Code::DIFF_SHAPE, head + ": " + g + " in " + b_.file + there,
                    sa.src->where);
      } else if (!SamePlace(sa, sb)) {
        const PoseError e = Distance(sa.X_AS, sb.X_AS);
        out_->Error(Code::DIFF_SHAPE,
                    head + " is " + Num(e.position) + " m and " + Num(e.angle) +
                        " rad from its place in " + b_.file + there,
                    sa.src->where);
      } else if (o_.materials) {
        const std::string m = MaterialDifference(sa, sb);
        if (!m.empty())
          out_->Error(Code::DIFF_MATERIAL,
                      head + ": " + m + " in " + b_.file + there, sa.src->where);
      }
    }
    for (size_t k = 0; k < b.size(); ++k) {
      if (used_b[k]) continue;
      out_->Error(Code::DIFF_SHAPE,
                  body + ": " + kind + " " +
                      (b[k].src->name.empty() ? "" : Q(b[k].src->name) + " ") +
                      "of link " + Q(b[k].link) + " in " + b_.file +
                      " is not in " + a_.file,
                  b[k].src->where.file.empty() ? where : b[k].src->where);
    }
  }

  // --- Sensors and plugins ------------------------------------------------------

  VerbatimTolerance ContentTolerance() const {
    return {o_.tol.position, o_.tol.relative};
  }
  static std::string Attr(const frames::Element& e, const char* key) {
    const std::string* v = e.Attribute(key);
    return v ? *v : std::string();
  }
  // Where a difference found inside kept content is: the element holding
  // it when it has a line, else `fallback`.
  static const SourceLocation& At(const frames::Element* e,
                                  const SourceLocation& fallback) {
    return e && e->where.line > 0 ? e->where : fallback;
  }

  // Whether `b_name` is the name --lump-fixed-joints gives sensor `a_name`
  // of merged link `link` when its body already has one of that name
  // ("LINK_fixed_joint_lump__NAME", "..._2").
  static bool LumpedName(const std::string& link, const std::string& a_name,
                         const std::string& b_name) {
    const std::string base = link + "_fixed_joint_lump__" + a_name;
    if (b_name == base) return true;
    return b_name.size() > base.size() + 1 &&
           b_name.compare(0, base.size() + 1, base + "_") == 0 &&
           b_name.find_first_not_of("0123456789", base.size() + 1) == std::string::npos;
  }

  // A contact sensor's collision named as libsdformat's lumping names a
  // collision of a merged link ("BODY_fixed_joint_lump__NAME", "..._N"),
  // which urdf2sdf --lump-fixed-joints renames to the name it gave it.
  static bool LumpedCollision(const std::string& lumped, const std::string& name) {
    const std::string mark = "_fixed_joint_lump__" + name;
    for (size_t at = lumped.find(mark); at != std::string::npos;
         at = lumped.find(mark, at + 1)) {
      const size_t end = at + mark.size();
      if (end == lumped.size()) return true;
      if (lumped[end] == '_' && end + 1 < lumped.size() &&
          lumped.find_first_not_of("0123456789", end + 1) == std::string::npos)
        return true;
    }
    return false;
  }

  // A plugin as robot_diff compares it: a <bodyName> or <frameName> that
  // names a link the other side lumped (a //frame there) names its body,
  // and the plugin's <xyzOffset>/<rpyOffset>, given in that link, are
  // re-expressed in the body, with <ignition::corrected_offsets>, as
  // libsdformat's lumping (and urdf2sdf --lump-fixed-joints) rewrites them.
  frames::Element Normalized(bool side_a, const frames::Element& plugin) const {
    const FlatModel& s = side_a ? a_ : b_;
    frames::Element out = plugin;
    bool offsets_done = false;
    for (const char* key : {"bodyName", "frameName"}) {
      frames::Element* c = out.Child(key);
      if (!c) continue;
      const std::string value = c->Attribute("value") ? *c->Attribute("value") : c->text;
      const auto l = s.link_of.find(value);
      if (l == s.link_of.end()) continue;
      const std::string body = Body(side_a, value);
      const auto b = s.link_of.find(body);
      if (body == value || b == s.link_of.end()) continue;
      c->text = body;
      c->attributes.clear();
      if (offsets_done) continue;  // re-expressed once
      offsets_done = true;
      const frames::SourceLocation where = c->where;
      frames::Pose offset;
      for (auto [name, v] : {std::pair<const char*, Vector3*>{"xyzOffset", &offset.xyz},
                             {"rpyOffset", &offset.rpy}}) {
        const frames::Element* o = out.Child(name);
        if (o && !Numbers(o->text, 3, v->data())) *v = Vector3::Zero();
      }
      const Isometry3 X_BO = frames::Compose(
          frames::Reroot(s.links[b->second].X_M0, s.links[l->second].X_M0),
          offset);
      const frames::Pose p = frames::Pose::FromIsometry(X_BO);
      for (const auto& [name, text] :
           {std::pair<const char*, std::string>{"xyzOffset", Vec(p.xyz)},
            {"rpyOffset", Vec(p.rpy)},
            {"ignition::corrected_offsets", "1"}}) {
        if (frames::Element* o = out.Child(name)) {
          o->text = text;
          o->attributes.clear();
        } else {
          out.children.push_back(frames::Element::Leaf(name, text, where));
        }
      }
    }
    return out;
  }

  // The sensors of one body (or joint) on both sides: paired by name (or
  // the name lumping gave one), then compared by type, pose and content.
  void Sensors(const std::vector<Sensor>& a, const std::vector<Sensor>& b,
               const SourceLocation& where_a, const SourceLocation& where_b) {
    std::vector<int> match(a.size(), -1);
    std::vector<char> used(b.size(), 0);
    for (int pass = 0; pass < 3; ++pass) {
      for (size_t i = 0; i < a.size(); ++i) {
        if (match[i] >= 0) continue;
        const std::string na = Attr(*a[i].src, "name");
        for (size_t k = 0; k < b.size(); ++k) {
          if (used[k]) continue;
          const std::string nb = Attr(*b[k].src, "name");
          const bool pairs = pass == 0   ? na == nb
                             : pass == 1 ? LumpedName(a[i].link, na, nb)
                                         : LumpedName(b[k].link, nb, na);
          if (!pairs) continue;
          match[i] = static_cast<int>(k);
          used[k] = 1;
          break;
        }
      }
    }
    auto title = [](const Sensor& s) {
      return "sensor " + Q(Attr(*s.src, "name")) + " (" + Attr(*s.src, "type") +
             ") of " + s.owner;
    };
    for (size_t i = 0; i < a.size(); ++i) {
      const Sensor& sa = a[i];
      if (match[i] < 0) {
        out_->Error(Code::DIFF_SENSOR, title(sa) + " is not in " + b_.file,
                    At(sa.src, where_a));
        continue;
      }
      const Sensor& sb = b[match[i]];
      const std::string head = title(sa) + ": ";
      const std::string there = " (" + Loc(At(sb.src, where_b)) + ")";
      if (Attr(*sa.src, "type") != Attr(*sb.src, "type")) {
        out_->Error(Code::DIFF_SENSOR,
                    head + "type " + Q(Attr(*sa.src, "type")) + "; in " + b_.file +
                        " " + Q(Attr(*sb.src, "type")) + there,
                    At(sa.src, where_a));
        continue;
      }
      const PoseError e = Distance(sa.X_AS, sb.X_AS);
      if (e.position > o_.tol.position || e.angle > o_.tol.angle) {
        out_->Error(Code::DIFF_SENSOR,
                    head + "is " + Num(e.position) + " m and " + Num(e.angle) +
                        " rad from its place in " + b_.file + there,
                    At(sa.src, where_a));
      }
      Content(head, *sa.src, *sb.src, {"name", "type"}, {"pose"}, where_a, where_b);
    }
    for (size_t k = 0; k < b.size(); ++k) {
      if (used[k]) continue;
      out_->Error(Code::DIFF_SENSOR,
                  title(b[k]) + " in " + b_.file + " is not in " + a_.file,
                  At(b[k].src, where_b));
    }
  }

  // The first difference in the content of two paired sensors or plugins
  // (what the caller compared itself skipped), located at the element of A
  // that holds it.
  void Content(const std::string& head, const frames::Element& a,
               const frames::Element& b, const std::set<std::string>& own_attributes,
               const std::set<std::string>& own_children,
               const SourceLocation& where_a, const SourceLocation& where_b) {
    const auto d = FirstDifference(
        a, b, ContentTolerance(),
        [&](const std::string& k) { return own_attributes.count(k) > 0; },
        [&](const std::string& c) { return own_children.count(c) > 0; },
        [](const std::string& path, const std::string& x, const std::string& y) {
          return path == "contact/collision" &&
                 (LumpedCollision(x, y) || LumpedCollision(y, x));
        });
    if (!d) return;
    const Code code = head.rfind("sensor", 0) == 0 ? Code::DIFF_SENSOR
                                                   : Code::DIFF_PLUGIN;
    out_->Error(code,
                head + d->path + " " + d->a + "; in " + b_.file + " " + d->b +
                    " (" + Loc(At(d->in_b, At(&b, where_b))) + ")",
                At(d->in_a, At(&a, where_a)));
  }

  void JointSensors() {
    for (const Pair& p : pairs_) {
      if (p.a.kind != Kind::kJoint || p.b.kind != Kind::kJoint) continue;
      const FlatJoint& ja = a_.joints[p.a.index];
      const FlatJoint& jb = b_.joints[p.b.index];
      if (ja.sensors.empty() && jb.sensors.empty()) continue;
      auto in_joint = [this](const FlatJoint& j) {
        std::vector<Sensor> out;
        for (const FlatSensor& s : j.sensors)
          out.push_back({s.src, frames::Reroot(j.X_M0, s.X_MS), "joint " + Q(j.key), j.key});
        return out;
      };
      Sensors(in_joint(ja), in_joint(jb), ja.where, jb.where);
    }
  }

  // The model's plugins (its nested models' pooled with its own, as
  // sdf2urdf writes them in one <gazebo> block): paired by name and
  // filename, equal content first; then by name; then by filename.
  void Plugins() {
    std::vector<frames::Element> own_a, own_b;
    for (const frames::Element* e : a_.plugins) own_a.push_back(Normalized(true, *e));
    for (const frames::Element* e : b_.plugins) own_b.push_back(Normalized(false, *e));
    std::vector<const frames::Element*> a, b;
    for (const auto& e : own_a) a.push_back(&e);
    for (const auto& e : own_b) b.push_back(&e);
    const VerbatimTolerance tol = ContentTolerance();
    auto none = [](const std::string&) { return false; };
    auto own = [](const std::string& k) { return k == "name" || k == "filename"; };
    std::vector<int> match(a.size(), -1);
    std::vector<char> used(b.size(), 0);
    for (int pass = 0; pass < 4; ++pass) {
      for (size_t i = 0; i < a.size(); ++i) {
        if (match[i] >= 0) continue;
        for (size_t k = 0; k < b.size(); ++k) {
          if (used[k]) continue;
          const bool name = Attr(*a[i], "name") == Attr(*b[k], "name");
          const bool file = Attr(*a[i], "filename") == Attr(*b[k], "filename");
          const bool pairs =
              pass == 0   ? name && file && !FirstDifference(*a[i], *b[k], tol, own, none)
              : pass == 1 ? name && file
              : pass == 2 ? name
                          : file;
          if (!pairs) continue;
          match[i] = static_cast<int>(k);
          used[k] = 1;
          break;
        }
      }
    }
    auto title = [](const frames::Element& e) {
      return "plugin " + Q(Attr(e, "name")) + " (" + Attr(e, "filename") + ")";
    };
    const SourceLocation& where_a = a_.model->where;
    const SourceLocation& where_b = b_.model->where;
    for (size_t i = 0; i < a.size(); ++i) {
      if (match[i] < 0) {
        out_->Error(Code::DIFF_PLUGIN, title(*a[i]) + " is not in " + b_.file,
                    At(a[i], where_a));
        continue;
      }
      const frames::Element& pb = *b[match[i]];
      const std::string head = title(*a[i]) + ": ";
      const std::string there = " (" + Loc(At(&pb, where_b)) + ")";
      if (Attr(*a[i], "name") != Attr(pb, "name") ||
          Attr(*a[i], "filename") != Attr(pb, "filename")) {
        out_->Error(Code::DIFF_PLUGIN,
                    head + "in " + b_.file + " " + title(pb) + there,
                    At(a[i], where_a));
        continue;
      }
      Content(head, *a[i], pb, {"name", "filename"}, {}, where_a, where_b);
    }
    for (size_t k = 0; k < b.size(); ++k) {
      if (used[k]) continue;
      out_->Error(Code::DIFF_PLUGIN,
                  title(*b[k]) + " in " + b_.file + " is not in " + a_.file,
                  At(b[k], where_b));
    }
  }

  const FlatModel& a_;
  const FlatModel& b_;
  const Options& o_;
  frames::Diagnostics* out_;
  std::vector<Pair> pairs_;
  std::map<std::pair<Kind, size_t>, size_t> pair_of_a_, pair_of_b_;
  Isometry3 X_RA_ = Isometry3::Identity(), X_RB_ = Isometry3::Identity();
  std::string reference_;
};

}  // namespace

Result Compare(const Side& a, const Side& b, const Options& options) {
  Result result;
  // A URDF's joint that shares a link's name is renamed as urdf2sdf renames
  // it (its key stays the URDF name), so that the frame graph can be built.
  std::optional<frames::Model> renamed_a, renamed_b;
  auto graphable = [](const Side& s, std::optional<frames::Model>* copy) {
    copy->emplace(*s.model);
    frames::Diagnostics ignored;
    frames::RenameJointsClashingWithLinks(&**copy, "", &ignored);
    if (s.urdf) UncarryShapes(&**copy);
    return static_cast<const frames::Model*>(&**copy);
  };
  const frames::Model* ma = graphable(a, &renamed_a);
  const frames::Model* mb = graphable(b, &renamed_b);
  FlatModel fa, fb;
  const auto same = [](const std::string& name) { return name; };
  const auto renamed = [&options](const std::string& name) {
    const auto it = options.renames.find(name);
    return it == options.renames.end() ? name : it->second;
  };
  const bool ok_a = Flatten(*ma, a.urdf, options.separator, same, &fa,
                            &result.differences);
  const bool ok_b = Flatten(*mb, b.urdf, options.separator, renamed, &fb,
                            &result.differences);
  if (!ok_a || !ok_b) {
    result.compared = false;
    return result;
  }
  Comparer(fa, fb, options, &result.differences).Run();
  return result;
}

}  // namespace robot_diff
