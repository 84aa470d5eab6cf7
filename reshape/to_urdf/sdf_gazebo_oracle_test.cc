// Oracle for the <gazebo> blocks sdf2urdf writes: libsdformat 12 (Debian's,
// test-only) loads the URDF sdf2urdf made and must read back the SDF-only
// content libsdformat reads from the original SDF.
//
// Files: every testdata/sdf2urdf/*.sdf fixture that sdf2urdf converts with
// default options (the gazebo_*.sdf fixtures cover every mapping of
// reshape/to_urdf/gazebo_from_sdf.h), and every single-model document of
// ../shared/corpus (an <sdf> root with one <model> and no <world>; Bazel
// data @corpus//:sdf) that libsdformat loads and sdf2urdf converts (refusals
// are converter:sdf_to_urdf_corpus_test's business, only counted here).
//
// Compared, libsdformat's view of the original against its view of our URDF:
//   per link     sensors (name, type, pose) and lights (name, type, pose),
//                each pose in the link's inertial frame, which is the same
//                body-fixed frame on both sides even where sdf2urdf moved the
//                link frame onto its joint; plugins (name, filename);
//                self_collide, gravity, velocity_decay linear/angular;
//                every collision's surface/friction/ode mu and mu2
//   per model    static (the top-level model), plugins (name, filename) of
//                the model and its nested models
//   per joint    physics/ode cfm and erp, physics/provide_feedback, joint
//                sensors (name, type, pose as written)
// Links and joints sdf2urdf makes (frame links, J_intermediate, J_axis2,
// L_floating) have no counterpart and are not compared; //frame links are
// lumped away by libsdformat (sdf2urdf does not preserve them).
//
// Each difference gets a code naming the libsdformat limitation the test
// can see caused it (below, Codes()), or UNEXPLAINED. A (file, code) pair
// must be listed in testdata/sdf_gazebo_oracle_differences.txt with a
// reviewed reason, and each listed pair must still occur: the list cannot go
// stale. UNEXPLAINED cannot be listed.
//
// Outside Bazel: SDF_CORPUS_DIR=/work/shared/corpus
//   SDF_GAZEBO_DIFFERENCES=testdata/sdf_gazebo_oracle_differences.txt
//   bazel-bin/reshape/to_urdf/sdf_gazebo_oracle_test   (from the workspace)
// SDF_GAZEBO_MAX_FAILURES=N prints N failure lines instead of 60.

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <Eigen/Geometry>
#include <gtest/gtest.h>
#include <sdf/sdf.hh>
#include <tinyxml2.h>

#include "converter/sdf_to_urdf.h"
#include "sdf_io/testing/sdformat_loader.h"
#include "testing/corpus.h"
#include "testing/format.h"

