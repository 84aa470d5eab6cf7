// robot-diff over the corpus the converters' corpus tests convert
// (../shared/corpus, sampled by CORPUS_SAMPLE as they are): for every file a
// conversion accepts (urdf2sdf plain and --lump-fixed-joints for URDFs;
// sdf2sdf, and sdf2urdf for single-model documents, for SDFormat),
// Compare(INPUT, OUTPUT) is equal, each side read back through the readers;
// and the output with one joint origin moved by 1 mm is caught (DIFF_POSE).
// The oracle comparisons of those corpus tests (libsdformat, urdfdom) say
// these outputs are equal to their inputs; robot_diff must agree, and must
// not call a moved joint equal.
//
// Outside Bazel: CORPUS_DIR=/work/shared/corpus bazel-bin/robot_diff/corpus_test
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "converter/robot_input.h"
#include "converter/sdf_to_sdf.h"
#include "converter/sdf_to_urdf.h"
#include "converter/urdf_to_sdf.h"
#include "robot_diff/robot_diff.h"
#include "testing/corpus.h"

namespace {

struct Tally {
  int compared = 0, perturbed = 0, sensors = 0, plugins = 0;
  std::vector<std::string> failures;
};

// The first lines of `d`.
std::string Head(const frames::Diagnostics& d) {
  std::string out;
  int n = 0;
  for (const auto& x : d.all()) {
    if (++n > 3) break;
    out += "\n    " + frames::Format(x);
  }
  return out;
}

// The first <sensor> (kind "sensor") or <plugin> the comparison reads in
// `m`: a link's or joint's (SDF), or in a <gazebo> block (URDF); not one
// carried in <urdf:gazebo>.
frames::Element* First(frames::Model* m, const std::string& kind) {
  auto in = [&](std::vector<frames::Element>& elements) -> frames::Element* {
    for (auto& e : elements) {
      if (e.name == kind) return &e;
      if (e.name == "gazebo") {
        for (auto& c : e.children)
          if (c.name == kind) return &c;
      }
    }
    return nullptr;
  };
  if (auto* e = in(m->extensions)) return e;
  if (kind == "sensor") {
    for (auto& l : m->links)
      if (auto* e = in(l.extensions)) return e;
    for (auto& j : m->joints)
      if (auto* e = in(j.extensions)) return e;
  }
  for (auto& n : m->models)
    if (auto* e = First(&n, kind)) return e;
  return nullptr;
}

// The output with its first sensor's update rate changed (one added when
// it has none), and with its first plugin's filename changed: each caught
// with its code.
void PerturbContent(const std::string& what, const converter::Robot& ra,
                    const converter::Robot& rb, Tally* tally) {
  for (const char* kind : {"sensor", "plugin"}) {
    frames::Model changed = rb.model;
    frames::Element* e = First(&changed, kind);
    if (!e) continue;
    const bool sensor = std::string(kind) == "sensor";
    if (sensor) {
      frames::Element* rate = e->Child("update_rate");
      if (rate) {
        rate->text += "1";  // 30 -> 301, 0 -> 01, 0.0 -> 0.01
      } else {
        e->children.push_back(frames::Element::Leaf("update_rate", "7", e->where));
      }
    } else {
      for (auto& [k, v] : e->attributes)
        if (k == "filename") v += ".changed";
    }
    ++(sensor ? tally->sensors : tally->plugins);
    const auto p = robot_diff::Compare({&ra.model, ra.urdf}, {&changed, rb.urdf}, {});
    const frames::Code code = sensor ? frames::Code::DIFF_SENSOR : frames::Code::DIFF_PLUGIN;
    if (p.equal() || !p.differences.Has(code)) {
      tally->failures.push_back(what + ": a changed " + kind + " is not caught" +
                                Head(p.differences));
    }
  }
}

// Compares every model of `input` with the output's model of its name (or
// the only one), and the first one again with a joint origin of the output
// moved by 1 mm.
void Check(const std::string& what, const std::string& path,
           const std::string& rel,
           const std::string& input, const std::string& output,
           const converter::ReadInputOptions& read, Tally* tally) {
  frames::Diagnostics d;
  const auto a = converter::ReadRobots(input, path, read, &d);
  // Read back as if written beside the input (relative URIs as written,
  // includes found as the input's are).
  const auto b = converter::ReadRobots(output, path, read, &d);
  const std::string& path_in_messages = rel;
  if (!a || !b) {
    tally->failures.push_back(what + " " + path_in_messages + ": does not read back" + Head(d));
    return;
  }
  bool perturbed = false;
  for (const auto& ra : *a) {
    const converter::Robot* rb = nullptr;
    if (b->size() == 1) {
      if (a->size() == 1 || ra.model.name == b->front().model.name) rb = &b->front();
    } else {
      for (const auto& x : *b)
        if (x.model.name == ra.model.name && x.world == ra.world) rb = &x;
    }
    if (!rb) continue;  // sdf2urdf converts one model of several
    const auto r = robot_diff::Compare({&ra.model, ra.urdf}, {&rb->model, rb->urdf}, {});
    ++tally->compared;
    if (!r.equal()) {
      tally->failures.push_back(what + " " + path_in_messages + " model '" + ra.model.name +
                                "': differs" + Head(r.differences));
      continue;
    }
    PerturbContent(what + " " + path_in_messages, ra, *rb, tally);
    if (perturbed || rb->model.joints.empty()) continue;
    // One joint origin moved by 1 mm (the first joint that is not from the
    // world): the link below it moves, and robot_diff must say so.
    frames::Model moved = rb->model;
    for (auto& j : moved.joints) {
      if (j.parent == frames::kWorldFrame) continue;
      j.pose.xyz.x() += 0.001;
      perturbed = true;
      break;
    }
    if (!perturbed) continue;
    ++tally->perturbed;
    const auto p = robot_diff::Compare({&ra.model, ra.urdf}, {&moved, rb->urdf}, {});
    if (p.equal() || !p.differences.Has(frames::Code::DIFF_POSE)) {
      tally->failures.push_back(what + " " + path_in_messages +
                                ": a joint origin moved by 1 mm is not caught" +
                                Head(p.differences));
    }
  }
}

TEST(RobotDiffCorpusTest, OutputsAreEqualToInputsAndMovedJointsAreCaught) {
  const std::string corpus = test_support::CorpusDir("CORPUS_DIR");
  ASSERT_FALSE(corpus.empty()) << "corpus not found; set CORPUS_DIR";
  Tally tally;
  test_support::CorpusSample sample;
  for (const std::string& rel :
       sample.Take(test_support::CorpusFiles(corpus, {".urdf"}))) {
    const std::string path = corpus + "/" + rel;
    const std::string text = test_support::ReadFile(path);
    for (bool lump : {false, true}) {
      converter::UrdfToSdfOptions o;
      o.lump_fixed_joints = lump;
      const auto out = converter::UrdfToSdf(text, path, o);
      if (!out.ok) continue;
      Check(lump ? "urdf2sdf --lump-fixed-joints" : "urdf2sdf", path, rel, text,
            out.output, {}, &tally);
    }
  }
  converter::ReadInputOptions read;
  read.model_paths = test_support::CorpusModelPaths(corpus);
  for (const std::string& rel :
       sample.Take(test_support::CorpusFiles(corpus, {".sdf", ".world"}))) {
    const std::string path = corpus + "/" + rel;
    const std::string text = test_support::ReadFile(path);
    converter::SdfToSdfOptions s;
    s.model_paths = read.model_paths;
    const auto sdf = converter::SdfToSdf(text, path, s);
    if (sdf.ok) Check("sdf2sdf", path, rel, text, sdf.output, read, &tally);
    if (!test_support::IsSingleModelDocument(path)) continue;
    converter::SdfToUrdfOptions u;
    u.model_paths = read.model_paths;
    const auto urdf = converter::SdfToUrdf(text, path, u);
    if (urdf.ok) Check("sdf2urdf", path, rel, text, urdf.output, read, &tally);
  }
  std::printf("%d models compared, %d perturbed outputs compared (%d with a "
              "sensor changed, %d with a plugin changed), %zu failures\n",
              tally.compared, tally.perturbed, tally.sensors, tally.plugins,
              tally.failures.size());
  EXPECT_GT(tally.compared, 0);
  EXPECT_GT(tally.perturbed, 0);
  EXPECT_GT(tally.sensors, 0);
  EXPECT_GT(tally.plugins, 0);
  std::string all;
  for (const auto& f : tally.failures) all += f + "\n";
  EXPECT_TRUE(tally.failures.empty()) << all;
}

}  // namespace
