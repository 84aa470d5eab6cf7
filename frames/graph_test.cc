#include "frames/graph.h"

#include <gtest/gtest.h>

#include "frames/tree.h"

namespace frames {
namespace {

Pose P(double x, double y, double z, double r, double p, double yaw,
       std::string rel = {}) {
  Pose pose;
  pose.xyz = Vector3(x, y, z);
  pose.rpy = Vector3(r, p, yaw);
  pose.relative_to = std::move(rel);
  return pose;
}

Link L(const std::string& name, Pose pose = {}) {
  Link l;
  l.name = name;
  l.pose = std::move(pose);
  return l;
}

Joint J(const std::string& name, const std::string& parent,
        const std::string& child, Pose pose = {}) {
  Joint j;
  j.name = name;
  j.parent = parent;
  j.child = child;
  j.type = JointType::kRevolute;
  j.pose = std::move(pose);
  return j;
}

// The spec's "Parity with URDF" model: joint poses relative_to the parent
// link, link poses relative_to their joint.
Model UrdfParityModel() {
  Model m;
  m.name = "model";
  m.links = {L("link1"), L("link2", P(0, 0, 0, 0, 0, 0, "joint1")),
             L("link3", P(0, 0, 0, 0, 0, 0, "joint2")),
             L("link4", P(0, 0, 0, 0, 0, 0, "joint3"))};
  m.joints = {J("joint1", "link1", "link2", P(1, 0, 0, 0, 0, M_PI / 2, "link1")),
              J("joint2", "link1", "link3", P(0, 2, 0, 0, 0, 0, "link1")),
              J("joint3", "link3", "link4", P(0, 0, 3, M_PI / 2, 0, 0, "link3"))};
  return m;
}

TEST(FrameGraphTest, ResolvesUrdfParityModel) {
  Diagnostics d;
  FrameGraph g = FrameGraph::Build(UrdfParityModel(), &d);
  ASSERT_TRUE(g.ok()) << d.ToString();
  EXPECT_TRUE(g.PoseInModel("link1")->isApprox(Isometry3::Identity()));
  EXPECT_TRUE(g.PoseInModel("link2")->translation().isApprox(Vector3(1, 0, 0)));
  EXPECT_TRUE(g.PoseInModel("link4")->translation().isApprox(Vector3(0, 2, 3)));
  auto X_L2L4 = g.Resolve("link4", "link2");
  ASSERT_TRUE(X_L2L4.has_value());
  // link2 is rotated 90 degrees about z at (1,0,0); link4 is at (0,2,3).
  EXPECT_TRUE(X_L2L4->translation().isApprox(Vector3(2, 1, 3), 1e-12));
  EXPECT_EQ(g.AttachedLink("joint3"), "link4");
  // A pose written on an element of link4 (default frame), seen from link2:
  // link4 is rolled 90 degrees, so its +z is the model's -y.
  auto X_L2S = g.ResolvePose(P(0, 0, 1, 0, 0, 0), "link4", "link2");
  ASSERT_TRUE(X_L2S.has_value());
  EXPECT_TRUE(X_L2S->translation().isApprox(Vector3(1, 1, 3), 1e-12));
  EXPECT_EQ(g.AttachedLink("__model__"), "link1");
  EXPECT_EQ(g.canonical_link(), "link1");
}

TEST(FrameGraphTest, ReportsDuplicateAndReservedNames) {
  Model m = UrdfParityModel();
  m.frames.push_back(Frame{"link2", "", {}, {}, {"f.sdf", 7}});
  m.frames.push_back(Frame{"__bad__", "", {}, {}, {"f.sdf", 8}});
  Diagnostics d;
  FrameGraph g = FrameGraph::Build(m, &d);
  EXPECT_FALSE(g.ok());
  EXPECT_TRUE(d.Has(Code::DUPLICATE_NAME));
  EXPECT_TRUE(d.Has(Code::RESERVED_NAME));
  EXPECT_EQ(d.error_count(), 2);
}

// Two visuals (or two collisions) of one link with one name: one
// DUPLICATE_NAME for each repeat, at the repeat, whether the link has a few
// children (compared in place) or many (indexed); a visual and a collision
// may share a name.
TEST(FrameGraphTest, ReportsDuplicateShapeNamesInALink) {
  for (int shapes : {2, 40}) {
    Model m = UrdfParityModel();
    Link& l = m.links[0];
    for (int k = 0; k < shapes; ++k) {
      Visual v;
      v.name = "v" + std::to_string(k);
      v.where = {"f.sdf", 100 + k};
      l.visuals.push_back(v);
      Collision c;
      c.name = v.name;
      c.where = {"f.sdf", 200 + k};
      l.collisions.push_back(c);
    }
    Visual again = l.visuals[0];
    again.where = {"f.sdf", 300};
    l.visuals.push_back(again);
    Collision twice = l.collisions[shapes - 1];
    twice.where = {"f.sdf", 301};
    l.collisions.push_back(twice);
    Diagnostics d;
    FrameGraph::Build(m, &d);
    ASSERT_EQ(d.error_count(), 2) << shapes;
    std::vector<int> lines;
    for (const Diagnostic& e : d.all()) {
      EXPECT_EQ(e.code, Code::DUPLICATE_NAME);
      lines.push_back(e.where.line);
    }
    EXPECT_EQ(lines, (std::vector<int>{300, 301})) << shapes;
  }
}

// Children of one link: a name used twice by siblings of one kind is an
// error on the second (and any later) one, whether the link has a few
// children (compared pairwise) or many (through a set); the same name on
// siblings of different kinds, or unnamed ones, is not.
TEST(FrameGraphTest, ReportsLinkChildrenOfOneKindSharingAName) {
  for (int extra : {0, 12}) {
    Model m = UrdfParityModel();
    Link& l = m.links[0];
    auto visual = [](const std::string& name, int line) {
      Visual v;
      v.name = name;
      v.where = {"f.sdf", line};
      return v;
    };
    l.visuals = {visual("a", 1), visual("b", 2), visual("a", 3),
                 visual("", 4), visual("", 5), visual("a", 6)};
    for (int k = 0; k < extra; ++k)
      l.visuals.push_back(visual("v" + std::to_string(k), 100 + k));
    Collision c;
    c.name = "a";  // a collision may share a visual's name
    l.collisions = {c};
    Element sensor;
    sensor.name = "sensor";
    sensor.attributes = {{"name", "b"}};
    sensor.where = {"f.sdf", 9};
    l.extensions = {sensor, sensor};
    Diagnostics d;
    FrameGraph g = FrameGraph::Build(m, &d);
    EXPECT_FALSE(g.ok());
    ASSERT_EQ(d.error_count(), 3) << extra << "\n" << d.ToString();
    EXPECT_EQ(d.all()[0].message,
              "visual name 'a' is used twice in link 'link1'");
    EXPECT_EQ(d.all()[0].where.line, 3);
    EXPECT_EQ(d.all()[1].where.line, 6);
    EXPECT_EQ(d.all()[2].message,
              "sensor name 'b' is used twice in link 'link1'");
  }
}

TEST(FrameGraphTest, ReportsRelativeToCycle) {
  Model m;
  m.name = "m";
  m.links = {L("base")};
  Frame a{"a", "", P(0, 0, 0, 0, 0, 0, "b"), {}};
  Frame b{"b", "", P(0, 0, 0, 0, 0, 0, "a"), {}};
  m.frames = {a, b};
  Diagnostics d;
  FrameGraph g = FrameGraph::Build(m, &d);
  EXPECT_FALSE(g.ok());
  EXPECT_TRUE(d.Has(Code::POSE_RELATIVE_TO_CYCLE)) << d.ToString();
  EXPECT_FALSE(g.PoseInModel("a").has_value());
}

TEST(FrameGraphTest, ReportsAttachedToCycleAndInvalid) {
  Model m;
  m.name = "m";
  m.links = {L("base")};
  m.frames = {Frame{"a", "b", {}, {}}, Frame{"b", "a", {}, {}},
              Frame{"c", "nowhere", {}, {}}};
  Diagnostics d;
  FrameGraph g = FrameGraph::Build(m, &d);
  EXPECT_TRUE(d.Has(Code::FRAME_ATTACHED_TO_CYCLE)) << d.ToString();
  EXPECT_TRUE(d.Has(Code::FRAME_ATTACHED_TO_INVALID)) << d.ToString();
}

TEST(FrameGraphTest, ReportsJointLinkProblems) {
  Model m;
  m.name = "m";
  m.links = {L("a")};
  m.joints = {J("j1", "a", "missing"), J("j2", "a", "a"), J("j3", "a", "world")};
  Diagnostics d;
  FrameGraph::Build(m, &d);
  EXPECT_TRUE(d.Has(Code::JOINT_CHILD_LINK_INVALID));
  EXPECT_TRUE(d.Has(Code::JOINT_PARENT_SAME_AS_CHILD));
}

TEST(FrameGraphTest, FramePosesDefaultToAttachedTo) {
  Model m;
  m.name = "m";
  m.links = {L("base", P(1, 0, 0, 0, 0, 0))};
  m.frames = {Frame{"tool", "base", P(0, 0, 1, 0, 0, 0), {}}};
  Diagnostics d;
  FrameGraph g = FrameGraph::Build(m, &d);
  ASSERT_TRUE(g.ok());
  EXPECT_TRUE(g.PoseInModel("tool")->translation().isApprox(Vector3(1, 0, 1)));
  EXPECT_EQ(g.AttachedLink("tool"), "base");
}

TEST(FrameGraphTest, ModelWithoutLinks) {
  Model m;
  m.name = "empty";
  Diagnostics d;
  FrameGraph::Build(m, &d);
  EXPECT_TRUE(d.Has(Code::MODEL_WITHOUT_LINK));
}

TEST(TreeAnalysisTest, ParityModelIsOneTree) {
  const Model m = UrdfParityModel();
  const TreeAnalysis t = AnalyzeTree(m);
  EXPECT_EQ(t.roots, std::vector<std::string>{"link1"});
  EXPECT_TRUE(t.extra_parents.empty());
  EXPECT_TRUE(t.unreached.empty());
  EXPECT_FALSE(t.from_world);
  EXPECT_EQ(t.ParentJoint(m, "link4")->name, "joint3");
  EXPECT_EQ(t.ParentJoint(m, "link1"), nullptr);
}

TEST(TreeAnalysisTest, FindsSecondParentsRootsAndLoops) {
  Model m;
  m.links = {L("a"), L("b"), L("c"), L("d"), L("e")};
  // b has two parents; d and e form a loop; c is a second root.
  m.joints = {J("j1", "a", "b"), J("j2", "c", "b"), J("j3", "d", "e"),
              J("j4", "e", "d"), J("j5", "world", "missing")};
  const TreeAnalysis t = AnalyzeTree(m);
  EXPECT_EQ(t.extra_parents,
            (std::vector<std::pair<size_t, size_t>>{{0, 1}}));
  EXPECT_EQ(t.roots, (std::vector<std::string>{"a", "c"}));
  EXPECT_EQ(t.unreached, (std::vector<size_t>{3, 4}));
  EXPECT_TRUE(t.from_world);
  // b's two parents lie in separate trees; d and e close a cycle.
  EXPECT_FALSE(LoopThroughParents(m, t, 0, 1));
  EXPECT_EQ(JointCycles(m, t), (std::vector<std::vector<size_t>>{{2, 3}}));
}

TEST(TreeAnalysisTest, NamesTheJointsOfAFourBar) {
  Model m;
  m.links = {L("ground"), L("crank"), L("coupler"), L("rocker")};
  m.joints = {J("j1", "ground", "crank"), J("j2", "crank", "coupler"),
              J("j3", "coupler", "rocker"), J("j4", "ground", "rocker")};
  const TreeAnalysis t = AnalyzeTree(m);
  ASSERT_EQ(t.extra_parents, (std::vector<std::pair<size_t, size_t>>{{2, 3}}));
  EXPECT_EQ(LoopThroughParents(m, t, 2, 3),
            (std::vector<size_t>{0, 1, 2, 3}));
}

// SDFormat 1.8 composition (model_composition_1.8.txt).

// The spec's simple_world (1.3.2) with its world joint, built directly (the
// reader's //world/joint is not needed for the graph).
World SimpleWorld(const std::string& parent, const std::string& child) {
  World w;
  w.name = "simple_world";
  w.source_version = "1.10";
  w.frames = {Frame{"world_frame", "", P(0, 1, 0, 0, 0, 1.2), {}, {}},
              Frame{"world_scope_frame", "world_frame", {}, {}, {}}};
  Model m;
  m.name = "top_model";
  m.source_version = "1.10";
  m.pose = P(3, 0, 0, 0, 0, 0, "world_frame");
  m.frames = {Frame{"top_frame", "", P(0, 0, 0.5, 0, 0, 0), {}, {}}};
  m.links = {L("top_link", P(0.2, 0, 0, 0, 0, 0.4, "top_frame"))};
  w.models = {m};
  Joint j = J("top_model_weld", parent, child);
  j.type = JointType::kFixed;
  w.joints = {j};
  return w;
}

TEST(CompositionTest, WorldJointsResolveInTheWorldScope) {
  for (const char* parent : {"world", "world_frame"}) {
    Diagnostics d;
    FrameGraph g =
        FrameGraph::BuildWorld(SimpleWorld(parent, "top_model::top_link"), &d);
    ASSERT_TRUE(g.ok()) << parent << "\n" << d.ToString();
    // The joint frame is posed in (and attached to) its child frame.
    const auto X_WJ = g.PoseInModel("top_model_weld");
    const auto X_WL = g.PoseInModel("top_model::top_link");
    ASSERT_TRUE(X_WJ && X_WL);
    EXPECT_TRUE(X_WJ->isApprox(*X_WL, 1e-12));
    // X_WL = X_W,world_frame * X_M * X_top_frame * X_top_link.
    const Isometry3 expected = P(0, 1, 0, 0, 0, 1.2).ToIsometry() *
                               P(3, 0, 0, 0, 0, 0).ToIsometry() *
                               P(0, 0, 0.5, 0, 0, 0).ToIsometry() *
                               P(0.2, 0, 0, 0, 0, 0.4).ToIsometry();
    EXPECT_TRUE(X_WL->isApprox(expected, 1e-12));
    EXPECT_EQ(g.AttachedLink("top_model_weld"), "top_model::top_link");
  }
}

TEST(CompositionTest, WorldJointChildWithoutScopeIsBadScope) {
  Diagnostics d;
  FrameGraph g = FrameGraph::BuildWorld(SimpleWorld("world", "top_link"), &d);
  EXPECT_FALSE(g.ok());
  ASSERT_EQ(d.error_count(), 1) << d.ToString();
  EXPECT_EQ(d.all().front().code, Code::REFERENCE_BAD_SCOPE) << d.ToString();
  EXPECT_NE(d.all().front().message.find("top_model::top_link"),
            std::string::npos);
}

TEST(CompositionTest, WorldJointChildAttachedToTheWorldIsInvalid) {
  Diagnostics d;
  FrameGraph::BuildWorld(SimpleWorld("top_model::top_link", "world_frame"), &d);
  EXPECT_TRUE(d.Has(Code::JOINT_CHILD_LINK_INVALID)) << d.ToString();
}

// A nested model included with a placement frame: its pose places the
// placement frame, not its model frame.
Model Mug(bool with_pose) {
  Model mug;
  mug.name = "mug";
  mug.source_version = "1.8";
  mug.links = {L("body", P(0, 0, 0.05, 0, 0, 0))};
  mug.frames = {Frame{"bottom_center", "body", P(0, 0, -0.05, 0.3, 0, 0), {}, {}}};
  mug.placement_frame = "bottom_center";
  mug.pose = P(1, 2, 3, 0, 0, 0.5, "super_frame");
  Element include{"include", {}, "", {}, {}};
  include.children.push_back(Element::Leaf("placement_frame", "bottom_center", {}));
  if (with_pose) include.children.push_back(Element::Leaf("pose", "1 2 3 0 0 0.5", {}));
  mug.include = include;
  return mug;
}

TEST(CompositionTest, PlacementFramePlacesTheIncludedModel) {
  Model m;
  m.name = "super_model";
  m.source_version = "1.8";
  m.links = {L("base")};
  m.frames = {Frame{"super_frame", "", P(0.3, 0.2, 0.1, 0, 0, 0.6), {}, {}}};
  m.models = {Mug(true)};
  Diagnostics d;
  FrameGraph g = FrameGraph::Build(m, &d);
  ASSERT_TRUE(g.ok()) << d.ToString();
  const Isometry3 X_MP = P(0.3, 0.2, 0.1, 0, 0, 0.6).ToIsometry() *
                         P(1, 2, 3, 0, 0, 0.5).ToIsometry();
  EXPECT_TRUE(g.PoseInModel("mug::bottom_center")->isApprox(X_MP, 1e-12));
  // X_M,mug = X_MP * X_P,mug, X_mug,P = (0 0 0.05) * (0 0 -0.05 0.3 0 0).
  const Isometry3 X_mugP = P(0, 0, 0, 0.3, 0, 0).ToIsometry();
  EXPECT_TRUE(g.PoseInModel("mug")->isApprox(X_MP * X_mugP.inverse(), 1e-12));
  EXPECT_EQ(g.AttachedLink("mug::bottom_center"), "mug::body");
}

TEST(CompositionTest, PlacementFrameErrors) {
  Model m;
  m.name = "super_model";
  m.source_version = "1.8";
  m.links = {L("base")};
  m.frames = {Frame{"super_frame", "", {}, {}, {}}};
  m.models = {Mug(false)};
  Diagnostics d;
  EXPECT_FALSE(FrameGraph::Build(m, &d).ok());
  EXPECT_TRUE(d.Has(Code::PLACEMENT_FRAME_WITHOUT_POSE)) << d.ToString();
  m.models = {Mug(true)};
  m.models[0].placement_frame = "rim";
  Diagnostics d2;
  EXPECT_FALSE(FrameGraph::Build(m, &d2).ok());
  EXPECT_TRUE(d2.Has(Code::MODEL_PLACEMENT_FRAME_INVALID)) << d2.ToString();
}

TEST(CompositionTest, TopLevelPlacementFrameMustExist) {
  Model m = Mug(true);
  m.include.reset();
  Diagnostics d;
  EXPECT_TRUE(FrameGraph::Build(m, &d).ok()) << d.ToString();
  EXPECT_TRUE(FrameGraph::Build(m, &d).PlacementInModel(m.placement_frame)
                  ->isApprox(P(0, 0, 0, 0.3, 0, 0).ToIsometry(), 1e-12));
  m.placement_frame = "rim";
  Diagnostics d2;
  EXPECT_FALSE(FrameGraph::Build(m, &d2).ok());
  EXPECT_TRUE(d2.Has(Code::MODEL_PLACEMENT_FRAME_INVALID)) << d2.ToString();
}

TEST(CompositionTest, ScopesNamingThemselvesOrTheirOutsideAreShadowing) {
  Model inner;
  inner.name = "inner";
  inner.source_version = "1.8";
  inner.links = {L("il", P(0, 0, 0, 0, 0, 0, "outer_frame"))};
  inner.frames = {Frame{"self", "inner::il", {}, {}, {}}};
  Model m;
  m.name = "outer";
  m.source_version = "1.8";
  m.links = {L("ol")};
  m.frames = {Frame{"outer_frame", "", {}, {}, {}}};
  m.models = {inner};
  Diagnostics d;
  EXPECT_FALSE(FrameGraph::Build(m, &d).ok());
  ASSERT_EQ(d.error_count(), 2) << d.ToString();
  for (const auto& diag : d.all())
    EXPECT_EQ(diag.code, Code::REFERENCE_SHADOWING);
  EXPECT_NE(d.all()[0].message.find("this scope's own name"), std::string::npos)
      << d.ToString();
  // An included model is a file of its own: the including scope is not an
  // enclosing scope of its references.
  m.models[0].include = Element{"include", {}, "", {}, {}};
  m.models[0].frames.clear();
  Diagnostics d2;
  EXPECT_FALSE(FrameGraph::Build(m, &d2).ok());
  ASSERT_EQ(d2.error_count(), 1) << d2.ToString();
  EXPECT_EQ(d2.all()[0].code, Code::POSE_RELATIVE_TO_INVALID) << d2.ToString();
}

TEST(CompositionTest, JointsToFramesOnlyFrom18) {
  Model m;
  m.name = "m";
  m.links = {L("a"), L("b", P(0, 0, 1, 0, 0, 0))};
  m.frames = {Frame{"tip", "b", P(0, 1, 0, 0, 0, 0), {}, {}}};
  m.joints = {J("j", "a", "tip")};
  m.source_version = "1.7";
  Diagnostics d17;
  EXPECT_FALSE(FrameGraph::Build(m, &d17).ok());
  EXPECT_TRUE(d17.Has(Code::JOINT_CHILD_LINK_INVALID)) << d17.ToString();
  m.source_version = "1.8";
  Diagnostics d;
  FrameGraph g = FrameGraph::Build(m, &d);
  ASSERT_TRUE(g.ok()) << d.ToString();
  EXPECT_EQ(g.AttachedLink("j"), "b");
  EXPECT_TRUE(g.PoseInModel("j")->translation().isApprox(Vector3(0, 1, 1)));
}

}  // namespace
}  // namespace frames
