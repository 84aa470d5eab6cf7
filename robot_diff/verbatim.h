// Content the model keeps verbatim (a sensor's parameters, a plugin's XML)
// compared as SDFormat and Gazebo read it, not as text. Internal to
// robot_diff.
//
//  - Attributes: as a set (their order means nothing in XML).
//  - Text: as whitespace-separated tokens, so indentation and line breaks
//    do not count; two tokens that both read as numbers are equal within
//    the tolerance (max(absolute, relative x the larger magnitude)); two
//    that read as booleans (true/false/1/0, any case) by their truth;
//    others as written.
//  - Children: grouped by element name. The groups' order does not count
//    (sdf::Element::GetElement finds a child by name wherever it is); the
//    order within a group does (GetNextElement walks the siblings of one
//    name in document order, so a plugin's list of <joint_name>s or
//    <parameters> files keeps its order), except that siblings which all
//    have distinct name attributes on both sides pair by name (a
//    multicamera's <camera name=...>).
// An element present on one side only is a difference, even when it holds
// the value a reader would assume without it.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "diag/diagnostics.h"
#include "element/element.h"

namespace robot_diff {

struct VerbatimTolerance {
  double absolute = 1e-6;
  double relative = 1e-6;
};

// Where two elements first differ: the path below them ("camera/image/
// width", "ros/remapping(2)", "@filename"), what each side has there, and
// the elements holding it (for their lines).
struct VerbatimDifference {
  std::string path;
  std::string a, b;
  const frames::Element* in_a = nullptr;
  const frames::Element* in_b = nullptr;
};

// Compares a and b (their names are not compared: the caller paired them).
// `skip_attribute` and `skip_child` name what the caller compares itself
// (a sensor's name, type and pose): skipped at the top level only.
// `equivalent`, when set, may call two texts that differ at `path` (an
// element's, not an attribute's) the same (a name a conversion changed).
std::optional<VerbatimDifference> FirstDifference(
    const frames::Element& a, const frames::Element& b,
    const VerbatimTolerance& tol,
    const std::function<bool(const std::string&)>& skip_attribute,
    const std::function<bool(const std::string&)>& skip_child,
    const std::function<bool(const std::string& path, const std::string& a,
                             const std::string& b)>& equivalent = nullptr);

}  // namespace robot_diff
