// What URDF cannot hold comes back in Gazebo: each fixture of
// testdata/sdf2urdf listed below (kinematic loops cut at a joint carried in
// the robot's <gazebo> block, ...) is converted with sdf2urdf, the URDF is
// checked by urdfdom (as check_urdf parses it), and read back twice:
//   - by libsdformat 12 (test-only oracle), as Gazebo reads a URDF;
//   - by our urdf2sdf, whose SDF libsdformat then loads.
// Both readings must have the original SDF's joints (type, parent, child,
// axis direction, limits) and every link, visual, collision and inertial at
// the same place, within 1e-9 (joint frames too; link frames may move onto
// their joints, as URDF places them). Places are compared in the frame of the
// model's first link (the URDF root here), since a URDF has no model frame of
// its own. Visuals and collisions are compared per link as lists of poses,
// as libsdformat renames a URDF's visuals.
//
// What libsdformat's URDF reader cannot restore, and is allowed on its
// reading only (our urdf2sdf must restore it exactly):
//   - limits SDFormat leaves open (infinite bounds, effort and velocity
//     absent, negative or infinite): the URDF holds 1e16 (SDFormat's "no
//     limit" before 1.10), libsdformat reads only the joint's first <axis>
//     and so not the carried SDF values in <gazebo reference="JOINT">;
//   - visuals and collisions without geometry (an empty one): carried in
//     <gazebo reference="LINK">, which libsdformat merges into the link's
//     other visuals (collisions) instead of adding them.
// Bounds of a continuous joint mean nothing; ±1e16 and ±inf are alike there.
#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <Eigen/Geometry>
#include <gtest/gtest.h>
#include <sdf/sdf.hh>

#include "converter/sdf_to_urdf.h"
#include "converter/urdf_to_sdf.h"
#include "sdf_io/testing/sdformat_loader.h"
#include "sdf_io/testing/sdformat_oracle.h"
#include "testing/corpus.h"
#include "urdf_io/testing/urdfdom_compare.h"

