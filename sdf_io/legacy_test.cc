#include "sdf_io/legacy.h"

#include <gtest/gtest.h>

#include <cctype>
#include <string>
#include <vector>

// The expected trees below are what libsdformat 12 produced for the same
// input (sdf::readString, then Root()->ToString()), less the default values
// its parser fills in and the elements the model itself represents.

namespace sdf_io {
namespace {

using frames::Element;

// A minimal XML reader for the fixtures (elements, quoted attributes, text;
// no comments, entities or declarations), so tests read like SDFormat.
class MiniXml {
 public:
  explicit MiniXml(const std::string& s) : s_(s) {}

  std::vector<Element> ParseAll() {
    std::vector<Element> out;
    SkipSpace();
    while (pos_ < s_.size()) {
      out.push_back(ParseElement());
      SkipSpace();
    }
    return out;
  }

 private:
  void SkipSpace() {
    while (pos_ < s_.size() &&
           std::isspace(static_cast<unsigned char>(s_[pos_])))
      ++pos_;
  }
  std::string Name() {
    const std::size_t start = pos_;
    while (pos_ < s_.size() &&
           (std::isalnum(static_cast<unsigned char>(s_[pos_])) ||
            s_[pos_] == '_' || s_[pos_] == ':' || s_[pos_] == '-'))
      ++pos_;
    return s_.substr(start, pos_ - start);
  }
  static std::string Trim(const std::string& t) {
    const auto b = t.find_first_not_of(" \t\n");
    if (b == std::string::npos) return "";
    return t.substr(b, t.find_last_not_of(" \t\n") - b + 1);
  }
  Element ParseElement() {
    Element e;
    ++pos_;  // '<'
    e.name = Name();
    while (true) {
      SkipSpace();
      if (s_[pos_] == '/') {  // "/>"
        pos_ += 2;
        return e;
      }
      if (s_[pos_] == '>') break;
      std::string key = Name();
      pos_ += 1;  // '='
      const char quote = s_[pos_++];
      const std::size_t end = s_.find(quote, pos_);
      e.attributes.emplace_back(key, s_.substr(pos_, end - pos_));
      pos_ = end + 1;
    }
    ++pos_;  // '>'
    std::string text;
    while (true) {
      const std::size_t lt = s_.find('<', pos_);
      text += s_.substr(pos_, lt - pos_);
      pos_ = lt;
      if (s_[pos_ + 1] == '/') {
        pos_ = s_.find('>', pos_) + 1;
        break;
      }
      e.children.push_back(ParseElement());
    }
    e.text = Trim(text);
    return e;
  }

