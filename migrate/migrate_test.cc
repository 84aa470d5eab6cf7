// converter::Migrate over testdata/migrate/repo in every mode: the report's
// statuses, sources byte for byte unchanged, outputs equal to the
// single-file library calls, resume, in place, dry run, -j 8 equal to -j 1.
// Also run under ThreadSanitizer: bazel test --config=tsan
// //migrate:migrate_test.
#include "migrate/migrate.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "converter/json.h"
#include "migrate/migrate_manifest.h"
#include "migrate/migrate_report.h"
#include "converter/sdf_to_sdf.h"
#include "converter/sdf_to_urdf.h"
#include "converter/urdf_to_sdf.h"

namespace converter {
namespace {

namespace fs = std::filesystem;

const char kFixture[] = "testdata/migrate/repo";

std::string Read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

void WriteText(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << text;
}

// Every file under `root`: relative path -> bytes.
std::map<std::string, std::string> Snapshot(const fs::path& root) {
  std::map<std::string, std::string> files;
  for (const auto& e : fs::recursive_directory_iterator(root)) {
    if (e.is_regular_file())
      files[e.path().lexically_relative(root).generic_string()] =
          Read(e.path());
  }
  return files;
}

// A fresh, writable directory for one test.
fs::path Scratch(const std::string& name) {
  const char* tmp = std::getenv("TEST_TMPDIR");
  fs::path p = fs::path(tmp ? tmp : "/tmp") / ("migrate_test_" + name);
  fs::remove_all(p);
  fs::create_directories(p);
  return p;
}

// The fixture copied to a scratch directory (for in-place runs).
fs::path CopyOfFixture(const std::string& name) {
  const fs::path dir = Scratch(name) / "repo";
  fs::copy(kFixture, dir, fs::copy_options::recursive);
  return dir;
}

std::map<std::string, std::string> Statuses(const MigrateReport& report) {
  std::map<std::string, std::string> statuses;
  for (const auto& f : report.files) statuses[f.source] = StatusName(f.status);
  return statuses;
}

const MigrateFile* Find(const MigrateReport& report, const std::string& src) {
  for (const auto& f : report.files) {
    if (f.source == src) return &f;
  }
  return nullptr;
}

MigrateOptions Mirror(const fs::path& dst, int jobs = 2) {
  MigrateOptions o;
  o.src_dir = kFixture;
  o.dst_dir = dst.string();
  o.jobs = jobs;
  return o;
}

const std::map<std::string, std::string> kMirrorStatuses = {
    {"broken/README.txt", "copied"},
    {"broken/broken.urdf", "failed"},
    {"models/arm_on_base/model.config", "converted"},
    {"models/arm_on_base/model.sdf", "converted"},
    {"models/base/model.config", "converted"},
    {"models/base/model.sdf", "converted"},
    {"my_robot_description/meshes/base.stl", "copied"},
    {"my_robot_description/package.xml", "copied"},
    {"my_robot_description/urdf/my_robot.urdf", "converted"},
    {"worlds/empty_with_base.world", "converted"},
};

TEST(Migrate, MirrorConvertsEachFileAsTheSingleFileCallsDo) {
  const auto before = Snapshot(kFixture);
  const fs::path dst = Scratch("mirror") / "out";
  const MigrateReport report = Migrate(Mirror(dst));
  EXPECT_TRUE(report.errors.empty());
  EXPECT_EQ(Statuses(report), kMirrorStatuses);
  EXPECT_EQ(report.ExitCode(), 1);
  EXPECT_EQ(Snapshot(kFixture), before) << "a source changed";

  const MigrateFile* broken = Find(report, "broken/broken.urdf");
  ASSERT_NE(broken, nullptr);
  EXPECT_TRUE(broken->output.empty());
  ASSERT_FALSE(broken->diagnostics.all().empty());
  EXPECT_EQ(broken->diagnostics.all()[0].code,
            frames::Code::JOINT_CHILD_LINK_INVALID);
  EXPECT_EQ(broken->diagnostics.all()[0].where.file, "broken/broken.urdf");
  EXPECT_EQ(broken->diagnostics.all()[0].where.line, 5);
  // The tree check reports the joint's file:line; the report names the
  // element beginning on that line.
  EXPECT_EQ(broken->diagnostics.all()[0].element_path,
            "/robot[broken]/joint[j]");
  EXPECT_FALSE(fs::exists(dst / "broken/broken.sdf"));

  // The single-file library calls, with the repository's model paths.
  const std::string src = kFixture;
  EXPECT_EQ(Read(dst / "my_robot_description/urdf/my_robot.sdf"),
            UrdfFileToSdf(src + "/my_robot_description/urdf/my_robot.urdf")
                .output);
  SdfToSdfOptions sdf;
  sdf.model_paths = RepositoryModelPaths(src);
  EXPECT_EQ(sdf.model_paths, std::vector<std::string>{src + "/models"});
  for (const char* f : {"models/base/model.sdf", "models/arm_on_base/model.sdf",
                        "worlds/empty_with_base.world"}) {
    const ConversionResult single = SdfFileToSdf(src + "/" + f, sdf);
    ASSERT_TRUE(single.ok) << f << "\n" << single.diagnostics.ToString();
    EXPECT_EQ(Read(dst / f), single.output) << f;
  }
  // Copies byte for byte; nothing else in the tree but the manifest.
  for (const char* f : {"broken/README.txt", "my_robot_description/package.xml",
                        "my_robot_description/meshes/base.stl"}) {
    EXPECT_EQ(Read(dst / f), before.at(f)) << f;
  }
  auto out = Snapshot(dst);
  EXPECT_EQ(out.size(), 10u);  // 9 outputs and the manifest
  EXPECT_TRUE(out.count(kManifestName));
  // model.config names the file and its new version, the rest kept.
  std::string config = before.at("models/base/model.config");
  const std::string old_entry = "<sdf version=\"1.6\">model.sdf</sdf>";
  config.replace(config.find(old_entry), old_entry.size(),
                 "<sdf version=\"1.7\">model.sdf</sdf>");
  EXPECT_EQ(out.at("models/base/model.config"), config);
}

TEST(Migrate, SecondRunSkipsEverythingUpToDate) {
  const fs::path dst = Scratch("resume") / "out";
  Migrate(Mirror(dst));
  const auto first = Snapshot(dst);
  const MigrateReport again = Migrate(Mirror(dst, 4));
  auto expected = kMirrorStatuses;
  for (auto& [file, status] : expected) {
    if (status != "failed") status = "skipped";
  }
  EXPECT_EQ(Statuses(again), expected);
  EXPECT_EQ(Snapshot(dst), first);

  // An output edited by hand, and a manifest cut short by a kill: those
  // files are done again, the rest skipped.
  WriteText(dst / "models/base/model.sdf", "edited");
  std::string manifest = Read(dst / kManifestName);
  const size_t cut = manifest.find("my_robot_description/meshes");
  WriteText(dst / kManifestName, manifest.substr(0, cut + 5));
  const MigrateReport resumed = Migrate(Mirror(dst));
  const auto statuses = Statuses(resumed);
  EXPECT_EQ(statuses.at("models/base/model.sdf"), "converted");
  EXPECT_EQ(statuses.at("my_robot_description/meshes/base.stl"), "copied");
  EXPECT_EQ(statuses.at("my_robot_description/urdf/my_robot.urdf"),
            "converted");
  EXPECT_EQ(statuses.at("models/arm_on_base/model.sdf"), "skipped");
  EXPECT_EQ(statuses.at("broken/README.txt"), "skipped");
  EXPECT_EQ(Snapshot(dst), first);

  // --force converts again.
  MigrateOptions force = Mirror(dst);
  force.force = true;
  EXPECT_EQ(Statuses(Migrate(force)), kMirrorStatuses);
}

TEST(Migrate, ChangedIncludeMakesItsIncludersStale) {
  const fs::path src = CopyOfFixture("stale");
  const fs::path dst = src.parent_path() / "out";
  MigrateOptions o;
  o.src_dir = src.string();
  o.dst_dir = dst.string();
  Migrate(o);
  std::string base = Read(src / "models/base/model.sdf");
  base.replace(base.find("0 0 0.3 0 0 0"), 13, "0 0 0.4 0 0 0");
  WriteText(src / "models/base/model.sdf", base);
  const auto statuses = Statuses(Migrate(o));
  EXPECT_EQ(statuses.at("models/base/model.sdf"), "converted");
  EXPECT_EQ(statuses.at("models/arm_on_base/model.sdf"), "converted");
  EXPECT_EQ(statuses.at("worlds/empty_with_base.world"), "converted");
  EXPECT_EQ(statuses.at("my_robot_description/urdf/my_robot.urdf"), "skipped");
}

TEST(Migrate, ParallelRunEqualsSerialRun) {
  const fs::path one = Scratch("j1") / "out";
  const fs::path eight = Scratch("j8") / "out";
  const MigrateReport r1 = Migrate(Mirror(one, 1));
  const MigrateReport r8 = Migrate(Mirror(eight, 8));
  EXPECT_EQ(Snapshot(one), Snapshot(eight));
  MigrateOptions o1 = Mirror("out", 1), o8 = Mirror("out", 8);
  EXPECT_EQ(MigrateReportJson(r1, o1), MigrateReportJson(r8, o8));
}

TEST(Migrate, ReportListsEveryFileWithItsStatusAndDiagnostics) {
  const fs::path dst = Scratch("report") / "out";
  const MigrateOptions o = Mirror(dst);
  const std::string json = MigrateReportJson(Migrate(o), o);
  for (const auto& [file, status] : kMirrorStatuses) {
    EXPECT_NE(json.find("{\"source\": \"" + file + "\""), std::string::npos)
        << file;
  }
  EXPECT_NE(json.find("\"counts\": {\"converted\": 6, \"converted with "
                      "warnings\": 0, \"failed\": 1, \"skipped\": 0, "
                      "\"copied\": 3, \"unchanged\": 0}"),
            std::string::npos)
      << json;
  EXPECT_NE(json.find("{\"source\": \"broken/broken.urdf\", \"output\": null, "
                      "\"status\": \"failed\""),
            std::string::npos);
  EXPECT_NE(json.find("{\"file\": \"broken/broken.urdf\", \"line\": 5, "
                      "\"severity\": \"error\", \"code\": "
                      "\"JOINT_CHILD_LINK_INVALID\", \"message\": \"joint 'j' "
                      "names child link 'missing', which does not exist\", "
                      "\"element_path\": \"/robot[broken]/joint[j]\"}"),
            std::string::npos)
      << json;
  const std::string md = MigrateReportMarkdown(Migrate(o), o);
  EXPECT_NE(md.find("| skipped | 9 |"), std::string::npos) << md;
  EXPECT_NE(md.find("| failed | 1 |"), std::string::npos) << md;
  EXPECT_NE(md.find("- `broken/broken.urdf`: broken/broken.urdf:5: error:"),
            std::string::npos)
      << md;
}

TEST(Migrate, JsonStringsAreEscaped) {
  std::string out;
  AppendJsonString(&out, std::string("a\"b\\c\n\t\r\b\f\x01\x1f/\xc3\xa9", 15));
  EXPECT_EQ(out, "\"a\\\"b\\\\c\\n\\t\\r\\b\\f\\u0001\\u001f/\xc3\xa9\"");
}

TEST(Migrate, DryRunWritesNothingAndReportsTheSame) {
  const fs::path dst = Scratch("dry") / "out";
  MigrateOptions o = Mirror(dst);
  o.dry_run = true;
  const MigrateReport report = Migrate(o);
  EXPECT_EQ(Statuses(report), kMirrorStatuses);
  EXPECT_FALSE(fs::exists(dst));
}

TEST(Migrate, InPlaceWritesBesideTheSourcesAndKeepsOriginals) {
  const fs::path src = CopyOfFixture("in_place");
  const auto before = Snapshot(src);
  MigrateOptions o;
  o.src_dir = src.string();
  o.in_place = true;
  const MigrateReport report = Migrate(o);
  EXPECT_EQ(Statuses(report),
            (std::map<std::string, std::string>{
                {"broken/README.txt", "unchanged"},
                {"broken/broken.urdf", "failed"},
                {"models/arm_on_base/model.config", "converted"},
                {"models/arm_on_base/model.sdf", "converted"},
                {"models/base/model.config", "converted"},
                {"models/base/model.sdf", "converted"},
                {"my_robot_description/meshes/base.stl", "unchanged"},
                {"my_robot_description/package.xml", "unchanged"},
                {"my_robot_description/urdf/my_robot.urdf", "converted"},
                {"worlds/empty_with_base.world", "converted"},
            }));
  const auto after = Snapshot(src);
  // Nothing deleted; untouched files byte for byte; each upgraded file's
  // original kept as NAME.orig.EXT.
  for (const auto& [file, bytes] : before) {
    ASSERT_TRUE(after.count(file)) << file << " deleted";
    const MigrateFile* f = Find(report, file);
    ASSERT_NE(f, nullptr) << file;
    if (f->output == file) {
      const std::string orig =
          fs::path(file).replace_extension("").string() + ".orig" +
          fs::path(file).extension().string();
      EXPECT_EQ(after.at(orig), bytes) << orig;
    } else {
      EXPECT_EQ(after.at(file), bytes) << file;
    }
  }
  // Same outputs as a mirror run.
  const fs::path fresh = Scratch("in_place_fresh") / "out";
  Migrate(Mirror(fresh));
  for (const char* f : {"my_robot_description/urdf/my_robot.sdf",
                        "models/base/model.sdf", "models/base/model.config",
                        "worlds/empty_with_base.world"}) {
    EXPECT_EQ(after.at(f), Read(fresh / f)) << f;
  }
  // A second run finds everything up to date and changes nothing.
  const MigrateReport again = Migrate(o);
  for (const auto& f : again.files) {
    EXPECT_TRUE(f.status == MigrateStatus::kSkipped ||
                f.status == MigrateStatus::kUnchanged ||
                f.source == "broken/broken.urdf")
        << f.source << ": " << StatusName(f.status);
  }
  EXPECT_EQ(again.files.size(), report.files.size());
  EXPECT_EQ(Snapshot(src), after);
}

TEST(Migrate, ToUrdfConvertsSdfModelsAsSdfToUrdfDoes) {
  const fs::path dst = Scratch("to_urdf") / "out";
  MigrateOptions o = Mirror(dst);
  o.target = MigrateOptions::Target::kUrdf;
  const MigrateReport report = Migrate(o);
  const auto statuses = Statuses(report);
  EXPECT_EQ(statuses.at("my_robot_description/urdf/my_robot.urdf"), "copied");
  EXPECT_EQ(statuses.at("worlds/empty_with_base.world"), "copied");
  // The manifest names the URDF, the entry's version and every other byte
  // kept.
  EXPECT_EQ(statuses.at("models/base/model.config"), "converted");
  std::string config = Read(std::string(kFixture) + "/models/base/model.config");
  const std::string old_entry = "<sdf version=\"1.6\">model.sdf</sdf>";
  ASSERT_NE(config.find(old_entry), std::string::npos) << config;
  config.replace(config.find(old_entry), old_entry.size(),
                 "<sdf version=\"1.6\">model.urdf</sdf>");
  EXPECT_EQ(Read(dst / "models/base/model.config"), config);
  EXPECT_EQ(Find(report, "models/base/model.sdf")->output,
            "models/base/model.urdf");
  SdfToUrdfOptions u;
  u.model_paths = RepositoryModelPaths(kFixture);
  for (const char* f : {"models/base/model", "models/arm_on_base/model"}) {
    const ConversionResult single =
        SdfFileToUrdf(std::string(kFixture) + "/" + f + ".sdf", u);
    ASSERT_TRUE(single.ok) << single.diagnostics.ToString();
    EXPECT_EQ(Read(dst / (std::string(f) + ".urdf")), single.output) << f;
  }
  EXPECT_EQ(report.ExitCode(), 0);
}

// A repository of two sources with one output (robot.sdf): robot.urdf
// (the fixture's URDF) and robot.sdf.
fs::path ConflictingSources(const std::string& name) {
  const fs::path src = Scratch(name) / "repo";
  WriteText(src / "robot.urdf",
            Read(std::string(kFixture) +
                 "/my_robot_description/urdf/my_robot.urdf"));
  WriteText(src / "robot.sdf",
            Read(std::string(kFixture) + "/models/base/model.sdf"));
  return src;
}

TEST(Migrate, TwoSourcesOfOneOutputConflict) {
  const fs::path src = ConflictingSources("conflict");
  MigrateOptions o;
  o.src_dir = src.string();
  o.dst_dir = (src.parent_path() / "out").string();
  const MigrateReport report = Migrate(o);
  EXPECT_EQ(Statuses(report), (std::map<std::string, std::string>{
                                  {"robot.sdf", "converted"},
                                  {"robot.urdf", "failed"}}));
  EXPECT_TRUE(Find(report, "robot.urdf")
                  ->diagnostics.Has(frames::Code::MIGRATE_OUTPUT_CONFLICT));
  EXPECT_EQ(report.ExitCode(), 1);
}

TEST(Migrate, InPlaceNeverWritesOverAnotherSource) {
  const fs::path src = ConflictingSources("in_place_conflict");
  const std::string urdf = Read(src / "robot.urdf");
  MigrateOptions o;
  o.src_dir = src.string();
  o.in_place = true;
  o.target = MigrateOptions::Target::kUrdf;
  const MigrateReport report = Migrate(o);
  EXPECT_EQ(Statuses(report), (std::map<std::string, std::string>{
                                  {"robot.sdf", "failed"},
                                  {"robot.urdf", "unchanged"}}));
  EXPECT_TRUE(Find(report, "robot.sdf")
                  ->diagnostics.Has(frames::Code::MIGRATE_OUTPUT_CONFLICT));
  EXPECT_EQ(Read(src / "robot.urdf"), urdf);
}

// A second run into `dst` (inside the source) walks only the source's own
// files, not the first run's outputs.
void ExpectOutputNotWalked(const fs::path& src, const fs::path& dst) {
  MigrateOptions o;
  o.src_dir = src.string();
  o.dst_dir = dst.string();
  Migrate(o);
  const MigrateReport again = Migrate(o);
  EXPECT_EQ(again.files.size(), kMirrorStatuses.size());
  for (const auto& f : again.files)
    EXPECT_EQ(f.source.rfind("migrated", 0), std::string::npos) << f.source;
}

TEST(Migrate, OutputInsideTheSourceIsNotWalked) {
  const fs::path src = CopyOfFixture("nested");
  ExpectOutputNotWalked(src, src / "migrated");
}

// Named another way (through ".."), it is still found inside the source.
TEST(Migrate, OutputInsideTheSourceNamedThroughDotDotIsNotWalked) {
  const fs::path src = CopyOfFixture("nested_dotdot");
  ExpectOutputNotWalked(src, src / "models" / ".." / "migrated");
}

// Directories are made a level at a time on the pool: every directory of
// the source, empty and deeply nested ones too, is in the mirror.
TEST(Migrate, EveryDirectoryIsMirroredAtAnyJobs) {
  const fs::path src = CopyOfFixture("dirs");
  std::vector<std::string> dirs;
  for (int i = 0; i < 12; ++i) {
    std::string d = "empty" + std::to_string(i);
    for (int depth = 0; depth < i % 5; ++depth) d += "/d" + std::to_string(depth);
    fs::create_directories(src / d);
    dirs.push_back(d);
  }
  for (const int jobs : {1, 4}) {
    const fs::path dst = Scratch("dirs_out" + std::to_string(jobs));
    MigrateOptions o;
    o.src_dir = src.string();
    o.dst_dir = (dst / "out").string();
    o.jobs = jobs;
    const MigrateReport report = Migrate(o);
    EXPECT_TRUE(report.errors.empty());
    for (const auto& d : dirs)
      EXPECT_TRUE(fs::is_directory(dst / "out" / d)) << d << " -j " << jobs;
    EXPECT_EQ(Statuses(report), kMirrorStatuses);
  }
}

TEST(Migrate, RunErrorsAreExitCodeTwo) {
  MigrateOptions o;
  o.src_dir = "no/such/dir";
  o.dst_dir = Scratch("errors").string();
  MigrateReport r = Migrate(o);
  EXPECT_EQ(r.ExitCode(), 2);
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_EQ(r.errors[0], "'no/such/dir' is not a directory");
  o.src_dir = kFixture;
  o.dst_dir = kFixture;
  EXPECT_EQ(Migrate(o).ExitCode(), 2);
  // A destination under a regular file cannot be created.
  const fs::path file = Scratch("errors2") / "file";
  WriteText(file, "x");
  o.dst_dir = (file / "out").string();
  r = Migrate(o);
  EXPECT_EQ(r.ExitCode(), 2);
  EXPECT_TRUE(r.files.empty());
}

std::vector<std::string> PhaseNames(const MigrateReport& report) {
  std::vector<std::string> names;
  for (const auto& p : report.phases) {
    EXPECT_GE(p.seconds, 0) << p.name;
    names.push_back(p.name);
  }
  return names;
}

// Each step of a run is timed, in the order it ran; a dry run writes
// nothing, an in-place run syncs each file as it writes it, and a run that
// fails before its tasks stops there.
TEST(Migrate, ReportTimesEveryStepOfTheRun) {
  using Names = std::vector<std::string>;
  const Names all = {"walk",        "plan", "digest",  "tasks",
                     "directories", "sync", "manifest"};
  EXPECT_EQ(PhaseNames(Migrate(Mirror(Scratch("phases") / "out"))), all);
  MigrateOptions dry = Mirror(Scratch("phases_dry") / "out");
  dry.dry_run = true;
  EXPECT_EQ(PhaseNames(Migrate(dry)),
            (Names{"walk", "plan", "digest", "tasks"}));
  MigrateOptions in_place;
  in_place.src_dir = CopyOfFixture("phases_in_place").string();
  in_place.in_place = true;
  EXPECT_EQ(PhaseNames(Migrate(in_place)),
            (Names{"walk", "plan", "digest", "tasks", "directories",
                   "manifest"}));
  MigrateOptions missing = Mirror(Scratch("phases_missing") / "out");
  missing.src_dir = "no/such/dir";
  EXPECT_TRUE(Migrate(missing).phases.empty());
}

// A file with warnings, converted and then skipped as up to date: the
// second report lists the same warnings (recorded in the manifest).
TEST(Migrate, SkippedFileReportsTheWarningsOfItsConversion) {
  MigrateOptions o;
  o.src_dir = "testdata/migrate/uris/src";
  o.dst_dir = (Scratch("skipped_warnings") / "out").string();
  o.uris.form = UriForm::kPackage;
  const MigrateReport first = Migrate(o);
  const MigrateFile* converted =
      Find(first, "my_robot_description/urdf/robot.urdf");
  ASSERT_NE(converted, nullptr);
  ASSERT_EQ(converted->status, MigrateStatus::kConvertedWithWarnings);
  ASSERT_TRUE(converted->diagnostics.Has(frames::Code::MESH_URI_UNRESOLVED));

  const MigrateReport again = Migrate(o);
  const MigrateFile* skipped =
      Find(again, "my_robot_description/urdf/robot.urdf");
  ASSERT_NE(skipped, nullptr);
  EXPECT_EQ(skipped->status, MigrateStatus::kSkipped);
  EXPECT_EQ(skipped->diagnostics.ToString(), converted->diagnostics.ToString());
  // Element paths too (the manifest keeps them).
  ASSERT_EQ(skipped->diagnostics.all().size(),
            converted->diagnostics.all().size());
  for (size_t i = 0; i < converted->diagnostics.all().size(); ++i) {
    EXPECT_FALSE(converted->diagnostics.all()[i].element_path.empty())
        << frames::Format(converted->diagnostics.all()[i]);
    EXPECT_EQ(skipped->diagnostics.all()[i].element_path,
              converted->diagnostics.all()[i].element_path);
  }
  // Every file's diagnostics, the same in both reports.
  ASSERT_EQ(again.files.size(), first.files.size());
  for (size_t i = 0; i < first.files.size(); ++i) {
    EXPECT_EQ(again.files[i].diagnostics.ToString(),
              first.files[i].diagnostics.ToString())
        << first.files[i].source;
  }
  // And a third run, from the manifest the second (skipping) run wrote.
  const MigrateReport third = Migrate(o);
  EXPECT_EQ(Find(third, "my_robot_description/urdf/robot.urdf")
                ->diagnostics.ToString(),
            converted->diagnostics.ToString());
}

// Diagnostics with tabs, newlines and backslashes in every field survive
// the manifest.
TEST(Migrate, ManifestRecordsDiagnosticsOfAnyText) {
  const fs::path dir = Scratch("manifest_diagnostics");
  const std::string path = (dir / kManifestName).string();
  ManifestEntry e{"a\\b.urdf", "a\\b.sdf", 1, 2, {}};
  e.diagnostics.Warning(frames::Code::XML_ERROR, "tab\there\nnewline \\t not a tab\r",
                        {"dir\twith tab/a.urdf", 7});
  frames::Diagnostic d{frames::Severity::kError, frames::Code::IO_ERROR, "",
                       {"", 0},
                       "/robot[r]/link[\\]"};
  e.diagnostics.Add(d);
  {
    Manifest m;
    m.Record(e);
    std::string error;
    ASSERT_TRUE(m.Save(path, "converter\t1", "{}", &error)) << error;
  }
  Manifest loaded;
  loaded.Load(path);
  const ManifestEntry* found = loaded.Find(e.source);
  ASSERT_NE(found, nullptr) << Read(path);
  EXPECT_EQ(found->output, e.output);
  EXPECT_EQ(found->input_hash, 1u);
  EXPECT_EQ(found->output_hash, 2u);
  ASSERT_EQ(found->diagnostics.all().size(), 2u);
  for (size_t i = 0; i < 2; ++i) {
    const auto& want = e.diagnostics.all()[i];
    const auto& got = found->diagnostics.all()[i];
    EXPECT_EQ(got.severity, want.severity);
    EXPECT_EQ(got.code, want.code);
    EXPECT_EQ(got.message, want.message);
    EXPECT_EQ(got.where.file, want.where.file);
    EXPECT_EQ(got.where.line, want.where.line);
    EXPECT_EQ(got.element_path, want.element_path);
  }
  EXPECT_NE(Read(path).find("# converter: converter\\t1\n"),
            std::string::npos);
}

// --verify: every converted model file is read back and compared equal
// (verified in the report and the manifest); copies and model.config files
// are not model conversions. A later run skips what was verified and keeps
// its verdict; a file written without --verify is converted again by a
// run with it.
TEST(Migrate, VerifyReadsEachConvertedFileBack) {
  const fs::path dst = Scratch("verify") / "out";
  MigrateOptions o = Mirror(dst);
  o.verify = true;
  const MigrateReport report = Migrate(o);
  EXPECT_EQ(Statuses(report), kMirrorStatuses);
  const std::set<std::string> models = {
      "models/arm_on_base/model.sdf", "models/base/model.sdf",
      "my_robot_description/urdf/my_robot.urdf", "worlds/empty_with_base.world"};
  for (const auto& f : report.files) {
    EXPECT_EQ(f.verified, models.count(f.source) == 1) << f.source;
    for (const auto& d : f.diagnostics.all())
      EXPECT_NE(d.code, frames::Code::VERIFY_FAILED) << f.source;
  }
  EXPECT_EQ(report.Verified(), 4);
  const std::string json = MigrateReportJson(report, o);
  EXPECT_NE(json.find("\n  \"verified\": 4,\n"), std::string::npos) << json;
  EXPECT_NE(json.find("\"source\": \"models/base/model.sdf\", \"output\": "
                      "\"models/base/model.sdf\", \"status\": \"converted\", "
                      "\"input_hash\": \""),
            std::string::npos);
  EXPECT_NE(json.find("\"verified\": true"), std::string::npos);
  EXPECT_NE(MigrateReportMarkdown(report, o).find("compared equal with the input): 4"),
            std::string::npos);

  const MigrateReport again = Migrate(o);
  EXPECT_EQ(again.Count(MigrateStatus::kSkipped), 9);
  EXPECT_EQ(again.Verified(), 4);

  // Written without --verify, then asked with it: converted again.
  const fs::path plain = Scratch("verify_later") / "out";
  MigrateOptions p = Mirror(plain);
  const MigrateReport first = Migrate(p);
  EXPECT_EQ(first.Verified(), 0);
  EXPECT_EQ(Migrate(p).Count(MigrateStatus::kSkipped), 9);
  p.verify = true;
  const MigrateReport verified = Migrate(p);
  for (const auto& f : verified.files) {
    if (models.count(f.source)) {
      EXPECT_EQ(StatusName(f.status), std::string("converted")) << f.source;
      EXPECT_TRUE(f.verified) << f.source;
    }
  }
}

// A conversion whose output means something else fails verification: with
// --package-to-model, my_robot.urdf's package:// mesh becomes a model://
// URI that names no file found (compared as written): VERIFY_FAILED, the
// difference as DIFF_SHAPE, nothing written, nothing recorded.
TEST(Migrate, VerifyFailsAFileWhoseOutputDiffers) {
  const fs::path dst = Scratch("verify_fails") / "out";
  MigrateOptions o = Mirror(dst);
  o.verify = true;
  o.package_to_model = true;
  for (int run = 0; run < 2; ++run) {
    const MigrateReport report = Migrate(o);
    const MigrateFile* f = Find(report, "my_robot_description/urdf/my_robot.urdf");
    ASSERT_NE(f, nullptr);
    EXPECT_EQ(f->status, MigrateStatus::kFailed) << "run " << run;
    EXPECT_FALSE(f->verified);
    EXPECT_TRUE(f->output.empty());
    std::vector<frames::Code> codes;
    for (const auto& d : f->diagnostics.all()) codes.push_back(d.code);
    ASSERT_EQ(codes.size(), 2u);
    EXPECT_EQ(codes[0], frames::Code::VERIFY_FAILED);
    EXPECT_EQ(codes[1], frames::Code::DIFF_SHAPE);
    EXPECT_EQ(f->diagnostics.all()[1].where.file,
              "my_robot_description/urdf/my_robot.urdf");
    EXPECT_FALSE(fs::exists(dst / "my_robot_description/urdf/my_robot.sdf"));
    EXPECT_EQ(report.Verified(), 3);
    EXPECT_EQ(report.ExitCode(), 1);
  }
}

// Another converter (another build) or other options: every file is
// converted again; the same converter and options skip.
TEST(Migrate, AnotherConverterOrOtherOptionsConvertAgain) {
  const fs::path dst = Scratch("identity") / "out";
  MigrateOptions o = Mirror(dst);
  o.converter_identity = "converter A";
  Migrate(o);
  auto skipped = kMirrorStatuses;
  for (auto& [file, status] : skipped) {
    if (status != "failed") status = "skipped";
  }
  EXPECT_EQ(Statuses(Migrate(o)), skipped);

  o.converter_identity = "converter B";
  const MigrateReport upgraded = Migrate(o);
  EXPECT_EQ(Statuses(upgraded), kMirrorStatuses);
  EXPECT_EQ(upgraded.converter, "converter B");
  EXPECT_NE(Read(dst / kManifestName).find("# converter: converter B\n"),
            std::string::npos);
  const std::string json = MigrateReportJson(upgraded, o);
  EXPECT_NE(json.find("\"converter\": \"converter B\""), std::string::npos);
  EXPECT_NE(json.find("\"options\": {\"target\": \"sdf\", \"sdf_version\": "
                      "\"1.7\", \"lump_fixed_joints\": false"),
            std::string::npos)
      << json;
  EXPECT_EQ(Statuses(Migrate(o)), skipped);

  // An option that changes the URDF's output: converted again.
  o.lump_fixed_joints = true;
  const auto statuses = Statuses(Migrate(o));
  EXPECT_EQ(statuses.at("my_robot_description/urdf/my_robot.urdf"),
            "converted");
  EXPECT_EQ(statuses.at("models/base/model.sdf"), "converted");
  EXPECT_EQ(Statuses(Migrate(o)), skipped);

  // The default identity is this executable's build, the same every call.
  EXPECT_EQ(BuildIdentity().rfind("build ", 0), 0u);
  EXPECT_NE(BuildIdentity(), "build unknown");
  EXPECT_EQ(BuildIdentity().size(), 22u);
  EXPECT_EQ(BuildIdentity(), BuildIdentity());
  // It is the ContentHash of the whole executable (hashed a piece at a
  // time; here in one piece).
  char hex[24];
  std::snprintf(hex, sizeof hex, "%016llx",
                static_cast<unsigned long long>(
                    ContentHash(Read("/proc/self/exe"))));
  EXPECT_EQ(BuildIdentity(), "build " + std::string(hex));
}

// XXH3 64's values (XXH3_64bits("") is xxHash's published test value): a
// manifest written by one build must be read by the next, so the hash of
// given bytes and seed may never change.
TEST(Migrate, ContentHashIsXxh3) {
  EXPECT_EQ(ContentHash(""), 0x2d06800538d394c2ULL);
  EXPECT_EQ(ContentHash("a"), 0xe6c632b61e964e1fULL);
  EXPECT_EQ(ContentHash("foobar"), 0xd78fda63144c5c84ULL);
  // A hash continues from the one before it as its seed.
  EXPECT_EQ(ContentHash("foobar", 0x2d06800538d394c2ULL),
            0xd9d7b9005dbc4b73ULL);
  // Every byte counts, wherever it is.
  std::string big(100000, 'x');
  const uint64_t h = ContentHash(big);
  big[77777] = 'y';
  EXPECT_NE(ContentHash(big), h);
}

}  // namespace
}  // namespace converter
