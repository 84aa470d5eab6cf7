#include "xml/writer.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <initializer_list>

#include "element/format_double.h"

namespace xml {
namespace {

// Which characters Escape replaces: kText in text, kAttribute also in
// attribute values (where a quote or newline would end or change the
// value). A carriage return, written as itself, would read back as a
// newline (XML's line-end handling, which the reader applies everywhere),
// so it is a reference in both. A table, because Escape looks at every
// character written.
constexpr unsigned char kText = 1, kAttribute = 2;
struct EscapeTable {
  unsigned char of[256] = {};
  constexpr EscapeTable() {
    for (unsigned char c : {'&', '<', '>', '\r'}) of[c] = kText | kAttribute;
    for (unsigned char c : {'"', '\n'}) of[c] = kAttribute;
  }
};
constexpr EscapeTable kEscape;

std::string_view Replacement(char c) {
  switch (c) {
    case '&': return "&amp;";
    case '<': return "&lt;";
    case '>': return "&gt;";
    case '"': return "&quot;";
    case '\r': return "&#13;";
    default: return "&#10;";  // '\n'
  }
}

}  // namespace

void AppendDouble(std::string* out, double v) {
  char buf[frames::kFormatDoubleRoom];
  out->append(buf, frames::FormatDoubleTo(buf, v));
}

void AppendNumbers(std::string* out, const double* v, int n) {
  for (int i = 0; i < n; ++i) {
    if (i) out->push_back(' ');
    AppendDouble(out, v[i]);
  }
}

std::string FormatDouble(double v) {
  std::string s;
  AppendDouble(&s, v);
  return s;
}

Numbers::Numbers(const Eigen::Vector3d& xyz, const Eigen::Vector3d& rpy)
    : n_(6) {
  for (int k = 0; k < 3; ++k) {
    v_[k] = xyz[k];
    v_[3 + k] = rpy[k];
  }
}

std::string Numbers::ToString() const {
  std::string s;
  AppendNumbers(&s, v_, n_);
  return s;
}

std::string FormatVector(const double* v, int n) {
  std::string s;
  AppendNumbers(&s, v, n);
  return s;
}

std::string FormatVector3(const Eigen::Vector3d& v) {
  return Numbers(v).ToString();
}

std::string FormatVector4(const Eigen::Vector4d& v) {
  return Numbers(v).ToString();
}

std::string FormatPose(const Eigen::Vector3d& xyz, const Eigen::Vector3d& rpy) {
  return Numbers(xyz, rpy).ToString();
}

// --- Buffer ----------------------------------------------------------------

void Writer::Flush() {
  out_->append(buf_, used_);
  used_ = 0;
  MaybeDrain();
}

void Writer::Drain() {
  if (sink_ok_ && !out_->empty()) sink_ok_ = sink_(*out_);
  out_->clear();
}

bool Writer::Finish() {
  Flush();
  if (sink_) Drain();
  return sink_ok_;
}

void Writer::PutLong(std::string_view s) {
  Flush();
  if (s.size() > kBufferSize) {  // a long text: past the buffer
    out_->append(s);
    MaybeDrain();
    return;
  }
  Put(s);
}

void Writer::PutNumber(double v) {
  char* p = Room(frames::kFormatDoubleRoom);
  used_ = frames::FormatDoubleTo(p, v) - buf_;
}

void Writer::PutNumbers(const Numbers& numbers) {
  for (int i = 0; i < numbers.size(); ++i) {
    if (i) Put(' ');
    PutNumber(numbers.data()[i]);
  }
}

template <bool kInAttribute>
void Writer::Escape(std::string_view s) {
  // Most names and numbers need no escaping: the runs between characters
  // that do are copied whole.
  constexpr unsigned char kMask = kInAttribute ? kAttribute : kText;
  size_t run = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    if (!(kEscape.of[static_cast<unsigned char>(s[i])] & kMask)) continue;
    Put(s.substr(run, i - run));
    Put(Replacement(s[i]));
    run = i + 1;
  }
  Put(s.substr(run));
}

// --- Elements --------------------------------------------------------------

