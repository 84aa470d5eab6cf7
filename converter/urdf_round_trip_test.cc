// URDF -> SDF -> URDF over every URDF of ../shared/corpus (Bazel data
// @corpus//:urdf): converter::UrdfToSdf, then converter::SdfToUrdf. For each
// file that both urdfdom and urdf2sdf accept, urdfdom's parse of the round
// trip must equal urdfdom's parse of the original field by field (names,
// tree, origins and axes bit for bit, limits, dynamics, mimic, safety,
// calibration, geometry, materials, inertials) -- everything urdf2sdf carries
// in SDF (floating and planar joints, mimic, material names and textures,
// the original of a repaired inertia, massless links, renamed joints) comes
// back -- and every <gazebo>, <transmission> and <ros2_control> block of the
// original must be in the round trip.
//
// What does not come back yet (issue 5), and is therefore not compared:
//  - the name of a visual or collision the URDF left unnamed (urdf2sdf must
//    name it; SDF requires names);
//  - a revolute joint with limits +-1e16 (SDFormat's "no limit"), which
//    comes back continuous, as sdf2urdf writes such joints;
//  - a link with an explicit zero <inertial> rather than none (both are
//    massless; SDF says mass 0 for both);
//  - the textual form (attribute order, defaults written out such as
//    <axis xyz="1 0 0"> or limit lower="0", element order of links and
//    joints).
//
// Outside Bazel: URDF_CORPUS_DIR=../shared/corpus bazel-bin/converter/urdf_round_trip_test
#include <gtest/gtest.h>
#include <tinyxml2.h>

#include <iostream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "converter/sdf_to_urdf.h"
#include "converter/urdf_to_sdf.h"
#include "tools/testing/corpus.h"
#include "urdf_io/testing/urdfdom_compare.h"