namespace {

using sdf_oracle::FastLoadFile;
using sdf_oracle::FastLoadString;
using sdf_oracle::MakeConfig;
using sdf_oracle::ToIsometry;
using test_support::CorpusDir;
using test_support::CorpusFiles;
using test_support::IsSingleModelDocument;
using test_support::MaxDiff;
using test_support::Num;
using test_support::PoseStr;
using test_support::Runfile;

constexpr double kTol = 1e-9;
constexpr char kLumpPrefix[] = "_fixed_joint_lump__";

// The codes of libsdformat limitations, each with the evidence the test
// checks before giving it.
const std::map<std::string, std::string>& Codes() {
  static const auto* codes = new std::map<std::string, std::string>{
      {"LINK_NOT_LOADED",
       "libsdformat's model of the URDF has no such link: it drops a "
       "massless link that is not lumped, with everything below it (a "
       "universal joint's J_intermediate)"},
      {"JOINT_NOT_LOADED",
       "libsdformat's model of the URDF has no such joint (below a dropped "
       "link)"},
      {"FIXED_JOINT_LUMPED",
       "libsdformat lumps the child link of a fixed joint whose <gazebo> "
       "blocks do not ask preserveFixedJoint into its parent (sdf2urdf asks "
       "it for every link of the SDF unless it writes a URDF's own blocks "
       "back verbatim)"},
      {"COLLISION_NOT_APPLIED",
       "libsdformat names the collision LINK_fixed_joint_lump__..., because "
       "its URDF name does not start with the link's name, and then applies "
       "none of the link's <gazebo> collision content to it"},
      {"COLLISION_NOT_IN_URDF",
       "the collision has no URDF geometry (plane ...), so it is carried "
       "only in <gazebo>, where libsdformat does not make a collision of it"},
      {"COLLISIONS_DIFFER",
       "the link's collisions carry different content, written per name "
       "(GAZEBO_SHAPES_DIFFER); libsdformat applies each to every collision"},
      {"URDF_FLOATING_JOINT",
       "libsdformat does not load the URDF at all: it makes no joint of a "
       "floating joint (L_floating, for a free link) but still poses the "
       "child link relative_to it (POSE_RELATIVE_TO_INVALID)"},
      {"JOINT_PHYSICS_UNREAD",
       "the joint's <physics> content without a keyword is a second "
       "<physics>; libsdformat reads the first, which it makes itself"},
  };
  return *codes;
}

// ---------------------------------------------------------------------------
// What libsdformat reads: facts under keys, with the evidence for codes.

struct Fact {
  std::string text;
  std::optional<Eigen::Isometry3d> pose;
};

struct View {
  std::map<std::string, Fact> facts;
  std::set<std::string> links, joints;
  // "L/collision:C" -> libsdformat's name of that collision (URDF side).
  std::map<std::string, std::string> collision_names;
  // A second reading of such a key (UrdfCollisionNames).
  std::map<std::string, std::string> collision_alias;
  std::set<std::string> joints_with_two_physics;
  int sensors = 0, lights = 0, plugins = 0, collisions = 0, joint_count = 0;
};

std::string Attr(const sdf::ElementPtr& e, const std::string& key) {
  const sdf::ParamPtr a = e->GetAttribute(key);
  return a ? a->GetAsString() : std::string();
}

std::string Bool(bool b) { return b ? "true" : "false"; }

// The children of `e` named `name`.
std::vector<sdf::ElementPtr> Children(const sdf::ElementPtr& e,
                                      const std::string& name) {
  std::vector<sdf::ElementPtr> out;
  if (!e->HasElement(name)) return out;
  for (sdf::ElementPtr c = e->GetElement(name); c;
       c = c->GetNextElement(name)) {
    out.push_back(c);
  }
  return out;
}

void Plugins(const sdf::ElementPtr& e, const std::string& key, View* v) {
  for (const auto& p : Children(e, "plugin")) {
    v->facts[key + "/plugin:" + Attr(p, "name")] = {Attr(p, "filename"), {}};
    ++v->plugins;
  }
}

// libsdformat names a URDF collision NAME (the link's when the URDF gave
// none) NAME_collision[_K], prefixed LINK_fixed_joint_lump__ unless that
// starts with the link's name. So a name LINK_fixed_joint_lump__REST... is
// either the prefixed REST or a NAME that started so: both candidates, the
// prefix kept first; ResolveCollisionNames picks the one the SDF has.
std::vector<std::string> UrdfCollisionNames(const std::string& link,
                                            std::string n) {
  const size_t at = n.rfind("_collision");
  if (at != std::string::npos) {
    const std::string tail = n.substr(at + 10);
    if (tail.empty() ||
        (tail[0] == '_' && tail.size() > 1 &&
         tail.find_first_not_of("0123456789", 1) == std::string::npos)) {
      n = n.substr(0, at);
    }
  }
  std::vector<std::string> names = {n};
  const std::string lump = link + kLumpPrefix;
  if (n.compare(0, lump.size(), lump) == 0) names.push_back(n.substr(lump.size()));
  return names;
}

void LinkFacts(const sdf::Link& l, const std::string& key, bool urdf,
               View* v) {
  v->links.insert(key);
  const sdf::ElementPtr e = l.Element();
  auto& f = v->facts;
  f[key + "/self_collide"] = {Bool(e->Get<bool>("self_collide")), {}};
  f[key + "/gravity"] = {Bool(e->Get<bool>("gravity")), {}};
  const sdf::ElementPtr decay = e->GetElement("velocity_decay");
  f[key + "/velocity_decay"] = {Num(decay->Get<double>("linear")) + " " +
                                    Num(decay->Get<double>("angular")),
                                {}};
  // Poses in the inertial frame I: the same body-fixed frame on both sides.
  const Eigen::Isometry3d X_IL = ToIsometry(l.Inertial().Pose()).inverse();
  for (uint64_t k = 0; k < l.SensorCount(); ++k) {
    const sdf::Sensor* s = l.SensorByIndex(k);
    ignition::math::Pose3d X_LS = s->RawPose();
    const bool resolved = s->SemanticPose().Resolve(X_LS).empty();
    f[key + "/sensor:" + s->Name()] = {
        Attr(s->Element(), "type") + (resolved ? "" : " (pose unresolved)"),
        X_IL * ToIsometry(X_LS)};
    ++v->sensors;
  }
  for (uint64_t k = 0; k < l.LightCount(); ++k) {
    const sdf::Light* s = l.LightByIndex(k);
    ignition::math::Pose3d X_LS = s->RawPose();
    const bool resolved = s->SemanticPose().Resolve(X_LS).empty();
    f[key + "/light:" + s->Name()] = {
        Attr(s->Element(), "type") + (resolved ? "" : " (pose unresolved)"),
        X_IL * ToIsometry(X_LS)};
    ++v->lights;
  }
  Plugins(e, key, v);
  for (uint64_t k = 0; k < l.CollisionCount(); ++k) {
    const sdf::Collision* c = l.CollisionByIndex(k);
    std::string ck = key + "/collision:" + c->Name();
    if (urdf) {
      const auto names = UrdfCollisionNames(key, c->Name());
      ck = key + "/collision:" + names[0];
      if (names.size() > 1) v->collision_alias[ck] = key + "/collision:" + names[1];
      v->collision_names[ck] = c->Name();
    }
    const sdf::ElementPtr ode = c->Element()
                                    ->GetElement("surface")
                                    ->GetElement("friction")
                                    ->GetElement("ode");
    f[ck + "/mu"] = {Num(ode->Get<double>("mu")), {}};
    f[ck + "/mu2"] = {Num(ode->Get<double>("mu2")), {}};
    ++v->collisions;
  }
}

void JointFacts(const sdf::Joint& j, const std::string& key, View* v) {
  v->joints.insert(key);
  const sdf::ElementPtr e = j.Element();
  if (Children(e, "physics").size() > 1) v->joints_with_two_physics.insert(key);
  const sdf::ElementPtr physics = e->GetElement("physics");
  const sdf::ElementPtr ode = physics->GetElement("ode");
  auto& f = v->facts;
  f[key + "/physics/ode/cfm"] = {Num(ode->Get<double>("cfm")), {}};
  f[key + "/physics/ode/erp"] = {Num(ode->Get<double>("erp")), {}};
  f[key + "/physics/provide_feedback"] = {
      Bool(physics->Get<bool>("provide_feedback")), {}};
  // libsdformat 12 gives a joint's sensors no pose graph: as written.
  for (uint64_t k = 0; k < j.SensorCount(); ++k) {
    const sdf::Sensor* s = j.SensorByIndex(k);
    f[key + "/sensor:" + s->Name()] = {
        Attr(s->Element(), "type") + " relative_to '" + s->PoseRelativeTo() +
            "'",
        ToIsometry(s->RawPose())};
    ++v->sensors;
  }
}

void ModelFacts(const sdf::Model& m, const std::string& prefix, bool urdf,
                View* v) {
  for (uint64_t k = 0; k < m.LinkCount(); ++k) {
    const sdf::Link* l = m.LinkByIndex(k);
    LinkFacts(*l, prefix + l->Name(), urdf, v);
  }
  for (uint64_t k = 0; k < m.JointCount(); ++k) {
    const sdf::Joint* j = m.JointByIndex(k);
    JointFacts(*j, prefix + j->Name(), v);
  }
  Plugins(m.Element(), "model", v);
  for (uint64_t k = 0; k < m.ModelCount(); ++k) {
    const sdf::Model* n = m.ModelByIndex(k);
    ModelFacts(*n, prefix + n->Name() + "::", urdf, v);
  }
}

struct Loaded {
  std::optional<View> view;
  std::string error;
};

Loaded Load(sdf::Root* root, const sdf::Errors& errors, bool urdf) {
  Loaded out;
  if (!errors.empty()) {
    std::ostringstream os;
    os << errors[0];
    out.error = test_support::OneLine(os.str(), 300);
    return out;
  }
  const sdf::Model* m = root->Model();
  if (!m) {
    out.error = "no model";
    return out;
  }
  View v;
  v.facts["model/static"] = {Bool(m->Static()), {}};
  ModelFacts(*m, "", urdf, &v);
  out.view = std::move(v);
  return out;
}

// sdf::Root::Load(path) and LoadSdfString(text) do what these do, with a
// fresh description of SDFormat each time (sdf::init, 50 ms); these run
// sdf::init once (sdf_io/testing/sdformat_loader.h; four times faster over
// the corpus). LoadsLikeRootLoad checks that they read what Root::Load reads.
Loaded LoadSdfFile(const std::string& path,
                   const std::vector<std::string>& model_paths) {
  sdf::Root root;
  const sdf::Errors errors = FastLoadFile(&root, path, MakeConfig(model_paths));
  return Load(&root, errors, false);
}

Loaded LoadUrdfText(const std::string& urdf) {
  sdf::Root root;
  const sdf::Errors errors =
      FastLoadString(&root, urdf, sdf::ParserConfig::GlobalConfig());
  return Load(&root, errors, true);
}

// The same with sdf::Root's own loading.
Loaded RootLoadSdfFile(const std::string& path) {
  sdf::Root root;
  const sdf::Errors errors = root.Load(path);
  return Load(&root, errors, false);
}

Loaded RootLoadUrdfText(const std::string& urdf) {
  sdf::Root root;
  const sdf::Errors errors = root.LoadSdfString(urdf);
  return Load(&root, errors, true);
}

// ---------------------------------------------------------------------------
// The comparison.

struct Difference {
  std::string code;
  std::string what;
};

// The entity a fact key belongs to: "link:L", "joint:J" are not written in
// keys; a key is ENTITY/... where ENTITY is a link, joint or "model".
std::string Entity(const std::string& key) { return key.substr(0, key.find('/')); }

// True when libsdformat refused the URDF because a link's pose is
// relative_to a floating joint of the URDF, which libsdformat drops (it
// makes no joint of a floating one but still poses the child link on it).
bool FloatingJointLink(const std::string& error, const std::string& urdf) {
  const std::string head = "relative_to name[";
  const size_t at = error.find(head);
  if (at == std::string::npos) return false;
  const size_t end = error.find(']', at + head.size());
  const std::string joint = error.substr(at + head.size(), end - at - head.size());
  tinyxml2::XMLDocument doc;
  if (doc.Parse(urdf.c_str()) != tinyxml2::XML_SUCCESS) return false;
  for (const auto* j = doc.RootElement()->FirstChildElement("joint"); j;
       j = j->NextSiblingElement("joint")) {
    const char* name = j->Attribute("name");
    const char* type = j->Attribute("type");
    if (name && type && joint == name && std::string(type) == "floating") return true;
  }
  return false;
}

// Links whose collisions sdf2urdf wrote per name (its GAZEBO_SHAPES_DIFFER
// warning), flat names.
std::set<std::string> CollisionsDiffer(const frames::Diagnostics& diags) {
  std::set<std::string> out;
  const std::string head = "the collisions of link '";
  for (const auto& d : diags.all()) {
    if (d.code != frames::Code::GAZEBO_SHAPES_DIFFER) continue;
    if (d.message.compare(0, head.size(), head) != 0) continue;
    const size_t end = d.message.find('\'', head.size());
    out.insert(d.message.substr(head.size(), end - head.size()));
  }
  return out;
}

std::string Show(const Fact& f) {
  return "'" + f.text + "'" + (f.pose ? " at " + PoseStr(*f.pose) : "");
}

// Renames the URDF side's collision keys to the candidate the SDF has.
void ResolveCollisionNames(const View& sdf, View* urdf) {
  for (const auto& [first, second] : urdf->collision_alias) {
    if (sdf.facts.count(first + "/mu") || !sdf.facts.count(second + "/mu")) continue;
    for (const char* leaf : {"/mu", "/mu2"}) {
      auto node = urdf->facts.extract(first + leaf);
      node.key() = second + leaf;
      urdf->facts.insert(std::move(node));
    }
    urdf->collision_names[second] = urdf->collision_names[first];
    urdf->collision_names.erase(first);
  }
  urdf->collision_alias.clear();
}

// The fixed joints of a URDF that libsdformat lumps (no preserveFixedJoint
// in their <gazebo> blocks, parent not `world`), and their child links.
std::set<std::string> Lumped(const std::string& urdf) {
  std::set<std::string> out, preserved;
  tinyxml2::XMLDocument doc;
  if (doc.Parse(urdf.c_str()) != tinyxml2::XML_SUCCESS) return out;
  const tinyxml2::XMLElement* robot = doc.RootElement();
  for (const auto* g = robot->FirstChildElement("gazebo"); g;
       g = g->NextSiblingElement("gazebo")) {
    const auto* p = g->FirstChildElement("preserveFixedJoint");
    const char* ref = g->Attribute("reference");
    if (p && ref && p->GetText() && std::string(p->GetText()) == "true")
      preserved.insert(ref);
  }
  for (const auto* j = robot->FirstChildElement("joint"); j;
       j = j->NextSiblingElement("joint")) {
    const char* name = j->Attribute("name");
    const char* type = j->Attribute("type");
    const auto* parent = j->FirstChildElement("parent");
    const auto* child = j->FirstChildElement("child");
    if (!name || !type || std::string(type) != "fixed" || !parent || !child ||
        preserved.count(name) || !child->Attribute("link") ||
        !parent->Attribute("link") || std::string(parent->Attribute("link")) == "world")
      continue;
    out.insert(name);
    out.insert(child->Attribute("link"));
  }
  return out;
}

std::vector<Difference> Compare(const View& sdf, View urdf,
                                const std::set<std::string>& collisions_differ,
                                const std::set<std::string>& lumped = {}) {
  ResolveCollisionNames(sdf, &urdf);
  std::vector<Difference> out;
  auto code_for = [&](const std::string& key) -> std::string {
    const std::string entity = Entity(key);
    if (entity != "model" && lumped.count(entity) && !urdf.links.count(entity) &&
        !urdf.joints.count(entity)) {
      return "FIXED_JOINT_LUMPED";
    }
    if (entity != "model" && sdf.links.count(entity) && !urdf.links.count(entity))
      return "LINK_NOT_LOADED";
    if (entity != "model" && sdf.joints.count(entity) && !urdf.joints.count(entity))
      return "JOINT_NOT_LOADED";
    if (urdf.joints_with_two_physics.count(entity) &&
        key.find("/physics/") != std::string::npos) {
      return "JOINT_PHYSICS_UNREAD";
    }
    const size_t c = key.find("/collision:");
    if (c != std::string::npos) {
      if (collisions_differ.count(entity)) return "COLLISIONS_DIFFER";
      const std::string ck = key.substr(0, key.find('/', c + 1));
      const auto it = urdf.collision_names.find(ck);
      if (it == urdf.collision_names.end()) return "COLLISION_NOT_IN_URDF";
      if (it->second.find(kLumpPrefix) != std::string::npos)
        return "COLLISION_NOT_APPLIED";
    }
    return "UNEXPLAINED";
  };
  for (const auto& [key, f] : sdf.facts) {
    const auto it = urdf.facts.find(key);
    if (it == urdf.facts.end()) {
      out.push_back({code_for(key), key + ": " + Show(f) +
                                        " in the SDF, nothing in the URDF"});
      continue;
    }
    const Fact& g = it->second;
    const bool same = f.text == g.text && f.pose.has_value() == g.pose.has_value() &&
                      (!f.pose || MaxDiff(*f.pose, *g.pose) <= kTol);
    if (!same) {
      out.push_back({code_for(key), key + ": SDF " + Show(f) + ", URDF " + Show(g)});
    }
  }
  // What the URDF has more, on links and joints of the SDF (made ones have
  // no counterpart).
  for (const auto& [key, g] : urdf.facts) {
    if (sdf.facts.count(key)) continue;
    const std::string entity = Entity(key);
    if (entity != "model" && !sdf.links.count(entity) && !sdf.joints.count(entity))
      continue;
    out.push_back({"UNEXPLAINED", key + ": " + Show(g) + " in the URDF, nothing in the SDF"});
  }
  return out;
}

// ---------------------------------------------------------------------------
// The reviewed list: `relative/path CODE  # reason`, a file once per code.

std::map<std::pair<std::string, std::string>, std::string> ReadList(
    const std::string& path, std::vector<std::string>* bad) {
  std::map<std::pair<std::string, std::string>, std::string> out;
  test_support::ForEachReviewedLine(
      path, 2, "path CODE  # reason", bad,
      [&](const test_support::ReviewedLine& l) {
        const std::string& file = l.fields[0];
        const std::string& code = l.fields[1];
        if (!Codes().count(code)) {
          bad->push_back(l.where + "unknown code " + code);
        } else if (!l.HasReason()) {
          bad->push_back(l.where + "no reason given");
        } else if (!out.emplace(std::pair{file, code}, l.reason).second) {
          bad->push_back(l.where + file + " " + code + " listed twice");
        }
      });
  return out;
}

std::string Joined(const std::vector<std::string>& lines, size_t max) {
  std::string s;
  for (size_t k = 0; k < lines.size() && k < max; ++k) s += lines[k] + "\n";
  if (lines.size() > max) s += "... " + std::to_string(lines.size() - max) + " more\n";
  return s;
}

struct Input {
  std::string rel;   // the name in the list
  std::string path;  // to read
};

TEST(SdfGazeboOracleTest, CompareFindsDifferences) {
  // A fixture's URDF with one value changed in each kind of block must fail
  // the comparison, each difference named.
  const std::string path = Runfile("testdata/sdf2urdf/gazebo_link.sdf");
  const converter::ConversionResult r = converter::SdfFileToUrdf(path, {});
  ASSERT_TRUE(r.ok) << r.diagnostics.ToString();
  const Loaded sdf = LoadSdfFile(path, {});
  ASSERT_TRUE(sdf.view) << sdf.error;
  const Loaded same = LoadUrdfText(r.output);
  ASSERT_TRUE(same.view) << same.error;
  EXPECT_TRUE(Compare(*sdf.view, *same.view, {}).empty());

  auto changed = [&](const std::string& from, const std::string& to) {
    std::string text = r.output;
    const size_t at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at != std::string::npos) text.replace(at, from.size(), to);
    const Loaded u = LoadUrdfText(text);
    EXPECT_TRUE(u.view) << u.error;
    std::string all;
    if (u.view) {
      for (const auto& d : Compare(*sdf.view, *u.view, {}))
        all += d.code + " " + d.what + "\n";
    }
    return all;
  };
  EXPECT_NE(changed("<selfCollide>true", "<selfCollide>false")
                .find("UNEXPLAINED base/self_collide: SDF 'true', URDF 'false'"),
            std::string::npos);
  EXPECT_NE(changed("<turnGravityOff>true", "<turnGravityOff>false")
                .find("base/gravity"),
            std::string::npos);
  EXPECT_NE(changed("<mu1>", "<mu1>1").find("base/collision:base_box/mu:"),
            std::string::npos);
  EXPECT_NE(changed("<sensor name=\"imu\"", "<sensor name=\"imu2\"")
                .find("base/sensor:imu: "),
            std::string::npos);
  EXPECT_NE(changed("<pose>0.1 0 0", "<pose>0.2 0 0").find("/sensor:"),
            std::string::npos);
}

