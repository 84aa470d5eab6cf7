// The reader on SDFormat 1.8 to 1.12 and on newer constructs in older
// files (testdata/sdf/reader, listed in expected.txt with their verdicts):
// each fixture gives its exact verdict; those libsdformat 12 can read
// (SDFormat <= 1.9, nothing libsdformat would fetch) get the same verdict
// from libsdformat and, when valid, the same resolved poses, axes and
// inertials within 1e-9. Then the values read (quaternions, degrees,
// merge-include's proxy frame, Fuel and model.config choices, world joints)
// and the refusal of include bombs in bounded time and memory.
#include <sys/resource.h>

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "frames/graph.h"
#include "sdf_io/reader.h"
#include "sdf_io/testing/our_snapshot.h"
#include "sdf_io/testing/sdformat_oracle.h"
#include "testing/format.h"
#include "testing/sanitizers.h"

namespace {

double CpuSeconds(const struct rusage& r) {
  return r.ru_utime.tv_sec + r.ru_stime.tv_sec +
         (r.ru_utime.tv_usec + r.ru_stime.tv_usec) / 1e6;
}

namespace fs = std::filesystem;

const char kDir[] = "testdata/sdf/reader/";

sdf_io::ReadOptions Options() {
  sdf_io::ReadOptions o;
  o.model_paths = {std::string(kDir) + "models"};
  o.fuel_cache_dirs = {std::string(kDir) + "fuel"};
  o.use_environment_paths = false;
  return o;
}

struct Expectation {
  std::string file;
  std::string verdict;  // VALID or the first error's code
  bool oracle = false;  // compared with libsdformat 12
  double tolerance = 1e-9;
};

std::vector<Expectation> LoadExpected() {
  std::vector<Expectation> out;
  std::ifstream in(std::string(kDir) + "expected.txt");
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream s(line);
    Expectation e;
    std::string oracle;
    if (s >> e.file >> e.verdict >> oracle && e.file[0] != '#') {
      e.oracle = oracle == "libsdformat" || oracle == "libsdformat-rounded";
      if (oracle == "libsdformat-rounded") e.tolerance = 1e-5;
      out.push_back(e);
    }
  }
  return out;
}

struct Checked {
  std::optional<sdf_io::SdfDocument> doc;
  frames::Diagnostics diags;
};

Checked Check(const std::string& path,
              const sdf_io::ReadOptions& options = Options()) {
  Checked c;
  c.doc = sdf_io::ReadSdfFile(path, &c.diags, options);
  if (!c.doc) return c;
  for (const auto& m : c.doc->models) frames::FrameGraph::Build(m, &c.diags);
  for (const auto& w : c.doc->worlds) {
    frames::FrameGraph::BuildWorld(w, &c.diags);
  }
  return c;
}

std::string FirstError(const frames::Diagnostics& d) {
  for (const auto& x : d.all()) {
    if (x.severity == frames::Severity::kError)
      return std::string(frames::CodeName(x.code));
  }
  return "VALID";
}

class ReaderFixtureTest : public testing::TestWithParam<Expectation> {};

