// Bad input to urdf2sdf, one test per case: what is refused (ok == false, no
// output, exactly one error with its stable code, file and line) and what is
// accepted with a warning (ok, output written, the warning's code and line).
// Each URDF starts on line 1 of its string, so the line numbers below can be
// read off the text.
#include <string>

#include <gtest/gtest.h>

#include "converter/urdf_to_sdf.h"

namespace {

using converter::ConversionResult;
using converter::UrdfToSdf;
using frames::Severity;

constexpr char kFile[] = "bad.urdf";

const frames::Diagnostic* Find(const ConversionResult& r,
                               const std::string& code, Severity severity) {
  for (const auto& d : r.diagnostics.all()) {
    if (frames::CodeName(d.code) == code && d.severity == severity) return &d;
  }
  return nullptr;
}

// Refused: no output, and the one error is `code` at kFile:line.
void ExpectRefused(const std::string& urdf, const std::string& code,
                   int line) {
  const ConversionResult r = UrdfToSdf(urdf, kFile);
  const std::string all = r.diagnostics.ToString();
  EXPECT_FALSE(r.ok) << all;
  EXPECT_TRUE(r.output.empty()) << r.output;
  EXPECT_TRUE(r.diagnostics.HasErrors());
  const frames::Diagnostic* d = Find(r, code, Severity::kError);
  ASSERT_NE(d, nullptr) << "no " << code << " error; got:\n" << all;
  EXPECT_EQ(d->where.file, kFile);
  EXPECT_EQ(d->where.line, line) << all;
  EXPECT_FALSE(d->message.empty());
  // One mistake, one error: no follow-on diagnostics.
  EXPECT_EQ(r.diagnostics.error_count(), 1) << all;
  // --check refuses it the same way.
  converter::UrdfToSdfOptions check;
  check.check_only = true;
  const ConversionResult c = UrdfToSdf(urdf, kFile, check);
  EXPECT_FALSE(c.ok);
  EXPECT_EQ(c.diagnostics.ToString(), all);
}

// Accepted with a warning `code` at kFile:line; returns the output.
std::string ExpectWarned(const std::string& urdf, const std::string& code,
                         int line, const std::string& file = kFile) {
  const ConversionResult r = UrdfToSdf(urdf, file);
  const std::string all = r.diagnostics.ToString();
  EXPECT_TRUE(r.ok) << all;
  EXPECT_FALSE(r.output.empty());
  EXPECT_FALSE(r.diagnostics.HasErrors()) << all;
  const frames::Diagnostic* d = Find(r, code, Severity::kWarning);
  EXPECT_NE(d, nullptr) << "no " << code << " warning; got:\n" << all;
  if (d) {
    EXPECT_EQ(d->where.file, file);
    EXPECT_EQ(d->where.line, line) << all;
    EXPECT_FALSE(d->message.empty());
  }
  return r.output;
}

// A valid link to pad robots with.
constexpr char kInertial[] =
    R"(<inertial><mass value="1"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial>)";

// ---------------------------------------------------------------- refused

// tinyxml2 reports a mismatched end tag at the element left open (line 2).
TEST(Refused, NotXml) {
  ExpectRefused(R"(<robot name="r">
  <link name="a">
</robot>
)",
                "XML_ERROR", 2);
}

TEST(Refused, UnterminatedAttribute) {
  ExpectRefused(R"(<robot name="r">
  <link name="a"/>
  <link name="b/>
</robot>
)",
                "XML_ERROR", 3);
}

TEST(Refused, RootIsNotRobot) {
  ExpectRefused(R"(<?xml version="1.0"?>
<sdf version="1.7">
  <model name="m"/>
</sdf>
)",
                "URDF_NOT_ROBOT", 2);
}

TEST(Refused, LinkWithoutName) {
  ExpectRefused(R"(<robot name="r">
  <link name="a"/>
  <link>
  </link>
</robot>
)",
                "ATTRIBUTE_MISSING", 3);
}

TEST(Refused, JointWithoutName) {
  ExpectRefused(R"(<robot name="r">
  <link name="a"/>
  <link name="b"/>
  <joint type="fixed">
    <parent link="a"/>
    <child link="b"/>
  </joint>
</robot>
)",
                "ATTRIBUTE_MISSING", 4);
}

