// The kept-verbatim element: a generic tree of name, attributes (in
// document order), text and children, with where it was read. The model
// (frames/model.h) holds one for everything it does not represent (URDF
// <gazebo>, <transmission>, <ros2_control>, SDF plugins, sensors ...); the
// XML layer makes one from a parsed node (xml::ToElement) and writes one
// back (xml::Writer::Verbatim). Below both, so that neither includes the
// other: it knows neither XML parsing nor the model. In namespace frames,
// as the model has always named it (frames::Element).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "diag/diagnostics.h"

namespace frames {

struct Element {
  std::string name;
  std::vector<std::pair<std::string, std::string>> attributes;
  std::string text;  // concatenated text content, whitespace-trimmed
  std::vector<Element> children;
  SourceLocation where;

  // A leaf element: <name>text</name>.
  static Element Leaf(std::string name, std::string text, SourceLocation where);

  const std::string* Attribute(const std::string& key) const;
  // The first child named `name`, or nullptr.
  const Element* Child(const std::string& name) const;
  Element* Child(const std::string& name);
};

}  // namespace frames
