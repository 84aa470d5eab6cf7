#include "xml/reader.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <limits>
#include <sstream>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "element/leading_number.h"

namespace xml {
namespace {

bool IsSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' ||
         c == '\v';
}

std::string_view Trim(std::string_view s) {
  while (!s.empty() && IsSpace(s.front())) s.remove_prefix(1);
  while (!s.empty() && IsSpace(s.back())) s.remove_suffix(1);
  return s;
}

std::string Quote(std::string_view s) {
  std::string q = "'";
  q.append(s.substr(0, 60));
  if (s.size() > 60) q += "...";
  return q + "'";
}

// Reports XACRO_UNEXPANDED when `text` holds a $(...) or ${...} that xacro
// should have expanded; returns whether it did.
bool ReportIfXacro(std::string_view text, const What& what, const Node* e,
                   const Context& ctx) {
  if (text.find("$(") == std::string_view::npos &&
      text.find("${") == std::string_view::npos) {
    return false;
  }
  ctx.Error(e, frames::Code::XACRO_UNEXPANDED, what.str() + " " + Quote(text) +
                       " is an unexpanded xacro expression; run xacro on the "
                       "file first");
  return true;
}

}  // namespace

bool CheckFileSize(std::string_view text, const std::string& source,
                   const Limits& limits, frames::Diagnostics* diags) {
  if (text.size() <= limits.max_file_size) return true;
  const int line = 1 + static_cast<int>(std::count(
                           text.begin(), text.begin() + limits.max_file_size,
                           '\n'));
  diags->Error(frames::Code::FILE_TOO_LARGE,
               "the input is larger than the limit of " +
                   std::to_string(limits.max_file_size) +
                   " bytes (--max-file-size); refused where it exceeds it",
               {source, line});
  return false;
}

namespace {

// Reads the open descriptor `fd` to its end, but no further than one byte
// past `limits.max_file_size`; on failure reports IO_ERROR "cannot read
// WHAT: reason" on `source`, and FILE_TOO_LARGE when it is larger.
std::optional<std::string> ReadAll(int fd, const std::string& what,
                                   const std::string& source,
                                   const Limits& limits,
                                   frames::Diagnostics* diags) {
  std::string data;
  // A regular file's size is known: reserving it (up to one byte past the
  // limit) reads without regrowing, which for a large file copied it about
  // twice over and held the old and the new copy at once.
  struct stat st;
  if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
    data.reserve(std::min<size_t>(static_cast<size_t>(st.st_size),
                                  limits.max_file_size) + 1);
  }
  char buf[1 << 16];
  for (;;) {
    const size_t left = limits.max_file_size - data.size();  // never < 0
    const ssize_t n = ::read(fd, buf, left < sizeof buf ? left + 1 : sizeof buf);
    if (n == 0) return data;
    if (n < 0) {
      if (errno == EINTR) continue;
      diags->Error(frames::Code::IO_ERROR,
                   "cannot read " + what + ": " + std::strerror(errno),
                   {source, 0});
      return std::nullopt;
    }
    data.append(buf, static_cast<size_t>(n));
    if (!CheckFileSize(data, source, limits, diags)) return std::nullopt;
  }
}

}  // namespace

std::optional<std::string> ReadFile(const std::string& path,
                                    frames::Diagnostics* diags,
                                    const Limits& limits) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) {
    diags->Error(frames::Code::IO_ERROR,
                 "cannot open '" + path + "' for reading: " +
                     std::strerror(errno),
                 {path, 0});
    return std::nullopt;
  }
  auto data = ReadAll(fd, "'" + path + "'", path, limits, diags);
  ::close(fd);
  return data;
}

std::optional<std::string> ReadStandardInput(frames::Diagnostics* diags,
                                             const Limits& limits) {
  return ReadAll(STDIN_FILENO, "standard input", "<stdin>", limits, diags);
}

bool Parse(std::string_view text, const std::string& file, Document* doc,
           frames::Diagnostics* diags, const Limits& limits) {
  if (!CheckFileSize(text, file, limits, diags)) return false;
  return ParseOwned(std::string(text), file, doc, diags, limits);
}

