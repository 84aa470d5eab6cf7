// A small, fast, deterministic XML printer shared by the URDF and SDFormat
// writers: two-space indentation, attributes in the order given, numbers in
// the shortest form that reads back to the same double.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <Eigen/Core>

#include "frames/model.h"

namespace xml {

// Shortest decimal text that parses back to exactly `v` ("0" for zero).
std::string FormatDouble(double v);
void AppendDouble(std::string* out, double v);
// Space-separated components.
std::string FormatVector(const double* v, int n);
std::string FormatVector3(const Eigen::Vector3d& v);
std::string FormatVector4(const Eigen::Vector4d& v);
// xyz then rpy, space-separated (SDFormat //pose text).
std::string FormatPose(const Eigen::Vector3d& xyz, const Eigen::Vector3d& rpy);

class Writer {
 public:
  explicit Writer(std::string* out) : out_(out) {}

  void Declaration();  // <?xml version="1.0" ?>
  void Comment(std::string_view text);
  // Starts an element; attributes follow with Attr(), then children or
  // text. End() closes the innermost open element ("<x/>" when empty).
  Writer& Start(std::string_view name);
  Writer& Attr(std::string_view key, std::string_view value);
  Writer& Attr(std::string_view key, double value);
  void End();
  // <name>text</name> on one line.
  void Leaf(std::string_view name, std::string_view text);
  void Leaf(std::string_view name, double value);
  // <name key="value">text</name> on one line ("<name key="value"/>" when
  // text is empty).
  void Leaf(std::string_view name, std::string_view key,
            std::string_view value, std::string_view text);
  // A kept-verbatim element, its name prefixed by `prefix` (e.g. "urdf:")
  // when the name has no prefix of its own. Children keep their names.
  void Verbatim(const frames::Element& e, std::string_view prefix = {});

 private:
  void CloseStartTag();
  void Indent();
  static void Escape(std::string* out, std::string_view s, bool attribute);

  std::string* out_;
  struct Open {
    std::string name;
    bool has_children = false;
  };
  std::vector<Open> stack_;
  bool tag_open_ = false;  // "<name attr..." printed, ">" not yet
};

}  // namespace xml
