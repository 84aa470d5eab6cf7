// Corpus oracle for the SDFormat side: every .sdf and .world file of
// ../shared/corpus (Bazel data @corpus//:sdf), with model:// looked up in the
// corpus' model repositories (test_support::CorpusModelPaths), is checked
// against libsdformat 12
// (sdf_io/testing/sdformat_oracle.h), which shares no code with our reader:
//
//  1. Verdict: converter::CheckSdfFile has no errors exactly when libsdformat
//     loads the file without errors, except for the files listed in
//     testdata/sdf_corpus_differences.txt, each with a reason code that
//     states the direction of the difference; a listed file that does not
//     differ in that direction fails the test, so the list cannot go stale.
//  2. Poses: for every file both accept, a snapshot computed here from our
//     reader's model and our frame graphs (same keys as the oracle's) must
//     have the same keys as libsdformat's, every pose within 1e-9
//     (translation and rotation matrix entries), every axis within 1e-9,
//     every inertial with the same mass and frame and inertia within 1e-9.
//  3. Migration: converter::SdfFileToSdf's SDFormat 1.7 output of every file
//     both accept loads in libsdformat without errors and gives the input's
//     libsdformat snapshot again (same keys, same numbers within 1e-9).
//  4. The same for --sdf-version 1.9 (composition kept) on every file of
//     px4-gazebo-models both accept.
//
// Outside Bazel: SDF_CORPUS_DIR=../shared/corpus
//   SDF_CORPUS_DIFFERENCES=testdata/sdf_corpus_differences.txt
//   bazel-bin/converter/sdf_corpus_test
//
// Notation as in DESIGN.md: X_AB is the pose of frame B in frame A; R is the
// snapshot's frame (the world, or the top-level model's own frame).

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <Eigen/Geometry>
#include <gtest/gtest.h>

#include "converter/sdf_to_sdf.h"
#include "frames/graph.h"
#include "frames/model.h"
#include "sdf_io/reader.h"
#include "sdf_io/testing/our_snapshot.h"
#include "sdf_io/testing/sdformat_oracle.h"
#include "testing/corpus.h"
#include "testing/format.h"

