#include "sdf_io/packages.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "sdf_io/reader.h"

namespace sdf_io {
namespace {

namespace fs = std::filesystem;

void Write(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream(p) << text;
}

void MakePackage(const fs::path& dir, const std::string& name) {
  Write(dir / "package.xml",
        "<?xml version=\"1.0\"?>\n<package format=\"3\">\n  <name>" + name +
            "</name>\n  <version>1.0.0</version>\n</package>\n");
}

class PackagesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::path(std::getenv("TEST_TMPDIR")) /
            ::testing::UnitTest::GetInstance()->current_test_info()->name();
    fs::remove_all(root_);
    fs::create_directories(root_);
    ::unsetenv("ROS_PACKAGE_PATH");
    ::unsetenv("AMENT_PREFIX_PATH");
  }
  void TearDown() override {
    ::unsetenv("ROS_PACKAGE_PATH");
    ::unsetenv("AMENT_PREFIX_PATH");
  }
  fs::path root_;
};

TEST_F(PackagesTest, SplitsPackageUris) {
  auto s = SplitPackageUri("package://robot/meshes/a.dae");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->first, "robot");
  EXPECT_EQ(s->second, "meshes/a.dae");
  s = SplitPackageUri("package://robot");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->second, "");
  EXPECT_FALSE(SplitPackageUri("package:///meshes/a.dae"));
  EXPECT_FALSE(SplitPackageUri("model://robot/a.dae"));
}

TEST_F(PackagesTest, NameComesFromPackageXmlNotTheDirectory) {
  MakePackage(root_ / "src" / "dir_name", "real_name");
  EXPECT_EQ(PackageName((root_ / "src" / "dir_name").string()), "real_name");
  EXPECT_FALSE(PackageName((root_ / "src").string()));
  Write(root_ / "broken" / "package.xml", "<package><name></name></package>");
  EXPECT_FALSE(PackageName((root_ / "broken").string()));
}

TEST_F(PackagesTest, CrawlStopsAtPackagesAndSkipsIgnoredDirectories) {
  MakePackage(root_ / "a", "a");
  MakePackage(root_ / "a" / "nested", "nested");  // inside a package
  MakePackage(root_ / "group" / "b", "b");
  MakePackage(root_ / "ignored" / "c", "c");
  Write(root_ / "ignored" / "COLCON_IGNORE", "");
  const auto found = FindPackages(root_.string());
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found[0].first, "a");
  EXPECT_EQ(found[1].first, "b");
  EXPECT_EQ(found[1].second, (root_ / "group" / "b").string());
}

// migrate's listing gives the crawl's result: packages nested, ignored
// (by a file, a directory or a link to one; not by a dangling link),
// hidden, reached through a link to a directory, and named alike (the
// first in the crawl's order wins).
TEST_F(PackagesTest, ListingFindsWhatTheCrawlFinds) {
  MakePackage(root_ / "a", "a");
  MakePackage(root_ / "a" / "nested", "nested");
  MakePackage(root_ / "group" / "b", "b");
  MakePackage(root_ / "group-x" / "b2", "b");
  MakePackage(root_ / "ignored" / "c", "c");
  Write(root_ / "ignored" / "COLCON_IGNORE", "");
  MakePackage(root_ / "ignored_by_dir" / "d", "d");
  fs::create_directories(root_ / "ignored_by_dir" / "CATKIN_IGNORE");
  MakePackage(root_ / "dangling" / "e", "e");
  fs::create_symlink(root_ / "nowhere", root_ / "dangling" / "CATKIN_IGNORE");
  MakePackage(root_ / ".hidden" / "f", "f");
  MakePackage(root_ / "outside" / "g", "g");
  fs::create_directories(root_ / "tree" / "deep" / "er");
  fs::create_directory_symlink(root_ / "outside", root_ / "tree" / "linked");
  MakePackage(root_ / "tree" / "deep" / "er" / "h", "h");
  std::vector<std::string> dirs, files, linked;
  for (auto it = fs::recursive_directory_iterator(root_);
       it != fs::recursive_directory_iterator(); ++it) {
    const std::string rel = it->path().lexically_relative(root_).generic_string();
    if (it->is_symlink() && it->is_directory()) {
      linked.push_back(rel);
    } else if (it->is_directory()) {
      dirs.push_back(rel);
    } else if (it->is_regular_file()) {
      files.push_back(rel);
    }
  }
  const auto crawled = FindPackages(root_.string());
  EXPECT_EQ(FindPackagesInListing(root_.string(), dirs, files, linked), crawled);
  std::vector<std::string> names;
  for (const auto& [name, dir] : crawled) names.push_back(name);
  EXPECT_EQ(names,
            (std::vector<std::string>{"a", "e", "b", "b", "g", "h", "g"}));
}

