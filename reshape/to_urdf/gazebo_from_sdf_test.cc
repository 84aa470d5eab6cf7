#include "reshape/to_urdf/gazebo_from_sdf.h"

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "reshape/to_sdf/gazebo_to_sdf.h"
#include "reshape/to_sdf/gazebo_vocabulary.h"
#include "xml/reader.h"

namespace converter {
namespace {

using frames::Element;

// The children of <x>TEXT</x>, kept verbatim as the SDF reader keeps them.
std::vector<Element> Parse(const std::string& text) {
  xml::Document doc;
  EXPECT_TRUE(doc.Parse("<x>" + text + "</x>")) << text << ": " << doc.Error();
  frames::Diagnostics diags;
  const xml::Context ctx{"test.sdf", &diags};
  return xml::ToElement(doc.RootElement(), ctx).children;
}

// Compact XML of an element, for comparisons.
std::string Xml(const Element& e) {
  std::string s = "<" + e.name;
  for (const auto& [k, v] : e.attributes) s += " " + k + "=\"" + v + "\"";
  if (e.text.empty() && e.children.empty()) return s + "/>";
  s += ">" + e.text;
  for (const auto& c : e.children) s += Xml(c);
  return s + "</" + e.name + ">";
}

std::string Children(const Element& block) {
  std::string s;
  for (const auto& c : block.children) s += Xml(c);
  return s;
}

std::string Link(const std::string& sdf) {
  Element block;
  LinkToGazebo(Parse(sdf), &block);
  return Children(block);
}

std::string Joint(const std::string& sdf) {
  Element block;
  JointToGazebo(Parse(sdf), &block);
  return Children(block);
}

// Shapes given as {name, children}; returns the block and whether they agreed.
std::string Shapes(const std::string& kind,
                   const std::vector<std::pair<std::string, std::string>>& shapes,
                   bool* same = nullptr) {
  std::vector<ShapeContent> in;
  for (const auto& [name, sdf] : shapes) in.push_back({name, Parse(sdf), {}});
  Element block;
  const bool agreed = ShapesToGazebo(kind, std::move(in), &block);
  if (same) *same = agreed;
  return Children(block);
}

TEST(GazeboFromSdfTest, LinkKeywords) {
  EXPECT_EQ(Link("<gravity>false</gravity>"), "<turnGravityOff>true</turnGravityOff>");
  EXPECT_EQ(Link("<gravity>1</gravity>"), "<turnGravityOff>false</turnGravityOff>");
  EXPECT_EQ(Link("<self_collide>true</self_collide>"), "<selfCollide>true</selfCollide>");
  // Not an SDFormat bool: kept as written.
  EXPECT_EQ(Link("<gravity>maybe</gravity>"), "<gravity>maybe</gravity>");
  EXPECT_EQ(Link("<velocity_decay><linear>0.2</linear><angular>0.20</angular></velocity_decay>"),
            "<dampingFactor>0.2</dampingFactor>");
  // Both default to 0.
  EXPECT_EQ(Link("<velocity_decay/>"), "<dampingFactor>0</dampingFactor>");
  EXPECT_EQ(Link("<velocity_decay><angular>0</angular></velocity_decay>"),
            "<dampingFactor>0</dampingFactor>");
  // dampingFactor cannot say two values.
  EXPECT_EQ(Link("<velocity_decay><linear>0.5</linear></velocity_decay>"),
            "<velocity_decay><linear>0.5</linear></velocity_decay>");
  EXPECT_EQ(Link("<sensor name=\"s\" type=\"imu\"><pose>1 0 0 0 0 0</pose></sensor><kinematic>true</kinematic>"),
            "<sensor name=\"s\" type=\"imu\"><pose>1 0 0 0 0 0</pose></sensor>"
            "<kinematic>true</kinematic>");
}

TEST(GazeboFromSdfTest, CollisionKeywordsWhenAllAgree) {
  const std::string surface =
      "<laser_retro>2</laser_retro><max_contacts>4</max_contacts>"
      "<surface><friction><ode><mu>1.2</mu><mu2>0.8</mu2><fdir1>0 0 1</fdir1>"
      "<slip1>0.1</slip1></ode></friction>"
      "<contact><ode><kp>1e6</kp><kd>10</kd><max_vel>0.5</max_vel>"
      "<min_depth>0.001</min_depth></ode></contact></surface>";
  bool same = false;
  EXPECT_EQ(Shapes("collision", {{"a", surface}, {"b", surface}}, &same),
            "<mu1>1.2</mu1><mu2>0.8</mu2><fdir1>0 0 1</fdir1><kp>1e6</kp><kd>10</kd>"
            "<maxVel>0.5</maxVel><minDepth>0.001</minDepth><laserRetro>2</laserRetro>"
            "<maxContacts>4</maxContacts>"
            "<collision><surface><friction><ode><slip1>0.1</slip1></ode></friction>"
            "</surface></collision>");
  EXPECT_TRUE(same);
  // Only keywords: no <collision> left.
  EXPECT_EQ(Shapes("collision", {{"a", "<surface><friction><ode><mu>0.5</mu></ode>"
                                       "</friction></surface>"}}),
            "<mu1>0.5</mu1>");
  // Not numbers, or twice: kept as SDF.
  EXPECT_EQ(Shapes("collision", {{"a", "<max_contacts>2.5</max_contacts>"}}),
            "<collision><max_contacts>2.5</max_contacts></collision>");
  EXPECT_EQ(Shapes("collision",
                   {{"a", "<surface><friction><ode><mu>1</mu><mu>2</mu></ode></friction></surface>"}}),
            "<collision><surface><friction><ode><mu>1</mu><mu>2</mu></ode></friction>"
            "</surface></collision>");
  EXPECT_EQ(Shapes("collision", {{"a", ""}, {"b", ""}}), "");
}

TEST(GazeboFromSdfTest, CollisionsThatDifferAreWrittenPerName) {
  bool same = true;
  EXPECT_EQ(Shapes("collision",
                   {{"toe", "<surface><friction><ode><mu>0.3</mu></ode></friction></surface>"},
                    {"heel", "<surface><friction><ode><mu>0.7</mu></ode></friction></surface>"},
                    {"bare", ""}},
                   &same),
            "<collision name=\"toe\"><surface><friction><ode><mu>0.3</mu></ode>"
            "</friction></surface></collision>"
            "<collision name=\"heel\"><surface><friction><ode><mu>0.7</mu></ode>"
            "</friction></surface></collision>");
  EXPECT_FALSE(same);
  // One with content, one without: they differ too.
  Shapes("collision", {{"a", "<laser_retro>1</laser_retro>"}, {"b", ""}}, &same);
  EXPECT_FALSE(same);
}

TEST(GazeboFromSdfTest, VisualMaterialKeyword) {
  const std::string gazebo_red =
      "<material><script><uri>file://media/materials/scripts/gazebo.material</uri>"
      "<name>Gazebo/Red</name></script></material><cast_shadows>false</cast_shadows>";
  EXPECT_EQ(Shapes("visual", {{"a", gazebo_red}, {"b", gazebo_red}}),
            "<material>Gazebo/Red</material><visual><cast_shadows>false</cast_shadows></visual>");
  // Another file, or more than the script: SDF.
  EXPECT_EQ(Shapes("visual", {{"a", "<material><script><uri>model://m/x</uri><name>X</name>"
                                    "</script></material>"}}),
            "<visual><material><script><uri>model://m/x</uri><name>X</name></script>"
            "</material></visual>");
  EXPECT_EQ(Shapes("visual",
                   {{"a", "<material><script><uri>file://media/materials/scripts/"
                          "gazebo.material</uri><name>N</name></script>"
                          "<specular>1 1 1 1</specular></material>"}}),
            "<visual><material><script><uri>file://media/materials/scripts/gazebo.material"
            "</uri><name>N</name></script><specular>1 1 1 1</specular></material></visual>");
}

TEST(GazeboFromSdfTest, JointPhysics) {
  EXPECT_EQ(Joint("<physics><provide_feedback>true</provide_feedback><ode>"
                  "<provide_feedback>1</provide_feedback>"
                  "<cfm_damping>true</cfm_damping>"
                  "<implicit_spring_damper>true</implicit_spring_damper>"
                  "<fudge_factor>0.5</fudge_factor><cfm>0.01</cfm>"
                  "<limit><cfm>0.1</cfm><erp>0.3</erp></limit></ode></physics>"
                  "<sensor name=\"ft\" type=\"force_torque\"/>"),
            "<provideFeedback>true</provideFeedback>"
            "<implicitSpringDamper>true</implicitSpringDamper>"
            "<fudgeFactor>0.5</fudgeFactor><stopCfm>0.1</stopCfm><stopErp>0.3</stopErp>"
            "<physics><ode><cfm>0.01</cfm></ode></physics>"
            "<sensor name=\"ft\" type=\"force_torque\"/>");
  // The two spellings of one flag disagree: SDF as written.
  EXPECT_EQ(Joint("<physics><provide_feedback>true</provide_feedback><ode>"
                  "<provide_feedback>false</provide_feedback></ode></physics>"),
            "<physics><provide_feedback>true</provide_feedback><ode>"
            "<provide_feedback>false</provide_feedback></ode></physics>");
  EXPECT_EQ(Joint("<physics><ode><cfm_damping>false</cfm_damping></ode></physics>"),
            "<implicitSpringDamper>false</implicitSpringDamper>");
}

TEST(GazeboFromSdfTest, Axis) {
  Element block;
  AxisToGazebo(Parse("<initial_position>0.2</initial_position>"),
               Parse("<spring_reference>0.1</spring_reference>"
                     "<spring_stiffness>20</spring_stiffness>"),
               Parse("<stiffness>1e7</stiffness>"), {}, &block);
  EXPECT_EQ(Children(block),
            "<springReference>0.1</springReference><springStiffness>20</springStiffness>"
            "<axis><initial_position>0.2</initial_position><limit><stiffness>1e7</stiffness>"
            "</limit></axis>");
  Element none;
  AxisToGazebo({}, {}, {}, {}, &none);
  EXPECT_TRUE(none.children.empty());
}

TEST(GazeboFromSdfTest, CarriedBlocksDiffer) {
  frames::Model urdf;
  urdf.name = "r";
  urdf.links.emplace_back();
  urdf.links[0].name = "base";
  frames::Model sdf = urdf;
  urdf.extensions = Parse(
      "<gazebo reference=\"base\"><turnGravityOff>true</turnGravityOff>"
      "<sensor name=\"s\" type=\"imu\"/></gazebo><gazebo><static>1</static></gazebo>");
  // What urdf2sdf made of them, the blocks also carried (not SDF-only).
  sdf.links[0].extensions = Parse("<sensor name=\"s\" type=\"imu\"/><gravity>false</gravity>");
  sdf.is_static = true;
  sdf.extensions = urdf.extensions;
  for (auto& e : sdf.extensions) e.name = "urdf:gazebo";
  EXPECT_EQ(CarriedBlocksDiffer(sdf, urdf), std::nullopt);

  frames::Model edited = sdf;
  edited.links[0].extensions = Parse("<sensor name=\"s\" type=\"imu\"/><gravity>true</gravity>");
  auto d = CarriedBlocksDiffer(edited, urdf);
  ASSERT_TRUE(d.has_value());
  EXPECT_EQ(*d, "link 'base': <gravity>true</gravity> is in the SDFormat model, not in "
                "what the blocks say");
  edited = sdf;
  edited.is_static = false;
  d = CarriedBlocksDiffer(edited, urdf);
  ASSERT_TRUE(d.has_value());
  EXPECT_EQ(*d, "model: static false is in the SDFormat model, not in what the blocks say");
  edited = sdf;
  edited.links[0].extensions.pop_back();
  d = CarriedBlocksDiffer(edited, urdf);
  ASSERT_TRUE(d.has_value());
  EXPECT_EQ(*d, "link 'base': <gravity>false</gravity> is in what the blocks say, not in "
                "the SDFormat model");
}

TEST(GazeboFromSdfTest, SameContentIgnoresWhere) {
  auto a = Parse("<a x=\"1\">t<b/></a>");
  auto b = a;
  b[0].where.line = 42;
  EXPECT_TRUE(SameContent(a, b));
  b[0].children[0].name = "c";
  EXPECT_FALSE(SameContent(a, b));
}

// Every row of the <gazebo> vocabulary both ways: the keyword applied to a
// robot as urdf2sdf applies it, then the SDF it made written back as
// sdf2urdf writes it, gives that keyword again (a row whose SDF another
// row also stands for, cfmDamping, gives the first such row) and nothing
// else.
TEST(GazeboFromSdfTest, EveryKeywordComesBackFromWhatItMade) {
  for (const GazeboKeyword& k : kGazeboKeywords) {
    if (k.target == GazeboTarget::kNone || k.target == GazeboTarget::kModel)
      continue;
    SCOPED_TRACE(k.name);
    frames::Model m;
    m.name = "robot";
    for (const char* name : {"base", "l"}) {
      frames::Link& l = m.links.emplace_back();
      l.name = name;
      l.visuals.emplace_back().name = "v";
      l.collisions.emplace_back().name = "c";
    }
    frames::Joint& j = m.joints.emplace_back();
    j.name = "j";
    j.type = frames::JointType::kRevolute;
    j.parent = "base";
    j.child = "l";
    j.axis.emplace();
    std::string value;
    switch (k.value) {
      case GazeboValueKind::kNumber: value = "0.5"; break;
      case GazeboValueKind::kInteger: value = "7"; break;
      case GazeboValueKind::kVector3: value = "0 1 0"; break;
      case GazeboValueKind::kMaterialScript: value = "Gazebo/Red"; break;
      default: value = "true"; break;
    }
    Element block;
    block.name = "gazebo";
    block.attributes.emplace_back(
        "reference", k.level == GazeboLevel::kLink ? "l" : "j");
    block.children.push_back(Element::Leaf(k.name, value, {}));
    m.extensions.push_back(block);
    frames::Diagnostics diags;
    ApplyGazeboBlocks(&m, &diags);
    EXPECT_TRUE(diags.all().empty()) << frames::Format(diags.all()[0]);

    const frames::Link& l = m.links[1];
    Element back;
    switch (k.target) {
      case GazeboTarget::kLink:
        LinkToGazebo(l.extensions, &back);
        break;
      case GazeboTarget::kEveryCollision:
        ShapesToGazebo("collision", {{"c", l.collisions[0].extensions, {}}},
                       &back);
        break;
      case GazeboTarget::kEveryVisual: {
        ASSERT_TRUE(l.visuals[0].material.has_value());
        Element material;
        material.name = "material";
        material.children = l.visuals[0].material->extensions;
        ShapesToGazebo("visual", {{"v", {material}, {}}}, &back);
        break;
      }
      case GazeboTarget::kJoint:
        JointToGazebo(m.joints[0].extensions, &back);
        break;
      case GazeboTarget::kAxisDynamics:
        ASSERT_TRUE(m.joints[0].axis->dynamics.has_value());
        AxisToGazebo({}, m.joints[0].axis->dynamics->extensions, {}, {},
                     &back);
        break;
      default:
        break;
    }
    const GazeboKeyword* first = &k;
    for (const GazeboKeyword& o : kGazeboKeywords) {
      if (o.target == k.target && o.path == k.path) {
        first = &o;
        break;
      }
    }
    EXPECT_EQ(Children(back),
              "<" + std::string(first->name) + ">" + value + "</" +
                  first->name + ">");
  }
}

}  // namespace
}  // namespace converter
