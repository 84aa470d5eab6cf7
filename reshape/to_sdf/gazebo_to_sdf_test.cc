// Unit tests for ApplyGazeboBlocks (reshape/to_sdf/gazebo_to_sdf.h): each mapping
// of a <gazebo> element onto the model, merging, document order, and the
// warnings for what is not applied. Models are read with urdf_io's reader, so
// the blocks are stored as the converter sees them.
#include "reshape/to_sdf/gazebo_to_sdf.h"

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "urdf_io/reader.h"

namespace converter {
namespace {

using frames::Element;

// A two-link robot with one revolute and one fixed joint, a named and an
// unnamed visual and two collisions on `base`, and `blocks` appended.
// Line numbers: the first block starts on line 22.
std::string Robot(const std::string& blocks) {
  return R"(<robot name="bot">
  <link name="base">
    <visual name="shell"><geometry><box size="1 1 1"/></geometry></visual>
    <visual><geometry><sphere radius="1"/></geometry></visual>
    <collision name="c1"><geometry><box size="1 1 1"/></geometry></collision>
    <collision name="c2"><geometry><sphere radius="1"/></geometry></collision>
  </link>
  <joint name="hinge" type="revolute">
    <parent link="base"/><child link="arm"/>
    <axis xyz="0 0 1"/>
    <limit lower="-1" upper="1" effort="5" velocity="1"/>
  </joint>
  <link name="arm">
    <inertial><mass value="1"/>
      <inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial>
  </link>
  <joint name="weld" type="fixed">
    <parent link="arm"/><child link="tip"/>
  </joint>
  <link name="tip"/>
  <!-- blocks -->
)" + blocks + "\n</robot>\n";
}

struct Applied {
  frames::Model model;
  frames::Diagnostics diags;
};

Applied Apply(const std::string& blocks) {
  Applied a;
  auto m = urdf_io::ReadUrdf(Robot(blocks), "t.urdf", &a.diags);
  EXPECT_TRUE(m.has_value()) << a.diags.ToString();
  if (!m) return a;
  a.model = std::move(*m);
  ApplyGazeboBlocks(&a.model, &a.diags);
  return a;
}

frames::Link& LinkNamed(frames::Model& m, const std::string& name) {
  for (auto& l : m.links)
    if (l.name == name) return l;
  ADD_FAILURE() << "no link " << name;
  static frames::Link none;
  return none;
}

frames::Joint& JointNamed(frames::Model& m, const std::string& name) {
  for (auto& j : m.joints)
    if (j.name == name) return j;
  ADD_FAILURE() << "no joint " << name;
  static frames::Joint none;
  return none;
}

// The element at `path` ("surface/friction/ode/mu") among `elements`, or
// nullptr; the first of each name.
const Element* Find(const std::vector<Element>& elements,
                    const std::string& path) {
  const std::vector<Element>* list = &elements;
  const Element* found = nullptr;
  size_t pos = 0;
  while (pos <= path.size()) {
    size_t slash = path.find('/', pos);
    if (slash == std::string::npos) slash = path.size();
    const std::string name = path.substr(pos, slash - pos);
    found = nullptr;
    for (const auto& e : *list) {
      if (e.name == name) {
        found = &e;
        break;
      }
    }
    if (!found) return nullptr;
    list = &found->children;
    pos = slash + 1;
  }
  return found;
}

std::string Text(const std::vector<Element>& elements, const std::string& path) {
  const Element* e = Find(elements, path);
  return e ? e->text : "<absent>";
}

int Count(const std::vector<Element>& elements, const std::string& name) {
  int n = 0;
  for (const auto& e : elements) n += e.name == name;
  return n;
}

std::vector<std::string> Codes(const frames::Diagnostics& d) {
  std::vector<std::string> out;
  for (const auto& x : d.all())
    out.push_back(std::string(frames::CodeName(x.code)) + "@" +
                  std::to_string(x.where.line));
  return out;
}

// The non-block extensions of the model (what ApplyGazeboBlocks added).
std::vector<Element> Added(const frames::Model& m) {
  std::vector<Element> out;
  for (const auto& e : m.extensions)
    if (e.name != "gazebo" && e.name != "urdf:gazebo") out.push_back(e);
  return out;
}

TEST(GazeboModelLevel, StaticPluginsAndLeavesInDocumentOrder) {
  Applied a = Apply(R"(<gazebo>
    <static>yes</static>
    <plugin name="p1" filename="libp1.so"><x>1</x></plugin>
    <self_collide>false</self_collide>
  </gazebo>
  <gazebo reference="">
    <plugin name="p2" filename="libp2.so"/>
    <self_collide>true</self_collide>
    <allow_auto_disable>0</allow_auto_disable>
  </gazebo>)");
  EXPECT_TRUE(a.model.is_static);
  const auto added = Added(a.model);
  ASSERT_EQ(added.size(), 4u);
  EXPECT_EQ(added[0].name, "plugin");
  EXPECT_EQ(*added[0].Attribute("name"), "p1");
  EXPECT_EQ(Text(added[0].children, "x"), "1");
  // The later <self_collide> replaced the earlier one in place.
  EXPECT_EQ(added[1].name, "self_collide");
  EXPECT_EQ(added[1].text, "true");
  EXPECT_EQ(*added[2].Attribute("name"), "p2");
  EXPECT_EQ(added[3].name, "allow_auto_disable");
  EXPECT_EQ(added[3].text, "false");
  EXPECT_TRUE(a.diags.all().empty()) << a.diags.ToString();
}

TEST(GazeboModelLevel, StaticTruthValues) {
  for (const char* v : {"true", "TRUE", "yes", "Yes", "1"}) {
    Applied a = Apply(std::string("<gazebo><static>") + v + "</static></gazebo>");
    EXPECT_TRUE(a.model.is_static) << v;
    EXPECT_TRUE(a.diags.all().empty()) << v;
  }
  for (const char* v : {"false", "no", "0"}) {
    Applied a = Apply(std::string("<gazebo><static>") + v + "</static></gazebo>");
    EXPECT_FALSE(a.model.is_static) << v;
    EXPECT_TRUE(a.diags.all().empty()) << v;
  }
  // libsdformat reads anything else as false; so do we, with a warning.
  Applied a = Apply("<gazebo><static>sure</static></gazebo>");
  EXPECT_FALSE(a.model.is_static);
  EXPECT_EQ(Codes(a.diags), std::vector<std::string>{"GAZEBO_VALUE_INVALID@22"});
  // The later block wins.
  Applied b = Apply(
      "<gazebo><static>true</static></gazebo>\n"
      "<gazebo><static>false</static></gazebo>");
  EXPECT_FALSE(b.model.is_static);
}

TEST(GazeboModelLevel, BlocksStayUntouched) {
  const std::string blocks = R"(<gazebo reference="base"><mu1>0.5</mu1></gazebo>
  <gazebo><plugin name="p" filename="p.so"/></gazebo>)";
  frames::Diagnostics d;
  auto m = urdf_io::ReadUrdf(Robot(blocks), "t.urdf", &d);
  ASSERT_TRUE(m);
  const std::vector<Element> before = m->extensions;
  ApplyGazeboBlocks(&*m, &d);
  ASSERT_EQ(m->extensions.size(), before.size() + 1);
  for (size_t k = 0; k < before.size(); ++k) {
    EXPECT_EQ(m->extensions[k].name, before[k].name);
    EXPECT_EQ(m->extensions[k].attributes, before[k].attributes);
    EXPECT_EQ(m->extensions[k].children.size(), before[k].children.size());
  }
}

