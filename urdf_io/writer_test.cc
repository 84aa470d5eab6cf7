// Tests of urdf_io::WriteUrdf and the urdfdom interop (urdf_io/urdfdom.h):
// one test per feature on small inputs, then the whole corpus
// (../shared/corpus, Bazel data @corpus//:urdf). For every URDF that
// ReadUrdf accepts, the written URDF
//  (a) parses with urdfdom and
//  (b) equals urdfdom's parse of the original field by field, doubles
//      compared with == (the writer does no arithmetic);
//  (c) holds every <gazebo>, <transmission> and <ros2_control> block of the
//      original, at the same place;
//  (d) is a fixed point: ReadUrdf then WriteUrdf gives the same bytes;
// and (e) ToModelInterface of the read model equals urdfdom's parse of the
// original field by field. (a), (b) and (e) are checked on the files urdfdom
// reads without logging an error; the others are counted and printed.

#include "urdf_io/writer.h"

#include <console_bridge/console.h>
#include <gtest/gtest.h>
#include <tinyxml2.h>
#include <urdf_parser/urdf_parser.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "diag/diagnostics.h"
#include "element/beside.h"
#include "frames/model.h"
#include "testing/corpus.h"
#include "urdf_io/reader.h"
#include "urdf_io/testing/urdfdom_compare.h"
#include "urdf_io/urdfdom.h"

