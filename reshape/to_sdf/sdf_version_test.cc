// --sdf-version (reshape/to_sdf/sdf_version.h) on the fixtures of
// testdata/sdf/versions (see its README.md):
//  - each input written as 1.7 .. 1.12 is its golden NAME.1_X.sdf, byte for
//    byte (regenerate with the commands in the README and review the diff);
//  - every golden is valid for its version: libsdformat 12 (test-only
//    oracle; it reads up to 1.9) loads the 1.8 and 1.9 goldens without
//    errors and resolves every model, link, joint, frame, visual and
//    collision pose, joint axis and inertial as in the 1.7 golden, within
//    1e-9; our reader reads every golden (1.10 to 1.12 included, which
//    libsdformat 12 cannot) without errors to the kinematics of the input;
//  - what each version changes is where the README's versions table says;
//  - --preserve-includes writes every //include as written (merge-includes
//    from 1.9, unresolvable ones with a warning), to the same kinematics.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "converter/sdf_to_sdf.h"
#include "reshape/to_sdf/sdf_version.h"
#include "converter/urdf_to_sdf.h"
#include "frames/graph.h"
#include "sdf_io/reader.h"
#include "sdf_io/testing/expect_kinematics.h"
#include "sdf_io/testing/our_snapshot.h"
#include "sdf_io/testing/sdformat_oracle.h"
#include "testing/corpus.h"
#include "testing/format.h"

