#include "graph/render.h"

#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "converter/robot_input.h"
#include "graph/dot.h"
#include "graph/graphviz_library.h"
#include "xml/dom.h"

namespace {

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

struct Picture {
  std::vector<converter::Robot> robots;
  std::string dot;
};

Picture Tree(const std::string& path) {
  Picture p;
  frames::Diagnostics d;
  auto robots = converter::ReadRobots(ReadFile(path), path, {}, &d);
  EXPECT_TRUE(robots) << d.ToString();
  if (robots) p.robots = std::move(*robots);
  std::vector<graph::GraphModel> models;
  for (const auto& r : p.robots) models.push_back({&r.model, r.world});
  p.dot = graph::ToDot(models, path, graph::GraphKind::kTree);
  return p;
}

// The text of every <text> element of an SVG (Graphviz writes each line of
// a label as one).
void Texts(const xml::Node* e, std::set<std::string>* out) {
  for (; e; e = e->NextSiblingElement()) {
    if (std::string(e->Name()) == "text" && e->GetText()) out->insert(e->GetText());
    Texts(e->FirstChildElement(), out);
  }
}

void AllLinkNames(const frames::Model& m, std::vector<std::string>* out) {
  for (const auto& l : m.links) out->push_back(l.name);
  for (const auto& n : m.models) AllLinkNames(n, out);
}

void ExpectSvgNamesEveryLink(const std::string& path) {
  const Picture p = Tree(path);
  std::string svg, error;
  ASSERT_TRUE(graph::Render(p.dot, graph::ImageFormat::kSvg, &svg, &error)) << error;
  xml::Document doc;
  ASSERT_TRUE(doc.Parse(svg)) << doc.Error() << " at line " << doc.ErrorLine();
  ASSERT_NE(doc.RootElement(), nullptr);
  EXPECT_STREQ(doc.RootElement()->Name(), "svg");
  std::set<std::string> texts;
  Texts(doc.RootElement(), &texts);
  std::vector<std::string> links;
  for (const auto& r : p.robots) AllLinkNames(r.model, &links);
  ASSERT_FALSE(links.empty());
  for (const auto& l : links) EXPECT_TRUE(texts.count(l)) << path << ": " << l;
}

TEST(RenderTest, SvgIsWellFormedAndNamesEveryLink) {
  ExpectSvgNamesEveryLink("testdata/urdf/joint_types.urdf");
  ExpectSvgNamesEveryLink("testdata/sdf/composition/example_1_arm_and_gripper.sdf");
}

TEST(RenderTest, InlineSvgStartsAtTheSvgElement) {
  const Picture p = Tree("testdata/urdf/joint_types.urdf");
  std::string svg, error;
  ASSERT_TRUE(graph::Render(p.dot, graph::ImageFormat::kSvg, &svg, &error)) << error;
  ASSERT_NE(svg.find("<!DOCTYPE"), std::string::npos);
  const std::string inline_svg = graph::InlineSvg(svg);
  EXPECT_EQ(inline_svg.rfind("<svg", 0), 0u);
  EXPECT_EQ(inline_svg.find("<!DOCTYPE"), std::string::npos);
}

struct Size {
  double width = 0, height = 0;
};

// A PNG's size in pixels, from its IHDR chunk (the PNG specification: the
// 8-byte signature, the chunk's length and type, then width and height as
// 4-byte big-endian numbers).
Size PngSize(const std::string& png) {
  EXPECT_GT(png.size(), 24u);
  EXPECT_EQ(png.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
  EXPECT_EQ(png.substr(12, 4), "IHDR");
  if (png.size() < 24) return {};
  auto u32 = [&](size_t at) {
    double v = 0;
    for (size_t i = at; i < at + 4; ++i) v = v * 256 + static_cast<unsigned char>(png[i]);
    return v;
  };
  return {u32(16), u32(20)};
}

// An SVG's size in points (Graphviz writes width="..pt" height="..pt":
// the drawing with its pad), read through our XML reader.
Size SvgSize(const std::string& svg) {
  xml::Document doc;
  EXPECT_TRUE(doc.Parse(svg)) << doc.Error();
  const xml::Node* root = doc.RootElement();
  if (!root || !root->Attribute("width") || !root->Attribute("height")) {
    ADD_FAILURE() << "no width and height on <svg>";
    return {};
  }
  return {std::stod(root->Attribute("width")), std::stod(root->Attribute("height"))};
}

struct Rendered {
  Size png_pixels, svg_points;
};

Rendered RenderBoth(const std::string& dot) {
  std::string png, svg, error;
  EXPECT_TRUE(graph::Render(dot, graph::ImageFormat::kPng, &png, &error)) << error;
  EXPECT_TRUE(graph::Render(dot, graph::ImageFormat::kSvg, &svg, &error)) << error;
  return {PngSize(png), SvgSize(svg)};
}

TEST(RenderTest, PngIsAPngAtGraphvizsResolution) {
  const Picture p = Tree("testdata/urdf/joint_types.urdf");
  const Rendered r = RenderBoth(p.dot);
  // A small picture: 96 dpi, its points times 96/72 (give or take the
  // rounding of a pixel).
  EXPECT_NEAR(r.png_pixels.width, r.svg_points.width * graph::kPngDpi / 72, 1.5);
  EXPECT_NEAR(r.png_pixels.height, r.svg_points.height * graph::kPngDpi / 72, 1.5);
}

TEST(RenderTest, PngIsTheSameBytesEachTime) {
  const Picture p = Tree("testdata/urdf/joint_types.urdf");
  std::string a, b, error;
  ASSERT_TRUE(graph::Render(p.dot, graph::ImageFormat::kPng, &a, &error)) << error;
  ASSERT_TRUE(graph::Render(p.dot, graph::ImageFormat::kPng, &b, &error)) << error;
  EXPECT_EQ(a, b);
}

// A root and `wide` children of two children each, ranks `ranksep` inches
// apart: 3 * wide + 1 nodes, the last rank 2 * wide boxes wide.
std::string WideTree(int wide, int ranksep) {
  std::ostringstream dot;
  dot << "digraph { ranksep=" << ranksep << "; node [shape=box];\n";
  for (int i = 0; i < wide; ++i)
    dot << "  r -> a" << i << "; a" << i << " -> b" << i << "_0; a" << i
        << " -> b" << i << "_1;\n";
  dot << "}\n";
  return dot.str();
}

void ExpectWithinBounds(const Rendered& r) {
  EXPECT_LE(r.png_pixels.width * r.png_pixels.height, graph::kMaxPngPixels);
  EXPECT_LE(r.png_pixels.width, graph::kMaxPngSide);
  EXPECT_LE(r.png_pixels.height, graph::kMaxPngSide);
  // Not below kMinPngDpi: at least a pixel a point.
  EXPECT_GE(r.png_pixels.width, r.svg_points.width * graph::kMinPngDpi / 72 - 1);
  EXPECT_GE(r.png_pixels.height, r.svg_points.height * graph::kMinPngDpi / 72 - 1);
}

TEST(RenderTest, LargePngIsMadeAtALowerResolutionWithinItsBounds) {
  // About 14400 x 600 points: at 96 dpi 15 million pixels, past
  // kMaxPngPixels.
  const Rendered area = RenderBoth(WideTree(100, 3));
  ASSERT_GT(area.svg_points.width * area.svg_points.height * 96 * 96 / 72 / 72,
            graph::kMaxPngPixels);
  ExpectWithinBounds(area);
  EXPECT_LT(area.png_pixels.width, area.svg_points.width * graph::kPngDpi / 72 - 1);

  // About 28800 points wide: at 96 dpi past cairo's side of 32767 pixels.
  const Rendered side = RenderBoth(WideTree(200, 1));
  ASSERT_GT(side.svg_points.width * 96 / 72, graph::kMaxPngSide);
  ExpectWithinBounds(side);
}

TEST(RenderTest, PngTooLargeToBeLegibleIsAnErrorAndSvgIsNot) {
  // About 72000 points wide: even at 72 dpi past 32767 pixels.
  const std::string dot = WideTree(500, 1);
  std::string out, error;
  EXPECT_FALSE(graph::Render(dot, graph::ImageFormat::kPng, &out, &error));
  EXPECT_NE(error.find("write .svg"), std::string::npos) << error;
  EXPECT_TRUE(graph::Render(dot, graph::ImageFormat::kSvg, &out, &error)) << error;
}

TEST(RenderTest, DotIsPassedThrough) {
  std::string out, error;
  ASSERT_TRUE(graph::Render("digraph {}", graph::ImageFormat::kDot, &out, &error));
  EXPECT_EQ(out, "digraph {}");
}

TEST(RenderTest, BrokenDotIsAnError) {
  std::string out, error;
  EXPECT_FALSE(graph::Render("digraph { a -> ", graph::ImageFormat::kSvg, &out, &error));
  EXPECT_NE(error.find("could not read"), std::string::npos) << error;
  // And Graphviz still works afterwards.
  EXPECT_TRUE(graph::Render("digraph { a -> b }", graph::ImageFormat::kSvg, &out, &error))
      << error;
}

// Graphviz is not thread-safe; Render serialises it: pictures rendered on
// several threads at once are those rendered on one (the suite also runs
// under ThreadSanitizer).
TEST(RenderTest, ThreadsAgree) {
  const Picture p = Tree("testdata/urdf/joint_types.urdf");
  std::string expected, error;
  ASSERT_TRUE(graph::Render(p.dot, graph::ImageFormat::kSvg, &expected, &error));
  std::vector<std::string> got(4);
  std::vector<std::thread> threads;
  for (auto& g : got)
    threads.emplace_back([&p, &g] {
      std::string e;
      graph::Render(p.dot, graph::ImageFormat::kSvg, &g, &e);
    });
  for (auto& t : threads) t.join();
  for (const auto& g : got) EXPECT_EQ(g, expected);
}

// Graphviz is opened on first use (graph/graphviz_library.h): a library
// that cannot be opened, or one without Graphviz's functions, is an error
// naming the file, not a crash.
TEST(RenderTest, GraphvizThatCannotBeLoadedIsAnError) {
  graph::GraphvizLibrary lib;
  std::string error;
  EXPECT_FALSE(graph::OpenGraphvizLibrary("libcgraph.so.6",
                                          "libgvc-missing.so.6", &lib, &error));
  EXPECT_NE(error.find("cannot load Graphviz's library libgvc-missing.so.6"),
            std::string::npos) << error;
  error.clear();
  EXPECT_FALSE(graph::OpenGraphvizLibrary("libcgraph-missing.so.6",
                                          "libgvc.so.6", &lib, &error));
  EXPECT_NE(error.find("libcgraph-missing.so.6"), std::string::npos) << error;
  // cgraph opened as gvc: it has no gvContext.
  error.clear();
  EXPECT_FALSE(graph::OpenGraphvizLibrary("libcgraph.so.6", "libcgraph.so.6",
                                          &lib, &error));
  EXPECT_NE(error.find("libcgraph.so.6 has no gvContext"), std::string::npos)
      << error;
  // The real names resolve every function.
  error.clear();
  ASSERT_TRUE(graph::OpenGraphvizLibrary(graph::kCgraphLibrary,
                                         graph::kGvcLibrary, &lib, &error))
      << error;
  EXPECT_TRUE(lib.gvContext && lib.gvLayout && lib.gvFreeLayout &&
              lib.gvRenderData && lib.gvFreeRenderData && lib.agmemread &&
              lib.agclose && lib.agseterr && lib.agseterrf);
  EXPECT_EQ(graph::Graphviz(&error), graph::Graphviz(&error));
  EXPECT_NE(graph::Graphviz(&error), nullptr) << error;
}

TEST(RenderTest, FormatOfPath) {
  EXPECT_EQ(graph::FormatOfPath("a/b.SVG"), graph::ImageFormat::kSvg);
  EXPECT_EQ(graph::FormatOfPath("b.png"), graph::ImageFormat::kPng);
  EXPECT_EQ(graph::FormatOfPath("b.gv"), graph::ImageFormat::kDot);
  EXPECT_EQ(graph::FormatOfPath("b.dot"), graph::ImageFormat::kDot);
  EXPECT_EQ(graph::FormatOfPath("b.pdf"), std::nullopt);
  EXPECT_EQ(graph::FormatOfPath("a.d/b"), std::nullopt);
}

}  // namespace
