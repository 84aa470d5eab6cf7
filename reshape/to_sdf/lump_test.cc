// --lump-fixed-joints (reshape/to_sdf/lump.h) cases the corpus and the golden
// fixtures do not show: how <preserveFixedJoint> is read, names that would
// clash in the body, a combined inertia that is not valid, plugin offsets
// through a chain of merged links (against libsdformat's own numbers), and
// link properties that agree. Our output is loaded with libsdformat, which
// resolves the poses.
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <sdf/sdf.hh>

#include "converter/urdf_to_sdf.h"

namespace {

converter::ConversionResult Lump(const std::string& urdf) {
  converter::UrdfToSdfOptions o;
  o.lump_fixed_joints = true;
  return converter::UrdfToSdf(urdf, "lump.urdf", o);
}

int Count(const frames::Diagnostics& d, const std::string& code) {
  int n = 0;
  for (const auto& x : d.all()) n += frames::CodeName(x.code) == code;
  return n;
}

struct Loaded {
  sdf::Root root;
  const sdf::Model* model = nullptr;
};

// Loads SDF text (our output) or a URDF file path (libsdformat's lumping).
void Load(const std::string& sdf_or_path, bool is_path, Loaded* out) {
  sdf::Console::Instance()->SetQuiet(true);
  const sdf::Errors errors =
      is_path ? out->root.Load(sdf_or_path) : out->root.LoadSdfString(sdf_or_path);
  std::string all;
  for (const auto& e : errors) all += e.Message() + "\n";
  ASSERT_TRUE(errors.empty()) << all << (is_path ? "" : sdf_or_path);
  out->model = out->root.Model();
  ASSERT_NE(out->model, nullptr);
}

constexpr char kInertia[] =
    R"(<inertia ixx="0.01" ixy="0" ixz="0" iyy="0.01" iyz="0" izz="0.01"/>)";

std::string Link(const std::string& name, const std::string& extra = "") {
  return "<link name=\"" + name + "\"><inertial><mass value=\"1\"/>" + kInertia +
         "</inertial>" + extra + "</link>\n";
}

std::string Fixed(const std::string& name, const std::string& parent,
                  const std::string& child, const std::string& origin = "") {
  return "<joint name=\"" + name + "\" type=\"fixed\">" + origin + "<parent link=\"" +
         parent + "\"/><child link=\"" + child + "\"/></joint>\n";
}

// The gazebo flags as libsdformat reads them: the value attribute or the
// text, true/yes (any case) or 1; preserveFixedJoint or the legacy
// disableFixedJointLumping; "false" does not preserve.
TEST(LumpFixedJoints, PreserveFlagsAsLibsdformatReadsThem) {
  const std::string urdf =
      "<robot name=\"r\">" + Link("a") + Fixed("j1", "a", "b") + Link("b") +
      Fixed("j2", "a", "c") + Link("c") + Fixed("j3", "a", "d") + Link("d") +
      Fixed("j4", "a", "e") + Link("e") +
      R"(<gazebo reference="j1"><preserveFixedJoint value="1"/></gazebo>
         <gazebo reference="j2"><disableFixedJointLumping>TRUE</disableFixedJointLumping></gazebo>
         <gazebo reference="j3"><preserveFixedJoint>false</preserveFixedJoint></gazebo>
         <gazebo reference="j4"><preserveFixedJoint> Yes </preserveFixedJoint></gazebo>
      </robot>)";
  const auto r = Lump(urdf);
  ASSERT_TRUE(r.ok) << r.diagnostics.ToString();
  Loaded ours;
  Load(r.output, false, &ours);
  for (const char* kept : {"b", "c", "e"}) EXPECT_NE(ours.model->LinkByName(kept), nullptr) << kept;
  for (const char* kept : {"j1", "j2", "j4"}) {
    const sdf::Joint* j = ours.model->JointByName(kept);
    ASSERT_NE(j, nullptr) << kept;
    EXPECT_EQ(j->Type(), sdf::JointType::FIXED) << kept;
  }
  EXPECT_EQ(ours.model->LinkByName("d"), nullptr);
  EXPECT_NE(ours.model->FrameByName("d"), nullptr);
  EXPECT_EQ(Count(r.diagnostics, "FIXED_JOINT_LUMPED"), 1) << r.diagnostics.ToString();
}