// A listing holding no package.xml finds nothing without crawling, but a
// link to a directory is still crawled: the package may be behind it.
TEST_F(PackagesTest, ListingWithoutPackageXmlCrawlsOnlyItsLinks) {
  fs::create_directories(root_ / "repo" / "m1");
  Write(root_ / "repo" / "m1" / "model.sdf", "<sdf/>");
  Write(root_ / "repo" / "m1" / "not_package.xml", "<package/>");
  const std::string repo = (root_ / "repo").string();
  const std::vector<std::string> dirs = {"m1"};
  const std::vector<std::string> files = {"m1/model.sdf", "m1/not_package.xml"};
  EXPECT_TRUE(FindPackagesInListing(repo, dirs, files, {}).empty());
  MakePackage(root_ / "outside" / "p", "p");
  fs::create_directory_symlink(root_ / "outside", root_ / "repo" / "linked");
  const auto found = FindPackagesInListing(repo, dirs, files, {"linked"});
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].first, "p");
  EXPECT_EQ(found, FindPackages(repo));
}

TEST_F(PackagesTest, SearchOrderIsFlagsRosAmentRepositoryEnclosing) {
  const fs::path flag = root_ / "flag", ros = root_ / "ros" / "src",
                 ament = root_ / "install", repo = root_ / "repo";
  MakePackage(ros / "p", "p");
  MakePackage(ament / "share" / "p", "p");
  MakePackage(repo / "p", "p");
  fs::create_directories(flag);
  PackagePaths paths;
  paths.repository = FindPackages(repo.string());
  // Only the repository.
  EXPECT_EQ(FindPackage("p", paths, ""), (repo / "p").string());
  ::setenv("AMENT_PREFIX_PATH", ament.string().c_str(), 1);
  EXPECT_EQ(FindPackage("p", paths, ""), (ament / "share" / "p").string());
  ::setenv("ROS_PACKAGE_PATH", ("/nonexistent:" + ros.string()).c_str(), 1);
  EXPECT_EQ(FindPackage("p", paths, ""), (ros / "p").string());
  paths.packages.emplace_back("p", flag.string());
  EXPECT_EQ(FindPackage("p", paths, ""), flag.string());
  // Without the environment: the flags, then the repository.
  paths.use_environment = false;
  paths.packages.clear();
  EXPECT_EQ(FindPackage("p", paths, ""), (repo / "p").string());
}

TEST_F(PackagesTest, RosPackagePathSearchStopsAtTheFirstOfTheName) {
  // Two of the same name: the first in the crawl's order wins, as it does
  // in FindPackages' list; the package after it is never read.
  MakePackage(root_ / "ws" / "a_dir", "twin");
  MakePackage(root_ / "ws" / "b_dir", "twin");
  MakePackage(root_ / "ws" / "c_dir", "other");
  const auto all = FindPackages((root_ / "ws").string());
  ASSERT_EQ(all.size(), 3u);
  ::setenv("ROS_PACKAGE_PATH", (root_ / "ws").string().c_str(), 1);
  PackageNameCache cache;
  PackagePaths paths;
  paths.cache = &cache;
  EXPECT_EQ(FindPackage("twin", paths, ""), all[0].second);
  EXPECT_EQ(FindPackage("twin", PackagePaths(), ""), all[0].second);
  EXPECT_EQ(cache.names.count((root_ / "ws" / "a_dir").string()), 1u);
  EXPECT_EQ(cache.names.count((root_ / "ws" / "b_dir").string()), 0u);
  EXPECT_EQ(FindPackage("other", paths, ""), all[2].second);
  EXPECT_FALSE(FindPackage("missing", paths, ""));
  EXPECT_EQ(cache.names.size(), 3u);
}

