// Element paths on diagnostics: exact ones from the readers (reported
// through xml::Context, bound to the node), and the ones FillElementPaths
// adds for diagnostics that only have file:line (the tree and frame-graph
// checks, converter passes), by the outermost element beginning on the line.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "converter/json.h"
#include "converter/sdf_to_sdf.h"
#include "diag/diagnostics.h"
#include "sdf_io/reader.h"
#include "urdf_io/reader.h"

namespace converter {
namespace {

namespace fs = std::filesystem;

// The diagnostic with `code` (fails the test when there is none).
frames::Diagnostic Find(const frames::Diagnostics& diags, frames::Code code) {
  for (const frames::Diagnostic& d : diags.all()) {
    if (d.code == code) return d;
  }
  ADD_FAILURE() << "no " << code << " in\n" << diags.ToString();
  return {};
}

TEST(ReaderElementPaths, UrdfReaderNamesTheElement) {
  const char* urdf =
      "<robot name='r'>\n"
      "  <material name='red'><color rgba='1 0 0 1'/></material>\n"
      "  <material name='red'><color rgba='0 1 0 1'/></material>\n"
      "  <link name='base'>\n"
      "    <visual>\n"
      "      <origin xyz='1 2'/>\n"
      "      <geometry><box size='1 1 1'/></geometry>\n"
      "    </visual>\n"
      "  </link>\n"
      "</robot>\n";
  frames::Diagnostics diags;
  EXPECT_FALSE(urdf_io::ReadUrdf(urdf, "r.urdf", &diags));
  const frames::Diagnostic material =
      Find(diags, frames::Code::MATERIAL_DUPLICATE);
  EXPECT_EQ(material.where.line, 3);
  EXPECT_EQ(material.element_path, "/robot[r]/material[red]");
  // <visual> and <origin> have no name attribute.
  const frames::Diagnostic origin =
      Find(diags, frames::Code::VECTOR_SIZE_INVALID);
  EXPECT_EQ(origin.where.line, 6);
  EXPECT_EQ(origin.element_path, "/robot[r]/link[base]/visual/origin");
}

TEST(ReaderElementPaths, SdfReaderNamesTheElementInANestedModel) {
  const char* sdf =
      "<sdf version='1.9'>\n"
      "  <model name='outer'>\n"
      "    <model name='inner'>\n"
      "      <link name='a'/><link name='b'/>\n"
      "      <joint name='j' type='revolute'>\n"
      "        <parent>a</parent><child>b</child>\n"
      "        <axis><xyz>0 0 0</xyz></axis>\n"
      "      </joint>\n"
      "    </model>\n"
      "  </model>\n"
      "</sdf>\n";
  frames::Diagnostics diags;
  sdf_io::ReadSdf(sdf, "m.sdf", &diags);
  const frames::Diagnostic axis = Find(diags, frames::Code::JOINT_AXIS_ZERO);
  EXPECT_EQ(axis.where.line, 7);
  EXPECT_EQ(axis.element_path,
            "/sdf/model[outer]/model[inner]/joint[j]/axis/xyz");
}

// A diagnostic at `line` of `file`, without a path.
frames::Diagnostic At(const std::string& file, int line,
                      std::string path = "") {
  return {frames::Severity::kError, frames::Code::JOINT_PARENT_LINK_INVALID,
          "m", {file, line}, std::move(path)};
}

TEST(FillElementPaths, TakesTheOutermostElementBeginningOnTheLine) {
  const std::string text =
      "<robot name='r'>\n"                                 // 1
      "  <link name='a'><visual><geometry/></visual>\n"     // 2
      "  </link><joint name='j'><parent link='x'/>\n"       // 3
      "  </joint>\n"                                        // 4
      "  <!-- nothing begins here -->\n"                    // 5
      "</robot>\n";                                         // 6
  frames::Diagnostics diags;
  for (int line : {2, 3, 4, 0, 1}) diags.Add(At("<stdin>", line));
  diags.Add(At("<stdin>", 2, "/kept"));
  diags.Add(At("", 2));
  FillElementPaths(&diags, "<stdin>", text);
  ASSERT_EQ(diags.all().size(), 7u);
  EXPECT_EQ(diags.all()[0].element_path, "/robot[r]/link[a]");
  // <parent> is deeper than <joint>, which begins later on the line.
  EXPECT_EQ(diags.all()[1].element_path, "/robot[r]/joint[j]");
  EXPECT_EQ(diags.all()[2].element_path, "");  // only an end tag
  EXPECT_EQ(diags.all()[3].element_path, "");  // line 0: unknown
  EXPECT_EQ(diags.all()[4].element_path, "/robot[r]");
  EXPECT_EQ(diags.all()[5].element_path, "/kept");
  EXPECT_EQ(diags.all()[6].element_path, "");  // no file
  EXPECT_EQ(diags.error_count(), 7);
  // The text form is unchanged.
  EXPECT_EQ(frames::Format(diags.all()[0]),
            "<stdin>:2: error: m [JOINT_PARENT_LINK_INVALID]");
}

TEST(FillElementPaths, ReadsEachFileNamedAndSkipsWhatItCannotRead) {
  const fs::path dir = fs::path(::testing::TempDir()) / "fill_element_paths";
  fs::create_directories(dir);
  const std::string good = (dir / "good.sdf").string();
  const std::string broken = (dir / "broken.sdf").string();
  std::ofstream(good) << "<sdf version='1.7'>\n  <model name='m'>\n"
                         "    <link name='l'/>\n  </model>\n</sdf>\n";
  std::ofstream(broken) << "<sdf>\n  <model name='m'>\n";
  frames::Diagnostics diags;
  diags.Add(At(good, 3));
  diags.Add(At(broken, 2));
  diags.Add(At((dir / "missing.sdf").string(), 1));
  diags.Add(At(good, 2));
  FillElementPaths(&diags);
  EXPECT_EQ(diags.all()[0].element_path, "/sdf/model[m]/link[l]");
  EXPECT_EQ(diags.all()[1].element_path, "");  // not well-formed
  EXPECT_EQ(diags.all()[2].element_path, "");  // cannot be read
  EXPECT_EQ(diags.all()[3].element_path, "/sdf/model[m]");
}

TEST(FillElementPaths, FrameGraphDiagnosticsGetThePathOfTheirLine) {
  const char* sdf =
      "<sdf version='1.8'>\n"
      "  <model name='outer'>\n"
      "    <model name='inner'>\n"
      "      <link name='a'/>\n"
      "      <joint name='j' type='fixed'>\n"
      "        <parent>nowhere</parent><child>a</child>\n"
      "      </joint>\n"
      "    </model>\n"
      "  </model>\n"
      "</sdf>\n";
  ConversionResult result = SdfToSdf(sdf, "<stdin>", {});
  ASSERT_FALSE(result.ok);
  FillElementPaths(&result.diagnostics, "<stdin>", sdf);
  ASSERT_FALSE(result.diagnostics.all().empty());
  for (const frames::Diagnostic& d : result.diagnostics.all()) {
    EXPECT_FALSE(d.element_path.empty()) << frames::Format(d);
  }
  const frames::Diagnostic& first = result.diagnostics.all()[0];
  EXPECT_EQ(first.where.line, 5) << result.diagnostics.ToString();
  EXPECT_EQ(first.element_path, "/sdf/model[outer]/model[inner]/joint[j]");
}

}  // namespace
}  // namespace converter
