// The generated schema tables (sdf_io/schema.h) against the description
// files they were generated from (Debian's sdformat-sdf, brought in as
// @sdformat_description), read here independently with tinyxml2: for every
// version 1.0 to 1.9, every element reachable from root.sdf (gazebo.sdf for
// 1.0 and 1.2) has the same name, type, required flag, min, max, attributes
// (name, type, required) and children, and the counts of elements and
// attributes agree, so an upgrade of the package cannot drift silently.
// 1.10 to 1.12 are 1.9 with the changes of schema_delta.txt: checked here
// change by change.
#include <cstdlib>
#include <filesystem>
#include <set>
#include <string>

#include <gtest/gtest.h>
#include <tinyxml2.h>

#include "sdf_io/schema.h"

namespace {

namespace fs = std::filesystem;
using sdf_io::schema::Element;
using sdf_io::schema::Version;

std::string DescriptionDir() {
  if (const char* d = std::getenv("SDF_DESCRIPTION_DIR")) return d;
  const char* srcdir = std::getenv("TEST_SRCDIR");
  if (srcdir) {
    for (const std::string& c :
         {std::string(srcdir) + "/sdformat_description",
          std::string(srcdir) + "/urdf_sdf_converter/external/sdformat_description"}) {
      if (fs::is_directory(c + "/1.9")) return c;
    }
  }
  return "/usr/share/sdformat12";
}

// The description of one version as the files say, walked alongside the
// table.
class Walker {
 public:
  Walker(const Version& v, std::string dir) : v_(v), dir_(std::move(dir)) {}

  void WalkFile(const std::string& file, const Element& e,
                const std::string& path) {
    if (!files_.insert(file).second) {
      // Described once: the table's element for the file is this one.
      EXPECT_EQ(&file_elements_.at(file), &e) << path;
      return;
    }
    file_elements_.emplace(file, e);
    auto doc = std::make_unique<tinyxml2::XMLDocument>();
    ASSERT_EQ(doc->LoadFile((dir_ + "/" + file).c_str()), tinyxml2::XML_SUCCESS)
        << dir_ << "/" << file;
    const tinyxml2::XMLElement* root = doc->FirstChildElement("element");
    ASSERT_NE(root, nullptr) << file;
    Walk(root, e, path);
    docs_.push_back(std::move(doc));
  }

  size_t elements() const { return elements_; }
  size_t attributes() const { return attributes_; }

 private:
  static std::string Attr(const tinyxml2::XMLElement* x, const char* name) {
    const char* v = x->Attribute(name);
    return v ? v : "";
  }

  bool Exists(const std::string& file) const {
    return fs::exists(dir_ + "/" + file);
  }

  void Walk(const tinyxml2::XMLElement* x, const Element& e,
            const std::string& parent_path) {
    ++elements_;
    const std::string path = parent_path + "/" + Attr(x, "name");
    EXPECT_STREQ(e.name, Attr(x, "name").c_str()) << path;
    std::string type = Attr(x, "type");
    if (type == "float") type = "double";
    EXPECT_STREQ(sdf_io::schema::TypeName(e.type), type.c_str()) << path;
    EXPECT_STREQ(sdf_io::schema::RequiredName(e.required),
                 Attr(x, "required").c_str())
        << path;
    EXPECT_STREQ(e.min, Attr(x, "min").c_str()) << path;
    EXPECT_STREQ(e.max, Attr(x, "max").c_str()) << path;
    EXPECT_STREQ(e.default_value, Attr(x, "default").c_str()) << path;

    uint32_t attributes = 0;
    for (auto* a = x->FirstChildElement("attribute"); a;
         a = a->NextSiblingElement("attribute")) {
      ++attributes;
      const auto* found =
          sdf_io::schema::FindAttribute(v_, e, Attr(a, "name"));
      ASSERT_NE(found, nullptr) << path << "@" << Attr(a, "name");
      std::string atype = Attr(a, "type");
      if (atype == "float") atype = "double";
      EXPECT_STREQ(sdf_io::schema::TypeName(found->type), atype.c_str())
          << path << "@" << found->name;
      EXPECT_EQ(found->required, Attr(a, "required") == "1")
          << path << "@" << found->name;
    }
    EXPECT_EQ(e.attribute_count, attributes) << path;
    attributes_ += attributes;

    uint32_t children = 0;
    bool copy_data = false;
    for (auto* c = x->FirstChildElement(); c; c = c->NextSiblingElement()) {
      const std::string kind = c->Name();
      std::string file;
      if (kind == "element") {
        const std::string copy = Attr(c, "copy_data");
        if (copy == "true" || copy == "1") {
          copy_data = true;
          continue;
        }
        if (c->Attribute("ref")) file = Attr(c, "ref") + ".sdf";
      } else if (kind == "include") {
        file = Attr(c, "filename");
      } else {
        continue;
      }
      if (!file.empty() && !Exists(file)) continue;  // libsdformat skips it
      ++children;
      // The child's own name: an inline element's, or the included root's.
      std::string name = Attr(c, "name");
      if (kind == "include") {
        tinyxml2::XMLDocument d;
        ASSERT_EQ(d.LoadFile((dir_ + "/" + file).c_str()), tinyxml2::XML_SUCCESS);
        name = Attr(d.FirstChildElement("element"), "name");
      }
      const Element* child = sdf_io::schema::FindChild(v_, e, name);
      ASSERT_NE(child, nullptr) << path << "/" << name;
      if (file.empty()) {
        Walk(c, *child, path);
      } else {
        WalkFile(file, *child, path);
      }
    }
    EXPECT_EQ(e.child_count, children) << path;
    EXPECT_EQ(e.copy_data, copy_data) << path;
  }