namespace converter {
namespace {

using test_support::CorpusDir;
using test_support::CorpusFiles;
using test_support::ReadFile;

// A link without <inertial> and one with mass 0, zero inertia at the link
// origin are the same massless link; SDF writes both as mass 0, so the round
// trip cannot tell them apart (README, known limitations). Both become "no
// inertial" before comparing.
void ForgetZeroInertials(urdf::ModelInterface* model) {
  for (auto& [name, link] : model->links_) {
    const auto& in = link->inertial;
    if (!in) continue;
    const auto& o = in->origin;
    if (in->mass == 0 && in->ixx == 0 && in->ixy == 0 && in->ixz == 0 &&
        in->iyy == 0 && in->iyz == 0 && in->izz == 0 && o.position.x == 0 &&
        o.position.y == 0 && o.position.z == 0 && o.rotation.w == 1) {
      link->inertial.reset();
    }
  }
}

// sdf2urdf's rule: a revolute axis without finite limits (SDFormat's
// default +-1e16, which some URDFs write) is a continuous joint. Applied to
// the original so that the comparison expects it.
void ContinuousWhereUnlimited(urdf::ModelInterface* model) {
  for (auto& [name, j] : model->joints_) {
    if (j->type != urdf::Joint::REVOLUTE || !j->limits) continue;
    if (j->limits->lower > -1e16 || j->limits->upper < 1e16) continue;
    j->type = urdf::Joint::CONTINUOUS;
    j->limits->lower = j->limits->upper = 0;
  }
}

// Clears the names of visuals and collisions that `original` leaves
// unnamed, in `model` (the round trip), so that the comparison skips them.
void ForgetGeneratedNames(const urdf::ModelInterface& original,
                          urdf::ModelInterface* model) {
  for (auto& [name, link] : model->links_) {
    auto it = original.links_.find(name);
    if (it == original.links_.end()) continue;
    const auto& o = *it->second;
    for (size_t k = 0; k < link->visual_array.size() && k < o.visual_array.size(); ++k) {
      if (o.visual_array[k]->name.empty()) link->visual_array[k]->name.clear();
    }
    for (size_t k = 0;
         k < link->collision_array.size() && k < o.collision_array.size(); ++k) {
      if (o.collision_array[k]->name.empty())
        link->collision_array[k]->name.clear();
    }
  }
}

// An element as text without comments: name, attributes, trimmed text and
// children (comments are not content; our XML reader drops them).
std::string Canonical(const tinyxml2::XMLElement* e) {
  std::string s = "<" + std::string(e->Name());
  for (const tinyxml2::XMLAttribute* a = e->FirstAttribute(); a; a = a->Next())
    s += " " + std::string(a->Name()) + "=\"" + a->Value() + "\"";
  s += ">";
  for (const tinyxml2::XMLNode* n = e->FirstChild(); n; n = n->NextSibling()) {
    if (const tinyxml2::XMLElement* c = n->ToElement()) {
      s += Canonical(c);
    } else if (const tinyxml2::XMLText* t = n->ToText()) {
      std::string v = t->Value();
      const size_t b = v.find_first_not_of(" \t\r\n");
      const size_t end = v.find_last_not_of(" \t\r\n");
      if (b != std::string::npos) s += v.substr(b, end - b + 1);
    }
  }
  return s + "</" + e->Name() + ">";
}

// Canonical text of every <gazebo>, <transmission> and <ros2_control> block
// directly under <robot>, as a multiset.
std::multiset<std::string> Blocks(const std::string& urdf) {
  std::multiset<std::string> out;
  tinyxml2::XMLDocument doc;
  if (doc.Parse(urdf.c_str()) != tinyxml2::XML_SUCCESS) return out;
  const tinyxml2::XMLElement* robot = doc.FirstChildElement("robot");
  for (const tinyxml2::XMLElement* e = robot ? robot->FirstChildElement() : nullptr;
       e; e = e->NextSiblingElement()) {
    const std::string name = e->Name();
    if (name != "gazebo" && name != "transmission" && name != "ros2_control")
      continue;
    out.insert(Canonical(e));
  }
  return out;
}

TEST(UrdfRoundTripTest, CorpusComesBackAsUrdfdomReadsIt) {
  const std::string corpus = CorpusDir("URDF_CORPUS_DIR");
  ASSERT_FALSE(corpus.empty()) << "corpus not found; set URDF_CORPUS_DIR";
  const std::vector<std::string> files = CorpusFiles(corpus, {".urdf"});
  int compared = 0, equal = 0, not_urdfdom = 0, not_converted = 0,
      not_back = 0;
  size_t blocks = 0;
  std::map<std::string, int> back_codes;
  for (const auto& rel : files) {
    const std::string text = ReadFile(corpus + "/" + rel);
    urdf::ModelInterfaceSharedPtr original =
        urdfdom_testing::ParseWithUrdfdom(text);
    if (!original) {
      ++not_urdfdom;
      continue;
    }
    const ConversionResult sdf = UrdfToSdf(text, rel);
    if (!sdf.ok) {
      ++not_converted;
      continue;
    }
    const ConversionResult back = SdfToUrdf(sdf.output, rel + ".sdf");
    if (!back.ok) {
      // A URDF that SDFormat cannot hold as a URDF tree again (a ball
      // joint, pybullet's spherical) is refused with its reason.
      for (const auto& d : back.diagnostics.all()) {
        if (d.severity == frames::Severity::kError) {
          ++back_codes[d.code];
          break;
        }
      }
      ++not_back;
      continue;
    }
    ++compared;
    std::string why;
    urdf::ModelInterfaceSharedPtr again =
        urdfdom_testing::ParseWithUrdfdom(back.output, &why);
    if (!again) {
      ADD_FAILURE() << rel << ": urdfdom refuses the round trip: " << why;
      continue;
    }
    ForgetGeneratedNames(*original, again.get());
    ForgetZeroInertials(again.get());
    ForgetZeroInertials(original.get());
    ContinuousWhereUnlimited(original.get());
    const std::vector<std::string> diff =
        urdfdom_testing::UrdfdomDiff().Compare(*again, *original);
    const std::multiset<std::string> want = Blocks(text), got = Blocks(back.output);
    std::vector<std::string> missing;
    for (const auto& b : want) {
      if (!got.count(b)) missing.push_back(b.substr(0, 200));
    }
    blocks += want.size();
    if (diff.empty() && missing.empty()) {
      ++equal;
      continue;
    }
    std::string list;
    for (size_t k = 0; k < diff.size() && k < 20; ++k) list += "  " + diff[k] + "\n";
    for (size_t k = 0; k < missing.size() && k < 5; ++k)
      list += "  block missing: " + missing[k] + "\n";
    ADD_FAILURE() << rel << ": " << diff.size() << " difference(s), "
                  << missing.size() << " block(s) missing\n" << list;
  }
  std::cout << "\n=== URDF -> SDF -> URDF over " << files.size()
            << " corpus URDFs\n"
            << "urdfdom refuses the original: " << not_urdfdom
            << "; urdf2sdf refuses: " << not_converted
            << "; sdf2urdf refuses the SDF: " << not_back;
    for (const auto& [code, n] : back_codes) std::cout << " (" << code << " " << n << ")";
  std::cout << "\ncompared: " << compared << ", equal to urdfdom's parse of "
            << "the original: " << equal << "; kept blocks checked: "
            << blocks << std::endl;
  EXPECT_GT(compared, 200);
}

}  // namespace
}  // namespace converter