TEST(GazeboModelLevel, CarriedBlocksAreReadToo) {
  frames::Diagnostics d;
  auto m = urdf_io::ReadUrdf(
      Robot(R"(<gazebo reference="base"><selfCollide>1</selfCollide></gazebo>)"),
      "t.urdf", &d);
  ASSERT_TRUE(m);
  for (auto& e : m->extensions)
    if (e.name == "gazebo") e.name = "urdf:gazebo";
  ApplyGazeboBlocks(&*m, &d);
  EXPECT_EQ(Text(LinkNamed(*m, "base").extensions, "self_collide"), "true");
}

TEST(GazeboReference, UnknownReferencesWarnWithTheBlockLine) {
  Applied a = Apply(R"(<gazebo reference="nowhere"><mu1>1</mu1></gazebo>
  <gazebo reference="bot"><static>true</static></gazebo>
  <gazebo reference="world"><static>true</static></gazebo>)");
  EXPECT_EQ(Codes(a.diags),
            (std::vector<std::string>{"GAZEBO_REFERENCE_UNKNOWN@22",
                                      "GAZEBO_REFERENCE_UNKNOWN@23",
                                      "GAZEBO_REFERENCE_UNKNOWN@24"}));
  EXPECT_NE(a.diags.all()[0].message.find("\"nowhere\""), std::string::npos)
      << a.diags.all()[0].message;
  EXPECT_NE(a.diags.all()[1].message.find("robot itself"), std::string::npos);
  EXPECT_EQ(a.diags.all()[0].where.file, "t.urdf");
  // libsdformat ignores a block naming the robot: the model is not static.
  EXPECT_FALSE(a.model.is_static);
  EXPECT_TRUE(Added(a.model).empty());
}

