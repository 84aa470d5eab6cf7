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
// And five conversions that exited 0 writing what our own readers then
// refused (issue 35, found by fuzzing with the read-back invariant of
// converter/testing/read_back.h): each is now read back (and converted
// back) or refused with a code and no output.
#include <string>

#include <gtest/gtest.h>

#include "converter/sdf_to_sdf.h"
#include "converter/sdf_to_urdf.h"
#include "converter/testing/read_back.h"
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

bool Has(const ConversionResult& r, frames::Severity severity,
         const std::string& code, const std::string& file, int line) {
  for (const auto& d : r.diagnostics.all()) {
    if (d.severity == severity && frames::CodeName(d.code) == code &&
        d.where.file == file && d.where.line == line) {
      return true;
    }
  }
  return false;
}

bool HasError(const ConversionResult& r, const std::string& code, int line,
              const std::string& file = kFile) {
  return Has(r, frames::Severity::kError, code, file, line);
}

bool HasWarning(const ConversionResult& r, const std::string& code,
                const std::string& file, int line) {
  return Has(r, frames::Severity::kWarning, code, file, line);
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

// --- Issue 35 ---------------------------------------------------------------

using converter_testing::SdfReadBackError;
using converter_testing::UrdfReadBackError;

// urdf2sdf (`options`) converts `urdf`; its SDF reads back, libsdformat 12
// loads it, and it converts back to a URDF that reads back in turn.
ConversionResult ExpectUrdfRoundTrip(const std::string& urdf,
                                     const converter::UrdfToSdfOptions&
                                         options = {}) {
  ConversionResult sdf = converter::UrdfToSdf(urdf, "case.urdf", options);
  EXPECT_TRUE(sdf.ok) << sdf.diagnostics.ToString();
  if (!sdf.ok) return sdf;
  EXPECT_EQ(SdfReadBackError(sdf.output, "out.sdf"), "") << sdf.output;
  const auto oracle = sdf_oracle::LoadString(sdf.output);
  EXPECT_TRUE(oracle.ok) << ::testing::PrintToString(oracle.errors)
                         << sdf.output;
  const ConversionResult back = converter::SdfToUrdf(sdf.output, "out.sdf");
  EXPECT_TRUE(back.ok) << back.diagnostics.ToString() << sdf.output;
  EXPECT_EQ(UrdfReadBackError(back.output, "back.urdf"), "") << back.output;
  return sdf;
}

// A URDF robot with links `links` and `body` (joints, <gazebo> ...) on line
// 3 and after.
std::string Robot(const std::string& links, const std::string& body) {
  return "<?xml version=\"1.0\"?>\n<robot name=\"r\">\n" + links + "\n" +
         body + "</robot>\n";
}

constexpr char kSdf110Plugins[] =
    "<?xml version=\"1.0\"?>\n<sdf version=\"1.10\">\n<model name=\"m\">\n"
    "<link name=\"l\"><sensor name=\"s\" type=\"imu\">\n"
    "<plugin filename=\"imu\"/></sensor></link>\n"
    "<plugin filename=\"x\"/><plugin name=\"x\" filename=\"y\"/>\n"
    "<plugin filename=\"x\"/>\n</model>\n</sdf>\n";

TEST(NamelessPlugin, NamedWhenWrittenBelow110) {
  const ConversionResult sdf = converter::SdfToSdf(kSdf110Plugins, kFile);
  ASSERT_TRUE(sdf.ok) << sdf.diagnostics.ToString();
  // Named after the filename, unique among sibling plugins, in order.
  EXPECT_NE(sdf.output.find("<plugin name=\"imu\" filename=\"imu\"/>"),
            std::string::npos) << sdf.output;
  EXPECT_NE(sdf.output.find("<plugin name=\"x_2\" filename=\"x\"/>\n"
                            "    <plugin name=\"x\" filename=\"y\"/>\n"
                            "    <plugin name=\"x_3\" filename=\"x\"/>"),
            std::string::npos) << sdf.output;
  for (int line : {5, 6, 7}) {
    EXPECT_TRUE(HasWarning(sdf, "SDF_VERSION_CANNOT_EXPRESS", kFile, line))
        << line << sdf.diagnostics.ToString();
  }
  EXPECT_EQ(SdfReadBackError(sdf.output, kFile), "");
  EXPECT_TRUE(sdf_oracle::LoadString(sdf.output).ok) << sdf.output;
  // Deterministic.
  EXPECT_EQ(converter::SdfToSdf(kSdf110Plugins, kFile).output, sdf.output);
  // Kept without a name (and no warning) where the version allows it.
  converter::SdfToSdfOptions v110;
  v110.sdf_version = 10;
  const ConversionResult kept = converter::SdfToSdf(kSdf110Plugins, kFile, v110);
  ASSERT_TRUE(kept.ok) << kept.diagnostics.ToString();
  EXPECT_NE(kept.output.find("<plugin filename=\"x\"/>"), std::string::npos);
  EXPECT_FALSE(HasWarning(kept, "SDF_VERSION_CANNOT_EXPRESS", kFile, 6));
  EXPECT_EQ(SdfReadBackError(kept.output, kFile), "");
}

TEST(NamelessPlugin, NamedInUrdfGazebo) {
  const ConversionResult urdf = converter::SdfToUrdf(kSdf110Plugins, kFile);
  ASSERT_TRUE(urdf.ok) << urdf.diagnostics.ToString();
  EXPECT_NE(urdf.output.find("<plugin name=\"x_2\" filename=\"x\"/>"),
            std::string::npos) << urdf.output;
  EXPECT_TRUE(HasWarning(urdf, "SDF_VERSION_CANNOT_EXPRESS", kFile, 6))
      << urdf.diagnostics.ToString();
  EXPECT_EQ(UrdfReadBackError(urdf.output, "out.urdf"), "") << urdf.output;
}

TEST(GazeboJoint, UnknownTypeRefusedAtTheUrdfLine) {
  const std::string urdf = Robot(
      "<link name=\"a\"/><link name=\"b\"/><link name=\"c\"/>",
      "<joint name=\"ab\" type=\"continuous\"><parent link=\"a\"/>"
      "<child link=\"b\"/></joint>\n"
      "<joint name=\"ac\" type=\"continuous\"><parent link=\"a\"/>"
      "<child link=\"c\"/></joint>\n"
      "<gazebo><joint name=\"x\" type=\"bogus\"><pose relative_to=\"b\"/>"
      "<parent>b</parent><child>c</child></joint></gazebo>\n");
  const ConversionResult sdf = converter::UrdfToSdf(urdf, "case.urdf");
  EXPECT_FALSE(sdf.ok);
  EXPECT_TRUE(sdf.output.empty());
  EXPECT_TRUE(HasError(sdf, "JOINT_TYPE_INVALID", 6, "case.urdf"))
      << sdf.diagnostics.ToString();
}

TEST(GazeboJoint, ReplacingAFloatingJointKeepsTheLinkWhereTheUrdfPutIt) {
  const std::string urdf = Robot(
      "<link name=\"a\"/><link name=\"b\"/>",
      "<joint name=\"j\" type=\"floating\"><origin xyz=\"1 2 3\"/>"
      "<parent link=\"a\"/><child link=\"b\"/></joint>\n"
      "<gazebo><joint name=\"j\" type=\"ball\"><parent>a</parent>"
      "<child>b</child></joint></gazebo>\n");
  const ConversionResult sdf = ExpectUrdfRoundTrip(urdf);
  const auto oracle = sdf_oracle::LoadString(sdf.output);
  ASSERT_TRUE(oracle.poses.count("r::b")) << sdf.output;
  EXPECT_TRUE(oracle.poses.at("r::b").isApprox(
      Eigen::Isometry3d(Eigen::Translation3d(1, 2, 3)), 1e-12))
      << oracle.poses.at("r::b").matrix();
  // The joint, posed by default in its child's frame, sits on the link.
  ASSERT_TRUE(oracle.poses.count("r::j"));
  EXPECT_TRUE(oracle.poses.at("r::j").isApprox(oracle.poses.at("r::b"), 1e-12));
}

TEST(GazeboJoint, Sdf2urdfCutsTheLoopBesideACarriedFloatingJoint) {
  const std::string urdf = Robot(
      "<link name=\"a\"/><link name=\"b\"/>",
      "<joint name=\"j\" type=\"floating\"><parent link=\"a\"/>"
      "<child link=\"b\"/></joint>\n"
      "<gazebo><joint name=\"k\" type=\"ball\"><pose relative_to=\"a\"/>"
      "<parent>a</parent><child>b</child></joint></gazebo>\n");
  const ConversionResult sdf = ExpectUrdfRoundTrip(urdf);
  const ConversionResult back = converter::SdfToUrdf(sdf.output, "out.sdf");
  ASSERT_TRUE(back.ok) << back.diagnostics.ToString();
  bool cut = false;
  for (const auto& d : back.diagnostics.all())
    cut = cut || (d.code == frames::Code::JOINT_LOOP_CUT &&
                  d.message.find("'k'") != std::string::npos);
  EXPECT_TRUE(cut) << back.diagnostics.ToString();
  // The URDF's own floating joint is the tree's; k is carried in <gazebo>.
  EXPECT_NE(back.output.find("<joint name=\"j\" type=\"floating\">"),
            std::string::npos) << back.output;
  EXPECT_NE(back.output.find("<joint name=\"k\" type=\"ball\">"),
            std::string::npos) << back.output;
}

// Found while fixing the above: a second <gazebo> joint of one name was
// written too (DUPLICATE_NAME on read-back); it is not applied, as one with
// the name of a link, joint or frame is not.
TEST(GazeboJoint, SecondOfOneNameNotApplied) {
  const std::string joint =
      "<joint name=\"x\" type=\"ball\"><pose relative_to=\"b\"/>"
      "<parent>b</parent><child>c</child></joint>";
  const std::string urdf = Robot(
      "<link name=\"a\"/><link name=\"b\"/><link name=\"c\"/>",
      "<joint name=\"ab\" type=\"continuous\"><parent link=\"a\"/>"
      "<child link=\"b\"/></joint>\n"
      "<joint name=\"ac\" type=\"continuous\"><parent link=\"a\"/>"
      "<child link=\"c\"/></joint>\n"
      "<gazebo>" + joint + "\n" + joint + "</gazebo>\n");
  const ConversionResult sdf = ExpectUrdfRoundTrip(urdf);
  EXPECT_TRUE(HasWarning(sdf, "GAZEBO_KINEMATICS_NOT_APPLIED", "case.urdf", 7))
      << sdf.diagnostics.ToString();
  EXPECT_TRUE(sdf_oracle::LoadString(sdf.output).poses.count("r::x"));
}

TEST(GazeboJoint, LumpedIntoOneBodyDroppedWithAWarning) {
  const std::string urdf = Robot(
      "<link name=\"a\"/><link name=\"b\"/><link name=\"c\"/>",
      "<joint name=\"ab\" type=\"fixed\"><parent link=\"a\"/>"
      "<child link=\"b\"/></joint>\n"
      "<joint name=\"ac\" type=\"fixed\"><parent link=\"a\"/>"
      "<child link=\"c\"/></joint>\n"
      "<gazebo><joint name=\"x\" type=\"revolute\"><pose relative_to=\"b\"/>"
      "<parent>b</parent><child>c</child><axis><xyz>0 0 1</xyz></axis>"
      "</joint></gazebo>\n");
  converter::UrdfToSdfOptions lump;
  lump.lump_fixed_joints = true;
  const ConversionResult sdf = ExpectUrdfRoundTrip(urdf, lump);
  EXPECT_TRUE(HasWarning(sdf, "LUMPED_GAZEBO_JOINT_DROPPED", "case.urdf", 6))
      << sdf.diagnostics.ToString();
  // Carried in <urdf:gazebo> only, not written as a joint of the model.
  const auto oracle = sdf_oracle::LoadString(sdf.output);
  EXPECT_FALSE(oracle.poses.count("r::x")) << sdf.output;
  // Without lumping, the joint is written.
  const ConversionResult kept = ExpectUrdfRoundTrip(urdf);
  EXPECT_TRUE(sdf_oracle::LoadString(kept.output).poses.count("r::x"))
      << kept.output;
}

// Issue 35b (fuzzing, fuzzing/converter_urdf_to_sdf_fuzz/regressions/
// lumped_joint_carrying_urdf_joint.urdf): a fixed joint holding a stray
// <joint> (not URDF there: carried verbatim as <urdf:joint>) is merged by
// --lump-fixed-joints into <frame name="ab">, its carried children with it.
// sdf2urdf took that <urdf:joint> for the floating or planar joint a frame
// carries, making joint 's' of the frame (a kinematic loop a -> b -> a:
// URDF_KINEMATIC_LOOP). Only the form urdf2sdf writes for such a joint is
// kinematics; the stray joint stays carried in <gazebo reference="ab">,
// with a warning, and reads back.
TEST(LumpedJoint, CarriedStrayJointStaysCarried) {
  const std::string urdf = Robot(
      "<link name=\"a\"/><link name=\"b\"/>",
      "<joint name=\"ab\" type=\"fixed\"><parent link=\"a\"/>"
      "<child link=\"b\"/>\n"
      "<joint name=\"s\" type=\"revolute\"><parent link=\"b\"/>"
      "<child link=\"a\"/><axis xyz=\"0 1 0\"/></joint>\n</joint>\n");
  converter::UrdfToSdfOptions lump;
  lump.lump_fixed_joints = true;
  const ConversionResult sdf = ExpectUrdfRoundTrip(urdf, lump);
  ASSERT_NE(sdf.output.find("<frame name=\"ab\""), std::string::npos)
      << sdf.output;
  const ConversionResult back = converter::SdfToUrdf(sdf.output, "out.sdf");
  ASSERT_TRUE(back.ok) << back.diagnostics.ToString() << sdf.output;
  bool named = false;
  for (const auto& d : back.diagnostics.all()) {
    named = named || (d.code == frames::Code::FRAME_CARRIED_URDF_KEPT &&
                      d.message.find("<urdf:joint>") != std::string::npos &&
                      d.message.find("'ab'") != std::string::npos);
  }
  EXPECT_TRUE(named) << back.diagnostics.ToString();
  // Still carried, not a joint of the tree.
  EXPECT_EQ(back.output.find("<joint name=\"s\""), std::string::npos)
      << back.output;
  EXPECT_NE(back.output.find("<urdf:joint name=\"s\" type=\"revolute\">"),
            std::string::npos)
      << back.output;
  const ConversionResult again = converter::UrdfToSdf(back.output, "back.urdf");
  EXPECT_TRUE(again.ok) << again.diagnostics.ToString() << back.output;
  // Without lumping, the stray joint comes back inside its joint.
  const ConversionResult kept = ExpectUrdfRoundTrip(urdf);
  const ConversionResult kept_back =
      converter::SdfToUrdf(kept.output, "out.sdf");
  ASSERT_TRUE(kept_back.ok) << kept_back.diagnostics.ToString();
  EXPECT_NE(kept_back.output.find("<joint name=\"s\" type=\"revolute\">"),
            std::string::npos)
      << kept_back.output;
}

}  // namespace
