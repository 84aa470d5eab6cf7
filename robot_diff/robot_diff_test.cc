// robot_diff::Compare on pairs that differ in exactly one way, each kind of
// difference on a URDF-vs-SDF pair (the URDF against the SDFormat urdf2sdf
// makes of the changed URDF) and an SDF-vs-SDF pair (the SDFormat of the
// URDF against that of the changed one): each is found and named. Equal
// pairs, renamed-but-equal pairs (our renames, --map) are equal.
#include "robot_diff/robot_diff.h"

#include <algorithm>
#include <set>
#include <string>

#include <gtest/gtest.h>

#include "converter/robot_input.h"
#include "converter/sdf_to_urdf.h"
#include "converter/urdf_to_sdf.h"
#include "sdf_io/reader.h"
#include "urdf_io/reader.h"

namespace {

using frames::Code;

constexpr char kUrdf[] = R"(<?xml version="1.0"?>
<robot name="r">
  <material name="red"><color rgba="1 0 0 1"/></material>
  <link name="base">
    <inertial>
      <origin xyz="0 0 0.1"/>
      <mass value="2"/>
      <inertia ixx="0.1" ixy="0" ixz="0" iyy="0.2" iyz="0" izz="0.3"/>
    </inertial>
    <visual>
      <origin xyz="0 0 0.05"/>
      <geometry><box size="0.2 0.2 0.1"/></geometry>
      <material name="red"/>
    </visual>
    <collision>
      <geometry><cylinder radius="0.1" length="0.2"/></geometry>
    </collision>
  </link>
  <joint name="shoulder" type="revolute">
    <origin xyz="0 0 0.2" rpy="0 0 0.5"/>
    <parent link="base"/>
    <child link="arm"/>
    <axis xyz="0 1 0"/>
    <limit lower="-1" upper="1" effort="10" velocity="2"/>
    <dynamics damping="0.1" friction="0.2"/>
  </joint>
  <link name="arm">
    <inertial>
      <mass value="1"/>
      <inertia ixx="0.01" ixy="0" ixz="0" iyy="0.01" iyz="0" izz="0.01"/>
    </inertial>
    <visual>
      <geometry><mesh filename="package://p/arm.dae" scale="1 1 1"/></geometry>
    </visual>
  </link>
  <joint name="elbow" type="revolute">
    <origin xyz="0 0 0.5"/>
    <parent link="arm"/>
    <child link="forearm"/>
    <axis xyz="1 0 0"/>
    <limit lower="-2" upper="2" effort="5" velocity="1"/>
    <mimic joint="shoulder" multiplier="2" offset="0.1"/>
  </joint>
  <link name="forearm">
    <inertial>
      <mass value="0.5"/>
      <inertia ixx="0.01" ixy="0" ixz="0" iyy="0.01" iyz="0" izz="0.01"/>
    </inertial>
    <visual><geometry><sphere radius="0.05"/></geometry></visual>
  </link>
  <joint name="wrist" type="continuous">
    <origin xyz="0 0 0.3"/>
    <parent link="forearm"/>
    <child link="hand"/>
    <axis xyz="0 0 1"/>
  </joint>
  <link name="hand">
    <inertial>
      <mass value="0.2"/>
      <inertia ixx="0.001" ixy="0" ixz="0" iyy="0.001" iyz="0" izz="0.001"/>
    </inertial>
  </link>
  <joint name="tool_joint" type="fixed">
    <origin xyz="0 0 0.1"/>
    <parent link="hand"/>
    <child link="tool"/>
  </joint>
  <link name="tool">
    <inertial>
      <origin xyz="0 0 0.02"/>
      <mass value="0.1"/>
      <inertia ixx="0.001" ixy="0" ixz="0" iyy="0.001" iyz="0" izz="0.001"/>
    </inertial>
  </link>
  <gazebo reference="arm">
    <sensor name="cam" type="camera">
      <pose>0.1 0 0 0 0 0</pose>
      <update_rate>30</update_rate>
      <camera>
        <horizontal_fov>1.0</horizontal_fov>
        <image><width>640</width><height>480</height></image>
        <clip><near>0.1</near><far>100</far></clip>
      </camera>
    </sensor>
  </gazebo>
  <gazebo reference="tool">
    <sensor name="tool_imu" type="imu">
      <pose>0 0 0.01 0 0 0</pose>
      <update_rate>100</update_rate>
    </sensor>
  </gazebo>
  <gazebo reference="wrist">
    <sensor name="ft" type="force_torque">
      <update_rate>50</update_rate>
    </sensor>
  </gazebo>
  <gazebo>
    <plugin name="ctrl" filename="libctrl.so">
      <joint_name>shoulder</joint_name>
      <joint_name>elbow</joint_name>
      <gain>1.5</gain>
    </plugin>
  </gazebo>
</robot>
)";

