// Corpus oracle for urdf2sdf: every URDF file of ../shared/corpus (Bazel data
// @corpus//:urdf) is converted with converter::UrdfFileToSdf and the result is
// checked against oracles that share no code with the converter:
//
//  1. Refusals: the set of refused files with their first error code must equal
//     the reviewed list testdata/urdf_corpus_refused.txt (on a difference the
//     actual list is printed in that file's format).
//  2. libsdformat (Debian's libsdformat 12) must load every accepted output
//     without errors, and without unrecognized elements that are not
//     namespaced custom elements (libsdformat only warns about those).
//  3. Forward kinematics of the *input* at zero joint configuration, computed
//     from urdfdom's parse by //converter/testing:urdfdom_kinematics (or, for the files urdfdom rejects or logs
//     errors about, from a small tinyxml2 reader in this file, cross-checked
//     against urdfdom on the files both read), must match libsdformat's pose
//     resolution of our output: every link, joint frame (and axis), visual,
//     collision and inertial (mass, centre of mass, inertia about it) in the
//     model frame. Tolerance 1e-9: absolute on positions and rotation matrix
//     entries, relative to the largest entry on inertias (see
//     NearestValidInertia for inertias libsdformat refuses).
//  4. The same with UrdfToSdfOptions::lump_fixed_joints: merged links become
//     //frame elements, their visuals and collisions move to the body they
//     were merged into (compared as multisets) and inertials combine.
//
// The last line of the summary is "N passed, M failed" (files). Outside Bazel:
//   URDF_CORPUS_DIR=../shared/corpus
//   URDF_CORPUS_REFUSED=testdata/urdf_corpus_refused.txt
//   bazel-bin/converter/urdf_corpus_test   (with both variables exported)
//
// Notation as in DESIGN.md: X_AB is the pose of frame B in frame A; M is the
// model frame (the URDF root link), L a link, J a joint, P a joint's parent.

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <Eigen/Eigenvalues>
#include <Eigen/Geometry>
#include <gtest/gtest.h>
#include <sdf/sdf.hh>
#include <tinyxml2.h>
#include <urdf_parser/urdf_parser.h>

#include "converter/testing/urdfdom_kinematics.h"
#include "converter/urdf_to_sdf.h"
#include "sdf_io/testing/sdformat_loader.h"
#include "testing/corpus.h"
#include "testing/format.h"
#include "testing/pose.h"
#include "urdf_io/testing/urdfdom_compare.h"

