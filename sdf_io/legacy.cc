#include "sdf_io/legacy.h"

#include <cstddef>
#include <cstdlib>
#include <utility>

namespace sdf_io {
namespace {

using frames::Element;
using Path = std::vector<std::string>;
using Changes = std::vector<std::string>;

// "a::b::c" -> {"a", "b", "c"}, the path form of the .convert files.
Path Split(const std::string& s) {
  Path out;
  std::size_t start = 0;
  while (true) {
    const std::size_t next = s.find("::", start);
    out.push_back(s.substr(start, next - start));
    if (next == std::string::npos) return out;
    start = next + 2;
  }
}

// Minor version of "1.N"; -1 when `v` is not an SDFormat 1.x version.
int MinorVersion(const std::string& v) {
  if (v.size() < 3 || v.compare(0, 2, "1.") != 0) return -1;
  char* end = nullptr;
  const long minor = std::strtol(v.c_str() + 2, &end, 10);
  if (end == v.c_str() + 2 || *end != '\0' || minor < 0) return -1;
  return static_cast<int>(minor);
}

std::string Where(const Element& e) {
  if (e.where.file.empty() && e.where.line == 0) return "";
  std::string s = e.where.file.empty() ? "<string>" : e.where.file;
  if (e.where.line > 0) s += ":" + std::to_string(e.where.line);
  return s + ": ";
}

void Note(Changes* changes, const Element& at, const std::string& step,
          const std::string& what) {
  changes->push_back(Where(at) + "SDFormat " + step + ": " + what);
}

std::string NameOf(const Element& e) {
  const std::string* name = e.Attribute("name");
  return name ? " name='" + *name + "'" : "";
}

Element NewElement(const std::string& name, const frames::SourceLocation& at) {
  Element e;
  e.name = name;
  e.where = at;
  return e;
}

// The converter always takes the first child of a name, like libsdformat.
Element* FirstChild(Element* e, const std::string& name) {
  for (Element& c : e->children) {
    if (c.name == name) return &c;
  }
  return nullptr;
}

// Follows the first `n` names of `path` from `e`; null when one is missing.
Element* Walk(Element* e, const Path& path, std::size_t n) {
  for (std::size_t i = 0; i < n && e; ++i) e = FirstChild(e, path[i]);
  return e;
}

void RemoveFirstChild(Element* e, const std::string& name) {
  for (auto it = e->children.begin(); it != e->children.end(); ++it) {
    if (it->name == name) {
      e->children.erase(it);
      return;
    }
  }
}

// Sets `key` in place when present (attribute order is not meaningful, and
// this keeps verbatim output diffs small), else appends it.
void SetAttribute(Element* e, const std::string& key,
                  const std::string& value) {
  for (auto& [k, v] : e->attributes) {
    if (k == key) {
      v = value;
      return;
    }
  }
  e->attributes.emplace_back(key, value);
}

void RemoveAttribute(Element* e, const std::string& key) {
  for (auto it = e->attributes.begin(); it != e->attributes.end(); ++it) {
    if (it->first == key) {
      e->attributes.erase(it);
      return;
    }
  }
}

// libsdformat's <move>/<copy> of an element, with its quirks kept:
// - the source's parent path must exist, else nothing happens;
// - the destination's missing ancestors are then created (appended), even
//   when the source itself turns out to be absent;
// - to an element: the source is cloned, renamed and appended to the
//   destination parent (never merged with an existing element of that name);
// - to an attribute (`to_attribute` set; `to` then names the element that
//   gets it, created if missing): the source's text, unless empty;
// - a move then removes the source.
// Returns whether a value was moved or copied.
bool MoveElement(Element* root, const std::string& from, const std::string& to,
                 const std::string& to_attribute, bool copy) {
  const Path from_path = Split(from);
  const Path to_path = Split(to);
  const std::size_t from_dirs = from_path.size() - 1;
  if (!Walk(root, from_path, from_dirs)) return false;

  const std::size_t to_dirs =
      to_attribute.empty() ? to_path.size() - 1 : to_path.size();
  Element* dest = root;
  for (std::size_t i = 0; i < to_dirs; ++i) {
    Element* c = FirstChild(dest, to_path[i]);
    if (!c) {
      dest->children.push_back(NewElement(to_path[i], dest->where));
      c = &dest->children.back();
    }
    dest = c;
  }

  // Creating the destination may have reallocated the source's siblings, so
  // look the source up again; first-of-name lookups are unchanged by appends.
  Element* source =
      FirstChild(Walk(root, from_path, from_dirs), from_path.back());
  if (!source) return false;
  if (to_attribute.empty()) {
    Element clone = *source;
    clone.name = to_path.back();
    Walk(root, to_path, to_dirs)->children.push_back(std::move(clone));
  } else {
    if (source->text.empty()) return false;
    const std::string value = source->text;
    SetAttribute(Walk(root, to_path, to_dirs), to_attribute, value);
  }
  if (!copy) {
    RemoveFirstChild(Walk(root, from_path, from_dirs), from_path.back());
  }
  return true;
}

// ---- 1.3 -> 1.4 (1.4/1_3.convert) ----

void Physics13To14(Element* physics, Changes* changes) {
  const char* kStep = "1.3->1.4";
  if (MoveElement(physics, "update_rate", "real_time_update_rate", "", false)) {
    Note(changes, *physics, kStep,
         "<physics><update_rate> is now <real_time_update_rate>");
  }
  if (MoveElement(physics, "ode::solver::dt", "max_step_size", "", false)) {
    Note(changes, *physics, kStep,
         "<physics><ode><solver><dt> is now <physics><max_step_size>");
  }
  if (MoveElement(physics, "bullet::dt", "max_step_size", "", false)) {
    Note(changes, *physics, kStep,
         "<physics><bullet><dt> is now <physics><max_step_size>");
  }
}

// ---- 1.4 -> 1.5 (1.5/1_4.convert) ----

// libsdformat's <rename> of attribute `static` to an appended element.
void Actor14To15(Element* actor, Changes* changes) {
  const std::string* value = actor->Attribute("static");
  if (!value) return;
  Element e = NewElement("static", actor->where);
  e.text = *value;
  RemoveAttribute(actor, "static");
  Note(changes, *actor, "1.4->1.5",
       "<actor" + NameOf(*actor) + " static='" + e.text +
           "'> attribute is now a <static> element");
  actor->children.push_back(std::move(e));
}

// ---- 1.5 -> 1.6 (1.6/1_5.convert) ----

// Moves //world/physics/<name> into the world, appended like libsdformat.
void MoveOutOfPhysics(std::vector<Element>* world, const std::string& name,
                      Changes* changes) {
  for (Element& physics : *world) {
    if (physics.name != "physics") continue;  // only the first <physics>
    Element* e = FirstChild(&physics, name);
    if (!e) return;
    Element moved = *e;
    RemoveFirstChild(&physics, name);
    Note(changes, moved, "1.5->1.6",
         "<physics><" + name + "> moved out of <physics> into the world");
    world->push_back(std::move(moved));
    return;
  }
}

// The old <imu><noise> (one type, <rate> and <accel> parameters) becomes a
// <noise type=...> per axis under <angular_velocity> and
// <linear_acceleration>; the same operations in the same order as
// 1_5.convert, so the result is element for element libsdformat's.
bool Imu15To16(Element* imu) {
  if (!FirstChild(imu, "noise")) return false;
  // libsdformat appends both unconditionally; an existing one is where its
  // later copies go anyway, so a second, empty one would carry nothing.
  for (const char* name : {"angular_velocity", "linear_acceleration"}) {
    if (!FirstChild(imu, name)) {
      imu->children.push_back(NewElement(name, imu->where));
    }
  }
  for (const char* dir : {"angular_velocity", "linear_acceleration"}) {
    for (const char* axis : {"x", "y", "z"}) {
      MoveElement(imu, "noise::type",
                  std::string(dir) + "::" + axis + "::noise", "type",
                  /*copy=*/true);
    }
  }
  const std::pair<const char*, const char*> kGroups[] = {
      {"rate", "angular_velocity"}, {"accel", "linear_acceleration"}};
  for (const auto& [group, dir] : kGroups) {
    for (const char* param : {"mean", "stddev", "bias_mean", "bias_stddev"}) {
      for (const char* axis : {"x", "y", "z"}) {
        // The .convert files copy to x and y and move to z.
        MoveElement(imu, std::string("noise::") + group + "::" + param,
                    std::string(dir) + "::" + axis + "::noise::" + param, "",
                    /*copy=*/axis[0] != 'z');
      }
    }
  }
  // libsdformat 12's <remove> deletes every child of the name.
  auto& c = imu->children;
  for (auto it = c.begin(); it != c.end();) {
    it = it->name == "noise" ? c.erase(it) : it + 1;
  }
  return true;
}

void Sensor15To16(Element* sensor, Changes* changes) {
  for (Element& imu : sensor->children) {
    if (imu.name == "imu" && Imu15To16(&imu)) {
      Note(changes, imu, "1.5->1.6",
           "<sensor" + NameOf(*sensor) +
               "><imu><noise> is now <noise> per axis of <angular_velocity> "
               "and <linear_acceleration>");
    }
  }
}

// ---- 1.6 -> 1.7 (1.7/1_6.convert) ----

void Pose16To17(Element* pose, Changes* changes) {
  const std::string* frame = pose->Attribute("frame");
  if (!frame) return;
  const std::string value = *frame;
  if (value.empty()) {
    // libsdformat writes relative_to='' (what it later strips again for
    // inertials); empty is the default, so write nothing.
    RemoveAttribute(pose, "frame");
    RemoveAttribute(pose, "relative_to");
    Note(changes, *pose, "1.6->1.7", "<pose frame=''> attribute dropped");
    return;
  }
  RemoveAttribute(pose, "relative_to");
  for (auto& [k, v] : pose->attributes) {
    if (k == "frame") k = "relative_to";
  }
  Note(
      changes, *pose, "1.6->1.7",
      "<pose frame='" + value + "'> is now <pose relative_to='" + value + "'>");
}

// descendant_name="pose": every <pose> below, except inside <plugin>s and
// namespaced (custom) elements, which belong to whoever reads them.
void Poses16To17(std::vector<Element>* elements, Changes* changes) {
  for (Element& e : *elements) {
    if (e.name == "pose") Pose16To17(&e, changes);
    if (e.name == "plugin" || e.name.find(':') != std::string::npos) continue;
    Poses16To17(&e.children, changes);
  }
}

void ForEachNamed(std::vector<Element>* elements, const std::string& name,
                  void (*f)(Element*, Changes*), Changes* changes) {
  for (Element& e : *elements) {
    if (e.name == name) f(&e, changes);
  }
}

}  // namespace

std::vector<std::string> UpgradeToSdf17(std::vector<Element>* elements,
                                        LegacyParent parent,
                                        const std::string& from_version) {
  Changes changes;
  const int minor = MinorVersion(from_version);
  if (minor < 0 || minor >= 7) return changes;

  // The 1.2->1.3 rules are empty, so 1.0 to 1.3 all start here.
  if (minor <= 3 && parent == LegacyParent::kWorld) {
    ForEachNamed(elements, "physics", Physics13To14, &changes);
  }
  if (minor <= 4 &&
      (parent == LegacyParent::kWorld || parent == LegacyParent::kModel ||
       parent == LegacyParent::kSdf)) {
    ForEachNamed(elements, "actor", Actor14To15, &changes);
  }
  if (minor <= 5) {
    if (parent == LegacyParent::kWorld) {
      MoveOutOfPhysics(elements, "gravity", &changes);
      MoveOutOfPhysics(elements, "magnetic_field", &changes);
    }
    if (parent == LegacyParent::kLink || parent == LegacyParent::kJoint) {
      ForEachNamed(elements, "sensor", Sensor15To16, &changes);
    }
  }
  if (minor <= 6) Poses16To17(elements, &changes);
  return changes;
}

}  // namespace sdf_io
