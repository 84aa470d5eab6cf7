// robot_diff against the libsdformat oracle, both ways, over the corpus
// files the sdf2sdf corpus test converts (../shared/corpus .sdf/.world,
// every 5th by default, CORPUS_SAMPLE=N every Nth): for each file
// libsdformat loads and sdf2sdf converts, libsdformat's snapshot of the
// input and of the output (every pose, axis and inertial it resolves,
// compared by sdf_oracle::ExpectSameKinematics as the SDF tests compare
// them) say "equal" exactly when robot_diff::Compare of input and output
// does; and the output with one link moved by 1 mm (in its text, so that
// both read the same perturbed document) is "different" for both.
//
// Not here: the URDF directions (urdf2sdf, sdf2urdf), whose oracle is the
// urdfdom forward kinematics inside converter/urdf_corpus_test.cc.
//
// Outside Bazel: CORPUS_DIR=/work/shared/corpus bazel-bin/robot_diff/oracle_agreement_test
#include <cstdlib>
#include <string>
#include <vector>

#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>

#include "converter/robot_input.h"
#include "converter/sdf_to_sdf.h"
#include "robot_diff/robot_diff.h"
#include "sdf_io/testing/expect_kinematics.h"
#include "sdf_io/testing/sdformat_oracle.h"
#include "testing/corpus.h"

