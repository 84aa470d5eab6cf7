#include "tools/benchmark/harness.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace benchmark {
namespace {

const char kSdf[] =
    "<sdf version='1.7'><model name='m'>"
    "<link name='a'/><frame name='f'/><joint name='j'/><link name='b'/>"
    "<model name='nested'><link name='c'/></model>"
    "</model></sdf>";

TEST(CountChildren, CountsDirectChildrenByName) {
  EXPECT_EQ(CountChildren(kSdf, {"sdf", "model"}, {"link", "joint", "frame"}),
            (std::vector<long long>{2, 1, 1}));
  EXPECT_EQ(CountChildren(kSdf, {"sdf"}, {"model", "link"}),
            (std::vector<long long>{1, 0}));
}

TEST(CountChildren, EmptyWithoutThePathOrOnBadXml) {
  EXPECT_TRUE(CountChildren(kSdf, {"robot"}, {"link"}).empty());
  EXPECT_TRUE(CountChildren(kSdf, {"sdf", "world"}, {"link"}).empty());
  EXPECT_TRUE(CountChildren("<sdf><model>", {"sdf"}, {"model"}).empty());
}

TEST(CountsDiffer, SaysWhatDiffers) {
  EXPECT_EQ(CountsDiffer({"links", "joints"}, {4, 3}, {4, 3}), "");
  EXPECT_EQ(CountsDiffer({"links", "joints"}, {3, 2}, {4, 3}),
            "3 links and 2 joints, expected 4 and 3");
  EXPECT_EQ(CountsDiffer({"links", "joints", "frames"}, {1, 2, 3}, {1, 2, 4}),
            "1 links, 2 joints and 3 frames, expected 1, 2 and 4");
}

TEST(OutputDiffers, ChecksTheCountsAtThePath) {
  EXPECT_EQ(OutputDiffers(kSdf, {"sdf", "model"}, {"link", "frame"}, {2, 1}),
            "");
  EXPECT_EQ(OutputDiffers(kSdf, {"sdf", "model"}, {"link"}, {3}),
            "output has 2 links, expected 3");
  EXPECT_EQ(OutputDiffers(kSdf, {"robot"}, {"link"}, {2}),
            "no /robot in the output");
}

}  // namespace
}  // namespace benchmark
