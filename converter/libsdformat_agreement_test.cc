// Where libsdformat 12 and we could part on what is valid (issue 32):
// each fixture of testdata/libsdformat/ (listed in its expected.txt) gives
// our verdict and libsdformat 12's side by side. Where both read the file,
// every pose and axis libsdformat resolves must be ours; where one refuses
// what the other reads, the difference must be a deliberate one, named in
// docs/versions.md's "Known differences from libsdformat 12".
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "converter/sdf_to_sdf.h"
#include "converter/urdf_to_sdf.h"
#include "frames/model.h"
#include "sdf_io/reader.h"
#include "sdf_io/testing/our_snapshot.h"
#include "sdf_io/testing/sdformat_oracle.h"
#include "testing/format.h"

namespace {

namespace fs = std::filesystem;

const char kDir[] = "testdata/libsdformat/";

std::vector<std::string> ModelPaths() {
  return {std::string(kDir) + "models"};
}

struct Row {
  std::string file;
  std::string ours;     // VALID or our first error's code
  std::string warning;  // a warning code we must report, or "-"
  std::string theirs;   // VALID or libsdformat 12's first sdf::ErrorCode
  bool differs = false;
};

void PrintTo(const Row& r, std::ostream* os) { *os << r.file; }

std::vector<Row> LoadRows() {
  std::vector<Row> rows;
  std::ifstream in(std::string(kDir) + "expected.txt");
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream s(line);
    Row r;
    std::string agreement;
    if (s >> r.file >> r.ours >> r.warning >> r.theirs >> agreement) {
      EXPECT_TRUE(agreement == "agrees" || agreement == "differs") << line;
      r.differs = agreement == "differs";
      rows.push_back(r);
    } else {
      ADD_FAILURE() << "bad line in expected.txt: " << line;
    }
  }
  return rows;
}

bool IsUrdf(const std::string& file) {
  return file.size() > 5 && file.compare(file.size() - 5, 5, ".urdf") == 0;
}

frames::Diagnostics OurDiagnostics(const std::string& path) {
  if (IsUrdf(path)) {
    converter::UrdfToSdfOptions o;
    o.check_only = true;
    return converter::UrdfFileToSdf(path, o).diagnostics;
  }
  return converter::CheckSdfFile(path, ModelPaths());
}

std::string FirstError(const frames::Diagnostics& d) {
  for (const auto& x : d.all()) {
    if (x.severity == frames::Severity::kError)
      return std::string(frames::CodeName(x.code));
  }
  return "VALID";
}

bool HasWarning(const frames::Diagnostics& d, const std::string& code) {
  for (const auto& x : d.all()) {
    if (x.severity == frames::Severity::kWarning &&
        frames::CodeName(x.code) == code) {
      return true;
    }
  }
  return false;
}

// "CODE_NAME: message" -> "CODE_NAME"; VALID when there is no error.
std::string TheirFirstError(const sdf_oracle::Snapshot& s) {
  if (s.ok) return "VALID";
  if (s.errors.empty()) return "NO_ERROR_GIVEN";
  return s.errors.front().substr(0, s.errors.front().find(':'));
}