// `text` with `from` replaced by `to` (which must be there once).
std::string Replace(std::string text, const std::string& from,
                    const std::string& to) {
  const size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  EXPECT_EQ(text.find(from, at + 1), std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

std::string ToSdf(const std::string& urdf, bool lump = false) {
  converter::UrdfToSdfOptions o;
  o.lump_fixed_joints = lump;
  const auto r = converter::UrdfToSdf(urdf, "r.urdf", o);
  EXPECT_TRUE(r.ok) << r.diagnostics.ToString();
  return r.output;
}

struct Read {
  std::optional<frames::Model> model;
  bool urdf = false;
};

Read ReadText(const std::string& text, const std::string& file) {
  Read r;
  frames::Diagnostics d;
  if (text.find("<robot") != std::string::npos) {
    r.urdf = true;
    r.model = urdf_io::ReadUrdf(text, file, &d);
  } else {
    auto doc = sdf_io::ReadSdf(text, file, &d);
    if (doc && !doc->models.empty()) r.model = doc->models.front();
  }
  EXPECT_TRUE(r.model && !d.HasErrors()) << d.ToString();
  return r;
}

robot_diff::Result Diff(const std::string& a, const std::string& b,
                        const robot_diff::Options& o = {}) {
  const Read ra = ReadText(a, "a"), rb = ReadText(b, "b");
  if (!ra.model || !rb.model) return {};
  return robot_diff::Compare({&*ra.model, ra.urdf}, {&*rb.model, rb.urdf}, o);
}

std::set<Code> Codes(const robot_diff::Result& r) {
  std::set<Code> out;
  for (const auto& d : r.differences.all()) out.insert(d.code);
  return out;
}

TEST(RobotDiffTest, EqualPairsAreEqual) {
  const std::string sdf = ToSdf(kUrdf);
  for (const auto& [a, b] : {std::pair<std::string, std::string>{kUrdf, kUrdf},
                             {kUrdf, sdf},
                             {sdf, kUrdf},
                             {sdf, sdf},
                             {kUrdf, ToSdf(kUrdf, true)}}) {
    robot_diff::Options o;
    o.materials = true;
    const auto r = Diff(a, b, o);
    EXPECT_TRUE(r.compared);
    EXPECT_TRUE(r.equal()) << r.differences.ToString();
  }
}

// One change of the URDF, the code it must give, and a name the message
// must hold.
struct Change {
  const char* what;
  std::string from, to;
  Code code;
  const char* names;
  int samples = 20;
  bool materials = false;
  // Other codes the change may also give (a connection also moves links).
  std::set<Code> also = {};
};

std::vector<Change> Changes() {
  return {
      {"a link and its joint missing",
       R"(  <joint name="tool_joint" type="fixed">
    <origin xyz="0 0 0.1"/>
    <parent link="hand"/>
    <child link="tool"/>
  </joint>
  <link name="tool">
    <inertial>
      <origin xyz="0 0 0.02"/>
      <mass value="0.1"/>
      <inertia ixx="0.001" ixy="0" ixz="0" iyy="0.001" iyz="0" izz="0.001"/>
    </inertial>
  </link>
)",
       "", Code::DIFF_ELEMENT_MISSING, "'tool'", 20, false,
       {Code::DIFF_INERTIAL}},
      {"a joint with another parent",
       R"(<parent link="forearm"/>
    <child link="hand"/>)",
       R"(<parent link="arm"/>
    <child link="hand"/>)",
       Code::DIFF_CONNECTION, "'wrist'", 20, false, {Code::DIFF_POSE}},
      {"a joint of another type", R"(<joint name="elbow" type="revolute">)",
       R"(<joint name="elbow" type="prismatic">)", Code::DIFF_JOINT_TYPE,
       "'elbow'", 0},
      {"a joint origin moved by 1 mm", R"(<origin xyz="0 0 0.2" rpy="0 0 0.5"/>)",
       R"(<origin xyz="0 0 0.201" rpy="0 0 0.5"/>)", Code::DIFF_POSE,
       "'shoulder'"},
      {"a joint origin turned", R"(<origin xyz="0 0 0.2" rpy="0 0 0.5"/>)",
       R"(<origin xyz="0 0 0.2" rpy="0 0 0.51"/>)", Code::DIFF_POSE,
       "'shoulder'"},
      {"an axis (zero configuration only)", R"(<axis xyz="1 0 0"/>)",
       R"(<axis xyz="0 1 0"/>)", Code::DIFF_AXIS, "'elbow'", 0},
      {"an axis, seen at the sampled configurations", R"(<axis xyz="1 0 0"/>)",
       R"(<axis xyz="0 1 0"/>)", Code::DIFF_POSE, "sampled configuration", 20,
       false, {Code::DIFF_AXIS}},
      {"a lower limit", R"(lower="-1" upper="1")", R"(lower="-1.5" upper="1")",
       Code::DIFF_LIMIT, "'shoulder'"},
      {"an effort limit", R"(effort="10")", R"(effort="11")", Code::DIFF_LIMIT,
       "effort"},
      {"damping", R"(damping="0.1")", R"(damping="0.3")", Code::DIFF_DYNAMICS,
       "damping"},
      {"friction", R"(friction="0.2")", R"(friction="0.25")",
       Code::DIFF_DYNAMICS, "friction"},
      {"a mimic multiplier", R"(multiplier="2")", R"(multiplier="3")",
       Code::DIFF_MIMIC, "'elbow'"},
      {"a mass", R"(<mass value="2"/>)", R"(<mass value="2.5"/>)",
       Code::DIFF_INERTIAL, "mass"},
      {"a centre of mass", R"(<origin xyz="0 0 0.1"/>
      <mass value="2"/>)",
       R"(<origin xyz="0 0.01 0.1"/>
      <mass value="2"/>)",
       Code::DIFF_INERTIAL, "centre of mass"},
      {"an inertia moment", R"(ixx="0.1" ixy="0" ixz="0" iyy="0.2")",
       R"(ixx="0.15" ixy="0" ixz="0" iyy="0.2")", Code::DIFF_INERTIAL,
       "inertia"},
      {"a fixed link's mass",
       R"(<mass value="0.1"/>)", R"(<mass value="0.12"/>)",
       Code::DIFF_INERTIAL, "'tool'"},
      {"a visual moved", R"(<origin xyz="0 0 0.05"/>)",
       R"(<origin xyz="0 0 0.06"/>)", Code::DIFF_SHAPE, "visual"},
      {"a box size", R"(<box size="0.2 0.2 0.1"/>)",
       R"(<box size="0.2 0.3 0.1"/>)", Code::DIFF_SHAPE, "box size"},
      {"a collision's geometry type",
       R"(<cylinder radius="0.1" length="0.2"/>)", R"(<sphere radius="0.1"/>)",
       Code::DIFF_SHAPE, "cylinder against sphere"},
      {"a sphere radius", R"(<sphere radius="0.05"/>)",
       R"(<sphere radius="0.06"/>)", Code::DIFF_SHAPE, "radius"},
      {"a mesh file", R"(package://p/arm.dae)", R"(package://p/arm2.dae)",
       Code::DIFF_SHAPE, "arm2.dae"},
      {"a mesh scale", R"(scale="1 1 1")", R"(scale="1 1 2")",
       Code::DIFF_SHAPE, "mesh scale"},
      {"a colour (--materials)", R"(rgba="1 0 0 1")", R"(rgba="0 1 0 1")",
       Code::DIFF_MATERIAL, "colour", 20, true},
      {"a sensor's update rate", "<update_rate>30</update_rate>",
       "<update_rate>31</update_rate>", Code::DIFF_SENSOR,
       "sensor 'cam' (camera) of link 'arm': update_rate '30'"},
      {"a sensor moved", "<pose>0.1 0 0 0 0 0</pose>",
       "<pose>0.1 0 0 0 0 0.01</pose>", Code::DIFF_SENSOR, "from its place"},
      {"a sensor's type", R"(type="imu")", R"(type="magnetometer")",
       Code::DIFF_SENSOR, "type 'imu'"},
      {"a sensor's own parameter", "<width>640</width>", "<width>320</width>",
       Code::DIFF_SENSOR, "camera/image/width '640'"},
      {"a sensor missing", R"(<sensor name="tool_imu" type="imu">)",
       R"(<sensor name="tool_imu2" type="imu">)", Code::DIFF_SENSOR,
       "sensor 'tool_imu' (imu) of link 'tool' is not in"},
      {"a joint's sensor", "<update_rate>50</update_rate>",
       "<update_rate>60</update_rate>", Code::DIFF_SENSOR, "of joint 'wrist'"},
      {"a plugin's filename", R"(filename="libctrl.so")",
       R"(filename="libctrl2.so")", Code::DIFF_PLUGIN, "libctrl2.so"},
      {"a plugin's content", "<gain>1.5</gain>", "<gain>1.6</gain>",
       Code::DIFF_PLUGIN, "plugin 'ctrl' (libctrl.so): gain '1.5'"},
      {"the order of a plugin's repeated elements",
       R"(<joint_name>shoulder</joint_name>
      <joint_name>elbow</joint_name>)",
       R"(<joint_name>elbow</joint_name>
      <joint_name>shoulder</joint_name>)",
       Code::DIFF_PLUGIN, "joint_name(1) 'shoulder'"},
      {"a plugin missing", R"(<plugin name="ctrl" filename="libctrl.so">
      <joint_name>shoulder</joint_name>
      <joint_name>elbow</joint_name>
      <gain>1.5</gain>
    </plugin>)", "", Code::DIFF_PLUGIN, "is not in"},
  };
}