bool ParseOwned(std::string text, const std::string& file, Document* doc,
                frames::Diagnostics* diags, const Limits& limits) {
  if (!CheckFileSize(text, file, limits, diags)) return false;
  if (!doc->ParseOwned(std::move(text), limits)) {
    const frames::Code code = doc->ErrorCode();
    diags->Error(code,
                 code == frames::Code::XML_ERROR
                     ? "not well-formed XML: " + doc->Error()
                     : doc->Error(),
                 {file, doc->ErrorLine()});
    return false;
  }
  if (const int line = doc->MalformedDeclarationLine()) {
    diags->Warning(frames::Code::XML_DECLARATION_MALFORMED,
                   "the file starts with '?xml ...?>', an XML declaration "
                   "without its '<'; it was ignored",
                   {file, line});
  }
  if (const int line = doc->MisplacedDeclarationLine()) {
    diags->Warning(frames::Code::XML_DECLARATION_MISPLACED,
                   "the XML declaration is not at the start of the file; "
                   "it was ignored",
                   {file, line});
  }
  return true;
}

void Context::Report(frames::Severity severity, const Node* e,
                     frames::Code code, std::string message) const {
  diags->Add({severity, code, std::move(message), At(e), ElementPath(e)});
}

std::string What::str() const {
  if (!element_) return std::string(text_);
  std::string s = std::string("<") + element_->Name() + ">";
  if (attr_) s.append(" ").append(attr_);
  return s;
}

bool ParseNumbers(std::string_view text, int n, double* out) {
  // One pass over the text: white space skipped before each number and
  // after it (a number never takes white space, so reading up to the
  // text's end or to its last non-blank is the same).
  const char* p = text.data();
  const char* const end = p + text.size();
  while (p != end && IsSpace(*p)) ++p;
  for (int k = 0; k < n; ++k) {
    const auto res = frames::FromChars(p, end, out[k]);
    if (res.ec != std::errc() || res.ptr == p) return false;
    const char* next = res.ptr;
    while (next != end && IsSpace(*next)) ++next;
    if (k + 1 < n && next == res.ptr) return false;  // none between numbers
    p = next;
  }
  return p == end;
}

std::optional<std::vector<double>> ParseNumberList(std::string_view text) {
  std::vector<double> out;
  std::string_view s = Trim(text);
  while (!s.empty()) {
    if (s.front() == '+') s.remove_prefix(1);
    double v = 0;
    const auto res = frames::FromChars(s.data(), s.data() + s.size(), v);
    if (res.ec != std::errc() || res.ptr == s.data() || !std::isfinite(v))
      return std::nullopt;
    s = s.substr(res.ptr - s.data());
    if (!s.empty() && !IsSpace(s.front())) return std::nullopt;
    s = Trim(s);
    out.push_back(v);
  }
  if (out.empty()) return std::nullopt;
  return out;
}

double Infinity(std::string_view text) {
  std::string_view v = Trim(text);
  double sign = 1.0;
  if (!v.empty() && (v[0] == '-' || v[0] == '+')) {
    sign = v[0] == '-' ? -1.0 : 1.0;
    v.remove_prefix(1);
  }
  std::string lower(v);
  for (char& c : lower)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return lower == "inf" || lower == "infinity"
             ? sign * std::numeric_limits<double>::infinity()
             : 0.0;
}

std::optional<double> ParseDouble(std::string_view text, const What& what,
                                  const Node* e, const Context& ctx) {
  const std::string_view original = Trim(text);
  const frames::LeadingNumber n = frames::ReadLeadingNumber(original);
  if (n.kind == frames::LeadingNumber::Kind::kOutOfRange) {
    // Underflow reads as (nearly) zero, as strtod does; overflow is an error.
    const double d = std::strtod(std::string(n.number).c_str(), nullptr);
    if (std::isfinite(d) && std::abs(d) < 1.0) return d;
    ctx.Error(e, frames::Code::NUMBER_NOT_FINITE, what.str() + " " + Quote(original) + " is out of range");
    return std::nullopt;
  }
  if (n.kind == frames::LeadingNumber::Kind::kNone) {
    if (!ReportIfXacro(original, what, e, ctx)) {
      ctx.Error(e, frames::Code::NUMBER_INVALID, what.str() + " " + Quote(original) + " is not a number");
    }
    return std::nullopt;
  }
  if (!std::isfinite(n.value)) {
    ctx.Error(e, frames::Code::NUMBER_NOT_FINITE, what.str() + " " + Quote(original) + " is not a finite number");
    return std::nullopt;
  }
  const std::string_view rest = n.rest;
  if (!rest.empty()) {
    if (rest == "," || rest == ".") {
      ctx.Warning(e, frames::Code::NUMBER_TRAILING_CHARACTERS, what.str() + " " + Quote(original) + " ends in '" +
                             std::string(rest) + "'; read as " +
                             std::string(n.number));
    } else if (ctx.leading_numbers &&
               n.kind != frames::LeadingNumber::Kind::kHexadecimal) {
      if (ReportIfXacro(original, what, e, ctx)) return std::nullopt;
      ctx.Warning(e, frames::Code::NUMBER_TRAILING_CHARACTERS,
                  what.str() + " " + Quote(original) + ": '" +
                      std::string(rest) +
                      "' after the number is ignored; read as " +
                      std::string(n.number));
    } else {
      ctx.Error(e, frames::Code::NUMBER_INVALID, what.str() + " " + Quote(original) + " is not a number");
      return std::nullopt;
    }
  }
  return n.value;
}