namespace {

const std::string kDir = "testdata/sdf/versions/";
constexpr double kTolerance = 1e-9;
const char* const kInputs[] = {"mimic.urdf", "nested_include.sdf",
                               "world_limits.sdf", "merge_include.sdf"};

using test_support::ReadFile;

bool IsUrdf(const std::string& input) {
  return input.size() > 5 && input.substr(input.size() - 5) == ".urdf";
}

std::string Stem(const std::string& input) {
  return input.substr(0, input.rfind('.'));
}

std::string Golden(const std::string& input, int minor) {
  return kDir + Stem(input) + ".1_" + std::to_string(minor) + ".sdf";
}

converter::ConversionResult Convert(const std::string& input, int minor) {
  if (IsUrdf(input)) {
    converter::UrdfToSdfOptions o;
    o.sdf_version = minor;
    return converter::UrdfFileToSdf(kDir + input, o);
  }
  converter::SdfToSdfOptions o;
  o.sdf_version = minor;
  return converter::SdfFileToSdf(kDir + input, o);
}

class SdfVersionTest
    : public testing::TestWithParam<std::tuple<const char*, int>> {
 protected:
  std::string input() const { return std::get<0>(GetParam()); }
  int minor() const { return std::get<1>(GetParam()); }
};

TEST_P(SdfVersionTest, OutputIsTheGolden) {
  const auto result = Convert(input(), minor());
  ASSERT_TRUE(result.ok) << result.diagnostics.ToString();
  EXPECT_EQ(result.output, ReadFile(Golden(input(), minor())))
      << "regenerate " << Golden(input(), minor()) << " and review the diff";
  EXPECT_NE(result.output.find("<sdf version=\"" +
                               converter::SdfVersionName(minor()) + "\""),
            std::string::npos);
}

TEST_P(SdfVersionTest, OurReaderReadsTheInputsKinematics) {
  std::vector<std::string> problems;
  const auto out = sdf_oracle::OurSnapshot(Golden(input(), minor()), {},
                                           &problems);
  ASSERT_TRUE(out.has_value()) << test_support::Joined(problems, 5);
  ASSERT_TRUE(out->ok) << test_support::Joined(problems, 5);
  // A URDF's kinematics are those of its 1.7 output (checked against
  // urdfdom by //converter:urdf_corpus_test); an SDF's, its own.
  const std::string reference =
      IsUrdf(input()) ? Golden(input(), 7) : kDir + input();
  const auto want = sdf_oracle::OurSnapshot(reference, {}, &problems);
  ASSERT_TRUE(want && want->ok) << test_support::Joined(problems, 5);
  sdf_oracle::ExpectSameKinematics(*want, *out,
                                   "ours, " + Golden(input(), minor()));
}

TEST_P(SdfVersionTest, LibsdformatLoadsItAsThe17Output) {
  if (minor() > 9) GTEST_SKIP() << "libsdformat 12 reads up to 1.9";
  const sdf_oracle::Snapshot theirs =
      sdf_oracle::LoadFile(Golden(input(), minor()), {kDir});
  ASSERT_TRUE(theirs.ok) << test_support::Joined(theirs.errors, 5);
  const sdf_oracle::Snapshot want =
      sdf_oracle::LoadFile(Golden(input(), 7), {kDir});
  ASSERT_TRUE(want.ok) << test_support::Joined(want.errors, 5);
  sdf_oracle::ExpectSameKinematics(want, theirs,
                                   "libsdformat, " + Golden(input(), minor()));
}

// A //world/joint is where the input has it in every version: moved into
// its child's model below 1.10, kept in the world from 1.10.
TEST_P(SdfVersionTest, WorldJointStaysPut) {
  if (IsUrdf(input())) GTEST_SKIP() << "a URDF";
  frames::Diagnostics d;
  const auto in = sdf_io::ReadSdfFile(kDir + input(), &d);
  const auto out = sdf_io::ReadSdfFile(Golden(input(), minor()), &d);
  ASSERT_TRUE(in && out) << d.ToString();
  if (in->worlds.empty() || in->worlds.front().joints.empty())
    GTEST_SKIP() << "no world joint";
  const auto g_in = frames::FrameGraph::BuildWorld(in->worlds.front(), &d);
  const auto g_out = frames::FrameGraph::BuildWorld(out->worlds.front(), &d);
  ASSERT_FALSE(d.HasErrors()) << d.ToString();
  for (const auto& j : in->worlds.front().joints) {
    const auto X_WJ = g_in.PoseInModel(j.name);
    ASSERT_TRUE(X_WJ.has_value()) << j.name;
    const std::string model = j.child.substr(0, j.child.find("::"));
    const auto got = minor() >= 10 ? g_out.PoseInModel(j.name)
                                   : g_out.PoseInModel(model + "::" + j.name);
    ASSERT_TRUE(got.has_value()) << j.name << " not in the output";
    EXPECT_LT(test_support::MaxDiff(*X_WJ, *got), kTolerance) << j.name;
  }
}

std::string Name(
    const testing::TestParamInfo<std::tuple<const char*, int>>& info) {
  return Stem(std::get<0>(info.param)) + "_1_" +
         std::to_string(std::get<1>(info.param));
}

INSTANTIATE_TEST_SUITE_P(Versions, SdfVersionTest,
                         testing::Combine(testing::ValuesIn(kInputs),
                                          testing::Range(7, 13)),
                         Name);

// What each version writes differently, on the goldens.
TEST(SdfVersionElements, MimicIsAnAxisElementFrom111) {
  for (int minor = 7; minor <= 12; ++minor) {
    const std::string out = ReadFile(Golden("mimic.urdf", minor));
    const bool axis = out.find("<mimic joint=\"finger_left_joint\" "
                               "axis=\"axis\">") != std::string::npos;
    const bool carried = out.find("<urdf:mimic") != std::string::npos;
    EXPECT_EQ(axis, minor >= 11) << minor;
    EXPECT_EQ(carried, minor < 11) << minor;
  }
  // mimic.sdf of 1.11: multiplier, offset and reference are required.
  const std::string out = ReadFile(Golden("mimic.urdf", 11));
  for (const char* e : {"<multiplier>1</multiplier>", "<offset>0.001</offset>",
                        "<reference>0</reference>"}) {
    EXPECT_NE(out.find(e), std::string::npos) << e;
  }
}

TEST(SdfVersionElements, MimicReadsBackAsTheUrdfMimic) {
  frames::Diagnostics d;
  const auto doc = sdf_io::ReadSdfFile(Golden("mimic.urdf", 11), &d);
  ASSERT_TRUE(doc && !d.HasErrors()) << d.ToString();
  const frames::Joint* follower = nullptr;
  for (const auto& j : doc->models.front().joints) {
    if (j.name == "finger_right_joint") follower = &j;
  }
  ASSERT_NE(follower, nullptr);
  ASSERT_TRUE(follower->mimic.has_value());
  EXPECT_EQ(follower->mimic->joint, "finger_left_joint");
  EXPECT_EQ(follower->mimic->multiplier.value_or(0), 1.0);
  EXPECT_EQ(follower->mimic->offset.value_or(0), 0.001);
}

TEST(SdfVersionElements, InfiniteLimitsFrom110) {
  for (int minor = 7; minor <= 12; ++minor) {
    const std::string out = ReadFile(Golden("world_limits.sdf", minor));
    EXPECT_EQ(out.find("<upper>inf</upper>") != std::string::npos,
              minor >= 10)
        << minor;
    EXPECT_EQ(out.find("<upper>1e+16</upper>") != std::string::npos,
              minor < 10)
        << minor;
    EXPECT_EQ(out.find("<effort>-1</effort>") != std::string::npos,
              minor < 10)
        << minor;
  }
}

TEST(SdfVersionElements, InitialPositionLeftOutFrom19) {
  for (int minor = 7; minor <= 12; ++minor) {
    const auto result = Convert("world_limits.sdf", minor);
    ASSERT_TRUE(result.ok);
    EXPECT_EQ(result.output.find("initial_position") == std::string::npos,
              minor >= 9)
        << minor;
    EXPECT_EQ(result.diagnostics.Has(frames::Code::SDF_VERSION_CANNOT_EXPRESS),
              minor >= 9)
        << minor;
  }
}

TEST(SdfVersionElements, StateNamesOf112) {
  const std::string old_names = ReadFile(Golden("world_limits.sdf", 11));
  const std::string new_names = ReadFile(Golden("world_limits.sdf", 12));
  EXPECT_NE(old_names.find("<model name=\"cart\">\n        <pose>1 2"),
            std::string::npos);
  EXPECT_NE(new_names.find("<model_state name=\"cart\">"), std::string::npos);
  EXPECT_NE(new_names.find("<link_state name=\"wheel\">"), std::string::npos);
  EXPECT_NE(new_names.find("<joint_state name=\"axle\">"), std::string::npos);
  // And back: the 1.12 names read and written as 1.11.
  converter::SdfToSdfOptions o;
  o.sdf_version = 11;
  const auto back = converter::SdfFileToSdf(Golden("world_limits.sdf", 12), o);
  ASSERT_TRUE(back.ok) << back.diagnostics.ToString();
  EXPECT_EQ(back.output, old_names);
}

TEST(SdfVersionElements, CompositionKeptFrom18) {
  for (int minor = 7; minor <= 12; ++minor) {
    const std::string out = ReadFile(Golden("nested_include.sdf", minor));
    EXPECT_EQ(out.find("placement_frame") != std::string::npos, minor >= 8)
        << minor;
    EXPECT_EQ(out.find("attached_to=\"hand::finger\"") != std::string::npos,
              minor >= 8)
        << minor;
    EXPECT_NE(out.find("<include>"), std::string::npos) << minor;
  }
}

TEST(SdfVersionElements, VersionsOutsideTheRangeAreRefused) {
  EXPECT_EQ(converter::ParseSdfOutputVersion("1.7"), 7);
  EXPECT_EQ(converter::ParseSdfOutputVersion("1.12"), 12);
  for (const char* bad : {"1.6", "1.13", "1.10.0", "", "17", "1.7 "}) {
    EXPECT_FALSE(converter::ParseSdfOutputVersion(bad).has_value()) << bad;
  }
  converter::SdfToSdfOptions o;
  o.sdf_version = 13;
  const auto r = converter::SdfFileToSdf(kDir + "world_limits.sdf", o);
  EXPECT_FALSE(r.ok);
  EXPECT_TRUE(r.diagnostics.Has(frames::Code::SDF_VERSION_UNSUPPORTED));
  EXPECT_TRUE(r.output.empty());
}

// --preserve-includes.
converter::ConversionResult Preserved(const std::string& input, int minor) {
  converter::SdfToSdfOptions o;
  o.sdf_version = minor;
  o.preserve_includes = true;
  return converter::SdfFileToSdf(kDir + input, o);
}

TEST(PreserveIncludes, MergeIncludeKeptAsWrittenFrom19) {
  const auto merged = Convert("merge_include.sdf", 9);
  ASSERT_TRUE(merged.ok) << merged.diagnostics.ToString();
  EXPECT_EQ(merged.output.find("merge="), std::string::npos);
  EXPECT_NE(merged.output.find("_merged__gripper__model__"), std::string::npos);
  const auto kept = Preserved("merge_include.sdf", 9);
  ASSERT_TRUE(kept.ok) << kept.diagnostics.ToString();
  EXPECT_EQ(kept.output, ReadFile(kDir + "merge_include.preserve.1_9.sdf"));
  EXPECT_NE(kept.output.find("<include merge=\"true\">"), std::string::npos);
  EXPECT_EQ(kept.output.find("_merged__"), std::string::npos);
  EXPECT_FALSE(kept.diagnostics.Has(frames::Code::SDF_VERSION_CANNOT_EXPRESS));
  // 1.8 has no merge-include: kept, with a warning.
  const auto in18 = Preserved("merge_include.sdf", 8);
  ASSERT_TRUE(in18.ok) << in18.diagnostics.ToString();
  EXPECT_TRUE(in18.diagnostics.Has(frames::Code::SDF_VERSION_CANNOT_EXPRESS));
}

TEST(PreserveIncludes, SameKinematicsInUsAndLibsdformat) {
  const std::string golden = kDir + "merge_include.preserve.1_9.sdf";
  std::vector<std::string> problems;
  const auto want = sdf_oracle::OurSnapshot(kDir + "merge_include.sdf", {},
                                            &problems);
  const auto got = sdf_oracle::OurSnapshot(golden, {}, &problems);
  ASSERT_TRUE(want && got && want->ok && got->ok)
      << test_support::Joined(problems, 5);
  sdf_oracle::ExpectSameKinematics(*want, *got, "ours, " + golden);
  const auto theirs_in = sdf_oracle::LoadFile(kDir + "merge_include.sdf", {kDir});
  const auto theirs_out = sdf_oracle::LoadFile(golden, {kDir});
  ASSERT_TRUE(theirs_in.ok && theirs_out.ok)
      << test_support::Joined(theirs_out.errors, 5);
  sdf_oracle::ExpectSameKinematics(theirs_in, theirs_out,
                                   "libsdformat, " + golden);
}

TEST(PreserveIncludes, UnresolvedIncludeKeptWithAWarning) {
  const std::string text = R"(<?xml version="1.0"?>
<sdf version="1.9">
  <model name="m">
    <link name="l"/>
    <include>
      <uri>model://no_such_model_anywhere</uri>
      <pose>1 2 3 0 0 0</pose>
    </include>
  </model>
</sdf>
)";
  converter::SdfToSdfOptions o;
  o.sdf_version = 9;
  o.model_paths = {kDir};
  const auto refused = converter::SdfToSdf(text, kDir + "inline.sdf", o);
  EXPECT_FALSE(refused.ok);
  EXPECT_TRUE(refused.diagnostics.Has(frames::Code::INCLUDE_UNRESOLVED));
  o.preserve_includes = true;
  const auto kept = converter::SdfToSdf(text, kDir + "inline.sdf", o);
  ASSERT_TRUE(kept.ok) << kept.diagnostics.ToString();
  EXPECT_TRUE(kept.diagnostics.Has(frames::Code::INCLUDE_KEPT_UNRESOLVED));
  EXPECT_FALSE(kept.diagnostics.Has(frames::Code::INCLUDE_UNRESOLVED));
  EXPECT_NE(kept.output.find("<uri>model://no_such_model_anywhere</uri>"),
            std::string::npos);
  EXPECT_NE(kept.output.find("<pose>1 2 3 0 0 0</pose>"), std::string::npos);
}

TEST(PreserveIncludes, NotFor17) {
  const auto r = Preserved("merge_include.sdf", 7);
  EXPECT_FALSE(r.ok);
  EXPECT_TRUE(r.diagnostics.Has(frames::Code::SDF_VERSION_UNSUPPORTED));
  EXPECT_TRUE(r.output.empty());
}

TEST(PreserveIncludes, WithoutItIncludesAreWrittenAsBefore) {
  // Plain includes are kept as includes either way; the option changes only
  // merge-includes and unresolvable ones.
  const auto plain = Convert("nested_include.sdf", 9);
  const auto kept = Preserved("nested_include.sdf", 9);
  ASSERT_TRUE(plain.ok && kept.ok);
  EXPECT_NE(kept.output.find("<placement_frame>mount</placement_frame>"),
            std::string::npos);
  EXPECT_NE(kept.output.find("<pose relative_to=\"flange\"/>"),
            std::string::npos);
  EXPECT_NE(plain.output.find("<include>"), std::string::npos);
}

}  // namespace