TEST_F(PackagesTest, CacheReadsEachPackageXmlOnceAndAnswersAsWithout) {
  MakePackage(root_ / "pkg", "mine");
  Write(root_ / "pkg" / "urdf" / "robot.xacro", "<robot/>");
  const std::string file = (root_ / "pkg" / "urdf" / "robot.xacro").string();
  PackageNameCache cache;
  const auto enclosing = EnclosingPackage(file, &cache);
  ASSERT_TRUE(enclosing);
  EXPECT_EQ(*enclosing, *EnclosingPackage(file));
  ASSERT_EQ(cache.names.count((root_ / "pkg").string()), 1u);
  EXPECT_EQ(cache.names[(root_ / "pkg").string()], "mine");
  // What the cache holds is what is answered: the file is not read again.
  fs::remove(root_ / "pkg" / "package.xml");
  PackagePaths paths;
  paths.cache = &cache;
  EXPECT_EQ(FindPackage("mine", paths, file), (root_ / "pkg").string());
  EXPECT_FALSE(FindPackage("mine", PackagePaths(), file));
}

TEST_F(PackagesTest, EnclosingPackageOfTheFileResolvesWithoutConfiguration) {
  MakePackage(root_ / "my_robot", "my_robot");
  Write(root_ / "my_robot" / "urdf" / "robot.urdf", "<robot/>");
  const std::string file = (root_ / "my_robot" / "urdf" / "robot.urdf").string();
  PackagePaths paths;
  std::vector<std::string> searched;
  EXPECT_EQ(FindPackage("my_robot", paths, file),
            (root_ / "my_robot").lexically_normal().string());
  EXPECT_FALSE(FindPackage("other", paths, file, &searched));
  ASSERT_FALSE(searched.empty());
  EXPECT_NE(searched.back().find("enclosing"), std::string::npos);
  paths.enclosing_packages = false;
  EXPECT_FALSE(FindPackage("my_robot", paths, file));
  auto enclosing = EnclosingPackage(file);
  ASSERT_TRUE(enclosing);
  EXPECT_EQ(enclosing->first, "my_robot");
}

TEST_F(PackagesTest, ReaderResolvesPackageIncludes) {
  MakePackage(root_ / "parts", "parts_pkg");
  Write(root_ / "parts" / "models" / "wheel" / "model.config",
        "<model><name>wheel</name><sdf version=\"1.7\">wheel.sdf</sdf></model>");
  Write(root_ / "parts" / "models" / "wheel" / "wheel.sdf",
        "<sdf version=\"1.7\"><model name=\"wheel\"><link name=\"rim\"/>"
        "</model></sdf>");
  const std::string text =
      "<sdf version=\"1.7\"><model name=\"car\"><link name=\"body\"/>"
      "<include><uri>package://parts_pkg/models/wheel</uri></include>"
      "</model></sdf>";
  ReadOptions options;
  options.use_environment_paths = false;
  options.packages.use_environment = false;
  frames::Diagnostics diags;
  auto doc = ReadSdf(text, (root_ / "car.sdf").string(), &diags, options);
  ASSERT_TRUE(doc);
  EXPECT_TRUE(diags.Has(frames::Code::INCLUDE_UNRESOLVED)) << diags.ToString();
  EXPECT_NE(diags.ToString().find("give --package parts_pkg=DIR"),
            std::string::npos)
      << diags.ToString();

  options.packages.packages.emplace_back("parts_pkg",
                                         (root_ / "parts").string());
  diags = frames::Diagnostics();
  doc = ReadSdf(text, (root_ / "car.sdf").string(), &diags, options);
  ASSERT_TRUE(doc);
  EXPECT_FALSE(diags.HasErrors()) << diags.ToString();
  ASSERT_EQ(doc->models.size(), 1u);
  ASSERT_EQ(doc->models[0].models.size(), 1u);
  EXPECT_EQ(doc->models[0].models[0].links[0].name, "rim");
}

}  // namespace
}  // namespace sdf_io
