// The <gazebo> blocks: what URDF has no element for, carried in libsdformat's
// keywords where one says exactly the same and as SDFormat otherwise
// (reshape/to_urdf/gazebo_from_sdf.h), and the URDF's own blocks restored when
// they still say what the SDF says.
#include <algorithm>
#include <limits>

#include "reshape/to_urdf/gazebo_from_sdf.h"
#include "reshape/urdf_extensions.h"
#include "reshape/to_urdf/passes.h"
#include "urdf_io/reader.h"
#include "xml/writer.h"

namespace converter::urdf_reshape {
namespace {

using frames::Element;
using frames::SourceLocation;

// The visual's SDF-only children (material details ...), taken out of it.
std::vector<Element> CarryVisual(frames::Visual* v) {
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
    const std::optional<Eigen::Vector4d>& base =
        m.diffuse ? m.diffuse : m.ambient;
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
      auto color = [&](const char* tag,
                       const std::optional<Eigen::Vector4d>& c) {
        if (c)
          mat.children.push_back(
              Element::Leaf(tag, xml::FormatVector4(*c), m.where));
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

// Everything else of the link goes to <gazebo reference=LINK>, in
// libsdformat's vocabulary where it has one (reshape/to_urdf/gazebo_from_sdf.h).
void CarryLink(frames::Link* l, GazeboBlocks* blocks,
               frames::Diagnostics* diags) {
  std::vector<Element> sdf_only;
  std::vector<Element> urdf;  // carried URDF children, restored in the link
  for (auto& e : l->extensions) {
    if (IsCarried(e)) {
      if (UncarriedName(e) != "inertia") urdf.push_back(Restored(std::move(e)));
      continue;
    }
    sdf_only.push_back(std::move(e));
  }
  l->extensions = std::move(urdf);
  Element block;
  LinkToGazebo(std::move(sdf_only), &block);
  std::vector<ShapeContent> visuals(l->visuals.size());
  for (size_t i = 0; i < l->visuals.size(); ++i)
    visuals[i].children = CarryVisual(&l->visuals[i]);
  std::vector<ShapeContent> collisions(l->collisions.size());
  for (size_t i = 0; i < l->collisions.size(); ++i) {
    frames::Collision& c = l->collisions[i];
    std::vector<Element> urdf;
    for (auto& e : c.extensions) {
      if (IsCarried(e)) urdf.push_back(Restored(std::move(e)));
      else collisions[i].children.push_back(std::move(e));
    }
    c.extensions = std::move(urdf);
  }
  // Named (their names and places copied) only when one of them carries
  // something: shapes that all carry nothing put nothing in the block.
  const auto name = [](std::vector<ShapeContent>* shapes, const auto& from) {
    if (std::all_of(shapes->begin(), shapes->end(),
                    [](const ShapeContent& s) { return s.children.empty(); })) {
      shapes->clear();
      return;
    }
    for (size_t i = 0; i < shapes->size(); ++i) {
      (*shapes)[i].name = from[i].name;
      (*shapes)[i].where = from[i].where;
    }
  };
  name(&visuals, l->visuals);
  name(&collisions, l->collisions);
  // libsdformat applies a <visual>/<collision> child of the block to every
  // visual (collision) of the link: one name-less element when they all
  // carry the same, else one per name, which only our reader tells apart.
  for (auto [kind, shapes] : {std::pair{"visual", &visuals},
                              std::pair{"collision", &collisions}}) {
    if (ShapesToGazebo(kind, std::move(*shapes), &block)) continue;
    diags->Warning(
        frames::Code::GAZEBO_SHAPES_DIFFER,
        std::string("the ") + kind + "s of link " + Quoted(l->name) +
            " carry different SDF-only content; it is written per " + kind +
            " as <gazebo reference=\"" + l->name + "\"><" + kind +
            " name=...>, which libsdformat applies to every " + kind +
            " of the link",
        l->where);
  }
  blocks->AddToBlock(l->name, l->where, &block);
}

}  // namespace

void GazeboBlocks::AddToBlock(const std::string& reference,
                              const SourceLocation& where,
                              Element* collected) {
  if (collected->children.empty()) return;
  Element& b = Block(reference, where);
  for (auto& c : collected->children) b.children.push_back(std::move(c));
}

Element& GazeboBlocks::Block(const std::string& reference,
                             const SourceLocation& where) {
  auto [it, added] = index_.emplace(reference, blocks_.size());
  if (added) {
    Element b = MakeElement("gazebo", where);
    if (!reference.empty()) b.attributes.emplace_back("reference", reference);
    blocks_.push_back(std::move(b));
  }
  return blocks_[it->second];
}

void CarryLinkContents(const FlatModel& flat, Draft* draft,
                       frames::Diagnostics* diags) {
  for (size_t k = 0; k < draft->out.links.size(); ++k) {
    if (draft->link_src[k] >= 0)
      CarryLink(&draft->out.links[k], &draft->blocks, diags);
  }
}

// libsdformat lumps the child of a fixed joint into its parent (the link
// is gone, its <gazebo> settings overwrite the parent's). A link of the
// SDF stays a link: preserveFixedJoint. A massless link (a //frame, a
// link made here) is left to lumping: libsdformat drops a massless link
// that is not lumped, with everything below it.
// A model that came from a URDF (urdf2sdf) keeps the URDF's behaviour:
// its fixed joints were lumped before and are again.
bool FromUrdf(const FlatModel& flat) {
  frames::UrdfForm robot_form;
  for (const auto& e : flat.top->extensions) RestoreForm(e, &robot_form);
  return robot_form.Has(frames::UrdfForm::kRobot);
}

void PreserveFixedJoints(const FlatModel& flat, Draft* draft) {
  if (FromUrdf(flat)) return;
  const frames::Model& out = draft->out;
  for (size_t k = 0; k < out.joints.size(); ++k) {
    const frames::Joint& j = out.joints[k];
    // c < 0: a carried joint naming no link, which the writer reports.
    const long c = draft->tree.child_link_of_joint[k];
    if (j.type != frames::JointType::kFixed ||
        j.parent == urdf_io::kWorldLink || c < 0)
      continue;
    const auto& in = out.links[c].inertial;
    if (draft->link_src[c] < 0 || !in || !(in->mass > 0.0)) continue;
    PreserveFixedJoint(
        j.where,
        &draft->blocks.Block(j.original_name.empty() ? j.name : j.original_name,
                             j.where));
  }
}

void CarryModelLevel(const FlatModel& flat, Draft* draft,
                     frames::Diagnostics* diags) {
  const frames::Model& top = *flat.top;
  // Written last: no line of its own.
  Element& block = draft->blocks.Block("", SourceLocation{top.where.file, 0});
  if (top.is_static)
    block.children.push_back(Element::Leaf("static", "true", top.where));
  for (const auto& s : flat.scopes) {
    for (const auto& e : s->model->extensions) {
      if (!IsCarried(e)) {
        block.children.push_back(e);
      } else if (RestoreForm(e, &draft->out.urdf_form)) {
        // How the URDF wrote <robot> (attributes URDF does not define).
      } else if (UncarriedName(e) == "material") {
        // A robot-level URDF material.
        frames::Material m;
        RestoreMaterial(e, &m);
        m.where = e.where;
        draft->out.materials.push_back(std::move(m));
      } else {
        draft->restored.push_back(Restored(e));  // <gazebo>, <transmission> ...
      }
    }
    if (s->model != &top && s->model->is_static) {
      diags->Warning(
          frames::Code::NESTED_STATIC_DROPPED,
          "nested model " + Quoted(s->prefix.substr(0, s->prefix.size() - 2)) +
              " is static; URDF has no static flag for part of a "
              "robot, so its links are not fixed in simulation",
          s->model->where);
    }
  }
}

void ChooseGazeboBlocks(const FlatModel& flat, Draft* draft,
                        frames::Diagnostics* diags) {
  std::vector<Element>& restored = draft->restored;
  const frames::Model& out = draft->out;
  const auto is_gazebo = [](const Element& e) { return e.name == "gazebo"; };
  const auto first = std::find_if(restored.begin(), restored.end(), is_gazebo);
  // A URDF without <gazebo> blocks: nothing to compare unless it is one
  // (then the SDF must hold no SDF-only content for the URDF to be exact).
  if (first == restored.end() && !out.urdf_form.Has(frames::UrdfForm::kRobot))
    return;
  std::optional<std::string> difference;
  const std::vector<bool>& moved = draft->moved;
  if (!flat.top->models.empty()) {
    difference = "the model has nested models";
  } else if (auto k = std::find(moved.begin(), moved.end(), true);
             k != moved.end()) {
    difference = "link " + Quoted(out.links[k - moved.begin()].name) +
                 " is not where the URDF had it";
  } else {
    // out holds no SDF-only content: it is all in the blocks.
    frames::Model urdf = out;
    for (const auto& e : restored) {
      if (is_gazebo(e)) urdf.extensions.push_back(e);
    }
    difference = CarriedBlocksDiffer(*flat.top, std::move(urdf));
  }
  if (!difference) {
    // The URDF's own blocks, as it wrote them, and nothing made here.
    draft->blocks.Clear();
    return;
  }
  // SDF-only content added to a URDF robot that had no <gazebo> blocks:
  // written as made here, nothing carried to drop.
  if (first == restored.end()) return;
  diags->Warning(frames::Code::GAZEBO_CARRIED_STALE,
                 "the URDF <gazebo> blocks carried in <urdf:gazebo> no longer "
                 "say what the SDFormat model says (" + *difference +
                     "); they are dropped and <gazebo> blocks are written "
                     "from the SDFormat content",
                 first->where);
  restored.erase(std::remove_if(restored.begin(), restored.end(), is_gazebo),
                 restored.end());
}

void WriteBlocks(const FlatModel& flat, Draft* draft) {
  std::vector<Element>& blocks = draft->blocks.all();
  // Each block right after the element it refers to (the writer interleaves
  // by source line); the model-level block last.
  auto line = [&](const Element& b) {
    return b.where.line > 0 && b.where.file == flat.top->where.file
               ? b.where.line
               : std::numeric_limits<int>::max();
  };
  // Blocks made here only when they hold something; restored URDF elements
  // (an empty <frame .../> too) always.
  blocks.erase(std::remove_if(blocks.begin(), blocks.end(),
                              [](const Element& b) { return b.children.empty(); }),
               blocks.end());
  for (auto& e : draft->restored) blocks.push_back(std::move(e));
  for (auto& e : draft->kept_carried) blocks.push_back(std::move(e));
  std::stable_sort(blocks.begin(), blocks.end(),
                   [&](const Element& a, const Element& b) {
                     return line(a) < line(b);
                   });
  for (auto& b : blocks) {
    if (line(b) == std::numeric_limits<int>::max()) b.where.line = 0;
    draft->out.extensions.push_back(std::move(b));
  }
}

}  // namespace converter::urdf_reshape
