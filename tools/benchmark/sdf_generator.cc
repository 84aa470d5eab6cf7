#include "tools/benchmark/sdf_generator.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "tools/benchmark/generator_util.h"

namespace benchmark {
namespace {

using generator_internal::Mix;
using generator_internal::Value;
using generator_internal::Writer;

// <pose> with a position within +-`reach` and rpy angles within +-pi/2
// (never near zero), optionally relative_to a frame.
void PoseElement(Writer& w, const char* indent, const std::string& relative_to,
                 int link, int field, double reach) {
  double rpy[3];
  for (int k = 0; k < 3; ++k) {
    const double a = Value(link, field + 3 + k, 0.05, 1.5);
    rpy[k] =
        (Mix((static_cast<uint64_t>(link) << 8) + field + 7 + k) & 1) ? a : -a;
  }
  if (relative_to.empty()) {
    w.Format("%s<pose>", indent);
  } else {
    w.Format("%s<pose relative_to=\"%s\">", indent, relative_to.c_str());
  }
  w.Format("%g %g %g %g %g %g</pose>\n", Value(link, field, -reach, reach),
           Value(link, field + 1, -reach, reach),
           Value(link, field + 2, -reach, reach), rpy[0], rpy[1], rpy[2]);
}

void Geometry(Writer& w, int link, int kind, int field) {
  w.Append("        <geometry>\n");
  switch (kind % 3) {
    case 0:
      w.Format("          <box><size>%g %g %g</size></box>\n",
               Value(link, field, 0.02, 0.3), Value(link, field + 1, 0.02, 0.3),
               Value(link, field + 2, 0.02, 0.3));
      break;
    case 1:
      w.Format(
          "          <cylinder><radius>%g</radius><length>%g</length>"
          "</cylinder>\n",
          Value(link, field, 0.01, 0.1), Value(link, field + 1, 0.05, 0.4));
      break;
    default:
      w.Format(
          "          <mesh><uri>model://benchmark_robot/meshes/part_%d.stl"
          "</uri><scale>0.001 0.001 0.001</scale></mesh>\n",
          link % 17);
      break;
  }
  w.Append("        </geometry>\n");
}

std::string Name(const char* prefix, int i) {
  return prefix + std::to_string(i);
}

std::string FrameName(int link, int k) {
  return "link_" + std::to_string(link) + "_frame_" + std::to_string(k);
}

void Link(Writer& w, int i, int frames_per_link) {
  w.Format("    <link name=\"link_%d\">\n", i);
  PoseElement(w, "      ", i == 0 ? "" : Name("joint_", i), i, 90,
              i == 0 ? 0.5 : 0.05);
  w.Append("      <inertial>\n");
  PoseElement(w, "        ", "", i, 10, 0.05);
  w.Format("        <mass>%g</mass>\n", Value(i, 23, 0.5, 5.0));
  w.Format(
      "        <inertia><ixx>%g</ixx><ixy>%g</ixy><ixz>%g</ixz><iyy>%g</iyy>"
      "<iyz>%g</iyz><izz>%g</izz></inertia>\n",
      Value(i, 20, 0.01, 0.02), Value(i, 24, -0.0005, 0.0005),
      Value(i, 25, -0.0005, 0.0005), Value(i, 21, 0.01, 0.02),
      Value(i, 26, -0.0005, 0.0005), Value(i, 22, 0.01, 0.02));
  w.Append("      </inertial>\n");
  w.Format("      <visual name=\"visual\">\n");
  PoseElement(w, "        ",
              frames_per_link > 0 ? FrameName(i, frames_per_link - 1) : "", i,
              30, 0.1);
  Geometry(w, i, i, 40);
  w.Append("      </visual>\n");
  w.Format("      <collision name=\"collision\">\n");
  PoseElement(w, "        ",
              frames_per_link > 0 ? FrameName(i, frames_per_link / 2) : "", i,
              50, 0.1);
  Geometry(w, i, i + 1, 60);
  w.Append("      </collision>\n");
  w.Append("    </link>\n");
}

void Frames(Writer& w, int i, int frames_per_link) {
  for (int k = 0; k < frames_per_link; ++k) {
    const std::string previous =
        k == 0 ? Name("link_", i) : FrameName(i, k - 1);
    w.Format("    <frame name=\"%s\" attached_to=\"%s\">\n",
             FrameName(i, k).c_str(), previous.c_str());
    PoseElement(w, "      ", previous, i, 100 + 10 * (k % 12), 0.05);
    w.Append("    </frame>\n");
  }
}

void Joint(Writer& w, int i, int parent) {
  static const char* const kAxes[] = {"1 0 0", "0 1 0", "0 0 1", "0 0.6 0.8"};
  w.Format("    <joint name=\"joint_%d\" type=\"revolute\">\n", i);
  PoseElement(w, "      ", Name("link_", parent), i, 70, 0.3);
  w.Format("      <parent>link_%d</parent>\n", parent);
  w.Format("      <child>link_%d</child>\n", i);
  w.Append("      <axis>\n");
  w.Format("        <xyz>%s</xyz>\n", kAxes[i % 4]);
  const double range = Value(i, 80, 0.5, 3.0);
  w.Format(
      "        <limit><lower>%g</lower><upper>%g</upper><effort>%g</effort>"
      "<velocity>%g</velocity></limit>\n",
      -range, range, Value(i, 81, 10.0, 200.0), Value(i, 82, 0.5, 6.0));
  w.Format(
      "        <dynamics><damping>%g</damping><friction>%g</friction>"
      "</dynamics>\n",
      Value(i, 83, 0.0, 1.0), Value(i, 84, 0.0, 0.2));
  w.Append("      </axis>\n");
  w.Append("    </joint>\n");
}

}  // namespace

const char* SdfShapeName(SdfShape shape) {
  switch (shape) {
    case SdfShape::kChain:
      return "chain";
    case SdfShape::kTree:
      return "tree";
    default:
      return "frames";
  }
}

GeneratedSdf GenerateSdf(SdfShape shape, int links, int branching,
                         int frames_per_link) {
  GeneratedSdf g;
  if (links < 1) links = 1;
  if (branching < 1) branching = 1;
  if (frames_per_link < 1) frames_per_link = 1;
  const int frames = shape == SdfShape::kFrameHeavy ? frames_per_link : 0;
  g.links = links;
  g.joints = links - 1;
  g.frames = links * frames;
  g.text.reserve(static_cast<size_t>(links) * (2000 + 120 * frames) + 256);
  Writer w(&g.text);
  w.Append("<?xml version=\"1.0\"?>\n<sdf version=\"1.7\">\n");
  w.Format("  <model name=\"benchmark_%s_%d\">\n", SdfShapeName(shape), links);
  std::vector<int> depth(links, 0);
  for (int i = 0; i < links; ++i) {
    // The joint first, then the link posed relative_to it: a reader that
    // needs its targets declared first is not favoured either way, since
    // the joint itself names the parent link declared earlier.
    if (i > 0) {
      const int parent = shape == SdfShape::kTree ? (i - 1) / branching : i - 1;
      depth[i] = depth[parent] + 1;
      g.depth = std::max(g.depth, depth[i]);
      Joint(w, i, parent);
    }
    Link(w, i, frames);
    Frames(w, i, frames);
  }
  w.Append("  </model>\n</sdf>\n");
  g.text.shrink_to_fit();
  return g;
}

}  // namespace benchmark
