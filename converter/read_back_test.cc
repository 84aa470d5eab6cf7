// Values sdf2sdf --check used to accept and sdf2urdf to write, which our own
// urdf2sdf then refused (issue 19, item 5). Each case says what libsdformat
// 12 (the oracle, loaded here) does with it in SDFormat, what our SDF check
// does, and what sdf2urdf does: refuse with a code (exit 1), or write a URDF
// that urdf2sdf reads back.
//  - a zero joint axis: libsdformat refuses it (ELEMENT_INVALID "The norm of
//    the xyz vector cannot be zero", every component within 1e-6 of zero,
//    any joint type, axis or axis2), so we refuse it: JOINT_AXIS_ZERO;
//  - a negative cylinder length (box size, sphere radius): libsdformat
//    accepts it, so our check does; URDF readers refuse it, so sdf2urdf
//    carries the shape as SDFormat in <gazebo reference> with a
//    GEOMETRY_SIZE_NEGATIVE warning, and urdf2sdf reads it back with the
//    value kept;
//  - a robot-level <urdf:material name=""> (a URDF robot carried in SDF):
//    libsdformat ignores urdf: elements and our check accepts it; a URDF
//    material definition needs a name (urdf2sdf refuses one without), so
//    sdf2urdf refuses it: NAME_EMPTY. Likewise one name defined twice,
//    differently: MATERIAL_DUPLICATE, as urdf2sdf says.
#include <string>

#include <gtest/gtest.h>

#include "converter/sdf_to_sdf.h"
#include "converter/sdf_to_urdf.h"
#include "converter/urdf_to_sdf.h"
#include "sdf_io/testing/sdformat_oracle.h"

