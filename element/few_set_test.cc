#include "element/few_set.h"

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

namespace frames {
namespace {

// The same answers before, at and after the switch from scanning to
// hashing: each name is new once, and found afterwards.
TEST(FewSetTest, SameAnswersAcrossTheSwitch) {
  std::vector<std::string> names;
  for (int i = 0; i < 100; ++i) names.push_back("n" + std::to_string(i));
  FewSet<std::string_view, std::hash<std::string_view>, 4> set;
  for (size_t i = 0; i < names.size(); ++i) {
    EXPECT_FALSE(set.Contains(names[i])) << i;
    EXPECT_TRUE(set.Insert(names[i])) << i;
    for (size_t j = 0; j <= i; ++j) {
      EXPECT_TRUE(set.Contains(names[j])) << i << " " << j;
      EXPECT_FALSE(set.Insert(names[j])) << i << " " << j;
    }
    EXPECT_FALSE(set.Contains("n" + std::to_string(i + 1))) << i;
  }
}

TEST(FewSetTest, PairsOfViews) {
  using Key = std::pair<std::string_view, std::string_view>;
  FewSet<Key, ViewPairHash, 2> set;
  EXPECT_TRUE(set.Insert({"visual", "a"}));
  EXPECT_TRUE(set.Insert({"collision", "a"}));
  EXPECT_FALSE(set.Insert({"visual", "a"}));  // hashed from here on
  EXPECT_TRUE(set.Insert({"visual", "b"}));
  EXPECT_FALSE(set.Insert({"collision", "a"}));
  EXPECT_TRUE(set.Contains({"visual", "b"}));
  EXPECT_FALSE(set.Contains({"sensor", "a"}));
}

}  // namespace
}  // namespace frames