TEST(GazeboLink, MaterialScriptInEveryVisual) {
  Applied a = Apply(R"(<gazebo reference="base"><material>Gazebo/Red</material></gazebo>)");
  auto& base = LinkNamed(a.model, "base");
  ASSERT_EQ(base.visuals.size(), 2u);
  for (const auto& v : base.visuals) {
    ASSERT_TRUE(v.material) << v.name;
    EXPECT_EQ(Text(v.material->extensions, "script/name"), "Gazebo/Red");
    EXPECT_EQ(Text(v.material->extensions, "script/uri"),
              "file://media/materials/scripts/gazebo.material");
  }
  // The value attribute form; a later material replaces the name.
  Applied b = Apply(R"(<gazebo reference="base"><material value="Gazebo/Blue"/></gazebo>
  <gazebo reference="base"><material>Gazebo/Green</material></gazebo>)");
  for (const auto& v : LinkNamed(b.model, "base").visuals) {
    EXPECT_EQ(Text(v.material->extensions, "script/name"), "Gazebo/Green");
    EXPECT_EQ(Count(v.material->extensions, "script"), 1);
  }
}

TEST(GazeboLink, LinkKeywords) {
  Applied a = Apply(R"(<gazebo reference="base">
    <turnGravityOff>true</turnGravityOff>
    <dampingFactor>0.25</dampingFactor>
    <selfCollide>1</selfCollide>
  </gazebo>)");
  const auto& ext = LinkNamed(a.model, "base").extensions;
  EXPECT_EQ(Text(ext, "gravity"), "false");
  EXPECT_EQ(Text(ext, "velocity_decay/linear"), "0.25");
  EXPECT_EQ(Text(ext, "velocity_decay/angular"), "0.25");
  EXPECT_EQ(Text(ext, "self_collide"), "true");
  EXPECT_TRUE(a.diags.all().empty()) << a.diags.ToString();
}

TEST(GazeboLink, TruthValuesOfKeywords) {
  for (const char* v : {"true", "True", "yes", "YES", "1"}) {
    Applied a = Apply(std::string(R"(<gazebo reference="base"><selfCollide>)") +
                      v + "</selfCollide><turnGravityOff>" + v +
                      "</turnGravityOff></gazebo>");
    const auto& ext = LinkNamed(a.model, "base").extensions;
    EXPECT_EQ(Text(ext, "self_collide"), "true") << v;
    EXPECT_EQ(Text(ext, "gravity"), "false") << v;
  }
  for (const char* v : {"false", "No", "0"}) {
    Applied a = Apply(std::string(R"(<gazebo reference="base"><selfCollide>)") +
                      v + "</selfCollide><turnGravityOff>" + v +
                      "</turnGravityOff></gazebo>");
    const auto& ext = LinkNamed(a.model, "base").extensions;
    EXPECT_EQ(Text(ext, "self_collide"), "false") << v;
    EXPECT_EQ(Text(ext, "gravity"), "true") << v;
  }
  // SDFormat's own <gravity> accepts yes too (libsdformat would refuse the
  // whole file); something else is not applied.
  Applied y = Apply(R"(<gazebo reference="base"><gravity>yes</gravity></gazebo>)");
  EXPECT_EQ(Text(LinkNamed(y.model, "base").extensions, "gravity"), "true");
  Applied n = Apply(R"(<gazebo reference="base"><gravity>maybe</gravity></gazebo>)");
  EXPECT_EQ(Find(LinkNamed(n.model, "base").extensions, "gravity"), nullptr);
  EXPECT_EQ(Codes(n.diags), std::vector<std::string>{"GAZEBO_VALUE_INVALID@22"});
}

