#include "tools/benchmark/sdf_generator.h"

#include <gtest/gtest.h>

#include <sdf/Collision.hh>
#include <sdf/Frame.hh>
#include <sdf/Joint.hh>
#include <sdf/Link.hh>
#include <sdf/Model.hh>
#include <sdf/Root.hh>
#include <sdf/Visual.hh>
#include <string>

#include "diag/diagnostics.h"
#include "frames/graph.h"
#include "sdf_io/reader.h"
#include "testing/sanitizers.h"

namespace benchmark {
namespace {

constexpr SdfShape kShapes[] = {SdfShape::kChain, SdfShape::kTree,
                                SdfShape::kFrameHeavy};

TEST(SdfGeneratorTest, Deterministic) {
  EXPECT_EQ(GenerateSdf(SdfShape::kTree, 200).text,
            GenerateSdf(SdfShape::kTree, 200).text);
  EXPECT_NE(GenerateSdf(SdfShape::kTree, 200).text,
            GenerateSdf(SdfShape::kChain, 200).text);
}

TEST(SdfGeneratorTest, Counts) {
  const GeneratedSdf chain = GenerateSdf(SdfShape::kChain, 50);
  EXPECT_EQ(chain.links, 50);
  EXPECT_EQ(chain.joints, 49);
  EXPECT_EQ(chain.frames, 0);
  EXPECT_EQ(chain.depth, 49);
  // 1 + 3 + 9 + 27 + 81 = 121 links fill four levels below the root.
  EXPECT_EQ(GenerateSdf(SdfShape::kTree, 121, 3).depth, 4);
  const GeneratedSdf frames = GenerateSdf(SdfShape::kFrameHeavy, 10, 3, 6);
  EXPECT_EQ(frames.frames, 60);
  EXPECT_EQ(frames.depth, 9);
}

// libsdformat (the oracle) loads every shape at 1k links without an error,
// with every link, joint and frame, and resolves the last link and its
// visual where our frame graph puts them. Under AddressSanitizer or
// ThreadSanitizer 250 links: libsdformat's load of the 1k chain is
// quadratic and takes most of the 30 s of this test, ten times as long
// there (290 s of the 300 s limit measured under TSan).
TEST(SdfGeneratorTest, LoadsInLibsdformatAndOurReader) {
  const int n = test_support::kSlowSanitizer ? 250 : 1000;
  const std::string last_link = "link_" + std::to_string(n - 1);
  const std::string middle_link = "link_" + std::to_string(n / 2);
  const std::string last_joint = "joint_" + std::to_string(n - 1);
  for (const SdfShape shape : kShapes) {
    SCOPED_TRACE(SdfShapeName(shape));
    const GeneratedSdf g = GenerateSdf(shape, n);

    sdf::Root root;
    const sdf::Errors errors = root.LoadSdfString(g.text);
    for (const sdf::Error& e : errors) ADD_FAILURE() << e.Message();
    ASSERT_TRUE(errors.empty());
    const sdf::Model* model = root.Model();
    ASSERT_NE(model, nullptr);
    EXPECT_EQ(model->LinkCount(), static_cast<uint64_t>(n));
    EXPECT_EQ(model->JointCount(), static_cast<uint64_t>(n - 1));
    EXPECT_EQ(model->FrameCount(), static_cast<uint64_t>(g.frames));

    frames::Diagnostics diags;
    std::optional<sdf_io::SdfDocument> doc =
        sdf_io::ReadSdf(g.text, "generated.sdf", &diags);
    ASSERT_TRUE(doc.has_value());
    EXPECT_FALSE(diags.HasErrors()) << diags.ToString();
    ASSERT_EQ(doc->models.size(), 1u);
    const frames::Model& m = doc->models.front();
    EXPECT_EQ(m.links.size(), static_cast<size_t>(n));
    EXPECT_EQ(m.joints.size(), static_cast<size_t>(n - 1));
    EXPECT_EQ(m.frames.size(), static_cast<size_t>(g.frames));
    const frames::FrameGraph graph = frames::FrameGraph::Build(m, &diags);
    EXPECT_TRUE(graph.ok());
    EXPECT_FALSE(diags.HasErrors()) << diags.ToString();

    for (const std::string& name : {last_link, middle_link, last_joint}) {
      SCOPED_TRACE(name);
      ignition::math::Pose3d X_ML;
      const sdf::SemanticPose sp =
          name.rfind("link", 0) == 0
              ? model->LinkByName(name)->SemanticPose()
              : model->JointByName(name)->SemanticPose();
      ASSERT_TRUE(sp.Resolve(X_ML, "__model__").empty());
      const std::optional<frames::Isometry3> ours = graph.PoseInModel(name);
      ASSERT_TRUE(ours.has_value());
      EXPECT_NEAR(ours->translation().x(), X_ML.Pos().X(), 1e-6);
      EXPECT_NEAR(ours->translation().y(), X_ML.Pos().Y(), 1e-6);
      EXPECT_NEAR(ours->translation().z(), X_ML.Pos().Z(), 1e-6);
    }
    const sdf::Visual* visual = model->LinkByName(last_link)->VisualByIndex(0);
    ignition::math::Pose3d X_MV;
    ASSERT_TRUE(visual->SemanticPose().Resolve(X_MV, "__model__").empty());
    const frames::Visual& v = m.links.back().visuals.front();
    const std::optional<frames::Isometry3> ours =
        graph.ResolvePose(v.pose, last_link);
    ASSERT_TRUE(ours.has_value());
    EXPECT_NEAR(ours->translation().x(), X_MV.Pos().X(), 1e-6);
    EXPECT_NEAR(ours->translation().y(), X_MV.Pos().Y(), 1e-6);
    EXPECT_NEAR(ours->translation().z(), X_MV.Pos().Z(), 1e-6);
  }
}

}  // namespace
}  // namespace benchmark
