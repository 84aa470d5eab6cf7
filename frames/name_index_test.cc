#include "frames/name_index.h"

#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace frames {
namespace {

TEST(NameIndexTest, EmptyFindsNothing) {
  const NameIndex index;
  const std::vector<std::string> names;
  EXPECT_EQ(index.Find("a", [&](size_t k) { return names[k]; }), -1);
  EXPECT_EQ(index.size(), 0u);
}

TEST(NameIndexTest, InsertKeepsTheFirstPositionOfAName) {
  const std::vector<std::string> names = {"a", "b", "a"};
  const auto at = [&](size_t k) -> std::string_view { return names[k]; };
  NameIndex index;
  EXPECT_EQ(index.Insert(names[0], 0, at), 0);
  EXPECT_EQ(index.Insert(names[1], 1, at), 1);
  EXPECT_EQ(index.Insert(names[2], 2, at), 0);  // "a" is at 0 already
  EXPECT_EQ(index.size(), 2u);
  EXPECT_EQ(index.Find("a", at), 0);
  EXPECT_EQ(index.Find("b", at), 1);
  EXPECT_EQ(index.Find("c", at), -1);
  EXPECT_EQ(index.Find("", at), -1);
}

TEST(NameIndexTest, GrowsPastManyNamesAndFindsEveryOne) {
  std::vector<std::string> names;
  for (int k = 0; k < 5000; ++k) names.push_back("link_" + std::to_string(k));
  const auto at = [&](size_t k) -> std::string_view { return names[k]; };
  NameIndex index;  // no Reserve: grows while inserting
  for (size_t k = 0; k < names.size(); ++k)
    ASSERT_EQ(index.Insert(names[k], k, at), static_cast<long>(k));
  EXPECT_EQ(index.size(), names.size());
  for (size_t k = 0; k < names.size(); ++k)
    EXPECT_EQ(index.Find(names[k], at), static_cast<long>(k)) << names[k];
  EXPECT_EQ(index.Find("link_5000", at), -1);
}

TEST(NameIndexTest, ReserveKeepsWhatIsStoredAndACopyStaysValid) {
  const std::vector<std::string> names = {"x", "y", "z"};
  const auto at = [&](size_t k) -> std::string_view { return names[k]; };
  NameIndex index;
  for (size_t k = 0; k < names.size(); ++k) index.Insert(names[k], k, at);
  index.Reserve(1000);
  const NameIndex copy = index;
  for (size_t k = 0; k < names.size(); ++k) {
    EXPECT_EQ(index.Find(names[k], at), static_cast<long>(k));
    EXPECT_EQ(copy.Find(names[k], at), static_cast<long>(k));
  }
  index.Reserve(1);  // never shrinks
  EXPECT_EQ(index.Find("z", at), 2);
}

TEST(NameIndexTest, AheadGivesEachNamesKeyInTurn) {
  std::vector<std::string> names;
  for (int k = 0; k < 20; ++k) names.push_back("n" + std::to_string(k % 13));
  const auto at = [&](size_t k) -> std::string_view { return names[k]; };
  NameIndex index;
  index.Reserve(names.size());
  NameIndex::Ahead ahead(index, names.size(), at);
  for (size_t k = 0; k < names.size(); ++k) {
    const NameIndex::Key key = ahead.Take(k);
    EXPECT_EQ(key.name, names[k]);
    EXPECT_EQ(key.hash, NameIndex::KeyOf(names[k]).hash);
    // The first of each name keeps its position (names repeat from 13).
    EXPECT_EQ(index.Insert(key, k, at), static_cast<long>(k % 13));
  }
  EXPECT_EQ(index.size(), 13u);
  NameIndex::Ahead again(index, 3, at);  // fewer names than kAhead
  for (size_t k = 0; k < 3; ++k)
    EXPECT_EQ(index.Find(again.Take(k), at), static_cast<long>(k));
  EXPECT_EQ(index.Find(NameIndex::KeyOf("n13"), at), -1);
}

}  // namespace
}  // namespace frames