namespace {

using Eigen::Isometry3d;
using Eigen::Vector3d;

constexpr double kTol = 1e-9;

struct JointFacts {
  std::string type, parent, child;
  Vector3d axis = Vector3d::Zero();  // in the reference frame; zero: none
  std::vector<double> limits;        // lower, upper, effort, velocity
  std::string reference;             // a gearbox's reference body
  std::optional<Isometry3d> X_BJ;    // the joint frame
};

struct Facts {
  std::string root;                     // the reference link
  // X_BL. Not compared: sdf2urdf moves link frames onto their joints (the
  // links' contents stay in place, and those are compared).
  std::map<std::string, Isometry3d> links;
  std::map<std::string, std::vector<Isometry3d>> shapes;  // "L/visual" ...
  // The same without the shapes of empty geometry.
  std::map<std::string, std::vector<Isometry3d>> shapes_with_geometry;
  std::map<std::string, sdf_oracle::InertialInfo> inertials;
  std::map<std::string, JointFacts> joints;
};

std::string Joined(const std::string& prefix, const std::string& name,
                   const std::string& sep) {
  return prefix.empty() ? name : prefix + sep + name;
}

// `name` with each "::" replaced by `sep`.
std::string Rejoined(std::string name, const std::string& sep) {
  for (size_t p = 0; (p = name.find("::", p)) != std::string::npos;
       p += sep.size())
    name.replace(p, 2, sep);
  return name;
}

// Snapshot keys ("M::L/visual:V") of the visuals and collisions of `m` and
// its nested models whose geometry is empty.
void CollectEmptyShapes(const sdf::Model& m, const std::string& key_prefix,
                        std::set<std::string>* out) {
  for (uint64_t k = 0; k < m.LinkCount(); ++k) {
    const sdf::Link* l = m.LinkByIndex(k);
    const std::string key = key_prefix + "::" + l->Name();
    for (uint64_t i = 0; i < l->VisualCount(); ++i) {
      const sdf::Visual* v = l->VisualByIndex(i);
      if (v->Geom()->Type() == sdf::GeometryType::EMPTY)
        out->insert(key + "/visual:" + v->Name());
    }
    for (uint64_t i = 0; i < l->CollisionCount(); ++i) {
      const sdf::Collision* c = l->CollisionByIndex(i);
      if (c->Geom()->Type() == sdf::GeometryType::EMPTY)
        out->insert(key + "/collision:" + c->Name());
    }
  }
  for (uint64_t k = 0; k < m.ModelCount(); ++k) {
    const sdf::Model* n = m.ModelByIndex(k);
    CollectEmptyShapes(*n, key_prefix + "::" + n->Name(), out);
  }
}

// Joints of model `m` and its nested models, by their URDF name (scopes
// joined by `sep`).
void CollectJoints(const sdf::Model& m, const std::string& prefix,
                   const std::string& sep, const std::string& key_prefix,
                   const sdf_oracle::Snapshot& s, const Isometry3d& X_BR,
                   std::map<std::string, JointFacts>* out) {
  for (uint64_t k = 0; k < m.JointCount(); ++k) {
    const sdf::Joint* j = m.JointByIndex(k);
    JointFacts f;
    static const char* kTypes[] = {"invalid",  "ball",    "continuous",
                                   "fixed",    "gearbox", "prismatic",
                                   "revolute", "revolute2", "screw",
                                   "universal"};
    const int t = static_cast<int>(j->Type());
    f.type = t >= 0 && t < 10 ? kTypes[t] : "?";
    auto scoped = [&](const std::string& n) {
      if (n == "world") return n;
      std::string s = n;
      s = Rejoined(s, sep);
      return Joined(prefix, s, sep);
    };
    f.parent = scoped(j->ParentLinkName());
    f.child = scoped(j->ChildLinkName());
    if (const sdf::ElementPtr e = j->Element();
        e && e->HasElement("gearbox_reference_body"))
      f.reference = scoped(e->Get<std::string>("gearbox_reference_body"));
    const std::string key = key_prefix + "::" + j->Name();
    if (auto p = s.poses.find(key); p != s.poses.end())
      f.X_BJ = X_BR * p->second;
    if (auto a = s.axes.find(key + "/axis"); a != s.axes.end())
      f.axis = X_BR.linear() * a->second;
    if (const sdf::JointAxis* a = j->Axis(0)) {
      f.limits = {a->Lower(), a->Upper(), a->Effort(), a->MaxVelocity()};
    }
    (*out)[Joined(prefix, j->Name(), sep)] = f;
  }
  for (uint64_t k = 0; k < m.ModelCount(); ++k) {
    const sdf::Model* n = m.ModelByIndex(k);
    CollectJoints(*n, Joined(prefix, n->Name(), sep), sep,
                  key_prefix + "::" + n->Name(), s, X_BR, out);
  }
}

// libsdformat's view of a file or text. Keys of links are URDF names (the
// SDF's scopes joined by `sep`).
std::optional<Facts> Load(const std::string& text_or_path, bool is_path,
                          const std::string& sep, std::string* why) {
  sdf::Root root;
  const sdf::ParserConfig config = sdf_oracle::MakeConfig({});
  const sdf::Errors errors =
      is_path ? sdf_oracle::FastLoadFile(&root, text_or_path, config)
              : sdf_oracle::FastLoadString(&root, text_or_path, config);
  const sdf_oracle::Snapshot s = is_path ? sdf_oracle::LoadFile(text_or_path)
                                         : sdf_oracle::LoadString(text_or_path);
  if (!errors.empty() || !root.Model()) {
    *why = "libsdformat: " +
           (errors.empty() ? std::string("no model") : errors[0].Message());
    return std::nullopt;
  }
  const sdf::Model& m = *root.Model();
  const std::string M = m.Name();
  Facts f;
  // The reference: the first link of the model (of its first nested model
  // when it has none of its own).
  const sdf::Model* first = &m;
  std::string first_key = M;
  while (first->LinkCount() == 0 && first->ModelCount() > 0) {
    first = first->ModelByIndex(0);
    first_key += "::" + first->Name();
  }
  const std::string ref_key = first_key + "::" + first->LinkByIndex(0)->Name();
  if (!s.poses.count(ref_key)) {
    *why = "no pose of " + ref_key;
    return std::nullopt;
  }
  const Isometry3d X_BR = s.poses.at(ref_key).inverse();
  std::set<std::string> empty;
  CollectEmptyShapes(m, M, &empty);
  for (const auto& [key, X_RE] : s.poses) {
    if (key.compare(0, M.size() + 2, M + "::") != 0) continue;
    std::string rest = key.substr(M.size() + 2);
    const size_t slash = rest.find('/');
    std::string owner = rest.substr(0, slash);
    owner = Rejoined(owner, sep);
    if (slash == std::string::npos) {
      if (s.inertials.count(key)) f.links[owner] = X_BR * X_RE;
      continue;
    }
    const std::string kind = rest.substr(slash + 1, rest.find(':', slash) - slash - 1);
    if (kind == "visual" || kind == "collision") {
      f.shapes[owner + "/" + kind].push_back(X_BR * X_RE);
      if (!empty.count(key))
        f.shapes_with_geometry[owner + "/" + kind].push_back(X_BR * X_RE);
    }
  }
  for (const auto& [key, in] : s.inertials) {
    std::string owner = key.substr(M.size() + 2);
    owner = Rejoined(owner, sep);
    sdf_oracle::InertialInfo b = in;
    b.X_RI = X_BR * in.X_RI;
    f.inertials[owner] = b;
  }
  CollectJoints(m, "", sep, M, s, X_BR, &f.joints);
  return f;
}

bool Near(const Isometry3d& a, const Isometry3d& b) {
  return (a.matrix() - b.matrix()).cwiseAbs().maxCoeff() <= kTol;
}

constexpr double kUrdfUnbounded = 1e16;  // sdf2urdf's "no limit"

// Limit k (lower, upper, effort, velocity) read back as `got` where the SDF
// says `want`; `libsdformat`: read by libsdformat from the URDF.
bool SameLimit(size_t k, double want, double got, bool continuous,
               bool libsdformat) {
  if (want == got || std::abs(want - got) <= kTol) return true;
  if (k < 2) {
    // Open bounds: -1e16 / 1e16 where the SDF says -inf / inf.
    return (continuous || libsdformat) && std::isinf(want) &&
           got == std::copysign(kUrdfUnbounded, want);
  }
  // An open effort or velocity (libsdformat reads SDF's -1 as inf).
  return libsdformat && std::isinf(want) && got == kUrdfUnbounded;
}

// Every difference of `got` from `want` (the original SDF); `libsdformat`:
// `got` is libsdformat's reading of the URDF (see the top of the file).
std::vector<std::string> Differences(const Facts& want, const Facts& got,
                                     bool libsdformat) {
  std::vector<std::string> d;
  for (const auto& [name, X] : want.links) {
    if (!got.links.count(name)) d.push_back("no link " + name);
  }
  for (const auto& [name, in] : want.inertials) {
    auto it = got.inertials.find(name);
    if (it == got.inertials.end()) {
      d.push_back("no inertial of " + name);
      continue;
    }
    const auto& g = it->second;
    const Eigen::Matrix3d I_want = in.X_RI.linear() * in.I * in.X_RI.linear().transpose();
    const Eigen::Matrix3d I_got = g.X_RI.linear() * g.I * g.X_RI.linear().transpose();
    if (std::abs(in.mass - g.mass) > kTol ||
        (in.X_RI.translation() - g.X_RI.translation()).norm() > kTol ||
        (I_want - I_got).cwiseAbs().maxCoeff() > kTol)
      d.push_back("inertial of " + name + " differs");
  }
  for (const auto& [name, poses] :
       libsdformat ? want.shapes_with_geometry : want.shapes) {
    auto it = got.shapes.find(name);
    if (it == got.shapes.end() || it->second.size() != poses.size()) {
      d.push_back("not the same number of " + name);
      continue;
    }
    for (const auto& X : poses) {
      const bool found = std::any_of(it->second.begin(), it->second.end(),
                                     [&](const Isometry3d& Y) { return Near(X, Y); });
      if (!found) d.push_back(name + " moved");
    }
  }
  for (const auto& [name, j] : want.joints) {
    auto it = got.joints.find(name);
    if (it == got.joints.end()) {
      d.push_back("no joint " + name);
      continue;
    }
    const JointFacts& g = it->second;
    // SDF's revolute joint without finite limits is URDF's continuous
    // (urdf2sdf writes that back), with the same unbounded limits.
    const bool continuous = j.type == "revolute" && g.type == "continuous";
    if (g.type != j.type && !continuous) d.push_back("joint " + name + " is " + g.type + ", not " + j.type);
    if (g.parent != j.parent || g.child != j.child)
      d.push_back("joint " + name + " joins " + g.parent + " -> " + g.child +
                  ", not " + j.parent + " -> " + j.child);
    if ((g.axis - j.axis).norm() > kTol) d.push_back("joint " + name + " axis differs");
    if (g.reference != j.reference)
      d.push_back("joint " + name + " reference body " + g.reference +
                  ", not " + j.reference);
    if (!j.X_BJ || !g.X_BJ || !Near(*j.X_BJ, *g.X_BJ))
      d.push_back("joint " + name + " moved");
    if (g.limits.size() != j.limits.size()) {
      d.push_back("joint " + name + " limits differ");
      continue;
    }
    for (size_t k = 0; k < j.limits.size(); ++k) {
      const double a = j.limits[k], b = g.limits[k];
      if (!SameLimit(k, a, b, continuous || j.type == "continuous",
                     libsdformat))
        d.push_back("joint " + name + " limit " + std::to_string(k) + ": " +
                    std::to_string(b) + ", not " + std::to_string(a));
    }
  }
  return d;
}

struct Case {
  std::string fixture;
  std::string separator = "::";
  bool keep_joint_types = false;
  // A free link hangs from the root on a floating joint L_floating, which
  // libsdformat 12 drops while posing the link relative_to it, so it
  // refuses the URDF (URDF_FLOATING_JOINT in
  // testdata/sdf_gazebo_oracle_differences.txt): checked to be that refusal,
  // and only our urdf2sdf reads the URDF back.
  bool free_link = false;
};

class CarriedTest : public ::testing::TestWithParam<Case> {};

TEST_P(CarriedTest, ReadsBackInLibsdformatAndUrdf2sdf) {
  const Case& c = GetParam();
  const std::string path =
      test_support::Runfile("testdata/sdf2urdf/" + c.fixture + ".sdf");
  converter::SdfToUrdfOptions options;
  options.separator = c.separator;
  options.keep_joint_types = c.keep_joint_types;
  const converter::ConversionResult urdf = converter::SdfFileToUrdf(path, options);
  ASSERT_TRUE(urdf.ok) << urdf.diagnostics.ToString();
  std::string why;
  ASSERT_TRUE(urdfdom_testing::ParseWithUrdfdom(urdf.output, &why)) << why;

  const auto want = Load(path, true, c.separator, &why);
  ASSERT_TRUE(want) << why;
  const auto gazebo = Load(urdf.output, false, c.separator, &why);
  if (c.free_link) {
    EXPECT_FALSE(gazebo);
    EXPECT_NE(why.find("_floating] specified by link"), std::string::npos)
        << why;
  } else {
    ASSERT_TRUE(gazebo) << why << "\n" << urdf.output;
    EXPECT_EQ(Differences(*want, *gazebo, true), std::vector<std::string>{})
        << "libsdformat's reading of the URDF:\n" << urdf.output;
  }

  const converter::ConversionResult sdf =
      converter::UrdfToSdf(urdf.output, c.fixture + ".urdf");
  ASSERT_TRUE(sdf.ok) << sdf.diagnostics.ToString();
  const auto ours = Load(sdf.output, false, c.separator, &why);
  ASSERT_TRUE(ours) << why << "\n" << sdf.output;
  EXPECT_EQ(Differences(*want, *ours, false), std::vector<std::string>{})
      << "our urdf2sdf of the URDF:\n" << sdf.output;
}

TEST(CarriedTest, ComparisonSeesAMovedJoint) {
  // The comparison must fail when a carried joint is posed wrongly.
  const std::string path = test_support::Runfile("testdata/sdf2urdf/four_bar.sdf");
  const converter::ConversionResult urdf = converter::SdfFileToUrdf(path);
  ASSERT_TRUE(urdf.ok);
  std::string text = urdf.output;
  const size_t joint = text.find("<joint name=\"coupler_rocker\"");
  ASSERT_NE(joint, std::string::npos) << text;
  const size_t pose = text.find("<pose>", joint);
  ASSERT_NE(pose, std::string::npos);
  const size_t first = pose + 6, end = text.find(' ', first);
  const double x = std::stod(text.substr(first, end - first));
  text.replace(first, end - first, std::to_string(x + 0.01));
  std::string why;
  const auto want = Load(path, true, "::", &why);
  ASSERT_TRUE(want) << why;
  const auto got = Load(text, false, "::", &why);
  ASSERT_TRUE(got) << why;
  EXPECT_NE(Differences(*want, *got, true), std::vector<std::string>{});
  // A joint of another type is seen too.
  std::string typed = urdf.output;
  const size_t t = typed.find("type=\"revolute\"", joint);
  ASSERT_NE(t, std::string::npos);
  typed.replace(t, 15, "type=\"prismatic\"");
  const auto retyped = Load(typed, false, "::", &why);
  ASSERT_TRUE(retyped) << why;
  EXPECT_NE(Differences(*want, *retyped, true), std::vector<std::string>{});
}

// Our urdf2sdf's reading of `urdf`, as libsdformat sees it.
std::optional<Facts> ThroughUrdf2sdf(const std::string& urdf,
                                     std::string* why) {
  const converter::ConversionResult sdf = converter::UrdfToSdf(urdf, "t.urdf");
  if (!sdf.ok) {
    *why = sdf.diagnostics.ToString();
    return std::nullopt;
  }
  return Load(sdf.output, false, "::", why);
}

TEST(CarriedTest, ComparisonSeesLimitsAndShapesNotRestored) {
  // urdf2sdf must restore the carried limits and shapes exactly: without
  // them (or with another value) the comparison fails, and the URDF's own
  // 1e16 passes only as libsdformat's reading.
  std::string why;
  const std::string limits =
      test_support::Runfile("testdata/sdf2urdf/limits_infinite.sdf");
  const converter::ConversionResult urdf = converter::SdfFileToUrdf(limits);
  ASSERT_TRUE(urdf.ok) << urdf.diagnostics.ToString();
  const auto want = Load(limits, true, "::", &why);
  ASSERT_TRUE(want) << why;
  const auto ours = ThroughUrdf2sdf(urdf.output, &why);
  ASSERT_TRUE(ours) << why;
  EXPECT_EQ(Differences(*want, *ours, false), std::vector<std::string>{});
  for (const char* carried : {"<lower>-inf</lower>", "<upper>inf</upper>",
                              "<effort>inf</effort>", "<velocity>-1</velocity>",
                              "<velocity>-5</velocity>"}) {
    std::string text = urdf.output;
    const size_t at = text.find(carried);
    ASSERT_NE(at, std::string::npos) << carried << "\n" << text;
    text.erase(at, std::string(carried).size());
    const auto got = ThroughUrdf2sdf(text, &why);
    ASSERT_TRUE(got) << why;
    EXPECT_NE(Differences(*want, *got, false), std::vector<std::string>{})
        << carried;
    EXPECT_EQ(Differences(*want, *got, true), std::vector<std::string>{})
        << carried;
  }
  const std::string shapes =
      test_support::Runfile("testdata/sdf2urdf/geometry_missing.sdf");
  const converter::ConversionResult urdf2 = converter::SdfFileToUrdf(shapes);
  ASSERT_TRUE(urdf2.ok) << urdf2.diagnostics.ToString();
  const auto want2 = Load(shapes, true, "::", &why);
  ASSERT_TRUE(want2) << why;
  std::string text = urdf2.output;
  const size_t at = text.find("<pose>0 0.2 0.6");
  ASSERT_NE(at, std::string::npos) << text;
  text.replace(at, 15, "<pose>0 0.2 0.7");
  const auto moved = ThroughUrdf2sdf(text, &why);
  ASSERT_TRUE(moved) << why;
  EXPECT_NE(Differences(*want2, *moved, false), std::vector<std::string>{});
}

// A model large enough for the work done beside the main line (the schema
// check beside the reading, the URDF check beside the writing, the second
// half of the URDF written beside the first, the document freed beside the
// writing: 1,024 links and 512 KiB on) converts into the tree it is, as
// urdfdom reads the URDF. (libsdformat, the oracle of the fixtures above,
// takes gigabytes for a model this size, too much under the sanitizers.)
TEST(CarriedTest, LargeModelConvertsWhole) {
  std::string text = "<?xml version=\"1.0\"?>\n<sdf version=\"1.7\">\n"
                     "<model name=\"tree\">\n";
  const int kLinks = 1030;
  for (int i = 0; i < kLinks; ++i) {
    const std::string n = std::to_string(i);
    const std::string f = std::to_string(0.001 * (i % 97));
    text += "<link name=\"l" + n + "\">\n";
    if (i > 0) {
      text += "  <pose relative_to=\"j" + n + "\">0 " + f + " 0.01 " + f +
              " 0 0</pose>\n";
    }
    // (a comment for the size)
    text += "  <!-- " + std::string(400, 'x') + " -->\n"
            "  <inertial><pose>0.01 0 " + f + " 0 " + f +
            " 0</pose><mass>" + std::to_string(1 + i) + "</mass><inertia>"
            "<ixx>0.01</ixx><ixy>0</ixy><ixz>0</ixz><iyy>0.02</iyy>"
            "<iyz>0</iyz><izz>0.03</izz></inertia></inertial>\n</link>\n";
    // A binary tree: link i hangs from link (i - 1) / 2.
    if (i > 0) {
      const std::string p = std::to_string((i - 1) / 2);
      text += "<joint name=\"j" + n + "\" type=\"revolute\"><pose "
              "relative_to=\"l" + p + "\">0.1 0 " + f + " 0 " + f +
              " 0</pose><parent>l" + p + "</parent><child>l" + n +
              "</child><axis><xyz>0 1 0</xyz><limit><lower>-1</lower>"
              "<upper>1</upper><effort>10</effort><velocity>2</velocity>"
              "</limit></axis></joint>\n";
    }
  }
  text += "</model>\n</sdf>\n";
  ASSERT_GT(text.size(), size_t{512} << 10);
  const converter::ConversionResult urdf =
      converter::SdfToUrdf(text, "tree.sdf");
  ASSERT_TRUE(urdf.ok) << urdf.diagnostics.ToString();
  EXPECT_EQ(urdf.diagnostics.all().size(), 0u) << urdf.diagnostics.ToString();
  std::string why;
  const auto model = urdfdom_testing::ParseWithUrdfdom(urdf.output, &why);
  ASSERT_TRUE(model) << why;
  ASSERT_EQ(model->links_.size(), static_cast<size_t>(kLinks));
  ASSERT_EQ(model->joints_.size(), static_cast<size_t>(kLinks - 1));
  EXPECT_EQ(model->getRoot()->name, "l0");
  for (int i = 0; i < kLinks; ++i) {
    const std::string n = std::to_string(i);
    const auto link = model->getLink("l" + n);
    ASSERT_TRUE(link && link->inertial) << n;
    EXPECT_EQ(link->inertial->mass, 1 + i);
    if (i == 0) continue;
    const auto joint = model->getJoint("j" + n);
    ASSERT_TRUE(joint) << n;
    EXPECT_EQ(joint->parent_link_name, "l" + std::to_string((i - 1) / 2));
    EXPECT_EQ(joint->child_link_name, "l" + n);
    ASSERT_TRUE(joint->limits) << n;
    EXPECT_EQ(joint->limits->upper, 1);
  }
}

INSTANTIATE_TEST_SUITE_P(
    Fixtures, CarriedTest,
    ::testing::Values(Case{"four_bar"}, Case{"gripper_loops"},
                      Case{"loop_nested", "_"}, Case{"loop"},
                      Case{"two_parents", "::", false, true},
                      Case{"cycle", "::", false, true},
                      Case{"joint_types", "::", true}, Case{"ball"},
                      Case{"screw"}, Case{"limits_infinite"},
                      Case{"geometry_missing"}, Case{"gearbox_nested"},
                      Case{"gearbox_nested", "_"}),
    [](const ::testing::TestParamInfo<Case>& info) {
      return info.param.fixture +
             (info.param.separator == "::" ? "" : "_separator");
    });

}  // namespace
