// The schema check (sdf_io/schema_check.h) on its fixtures
// (testdata/sdf/schema, listed in expected.txt): each gives its exact
// verdict (the first error's code), the element path of that diagnostic,
// and its warnings; and, differentially, libsdformat 12 gives the same
// verdict on every fixture it can read, except the ones marked `differs`
// (where we follow the spec; the README lists them), on which it must give
// the other verdict so that the list cannot go stale. Then the messages:
// file, line, path and code in the form the tools print.
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "frames/graph.h"
#include "sdf_io/reader.h"
#include "sdf_io/schema_check.h"
#include "xml/dom.h"
#include "sdf_io/testing/sdformat_oracle.h"

namespace {

const char kDir[] = "testdata/sdf/schema/";

struct Expectation {
  std::string file, verdict, path, warning, oracle;
};

std::vector<Expectation> LoadExpected() {
  std::vector<Expectation> out;
  std::ifstream in(std::string(kDir) + "expected.txt");
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream s(line);
    Expectation e;
    if (s >> e.file >> e.verdict >> e.path >> e.warning >> e.oracle) {
      if (e.path == "-") e.path.clear();
      if (e.warning == "-") e.warning.clear();
      out.push_back(e);
    }
  }
  return out;
}

// Read and every frame graph, as `sdf2sdf --check` does.
frames::Diagnostics Check(const std::string& path) {
  frames::Diagnostics diags;
  sdf_io::ReadOptions options;
  options.use_environment_paths = false;
  auto doc = sdf_io::ReadSdfFile(path, &diags, options);
  if (!doc) return diags;
  for (const auto& m : doc->models) frames::FrameGraph::Build(m, &diags);
  for (const auto& w : doc->worlds) frames::FrameGraph::BuildWorld(w, &diags);
  return diags;
}

const frames::Diagnostic* First(const frames::Diagnostics& diags,
                                frames::Severity severity) {
  for (const auto& d : diags.all()) {
    if (d.severity == severity) return &d;
  }
  return nullptr;
}

class SchemaFixtureTest : public testing::TestWithParam<Expectation> {};

TEST_P(SchemaFixtureTest, GivesTheExpectedVerdict) {
  const Expectation& e = GetParam();
  const std::string path = std::string(kDir) + e.file;
  const frames::Diagnostics diags = Check(path);
  const frames::Diagnostic* error = First(diags, frames::Severity::kError);
  const frames::Diagnostic* warning = First(diags, frames::Severity::kWarning);
  EXPECT_EQ(error ? std::string(frames::CodeName(error->code)) : "VALID",
            e.verdict) << diags.ToString();
  if (e.warning.empty()) {
    EXPECT_EQ(warning, nullptr) << diags.ToString();
  } else {
    frames::Code code;
    ASSERT_TRUE(frames::CodeFromName(e.warning, &code)) << e.warning;
    EXPECT_TRUE(diags.Has(code)) << diags.ToString();
  }
  const frames::Diagnostic* about = error ? error : warning;
  EXPECT_EQ(about ? about->element_path : "", e.path) << diags.ToString();
  for (const auto& d : diags.all()) {
    EXPECT_EQ(d.where.file, path) << frames::Format(d);
    EXPECT_GT(d.where.line, 0) << frames::Format(d);
    // The schema check's diagnostics also name their path in the message
    // the tools print (which begins with it); the reader's carry one too
    // (expected.txt), the frame graphs' none (file:line only).
    if (d.message[0] == '/') {
      EXPECT_EQ(d.message.rfind(d.element_path + ": ", 0), 0u)
          << frames::Format(d);
    }
  }
  if (e.oracle == "none") return;
  ASSERT_TRUE(e.oracle == "libsdformat" || e.oracle == "differs") << e.oracle;
  const sdf_oracle::Snapshot theirs = sdf_oracle::LoadFile(path, {});
  const bool ours_ok = e.verdict == "VALID";
  if (e.oracle == "libsdformat") {
    EXPECT_EQ(theirs.ok, ours_ok)
        << "libsdformat " << (theirs.ok ? "accepts " : "rejects ") << e.file
        << "\n" << testing::PrintToString(theirs.errors);
  } else {
    EXPECT_NE(theirs.ok, ours_ok)
        << e.file << " is marked `differs` but libsdformat agrees";
  }
}

