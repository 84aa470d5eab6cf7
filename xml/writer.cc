#include "xml/writer.h"

#include <charconv>
#include <cmath>

namespace xml {

void AppendDouble(std::string* out, double v) {
  if (v == 0.0) {  // also turns -0 into 0
    out->push_back('0');
    return;
  }
  char buf[32];
  auto res = std::to_chars(buf, buf + sizeof buf, v);
  out->append(buf, res.ptr);
}

std::string FormatDouble(double v) {
  std::string s;
  AppendDouble(&s, v);
  return s;
}

std::string FormatVector(const double* v, int n) {
  std::string s;
  for (int i = 0; i < n; ++i) {
    if (i) s.push_back(' ');
    AppendDouble(&s, v[i]);
  }
  return s;
}

std::string FormatVector3(const Eigen::Vector3d& v) {
  return FormatVector(v.data(), 3);
}

std::string FormatVector4(const Eigen::Vector4d& v) {
  return FormatVector(v.data(), 4);
}

std::string FormatPose(const Eigen::Vector3d& xyz, const Eigen::Vector3d& rpy) {
  return FormatVector3(xyz) + " " + FormatVector3(rpy);
}

void Writer::Declaration() { out_->append("<?xml version=\"1.0\" ?>\n"); }

void Writer::Indent() { out_->append(2 * stack_.size(), ' '); }

void Writer::CloseStartTag() {
  if (tag_open_) {
    out_->append(">\n");
    tag_open_ = false;
  }
}

void Writer::Comment(std::string_view text) {
  CloseStartTag();
  if (!stack_.empty()) stack_.back().has_children = true;
  Indent();
  out_->append("<!-- ");
  out_->append(text);
  out_->append(" -->\n");
}

Writer& Writer::Start(std::string_view name) {
  CloseStartTag();
  if (!stack_.empty()) stack_.back().has_children = true;
  Indent();
  out_->push_back('<');
  out_->append(name);
  stack_.push_back({std::string(name), false});
  tag_open_ = true;
  return *this;
}

Writer& Writer::Attr(std::string_view key, std::string_view value) {
  out_->push_back(' ');
  out_->append(key);
  out_->append("=\"");
  Escape(out_, value, true);
  out_->push_back('"');
  return *this;
}

Writer& Writer::Attr(std::string_view key, double value) {
  return Attr(key, FormatDouble(value));
}

void Writer::End() {
  Open open = std::move(stack_.back());
  stack_.pop_back();
  if (tag_open_) {
    out_->append("/>\n");
    tag_open_ = false;
    return;
  }
  Indent();
  out_->append("</");
  out_->append(open.name);
  out_->append(">\n");
}

void Writer::Leaf(std::string_view name, std::string_view text) {
  CloseStartTag();
  if (!stack_.empty()) stack_.back().has_children = true;
  Indent();
  out_->push_back('<');
  out_->append(name);
  out_->push_back('>');
  Escape(out_, text, false);
  out_->append("</");
  out_->append(name);
  out_->append(">\n");
}

void Writer::Leaf(std::string_view name, double value) {
  Leaf(name, FormatDouble(value));
}

void Writer::Leaf(std::string_view name, std::string_view key,
                  std::string_view value, std::string_view text) {
  Start(name).Attr(key, value);
  if (text.empty()) {
    End();
    return;
  }
  out_->push_back('>');
  tag_open_ = false;
  Escape(out_, text, false);
  out_->append("</");
  out_->append(name);
  out_->append(">\n");
  stack_.pop_back();
}

void Writer::Verbatim(const frames::Element& e, std::string_view prefix) {
  std::string name = e.name;
  if (!prefix.empty() && name.find(':') == std::string::npos)
    name = std::string(prefix) + name;
  if (e.children.empty() && !e.text.empty()) {
    // One line: <name attrs>text</name>
    Start(name);
    for (const auto& [k, v] : e.attributes) Attr(k, v);
    out_->push_back('>');
    tag_open_ = false;
    Escape(out_, e.text, false);
    out_->append("</");
    out_->append(name);
    out_->append(">\n");
    stack_.pop_back();
    return;
  }
  Start(name);
  for (const auto& [k, v] : e.attributes) Attr(k, v);
  if (!e.text.empty()) {
    CloseStartTag();
    Indent();
    Escape(out_, e.text, false);
    out_->push_back('\n');
  }
  for (const auto& c : e.children) Verbatim(c);
  End();
}

void Writer::Escape(std::string* out, std::string_view s, bool attribute) {
  // Fast path: most names and numbers need no escaping.
  const char* special = attribute ? "&<>\"\n" : "&<>";
  if (s.find_first_of(special) == std::string_view::npos) {
    out->append(s);
    return;
  }
  for (char c : s) {
    switch (c) {
      case '&': out->append("&amp;"); break;
      case '<': out->append("&lt;"); break;
      case '>': out->append("&gt;"); break;
      case '"':
        if (attribute) out->append("&quot;"); else out->push_back(c);
        break;
      case '\n':
        if (attribute) out->append("&#10;"); else out->push_back(c);
        break;
      default: out->push_back(c);
    }
  }
}

}  // namespace xml
