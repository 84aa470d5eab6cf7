// Oracle for the translation of URDF <gazebo> blocks (gazebo_to_sdf.h):
// every URDF of ../shared/corpus (Bazel data @corpus//:urdf) that has a
// <gazebo> block and that libsdformat 12 loads is converted with
// converter::UrdfFileToSdf, and libsdformat reads both our output and the
// URDF itself (its own URDF parser, which lumps fixed joints). What came
// from <gazebo> must agree:
//   - the model: each plugin (name, filename), in order; <static>;
//   - each link libsdformat keeps, with the links it lumped into it (ours
//     keeps them apart: compared as one group): sensors (name, type, and the
//     plugins in them), link-level plugins, <self_collide>, <gravity>,
//     <velocity_decay>, each collision's surface friction mu/mu2 and each
//     visual's material script name (compared as multisets over the group);
//   - each joint both keep: its sensors; and a fixed joint libsdformat lumps
//     must have no sensor in ours (libsdformat drops it with the joint).
// A single-valued link property set to different values in links that
// libsdformat lumps together depends on its lumping order: counted as
// ambiguous and not compared.
//
// Every difference must be listed in testdata/urdf_gazebo_oracle_differences.txt
// (key `relative/path:link:property`, a code from ReasonCodes() and a
// reason), and every listed one must still occur. Counts are printed.
// Outside Bazel, with both variables exported:
//   URDF_CORPUS_DIR=../shared/corpus
//   URDF_GAZEBO_DIFFERENCES=testdata/urdf_gazebo_oracle_differences.txt
//   bazel-bin/reshape/to_sdf/urdf_gazebo_oracle_test
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <sdf/sdf.hh>

#include "converter/urdf_to_sdf.h"
#include "testing/corpus.h"

namespace {

using test_support::CorpusDir;
using test_support::CorpusFiles;
using test_support::ReadFile;
using test_support::Runfile;

// Why libsdformat's reading of a <gazebo> block differs from ours.
const std::map<std::string, std::string>& ReasonCodes() {
  static const auto* codes = new std::map<std::string, std::string>{
      {"LIBSDFORMAT_LUMPED_NAME_PREFIX",
       "a collision libsdformat lumps into its body keeps a name that "
       "starts with the body's name (<tip>_collision_2 in <tip's parent "
       "'finger'>), so libsdformat takes it for the body's own and gives "
       "it the body's <gazebo> surface; ours keeps the tip link's (none)"},
      {"LIBSDFORMAT_LUMPED_JOINT",
       "libsdformat lumps the fixed joint (no preserveFixedJoint) and drops "
       "what its <gazebo> block gave it (a force_torque sensor); we keep "
       "the joint and its sensor"},
  };
  return *codes;
}

std::string Attr(const sdf::ElementPtr& e, const char* key) {
  if (!e->HasAttribute(key)) return "";
  return e->GetAttribute(key)->GetAsString();
}

// "name(filename)" of each <plugin> child of `e`, in order.
std::vector<std::string> Plugins(const sdf::ElementPtr& e) {
  std::vector<std::string> out;
  if (!e) return out;
  for (sdf::ElementPtr c = e->GetFirstElement(); c; c = c->GetNextElement()) {
    if (c->GetName() == "plugin")
      out.push_back(Attr(c, "name") + "(" + Attr(c, "filename") + ")");
  }
  return out;
}

// The text of the descendant at `path` ("surface/friction/ode/mu") when the
// file has it (no default filled in by libsdformat is created).
std::optional<std::string> Value(sdf::ElementPtr e, const std::string& path) {
  size_t pos = 0;
  while (e && pos <= path.size()) {
    size_t slash = path.find('/', pos);
    if (slash == std::string::npos) slash = path.size();
    const std::string name = path.substr(pos, slash - pos);
    if (!e->HasElement(name)) return std::nullopt;
    e = e->FindElement(name);
    pos = slash + 1;
  }
  if (!e) return std::nullopt;
  return e->GetValue() ? std::optional<std::string>(e->GetValue()->GetAsString())
                       : std::nullopt;
}

// Numbers and booleans compared by value, not by text.
std::string Canonical(const std::optional<std::string>& v) {
  if (!v) return "-";
  std::string s = *v;
  if (s == "1" || s == "true") return "true";
  if (s == "0" || s == "false") return "false";
  char* end = nullptr;
  const double d = std::strtod(s.c_str(), &end);
  if (end && *end == '\0' && !s.empty()) {
    std::ostringstream o;
    o.precision(12);
    o << d;
    return o.str();
  }
  return s;
}

std::string Join(std::vector<std::string> v, bool sort) {
  if (sort) std::sort(v.begin(), v.end());
  std::string out = "[";
  for (size_t k = 0; k < v.size(); ++k) out += (k ? ", " : "") + v[k];
  return out + "]";
}

std::string Lines(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& s : v) out += s + "\n";
  return out;
}

