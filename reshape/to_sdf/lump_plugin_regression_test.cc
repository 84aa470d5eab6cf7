// Regression test for issue 19 (1): lumping fixed joints rewrote a plugin's
// <bodyName> and then appended <xyzOffset>, <rpyOffset> and
// <ignition::corrected_offsets> to the plugin's children while holding a
// pointer into that same vector (a heap use-after-free once push_back
// reallocated it). The output must stay what it was, byte for byte, and the
// test is meant to run clean under `--config=asan` as well as in the normal
// suite: it depends on nothing but the library (and the test file reader),
// so that build stays small.
#include <string>

#include <gtest/gtest.h>

#include "converter/urdf_to_sdf.h"
#include "testing/corpus.h"

namespace {

converter::UrdfToSdfOptions Lumped() {
  converter::UrdfToSdfOptions o;
  o.lump_fixed_joints = true;
  return o;
}

// The issue's reproducer: one plugin with a single child, so every offset
// element appended to it reallocates the children.
TEST(LumpPluginRegression, SmallPluginKeepsItsOutput) {
  const std::string urdf = R"(<robot name="r"><link name="a"/>
  <joint name="j" type="fixed"><parent link="a"/><child link="b"/></joint>
  <link name="b"/><gazebo><plugin name="p" filename="x.so"><bodyName>b</bodyName></plugin></gazebo></robot>
)";
  // The output of the code before the fix (commit dab294c), unchanged.
  const std::string expected = R"(<?xml version="1.0" ?>
<sdf version="1.7" xmlns:urdf="http://www.ros.org/wiki/urdf">
  <model name="r">
    <link name="a">
      <inertial>
        <mass>0</mass>
        <inertia>
          <ixx>0</ixx>
          <ixy>0</ixy>
          <ixz>0</ixz>
          <iyy>0</iyy>
          <iyz>0</iyz>
          <izz>0</izz>
        </inertia>
      </inertial>
    </link>
    <frame name="j" attached_to="a">
      <pose relative_to="a"/>
    </frame>
    <frame name="b" attached_to="j">
      <pose relative_to="j"/>
    </frame>
    <urdf:gazebo>
      <plugin name="p" filename="x.so">
        <bodyName>b</bodyName>
      </plugin>
    </urdf:gazebo>
    <urdf:form parts="robot"/>
    <plugin name="p" filename="x.so">
      <bodyName>a</bodyName>
      <xyzOffset>0 0 0</xyzOffset>
      <rpyOffset>0 0 0</rpyOffset>
      <ignition::corrected_offsets>1</ignition::corrected_offsets>
    </plugin>
  </model>
</sdf>
)";
  const auto r = converter::UrdfToSdf(urdf, "small.urdf", Lumped());
  ASSERT_TRUE(r.ok) << r.diagnostics.ToString();
  EXPECT_EQ(r.output, expected);
  EXPECT_EQ(r.diagnostics.ToString(),
            "small.urdf:3: warning: link 'b' on fixed joint 'j' is merged "
            "into link 'a'; both remain as frames [FIXED_JOINT_LUMPED]\n");
}

// The project's own fixture, which triggered it too: its golden.
TEST(LumpPluginRegression, LumpGazeboFixtureKeepsItsGolden) {
  const auto r = converter::UrdfFileToSdf("testdata/urdf/lump_gazebo.urdf",
                                          Lumped());
  ASSERT_TRUE(r.ok) << r.diagnostics.ToString();
  const std::string golden =
      test_support::ReadFile("testdata/urdf/lump_gazebo.lumped.sdf");
  ASSERT_FALSE(golden.empty()) << "cannot read lump_gazebo.lumped.sdf";
  EXPECT_EQ(r.output, golden);
}

}  // namespace