// A joint renamed because it shares a link's name is still found by the
// name its <gazebo reference> uses.
TEST(LumpFixedJoints, PreserveFindsARenamedJointByItsUrdfName) {
  const std::string urdf = "<robot name=\"r\">" + Link("a") + Fixed("b", "a", "b") +
                           Link("b") +
                           R"(<gazebo reference="b"><preserveFixedJoint>true</preserveFixedJoint></gazebo>
      </robot>)";
  const auto r = Lump(urdf);
  ASSERT_TRUE(r.ok) << r.diagnostics.ToString();
  Loaded ours;
  Load(r.output, false, &ours);
  EXPECT_NE(ours.model->LinkByName("b"), nullptr) << r.output;
  EXPECT_EQ(ours.model->JointCount(), 1u) << r.output;
}

// Sensors of merged links keep unique names in their body.
TEST(LumpFixedJoints, MergedSensorNamesStayUnique) {
  const std::string urdf =
      "<robot name=\"r\">" + Link("a") +
      Fixed("j", "a", "b", R"(<origin xyz="0 0 1"/>)") + Link("b") +
      R"(<gazebo reference="a"><sensor name="imu" type="imu"/></gazebo>
         <gazebo reference="b"><sensor name="imu" type="imu"><pose>1 0 0 0 0 0</pose></sensor></gazebo>
      </robot>)";
  const auto r = Lump(urdf);
  ASSERT_TRUE(r.ok) << r.diagnostics.ToString();
  EXPECT_EQ(Count(r.diagnostics, "SENSOR_RENAMED"), 1) << r.diagnostics.ToString();
  Loaded ours;
  Load(r.output, false, &ours);
  const sdf::Link* a = ours.model->LinkByName("a");
  ASSERT_NE(a, nullptr);
  ASSERT_EQ(a->SensorCount(), 2u) << r.output;
  const sdf::Sensor* moved = a->SensorByName("b_fixed_joint_lump__imu");
  ASSERT_NE(moved, nullptr) << r.output;
  ignition::math::Pose3d X_MS;
  ASSERT_TRUE(moved->SemanticPose().Resolve(X_MS, "__model__").empty());
  EXPECT_EQ(X_MS, ignition::math::Pose3d(1, 0, 1, 0, 0, 0));
}

// Two links whose inertias are each valid but sit on the edge combine into
// one that is not: the combination is repaired, and the combined URDF
// tensor kept. Parts that are invalid alone but valid together are
// combined as written (no INERTIA_ADJUSTED).
TEST(LumpFixedJoints, OnlyTheCombinedInertiaIsRepaired) {
  const std::string flat =  // a thin disc about z: izz = ixx + iyy
      R"(<inertial><mass value="1"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="2"/></inertial>)";
  const std::string urdf = "<robot name=\"r\"><link name=\"a\">" + flat + "</link>" +
                           Fixed("j", "a", "b") + "<link name=\"b\">" + flat +
                           "</link></robot>";
  const auto r = Lump(urdf);
  ASSERT_TRUE(r.ok) << r.diagnostics.ToString();
  EXPECT_EQ(Count(r.diagnostics, "INERTIA_ADJUSTED"), 1) << r.diagnostics.ToString();
  EXPECT_NE(r.output.find(R"(<urdf:inertia ixx="2" ixy="0" ixz="0" iyy="2" iyz="0" izz="4"/>)"),
            std::string::npos)
      << r.output;
  Loaded ours;
  Load(r.output, false, &ours);

  // Invalid alone (triangle inequality), valid with the body: as written.
  const std::string thin =
      R"(<inertial><mass value="1"/><inertia ixx="0.001" ixy="0" ixz="0" iyy="0.001" iyz="0" izz="0.01"/></inertial>)";
  const std::string urdf2 = "<robot name=\"r\">" + Link("a") +
                            Fixed("j", "a", "b") + "<link name=\"b\">" + thin +
                            "</link></robot>";
  const auto r2 = Lump(urdf2);
  ASSERT_TRUE(r2.ok) << r2.diagnostics.ToString();
  EXPECT_EQ(Count(r2.diagnostics, "INERTIA_ADJUSTED"), 0) << r2.diagnostics.ToString();
  Loaded ours2;
  Load(r2.output, false, &ours2);
  const auto& mm = ours2.model->LinkByName("a")->Inertial().MassMatrix();
  EXPECT_DOUBLE_EQ(mm.Ixx(), 0.011);
  EXPECT_DOUBLE_EQ(mm.Izz(), 0.02);
}