namespace {

namespace fs = std::filesystem;
using test_support::CorpusDir;
using test_support::CorpusFiles;
using test_support::ReadFile;
using test_support::MatStr;
using test_support::Num;
using test_support::Runfile;
using test_support::Vec;
using Eigen::Isometry3d;
using Eigen::Matrix3d;
using Eigen::Vector3d;
using sdf_oracle::ToIsometry;
using test_support::FromXyzRpy;

using urdf_oracle::ComputeFk;
using urdf_oracle::Fk;
using urdf_oracle::InertiaMatrix;
using urdf_oracle::kInertiaSlack;
using urdf_oracle::NearestValidInertia;
using urdf_oracle::OInertial;
using urdf_oracle::OJoint;
using urdf_oracle::OLink;
using urdf_oracle::OModel;
using urdf_oracle::ReadWithUrdfdom;
using urdf_oracle::ValidInertia;

constexpr double kTol = 1e-9;

// ---------------------------------------------------------------------------
// Formatting helpers for failure messages.

Vector3d Rpy(const Matrix3d& R) {
  const double pitch = std::asin(std::clamp(-R(2, 0), -1.0, 1.0));
  return {std::atan2(R(2, 1), R(2, 2)), pitch, std::atan2(R(1, 0), R(0, 0))};
}

std::string PoseStr(const Isometry3d& X) {
  return "xyz " + Vec(X.translation()) + " rpy " + Vec(Rpy(X.linear()));
}

std::string OneLine(std::string s, size_t max_len = 160) {
  return test_support::OneLine(std::move(s), max_len);
}

// The names of the elements inside a URDF's <gazebo> blocks.
void CollectNames(const tinyxml2::XMLElement* e, std::set<std::string>* out) {
  for (const auto* c = e->FirstChildElement(); c; c = c->NextSiblingElement()) {
    out->insert(c->Name());
    CollectNames(c, out);
  }
}

std::set<std::string> GazeboElementNames(const std::string& text) {
  std::set<std::string> out;
  tinyxml2::XMLDocument doc;
  if (doc.Parse(text.c_str()) != tinyxml2::XML_SUCCESS || !doc.RootElement())
    return out;
  for (const auto* g = doc.RootElement()->FirstChildElement("gazebo"); g;
       g = g->NextSiblingElement("gazebo")) {
    CollectNames(g, &out);
  }
  return out;
}

// --- Reader 2: tinyxml2, for the files urdfdom rejects ------------------------
// Reads numbers as pybullet does where urdfdom refuses: a token may carry a
// trailing comma ("0.07,") and a vector may have more than three numbers (the
// first three are used). Anything else non-numeric makes the file unreadable.

bool ParseTokens(const char* s, std::vector<double>* out, std::string* why) {
  std::istringstream is(s);
  std::string tok;
  while (is >> tok) {
    const char* b = tok.c_str();
    char* e = nullptr;
    const double d = std::strtod(b, &e);
    if (e == b || !(std::string(e).empty() || std::string(e) == ",")) {
      *why = "not a number: '" + tok + "' in '" + s + "'";
      return false;
    }
    out->push_back(d);
  }
  return true;
}

bool ParseVec3(const tinyxml2::XMLElement* e, const char* attr, Vector3d dflt,
               Vector3d* v, std::string* why) {
  const char* s = e ? e->Attribute(attr) : nullptr;
  if (!s) {
    *v = dflt;
    return true;
  }
  std::vector<double> nums;
  if (!ParseTokens(s, &nums, why)) return false;
  if (nums.size() < 3) {
    *why = std::string("fewer than 3 numbers in ") + attr + "='" + s + "'";
    return false;
  }
  *v = Vector3d(nums[0], nums[1], nums[2]);
  return true;
}

bool ParseScalar(const tinyxml2::XMLElement* e, const char* attr, double* v,
                 std::string* why) {
  const char* s = e ? e->Attribute(attr) : nullptr;
  if (!s) {
    *why = std::string("missing attribute ") + attr;
    return false;
  }
  std::vector<double> nums;
  if (!ParseTokens(s, &nums, why)) return false;
  if (nums.size() != 1) {
    *why = std::string("expected one number in ") + attr + "='" + s + "'";
    return false;
  }
  *v = nums[0];
  return true;
}

bool ParseOrigin(const tinyxml2::XMLElement* parent, Isometry3d* X,
                 std::string* why) {
  const tinyxml2::XMLElement* o = parent->FirstChildElement("origin");
  Vector3d xyz, rpy;
  if (!ParseVec3(o, "xyz", Vector3d::Zero(), &xyz, why) ||
      !ParseVec3(o, "rpy", Vector3d::Zero(), &rpy, why)) {
    return false;
  }
  *X = FromXyzRpy(xyz, rpy);
  return true;
}

std::optional<OModel> ReadWithTinyXml(const std::string& text,
                                      std::string* why) {
  tinyxml2::XMLDocument doc;
  // c_str(): stop at an embedded NUL, as XML parsers of C strings do.
  if (doc.Parse(text.c_str()) != tinyxml2::XML_SUCCESS) {
    *why = std::string("XML: ") + doc.ErrorStr();
    return std::nullopt;
  }
  const tinyxml2::XMLElement* robot = doc.RootElement();
  if (!robot || std::string(robot->Name()) != "robot") {
    *why = "root element is not <robot>";
    return std::nullopt;
  }
  OModel out;
  out.name = robot->Attribute("name") ? robot->Attribute("name") : "";
  for (auto* l = robot->FirstChildElement("link"); l;
       l = l->NextSiblingElement("link")) {
    const char* name = l->Attribute("name");
    if (!name) {
      *why = "link without a name";
      return std::nullopt;
    }
    if (out.links.count(name)) {
      *why = std::string("duplicate link ") + name;
      return std::nullopt;
    }
    OLink ol;
    ol.name = name;
    for (auto* v = l->FirstChildElement("visual"); v;
         v = v->NextSiblingElement("visual")) {
      Isometry3d X;
      if (!ParseOrigin(v, &X, why)) return std::nullopt;
      ol.X_LV.push_back(X);
    }
    for (auto* c = l->FirstChildElement("collision"); c;
         c = c->NextSiblingElement("collision")) {
      Isometry3d X;
      if (!ParseOrigin(c, &X, why)) return std::nullopt;
      ol.X_LC.push_back(X);
    }
    if (auto* in = l->FirstChildElement("inertial")) {
      OInertial oi;
      if (!ParseOrigin(in, &oi.X_LI, why)) return std::nullopt;
      if (!ParseScalar(in->FirstChildElement("mass"), "value", &oi.mass, why)) {
        return std::nullopt;
      }
      const tinyxml2::XMLElement* ie = in->FirstChildElement("inertia");
      double v[6] = {0, 0, 0, 0, 0, 0};
      const char* names[6] = {"ixx", "ixy", "ixz", "iyy", "iyz", "izz"};
      for (int i = 0; i < 6; ++i) {
        // Off-diagonal moments may be left out (pybullet reads them as 0).
        const bool off_diagonal = i == 1 || i == 2 || i == 4;
        if (off_diagonal && ie && !ie->Attribute(names[i])) continue;
        if (!ParseScalar(ie, names[i], &v[i], why)) return std::nullopt;
      }
      oi.I_I = InertiaMatrix(v[0], v[1], v[2], v[3], v[4], v[5]);
      ol.inertial = oi;
    }
    out.links[name] = ol;
  }
  if (out.links.empty()) {
    *why = "no <link> elements";
    return std::nullopt;
  }
  std::set<std::string> joint_names;
  for (auto* j = robot->FirstChildElement("joint"); j;
       j = j->NextSiblingElement("joint")) {
    OJoint oj;
    const char* name = j->Attribute("name");
    const char* type = j->Attribute("type");
    const tinyxml2::XMLElement* p = j->FirstChildElement("parent");
    const tinyxml2::XMLElement* c = j->FirstChildElement("child");
    if (!name || !type || !p || !c || !p->Attribute("link") ||
        !c->Attribute("link")) {
      *why = "joint without name, type, parent or child";
      return std::nullopt;
    }
    oj.name = name;
    if (!joint_names.insert(oj.name).second) {
      *why = "duplicate joint " + oj.name;
      return std::nullopt;
    }
    oj.type = type;
    oj.parent = p->Attribute("link");
    oj.child = c->Attribute("link");
    if (!ParseOrigin(j, &oj.X_PJ, why)) return std::nullopt;
    oj.has_axis = oj.type == "revolute" || oj.type == "continuous" ||
                  oj.type == "prismatic" || oj.type == "planar";
    if (oj.has_axis &&
        !ParseVec3(j->FirstChildElement("axis"), "xyz", Vector3d::UnitX(),
                   &oj.axis, why)) {
      return std::nullopt;
    }
    out.joints.push_back(oj);
  }
  return out;
}

// Differences between the two readers' views of one file (oracle self-check).
std::vector<std::string> CompareReaders(const OModel& a, const OModel& b) {
  std::vector<std::string> d;
  auto near = [](const Isometry3d& x, const Isometry3d& y) {
    return (x.translation() - y.translation()).cwiseAbs().maxCoeff() < 1e-12 &&
           (x.linear() - y.linear()).cwiseAbs().maxCoeff() < 1e-12;
  };
  if (a.links.size() != b.links.size()) d.push_back("link count");
  for (const auto& [name, la] : a.links) {
    auto it = b.links.find(name);
    if (it == b.links.end()) {
      d.push_back("link " + name + " missing");
      continue;
    }
    const OLink& lb = it->second;
    if (la.X_LV.size() != lb.X_LV.size()) d.push_back("visual count of " + name);
    for (size_t i = 0; i < std::min(la.X_LV.size(), lb.X_LV.size()); ++i) {
      if (!near(la.X_LV[i], lb.X_LV[i])) d.push_back("visual of " + name);
    }
    if (la.X_LC.size() != lb.X_LC.size()) d.push_back("collision count of " + name);
    for (size_t i = 0; i < std::min(la.X_LC.size(), lb.X_LC.size()); ++i) {
      if (!near(la.X_LC[i], lb.X_LC[i])) d.push_back("collision of " + name);
    }
    if (la.inertial.has_value() != lb.inertial.has_value()) {
      d.push_back("inertial presence of " + name);
    } else if (la.inertial) {
      if (la.inertial->mass != lb.inertial->mass ||
          !near(la.inertial->X_LI, lb.inertial->X_LI) ||
          la.inertial->I_I != lb.inertial->I_I) {
        d.push_back("inertial of " + name);
      }
    }
  }
  if (a.joints.size() != b.joints.size()) d.push_back("joint count");
  for (const OJoint& ja : a.joints) {
    auto it = std::find_if(b.joints.begin(), b.joints.end(),
                           [&](const OJoint& j) { return j.name == ja.name; });
    if (it == b.joints.end()) {
      d.push_back("joint " + ja.name + " missing");
      continue;
    }
    if (ja.type != it->type || ja.parent != it->parent ||
        ja.child != it->child || !near(ja.X_PJ, it->X_PJ) ||
        (ja.has_axis && ja.axis != it->axis)) {
      d.push_back("joint " + ja.name);
    }
  }
  return d;
}

// Mass, centre of mass and inertia about the centre of mass, all in frame M.
struct MassProps {
  double mass = 0;
  Vector3d p_MC = Vector3d::Zero();
  Matrix3d I_C_M = Matrix3d::Zero();
  std::vector<std::string> members;
};

// Combine inertials given in frame M (parallel-axis theorem).
MassProps Combine(const std::vector<std::pair<double, Isometry3d>>& parts_X,
                  const std::vector<Matrix3d>& parts_I) {
  MassProps out;
  for (const auto& [m, X] : parts_X) {
    out.mass += m;
    out.p_MC += m * X.translation();
  }
  if (out.mass != 0) out.p_MC /= out.mass;
  // One part: its own centre of mass, exactly (no rounding from m*x/m).
  if (parts_X.size() == 1) out.p_MC = parts_X[0].second.translation();
  for (size_t i = 0; i < parts_X.size(); ++i) {
    const double m = parts_X[i].first;
    const Isometry3d& X_MI = parts_X[i].second;
    const Vector3d d = X_MI.translation() - out.p_MC;
    out.I_C_M += X_MI.linear() * parts_I[i] * X_MI.linear().transpose() +
                 m * (d.squaredNorm() * Matrix3d::Identity() - d * d.transpose());
  }
  return out;
}

// ---------------------------------------------------------------------------
// libsdformat side.

std::string ErrorsStr(const sdf::Errors& errors) {
  std::string s;
  for (const auto& e : errors) {
    s += (s.empty() ? "" : "; ") + OneLine(e.Message(), 300);
  }
  return s;
}

template <typename T>
std::optional<Isometry3d> ResolveInModel(const T* element, std::string* err) {
  ignition::math::Pose3d pose;
  const sdf::Errors errors = element->SemanticPose().Resolve(pose, "__model__");
  if (!errors.empty()) {
    *err = ErrorsStr(errors);
    return std::nullopt;
  }
  return ToIsometry(pose, /*normalize=*/false);
}

// The URDF name recorded by the converter in a custom element, if any.
std::optional<std::string> OriginalName(const sdf::ElementPtr& e) {
  if (!e) return std::nullopt;
  for (sdf::ElementPtr c = e->GetFirstElement(); c; c = c->GetNextElement()) {
    if (c->GetName() == "urdf:original_name") {
      if (c->GetValue()) return c->GetValue()->GetAsString();
      return std::string();
    }
  }
  return std::nullopt;
}

bool PoseNear(const Isometry3d& a, const Isometry3d& b) {
  return (a.translation() - b.translation()).cwiseAbs().maxCoeff() <= kTol &&
         (a.linear() - b.linear()).cwiseAbs().maxCoeff() <= kTol;
}

struct Report {
  std::vector<std::string> failures;
  void Fail(const std::string& mode, const std::string& s) {
    failures.push_back("[" + mode + "] " + s);
  }
};

void ComparePose(const std::string& mode, const std::string& what,
                 const Isometry3d& expected, const std::optional<Isometry3d>& actual,
                 const std::string& err, Report* r) {
  if (!actual) {
    r->Fail(mode, what + ": libsdformat cannot resolve its pose: " + err);
    return;
  }
  if (!PoseNear(expected, *actual)) {
    r->Fail(mode, what + ": expected " + PoseStr(expected) + ", got " +
                      PoseStr(*actual) + " (max |dp| " +
                      Num((expected.translation() - actual->translation())
                              .cwiseAbs()
                              .maxCoeff()) +
                      ", max |dR| " +
                      Num((expected.linear() - actual->linear()).cwiseAbs().maxCoeff()) +
                      ")");
  }
}

// Informational counters across the corpus.
struct Stats {
  std::map<std::string, std::vector<std::string>> sdf_console;  // printed
  std::map<std::string, std::vector<std::string>> kept_fixed_joints;  // lumped mode
  std::set<std::string> world_content;  // root 'world' link has content
  // Unrecognized elements libsdformat names that the URDF's <gazebo>
  // content has (copied through, as libsdformat's own conversion does).
  int gazebo_unknown_copied = 0;
};

// Checks one converted document against the oracle's forward kinematics. One
// method per concern; every failure names the file's element.
class OutputChecker {
 public:
  OutputChecker(std::string mode, bool lumped, const OModel& om, const Fk& fk,
                Report* r, Stats* stats, std::string rel)
      : mode_(std::move(mode)), lumped_(lumped), om_(om), fk_(fk), r_(r),
        stats_(stats), rel_(std::move(rel)), world_root_(fk.root == "world") {
    for (const auto& [n, l] : om_.links) link_names_.insert(n);
  }