namespace {

// The oracle's verdict: both documents load, and every pose, axis and
// inertial of each is in the other within 1e-6 (robot_diff's default
// tolerances), as ExpectSameKinematics checks it (its failures captured,
// not reported).
bool OracleEqual(const sdf_oracle::Snapshot& in, const sdf_oracle::Snapshot& out) {
  if (!in.ok || !out.ok) return false;
  ::testing::TestPartResultArray failures;
  {
    ::testing::ScopedFakeTestPartResultReporter capture(
        ::testing::ScopedFakeTestPartResultReporter::INTERCEPT_ONLY_CURRENT_THREAD,
        &failures);
    sdf_oracle::KinematicsCheck check;
    check.tolerance = 1e-6;
    sdf_oracle::ExpectSameKinematics(in, out, "input", check);
    sdf_oracle::ExpectSameKinematics(out, in, "output", check);
  }
  return failures.size() == 0;
}

// robot_diff's verdict: every model of the input equals the output's model
// of its name and world (or the only one).
bool DiffEqual(const std::string& input, const std::string& output,
               const std::string& path, const converter::ReadInputOptions& read,
               std::string* why) {
  frames::Diagnostics d;
  const auto a = converter::ReadRobots(input, path, read, &d);
  const auto b = converter::ReadRobots(output, path, read, &d);
  if (!a || !b) {
    *why = "does not read: " + d.ToString();
    return false;
  }
  for (const auto& ra : *a) {
    const converter::Robot* rb = nullptr;
    if (a->size() == 1 && b->size() == 1) rb = &b->front();
    for (const auto& x : *b)
      if (!rb && x.model.name == ra.model.name && x.world == ra.world) rb = &x;
    if (!rb) {
      *why = "model '" + ra.model.name + "' missing";
      return false;
    }
    const auto r = robot_diff::Compare({&ra.model, ra.urdf}, {&rb->model, rb->urdf}, {});
    if (!r.equal()) {
      *why = r.differences.all().empty() ? "not compared"
                                         : frames::Format(r.differences.all()[0]);
      return false;
    }
  }
  return true;
}

// `sdf` with its first link moved by 1 mm along x: the number after its
// <pose ...> (our writer puts a link's pose first), or a pose inserted
// when it has none. Empty when it has no link.
std::string MoveFirstLink(const std::string& sdf) {
  const size_t link = sdf.find("<link name=");
  if (link == std::string::npos) return "";
  const size_t open_end = sdf.find('>', link);
  if (open_end == std::string::npos || sdf[open_end - 1] == '/') return "";
  size_t next = sdf.find_first_not_of(" \t\r\n", open_end + 1);
  std::string out = sdf;
  if (sdf.compare(next, 5, "<pose") == 0) {
    const size_t value = sdf.find('>', next) + 1;
    if (sdf[value - 2] == '/') {  // <pose relative_to="..."/>: identity
      const std::string attrs = sdf.substr(next + 5, value - 2 - (next + 5));
      return out.replace(next, value - next,
                         "<pose" + attrs + ">0.001 0 0 0 0 0</pose>");
    }
    char* end = nullptr;
    const double x = std::strtod(sdf.c_str() + value, &end);
    const size_t len = static_cast<size_t>(end - (sdf.c_str() + value));
    if (len == 0) return "";
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.17g", x + 0.001);
    return out.replace(value, len, buf);
  }
  return out.insert(open_end + 1, "<pose>0.001 0 0 0 0 0</pose>");
}

TEST(RobotDiffOracleAgreementTest, SdfToSdfVerdictsAgreeWithLibsdformat) {
  const std::string corpus = test_support::CorpusDir("CORPUS_DIR");
  ASSERT_FALSE(corpus.empty()) << "corpus not found; set CORPUS_DIR";
  converter::ReadInputOptions read;
  read.model_paths = test_support::CorpusModelPaths(corpus);
  // Three libsdformat loads a file: every 5th file unless CORPUS_SAMPLE
  // says otherwise (CORPUS_SAMPLE=1: all of them, about 6 minutes).
  if (!std::getenv("CORPUS_SAMPLE")) setenv("CORPUS_SAMPLE", "5", 1);
  test_support::CorpusSample sample;
  int both_equal = 0, both_different = 0, perturbed = 0;
  std::vector<std::string> disagreements;
  for (const std::string& rel :
       sample.Take(test_support::CorpusFiles(corpus, {".sdf", ".world"}))) {
    const std::string path = corpus + "/" + rel;
    const sdf_oracle::Snapshot in = sdf_oracle::LoadFile(path, read.model_paths);
    if (!in.ok) continue;  // the oracle refuses the input: nothing to compare
    converter::SdfToSdfOptions s;
    s.model_paths = read.model_paths;
    const std::string text = test_support::ReadFile(path);
    const auto r = converter::SdfToSdf(text, path, s);
    if (!r.ok) continue;
    {
      frames::Diagnostics ignored;
      const auto models = converter::ReadRobots(text, path, read, &ignored);
      if (!models || models->empty()) continue;  // a light: robot-diff compares models
    }
    const sdf_oracle::Snapshot out = sdf_oracle::LoadString(r.output, read.model_paths);
    std::string why;
    const bool oracle = OracleEqual(in, out);
    const bool ours = DiffEqual(text, r.output, path, read, &why);
    if (oracle != ours) {
      disagreements.push_back(rel + ": libsdformat says " +
                              (oracle ? "equal" : "different") + ", robot_diff " +
                              (ours ? "equal" : "different: " + why));
      continue;
    }
    ++(oracle ? both_equal : both_different);

    const std::string moved = MoveFirstLink(r.output);
    if (moved.empty()) continue;
    ++perturbed;
    const sdf_oracle::Snapshot moved_snapshot =
        sdf_oracle::LoadString(moved, read.model_paths);
    if (OracleEqual(in, moved_snapshot))
      disagreements.push_back(rel + ": libsdformat misses the link moved by 1 mm");
    if (DiffEqual(text, moved, path, read, &why))
      disagreements.push_back(rel + ": robot_diff misses the link moved by 1 mm");
  }
  std::printf("%d files equal for both, %d different for both, %d perturbed "
              "outputs, %zu disagreements\n",
              both_equal, both_different, perturbed, disagreements.size());
  EXPECT_GT(both_equal, 0);
  EXPECT_GT(perturbed, 0);
  std::string all;
  for (const auto& d : disagreements) all += d + "\n";
  EXPECT_TRUE(disagreements.empty()) << all;
}

// The perturbation is one: a link gets a pose, or its pose's x moves.
TEST(RobotDiffOracleAgreementTest, MoveFirstLinkMovesOneLink) {
  EXPECT_EQ(MoveFirstLink("<model name=\"m\"><link name=\"l\"><pose>1 2 3 0 0 0</pose></link></model>"),
            "<model name=\"m\"><link name=\"l\"><pose>1.0009999999999999 2 3 0 0 0</pose></link></model>");
  EXPECT_EQ(MoveFirstLink("<link name=\"l\">\n  <inertial/></link>"),
            "<link name=\"l\"><pose>0.001 0 0 0 0 0</pose>\n  <inertial/></link>");
  EXPECT_EQ(MoveFirstLink("<link name=\"l\"><pose relative_to=\"j\"/></link>"),
            "<link name=\"l\"><pose relative_to=\"j\">0.001 0 0 0 0 0</pose></link>");
  EXPECT_EQ(MoveFirstLink("<model name=\"m\"/>"), "");
}

}  // namespace
