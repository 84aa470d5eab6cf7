#include "converter/lump.h"

#include <unordered_map>
#include <unordered_set>

#include "frames/inertia.h"

namespace converter {
namespace {

// Moves the shapes of merged link `from` into its body, posed in the merged
// link's frame. A name already used in the body becomes
// "<from>_fixed_joint_lump__<name>" (libsdformat's form), then "_2", ...
template <typename Shape>
void MoveShapes(const std::string& from, const char* kind,
                std::vector<Shape>* shapes, std::vector<Shape>* body,
                frames::Diagnostics* diags) {
  if (shapes->empty()) return;
  std::unordered_set<std::string> used;
  for (const auto& s : *body) used.insert(s.name);
  for (auto& s : *shapes) {
    if (s.pose.relative_to.empty()) s.pose.relative_to = from;
    if (used.count(s.name)) {
      std::string name = from + "_fixed_joint_lump__" + s.name;
      for (int k = 2; used.count(name); ++k)
        name = from + "_fixed_joint_lump__" + s.name + "_" + std::to_string(k);
      diags->Warning("SHAPE_RENAMED",
                     std::string(kind) + " '" + s.name + "' of merged link '" +
                         from + "' is written as '" + name +
                         "': its body already has a " + kind +
                         " of that name",
                     s.where);
      s.name = name;
    }
    used.insert(s.name);
    body->push_back(std::move(s));
  }
}

}  // namespace

void LumpFixedJoints(const frames::FrameGraph& graph, frames::Model* model,
                     frames::Diagnostics* diags) {
  // body_of[link] = the link it ends up merged into (itself if kept). Links
  // are in tree order, so a parent's body is known before its children's.
  std::unordered_map<std::string, const frames::Joint*> parent_joint;
  for (const auto& j : model->joints) parent_joint.emplace(j.child, &j);
  std::unordered_map<std::string, std::string> body_of;
  std::unordered_set<std::string> merged_joints;
  for (const auto& l : model->links) {
    auto it = parent_joint.find(l.name);
    const frames::Joint* j = it == parent_joint.end() ? nullptr : it->second;
    if (j && j->type == frames::JointType::kFixed && j->parent != "world" &&
        body_of.count(j->parent)) {
      body_of[l.name] = body_of[j->parent];
      merged_joints.insert(j->name);
    } else {
      body_of[l.name] = l.name;
    }
  }
  if (merged_joints.empty()) return;

  // Inertial parts per body, in the body frame.
  std::unordered_map<std::string, std::vector<frames::InertialInFrame>> parts;
  std::unordered_set<std::string> own_mass;  // bodies with a mass of their own
  for (const auto& l : model->links) {
    // Links with neither mass nor rotational inertia add nothing (and must
    // not make the body's own inertial be re-expressed). A zero mass with
    // an inertia still adds that inertia, as libsdformat's lumping does.
    if (!l.inertial) continue;
    if (l.inertial->mass <= 0 && l.inertial->InertiaMatrix().isZero(0.0))
      continue;
    const std::string& body = body_of[l.name];
    // The inertial frame (posed in its link) measured in the body frame.
    auto X_BI = graph.ResolvePose(l.inertial->pose, l.name, body);
    parts[body].push_back({l.inertial->mass, *X_BI, l.inertial->InertiaMatrix()});
    if (body == l.name) own_mass.insert(body);
  }

  std::vector<frames::Link> kept;
  std::unordered_map<std::string, size_t> kept_index;
  std::vector<frames::Frame> new_frames;
  for (auto& l : model->links) {
    const std::string& body = body_of[l.name];
    if (body == l.name) {
      kept_index.emplace(l.name, kept.size());
      kept.push_back(std::move(l));
      continue;
    }
    const frames::Joint* j = parent_joint.at(l.name);
    // The joint's frame, then the link's frame on it: the URDF structure,
    // with the numbers copied.
    frames::Frame jf;
    jf.name = j->name;
    jf.attached_to = j->parent;
    jf.pose = j->pose;
    jf.where = j->where;
    jf.extensions = j->extensions;
    new_frames.push_back(std::move(jf));
    frames::Frame lf;
    lf.name = l.name;
    lf.attached_to = j->name;
    lf.pose.relative_to = j->name;
    lf.where = l.where;
    lf.extensions = l.extensions;
    new_frames.push_back(std::move(lf));
    diags->Warning("FIXED_JOINT_LUMPED",
                   "link '" + l.name + "' on fixed joint '" + j->name +
                       "' is merged into link '" + body +
                       "'; both remain as frames",
                   l.where);
    // Visuals and collisions move to the body, still posed in this link's
    // frame (now a //frame of the same name).
    frames::Link* target = &kept[kept_index.at(body)];
    MoveShapes(l.name, "visual", &l.visuals, &target->visuals, diags);
    MoveShapes(l.name, "collision", &l.collisions, &target->collisions, diags);
  }
  // Combined inertials, where a merged link brought mass.
  for (auto& l : kept) {
    auto it = parts.find(l.name);
    if (it == parts.end()) continue;
    // Only its own mass: unchanged.
    if (it->second.size() == 1 && own_mass.count(l.name)) continue;
    const frames::InertialInFrame c = frames::CombineInertials(it->second);
    frames::Inertial in;
    in.mass = c.mass;
    in.pose = frames::Pose::FromIsometry(c.X_BI);
    in.SetInertiaMatrix(c.I_I);
    in.where = l.inertial ? l.inertial->where : l.where;
    l.inertial = in;
  }
  model->links = std::move(kept);

  // Joints: merged ones are gone; joints hanging from merged links now hang
  // from their body, still posed relative_to the merged link's frame.
  std::vector<frames::Joint> joints;
  for (auto& j : model->joints) {
    if (merged_joints.count(j.name)) continue;
    const bool carried = j.type == frames::JointType::kFloating ||
                         j.type == frames::JointType::kPlanar;
    if (!carried && j.parent != "world" && body_of[j.parent] != j.parent) {
      if (j.pose.relative_to.empty()) j.pose.relative_to = j.child;
      j.parent = body_of[j.parent];
    }
    joints.push_back(std::move(j));
  }
  model->joints = std::move(joints);
  for (auto& f : new_frames) model->frames.push_back(std::move(f));
}

}  // namespace converter
