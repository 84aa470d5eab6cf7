// The SDFormat 1.8 composition fixtures (testdata/sdf/composition, see its
// README.md) against libsdformat 12, live (test-only oracle):
//  - libsdformat still says what expected.txt records after "# libsdformat:"
//    (OK, or its first error code), and we accept exactly what it accepts
//    except where the line records that it disagrees with the spec;
//  - where both accept, every pose and joint axis libsdformat resolves is
//    ours within 1e-9;
//  - sdf2sdf's SDFormat 1.7 output of each valid fixture (placement frames
//    made explicit poses, "::" references rewritten) reads back, in our
//    reader and in libsdformat, with every pose unchanged;
//  - its 1.8 and 1.9 outputs (composition kept) read back in libsdformat
//    as the 1.7 output does, and every 1.8 to 1.12 output in our reader,
//    with every pose unchanged;
//  - sdf2urdf's output of each valid model fixture puts every link's inertial
//    frame where libsdformat puts it in the input.
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "converter/sdf_to_sdf.h"
#include "converter/sdf_to_urdf.h"
#include "sdf_io/reader.h"
#include "sdf_io/testing/expect_kinematics.h"
#include "sdf_io/testing/our_snapshot.h"
#include "sdf_io/testing/sdformat_oracle.h"
#include "testing/format.h"

namespace {

const char kDir[] = "testdata/sdf/composition/";
constexpr double kTolerance = 1e-9;
// Composition compares where things are; inertials are not its subject.
const sdf_oracle::KinematicsCheck kPosesAndAxes{kTolerance,
                                                /*inertials=*/false};

struct Fixture {
  std::string file;
  std::string verdict;      // ours: VALID or a code
  std::string libsdformat;  // recorded: OK or its first code
  bool disagrees = false;   // libsdformat's verdict differs from the spec's
  bool needs_reader = false;
};

void PrintTo(const Fixture& f, std::ostream* os) { *os << f.file; }

std::vector<Fixture> LoadFixtures() {
  std::vector<Fixture> out;
  std::ifstream in(std::string(kDir) + "expected.txt");
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream s(line);
    Fixture f;
    if (!(s >> f.file >> f.verdict) || f.file[0] == '#') continue;
    const size_t at = line.find("# libsdformat: ");
    if (at == std::string::npos) continue;
    std::istringstream lib(line.substr(at + 15));
    std::string word;
    lib >> word;
    if (word == "Root::Load") lib >> word;
    while (!word.empty() && (word.back() == ',' || word.back() == ';'))
      word.pop_back();
    f.libsdformat = word;
    // libsdformat 12 reads no //world/joint (SDFormat 1.10): a verdict that
    // rests on one is not comparable either.
    f.disagrees = line.find("DISAGREES") != std::string::npos ||
                  line.find("reads no //world/joint") != std::string::npos;
    f.needs_reader = line.find("needs-reader") != std::string::npos;
    out.push_back(f);
  }
  return out;
}

std::string FirstCode(const sdf_oracle::Snapshot& s) {
  if (s.errors.empty()) return "OK";
  return s.errors.front().substr(0, s.errors.front().find(':'));
}

// Whether the reader already reads what a needs-reader fixture needs: the
// placement frame of an //include, or //world/joint.
bool ReaderSupports(const std::string& path) {
  frames::Diagnostics d;
  auto doc = sdf_io::ReadSdfFile(path, &d);
  if (!doc) return false;
  for (const auto& w : doc->worlds) {
    for (const auto& e : w.extensions) {
      if (e.name == "joint") return false;
    }
  }
  std::vector<const frames::Model*> stack;
  for (const auto& m : doc->models) stack.push_back(&m);
  while (!stack.empty()) {
    const frames::Model* m = stack.back();
    stack.pop_back();
    if (m->include && m->include->Child("placement_frame") &&
        m->placement_frame.empty()) {
      return false;
    }
    for (const auto& n : m->models) stack.push_back(&n);
  }
  return true;
}

std::string TempPath(const std::string& name) {
  const char* dir = std::getenv("TEST_TMPDIR");
  return std::string(dir ? dir : "/tmp") + "/" + name;
}

class CompositionOracleTest : public testing::TestWithParam<Fixture> {
 protected:
  void SetUp() override {
    const Fixture& f = GetParam();
    path_ = std::string(kDir) + f.file;
    if (f.needs_reader && !ReaderSupports(path_))
      GTEST_SKIP() << f.file << " needs the reader's composition support";
  }
  std::string path_;
};

