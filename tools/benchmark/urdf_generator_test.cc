#include "tools/benchmark/urdf_generator.h"

#include <gtest/gtest.h>
#include <tinyxml2.h>
#include <urdf_parser/urdf_parser.h>

#include <cmath>
#include <string>

namespace benchmark {
namespace {

TEST(UrdfGeneratorTest, Deterministic) {
  EXPECT_EQ(GenerateUrdf(Shape::kTree, 200).text,
            GenerateUrdf(Shape::kTree, 200).text);
  EXPECT_NE(GenerateUrdf(Shape::kTree, 200).text,
            GenerateUrdf(Shape::kChain, 200).text);
}

TEST(UrdfGeneratorTest, ChainParsesWithUrdfdom) {
  const GeneratedUrdf g = GenerateUrdf(Shape::kChain, 50);
  EXPECT_EQ(g.links, 50);
  EXPECT_EQ(g.joints, 49);
  EXPECT_EQ(g.depth, 49);
  urdf::ModelInterfaceSharedPtr model = urdf::parseURDF(g.text);
  ASSERT_TRUE(model);
  EXPECT_EQ(model->links_.size(), 50u);
  EXPECT_EQ(model->joints_.size(), 49u);
  EXPECT_EQ(model->getRoot()->name, "link_0");
  const urdf::JointConstSharedPtr j = model->getJoint("joint_7");
  ASSERT_TRUE(j);
  EXPECT_EQ(j->type, urdf::Joint::REVOLUTE);
  EXPECT_EQ(j->parent_link_name, "link_6");
  ASSERT_TRUE(j->limits);
  EXPECT_LT(j->limits->lower, 0);
  EXPECT_GT(j->limits->upper, 0);
  double roll, pitch, yaw;
  j->parent_to_joint_origin_transform.rotation.getRPY(roll, pitch, yaw);
  EXPECT_GT(std::abs(roll), 0.04);
  EXPECT_GT(std::abs(pitch), 0.04);
  EXPECT_GT(std::abs(yaw), 0.04);
  for (const auto& [name, link] : model->links_) {
    ASSERT_TRUE(link->inertial) << name;
    EXPECT_GT(link->inertial->mass, 0) << name;
    ASSERT_EQ(link->visual_array.size(), 1u) << name;
    ASSERT_EQ(link->collision_array.size(), 1u) << name;
    // Visual and collision differ in geometry type.
    EXPECT_NE(link->visual->geometry->type, link->collision->geometry->type)
        << name;
  }
}

TEST(UrdfGeneratorTest, TreeIsBalanced) {
  // 1 + 3 + 9 + 27 + 81 = 121 links fill four levels below the root.
  const GeneratedUrdf g = GenerateUrdf(Shape::kTree, 121, 3);
  EXPECT_EQ(g.depth, 4);
  urdf::ModelInterfaceSharedPtr model = urdf::parseURDF(g.text);
  ASSERT_TRUE(model);
  EXPECT_EQ(model->links_.size(), 121u);
  EXPECT_EQ(model->getRoot()->child_links.size(), 3u);
  EXPECT_EQ(model->getJoint("joint_4")->parent_link_name, "link_1");
}

TEST(UrdfGeneratorTest, MixesGeometries) {
  const std::string text = GenerateUrdf(Shape::kChain, 3).text;
  EXPECT_NE(text.find("<box "), std::string::npos);
  EXPECT_NE(text.find("<cylinder "), std::string::npos);
  EXPECT_NE(text.find("<mesh "), std::string::npos);
  tinyxml2::XMLDocument doc;
  EXPECT_EQ(doc.Parse(text.c_str()), tinyxml2::XML_SUCCESS);
}

}  // namespace
}  // namespace benchmark