TEST(GazeboLink, SurfaceKeywordsInEveryCollision) {
  Applied a = Apply(R"(<gazebo reference="base">
    <mu1>0.5</mu1><mu2 value="0.6"/><fdir1>0 1 0</fdir1>
    <kp>1000</kp><kd>10</kd><maxVel>0.2</maxVel><minDepth>0.003</minDepth>
    <maxContacts>3</maxContacts><laserRetro>7</laserRetro>
  </gazebo>)");
  const auto& base = LinkNamed(a.model, "base");
  ASSERT_EQ(base.collisions.size(), 2u);
  for (const auto& c : base.collisions) {
    const auto& x = c.extensions;
    EXPECT_EQ(Text(x, "surface/friction/ode/mu"), "0.5") << c.name;
    EXPECT_EQ(Text(x, "surface/friction/ode/mu2"), "0.6");
    EXPECT_EQ(Text(x, "surface/friction/ode/fdir1"), "0 1 0");
    EXPECT_EQ(Text(x, "surface/contact/ode/kp"), "1000");
    EXPECT_EQ(Text(x, "surface/contact/ode/kd"), "10");
    EXPECT_EQ(Text(x, "surface/contact/ode/max_vel"), "0.2");
    EXPECT_EQ(Text(x, "surface/contact/ode/min_depth"), "0.003");
    EXPECT_EQ(Text(x, "max_contacts"), "3");
    EXPECT_EQ(Text(x, "laser_retro"), "7");
    // One <surface>, one <friction>: merged, not duplicated.
    EXPECT_EQ(Count(x, "surface"), 1);
    EXPECT_EQ(Count(Find(x, "surface")->children, "friction"), 1);
  }
  EXPECT_TRUE(a.diags.all().empty()) << a.diags.ToString();
}

TEST(GazeboLink, InvalidNumbersAreNotApplied) {
  Applied a = Apply(R"(<gazebo reference="base">
    <mu1>high</mu1>
    <fdir1>1 0</fdir1>
    <maxContacts>2.5</maxContacts>
  </gazebo>)");
  EXPECT_TRUE(LinkNamed(a.model, "base").collisions[0].extensions.empty());
  EXPECT_EQ(Codes(a.diags),
            (std::vector<std::string>{"GAZEBO_VALUE_INVALID@23",
                                      "GAZEBO_VALUE_INVALID@24",
                                      "GAZEBO_VALUE_INVALID@25"}));
}

TEST(GazeboLink, LaterBlocksOverrideEarlierLeaves) {
  Applied a = Apply(R"(<gazebo reference="base"><mu1>0.5</mu1><kp>1</kp></gazebo>
  <gazebo reference="base">
    <collision name="c1"><surface><friction><ode><mu>0.9</mu></ode></friction>
      <bounce><restitution_coefficient>0.3</restitution_coefficient></bounce>
    </surface></collision>
  </gazebo>
  <gazebo reference="base"><selfCollide>true</selfCollide></gazebo>
  <gazebo reference="base"><selfCollide>false</selfCollide></gazebo>)");
  const auto& base = LinkNamed(a.model, "base");
  const auto& c1 = base.collisions[0].extensions;
  const auto& c2 = base.collisions[1].extensions;
  EXPECT_EQ(Text(c1, "surface/friction/ode/mu"), "0.9");
  EXPECT_EQ(Text(c1, "surface/contact/ode/kp"), "1");
  EXPECT_EQ(Text(c1, "surface/bounce/restitution_coefficient"), "0.3");
  EXPECT_EQ(Count(c1, "surface"), 1);
  // The named blob applied to c1 only.
  EXPECT_EQ(Text(c2, "surface/friction/ode/mu"), "0.5");
  EXPECT_EQ(Find(c2, "surface/bounce"), nullptr);
  EXPECT_EQ(Count(base.extensions, "self_collide"), 1);
  EXPECT_EQ(Text(base.extensions, "self_collide"), "false");
}

