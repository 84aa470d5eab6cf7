// Whole-process benchmark: each command as a user runs it, one process per
// conversion, against the floor of its own input (xml_floor: tinyxml2
// reading the same file and printing it to standard output, also one
// process), on generated chains of 1k, 10k and 100k links.
//
//   bazel run -c opt //tools/benchmark:process_benchmark -- [flags]
//
// Directions and their inputs (written once into --dir):
//   urdf2sdf  a URDF chain (urdf_generator.h)
//   sdf2urdf  an SDFormat 1.7 chain (sdf_generator.h)
//   sdf2sdf   the same SDFormat chain
//   xacro     a xacro file of N macro calls (xacro_generator.h), expanded;
//             its floor reads and prints the expansion (written once by
//             xacro -o before the runs), as the xacro issue states the goal
// Every run writes standard output to /dev/null (the floor and ours alike)
// and must exit 0. The floor and ours take turns (paired runs, the order
// alternating), --runs times, and then on until ours has run for
// --min-seconds in all (a run of 10 ms is measured a hundred times, one of
// 1 s five times: a short run's median otherwise moves with the machine's
// noise, and a growth ratio from 10k to 100k links with it); the figures
// are the medians of the wall-clock times and of the peak resident sets
// (ru_maxrss from wait4) of the runs.
// Figures to read, not a pass/fail test: exit 1 only when a run fails.
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <limits.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "tools/benchmark/sdf_generator.h"
#include "tools/benchmark/urdf_generator.h"
#include "tools/benchmark/xacro_generator.h"

namespace benchmark {
namespace {

const char kUsage[] =
    "usage: process_benchmark [flags]\n"
    "  --sizes N,N,...       chain lengths in links (default "
    "1000,10000,100000)\n"
    "  --directions LIST     subset of urdf2sdf,sdf2urdf,sdf2sdf,xacro "
    "(default: all)\n"
    "  --runs R              paired runs per measurement at least, medians\n"
    "                        reported (default 5)\n"
    "  --min-seconds S       and more paired runs (up to 200) until ours\n"
    "                        has run S seconds in all (default 1; 0: --runs\n"
    "                        only)\n"
    "  --flags \"F ...\"       extra flags for our commands (not the floor),\n"
    "                        e.g. \"--max-file-size 1G\"\n"
    "  --bindir DIR          where urdf2sdf, sdf2urdf, sdf2sdf, xacro and\n"
    "                        xml_floor are (default: beside this program's\n"
    "                        directory, bazel-bin/tools)\n"
    "  --dir DIR             where the inputs are written (default: a new\n"
    "                        directory under TMPDIR, removed at the end)\n"
    "  --keep                leave the inputs in --dir\n"
    "  --markdown            Markdown tables (for docs/benchmarks.md)\n";

struct Run {
  double seconds = 0;
  long peak_kb = 0;
  int status = -1;  // exit status, or -1 when killed by a signal
};

// Runs argv with standard input from /dev/null, standard output to
// /dev/null and standard error to `err_path`; wall time and ru_maxrss.
Run RunProcess(const std::vector<std::string>& argv,
               const std::string& err_path) {
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  Run r;
  const auto t0 = std::chrono::steady_clock::now();
  const pid_t pid = fork();
  if (pid == 0) {
    const int in = open("/dev/null", O_RDONLY);
    const int out = open("/dev/null", O_WRONLY);
    const int err = open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (in < 0 || out < 0 || err < 0) _exit(127);
    dup2(in, 0);
    dup2(out, 1);
    dup2(err, 2);
    execv(args[0], args.data());
    _exit(127);
  }
  if (pid < 0) return r;
  int status = 0;
  rusage usage{};
  if (wait4(pid, &status, 0, &usage) != pid) return r;
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0)
                  .count();
  r.peak_kb = usage.ru_maxrss;
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

template <typename T>
T Median(std::vector<T> v) {
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

struct Figure {
  double seconds = 0;
  long peak_kb = 0;
};

struct Row {
  std::string direction;
  int links = 0;
  long long bytes = 0;
  Figure floor, ours;
  int runs = 0;  // paired runs measured
};

std::string Fixed(double v, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", digits, v);
  return buf;
}

std::string Seconds(double s) {
  return s < 1 ? Fixed(s * 1000, s < 0.1 ? 1 : 0) + " ms" : Fixed(s, 2) + " s";
}

std::string MiB(long kb) { return Fixed(kb / 1024.0, 1) + " MiB"; }

std::string Thousands(long long n) {
  std::string s = std::to_string(n);
  for (int at = static_cast<int>(s.size()) - 3; at > 0; at -= 3) s.insert(at, ",");
  return s;
}

std::vector<std::string> Split(const std::string& s, char sep) {
  std::vector<std::string> parts;
  std::stringstream in(s);
  for (std::string part; std::getline(in, part, sep);) {
    if (!part.empty()) parts.push_back(part);
  }
  return parts;
}

bool WriteFile(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  return static_cast<bool>(out.flush());
}

int Main(int argc, char** argv) {
  std::vector<int> sizes = {1000, 10000, 100000};
  std::vector<std::string> directions = {"urdf2sdf", "sdf2urdf", "sdf2sdf",
                                         "xacro"};
  int runs = 5;
  double min_seconds = 1.0;
  constexpr int kMaxRuns = 200;
  std::vector<std::string> extra;
  std::string bindir, dir;
  bool keep = false, markdown = false;
  std::string command = "process_benchmark --";
  for (int i = 1; i < argc; ++i) command += std::string(" ") + argv[i];
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::cerr << "process_benchmark: " << a << " needs a value\n" << kUsage;
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "--sizes") {
      sizes.clear();
      for (const std::string& s : Split(value(), ',')) sizes.push_back(std::atoi(s.c_str()));
    } else if (a == "--directions") {
      directions = Split(value(), ',');
    } else if (a == "--runs") {
      runs = std::max(1, std::atoi(value().c_str()));
    } else if (a == "--min-seconds") {
      min_seconds = std::max(0.0, std::atof(value().c_str()));
    } else if (a == "--flags") {
      extra = Split(value(), ' ');
    } else if (a == "--bindir") {
      bindir = value();
    } else if (a == "--dir") {
      dir = value();
    } else if (a == "--keep") {
      keep = true;
    } else if (a == "--markdown") {
      markdown = true;
    } else if (a == "--help" || a == "-h") {
      std::cout << kUsage;
      return 0;
    } else {
      std::cerr << "process_benchmark: unknown flag " << a << "\n" << kUsage;
      return 2;
    }
  }
  for (const std::string& d : directions) {
    if (d != "urdf2sdf" && d != "sdf2urdf" && d != "sdf2sdf" && d != "xacro") {
      std::cerr << "process_benchmark: unknown direction " << d << "\n";
      return 2;
    }
  }
  if (bindir.empty()) {
    char self[PATH_MAX];
    const ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0) return 2;
    self[n] = '\0';
    std::string s = self;
    s = s.substr(0, s.rfind('/'));  // .../tools/benchmark
    bindir = s.substr(0, s.rfind('/'));  // .../tools
  }
  const std::string floor_bin = bindir + "/benchmark/xml_floor";
  bool made_dir = false;
  if (dir.empty()) {
    const char* tmp = std::getenv("TMPDIR");
    std::string t = std::string(tmp != nullptr ? tmp : "/tmp") +
                    "/process_benchmark.XXXXXX";
    if (mkdtemp(t.data()) == nullptr) return 2;
    dir = t;
    made_dir = true;
  } else {
    mkdir(dir.c_str(), 0755);
  }
  const std::string err_path = dir + "/stderr.txt";