bool ParseVector(std::string_view text, int n, const What& what,
                 const Node* e, const Context& ctx, double* out) {
  // The common case first: exactly n finite numbers, each read whole
  // (ParseNumbers' reading). Anything else (a '+', trailing text, too few
  // or too many) is read below, as ParseDouble reads it, with its
  // diagnostics; `out` is written only on success.
  if (n <= 8) {
    double v[8];
    if (ParseNumbers(text, n, v) &&
        std::all_of(v, v + n, [](double d) { return std::isfinite(d); })) {
      std::copy_n(v, n, out);
      return true;
    }
  }
  // Tokens are taken one at a time from the text, twice (a vector of views
  // would cost an allocation per value read).
  size_t i = 0;
  auto next_token = [&]() -> std::string_view {
    while (i < text.size() && IsSpace(text[i])) ++i;
    const size_t start = i;
    while (i < text.size() && !IsSpace(text[i])) ++i;
    return text.substr(start, i - start);
  };
  int count = 0;
  while (!next_token().empty()) ++count;
  i = 0;
  if (count < n) {
    if (count > 0 && ReportIfXacro(next_token(), what, e, ctx)) return false;
    ctx.Error(e, frames::Code::VECTOR_SIZE_INVALID, what.str() + " " + Quote(text) + " has " +
                         std::to_string(count) + " numbers, expected " +
                         std::to_string(n));
    return false;
  }
  for (int k = 0; k < n; ++k) {
    auto v = ParseDouble(next_token(), what, e, ctx);
    if (!v) return false;
    out[k] = *v;
  }
  if (count > n) {
    std::string extra;
    for (std::string_view t = next_token(); !t.empty(); t = next_token()) {
      if (!extra.empty()) extra.push_back(' ');
      extra.append(t);
    }
    ctx.Warning(e, frames::Code::VECTOR_EXTRA_COMPONENTS, what.str() + " " + Quote(text) + " has " +
                           std::to_string(count) + " numbers; the first " +
                           std::to_string(n) + " are used and '" + extra +
                           "' is ignored");
  }
  return true;
}

std::optional<double> DoubleAttribute(const Node* e, const char* attr,
                                      const Context& ctx) {
  const char* v = e->Attribute(attr);
  if (!v) return std::nullopt;
  return ParseDouble(v, What(e, attr), e, ctx);
}

std::optional<Eigen::Vector3d> Vector3Attribute(const Node* e,
                                                const char* attr,
                                                const Context& ctx) {
  const char* v = e->Attribute(attr);
  if (!v) return std::nullopt;
  Eigen::Vector3d out;
  if (!ParseVector(v, 3, What(e, attr), e, ctx, out.data())) {
    return std::nullopt;
  }
  return out;
}

std::string_view Text(const Node* e) {
  const char* t = e->GetText();
  return t ? Trim(t) : std::string_view();
}

frames::Element ToElement(const Node* e, const Context& ctx) {
  frames::Element out;
  out.name = e->Name();
  out.where = ctx.At(e);
  size_t n = 0;
  for (const Attr* a = e->FirstAttribute(); a; a = a->Next()) ++n;
  out.attributes.reserve(n);
  for (const Attr* a = e->FirstAttribute(); a; a = a->Next()) {
    out.attributes.emplace_back(a->Name(), a->Value());
  }
  for (const TextRun* t = e->FirstText(); t; t = t->Next()) {
    std::string_view s = Trim(t->Value());
    if (!s.empty()) {
      if (!out.text.empty()) out.text.push_back(' ');
      out.text.append(s);
    }
  }
  n = 0;
  for (const Node* c = e->FirstChildElement(); c; c = c->NextSiblingElement())
    ++n;
  out.children.reserve(n);
  for (const Node* c = e->FirstChildElement(); c; c = c->NextSiblingElement()) {
    out.children.push_back(ToElement(c, ctx));
  }
  return out;
}

}  // namespace xml