// A plugin naming a link two merges deep, with offsets of its own, gets
// X_BL times its offset, as libsdformat computes it step by step.
TEST(LumpFixedJoints, PluginOffsetsThroughAChainMatchLibsdformat) {
  const std::string urdf =
      "<robot name=\"r\">" + Link("a") +
      Fixed("j1", "a", "b", R"(<origin xyz="0.1 0.2 0.3" rpy="0.1 0.2 0.3"/>)") +
      Link("b") +
      Fixed("j2", "b", "c", R"(<origin xyz="-0.3 0.1 0.5" rpy="-0.4 0.5 0.6"/>)") +
      Link("c") +
      R"(<gazebo><plugin name="imu" filename="libimu.so"><bodyName>c</bodyName>
           <xyzOffset>0.01 0.02 0.03</xyzOffset><rpyOffset>0.3 0.2 0.1</rpyOffset></plugin>
         </gazebo></robot>)";
  const auto r = Lump(urdf);
  ASSERT_TRUE(r.ok) << r.diagnostics.ToString();
  const std::string path = ::testing::TempDir() + "/lump_plugin_chain.urdf";
  {
    std::FILE* f = std::fopen(path.c_str(), "w");
    ASSERT_NE(f, nullptr);
    std::fputs(urdf.c_str(), f);
    std::fclose(f);
  }
  Loaded theirs, ours;
  Load(path, true, &theirs);
  Load(r.output, false, &ours);
  auto offset = [](const sdf::Model* m) {
    sdf::ElementPtr p = m->Element()->GetElement("plugin");
    EXPECT_EQ(p->Get<std::string>("bodyName"), "a");
    EXPECT_TRUE(p->HasElement("ignition::corrected_offsets"));
    const auto xyz = p->Get<ignition::math::Vector3d>("xyzOffset");
    const auto rpy = p->Get<ignition::math::Vector3d>("rpyOffset");
    return ignition::math::Pose3d(xyz, ignition::math::Quaterniond(rpy));
  };
  const ignition::math::Pose3d t = offset(theirs.model), o = offset(ours.model);
  // libsdformat prints 6 significant digits.
  EXPECT_NEAR(t.Pos().X(), o.Pos().X(), 1e-5);
  EXPECT_NEAR(t.Pos().Y(), o.Pos().Y(), 1e-5);
  EXPECT_NEAR(t.Pos().Z(), o.Pos().Z(), 1e-5);
  EXPECT_LT(std::abs(std::abs(t.Rot().Dot(o.Rot())) - 1.0), 1e-9) << t << " vs " << o;
  // And ours is exact: X_AC * offset.
  const ignition::math::Pose3d X_AB(0.1, 0.2, 0.3, 0.1, 0.2, 0.3);
  const ignition::math::Pose3d X_BC(-0.3, 0.1, 0.5, -0.4, 0.5, 0.6);
  const ignition::math::Pose3d off(0.01, 0.02, 0.03, 0.3, 0.2, 0.1);
  const ignition::math::Pose3d expected = off + X_BC + X_AB;  // X_AB * X_BC * off
  EXPECT_NEAR(expected.Pos().Distance(o.Pos()), 0.0, 1e-12);
  EXPECT_LT(std::abs(std::abs(expected.Rot().Dot(o.Rot())) - 1.0), 1e-12);
}

// A merged link's property that its body already has with the same value:
// one element, no warning.
TEST(LumpFixedJoints, AgreeingLinkPropertiesAreNotDuplicated) {
  const std::string urdf =
      "<robot name=\"r\">" + Link("a") + Fixed("j", "a", "b") + Link("b") +
      R"(<gazebo reference="a"><selfCollide>true</selfCollide></gazebo>
         <gazebo reference="b"><selfCollide>true</selfCollide></gazebo></robot>)";
  const auto r = Lump(urdf);
  ASSERT_TRUE(r.ok) << r.diagnostics.ToString();
  EXPECT_EQ(Count(r.diagnostics, "LUMP_PROPERTY_CONFLICT"), 0) << r.diagnostics.ToString();
  size_t n = 0;
  for (size_t at = r.output.find("<self_collide>"); at != std::string::npos;
       at = r.output.find("<self_collide>", at + 1))
    ++n;
  EXPECT_EQ(n, 1u) << r.output;
}

}  // namespace

