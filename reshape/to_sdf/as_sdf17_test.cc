// ExpressAsSdf17 on what the fixtures cannot show yet (the reader's
// //world/joint and //include/placement_frame): models built directly, every
// pose checked through a graph of the result, which must also be valid 1.7.
#include "reshape/to_sdf/as_sdf17.h"

#include <gtest/gtest.h>

#include "sdf_io/document.h"
#include "sdf_io/writer.h"

namespace converter {
namespace {

using frames::Diagnostics;
using frames::Element;
using frames::FrameGraph;
using frames::Pose;

Pose P(double x, double y, double z, double r, double p, double yaw,
       std::string rel = {}) {
  Pose pose;
  pose.xyz = frames::Vector3(x, y, z);
  pose.rpy = frames::Vector3(r, p, yaw);
  pose.relative_to = std::move(rel);
  return pose;
}

frames::Model Arm() {
  frames::Model m;
  m.name = "arm";
  m.source_version = "1.8";
  frames::Link body;
  body.name = "body";
  body.pose = P(0, 0, 0.2, 0, 0, 0);
  m.links = {body};
  m.frames = {frames::Frame{"mount", "body", P(0.1, 0, 0.3, 0, 0.4, 0), {}, {}}};
  return m;
}

frames::Joint Weld(const std::string& parent, const std::string& child) {
  frames::Joint j;
  j.name = "weld";
  j.type = frames::JointType::kRevolute;
  j.parent = parent;
  j.child = child;
  j.pose = P(0, 0, 0.1, 0, 0, 0);
  frames::JointAxis axis;
  axis.xyz = frames::Vector3(0, 1, 0);
  axis.expressed_in = "arm::mount";
  j.axis = axis;
  return j;
}

frames::World TwoArms() {
  frames::World w;
  w.name = "w";
  w.source_version = "1.10";
  frames::Model a = Arm();
  a.pose = P(1, 0, 0, 0, 0, 0.3);
  frames::Model b = Arm();
  b.name = "arm2";
  b.pose = P(0, 2, 0, 0, 0, 0);
  w.models = {a, b};
  return w;
}

TEST(AsSdf17Test, WorldJointFromWorldMovesIntoItsModel) {
  frames::World w = TwoArms();
  w.joints = {Weld("world", "arm::mount")};
  Diagnostics d;
  const FrameGraph before = FrameGraph::BuildWorld(w, &d);
  ASSERT_TRUE(before.ok()) << d.ToString();
  ExpressAsSdf17(&w, before, &d);
  EXPECT_FALSE(d.HasErrors()) << d.ToString();
  EXPECT_TRUE(w.joints.empty());
  ASSERT_EQ(w.models[0].joints.size(), 1u);
  const frames::Joint& j = w.models[0].joints[0];
  EXPECT_EQ(j.parent, "world");
  EXPECT_EQ(j.child, "body");
  for (auto& m : w.models) m.source_version = "1.7";
  w.source_version = "1.7";
  const FrameGraph after = FrameGraph::BuildWorld(w, &d);
  ASSERT_TRUE(after.ok()) << d.ToString();
  EXPECT_TRUE(after.PoseInModel("arm::weld")->isApprox(
      *before.PoseInModel("weld"), 1e-12));
  // The axis, expressed in the joint frame now, points the same way.
  // Matrix3, not auto: PoseInModel returns its pose by value, and an auto
  // would be an Eigen block of that temporary, read after it is destroyed
  // (AddressSanitizer: stack-use-after-scope).
  const frames::Matrix3 R_WJ = after.PoseInModel("arm::weld")->linear();
  const frames::Matrix3 R_WE = before.PoseInModel("arm::mount")->linear();
  EXPECT_TRUE((R_WJ * j.axis->xyz).isApprox(R_WE * frames::Vector3(0, 1, 0),
                                            1e-12));
}

TEST(AsSdf17Test, WorldJointBetweenModelsIsKeptWithAWarning) {
  frames::World w = TwoArms();
  w.joints = {Weld("arm2::mount", "arm::mount")};
  Diagnostics d;
  const FrameGraph g = FrameGraph::BuildWorld(w, &d);
  ASSERT_TRUE(g.ok()) << d.ToString();
  ExpressAsSdf17(&w, g, &d);
  EXPECT_TRUE(d.Has(frames::Code::SDF17_CANNOT_EXPRESS)) << d.ToString();
  ASSERT_EQ(w.joints.size(), 1u);
  // Its references are still rewritten into what a scope can name.
  EXPECT_EQ(w.joints[0].parent, "arm2::body");
  EXPECT_EQ(w.joints[0].child, "arm::body");
  EXPECT_EQ(w.joints[0].pose.relative_to, "arm");
  EXPECT_EQ(w.joints[0].axis->expressed_in, "arm");
  sdf_io::SdfDocument doc;
  doc.worlds = {w};
  const std::string out = sdf_io::WriteSdfDocument(doc, {});
  EXPECT_NE(out.find("<joint name=\"weld\" type=\"revolute\">"),
            std::string::npos)
      << out;
}

TEST(AsSdf17Test, KeptIncludeLosesItsPlacementFrame) {
  frames::Model top;
  top.name = "top";
  top.source_version = "1.8";
  frames::Link base;
  base.name = "base";
  top.links = {base};
  frames::Model arm = Arm();
  arm.placement_frame = "mount";
  arm.pose = P(1, 0, 0, 0, 0, 0, "base");
  Element include{"include", {}, "", {}, {}};
  include.children = {Element::Leaf("uri", "model://arm", {}),
                      Element::Leaf("placement_frame", "mount", {}),
                      Element::Leaf("pose", "1 0 0 0 0 0", {})};
  arm.include = include;
  top.models = {arm};
  Diagnostics d;
  const FrameGraph before = FrameGraph::Build(top, &d);
  ASSERT_TRUE(before.ok()) << d.ToString();
  ExpressAsSdf17(&top, before, &d);
  EXPECT_TRUE(top.models[0].placement_frame.empty());
  EXPECT_EQ(top.models[0].include->Child("placement_frame"), nullptr);
  EXPECT_EQ(top.models[0].pose.relative_to, "base");
  const FrameGraph after = FrameGraph::Build(top, &d);
  ASSERT_TRUE(after.ok()) << d.ToString();
  EXPECT_TRUE(after.PoseInModel("arm::mount")->isApprox(
      *before.PoseInModel("arm::mount"), 1e-12));
  EXPECT_TRUE(after.PoseInModel("arm::mount")->isApprox(
      P(1, 0, 0, 0, 0, 0).ToIsometry(), 1e-12));
  const std::string out = sdf_io::WriteSdf(top, {});
  EXPECT_EQ(out.find("placement_frame"), std::string::npos) << out;
  EXPECT_NE(out.find("<include>"), std::string::npos) << out;
}

}  // namespace
}  // namespace converter