// What <gazebo> gave one link (or a group of links), as comparable text.
struct LinkFacts {
  std::vector<std::string> sensors, plugins, surfaces, scripts;
  // Single-valued properties: every value a link of the group sets.
  std::map<std::string, std::set<std::string>> single;
};

void AddLink(const sdf::Link& link, LinkFacts* f) {
  for (uint64_t k = 0; k < link.SensorCount(); ++k) {
    const sdf::Sensor* s = link.SensorByIndex(k);
    f->sensors.push_back(s->Name() + ":" + s->TypeStr() +
                         Join(Plugins(s->Element()), false));
  }
  for (const auto& p : Plugins(link.Element())) f->plugins.push_back(p);
  for (uint64_t k = 0; k < link.CollisionCount(); ++k) {
    const sdf::ElementPtr c = link.CollisionByIndex(k)->Element();
    const auto mu = Value(c, "surface/friction/ode/mu");
    const auto mu2 = Value(c, "surface/friction/ode/mu2");
    // Collisions and visuals without any are left out of the multisets.
    if (mu || mu2)
      f->surfaces.push_back("mu=" + Canonical(mu) + " mu2=" + Canonical(mu2));
  }
  for (uint64_t k = 0; k < link.VisualCount(); ++k) {
    const sdf::ElementPtr v = link.VisualByIndex(k)->Element();
    if (auto script = Value(v, "material/script/name"))
      f->scripts.push_back(*script);
  }
  const sdf::ElementPtr e = link.Element();
  for (const char* p : {"self_collide", "gravity", "velocity_decay/linear",
                        "velocity_decay/angular"}) {
    if (auto v = Value(e, p)) f->single[p].insert(Canonical(v));
  }
}

std::vector<std::string> JointSensors(const sdf::Joint& j) {
  std::vector<std::string> out;
  for (uint64_t k = 0; k < j.SensorCount(); ++k) {
    const sdf::Sensor* s = j.SensorByIndex(k);
    out.push_back(s->Name() + ":" + s->TypeStr());
  }
  return out;
}

struct Totals {
  int files_with_gazebo = 0, compared_files = 0, libsdformat_refuses = 0,
      we_refuse = 0, comparisons = 0, with_content = 0, ambiguous = 0;
};

class FileComparison {
 public:
  FileComparison(const std::string& rel, const sdf::Model& oracle,
                 const sdf::Model& ours, Totals* t,
                 std::map<std::string, std::string>* differences)
      : rel_(rel), oracle_(oracle), ours_(ours), t_(*t), diffs_(*differences) {}