namespace urdf_io {
namespace {

namespace fs = std::filesystem;
using test_support::CorpusDir;
using test_support::CorpusFiles;
using test_support::ReadFile;
using test_support::Runfile;
using urdfdom_testing::ParseWithUrdfdom;
using urdfdom_testing::UrdfdomDiff;

// ---------------------------------------------------------------------------
// Helpers.

frames::Model Read(const std::string& text, frames::Diagnostics* diags) {
  std::optional<frames::Model> m = ReadUrdf(text, "test.urdf", diags);
  EXPECT_TRUE(m) << diags->ToString();
  return m ? std::move(*m) : frames::Model{};
}

frames::Model Read(const std::string& text) {
  frames::Diagnostics diags;
  return Read(text, &diags);
}

std::string Write(const frames::Model& m, const UrdfWriteOptions& options,
                  frames::Diagnostics* diags) {
  std::optional<std::string> out = WriteUrdf(m, options, diags);
  EXPECT_TRUE(out) << diags->ToString();
  return out.value_or("");
}

std::string Write(const frames::Model& m,
                  const UrdfWriteOptions& options = {}) {
  frames::Diagnostics diags;
  return Write(m, options, &diags);
}

// A robot around `body` (links and joints).
std::string Robot(const std::string& body) {
  return "<?xml version=\"1.0\"?>\n<robot name=\"r\">\n" + body + "</robot>\n";
}

// The codes of the errors, in order.
std::vector<std::string> ErrorCodes(const frames::Diagnostics& d) {
  std::vector<std::string> codes;
  for (const auto& x : d.all()) {
    if (x.severity == frames::Severity::kError)
      codes.push_back(std::string(frames::CodeName(x.code)));
  }
  return codes;
}

std::string Join(const std::vector<std::string>& v, size_t max = 30) {
  std::string s;
  for (size_t i = 0; i < std::min(v.size(), max); ++i) s += "  " + v[i] + "\n";
  if (v.size() > max)
    s += "  ... and " + std::to_string(v.size() - max) + " more\n";
  return s;
}

// --- Kept-verbatim blocks, seen by tinyxml2 alone ----------------------------

// Canonical text of an element: name, attributes in order, trimmed text
// segments joined by a space, children.
std::string Canonical(const tinyxml2::XMLElement* e) {
  std::string s = "<" + std::string(e->Name());
  for (const tinyxml2::XMLAttribute* a = e->FirstAttribute(); a;
       a = a->Next()) {
    s += " " + std::string(a->Name()) + "=\"" + a->Value() + "\"";
  }
  s += ">";
  std::string text, children;
  for (const tinyxml2::XMLNode* n = e->FirstChild(); n; n = n->NextSibling()) {
    if (const auto* c = n->ToElement()) {
      children += Canonical(c);
    } else if (const auto* t = n->ToText()) {
      std::string v = t->Value();
      const size_t b = v.find_first_not_of(" \t\r\n");
      if (b == std::string::npos) continue;
      v = v.substr(b, v.find_last_not_of(" \t\r\n") - b + 1);
      text += (text.empty() ? "" : " ") + v;
    }
  }
  return s + text + children + "</" + e->Name() + ">";
}

// Every <gazebo>, <transmission> and <ros2_control> with the path of its
// ancestors (named ones by name), as a sorted multiset.
void CollectBlocks(const tinyxml2::XMLElement* e, const std::string& path,
                   std::multiset<std::string>* out) {
  std::map<std::string, int> seen;
  for (const tinyxml2::XMLElement* c = e->FirstChildElement(); c;
       c = c->NextSiblingElement()) {
    const std::string name = c->Name();
    if (name == "gazebo" || name == "transmission" || name == "ros2_control") {
      out->insert(path + " " + Canonical(c));
      continue;
    }
    const int index = seen[name]++;
    const char* n = c->Attribute("name");
    CollectBlocks(c,
                  path + "/" + name +
                      (n ? "=" + std::string(n) : "#" + std::to_string(index)),
                  out);
  }
}

std::optional<std::multiset<std::string>> Blocks(const std::string& text) {
  tinyxml2::XMLDocument doc;
  if (doc.Parse(text.data(), text.size()) != tinyxml2::XML_SUCCESS ||
      !doc.RootElement()) {
    return std::nullopt;
  }
  std::multiset<std::string> out;
  CollectBlocks(doc.RootElement(), "robot", &out);
  return out;
}

// ---------------------------------------------------------------------------
// The printer.

// A URDF read and written back is the same text (frames::UrdfForm keeps
// which default parts it wrote out or left out).
TEST(WriteUrdfTest, SmallRobotExactText) {
  const std::string in = Robot(R"(
  <material name="red"><color rgba="1 0 0 1"/></material>
  <link name="base">
    <inertial>
      <origin xyz="0 0 0.1" rpy="0 0 0"/>
      <mass value="2"/>
      <inertia ixx="0.1" ixy="0" ixz="0" iyy="0.2" iyz="0" izz="0.3"/>
    </inertial>
    <visual name="v">
      <origin xyz="0 0 0" rpy="0 0 0"/>
      <geometry><box size="1 2 3"/></geometry>
      <material name="red"/>
    </visual>
    <collision>
      <origin rpy="0 0 1.5707963267948966"/>
      <geometry><cylinder length="0.5" radius="0.1"/></geometry>
    </collision>
  </link>
  <joint name="j" type="revolute">
    <origin xyz="1 0 0" rpy="0 0 0"/>
    <parent link="base"/>
    <child link="arm"/>
    <axis xyz="0 0 1"/>
    <limit lower="-1" upper="1" effort="10" velocity="2"/>
  </joint>
  <link name="arm"/>
)");
  EXPECT_EQ(Write(Read(in)), R"(<?xml version="1.0" ?>
<robot name="r">
  <material name="red">
    <color rgba="1 0 0 1"/>
  </material>
  <link name="base">
    <inertial>
      <origin xyz="0 0 0.1" rpy="0 0 0"/>
      <mass value="2"/>
      <inertia ixx="0.1" ixy="0" ixz="0" iyy="0.2" iyz="0" izz="0.3"/>
    </inertial>
    <visual name="v">
      <origin xyz="0 0 0" rpy="0 0 0"/>
      <geometry>
        <box size="1 2 3"/>
      </geometry>
      <material name="red"/>
    </visual>
    <collision>
      <origin rpy="0 0 1.5707963267948966"/>
      <geometry>
        <cylinder radius="0.1" length="0.5"/>
      </geometry>
    </collision>
  </link>
  <joint name="j" type="revolute">
    <origin xyz="1 0 0" rpy="0 0 0"/>
    <parent link="base"/>
    <child link="arm"/>
    <axis xyz="0 0 1"/>
    <limit lower="-1" upper="1" effort="10" velocity="2"/>
  </joint>
  <link name="arm"/>
</robot>
)");
}

// A robot of frames::kBesideSplitElements elements or more is written in
// two halves, the second beside the first into a buffer of its own, cut
// and joined: the text is the one a single writer prints, to the byte, at
// the seam too; the check beside the writing reports nothing.
TEST(WriteUrdfTest, LargeRobotSplitInTwoExactText) {
  std::string body;
  const int kLinks = static_cast<int>(frames::kBesideSplitElements) / 2 + 7;
  for (int i = 0; i < kLinks; ++i) {
    const std::string n = std::to_string(i);
    if (i % 3 == 0) {
      body += "  <link name=\"l" + n + "\">\n"
              "    <inertial>\n"
              "      <origin xyz=\"0 0 " + n + "\" rpy=\"0 0 0\"/>\n"
              "      <mass value=\"" + n + "\"/>\n"
              "      <inertia ixx=\"1\" ixy=\"0\" ixz=\"0\" iyy=\"1\" "
              "iyz=\"0\" izz=\"1\"/>\n"
              "    </inertial>\n"
              "  </link>\n";
    } else {
      body += "  <link name=\"l" + n + "\"/>\n";
    }
    if (i + 1 < kLinks) {
      body += "  <joint name=\"j" + n + "\" type=\"fixed\">\n"
              "    <origin xyz=\"1 0 0\" rpy=\"0 0 0\"/>\n"
              "    <parent link=\"l" + n + "\"/>\n"
              "    <child link=\"l" + std::to_string(i + 1) + "\"/>\n"
              "  </joint>\n";
    }
  }
  ASSERT_GE(size_t{2} * kLinks - 1, frames::kBesideSplitElements);
  ASSERT_GE(size_t{kLinks}, frames::kBesideLinks);
  const std::string in =
      "<?xml version=\"1.0\" ?>\n<robot name=\"r\">\n" + body + "</robot>\n";
  frames::Diagnostics diags;
  EXPECT_EQ(Write(Read(in), {}, &diags), in);
  EXPECT_TRUE(diags.all().empty()) << diags.ToString();
}

// An origin a URDF did not write is written when the pose is not the
// identity, with both xyz and rpy (as 95% of the corpus's origins are);
// one the URDF wrote comes back with the parts it had.
TEST(WriteUrdfTest, OriginAsWrittenElseBothPartsWhenNotIdentity) {
  frames::Model m = Read(Robot(R"(
  <link name="a">
    <visual><origin xyz="0 0 0"/><geometry><sphere radius="1"/></geometry></visual>
    <visual><origin xyz="-0 0 0" rpy="0 -0 0"/><geometry><sphere radius="1"/></geometry></visual>
    <visual><origin xyz="1 2 3"/><geometry><sphere radius="1"/></geometry></visual>
    <visual><origin rpy="0.5 0 0"/><geometry><sphere radius="1"/></geometry></visual>
    <visual><origin xyz="0 0 -1" rpy="0 0 0.25"/><geometry><sphere radius="1"/></geometry></visual>
    <visual><geometry><sphere radius="1"/></geometry></visual>
  </link>
)"));
  std::string out = Write(m);
  const std::vector<std::string> as_written = {
      R"(<origin xyz="0 0 0"/>)", R"(<origin xyz="0 0 0" rpy="0 0 0"/>)",
      R"(<origin xyz="1 2 3"/>)", R"(<origin rpy="0.5 0 0"/>)",
      R"(<origin xyz="0 0 -1" rpy="0 0 0.25"/>)"};
  auto count = [](const std::string& text) {
    size_t n = 0;
    for (size_t p = text.find("<origin"); p != std::string::npos;
         p = text.find("<origin", p + 1)) {
      ++n;
    }
    return n;
  };
  EXPECT_EQ(count(out), as_written.size()) << out;
  for (const auto& e : as_written)
    EXPECT_NE(out.find(e), std::string::npos) << e << " in\n" << out;

  // Without the record of how they were written (a model from SDF).
  for (auto& v : m.links[0].visuals) v.urdf_form = {};
  out = Write(m);
  const std::vector<std::string> natural = {
      R"(<origin xyz="1 2 3" rpy="0 0 0"/>)", R"(<origin xyz="0 0 0" rpy="0.5 0 0"/>)",
      R"(<origin xyz="0 0 -1" rpy="0 0 0.25"/>)"};
  EXPECT_EQ(count(out), natural.size()) << out;
  for (const auto& e : natural) EXPECT_NE(out.find(e), std::string::npos) << e;
}

// Defaults a URDF left out stay out, and attributes URDF does not define
// come back where they were.
TEST(WriteUrdfTest, LeftOutDefaultsAndOtherAttributesComeBack) {
  const std::string in = Robot(R"(
  <link name="a" type="laser">
    <inertial>
      <mass value="0"/>
      <inertia ixx="0" ixy="0" ixz="0" iyy="0" iyz="0" izz="0"/>
    </inertial>
    <collision concave="yes"><geometry><mesh filename="m.obj" group="1"/></geometry></collision>
  </link>
  <link name="b"/>
  <joint name="j" type="prismatic" dont_collapse="true">
    <parent link="a"/>
    <child link="b"/>
    <limit upper="0.5" effort="1" velocity="2" current="3"/>
    <dynamics damping="1" K="7000"/>
  </joint>
)");
  frames::Model m = Read(in);
  const frames::Joint& j = m.joints[0];
  EXPECT_TRUE(j.urdf_form.Has(frames::UrdfForm::kNoAxis));
  EXPECT_TRUE(j.urdf_form.Has(frames::UrdfForm::kNoLower));
  EXPECT_FALSE(j.urdf_form.Has(frames::UrdfForm::kNoUpper));
  EXPECT_TRUE(m.links[0].urdf_form.Has(frames::UrdfForm::kInertial));
  const std::string out = Write(m);
  for (const char* e :
       {R"(<link name="a" type="laser">)", R"(<collision concave="yes">)",
        R"(<mesh filename="m.obj" group="1"/>)",
        R"(<joint name="j" type="prismatic" dont_collapse="true">)",
        R"(<limit upper="0.5" effort="1" velocity="2" current="3"/>)",
        R"(<dynamics damping="1" K="7000"/>)", R"(<mass value="0"/>)"}) {
    EXPECT_NE(out.find(e), std::string::npos) << e << " in\n" << out;
  }
  EXPECT_EQ(out.find("<axis"), std::string::npos) << out;
  EXPECT_EQ(out.find("<origin"), std::string::npos) << out;
}

// The URDF's version is kept with its other <robot> attributes, so a model
// that went through SDF (no source version) writes it once again.
TEST(WriteUrdfTest, VersionComesBackOnce) {
  frames::Model m = Read(R"(<robot name="r" version="1.0"><link name="a"/></robot>)");
  const std::string direct = Write(m);
  EXPECT_NE(direct.find(R"(<robot name="r" version="1.0">)"), std::string::npos) << direct;
  m.source_version = "1.7";  // as sdf2urdf's model says
  EXPECT_EQ(Write(m), direct);
  UrdfWriteOptions v11;
  v11.version = "1.1";
  const std::string chosen = Write(m, v11);
  EXPECT_NE(chosen.find(R"(<robot name="r" version="1.1">)"), std::string::npos) << chosen;
}

TEST(WriteUrdfTest, NumbersReadBackBitIdentical) {
  const double values[] = {0.1 + 0.2,     1.0 / 3.0, -2.5e-300,
                           6.02214076e23, 5e-324,    1.7976931348623157e308,
                           0.000123456789};
  frames::Model m =
      Read(Robot("<link name=\"a\"/><link name=\"b\"/>"
                 "<joint name=\"j\" type=\"fixed\"><parent link=\"a\"/>"
                 "<child link=\"b\"/></joint>"));
  for (double v : values) {
    m.joints[0].pose.xyz = frames::Vector3(v, -v, v);
    m.joints[0].pose.rpy = frames::Vector3(v, v, -v);
    frames::Model back = Read(Write(m));
    ASSERT_EQ(back.joints.size(), 1u) << v;
    EXPECT_EQ(back.joints[0].pose.xyz, m.joints[0].pose.xyz) << v;
    EXPECT_EQ(back.joints[0].pose.rpy, m.joints[0].pose.rpy) << v;
  }
  // Shortest form: no trailing digits.
  m.joints[0].pose.xyz = frames::Vector3(0.1, 2, 1e-9);
  m.joints[0].pose.rpy = frames::Vector3::Zero();
  EXPECT_NE(Write(m).find(R"(<origin xyz="0.1 2 1e-09" rpy="0 0 0"/>)"), std::string::npos)
      << Write(m);
}

TEST(WriteUrdfTest, VersionOnlyWhenKnown) {
  const std::string body = "<link name=\"a\"/>";
  EXPECT_NE(Write(Read(Robot(body))).find("<robot name=\"r\">"),
            std::string::npos);
  frames::Model m =
      Read("<robot name=\"r\" version=\"1.0\"><link name=\"a\"/></robot>");
  EXPECT_NE(Write(m).find("<robot name=\"r\" version=\"1.0\">"),
            std::string::npos);
  UrdfWriteOptions none;
  none.version = "";
  EXPECT_NE(Write(m, none).find("<robot name=\"r\">"), std::string::npos);
  UrdfWriteOptions v11;
  v11.version = "1.1";
  EXPECT_NE(Write(m, v11).find("<robot name=\"r\" version=\"1.1\">"),
            std::string::npos);
  // An SDFormat version is not a URDF one (and the model has no URDF form).
  m.source_version = "1.7";
  m.urdf_form = {};
  EXPECT_NE(Write(m).find("<robot name=\"r\">"), std::string::npos) << Write(m);
}

TEST(WriteUrdfTest, MaterialsByReferenceAndInline) {
  const std::string in = Robot(R"(
  <material name="blue"><color rgba="0 0 0.8 1"/></material>
  <material name="wood"><texture filename="package://p/wood.png"/></material>
  <link name="a">
    <visual><geometry><box size="1 1 1"/></geometry><material name="blue"/></visual>
    <visual><geometry><box size="1 1 1"/></geometry>
      <material name="green"><color rgba="0 1 0 0.5"/><texture filename="g.png"/></material></visual>
    <visual><geometry><box size="1 1 1"/></geometry><material><color rgba="0.25 0.5 0.75 1"/></material></visual>
    <visual><geometry><box size="1 1 1"/></geometry><material name="wood"/></visual>
  </link>
)");
  const std::string out = Write(Read(in));
  for (const char* expected :
       {"  <material name=\"blue\">\n    <color rgba=\"0 0 0.8 1\"/>\n  "
        "</material>\n",
        "  <material name=\"wood\">\n    <texture "
        "filename=\"package://p/wood.png\"/>\n"
        "  </material>\n",
        "      <material name=\"blue\"/>\n",
        "      <material name=\"green\">\n        <color rgba=\"0 1 0 0.5\"/>\n"
        "        <texture filename=\"g.png\"/>\n      </material>\n",
        // URDF requires a name.
        "      <material name=\"\">\n        <color rgba=\"0.25 0.5 0.75 "
        "1\"/>\n"
        "      </material>\n",
        "      <material name=\"wood\"/>\n"}) {
    EXPECT_NE(out.find(expected), std::string::npos) << expected << "\nin\n"
                                                     << out;
  }
  // Robot-level materials keep their order.
  EXPECT_LT(out.find("name=\"blue\""), out.find("name=\"wood\""));
}

TEST(WriteUrdfTest, ShapeNamesOnlyWhenGiven) {
  const std::string out = Write(Read(Robot(R"(
  <link name="a">
    <visual name="named"><geometry><sphere radius="1"/></geometry></visual>
    <visual name=""><geometry><sphere radius="1"/></geometry></visual>
    <visual><geometry><sphere radius="1"/></geometry></visual>
    <collision name="c"><geometry><sphere radius="1"/></geometry></collision>
    <collision><geometry><sphere radius="1"/></geometry></collision>
  </link>
)")));
  EXPECT_NE(out.find("<visual name=\"named\">"), std::string::npos) << out;
  EXPECT_NE(out.find("<visual name=\"\">"), std::string::npos) << out;
  EXPECT_NE(out.find("<visual>"), std::string::npos) << out;
  EXPECT_NE(out.find("<collision name=\"c\">"), std::string::npos) << out;
  EXPECT_NE(out.find("<collision>"), std::string::npos) << out;
}

TEST(WriteUrdfTest, Geometries) {
  const std::string out = Write(Read(Robot(R"(
  <link name="a">
    <collision><geometry><box size="1 2 3"/></geometry></collision>
    <collision><geometry><cylinder radius="0.5" length="2"/></geometry></collision>
    <collision><geometry><sphere radius="0.25"/></geometry></collision>
    <collision><geometry><mesh filename="package://p/m.stl"/></geometry></collision>
    <collision><geometry><mesh filename="m.dae" scale="0.001 0.001 0.001"/></geometry></collision>
    <collision><geometry><heightmap file="h.png" kind="x"/></geometry></collision>
  </link>
)")));
  for (const char* e :
       {"<box size=\"1 2 3\"/>", "<cylinder radius=\"0.5\" length=\"2\"/>",
        "<sphere radius=\"0.25\"/>", "<mesh filename=\"package://p/m.stl\"/>",
        "<mesh filename=\"m.dae\" scale=\"0.001 0.001 0.001\"/>",
        "<heightmap file=\"h.png\" kind=\"x\"/>"}) {
    EXPECT_NE(out.find(e), std::string::npos) << e << "\nin\n" << out;
  }
}

TEST(WriteUrdfTest, CapsuleAllowedOrCarriedInGazebo) {
  const std::string in = Robot(R"(
  <link name="a">
    <visual name="cap"><origin xyz="0 0 1"/><geometry><capsule radius="0.1" length="0.4"/></geometry>
      <material name="m"><color rgba="1 0 0 1"/></material></visual>
    <collision><geometry><capsule radius="0.2" length="0.3"/></geometry></collision>
    <collision><geometry><box size="1 1 1"/></geometry></collision>
  </link>
)");
  frames::Model m = Read(in);
  UrdfWriteOptions allow;
  allow.allow_capsule = true;
  frames::Diagnostics d1;
  const std::string allowed = Write(m, allow, &d1);
  EXPECT_TRUE(d1.all().empty()) << d1.ToString();
  EXPECT_NE(allowed.find("<capsule radius=\"0.1\" length=\"0.4\"/>"),
            std::string::npos)
      << allowed;
  EXPECT_NE(allowed.find("<capsule radius=\"0.2\" length=\"0.3\"/>"),
            std::string::npos);

  // Capsules the URDF wrote come back as capsules whatever the version.
  frames::Diagnostics d0;
  const std::string as_read = Write(m, {}, &d0);
  EXPECT_TRUE(d0.all().empty()) << d0.ToString();
  EXPECT_NE(as_read.find("<capsule radius=\"0.2\" length=\"0.3\"/>"),
            std::string::npos) << as_read;

  // Capsules from elsewhere (SDFormat) are carried without allow_capsule.
  for (auto& v : m.links[0].visuals) v.urdf_form = {};
  for (auto& c : m.links[0].collisions) c.urdf_form = {};
  frames::Diagnostics d2;
  const std::string carried = Write(m, {}, &d2);
  int warnings = 0;
  for (const auto& d : d2.all()) {
    EXPECT_EQ(d.code, frames::Code::CAPSULE_NOT_URDF);
    EXPECT_EQ(d.severity, frames::Severity::kWarning);
    EXPECT_NE(d.message.find("link 'a'"), std::string::npos) << d.message;
    ++warnings;
  }
  EXPECT_EQ(warnings, 2);
  EXPECT_EQ(carried.find("<capsule radius="), std::string::npos) << carried;
  EXPECT_NE(carried.find(R"(  </link>
  <gazebo reference="a">
    <visual name="cap">
      <pose>0 0 1 0 0 0</pose>
      <geometry>
        <capsule>
          <radius>0.1</radius>
          <length>0.4</length>
        </capsule>
      </geometry>
      <material>
        <ambient>1 0 0 1</ambient>
        <diffuse>1 0 0 1</diffuse>
      </material>
    </visual>
    <collision name="a_collision_0">
      <geometry>
        <capsule>
          <radius>0.2</radius>
          <length>0.3</length>
        </capsule>
      </geometry>
    </collision>
  </gazebo>
)"),
            std::string::npos)
      << carried;
  // The box stays in the link; the output reads back as a URDF.
  frames::Model back = Read(carried);
  ASSERT_EQ(back.links.size(), 1u);
  EXPECT_TRUE(back.links[0].visuals.empty());
  ASSERT_EQ(back.links[0].collisions.size(), 1u);
  EXPECT_EQ(back.links[0].collisions[0].geometry.type,
            frames::Geometry::Type::kBox);
}

TEST(WriteUrdfTest, PlaneAndEllipsoidCarried) {
  frames::Model m = Read(Robot("<link name=\"a\"/>"));
  frames::Collision& c = m.links[0].collisions.emplace_back();
  c.name = "ground";
  c.name_given = true;
  c.geometry.type = frames::Geometry::Type::kPlane;
  c.geometry.size = frames::Vector3(0, 0, 1);
  c.geometry.plane_size = Eigen::Vector2d(10, 20);
  frames::Visual& v = m.links[0].visuals.emplace_back();
  v.geometry.type = frames::Geometry::Type::kEllipsoid;
  v.geometry.radii = frames::Vector3(1, 2, 3);
  frames::Diagnostics d;
  const std::string out = Write(m, {}, &d);
  EXPECT_EQ(d.all().size(), 2u) << d.ToString();
  for (const auto& x : d.all())
    EXPECT_EQ(x.code, frames::Code::GEOMETRY_NOT_URDF);
  EXPECT_NE(out.find("<plane>\n          <normal>0 0 1</normal>\n          "
                     "<size>10 20</size>"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("<visual name=\"a_visual_0\">"), std::string::npos) << out;
  EXPECT_NE(out.find("<radii>1 2 3</radii>"), std::string::npos) << out;
}

TEST(WriteUrdfTest, AllSixJointTypesAndTheirElements) {
  const std::string in = Robot(R"(
  <link name="l0"/><link name="l1"/><link name="l2"/><link name="l3"/>
  <link name="l4"/><link name="l5"/><link name="l6"/>
  <joint name="rev" type="revolute"><parent link="l0"/><child link="l1"/>
    <axis xyz="0 1 0"/><limit lower="-1.5" upper="1.5" effort="20" velocity="3"/>
    <dynamics damping="0.5" friction="0.25"/>
    <safety_controller soft_lower_limit="-1.4" soft_upper_limit="1.4" k_position="100" k_velocity="10"/>
    <calibration rising="0.1" falling="-0.1"/></joint>
  <joint name="cont" type="continuous"><parent link="l0"/><child link="l2"/>
    <axis xyz="0 0 1"/><dynamics damping="0.5"/><safety_controller k_velocity="2"/>
    <calibration falling="0.3"/></joint>
  <joint name="pri" type="prismatic"><parent link="l0"/><child link="l3"/>
    <limit effort="5" velocity="0.5" upper="0.2"/>
    <mimic joint="rev" multiplier="-2" offset="0.5"/></joint>
  <joint name="fix" type="fixed"><parent link="l0"/><child link="l4"/></joint>
  <joint name="flo" type="floating"><parent link="l0"/><child link="l5"/></joint>
  <joint name="pla" type="planar"><parent link="l0"/><child link="l6"/>
    <axis xyz="0 0 1"/><mimic joint="cont"/></joint>
)");
  const std::string out = Write(Read(in));
  for (const char* e : {
           R"(<joint name="rev" type="revolute">
    <parent link="l0"/>
    <child link="l1"/>
    <axis xyz="0 1 0"/>
    <limit lower="-1.5" upper="1.5" effort="20" velocity="3"/>
    <dynamics damping="0.5" friction="0.25"/>
    <safety_controller soft_lower_limit="-1.4" soft_upper_limit="1.4" k_position="100" k_velocity="10"/>
    <calibration rising="0.1" falling="-0.1"/>
  </joint>)",
           R"(<joint name="cont" type="continuous">
    <parent link="l0"/>
    <child link="l2"/>
    <axis xyz="0 0 1"/>
    <dynamics damping="0.5"/>
    <safety_controller k_velocity="2"/>
    <calibration falling="0.3"/>
  </joint>)",
           // The reader gives a limit without axis the URDF default axis;
           // it is not written, as the URDF did not write it.
           R"(<joint name="pri" type="prismatic">
    <parent link="l0"/>
    <child link="l3"/>
    <limit upper="0.2" effort="5" velocity="0.5"/>
    <mimic joint="rev" multiplier="-2" offset="0.5"/>
  </joint>)",
           R"(<joint name="fix" type="fixed">
    <parent link="l0"/>
    <child link="l4"/>
  </joint>)",
           R"(<joint name="flo" type="floating">)",
           R"(<joint name="pla" type="planar">
    <parent link="l0"/>
    <child link="l6"/>
    <axis xyz="0 0 1"/>
    <mimic joint="cont"/>
  </joint>)"}) {
    EXPECT_NE(out.find(e), std::string::npos) << e << "\nin\n" << out;
  }
}

TEST(WriteUrdfTest, JointTypesUrdfLacksAreErrors) {
  for (frames::JointType t :
       {frames::JointType::kBall, frames::JointType::kUniversal,
        frames::JointType::kRevolute2, frames::JointType::kScrew,
        frames::JointType::kGearbox}) {
    frames::Model m = Read(Robot(
        "<link name=\"a\"/><link name=\"b\"/><joint name=\"j\" type=\"fixed\">"
        "<parent link=\"a\"/><child link=\"b\"/></joint>"));
    m.joints[0].type = t;
    frames::Diagnostics d;
    EXPECT_FALSE(WriteUrdf(m, {}, &d));
    ASSERT_EQ(ErrorCodes(d), std::vector<std::string>{"JOINT_TYPE_NOT_URDF"});
    EXPECT_NE(d.all()[0].message.find("joint 'j'"), std::string::npos);
    EXPECT_NE(d.all()[0].message.find(frames::JointTypeName(t)),
              std::string::npos);
  }
  // pybullet's "spherical" is read as a ball joint: not writable.
  frames::Diagnostics d;
  frames::Model m =
      Read(Robot("<link name=\"a\"/><link name=\"b\"/><joint name=\"s\" "
                 "type=\"spherical\">"
                 "<parent link=\"a\"/><child link=\"b\"/></joint>"));
  EXPECT_FALSE(WriteUrdf(m, {}, &d));
  EXPECT_TRUE(d.Has(frames::Code::JOINT_TYPE_NOT_URDF)) << d.ToString();
  EXPECT_EQ(d.all().back().where.line, 3);  // the joint's line
}

TEST(WriteUrdfTest, ExtensionsWrittenBackAtTheirLevel) {
  const std::string in = Robot(R"(
  <link name="a">
    <visual><geometry><box size="1 1 1"/></geometry><shininess value="0.8"/></visual>
    <collision><geometry><box size="1 1 1"/></geometry><surface_hint kind="rubber"/></collision>
    <sensor_mount slot="3">front</sensor_mount>
  </link>
  <joint name="j" type="continuous"><parent link="a"/><child link="b"/>
    <hardware_note>&lt;geared&gt; &amp; sealed</hardware_note></joint>
  <link name="b"/>
  <gazebo reference="a"><mu1>0.5</mu1></gazebo>
  <transmission name="t"><type>x</type><joint name="j"><hardwareInterface>h</hardwareInterface></joint></transmission>
  <ros2_control name="s" type="system"><hardware><plugin>p</plugin></hardware></ros2_control>
)");
  const std::string out = Write(Read(in));
  for (const char* e :
       {"      <shininess value=\"0.8\"/>\n    </visual>",
        "      <surface_hint kind=\"rubber\"/>\n    </collision>",
        "    <sensor_mount slot=\"3\">front</sensor_mount>\n  </link>",
        "    <hardware_note>&lt;geared&gt; &amp; sealed</hardware_note>\n  "
        "</joint>",
        "  <gazebo reference=\"a\">\n    <mu1>0.5</mu1>\n  </gazebo>",
        "  <transmission name=\"t\">\n    <type>x</type>\n    <joint "
        "name=\"j\">\n"
        "      <hardwareInterface>h</hardwareInterface>\n    </joint>\n  "
        "</transmission>",
        "  <ros2_control name=\"s\" type=\"system\">\n    <hardware>\n"
        "      <plugin>p</plugin>\n    </hardware>\n  </ros2_control>"}) {
    EXPECT_NE(out.find(e), std::string::npos) << e << "\nin\n" << out;
  }
  EXPECT_EQ(Blocks(in), Blocks(out));
}

TEST(WriteUrdfTest, DocumentOrderKeptByLine) {
  // Joints between links, a gazebo block between them, materials late.
  const std::string in = Robot(R"(
  <link name="a"/>
  <joint name="j1" type="fixed"><parent link="a"/><child link="b"/></joint>
  <gazebo reference="a"/>
  <link name="b">
    <collision><geometry><box size="1 1 1"/></geometry></collision>
    <inertial><mass value="1"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial>
    <visual><geometry><box size="1 1 1"/></geometry></visual>
  </link>
  <material name="m"><color rgba="1 1 1 1"/></material>
  <joint name="j2" type="fixed"><parent link="b"/><child link="c"/></joint>
  <link name="c"/>
)");
  const std::string out = Write(Read(in));
  std::vector<size_t> at;
  for (const char* e :
       {"<link name=\"a\"/>", "<joint name=\"j1\"", "<gazebo reference=\"a\"/>",
        "<link name=\"b\">", "<collision>", "<inertial>", "<visual>",
        "<material name=\"m\">", "<joint name=\"j2\"", "<link name=\"c\"/>"}) {
    at.push_back(out.find(e));
    ASSERT_NE(at.back(), std::string::npos) << e << "\nin\n" << out;
  }
  EXPECT_TRUE(std::is_sorted(at.begin(), at.end())) << out;

  // Without lines (a model made in code): materials, links, joints, the rest.
  frames::Model m = Read(in);
  for (auto& x : m.materials) x.where = {};
  for (auto& x : m.links) x.where = {};
  for (auto& x : m.joints) x.where = {};
  for (auto& x : m.extensions) x.where = {};
  const std::string plain = Write(m);
  at.clear();
  for (const char* e :
       {"<material name=\"m\">", "<link name=\"a\"/>", "<link name=\"b\">",
        "<link name=\"c\"/>", "<joint name=\"j1\"", "<joint name=\"j2\"",
        "<gazebo reference=\"a\"/>"}) {
    at.push_back(plain.find(e));
    ASSERT_NE(at.back(), std::string::npos) << e << "\nin\n" << plain;
  }
  EXPECT_TRUE(std::is_sorted(at.begin(), at.end())) << plain;
}

TEST(WriteUrdfTest, WorldLinkBeforeItsFirstJoint) {
  const std::string in = Robot(R"(
  <link name="world"/>
  <link name="base"/>
  <joint name="fix" type="fixed"><origin xyz="0 0 1"/><parent link="world"/><child link="base"/></joint>
)");
  frames::Model m = Read(in);
  ASSERT_EQ(m.links.size(), 1u);
  const std::string out = Write(m);
  EXPECT_NE(out.find(R"(  <link name="base"/>
  <link name="world"/>
  <joint name="fix" type="fixed">
    <origin xyz="0 0 1"/>
    <parent link="world"/>)"),
            std::string::npos)
      << out;
  EXPECT_EQ(Write(Read(out)), out);
}

TEST(WriteUrdfTest, OriginalJointNamesAndMimicTargets) {
  frames::Model m = Read(Robot(R"(
  <link name="a"/><link name="b"/><link name="c"/>
  <joint name="b" type="revolute"><parent link="a"/><child link="b"/><limit effort="1" velocity="1"/></joint>
  <joint name="m" type="revolute"><parent link="a"/><child link="c"/><limit effort="1" velocity="1"/>
    <mimic joint="b"/></joint>
)"));
  // As urdf2sdf renames a joint that shares a link's name.
  m.joints[0].original_name = "b";
  m.joints[0].name = "b_joint";
  m.links[1].pose.relative_to = "b_joint";
  const std::string out = Write(m);
  EXPECT_NE(out.find("<joint name=\"b\" type=\"revolute\">"), std::string::npos)
      << out;
  EXPECT_NE(out.find("<mimic joint=\"b\"/>"), std::string::npos) << out;
  // A mimic that follows the rename is written with the URDF name too.
  m.joints[1].mimic->joint = "b_joint";
  EXPECT_NE(Write(m).find("<mimic joint=\"b\"/>"), std::string::npos)
      << Write(m);
}

// Each check of CheckUrdfForm, on a model made from a valid one.
TEST(WriteUrdfTest, ModelsNotInUrdfFormAreRefused) {
  const frames::Model base = Read(Robot(R"(
  <link name="a"><visual><geometry><box size="1 1 1"/></geometry></visual></link>
  <link name="b"/>
  <joint name="j" type="revolute"><origin xyz="1 0 0"/><parent link="a"/><child link="b"/>
    <axis xyz="0 0 1"/><limit effort="1" velocity="1"/></joint>
)"));
  frames::Diagnostics base_diags;
  ASSERT_TRUE(WriteUrdf(base, {}, &base_diags)) << base_diags.ToString();
  struct Case {
    const char* what;
    std::function<void(frames::Model*)> change;
    std::string code;
    std::string names;  // a word the message must hold
  };
  const std::vector<Case> cases = {
      {"link off its joint",
       [](frames::Model* m) { m->links[1].pose.xyz.x() = 1; },
       "URDF_FORM_INVALID", "link 'b'"},
      {"link relative_to the model",
       [](frames::Model* m) { m->links[1].pose.relative_to = ""; },
       "URDF_FORM_INVALID", "link 'b'"},
      {"root link posed",
       [](frames::Model* m) { m->links[0].pose.rpy.z() = 1; },
       "URDF_FORM_INVALID", "link 'a'"},
      {"joint relative_to its child",
       [](frames::Model* m) { m->joints[0].pose.relative_to = ""; },
       "URDF_FORM_INVALID", "joint 'j'"},
      {"visual relative_to another frame",
       [](frames::Model* m) { m->links[0].visuals[0].pose.relative_to = "j"; },
       "URDF_FORM_INVALID", "visual of link 'a'"},
      {"inertial relative_to another frame",
       [](frames::Model* m) {
         m->links[0].inertial.emplace().pose.relative_to = "__model__";
       },
       "URDF_FORM_INVALID", "inertial of link 'a'"},
      {"explicit frame",
       [](frames::Model* m) { m->frames.emplace_back().name = "f"; },
       "URDF_FORM_INVALID", "frame 'f'"},
      {"nested model",
       [](frames::Model* m) { m->models.emplace_back().name = "n"; },
       "URDF_FORM_INVALID", "nested model 'n'"},
      {"model pose", [](frames::Model* m) { m->pose.xyz.z() = 2; },
       "URDF_FORM_INVALID", "pose"},
      {"static", [](frames::Model* m) { m->is_static = true; },
       "URDF_FORM_INVALID", "static"},
      {"canonical link not the root",
       [](frames::Model* m) { m->canonical_link = "b"; }, "URDF_FORM_INVALID",
       "canonical link 'b'"},
      {"axis expressed in the model",
       [](frames::Model* m) { m->joints[0].axis->expressed_in = "__model__"; },
       "URDF_FORM_INVALID", "expressed in '__model__'"},
      {"second axis", [](frames::Model* m) { m->joints[0].axis2.emplace(); },
       "URDF_FORM_INVALID", "second axis"},
      {"link named world",
       [](frames::Model* m) { m->links.emplace_back().name = "world"; },
       "URDF_FORM_INVALID", "link 'world'"},
      {"no geometry",
       [](frames::Model* m) {
         m->links[0].visuals[0].geometry.type = frames::Geometry::Type::kNone;
       },
       "GEOMETRY_MISSING", "visual of link 'a'"},
      {"no links",
       [](frames::Model* m) {
         m->links.clear();
         m->joints.clear();
       },
       "URDF_NO_LINK", "model 'r'"},
      {"duplicate link",
       [](frames::Model* m) { m->links.push_back(m->links[1]); },
       "DUPLICATE_NAME", "'b'"},
      {"duplicate joint after the original name",
       [](frames::Model* m) {
         frames::Joint j = m->joints[0];
         j.name = "k";
         j.original_name = "j";
         j.child = "c";
         m->joints.push_back(j);
         m->links.emplace_back().name = "c";
         m->links.back().pose.relative_to = "k";
       },
       "DUPLICATE_NAME", "'j'"},
      {"empty robot name", [](frames::Model* m) { m->name.clear(); },
       "NAME_EMPTY", "no name"},
      {"empty link name", [](frames::Model* m) { m->links.emplace_back(); },
       "NAME_EMPTY", "link"},
      {"missing parent",
       [](frames::Model* m) {
         m->joints[0].parent = "x";
         m->joints[0].pose.relative_to = "x";
       },
       "JOINT_PARENT_LINK_INVALID", "'x'"},
      {"missing child", [](frames::Model* m) { m->joints[0].child = "x"; },
       "JOINT_CHILD_LINK_INVALID", "'x'"},
      {"world as child", [](frames::Model* m) { m->joints[0].child = "world"; },
       "JOINT_CHILD_LINK_INVALID", "world"},
      {"parent is child",
       [](frames::Model* m) {
         m->joints[0].parent = "b";
         m->joints[0].pose.relative_to = "b";
       },
       "JOINT_PARENT_SAME_AS_CHILD", "'b'"},
      {"two roots",
       [](frames::Model* m) { m->links.emplace_back().name = "c"; },
       "URDF_MULTIPLE_ROOTS", "'c'"},
      {"world and a root",
       [](frames::Model* m) {
         frames::Joint j = m->joints[0];
         j.name = "w";
         j.parent = "world";
         j.child = "c";
         j.pose.relative_to = "__model__";
         m->joints.push_back(j);
         m->links.emplace_back().name = "c";
         m->links.back().pose.relative_to = "w";
       },
       "URDF_MULTIPLE_ROOTS", "'world'"},
      {"two parents",
       [](frames::Model* m) {
         frames::Joint j = m->joints[0];
         j.name = "k";
         m->joints.push_back(j);
       },
       "URDF_LINK_MULTIPLE_PARENTS", "'b'"},
      {"cycle",
       [](frames::Model* m) {
         // a <- b <- c <- b is a cycle once a is the child of c.
         frames::Joint j = m->joints[0];
         j.name = "k";
         j.parent = "b";
         j.child = "a";
         j.pose.relative_to = "b";
         m->joints.push_back(j);
         m->links[0].pose.relative_to = "k";
       },
       "URDF_KINEMATIC_CYCLE", "cycle"},
  };
  for (const Case& c : cases) {
    frames::Model m = base;
    c.change(&m);
    frames::Diagnostics d;
    EXPECT_FALSE(WriteUrdf(m, {}, &d)) << c.what;
    EXPECT_FALSE(CheckUrdfForm(m, &d)) << c.what;
    ASSERT_TRUE(d.HasErrors()) << c.what;
    const frames::Diagnostic& first = d.all().front();
    EXPECT_EQ(frames::CodeName(first.code), c.code) << c.what << "\n"
                                                    << d.ToString();
    EXPECT_NE(first.message.find(c.names), std::string::npos)
        << c.what << ": " << first.message;
  }
}

// A model of many links is checked beside its writing (WriteUrdf): what
// it reports is what a model checked first reports, in the same order
// (the check's findings, then the writing's), and when the check fails
// nothing is written and nothing the writing would have said is reported.
TEST(WriteUrdfTest, LargeModelReportsAsCheckedFirst) {
  std::string body;
  for (int i = 0; i < 1500; ++i) {
    body += "<link name=\"l" + std::to_string(i) + "\"/>\n";
    if (i > 0) {
      body += "<joint name=\"j" + std::to_string(i) +
              "\" type=\"revolute\"><parent link=\"l" +
              std::to_string(i - 1) + "\"/><child link=\"l" +
              std::to_string(i) +
              "\"/><limit effort=\"1\" velocity=\"1\"/></joint>\n";
    }
  }
  frames::Model m = Read(Robot(body));
  ASSERT_EQ(m.links.size(), 1500u);
  // Something the writing reports (an SDF-only limit child) ...
  // (one in each half of the writing, reported in document order)
  m.joints[3].axis->limit->extensions.emplace_back().name = "stiffness";
  m.joints[1400].axis->limit->extensions.emplace_back().name = "stiffness";
  frames::Diagnostics d;
  const std::string out = Write(m, {}, &d);
  ASSERT_EQ(d.all().size(), 2u) << d.ToString();
  EXPECT_EQ(d.all()[0].code, frames::Code::URDF_CANNOT_EXPRESS);
  EXPECT_NE(d.all()[0].message.find("'j4'"), std::string::npos);
  EXPECT_NE(d.all()[1].message.find("'j1401'"), std::string::npos);
  EXPECT_NE(out.find("<link name=\"l1499\"/>"), std::string::npos);
  // ... then a second root, and a name that is not an XML name: errors of
  // the check, which come first and alone.
  m.joints.pop_back();
  m.links[7].name = "bad name";
  frames::Diagnostics checked;
  checked.Warning(frames::Code::URDF_CANNOT_EXPRESS, "before", {});
  frames::Diagnostics expected = checked;
  EXPECT_FALSE(CheckUrdfForm(m, &expected));
  ASSERT_GE(expected.error_count(), 2) << expected.ToString();
  for (int run = 0; run < 10; ++run) {
    frames::Diagnostics got = checked;
    EXPECT_FALSE(WriteUrdf(m, {}, &got));
    EXPECT_EQ(got.ToString(), expected.ToString());
    EXPECT_EQ(got.error_count(), expected.error_count());
  }
}

// A large robot is written in two halves side by side: the world link the
// joints from "world" need is written once, before the first of them,
// whether that is in the first half (and another in the second) or in the
// second, and the halves join into one document.
TEST(WriteUrdfTest, LargeModelWorldLinkOnceInEitherHalf) {
  for (const bool world_first : {true, false}) {
    std::string body;
    if (world_first) {
      body += "<joint name=\"w\" type=\"fixed\"><parent link=\"world\"/>"
              "<child link=\"l0\"/></joint>\n";
    }
    for (int i = 0; i < 1500; ++i) {
      body += "<link name=\"l" + std::to_string(i) + "\"/>\n";
      if (i > 0) {
        body += "<joint name=\"j" + std::to_string(i) +
                "\" type=\"fixed\"><parent link=\"l" + std::to_string(i - 1) +
                "\"/><child link=\"l" + std::to_string(i) + "\"/></joint>\n";
      }
    }
    body += "<link name=\"free\"/>\n<joint name=\"w2\" type=\"fixed\">"
            "<parent link=\"world\"/><child link=\"free\"/></joint>\n";
    if (!world_first) {
      body += "<joint name=\"w\" type=\"fixed\"><parent link=\"world\"/>"
              "<child link=\"l0\"/></joint>\n";
    }
    const frames::Model m = Read(Robot(body));
    frames::Diagnostics d;
    const std::string out = Write(m, {}, &d);
    EXPECT_EQ(d.all().size(), 0u) << d.ToString();
    const size_t link = out.find("<link name=\"world\"/>");
    ASSERT_NE(link, std::string::npos) << world_first;
    EXPECT_EQ(out.find("<link name=\"world\"/>", link + 1), std::string::npos)
        << world_first;
    EXPECT_LT(link, out.find(world_first ? "<joint name=\"w\""
                                         : "<joint name=\"w2\""));
    EXPECT_EQ(out.find("<robot"), out.rfind("<robot"));
    EXPECT_EQ(out.size() - out.rfind("</robot>\n"), 9u);
    std::string why;
    EXPECT_TRUE(urdfdom_testing::ParseWithUrdfdom(out, &why)) << why;
    // Read back, it writes the same bytes.
    EXPECT_EQ(Write(Read(out)), out);
  }
}

TEST(WriteUrdfTest, SdfOnlyDataIsReported) {
  frames::Model m = Read(Robot(R"(
  <link name="a"><visual name="v"><geometry><box size="1 1 1"/></geometry>
    <material name="m"><color rgba="1 0 0 1"/></material></visual></link>
  <link name="b"/>
  <joint name="j" type="revolute"><parent link="a"/><child link="b"/>
    <limit effort="1" velocity="1"/><dynamics damping="1"/></joint>
)"));
  m.links[0].visuals[0].material->specular = Eigen::Vector4d(1, 1, 1, 1);
  m.joints[0].axis->limit->extensions.emplace_back().name = "stiffness";
  frames::Diagnostics d;
  const std::string out = Write(m, {}, &d);
  EXPECT_FALSE(d.HasErrors());
  ASSERT_EQ(d.all().size(), 2u) << d.ToString();
  EXPECT_EQ(d.all()[0].code, frames::Code::URDF_CANNOT_EXPRESS);
  EXPECT_NE(d.all()[0].message.find("<specular>"), std::string::npos);
  EXPECT_NE(d.all()[0].message.find("visual 'v' of link 'a'"),
            std::string::npos);
  EXPECT_NE(d.all()[1].message.find("<stiffness>"), std::string::npos);
  EXPECT_NE(d.all()[1].message.find("joint 'j'"), std::string::npos);
  EXPECT_EQ(out.find("specular"), std::string::npos);
  EXPECT_EQ(out.find("stiffness"), std::string::npos);
}

// ---------------------------------------------------------------------------
// urdfdom interop.

TEST(UrdfdomTest, ToModelInterfaceIsWhatUrdfdomParses) {
  const std::string in = Robot(R"(
  <material name="red"><color rgba="1 0 0 1"/></material>
  <link name="world"/>
  <link name="base">
    <inertial><origin xyz="0 0 0.5" rpy="0.1 0.2 0.3"/><mass value="3"/>
      <inertia ixx="1" ixy="0.1" ixz="0.2" iyy="2" iyz="0.3" izz="3"/></inertial>
    <visual name="v0"><geometry><mesh filename="m.stl"/></geometry><material name="red"/></visual>
    <visual><origin rpy="1 2 3"/><geometry><box size="1 2 3"/></geometry>
      <material name="green"><color rgba="0 1 0 1"/></material></visual>
    <visual><geometry><sphere radius="1"/></geometry><material name="green"/></visual>
    <visual><geometry><sphere radius="1"/></geometry><material name="red"><color rgba="0.5 0 0 1"/></material></visual>
    <visual><geometry><sphere radius="1"/></geometry><material name="unknown"/></visual>
    <collision name="c"><origin xyz="1 2 3"/><geometry><cylinder radius="1" length="2"/></geometry></collision>
  </link>
  <link name="arm"/><link name="hand"/><link name="finger"/>
  <joint name="to_world" type="fixed"><parent link="world"/><child link="base"/></joint>
  <joint name="shoulder" type="revolute"><origin xyz="0 0 1" rpy="0 1.5707963267948966 0"/>
    <parent link="base"/><child link="arm"/><axis xyz="0 1 0"/>
    <limit lower="-1" upper="1" effort="10" velocity="2"/><dynamics friction="0.1"/>
    <safety_controller soft_upper_limit="0.9" k_velocity="3"/><calibration rising="0.2"/></joint>
  <joint name="wrist" type="continuous"><parent link="arm"/><child link="hand"/></joint>
  <joint name="grip" type="prismatic"><parent link="hand"/><child link="finger"/>
    <limit effort="1" velocity="1"/><mimic joint="wrist" offset="0.5"/></joint>
)");
  frames::Diagnostics d;
  frames::Model m = Read(in, &d);
  urdf::ModelInterfaceSharedPtr ours = ToModelInterface(m, &d);
  ASSERT_TRUE(ours) << d.ToString();
  std::string why;
  urdf::ModelInterfaceSharedPtr theirs = ParseWithUrdfdom(in, &why);
  ASSERT_TRUE(theirs) << why;
  const std::vector<std::string> diff = UrdfdomDiff().Compare(*ours, *theirs);
  EXPECT_TRUE(diff.empty()) << Join(diff);
  // The tree pointers are set.
  ASSERT_TRUE(ours->getRoot());
  EXPECT_EQ(ours->getRoot()->name, "world");
  EXPECT_EQ(ours->getLink("finger")->getParent()->name, "hand");
  EXPECT_EQ(ours->getLink("finger")->parent_joint->name, "grip");
  EXPECT_EQ(ours->getLink("base")->child_joints.size(), 1u);
  // Sharing, as urdfdom does it.
  const urdf::LinkConstSharedPtr base = ours->getLink("base");
  EXPECT_EQ(base->visual_array[0]->material, ours->getMaterial("red"));
  EXPECT_EQ(base->visual_array[3]->material, ours->getMaterial("red"));
  EXPECT_EQ(base->visual_array[2]->material, ours->getMaterial("green"));
  EXPECT_FALSE(base->visual_array[4]->material);
}

TEST(UrdfdomTest, ToModelInterfaceReportsWhatUrdfdomCannotHold) {
  frames::Model m = Read(Robot(R"(
  <link name="a">
    <visual><geometry><capsule radius="1" length="2"/></geometry></visual>
    <collision><geometry><box size="1 1 1"/></geometry></collision>
  </link>
  <gazebo reference="a"/><transmission name="t"/><gazebo/>
)"));
  frames::Diagnostics d;
  urdf::ModelInterfaceSharedPtr u = ToModelInterface(m, &d);
  ASSERT_TRUE(u) << d.ToString();
  EXPECT_TRUE(u->getLink("a")->visual_array.empty());
  EXPECT_EQ(u->getLink("a")->collision_array.size(), 1u);
  ASSERT_EQ(d.all().size(), 2u) << d.ToString();
  EXPECT_EQ(d.all()[0].code, frames::Code::URDFDOM_CANNOT_EXPRESS);
  EXPECT_NE(d.all()[0].message.find("capsule visual of link 'a'"),
            std::string::npos)
      << d.all()[0].message;
  EXPECT_NE(d.all()[1].message.find("3 kept-verbatim element(s)"),
            std::string::npos)
      << d.all()[1].message;
  EXPECT_NE(d.all()[1].message.find("<gazebo> x2, <transmission>"),
            std::string::npos)
      << d.all()[1].message;

  // Not in URDF form: refused like WriteUrdf.
  m.links[0].pose.xyz.x() = 1;
  frames::Diagnostics e;
  EXPECT_FALSE(ToModelInterface(m, &e));
  EXPECT_TRUE(e.Has(frames::Code::URDF_FORM_INVALID));
}

TEST(UrdfdomTest, FromModelInterfaceRoundTrips) {
  const std::string in = Robot(R"(
  <material name="red"><color rgba="0.8 0.1 0.1 1"/></material>
  <link name="world"/>
  <link name="base">
    <visual name="v"><origin xyz="0 0 0.1" rpy="0.3 -0.2 0.1"/><geometry><mesh filename="m.dae" scale="2 2 2"/></geometry><material name="red"/></visual>
    <visual><geometry><mesh filename="n.dae"/></geometry><material name="tex"><texture filename="t.png"/></material></visual>
    <collision><geometry><box size="1 2 3"/></geometry></collision>
  </link>
  <link name="arm"><inertial><mass value="1"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial></link>
  <link name="tip"/>
  <joint name="fix" type="fixed"><origin xyz="1 0 0"/><parent link="world"/><child link="base"/></joint>
  <joint name="j" type="revolute"><origin rpy="0 1.5707963267948966 0"/><parent link="base"/><child link="arm"/>
    <axis xyz="0 0 1"/><limit lower="-1" upper="1" effort="1" velocity="1"/><mimic joint="k"/>
    <calibration falling="1"/><safety_controller k_velocity="1"/><dynamics damping="1"/></joint>
  <joint name="k" type="floating"><parent link="arm"/><child link="tip"/></joint>
)");
  urdf::ModelInterfaceSharedPtr theirs = ParseWithUrdfdom(in);
  ASSERT_TRUE(theirs);
  frames::Diagnostics d;
  std::optional<frames::Model> m = FromModelInterface(*theirs, &d);
  ASSERT_TRUE(m) << d.ToString();
  EXPECT_FALSE(d.HasErrors());
  // The URDF conventions of ReadUrdf.
  ASSERT_EQ(m->links.size(), 3u);
  EXPECT_EQ(m->links[0].name, "base");
  EXPECT_EQ(m->links[0].pose.relative_to, "fix");
  EXPECT_EQ(m->joints[0].parent, "world");
  EXPECT_EQ(m->joints[0].pose.relative_to, "__model__");
  EXPECT_EQ(m->joints[1].pose.relative_to, "base");
  ASSERT_TRUE(m->links[0].visuals[0].material);
  EXPECT_TRUE(m->links[0].visuals[0].material->by_reference);
  EXPECT_EQ(m->links[0].visuals[0].material->rgba->x(), 0.8);  // float 0.8f
  EXPECT_FALSE(m->links[0].visuals[1].geometry.scale);
  EXPECT_FALSE(m->links[0].collisions[0].name_given);
  // Printed and parsed again, it is the same robot; rotations within
  // rounding (quaternion -> rpy -> quaternion).
  frames::Diagnostics w;
  const std::string out = Write(*m, {}, &w);
  urdf::ModelInterfaceSharedPtr again = ParseWithUrdfdom(out);
  ASSERT_TRUE(again) << out;
  const std::vector<std::string> diff =
      UrdfdomDiff(1e-15).Compare(*again, *theirs);
  EXPECT_TRUE(diff.empty()) << Join(diff) << out;
  // And directly, without text.
  urdf::ModelInterfaceSharedPtr direct = ToModelInterface(*m, &w);
  ASSERT_TRUE(direct) << w.ToString();
  const std::vector<std::string> diff2 =
      UrdfdomDiff(1e-15).Compare(*direct, *theirs);
  EXPECT_TRUE(diff2.empty()) << Join(diff2);
}

TEST(UrdfdomTest, FromModelInterfaceRefusesNonTrees) {
  urdf::ModelInterface u;
  u.name_ = "r";
  for (const char* n : {"a", "b", "c"}) {
    auto l = std::make_shared<urdf::Link>();
    l->name = n;
    u.links_[n] = l;
  }
  auto joint = [&](const char* name, const char* parent, const char* child) {
    auto j = std::make_shared<urdf::Joint>();
    j->name = name;
    j->type = urdf::Joint::FIXED;
    j->parent_link_name = parent;
    j->child_link_name = child;
    u.joints_[name] = j;
  };
  joint("j", "a", "b");
  frames::Diagnostics d1;
  EXPECT_FALSE(FromModelInterface(u, &d1));
  EXPECT_EQ(ErrorCodes(d1), std::vector<std::string>{"URDF_MULTIPLE_ROOTS"});
  joint("k", "b", "x");
  frames::Diagnostics d2;
  EXPECT_FALSE(FromModelInterface(u, &d2));
  EXPECT_TRUE(d2.Has(frames::Code::JOINT_CHILD_LINK_INVALID)) << d2.ToString();
  joint("k", "b", "c");
  frames::Diagnostics d3;
  EXPECT_TRUE(FromModelInterface(u, &d3)) << d3.ToString();
  u.joints_["k"]->type = urdf::Joint::UNKNOWN;
  frames::Diagnostics d4;
  EXPECT_FALSE(FromModelInterface(u, &d4));
  EXPECT_EQ(ErrorCodes(d4), std::vector<std::string>{"JOINT_TYPE_INVALID"});
  u.joints_["k"]->type = urdf::Joint::FIXED;
  auto v = std::make_shared<urdf::Visual>();  // no geometry
  u.links_["c"]->visual_array.push_back(v);
  frames::Diagnostics d5;
  EXPECT_FALSE(FromModelInterface(u, &d5));
  EXPECT_EQ(ErrorCodes(d5), std::vector<std::string>{"GEOMETRY_MISSING"});
}

// ---------------------------------------------------------------------------
// Files: the fixtures of testdata/urdf and the corpus.

struct FileResult {
  bool read = false;  // ReadUrdf accepted the file
  // WriteUrdf refused it only for ball joints (pybullet's "spherical").
  std::string ball_joints;
  bool urdfdom_reads = false;  // urdfdom parses the original without error
  std::string urdfdom_why;     // why not
  size_t blocks = 0;           // kept-verbatim blocks checked
  std::vector<std::string> failures;
};

// All the checks on one file's text.
FileResult CheckFile(const std::string& text, const std::string& name) {
  FileResult r;
  frames::Diagnostics diags;
  std::optional<frames::Model> model = ReadUrdf(text, name, &diags);
  if (!model) return r;
  r.read = true;
  frames::Diagnostics wdiags;
  std::optional<std::string> out = WriteUrdf(*model, {}, &wdiags);
  if (!out) {
    // URDF has no ball joint: refusing one (and only that) is right.
    bool only_balls = true;
    for (const auto& d : wdiags.all()) {
      if (d.severity != frames::Severity::kError) continue;
      auto ball = std::find_if(model->joints.begin(), model->joints.end(),
                               [&](const frames::Joint& j) {
                                 return j.type == frames::JointType::kBall &&
                                        d.where.line == j.where.line;
                               });
      if (d.code != frames::Code::JOINT_TYPE_NOT_URDF ||
          ball == model->joints.end()) {
        only_balls = false;
      } else {
        r.ball_joints += (r.ball_joints.empty() ? "" : ", ") + ball->name;
      }
    }
    if (!only_balls || r.ball_joints.empty()) {
      r.ball_joints.clear();
      r.failures.push_back("WriteUrdf refuses the model ReadUrdf gives:\n" +
                           wdiags.ToString());
    }
    return r;
  }
  // (d) fixed point.
  frames::Diagnostics rdiags;
  std::optional<frames::Model> again = ReadUrdf(*out, name, &rdiags);
  if (!again) {
    r.failures.push_back("ReadUrdf refuses the written URDF:\n" +
                         rdiags.ToString());
  } else {
    frames::Diagnostics w2;
    std::optional<std::string> out2 = WriteUrdf(*again, {}, &w2);
    if (!out2 || *out2 != *out) {
      r.failures.push_back(
          "not a fixed point: writing what was read back gives "
          "different bytes");
    }
  }
  // (c) kept-verbatim blocks.
  std::optional<std::multiset<std::string>> in_blocks = Blocks(text);
  std::optional<std::multiset<std::string>> out_blocks = Blocks(*out);
  if (!in_blocks || !out_blocks) {
    r.failures.push_back("tinyxml2 cannot parse the input or the output");
  } else {
    r.blocks = in_blocks->size();
    std::vector<std::string> missing;
    std::set_difference(in_blocks->begin(), in_blocks->end(),
                        out_blocks->begin(), out_blocks->end(),
                        std::back_inserter(missing));
    for (const auto& m : missing) {
      r.failures.push_back("kept-verbatim block missing from the output: " +
                           m.substr(0, 200));
    }
  }
  // (a), (b), (e) against urdfdom's parse of the original.
  urdf::ModelInterfaceSharedPtr original =
      ParseWithUrdfdom(text, &r.urdfdom_why);
  r.urdfdom_reads = static_cast<bool>(original);
  if (!original) return r;
  std::string why;
  urdf::ModelInterfaceSharedPtr written = ParseWithUrdfdom(*out, &why);
  if (!written) {
    r.failures.push_back("urdfdom refuses the written URDF: " + why);
  } else {
    for (const auto& d : UrdfdomDiff().Compare(*written, *original)) {
      r.failures.push_back("written vs original: " + d);
    }
  }
  frames::Diagnostics tdiags;
  urdf::ModelInterfaceSharedPtr direct = ToModelInterface(*model, &tdiags);
  if (!direct) {
    r.failures.push_back("ToModelInterface refuses:\n" + tdiags.ToString());
  } else {
    for (const auto& d : UrdfdomDiff().Compare(*direct, *original)) {
      r.failures.push_back("ToModelInterface vs original: " + d);
    }
  }
  return r;
}

TEST(WriteUrdfFilesTest, Fixtures) {
  const std::string dir = Runfile("testdata/urdf");
  std::vector<std::string> files;
  for (const auto& e : fs::directory_iterator(dir)) {
    if (e.path().extension() == ".urdf") files.push_back(e.path().string());
  }
  std::sort(files.begin(), files.end());
  ASSERT_GE(files.size(), 5u) << dir;
  int urdfdom = 0;
  int balls = 0;
  for (const auto& f : files) {
    const FileResult r = CheckFile(ReadFile(f), f);
    EXPECT_TRUE(r.read) << f;
    EXPECT_TRUE(r.failures.empty()) << f << "\n" << Join(r.failures);
    urdfdom += r.urdfdom_reads;
    balls += !r.ball_joints.empty();
  }
  std::cout << files.size() << " fixtures, " << urdfdom << " read by urdfdom, "
            << balls << " not writable (ball joints)\n";
  EXPECT_EQ(balls, 1);  // spherical_joint.urdf
  EXPECT_GT(urdfdom, 0);
}

TEST(WriteUrdfFilesTest, CorpusRoundTrips) {
  const std::string corpus = CorpusDir("URDF_CORPUS_DIR");
  ASSERT_FALSE(corpus.empty()) << "corpus not found; set URDF_CORPUS_DIR";
  const std::vector<std::string> files = CorpusFiles(corpus, {".urdf"});
  ASSERT_FALSE(files.empty());
  int read = 0, urdfdom = 0, passed = 0, failed = 0;
  size_t blocks = 0;
  std::vector<std::string> not_read;
  std::map<std::string, std::string> urdfdom_refuses;
  std::map<std::string, std::string> balls;  // file -> its ball joints
  for (const auto& rel : files) {
    const FileResult r = CheckFile(ReadFile(corpus + "/" + rel), rel);
    if (!r.read) {
      not_read.push_back(rel);
      continue;
    }
    ++read;
    if (!r.ball_joints.empty()) {
      balls[rel] = r.ball_joints;
      continue;
    }
    blocks += r.blocks;
    if (r.urdfdom_reads) {
      ++urdfdom;
    } else {
      urdfdom_refuses[rel] = r.urdfdom_why.substr(0, 160);
    }
    if (r.failures.empty()) {
      ++passed;
    } else {
      ++failed;
      ADD_FAILURE() << rel << ": " << r.failures.size() << " problem(s)\n"
                    << Join(r.failures);
    }
  }
  std::cout << "\n=== WriteUrdf corpus round trip: " << files.size()
            << " files in " << corpus << "\n"
            << "refused by ReadUrdf (skipped): " << not_read.size() << "\n";
  for (const auto& f : not_read) std::cout << "  " << f << "\n";
  std::cout << "read: " << read << "; not writable, as URDF has no ball joint "
            << "(JOINT_TYPE_NOT_URDF): " << balls.size() << "\n";
  for (const auto& [f, joints] : balls) {
    std::cout << "  " << f << "  (" << joints << ")\n";
  }
  std::cout << "written: " << read - balls.size() << "; urdfdom refuses "
            << urdfdom_refuses.size()
            << " of those originals (checked for (c) and (d) only):\n";
  for (const auto& [f, why] : urdfdom_refuses) {
    std::string line = why;
    std::replace(line.begin(), line.end(), '\n', ' ');
    std::cout << "  " << f << "  (" << line << ")\n";
  }
  std::cout << "checked against urdfdom ((a), (b), (e)): " << urdfdom << "\n"
            << "kept-verbatim blocks checked: " << blocks << "\n"
            << passed << " passed, " << failed << " failed" << std::endl;
  EXPECT_GT(urdfdom, 0);
}

}  // namespace
}  // namespace urdf_io
