// xacro_benchmark: the `xacro` command against the reference xacro (ROS 2's,
// Python) and against the floor of reading and printing the expanded XML
// with tinyxml2, each as a whole process (start-up, reading, writing: what a
// build pays per entry point), on
//   - the largest entry point of ../shared/corpus/xacro-packages (franka's
//     multi_arm with ros2_control:=true: two arms, hands, ros2_control),
//   - a generated file of N macro calls (default 10,000), each with three
//     parameters, a block parameter, a local property, a conditional and
//     arithmetic, and
//   - a one-link file: what process start-up alone costs each.
//
//   bazel run -c opt //tools/benchmark:xacro_benchmark -- [--calls N]
//       [--rounds R] [--corpus DIR] [--reference RUN_XACRO]
// (--reference "" leaves the reference out.)
//
// Time is CPU time (user + system of the child), the best of --rounds
// rounds (the reference: at most 3, one when a round takes over 10 s): on a
// shared, loaded machine wall time counts other processes' turns. The
// processes are //tools:xacro and :xml_floor (tinyxml2 LoadFile and
// Print to standard output, sent to a file; process_benchmark's floor). For a breakdown the table also gives, in this process,
// the xacro::ExpandFile call alone (file reads included, no start-up, no
// writing) and tinyxml2 parsing and printing the text in memory. Figures to
// read, not a pass/fail test; exit 1 only when ours fails or differs from
// the reference's output.
#include <limits.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <tinyxml2.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <functional>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "sdf_io/packages.h"
#include "tools/benchmark/xacro_generator.h"
#include "xacro/xacro.h"

namespace {

double CpuSeconds() {
  timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

double Best(int rounds, const std::function<void()>& work) {
  double best = 1e30;
  for (int i = 0; i < rounds; ++i) {
    const double t0 = CpuSeconds();
    work();
    best = std::min(best, CpuSeconds() - t0);
  }
  return best;
}

std::string ReadAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// One run of `argv` (argv[0] a path) with ROS_PACKAGE_PATH=packages, its
// standard output sent to `out` when not empty: its CPU time, or -1 when it
// fails.
double RunProcess(std::vector<std::string> argv_s, const std::string& packages,
                  const std::string& out = "") {
  rusage before;
  getrusage(RUSAGE_CHILDREN, &before);
  // posix_spawn (vfork and exec), not fork: a forked copy of this process
  // would charge the child for copying its page tables.
  std::vector<char*> argv;
  for (auto& s : argv_s) argv.push_back(s.data());
  argv.push_back(nullptr);
  std::vector<std::string> env_s = {"ROS_PACKAGE_PATH=" + packages};
  for (char** e = environ; *e; ++e) {
    const std::string v = *e;
    if (v.rfind("ROS_PACKAGE_PATH=", 0) != 0 && v.rfind("AMENT_PREFIX_PATH=", 0) != 0) env_s.push_back(v);
  }
  std::vector<char*> env;
  for (auto& s : env_s) env.push_back(s.data());
  env.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (!out.empty()) {
    posix_spawn_file_actions_addopen(&actions, 1, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  }
  pid_t pid;
  const int spawned = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), env.data());
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) return -1;
  int status = 0;
  waitpid(pid, &status, 0);
  rusage after;
  getrusage(RUSAGE_CHILDREN, &after);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) return -1;
  auto secs = [](const timeval& t) { return t.tv_sec + t.tv_usec * 1e-6; };
  return (secs(after.ru_utime) - secs(before.ru_utime)) + (secs(after.ru_stime) - secs(before.ru_stime));
}

// Best of `rounds` runs (fewer when a run takes over 10 s); -1 on failure.
double BestProcess(int rounds, const std::vector<std::string>& argv, const std::string& packages,
                   const std::string& out = "") {
  double best = 1e30;
  for (int i = 0; i < rounds; ++i) {
    const double t = RunProcess(argv, packages, out);
    if (t < 0) return -1;
    best = std::min(best, t);
    if (t > 10) break;  // minutes per round: one is figure enough
  }
  return best;
}

// A binary this one carries in its runfiles (`bazel run` starts in the
// runfiles tree; elsewhere, next to argv[0]).
std::string Runfile(const std::string& argv0, const std::string& rel) {
  if (access(rel.c_str(), X_OK) == 0) {
    char* real = realpath(rel.c_str(), nullptr);
    std::string s = real ? real : rel;
    free(real);
    return s;
  }
  return argv0 + ".runfiles/urdf_sdf_converter/" + rel;
}

struct Row {
  std::string name;
  long long bytes = 0;
  double ours = 0, floor = 0, reference = 0, library = 0, floor_in_memory = 0;
  bool same = false;
};

std::string Ms(double secs) {
  if (secs < 0) return "failed";
  char b[32];
  std::snprintf(b, sizeof b, secs < 0.01 ? "%.2f" : secs < 1 ? "%.1f" : "%.0f", secs * 1e3);
  return b;
}

std::string Ratio(double a, double b) {
  if (a < 0 || b <= 0) return "-";
  char r[32];
  std::snprintf(r, sizeof r, "%.1fx", a / b);
  return r;
}

}  // namespace

