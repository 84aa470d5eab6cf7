#include "reshape/to_sdf/lump.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "reshape/to_sdf/gazebo_to_sdf.h"
#include "reshape/urdf_extensions.h"
#include "frames/inertia.h"
#include "xml/reader.h"
#include "xml/writer.h"

namespace converter {
namespace {

using frames::Element;

// libsdformat's name prefix for merged visuals and collisions.
constexpr char kLumpPrefix[] = "_fixed_joint_lump__";

void SetKeyValue(Element* e, const std::string& value) {
  for (auto& [k, v] : e->attributes) {
    if (k == "value") {
      v = value;
      return;
    }
  }
  e->text = value;
}

bool IsGazeboBlock(const Element& e) {
  return e.name == "urdf:gazebo" || e.name == "gazebo";
}

bool IsLumpFlag(const Element& e) {
  return e.name == "preserveFixedJoint" || e.name == "disableFixedJointLumping" ||
         e.name == "urdf:preserveFixedJoint" ||
         e.name == "urdf:disableFixedJointLumping";
}

// Names (URDF names) of joints that a <gazebo reference="JOINT"> block keeps
// from being lumped. Read wherever the block is kept: the model's extensions
// (where the URDF reader puts every <gazebo> block) or a joint's.
std::unordered_set<std::string> PreservedJoints(const frames::Model& model) {
  std::unordered_set<std::string> out;
  auto scan_block = [&](const Element& g, const std::string& default_ref) {
    const std::string* ref = g.Attribute("reference");
    const std::string name = ref ? *ref : default_ref;
    if (name.empty()) return;
    for (const auto& c : g.children) {
      if (IsLumpFlag(c) && ParseGazeboTruth(GazeboValue(c)).value_or(false)) out.insert(name);
    }
  };
  for (const auto& e : model.extensions) {
    if (IsGazeboBlock(e)) scan_block(e, "");
  }
  for (const auto& j : model.joints) {
    const std::string& urdf_name = j.original_name.empty() ? j.name : j.original_name;
    for (const auto& e : j.extensions) {
      if (IsGazeboBlock(e)) {
        scan_block(e, urdf_name);
      } else if (IsLumpFlag(e) && ParseGazeboTruth(GazeboValue(e)).value_or(false)) {
        out.insert(urdf_name);
      }
    }
  }
  return out;
}

// Moves the shapes of merged link `from` into its body, posed in the merged
// link's frame. A name already used in the body becomes
// "<from>_fixed_joint_lump__<name>" (libsdformat's form), then "_2", ...
// Returns the names the shapes end up with, in their order.
template <typename Shape>
std::vector<std::string> MoveShapes(const std::string& from, const char* kind,
                                    std::vector<Shape>* shapes,
                                    std::vector<Shape>* body,
                                    frames::Diagnostics* diags) {
  std::vector<std::string> names;
  if (shapes->empty()) return names;
  std::unordered_set<std::string> used;
  for (const auto& s : *body) used.insert(s.name);
  for (auto& s : *shapes) {
    if (s.pose.relative_to.empty()) s.pose.relative_to = from;
    if (used.count(s.name)) {
      std::string name = from + kLumpPrefix + s.name;
      for (int k = 2; used.count(name); ++k)
        name = from + kLumpPrefix + s.name + "_" + std::to_string(k);
      diags->Warning(frames::Code::SHAPE_RENAMED,
                     std::string(kind) + " '" + s.name + "' of merged link '" +
                         from + "' is written as '" + name +
                         "': its body already has a " + kind + " of that name",
                     s.where);
      s.name = name;
    }
    used.insert(s.name);
    names.push_back(s.name);
    body->push_back(std::move(s));
  }
  shapes->clear();
  return names;
}

// SDF link properties a link has at most one of.
bool IsLinkProperty(const std::string& name) {
  static const std::unordered_set<std::string> kProps = {
      "gravity",        "enable_wind", "self_collide", "kinematic",
      "must_be_base_link", "velocity_decay"};
  return kProps.count(name) > 0;
}

bool SameElement(const Element& a, const Element& b) {
  if (a.name != b.name || a.text != b.text || a.attributes != b.attributes ||
      a.children.size() != b.children.size())
    return false;
  for (size_t i = 0; i < a.children.size(); ++i) {
    if (!SameElement(a.children[i], b.children[i])) return false;
  }
  return true;
}

// Moves the SDF elements of merged link `from` into its body's extensions
// (see lump.h); namespaced (carried) ones stay with the link's frame.
void MoveLinkExtensions(const std::string& from, frames::Link* body,
                        std::vector<Element>* extensions,
                        std::vector<Element>* frame_extensions,
                        frames::Diagnostics* diags) {
  // Names of posed elements (sensors ...) in the body, per element kind.
  std::map<std::string, std::unordered_set<std::string>> used;
  for (const auto& e : body->extensions) {
    if (const std::string* n = e.Attribute("name")) used[e.name].insert(*n);
  }
  for (auto& e : *extensions) {
    if (e.name.find(':') != std::string::npos) {
      frame_extensions->push_back(std::move(e));
      continue;
    }
    if (IsLinkProperty(e.name)) {
      auto own = std::find_if(body->extensions.begin(), body->extensions.end(),
                              [&](const Element& b) { return b.name == e.name; });
      if (own == body->extensions.end()) {
        body->extensions.push_back(std::move(e));
      } else if (!SameElement(*own, e)) {
        diags->Warning(frames::Code::LUMP_PROPERTY_CONFLICT,
                       "<" + e.name + "> of merged link '" + from +
                           "' differs from its body '" + body->name +
                           "''s own; the body's is kept (libsdformat keeps "
                           "the merged link's)",
                       e.where);
      }
      continue;
    }
    const bool posed = e.Child("pose") != nullptr || e.name == "sensor" ||
                       e.name == "light" || e.name == "projector";
    if (posed) {
      Element* pose = e.Child("pose");
      if (!pose) {
        Element p;
        p.name = "pose";
        p.where = e.where;
        e.children.insert(e.children.begin(), std::move(p));
        pose = &e.children.front();
      }
      const std::string* rel = pose->Attribute("relative_to");
      if (!rel) {
        pose->attributes.emplace_back("relative_to", from);
      } else if (rel->empty()) {
        for (auto& [k, v] : pose->attributes) {
          if (k == "relative_to") v = from;
        }
      }
      // Sibling names must stay unique in the body.
      for (auto& [k, v] : e.attributes) {
        if (k != "name") continue;
        auto& names = used[e.name];
        if (names.count(v)) {
          std::string name = from + kLumpPrefix + v;
          for (int n = 2; names.count(name); ++n)
            name = from + kLumpPrefix + v + "_" + std::to_string(n);
          diags->Warning(frames::Code::SENSOR_RENAMED,
                         e.name + " '" + v + "' of merged link '" + from +
                             "' is written as '" + name + "': its body '" +
                             body->name + "' already has a " + e.name +
                             " of that name",
                         e.where);
          v = name;
        }
        names.insert(v);
      }
    }
    body->extensions.push_back(std::move(e));
  }
  extensions->clear();
}

bool ParseVector3(const std::string& text, frames::Vector3* v) {
  const auto d = xml::ParseNumberList(text);
  if (!d || d->size() != 3) return false;
  *v = frames::Vector3((*d)[0], (*d)[1], (*d)[2]);
  return true;
}

struct PluginContext {
  const std::unordered_map<std::string, std::string>* body_of;
  const frames::FrameGraph* graph;
  frames::Diagnostics* diags;
};

// libsdformat's plugin frame replacement (see lump.h), for one plugin.
void RewritePlugin(Element* plugin, const PluginContext& ctx) {
  bool offsets_done = false;
  for (const char* key : {"bodyName", "frameName"}) {
    Element* c = plugin->Child(key);
    if (!c) continue;
    const std::string value = GazeboValue(*c);
    auto it = ctx.body_of->find(value);
    if (it == ctx.body_of->end() || it->second == value) continue;
    const std::string& body = it->second;
    SetKeyValue(c, body);
    if (offsets_done) continue;
    offsets_done = true;
    // X_BO = X_BL * X_LO: the offset, given in the merged link, in the body.
    frames::Vector3 xyz = frames::Vector3::Zero(), rpy = frames::Vector3::Zero();
    for (auto [name, v] : {std::pair<const char*, frames::Vector3*>{"xyzOffset", &xyz},
                           {"rpyOffset", &rpy}}) {
      const Element* o = std::as_const(*plugin).Child(name);
      if (o && !ParseVector3(GazeboValue(*o), v)) {
        ctx.diags->Warning(frames::Code::PLUGIN_OFFSET_INVALID,
                           std::string("<") + name + "> '" + GazeboValue(*o) +
                               "' of plugin names no three numbers; read as "
                               "0 0 0, as libsdformat does",
                           o->where);
      }
    }
    const auto X_BL = ctx.graph->Resolve(value, body);
    if (!X_BL) continue;  // the graph resolved every link: cannot happen
    // A copy: c points into plugin->children, which the loop below appends
    // to (a push_back that reallocates leaves c dangling).
    const frames::SourceLocation where = c->where;
    const frames::Pose X_BO =
        frames::Pose::FromIsometry(frames::Compose(*X_BL, frames::Pose{xyz, rpy, {}}));
    const std::pair<const char*, std::string> values[] = {
        {"xyzOffset", xml::FormatVector3(X_BO.xyz)},
        {"rpyOffset", xml::FormatVector3(X_BO.rpy)},
        {"ignition::corrected_offsets", "1"}};
    for (const auto& [name, text] : values) {
      if (Element* o = plugin->Child(name)) {
        SetKeyValue(o, text);
      } else {
        Element n;
        n.name = name;
        n.text = text;
        n.where = where;
        plugin->children.push_back(std::move(n));
      }
    }
  }
}

void RewritePlugins(std::vector<Element>* elements, const PluginContext& ctx) {
  for (auto& e : *elements) {
    if (e.name == "plugin") RewritePlugin(&e, ctx);
  }
}

// //model/gripper names links: a merged link's name becomes its body's.
void RewriteGrippers(std::vector<Element>* elements,
                     const std::unordered_map<std::string, std::string>& body_of) {
  for (auto& e : *elements) {
    if (e.name != "gripper") continue;
    for (auto& c : e.children) {
      if (c.name != "gripper_link" && c.name != "palm_link") continue;
      auto it = body_of.find(GazeboValue(c));
      if (it != body_of.end()) SetKeyValue(&c, it->second);
    }
  }
}

// Which link every link ends up in, decided before anything moves.
struct LumpPlan {
  // The joint whose child each link is.
  std::unordered_map<std::string, const frames::Joint*> parent_joint;
  // body_of[link] = the link it ends up merged into (itself if kept).
  std::unordered_map<std::string, std::string> body_of;
  std::unordered_set<std::string> merged_joints;
  // Merged children of each link, by URDF joint name: libsdformat (through
  // urdfdom, which keeps joints in a name-sorted map) lumps them in that
  // order, which its names of merged collisions count in.
  std::unordered_map<std::string, std::map<std::string, std::string>> merged_kids;