namespace {

namespace fs = std::filesystem;
using test_support::CorpusDir;
using test_support::CorpusFiles;
using test_support::Joined;
using test_support::ReadFile;
using test_support::MaxDiff;
using test_support::Num;
using test_support::PoseStr;
using test_support::Runfile;
using test_support::Vec;
using Eigen::Isometry3d;
using Eigen::Matrix3d;
using Eigen::Vector3d;
using sdf_oracle::Snapshot;

constexpr double kTol = 1e-9;
// Lines of a list shown in a failure message.
constexpr size_t kJoinedMax = 40;

// ---------------------------------------------------------------------------
// The differences list.

// Each reason code says which side rejects the file.
enum class Direction { kOnlyLibsdformatRejects, kOnlyWeReject };

const std::map<std::string, Direction>& ReasonCodes() {
  static const auto* codes = new std::map<std::string, Direction>{
      // libsdformat 12 cannot read the pre-1.0 <gazebo version="1.2"> root
      // (it falls back to URDF and fails); our reader reads it.
      {"GAZEBO_1_2_ROOT", Direction::kOnlyLibsdformatRejects},
      // An XML declaration after a comment: libsdformat refuses it; we
      // accept it with a warning. (No corpus file differs for this alone:
      // the ones that have it are rejected by both for other reasons.)
      {"XML_DECL_AFTER_COMMENT", Direction::kOnlyLibsdformatRejects},
      // A sensor type newer than libsdformat 12's SDFormat 1.9 (air_speed,
      // SDFormat 1.10): libsdformat refuses the sensor (ATTRIBUTE_INVALID
      // "the provided sensor type is missing or invalid"); we read sensors
      // verbatim, as libsdformat 13+ reads this one.
      {"SENSOR_TYPE_NEWER", Direction::kOnlyLibsdformatRejects},
  };
  return *codes;
}

using test_support::Listed;

// The reviewed list, its codes checked against ReasonCodes().
std::map<std::string, Listed> ReadDifferences(const std::string& path,
                                          std::vector<std::string>* bad) {
  std::set<std::string> known;
  for (const auto& entry : ReasonCodes()) known.insert(entry.first);
  return test_support::ReadReviewedList(path, known, bad);
}

// libsdformat 12 "unflattens" SDFormat <= 1.7 files whose link, joint or
// frame names carry "::" (Gazebo-classic's saved worlds: a link named
// "box::link" in model "box"): it makes "box" a nested model at the
// identity in its parent, holding "link". Our reader, reading 1.7 semantics,
// keeps the name "box::link" as written, so every key comes out the same
// except the nested model's own key. For each such key K that libsdformat has
// and we do not, where we do have keys under "K::", our value is the one
// unflattening implies, our pose of K's parent scope. Returns the keys added.
std::vector<std::string> AddUnflattenedModelKeys(const Snapshot& oracle,
                                                 Snapshot* ours) {
  std::vector<std::string> added;
  for (const auto& [key, X] : oracle.poses) {
    if (ours->poses.count(key)) continue;
    const size_t sep = key.rfind("::");
    if (sep == std::string::npos) continue;
    const auto parent = ours->poses.find(key.substr(0, sep));
    if (parent == ours->poses.end()) continue;
    const auto under = ours->poses.lower_bound(key + "::");
    if (under == ours->poses.end() ||
        under->first.compare(0, key.size() + 2, key + "::") != 0) {
      continue;
    }
    added.push_back(key);
  }
  for (const std::string& key : added) {
    ours->poses[key] = ours->poses.at(key.substr(0, key.rfind("::")));
  }
  return added;
}

// ---------------------------------------------------------------------------
// Snapshot comparison.

template <typename T>
void CompareKeys(const std::map<std::string, T>& expected,
                 const std::map<std::string, T>& actual, const char* what,
                 const char* expected_name, const char* actual_name,
                 std::vector<std::string>* out) {
  for (const auto& [key, v] : expected) {
    if (!actual.count(key)) {
      out->push_back(std::string(what) + " " + key + ": in " + expected_name +
                     ", not in " + actual_name);
    }
  }
  for (const auto& [key, v] : actual) {
    if (!expected.count(key)) {
      out->push_back(std::string(what) + " " + key + ": in " + actual_name +
                     ", not in " + expected_name);
    }
  }
}

// Every difference between two snapshots; `comparisons` counts the numbers
// compared (poses, axes, inertials).
std::vector<std::string> Compare(const Snapshot& expected,
                                 const Snapshot& actual,
                                 const char* expected_name,
                                 const char* actual_name, int* comparisons) {
  std::vector<std::string> out;
  CompareKeys(expected.poses, actual.poses, "pose", expected_name,
              actual_name, &out);
  CompareKeys(expected.axes, actual.axes, "axis", expected_name, actual_name,
              &out);
  CompareKeys(expected.inertials, actual.inertials, "inertial", expected_name,
              actual_name, &out);
  for (const auto& [key, X_e] : expected.poses) {
    const auto it = actual.poses.find(key);
    if (it == actual.poses.end()) continue;
    ++*comparisons;
    if (MaxDiff(X_e, it->second) > kTol) {
      out.push_back("pose " + key + ": " + expected_name + " " +
                    PoseStr(X_e) + ", " + actual_name + " " +
                    PoseStr(it->second));
    }
  }
  for (const auto& [key, a_e] : expected.axes) {
    const auto it = actual.axes.find(key);
    if (it == actual.axes.end()) continue;
    ++*comparisons;
    if ((a_e - it->second).cwiseAbs().maxCoeff() > kTol) {
      out.push_back("axis " + key + ": " + expected_name + " " + Vec(a_e) +
                    ", " + actual_name + " " + Vec(it->second));
    }
  }
  for (const auto& [key, i_e] : expected.inertials) {
    const auto it = actual.inertials.find(key);
    if (it == actual.inertials.end()) continue;
    ++*comparisons;
    const sdf_oracle::InertialInfo& i_a = it->second;
    if (i_e.mass != i_a.mass) {
      out.push_back("inertial " + key + ": mass " + expected_name + " " +
                    Num(i_e.mass) + ", " + actual_name + " " + Num(i_a.mass));
    }
    if (MaxDiff(i_e.X_RI, i_a.X_RI) > kTol) {
      out.push_back("inertial " + key + ": frame " + expected_name + " " +
                    PoseStr(i_e.X_RI) + ", " + actual_name + " " +
                    PoseStr(i_a.X_RI));
    }
    const double scale = std::max(1.0, i_e.I.cwiseAbs().maxCoeff());
    if ((i_e.I - i_a.I).cwiseAbs().maxCoeff() > kTol * scale) {
      std::ostringstream os;
      os << "inertial " << key << ": inertia " << expected_name << " ["
         << i_e.I.format(Eigen::IOFormat(17, 0, " ", "; ")) << "], "
         << actual_name << " ["
         << i_a.I.format(Eigen::IOFormat(17, 0, " ", "; ")) << "]";
      out.push_back(os.str());
    }
  }
  return out;
}

std::string Errors(const std::vector<std::string>& errors) {
  std::string s;
  for (size_t i = 0; i < errors.size() && i < 5; ++i) {
    std::string e = errors[i];
    std::replace(e.begin(), e.end(), '\n', ' ');
    if (e.size() > 300) e = e.substr(0, 300) + "...";
    s += "    " + e + "\n";
  }
  return s;
}

std::vector<std::string> ErrorStrings(const frames::Diagnostics& d) {
  std::vector<std::string> out;
  for (const frames::Diagnostic& x : d.all()) {
    if (x.severity == frames::Severity::kError) out.push_back(frames::Format(x));
  }
  return out;
}

// ---------------------------------------------------------------------------

// The comparison itself must be able to fail: a moved link, a wrong axis,
// a changed mass and a missing key are all reported.
TEST(SdfCorpusTest, CompareFindsDifferences) {
  Snapshot a;
  Isometry3d X = Isometry3d::Identity();
  X.translation() = Vector3d(1, 2, 3);
  a.poses["m::l"] = X;
  a.axes["m::j/axis"] = Vector3d::UnitZ();
  sdf_oracle::InertialInfo info;
  info.mass = 2;
  a.inertials["m::l"] = info;
  int n = 0;
  EXPECT_TRUE(Compare(a, a, "a", "b", &n).empty());
  EXPECT_EQ(n, 3);
  Snapshot b = a;
  b.poses["m::l"].translation().x() += 1e-8;
  b.axes["m::j/axis"] = Vector3d::UnitY();
  b.inertials["m::l"].mass = 2.0000001;
  b.poses["m::extra"] = X;
  const std::vector<std::string> d = Compare(a, b, "a", "b", &n);
  ASSERT_EQ(d.size(), 4u) << Joined(d, kJoinedMax);
  EXPECT_NE(d[0].find("m::extra: in b, not in a"), std::string::npos) << d[0];
  EXPECT_NE(d[1].find("pose m::l"), std::string::npos) << d[1];
  EXPECT_NE(d[2].find("axis m::j/axis"), std::string::npos) << d[2];
  EXPECT_NE(d[3].find("mass"), std::string::npos) << d[3];
}

TEST(SdfCorpusTest, EveryFileAgreesWithLibsdformat) {
  const std::string corpus = CorpusDir("SDF_CORPUS_DIR");
  ASSERT_FALSE(corpus.empty())
      << "corpus not found in runfiles; set SDF_CORPUS_DIR";
  const std::vector<std::string> model_paths =
      test_support::CorpusModelPaths(corpus);
  for (const std::string& dir : model_paths) {
    ASSERT_TRUE(fs::is_directory(dir)) << dir;
  }

  const std::vector<std::string> all_files =
      CorpusFiles(corpus, {".sdf", ".world"});
  ASSERT_FALSE(all_files.empty()) << "no .sdf/.world files under " << corpus;
  test_support::CorpusSample sample;
  const std::vector<std::string> files = sample.Take(all_files);

  const char* list_env = std::getenv("SDF_CORPUS_DIFFERENCES");
  const std::string list_path =
      list_env ? list_env : Runfile("testdata/sdf_corpus_differences.txt");
  std::vector<std::string> list_problems;
  const std::map<std::string, Listed> listed =
      ReadDifferences(list_path, &list_problems);
  EXPECT_TRUE(list_problems.empty()) << Joined(list_problems, kJoinedMax);
  for (const auto& [file, l] : listed) {
    EXPECT_TRUE(std::binary_search(all_files.begin(), all_files.end(), file))
        << list_path << " lists " << file << ", which is not in the corpus";
  }

  int agreed = 0, listed_differences = 0, pose_comparisons = 0,
      pose_files = 0, migrated = 0, migrated19 = 0;
  std::vector<std::string> unlisted;  // differences list lines, for updating
  std::vector<std::string> both_reject;  // file and each side's first error
  std::vector<std::string> unflattened;  // see AddUnflattenedModelKeys
  for (const std::string& rel : files) {
    const std::string path = corpus + "/" + rel;
    const frames::Diagnostics ours_diags =
        converter::CheckSdfFile(path, model_paths);
    const bool ours_ok = !ours_diags.HasErrors();
    const Snapshot oracle = sdf_oracle::LoadFile(path, model_paths);
    const auto it = listed.find(rel);

    // 1. Verdict.
    if (ours_ok != oracle.ok) {
      const Direction actual = ours_ok ? Direction::kOnlyLibsdformatRejects
                                       : Direction::kOnlyWeReject;
      if (it != listed.end() && ReasonCodes().at(it->second.code) == actual) {
        ++listed_differences;
      } else {
        ADD_FAILURE() << rel << ": verdicts differ: ours "
                      << (ours_ok ? "accepts" : "rejects") << ", libsdformat "
                      << (oracle.ok ? "accepts" : "rejects")
                      << (it != listed.end() ? " (listed as " +
                                                   it->second.code + ")"
                                             : std::string(" (not listed)"))
                      << "\n  ours:\n"
                      << Errors(ErrorStrings(ours_diags)) << "  libsdformat:\n"
                      << Errors(oracle.errors);
        unlisted.push_back(rel + "  " +
                           (ours_ok ? "OURS_ACCEPT" : "OURS_REJECT") + "  # " +
                           (ours_ok ? (oracle.errors.empty()
                                           ? std::string()
                                           : oracle.errors.front().substr(0, 120))
                                    : (ErrorStrings(ours_diags).empty()
                                           ? std::string()
                                           : ErrorStrings(ours_diags)
                                                 .front()
                                                 .substr(0, 120))));
      }
      continue;
    }
    if (it != listed.end()) {
      ADD_FAILURE() << rel << " is listed (" << it->second.code
                    << ") but both sides "
                    << (ours_ok ? "accept" : "reject") << " it";
      continue;
    }
    ++agreed;
    if (!ours_ok) {
      const std::vector<std::string> ours_errors = ErrorStrings(ours_diags);
      both_reject.push_back(
          rel + "\n    ours: " +
          (ours_errors.empty() ? std::string() : ours_errors.front()) +
          "\n    libsdformat: " +
          (oracle.errors.empty() ? std::string() : oracle.errors.front()));
      continue;
    }

    // 2. Poses: our resolver against libsdformat's.
    std::vector<std::string> problems;
    std::optional<Snapshot> ours = sdf_oracle::OurSnapshot(path, model_paths, &problems);
    if (ours) {
      for (const std::string& key : AddUnflattenedModelKeys(oracle, &*ours)) {
        unflattened.push_back(rel + ": " + key);
      }
      const std::vector<std::string> d =
          Compare(oracle, *ours, "libsdformat", "ours", &pose_comparisons);
      problems.insert(problems.end(), d.begin(), d.end());
      ++pose_files;
    }
    EXPECT_TRUE(problems.empty())
        << rel << ": our poses differ from libsdformat's:\n"
        << Joined(problems, kJoinedMax);

    // 3. Migration to SDFormat 1.7.
    converter::SdfToSdfOptions options;
    options.model_paths = model_paths;
    const converter::ConversionResult result =
        converter::SdfFileToSdf(path, options);
    if (!result.ok || result.output.empty()) {
      ADD_FAILURE() << rel << ": SdfFileToSdf failed:\n"
                    << result.diagnostics.ToString();
      continue;
    }
    const Snapshot back = sdf_oracle::LoadString(result.output, model_paths);
    if (!back.ok) {
      ADD_FAILURE() << rel << ": libsdformat rejects our 1.7 output:\n"
                    << Errors(back.errors);
      continue;
    }
    int ignored = 0;
    const std::vector<std::string> d =
        Compare(oracle, back, "input", "output", &ignored);
    EXPECT_TRUE(d.empty()) << rel
                           << ": libsdformat places our 1.7 output elsewhere:\n"
                           << Joined(d, kJoinedMax);
    if (d.empty()) ++migrated;

    // 4. px4-gazebo-models (SDFormat 1.9 and 1.10, includes, merge-includes)
    // written as 1.9 with composition kept: loads in libsdformat as well,
    // to the same places.
    if (rel.rfind("px4-gazebo-models/", 0) != 0) continue;
    options.sdf_version = 9;
    const converter::ConversionResult r19 =
        converter::SdfFileToSdf(path, options);
    if (!r19.ok) {
      ADD_FAILURE() << rel << ": SdfFileToSdf 1.9 failed:\n"
                    << r19.diagnostics.ToString();
      continue;
    }
    const Snapshot back19 = sdf_oracle::LoadString(r19.output, model_paths);
    if (!back19.ok) {
      ADD_FAILURE() << rel << ": libsdformat rejects our 1.9 output:\n"
                    << Errors(back19.errors);
      continue;
    }
    const std::vector<std::string> d19 =
        Compare(oracle, back19, "input", "1.9 output", &ignored);
    EXPECT_TRUE(d19.empty())
        << rel << ": libsdformat places our 1.9 output elsewhere:\n"
        << Joined(d19, kJoinedMax);
    if (d19.empty()) ++migrated19;
  }
  std::cout << "Nested models only libsdformat makes (unflattened names, "
            << unflattened.size() << "):\n";
  for (const std::string& l : unflattened) std::cout << "  " << l << "\n";
  std::cout << "Rejected by both (" << both_reject.size() << "):\n";
  for (const std::string& l : both_reject) std::cout << "  " << l << "\n";
  if (!unlisted.empty()) {
    std::cout << "Unlisted verdict differences (differences-list format):\n";
    for (const std::string& l : unlisted) std::cout << l << "\n";
  }
  std::cout << "files: " << files.size() << ", agreed verdicts: " << agreed
            << ", listed differences: " << listed_differences
            << " (of " << listed.size() << " listed)"
            << ", files pose-compared: " << pose_files
            << ", pose/axis/inertial comparisons: " << pose_comparisons
            << ", migrated files loaded and equal: " << migrated
            << ", px4 files written as 1.9 loaded and equal: " << migrated19
            << "\n";
  EXPECT_GT(pose_comparisons, 0);
}

}  // namespace