TEST(RobotDiffTest, EachDifferenceIsFoundAndNamed) {
  const std::string sdf = ToSdf(kUrdf);
  for (const Change& c : Changes()) {
    const std::string changed = Replace(kUrdf, c.from, c.to);
    const std::string changed_sdf = ToSdf(changed);
    robot_diff::Options o;
    o.samples = c.samples;
    o.materials = c.materials;
    for (const auto& [pair, a, b] :
         {std::tuple<const char*, std::string, std::string>{"URDF-URDF", kUrdf,
                                                            changed},
          {"URDF-SDF", kUrdf, changed_sdf},
          {"SDF-SDF", sdf, changed_sdf}}) {
      SCOPED_TRACE(std::string(c.what) + ", " + pair);
      const auto r = Diff(a, b, o);
      ASSERT_TRUE(r.compared) << r.differences.ToString();
      EXPECT_FALSE(r.equal());
      const std::set<Code> codes = Codes(r);
      EXPECT_TRUE(codes.count(c.code)) << r.differences.ToString();
      for (Code code : codes) {
        EXPECT_TRUE(code == c.code || c.also.count(code))
            << "unexpected " << code << ":\n" << r.differences.ToString();
      }
      bool named = false;
      for (const auto& d : r.differences.all())
        named = named || (d.code == c.code &&
                          d.message.find(c.names) != std::string::npos);
      EXPECT_TRUE(named) << c.names << " not in:\n" << r.differences.ToString();
    }
  }
}

