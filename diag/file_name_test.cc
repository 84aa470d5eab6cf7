#include "diag/file_name.h"

#include <map>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "diag/diagnostics.h"

namespace frames {
namespace {

TEST(FileNameTest, EmptyByDefault) {
  FileName f;
  EXPECT_TRUE(f.empty());
  EXPECT_EQ(f.size(), 0u);
  EXPECT_EQ(f.str(), "");
  EXPECT_TRUE(f == "");
  EXPECT_TRUE(f == FileName(""));
  EXPECT_TRUE(FileName(std::string()).empty());
}

TEST(FileNameTest, ReadsAsAString) {
  const FileName f = std::string("/some/dir/robot.urdf");
  const std::string& s = f;
  EXPECT_EQ(s, "/some/dir/robot.urdf");
  EXPECT_FALSE(f.empty());
  EXPECT_EQ(f.size(), 20u);
  EXPECT_EQ(f.front(), '/');
  EXPECT_EQ(f.substr(10), "robot.urdf");
  EXPECT_EQ(f.compare(0, 5, "/some"), 0);
  EXPECT_LT(f.compare("/ted"), 0);
  EXPECT_EQ(f.rfind('/'), 9u);
  EXPECT_TRUE(f == "/some/dir/robot.urdf");
  EXPECT_TRUE("/some/dir/robot.urdf" == f);
  EXPECT_TRUE(f == std::string("/some/dir/robot.urdf"));
  EXPECT_TRUE(f != "other.urdf");
  EXPECT_EQ(f + ":3", "/some/dir/robot.urdf:3");
  EXPECT_EQ("in " + f, "in /some/dir/robot.urdf");
  EXPECT_EQ(std::string("in ") + f, "in /some/dir/robot.urdf");
  std::ostringstream os;
  os << f;
  EXPECT_EQ(os.str(), "/some/dir/robot.urdf");
  std::map<std::string, int> by_name;
  by_name[f] = 1;
  EXPECT_EQ(by_name.count("/some/dir/robot.urdf"), 1u);
}

// Copies share the one string; names made apart compare by their text.
TEST(FileNameTest, CopiesShareTheString) {
  const FileName f("a/long/path/to/a/file/well/past/the/small/buffer.sdf");
  const FileName g = f;
  EXPECT_EQ(&f.str(), &g.str());
  EXPECT_TRUE(f == g);
  const FileName h("a/long/path/to/a/file/well/past/the/small/buffer.sdf");
  EXPECT_NE(&f.str(), &h.str());
  EXPECT_TRUE(f == h);
  EXPECT_FALSE(f < h);
  EXPECT_TRUE(FileName("a") < FileName("b"));
  const SourceLocation at{f, 7};
  SourceLocation copy = at;
  EXPECT_EQ(&copy.file.str(), &f.str());
  EXPECT_EQ(copy.line, 7);
}

// Copied and dropped from many threads at once (as the helper threads of a
// large conversion do): the count is shared, nothing else (run under tsan
// and asan by their configurations).
TEST(FileNameTest, ThreadSafeCopies) {
  const FileName f("shared/by/every/thread/model.sdf");
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&f] {
      std::vector<SourceLocation> at;
      for (int i = 0; i < 1000; ++i) at.push_back({f, i});
      for (const auto& a : at) ASSERT_EQ(a.file, "shared/by/every/thread/model.sdf");
    });
  }
  for (auto& t : threads) t.join();
  EXPECT_EQ(f.str(), "shared/by/every/thread/model.sdf");
}

TEST(FileNameTest, DiagnosticsFormatAndSortByIt) {
  Diagnostics diags;
  diags.Error(Code::IO_ERROR, "second", {FileName("b.urdf"), 1});
  diags.Warning(Code::IO_ERROR, "first", {"a.urdf", 9});
  diags.Error(Code::IO_ERROR, "none", {});
  diags.SortByLocation();
  ASSERT_EQ(diags.all().size(), 3u);
  EXPECT_EQ(Format(diags.all()[0]), "<input>: error: none [IO_ERROR]");
  EXPECT_EQ(Format(diags.all()[1]), "a.urdf:9: warning: first [IO_ERROR]");
  EXPECT_EQ(Format(diags.all()[2]), "b.urdf:1: error: second [IO_ERROR]");
}

}  // namespace
}  // namespace frames
