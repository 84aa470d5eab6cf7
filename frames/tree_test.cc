#include "frames/tree.h"

#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace frames {
namespace {

// A model with links `links` and joints "parent>child" named j0, j1, ...
Model Make(const std::vector<std::string>& links,
           const std::vector<std::string>& joints) {
  Model m;
  m.name = "m";
  for (const auto& l : links) m.links.emplace_back().name = l;
  for (size_t k = 0; k < joints.size(); ++k) {
    Joint& j = m.joints.emplace_back();
    j.name = "j" + std::to_string(k);
    const size_t gt = joints[k].find('>');
    j.parent = joints[k].substr(0, gt);
    j.child = joints[k].substr(gt + 1);
  }
  return m;
}

TEST(TreeTest, AChainHasOneRootAndEveryLinkReached) {
  const Model m = Make({"a", "b", "c"}, {"a>b", "b>c"});
  const TreeAnalysis t = AnalyzeTree(m);
  EXPECT_EQ(t.roots, std::vector<std::string>{"a"});
  EXPECT_TRUE(t.unreached.empty());
  EXPECT_TRUE(t.extra_parents.empty());
  EXPECT_TRUE(t.duplicate_links.empty());
  EXPECT_FALSE(t.from_world);
  EXPECT_EQ(t.parent_link_of_joint, (std::vector<long>{0, 1}));
  EXPECT_EQ(t.child_link_of_joint, (std::vector<long>{1, 2}));
  EXPECT_EQ(t.parent_of_link, (std::vector<long>{-1, 0, 1}));
  EXPECT_EQ(t.FindLink(m, "c"), 2);
  EXPECT_EQ(t.FindLink(m, "nope"), -1);
  ASSERT_NE(t.ParentJoint(m, "c"), nullptr);
  EXPECT_EQ(t.ParentJoint(m, "c")->name, "j1");
  EXPECT_EQ(t.ParentJoint(m, "a"), nullptr);
}

TEST(TreeTest, WorldIsNoLinkButARootOfItsChildren) {
  const Model m = Make({"a", "b"}, {"world>a", "a>b"});
  const TreeAnalysis t = AnalyzeTree(m);
  EXPECT_TRUE(t.from_world);
  EXPECT_TRUE(t.roots.empty());
  EXPECT_TRUE(t.unreached.empty());
  EXPECT_EQ(t.parent_link_of_joint[0], -1);
}

TEST(TreeTest, SeveralRootsInModelOrder) {
  const Model m = Make({"c", "a", "b"}, {"a>b"});
  EXPECT_EQ(AnalyzeTree(m).roots, (std::vector<std::string>{"c", "a"}));
}

TEST(TreeTest, ASecondParentIsAnExtraParentAndTheLoopItCloses) {
  // A four-bar linkage: a -> b -> d and a -> c -> d.
  const Model m = Make({"a", "b", "c", "d"}, {"a>b", "b>d", "a>c", "c>d"});
  const TreeAnalysis t = AnalyzeTree(m);
  ASSERT_EQ(t.extra_parents.size(), 1u);
  EXPECT_EQ(t.extra_parents[0], (std::pair<size_t, size_t>{1, 3}));
  EXPECT_EQ(t.ParentJoint(m, "d")->name, "j1");  // the first parent
  const auto loop = LoopThroughParents(m, t, 1, 3);
  ASSERT_TRUE(loop);
  // From the meeting link a down one side and back up the other.
  EXPECT_EQ(*loop, (std::vector<size_t>{0, 1, 3, 2}));
}

TEST(TreeTest, ParentsInSeparateTreesCloseNoLoop) {
  const Model m = Make({"a", "b", "c"}, {"a>c", "b>c"});
  const TreeAnalysis t = AnalyzeTree(m);
  ASSERT_EQ(t.extra_parents.size(), 1u);
  EXPECT_FALSE(LoopThroughParents(m, t, 0, 1));
  EXPECT_EQ(t.roots, (std::vector<std::string>{"a", "b"}));
}

TEST(TreeTest, ACycleIsUnreachedAndListedOnce) {
  // root -> a; b -> c -> d -> b is a cycle no root reaches.
  const Model m =
      Make({"root", "a", "b", "c", "d"}, {"root>a", "b>c", "c>d", "d>b"});
  const TreeAnalysis t = AnalyzeTree(m);
  EXPECT_EQ(t.roots, std::vector<std::string>{"root"});
  EXPECT_EQ(t.unreached, (std::vector<size_t>{2, 3, 4}));
  const auto cycles = JointCycles(m, t);
  ASSERT_EQ(cycles.size(), 1u);
  // In the joints' own direction, starting after the joint closing it.
  EXPECT_EQ(cycles[0], (std::vector<size_t>{1, 2, 3}));
}

TEST(TreeTest, JointsThatAreNoEdgesOfThisScopeAreLeftOut) {
  // A missing child, a scoped child, a joint from a link to itself.
  const Model m = Make({"a", "b"}, {"a>missing", "a>n::c", "b>b"});
  const TreeAnalysis t = AnalyzeTree(m);
  EXPECT_EQ(t.roots, (std::vector<std::string>{"a", "b"}));
  EXPECT_TRUE(t.extra_parents.empty());
  EXPECT_TRUE(t.unreached.empty());
  EXPECT_EQ(t.child_link_of_joint, (std::vector<long>{-1, -1, 1}));
}

TEST(TreeTest, AMissingParentStillMakesItsChildNoRoot) {
  const Model m = Make({"a", "b"}, {"missing>b"});
  const TreeAnalysis t = AnalyzeTree(m);
  EXPECT_EQ(t.roots, std::vector<std::string>{"a"});
  EXPECT_EQ(t.unreached, std::vector<size_t>{1});
}

TEST(TreeTest, DuplicateLinkNamesPointToTheFirst) {
  const Model m = Make({"a", "b", "b"}, {"a>b"});
  const TreeAnalysis t = AnalyzeTree(m);
  EXPECT_EQ(t.duplicate_links, std::vector<size_t>{2});
  EXPECT_EQ(t.FindLink(m, "b"), 1);
  EXPECT_FALSE(t.SharesEarlierName(m, 1));
  EXPECT_TRUE(t.SharesEarlierName(m, 2));
  ASSERT_NE(t.ParentJointOf(m, 2), nullptr);
  EXPECT_EQ(t.ParentJointOf(m, 2)->name, "j0");
}

TEST(TreeTest, CheckTreeTypesEachJointsProblem) {
  const Model m = Make({"a", "b", "c"}, {"world>a", "missing>b", "a>world",
                                         "a>nope", "c>c", "a>b", "n::x>c"});
  const TreeCheck c = CheckTree(m, AnalyzeTree(m));
  using Child = JointEdgeFinding::Child;
  ASSERT_EQ(c.joints.size(), 7u);
  EXPECT_TRUE(c.joints[0].from_world);
  EXPECT_EQ(c.joints[0].child, Child::kOk);
  EXPECT_TRUE(c.joints[1].parent_missing);
  EXPECT_EQ(c.joints[1].child, Child::kOk);
  EXPECT_EQ(c.joints[2].child, Child::kIsWorld);
  EXPECT_EQ(c.joints[3].child, Child::kMissing);
  EXPECT_EQ(c.joints[4].child, Child::kIsParent);
  EXPECT_EQ(c.joints[5].child, Child::kSecondParent);
  EXPECT_EQ(c.joints[5].first_parent, 1u);
  EXPECT_TRUE(c.joints[6].scoped);
  EXPECT_TRUE(c.joints[6].parent_missing);
  EXPECT_FALSE(c.edges_ok);
  // "world" first, then the links that are no joint's child.
  EXPECT_EQ(c.roots, (std::vector<std::string>{"world"}));
}

TEST(TreeTest, CheckTreeOfATreeHasOneRootAndNoCycle) {
  const Model m = Make({"a", "b", "c"}, {"a>b", "a>c"});
  const TreeCheck c = CheckTree(m, AnalyzeTree(m));
  EXPECT_TRUE(c.edges_ok);
  EXPECT_EQ(c.roots, std::vector<std::string>{"a"});
  EXPECT_TRUE(c.cycle_links.empty());
}

}  // namespace
}  // namespace frames
