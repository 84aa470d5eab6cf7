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
// The URDF directions (test UrdfVerdictsAgreeWithUrdfdomAndLibsdformat, its
// own target //robot_diff:urdf_oracle_agreement_test): for corpus URDFs
// (every 4th by default), urdf2sdf's output against its input and sdf2urdf's
// output (of that SDFormat) against its input, each side's oracle the
// independent reader of its format: urdfdom's forward kinematics
// (//converter/testing:urdfdom_kinematics) for a URDF, libsdformat 12 for
// SDFormat, compared in one snapshot form; and each output perturbed three
// ways (a joint origin moved by 1 mm, a joint axis turned, a mass changed),
// where both must say "different".
//
// Outside Bazel: CORPUS_DIR=/work/shared/corpus bazel-bin/robot_diff/oracle_agreement_test
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>

#include <tinyxml2.h>

#include "converter/robot_input.h"
#include "converter/sdf_to_sdf.h"
#include "converter/sdf_to_urdf.h"
#include "converter/testing/urdfdom_kinematics.h"
#include "converter/urdf_to_sdf.h"
#include "robot_diff/robot_diff.h"
#include "sdf_io/testing/expect_kinematics.h"
#include "sdf_io/testing/sdformat_oracle.h"
#include "testing/corpus.h"