  const std::string& s_;
  std::size_t pos_ = 0;
};

std::vector<Element> Parse(const std::string& xml) {
  return MiniXml(xml).ParseAll();
}

// Compact canonical form: structure, attribute order, text.
std::string Print(const Element& e) {
  std::string s = "<" + e.name;
  for (const auto& [k, v] : e.attributes) s += " " + k + "='" + v + "'";
  if (e.children.empty() && e.text.empty()) return s + "/>";
  s += ">" + e.text;
  for (const Element& c : e.children) s += Print(c);
  return s + "</" + e.name + ">";
}

std::string Print(const std::vector<Element>& elements) {
  std::string s;
  for (const Element& e : elements) s += Print(e);
  return s;
}

// The canonical form of a fixture written with whitespace and "quotes".
std::string Canon(const std::string& xml) { return Print(Parse(xml)); }

TEST(MiniXmlTest, RoundTrips) {
  EXPECT_EQ(Canon(R"(<a x="1"> <b/> <c>t</c> </a><d/>)"),
            "<a x='1'><b/><c>t</c></a><d/>");
}

// ---- 1.3 -> 1.4 ----

TEST(LegacyTest, Physics13MovesAppendAtTheEndOfPhysics) {
  // libsdformat: update_rate, ode/solver/dt and bullet/dt are removed and
  // real_time_update_rate, max_step_size (ode), max_step_size (bullet) are
  // appended, in that order; both max_step_size are kept. 1.5->1.6 then
  // moves <gravity> to the world, after the world's other elements.
  auto world = Parse(R"(
    <physics type="ode">
      <gravity>0 0 -9.8</gravity>
      <update_rate>1000</update_rate>
      <ode>
        <solver><type>quick</type><dt>0.002</dt><iters>50</iters></solver>
      </ode>
      <bullet><dt>0.003</dt></bullet>
    </physics>
    <light name="sun" type="directional"/>)");
  auto changes = UpgradeToSdf17(&world, LegacyParent::kWorld, "1.3");
  EXPECT_EQ(Print(world), Canon(R"(
    <physics type="ode">
      <ode><solver><type>quick</type><iters>50</iters></solver></ode>
      <bullet/>
      <real_time_update_rate>1000</real_time_update_rate>
      <max_step_size>0.002</max_step_size>
      <max_step_size>0.003</max_step_size>
    </physics>
    <light name="sun" type="directional"/>
    <gravity>0 0 -9.8</gravity>)"));
  EXPECT_EQ(changes.size(), 4u);
}

TEST(LegacyTest, Physics13RulesOnlyApplyToWorlds) {
  auto model = Parse("<physics><update_rate>5</update_rate></physics>");
  const std::string before = Print(model);
  EXPECT_TRUE(UpgradeToSdf17(&model, LegacyParent::kModel, "1.3").empty());
  EXPECT_EQ(Print(model), before);
}

TEST(LegacyTest, OlderVersionsStartAt13) {
  for (const char* v : {"1.0", "1.2", "1.3"}) {
    auto world = Parse("<physics><update_rate>5</update_rate></physics>");
    UpgradeToSdf17(&world, LegacyParent::kWorld, v);
    EXPECT_EQ(Print(world), Canon(R"(<physics>
        <real_time_update_rate>5</real_time_update_rate></physics>)"))
        << v;
  }
}

TEST(LegacyTest, Physics14IsAlready14) {
  auto world = Parse("<physics><update_rate>5</update_rate></physics>");
  EXPECT_TRUE(UpgradeToSdf17(&world, LegacyParent::kWorld, "1.4").empty());
}

// ---- 1.4 -> 1.5 ----

TEST(LegacyTest, ActorStaticAttributeBecomesAppendedElement) {
  // libsdformat: <static>true</static> after <skin>; an actor without the
  // attribute gets no <static> (even though the default changed from false
  // to true), so neither do we.
  auto world = Parse(R"(
    <actor name="a" static="true">
      <pose>1 2 3 0 0 0</pose>
      <skin><filename>walk.dae</filename></skin>
    </actor>
    <actor name="b"><skin><filename>walk.dae</filename></skin></actor>)");
  auto changes = UpgradeToSdf17(&world, LegacyParent::kWorld, "1.4");
  EXPECT_EQ(Print(world), Canon(R"(
    <actor name="a">
      <pose>1 2 3 0 0 0</pose>
      <skin><filename>walk.dae</filename></skin>
      <static>true</static>
    </actor>
    <actor name="b"><skin><filename>walk.dae</filename></skin></actor>)"));
  ASSERT_EQ(changes.size(), 1u);
  EXPECT_NE(changes[0].find("static"), std::string::npos);
}

TEST(LegacyTest, ActorStaticOnModelAndTopLevelActors) {
  // libsdformat converts /sdf/model/actor but not /sdf/actor, whose attribute
  // it then drops with a warning; converting it keeps the value.
  for (LegacyParent p : {LegacyParent::kModel, LegacyParent::kSdf}) {
    auto list = Parse("<actor name='a' static='false'/>");
    UpgradeToSdf17(&list, p, "1.4");
    EXPECT_EQ(Print(list), "<actor name='a'><static>false</static></actor>");
  }
  auto link = Parse("<actor name='a' static='false'/>");
  UpgradeToSdf17(&link, LegacyParent::kLink, "1.4");
  EXPECT_EQ(Print(link), "<actor name='a' static='false'/>");
}

TEST(LegacyTest, ActorIn15IsUntouched) {
  auto world = Parse("<actor name='a' static='true'/>");
  EXPECT_TRUE(UpgradeToSdf17(&world, LegacyParent::kWorld, "1.5").empty());
}

// ---- 1.5 -> 1.6 ----

TEST(LegacyTest, GravityAndMagneticFieldMoveOutOfPhysics) {
  // libsdformat: physics keeps max_step_size; gravity then magnetic_field
  // follow the world's other children (a light here; models, which are not
  // in this list, come before them in libsdformat's output too).
  auto world = Parse(R"(
    <physics type="ode">
      <gravity>0 0 -3</gravity>
      <magnetic_field>1 2 3</magnetic_field>
      <max_step_size>0.001</max_step_size>
    </physics>
    <light type="point" name="l1"><pose>0 0 1 0 0 0</pose></light>)");
  auto changes = UpgradeToSdf17(&world, LegacyParent::kWorld, "1.5");
  EXPECT_EQ(Print(world), Canon(R"(
    <physics type="ode"><max_step_size>0.001</max_step_size></physics>
    <light type="point" name="l1"><pose>0 0 1 0 0 0</pose></light>
    <gravity>0 0 -3</gravity>
    <magnetic_field>1 2 3</magnetic_field>)"));
  EXPECT_EQ(changes.size(), 2u);
}

TEST(LegacyTest, OnlyTheFirstPhysicsLosesItsGravity) {
  auto world = Parse(R"(
    <physics name="a"><gravity>0 0 -1</gravity></physics>
    <physics name="b"><gravity>0 0 -2</gravity></physics>)");
  UpgradeToSdf17(&world, LegacyParent::kWorld, "1.5");
  EXPECT_EQ(Print(world), Canon(R"(
    <physics name="a"/>
    <physics name="b"><gravity>0 0 -2</gravity></physics>
    <gravity>0 0 -1</gravity>)"));
}

TEST(LegacyTest, ImuNoiseIsSplitPerAxis) {
  // Exactly libsdformat's tree for this sensor (its output lists <topic>,
  // which 1.9 no longer defines, last; here it keeps its place).
  auto link = Parse(R"(
    <sensor name="imu" type="imu">
      <imu>
        <topic>t</topic>
        <noise>
          <type>gaussian</type>
          <rate>
            <mean>0.1</mean><stddev>0.2</stddev>
            <bias_mean>0.3</bias_mean><bias_stddev>0.4</bias_stddev>
          </rate>
          <accel>
            <mean>1.1</mean><stddev>1.2</stddev>
            <bias_mean>1.3</bias_mean><bias_stddev>1.4</bias_stddev>
          </accel>
        </noise>
      </imu>
    </sensor>)");
  auto changes = UpgradeToSdf17(&link, LegacyParent::kLink, "1.5");
  const std::string rate =
      "<noise type='gaussian'><mean>0.1</mean><stddev>0.2</stddev>"
      "<bias_mean>0.3</bias_mean><bias_stddev>0.4</bias_stddev></noise>";
  const std::string accel =
      "<noise type='gaussian'><mean>1.1</mean><stddev>1.2</stddev>"
      "<bias_mean>1.3</bias_mean><bias_stddev>1.4</bias_stddev></noise>";
  EXPECT_EQ(Print(link),
            "<sensor name='imu' type='imu'><imu><topic>t</topic>"
            "<angular_velocity><x>" +
                rate + "</x><y>" + rate + "</y><z>" + rate +
                "</z></angular_velocity>"
                "<linear_acceleration><x>" +
                accel + "</x><y>" + accel + "</y><z>" + accel +
                "</z></linear_acceleration>"
                "</imu></sensor>");
  EXPECT_EQ(changes.size(), 1u);
}

TEST(LegacyTest, ImuNoiseWithoutAccelStillGetsTypedAxes) {
  // libsdformat: the type copies create every axis' <noise type=...> as soon
  // as <noise> exists; <accel> missing leaves them without parameters; an
  // empty <stddev/> is cloned as it is.
  auto link = Parse(R"(
    <sensor name="imu2" type="imu">
      <imu>
        <noise>
          <type>gaussian</type><rate><mean>0.5</mean><stddev/></rate>
        </noise>
      </imu>
    </sensor>)");
  UpgradeToSdf17(&link, LegacyParent::kLink, "1.5");
  const std::string rate =
      "<noise type='gaussian'><mean>0.5</mean><stddev/></noise>";
  const std::string accel = "<noise type='gaussian'/>";
  EXPECT_EQ(Print(link),
            "<sensor name='imu2' type='imu'><imu>"
            "<angular_velocity><x>" +
                rate + "</x><y>" + rate + "</y><z>" + rate +
                "</z></angular_velocity>"
                "<linear_acceleration><x>" +
                accel + "</x><y>" + accel + "</y><z>" + accel +
                "</z></linear_acceleration>"
                "</imu></sensor>");
}

TEST(LegacyTest, ImuNoiseWithoutTypeGetsUntypedAxes) {
  // libsdformat builds the same shape and then rejects the file, since
  // <noise type> is required; the migration does not invent a type.
  auto link = Parse(R"(
    <sensor name="i" type="imu">
      <imu><noise><rate><mean>1</mean></rate></noise></imu>
    </sensor>)");
  UpgradeToSdf17(&link, LegacyParent::kLink, "1.5");
  EXPECT_EQ(Print(link),
            "<sensor name='i' type='imu'><imu>"
            "<angular_velocity><x><noise><mean>1</mean></noise></x>"
            "<y><noise><mean>1</mean></noise></y>"
            "<z><noise><mean>1</mean></noise></z></angular_velocity>"
            "<linear_acceleration><x><noise/></x><y><noise/></y><z><noise/>"
            "</z></linear_acceleration></imu></sensor>");
}

TEST(LegacyTest, EveryOldNoiseIsRemovedAndTheFirstOneCounts) {
  // libsdformat 12's <remove> deletes all <noise> children.
  auto link = Parse(R"(
    <sensor name="i" type="imu"><imu>
      <noise><type>gaussian</type><rate><mean>0.1</mean></rate></noise>
      <noise><type>gaussian</type><rate><mean>0.7</mean></rate></noise>
    </imu></sensor>)");
  UpgradeToSdf17(&link, LegacyParent::kLink, "1.5");
  const std::string rate = "<noise type='gaussian'><mean>0.1</mean></noise>";
  const std::string accel = "<noise type='gaussian'/>";
  EXPECT_EQ(Print(link),
            "<sensor name='i' type='imu'><imu>"
            "<angular_velocity><x>" +
                rate + "</x><y>" + rate + "</y><z>" + rate +
                "</z></angular_velocity>"
                "<linear_acceleration><x>" +
                accel + "</x><y>" + accel + "</y><z>" + accel +
                "</z></linear_acceleration>"
                "</imu></sensor>");
}

TEST(LegacyTest, NewStyleImuIsLeftAlone) {
  // libsdformat appends an empty <angular_velocity/> and
  // <linear_acceleration/> here (its <add> does not check); they carry
  // nothing, so the sensor stays as written.
  auto link = Parse(R"(
    <sensor name="imu" type="imu"><imu>
      <topic>t</topic>
      <angular_velocity>
        <z><noise type="gaussian"><stddev>9</stddev></noise></z>
      </angular_velocity>
    </imu></sensor>)");
  const std::string before = Print(link);
  EXPECT_TRUE(UpgradeToSdf17(&link, LegacyParent::kLink, "1.5").empty());
  EXPECT_EQ(Print(link), before);
}

TEST(LegacyTest, OldNoiseGoesIntoExistingNewStyleElements) {
  // Like libsdformat's copies: the first <angular_velocity> and its first
  // <x>/<y>/<z><noise> receive the type; parameters are appended.
  auto link = Parse(R"(
    <sensor name="i" type="imu"><imu>
      <angular_velocity>
        <x><noise type="none"><mean>5</mean></noise></x>
      </angular_velocity>
      <noise><type>gaussian</type><rate><mean>0.1</mean></rate></noise>
    </imu></sensor>)");
  UpgradeToSdf17(&link, LegacyParent::kLink, "1.5");
  const std::string rate = "<noise type='gaussian'><mean>0.1</mean></noise>";
  const std::string accel = "<noise type='gaussian'/>";
  EXPECT_EQ(Print(link),
            "<sensor name='i' type='imu'><imu><angular_velocity>"
            "<x><noise type='gaussian'><mean>5</mean><mean>0.1</mean></noise>"
            "</x><y>" +
                rate + "</y><z>" + rate +
                "</z></angular_velocity>"
                "<linear_acceleration><x>" +
                accel + "</x><y>" + accel + "</y><z>" + accel +
                "</z></linear_acceleration>"
                "</imu></sensor>");
}

TEST(LegacyTest, ImuRuleAppliesToLinkAndJointSensorsOnly) {
  // libsdformat only converts sensors of links of top-level and world
  // models, then ignores the old <noise> elsewhere; a joint's sensor is
  // converted here so its noise is kept. Elsewhere there are no sensors.
  const std::string sensor =
      "<sensor name='i' type='imu'><imu><noise><type>gaussian</type>"
      "</noise></imu></sensor>";
  for (LegacyParent p : {LegacyParent::kLink, LegacyParent::kJoint}) {
    auto list = Parse(sensor);
    EXPECT_EQ(UpgradeToSdf17(&list, p, "1.5").size(), 1u);
  }
  for (LegacyParent p :
       {LegacyParent::kModel, LegacyParent::kWorld, LegacyParent::kVisual}) {
    auto list = Parse(sensor);
    EXPECT_TRUE(UpgradeToSdf17(&list, p, "1.5").empty());
    EXPECT_EQ(Print(list), sensor);
  }
}

TEST(LegacyTest, ImuIn16IsUntouched) {
  auto link = Parse(
      "<sensor name='i' type='imu'><imu><noise><type>gaussian</type>"
      "</noise></imu></sensor>");
  EXPECT_TRUE(UpgradeToSdf17(&link, LegacyParent::kLink, "1.6").empty());
}

// ---- 1.6 -> 1.7 ----

TEST(LegacyTest, PoseFrameBecomesRelativeTo) {
  // libsdformat: frame='m' -> relative_to='m' at any depth (also inside
  // unknown elements); an empty frame leaves no attribute in its output.
  auto link = Parse(R"(
    <sensor name="c" type="camera">
      <pose frame="">1 0 0 0 0 0</pose>
      <camera><pose frame="l">0 1 0 0 0 0</pose></camera>
      <foo><bar><pose frame="uu"/></bar></foo>
    </sensor>)");
  auto changes = UpgradeToSdf17(&link, LegacyParent::kLink, "1.6");
  EXPECT_EQ(Print(link), Canon(R"(
    <sensor name="c" type="camera">
      <pose>1 0 0 0 0 0</pose>
      <camera><pose relative_to="l">0 1 0 0 0 0</pose></camera>
      <foo><bar><pose relative_to="uu"/></bar></foo>
    </sensor>)"));
  EXPECT_EQ(changes.size(), 3u);
}

TEST(LegacyTest, PosesInPluginsAndNamespacedElementsAreNotTouched) {
  // libsdformat's descendant walk stops at <plugin> and at names with ':'.
  auto world = Parse(R"(
    <plugin name="p" filename="libp.so">
      <pose frame="direct">1 0 0 0 0 0</pose>
    </plugin>
    <light name="l">
      <plugin name="q" filename="q.so"><a><pose frame="x"/></a></plugin>
    </light>
    <gz:custom><pose frame="y"/></gz:custom>
    <pose frame="top"/>)");
  UpgradeToSdf17(&world, LegacyParent::kWorld, "1.6");
  EXPECT_EQ(Print(world), Canon(R"(
    <plugin name="p" filename="libp.so">
      <pose frame="direct">1 0 0 0 0 0</pose>
    </plugin>
    <light name="l">
      <plugin name="q" filename="q.so"><a><pose frame="x"/></a></plugin>
    </light>
    <gz:custom><pose frame="y"/></gz:custom>
    <pose relative_to="top"/>)"));
}

TEST(LegacyTest, PoseRuleAppliesUnderEveryParentAndFromOlderVersions) {
  for (LegacyParent p :
       {LegacyParent::kSdf, LegacyParent::kWorld, LegacyParent::kModel,
        LegacyParent::kLink, LegacyParent::kJoint, LegacyParent::kVisual,
        LegacyParent::kCollision}) {
    for (const char* v : {"1.2", "1.4", "1.5", "1.6"}) {
      auto list = Parse("<x><pose frame='f'/></x>");
      UpgradeToSdf17(&list, p, v);
      EXPECT_EQ(Print(list), "<x><pose relative_to='f'/></x>");
    }
  }
}

TEST(LegacyTest, FrameReplacesAnyRelativeTo) {
  // libsdformat sets relative_to from frame, overwriting.
  auto list = Parse(
      "<pose relative_to='a' frame='b'/><pose relative_to='a' frame=''/>");
  UpgradeToSdf17(&list, LegacyParent::kLink, "1.6");
  EXPECT_EQ(Print(list), "<pose relative_to='b'/><pose/>");
}

// ---- versions and the whole chain ----

TEST(LegacyTest, NothingChangesFrom17OnOrForUnknownVersions) {
  for (const char* v : {"1.7", "1.8", "1.10", "2.0", "abc", "", "1.", "1.x"}) {
    auto world = Parse(R"(
      <physics><update_rate>5</update_rate><gravity>0 0 -1</gravity></physics>
      <actor name="a" static="true"><pose frame="f"/></actor>)");
    const std::string before = Print(world);
    EXPECT_TRUE(UpgradeToSdf17(&world, LegacyParent::kWorld, v).empty()) << v;
    EXPECT_EQ(Print(world), before) << v;
  }
}

TEST(LegacyTest, AllStepsChainFrom12) {
  auto world = Parse(R"(
    <physics type="ode">
      <gravity>0 0 -9.8</gravity><update_rate>100</update_rate>
    </physics>
    <actor name="a" static="true"><pose frame="w">1 0 0 0 0 0</pose></actor>)");
  auto changes = UpgradeToSdf17(&world, LegacyParent::kWorld, "1.2");
  EXPECT_EQ(Print(world), Canon(R"(
    <physics type="ode">
      <real_time_update_rate>100</real_time_update_rate>
    </physics>
    <actor name="a">
      <pose relative_to="w">1 0 0 0 0 0</pose><static>true</static>
    </actor>
    <gravity>0 0 -9.8</gravity>)"));
  ASSERT_EQ(changes.size(), 4u);
  EXPECT_NE(changes[0].find("1.3->1.4"), std::string::npos);
  EXPECT_NE(changes[1].find("1.4->1.5"), std::string::npos);
  EXPECT_NE(changes[2].find("1.5->1.6"), std::string::npos);
  EXPECT_NE(changes[3].find("1.6->1.7"), std::string::npos);
}

TEST(LegacyTest, ChangesNameFileAndLine) {
  auto world = Parse("<physics><update_rate>5</update_rate></physics>");
  world[0].where = {"w.world", 12};
  auto changes = UpgradeToSdf17(&world, LegacyParent::kWorld, "1.3");
  ASSERT_EQ(changes.size(), 1u);
  EXPECT_EQ(changes[0],
            "w.world:12: SDFormat 1.3->1.4: <physics><update_rate> is now "
            "<real_time_update_rate>");
}

}  // namespace
}  // namespace sdf_io