std::string ReadText(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

class AgreementTest : public testing::TestWithParam<Row> {};

TEST_P(AgreementTest, VerdictsSideBySide) {
  const Row& r = GetParam();
  const std::string path = std::string(kDir) + r.file;
  const frames::Diagnostics ours = OurDiagnostics(path);
  EXPECT_EQ(FirstError(ours), r.ours) << ours.ToString();
  if (r.warning != "-") {
    EXPECT_TRUE(HasWarning(ours, r.warning))
        << "no " << r.warning << " warning:\n" << ours.ToString();
  }
  for (const auto& d : ours.all()) {
    EXPECT_GT(d.where.line, 0) << "no line number: " << frames::Format(d);
  }

  const sdf_oracle::Snapshot theirs = sdf_oracle::LoadFile(path, ModelPaths());
  EXPECT_EQ(TheirFirstError(theirs), r.theirs)
      << "libsdformat 12 on " << r.file << ":\n"
      << testing::PrintToString(theirs.errors);
  const bool we_read = r.ours == "VALID";
  const bool they_read = r.theirs == "VALID";
  EXPECT_EQ(we_read != they_read, r.differs)
      << r.file << ": the verdicts " << (r.differs ? "agree" : "differ")
      << " but expected.txt says the other";
  if (r.differs) {
    // A deliberate difference is documented, with its reason.
    const std::string page = ReadText("docs/versions.md");
    EXPECT_NE(page.find("testdata/libsdformat/" + r.file), std::string::npos)
        << "docs/versions.md does not list the difference on " << r.file;
  }
  if (!we_read || !they_read || IsUrdf(r.file)) return;

  std::vector<std::string> problems;
  auto snapshot = sdf_oracle::OurSnapshot(path, ModelPaths(), &problems);
  ASSERT_TRUE(snapshot && snapshot->ok) << testing::PrintToString(problems);
  EXPECT_FALSE(theirs.poses.empty()) << r.file;
  for (const auto& [key, X] : theirs.poses) {
    auto it = snapshot->poses.find(key);
    if (it == snapshot->poses.end()) {
      ADD_FAILURE() << r.file << ": pose " << key << " only in libsdformat";
      continue;
    }
    EXPECT_LT(test_support::MaxDiff(X, it->second), 1e-9)
        << r.file << " " << key << ": libsdformat "
        << test_support::PoseStr(X) << ", ours "
        << test_support::PoseStr(it->second);
  }
  if (r.file.rfind("include_alteration_", 0) == 0) {
    // What an alteration adds or removes is there on both sides or on
    // neither: the same poses.
    for (const auto& [key, X] : snapshot->poses) {
      EXPECT_TRUE(theirs.poses.count(key))
          << r.file << ": pose " << key << " only in ours";
    }
  }
  EXPECT_EQ(snapshot->axes.size(), theirs.axes.size()) << r.file;
  for (const auto& [key, a] : theirs.axes) {
    auto it = snapshot->axes.find(key);
    ASSERT_TRUE(it != snapshot->axes.end()) << r.file << " axis " << key;
    EXPECT_LT((it->second - a).norm(), 1e-9) << r.file << " axis " << key;
  }
}

std::string Name(const testing::TestParamInfo<Row>& info) {
  std::string n = info.param.file;
  for (char& ch : n) {
    if (!isalnum(static_cast<unsigned char>(ch))) ch = '_';
  }
  return n;
}

INSTANTIATE_TEST_SUITE_P(Fixtures, AgreementTest,
                         testing::ValuesIn(LoadRows()), Name);

// The numbers with stray text are read as their leading numbers (the poses
// are compared with libsdformat's above; these are the values it does not
// report).
// An alteration's error names the alteration's element path and line.
TEST(AgreementValues, AlterationErrorNamesItsElement) {
  const frames::Diagnostics d = OurDiagnostics(
      std::string(kDir) + "include_alteration_child_without_action.sdf");
  ASSERT_FALSE(d.all().empty());
  const frames::Diagnostic& e = d.all().front();
  EXPECT_EQ(e.element_path,
            "/sdf/world[w]/include/experimental:params/link/sensor[imu]");
  EXPECT_EQ(e.where.line, 10);
  EXPECT_EQ(e.message.rfind(e.element_path + ": ", 0), 0u) << e.message;
}

TEST(AgreementValues, TrailingTextLeavesTheLeadingNumber) {
  frames::Diagnostics diags;
  sdf_io::ReadOptions options;
  options.use_environment_paths = false;
  auto doc = sdf_io::ReadSdfFile(
      std::string(kDir) + "number_trailing_text.sdf", &diags, options);
  ASSERT_TRUE(doc && !doc->models.empty()) << diags.ToString();
  const frames::Model& m = doc->models.front();
  ASSERT_EQ(m.joints.size(), 1u);
  ASSERT_TRUE(m.joints[0].axis && m.joints[0].axis->limit);
  EXPECT_EQ(m.joints[0].axis->limit->velocity, 2.356194490192345);
  ASSERT_EQ(m.links.size(), 2u);
  ASSERT_TRUE(m.links[1].inertial);
  EXPECT_EQ(m.links[1].inertial->mass, 1.5);
}

TEST(AgreementFixtures, EveryFixtureIsListed) {
  std::vector<std::string> listed;
  for (const auto& r : LoadRows()) listed.push_back(r.file);
  int files = 0;
  for (const auto& f : fs::directory_iterator(kDir)) {
    const std::string ext = f.path().extension().string();
    if (ext != ".sdf" && ext != ".urdf") continue;
    ++files;
    const std::string name = f.path().filename().string();
    EXPECT_NE(std::find(listed.begin(), listed.end(), name), listed.end())
        << name << " is not in expected.txt";
  }
  EXPECT_EQ(files, static_cast<int>(listed.size()));
}

}  // namespace