TEST_P(ReaderFixtureTest, GivesTheExpectedVerdict) {
  const Expectation& e = GetParam();
  const std::string path = std::string(kDir) + e.file;
  Checked c = Check(path);
  EXPECT_EQ(FirstError(c.diags), e.verdict) << c.diags.ToString();
  if (e.verdict != "VALID") {
    for (const auto& d : c.diags.all()) {
      EXPECT_GT(d.where.line, 0) << "no line number: " << frames::Format(d);
    }
  }
  if (!e.oracle) return;
  const sdf_oracle::Snapshot theirs =
      sdf_oracle::LoadFile(path, Options().model_paths);
  ASSERT_EQ(theirs.ok, e.verdict == "VALID")
      << "libsdformat " << (theirs.ok ? "accepts" : "rejects") << " " << e.file
      << "\n" << testing::PrintToString(theirs.errors);
  if (!theirs.ok) return;
  std::vector<std::string> problems;
  auto ours = sdf_oracle::OurSnapshot(path, Options().model_paths, &problems);
  ASSERT_TRUE(ours && ours->ok) << testing::PrintToString(problems);
  for (const auto& [key, X] : theirs.poses) {
    auto it = ours->poses.find(key);
    if (it == ours->poses.end()) {
      ADD_FAILURE() << e.file << ": pose " << key << " only in libsdformat";
      continue;
    }
    EXPECT_LT(test_support::MaxDiff(X, it->second), e.tolerance)
        << e.file << " " << key << ": libsdformat "
        << test_support::PoseStr(X) << ", ours "
        << test_support::PoseStr(it->second);
  }
  for (const auto& [key, X] : ours->poses) {
    EXPECT_TRUE(theirs.poses.count(key))
        << e.file << ": pose " << key << " only in ours";
  }
  EXPECT_EQ(ours->axes.size(), theirs.axes.size()) << e.file;
  for (const auto& [key, a] : theirs.axes) {
    auto it = ours->axes.find(key);
    ASSERT_TRUE(it != ours->axes.end()) << e.file << " axis " << key;
    EXPECT_LT((it->second - a).norm(), e.tolerance)
        << e.file << " axis " << key;
  }
}

std::string Name(const testing::TestParamInfo<Expectation>& info) {
  std::string n = info.param.file.substr(0, info.param.file.size() - 4);
  for (char& ch : n) {
    if (!isalnum(static_cast<unsigned char>(ch))) ch = '_';
  }
  return n;
}

INSTANTIATE_TEST_SUITE_P(Fixtures, ReaderFixtureTest,
                         testing::ValuesIn(LoadExpected()), Name);

TEST(ReaderFixtures, EveryFixtureIsListed) {
  std::vector<std::string> listed;
  for (const auto& e : LoadExpected()) listed.push_back(e.file);
  int files = 0;
  for (const auto& f : fs::directory_iterator(kDir)) {
    if (f.path().extension() != ".sdf") continue;
    ++files;
    const std::string name = f.path().filename().string();
    EXPECT_NE(std::find(listed.begin(), listed.end(), name), listed.end())
        << name << " is not in expected.txt";
  }
  EXPECT_EQ(files, static_cast<int>(listed.size()));
}

const frames::Link* FindLink(const frames::Model& m, const std::string& n) {
  for (const auto& l : m.links) {
    if (l.name == n) return &l;
  }
  return nullptr;
}

TEST(ReaderValues, QuaternionsAreNormalisedAndDegreesConverted) {
  Checked q = Check(std::string(kDir) + "pose_quat_xyzw.sdf");
  ASSERT_TRUE(q.doc);
  const frames::Model& m = q.doc->models.at(0);
  // A: a quarter turn about z; B: (0.2, 0.4, 0, 0.8) normalised.
  EXPECT_EQ(m.links[0].pose.xyz, frames::Vector3(1, 2, 3));
  EXPECT_NEAR(m.links[0].pose.rpy.z(), M_PI / 2, 1e-15);
  const Eigen::Quaterniond qb(0.8, 0.2, 0.4, 0);
  EXPECT_LT((frames::RotationFromRpy(m.links[1].pose.rpy) -
             qb.normalized().toRotationMatrix())
                .norm(),
            1e-15);
  EXPECT_EQ(m.links[2].pose.rpy, frames::Vector3(0.1, 0.2, 0.3));

  Checked d = Check(std::string(kDir) + "pose_degrees.sdf");
  ASSERT_TRUE(d.doc);
  const frames::Model& n = d.doc->models.at(0);
  EXPECT_EQ(n.links[0].pose.rpy, frames::Vector3(M_PI / 2, 0, 0));
  EXPECT_EQ(n.links[1].pose.rpy,
            frames::Vector3(30 * M_PI / 180, -45 * M_PI / 180, M_PI));
  EXPECT_EQ(n.links[2].pose.rpy, frames::Vector3(0.5, 0, 0));
}