  std::vector<Row> rows;
  int failures = 0;
  for (const std::string& d : directions) {
    for (int links : sizes) {
      Row row;
      row.direction = d;
      row.links = links;
      std::string text, path;
      if (d == "urdf2sdf") {
        path = dir + "/chain_" + std::to_string(links) + ".urdf";
        text = GenerateUrdf(Shape::kChain, links).text;
      } else if (d == "xacro") {
        path = dir + "/chain_" + std::to_string(links) + ".urdf.xacro";
        text = GenerateXacro(links - 1);
      } else {
        path = dir + "/chain_" + std::to_string(links) + ".sdf";
        text = GenerateSdf(SdfShape::kChain, links).text;
      }
      row.bytes = static_cast<long long>(text.size());
      struct stat st{};
      if ((stat(path.c_str(), &st) != 0 || st.st_size != row.bytes) &&
          !WriteFile(path, text)) {
        std::cerr << "process_benchmark: cannot write " << path << "\n";
        return 2;
      }
      text.clear();
      text.shrink_to_fit();
      std::vector<std::string> ours = {bindir + "/" + d, "-q"};
      if (d == "xacro") ours.pop_back();  // xacro prints no warnings here
      ours.insert(ours.end(), extra.begin(), extra.end());
      ours.push_back(path);
      std::vector<std::string> floor = {floor_bin, path};
      if (d == "xacro") {
        // The floor of an expansion is reading and printing what it
        // writes, not its (about four times smaller) input.
        const std::string expanded = dir + "/chain_" + std::to_string(links) + ".expanded.urdf";
        std::vector<std::string> write = ours;
        write.insert(write.end(), {"-o", expanded});
        const Run r = RunProcess(write, err_path);
        if (r.status != 0) {
          std::cerr << "process_benchmark: " << ours[0] << " " << path << " -o " << expanded
                    << ": exit " << r.status << "\n";
          ++failures;
          continue;
        }
        floor.back() = expanded;
      }
      std::vector<double> floor_s, ours_s;
      std::vector<long> floor_kb, ours_kb;
      bool failed = false;
      double ours_total = 0;
      int k = 0;
      for (; (k < runs || ours_total < min_seconds) && k < kMaxRuns && !failed;
           ++k) {
        // Alternate which goes first, so that neither always runs on a
        // machine the other just warmed.
        for (int which = 0; which < 2; ++which) {
          const bool is_ours = (which == 0) == (k % 2 == 1);
          const Run r = RunProcess(is_ours ? ours : floor, err_path);
          if (r.status != 0) {
            std::ifstream err(err_path);
            std::string first;
            std::getline(err, first);
            std::cerr << "process_benchmark: " << (is_ours ? ours[0] : floor[0])
                      << " " << path << ": exit " << r.status << ": " << first
                      << "\n";
            failed = true;
            break;
          }
          (is_ours ? ours_s : floor_s).push_back(r.seconds);
          if (is_ours) ours_total += r.seconds;
          (is_ours ? ours_kb : floor_kb).push_back(r.peak_kb);
        }
      }
      if (failed) {
        ++failures;
        continue;
      }
      row.runs = k;
      row.floor = {Median(floor_s), Median(floor_kb)};
      row.ours = {Median(ours_s), Median(ours_kb)};
      std::cerr << d << " " << links << ": floor " << Seconds(row.floor.seconds)
                << " " << MiB(row.floor.peak_kb) << ", ours "
                << Seconds(row.ours.seconds) << " " << MiB(row.ours.peak_kb)
                << ", " << Fixed(row.ours.seconds / row.floor.seconds, 2)
                << "x (" << row.runs << " paired runs)\n";
      rows.push_back(row);
    }
  }
  if (made_dir && !keep) {
    std::string rm = "rm -rf '" + dir + "'";
    if (std::system(rm.c_str()) != 0) std::cerr << "cannot remove " << dir << "\n";
  }