namespace {

using converter::ConversionResult;

constexpr char kFile[] = "case.sdf";

// A model with links a and b and a joint j of `type` holding `axes`, on
// line 5.
std::string JointModel(const std::string& type, const std::string& axes,
                       const std::string& version = "1.7") {
  return "<?xml version=\"1.0\"?>\n<sdf version=\"" + version +
         "\">\n<model name=\"m\">\n<link name=\"a\"/><link name=\"b\"/>\n"
         "<joint name=\"j\" type=\"" + type +
         "\"><parent>a</parent><child>b</child>" + axes +
         "</joint>\n</model>\n</sdf>\n";
}

// A model whose link holds `visual` on line 5.
std::string VisualModel(const std::string& visual,
                        const std::string& model_extra = "") {
  return "<?xml version=\"1.0\"?>\n"
         "<sdf version=\"1.7\" xmlns:urdf=\"http://www.ros.org/wiki/urdf\">\n"
         "<model name=\"m\">\n<link name=\"a\">\n" +
         visual + "\n</link>\n" + model_extra + "</model>\n</sdf>\n";
}

bool HasError(const ConversionResult& r, const std::string& code, int line) {
  for (const auto& d : r.diagnostics.all()) {
    if (d.severity == frames::Severity::kError &&
        frames::CodeName(d.code) == code && d.where.file == kFile &&
        d.where.line == line) {
      return true;
    }
  }
  return false;
}

ConversionResult Check(const std::string& sdf) {
  converter::SdfToSdfOptions check;
  check.check_only = true;
  return converter::SdfToSdf(sdf, kFile, check);
}

// Refused by libsdformat, by sdf2sdf --check and by sdf2urdf, with `code` on
// `line` and no output.
void ExpectRefusedEverywhere(const std::string& sdf, const std::string& code,
                             int line) {
  EXPECT_FALSE(sdf_oracle::LoadString(sdf).ok) << sdf;
  const ConversionResult check = Check(sdf);
  EXPECT_FALSE(check.ok);
  EXPECT_TRUE(HasError(check, code, line)) << check.diagnostics.ToString();
  const ConversionResult urdf = converter::SdfToUrdf(sdf, kFile);
  EXPECT_FALSE(urdf.ok);
  EXPECT_TRUE(urdf.output.empty());
  EXPECT_TRUE(HasError(urdf, code, line)) << urdf.diagnostics.ToString();
}

TEST(ZeroAxis, RefusedAsLibsdformatRefusesIt) {
  ExpectRefusedEverywhere(
      JointModel("revolute", "<axis><xyz>0 0 0</xyz></axis>"),
      "JOINT_AXIS_ZERO", 5);
  // Within libsdformat's 1e-6 of zero.
  ExpectRefusedEverywhere(
      JointModel("prismatic", "<axis><xyz>1e-7 0 -1e-7</xyz></axis>"),
      "JOINT_AXIS_ZERO", 5);
  // Any joint type, the second axis too, and older versions.
  ExpectRefusedEverywhere(JointModel("fixed", "<axis><xyz>0 0 0</xyz></axis>"),
                          "JOINT_AXIS_ZERO", 5);
  ExpectRefusedEverywhere(
      JointModel("universal",
                 "<axis><xyz>1 0 0</xyz></axis><axis2><xyz>0 0 0</xyz></axis2>"),
      "JOINT_AXIS_ZERO", 5);
  ExpectRefusedEverywhere(
      JointModel("revolute", "<axis><xyz>0 0 0</xyz></axis>", "1.4"),
      "JOINT_AXIS_ZERO", 5);
}

TEST(ZeroAxis, SmallButNotZeroIsAccepted) {
  const std::string sdf =
      JointModel("revolute", "<axis><xyz>1e-5 0 0</xyz></axis>");
  EXPECT_TRUE(sdf_oracle::LoadString(sdf).ok);
  const ConversionResult check = Check(sdf);
  EXPECT_TRUE(check.ok) << check.diagnostics.ToString();
}

// sdf2urdf carries the shape with GEOMETRY_SIZE_NEGATIVE on `line`; urdf2sdf
// reads the URDF back without an error and writes `kept` (the value).
void ExpectCarried(const std::string& sdf, int line, const std::string& kept) {
  EXPECT_TRUE(sdf_oracle::LoadString(sdf).ok) << sdf;
  const ConversionResult check = Check(sdf);
  EXPECT_TRUE(check.ok) << check.diagnostics.ToString();
  const ConversionResult urdf = converter::SdfToUrdf(sdf, kFile);
  ASSERT_TRUE(urdf.ok) << urdf.diagnostics.ToString();
  bool warned = false;
  for (const auto& d : urdf.diagnostics.all()) {
    warned = warned ||
             (d.code == frames::Code::GEOMETRY_SIZE_NEGATIVE &&
              d.severity == frames::Severity::kWarning && d.where.line == line);
  }
  EXPECT_TRUE(warned) << urdf.diagnostics.ToString();
  EXPECT_NE(urdf.output.find("<gazebo reference=\"a\">"), std::string::npos)
      << urdf.output;
  const ConversionResult back = converter::UrdfToSdf(urdf.output, "back.urdf");
  ASSERT_TRUE(back.ok) << back.diagnostics.ToString() << urdf.output;
  EXPECT_NE(back.output.find(kept), std::string::npos) << back.output;
  // ... and libsdformat reads the URDF (through its URDF parser) too.
  EXPECT_TRUE(sdf_oracle::LoadString(urdf.output).ok) << urdf.output;
}

TEST(NegativeSize, AcceptedInSdfCarriedInUrdf) {
  ExpectCarried(VisualModel("<visual name=\"v\"><geometry><cylinder><radius>"
                            "0.1</radius><length>-1</length></cylinder>"
                            "</geometry></visual>"),
                5, "<length>-1</length>");
  ExpectCarried(VisualModel("<collision name=\"c\"><geometry><box><size>1 -2 1"
                            "</size></box></geometry></collision>"),
                5, "<size>1 -2 1</size>");
  ExpectCarried(VisualModel("<visual name=\"v\"><geometry><sphere><radius>-0.5"
                            "</radius></sphere></geometry><material><diffuse>"
                            "1 0 0 1</diffuse></material></visual>"),
                5, "<radius>-0.5</radius>");
}

TEST(EmptyMaterialName, AcceptedInSdfRefusedBySdf2urdf) {
  const std::string sdf = VisualModel(
      "<visual name=\"v\"><geometry><box><size>1 1 1</size></box></geometry>"
      "</visual>",
      "<urdf:material name=\"\"><color rgba=\"1 0 0 1\"/></urdf:material>\n");
  EXPECT_TRUE(sdf_oracle::LoadString(sdf).ok);
  const ConversionResult check = Check(sdf);
  EXPECT_TRUE(check.ok) << check.diagnostics.ToString();
  const ConversionResult urdf = converter::SdfToUrdf(sdf, kFile);
  EXPECT_FALSE(urdf.ok) << urdf.output;
  EXPECT_TRUE(urdf.output.empty());
  EXPECT_TRUE(HasError(urdf, "NAME_EMPTY", 7)) << urdf.diagnostics.ToString();
}

TEST(DuplicateMaterial, DifferentlyRefusedTheSameAccepted) {
  const std::string visual =
      "<visual name=\"v\"><geometry><box><size>1 1 1</size></box></geometry>"
      "<urdf:material name=\"red\"/></visual>";
  const std::string red =
      "<urdf:material name=\"red\"><color rgba=\"1 0 0 1\"/></urdf:material>\n";
  const std::string other =
      "<urdf:material name=\"red\"><color rgba=\"0 1 0 1\"/></urdf:material>\n";
  const std::string differently = VisualModel(visual, red + other);
  EXPECT_TRUE(Check(differently).ok);
  const ConversionResult refused = converter::SdfToUrdf(differently, kFile);
  EXPECT_FALSE(refused.ok);
  EXPECT_TRUE(HasError(refused, "MATERIAL_DUPLICATE", 8))
      << refused.diagnostics.ToString();
  const ConversionResult same =
      converter::SdfToUrdf(VisualModel(visual, red + red), kFile);
  ASSERT_TRUE(same.ok) << same.diagnostics.ToString();
  const ConversionResult back = converter::UrdfToSdf(same.output, "back.urdf");
  EXPECT_TRUE(back.ok) << back.diagnostics.ToString();
}

}  // namespace
