#include "tools/benchmark/urdf_generator.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "tools/benchmark/generator_util.h"

namespace benchmark {
namespace {

using generator_internal::Mix;
using generator_internal::Value;
using generator_internal::Writer;

// <origin> with a position within +-`reach` and rpy angles within +-pi/2
// (never near zero: every angle is at least 0.05 rad away from it).
void Origin(Writer& w, const char* indent, int link, int field, double reach) {
  double rpy[3];
  for (int k = 0; k < 3; ++k) {
    const double a = Value(link, field + 3 + k, 0.05, 1.5);
    rpy[k] =
        (Mix((static_cast<uint64_t>(link) << 8) + field + 7 + k) & 1) ? a : -a;
  }
  w.Format("%s<origin xyz=\"%g %g %g\" rpy=\"%g %g %g\"/>\n", indent,
           Value(link, field, -reach, reach),
           Value(link, field + 1, -reach, reach),
           Value(link, field + 2, -reach, reach), rpy[0], rpy[1], rpy[2]);
}

void Geometry(Writer& w, int link, int kind, int field) {
  w.Append("      <geometry>\n");
  switch (kind % 3) {
    case 0:
      w.Format("        <box size=\"%g %g %g\"/>\n",
               Value(link, field, 0.02, 0.3), Value(link, field + 1, 0.02, 0.3),
               Value(link, field + 2, 0.02, 0.3));
      break;
    case 1:
      w.Format("        <cylinder radius=\"%g\" length=\"%g\"/>\n",
               Value(link, field, 0.01, 0.1),
               Value(link, field + 1, 0.05, 0.4));
      break;
    default:
      w.Format(
          "        <mesh "
          "filename=\"package://benchmark_robot/meshes/part_%d.stl\""
          " scale=\"0.001 0.001 0.001\"/>\n",
          link % 17);
      break;
  }
  w.Append("      </geometry>\n");
}

void Link(Writer& w, int i) {
  w.Format("  <link name=\"link_%d\">\n", i);
  // Inertial: a valid inertia tensor (positive diagonal satisfying the
  // triangle inequality, small products of inertia).
  w.Append("    <inertial>\n");
  Origin(w, "      ", i, 10, 0.05);
  const double ixx = Value(i, 20, 0.01, 0.02);
  const double iyy = Value(i, 21, 0.01, 0.02);
  const double izz = Value(i, 22, 0.01, 0.02);
  w.Format("      <mass value=\"%g\"/>\n", Value(i, 23, 0.5, 5.0));
  w.Format(
      "      <inertia ixx=\"%g\" ixy=\"%g\" ixz=\"%g\" iyy=\"%g\" iyz=\"%g\" "
      "izz=\"%g\"/>\n",
      ixx, Value(i, 24, -0.0005, 0.0005), Value(i, 25, -0.0005, 0.0005), iyy,
      Value(i, 26, -0.0005, 0.0005), izz);
  w.Append("    </inertial>\n");
  w.Format("    <visual name=\"link_%d_visual\">\n", i);
  Origin(w, "      ", i, 30, 0.1);
  Geometry(w, i, i, 40);
  w.Append("    </visual>\n");
  w.Format("    <collision name=\"link_%d_collision\">\n", i);
  Origin(w, "      ", i, 50, 0.1);
  Geometry(w, i, i + 1, 60);
  w.Append("    </collision>\n");
  w.Append("  </link>\n");
}

void Joint(Writer& w, int i, int parent) {
  static const char* const kAxes[] = {"1 0 0", "0 1 0", "0 0 1", "0 0.6 0.8"};
  w.Format("  <joint name=\"joint_%d\" type=\"revolute\">\n", i);
  w.Format("    <parent link=\"link_%d\"/>\n", parent);
  w.Format("    <child link=\"link_%d\"/>\n", i);
  Origin(w, "    ", i, 70, 0.3);
  w.Format("    <axis xyz=\"%s\"/>\n", kAxes[i % 4]);
  const double range = Value(i, 80, 0.5, 3.0);
  w.Format(
      "    <limit lower=\"%g\" upper=\"%g\" effort=\"%g\" velocity=\"%g\"/>\n",
      -range, range, Value(i, 81, 10.0, 200.0), Value(i, 82, 0.5, 6.0));
  w.Format("    <dynamics damping=\"%g\" friction=\"%g\"/>\n",
           Value(i, 83, 0.0, 1.0), Value(i, 84, 0.0, 0.2));
  w.Append("  </joint>\n");
}

}  // namespace

const char* ShapeName(Shape shape) {
  return shape == Shape::kChain ? "chain" : "tree";
}

GeneratedUrdf GenerateUrdf(Shape shape, int links, int branching) {
  GeneratedUrdf g;
  if (links < 1) links = 1;
  if (branching < 1) branching = 1;
  g.links = links;
  g.joints = links - 1;
  g.text.reserve(static_cast<size_t>(links) * 1700 + 256);
  Writer w(&g.text);
  w.Append("<?xml version=\"1.0\"?>\n");
  w.Format("<robot name=\"benchmark_%s_%d\">\n", ShapeName(shape), links);
  std::vector<int> depth(links, 0);
  for (int i = 0; i < links; ++i) {
    Link(w, i);
    if (i == 0) continue;
    const int parent = shape == Shape::kChain ? i - 1 : (i - 1) / branching;
    depth[i] = depth[parent] + 1;
    g.depth = std::max(g.depth, depth[i]);
    Joint(w, i, parent);
  }
  w.Append("</robot>\n");
  g.text.shrink_to_fit();
  return g;
}

}  // namespace benchmark
