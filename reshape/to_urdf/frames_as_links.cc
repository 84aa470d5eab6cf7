// FramesAsLinks: //frame elements as massless links on fixed joints
// (FRAME_joint), or the floating or planar URDF joint urdf2sdf carried as a
// frame.
#include "reshape/urdf_extensions.h"
#include "reshape/to_urdf/passes.h"
#include "urdf_io/reader.h"

namespace converter::urdf_reshape {

void FramesAsLinks(const FlatModel& flat, const ToUrdfReshapeOptions& options,
                   OutputNames* names, Draft* draft,
                   frames::Diagnostics* diags) {
  frames::Model& out = draft->out;
  for (size_t k = 0; k < flat.frames.size(); ++k) {
    const FlatFrame& ff = flat.frames[k];
    if (const frames::Element* carried =
            FindCarried(ff.src->extensions, "joint")) {
      // A floating or planar URDF joint, carried by urdf2sdf as this frame:
      // the joint again, at the frame.
      frames::Joint j = CarriedJoint(*carried, ff.scope->prefix);
      j.name = names->Out(ff.scope->prefix + j.name);
      j.parent =
          j.parent == urdf_io::kWorldLink ? j.parent : names->Out(j.parent);
      j.child = names->Out(j.child);
      for (const auto& e : ff.src->extensions) {
        if (&e != carried) draft->blocks.Block(j.child, j.where).children.push_back(e);
      }
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
    for (const auto& e : ff.src->extensions)
      draft->blocks.Block(l.name, l.where).children.push_back(e);
    draft->frame_joints.emplace_back(k, out.joints.size());
    out.links.push_back(std::move(l));
    draft->link_src.push_back(-1);
    draft->joint_info.push_back(JointInfo{ff.X_MF, false, nullptr});
    out.joints.push_back(std::move(j));
  }
}

}  // namespace converter::urdf_reshape