TEST(GazeboLink, VisualBlobsByNameOrAll) {
  Applied a = Apply(R"(<gazebo reference="base">
    <visual name="shell">
      <cast_shadows>no</cast_shadows>
      <transparency>0.4</transparency>
      <material><ambient>0.1 0.2 0.3 1</ambient><diffuse>1 0 0</diffuse>
        <script><name>My/Mat</name><uri>file://my.material</uri></script></material>
    </visual>
    <visual><laser_retro>9</laser_retro></visual>
    <visual name="missing"><transparency>1</transparency></visual>
  </gazebo>)");
  const auto& base = LinkNamed(a.model, "base");
  const auto& shell = base.visuals[0];
  const auto& other = base.visuals[1];
  EXPECT_EQ(Text(shell.extensions, "cast_shadows"), "false");
  EXPECT_EQ(Text(shell.extensions, "transparency"), "0.4");
  ASSERT_TRUE(shell.material && shell.material->ambient && shell.material->diffuse);
  EXPECT_EQ(*shell.material->ambient, Eigen::Vector4d(0.1, 0.2, 0.3, 1));
  EXPECT_EQ(*shell.material->diffuse, Eigen::Vector4d(1, 0, 0, 1));
  EXPECT_EQ(Text(shell.material->extensions, "script/name"), "My/Mat");
  EXPECT_EQ(Text(shell.extensions, "laser_retro"), "9");
  EXPECT_EQ(Text(other.extensions, "laser_retro"), "9");
  EXPECT_EQ(Find(other.extensions, "transparency"), nullptr);
  EXPECT_FALSE(other.material);
  EXPECT_EQ(Codes(a.diags), std::vector<std::string>{"GAZEBO_NO_TARGET@30"});
}

// SDFormat requires //material/script/uri: a script without one is not
// applied (the SDF would not read back), unless the material already has a
// script with a uri to merge it into.
TEST(GazeboLink, MaterialScriptWithoutUriIsNotApplied) {
  Applied alone = Apply(R"(<gazebo reference="base">
    <visual name="shell">
      <material><script><name>My/Mat</name></script></material>
    </visual>
  </gazebo>)");
  const auto& shell = LinkNamed(alone.model, "base").visuals[0];
  EXPECT_EQ(Find(shell.material->extensions, "script"), nullptr);
  ASSERT_EQ(alone.diags.all().size(), 1u);
  EXPECT_EQ(alone.diags.all()[0].code, frames::Code::GAZEBO_VALUE_INVALID);
  Applied merged = Apply(R"(<gazebo reference="base">
    <material>Gazebo/Grey</material>
    <visual name="shell">
      <material><script><name>My/Mat</name></script></material>
    </visual>
  </gazebo>)");
  const auto& kept = LinkNamed(merged.model, "base").visuals[0];
  EXPECT_EQ(Text(kept.material->extensions, "script/name"), "My/Mat");
  EXPECT_NE(Text(kept.material->extensions, "script/uri"), "<absent>");
  EXPECT_TRUE(merged.diags.all().empty()) << merged.diags.ToString();
}

TEST(GazeboLink, SensorsLightsAndOtherBlobsInDocumentOrder) {
  Applied a = Apply(R"(<gazebo reference="arm">
    <sensor name="s1" type="imu"><pose>1 2 3 0 0 0</pose></sensor>
    <light name="l1" type="point"/>
  </gazebo>
  <gazebo reference="arm">
    <projector name="pr"/>
    <sensor name="s2" type="camera"/>
    <kinematic>1</kinematic>
    <velocity_decay><angular>0.1</angular></velocity_decay>
  </gazebo>)");
  const auto& ext = LinkNamed(a.model, "arm").extensions;
  std::vector<std::string> order;
  for (const auto& e : ext) {
    const std::string* n = e.Attribute("name");
    order.push_back(e.name + (n ? ":" + *n : ""));
  }
  EXPECT_EQ(order, (std::vector<std::string>{"sensor:s1", "light:l1", "projector:pr",
                                             "sensor:s2", "kinematic",
                                             "velocity_decay"}));
  // Poses inside sensors are kept as written (relative to the link).
  EXPECT_EQ(Text(ext[0].children, "pose"), "1 2 3 0 0 0");
  EXPECT_EQ(Text(ext, "kinematic"), "true");
}

