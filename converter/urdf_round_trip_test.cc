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
// Nothing is normalised: unnamed visuals stay unnamed, an explicit zero
// <inertial> stays, a revolute joint without finite limits stays revolute
// (urdf2sdf carries how the URDF was written in <urdf:form>).
//
// CorpusComesBackElementForElement then compares the text itself.
//
// Outside Bazel: URDF_CORPUS_DIR=../shared/corpus bazel-bin/converter/urdf_round_trip_test
#include <gtest/gtest.h>
#include <tinyxml2.h>

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "converter/sdf_to_urdf.h"
#include "converter/urdf_to_sdf.h"
#include "testing/corpus.h"
#include "testing/xml_diff.h"
#include "urdf_io/testing/urdfdom_compare.h"

namespace converter {
namespace {

using test_support::CorpusDir;
using test_support::CorpusFiles;
using test_support::ReadFile;

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
    out.insert(test_support::CanonicalXml(*e));
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
          ++back_codes[std::string(frames::CodeName(d.code))];
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

// What kind of textual difference a line of test_support::XmlTextDiff is,
// for the reviewed list testdata/urdf_round_trip_differences.txt.
std::string Category(const std::string& d) {
  auto has = [&](const char* s) { return d.find(s) != std::string::npos; };
  if (has("robot/gazebo")) return "GAZEBO";
  if (has("robot/link[world]/")) return "WORLD_LINK_CONTENT";
  if (has("/material")) return "MATERIAL_FORM";
  if (has("robot@name")) return "ROBOT_NAME";
  if (has(" text: ")) return "TEXT_CONTENT";
  if (has("/inertia@") && has(": added")) return "INERTIA_INCOMPLETE";
  if (has("/geometry/") || has("collision: missing") ||
      has("collision#") || has("visual: missing"))
    return "SHAPE_FORM";
  const size_t want = d.find("\", want \"");
  const size_t got = d.find(": \"");
  if (want != std::string::npos && got != std::string::npos && got < want) {
    // A number the URDF wrote in a form readers read leniently ("-1.57.",
    // "1, 2, 3", four numbers where three are read): the same numbers,
    // written back in the plain form. Any other changed value is VALUE.
    auto numbers = [](std::string t) {
      for (char& c : t) {
        if (c == ',') c = ' ';
      }
      std::vector<double> v;
      const char* p = t.c_str();
      char* end = nullptr;
      for (double x = std::strtod(p, &end); end != p; x = std::strtod(p, &end)) {
        v.push_back(x);
        p = end;
        if (*p == '.') ++p;
      }
      return v;
    };
    const auto g = numbers(d.substr(got + 3, want - got - 3));
    const auto w = numbers(d.substr(want + 9));
    if (!g.empty() && g.size() <= w.size() &&
        std::equal(g.begin(), g.end(), w.begin()))
      return "NUMBER_TEXT";
    return "VALUE";
  }
  return "OTHER";
}

// testdata/urdf_round_trip_differences.txt: `path CODE[,CODE...]  # reason`.
std::map<std::string, std::string> ReadDifferencesList(const std::string& path,
                                                       std::vector<std::string>* bad) {
  std::map<std::string, std::string> out;
  std::istringstream in(ReadFile(path));
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string file, codes, hash;
    fields >> file >> codes >> hash;
    if (file.empty() || codes.empty() || hash != "#") {
      bad->push_back(path + ":" + std::to_string(n) + ": want `path CODES  # reason`");
      continue;
    }
    if (!out.emplace(file, codes).second)
      bad->push_back(path + ":" + std::to_string(n) + ": " + file + " listed twice");
  }
  return out;
}

// The same round trip, compared as text: the URDF that comes back must be
// the original element for element and attribute for attribute (children
// of <robot> in any order, attributes in any order, numbers equal bit for
// bit, comments aside). A file whose differences are of kinds not carried
// yet is listed, with those kinds, in testdata/urdf_round_trip_differences.txt;
// a listed file must still differ in exactly those kinds.
TEST(UrdfRoundTripTest, CorpusComesBackElementForElement) {
  const std::string corpus = CorpusDir("URDF_CORPUS_DIR");
  ASSERT_FALSE(corpus.empty()) << "corpus not found; set URDF_CORPUS_DIR";
  std::vector<std::string> bad;
  const std::string list_path =
      test_support::Runfile("testdata/urdf_round_trip_differences.txt");
  const auto listed = ReadDifferencesList(list_path, &bad);
  for (const auto& b : bad) ADD_FAILURE() << b;
  const std::vector<std::string> files = CorpusFiles(corpus, {".urdf"});
  int compared = 0, equal = 0, as_listed = 0;
  std::map<std::string, int> kinds;
  std::set<std::string> seen;
  for (const auto& rel : files) {
    const std::string text = ReadFile(corpus + "/" + rel);
    const ConversionResult sdf = UrdfToSdf(text, rel);
    if (!sdf.ok) continue;
    const ConversionResult back = SdfToUrdf(sdf.output, rel + ".sdf");
    if (!back.ok) continue;
    ++compared;
    const std::vector<std::string> diff =
        test_support::XmlTextDiff(text, back.output);
    std::set<std::string> categories;
    for (const auto& d : diff) categories.insert(Category(d));
    for (const auto& c : categories) ++kinds[c];
    std::string codes;
    for (const auto& c : categories) codes += (codes.empty() ? "" : ",") + c;
    auto it = listed.find(rel);
    if (it != listed.end()) seen.insert(rel);
    if (diff.empty() && it == listed.end()) {
      ++equal;
      continue;
    }
    if (it != listed.end() && it->second == codes) {
      ++as_listed;
      continue;
    }
    std::string lines;
    for (size_t k = 0; k < diff.size() && k < 10; ++k) lines += "  " + diff[k] + "\n";
    ADD_FAILURE() << rel << ": " << diff.size() << " difference(s) of kinds "
                  << (codes.empty() ? "(none)" : codes) << "; listed: "
                  << (it == listed.end() ? "no" : it->second) << "\n" << lines;
  }
  for (const auto& [file, codes] : listed) {
    if (!seen.count(file))
      ADD_FAILURE() << list_path << ": " << file << " is listed but was not compared";
  }
  std::cout << "\n=== URDF -> SDF -> URDF, element for element: " << equal
            << " of " << compared << " round trips equal the original; "
            << as_listed << " differ only as listed (files per kind:";
  for (const auto& [k, n] : kinds) std::cout << " " << k << " " << n;
  std::cout << ")" << std::endl;
  EXPECT_GT(compared, 200);
}

// The URDF version fixtures (docs/versions.md, "URDF versions": testdata/urdf/
// urdf_1_*.urdf and every fixture of testdata/urdf_versions/ urdf2sdf
// accepts) come back element for element through every SDFormat version
// urdf2sdf writes: quaternions (as quat_xyzw text, also where SDFormat has
// only rpy), capsules (also where they are carried), 1.2 limits, and what a
// declared 1.0 ignores. Debian's urdfdom reads none of 1.1/1.2, so only the
// text is compared here (urdf_io:versions_test checks the poses).
TEST(UrdfRoundTripTest, VersionFixturesComeBackElementForElement) {
  std::vector<std::string> paths = {
      test_support::Runfile("testdata/urdf/urdf_1_1.urdf"),
      test_support::Runfile("testdata/urdf/urdf_1_2.urdf"),
      test_support::Runfile("testdata/urdf/urdf_1_0_newer_features.urdf")};
  const std::string dir = test_support::Runfile("testdata/urdf_versions");
  for (const auto& rel : CorpusFiles(dir, {".urdf"})) paths.push_back(dir + "/" + rel);
  int compared = 0;
  for (const auto& path : paths) {
    const std::string text = ReadFile(path);
    ASSERT_FALSE(text.empty()) << path;
    for (int v = 7; v <= 12; ++v) {
      UrdfToSdfOptions o;
      o.sdf_version = v;
      const ConversionResult sdf = UrdfToSdf(text, path, o);
      if (!sdf.ok) break;  // a refused fixture (urdf_io:versions_test)
      const ConversionResult back = SdfToUrdf(sdf.output, path + ".sdf");
      ASSERT_TRUE(back.ok) << path << " 1." << v << "\n"
                           << back.diagnostics.ToString();
      const std::vector<std::string> diff =
          test_support::XmlTextDiff(text, back.output);
      std::string lines;
      for (const auto& d : diff) lines += "  " + d + "\n";
      EXPECT_TRUE(diff.empty()) << path << " through SDFormat 1." << v
                                << ":\n" << lines << back.output;
      ++compared;
    }
  }
  EXPECT_GE(compared, 11 * 6);  // 11 accepted fixtures, 6 versions
}

}  // namespace
}  // namespace converter