TEST(ReaderValues, AutoInertiaIsExactForEveryClosedFormShape) {
  Checked c = Check(std::string(kDir) + "inertial_auto.sdf");
  ASSERT_TRUE(c.doc);
  const frames::Model& m = c.doc->models.at(0);
  auto moments = [&](const char* link) {
    const frames::Link* l = FindLink(m, link);
    EXPECT_TRUE(l && l->inertial) << link;
    if (!l || !l->inertial) return Eigen::Vector4d(0, 0, 0, 0);
    const frames::Inertial& i = *l->inertial;
    EXPECT_EQ(i.ixy, 0.0);
    EXPECT_EQ(i.ixz, 0.0);
    EXPECT_EQ(i.iyz, 0.0);
    return Eigen::Vector4d(i.mass, i.ixx, i.iyy, i.izz);
  };
  auto near = [](const Eigen::Vector4d& a, const Eigen::Vector4d& b) {
    return (a - b).cwiseAbs().maxCoeff() <= 1e-12 * b.cwiseAbs().maxCoeff();
  };
  // box 1x2x3, density 2: m = 12, I = m/12 (y^2+z^2, x^2+z^2, x^2+y^2).
  EXPECT_TRUE(near(moments("box"), {12, 13, 10, 5})) << moments("box");
  // cylinder r 0.5, l 2, density 1000: m = 500 pi.
  const double mc = 500 * M_PI;
  EXPECT_TRUE(near(moments("cylinder"),
                   {mc, mc * (0.75 + 4) / 12, mc * (0.75 + 4) / 12,
                    mc * 0.125}))
      << moments("cylinder");
  // sphere r 2, density 3: m = 32 pi, I = 2/5 m r^2.
  const double ms = 32 * M_PI;
  EXPECT_TRUE(near(moments("sphere"), {ms, 1.6 * ms, 1.6 * ms, 1.6 * ms}))
      << moments("sphere");
  // capsule r 1, l 2, density 1: cylinder 2 pi, hemispheres 4/3 pi.
  const double cyl = 2 * M_PI, hemis = 4.0 / 3.0 * M_PI;
  const double cap_t = cyl * (3 + 4) / 12 + hemis * (0.4 + 1 + 0.75);
  EXPECT_TRUE(near(moments("capsule"),
                   {cyl + hemis, cap_t, cap_t, cyl / 2 + 0.4 * hemis}))
      << moments("capsule");
  // ellipsoid 1 2 3, density 1: m = 8 pi, I = m/5 (b^2+c^2, ...).
  const double me = 8 * M_PI;
  EXPECT_TRUE(near(moments("ellipsoid"),
                   {me, me / 5 * 13, me / 5 * 10, me / 5 * 5}))
      << moments("ellipsoid");
  // Two unit cubes at x = +-1 (mass 2, Ixx 1/3, Iyy = Izz = 1/3 + 2),
  // scaled to mass 10.
  EXPECT_TRUE(near(moments("two_boxes_scaled"),
                   {10, 5.0 / 3, 5 * (1.0 / 3 + 2), 5 * (1.0 / 3 + 2)}))
      << moments("two_boxes_scaled");
  EXPECT_TRUE(FindLink(m, "two_boxes_scaled")->inertial->pose.IsIdentity());
  // The mesh: kept as written (mass 2, SDF's default unit inertia), warned.
  EXPECT_TRUE(near(moments("mesh"), {2, 1, 1, 1})) << moments("mesh");
  bool warned = false;
  for (const auto& d : c.diags.all()) {
    warned = warned || (d.code == frames::Code::INERTIAL_AUTO_NOT_COMPUTED &&
                        d.message.find("'mesh'") != std::string::npos);
  }
  EXPECT_TRUE(warned) << c.diags.ToString();
}