int main(int argc, char** argv) {
  int calls = 10000;
  int rounds = 5;
  std::string root = std::getenv("BUILD_WORKSPACE_DIRECTORY") ? std::getenv("BUILD_WORKSPACE_DIRECTORY") : ".";
  std::string corpus = root + "/../shared/corpus/xacro-packages";
  std::string reference = root + "/../shared/oracles/xacro/run-xacro";
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string a = argv[i];
    if (a == "--calls") calls = std::atoi(argv[i + 1]);
    else if (a == "--rounds") rounds = std::atoi(argv[i + 1]);
    else if (a == "--corpus") corpus = argv[i + 1];
    else if (a == "--reference") reference = argv[i + 1];
    else {
      std::cerr << "usage: xacro_benchmark [--calls N] [--rounds R] [--corpus DIR] [--reference RUN_XACRO]\n";
      return 2;
    }
  }
  const std::string xacro_bin = Runfile(argv[0], "tools/xacro");
  const std::string floor_bin = Runfile(argv[0], "tools/benchmark/xml_floor");
  // Absolute: $(find) returns the ROS_PACKAGE_PATH entry's spelling, and a
  // relative one would be taken relative to each including file.
  if (char* real = realpath(corpus.c_str(), nullptr)) {
    corpus = real;
    free(real);
  }
  const std::string tmp = std::string(std::getenv("TMPDIR") ? std::getenv("TMPDIR") : "/tmp") +
                          "/xacro_benchmark." + std::to_string(getpid());
  if (std::system(("mkdir -p '" + tmp + "'").c_str()) != 0) return 2;
  const std::string generated = tmp + "/generated.urdf.xacro";
  std::ofstream(generated) << benchmark::GenerateXacro(calls);
  const std::string one_link = tmp + "/one_link.urdf.xacro";
  std::ofstream(one_link) << "<?xml version=\"1.0\"?>\n<robot name=\"one\" "
                             "xmlns:xacro=\"http://www.ros.org/wiki/xacro\">\n  <link name=\"base\"/>\n</robot>\n";

  struct Input {
    std::string name, path;
    std::vector<std::string> args;
  };
  std::vector<Input> inputs = {
      {"multi_arm.urdf.xacro ros2_control:=true",
       corpus + "/franka_description/robots/multi_arm/multi_arm.urdf.xacro",
       {"ros2_control:=true"}},
      {"generated, " + std::to_string(calls) + " macro calls", generated, {}},
      {"one link (start-up)", one_link, {}},
  };
  setenv("ROS_PACKAGE_PATH", corpus.c_str(), 1);
  unsetenv("AMENT_PREFIX_PATH");
  sdf_io::PackagePaths paths;
  xacro::Options options;
  options.find_package = [&](const std::string& name, const std::string& from) {
    return sdf_io::FindPackage(name, paths, from);
  };
  int status = 0;
  std::vector<Row> rows;
  for (const Input& in : inputs) {
    std::map<std::string, std::string> args;
    for (const auto& a : in.args) args[a.substr(0, a.find(":="))] = a.substr(a.find(":=") + 2);
    Row row;
    row.name = in.name;
    xacro::Result result;
    row.library = Best(rounds, [&] {
      frames::Diagnostics diags;
      result = xacro::ExpandFile(in.path, args, options, &diags);
      if (!result.ok) std::cerr << diags.ToString();
    });
    if (!result.ok) {
      status = 1;
      continue;
    }
    row.bytes = static_cast<long long>(result.xml.size());
    row.floor_in_memory = Best(rounds, [&] {
      tinyxml2::XMLDocument doc;
      doc.Parse(result.xml.data(), result.xml.size());
      tinyxml2::XMLPrinter printer;
      doc.Print(&printer);
      if (printer.CStrSize() < 2) std::cerr << "floor: nothing printed\n";
    });
    // The command, as a build runs it; its output must be the library's.
    const std::string ours_file = tmp + "/ours.urdf";
    std::vector<std::string> ours_argv = {xacro_bin, in.path};
    for (const auto& a : in.args) ours_argv.push_back(a);
    ours_argv.push_back("-o");
    ours_argv.push_back(ours_file);
    row.ours = BestProcess(rounds, ours_argv, corpus);
    if (row.ours < 0 || ReadAll(ours_file) != result.xml) {
      std::cerr << in.name << ": the xacro command failed or printed other bytes than the library\n";
      status = 1;
    }
    row.floor = BestProcess(rounds, {floor_bin, ours_file}, corpus, tmp + "/floor.urdf");
    const std::string out_file = tmp + "/reference.xml";
    std::vector<std::string> ref_argv = {reference, in.path};
    for (const auto& a : in.args) ref_argv.push_back(a);
    ref_argv.push_back("-o");
    ref_argv.push_back(out_file);
    row.reference = reference.empty() ? -1 : BestProcess(std::min(rounds, 3), ref_argv, corpus);
    row.same = row.reference >= 0 && ReadAll(out_file) == result.xml;
    if (row.reference >= 0 && !row.same) status = 1;
    rows.push_back(row);
  }
  std::printf("| input | output bytes | ours (ms) | tinyxml2 floor (ms) | reference xacro (ms) | ours / floor | "
              "reference / ours | library call (ms) | floor in memory (ms) | same bytes |\n");
  std::printf("|---|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
  for (const Row& r : rows) {
    std::printf("| %s | %lld | %s | %s | %s | %s | %s | %s | %s | %s |\n", r.name.c_str(), r.bytes,
                Ms(r.ours).c_str(), Ms(r.floor).c_str(), reference.empty() ? "-" : Ms(r.reference).c_str(),
                Ratio(r.ours, r.floor).c_str(), Ratio(r.reference, r.ours).c_str(), Ms(r.library).c_str(),
                Ms(r.floor_in_memory).c_str(), r.same ? "yes" : "no");
  }
  std::system(("rm -rf '" + tmp + "'").c_str());
  return status;
}