  void Check(const std::string& sdf_text) {
    if (!Load(sdf_text)) return;
    CheckModel();
    AssignBodies();
    CheckLinkPoses();
    CheckBodies();
    CheckJoints();
  }

 private:
  void Fail(const std::string& s) { r_->Fail(mode_, s); }

  // libsdformat loads the output: no errors, and no unrecognized elements that
  // are not namespaced custom elements. What it prints is kept for the summary.
  bool Load(const std::string& sdf_text) {
    std::ostringstream console;
    sdf::Console::Instance()->GetMsgStream().SetStream(&console);
    const sdf::Errors load_errors = root_.LoadSdfString(sdf_text);
    sdf::Console::Instance()->GetMsgStream().SetStream(&std::cerr);
    std::vector<std::string> lines;
    {
      std::istringstream is(sdf_text);
      std::string line;
      while (std::getline(is, line)) lines.push_back(line);
    }
    std::vector<std::string> messages;
    for (const auto& e : load_errors) {
      messages.push_back("libsdformat error " +
                         std::to_string(static_cast<int>(e.Code())) + ": " +
                         OneLine(e.Message(), 400) + Where(e, lines));
    }
    // libsdformat only warns about unknown elements and copies them through;
    // load again with unrecognized elements as errors to name them.
    {
      sdf::ParserConfig strict;
      strict.SetUnrecognizedElementsPolicy(sdf::EnforcementPolicy::ERR);
      std::ostringstream ignored;
      sdf::Console::Instance()->GetMsgStream().SetStream(&ignored);
      sdf::Root strict_root;
      const sdf::Errors strict_errors = strict_root.LoadSdfString(sdf_text, strict);
      sdf::Console::Instance()->GetMsgStream().SetStream(&std::cerr);
      std::set<std::string> normal;
      for (const auto& e : load_errors) normal.insert(e.Message());
      for (const auto& e : strict_errors) {
        if (normal.count(e.Message())) continue;
        // "XML Element[X], child of element[Y], not defined in SDF": fine
        // when the URDF's <gazebo> content has X (copied through).
        const std::string& m = e.Message();
        const size_t b = m.find("Element[");
        const size_t end = b == std::string::npos ? b : m.find(']', b);
        if (end != std::string::npos &&
            om_.gazebo_elements.count(m.substr(b + 8, end - b - 8))) {
          ++stats_->gazebo_unknown_copied;
          continue;
        }
        messages.push_back("libsdformat, unrecognized elements as errors: " +
                           OneLine(e.Message(), 300));
      }
    }
    // Identical messages once, with a count.
    std::map<std::string, int> seen;
    for (const auto& m : messages) ++seen[m];
    for (const auto& m : messages) {
      auto it = seen.find(m);
      if (it == seen.end()) continue;
      Fail(m + (it->second > 1 ? " (x" + std::to_string(it->second) + ")" : ""));
      seen.erase(it);
    }
    KeepConsole(console.str());
    model_ = root_.Model();
    if (!model_) Fail("libsdformat finds no <model> in the output");
    return model_ != nullptr;
  }

  // " (output line N: ..., in <joint name=...>)" where libsdformat knows it.
  static std::string Where(const sdf::Error& e, const std::vector<std::string>& lines) {
    if (e.LineNumber() && *e.LineNumber() >= 1 &&
        *e.LineNumber() <= static_cast<int>(lines.size())) {
      const int n = *e.LineNumber();
      std::string where =
          " (output line " + std::to_string(n) + ": " + OneLine(lines[n - 1], 80);
      for (int k = n - 1; k >= 0; --k) {
        const std::string& l = lines[k];
        if (l.find("<joint name=") != std::string::npos ||
            l.find("<link name=") != std::string::npos ||
            l.find("<frame name=") != std::string::npos) {
          where += ", in " + OneLine(l.substr(l.find('<')), 100);
          break;
        }
      }
      return where + ")";
    }
    if (e.XmlPath()) return " (at " + *e.XmlPath() + ")";
    return "";
  }

  // Distinct console lines, without terminal colour codes.
  void KeepConsole(const std::string& text) {
    if (text.empty()) return;
    std::istringstream is(text);
    std::string line;
    std::set<std::string> distinct;
    while (std::getline(is, line)) {
      std::string clean;
      for (size_t i = 0; i < line.size(); ++i) {
        if (line[i] == '\x1b') {
          while (i < line.size() && line[i] != 'm') ++i;
          continue;
        }
        clean += line[i];
      }
      if (clean.find_first_not_of(' ') != std::string::npos) distinct.insert(clean);
    }
    stats_->sdf_console[rel_ + " [" + mode_ + "]"].assign(distinct.begin(),
                                                          distinct.end());
  }