TEST_P(CompositionOracleTest, VerdictAndPosesAgreeWithLibsdformat) {
  const Fixture& f = GetParam();
  const sdf_oracle::Snapshot theirs = sdf_oracle::LoadFile(path_, {kDir});
  EXPECT_EQ(FirstCode(theirs), f.libsdformat)
      << "libsdformat no longer says what expected.txt records:\n"
      << test_support::Joined(theirs.errors, 5);
  std::vector<std::string> problems;
  const auto ours = sdf_oracle::OurSnapshot(path_, {}, &problems);
  ASSERT_TRUE(ours.has_value()) << test_support::Joined(problems, 5);
  EXPECT_EQ(ours->ok, f.verdict == "VALID");
  if (f.disagrees) {
    EXPECT_NE(ours->ok, theirs.ok) << "recorded as a disagreement";
    return;
  }
  EXPECT_EQ(ours->ok, theirs.ok) << test_support::Joined(theirs.errors, 5)
                                 << test_support::Joined(problems, 5);
  if (ours->ok && theirs.ok)
    sdf_oracle::ExpectSameKinematics(theirs, *ours, "ours", kPosesAndAxes);
}

TEST_P(CompositionOracleTest, Sdf17OutputKeepsEveryPose) {
  const Fixture& f = GetParam();
  if (f.verdict != "VALID") GTEST_SKIP() << "invalid";
  converter::SdfToSdfOptions options;
  options.expand_includes = true;  // the output is read from elsewhere
  const auto result = converter::SdfFileToSdf(path_, options);
  ASSERT_TRUE(result.ok) << result.diagnostics.ToString();
  ASSERT_NE(result.output.find("<sdf version=\"1.7\">"), std::string::npos);
  EXPECT_EQ(result.output.find("placement_frame"), std::string::npos);
  const std::string out = TempPath(f.file);
  std::ofstream(out) << result.output;

  std::vector<std::string> problems;
  const auto before = sdf_oracle::OurSnapshot(path_, {}, &problems);
  const auto after = sdf_oracle::OurSnapshot(out, {}, &problems);
  ASSERT_TRUE(before && after) << test_support::Joined(problems, 5);
  ASSERT_TRUE(after->ok) << result.output << test_support::Joined(problems, 5);
  sdf_oracle::ExpectSameKinematics(*before, *after,
                                   "our 1.7 output, read by us", kPosesAndAxes);

  const sdf_oracle::Snapshot theirs_in = sdf_oracle::LoadFile(path_, {kDir});
  const sdf_oracle::Snapshot theirs_out = sdf_oracle::LoadFile(out, {});
  ASSERT_TRUE(theirs_out.ok) << result.output
                             << test_support::Joined(theirs_out.errors, 5);
  sdf_oracle::ExpectSameKinematics(theirs_in, theirs_out,
                                   "our 1.7 output, read by libsdformat",
                                   kPosesAndAxes);
}

// --sdf-version 1.8 to 1.12 keep composition as written: libsdformat 12
// loads the 1.8 and 1.9 outputs and resolves every pose as in the 1.7
// output; our reader reads every output (1.10 to 1.12 too, which
// libsdformat 12 cannot) to the input's poses.
TEST_P(CompositionOracleTest, NewerVersionOutputsKeepEveryPose) {
  const Fixture& f = GetParam();
  if (f.verdict != "VALID") GTEST_SKIP() << "invalid";
  converter::SdfToSdfOptions options;
  options.expand_includes = true;  // the output is read from elsewhere
  const auto sdf17 = converter::SdfFileToSdf(path_, options);
  ASSERT_TRUE(sdf17.ok) << sdf17.diagnostics.ToString();
  const std::string out17 = TempPath("1_7_" + f.file);
  std::ofstream(out17) << sdf17.output;
  const sdf_oracle::Snapshot theirs17 = sdf_oracle::LoadFile(out17, {});
  std::vector<std::string> problems;
  const auto before = sdf_oracle::OurSnapshot(path_, {}, &problems);
  ASSERT_TRUE(before) << test_support::Joined(problems, 5);
  for (int minor = 8; minor <= 12; ++minor) {
    options.sdf_version = minor;
    const auto result = converter::SdfFileToSdf(path_, options);
    ASSERT_TRUE(result.ok) << minor << result.diagnostics.ToString();
    const std::string what = "our 1." + std::to_string(minor) + " output";
    const std::string out =
        TempPath("1_" + std::to_string(minor) + "_" + f.file);
    std::ofstream(out) << result.output;
    const auto after = sdf_oracle::OurSnapshot(out, {}, &problems);
    ASSERT_TRUE(after && after->ok)
        << what << "\n" << result.output << test_support::Joined(problems, 5);
    sdf_oracle::ExpectSameKinematics(*before, *after, what + ", read by us",
                                     kPosesAndAxes);
    if (minor > 9 || !theirs17.ok) continue;  // libsdformat 12 reads to 1.9
    const sdf_oracle::Snapshot theirs = sdf_oracle::LoadFile(out, {});
    ASSERT_TRUE(theirs.ok) << what << "\n" << result.output
                           << test_support::Joined(theirs.errors, 5);
    sdf_oracle::ExpectSameKinematics(
        theirs17, theirs, what + ", read by libsdformat", kPosesAndAxes);
  }
}

