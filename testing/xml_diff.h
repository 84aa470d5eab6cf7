// Test support: the differences between two XML documents, element for
// element and attribute for attribute, as a URDF reader sees them.
//
//  - Attributes are compared as a set (XML attribute order means nothing).
//  - Children: where `unordered` says so for the parent (URDF's <robot>), the
//    children are matched by name and their `name` attribute (links, joints,
//    materials) or, for elements without a name attribute, by their whole
//    canonical text (<gazebo>, <transmission> blocks), ignoring order.
//    Elsewhere, children with different element names may come in any
//    order, but children of the same element name keep their order (a
//    link's visuals are a list).
//  - Text and attribute values that are both lists of numbers compare as
//    numbers: equal bit for bit (so "0.10" equals "0.1"), or within
//    `tolerance` when it is not 0. Anything else compares as trimmed text.
//  - Comments and whitespace between elements are not content.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include <tinyxml2.h>

namespace test_support {

struct XmlDiffOptions {
  double tolerance = 0.0;
  // Whether the children of an element (given its path) may come in any
  // order; by default only the document's root element's.
  std::function<bool(const tinyxml2::XMLElement&)> unordered =
      [](const tinyxml2::XMLElement& e) {
        return e.Parent() && e.Parent()->ToDocument();
      };
};

// Each difference is one line: a path such as
// robot/link[base]/visual#2/origin@xyz, then what differs.
std::vector<std::string> XmlDiff(const tinyxml2::XMLElement& want,
                                 const tinyxml2::XMLElement& got,
                                 const XmlDiffOptions& options = {});

// Parses both texts and compares their root elements; a parse failure is
// reported as a difference.
std::vector<std::string> XmlTextDiff(const std::string& want,
                                     const std::string& got,
                                     const XmlDiffOptions& options = {});

// The element as one line of canonical text: name, attributes sorted,
// trimmed text and children in order, without comments.
std::string CanonicalXml(const tinyxml2::XMLElement& e);

}  // namespace test_support