  void CheckModel() {
    if (!om_.name.empty() && model_->Name() != om_.name) {
      Fail("model name '" + model_->Name() + "', URDF robot name '" + om_.name + "'");
    }
    if (!world_root_) return;
    const OLink& w = om_.links.at("world");
    if (!w.X_LV.empty() || !w.X_LC.empty() || w.inertial) {
      // The world is the fixed reference, not a body: its content has nowhere
      // to go in SDFormat (the converter warns). Noted in the summary.
      stats_->world_content.insert(rel_);
    }
    if (model_->LinkByName("world")) {
      Fail("URDF root link 'world' is a link in the SDF; expected it to be the "
           "model frame");
    }
  }

  // Which SDF link (body) carries each URDF link: itself, or with lumping the
  // body its fixed parent joint merged it into (then it is a //frame).
  // "" = the model frame (a root 'world'), "?" = unknown.
  void AssignBodies() {
    for (const std::string& name : fk_.order) {
      if (world_root_ && name == "world") {
        body_[name] = "";
        continue;
      }
      if (model_->LinkByName(name)) {
        body_[name] = name;
        continue;
      }
      const sdf::Frame* frame = model_->FrameByName(name);
      const OJoint* pj = fk_.parent_joint.count(name) ? fk_.parent_joint.at(name) : nullptr;
      if (!frame) {
        Fail("link '" + name + "' is neither a link nor a frame in the SDF");
        // Keep checking the rest as if it had been merged into its parent.
        const bool mergeable =
            lumped_ && pj && pj->type == "fixed" && !body_[pj->parent].empty();
        body_[name] = mergeable ? body_[pj->parent] : "?";
        continue;
      }
      if (!lumped_) {
        Fail("link '" + name + "' became a frame although fixed joints are not "
             "lumped");
      }
      if (!pj) {
        Fail("root link '" + name + "' became a frame");
        body_[name] = "?";
        continue;
      }
      if (pj->type != "fixed") {
        Fail("link '" + name + "' was merged although its parent joint '" +
             pj->name + "' is " + pj->type);
      }
      const std::string expected_body = body_[pj->parent];
      if (expected_body.empty()) {
        Fail("link '" + name + "' was merged into the world (model frame)");
      }
      std::string attached;
      const sdf::Errors errs = frame->ResolveAttachedToBody(attached);
      if (!errs.empty()) {
        Fail("frame '" + name + "' (merged link): cannot resolve its body: " +
             ErrorsStr(errs));
      } else if (attached != expected_body) {
        Fail("frame '" + name + "' (merged link) is attached to body '" + attached +
             "', expected '" + expected_body + "'");
      }
      body_[name] = expected_body;
    }
    for (uint64_t i = 0; i < model_->LinkCount(); ++i) {
      const std::string n = model_->LinkByIndex(i)->Name();
      if (!om_.links.count(n)) Fail("SDF link '" + n + "' is not a URDF link");
    }
    if (!lumped_) return;
    for (const OJoint& j : om_.joints) {
      // (Fixed joints from a root 'world' are never merged: world is no body.)
      if (j.type == "fixed" && !(world_root_ && j.parent == "world") &&
          model_->LinkByName(j.child)) {
        stats_->kept_fixed_joints[rel_].push_back(j.name + " (" + j.parent +
                                                  " -> " + j.child + ")");
      }
    }
  }

  // Every link, or merged link's frame, where forward kinematics puts it.
  void CheckLinkPoses() {
    for (const std::string& name : fk_.order) {
      if (world_root_ && name == "world") continue;
      std::string err;
      if (const sdf::Link* l = model_->LinkByName(name)) {
        ComparePose(mode_, "link '" + name + "'", fk_.X_ML.at(name),
                    ResolveInModel(l, &err), err, r_);
      } else if (const sdf::Frame* f = model_->FrameByName(name)) {
        ComparePose(mode_, "frame '" + name + "' (merged link)", fk_.X_ML.at(name),
                    ResolveInModel(f, &err), err, r_);
      }
    }
  }

  // What forward kinematics says each SDF link carries.
  struct Expected {
    std::vector<std::pair<std::string, Isometry3d>> visuals, collisions;
    std::vector<std::pair<double, Isometry3d>> mass_X;  // mass, X_MI
    std::vector<Matrix3d> inertia;                      // in frame I
    std::vector<std::string> inertial_links;
    std::vector<std::string> members;         // URDF links carried
    std::vector<std::string> adjusted_links;  // invalid URDF inertia
    std::vector<std::string> edge_links;      // valid, but on the edge
  };

  void CheckBodies() {
    std::map<std::string, Expected> per_body;
    for (const std::string& name : fk_.order) {
      const std::string& b = body_[name];
      if (b.empty() || b == "?") continue;
      const OLink& ol = om_.links.at(name);
      const Isometry3d& X_ML = fk_.X_ML.at(name);
      Expected& e = per_body[b];
      e.members.push_back(name);
      for (size_t i = 0; i < ol.X_LV.size(); ++i) {
        e.visuals.push_back(
            {"visual #" + std::to_string(i) + " of URDF link '" + name + "'",
             X_ML * ol.X_LV[i]});
      }
      for (size_t i = 0; i < ol.X_LC.size(); ++i) {
        e.collisions.push_back(
            {"collision #" + std::to_string(i) + " of URDF link '" + name + "'",
             X_ML * ol.X_LC[i]});
      }
      if (ol.inertial) {
        const ValidInertia vi = NearestValidInertia(ol.inertial->mass, ol.inertial->I_I);
        e.mass_X.push_back({ol.inertial->mass, X_ML * ol.inertial->X_LI});
        // With lumping, merged links combine as the URDF writes them (as
        // libsdformat lumps them); only the combination must be valid.
        e.inertia.push_back(lumped_ ? ol.inertial->I_I : vi.I);
        e.inertial_links.push_back(name);
        if (vi.adjusted) {
          e.adjusted_links.push_back(name);
          if (!lumped_) CheckOriginalInertia(name, ol.inertial->I_I);
        } else if (vi.on_edge) {
          e.edge_links.push_back(name);
        }
      }
    }
    for (const auto& [b, e] : per_body) {
      const sdf::Link* link = model_->LinkByName(b);
      if (!link) continue;
      CheckShapes(b, e, "visual", e.visuals, link->VisualCount(),
                  [&](uint64_t i) { return link->VisualByIndex(i); });
      CheckShapes(b, e, "collision", e.collisions, link->CollisionCount(),
                  [&](uint64_t i) { return link->CollisionByIndex(i); });
      CheckInertial(b, e, link);
    }
  }

