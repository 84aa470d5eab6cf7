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

std::vector<std::string> Split(const std::string& path) {
  std::vector<std::string> parts;
  size_t start = 0;
  for (size_t sep; (sep = path.find("::", start)) != std::string::npos;
       start = sep + 2) {
    parts.push_back(path.substr(start, sep - start));
  }
  parts.push_back(path.substr(start));
  return parts;
}

// X_R(key) from our graphs, keys as in poses.txt: "M", "M::L", "F",
// "M::L/visual:V" ...; R is the world frame, or the top model's frame.
std::optional<frames::Isometry3> OurPose(const Checked& c,
                                         const std::string& key) {
  const size_t slash = key.find('/');
  std::vector<std::string> path = Split(key.substr(0, slash));
  const frames::FrameGraph* g;
  const std::vector<frames::Model>* models;
  frames::Isometry3 X_RS = frames::Isometry3::Identity();  // scope in R
  if (!c.doc->worlds.empty()) {
    g = &c.world_graphs.front();
    models = &c.doc->worlds.front().models;
  } else {
    // The top model is the scope R; drop its name from the path.
    g = &c.model_graphs.front();
    models = &c.doc->models.front().models;
    if (path.size() == 1) return X_RS;
    path.erase(path.begin());
  }
  const frames::Model* model = c.doc->worlds.empty() ? &c.doc->models.front()
                                                     : nullptr;
  if (slash == std::string::npos) {
    std::string scoped;
    for (const auto& p : path) scoped += (scoped.empty() ? "" : "::") + p;
    return g->PoseInModel(scoped);
  }
  // A shape: descend to the scope of its link, composing scope poses.
  for (size_t k = 0; k + 1 < path.size(); ++k) {
    auto X_SN = g->PoseInModel(path[k]);
    if (!X_SN) return std::nullopt;
    X_RS = X_RS * *X_SN;
    g = g->Nested(path[k]);
    model = nullptr;
    for (const auto& m : *models) {
      if (m.name == path[k]) model = &m;
    }
    if (!g || !model) return std::nullopt;
    models = &model->models;
  }
  const std::string rest = key.substr(slash + 1);
  const size_t colon = rest.find(':');
  const std::string kind = rest.substr(0, colon), name = rest.substr(colon + 1);
  for (const auto& l : model->links) {
    if (l.name != path.back()) continue;
    std::optional<frames::Isometry3> X_SV;
    for (const auto& v : l.visuals) {
      if (kind == "visual" && v.name == name) X_SV = g->ResolvePose(v.pose, l.name);
    }
    for (const auto& s : l.collisions) {
      if (kind == "collision" && s.name == name)
        X_SV = g->ResolvePose(s.pose, l.name);
    }
    // Sensors and lights are kept verbatim: their <pose> child.
    for (const auto& e : l.extensions) {
      const std::string* n = e.Attribute("name");
      if (e.name != kind || !n || *n != name) continue;
      frames::Pose pose;
      for (const auto& c : e.children) {
        if (c.name != "pose") continue;
        std::istringstream v(c.text);
        v >> pose.xyz[0] >> pose.xyz[1] >> pose.xyz[2] >> pose.rpy[0] >>
            pose.rpy[1] >> pose.rpy[2];
        if (const std::string* r = c.Attribute("relative_to")) pose.relative_to = *r;
      }
      X_SV = g->ResolvePose(pose, l.name);
    }
    if (X_SV) return X_RS * *X_SV;
  }
  return std::nullopt;
}

TEST(SpecExamplePoses, MatchLibsdformat) {
  std::ifstream in(std::string(kDir) + "poses.txt");
  std::string line;
  std::map<std::string, Checked> checked;
  int compared = 0;
  while (std::getline(in, line)) {
    std::istringstream s(line);
    std::string file, key;
    double x, y, z, qw, qx, qy, qz;
    if (!(s >> file >> key >> x >> y >> z >> qw >> qx >> qy >> qz)) continue;
    auto it = checked.find(file);
    if (it == checked.end()) it = checked.emplace(file, Check(file)).first;
    const Checked& c = it->second;
    ASSERT_FALSE(c.diags.HasErrors()) << file << "\n" << c.diags.ToString();
    auto X = OurPose(c, key);
    ASSERT_TRUE(X.has_value()) << file << " " << key << " not resolved";
    const Eigen::Quaterniond q(qw, qx, qy, qz);
    EXPECT_LT((X->translation() - frames::Vector3(x, y, z)).norm(), 1e-9)
        << file << " " << key;
    EXPECT_LT((X->rotation() - q.toRotationMatrix()).norm(), 1e-9)
        << file << " " << key;
    ++compared;
  }
  EXPECT_GT(compared, 100);
  std::printf("spec example poses compared: %d\n", compared);
}

}  // namespace