TEST(GazeboLink, ASensorNamedLikeAnEarlierOneReplacesIt) {
  Applied a = Apply(R"(<gazebo reference="arm">
    <sensor name="cam" type="camera"><update_rate>10</update_rate></sensor>
    <light name="cam" type="point"/>
  </gazebo>
  <gazebo reference="arm">
    <sensor name="cam" type="depth"><update_rate>20</update_rate></sensor>
  </gazebo>
  <gazebo reference="weld"><sensor name="ft" type="force_torque"/>
    <sensor name="ft" type="force_torque"><update_rate>5</update_rate></sensor>
  </gazebo>)");
  const auto& ext = LinkNamed(a.model, "arm").extensions;
  ASSERT_EQ(Count(ext, "sensor"), 1);
  EXPECT_EQ(Count(ext, "light"), 1);  // another kind: its own name space
  EXPECT_EQ(*Find(ext, "sensor")->Attribute("type"), "depth");
  EXPECT_EQ(Text(ext, "sensor/update_rate"), "20");
  const auto& jx = JointNamed(a.model, "weld").extensions;
  ASSERT_EQ(Count(jx, "sensor"), 1);
  EXPECT_EQ(Text(jx, "sensor/update_rate"), "5");
  EXPECT_EQ(Codes(a.diags),
            (std::vector<std::string>{"GAZEBO_ELEMENT_REPLACED@27",
                                      "GAZEBO_ELEMENT_REPLACED@30"}));
  EXPECT_NE(a.diags.all()[0].message.find("line 23"), std::string::npos)
      << a.diags.all()[0].message;
}

TEST(GazeboLink, NotAppliedElementsWarn) {
  Applied a = Apply(R"(<gazebo reference="base">
    <stopCfm>0.1</stopCfm>
    <wobble>1</wobble>
    <inertial><mass>3</mass></inertial>
    <canonicalBody>base</canonicalBody>
  </gazebo>
  <gazebo reference="tip"><mu1>1</mu1><material>Gazebo/Red</material></gazebo>)");
  EXPECT_EQ(Codes(a.diags),
            (std::vector<std::string>{
                "GAZEBO_ELEMENT_MISPLACED@23", "GAZEBO_ELEMENT_NOT_SDF@24",
                "GAZEBO_KINEMATICS_NOT_APPLIED@25", "GAZEBO_ELEMENT_IGNORED@26",
                "GAZEBO_NO_TARGET@28", "GAZEBO_NO_TARGET@28"}));
  EXPECT_TRUE(LinkNamed(a.model, "base").extensions.empty());
  EXPECT_NE(a.diags.all()[1].message.find("<wobble>"), std::string::npos);
}

TEST(GazeboJoint, JointKeywords) {
  Applied a = Apply(R"(<gazebo reference="hinge">
    <stopCfm>0.1</stopCfm><stopErp>0.2</stopErp><fudgeFactor>0.3</fudgeFactor>
    <provideFeedback>yes</provideFeedback>
    <implicitSpringDamper>1</implicitSpringDamper>
    <springReference>0.4</springReference><springStiffness>5</springStiffness>
  </gazebo>
  <gazebo reference="hinge"><stopErp>0.25</stopErp></gazebo>)");
  const auto& j = JointNamed(a.model, "hinge");
  const auto& x = j.extensions;
  EXPECT_EQ(Count(x, "physics"), 1);
  EXPECT_EQ(Text(x, "physics/ode/limit/cfm"), "0.1");
  EXPECT_EQ(Text(x, "physics/ode/limit/erp"), "0.25");
  EXPECT_EQ(Text(x, "physics/ode/fudge_factor"), "0.3");
  EXPECT_EQ(Text(x, "physics/provide_feedback"), "true");
  EXPECT_EQ(Find(x, "physics/ode/provide_feedback"), nullptr);
  EXPECT_EQ(Text(x, "physics/ode/implicit_spring_damper"), "true");
  EXPECT_EQ(Text(x, "physics/ode/cfm_damping"), "true");
  ASSERT_TRUE(j.axis && j.axis->dynamics);
  EXPECT_EQ(Text(j.axis->dynamics->extensions, "spring_reference"), "0.4");
  EXPECT_EQ(Text(j.axis->dynamics->extensions, "spring_stiffness"), "5");
  EXPECT_TRUE(a.diags.all().empty()) << a.diags.ToString();
}