// What the content comparison does not count: whitespace, the order of
// attributes and of differently named children, the spelling of a number
// or a boolean, a difference within the tolerance.
TEST(RobotDiffTest, SensorAndPluginContentIsComparedStructurally) {
  const std::string changed = Replace(
      Replace(Replace(kUrdf, R"(<plugin name="ctrl" filename="libctrl.so">
      <joint_name>shoulder</joint_name>
      <joint_name>elbow</joint_name>
      <gain>1.5</gain>)",
                      R"(<plugin filename="libctrl.so" name="ctrl">
      <gain>
        1.50000001
      </gain>
      <joint_name>shoulder</joint_name>
      <joint_name> elbow </joint_name>)"),
              "<image><width>640</width><height>480</height></image>",
              "<image><height>4.8e2</height>\n<width>640.0</width></image>"),
      "<update_rate>100</update_rate>",
      "<update_rate>100</update_rate><always_on>true</always_on>");
  // The imu's always_on is the one difference left.
  const auto r = Diff(kUrdf, changed);
  ASSERT_EQ(r.differences.all().size(), 1u) << r.differences.ToString();
  EXPECT_NE(r.differences.all()[0].message.find("always_on none"), std::string::npos)
      << r.differences.ToString();
  const std::string same = Replace(changed, "<always_on>true</always_on>", "");
  for (const auto& [a, b] : {std::pair<std::string, std::string>{kUrdf, same},
                             {ToSdf(kUrdf), ToSdf(same)},
                             {kUrdf, ToSdf(same, true)}}) {
    const auto e = Diff(a, b);
    EXPECT_TRUE(e.equal()) << e.differences.ToString();
  }
  // A boolean spelled 1 or true; an element pointed at by its line.
  const auto t = Diff(Replace(changed, "<always_on>true</always_on>",
                              "<always_on>1</always_on>"),
                      changed);
  EXPECT_TRUE(t.equal()) << t.differences.ToString();
  const auto w = Diff(kUrdf, Replace(kUrdf, "<width>640</width>", "<width>320</width>"));
  ASSERT_EQ(w.differences.all().size(), 1u) << w.differences.ToString();
  const std::string u = kUrdf;
  const int width_line =
      static_cast<int>(std::count(u.begin(), u.begin() + u.find("<width>"), '\n')) + 1;
  EXPECT_EQ(w.differences.all()[0].where.line, width_line);
}