TEST(Refused, RobotWithoutNameFromStdin) {
  const ConversionResult r = UrdfToSdf(R"(<robot>
  <link name="a"/>
</robot>
)",
                                       "<stdin>");
  EXPECT_FALSE(r.ok);
  EXPECT_TRUE(r.output.empty());
  const frames::Diagnostic* d = Find(r, "ATTRIBUTE_MISSING", Severity::kError);
  ASSERT_NE(d, nullptr) << r.diagnostics.ToString();
  EXPECT_EQ(d->where.file, "<stdin>");
  EXPECT_EQ(d->where.line, 1);
}

TEST(Refused, EmptyLinkName) {
  ExpectRefused(R"(<robot name="r">
  <link name="a"/>
  <link name=""/>
</robot>
)",
                "NAME_EMPTY", 3);
}

TEST(Refused, DuplicateLinkName) {
  ExpectRefused(R"(<robot name="r">
  <link name="a"/>
  <joint name="j" type="fixed">
    <parent link="a"/>
    <child link="b"/>
  </joint>
  <link name="b"/>
  <link name="a"/>
</robot>
)",
                "DUPLICATE_NAME", 8);
}

TEST(Refused, DuplicateJointName) {
  ExpectRefused(R"(<robot name="r">
  <link name="a"/>
  <link name="b"/>
  <link name="c"/>
  <joint name="j" type="fixed">
    <parent link="a"/>
    <child link="b"/>
  </joint>
  <joint name="j" type="fixed">
    <parent link="a"/>
    <child link="c"/>
  </joint>
</robot>
)",
                "DUPLICATE_NAME", 9);
}

TEST(Refused, JointParentLinkMissing) {
  ExpectRefused(R"(<robot name="r">
  <link name="a"/>
  <link name="b"/>
  <joint name="j" type="fixed">
    <parent link="a"/>
    <child link="b"/>
  </joint>
  <joint name="k" type="fixed">
    <parent link="nowhere"/>
    <child link="c"/>
  </joint>
  <link name="c"/>
</robot>
)",
                "JOINT_PARENT_LINK_INVALID", 8);
}

TEST(Refused, JointChildLinkMissing) {
  ExpectRefused(R"(<robot name="r">
  <link name="a"/>
  <joint name="j" type="fixed">
    <parent link="a"/>
    <child link="nowhere"/>
  </joint>
</robot>
)",
                "JOINT_CHILD_LINK_INVALID", 3);
}

TEST(Refused, LinkWithTwoParents) {
  ExpectRefused(R"(<robot name="r">
  <link name="a"/>
  <link name="b"/>
  <link name="c"/>
  <joint name="ab" type="fixed">
    <parent link="a"/>
    <child link="b"/>
  </joint>
  <joint name="ac" type="fixed">
    <parent link="a"/>
    <child link="c"/>
  </joint>
  <joint name="bc" type="fixed">
    <parent link="b"/>
    <child link="c"/>
  </joint>
</robot>
)",
                "URDF_LINK_MULTIPLE_PARENTS", 13);
}

TEST(Refused, KinematicCycle) {
  // 'root' is the one root; 'a' and 'b' are each other's parent.
  ExpectRefused(R"(<robot name="r">
  <link name="root"/>
  <link name="a"/>
  <link name="b"/>
  <joint name="ab" type="fixed">
    <parent link="a"/>
    <child link="b"/>
  </joint>
  <joint name="ba" type="fixed">
    <parent link="b"/>
    <child link="a"/>
  </joint>
</robot>
)",
                "URDF_KINEMATIC_CYCLE", 3);
}

TEST(Refused, SeveralRootLinks) {
  ExpectRefused(R"(<?xml version="1.0"?>
<robot name="r">
  <link name="a"/>
  <link name="b"/>
</robot>
)",
                "URDF_MULTIPLE_ROOTS", 2);
}

TEST(Refused, NoLink) {
  ExpectRefused(R"(<robot name="r">
  <material name="m"><color rgba="1 0 0 1"/></material>
</robot>
)",
                "URDF_NO_LINK", 1);
}

TEST(Refused, NonNumericNumber) {
  ExpectRefused(R"(<robot name="r">
  <link name="a">
    <inertial>
      <mass value="heavy"/>
      <inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/>
    </inertial>
  </link>
</robot>
)",
                "NUMBER_INVALID", 4);
}

TEST(Refused, NumberWithGarbageAfterIt) {
  ExpectRefused(R"(<robot name="r">
  <link name="a">
    <visual>
      <geometry>
        <sphere radius="0.1m"/>
      </geometry>
    </visual>
  </link>
</robot>
)",
                "NUMBER_INVALID", 5);
}

