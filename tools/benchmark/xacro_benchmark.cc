// xacro_benchmark: xacro::ExpandFile against the reference xacro (ROS 2's,
// Python: the whole process, as a build runs it) and against the floor of
// reading and printing the expanded XML with tinyxml2, on
//   - the largest entry point of ../shared/corpus/xacro-packages (franka's
//     multi_arm with ros2_control:=true: two arms, hands, ros2_control), and
//   - a generated file of N macro calls (default 10,000), each with three
//     parameters, a block parameter, a local property, a conditional and
//     arithmetic.
//
//   bazel run -c opt //tools/benchmark:xacro_benchmark -- [--calls N]
//       [--rounds R] [--corpus DIR] [--reference RUN_XACRO]
// (--reference "" leaves the reference out.)
//
// Time is CPU time (user + system; of the child for the reference), the best
// of --rounds rounds: on a shared, loaded machine wall time counts other
// processes' turns. "ours" is the library call in this process (file reads
// included); the reference is one python3 process per round (start-up
// included: that is what a build pays per entry point; one round when a
// round takes over 10 s, as on the generated file). Figures to read, not
// a pass/fail test; exit 1 only when ours fails or differs from the
// reference's output.
#include <limits.h>
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

// One run of the reference: its children's CPU time; *out its output.
double RunReference(const std::string& reference, const std::string& in,
                    const std::vector<std::string>& args, const std::string& packages,
                    const std::string& out_file) {
  rusage before;
  getrusage(RUSAGE_CHILDREN, &before);
  const pid_t pid = fork();
  if (pid == 0) {
    setenv("ROS_PACKAGE_PATH", packages.c_str(), 1);
    unsetenv("AMENT_PREFIX_PATH");
    std::vector<std::string> argv_s = {reference, in};
    for (const auto& a : args) argv_s.push_back(a);
    argv_s.push_back("-o");
    argv_s.push_back(out_file);
    std::vector<char*> argv;
    for (auto& s : argv_s) argv.push_back(s.data());
    argv.push_back(nullptr);
    execv(reference.c_str(), argv.data());
    _exit(127);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  rusage after;
  getrusage(RUSAGE_CHILDREN, &after);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) return -1;
  auto secs = [](const timeval& t) { return t.tv_sec + t.tv_usec * 1e-6; };
  return (secs(after.ru_utime) - secs(before.ru_utime)) + (secs(after.ru_stime) - secs(before.ru_stime));
}

struct Row {
  std::string name;
  long long bytes = 0;
  double ours = 0, floor = 0, reference = 0;
  bool same = false;
};

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

  struct Input {
    std::string name, path;
    std::vector<std::string> args;
  };
  std::vector<Input> inputs = {
      {"multi_arm.urdf.xacro ros2_control:=true",
       corpus + "/franka_description/robots/multi_arm/multi_arm.urdf.xacro",
       {"ros2_control:=true"}},
      {"generated, " + std::to_string(calls) + " macro calls", generated, {}},
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
    row.ours = Best(rounds, [&] {
      frames::Diagnostics diags;
      result = xacro::ExpandFile(in.path, args, options, &diags);
      if (!result.ok) std::cerr << diags.ToString();
    });
    if (!result.ok) {
      status = 1;
      continue;
    }
    row.bytes = static_cast<long long>(result.xml.size());
    row.floor = Best(rounds, [&] {
      tinyxml2::XMLDocument doc;
      doc.Parse(result.xml.data(), result.xml.size());
      tinyxml2::XMLPrinter printer;
      doc.Print(&printer);
      if (printer.CStrSize() < 2) std::cerr << "floor: nothing printed\n";
    });
    const std::string out_file = tmp + "/reference.xml";
    double best = 1e30;
    for (int i = 0; i < (reference.empty() ? 0 : std::min(rounds, 3)); ++i) {
      const double t = RunReference(reference, in.path, in.args, corpus, out_file);
      if (t < 0) {
        best = -1;
        break;
      }
      best = std::min(best, t);
      if (t > 10) break;  // minutes per round: one is figure enough
    }
    row.reference = reference.empty() ? -1 : best;
    row.same = best >= 0 && ReadAll(out_file) == result.xml;
    if (best >= 0 && !row.same) status = 1;
    rows.push_back(row);
  }
  std::printf("| input | output bytes | ours (ms) | tinyxml2 floor (ms) | reference xacro (ms) | ours / floor | reference / ours | same bytes |\n");
  std::printf("|---|---:|---:|---:|---:|---:|---:|---|\n");
  for (const Row& r : rows) {
    std::printf("| %s | %lld | %.2f | %.2f | %s | %.1fx | %s | %s |\n", r.name.c_str(), r.bytes,
                r.ours * 1e3, r.floor * 1e3,
                r.reference < 0 ? "failed" : std::to_string(r.reference * 1e3).substr(0, 8).c_str(),
                r.floor > 0 ? r.ours / r.floor : 0.0,
                r.reference < 0 ? "-" : (std::to_string(r.reference / r.ours).substr(0, 6) + "x").c_str(),
                r.same ? "yes" : "no");
  }
  std::system(("rm -rf '" + tmp + "'").c_str());
  return status;
}