// sdf2urdf writes an SDF model's sensors into <gazebo reference> blocks
// (re-posed where a link frame moves onto its joint) and its plugins into
// the robot-level block: the round trip is equal, and a sensor moved in
// the SDF is found against the URDF.
TEST(RobotDiffTest, SdfSensorsAgainstSdf2urdfBlocks) {
  const std::string sdf = R"(<?xml version="1.0"?>
<sdf version="1.7">
  <model name="m">
    <link name="base"/>
    <link name="l"><pose>0 0 1 0 0 0</pose>
      <sensor name="s" type="imu"><pose>0.1 0 0 0 0.2 0</pose>
        <update_rate>10</update_rate></sensor>
    </link>
    <joint name="j" type="revolute"><pose>0 0.3 0 0 0 0</pose>
      <parent>base</parent><child>l</child>
      <axis><xyz>0 0 1</xyz><limit><lower>-1</lower><upper>1</upper></limit></axis>
    </joint>
    <plugin name="p" filename="libp.so"><a>1</a></plugin>
  </model>
</sdf>
)";
  converter::SdfToUrdfOptions o;
  const auto urdf = converter::SdfToUrdf(sdf, "m.sdf", o);
  ASSERT_TRUE(urdf.ok) << urdf.diagnostics.ToString();
  const auto r = Diff(sdf, urdf.output);
  EXPECT_TRUE(r.equal()) << r.differences.ToString() << urdf.output;
  const auto moved = Diff(Replace(sdf, "<pose>0.1 0 0 0 0.2 0</pose>",
                                  "<pose>0.1 0 0.001 0 0.2 0</pose>"),
                          urdf.output);
  EXPECT_EQ(Codes(moved), std::set<Code>{Code::DIFF_SENSOR}) << moved.differences.ToString();
}

