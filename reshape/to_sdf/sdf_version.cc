#include "reshape/to_sdf/sdf_version.h"

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include "reshape/to_sdf/as_sdf17.h"

namespace converter {
namespace {

constexpr frames::Code kCode = frames::Code::SDF_VERSION_CANNOT_EXPRESS;

// What "unlimited" was before 1.10 made ±inf the defaults: the old
// defaults of lower and upper (±1e16), and a negative effort or velocity
// (not enforced).
constexpr double kUnboundedBefore110 = 1e16;
constexpr double kNotEnforcedBefore110 = -1.0;

void FiniteLimits(frames::JointLimit* limit) {
  for (auto* bound : {&limit->lower, &limit->upper}) {
    if (*bound && std::isinf(**bound))
      *bound = std::copysign(kUnboundedBefore110, **bound);
  }
  for (auto* rate : {&limit->effort, &limit->velocity}) {
    if (*rate && std::isinf(**rate)) *rate = kNotEnforcedBefore110;
  }
}

void AdaptAxis(const frames::Joint& j, const char* which,
               frames::JointAxis* axis, int minor,
               frames::Diagnostics* diags) {
  if (minor < 10 && axis->limit) FiniteLimits(&*axis->limit);
  if (minor < 9) return;
  auto& ext = axis->extensions;
  for (size_t k = 0; k < ext.size();) {
    if (ext[k].name != "initial_position") {
      ++k;
      continue;
    }
    diags->Warning(kCode,
                   "joint '" + j.name + "' <" + which +
                       "><initial_position> was removed in SDFormat 1.9; "
                       "it is left out of the " + SdfVersionName(minor) +
                       " output",
                   ext[k].where);
    ext.erase(ext.begin() + static_cast<long>(k));
  }
}

void AdaptJoints(std::vector<frames::Joint>* joints, int minor,
                 frames::Diagnostics* diags) {
  for (auto& j : *joints) {
    if (j.axis) AdaptAxis(j, "axis", &*j.axis, minor, diags);
    if (j.axis2) AdaptAxis(j, "axis2", &*j.axis2, minor, diags);
  }
}

// 1.12's names of the //world/state elements (Migration.md, "SDFormat
// specification 1.11 to 1.12"): {element holding it, old name, new name}.
// The holder is named as the version being written names it.
struct StateName {
  const char* parent_old;
  const char* parent_new;
  const char* old_name;
  const char* new_name;
};
constexpr StateName kStateNames[] = {
    {"state", "state", "model", "model_state"},
    {"state", "state", "light", "light_state"},
    {"model", "model_state", "joint", "joint_state"},
    {"model", "model_state", "link", "link_state"},
    {"model", "model_state", "model", "model_state"},
    {"model", "model_state", "light", "light_state"},
    {"link", "link_state", "collision", "collision_state"},
};

// Renames the children of `e` (a state element or one inside it, named as
// the input named it) into the names of 1.`minor`, depth first.
void RenameState(frames::Element* e, int minor, frames::Diagnostics* diags) {
  const bool to_new = minor >= 12;
  for (auto& c : e->children) {
    for (const auto& n : kStateNames) {
      const bool parent_matches = e->name == n.parent_old ||
                                  e->name == n.parent_new;
      if (!parent_matches) continue;
      if (to_new && c.name == n.old_name) c.name = n.new_name;
      if (!to_new && c.name == n.new_name) c.name = n.old_name;
    }
    if (!to_new && e->name == "state" && c.name == "joint_state") {
      diags->Warning(kCode,
                     "<state><joint_state> (the state of a //world/joint, "
                     "SDFormat 1.12) has no " + SdfVersionName(minor) +
                         " form; it is written as it is",
                     c.where);
      continue;
    }
    // Into nested model and link states only: <insertions> holds whole
    // models, whose links are no states.
    if (c.name == "model" || c.name == "model_state" || c.name == "link" ||
        c.name == "link_state") {
      RenameState(&c, minor, diags);
    }
  }
}

// Names the plugins without a name among `elements` and below them (not
// inside a plugin, whose content is its own, nor inside a namespaced
// element such as <urdf:ros2_control>, which SDFormat does not define).
void NamePluginsIn(std::vector<frames::Element>* elements,
                   const std::string& target, frames::Diagnostics* diags) {
  std::vector<std::string> taken;
  for (const auto& e : *elements) {
    const std::string* name = e.Attribute("name");
    if (e.name == "plugin" && name) taken.push_back(*name);
  }
  const auto is_taken = [&](const std::string& n) {
    return std::find(taken.begin(), taken.end(), n) != taken.end();
  };
  for (auto& e : *elements) {
    if (e.name != "plugin") {
      if (e.name.find(':') == std::string::npos)
        NamePluginsIn(&e.children, target, diags);
      continue;
    }
    if (e.Attribute("name")) continue;
    const std::string* filename = e.Attribute("filename");
    const std::string base =
        filename && !filename->empty() ? *filename : "plugin";
    std::string name = base;
    for (int k = 2; is_taken(name); ++k) name = base + "_" + std::to_string(k);
    taken.push_back(name);
    diags->Warning(kCode,
                   "<plugin filename=\"" + (filename ? *filename : "") +
                       "\"> has no name, which " + target +
                       " requires (SDFormat 1.10 made it optional); it is "
                       "written with name=\"" + name + "\"",
                   e.where);
    e.attributes.insert(e.attributes.begin(), {"name", name});
  }
}

void AdaptModel(frames::Model* model, int minor, frames::Diagnostics* diags) {
  AdaptJoints(&model->joints, minor, diags);
  for (auto& n : model->models) AdaptModel(&n, minor, diags);
}

}  // namespace

std::optional<int> ParseSdfOutputVersion(std::string_view text) {
  for (int minor = kOldestSdfVersionWritten; minor <= kNewestSdfVersionWritten;
       ++minor) {
    if (text == SdfVersionName(minor)) return minor;
  }
  return std::nullopt;
}

std::string SdfVersionName(int minor) { return "1." + std::to_string(minor); }

std::string SdfVersionUsageError(const std::string& value) {
  return "--sdf-version '" + value + "' is not one of " +
         SdfVersionName(kOldestSdfVersionWritten) + " to " +
         SdfVersionName(kNewestSdfVersionWritten);
}

bool CheckSdfOutputVersion(int minor, frames::Diagnostics* diags) {
  if (minor >= kOldestSdfVersionWritten && minor <= kNewestSdfVersionWritten)
    return true;
  diags->Error(frames::Code::SDF_VERSION_UNSUPPORTED,
               "cannot write SDFormat " + SdfVersionName(minor) +
                   "; the versions written are " +
                   SdfVersionName(kOldestSdfVersionWritten) + " to " +
                   SdfVersionName(kNewestSdfVersionWritten),
               {});
  return false;
}

void AdaptToSdfVersion(frames::Model* model, int minor,
                       frames::Diagnostics* diags) {
  AdaptModel(model, minor, diags);
  if (minor < 10) NamePlugins(model, "SDFormat " + SdfVersionName(minor), diags);
}

void NamePlugins(frames::Model* model, const std::string& target,
                 frames::Diagnostics* diags) {
  NamePluginsIn(&model->extensions, target, diags);
  for (auto& l : model->links) {
    NamePluginsIn(&l.extensions, target, diags);
    for (auto& v : l.visuals) NamePluginsIn(&v.extensions, target, diags);
    for (auto& c : l.collisions) NamePluginsIn(&c.extensions, target, diags);
  }
  for (auto& j : model->joints) NamePluginsIn(&j.extensions, target, diags);
  for (auto& f : model->frames) NamePluginsIn(&f.extensions, target, diags);
  for (auto& n : model->models) NamePlugins(&n, target, diags);
}

void NameGazeboPlugins(frames::Model* model, const std::string& target,
                       frames::Diagnostics* diags) {
  const auto blocks = [&](std::vector<frames::Element>* elements) {
    for (auto& e : *elements) {
      if (e.name == "gazebo") NamePluginsIn(&e.children, target, diags);
    }
  };
  blocks(&model->extensions);
  for (auto& l : model->links) blocks(&l.extensions);
  for (auto& j : model->joints) blocks(&j.extensions);
}

void NamePlugins(frames::World* world, const std::string& target,
                 frames::Diagnostics* diags) {
  NamePluginsIn(&world->extensions, target, diags);
  for (auto& j : world->joints) NamePluginsIn(&j.extensions, target, diags);
  for (auto& f : world->frames) NamePluginsIn(&f.extensions, target, diags);
  for (auto& m : world->models) NamePlugins(&m, target, diags);
}

void AdaptToSdfVersion(frames::World* world, int minor,
                       frames::Diagnostics* diags) {
  AdaptJoints(&world->joints, minor, diags);
  for (auto& m : world->models) AdaptModel(&m, minor, diags);
  for (auto& e : world->extensions) {
    if (e.name == "state") RenameState(&e, minor, diags);
  }
  if (minor < 10) NamePlugins(world, "SDFormat " + SdfVersionName(minor), diags);
}

void ExpressAsSdfVersion(frames::World* world, const frames::FrameGraph& graph,
                         int minor, frames::Diagnostics* diags) {
  if (minor < 10) {
    MoveWorldJointsIntoModels(world, graph, SdfVersionName(minor), kCode,
                              diags);
  }
}

}  // namespace converter
