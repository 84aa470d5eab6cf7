// SdfToUrdfModelInterface hands out the robot that urdfdom parses from the
// URDF text SdfToUrdf writes: checked field by field (UrdfdomDiff, doubles
// with ==) on every sdf2urdf fixture that converts with default options,
// and the tree pointers are set.
#include "converter/sdf_to_urdfdom.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "converter/sdf_to_urdf.h"
#include "urdf_io/testing/urdfdom_compare.h"

namespace converter {
namespace {

constexpr char kDir[] = "testdata/sdf2urdf";

TEST(SdfToUrdfdomTest, FixturesEqualUrdfdomsParseOfTheText) {
  int compared = 0;
  for (const auto& entry : std::filesystem::directory_iterator(kDir)) {
    const std::string path = entry.path().string();
    if (entry.path().extension() != ".sdf") continue;
    // Debian's urdfdom reads URDF 1.0 only: the text is written as 1.0 (a
    // capsule carried in <gazebo>, which urdfdom drops; a quaternion pose
    // as rpy, which the model interface of a model declaring no version
    // holds as urdfdom's parse of that rpy).
    SdfToUrdfOptions as_1_0;
    as_1_0.urdf_version = "1.0";
    const ConversionResult text = SdfFileToUrdf(path, as_1_0);
    frames::Diagnostics diags;
    const urdf::ModelInterfaceSharedPtr ours =
        SdfFileToUrdfModelInterface(path, {}, &diags);
    ASSERT_EQ(text.ok, ours != nullptr) << path << "\n" << diags.ToString();
    if (!text.ok) continue;
    std::string why;
    const urdf::ModelInterfaceSharedPtr theirs =
        urdfdom_testing::ParseWithUrdfdom(text.output, &why);
    ASSERT_TRUE(theirs) << path << ": " << why;
    const std::vector<std::string> diff =
        urdfdom_testing::UrdfdomDiff().Compare(*ours, *theirs);
    std::string list;
    for (const auto& d : diff) list += "  " + d + "\n";
    EXPECT_TRUE(diff.empty()) << path << "\n" << list;
    ASSERT_TRUE(ours->getRoot()) << path;
    EXPECT_EQ(ours->getRoot()->name, theirs->getRoot()->name) << path;
    ++compared;
  }
  EXPECT_GE(compared, 10);
  std::cout << compared << " fixtures: SdfToUrdfModelInterface == urdfdom's "
            << "parse of SdfToUrdf's text\n";
}

TEST(SdfToUrdfdomTest, RefusedModelGivesNullAndTheReason) {
  frames::Diagnostics diags;
  EXPECT_FALSE(SdfToUrdfModelInterface(
      R"(<sdf version="1.7"><world name="w">
      <model name="a"><link name="l"/></model>
      <model name="b"><link name="l"/></model></world></sdf>)",
      "two.sdf", {}, &diags));
  EXPECT_TRUE(diags.Has(frames::Code::SDF_MODEL_NOT_SELECTED)) << diags.ToString();
}

}  // namespace
}  // namespace converter
