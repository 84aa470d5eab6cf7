#include "testing/xml_diff.h"

#include <gtest/gtest.h>

namespace test_support {
namespace {

TEST(XmlDiffTest, AttributeOrderAndNumberSpellingDoNotMatter) {
  EXPECT_TRUE(XmlTextDiff(R"(<robot name="r"><link name="a"><origin xyz="0.10 0 1" rpy="0 0 0"/></link></robot>)",
                          R"(<robot name="r"><link name="a"><origin rpy="0 0 0" xyz="0.1 0 1.0"/></link></robot>)")
                  .empty());
}

TEST(XmlDiffTest, NumbersAreBitForBitUnlessToleranceIsGiven) {
  const char* a = R"(<robot><link name="a"><origin xyz="0.1 0 1"/></link></robot>)";
  const char* b = R"(<robot><link name="a"><origin xyz="0.1000000000001 0 1"/></link></robot>)";
  auto d = XmlTextDiff(a, b);
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].rfind("robot/link[a]/origin@xyz", 0), 0u) << d[0];
  XmlDiffOptions o;
  o.tolerance = 1e-12;
  EXPECT_TRUE(XmlTextDiff(a, b, o).empty());
}

TEST(XmlDiffTest, RobotChildrenInAnyOrderListsInOrder) {
  EXPECT_TRUE(XmlTextDiff(R"(<robot><joint name="j"/><link name="a"/><gazebo reference="a"><x>1</x></gazebo></robot>)",
                          R"(<robot><gazebo reference="a"><x>1</x></gazebo><link name="a"/><joint name="j"/></robot>)")
                  .empty());
  // A link's visuals keep their order; visual and collision may interleave.
  EXPECT_TRUE(XmlTextDiff(R"(<robot><link name="a"><visual name="1"/><collision/><visual name="2"/></link></robot>)",
                          R"(<robot><link name="a"><collision/><visual name="1"/><visual name="2"/></link></robot>)")
                  .empty());
  auto d = XmlTextDiff(R"(<robot><link name="a"><visual name="1"/><visual name="2"/></link></robot>)",
                       R"(<robot><link name="a"><visual name="2"/><visual name="1"/></link></robot>)");
  EXPECT_EQ(d.size(), 2u);
}

TEST(XmlDiffTest, MissingAndAddedAreNamed) {
  auto d = XmlTextDiff(R"(<robot><link name="a"><visual/></link><gazebo><static>1</static></gazebo></robot>)",
                       R"(<robot><link name="a"><visual name="v"/></link><link name="b"/></robot>)");
  ASSERT_EQ(d.size(), 3u);
  EXPECT_EQ(d[0], "robot/link[a]/visual@name: added \"v\"");
  EXPECT_NE(d[1].find("robot/gazebo: missing <gazebo><static>1</static></gazebo>"), std::string::npos) << d[1];
  EXPECT_EQ(d[2], "robot/link[b]: added");
}

TEST(XmlDiffTest, TextCompares) {
  EXPECT_FALSE(XmlTextDiff("<a><b>x</b></a>", "<a><b>y</b></a>").empty());
  EXPECT_TRUE(XmlTextDiff("<a><b> x </b><!-- c --></a>", "<a><b>x</b></a>").empty());
  EXPECT_EQ(XmlTextDiff("<a/>", "not xml <").size(), 1u);
}

}  // namespace
}  // namespace test_support