  // Visuals or collisions of one body: by index when the body is one URDF
  // link (the writer keeps URDF order), as a multiset when links were merged.
  template <typename Get>
  void CheckShapes(const std::string& b, const Expected& e, const std::string& kind,
                   const std::vector<std::pair<std::string, Isometry3d>>& exp,
                   uint64_t count, Get get) {
    if (exp.size() != count) {
      Fail("link '" + b + "' has " + std::to_string(count) + " " + kind +
           "s, expected " + std::to_string(exp.size()));
    }
    std::vector<std::optional<Isometry3d>> actual;
    for (uint64_t i = 0; i < count; ++i) {
      std::string err;
      actual.push_back(ResolveInModel(get(i), &err));
      if (!actual.back()) {
        Fail(kind + " #" + std::to_string(i) + " of link '" + b +
             "': cannot resolve its pose: " + err);
      }
    }
    if (e.members.size() == 1) {
      for (size_t i = 0; i < std::min<size_t>(exp.size(), count); ++i) {
        if (!actual[i]) continue;
        ComparePose(mode_,
                    exp[i].first + " (SDF " + kind + " #" + std::to_string(i) +
                        " of link '" + b + "')",
                    exp[i].second, actual[i], "", r_);
      }
      return;
    }
    std::vector<bool> used(count, false);
    for (const auto& [what, X] : exp) {
      bool found = false;
      for (uint64_t i = 0; i < count && !found; ++i) {
        if (!used[i] && actual[i] && PoseNear(X, *actual[i])) used[i] = found = true;
      }
      if (found) continue;
      // Name the nearest unmatched candidate to make the report actionable.
      std::string nearest;
      double best = 1e300;
      for (uint64_t i = 0; i < count; ++i) {
        if (used[i] || !actual[i]) continue;
        const double dist = (actual[i]->translation() - X.translation()).norm() +
                            (actual[i]->linear() - X.linear()).norm();
        if (dist < best) {
          best = dist;
          nearest = "; nearest unmatched is SDF " + kind + " #" + std::to_string(i) +
                    " at " + PoseStr(*actual[i]);
        }
      }
      Fail(what + " at " + PoseStr(X) + " has no " + kind + " at that pose in body '" +
           b + "'" + nearest);
    }
  }

  // Mass, centre of mass and inertia about it, in the model frame.
  void CheckInertial(const std::string& b, const Expected& e, const sdf::Link* link) {
    if (e.mass_X.empty()) {
      // No URDF inertial: massless. Either no <inertial> (SDFormat's default
      // of 1 kg then applies; the converter avoids that) or an explicit zero.
      if (link->Element() && link->Element()->HasElement("inertial")) {
        const auto& mm = link->Inertial().MassMatrix();
        const double most = std::max({std::abs(mm.Ixx()), std::abs(mm.Iyy()),
                                      std::abs(mm.Izz()), std::abs(mm.Ixy()),
                                      std::abs(mm.Ixz()), std::abs(mm.Iyz())});
        if (mm.Mass() != 0 || most != 0) {
          Fail("link '" + b + "' has mass " + Num(mm.Mass()) + " and inertia up to " +
               Num(most) + ", but no URDF link it carries has an <inertial>");
        }
      }
      return;
    }
    MassProps expected = Combine(e.mass_X, e.inertia);
    bool combined_adjusted = false;
    if (lumped_) {
      const ValidInertia vc = NearestValidInertia(expected.mass, expected.I_C_M);
      expected.I_C_M = vc.I;
      combined_adjusted = vc.adjusted || vc.on_edge;
    }
    std::string err;
    const std::optional<Isometry3d> X_MB = ResolveInModel(link, &err);
    if (!X_MB) return;  // reported with the link poses
    const ignition::math::Inertiald& in = link->Inertial();
    const Isometry3d X_MI = *X_MB * ToIsometry(in.Pose(), /*normalize=*/false);
    const auto& mm = in.MassMatrix();
    const Matrix3d I_I =
        InertiaMatrix(mm.Ixx(), mm.Ixy(), mm.Ixz(), mm.Iyy(), mm.Iyz(), mm.Izz());
    const Matrix3d I_M = X_MI.linear() * I_I * X_MI.linear().transpose();
    std::string who = "inertial of link '" + b + "'";
    if (e.inertial_links.size() > 1 || e.inertial_links[0] != b) {
      who += " (combined from";
      for (const auto& n : e.inertial_links) who += " '" + n + "'";
      who += ")";
    }
    if (!e.adjusted_links.empty()) {
      who += " (URDF inertia not physically valid, expected the nearest valid one for";
      for (const auto& n : e.adjusted_links) who += " '" + n + "'";
      who += ")";
    }
    if (!e.edge_links.empty()) {
      who += " (URDF inertia on the edge of validity for";
      for (const auto& n : e.edge_links) who += " '" + n + "'";
      who += ")";
    }
    const double m = mm.Mass();
    // Relative tolerances, with floors far below any physical mass/inertia.
    if (std::abs(m - expected.mass) >
        kTol * std::max({std::abs(expected.mass), std::abs(m), 1e-6})) {
      Fail(who + ": mass " + Num(m) + ", expected " + Num(expected.mass));
    }
    if (expected.mass != 0 &&
        (X_MI.translation() - expected.p_MC).cwiseAbs().maxCoeff() > kTol) {
      Fail(who + ": centre of mass in model frame " + Vec(X_MI.translation()) +
           ", expected " + Vec(expected.p_MC));
    }
    // The floor (1e-20 kg m^2) only absorbs rounding noise such as m * |d|^2
    // with |d| ~ 1e-17 m around zero tensors. Adjusted and on-the-edge
    // inertias may carry the converter's slack (kInertiaSlack, relative).
    const double scale = std::max(
        {expected.I_C_M.cwiseAbs().maxCoeff(), I_M.cwiseAbs().maxCoeff(), 1e-11});
    const double rel_tol =
        (lumped_ ? !combined_adjusted : e.adjusted_links.empty() && e.edge_links.empty())
            ? kTol
            : kInertiaSlack;
    if ((I_M - expected.I_C_M).cwiseAbs().maxCoeff() > rel_tol * scale) {
      Fail(who + ": inertia about CoM in model frame " + MatStr(I_M) + ", expected " +
           MatStr(expected.I_C_M));
    }
  }

  // Where an invalid URDF inertia was adjusted, the original must be kept as
  // <urdf:inertia ixx=".." .../> in the link (checked with default options;
  // with lumping the oracle does not ask where a merged link's original goes).
  void CheckOriginalInertia(const std::string& link_name, const Matrix3d& I) {
    const sdf::Link* link = model_->LinkByName(link_name);
    if (!link || !link->Element()) return;
    sdf::ElementPtr kept;
    for (sdf::ElementPtr c = link->Element()->GetFirstElement(); c;
         c = c->GetNextElement()) {
      if (c->GetName() == "urdf:inertia") kept = c;
    }
    if (!kept) {
      Fail("link '" + link_name + "': URDF inertia was adjusted but there is no "
           "<urdf:inertia> with the original");
      return;
    }
    const char* names[6] = {"ixx", "ixy", "ixz", "iyy", "iyz", "izz"};
    const double values[6] = {I(0, 0), I(0, 1), I(0, 2), I(1, 1), I(1, 2), I(2, 2)};
    for (int i = 0; i < 6; ++i) {
      sdf::ParamPtr a = kept->GetAttribute(names[i]);
      const std::string text = a ? a->GetAsString() : "";
      char* end = nullptr;
      const double v = std::strtod(text.c_str(), &end);
      if (!a || end == text.c_str() ||
          std::abs(v - values[i]) > kTol * std::max(std::abs(values[i]), 1e-9)) {
        Fail("link '" + link_name + "': <urdf:inertia " + names[i] + "='" + text +
             "'>, URDF has " + Num(values[i]));
      }
    }
  }