TEST(RobotDiffTest, LumpedLinksAreComparedAsTheirBody) {
  const std::string changed =
      Replace(kUrdf, R"(<mass value="0.1"/>)", R"(<mass value="0.12"/>)");
  const auto r = Diff(kUrdf, ToSdf(changed, true));
  EXPECT_EQ(Codes(r), std::set<Code>{Code::DIFF_INERTIAL});
  EXPECT_NE(r.differences.ToString().find("link 'hand' (with the links lumped"),
            std::string::npos)
      << r.differences.ToString();
  // The lumped link, a frame in B, still moves with its body.
  const auto moved = Diff(kUrdf, ToSdf(Replace(kUrdf, R"(<origin xyz="0 0 0.1"/>
    <parent link="hand"/>)", R"(<origin xyz="0 0 0.11"/>
    <parent link="hand"/>)"), true));
  EXPECT_TRUE(Codes(moved).count(Code::DIFF_POSE)) << moved.differences.ToString();
}

TEST(RobotDiffTest, MaterialsAreComparedOnlyWhenAsked) {
  const std::string changed = Replace(kUrdf, R"(rgba="1 0 0 1")", R"(rgba="0 1 0 1")");
  EXPECT_TRUE(Diff(kUrdf, ToSdf(changed)).equal());
}

TEST(RobotDiffTest, RenamesOfOursAndTheUsersAreKnown) {
  // A joint named as a link: urdf2sdf renames it (<urdf:original_name>).
  const std::string clash =
      Replace(kUrdf, R"(<joint name="wrist" type="continuous">)",
              R"(<joint name="hand" type="continuous">)");
  const std::string sdf = ToSdf(clash);
  EXPECT_NE(sdf.find("hand_joint"), std::string::npos);
  EXPECT_TRUE(Diff(clash, sdf).equal()) << Diff(clash, sdf).differences.ToString();

  // The user's own: arm is called upper_arm in B.
  std::string renamed = kUrdf;
  for (const char* from : {R"(<child link="arm"/>)", R"(<link name="arm">)",
                           R"(<parent link="arm"/>)", R"(<gazebo reference="arm">)"}) {
    std::string to = from;
    to.replace(to.find("\"arm\""), 5, "\"upper_arm\"");
    renamed = Replace(renamed, from, to);
  }
  const auto without = Diff(kUrdf, ToSdf(renamed));
  EXPECT_TRUE(Codes(without).count(Code::DIFF_ELEMENT_MISSING));
  frames::Diagnostics d;
  robot_diff::Options o;
  o.renames = robot_diff::ParseMap("# mine\narm upper_arm  # renamed\n", "m", &d);
  EXPECT_FALSE(d.HasErrors());
  const auto with = Diff(kUrdf, ToSdf(renamed), o);
  EXPECT_TRUE(with.equal()) << with.differences.ToString();
}

// Lumping meets a joint renamed for a name clash: joint "b" shares link
// b's name and "b_joint" is taken by the fixed joint that is lumped, so
// urdf2sdf writes "b_joint_2" (original name "b") and the lumped joint
// is a //frame "b_joint". Each pairs with its own URDF joint, not the
// URDF's "b_joint" with the SDF joint whose original name is "b" (which
// guessing "NAME_joint" from the name alone did), in both directions.
TEST(RobotDiffTest, LumpingBesideAJointRenamedForAClashMatches) {
  const std::string inertial =
      R"(<inertial><origin xyz="0.1 0 0"/><mass value="1"/>)"
      R"(<inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial>)"
      R"(<visual><geometry><box size="1 1 1"/></geometry></visual>)";
  const std::string urdf =
      R"(<robot name="r">)"
      R"(<link name="a_joint_2">)" + inertial + R"(</link>)"
      R"(<link name="b">)" + inertial + R"(</link>)"
      R"(<link name="a_joint">)" + inertial + R"(</link>)"
      R"(<joint name="b_joint" type="fixed"><origin xyz="0.085 0 1" rpy="0 0 0.247"/>)"
      R"(<parent link="a_joint_2"/><child link="b"/></joint>)"
      R"(<joint name="b" type="revolute"><origin xyz="0.03 0 1" rpy="0 0 0.487"/>)"
      R"(<parent link="a_joint_2"/><child link="a_joint"/><axis xyz="0 0 1"/>)"
      R"(<limit lower="-1" upper="1" effort="1" velocity="1"/></joint></robot>)";
  const std::string sdf = ToSdf(urdf, true);
  ASSERT_NE(sdf.find(R"(<joint name="b_joint_2")"), std::string::npos) << sdf;
  ASSERT_NE(sdf.find(R"(<frame name="b_joint")"), std::string::npos) << sdf;
  const auto forward = Diff(urdf, sdf);
  EXPECT_TRUE(forward.equal()) << forward.differences.ToString();
  const auto backward = Diff(sdf, urdf);
  EXPECT_TRUE(backward.equal()) << backward.differences.ToString();
  // Still found: the renamed joint moved.
  const std::string moved = Replace(urdf, R"(<origin xyz="0.03 0 1")", R"(<origin xyz="0.031 0 1")");
  EXPECT_TRUE(Codes(Diff(moved, sdf)).count(Code::DIFF_POSE));
}

// A URDF joint's safety controller and calibration, carried by urdf2sdf:
// equal when kept, DIFF_SAFETY when a value changes or one is missing.
TEST(RobotDiffTest, SafetyControllerAndCalibrationAreCompared) {
  const std::string limit = R"(<limit lower="-1" upper="1" effort="10" velocity="2"/>)";
  const std::string with = Replace(
      kUrdf, limit,
      limit + R"(<safety_controller soft_lower_limit="-0.9" soft_upper_limit="0.9" )"
              R"(k_position="10" k_velocity="5"/><calibration rising="0.1" falling="0.2"/>)");
  const auto same = Diff(with, ToSdf(with));
  EXPECT_TRUE(same.equal()) << same.differences.ToString();
  for (const auto& [from, to] : std::vector<std::pair<std::string, std::string>>{
           {R"(k_velocity="5")", R"(k_velocity="6")"},
           {R"(soft_upper_limit="0.9")", R"(soft_upper_limit="0.8")"},
           {R"(falling="0.2")", R"(falling="0.3")"},
           {R"(<calibration rising="0.1" falling="0.2"/>)", ""}}) {
    const std::string changed = Replace(with, from, to);
    for (const auto& r : {Diff(with, ToSdf(changed)), Diff(ToSdf(with), ToSdf(changed))}) {
      EXPECT_EQ(Codes(r), std::set<Code>{Code::DIFF_SAFETY}) << to << r.differences.ToString();
      EXPECT_NE(r.differences.ToString().find("joint 'shoulder'"), std::string::npos);
    }
  }
  EXPECT_EQ(Codes(Diff(kUrdf, ToSdf(with))), std::set<Code>{Code::DIFF_SAFETY});
}

// The second axis of a universal joint: SDF-vs-SDF (direction, limits,
// dynamics), and against sdf2urdf's split (J, J_intermediate, J_axis2).
constexpr char kUniversal[] = R"(<?xml version="1.0"?>
<sdf version="1.7">
  <model name="u">
    <link name="base"/>
    <link name="tip"><pose>0 0 1 0 0 0</pose>
      <inertial><mass>1</mass></inertial></link>
    <joint name="j" type="universal">
      <parent>base</parent><child>tip</child>
      <axis><xyz>1 0 0</xyz><limit><lower>-1</lower><upper>1</upper></limit></axis>
      <axis2><xyz>0 1 0</xyz><limit><lower>-0.5</lower><upper>0.5</upper></limit>
        <dynamics><damping>0.1</damping></dynamics></axis2>
    </joint>
  </model>
</sdf>)";

TEST(RobotDiffTest, SecondAxesAreCompared) {
  EXPECT_TRUE(Diff(kUniversal, kUniversal).equal());
  const std::string axis2 = "<axis2><xyz>0 1 0</xyz>";
  const auto turned = Diff(kUniversal, Replace(kUniversal, axis2, "<axis2><xyz>0 0 1</xyz>"));
  EXPECT_EQ(Codes(turned), std::set<Code>{Code::DIFF_AXIS}) << turned.differences.ToString();
  EXPECT_NE(turned.differences.ToString().find("second axis"), std::string::npos);
  const auto limit = Diff(kUniversal, Replace(kUniversal, "<upper>0.5</upper>", "<upper>0.6</upper>"));
  EXPECT_EQ(Codes(limit), std::set<Code>{Code::DIFF_LIMIT}) << limit.differences.ToString();
  const auto damping = Diff(kUniversal, Replace(kUniversal, "<damping>0.1</damping>", "<damping>0.2</damping>"));
  EXPECT_EQ(Codes(damping), std::set<Code>{Code::DIFF_DYNAMICS}) << damping.differences.ToString();

  converter::SdfToUrdfOptions o;
  const auto split = converter::SdfToUrdf(kUniversal, "u.sdf", o);
  ASSERT_TRUE(split.ok) << split.diagnostics.ToString();
  ASSERT_NE(split.output.find("j_axis2"), std::string::npos) << split.output;
  const auto kept = Diff(kUniversal, split.output);
  EXPECT_TRUE(kept.equal()) << kept.differences.ToString();
  const auto split_turned = Diff(Replace(kUniversal, axis2, "<axis2><xyz>0 0 1</xyz>"), split.output);
  EXPECT_TRUE(Codes(split_turned).count(Code::DIFF_AXIS)) << split_turned.differences.ToString();
}

// Nested models flattened by sdf2urdf with a separator, //frame elements
// written as links; an SDF-vs-SDF frame moved or re-attached.
constexpr char kNested[] = R"(<?xml version="1.0"?>
<sdf version="1.8">
  <model name="m">
    <link name="base"/>
    <model name="arm">
      <pose>0 0 0.5 0 0 0</pose>
      <link name="link"><pose>0.1 0 0 0 0 0</pose></link>
      <link name="tip"><pose>0.3 0 0 0 0 0</pose></link>
      <joint name="j" type="revolute">
        <parent>link</parent><child>tip</child>
        <axis><xyz>0 1 0</xyz><limit><lower>-1</lower><upper>1</upper></limit></axis>
      </joint>
      <frame name="marker" attached_to="tip"><pose>0 0 0.1 0 0 0</pose></frame>
    </model>
    <joint name="mount" type="fixed">
      <parent>base</parent><child>arm::link</child>
    </joint>
    <frame name="camera" attached_to="base"><pose>0.2 0 0.3 0 0 0</pose></frame>
  </model>
</sdf>
)";

