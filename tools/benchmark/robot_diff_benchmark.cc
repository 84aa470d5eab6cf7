// robot-diff and --verify on generated robots (tools/benchmark/
// urdf_generator.h: chains and trees, every link with an inertial, a visual
// and a collision, every joint revolute with limits): per size and shape,
// the time of urdf2sdf's conversion, of robot_diff::Compare(URDF, SDF) with
// the default 20 sampled configurations, and of what --verify adds to the
// conversion (both sides read again and compared), best of --repeat runs.
//
//   bazel run -c opt //tools/benchmark:robot_diff_benchmark -- --sizes 1000
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#include "converter/robot_input.h"
#include "converter/urdf_to_sdf.h"
#include "robot_diff/robot_diff.h"
#include "tools/benchmark/urdf_generator.h"

namespace {

double BestSeconds(int repeat, const std::function<void()>& run) {
  double best = 1e300;
  for (int k = 0; k < repeat; ++k) {
    const auto start = std::chrono::steady_clock::now();
    run();
    const std::chrono::duration<double> d = std::chrono::steady_clock::now() - start;
    best = std::min(best, d.count());
  }
  return best;
}

std::string Ms(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f ms", s * 1e3);
  return buf;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<int> sizes = {1000};
  int repeat = 3;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string a = argv[i];
    if (a == "--sizes") {
      sizes.clear();
      for (char* p = argv[i + 1]; *p;) {
        sizes.push_back(static_cast<int>(std::strtol(p, &p, 10)));
        if (*p == ',') ++p;
      }
    } else if (a == "--repeat") {
      repeat = std::max(1, std::atoi(argv[i + 1]));
    }
  }
  std::printf("| robot | urdf2sdf | robot-diff URDF SDF (20 samples) | --verify adds | verdict |\n");
  std::printf("|---|---|---|---|---|\n");
  for (int n : sizes) {
    for (auto shape : {benchmark::Shape::kChain, benchmark::Shape::kTree}) {
      const auto urdf = benchmark::GenerateUrdf(shape, n);
      converter::ConversionResult sdf;
      const double convert = BestSeconds(repeat, [&] {
        sdf = converter::UrdfToSdf(urdf.text, "gen.urdf");
      });
      if (!sdf.ok) {
        std::printf("| %s %d | refused | - | - | - |\n", benchmark::ShapeName(shape), n);
        continue;
      }
      frames::Diagnostics d;
      const auto a = converter::ReadRobots(urdf.text, "gen.urdf", {}, &d);
      const auto b = converter::ReadRobots(sdf.output, "gen.sdf", {}, &d);
      if (!a || !b) return 1;
      robot_diff::Result result;
      const double compare = BestSeconds(repeat, [&] {
        result = robot_diff::Compare({&a->front().model, true},
                                     {&b->front().model, false}, {});
      });
      // What --verify adds: both texts read again, then compared.
      const double verify = BestSeconds(repeat, [&] {
        frames::Diagnostics v;
        const auto va = converter::ReadRobots(urdf.text, "gen.urdf", {}, &v);
        const auto vb = converter::ReadRobots(sdf.output, "gen.sdf", {}, &v);
        robot_diff::Compare({&va->front().model, true}, {&vb->front().model, false}, {});
      });
      char pct[32];
      std::snprintf(pct, sizeof pct, " (%.0f%% of the conversion)", 100 * verify / convert);
      std::printf("| %s %d links | %s | %s | %s%s | %s |\n",
                  benchmark::ShapeName(shape), n, Ms(convert).c_str(),
                  Ms(compare).c_str(), Ms(verify).c_str(), pct,
                  result.equal() ? "equal" : "DIFFERENT");
    }
  }
  return 0;
}