  // Joints, matched by child link (each URDF link has one parent joint), since
  // a joint that shares its name with a link is renamed. Joints without an
  // SDFormat 1.7 element (floating, planar) and, with lumping, merged fixed
  // joints are //frame elements named after the joint.
  void CheckJoints() {
    std::map<std::string, const sdf::Joint*> sdf_joint_by_child;
    for (uint64_t i = 0; i < model_->JointCount(); ++i) {
      const sdf::Joint* j = model_->JointByIndex(i);
      if (!sdf_joint_by_child.emplace(j->ChildLinkName(), j).second) {
        Fail("two SDF joints with child '" + j->ChildLinkName() + "'");
      }
      if (!fk_.parent_joint.count(j->ChildLinkName())) {
        Fail("SDF joint '" + j->Name() + "' has child '" + j->ChildLinkName() +
             "' that no URDF joint has");
      }
    }
    CheckAxesNotZero();
    // A frame named like a URDF link stands for that (merged) link, not for a
    // joint, unless it says otherwise with <urdf:original_name>.
    std::map<std::string, const sdf::Frame*> frame_by_urdf_name;
    for (uint64_t i = 0; i < model_->FrameCount(); ++i) {
      const sdf::Frame* f = model_->FrameByIndex(i);
      const std::optional<std::string> orig = OriginalName(f->Element());
      if (!orig && link_names_.count(f->Name())) continue;
      frame_by_urdf_name.emplace(orig.value_or(f->Name()), f);
    }
    for (const OJoint& j : om_.joints) {
      const std::string what = "joint '" + j.name + "' (" + j.type + ", " + j.parent +
                               " -> " + j.child + ")";
      const Isometry3d X_MJ = fk_.X_ML.at(j.parent) * j.X_PJ;
      auto it = sdf_joint_by_child.find(j.child);
      if (it != sdf_joint_by_child.end()) {
        CheckJoint(j, what, X_MJ, it->second);
        continue;
      }
      const bool frame_expected = j.type == "floating" || j.type == "planar" ||
                                  (lumped_ && j.type == "fixed");
      auto f = frame_by_urdf_name.find(j.name);
      if (!frame_expected) {
        Fail(what + ": no SDF joint with child '" + j.child + "'");
      } else if (f == frame_by_urdf_name.end()) {
        Fail(what + ": neither an SDF joint with child '" + j.child +
             "' nor a frame named '" + j.name + "' or carrying <urdf:original_name>" +
             j.name + "</urdf:original_name>");
      } else {
        CheckJointFrame(j, what, X_MJ, f->second);
      }
    }
  }

  void CheckJoint(const OJoint& j, const std::string& what, const Isometry3d& X_MJ,
                  const sdf::Joint* sj) {
    const std::string sdf_what = what + " (SDF joint '" + sj->Name() + "')";
    // Name: kept, or renamed because it clashes with a link name, with the
    // URDF name recorded.
    if (sj->Name() != j.name) {
      const auto orig = OriginalName(sj->Element());
      if (!link_names_.count(j.name)) {
        Fail(sdf_what + ": renamed although no link is named '" + j.name + "'");
      }
      if (!orig || *orig != j.name) {
        Fail(sdf_what + ": renamed without <urdf:original_name>" + j.name +
             "</urdf:original_name>");
      }
    }
    std::string expected_parent = body_.count(j.parent) ? body_[j.parent] : j.parent;
    if (expected_parent.empty()) expected_parent = "world";
    if (sj->ParentLinkName() != expected_parent) {
      Fail(sdf_what + ": parent '" + sj->ParentLinkName() + "', expected '" +
           expected_parent + "'");
    }
    std::set<sdf::JointType> ok_types;
    if (j.type == "revolute") ok_types = {sdf::JointType::REVOLUTE};
    if (j.type == "continuous") {
      ok_types = {sdf::JointType::CONTINUOUS, sdf::JointType::REVOLUTE};
    }
    if (j.type == "prismatic") ok_types = {sdf::JointType::PRISMATIC};
    if (j.type == "fixed") ok_types = {sdf::JointType::FIXED};
    if (j.type == "spherical") ok_types = {sdf::JointType::BALL};
    if (!ok_types.empty() && !ok_types.count(sj->Type())) {
      Fail(sdf_what + ": SDF joint type " +
           std::to_string(static_cast<int>(sj->Type())) + " does not match");
    }
    std::string err;
    ComparePose(mode_, sdf_what + " frame", X_MJ, ResolveInModel(sj, &err), err, r_);
    // Axis direction in the model frame.
    if (!j.has_axis || j.type == "planar" || j.axis.norm() == 0) return;
    const sdf::JointAxis* axis = sj->Axis(0);
    if (!axis) {
      Fail(sdf_what + ": no <axis>");
      return;
    }
    ignition::math::Vector3d xyz;
    const sdf::Errors errs = axis->ResolveXyz(xyz, "__model__");
    const Vector3d expected = (X_MJ.linear() * j.axis).normalized();
    const Vector3d actual = Vector3d(xyz.X(), xyz.Y(), xyz.Z()).normalized();
    if (!errs.empty()) {
      Fail(sdf_what + ": cannot resolve axis: " + ErrorsStr(errs));
    } else if ((expected - actual).cwiseAbs().maxCoeff() > kTol) {
      Fail(sdf_what + ": axis in model frame " + Vec(actual) + ", expected " +
           Vec(expected));
    }
  }

  void CheckJointFrame(const OJoint& j, const std::string& what,
                       const Isometry3d& X_MJ, const sdf::Frame* f) {
    std::string err;
    ComparePose(mode_, what + " as frame '" + f->Name() + "'", X_MJ,
                ResolveInModel(f, &err), err, r_);
    const std::string& expected_body = body_[j.parent];
    std::string attached;
    if (!expected_body.empty() && expected_body != "?" &&
        f->ResolveAttachedToBody(attached).empty() && attached != expected_body) {
      Fail(what + " as frame '" + f->Name() + "' is attached to body '" + attached +
           "', expected '" + expected_body + "'");
    }
  }

  // An <axis><xyz> of zero length is refused by libsdformat, whose message
  // does not say where: name the joints.
  void CheckAxesNotZero() {
    if (!model_->Element() || !model_->Element()->HasElement("joint")) return;
    for (sdf::ElementPtr je = model_->Element()->GetElement("joint"); je;
         je = je->GetNextElement("joint")) {
      if (!je->HasElement("axis")) continue;
      sdf::ElementPtr ax = je->GetElement("axis");
      if (!ax->HasElement("xyz")) continue;
      if (ax->Get<ignition::math::Vector3d>("xyz") == ignition::math::Vector3d::Zero) {
        Fail("SDF joint '" + je->Get<std::string>("name") + "' (type " +
             je->Get<std::string>("type") +
             ") has <axis><xyz>0 0 0</xyz>, which libsdformat refuses");
      }
    }
  }