TEST(Refused, NaN) {
  ExpectRefused(R"(<robot name="r">
  <link name="a">
    <visual>
      <origin xyz="0 nan 0"/>
      <geometry>
        <box size="1 1 1"/>
      </geometry>
    </visual>
  </link>
</robot>
)",
                "NUMBER_NOT_FINITE", 4);
}

TEST(Refused, Infinity) {
  ExpectRefused(R"(<robot name="r">
  <link name="a">
    <inertial>
      <mass value="inf"/>
      <inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/>
    </inertial>
  </link>
</robot>
)",
                "NUMBER_NOT_FINITE", 4);
}

TEST(Refused, NumberOutOfRange) {
  ExpectRefused(R"(<robot name="r">
  <link name="a">
    <inertial>
      <mass value="1e999"/>
      <inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/>
    </inertial>
  </link>
</robot>
)",
                "NUMBER_NOT_FINITE", 4);
}

TEST(Refused, UnexpandedXacroInNumber) {
  ExpectRefused(R"(<robot name="r">
  <link name="a">
    <inertial>
      <mass value="${base_mass}"/>
      <inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/>
    </inertial>
  </link>
</robot>
)",
                "XACRO_UNEXPANDED", 4);
}

TEST(Refused, UnexpandedXacroArgInVector) {
  ExpectRefused(R"(<robot name="r">
  <link name="a"/>
  <joint name="j" type="fixed">
    <origin xyz="$(arg x) 0 0"/>
    <parent link="a"/>
    <child link="b"/>
  </joint>
  <link name="b"/>
</robot>
)",
                "XACRO_UNEXPANDED", 4);
}

// A whole vector written as one xacro property is one token, fewer than 3
// numbers: still an unexpanded xacro expression, not a size mistake.
TEST(Refused, UnexpandedXacroPropertyAsWholeVector) {
  ExpectRefused(R"(<robot name="r">
  <link name="a"/>
  <joint name="j" type="fixed">
    <origin xyz="${offset}"/>
    <parent link="a"/>
    <child link="b"/>
  </joint>
  <link name="b"/>
</robot>
)",
                "XACRO_UNEXPANDED", 4);
}

TEST(Refused, VectorWithTooFewComponents) {
  ExpectRefused(R"(<robot name="r">
  <link name="a"/>
  <joint name="j" type="fixed">
    <origin xyz="0 0.1" rpy="0 0 0"/>
    <parent link="a"/>
    <child link="b"/>
  </joint>
  <link name="b"/>
</robot>
)",
                "VECTOR_SIZE_INVALID", 4);
}

TEST(Refused, NegativeMass) {
  ExpectRefused(R"(<robot name="r">
  <link name="a">
    <inertial>
      <mass value="-2"/>
      <inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/>
    </inertial>
  </link>
</robot>
)",
                "MASS_NEGATIVE", 4);
}

TEST(Refused, ZeroAxisOnRevoluteJoint) {
  ExpectRefused(R"(<robot name="r">
  <link name="a"/>
  <joint name="j" type="revolute">
    <parent link="a"/>
    <child link="b"/>
    <axis xyz="0 0 0"/>
    <limit lower="-1" upper="1" effort="1" velocity="1"/>
  </joint>
  <link name="b"/>
</robot>
)",
                "JOINT_AXIS_ZERO", 6);
}

TEST(Refused, UnknownJointType) {
  ExpectRefused(R"(<robot name="r">
  <link name="a"/>
  <joint name="j" type="hinge">
    <parent link="a"/>
    <child link="b"/>
  </joint>
  <link name="b"/>
</robot>
)",
                "JOINT_TYPE_INVALID", 3);
}

TEST(Refused, SdfOnlyJointTypeInUrdf) {
  ExpectRefused(R"(<robot name="r">
  <link name="a"/>
  <joint name="j" type="universal">
    <parent link="a"/>
    <child link="b"/>
  </joint>
  <link name="b"/>
</robot>
)",
                "JOINT_TYPE_INVALID", 3);
}

TEST(Refused, VisualWithoutGeometry) {
  ExpectRefused(R"(<robot name="r">
  <link name="a">
    <visual name="v">
      <origin xyz="0 0 1"/>
    </visual>
  </link>
</robot>
)",
                "GEOMETRY_MISSING", 3);
}

