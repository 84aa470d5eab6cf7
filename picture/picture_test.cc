// picture::RobotPicture: a description read and drawn; the reader's errors
// and a picture that cannot be made reported as diagnostics.
#include "picture/picture.h"

#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "testing/corpus.h"

namespace {

using test_support::ReadFile;

TEST(PictureTest, DrawsEveryLinkOfAUrdf) {
  const std::string path = "testdata/urdf/joint_types.urdf";
  frames::Diagnostics diags;
  std::string svg;
  ASSERT_TRUE(picture::RobotPicture(ReadFile(path), path, {}, graph::GraphKind::kTree,
                                    graph::ImageFormat::kSvg, &svg, &diags))
      << diags.ToString();
  EXPECT_FALSE(diags.HasErrors());
  // Every <link name="..."> of the file, read here by plain text search.
  const std::string text = ReadFile(path);
  int links = 0;
  for (size_t at = 0; (at = text.find("<link name=\"", at)) != std::string::npos; ++links) {
    at += 12;
    const std::string name = text.substr(at, text.find('"', at) - at);
    EXPECT_NE(svg.find(">" + name + "</text>"), std::string::npos) << name;
  }
  EXPECT_GT(links, 1);
}

TEST(PictureTest, ReaderErrorsAreReportedAndNothingIsDrawn) {
  frames::Diagnostics diags;
  std::string out;
  EXPECT_FALSE(picture::RobotPicture("<robot name='r'><link name='a'>", "broken.urdf", {},
                                     graph::GraphKind::kTree, graph::ImageFormat::kDot,
                                     &out, &diags));
  EXPECT_TRUE(diags.HasErrors());
  EXPECT_FALSE(diags.Has(frames::Code::GRAPH_FAILED));
  EXPECT_TRUE(out.empty());
}

// A PNG too large to be legible (graph/render.h's bounds): GRAPH_FAILED
// naming the source, with the renderer's reason.
TEST(PictureTest, APictureThatCannotBeMadeIsGraphFailed) {
  std::ostringstream urdf;
  urdf << "<robot name='wide'><link name='root'/>";
  for (int i = 0; i < 1000; ++i) {
    urdf << "<link name='l" << i << "'/><joint name='j" << i
         << "' type='fixed'><parent link='root'/><child link='l" << i << "'/></joint>";
  }
  urdf << "</robot>";
  frames::Diagnostics diags;
  std::string out;
  EXPECT_FALSE(picture::RobotPicture(urdf.str(), "wide.urdf", {}, graph::GraphKind::kTree,
                                     graph::ImageFormat::kPng, &out, &diags));
  ASSERT_TRUE(diags.Has(frames::Code::GRAPH_FAILED)) << diags.ToString();
  EXPECT_NE(diags.ToString().find("wide.urdf"), std::string::npos);
  EXPECT_NE(diags.ToString().find("write .svg"), std::string::npos) << diags.ToString();
}

}  // namespace
