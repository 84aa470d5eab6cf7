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

TEST(RenderTest, PngIsAPng) {
  const Picture p = Tree("testdata/urdf/joint_types.urdf");
  std::string png, error;
  ASSERT_TRUE(graph::Render(p.dot, graph::ImageFormat::kPng, &png, &error)) << error;
  ASSERT_GT(png.size(), 8u);
  EXPECT_EQ(png.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
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

TEST(RenderTest, FormatOfPath) {
  EXPECT_EQ(graph::FormatOfPath("a/b.SVG"), graph::ImageFormat::kSvg);
  EXPECT_EQ(graph::FormatOfPath("b.png"), graph::ImageFormat::kPng);
  EXPECT_EQ(graph::FormatOfPath("b.gv"), graph::ImageFormat::kDot);
  EXPECT_EQ(graph::FormatOfPath("b.dot"), graph::ImageFormat::kDot);
  EXPECT_EQ(graph::FormatOfPath("b.pdf"), std::nullopt);
  EXPECT_EQ(graph::FormatOfPath("a.d/b"), std::nullopt);
}

}  // namespace
