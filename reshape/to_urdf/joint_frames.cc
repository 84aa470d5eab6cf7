// PlaceOnJoints: URDF places a link's frame on its parent joint's frame. Each
// link frame moves there; joint origins are measured in their parent link's
// new frame and the link's contents are re-expressed so that nothing
// physical moves. Numbers that need no arithmetic are copied.
#include <unordered_set>

#include "reshape/to_urdf/passes.h"
#include "urdf_io/reader.h"
#include "xml/writer.h"

namespace converter::urdf_reshape {
namespace {

using frames::ComputedPose;
using frames::Isometry3;
using frames::Pose;

using frames::kModelFrame;

// Link children of SDFormat 1.7 that carry a <pose> in the link frame.
bool IsPosedLinkChild(const std::string& name) {
  static const std::unordered_set<std::string> kPosed = {
      "sensor", "light", "projector", "audio_source", "audio_sink",
      "particle_emitter"};
  return kPosed.count(name) > 0;
}

// Sets the <pose> child of a kept element to X (in the frame the caller
// means; relative_to removed).
void SetPoseChild(frames::Element* e, const Isometry3& X) {
  const Pose p = ComputedPose(X);
  frames::Element* pose = e->Child("pose");
  if (!pose) {
    e->children.insert(e->children.begin(), MakeElement("pose", e->where));
    pose = &e->children.front();
  }
  pose->attributes.clear();
  pose->text = xml::FormatPose(p.xyz, p.rpy);
}

// URDF frames: a link sits on its parent joint's frame, the root where the
// SDF has it. Then every joint origin is its frame in its parent's.
void Place(const FlatModel& flat, const Isometry3& X_WM, Draft* draft) {
  frames::Model& out = draft->out;
  const std::vector<long>& parent = draft->tree.parent_of_link;
  for (size_t k = 0; k < out.links.size(); ++k) {
    if (parent[k] < 0) continue;
    const JointInfo& info = draft->joint_info[parent[k]];
    draft->X_MU[k] = info.X_MJ;
    // The SDF link frame is exactly its joint's frame when the file says so.
    const int src = draft->link_src[k];
    bool on_joint = false;
    if (src >= 0 && info.src) {
      const FlatLink& fl = flat.links[src];
      on_joint = fl.src->pose.IsIdentity() &&
                 fl.src->pose.relative_to == info.src->src->name &&
                 fl.scope == info.src->scope;
    }
    // Also when the numbers say so exactly (a joint posed at its child link,
    // SDFormat's default): then nothing in the link needs arithmetic.
    draft->moved[k] =
        src >= 0 && !on_joint &&
        !(draft->X_MU[k].matrix() == flat.links[src].X_ML.matrix());
  }
  for (size_t k = 0; k < out.joints.size(); ++k) {
    frames::Joint& j = out.joints[k];
    const JointInfo& info = draft->joint_info[k];
    if (info.copy_origin) continue;
    if (j.parent == urdf_io::kWorldLink) {
      const FlatJoint* fj = info.src;
      const bool copy = fj && fj->scope->prefix.empty() &&
                        X_WM.isApprox(Isometry3::Identity(), 0.0) &&
                        fj->src->pose.relative_to == kModelFrame;
      j.pose = copy ? fj->src->pose : ComputedPose(frames::Compose(X_WM, info.X_MJ));
      j.pose.relative_to.clear();
      continue;
    }
    // A joint naming no link (a carried joint's; the writer's check reports
    // it) has no frame to be measured in.
    if (draft->tree.parent_link_of_joint[k] < 0) continue;
    const size_t p = static_cast<size_t>(draft->tree.parent_link_of_joint[k]);
    // Copy the file's numbers when they are measured in the parent link's
    // frame and that frame did not move.
    const FlatJoint* fj = info.src;
    const int ps = draft->link_src[p];
    const bool copy = fj && !draft->moved[p] && ps >= 0 &&
                      flat.links[ps].scope == fj->scope &&
                      fj->src->pose.relative_to == flat.links[ps].src->name;
    j.pose = copy ? fj->src->pose
                  : ComputedPose(frames::Reroot(draft->X_MU[p], info.X_MJ));
    j.pose.relative_to = j.parent;
  }
  for (size_t k = 0; k < out.links.size(); ++k) {
    out.links[k].pose = Pose{};
    if (parent[k] >= 0)
      out.links[k].pose.relative_to = out.joints[parent[k]].name;
  }
}

// Frame links' joints: copy the frame's numbers when they are measured in
// the attached link's unmoved frame.
void CopyFrameOrigins(const FlatModel& flat, Draft* draft) {
  for (const auto& [f, jk] : draft->frame_joints) {
    const FlatFrame& ff = flat.frames[f];
    if (!ff.pose_in_parent ||
        (ff.parent_is_link && draft->moved[flat.LinkAt(ff.parent)])) {
      continue;
    }
    frames::Joint& j = draft->out.joints[jk];
    j.pose = ff.src->pose;  // the numbers as written (a quaternion too)
    j.pose.relative_to = j.parent;
  }
}

// The link's contents, re-expressed in its URDF frame when that moved.
void PlaceContents(const FlatLink& fl, size_t k, Draft* draft) {
  frames::Link* l = &draft->out.links[k];
  const bool moved = draft->moved[k];
  const Isometry3 X_UM = frames::Inverse(draft->X_MU[k]);
  const Isometry3 X_UL = frames::Compose(X_UM, fl.X_ML);
  const frames::FrameGraph& g = *fl.scope->graph;
  const std::string& name = fl.src->name;
  auto in_link = [&](const Pose& p) {
    return p.relative_to.empty() || p.relative_to == name;
  };
  auto place = [&](const Pose& p) -> Pose {
    if (!moved && in_link(p)) {
      Pose copy = p;  // the numbers as written (a quaternion too)
      copy.relative_to.clear();
      return copy;
    }
    if (in_link(p)) return ComputedPose(frames::Compose(X_UL, p));
    auto X_SC = g.ResolvePose(p, name);
    return ComputedPose(frames::Compose(frames::Compose(X_UM, fl.scope->X_MS), *X_SC));
  };
  if (l->inertial) l->inertial->pose = place(l->inertial->pose);
  for (auto& v : l->visuals) v.pose = place(v.pose);
  for (auto& c : l->collisions) c.pose = place(c.pose);
  // A sensor's (light's ...) pose is in the link frame unless its
  // relative_to names another frame; it is written in the URDF link frame.
  for (auto& e : l->extensions) {
    if (!IsPosedLinkChild(e.name)) continue;
    auto p = frames::PoseChild(e);
    if (p && (moved || !in_link(*p))) SetPoseChild(&e, place(*p).ToIsometry());
  }
}

}  // namespace

void GuessLinkFrames(const FlatModel& flat, Draft* draft) {
  // URDF link frames, first guess: the SDF frames (made links: their
  // joint's frame). PlaceOnJoints moves each link onto its parent joint.
  const size_t n = draft->out.links.size();
  draft->X_MU.assign(n, Isometry3::Identity());
  draft->moved.assign(n, false);
  for (size_t k = 0; k < n; ++k) {
    if (draft->link_src[k] >= 0)
      draft->X_MU[k] = flat.links[draft->link_src[k]].X_ML;
  }
}

void PlaceOnJoints(const FlatModel& flat, const Isometry3& X_WM, Draft* draft) {
  Place(flat, X_WM, draft);
  CopyFrameOrigins(flat, draft);
  for (size_t k = 0; k < draft->out.links.size(); ++k) {
    if (draft->link_src[k] >= 0)
      PlaceContents(flat.links[draft->link_src[k]], k, draft);
  }
}

void WarnModelPoseDropped(const FlatModel& flat, const Isometry3& X_WM,
                          const Draft& draft, frames::Diagnostics* diags) {
  if (X_WM.isApprox(Isometry3::Identity(), 0.0)) return;
  const bool applied =
      std::any_of(draft.out.joints.begin(), draft.out.joints.end(),
                  [](const auto& j) { return j.parent == urdf_io::kWorldLink; });
  if (applied) return;
  const Pose p = ComputedPose(X_WM);
  diags->Warning(frames::Code::MODEL_POSE_DROPPED,
                 "model " + Quoted(flat.top->name) + " has pose " +
                     xml::FormatPose(p.xyz, p.rpy) +
                     " in the world; URDF has no model pose and no joint "
                     "connects the model to `world`, so it is dropped",
                 flat.top->where);
}

}  // namespace converter::urdf_reshape
