#include "xml/writer.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <initializer_list>

namespace xml {
namespace {

// The longest text FormatDoubleTo writes ("-2.2250738585072014e-308" is 24).
constexpr size_t kMaxDoubleChars = 32;

// Powers of ten, all exact doubles (every one up to 1e22 is).
constexpr double kPow10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,
                             1e7,  1e8,  1e9,  1e10, 1e11, 1e12, 1e13,
                             1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20};

// What std::to_chars(v) writes (the shortest text that reads back as v, in
// fixed notation unless scientific is shorter), computed directly for the
// numbers files are full of: decimals of at most 15 significant digits
// ("0.05", "-1.5708", "120") written in fixed notation. nullptr for any
// other number, which std::to_chars then formats: its general algorithm
// takes nearly twice as long.
//
// Why the text is the same: two different decimals of at most 15
// significant digits never read back as the same double (DBL_DIG is 15),
// so the only such decimal that reads back as v is the 15-digit one nearest
// to v, with its trailing zeros dropped, and nothing shorter does.
char* FormatShortDecimal(char* first, double v) {
  const double a = std::fabs(v);
  if (!(a >= 1e-5 && a < 1e15)) return nullptr;  // NaN too
  // v is r * 10^-k: an integer as it is, otherwise the 15-digit decimal
  // nearest to it, if that reads back as v.
  int64_t r = static_cast<int64_t>(a);
  int k = 0;
  if (static_cast<double>(r) != a) {
    // a in [2^e2, 2^(e2 + 1)); (e2 * 78913) >> 18 is floor(e2 * log10(2)),
    // the decimal exponent of a or one less: a * 10^k has 15 or 16 digits.
    uint64_t bits;
    std::memcpy(&bits, &a, sizeof bits);
    const int e2 = static_cast<int>(bits >> 52) - 1023;
    k = 14 - ((e2 * 78913) >> 18);
    double scaled = a * kPow10[k];
    if (scaled >= 1e15) scaled = a * kPow10[--k];
    r = static_cast<int64_t>(scaled + 0.5);
    // Both operands are exact, so the division rounds as reading the
    // decimal r * 10^-k does.
    if (r >= 1000000000000000 || static_cast<double>(r) / kPow10[k] != a)
      return nullptr;
  }
  // d: r without its trailing zeros (at most 14), s significant digits.
  // Stripped 8, 4, 2, then 1 at a time; the divisors are constants, which
  // the compiler turns into multiplications.
  uint64_t d = static_cast<uint64_t>(r);
  int zeros = 0;
  const auto strip = [&d, &zeros](uint64_t power, int count) {
    if (d % power == 0) {
      d /= power;
      zeros += count;
    }
  };
  strip(100000000, 8);
  strip(10000, 4);
  strip(100, 2);
  strip(10, 1);
  char digits[16];
  const int s = static_cast<int>(
      std::to_chars(digits, digits + sizeof digits, d).ptr - digits);
  // x: the decimal exponent of the first digit, within -6 .. 14 here.
  const int x = s + zeros - 1 - k;
  const int scientific = s + (s > 1 ? 1 : 0) + 4;  // "d.ddde-05"
  const int fixed = x >= 0 ? (s > x + 1 ? s + 1 : x + 1) : s + 1 - x;
  if (fixed > scientific) return nullptr;
  char* p = first;
  if (v < 0) *p++ = '-';
  if (x < 0) {  // 0.000ddd
    *p++ = '0';
    *p++ = '.';
    p = std::fill_n(p, -x - 1, '0');
    p = std::copy_n(digits, s, p);
  } else if (s <= x + 1) {  // ddd000
    p = std::copy_n(digits, s, p);
    p = std::fill_n(p, x + 1 - s, '0');
  } else {  // dd.ddd
    p = std::copy_n(digits, x + 1, p);
    *p++ = '.';
    p = std::copy_n(digits + x + 1, s - x - 1, p);
  }
  return p;
}

// Shortest round-trip text of `v` at `first`; returns its end.
char* FormatDoubleTo(char* first, double v) {
  if (v == 0.0) {  // also turns -0 into 0
    *first = '0';
    return first + 1;
  }
  if (char* end = FormatShortDecimal(first, v)) return end;
  return std::to_chars(first, first + kMaxDoubleChars, v).ptr;
}

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
  char buf[kMaxDoubleChars];
  out->append(buf, FormatDoubleTo(buf, v));
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
}

void Writer::PutLong(std::string_view s) {
  Flush();
  if (s.size() > kBufferSize) {  // a long text: past the buffer
    out_->append(s);
    return;
  }
  Put(s);
}

void Writer::PutNumber(double v) {
  char* p = Room(kMaxDoubleChars);
  used_ = FormatDoubleTo(p, v) - buf_;
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