namespace {

// base -weld(fixed)-> arm, base -hinge-> rocker, and the loop closed by a
// joint "close" (rocker -> arm) carried in the robot's <gazebo> block, with
// `close_pose` as its first child and `more` after it in the block.
std::string CarriedJointRobot(const std::string& close_pose,
                              const std::string& more) {
  return "<robot name=\"r\">\n" + Link("base") + Link("arm") + Link("rocker") +
         Fixed("weld", "base", "arm", "<origin xyz=\"1 0 0\" rpy=\"0 0 0.5\"/>") +
         "<joint name=\"hinge\" type=\"revolute\"><origin xyz=\"0 0 1\"/>"
         "<parent link=\"base\"/><child link=\"rocker\"/><axis xyz=\"0 0 1\"/>"
         "<limit lower=\"-1\" upper=\"1\" effort=\"1\" velocity=\"1\"/></joint>\n"
         "<gazebo><joint name=\"close\" type=\"revolute\">" +
         close_pose +
         "<parent>rocker</parent><child>arm</child>"
         "<axis><xyz>0 0 1</xyz></axis></joint>" +
         more + "</gazebo>\n</robot>\n";
}

// Converts `urdf` with and without lumping; the carried joint "close" is
// where it was, and its child (arm, merged) is its body, base.
void ExpectCloseJointKept(const std::string& urdf,
                          converter::ConversionResult* lumped) {
  const converter::ConversionResult plain =
      converter::UrdfToSdf(urdf, "lump.urdf");
  ASSERT_TRUE(plain.ok) << plain.diagnostics.ToString();
  *lumped = Lump(urdf);
  ASSERT_TRUE(lumped->ok) << lumped->diagnostics.ToString();
  Loaded a, b;
  Load(plain.output, false, &a);
  Load(lumped->output, false, &b);
  ASSERT_FALSE(testing::Test::HasFatalFailure());
  const sdf::Joint* close = b.model->JointByName("close");
  ASSERT_NE(close, nullptr) << lumped->output;
  EXPECT_EQ(close->ChildLinkName(), "base");
  EXPECT_EQ(close->ParentLinkName(), "rocker");
  ignition::math::Pose3d X_a, X_b;
  ASSERT_TRUE(a.model->JointByName("close")->SemanticPose().Resolve(X_a, "__model__").empty());
  ASSERT_TRUE(close->SemanticPose().Resolve(X_b, "__model__").empty());
  EXPECT_TRUE(X_a.Pos().Equal(X_b.Pos(), 1e-12) &&
              X_a.Rot().Equal(X_b.Rot(), 1e-12))
      << X_a << " vs " << X_b;
}

TEST(LumpFixedJoints, CarriedJointsNameTheBodyOfAMergedLink) {
  // A joint carried in the robot's <gazebo> block (a cut loop) whose child
  // and gearbox reference body are merged into their body: they name the
  // body, and the joint stays where it was (posed in the merged link's
  // frame, which remains a //frame).
  const std::string urdf = CarriedJointRobot(
      "<pose>0 0.5 0 0 0 0</pose>",
      "<joint name=\"mesh\" type=\"gearbox\"><parent>base</parent>"
      "<child>rocker</child><gearbox_reference_body>arm</gearbox_reference_body>"
      "<gearbox_ratio>2</gearbox_ratio><axis><xyz>0 0 1</xyz></axis>"
      "<axis2><xyz>0 0 1</xyz></axis2></joint>");
  converter::ConversionResult lumped;
  ExpectCloseJointKept(urdf, &lumped);
  EXPECT_NE(lumped.output.find(
                "<gearbox_reference_body>base</gearbox_reference_body>"),
            std::string::npos)
      << lumped.output;
}

TEST(LumpFixedJoints, CarriedJointWithoutPoseStaysInItsMergedChildFrame) {
  // A carried joint with no <pose> is posed in its child link's frame; its
  // child merged, the pose written for it must name that link (now a
  // //frame), not whatever element the inserted <pose> shifted into its
  // place (the joint's <parent>, "rocker", before the fix).
  converter::ConversionResult lumped;
  ExpectCloseJointKept(CarriedJointRobot("", ""), &lumped);
  EXPECT_NE(lumped.output.find("<pose relative_to=\"arm\">0 0 0 0 0 0</pose>"),
            std::string::npos)
      << lumped.output;
}

}  // namespace