TEST(ReaderValues, MimicAndInfiniteLimitsAreRead) {
  Checked c = Check(std::string(kDir) + "joint_mimic_1_11.sdf");
  ASSERT_TRUE(c.doc);
  const frames::Joint& j = c.doc->models.at(0).joints.at(1);
  ASSERT_TRUE(j.mimic.has_value());
  EXPECT_EQ(j.mimic->joint, "leader");
  EXPECT_EQ(j.mimic->multiplier, 2.0);
  EXPECT_DOUBLE_EQ(*j.mimic->offset, 0.5 - 2 * 0.1);
  ASSERT_TRUE(j.axis && j.axis->limit);
  EXPECT_EQ(*j.axis->limit->lower, -std::numeric_limits<double>::infinity());
  EXPECT_EQ(*j.axis->limit->upper, std::numeric_limits<double>::infinity());
  ASSERT_EQ(j.axis->extensions.size(), 1u);
  EXPECT_EQ(j.axis->extensions[0].name, "mimic");
}

TEST(ReaderValues, NamespaceAndConeAreKept) {
  Checked c = Check(std::string(kDir) + "model_namespace_cone_1_12.sdf");
  ASSERT_TRUE(c.doc);
  const frames::Model& m = c.doc->models.at(0);
  ASSERT_EQ(m.attributes.size(), 1u);
  EXPECT_EQ(m.attributes[0].first, "namespace");
  EXPECT_EQ(m.attributes[0].second, "robot1");
  const frames::Geometry& g = m.links.at(0).visuals.at(0).geometry;
  EXPECT_EQ(g.type, frames::Geometry::Type::kOther);
  ASSERT_TRUE(g.other.has_value());
  EXPECT_EQ(g.other->name, "cone");
  EXPECT_EQ(c.diags.all().at(0).code, frames::Code::ATTRIBUTE_KEPT);
}

TEST(ReaderValues, LegacyFileHonoursNewerConstructs) {
  Checked c = Check(std::string(kDir) + "legacy_1_6_relative_to.sdf");
  ASSERT_TRUE(c.doc);
  const frames::Model& m = c.doc->models.at(0);
  EXPECT_EQ(m.canonical_link, "C");
  EXPECT_EQ(FindLink(m, "C")->pose.relative_to, "B");
  EXPECT_EQ(FindLink(m, "D")->pose.relative_to, "B");  // 1.6 @frame
  EXPECT_EQ(m.frames.at(0).pose.relative_to, "B");
  EXPECT_NEAR(m.frames.at(0).pose.rpy.x(), M_PI / 2, 1e-15);
  EXPECT_EQ(m.joints.at(0).pose.relative_to, "F");
  EXPECT_EQ(m.joints.at(0).axis->expressed_in, "B");
}

TEST(ReaderValues, MergeIncludeJoinsTheParentWithAProxyFrame) {
  Checked c = Check(std::string(kDir) + "merge_include.sdf");
  ASSERT_TRUE(c.doc);
  ASSERT_FALSE(c.diags.HasErrors()) << c.diags.ToString();
  const frames::Model& m = c.doc->models.at(0);
  EXPECT_TRUE(m.models.empty());
  ASSERT_TRUE(FindLink(m, "base") && FindLink(m, "tip"));
  EXPECT_EQ(FindLink(m, "base")->pose.relative_to, "_merged__arm__model__");
  EXPECT_EQ(FindLink(m, "tip")->pose.relative_to, "base");
  const frames::Frame* proxy = nullptr;
  const frames::Frame* origin = nullptr;
  for (const auto& f : m.frames) {
    if (f.name == "_merged__arm__model__") proxy = &f;
    if (f.name == "origin") origin = &f;
  }
  ASSERT_TRUE(proxy && origin);
  EXPECT_EQ(proxy->attached_to, "base");
  EXPECT_EQ(proxy->pose.relative_to, "body");
  EXPECT_EQ(origin->attached_to, "_merged__arm__model__");
  EXPECT_EQ(origin->pose.relative_to, "_merged__arm__model__");
  EXPECT_EQ(m.joints.at(0).axis->expressed_in, "_merged__arm__model__");
  // arm's <static> is not merged, and says so.
  bool warned = false;
  for (const auto& d : c.diags.all()) {
    warned = warned || d.code == frames::Code::MERGE_INCLUDE_ELEMENT_DROPPED;
  }
  EXPECT_TRUE(warned) << c.diags.ToString();
}

