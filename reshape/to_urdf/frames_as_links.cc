// FramesAsLinks: //frame elements as massless links on fixed joints
// (FRAME_joint), or the floating or planar URDF joint urdf2sdf carried as a
// frame.
#include "reshape/urdf_extensions.h"
#include "reshape/to_urdf/passes.h"
#include "urdf_io/reader.h"

namespace converter::urdf_reshape {
namespace {

// The URDF content urdf2sdf carried in frame `ff`, other than `joint` (the
// joint the frame stands for): the children of a fixed joint that
// --lump-fixed-joints merged into the frame, which may be anything the URDF
// wrote there (a stray <joint> too). URDF has no place for them on a frame
// and restoring them would invent kinematics, so they stay carried, in
// <gazebo reference=REFERENCE> (the robot-level <gazebo> when REFERENCE is
// empty: the frame is not written). <urdf:form> (how the URDF wrote the merged
// joint) describes nothing the output has and is not kept.
void KeepCarried(const FlatFrame& ff, const frames::Element* joint,
                 const std::string& reference, Draft* draft,
                 frames::Diagnostics* diags) {
  frames::Element block = MakeElement("gazebo", ff.src->where);
  if (!reference.empty()) block.attributes.emplace_back("reference", reference);
  const std::string in =
      reference.empty() ? "<gazebo>"
                        : "<gazebo reference=\"" + reference + "\">";
  for (const auto& e : ff.src->extensions) {
    if (&e == joint || !IsCarried(e) || UncarriedName(e) == "form") continue;
    diags->Warning(frames::Code::FRAME_CARRIED_URDF_KEPT,
                   "<" + e.name + "> in frame " +
                       Quoted(ff.scope->prefix + ff.src->name) +
                       " (URDF content urdf2sdf carried there) has no place "
                       "in URDF; it is kept carried in " + in,
                   e.where);
    block.children.push_back(e);
  }
  if (!block.children.empty()) draft->kept_carried.push_back(std::move(block));
}

}  // namespace

void FramesAsLinks(const FlatModel& flat, const ToUrdfReshapeOptions& options,
                   OutputNames* names, Draft* draft,
                   frames::Diagnostics* diags) {
  frames::Model& out = draft->out;
  for (size_t k = 0; k < flat.frames.size(); ++k) {
    const FlatFrame& ff = flat.frames[k];
    if (const frames::Element* carried =
            FindFrameJoint(ff.src->extensions)) {
      // A floating or planar URDF joint, carried by urdf2sdf as this frame:
      // the joint again, at the frame.
      frames::Joint j = CarriedJoint(*carried, ff.scope->prefix);
      j.name = names->Out(ff.scope->prefix + j.name);
      j.parent =
          j.parent == urdf_io::kWorldLink ? j.parent : names->Out(j.parent);
      j.child = names->Out(j.child);
      for (const auto& e : ff.src->extensions) {
        if (&e != carried && !IsCarried(e))
          draft->blocks.Block(j.child, j.where).children.push_back(e);
      }
      KeepCarried(ff, carried, j.child, draft, diags);
      draft->frame_joints.emplace_back(k, out.joints.size());
      draft->joint_info.push_back(JointInfo{ff.X_MF, false, nullptr});
      out.joints.push_back(std::move(j));
      continue;
    }
    if (!options.frames_as_links) {
      diags->Warning(frames::Code::FRAME_OMITTED,
                     "frame " + Quoted(ff.scope->prefix + ff.src->name) +
                         " is not written (frames are omitted); URDF has no "
                         "frames",
                     ff.src->where);
      KeepCarried(ff, nullptr, "", draft, diags);
      continue;
    }
    frames::Link l;
    l.name = ff.name;
    l.where = ff.src->where;
    frames::Joint j;
    j.name = names->Unique(ff.name + "_joint");
    j.type = frames::JointType::kFixed;
    j.parent = names->Out(ff.parent);
    j.child = l.name;
    j.where = ff.src->where;
    for (const auto& e : ff.src->extensions) {
      if (!IsCarried(e))
        draft->blocks.Block(l.name, l.where).children.push_back(e);
    }
    KeepCarried(ff, nullptr, l.name, draft, diags);
    draft->frame_joints.emplace_back(k, out.joints.size());
    out.links.push_back(std::move(l));
    draft->link_src.push_back(-1);
    draft->joint_info.push_back(JointInfo{ff.X_MF, false, nullptr});
    out.joints.push_back(std::move(j));
  }
}

}  // namespace converter::urdf_reshape