std::string Name(const testing::TestParamInfo<Expectation>& info) {
  std::string n = info.param.file.substr(0, info.param.file.size() - 4);
  for (char& ch : n) {
    if (!isalnum(static_cast<unsigned char>(ch))) ch = '_';
  }
  return n;
}

INSTANTIATE_TEST_SUITE_P(Fixtures, SchemaFixtureTest,
                         testing::ValuesIn(LoadExpected()), Name);

TEST(SchemaFixtures, EveryFixtureIsListed) {
  std::set<std::string> listed;
  for (const auto& e : LoadExpected()) listed.insert(e.file);
  int files = 0;
  for (const auto& f : std::filesystem::directory_iterator(kDir)) {
    if (f.path().extension() != ".sdf") continue;
    ++files;
    EXPECT_TRUE(listed.count(f.path().filename().string()))
        << f.path() << " is not in expected.txt";
  }
  EXPECT_EQ(static_cast<size_t>(files), listed.size());
}

TEST(SchemaCheck, PrintsFileLinePathAndCode) {
  const std::string path = std::string(kDir) + "vector3_invalid.sdf";
  const frames::Diagnostics diags = Check(path);
  ASSERT_EQ(diags.all().size(), 1u) << diags.ToString();
  EXPECT_EQ(frames::Format(diags.all()[0]),
            path + ":5: error: /sdf/world[w]/gravity: <gravity> '0 1' is not "
                   "a vector3 (3 numbers) [VALUE_INVALID]");
}

TEST(SchemaCheck, EveryProblemIsReportedNotJustTheFirst) {
  const std::string text =
      "<sdf version='1.9'><world name='w'><gravity>0 1</gravity>"
      "<physics type='ode'><max_contacts>x</max_contacts></physics>"
      "<gui fullscreen='2'/><frob/></world></sdf>";
  frames::Diagnostics diags;
  sdf_io::ReadOptions options;
  options.use_environment_paths = false;
  ASSERT_TRUE(sdf_io::ReadSdf(text, "in.sdf", &diags, options));
  std::vector<std::string> codes;
  for (const auto& d : diags.all()) codes.push_back(std::string(frames::CodeName(d.code)) + " " +
                    d.element_path);
  EXPECT_EQ(codes, (std::vector<std::string>{
                       "VALUE_INVALID /sdf/world[w]/gravity",
                       "VALUE_INVALID /sdf/world[w]/physics/max_contacts",
                       "VALUE_INVALID /sdf/world[w]/gui",
                       "ELEMENT_UNKNOWN /sdf/world[w]/frob",
                   }));
}

// Unknown attributes: each warned about by name, with its element's path,
// and kept; namespaced ones and xmlns are not warned about; a model's the
// reader reports (ATTRIBUTE_KEPT), once.
TEST(SchemaCheck, UnknownAttributesAreWarnedByName) {
  const std::string text =
      "<sdf version='1.7' xmlns='http://x' xmlns:my='http://y'>"
      "<model name='m' colour='red'><link name='l' my:a='1'>"
      "<visual name='v' nmae='x'><geometry><box><size>1 1 1</size></box>"
      "</geometry></visual><sensor name='s' type='imu' ncme='z'/></link>"
      "<plugin name='p' filename='f.so' extra='1'><q r='s'/></plugin>"
      "</model></sdf>";
  frames::Diagnostics diags;
  sdf_io::ReadOptions options;
  options.use_environment_paths = false;
  ASSERT_TRUE(sdf_io::ReadSdf(text, "in.sdf", &diags, options));
  std::vector<std::string> codes;
  for (const auto& d : diags.all()) {
    EXPECT_EQ(d.severity, frames::Severity::kWarning) << frames::Format(d);
    codes.push_back(std::string(frames::CodeName(d.code)) + " " + d.element_path);
  }
  EXPECT_EQ(codes, (std::vector<std::string>{
                       "ATTRIBUTE_UNKNOWN /sdf/model[m]/link[l]/visual[v]",
                       "ATTRIBUTE_UNKNOWN /sdf/model[m]/link[l]/sensor[s]",
                       "ATTRIBUTE_UNKNOWN /sdf/model[m]/plugin[p]",
                       "ATTRIBUTE_KEPT /sdf/model[m]",
                   }))
      << diags.ToString();
  EXPECT_NE(diags.all()[0].message.find("attribute 'nmae'"), std::string::npos)
      << diags.all()[0].message;
}