void Writer::Declaration() {
  Put("<?xml version=\"1.0\" ?>\n");
  FlushAtTopLevel();
}

void Writer::IndentDeep(size_t n) {
  while (n > 0) {
    const size_t piece = std::min(n, kRow);
    std::memcpy(Room(kRow), kSpaces, kRow);
    used_ += piece;
    n -= piece;
  }
}

void Writer::CloseStartTag() {
  if (tag_open_) {
    Put(">\n");
    tag_open_ = false;
  }
}

void Writer::Comment(std::string_view text) {
  CloseStartTag();
  Indent();
  Put("<!-- ");
  Put(text);
  Put(" -->\n");
  FlushAtTopLevel();
}

void Writer::StartTag(std::string_view prefix, std::string_view name) {
  CloseStartTag();
  Indent();
  Put('<');
  Put(prefix);
  Put(name);
  stack_.push_back({names_size_});
  PushName(prefix);
  PushName(name);
  tag_open_ = true;
}

Writer& Writer::Start(std::string_view name) {
  StartTag({}, name);
  return *this;
}

void Writer::AttrKey(std::string_view key) {
  Put(' ');
  Put(key);
  Put("=\"");
}

Writer& Writer::Attr(std::string_view key, std::string_view value) {
  AttrKey(key);
  EscapeAttribute(value);
  Put('"');
  return *this;
}

// Numbers need no escaping.
Writer& Writer::Attr(std::string_view key, double value) {
  AttrKey(key);
  PutNumber(value);
  Put('"');
  return *this;
}

Writer& Writer::Attr(std::string_view key, const Numbers& value) {
  AttrKey(key);
  PutNumbers(value);
  Put('"');
  return *this;
}

void Writer::OpenText() {
  Put('>');
  tag_open_ = false;
  stack_.back().text = true;
}

Writer& Writer::Text(std::string_view text) {
  OpenText();
  EscapeText(text);
  return *this;
}

Writer& Writer::Text(const Numbers& numbers) {
  OpenText();
  PutNumbers(numbers);
  return *this;
}

void Writer::End() {
  const Open open = stack_.back();
  stack_.pop_back();
  if (tag_open_) {
    Put("/>\n");
    tag_open_ = false;
  } else {
    if (!open.text) Indent();
    CloseLeaf(std::string_view(names_.data() + open.name_begin,
                               names_size_ - open.name_begin));
  }
  names_size_ = open.name_begin;
  FlushAtTopLevel();
}

void Writer::OpenLeaf(std::string_view name) {
  CloseStartTag();
  Indent();
  Put('<');
  Put(name);
  Put('>');
}

void Writer::CloseLeaf(std::string_view name) {
  Put("</");
  Put(name);
  Put(">\n");
}

void Writer::Leaf(std::string_view name, std::string_view text) {
  OpenLeaf(name);
  EscapeText(text);
  CloseLeaf(name);
  FlushAtTopLevel();
}

void Writer::Leaf(std::string_view name, double value) {
  OpenLeaf(name);
  PutNumber(value);
  CloseLeaf(name);
  FlushAtTopLevel();
}

void Writer::Leaf(std::string_view name, const Numbers& numbers) {
  OpenLeaf(name);
  PutNumbers(numbers);
  CloseLeaf(name);
  FlushAtTopLevel();
}

void Writer::Leaf(std::string_view name, std::string_view key,
                  std::string_view value, std::string_view text) {
  Start(name).Attr(key, value);
  if (!text.empty()) Text(text);
  End();
}

void Writer::Verbatim(const frames::Element& e, std::string_view prefix) {
  if (!prefix.empty() && e.name.find(':') != std::string::npos) prefix = {};
  StartTag(prefix, e.name);
  for (const auto& [k, v] : e.attributes) Attr(k, v);
  if (e.children.empty() && !e.text.empty()) {
    Text(e.text);  // one line: <name attrs>text</name>
  } else if (!e.text.empty()) {
    CloseStartTag();
    Indent();
    EscapeText(e.text);
    Put('\n');
  }
  for (const auto& c : e.children) Verbatim(c);
  End();
}

}  // namespace xml