TEST(Refused, GeometryWithoutShape) {
  ExpectRefused(R"(<robot name="r">
  <link name="a">
    <collision>
      <geometry>
      </geometry>
    </collision>
  </link>
</robot>
)",
                "GEOMETRY_MISSING", 4);
}

TEST(Refused, NegativeRadius) {
  ExpectRefused(R"(<robot name="r">
  <link name="a">
    <collision>
      <geometry>
        <cylinder radius="-0.1" length="1"/>
      </geometry>
    </collision>
  </link>
</robot>
)",
                "GEOMETRY_INVALID", 5);
}

TEST(Refused, NegativeBoxSize) {
  ExpectRefused(R"(<robot name="r">
  <link name="a">
    <visual>
      <geometry>
        <box size="1 -1 1"/>
      </geometry>
    </visual>
  </link>
</robot>
)",
                "GEOMETRY_INVALID", 5);
}

TEST(Refused, MaterialDefinedTwiceDifferently) {
  ExpectRefused(R"(<robot name="r">
  <material name="paint">
    <color rgba="1 0 0 1"/>
  </material>
  <link name="a"/>
  <material name="paint">
    <color rgba="0 1 0 1"/>
  </material>
</robot>
)",
                "MATERIAL_DUPLICATE", 6);
}

TEST(Refused, ReservedLinkName) {
  ExpectRefused(R"(<robot name="r">
  <link name="__model__"/>
</robot>
)",
                "RESERVED_NAME", 2);
}

// -------------------------------------------------- accepted with a warning

TEST(Warned, InertiaNotPositiveDefinite) {
  ExpectWarned(R"(<robot name="r">
  <link name="a">
    <inertial>
      <mass value="1"/>
      <inertia ixx="1" ixy="2" ixz="0" iyy="1" iyz="0" izz="1"/>
    </inertial>
  </link>
</robot>
)",
               "INERTIA_NOT_POSITIVE_DEFINITE", 5);
}

TEST(Warned, InertiaTriangleInequality) {
  ExpectWarned(R"(<robot name="r">
  <link name="a">
    <inertial>
      <mass value="1"/>
      <inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="3"/>
    </inertial>
  </link>
</robot>
)",
               "INERTIA_TRIANGLE_INEQUALITY", 5);
}

TEST(Warned, NumberWithTrailingComma) {
  const std::string out = ExpectWarned(R"(<robot name="r">
  <link name="a">
    <visual>
      <geometry>
        <sphere radius="0.07,"/>
      </geometry>
    </visual>
  </link>
</robot>
)",
                                       "NUMBER_TRAILING_CHARACTERS", 5);
  EXPECT_NE(out.find("<radius>0.07</radius>"), std::string::npos) << out;
}

TEST(Warned, MeshScaleOfOneNumberIsUniform) {
  const std::string out = ExpectWarned(R"(<robot name="r">
  <link name="a">
    <visual>
      <geometry>
        <mesh filename="package://p/m.stl" scale="0.00254"/>
      </geometry>
    </visual>
  </link>
</robot>
)",
                                       "MESH_SCALE_UNIFORM", 5);
  EXPECT_NE(out.find("<scale>0.00254 0.00254 0.00254</scale>"),
            std::string::npos)
      << out;
}

TEST(Warned, VectorWithExtraComponents) {
  const std::string out = ExpectWarned(R"(<robot name="r">
  <link name="a"/>
  <joint name="j" type="fixed">
    <origin xyz="1 2 3 4"/>
    <parent link="a"/>
    <child link="b"/>
  </joint>
  <link name="b"/>
</robot>
)",
                                       "VECTOR_EXTRA_COMPONENTS", 4);
  EXPECT_NE(out.find("<pose relative_to=\"a\">1 2 3 0 0 0</pose>"),
            std::string::npos)
      << out;
}

TEST(Warned, SphericalJointIsABallJoint) {
  const std::string out = ExpectWarned(R"(<robot name="r">
  <link name="a"/>
  <joint name="j" type="spherical">
    <parent link="a"/>
    <child link="b"/>
  </joint>
  <link name="b"/>
</robot>
)",
                                       "URDF_NONSTANDARD", 3);
  EXPECT_NE(out.find("<joint name=\"j\" type=\"ball\">"), std::string::npos)
      << out;
}