  const std::string mode_;
  const bool lumped_;
  const OModel& om_;
  const Fk& fk_;
  Report* r_;
  Stats* stats_;
  const std::string rel_;
  const bool world_root_;
  std::set<std::string> link_names_;
  sdf::Root root_;
  const sdf::Model* model_ = nullptr;
  std::map<std::string, std::string> body_;
};

void CheckConversion(const std::string& mode, bool lumped, const OModel& om,
                     const Fk& fk, const std::string& sdf_text, Report* r,
                     Stats* stats, const std::string& rel) {
  OutputChecker(mode, lumped, om, fk, r, stats, rel).Check(sdf_text);
}

// ---------------------------------------------------------------------------
// Files and the refusal list.

struct Refusal {
  std::string code;
  std::string reason;
};

// Lines: `relative/path.urdf CODE  # reason`; blank lines and lines starting
// with '#' are ignored.
std::map<std::string, Refusal> ReadRefusalList(const std::string& path, bool* ok) {
  std::map<std::string, Refusal> out;
  std::ifstream in(path);
  *ok = static_cast<bool>(in);
  std::string line;
  while (std::getline(in, line)) {
    std::string reason;
    const size_t hash = line.find('#');
    if (hash != std::string::npos) {
      reason = line.substr(hash + 1);
      line = line.substr(0, hash);
    }
    std::istringstream is(line);
    std::string file, code;
    if (!(is >> file)) continue;
    is >> code;
    const size_t b = reason.find_first_not_of(' ');
    out[file] = {code, b == std::string::npos ? "" : reason.substr(b)};
  }
  return out;
}

std::string FirstError(const frames::Diagnostics& d, std::string* message) {
  for (const auto& x : d.all()) {
    if (x.severity == frames::Severity::kError) {
      *message = x.message;
      return std::string(frames::CodeName(x.code));
    }
  }
  *message = "refused without an error diagnostic";
  return "NO_ERROR_CODE";
}

// The oracle itself: it accepts a hand-written correct SDFormat document and
// names the element of each deliberate error (so a silent oracle cannot make
// the corpus test pass).
TEST(UrdfCorpusOracleTest, DetectsWrongPosesAndInertials) {
  const std::string urdf = R"(<robot name="r">
  <link name="base">
    <inertial><origin xyz="0.1 0 0" rpy="0 0 0.3"/><mass value="2"/>
      <inertia ixx="1" ixy="0.1" ixz="0" iyy="2" iyz="0" izz="2.5"/></inertial>
    <visual><origin xyz="0 0 0.5"/><geometry><box size="1 1 1"/></geometry></visual>
  </link>
  <link name="arm"><collision><origin rpy="1.5707963267948966 0 0"/>
    <geometry><sphere radius="1"/></geometry></collision></link>
  <joint name="j" type="revolute"><parent link="base"/><child link="arm"/>
    <origin xyz="1 2 3" rpy="0.1 0.2 0.3"/><axis xyz="0 1 0"/>
    <limit lower="-1" upper="1" effort="1" velocity="1"/></joint>
</robot>)";
  auto sdf = [](const std::string& joint_pose, const std::string& ixy,
                const std::string& axis) {
    return R"(<sdf version="1.7"><model name="r">
  <link name="base">
    <inertial><pose>0.1 0 0 0 0 0.3</pose><mass>2</mass><inertia><ixx>1</ixx>
      <ixy>)" + ixy + R"(</ixy><ixz>0</ixz><iyy>2</iyy><iyz>0</iyz><izz>2.5</izz></inertia></inertial>
    <visual name="v"><pose>0 0 0.5 0 0 0</pose><geometry><box><size>1 1 1</size></box></geometry></visual>
  </link>
  <joint name="j" type="revolute"><pose relative_to="base">)" + joint_pose + R"(</pose>
    <parent>base</parent><child>arm</child>
    <axis><xyz>)" + axis + R"(</xyz><limit><lower>-1</lower><upper>1</upper></limit></axis></joint>
  <link name="arm"><pose relative_to="j"/>
    <collision name="c"><pose>0 0 0 1.5707963267948966 0 0</pose>
      <geometry><sphere><radius>1</radius></sphere></geometry></collision></link>
</model></sdf>)";
  };
  std::string why;
  const std::optional<OModel> om = ReadWithUrdfdom(urdf, &why);
  ASSERT_TRUE(om) << why;
  Fk fk;
  ASSERT_TRUE(ComputeFk(*om, &fk, &why)) << why;
  auto failures = [&](const std::string& sdf_text) {
    Report r;
    Stats stats;
    CheckConversion("self-test", false, *om, fk, sdf_text, &r, &stats, "self-test");
    std::string all;
    for (const auto& f : r.failures) all += f + "\n";
    return all;
  };
  EXPECT_EQ(failures(sdf("1 2 3 0.1 0.2 0.3", "0.1", "0 1 0")), "");
  // A joint origin off by 1e-8 m: the joint frame, the child link and its
  // collision move.
  const std::string moved = failures(sdf("1 2 3.00000001 0.1 0.2 0.3", "0.1", "0 1 0"));
  EXPECT_NE(moved.find("joint 'j'"), std::string::npos) << moved;
  EXPECT_NE(moved.find("link 'arm'"), std::string::npos) << moved;
  EXPECT_NE(moved.find("collision #0 of URDF link 'arm'"), std::string::npos) << moved;
  // An inertia product off by 1e-6 relative.
  const std::string inertia = failures(sdf("1 2 3 0.1 0.2 0.3", "0.1000001", "0 1 0"));
  EXPECT_NE(inertia.find("inertial of link 'base'"), std::string::npos) << inertia;
  // A wrong axis.
  const std::string axis = failures(sdf("1 2 3 0.1 0.2 0.3", "0.1", "1 0 0"));
  EXPECT_NE(axis.find("axis in model frame"), std::string::npos) << axis;
}