  void Run() {
    Compare("__model__", "plugins", Join(Plugins(oracle_.Element()), false),
            Join(Plugins(ours_.Element()), false));
    Compare("__model__", "static", oracle_.Static() ? "true" : "false",
            ours_.Static() ? "true" : "false");
    for (uint64_t k = 0; k < oracle_.LinkCount(); ++k) CompareLink(*oracle_.LinkByIndex(k));
    for (uint64_t k = 0; k < oracle_.JointCount(); ++k) {
      const sdf::Joint* j = oracle_.JointByIndex(k);
      const sdf::Joint* o = ours_.JointByName(j->Name());
      if (!o) continue;
      Compare(j->Name(), "joint_sensors", Join(JointSensors(*j), true),
              Join(JointSensors(*o), true));
    }
    // Joints libsdformat lumped: what <gazebo> gave them is gone there.
    for (uint64_t k = 0; k < ours_.JointCount(); ++k) {
      const sdf::Joint* o = ours_.JointByIndex(k);
      if (oracle_.JointByName(o->Name()) || o->SensorCount() == 0) continue;
      if (o->Type() != sdf::JointType::FIXED) continue;
      Compare(o->Name(), "joint_sensors", "[]", Join(JointSensors(*o), true));
    }
  }

 private:
  // Our links that libsdformat merged into `body`: `body` and the links
  // below it on fixed joints that libsdformat does not keep.
  std::vector<const sdf::Link*> Group(const std::string& body) const {
    std::vector<const sdf::Link*> out;
    if (const sdf::Link* l = ours_.LinkByName(body)) out.push_back(l);
    for (uint64_t k = 0; k < ours_.LinkCount(); ++k) {
      const sdf::Link* l = ours_.LinkByIndex(k);
      if (oracle_.LinkByName(l->Name())) continue;
      std::string at = l->Name();
      for (int guard = 0; guard < 1000; ++guard) {
        const sdf::Joint* up = nullptr;
        for (uint64_t i = 0; i < ours_.JointCount(); ++i) {
          if (ours_.JointByIndex(i)->ChildLinkName() == at) up = ours_.JointByIndex(i);
        }
        if (!up || up->Type() != sdf::JointType::FIXED) break;
        at = up->ParentLinkName();
        if (at == body) {
          out.push_back(l);
          break;
        }
        if (oracle_.LinkByName(at)) break;
      }
    }
    return out;
  }

  void CompareLink(const sdf::Link& oracle_link) {
    const std::vector<const sdf::Link*> group = Group(oracle_link.Name());
    if (group.empty() || group[0]->Name() != oracle_link.Name()) return;
    LinkFacts theirs, ours;
    AddLink(oracle_link, &theirs);
    for (const sdf::Link* l : group) AddLink(*l, &ours);
    const std::string& name = oracle_link.Name();
    Compare(name, "sensors", Join(theirs.sensors, true), Join(ours.sensors, true));
    Compare(name, "plugins", Join(theirs.plugins, true), Join(ours.plugins, true));
    Compare(name, "surfaces", Join(theirs.surfaces, true), Join(ours.surfaces, true));
    Compare(name, "scripts", Join(theirs.scripts, true), Join(ours.scripts, true));
    for (const char* p : {"self_collide", "gravity", "velocity_decay/linear",
                          "velocity_decay/angular"}) {
      const auto& mine = ours.single[p];
      if (mine.size() > 1) {
        ++t_.ambiguous;
        continue;
      }
      const auto& their = theirs.single[p];
      Compare(name, p, their.empty() ? "-" : *their.begin(),
              mine.empty() ? "-" : *mine.begin());
    }
  }

  void Compare(const std::string& where, const std::string& what,
               const std::string& theirs, const std::string& mine) {
    ++t_.comparisons;
    const auto empty = [](const std::string& v) { return v == "[]" || v == "-"; };
    if (!empty(theirs) || !empty(mine)) ++t_.with_content;
    if (theirs == mine) return;
    diffs_[rel_ + ":" + where + ":" + what] =
        "libsdformat " + theirs + ", ours " + mine;
  }

  const std::string& rel_;
  const sdf::Model& oracle_;
  const sdf::Model& ours_;
  Totals& t_;
  std::map<std::string, std::string>& diffs_;
};

