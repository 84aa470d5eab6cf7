// Golden pictures: the DOT text of fixtures of each kind, checked in under
// testdata/graph/ (regenerate: `bazel run //graph:dot_test`, which writes
// them into the workspace, then review the diff), and what every picture
// must hold whatever its layout.
#include "graph/dot.h"

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "converter/robot_input.h"

namespace {

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::vector<converter::Robot> Read(const std::string& path) {
  frames::Diagnostics d;
  const auto robots =
      converter::ReadRobots(ReadFile(path), path, converter::ReadInputOptions{}, &d);
  EXPECT_TRUE(robots) << d.ToString();
  return robots ? *robots : std::vector<converter::Robot>{};
}

std::string Dot(const std::vector<converter::Robot>& robots,
                const std::string& title, graph::GraphKind kind) {
  std::vector<graph::GraphModel> models;
  for (const auto& r : robots) models.push_back({&r.model, r.world});
  return graph::ToDot(models, title, kind);
}

struct Golden {
  std::string fixture, golden;
  graph::GraphKind kind;
};

const std::vector<Golden>& Goldens() {
  static const std::vector<Golden> goldens = {
      {"testdata/urdf/joint_types.urdf", "joint_types.urdf.dot",
       graph::GraphKind::kTree},
      {"testdata/urdf/joint_types.sdf", "joint_types.sdf.dot",
       graph::GraphKind::kTree},
      {"testdata/sdf2urdf/nested.sdf", "nested.dot", graph::GraphKind::kTree},
      {"testdata/sdf/composition/example_1_arm_and_gripper.sdf",
       "example_1_arm_and_gripper.tree.dot", graph::GraphKind::kTree},
      {"testdata/sdf/composition/example_1_arm_and_gripper.sdf",
       "example_1_arm_and_gripper.frames.dot", graph::GraphKind::kFrames},
  };
  return goldens;
}

TEST(DotTest, MatchesGoldens) {
  const char* workspace = std::getenv("BUILD_WORKSPACE_DIRECTORY");
  for (const Golden& g : Goldens()) {
    const auto robots = Read(g.fixture);
    const std::string dot = Dot(robots, g.fixture, g.kind);
    if (workspace) {  // bazel run: regenerate
      std::ofstream(std::string(workspace) + "/testdata/graph/" + g.golden,
                    std::ios::binary)
          << dot;
      continue;
    }
    EXPECT_EQ(dot, ReadFile("testdata/graph/" + g.golden))
        << "testdata/graph/" << g.golden << " differs; regenerate with "
        << "`bazel run //graph:dot_test` and review the diff";
  }
}

TEST(DotTest, Deterministic) {
  for (const Golden& g : Goldens()) {
    const auto a = Read(g.fixture);
    const auto b = Read(g.fixture);
    EXPECT_EQ(Dot(a, "t", g.kind), Dot(b, "t", g.kind)) << g.fixture;
  }
}

// Whatever the layout: every link's name, every joint's name and type, the
// root and canonical marks, each joint type's own style.
TEST(DotTest, TreeHoldsEveryLinkAndJoint) {
  const auto robots = Read("testdata/urdf/joint_types.urdf");
  ASSERT_EQ(robots.size(), 1u);
  const std::string dot = Dot(robots, "t", graph::GraphKind::kTree);
  for (const auto& l : robots[0].model.links)
    EXPECT_NE(dot.find("\"" + l.name + "\\n"), std::string::npos) << l.name;
  for (const auto& j : robots[0].model.joints) {
    EXPECT_NE(dot.find("\"" + j.name + "\\n" + frames::JointTypeName(j.type)),
              std::string::npos)
        << j.name;
  }
  EXPECT_NE(dot.find("(root, canonical)"), std::string::npos);
  EXPECT_NE(dot.find("style=dashed, color=gray40"), std::string::npos);  // fixed
  EXPECT_NE(dot.find("color=blue, fontcolor=blue"), std::string::npos);  // continuous
  EXPECT_NE(dot.find("style=dotted, color=red"), std::string::npos);     // floating
}

// urdf2sdf's output carries URDF's floating and planar joints as frames:
// the picture draws them as the joints they carry, between the same links.
TEST(DotTest, CarriedJointsDrawnAsJoints) {
  const auto robots = Read("testdata/urdf/joint_types.sdf");
  ASSERT_EQ(robots.size(), 1u);
  const std::string dot = Dot(robots, "t", graph::GraphKind::kTree);
  EXPECT_NE(dot.find("\"free_body\\nfloating (carried)"), std::string::npos);
  EXPECT_NE(dot.find("\"table_slide\\nplanar (carried)"), std::string::npos);
}

TEST(DotTest, NestedModelsAreClusters) {
  const auto robots = Read("testdata/sdf/composition/example_1_arm_and_gripper.sdf");
  ASSERT_EQ(robots.size(), 1u);
  const std::string dot = Dot(robots, "t", graph::GraphKind::kTree);
  EXPECT_NE(dot.find("label=\"model arm\\nincluded from file://models/arm.sdf\""),
            std::string::npos);
  EXPECT_NE(dot.find("label=\"model gripper\\nincluded from"), std::string::npos);
  EXPECT_NE(dot.find("\"weld\\nfixed\""), std::string::npos);
}

TEST(DotTest, FramesKindHasBothGraphsPerScope) {
  const auto robots = Read("testdata/sdf/composition/example_1_arm_and_gripper.sdf");
  ASSERT_EQ(robots.size(), 1u);
  const std::string dot = Dot(robots, "t", graph::GraphKind::kFrames);
  // Three scopes (arm_and_gripper, arm, gripper), two graphs each.
  size_t count = 0;
  for (size_t at = 0; (at = dot.find("label=\"attached_to\"", at)) != std::string::npos; ++at)
    ++count;
  EXPECT_EQ(count, 3u);
  count = 0;
  for (size_t at = 0; (at = dot.find("label=\"relative_to\"", at)) != std::string::npos; ++at)
    ++count;
  EXPECT_EQ(count, 3u);
  EXPECT_NE(dot.find("\"__model__\""), std::string::npos);
}

TEST(DotTest, QuoteEscapes) {
  EXPECT_EQ(graph::QuoteDot("a\"b\\c\nd"), "\"a\\\"b\\\\c\\nd\"");
}

TEST(DotTest, ParseKind) {
  graph::GraphKind k = graph::GraphKind::kTree;
  EXPECT_TRUE(graph::ParseGraphKind("frames", &k));
  EXPECT_EQ(k, graph::GraphKind::kFrames);
  EXPECT_FALSE(graph::ParseGraphKind("pose", &k));
}

}  // namespace
