#include "frames/rename.h"

#include <gtest/gtest.h>

namespace frames {
namespace {

Model TwoLinks() {
  Model m;
  m.name = "m";
  m.links.emplace_back().name = "a";
  m.links.emplace_back().name = "b";
  Joint& j = m.joints.emplace_back();
  j.name = "b";  // the name of its child link
  j.parent = "a";
  j.child = "b";
  j.where = {"r.urdf", 7};
  m.links[1].pose.relative_to = "b";  // the joint frame
  return m;
}

TEST(RenameTest, AJointNamedLikeALinkGetsJointSuffixAndAWarning) {
  Model m = TwoLinks();
  Diagnostics d;
  RenameJointsClashingWithLinks(&m, " (note)", &d);
  EXPECT_EQ(m.joints[0].name, "b_joint");
  EXPECT_EQ(m.joints[0].original_name, "b");
  // The link posed relative_to the joint follows it.
  EXPECT_EQ(m.links[1].pose.relative_to, "b_joint");
  ASSERT_EQ(d.all().size(), 1u);
  const Diagnostic& w = d.all()[0];
  EXPECT_EQ(w.code, Code::JOINT_RENAMED);
  EXPECT_EQ(w.severity, Severity::kWarning);
  EXPECT_EQ(w.where.line, 7);
  EXPECT_EQ(w.message,
            "joint 'b' has the name of a link, which SDFormat 1.7 does not "
            "allow; it is written as 'b_joint' (note)");
}

TEST(RenameTest, TheNewNameAvoidsEveryTakenName) {
  Model m = TwoLinks();
  m.links.emplace_back().name = "b_joint";  // taken by a link
  Joint& other = m.joints.emplace_back();   // and "b_joint_2" by a joint
  other.name = "b_joint_2";
  other.parent = "a";
  other.child = "b_joint";
  Diagnostics d;
  RenameJointsClashingWithLinks(&m, "", &d);
  EXPECT_EQ(m.joints[0].name, "b_joint_3");
  EXPECT_EQ(m.joints[1].name, "b_joint_2");  // no clash: unchanged
  EXPECT_EQ(d.all().size(), 1u);
}

TEST(RenameTest, NoClashChangesNothing) {
  Model m = TwoLinks();
  m.joints[0].name = "j";
  m.links[1].pose.relative_to = "j";
  Diagnostics d;
  RenameJointsClashingWithLinks(&m, "", &d);
  EXPECT_EQ(m.joints[0].name, "j");
  EXPECT_TRUE(m.joints[0].original_name.empty());
  EXPECT_EQ(m.links[1].pose.relative_to, "j");
  EXPECT_TRUE(d.all().empty());
}

}  // namespace
}  // namespace frames