TEST(GazeboJoint, AxisBlobMergesIntoTheAxis) {
  Applied a = Apply(R"(<gazebo reference="hinge">
    <springReference>0.4</springReference>
    <axis>
      <initial_position>0.1</initial_position>
      <dynamics><spring_reference>0.2</spring_reference><damping>3</damping></dynamics>
      <limit><stiffness>1e6</stiffness><effort>9</effort></limit>
    </axis>
  </gazebo>)");
  const auto& j = JointNamed(a.model, "hinge");
  ASSERT_TRUE(j.axis);
  EXPECT_EQ(j.axis->xyz, frames::Vector3(0, 0, 1));
  EXPECT_EQ(Text(j.axis->extensions, "initial_position"), "0.1");
  EXPECT_EQ(Count(j.axis->extensions, "axis"), 0);
  ASSERT_TRUE(j.axis->dynamics);
  EXPECT_EQ(j.axis->dynamics->damping, 3.0);
  EXPECT_EQ(Text(j.axis->dynamics->extensions, "spring_reference"), "0.2");
  EXPECT_EQ(Count(j.axis->dynamics->extensions, "spring_reference"), 1);
  ASSERT_TRUE(j.axis->limit);
  EXPECT_EQ(j.axis->limit->effort, 9.0);
  EXPECT_EQ(j.axis->limit->lower, -1.0);
  EXPECT_EQ(Text(j.axis->limit->extensions, "stiffness"), "1e6");
  // Nothing went into the joint's own children.
  EXPECT_TRUE(j.extensions.empty());
  EXPECT_TRUE(a.diags.all().empty()) << a.diags.ToString();
}

TEST(GazeboJoint, FixedJointLumpingFlagsAreConsumedSilently) {
  Applied a = Apply(R"(<gazebo reference="weld">
    <preserveFixedJoint>true</preserveFixedJoint>
    <disableFixedJointLumping>true</disableFixedJointLumping>
    <sensor name="ft" type="force_torque"/>
  </gazebo>)");
  const auto& j = JointNamed(a.model, "weld");
  ASSERT_EQ(j.extensions.size(), 1u);
  EXPECT_EQ(j.extensions[0].name, "sensor");
  EXPECT_TRUE(a.diags.all().empty()) << a.diags.ToString();
}

TEST(GazeboJoint, NotAppliedElementsWarn) {
  Applied a = Apply(R"(<gazebo reference="weld">
    <springStiffness>1</springStiffness>
    <axis><initial_position>1</initial_position></axis>
    <mu1>0.3</mu1>
    <stopKd>5</stopKd>
    <parent>base</parent>
  </gazebo>
  <gazebo reference="hinge"><axis><xyz>1 0 0</xyz></axis></gazebo>)");
  EXPECT_EQ(Codes(a.diags),
            (std::vector<std::string>{
                "GAZEBO_NO_TARGET@23", "GAZEBO_NO_TARGET@24",
                "GAZEBO_ELEMENT_MISPLACED@25", "GAZEBO_ELEMENT_NOT_SDF@26",
                "GAZEBO_KINEMATICS_NOT_APPLIED@27",
                "GAZEBO_KINEMATICS_NOT_APPLIED@29"}));
  EXPECT_TRUE(JointNamed(a.model, "weld").extensions.empty());
  EXPECT_EQ(JointNamed(a.model, "hinge").axis->xyz, frames::Vector3(0, 0, 1));
}

TEST(GazeboJoint, LinkWinsOverJointOfTheSameName) {
  frames::Diagnostics d;
  auto m = urdf_io::ReadUrdf(R"(<robot name="r">
  <link name="a"/>
  <joint name="b" type="fixed"><parent link="a"/><child link="b"/></joint>
  <link name="b"/>
  <gazebo reference="b"><selfCollide>true</selfCollide></gazebo>
</robot>)",
                             "t.urdf", &d);
  ASSERT_TRUE(m) << d.ToString();
  ApplyGazeboBlocks(&*m, &d);
  EXPECT_EQ(Text(LinkNamed(*m, "b").extensions, "self_collide"), "true");
  EXPECT_TRUE(JointNamed(*m, "b").extensions.empty());
}