TEST_P(CompositionOracleTest, UrdfOutputPutsEveryLinkWhereLibsdformatDoes) {
  const Fixture& f = GetParam();
  const sdf_oracle::Snapshot theirs = sdf_oracle::LoadFile(path_, {kDir});
  if (f.verdict != "VALID" || !theirs.ok) GTEST_SKIP() << "invalid";
  frames::Diagnostics d;
  auto doc = sdf_io::ReadSdfFile(path_, &d);
  ASSERT_TRUE(doc.has_value());
  if (doc->models.size() != 1) GTEST_SKIP() << "a world";
  // Flattened names joined by "__": libsdformat's own URDF reader cannot
  // read the "::" names of the default when it adds floating joints.
  converter::SdfToUrdfOptions options;
  options.separator = "__";
  const auto result = converter::SdfFileToUrdf(path_, options);
  ASSERT_TRUE(result.ok) << result.diagnostics.ToString();
  // A model of several trees gets floating joints between them, which
  // libsdformat 12's URDF reader cannot read (it poses the child relative
  // to a frame it never makes): such URDFs are not comparable here.
  if (result.output.find("type=\"floating\"") != std::string::npos)
    GTEST_SKIP() << "several trees: floating joints";
  const sdf_oracle::Snapshot urdf = sdf_oracle::LoadString(result.output);
  ASSERT_TRUE(urdf.ok) << test_support::Joined(urdf.errors, 5);
  // The URDF's links keep their scoped names ("arm__body"), but a link's
  // frame may move onto its parent joint (URDF's rule), so what is compared
  // is each link's inertial frame (libsdformat's default one included),
  // relative to the first link's (URDF has no model frame).
  const std::string top = doc->models.front().name + "::";
  auto urdf_key = [&](const std::string& key) {
    std::string k = key.substr(top.size());
    for (size_t at = k.find("::"); at != std::string::npos; at = k.find("::"))
      k.replace(at, 2, "__");
    return top + k;
  };
  std::string reference;
  int compared = 0;
  for (const auto& [key, in_sdf] : theirs.inertials) {
    auto it = urdf.inertials.find(urdf_key(key));
    if (it == urdf.inertials.end()) {
      ADD_FAILURE() << key << " is not in the URDF";
      continue;
    }
    if (reference.empty()) reference = key;
    const auto X_ref_urdf =
        urdf.inertials.at(urdf_key(reference)).X_RI.inverse() * it->second.X_RI;
    const auto X_ref_sdf =
        theirs.inertials.at(reference).X_RI.inverse() * in_sdf.X_RI;
    EXPECT_LT(test_support::MaxDiff(X_ref_urdf, X_ref_sdf), kTolerance)
        << key << " relative to " << reference;
    ++compared;
  }
  EXPECT_GT(compared, 1) << result.output;
}

std::string Name(const testing::TestParamInfo<Fixture>& info) {
  std::string n = info.param.file.substr(0, info.param.file.size() - 4);
  for (char& ch : n) {
    if (!isalnum(static_cast<unsigned char>(ch))) ch = '_';
  }
  return n;
}

INSTANTIATE_TEST_SUITE_P(Composition, CompositionOracleTest,
                         testing::ValuesIn(LoadFixtures()), Name);

}  // namespace