// Every fact both ways of loading give, equal.
std::string SameView(const Loaded& a, const Loaded& b) {
  if (!a.view || !b.view) {
    return !a.view && !b.view && a.error == b.error
               ? ""
               : "not loaded: " + a.error + " / " + b.error;
  }
  if (a.view->facts.size() != b.view->facts.size()) return "fact counts differ";
  for (const auto& [key, f] : a.view->facts) {
    const auto it = b.view->facts.find(key);
    if (it == b.view->facts.end()) return key + " missing";
    if (f.text != it->second.text || f.pose.has_value() != it->second.pose.has_value() ||
        (f.pose && MaxDiff(*f.pose, *it->second.pose) != 0.0)) {
      return key + ": " + Show(f) + " vs " + Show(it->second);
    }
  }
  return "";
}

TEST(SdfGazeboOracleTest, LoadsLikeRootLoad) {
  sdf::Console::Instance()->SetQuiet(true);
  const std::string fixtures = Runfile("testdata/sdf2urdf");
  int compared = 0;
  for (const std::string& rel : CorpusFiles(fixtures, {".sdf"})) {
    const std::string path = fixtures + "/" + rel;
    const Loaded fresh = RootLoadSdfFile(path);
    const Loaded reused = LoadSdfFile(path, {});
    EXPECT_EQ(fresh.view.has_value(), reused.view.has_value()) << rel;
    if (!fresh.view) continue;
    EXPECT_EQ(SameView(fresh, reused), "") << rel;
    converter::SdfToUrdfOptions as_1_0;  // what urdfdom 3 reads
    as_1_0.urdf_version = "1.0";
    const converter::ConversionResult r = converter::SdfFileToUrdf(path, as_1_0);
    if (!r.ok) continue;
    EXPECT_EQ(SameView(RootLoadUrdfText(r.output), LoadUrdfText(r.output)), "") << rel;
    ++compared;
  }
  EXPECT_GT(compared, 10);
}