namespace {

// The oracle's verdict: both documents load, and every pose, axis and
// inertial of each is in the other within 1e-6 (robot_diff's default
// tolerances), as ExpectSameKinematics checks it (its failures captured,
// not reported).
bool OracleEqual(const sdf_oracle::Snapshot& in, const sdf_oracle::Snapshot& out,
                 std::string* why = nullptr) {
  if (!in.ok || !out.ok) {
    if (why) *why = "a side does not load";
    return false;
  }
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
  if (why && failures.size() > 0) {
    *why = failures.GetTestPartResult(0).message();
    for (char& c : *why)
      if (c == '\n') c = ' ';
    if (why->size() > 300) why->resize(300);
  }
  return failures.size() == 0;
}

void ExpectNoDisagreements(const std::vector<std::string>& disagreements) {
  std::string all;
  for (const auto& d : disagreements) all += d + "\n";
  EXPECT_TRUE(disagreements.empty()) << all;
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

// `sdf` with its first element opened by `tag` ("<link name=") moved by
// 1 mm along x: the number after its <pose ...> (our writer puts a link's
// and a joint's pose first), or a pose inserted when it has none. Empty
// when it has no such element.
std::string MoveFirst(const std::string& sdf, const std::string& tag) {
  const size_t link = sdf.find(tag);
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

std::string MoveFirstLink(const std::string& sdf) { return MoveFirst(sdf, "<link name="); }

// `text` with the numbers of the first `value_start` ... `value_end` after
// the first `marker` changed by `change`; "" when there is none.
std::string ChangeNumbers(const std::string& text, const std::string& marker,
                          const std::string& value_start, const std::string& value_end,
                          const std::function<void(std::vector<double>*)>& change) {
  const size_t at = text.find(marker);
  if (at == std::string::npos) return "";
  const size_t v = text.find(value_start, at);
  if (v == std::string::npos) return "";
  const size_t begin = v + value_start.size();
  const size_t end = text.find(value_end, begin);
  if (end == std::string::npos) return "";
  std::vector<double> numbers;
  const std::string old = text.substr(begin, end - begin);
  const char* p = old.c_str();
  for (char* e = nullptr;; p = e) {
    const double d = std::strtod(p, &e);
    if (e == p) break;
    numbers.push_back(d);
  }
  if (numbers.empty()) return "";
  change(&numbers);
  std::string out;
  for (double d : numbers) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.17g", d);
    out += (out.empty() ? "" : " ") + std::string(buf);
  }
  return text.substr(0, begin) + out + text.substr(end);
}

// A joint axis turned by about 0.01 rad: its numbers plus 0.01 0.02 0.03.
void TurnAxis(std::vector<double>* v) {
  if (v->size() != 3) return;
  (*v)[0] += 0.01;
  (*v)[1] += 0.02;
  (*v)[2] += 0.03;
}

// `text` with the axis of its first revolute, continuous or prismatic joint
// turned (TurnAxis); "" when it has none. `axis` opens the axis element
// ("<axis>" in SDFormat, "<axis " in URDF), `value_start`/`value_end`
// bound its numbers.
std::string TurnFirstMovingAxis(const std::string& text, const std::string& axis,
                                const std::string& value_start,
                                const std::string& value_end) {
  for (size_t at = text.find("<joint "); at != std::string::npos;
       at = text.find("<joint ", at + 1)) {
    const size_t tag_end = text.find('>', at);
    if (tag_end == std::string::npos) return "";
    const std::string tag = text.substr(at, tag_end - at);
    bool moves = false;
    for (const char* t : {"revolute", "continuous", "prismatic"})
      moves = moves || tag.find("type=\"" + std::string(t) + "\"") != std::string::npos;
    const size_t end = text.find("</joint>", at);
    const size_t a = text.find(axis, at);
    if (!moves || end == std::string::npos || a == std::string::npos || a > end) continue;
    const std::string turned =
        ChangeNumbers(text.substr(at), axis, value_start, value_end, TurnAxis);
    return turned.empty() ? "" : text.substr(0, at) + turned;
  }
  return "";
}

// The three perturbations of an output, by name ("" where the output has
// nothing to perturb): SDFormat as urdf2sdf writes it, URDF as sdf2urdf does.
std::vector<std::pair<std::string, std::string>> Perturbed(const std::string& text,
                                                           bool urdf) {
  auto first_x = [](std::vector<double>* v) { (*v)[0] += 0.001; };
  auto heavier = [](std::vector<double>* v) { (*v)[0] += 0.1; };
  if (urdf) {
    // The first joint's origin, if it gives xyz before its </joint>.
    std::string moved = ChangeNumbers(text, "<joint ", "<origin xyz=\"", "\"", first_x);
    const size_t joint = text.find("<joint ");
    const size_t origin = text.find("<origin xyz=\"", joint);
    if (joint == std::string::npos || origin > text.find("</joint>", joint)) moved = "";
    return {{"joint origin moved by 1 mm", moved},
            {"axis turned", TurnFirstMovingAxis(text, "<axis ", "xyz=\"", "\"")},
            {"mass changed", ChangeNumbers(text, "<mass ", "value=\"", "\"", heavier)}};
  }
  return {{"joint origin moved by 1 mm", MoveFirst(text, "<joint name=")},
          {"axis turned", TurnFirstMovingAxis(text, "<axis>", "<xyz>", "</xyz>")},
          {"mass changed", ChangeNumbers(text, "<mass>", ">", "<", heavier)}};
}

// The kinematic core two snapshots of other formats share: models, links,
// joints and frames (not visuals, collisions, sensors: a URDF's urdfdom
// snapshot has none), first axes (of joints that are not fixed), inertials; a joint urdf2sdf renamed for a
// name clash keyed by its URDF name (<urdf:original_name> in `sdf`).
sdf_oracle::Snapshot Core(const sdf_oracle::Snapshot& s, const std::string& sdf) {
  std::map<std::string, std::string> original;  // "M::J_joint" -> "M::J"
  std::set<std::string> fixed;  // "M::J": an axis there means nothing
  tinyxml2::XMLDocument doc;
  if (!sdf.empty() && doc.Parse(sdf.c_str()) == tinyxml2::XML_SUCCESS && doc.RootElement()) {
    for (auto* m = doc.RootElement()->FirstChildElement("model"); m;
         m = m->NextSiblingElement("model")) {
      const char* mn = m->Attribute("name");
      for (auto* j = m->FirstChildElement("joint"); j; j = j->NextSiblingElement("joint")) {
        const char* type = j->Attribute("type");
        if (mn && j->Attribute("name") && type && std::string(type) == "fixed")
          fixed.insert(std::string(mn) + "::" + j->Attribute("name"));
        const auto* o = j->FirstChildElement("urdf:original_name");
        if (mn && j->Attribute("name") && o && o->GetText())
          original[std::string(mn) + "::" + j->Attribute("name")] =
              std::string(mn) + "::" + o->GetText();
      }
    }
  }
  auto key = [&](const std::string& k) {
    const auto it = original.find(k);
    return it == original.end() ? k : it->second;
  };
  sdf_oracle::Snapshot out;
  out.ok = s.ok;
  out.errors = s.errors;
  auto content = [](const std::string& k) {
    for (const char* mark : {"/visual:", "/collision:", "/sensor:", "/light:"})
      if (k.find(mark) != std::string::npos) return true;
    return false;
  };
  for (const auto& [k, X] : s.poses)
    if (!content(k)) out.poses[key(k)] = X;
  const std::string axis = "/axis";
  for (const auto& [k, a] : s.axes) {
    if (k.size() > axis.size() && k.compare(k.size() - axis.size(), axis.size(), axis) == 0 &&
        !fixed.count(k.substr(0, k.size() - axis.size())))
      out.axes[key(k.substr(0, k.size() - axis.size())) + axis] = a;
  }
  out.inertials = s.inertials;
  return out;
}

TEST(RobotDiffOracleAgreementTest, UrdfVerdictsAgreeWithUrdfdomAndLibsdformat) {
  const std::string corpus = test_support::CorpusDir("CORPUS_DIR");
  ASSERT_FALSE(corpus.empty()) << "corpus not found; set CORPUS_DIR";
  if (!std::getenv("CORPUS_SAMPLE")) setenv("CORPUS_SAMPLE", "4", 1);
  test_support::CorpusSample sample;
  const converter::ReadInputOptions read;
  int both_equal = 0, both_different = 0, perturbed = 0, caught = 0;
  std::vector<std::string> disagreements;
  // Perturbations both call equal (the perturbed number means nothing to
  // either: an axis of a joint that does not move ...).
  std::vector<std::string> unseen;
  // One pair: the oracle's verdict (each side's snapshot) against robot_diff's.
  auto check = [&](const std::string& what, const std::string& a,
                   const sdf_oracle::Snapshot& oa, const std::string& b,
                   const sdf_oracle::Snapshot& ob, const std::string& path,
                   bool perturbation) {
    std::string why, oracle_why;
    const bool oracle = OracleEqual(oa, ob, &oracle_why);
    const bool ours = DiffEqual(a, b, path, read, &why);
    if (oracle != ours) {
      disagreements.push_back(what + ": the oracle says " +
                              (oracle ? "equal" : "different: " + oracle_why) +
                              ", robot_diff " + (ours ? "equal" : "different: " + why));
      return;
    }
    if (perturbation) {
      ++perturbed;
      caught += !oracle;
      if (oracle) unseen.push_back(what);
    } else {
      ++(oracle ? both_equal : both_different);
    }
  };
  for (const std::string& rel :
       sample.Take(test_support::CorpusFiles(corpus, {".urdf"}))) {
    const std::string path = corpus + "/" + rel;
    const std::string urdf = test_support::ReadFile(path);
    std::string why;
    const sdf_oracle::Snapshot in = urdf_oracle::UrdfdomSnapshot(urdf, &why);
    if (!in.ok) continue;  // urdfdom refuses it: no oracle
    const auto sdf = converter::UrdfToSdf(urdf, path, {});
    if (!sdf.ok) continue;
    const sdf_oracle::Snapshot out = Core(sdf_oracle::LoadString(sdf.output), sdf.output);
    check("urdf2sdf " + rel, urdf, in, sdf.output, out, path, false);
    for (const auto& [kind, changed] : Perturbed(sdf.output, false)) {
      if (changed.empty()) continue;
      check("urdf2sdf " + rel + ", output with a " + kind, urdf, in, changed,
            Core(sdf_oracle::LoadString(changed), changed), path, true);
    }
    converter::SdfToUrdfOptions u;
    const auto back = converter::SdfToUrdf(sdf.output, path, u);
    if (!back.ok) continue;
    const sdf_oracle::Snapshot again = urdf_oracle::UrdfdomSnapshot(back.output, &why);
    check("sdf2urdf of urdf2sdf " + rel, sdf.output, out, back.output, again, path, false);
    for (const auto& [kind, changed] : Perturbed(back.output, true)) {
      if (changed.empty()) continue;
      check("sdf2urdf of urdf2sdf " + rel + ", output with a " + kind, sdf.output,
            out, changed, urdf_oracle::UrdfdomSnapshot(changed, &why), path, true);
    }
  }
  std::printf("%d pairs equal for both, %d different for both, %d perturbed "
              "outputs (%d different for both), %zu disagreements\n",
              both_equal, both_different, perturbed, caught, disagreements.size());
  for (const auto& u : unseen) std::printf("  equal for both: %s\n", u.c_str());
  EXPECT_GT(both_equal, 0);
  EXPECT_GT(caught, 0);
  ExpectNoDisagreements(disagreements);
}

TEST(RobotDiffOracleAgreementTest, PerturbationsChangeOneNumber) {
  const std::string sdf =
      "<joint name=\"j\" type=\"revolute\"><pose relative_to=\"a\">0 0 1 0 0 0</pose>"
      "<axis><xyz>0 1 0</xyz></axis></joint><mass>2</mass>";
  const auto p = Perturbed(sdf, false);
  EXPECT_EQ(p[0].second, "<joint name=\"j\" type=\"revolute\"><pose relative_to=\"a\">0.001 0 1 0 0 0</pose>"
                         "<axis><xyz>0 1 0</xyz></axis></joint><mass>2</mass>");
  EXPECT_EQ(p[1].second, "<joint name=\"j\" type=\"revolute\"><pose relative_to=\"a\">0 0 1 0 0 0</pose>"
                         "<axis><xyz>0.01 1.02 0.029999999999999999</xyz></axis></joint><mass>2</mass>");
  EXPECT_EQ(p[2].second, "<joint name=\"j\" type=\"revolute\"><pose relative_to=\"a\">0 0 1 0 0 0</pose>"
                         "<axis><xyz>0 1 0</xyz></axis></joint><mass>2.1000000000000001</mass>");
  const std::string urdf =
      "<joint name=\"j\"><origin xyz=\"1 2 3\"/><axis xyz=\"1 0 0\"/></joint>"
      "<mass value=\"3\"/>";
  const auto q = Perturbed(urdf, true);
  EXPECT_EQ(q[1].second, "");  // a fixed joint's axis means nothing
  const auto r = Perturbed("<joint name=\"f\" type=\"fixed\"><axis xyz=\"1 0 0\"/></joint>"
                           "<joint name=\"j\" type=\"prismatic\"><axis xyz=\"1 0 0\"/></joint>",
                           true);
  EXPECT_EQ(r[1].second, "<joint name=\"f\" type=\"fixed\"><axis xyz=\"1 0 0\"/></joint>"
                         "<joint name=\"j\" type=\"prismatic\"><axis xyz=\"1.01 0.02 0.029999999999999999\"/></joint>");
  EXPECT_EQ(q[0].second, "<joint name=\"j\"><origin xyz=\"1.0009999999999999 2 3\"/>"
                         "<axis xyz=\"1 0 0\"/></joint><mass value=\"3\"/>");
  EXPECT_EQ(q[2].second, "<joint name=\"j\"><origin xyz=\"1 2 3\"/><axis xyz=\"1 0 0\"/>"
                         "</joint><mass value=\"3.1000000000000001\"/>");
  // A joint without an origin of its own is not moved.
  EXPECT_EQ(Perturbed("<joint name=\"j\"></joint><origin xyz=\"1 2 3\"/>", true)[0].second, "");
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
  ExpectNoDisagreements(disagreements);
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
