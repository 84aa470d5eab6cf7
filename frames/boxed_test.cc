#include "frames/boxed.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "frames/model.h"

namespace frames {
namespace {

TEST(BoxedTest, EmptyByDefaultAndFromNullopt) {
  Boxed<std::string> a;
  EXPECT_FALSE(a.has_value());
  EXPECT_FALSE(a);
  EXPECT_TRUE(a == std::nullopt);
  EXPECT_TRUE(std::nullopt == a);
  EXPECT_FALSE(a != std::nullopt);
  Boxed<std::string> b = std::nullopt;
  EXPECT_FALSE(b);
  EXPECT_TRUE(a == b);
  EXPECT_THROW(a.value(), std::bad_optional_access);
  EXPECT_EQ(a.value_or("fallback"), "fallback");
}

TEST(BoxedTest, HoldsAValue) {
  Boxed<std::string> a = std::string("abc");
  ASSERT_TRUE(a.has_value());
  EXPECT_TRUE(static_cast<bool>(a));
  EXPECT_EQ(*a, "abc");
  EXPECT_EQ(a->size(), 3u);
  EXPECT_EQ(a.value(), "abc");
  EXPECT_EQ(a.value_or("fallback"), "abc");
  EXPECT_TRUE(a == std::string("abc"));
  EXPECT_TRUE(std::string("abc") == a);
  EXPECT_TRUE(a != std::string("abd"));
  EXPECT_TRUE(a != std::nullopt);
  a->push_back('d');
  EXPECT_EQ(*a, "abcd");
}

TEST(BoxedTest, AssignValueEmplaceReset) {
  Boxed<std::string> a;
  a = "one";  // makes one
  EXPECT_EQ(*a, "one");
  const std::string* held = &*a;
  a = std::string("two");  // assigns into the one held
  EXPECT_EQ(*a, "two");
  EXPECT_EQ(&*a, held);
  EXPECT_EQ(a.emplace(3, 'x'), "xxx");
  EXPECT_EQ(*a, "xxx");
  a.reset();
  EXPECT_FALSE(a);
  a.emplace();
  ASSERT_TRUE(a);
  EXPECT_EQ(*a, "");
  a = std::nullopt;
  EXPECT_FALSE(a);
}

TEST(BoxedTest, CopyIsDeep) {
  Boxed<std::vector<int>> a = std::vector<int>{1, 2, 3};
  Boxed<std::vector<int>> b = a;
  ASSERT_TRUE(b);
  EXPECT_NE(&*a, &*b);
  EXPECT_TRUE(a == b);
  b->push_back(4);
  EXPECT_EQ(a->size(), 3u);
  EXPECT_TRUE(a != b);
  // Copy-assigning over a value, over nothing, and from nothing.
  a = b;
  EXPECT_EQ(a->size(), 4u);
  EXPECT_NE(&*a, &*b);
  Boxed<std::vector<int>> c;
  c = a;
  EXPECT_EQ(*c, *a);
  c = Boxed<std::vector<int>>();
  EXPECT_FALSE(c);
  // Self-assignment keeps the value.
  const Boxed<std::vector<int>>& same = a;
  a = same;
  EXPECT_EQ(a->size(), 4u);
}

TEST(BoxedTest, MoveMovesThePointer) {
  Boxed<std::string> a = std::string(100, 'x');
  const std::string* held = &*a;
  Boxed<std::string> b = std::move(a);
  ASSERT_TRUE(b);
  EXPECT_EQ(&*b, held);
  Boxed<std::string> c;
  c = std::move(b);
  EXPECT_EQ(&*c, held);
  std::string out = *std::move(c);
  EXPECT_EQ(out, std::string(100, 'x'));
}

TEST(BoxedTest, ToAndFromStdOptional) {
  std::optional<int> o = 5;
  Boxed<int> a = o;
  EXPECT_EQ(*a, 5);
  EXPECT_TRUE(a == o);
  EXPECT_TRUE(o == a);
  std::optional<int> none;
  EXPECT_TRUE(a != none);
  a = none;
  EXPECT_FALSE(a);
  a = o;
  EXPECT_EQ(*a, 5);
  EXPECT_EQ(a.optional(), o);
  EXPECT_EQ(Boxed<int>().optional(), std::nullopt);
}

// What the model boxes: absent parts cost a pointer, and a copied link or
// joint owns its own parts.
TEST(BoxedTest, ModelPartsAreBoxed) {
  static_assert(sizeof(Boxed<Material>) == sizeof(void*));
  static_assert(sizeof(Boxed<JointAxis>) == sizeof(void*));
  Visual v;
  EXPECT_FALSE(v.material);
  v.material.emplace().name = "red";
  Visual w = v;
  w.material->name = "blue";
  EXPECT_EQ(v.material->name, "red");
  Joint j;
  j.mimic = Mimic{"other", 2.0, std::nullopt};
  Joint k = j;
  EXPECT_TRUE(k.mimic);
  EXPECT_EQ(k.mimic->joint, "other");
  EXPECT_EQ(*k.mimic->multiplier, 2.0);
  EXPECT_NE(&*k.mimic, &*j.mimic);
  Pose p;
  EXPECT_FALSE(p.quat_xyzw);
  p.quat_xyzw = Eigen::Vector4d(0, 0, 0, 1);
  EXPECT_EQ((*p.quat_xyzw)(3), 1.0);
}

}  // namespace
}  // namespace frames
