// How long a picture of a large robot takes (issue 34: a 300-link robot in
// under a second): a generated URDF (tools/benchmark/urdf_generator.h,
// chain and tree) read, drawn as DOT and rendered to SVG and PNG with
// Graphviz's libraries, each measured in a child process (measure.h).
//
//   bazel run //tools/benchmark:graph_benchmark -- [--links N] [--repeat R]
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "picture/picture.h"
#include "tools/benchmark/measure.h"
#include "tools/benchmark/urdf_generator.h"

int main(int argc, char** argv) {
  int links = 300, repeat = 3;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string a = argv[i];
    if (a == "--links") links = std::max(1, std::atoi(argv[i + 1]));
    if (a == "--repeat") repeat = std::max(1, std::atoi(argv[i + 1]));
  }
  std::printf("| robot | read + DOT | + SVG | + PNG |\n|---|---|---|---|\n");
  for (auto shape : {benchmark::Shape::kChain, benchmark::Shape::kTree}) {
    const std::string text = benchmark::GenerateUrdf(shape, links).text;
    std::string cells;
    for (auto format : {graph::ImageFormat::kDot, graph::ImageFormat::kSvg,
                        graph::ImageFormat::kPng}) {
      const auto m = benchmark::MeasureInChild(
          [&] {
            benchmark::RunResult r;
            r.total = 1;
            frames::Diagnostics d;
            std::string out;
            if (picture::RobotPicture(text, "gen.urdf", {}, graph::GraphKind::kTree, format,
                                      &out, &d)) {
              r.ok = 1;
              r.output_bytes = static_cast<long long>(out.size());
            } else if (!d.all().empty()) {
              r.first_error = d.all().front().message;
            }
            return r;
          },
          repeat, 120);
      char cell[64];
      if (m.status != benchmark::Measurement::Status::kOk || m.result.ok != 1)
        std::snprintf(cell, sizeof cell, " failed: %s |", m.result.first_error.c_str());
      else
        std::snprintf(cell, sizeof cell, " %.3f s (%lld KB) |", m.best_seconds,
                      m.result.output_bytes / 1024);
      cells += cell;
    }
    std::printf("| %s %d links |%s\n", benchmark::ShapeName(shape), links, cells.c_str());
  }
  return 0;
}