  const Version& v_;
  std::string dir_;
  std::set<std::string> files_;
  std::map<std::string, const Element&> file_elements_;
  std::vector<std::unique_ptr<tinyxml2::XMLDocument>> docs_;
  size_t elements_ = 0;
  size_t attributes_ = 0;
};

TEST(SchemaTest, TablesMatchTheDescriptionFiles) {
  size_t count = 0;
  const Version* const* all = sdf_io::schema::AllVersions(&count);
  int described = 0;
  for (size_t i = 0; i < count; ++i) {
    const Version& v = *all[i];
    const std::string dir = DescriptionDir() + "/" + v.version;
    if (!fs::is_directory(dir)) continue;  // 1.10 and later: below
    ++described;
    SCOPED_TRACE(v.version);
    Walker w(v, dir);
    const std::string root =
        fs::exists(dir + "/root.sdf") ? "root.sdf" : "gazebo.sdf";
    w.WalkFile(root, sdf_io::schema::Root(v), "");
    EXPECT_EQ(w.elements(), v.element_count);
    EXPECT_EQ(w.attributes(), v.attribute_count);
  }
  // 1.0, 1.2 ... 1.9 (Debian has no 1.1).
  EXPECT_EQ(described, 9);
}

TEST(SchemaTest, VersionsOneToTwelve) {
  for (int minor = 0; minor <= 12; ++minor) {
    const Version* v = sdf_io::schema::ForMinor(minor);
    ASSERT_NE(v, nullptr) << minor;
    const std::string expected = minor == 1 ? "1.0" : "1." + std::to_string(minor);
    EXPECT_EQ(v->version, expected);
  }
  EXPECT_EQ(sdf_io::schema::ForMinor(13), nullptr);
  EXPECT_EQ(sdf_io::schema::ForMinor(-1), nullptr);
}

const Element* At(const Version& v, std::initializer_list<const char*> path) {
  const Element* e = &sdf_io::schema::Root(v);
  for (const char* name : path) {
    e = sdf_io::schema::FindChild(v, *e, name);
    if (!e) return nullptr;
  }
  return e;
}

TEST(SchemaTest, NewerVersionsAreTheDeltaTable) {
  const Version& v9 = *sdf_io::schema::ForMinor(9);
  const Version& v10 = *sdf_io::schema::ForMinor(10);
  const Version& v11 = *sdf_io::schema::ForMinor(11);
  const Version& v12 = *sdf_io::schema::ForMinor(12);
  // 1.10: //world/joint is joint.sdf's element; //plugin/@name optional.
  EXPECT_EQ(At(v9, {"world", "joint"}), nullptr);
  ASSERT_NE(At(v10, {"world", "joint"}), nullptr);
  EXPECT_EQ(At(v10, {"world", "joint"}), At(v10, {"model", "joint"}));
  EXPECT_TRUE(sdf_io::schema::FindAttribute(v9, *At(v9, {"model", "plugin"}), "name")->required);
  EXPECT_FALSE(sdf_io::schema::FindAttribute(v10, *At(v10, {"model", "plugin"}), "name")->required);
  EXPECT_STREQ(At(v10, {"model", "joint", "axis", "limit", "upper"})->default_value, "inf");
  ASSERT_NE(sdf_io::schema::FindAttribute(v10, *At(v10, {"world", "include"}), "merge"), nullptr);
  // 1.11: mimic, automatic inertia.
  EXPECT_EQ(At(v10, {"model", "joint", "axis", "mimic"}), nullptr);
  const Element* mimic = At(v11, {"model", "joint", "axis", "mimic"});
  ASSERT_NE(mimic, nullptr);
  EXPECT_TRUE(sdf_io::schema::FindAttribute(v11, *mimic, "joint")->required);
  ASSERT_NE(At(v11, {"model", "joint", "axis", "mimic", "multiplier"}), nullptr);
  ASSERT_NE(At(v11, {"model", "link", "collision", "density"}), nullptr);
  ASSERT_NE(sdf_io::schema::FindAttribute(v11, *At(v11, {"model", "link", "inertial"}), "auto"), nullptr);
  // 1.12: cones, in visuals too (geometry.sdf is one element).
  EXPECT_EQ(At(v11, {"model", "link", "visual", "geometry", "cone"}), nullptr);
  ASSERT_NE(At(v12, {"model", "link", "visual", "geometry", "cone", "radius"}), nullptr);
  // Each extends the one before: the same index is the same element (the
  // schema check relies on it).
  for (const Version* newer : {&v10, &v11, &v12}) {
    for (size_t i = 0; i < v9.element_count; ++i) {
      ASSERT_STREQ(newer->elements[i].name, v9.elements[i].name)
          << newer->version << " element " << i;
      ASSERT_EQ(newer->elements[i].type, v9.elements[i].type);
    }
  }
  // Nothing else changed: 2 + 12 + 3 elements, 1 + 5 attributes.
  EXPECT_EQ(v10.element_count, v9.element_count + 2);
  EXPECT_EQ(v11.element_count, v10.element_count + 12);
  EXPECT_EQ(v12.element_count, v11.element_count + 3);
  EXPECT_EQ(v10.attribute_count, v9.attribute_count + 1);
  EXPECT_EQ(v11.attribute_count, v10.attribute_count + 5);
  EXPECT_EQ(v12.attribute_count, v11.attribute_count);
}

}  // namespace
