// Every VALID/INVALID example of the SDFormat 1.7 pose frame semantics spec
// (testdata/sdf/spec, one problem per file; see its README.md): our reader
// and frame core give the expected verdict with the exact diagnostic code,
// and resolve the valid examples' poses to libsdformat's values recorded in
// poses.txt (which were also checked by hand).
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "frames/graph.h"
#include "sdf_io/reader.h"
#include "sdf_io/testing/our_snapshot.h"

namespace {

const char kDir[] = "testdata/sdf/spec/";

struct Expectation {
  std::string file;
  std::string verdict;  // VALID or a code
};

std::vector<Expectation> LoadExpected() {
  std::vector<Expectation> out;
  std::ifstream in(std::string(kDir) + "expected.txt");
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream s(line);
    Expectation e;
    if (s >> e.file >> e.verdict && e.file[0] != '#') out.push_back(e);
  }
  return out;
}

struct Checked {
  std::optional<sdf_io::SdfDocument> doc;
  frames::Diagnostics diags;
  std::vector<frames::FrameGraph> model_graphs, world_graphs;
};

Checked Check(const std::string& file) {
  Checked c;
  c.doc = sdf_io::ReadSdfFile(std::string(kDir) + file, &c.diags);
  if (!c.doc) return c;
  for (const auto& m : c.doc->models)
    c.model_graphs.push_back(frames::FrameGraph::Build(m, &c.diags));
  for (const auto& w : c.doc->worlds)
    c.world_graphs.push_back(frames::FrameGraph::BuildWorld(w, &c.diags));
  return c;
}

class SpecExampleTest : public testing::TestWithParam<Expectation> {};

TEST_P(SpecExampleTest, GivesTheExpectedVerdict) {
  const Expectation& e = GetParam();
  Checked c = Check(e.file);
  ASSERT_TRUE(c.doc.has_value()) << c.diags.ToString();
  if (e.verdict == "VALID") {
    EXPECT_FALSE(c.diags.HasErrors()) << c.diags.ToString();
    return;
  }
  ASSERT_TRUE(c.diags.HasErrors()) << e.file << " was accepted";
  // The first error names the problem the fixture was made for; follow-on
  // errors of the same problem may follow.
  std::string first;
  for (const auto& d : c.diags.all()) {
    if (d.severity == frames::Severity::kError) {
      first = d.code;
      break;
    }
  }
  EXPECT_EQ(first, e.verdict) << c.diags.ToString();
  EXPECT_GT(c.diags.all().front().where.line, 0) << "no line number";
}

std::string Name(const testing::TestParamInfo<Expectation>& info) {
  std::string n = info.param.file.substr(0, info.param.file.size() - 4);
  for (char& ch : n) {
    if (!isalnum(static_cast<unsigned char>(ch))) ch = '_';
  }
  return n;
}

INSTANTIATE_TEST_SUITE_P(Spec, SpecExampleTest,
                         testing::ValuesIn(LoadExpected()), Name);

TEST(SpecExamplePoses, MatchLibsdformat) {
  std::ifstream in(std::string(kDir) + "poses.txt");
  std::string line;
  std::map<std::string, sdf_oracle::Snapshot> ours;
  int compared = 0;
  while (std::getline(in, line)) {
    std::istringstream s(line);
    std::string file, key;
    double x, y, z, qw, qx, qy, qz;
    if (!(s >> file >> key >> x >> y >> z >> qw >> qx >> qy >> qz)) continue;
    auto it = ours.find(file);
    if (it == ours.end()) {
      std::vector<std::string> problems;
      auto snapshot =
          sdf_oracle::OurSnapshot(std::string(kDir) + file, {}, &problems);
      ASSERT_TRUE(snapshot && snapshot->ok)
          << file << "\n" << testing::PrintToString(problems);
      it = ours.emplace(file, std::move(*snapshot)).first;
    }
    auto X = it->second.poses.find(key);
    ASSERT_TRUE(X != it->second.poses.end()) << file << " " << key
                                             << " not resolved";
    const Eigen::Quaterniond q(qw, qx, qy, qz);
    EXPECT_LT((X->second.translation() - frames::Vector3(x, y, z)).norm(), 1e-9)
        << file << " " << key;
    EXPECT_LT((X->second.rotation() - q.toRotationMatrix()).norm(), 1e-9)
        << file << " " << key;
    ++compared;
  }
  EXPECT_GT(compared, 100);
  std::printf("spec example poses compared: %d\n", compared);
}

}  // namespace