TEST(Warned, RobotWithoutNameIsNamedAfterTheFile) {
  const std::string out = ExpectWarned(R"(<?xml version="1.0"?>
<robot>
  <link name="a"/>
</robot>
)",
                                       "ROBOT_NAME_MISSING", 2,
                                       "some/dir/my_bot.urdf");
  EXPECT_NE(out.find("<model name=\"my_bot\">"), std::string::npos) << out;
}

TEST(Warned, SecondAxisCarried) {
  const std::string out = ExpectWarned(R"(<robot name="r">
  <link name="a"/>
  <link name="b"/>
  <joint name="j" type="continuous">
    <parent link="a"/>
    <child link="b"/>
    <axis xyz="0 1 0"/>
    <axis xyz="0 0 1"/>
  </joint>
</robot>
)",
                                       "ELEMENT_REPEATED", 8);
  // The first axis is the joint's, as urdfdom reads it.
  EXPECT_NE(out.find("<xyz>0 1 0</xyz>"), std::string::npos) << out;
  EXPECT_NE(out.find("<urdf:axis xyz=\"0 0 1\"/>"), std::string::npos) << out;
}

// Likewise a second <limit>, <dynamics>, <mimic>, <safety_controller> or
// <calibration>: urdfdom reads the first. A second <calibration> with an
// attribute of its own once printed that attribute twice on the first
// (found by //urdf_io:reader_fuzz, fuzzing/urdf_io_reader_fuzz/regressions/).
TEST(Warned, SecondJointChildrenCarried) {
  const std::string out = ExpectWarned(R"(<robot name="r">
  <link name="a"/>
  <link name="b"/>
  <joint name="j" type="revolute">
    <parent link="a"/>
    <child link="b"/>
    <limit lower="-1" upper="1" effort="2" velocity="3"/>
    <limit lower="-5" upper="5" effort="6" velocity="7"/>
    <dynamics damping="0.5"/>
    <dynamics damping="0.9"/>
    <calibration rising="0.25" extra="x"/>
    <calibration rising="0.75" extra="y"/>
  </joint>
</robot>
)",
                                       "ELEMENT_REPEATED", 8);
  EXPECT_NE(out.find("<lower>-1</lower>"), std::string::npos) << out;
  EXPECT_EQ(out.find("<lower>-5</lower>"), std::string::npos) << out;
  EXPECT_NE(out.find("<damping>0.5</damping>"), std::string::npos) << out;
  EXPECT_EQ(out.find("<damping>0.9</damping>"), std::string::npos) << out;
  EXPECT_NE(out.find("<urdf:limit lower=\"-5\" upper=\"5\" effort=\"6\" velocity=\"7\"/>"),
            std::string::npos) << out;
  EXPECT_NE(out.find("<urdf:calibration rising=\"0.75\" extra=\"y\"/>"),
            std::string::npos) << out;
}

TEST(Warned, MaterialDefinedTwiceIdentically) {
  const std::string out = ExpectWarned(R"(<robot name="r">
  <material name="paint">
    <color rgba="1 0 0 1"/>
  </material>
  <material name="paint">
    <color rgba="1 0 0 1"/>
  </material>
  <link name="a">
    <visual>
      <geometry><box size="1 1 1"/></geometry>
      <material name="paint"/>
    </visual>
  </link>
</robot>
)",
                                       "MATERIAL_DUPLICATE", 5);
  EXPECT_NE(out.find("<diffuse>1 0 0 1</diffuse>"), std::string::npos) << out;
}

TEST(Warned, InertiaIncomplete) {
  const std::string out = ExpectWarned(R"(<robot name="r">
  <link name="a">
    <inertial>
      <mass value="1"/>
      <inertia ixx="1" iyy="1" izz="1"/>
    </inertial>
  </link>
</robot>
)",
                                       "INERTIA_INCOMPLETE", 5);
  EXPECT_NE(out.find("<ixy>0</ixy>"), std::string::npos) << out;
}

// Sanity of the helpers: a good robot gives neither error nor warning.
TEST(Helpers, GoodRobotIsClean) {
  const ConversionResult r = UrdfToSdf(
      std::string(R"(<robot name="r"><link name="a">)") + kInertial +
          "</link></robot>",
      kFile);
  EXPECT_TRUE(r.ok);
  EXPECT_FALSE(r.output.empty());
  EXPECT_TRUE(r.diagnostics.all().empty()) << r.diagnostics.ToString();
}

}  // namespace