TEST(UrdfGazeboOracle, AgreesWithLibsdformatExceptAsListed) {
  const auto start = std::chrono::steady_clock::now();
  const std::string corpus = CorpusDir("URDF_CORPUS_DIR");
  ASSERT_FALSE(corpus.empty()) << "no corpus in the runfiles";
  const char* list_env = std::getenv("URDF_GAZEBO_DIFFERENCES");
  const std::string list_path =
      list_env ? list_env : Runfile("testdata/urdf_gazebo_oracle_differences.txt");
  std::set<std::string> known;
  for (const auto& [code, why] : ReasonCodes()) known.insert(code);
  std::vector<std::string> bad;
  const auto listed = test_support::ReadReviewedList(list_path, known, &bad);
  for (const auto& b : bad) ADD_FAILURE() << b;

  sdf::Console::Instance()->SetQuiet(true);
  std::ostringstream console;
  sdf::Console::Instance()->GetMsgStream().SetStream(&console);

  Totals t;
  std::map<std::string, std::string> differences;
  test_support::CorpusSample sample;
  for (const std::string& rel : sample.Take(CorpusFiles(corpus, {".urdf"}))) {
    const std::string path = corpus + "/" + rel;
    if (ReadFile(path).find("<gazebo") == std::string::npos) continue;
    ++t.files_with_gazebo;
    sdf::Root oracle_root;
    const sdf::Errors oracle_errors = oracle_root.Load(path);
    // An inertia libsdformat finds invalid is reported but the model is
    // read in full: its <gazebo> content is still comparable.
    bool oracle_ok = oracle_root.Model() != nullptr;
    for (const auto& e : oracle_errors) {
      if (e.Code() != sdf::ErrorCode::LINK_INERTIA_INVALID) oracle_ok = false;
    }
    if (!oracle_ok) {
      ++t.libsdformat_refuses;
      continue;
    }
    const converter::ConversionResult r = converter::UrdfFileToSdf(path);
    if (!r.ok) {
      ++t.we_refuse;  // //converter:urdf_corpus_test reviews refusals
      continue;
    }
    sdf::Root our_root;
    const sdf::Errors our_errors = our_root.LoadSdfString(r.output);
    if (!our_errors.empty() || !our_root.Model()) {
      ADD_FAILURE() << rel << ": libsdformat does not load our output: "
                    << (our_errors.empty() ? "no model" : our_errors[0].Message());
      continue;
    }
    ++t.compared_files;
    FileComparison(rel, *oracle_root.Model(), *our_root.Model(), &t, &differences)
        .Run();
  }
  sdf::Console::Instance()->GetMsgStream().SetStream(&std::cerr);

  std::vector<std::string> unlisted, stale;
  for (const auto& [key, what] : differences) {
    if (!listed.count(key)) unlisted.push_back(key + "  # " + what);
  }
  for (const auto& [key, entry] : listed) {
    if (!differences.count(key) && sample.Has(key)) {
      stale.push_back(key + " " + entry.code);
    }
  }
  std::map<std::string, int> by_code;
  for (const auto& [key, entry] : listed) ++by_code[entry.code];

  const double seconds = std::chrono::duration<double>(
                             std::chrono::steady_clock::now() - start)
                             .count();
  std::cout << "URDF files with <gazebo>: " << t.files_with_gazebo
            << ", compared: " << t.compared_files
            << ", libsdformat refuses: " << t.libsdformat_refuses
            << ", we refuse: " << t.we_refuse << "\n"
            << "comparisons: " << t.comparisons << " (" << t.with_content
            << " with something on either side)"
            << ", differences: " << differences.size()
            << " (listed: " << listed.size() << ")"
            << ", ambiguous after lumping (not compared): " << t.ambiguous
            << "\nlisted by code:";
  for (const auto& [code, n] : by_code) std::cout << " " << code << "=" << n;
  std::cout << "\ntime: " << seconds << " s\n";

  EXPECT_GT(t.compared_files * static_cast<int>(sample.step()), 10);
  EXPECT_TRUE(unlisted.empty())
      << unlisted.size() << " difference(s) not in " << list_path
      << " (add each with a code and a reason if libsdformat is wrong):\n"
      << Lines(unlisted);
  EXPECT_TRUE(stale.empty()) << "listed but no longer different:\n"
                             << Lines(stale);
}

}  // namespace