  bool IsMerged(const std::string& link) const {
    auto it = body_of.find(link);
    return it != body_of.end() && it->second != link;
  }
};

LumpPlan PlanLumping(const frames::Model& model) {
  const std::unordered_set<std::string> preserved = PreservedJoints(model);
  LumpPlan plan;
  for (const auto& j : model.joints) plan.parent_joint.emplace(j.child, &j);
  // Links are in tree order, so a parent's body is known before its
  // children's.
  for (const auto& l : model.links) {
    auto it = plan.parent_joint.find(l.name);
    const frames::Joint* j =
        it == plan.parent_joint.end() ? nullptr : it->second;
    const std::string urdf_name =
        j ? (j->original_name.empty() ? j->name : j->original_name) : "";
    if (j && j->type == frames::JointType::kFixed &&
        j->parent != frames::kWorldFrame && !preserved.count(urdf_name) &&
        plan.body_of.count(j->parent)) {
      plan.body_of[l.name] = plan.body_of[j->parent];
      plan.merged_joints.insert(j->name);
      plan.merged_kids[j->parent].emplace(urdf_name, l.name);
    } else {
      plan.body_of[l.name] = l.name;
    }
  }
  return plan;
}

// A collision's name by (original link, index).
using CollisionNames = std::map<std::pair<std::string, size_t>, std::string>;

// libsdformat's name of every collision, by (original link, index):
// per body, its own collisions then the merged links' in lumping order,
// numbered; "<name or link>_collision[_N]", prefixed
// "<body>_fixed_joint_lump__" unless it starts with the body's name.
CollisionNames SdformatCollisionNames(const frames::Model& model,
                                      const LumpPlan& plan) {
  std::unordered_map<std::string, size_t> link_index;
  for (size_t k = 0; k < model.links.size(); ++k)
    link_index.emplace(model.links[k].name, k);
  CollisionNames out;
  for (const auto& body : model.links) {
    if (plan.body_of.at(body.name) != body.name) continue;
    size_t k = 0;
    std::vector<std::string> stack = {body.name};
    while (!stack.empty()) {
      const std::string name = stack.back();
      stack.pop_back();
      const frames::Link& l = model.links[link_index.at(name)];
      for (size_t i = 0; i < l.collisions.size(); ++i, ++k) {
        const frames::Collision& c = l.collisions[i];
        std::string n = (c.name_given ? c.name : l.name) + "_collision";
        if (k > 0) n += "_" + std::to_string(k);
        if (n.compare(0, body.name.size(), body.name) != 0)
          n = body.name + kLumpPrefix + n;
        out[{name, i}] = n;
      }
      auto kids = plan.merged_kids.find(name);
      if (kids == plan.merged_kids.end()) continue;
      for (auto r = kids->second.rbegin(); r != kids->second.rend(); ++r)
        stack.push_back(r->second);
    }
  }
  return out;
}

// Inertial parts per body, in the body frame.
struct InertialParts {
  std::unordered_map<std::string, std::vector<frames::InertialInFrame>> of_body;
  std::unordered_set<std::string> own_mass;  // bodies with a mass of their own
};

InertialParts CollectInertialParts(const frames::FrameGraph& graph,
                                   const frames::Model& model,
                                   const LumpPlan& plan) {
  InertialParts parts;
  for (const auto& l : model.links) {
    // Links with neither mass nor rotational inertia add nothing (and must
    // not make the body's own inertial be re-expressed). A zero mass with
    // an inertia still adds that inertia, as libsdformat's lumping does.
    if (!l.inertial) continue;
    if (l.inertial->mass <= 0 && l.inertial->InertiaMatrix().isZero(0.0))
      continue;
    const std::string& body = plan.body_of.at(l.name);
    // The inertial frame (posed in its link) measured in the body frame.
    auto X_BI = graph.ResolvePose(l.inertial->pose, l.name, body);
    // The URDF's own tensor, also where RepairInertias had to replace it:
    // a merged link's invalid inertia is often part of a valid body (as
    // libsdformat lumps it), and only the body's needs to be valid.
    frames::Inertial raw = *l.inertial;
    if (const Element* k = FindCarried(l.extensions, "inertia")) RestoreInertia(*k, &raw);
    parts.of_body[body].push_back({raw.mass, *X_BI, raw.InertiaMatrix()});
    if (body == l.name) parts.own_mass.insert(body);
  }
  return parts;
}

// The frames of one merged link `l` on its fixed joint `j`: the joint's
// frame, then the link's frame on it (the URDF structure, with the numbers
// copied). The link's carried extensions are added by the caller.
std::pair<frames::Frame, frames::Frame> MergedLinkFrames(
    const frames::Link& l, const frames::Joint& j, frames::Diagnostics* diags) {
  frames::Frame jf;
  jf.name = j.name;
  jf.attached_to = j.parent;
  jf.pose = j.pose;
  jf.where = j.where;
  // A merged joint's SDF content (translated from its <gazebo> block,
  // which stays carried in the model) has no joint to go to: libsdformat
  // drops it too.
  for (const auto& e : j.extensions) {
    if (e.name.find(':') != std::string::npos) {
      jf.extensions.push_back(e);
    } else {
      diags->Warning(frames::Code::LUMPED_JOINT_CONTENT_DROPPED,
                     "<" + e.name + "> of fixed joint '" + j.name +
                         "' is not applied: the joint is merged (as "
                         "libsdformat does; its <gazebo> block stays "
                         "carried). Keep the joint with <preserveFixedJoint>",
                     e.where);
    }
  }
  frames::Frame lf;
  lf.name = l.name;
  lf.attached_to = j.name;
  lf.pose.relative_to = j.name;
  lf.where = l.where;
  return {std::move(jf), std::move(lf)};
}

// What merging the links leaves besides the kept links.
struct MergedLinks {
  std::vector<frames::Frame> frames;  // each merged link's joint and link
  // Our final name of every collision, by (original link, index).
  CollisionNames collision_names;
};

// Moves each merged link's visuals, collisions and SDF elements into its
// body; model->links keeps the bodies only.
MergedLinks MergeLinks(const LumpPlan& plan, frames::Model* model,
                       frames::Diagnostics* diags) {
  MergedLinks out;
  for (const auto& l : model->links) {
    if (plan.body_of.at(l.name) != l.name) continue;
    for (size_t i = 0; i < l.collisions.size(); ++i)
      out.collision_names[{l.name, i}] = l.collisions[i].name;
  }
  std::vector<frames::Link> kept;
  std::unordered_map<std::string, size_t> kept_index;
  for (auto& l : model->links) {
    const std::string& body = plan.body_of.at(l.name);
    if (body == l.name) {
      kept_index.emplace(l.name, kept.size());
      kept.push_back(std::move(l));
      continue;
    }
    const frames::Joint* j = plan.parent_joint.at(l.name);
    auto [jf, lf] = MergedLinkFrames(l, *j, diags);
    out.frames.push_back(std::move(jf));
    diags->Warning(frames::Code::FIXED_JOINT_LUMPED,
                   "link '" + l.name + "' on fixed joint '" + j->name +
                       "' is merged into link '" + body +
                       "'; both remain as frames",
                   l.where);
    // Visuals and collisions move to the body, still posed in this link's
    // frame (now a //frame of the same name).
    frames::Link* target = &kept[kept_index.at(body)];
    MoveShapes(l.name, "visual", &l.visuals, &target->visuals, diags);
    const std::vector<std::string> names =
        MoveShapes(l.name, "collision", &l.collisions, &target->collisions, diags);
    for (size_t i = 0; i < names.size(); ++i)
      out.collision_names[{l.name, i}] = names[i];
    MoveLinkExtensions(l.name, target, &l.extensions, &lf.extensions, diags);
    out.frames.push_back(std::move(lf));
  }
  model->links = std::move(kept);
  return out;
}

// Combined inertials of the bodies, where a merged link brought mass.
// Returns the links whose inertial was recombined.
std::unordered_set<std::string> RecombineInertials(
    const InertialParts& parts, std::vector<frames::Link>* links,
    frames::Diagnostics* diags) {
  std::unordered_set<std::string> recombined;
  for (auto& l : *links) {
    auto it = parts.of_body.find(l.name);
    if (it == parts.of_body.end()) continue;
    // Only its own mass: unchanged.
    if (it->second.size() == 1 && parts.own_mass.count(l.name)) continue;
    const frames::InertialInFrame c = frames::CombineInertials(it->second);
    frames::Inertial in;
    in.mass = c.mass;
    in.pose = frames::Pose::FromIsometry(c.X_BI);
    in.SetInertiaMatrix(c.I_I);
    in.where = l.inertial ? l.inertial->where : l.where;
    l.extensions.erase(
        std::remove_if(l.extensions.begin(), l.extensions.end(),
                       [](const Element& e) { return e.name == "urdf:inertia"; }),
        l.extensions.end());
    if (!frames::IsValidInertia(c.I_I, frames::kSdfInertiaMargin)) {
      // As RepairInertias does for one link: the nearest valid inertia, and
      // the combined URDF tensor kept.
      Element original;
      original.name = "urdf:inertia";
      const char* names[] = {"ixx", "ixy", "ixz", "iyy", "iyz", "izz"};
      const double values[] = {in.ixx, in.ixy, in.ixz, in.iyy, in.iyz, in.izz};
      for (int k = 0; k < 6; ++k)
        original.attributes.emplace_back(names[k], xml::FormatDouble(values[k]));
      l.extensions.push_back(std::move(original));
      in.SetInertiaMatrix(frames::NearestValidInertia(c.I_I, frames::kSdfInertiaMargin));
      diags->Warning(frames::Code::INERTIA_ADJUSTED,
                     "combined inertia of link '" + l.name +
                         "' and the links merged into it is not physically "
                         "valid (or on the edge of the triangle inequality), "
                         "which libsdformat refuses; it is written as the "
                         "nearest valid inertia and the combined original is "
                         "kept in <urdf:inertia>",
                     in.where);
    }
    l.inertial = in;
    recombined.insert(l.name);
  }
  return recombined;
}

// RepairInertias' warnings about the parts (a recombined body, a merged
// link) no longer describe what is written: drops them.
void DropSupersededInertiaWarnings(
    const LumpPlan& plan, const std::unordered_set<std::string>& recombined,
    frames::Diagnostics* diags) {
  frames::Diagnostics kept_diags;
  for (const auto& d : diags->all()) {
    bool superseded = false;
    if (d.code == frames::Code::INERTIA_ADJUSTED) {
      const std::string prefix = "inertia of link '";
      if (d.message.compare(0, prefix.size(), prefix) == 0) {
        const size_t end = d.message.find('\'', prefix.size());
        const std::string link =
            d.message.substr(prefix.size(), end - prefix.size());
        superseded = recombined.count(link) || plan.IsMerged(link);
      }
    }
    if (!superseded) kept_diags.Add(d);
  }
  *diags = std::move(kept_diags);
}

// Joints: merged ones are gone; joints hanging from merged links now hang
// from their body, still posed relative_to the merged link's frame.
void RehangJoints(const LumpPlan& plan, std::vector<frames::Joint>* joints) {
  std::vector<frames::Joint> out;
  for (auto& j : *joints) {
    if (plan.merged_joints.count(j.name)) continue;
    // (Floating and planar joints are frames by now; were they still joints,
    // their carried form would keep the URDF parent.)
    const bool carried = j.type == frames::JointType::kFloating ||
                         j.type == frames::JointType::kPlanar;
    if (!carried && j.parent != frames::kWorldFrame &&
        plan.IsMerged(j.parent)) {
      if (j.pose.relative_to.empty()) j.pose.relative_to = j.child;
      j.parent = plan.body_of.at(j.parent);
    }
    out.push_back(std::move(j));
  }
  *joints = std::move(out);
}

// Joints carried as SDFormat in the robot's <gazebo> block (a cut loop, a
// type URDF lacks): a parent, child or gearbox reference body naming a
// merged link names its body, and a pose in the child link's frame (the
// default) stays in the merged link's frame, which remains a //frame. One
// whose parent and child are merged into the same body joins nothing: it is
// not written (LUMPED_GAZEBO_JOINT_DROPPED; its block stays carried).
void RetargetCarriedJoints(const LumpPlan& plan,
                           std::vector<Element>* extensions,
                           frames::Diagnostics* diags) {
  const auto body = [&](const Element* end) -> std::string {
    if (!end) return {};
    auto it = plan.body_of.find(end->text);
    return it == plan.body_of.end() ? end->text : it->second;
  };
  std::vector<Element> kept;
  kept.reserve(extensions->size());
  for (auto& e : *extensions) {
    const Element* parent = std::as_const(e).Child("parent");
    const Element* child = std::as_const(e).Child("child");
    if (e.name == "joint" && parent && child && parent->text != child->text &&
        body(parent) == body(child)) {
      const std::string* name = e.Attribute("name");
      diags->Warning(frames::Code::LUMPED_GAZEBO_JOINT_DROPPED,
                     "<gazebo> joint '" + (name ? *name : std::string()) +
                         "' joins links '" + parent->text + "' and '" +
                         child->text + "', which are both merged into link '" +
                         body(child) +
                         "'; it is not written (only carried as "
                         "<urdf:gazebo>). Keep a link with "
                         "<preserveFixedJoint>",
                     e.where);
      continue;
    }
    kept.push_back(std::move(e));
  }
  *extensions = std::move(kept);
  for (auto& e : *extensions) {
    if (e.name != "joint") continue;
    const Element* child = std::as_const(e).Child("child");
    if (child && plan.IsMerged(child->text)) {
      // A copy: inserting a <pose> below moves the children.
      const std::string child_link = child->text;
      Element* pose = e.Child("pose");
      if (!pose) {
        e.children.insert(e.children.begin(),
                          Element::Leaf("pose", "0 0 0 0 0 0", e.where));
        pose = &e.children.front();
      }
      if (!pose->Attribute("relative_to"))
        pose->attributes.emplace_back("relative_to", child_link);
    }
    for (auto& c : e.children) {
      if (c.name != "parent" && c.name != "child" &&
          c.name != "gearbox_reference_body")
        continue;
      auto it = plan.body_of.find(c.text);
      if (it != plan.body_of.end() && it->second != c.text) c.text = it->second;
    }
  }
}

// Contact sensors that name a collision by libsdformat's merged name then
// name it as this converter wrote it.
void RenameContactCollisions(const CollisionNames& sdformat_names,
                             const CollisionNames& our_names,
                             std::vector<frames::Link>* links) {
  std::unordered_map<std::string, std::string> ours_by_sdformat_name;
  for (const auto& [key, n] : sdformat_names) {
    auto it = our_names.find(key);
    if (it != our_names.end()) ours_by_sdformat_name.emplace(n, it->second);
  }
  for (auto& l : *links) {
    std::unordered_set<std::string> own;
    for (const auto& c : l.collisions) own.insert(c.name);
    for (auto& e : l.extensions) {
      const std::string* type = e.Attribute("type");
      if (e.name != "sensor" || !type || *type != "contact") continue;
      Element* contact = e.Child("contact");
      if (!contact) continue;
      for (auto& c : contact->children) {
        if (c.name != "collision" || own.count(GazeboValue(c))) continue;
        auto it = ours_by_sdformat_name.find(GazeboValue(c));
        if (it == ours_by_sdformat_name.end() || !own.count(it->second)) continue;
        SetKeyValue(&c, it->second);
      }
    }
  }
}

}  // namespace

void LumpFixedJoints(const frames::FrameGraph& graph, frames::Model* model,
                     frames::Diagnostics* diags) {
  const LumpPlan plan = PlanLumping(*model);
  if (plan.merged_joints.empty()) return;
  const CollisionNames sdformat_collision_names =
      SdformatCollisionNames(*model, plan);
  const InertialParts parts = CollectInertialParts(graph, *model, plan);
  MergedLinks merged = MergeLinks(plan, model, diags);
  const std::unordered_set<std::string> recombined =
      RecombineInertials(parts, &model->links, diags);
  DropSupersededInertiaWarnings(plan, recombined, diags);
  RehangJoints(plan, &model->joints);
  for (auto& f : merged.frames) model->frames.push_back(std::move(f));
  RetargetCarriedJoints(plan, &model->extensions, diags);

  // Names that meant a merged link now mean its body.
  const PluginContext ctx{&plan.body_of, &graph, diags};
  RewritePlugins(&model->extensions, ctx);
  for (auto& l : model->links) RewritePlugins(&l.extensions, ctx);
  for (auto& j : model->joints) RewritePlugins(&j.extensions, ctx);
  RewriteGrippers(&model->extensions, plan.body_of);
  RenameContactCollisions(sdformat_collision_names, merged.collision_names,
                          &model->links);
}

}  // namespace converter