TEST(RobotDiffTest, NestedModelsAndFrames) {
  converter::SdfToUrdfOptions o;
  o.separator = "__";
  const auto urdf = converter::SdfToUrdf(kNested, "m.sdf", o);
  ASSERT_TRUE(urdf.ok) << urdf.diagnostics.ToString();
  EXPECT_NE(urdf.output.find("arm__tip"), std::string::npos);
  robot_diff::Options d;
  d.separator = "__";
  const auto equal = Diff(kNested, urdf.output, d);
  EXPECT_TRUE(equal.equal()) << equal.differences.ToString();
  // Without the separator, the nested names are not found.
  EXPECT_TRUE(Codes(Diff(kNested, urdf.output)).count(Code::DIFF_ELEMENT_MISSING));

  const auto moved = Diff(kNested, Replace(kNested, "<pose>0 0 0.1 0 0 0</pose>",
                                           "<pose>0 0 0.12 0 0 0</pose>"));
  EXPECT_EQ(Codes(moved), std::set<Code>{Code::DIFF_POSE});
  EXPECT_NE(moved.differences.ToString().find("frame 'arm::marker'"),
            std::string::npos)
      << moved.differences.ToString();
  const auto attached =
      Diff(kNested, Replace(kNested, R"(<frame name="camera" attached_to="base">)",
                            R"(<frame name="camera" attached_to="arm::link">)"));
  EXPECT_TRUE(Codes(attached).count(Code::DIFF_CONNECTION))
      << attached.differences.ToString();
}