TEST(SdfGazeboOracleTest, FixturesAndCorpusReadBackInLibsdformat) {
  sdf::Console::Instance()->SetQuiet(true);
  std::vector<Input> inputs;
  const std::string fixtures = Runfile("testdata/sdf2urdf");
  test_support::CorpusSample sample;
  for (const std::string& rel : CorpusFiles(fixtures, {".sdf"})) {
    inputs.push_back({"testdata/sdf2urdf/" + rel, fixtures + "/" + rel});
    sample.Keep("testdata/sdf2urdf/" + rel);
  }
  const size_t fixture_count = inputs.size();
  const std::string corpus = CorpusDir("SDF_CORPUS_DIR");
  ASSERT_FALSE(corpus.empty()) << "corpus not found in runfiles; set SDF_CORPUS_DIR";
  for (const std::string& rel :
       sample.Take(CorpusFiles(corpus, {".sdf", ".world"}))) {
    if (IsSingleModelDocument(corpus + "/" + rel)) inputs.push_back({rel, corpus + "/" + rel});
  }
  const std::vector<std::string> model_paths =
      test_support::CorpusModelPaths(corpus);

  const char* list_env = std::getenv("SDF_GAZEBO_DIFFERENCES");
  const std::string list_path =
      list_env ? list_env : Runfile("testdata/sdf_gazebo_oracle_differences.txt");
  std::vector<std::string> failures;
  const auto listed = ReadList(list_path, &failures);
  size_t max_failures = 60;
  if (const char* m = std::getenv("SDF_GAZEBO_MAX_FAILURES"))
    max_failures = std::strtoul(m, nullptr, 10);

  double seconds[3] = {0, 0, 0};  // libsdformat SDF, sdf2urdf, libsdformat URDF
  std::vector<std::string> not_loaded;
  int refused = 0, compared = 0, clean = 0, facts = 0, links = 0;
  View totals;
  std::map<std::string, int> by_code;
  std::set<std::pair<std::string, std::string>> seen;
  std::vector<std::string> actual_list;
  for (size_t n = 0; n < inputs.size(); ++n) {
    const Input& in = inputs[n];
    const bool fixture = n < fixture_count;
    auto t0 = std::chrono::steady_clock::now();
    const Loaded sdf = LoadSdfFile(in.path, fixture ? std::vector<std::string>{}
                                                    : model_paths);
    auto t1 = std::chrono::steady_clock::now();
    seconds[0] += std::chrono::duration<double>(t1 - t0).count();
    if (!sdf.view) {
      // libsdformat refuses the original (fixtures: on purpose). Checked
      // with Root::Load, in case the reused description misled the read.
      not_loaded.push_back(in.rel + ": " + sdf.error);
      sdf::Root root;
      if (sdf.error != "no model" &&
          root.Load(in.path, MakeConfig(fixture ? std::vector<std::string>{}
                                                : model_paths)).empty()) {
        failures.push_back(in.rel + ": sdf::Root::Load loads it, the test's "
                           "loading (reused description) does not: " + sdf.error);
      }
      continue;
    }
    converter::SdfToUrdfOptions options;
    // libsdformat 12 reads URDF with Debian's urdfdom 3, which reads 1.0
    // only: written as 1.0 (a capsule carried in <gazebo>; no pose changes).
    options.urdf_version = "1.0";
    if (!fixture) options.model_paths = model_paths;
    const converter::ConversionResult r = converter::SdfFileToUrdf(in.path, options);
    auto t2 = std::chrono::steady_clock::now();
    seconds[1] += std::chrono::duration<double>(t2 - t1).count();
    if (!r.ok) {
      ++refused;
      continue;
    }
    const Loaded urdf = LoadUrdfText(r.output);
    seconds[2] += std::chrono::duration<double>(std::chrono::steady_clock::now() - t2).count();
    std::vector<Difference> diffs;
    if (!urdf.view) {
      diffs.push_back({FloatingJointLink(urdf.error, r.output) ? "URDF_FLOATING_JOINT"
                                                               : "UNEXPLAINED",
                       "libsdformat does not load the URDF: " + urdf.error});
    } else {
      ++compared;
      facts += sdf.view->facts.size();
      totals.sensors += sdf.view->sensors;
      totals.lights += sdf.view->lights;
      totals.plugins += sdf.view->plugins;
      totals.collisions += sdf.view->collisions;
      totals.joint_count += sdf.view->joints.size();
      links += sdf.view->links.size();
      diffs = Compare(*sdf.view, *urdf.view, CollisionsDiffer(r.diagnostics),
                      Lumped(r.output));
      if (diffs.empty()) ++clean;
    }
    std::map<std::string, std::vector<std::string>> by_file_code;
    for (const auto& d : diffs) by_file_code[d.code].push_back(d.what);
    for (const auto& [code, whats] : by_file_code) {
      ++by_code[code];
      seen.insert({in.rel, code});
      actual_list.push_back(in.rel + " " + code);
      if (code != "UNEXPLAINED" && listed.count({in.rel, code})) continue;
      // One line per file and code: the count and the first few.
      std::string line = in.rel + ": [" + code + "] " + std::to_string(whats.size()) +
                         " difference(s): ";
      for (size_t k = 0; k < whats.size() && k < 3; ++k) line += (k ? "; " : "") + whats[k];
      failures.push_back(line);
    }
  }
  for (const auto& [entry, reason] : listed) {
    if (!seen.count(entry) && sample.Has(entry.first)) {
      failures.push_back(list_path + " lists " + entry.first + " " + entry.second +
                         ", which has no such difference (any more)");
    }
  }
  std::cout << "Not loaded by libsdformat (skipped):\n" << Joined(not_loaded, 100);
  std::cout << "inputs: " << inputs.size() << " (fixtures " << fixture_count
            << "), not loaded by libsdformat: " << not_loaded.size()
            << ", refused by sdf2urdf: " << refused << ", compared: " << compared
            << " (equal: " << clean << ")\n"
            << "facts compared: " << facts << " (links " << links << ", joints "
            << totals.joint_count
            << ", sensors " << totals.sensors << ", lights " << totals.lights
            << ", plugins " << totals.plugins << ", collisions "
            << totals.collisions << ")\n"
            << "seconds: libsdformat SDF " << seconds[0] << ", sdf2urdf "
            << seconds[1] << ", libsdformat URDF " << seconds[2] << "\n";
  for (const auto& [code, count] : by_code) {
    std::cout << "  files with " << code << ": " << count << "\n";
  }
  if (!failures.empty()) {
    std::cout << "Differences (list format, reasons to be reviewed):\n";
    for (const auto& l : actual_list) std::cout << l << "\n";
  }
  EXPECT_TRUE(failures.empty()) << failures.size() << " failures:\n"
                                << Joined(failures, max_failures);
  EXPECT_GT(compared * static_cast<int>(sample.step()), 100);
}

}  // namespace