TEST(UrdfCorpusTest, EveryFileConvertsAndMatchesForwardKinematics) {
  const std::string corpus = CorpusDir("URDF_CORPUS_DIR");
  ASSERT_FALSE(corpus.empty())
      << "corpus not found in runfiles (TEST_SRCDIR/corpus or "
         "TEST_SRCDIR/<ws>/external/corpus); set URDF_CORPUS_DIR";
  test_support::CorpusSample sample;
  const std::vector<std::string> files =
      sample.Take(CorpusFiles(corpus, {".urdf"}));
  ASSERT_FALSE(files.empty()) << "no .urdf files under " << corpus;

  const char* list_env = std::getenv("URDF_CORPUS_REFUSED");
  const std::string list_path =
      list_env ? list_env : Runfile("testdata/urdf_corpus_refused.txt");
  bool list_ok = false;
  const std::map<std::string, Refusal> expected_refused =
      ReadRefusalList(list_path, &list_ok);
  EXPECT_TRUE(list_ok) << "cannot read " << list_path;

  std::map<std::string, Refusal> refused;
  std::map<std::string, std::string> fallback_files;  // file -> urdfdom's reason
  std::map<std::string, std::string> unreadable;      // oracle cannot read
  std::map<std::string, std::vector<std::string>> failures;
  std::map<std::string, int> warning_codes;
  Stats stats;
  int converted = 0, with_warnings = 0, lumped_converted = 0;

  for (const std::string& rel : files) {
    const std::string path = corpus + "/" + rel;
    const std::string text = ReadFile(path);
    Report report;

    // Oracle: urdfdom where it can, else the tinyxml2 reader; cross-checked.
    std::string why_urdfdom, why_tinyxml, why_fk;
    std::optional<OModel> om = ReadWithUrdfdom(text, &why_urdfdom);
    std::optional<OModel> om_tx = ReadWithTinyXml(text, &why_tinyxml);
    if (om && om_tx) {
      for (const auto& d : CompareReaders(*om, *om_tx)) {
        report.Fail("oracle", "urdfdom and the tinyxml2 reader disagree: " + d);
      }
    }
    if (!om) {
      fallback_files[rel] = OneLine(why_urdfdom, 200);
      om = std::move(om_tx);
    }
    if (om) om->gazebo_elements = GazeboElementNames(text);
    Fk fk;
    if (om && !ComputeFk(*om, &fk, &why_fk)) om.reset();
    if (!om) {
      unreadable[rel] = why_fk.empty() ? why_tinyxml : why_fk;
    }

    // Default options.
    const converter::ConversionResult result = converter::UrdfFileToSdf(path);
    bool has_warning = false;
    for (const auto& d : result.diagnostics.all()) {
      if (d.severity == frames::Severity::kWarning) {
        has_warning = true;
        ++warning_codes[std::string(frames::CodeName(d.code))];
      }
    }
    if (result.ok != !result.diagnostics.HasErrors()) {
      report.Fail("default", "ok is " + std::to_string(result.ok) +
                                 " but the diagnostics have " +
                                 std::to_string(result.diagnostics.error_count()) +
                                 " errors");
    }
    if (!result.ok) {
      std::string msg;
      const std::string code = FirstError(result.diagnostics, &msg);
      refused[rel] = {code, OneLine(msg, 120)};
    } else {
      ++converted;
      if (has_warning) ++with_warnings;
      // Same bytes through the text entry point: deterministic output.
      // Written through an output sink: handed on in pieces when nothing
      // is reported, returned whole otherwise.
      converter::UrdfToSdfOptions sunk;
      std::string pieces;
      size_t piece_count = 0;
      sunk.output_sink = [&](std::string_view piece) {
        pieces.append(piece);
        ++piece_count;
        return true;
      };
      const converter::ConversionResult again =
          converter::UrdfToSdf(text, path, sunk);
      const bool quiet = result.diagnostics.all().empty();
      if (!again.ok || (quiet ? pieces : again.output) != result.output ||
          (quiet ? !again.output.empty() : piece_count != 0)) {
        report.Fail("default", "UrdfToSdf(text) gives a different result than "
                               "UrdfFileToSdf(path) for the same bytes (its "
                               "output through a sink)");
      }
      if (!om) {
        report.Fail("default", "converted, but the oracle cannot read this file (" +
                                   unreadable[rel] + ")");
      } else {
        CheckConversion("default", false, *om, fk, result.output, &report, &stats, rel);
      }
    }

    // Lumped fixed joints.
    converter::UrdfToSdfOptions lump;
    lump.lump_fixed_joints = true;
    const converter::ConversionResult lumped = converter::UrdfFileToSdf(path, lump);
    if (lumped.ok != result.ok) {
      std::string msg;
      report.Fail("lumped", std::string("lumping ") +
                                (lumped.ok ? "accepts" : "refuses") +
                                " a file that the default options " +
                                (result.ok ? "accept" : "refuse") +
                                (lumped.ok ? "" : ": " + FirstError(lumped.diagnostics, &msg) +
                                                     " " + OneLine(msg)));
    }
    if (lumped.ok) {
      ++lumped_converted;
      if (om) {
        CheckConversion("lumped", true, *om, fk, lumped.output, &report, &stats, rel);
      }
    }
    if (!report.failures.empty()) failures[rel] = report.failures;
  }

  // 1. Refusals against the reviewed list.
  std::vector<std::string> diff;
  for (const auto& [file, r] : refused) {
    auto it = expected_refused.find(file);
    if (it == expected_refused.end()) {
      diff.push_back("refused but not listed: " + file + " " + r.code + "  # " + r.reason);
    } else if (it->second.code != r.code) {
      diff.push_back("refused with " + r.code + " but listed with " + it->second.code +
                     ": " + file + "  # " + r.reason);
    }
  }
  for (const auto& [file, r] : expected_refused) {
    if (!refused.count(file) && sample.Has(file)) {
      diff.push_back(std::string("listed as refused but ") +
                     (std::find(files.begin(), files.end(), file) == files.end()
                          ? "not in the corpus: "
                          : "converted: ") +
                     file + " " + r.code);
    }
  }
  std::set<std::string> refusal_mismatch;
  for (const auto& [file, r] : refused) {
    auto it = expected_refused.find(file);
    if (it == expected_refused.end() || it->second.code != r.code) {
      refusal_mismatch.insert(file);
    }
  }
  for (const auto& [file, r] : expected_refused) {
    if (!refused.count(file) && sample.Has(file)) refusal_mismatch.insert(file);
  }
  if (!diff.empty()) {
    std::string actual;
    for (const auto& [file, r] : refused) {
      auto it = expected_refused.find(file);
      const std::string reason =
          it != expected_refused.end() && it->second.code == r.code && !it->second.reason.empty()
              ? it->second.reason
              : r.reason;
      actual += file + " " + r.code + "  # " + reason + "\n";
    }
    std::string d;
    for (const auto& x : diff) d += "  " + x + "\n";
    ADD_FAILURE() << "The refused files differ from " << list_path << ":\n" << d
                  << "Actual list (review each entry before pasting it into "
                     "testdata/urdf_corpus_refused.txt):\n"
                  << actual;
  }

  // 2-4. Per-file failures, naming the file and the element.
  for (const auto& [file, f] : failures) {
    std::string s;
    const size_t kMax = 40;
    for (size_t i = 0; i < std::min(f.size(), kMax); ++i) s += "  " + f[i] + "\n";
    if (f.size() > kMax) s += "  ... and " + std::to_string(f.size() - kMax) + " more\n";
    ADD_FAILURE() << file << ": " << f.size() << " problem(s)\n" << s;
  }

  // Summary for the log.
  std::cout << "\n=== URDF corpus oracle: " << files.size() << " files in " << corpus
            << "\n";
  std::cout << "oracle: urdfdom for " << files.size() - fallback_files.size()
            << " files, tinyxml2 reader for " << fallback_files.size()
            << " (urdfdom rejects them), unreadable by the oracle: "
            << unreadable.size() << "\n";
  for (const auto& [file, why] : fallback_files) {
    std::cout << "  tinyxml2 reader: " << file << "  (urdfdom: " << why << ")\n";
  }
  for (const auto& [file, why] : unreadable) {
    std::cout << "  oracle cannot read: " << file << "  (" << why << ")\n";
  }
  std::cout << "refused files:\n";
  for (const auto& [file, r] : refused) {
    std::cout << "  " << file << " " << r.code << "  # " << r.reason << "\n";
  }
  std::cout << "warning codes (default options):";
  for (const auto& [code, n] : warning_codes) std::cout << " " << code << "=" << n;
  std::cout << "\n";
  if (!stats.sdf_console.empty()) {
    std::cout << "libsdformat printed messages while loading our output for:\n";
    for (const auto& [k, lines] : stats.sdf_console) {
      std::cout << "  " << k << ":\n";
      for (size_t i = 0; i < std::min<size_t>(lines.size(), 4); ++i) {
        std::cout << "    " << OneLine(lines[i], 200) << "\n";
      }
      if (lines.size() > 4) std::cout << "    ... " << lines.size() - 4 << " more\n";
    }
  }
  std::cout << "elements SDFormat does not define, copied through from the "
               "URDF's <gazebo> content (as libsdformat does): "
            << stats.gazebo_unknown_copied << "\n";
  for (const auto& f : stats.world_content) {
    std::cout << "root link 'world' has an inertial/visuals/collisions (not "
                 "checked): " << f << "\n";
  }
  size_t kept = 0;
  for (const auto& [f, j] : stats.kept_fixed_joints) kept += j.size();
  std::cout << "lumped mode: " << lumped_converted << " converted; fixed joints kept "
            << "as joints: " << kept << " in " << stats.kept_fixed_joints.size()
            << " files\n";
  for (const auto& [f, joints] : stats.kept_fixed_joints) {
    std::cout << "  " << f << ":";
    for (const auto& j : joints) std::cout << " " << j;
    std::cout << "\n";
  }
  int failed = 0;
  for (const std::string& rel : files) {
    if (failures.count(rel) || refusal_mismatch.count(rel)) ++failed;
  }
  std::cout << "converted: " << converted << ", refused: " << refused.size()
            << ", with warnings: " << with_warnings << "\n";
  std::cout << static_cast<int>(files.size()) - failed << " passed, " << failed
            << " failed" << std::endl;
}

}  // namespace