  const char* sep = markdown ? " | " : "  ";
  auto line = [&](const std::vector<std::string>& cells) {
    std::string s = markdown ? "| " : "";
    for (size_t k = 0; k < cells.size(); ++k) s += (k ? sep : "") + cells[k];
    std::cout << s << (markdown ? " |" : "") << "\n";
  };
  std::cout << "Whole process against the floor (tinyxml2 reading the file "
               "and printing it), medians of the paired runs (at least "
            << runs << ", and until ours ran " << Fixed(min_seconds, 1)
            << " s)\n";
  std::cout << "command: bazel run -c opt //tools/benchmark:" << command
            << "\n\n";
  line({"direction", "input", "floor time", "floor peak", "ours time",
        "ours peak", "time / floor", "memory / floor", "ours µs/link",
        "runs"});
  if (markdown) line({"---", "---", "---:", "---:", "---:", "---:", "---:", "---:", "---:", "---:"});
  for (const Row& r : rows) {
    line({r.direction,
          "chain " + Thousands(r.links) + " (" +
              Fixed(r.bytes / 1048576.0, 1) + " MiB)",
          Seconds(r.floor.seconds), MiB(r.floor.peak_kb),
          Seconds(r.ours.seconds), MiB(r.ours.peak_kb),
          Fixed(r.ours.seconds / r.floor.seconds, 2) + "×",
          Fixed(static_cast<double>(r.ours.peak_kb) / r.floor.peak_kb, 2) + "×",
          Fixed(r.ours.seconds * 1e6 / r.links, 2), std::to_string(r.runs)});
  }
  // Scaling: time per link at each size, and the growth of time from each
  // size to the next (linear: 10× the links in 10× the time).
  std::cout << "\nScaling (µs per link; growth = time ratio between "
               "successive sizes)\n\n";
  std::vector<std::string> head = {"direction", "tool"};
  for (int n : sizes) head.push_back(Thousands(n));
  for (size_t k = 1; k < sizes.size(); ++k) {
    head.push_back(Thousands(sizes[k]) + " / " + Thousands(sizes[k - 1]));
  }
  line(head);
  if (markdown) {
    std::vector<std::string> rule(head.size(), "---:");
    rule[0] = rule[1] = "---";
    line(rule);
  }
  for (const std::string& d : directions) {
    for (int which = 0; which < 2; ++which) {
      std::vector<std::string> cells = {d, which == 0 ? "floor" : "ours"};
      std::vector<double> secs;
      for (int n : sizes) {
        const Row* found = nullptr;
        for (const Row& r : rows) {
          if (r.direction == d && r.links == n) found = &r;
        }
        const double s =
            found == nullptr ? -1
                             : (which == 0 ? found->floor : found->ours).seconds;
        secs.push_back(s);
        cells.push_back(s < 0 ? "-" : Fixed(s * 1e6 / n, 2));
      }
      for (size_t k = 1; k < secs.size(); ++k) {
        cells.push_back(secs[k] < 0 || secs[k - 1] <= 0
                            ? "-"
                            : Fixed(secs[k] / secs[k - 1], 2) + "×");
      }
      line(cells);
    }
  }
  return failures > 0 ? 1 : 0;
}

}  // namespace
}  // namespace benchmark

int main(int argc, char** argv) { return benchmark::Main(argc, argv); }