TEST(ReaderValues, IncludeReadsNameStaticPlacementAndPlugins) {
  Checked c = Check(std::string(kDir) + "include_nested.sdf");
  ASSERT_TRUE(c.doc);
  const frames::Model& arm = c.doc->models.at(0).models.at(0);
  EXPECT_EQ(arm.name, "arm1");
  EXPECT_EQ(arm.pose.relative_to, "body");
  EXPECT_NEAR(arm.pose.rpy.z(), M_PI / 4, 1e-15);
  ASSERT_FALSE(arm.extensions.empty());
  EXPECT_EQ(arm.extensions.back().name, "plugin");
  ASSERT_TRUE(arm.include.has_value());

  Checked p = Check(std::string(kDir) + "merge_include_placement.sdf");
  ASSERT_TRUE(p.doc);
  EXPECT_FALSE(p.diags.HasErrors()) << p.diags.ToString();
}

TEST(ReaderValues, ModelConfigPicksTheNewestReadableVersion) {
  Checked c = Check(std::string(kDir) + "include_model_config_version.sdf");
  ASSERT_TRUE(c.doc);
  EXPECT_EQ(c.doc->models.at(0).models.at(0).links.at(0).name, "link_1_12");
}

TEST(ReaderValues, FuelUrisComeFromTheCache) {
  Checked c = Check(std::string(kDir) + "include_fuel.sdf");
  ASSERT_TRUE(c.doc);
  const auto& models = c.doc->worlds.at(0).models;
  ASSERT_EQ(models.size(), 3u);
  EXPECT_EQ(models[0].links.at(0).name, "box_v3");
  EXPECT_EQ(models[1].links.at(0).name, "box_v3");
  EXPECT_EQ(models[2].links.at(0).name, "box_v1");

  Checked u = Check(std::string(kDir) + "include_fuel_unreachable.sdf");
  ASSERT_FALSE(u.diags.all().empty());
  const std::string message = u.diags.all().front().message;
  EXPECT_NE(message.find("https://fuel.gazebosim.org/1.0/OpenRobotics/models/"
                         "FuelBox/2"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("reader/fuel/fuel.gazebosim.org/openrobotics/models/"
                         "fuelbox/2"),
            std::string::npos)
      << message;
}

TEST(ReaderValues, EnvironmentModelPathsIncludeGazeboModelPath) {
  const std::string dir = fs::absolute(std::string(kDir) + "models").string();
  ::setenv("GAZEBO_MODEL_PATH", dir.c_str(), 1);
  const auto dirs = sdf_io::ModelSearchDirs({"first"}, true);
  ::unsetenv("GAZEBO_MODEL_PATH");
  ASSERT_FALSE(dirs.empty());
  EXPECT_EQ(dirs.front(), "first");
  EXPECT_EQ(dirs.back(), dir);
}

TEST(ReaderValues, WorldJointsAreRead) {
  Checked c = Check(std::string(kDir) + "world_joint_1_10.sdf");
  ASSERT_TRUE(c.doc);
  const frames::World& w = c.doc->worlds.at(0);
  ASSERT_EQ(w.joints.size(), 1u);
  EXPECT_EQ(w.joints[0].parent, "A::L");
  EXPECT_EQ(w.joints[0].child, "B::L");
}

// Issue 19, item 3: 25 files, each including the next twice (2^24 model
// instances), is refused by the expansion limit within a second and in
// bounded memory; each file is read once.
TEST(ReaderIncludes, DiamondOfIncludesIsRefusedQuickly) {
  const char* tmp = std::getenv("TEST_TMPDIR");
  const fs::path dir = fs::path(tmp ? tmp : "/tmp") / "diamond";
  fs::create_directories(dir);
  const int kFiles = 25;
  for (int i = 0; i < kFiles; ++i) {
    std::ofstream f(dir / ("d" + std::to_string(i) + ".sdf"));
    f << "<sdf version='1.9'><model name='m" << i << "'><link name='l'/>";
    if (i + 1 < kFiles) {
      for (const char* n : {"a", "b"}) {
        f << "<include><uri>d" << i + 1 << ".sdf</uri><name>" << n
          << "</name></include>";
      }
    }
    f << "</model></sdf>";
  }
  struct rusage before, after;
  ::getrusage(RUSAGE_SELF, &before);
  const auto start = std::chrono::steady_clock::now();
  frames::Diagnostics diags;
  sdf_io::ReadOptions options;
  options.use_environment_paths = false;
  auto doc = sdf_io::ReadSdfFile((dir / "d0.sdf").string(), &diags, options);
  const double seconds = std::chrono::duration<double>(
                             std::chrono::steady_clock::now() - start)
                             .count();
  ::getrusage(RUSAGE_SELF, &after);
  EXPECT_EQ(FirstError(diags), "INCLUDE_EXPANSION_TOO_LARGE")
      << diags.ToString().substr(0, 2000);
  int reported = 0;
  for (const auto& d : diags.all()) {
    reported += d.code == frames::Code::INCLUDE_EXPANSION_TOO_LARGE;
  }
  EXPECT_EQ(reported, 1);
  // The bound is on CPU time (user + system), not only wall time, so that a
  // loaded machine does not fail it, and AddressSanitizer and
  // ThreadSanitizer builds (2 to 15 times slower) get 5 s: a quadratic
  // expansion takes minutes either way.
  const double cpu_seconds = CpuSeconds(after) - CpuSeconds(before);
  EXPECT_LT(cpu_seconds, test_support::kSlowSanitizer ? 5.0 : 1.0)
      << "wall " << seconds << " s";
  // ru_maxrss is in KiB: under 256 MiB more than before the read;
  // ThreadSanitizer's shadow (four times the memory, plus metadata) gets
  // five times that (it measured 627 MiB).
  EXPECT_LT(after.ru_maxrss - before.ru_maxrss,
            (test_support::kThreadSanitizer ? 5 : 1) * 256 * 1024);
  std::printf("diamond of %d files refused in %.3f s (%.3f s CPU), max RSS +%ld KiB\n",
              kFiles, seconds, cpu_seconds, after.ru_maxrss - before.ru_maxrss);

  // A legitimate, smaller diamond (8 files: 128 instances) is read whole.
  frames::Diagnostics small_diags;
  auto small =
      sdf_io::ReadSdfFile((dir / "d17.sdf").string(), &small_diags, options);
  ASSERT_TRUE(small);
  EXPECT_FALSE(small_diags.HasErrors()) << small_diags.ToString();
  size_t links = 0;
  std::vector<const frames::Model*> todo = {&small->models.at(0)};
  while (!todo.empty()) {
    const frames::Model* m = todo.back();
    todo.pop_back();
    links += m->links.size();
    for (const auto& n : m->models) todo.push_back(&n);
  }
  EXPECT_EQ(links, (1u << 8) - 1);
}

TEST(ReaderIncludes, CycleThroughModelUriIsCaught) {
  const char* tmp = std::getenv("TEST_TMPDIR");
  const fs::path dir = fs::path(tmp ? tmp : "/tmp") / "cycle_models";
  fs::create_directories(dir / "self");
  std::ofstream(dir / "self" / "model.sdf")
      << "<sdf version='1.9'><model name='self'><link name='l'/>"
         "<include><uri>model://self</uri><name>again</name></include>"
         "</model></sdf>";
  std::ofstream(dir / "self" / "model.config")
      << "<model><name>self</name><sdf version='1.9'>model.sdf</sdf></model>";
  frames::Diagnostics diags;
  sdf_io::ReadOptions options;
  options.use_environment_paths = false;
  options.model_paths = {dir.string()};
  // The top file is named through a path with '.' and '..' in it.
  auto doc = sdf_io::ReadSdfFile(
      (dir / "self" / ".." / "self" / "." / "model.sdf").string(), &diags,
      options);
  EXPECT_EQ(FirstError(diags), "INCLUDE_CYCLE") << diags.ToString();
}

}  // namespace