// A world's model, posed by a world frame, against sdf2urdf's URDF of it
// (the pose applied to the joint from `world`).
constexpr char kWorld[] = R"(<?xml version="1.0"?>
<sdf version="1.7">
  <world name="shop">
    <frame name="bench"><pose>2 0 0.9 0 0 0</pose></frame>
    <model name="vise">
      <pose relative_to="bench">0.1 0 0 0 0 0</pose>
      <link name="body"/>
      <joint name="bolted" type="fixed"><parent>world</parent><child>body</child></joint>
    </model>
    <model name="part"><link name="p"/></model>
  </world>
</sdf>
)";

TEST(RobotDiffTest, WorldModelAgainstItsUrdf) {
  converter::SdfToUrdfOptions o;
  o.model = "vise";
  const auto urdf = converter::SdfToUrdf(kWorld, "w.sdf", o);
  ASSERT_TRUE(urdf.ok) << urdf.diagnostics.ToString();
  auto compare = [&](const std::string& world) {
    frames::Diagnostics d;
    const auto a = converter::ReadRobots(world, "w.sdf", {}, &d);
    const auto b = converter::ReadRobots(urdf.output, "w.urdf", {}, &d);
    EXPECT_TRUE(a && b) << d.ToString();
    const converter::Robot* ra = converter::SelectRobot(*a, "vise", {}, &d);
    EXPECT_TRUE(ra != nullptr);
    return robot_diff::Compare({&ra->model, false}, {&b->front().model, true}, {});
  };
  const auto equal = compare(kWorld);
  EXPECT_TRUE(equal.equal()) << equal.differences.ToString();
  const auto moved = compare(Replace(kWorld, "<pose>2 0 0.9 0 0 0</pose>",
                                     "<pose>2 0 0.95 0 0 0</pose>"));
  EXPECT_EQ(Codes(moved), std::set<Code>{Code::DIFF_POSE}) << moved.differences.ToString();
}

TEST(RobotDiffTest, MapFileProblemsAreCoded) {
  frames::Diagnostics d;
  const auto m = robot_diff::ParseMap("a b\nc\nd b\na e\n\n  # x\n", "m.map", &d);
  EXPECT_EQ(m.size(), 1u);
  ASSERT_EQ(d.all().size(), 3u) << d.ToString();
  EXPECT_EQ(d.all()[0].where.line, 2);
  EXPECT_EQ(d.all()[1].where.line, 3);
  EXPECT_EQ(d.all()[2].where.line, 4);
  for (const auto& x : d.all()) EXPECT_EQ(x.code, Code::DIFF_MAP_INVALID);
}

}  // namespace