// The check run beside the reading (SchemaCheck, concurrent): its
// diagnostics land where CheckAgainstSchema's would, after those reported
// before it started and before those reported while it ran, whatever the
// thread's timing; Finish a second time adds nothing.
TEST(SchemaCheck, ConcurrentCheckReportsInSequentialOrder) {
  const std::string text =
      "<sdf version='1.7'><model name='m'><link name='l'><frob/>"
      "<self_collide>maybe</self_collide></link>"
      "<joint name='j' type='fixed' odd='1'><parent>l</parent>"
      "<child>l</child></joint></model></sdf>";
  xml::Document doc;
  ASSERT_TRUE(doc.Parse(text));
  const auto report = [](frames::Diagnostics* d, const char* what) {
    d->Warning(frames::Code::ELEMENT_UNKNOWN, what, {"in.sdf", 1});
  };
  frames::Diagnostics sequential;
  report(&sequential, "before");
  sdf_io::CheckAgainstSchema(doc.RootElement(), 7,
                             xml::Context{"in.sdf", &sequential, true});
  report(&sequential, "after");
  ASSERT_EQ(sequential.all().size(), 5u) << sequential.ToString();
  for (int run = 0; run < 20; ++run) {
    frames::Diagnostics concurrent;
    report(&concurrent, "before");
    const xml::Context ctx{"in.sdf", &concurrent, true};
    sdf_io::SchemaCheck check(doc.RootElement(), 7, ctx, /*concurrent=*/true);
    report(&concurrent, "after");
    check.Finish();
    check.Finish();
    EXPECT_EQ(concurrent.ToString(), sequential.ToString());
    EXPECT_EQ(concurrent.error_count(), sequential.error_count());
  }
}

// A document large enough to be checked beside its reading reports what a
// small one does, in the same order: the check's findings before the
// reader's on one line (here the whole document is one line).
TEST(SchemaCheck, LargeDocumentReportsInSequentialOrder) {
  const auto document = [](int links) {
    std::string text = "<sdf version='1.7'><model name='m'>";
    for (int i = 0; i < links; ++i) {
      const std::string n = std::to_string(i);
      text += "<link name='l" + n + "'><pose>0 0 " + n + " 0 0 0</pose>";
      if (i == 1) text += "<frob/><inertial><mass>x</mass></inertial>";
      if (i == 2) text += "<self_collide>maybe</self_collide>";
      text += "</link>";
    }
    return text + "</model></sdf>";
  };
  const auto read = [](const std::string& text) {
    frames::Diagnostics diags;
    sdf_io::ReadOptions options;
    options.use_environment_paths = false;
    sdf_io::ReadSdf(text, "in.sdf", &diags, options);
    return diags;
  };
  const std::string small = document(4);
  const std::string large = document(20000);
  ASSERT_GT(large.size(), size_t{1} << 20);
  const frames::Diagnostics expected = read(small);
  const frames::Diagnostics got = read(large);
  ASSERT_EQ(expected.all().size(), 3u) << expected.ToString();
  EXPECT_EQ(got.ToString(), expected.ToString());
  EXPECT_EQ(frames::CodeName(got.all().back().code),
            std::string("NUMBER_INVALID"));
}

}  // namespace