// What a block pastes as SDFormat is checked against the description of the
// version written (libsdformat pastes it and its SDF reader refuses the
// URDF): each bad value an error with its code, the URDF's line and the
// path it would have in the SDF, and nothing of the element applied; a
// pose number with trailing text, read as libsdformat reads it (the number
// at its start), a warning, and the element applied.
TEST(GazeboSchema, PastedValuesTheDescriptionRefusesAreErrors) {
  Applied a = Apply(R"(<gazebo reference="base">
    <light name="headlight" type="spot">
      <pose>0n5 0 0 0 1.57 0</pose>
    </light>
    <sensor type="camera"/>
    <velocity_decay><linear>fast</linear></velocity_decay>
  </gazebo>
  <gazebo>
    <plugin name="p" fhlename="libp.so"/>
  </gazebo>
  <gazebo reference="hinge">
    <axis><dynamics><spring_reference>MM0.25</spring_reference></dynamics></axis>
    <physics><ode><cfm_damping>maybe</cfm_damping></ode></physics>
  </gazebo>)");
  EXPECT_EQ(Codes(a.diags),
            (std::vector<std::string>{
                "NUMBER_TRAILING_CHARACTERS@24", "ATTRIBUTE_MISSING@26",
                "VALUE_INVALID@27", "ATTRIBUTE_MISSING@30", "VALUE_INVALID@33",
                "VALUE_INVALID@34"}))
      << a.diags.ToString();
  // The pose libsdformat reads ('0n5' as 0): a warning, the light applied
  // as written; the rest libsdformat refuses.
  EXPECT_EQ(a.diags.all()[0].severity, frames::Severity::kWarning);
  for (size_t k = 1; k < a.diags.all().size(); ++k) {
    EXPECT_EQ(a.diags.all()[k].severity, frames::Severity::kError)
        << a.diags.all()[k].message;
  }
  EXPECT_EQ(a.diags.all()[0].element_path,
            "/sdf/model[bot]/link[base]/light[headlight]/pose");
  EXPECT_EQ(a.diags.all()[0].where.file, "t.urdf");
  EXPECT_EQ(a.diags.all()[2].element_path,
            "/sdf/model[bot]/link[base]/velocity_decay/linear");
  EXPECT_EQ(a.diags.all()[4].element_path,
            "/sdf/model[bot]/joint[hinge]/axis/dynamics/spring_reference");
  // None of it applied but the light, as written.
  const auto& base = LinkNamed(a.model, "base").extensions;
  ASSERT_NE(Find(base, "light"), nullptr);
  EXPECT_EQ(Text(base, "light/pose"), "0n5 0 0 0 1.57 0");
  EXPECT_EQ(Find(base, "sensor"), nullptr);
  EXPECT_EQ(Find(base, "velocity_decay"), nullptr);
  EXPECT_EQ(Find(a.model.extensions, "plugin"), nullptr);
  frames::Joint& hinge = JointNamed(a.model, "hinge");
  EXPECT_TRUE(!hinge.axis->dynamics || hinge.axis->dynamics->extensions.empty());
  EXPECT_EQ(Find(hinge.extensions, "physics"), nullptr);
}

TEST(GazeboSchema, RangesAndVisualCollisionContentAreChecked) {
  Applied a = Apply(R"(<gazebo reference="base">
    <visual name="shell">
      <transparency>x</transparency>
      <material><diffuse>2 0 0 1</diffuse></material>
    </visual>
    <collision><surface><friction><ode><mu>abc</mu></ode></friction></surface></collision>
    <sensor name="cam" type="camera"><update_rate>fast</update_rate></sensor>
  </gazebo>)");
  EXPECT_EQ(Codes(a.diags),
            (std::vector<std::string>{"VALUE_INVALID@24",
                                      "VALUE_OUT_OF_RANGE@25",
                                      "VALUE_INVALID@27", "VALUE_INVALID@28"}))
      << a.diags.ToString();
  EXPECT_EQ(a.diags.all()[1].element_path,
            "/sdf/model[bot]/link[base]/visual[shell]/material/diffuse");
  frames::Link& base = LinkNamed(a.model, "base");
  EXPECT_FALSE(base.visuals[0].material && base.visuals[0].material->diffuse);
  EXPECT_TRUE(base.collisions[0].extensions.empty());
}

// Valid pasted content is applied with no diagnostic, unknown elements
// inside it included (kept as written, warned about when the SDF is read).
TEST(GazeboSchema, ValidPastedContentIsApplied) {
  Applied a = Apply(R"(<gazebo reference="base">
    <light name="headlight" type="spot"><pose>0.5 0 0 0 1.57 0</pose></light>
    <sensor name="cam" type="camera"><update_rate>30</update_rate>
      <my_custom_thing>1</my_custom_thing></sensor>
  </gazebo>
  <gazebo><plugin name="p" filename="libp.so"><any>thing</any></plugin></gazebo>)");
  EXPECT_TRUE(a.diags.all().empty()) << a.diags.ToString();
  const auto& base = LinkNamed(a.model, "base").extensions;
  EXPECT_NE(Find(base, "light"), nullptr);
  EXPECT_NE(Find(base, "sensor"), nullptr);
  EXPECT_NE(Find(a.model.extensions, "plugin"), nullptr);
}

}  // namespace
}  // namespace converter
