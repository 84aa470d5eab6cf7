#include "xml/dom.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <set>
#include <string>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace xml {
namespace {

// What the parser asks of a byte, as one table lookup: the scans over
// names and white space look at every byte of a tag.
constexpr unsigned char kNameStartBit = 1, kNameCharBit = 2, kSpaceBit = 4;
struct CharTable {
  unsigned char of[256] = {};
  constexpr CharTable() {
    // XML name characters, as tinyxml2 reads them: ASCII letters, '_', ':'
    // and every byte of a multi-byte UTF-8 sequence start a name; digits,
    // '.' and '-' may follow.
    for (int c = 0; c < 256; ++c) {
      const bool start = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                         c == '_' || c == ':' || c >= 0x80;
      const bool name = start || (c >= '0' && c <= '9') || c == '.' ||
                        c == '-';
      of[c] = (start ? kNameStartBit : 0) | (name ? kNameCharBit : 0);
    }
    for (unsigned char c : {' ', '\t', '\n', '\r'}) of[c] |= kSpaceBit;
  }
  bool Is(char c, unsigned char bit) const {
    return (of[static_cast<unsigned char>(c)] & bit) != 0;
  }
};
constexpr CharTable kChars;

bool IsSpace(char c) { return kChars.Is(c, kSpaceBit); }

// The first byte of [p, end) that is one of a, b, c, d; end when none.
// Sixteen bytes at a time where the machine has SSE2 (every x86-64): the
// parser scans every attribute value and text run with it.
const char* FindFirstOf(const char* p, const char* end, char a, char b, char c,
                        char d) {
#if defined(__SSE2__)
  const __m128i va = _mm_set1_epi8(a), vb = _mm_set1_epi8(b),
                vc = _mm_set1_epi8(c), vd = _mm_set1_epi8(d);
  while (end - p >= 16) {
    const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    const __m128i hit =
        _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, va), _mm_cmpeq_epi8(x, vb)),
                     _mm_or_si128(_mm_cmpeq_epi8(x, vc), _mm_cmpeq_epi8(x, vd)));
    const unsigned mask = static_cast<unsigned>(_mm_movemask_epi8(hit));
    if (mask != 0) return p + __builtin_ctz(mask);
    p += 16;
  }
#endif
  while (p < end && *p != a && *p != b && *p != c && *p != d) ++p;
  return p;
}

// The number of line feeds in [begin, end).
int CountLines(const char* begin, const char* end) {
  int n = 0;
  while (const void* nl = std::memchr(begin, '\n', end - begin)) {
    ++n;
    begin = static_cast<const char*>(nl) + 1;
  }
  return n;
}

}  // namespace

bool IsNameStart(char c) { return kChars.Is(c, kNameStartBit); }

bool IsNameChar(char c) { return kChars.Is(c, kNameCharBit); }

namespace {

// Whether XML 1.0 allows code point `cp` in a document (its Char
// production): tab, line ends, and everything from space up but the
// surrogates and U+FFFE, U+FFFF.
bool IsXmlChar(unsigned long cp) {
  if (cp < 0x20) return cp == 0x9 || cp == 0xA || cp == 0xD;
  return !(cp >= 0xD800 && cp <= 0xDFFF) && cp != 0xFFFE && cp != 0xFFFF &&
         cp <= 0x10FFFF;
}

// Appends code point `cp` (an XML character) as UTF-8 at `out`; returns the
// end.
char* AppendUtf8(unsigned long cp, char* out) {
  if (cp < 0x80) {
    *out++ = static_cast<char>(cp);
  } else if (cp < 0x800) {
    *out++ = static_cast<char>(0xC0 | (cp >> 6));
    *out++ = static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    *out++ = static_cast<char>(0xE0 | (cp >> 12));
    *out++ = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    *out++ = static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    *out++ = static_cast<char>(0xF0 | (cp >> 18));
    *out++ = static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    *out++ = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    *out++ = static_cast<char>(0x80 | (cp & 0x3F));
  }
  return out;
}

// The code point of the character reference ("&#65;", "&#x41;") at `s`
// (before `end`), with *after set past its ';'; -1 when `s` starts no
// character reference. A value past U+10FFFF reads as 0x110000.
long CharacterReference(const char* s, const char* end, const char** after) {
  if (end - s < 4 || s[1] != '#') return -1;
  const char* semi = static_cast<const char*>(
      std::memchr(s, ';', std::min<size_t>(end - s, 12)));
  if (!semi) return -1;
  const bool hex = s[2] == 'x';
  const char* d = s + (hex ? 3 : 2);
  if (d == semi) return -1;
  unsigned long cp = 0;
  for (; d < semi; ++d) {
    int v;
    if (*d >= '0' && *d <= '9') v = *d - '0';
    else if (hex && *d >= 'a' && *d <= 'f') v = *d - 'a' + 10;
    else if (hex && *d >= 'A' && *d <= 'F') v = *d - 'A' + 10;
    else return -1;
    cp = std::min<unsigned long>(cp * (hex ? 16 : 10) + v, 0x110000);
  }
  *after = semi + 1;
  return static_cast<long>(cp);
}

// Decodes the reference at `s` ('&' ... ';', before `end`) into `out`;
// returns the position after it in the input and advances `*out`, or nullptr
// (and writes nothing) when it is not a reference this parser knows. A
// character reference to what is no XML character is refused before
// decoding (see BadCharacterReference).
const char* DecodeReference(const char* s, const char* end, char** out) {
  const char* after = nullptr;
  const long cp = CharacterReference(s, end, &after);
  if (cp >= 0) {
    if (!IsXmlChar(static_cast<unsigned long>(cp))) return nullptr;
    *out = AppendUtf8(static_cast<unsigned long>(cp), *out);
    return after;
  }
  const char* semi = static_cast<const char*>(
      std::memchr(s, ';', std::min<size_t>(end - s, 12)));
  if (!semi) return nullptr;
  const std::string_view ref(s + 1, semi - s - 1);
  char c = 0;
  if (ref == "lt") c = '<';
  else if (ref == "gt") c = '>';
  else if (ref == "amp") c = '&';
  else if (ref == "quot") c = '"';
  else if (ref == "apos") c = '\'';
  if (!c) return nullptr;
  *(*out)++ = c;
  return semi + 1;
}

// The first character reference in [s, end) to what XML does not allow in
// a document ("&#0;", "&#xD800;", "&#x110000;"), or nullptr.
const char* BadCharacterReference(const char* s, const char* end) {
  for (const char* amp = s;
       (amp = static_cast<const char*>(std::memchr(amp, '&', end - amp)));
       ++amp) {
    const char* after = nullptr;
    const long cp = CharacterReference(amp, end, &after);
    if (cp >= 0 && !IsXmlChar(static_cast<unsigned long>(cp))) return amp;
  }
  return nullptr;
}

// The first entity reference in [s, end) ('&', a name, ';') to an entity
// other than the five XML predefines ("&nbsp;", "&a;" of a DTD), or
// nullptr. A '&' that starts no such reference ("& more", "&amp") is
// text, as tinyxml2 reads it.
const char* UnsupportedEntityReference(const char* s, const char* end) {
  for (const char* amp = s;
       (amp = static_cast<const char*>(std::memchr(amp, '&', end - amp)));
       ++amp) {
    const char* q = amp + 1;
    if (q >= end || !IsNameStart(*q)) continue;
    while (q < end && IsNameChar(*q)) ++q;
    if (q >= end || *q != ';') continue;
    const std::string_view name(amp + 1, q - amp - 1);
    if (name != "lt" && name != "gt" && name != "amp" && name != "quot" &&
        name != "apos") {
      return amp;
    }
  }
  return nullptr;
}

// The length of the UTF-8 sequence at `s` (before `end`) when it encodes an
// XML character (RFC 3629: shortest form, no surrogates); 0 when it does
// not.
size_t Utf8CharLength(const unsigned char* s, const unsigned char* end) {
  const unsigned char c = s[0];
  size_t n;
  unsigned long cp;
  if (c < 0x80) return IsXmlChar(c) ? 1 : 0;
  if (c >= 0xC2 && c <= 0xDF) n = 2, cp = c & 0x1F;
  else if (c >= 0xE0 && c <= 0xEF) n = 3, cp = c & 0x0F;
  else if (c >= 0xF0 && c <= 0xF4) n = 4, cp = c & 0x07;
  else return 0;
  if (static_cast<size_t>(end - s) < n) return 0;
  for (size_t k = 1; k < n; ++k) {
    if ((s[k] & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (s[k] & 0x3F);
  }
  const unsigned long kMin[] = {0, 0, 0x80, 0x800, 0x10000};
  return cp >= kMin[n] && IsXmlChar(cp) ? n : 0;
}

#if defined(__SSE2__)
// 0xFF at each byte of `x` that is not printable ASCII, tab or a line end.
__m128i NotPlain(__m128i x) {
  // Signed, every byte >= 0x80 is below 0x20 too.
  const __m128i low = _mm_cmplt_epi8(x, _mm_set1_epi8(0x20));
  const __m128i line = _mm_or_si128(
      _mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('\n')),
                   _mm_cmpeq_epi8(x, _mm_set1_epi8('\r'))),
      _mm_cmpeq_epi8(x, _mm_set1_epi8('\t')));
  return _mm_andnot_si128(line, low);
}
#endif

// The first byte of [s, end) that starts no XML character in UTF-8 (a NUL,
// a control character, a malformed or overlong sequence, a surrogate), or
// nullptr. Many bytes at a time while they are printable ASCII or line
// ends; the first other byte of a block is found from the block's mask, and
// only it is looked at one at a time.
const char* FindInvalidCharacter(const char* begin, const char* end) {
  const auto* s = reinterpret_cast<const unsigned char*>(begin);
  const auto* e = reinterpret_cast<const unsigned char*>(end);
  while (s < e) {
#if defined(__SSE2__)
    // Four blocks at a time while all are plain (most of a document).
    while (e - s >= 64) {
      __m128i bad = _mm_setzero_si128();
      for (int k = 0; k < 4; ++k) {
        const __m128i x =
            _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + 16 * k));
        bad = _mm_or_si128(bad, NotPlain(x));
      }
      if (_mm_movemask_epi8(bad) != 0) break;
      s += 64;
    }
    if (s == e) break;
    if (e - s >= 16) {
      const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s));
      const unsigned mask =
          static_cast<unsigned>(_mm_movemask_epi8(NotPlain(x)));
      if (mask == 0) {
        s += 16;
        continue;
      }
      s += __builtin_ctz(mask);
    }
#else
    if (e - s >= 8) {
      constexpr uint64_t kOnes = 0x0101010101010101ull;
      uint64_t x;
      std::memcpy(&x, s, 8);
      // Little-endian, the lowest byte flagged is the first in memory
      // that is >= 0x80 or < 0x20 (no borrow reaches it from below: every
      // byte under it is in 0x20 .. 0x7F). Big-endian, the bytes are looked
      // at one at a time from s.
      const uint64_t mask = (x | (x - 0x20 * kOnes)) & (0x80 * kOnes);
      if (mask == 0) {
        s += 8;
        continue;
      }
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
      s += __builtin_ctzll(mask) / 8;
#endif
    }
#endif
    const size_t n = Utf8CharLength(s, e);
    if (n == 0) return reinterpret_cast<const char*>(s);
    s += n;
  }
  return nullptr;
}

// What is wrong with the character at `s`, for a message.
std::string DescribeInvalidCharacter(const char* s, const char* end) {
  const unsigned char c = static_cast<unsigned char>(*s);
  if (c == 0) return "a NUL byte";
  char hex[8];
  if (c < 0x80) {
    std::snprintf(hex, sizeof hex, "%02X", c);
    return std::string("control character U+00") + hex +
           ", which XML does not allow";
  }
  std::string bytes;
  for (const char* b = s; b < end && b < s + 4; ++b) {
    std::snprintf(hex, sizeof hex, "%s%02X", bytes.empty() ? "" : " ",
                  static_cast<unsigned char>(*b));
    bytes += hex;
    if (b + 1 < end && (static_cast<unsigned char>(b[1]) & 0xC0) != 0x80) break;
  }
  return "bytes " + bytes + ", which are not UTF-8 (or encode no XML "
         "character)";
}

// Decodes references (when `references`) and line ends of a value or text
// that ends at `end`, in place (the result is never longer); returns the
// decoded end. `first` is its first '\r' or (with `references`) '&',
// which the caller noted while scanning for the end; nullptr when there is
// none, and then there is nothing to decode.
char* DecodeInPlace(char* end, char* first, bool references) {
  if (!first) return end;
  char* out = first;
  for (const char* in = first; in < end;) {
    if (*in == '\r') {
      *out++ = '\n';
      in += (in + 1 < end && in[1] == '\n') ? 2 : 1;
    } else if (references && *in == '&') {
      const char* next = DecodeReference(in, end, &out);
      if (next) {
        in = next;
      } else {
        *out++ = *in++;
      }
    } else {
      *out++ = *in++;
    }
  }
  return out;
}

}  // namespace

bool IsName(std::string_view name) {
  if (name.empty() || !IsNameStart(name.front()) || name.front() == ':' ||
      name.back() == ':') {
    return false;
  }
  for (const char c : name) {
    if (!IsNameChar(c)) return false;
  }
  return FindInvalidCharacter(name.data(), name.data() + name.size()) ==
         nullptr;
}

template <typename T>
T* Document::Pool<T>::Grow() {
  // Blocks grow with the document, so a large one needs few of them.
  // Storage only (new unsigned char[] initializes nothing), aligned for T
  // as operator new[] aligns for any fundamental type.
  static_assert(alignof(T) <= alignof(std::max_align_t));
  capacity_ = blocks_.empty() ? 64 : std::min<size_t>(capacity_ * 2, 16384);
  blocks_.emplace_back(new unsigned char[capacity_ * sizeof(T)]);
  block_ = blocks_.back().get();
  used_ = 1;
  return new (block_) T();
}

void Document::TrimAttributeValues() {
  trim_attribute_values_ = true;
  // Every element of a document already parsed, without recursion (a
  // document may be deep).
  std::vector<Node*> todo;
  for (Node* n = root_; n; n = n->next_sibling_) todo.push_back(n);
  while (!todo.empty()) {
    Node* n = todo.back();
    todo.pop_back();
    for (Attr* a = n->first_attr_; a; a = a->next_) {
      const char* v = a->value_;
      while (IsSpace(*v)) ++v;
      size_t len = std::strlen(v);
      if (len > 0 && IsSpace(v[len - 1])) {
        while (len > 0 && IsSpace(v[len - 1])) --len;
        // Values live in buffer_, this document's own writable copy.
        const_cast<char*>(v)[len] = '\0';
      }
      a->value_ = v;
    }
    for (Node* c = n->first_child_; c; c = c->next_sibling_) todo.push_back(c);
  }
}

const char* Node::Attribute(const char* name) const {
  for (const Attr* a = first_attr_; a; a = a->next_) {
    if (NamesEqual(a->name_, name)) return a->value_;
  }
  return nullptr;
}

const Node* Node::FirstChildElement(const char* name) const {
  const Node* c = first_child_;
  if (name) {
    while (c && !NamesEqual(c->name_, name)) c = c->next_sibling_;
  }
  return c;
}

const Node* Node::NextSiblingElement(const char* name) const {
  const Node* c = next_sibling_;
  if (name) {
    while (c && !NamesEqual(c->name_, name)) c = c->next_sibling_;
  }
  return c;
}

void AppendPathStep(std::string* path, std::string_view name,
                    const char* name_attribute) {
  path->push_back('/');
  path->append(name);
  if (name_attribute) {
    path->push_back('[');
    path->append(name_attribute);
    path->push_back(']');
  }
}

std::string ElementPath(const Node* e) {
  std::vector<const Node*> chain;
  for (; e; e = e->Parent()) chain.push_back(e);
  std::string path;
  for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
    AppendPathStep(&path, (*it)->Name(), (*it)->Attribute("name"));
  }
  return path;
}

class Document::Parser {
 public:
  // Document::ErrorCode() values.
  static constexpr frames::Code kSyntaxError = frames::Code::XML_ERROR;
  static constexpr frames::Code kCharacterError = frames::Code::XML_CHARACTER_INVALID;
  static constexpr frames::Code kNameError = frames::Code::XML_NAME_INVALID;
  static constexpr frames::Code kDepthError = frames::Code::XML_NESTING_TOO_DEEP;
  static constexpr frames::Code kEntityError = frames::Code::XML_ENTITY_UNSUPPORTED;
  static constexpr frames::Code kCountError = frames::Code::XML_TOO_MANY_ELEMENTS;

  // *end must be a NUL (the terminator of the std::string parsed): once
  // Run has found no NUL before it, the scans over names and white space
  // stop there without comparing positions.
  Parser(Document* doc, char* begin, char* end, const Limits& limits)
      : doc_(doc), p_(begin), end_(end), limits_(limits) {}

  bool Run() {
    if (const char* bad = FindInvalidCharacter(p_, end_)) {
      return Fail(LineAfter(p_, line_, bad),
                  "the document holds " + DescribeInvalidCharacter(bad, end_),
                  kCharacterError);
    }
    while (p_ < end_) {
      if (*p_ != '<') {
        if (!CharacterData()) return false;
        continue;
      }
      bool ok;
      switch (p_[1]) {  // *end_ when '<' is the last byte
        case '/':
          ok = EndTag();
          break;
        case '?':
          ok = Instruction();
          break;
        case '!':
          if (StartsWith("<!--")) ok = SkipPast(4, "-->", "comment");
          else if (StartsWith("<![CDATA[")) ok = Cdata();
          else if (StartsWith("<!DOCTYPE")) ok = Doctype();
          else ok = SkipPast(2, ">", "'<!' declaration");
          break;
        default:
          ok = StartTag();
      }
      if (!ok) return false;
    }
    for (char* e : text_ends_) *e = '\0';
    if (!open_.empty()) {
      const Node* n = open_.back().node;
      return Fail(n->line_, std::string("element <") + n->name_ +
                                "> is not closed at the end of the file");
    }
    if (!doc_->root_ && !seen_content_) {
      return Fail(line_, "the document is empty");
    }
    return true;
  }

 private:
  struct Open {
    Node* node;
    size_t name_size;
    Node* last_child = nullptr;
    TextRun* last_text = nullptr;
  };

  bool StartsWith(const char* s) const {
    const size_t n = std::strlen(s);
    return static_cast<size_t>(end_ - p_) >= n && std::memcmp(p_, s, n) == 0;
  }

  // The line of `q`, counted from `base` on line `base_line` (for a
  // message about a position the parser has gone past).
  static int LineAfter(const char* base, int base_line, const char* q) {
    return base_line + CountLines(base, q);
  }

  bool Fail(int line, std::string message,
            frames::Code code = kSyntaxError) {
    doc_->error_ = std::move(message);
    doc_->error_line_ = line;
    doc_->error_code_ = code;
    return false;
  }

  // False (the parse failed) when a reference in [amp, end) is to an
  // entity this parser does not read, or a character reference names what
  // is no XML character. `amp` is the first '&' of [begin, end), which
  // starts on line `line` and is not decoded yet.
  bool CheckReferences(const char* begin, int line, const char* amp,
                       const char* end) {
    if (const char* entity = UnsupportedEntityReference(amp, end)) {
      const char* semi = static_cast<const char*>(
          std::memchr(entity, ';', end - entity));
      std::string message = "entity reference '" +
                            std::string(entity, semi + 1) +
                            "' is not read: only &lt; &gt; &amp; &quot; "
                            "&apos; and character references are";
      if (doctype_line_ > 0) {
        message += " (entities declared in the DOCTYPE at line " +
                   std::to_string(doctype_line_) + " are never expanded)";
      }
      return Fail(LineAfter(begin, line, entity), message, kEntityError);
    }
    const char* bad = BadCharacterReference(amp, end);
    if (!bad) return true;
    const char* semi = static_cast<const char*>(std::memchr(bad, ';', end - bad));
    return Fail(LineAfter(begin, line, bad),
                "character reference '" + std::string(bad, semi + 1) +
                    "' names no character XML allows",
                kCharacterError);
  }

  // An element or attribute name (`what`, on `line`) with a namespace
  // prefix and nothing after it ("urdf:"), or a ':' and no prefix: no
  // namespace-aware reader accepts it, and a writer that strips the prefix
  // would print an empty name.
  bool CheckName(std::string_view name, const char* what, int line) {
    if (name.front() != ':' && name.back() != ':') return true;
    return NameError(name, what, line);
  }
  bool NameError(std::string_view name, const char* what, int line) {
    return Fail(line,
                std::string(what) + " name '" + std::string(name) + "' " +
                    (name.back() == ':'
                         ? "has nothing after its namespace prefix"
                         : "starts with ':' (an empty namespace prefix)"),
                kNameError);
  }

  // Skips from p_ + `skip` past `terminator`.
  bool SkipPast(size_t skip, std::string_view terminator, const char* what) {
    const std::string_view rest(p_ + skip, end_ - p_ - skip);
    const size_t at = rest.find(terminator);
    if (at == std::string_view::npos) {
      return Fail(line_, std::string(what) + " is not terminated");
    }
    seen_content_ = true;
    char* next = p_ + skip + at + terminator.size();
    line_ += CountLines(p_, next);
    p_ = next;
    return true;
  }

  // A document type declaration, internal subset included, skipped as
  // tinyxml2 skips it: nothing it declares is used, no external DTD or
  // entity is ever read, and the entities it declares are not expanded
  // (a reference to one is XML_ENTITY_UNSUPPORTED). Quoted literals,
  // comments and processing instructions in it may hold '>' and ']'.
  bool Doctype() {
    doctype_line_ = line_;
    const auto unterminated = [&] {
      return Fail(doctype_line_, "<!DOCTYPE is not terminated");
    };
    const char* q = p_ + 9;
    bool subset = false;
    while (q < end_) {
      const char c = *q;
      if (c == '"' || c == '\'') {
        q = static_cast<const char*>(std::memchr(q + 1, c, end_ - q - 1));
        if (!q) return unterminated();
        ++q;
      } else if (subset && end_ - q >= 4 && std::memcmp(q, "<!--", 4) == 0) {
        const std::string_view rest(q + 4, end_ - q - 4);
        const size_t at = rest.find("-->");
        if (at == std::string_view::npos) return unterminated();
        q += 4 + at + 3;
      } else if (subset && end_ - q >= 2 && std::memcmp(q, "<?", 2) == 0) {
        const std::string_view rest(q + 2, end_ - q - 2);
        const size_t at = rest.find("?>");
        if (at == std::string_view::npos) return unterminated();
        q += 2 + at + 2;
      } else if (c == '[' && !subset) {
        subset = true;
        ++q;
      } else if (c == ']' && subset) {
        subset = false;
        ++q;
      } else if (c == '>' && !subset) {
        seen_content_ = true;
        char* next = const_cast<char*>(q) + 1;
        line_ += CountLines(p_, next);
        p_ = next;
        return true;
      } else {
        ++q;
      }
    }
    return unterminated();
  }

  // An XML declaration or another processing instruction: skipped, but a
  // declaration after other content is noted (tinyxml2 refuses it; real
  // files have it after a leading comment).
  bool Instruction() {
    if (seen_content_ && StartsWith("<?xml") && p_ + 5 < end_ &&
        IsSpace(p_[5]) && doc_->misplaced_declaration_line_ == 0) {
      doc_->misplaced_declaration_line_ = line_;
    }
    return SkipPast(2, "?>", "processing instruction");
  }

  // "?xml" and white space ... "?>", then nothing but white space.
  static bool IsDeclarationWithoutAngle(const char* begin, const char* end) {
    std::string_view t(begin, end - begin);
    while (!t.empty() && IsSpace(t.back())) t.remove_suffix(1);
    return t.size() >= 7 && t.compare(0, 4, "?xml") == 0 && IsSpace(t[4]) &&
           t.compare(t.size() - 2, 2, "?>") == 0 &&
           t.find("?>") == t.size() - 2;
  }

  // Text [begin, end) that is more than white space, starting on line
  // `line`, its line ends already counted. `amp` and `cr`: its first '&'
  // (only with `references`) and '\r', nullptr when it has none.
  // `end` may be the '<' of the next tag, which the parser has yet to read:
  // the text's NUL goes in at the end of the parse.
  bool AddText(char* begin, char* end, int line, char* amp, char* cr,
               bool references) {
    if (open_.empty()) {
      char* text = begin;
      while (IsSpace(*text)) ++text;  // there is more than white space
      const int text_line = LineAfter(begin, line, text);
      if (!doc_->root_ && IsDeclarationWithoutAngle(text, end)) {
        // "?xml version=...?>" with its '<' lost: tinyxml2 keeps it as text
        // before the root and libsdformat reads the file; noted, skipped.
        if (doc_->malformed_declaration_line_ == 0)
          doc_->malformed_declaration_line_ = text_line;
        return true;
      }
      std::string_view shown(text, std::min<size_t>(end - text, 40));
      shown = shown.substr(0, shown.find_first_of("\r\n"));
      return Fail(text_line, "text outside the root element: '" +
                                 std::string(shown) + "'");
    }
    if (amp && !CheckReferences(begin, line, amp, end)) return false;
    char* first = cr;
    if (amp && (!first || amp < first)) first = amp;
    text_ends_.push_back(DecodeInPlace(end, first, references));
    Open& o = open_.back();
    TextRun* t = doc_->texts_.New();
    t->value_ = begin;
    if (o.last_text) {
      o.last_text->next_ = t;
    } else {
      o.node->first_text_ = t;
      o.node->text_leads_ = o.last_child == nullptr;
    }
    o.last_text = t;
    return true;
  }

  // Scans from `q` to the first `stop` (end_ when there is none), counting
  // the line ends it passes and noting the first '&' and '\r' (where
  // decoding starts) in *amp and *cr while they are nullptr.
  char* ScanTo(char* q, char stop, char** amp, char** cr) {
    while (true) {
      q = const_cast<char*>(FindFirstOf(q, end_, stop, '&', '\r', '\n'));
      if (q == end_ || *q == stop) return q;
      if (*q == '\n') {
        ++line_;
      } else if (*q == '&') {
        if (!*amp) *amp = q;
      } else if (!*cr) {
        *cr = q;
      }
      ++q;
    }
  }

  // Character data up to the next '<' (or the end).
  bool CharacterData() {
    char* begin = p_;
    const int line = line_;
    // White space between tags, the usual case: its line ends counted,
    // nothing kept. *end_ is no space.
    char* q = SkipSpaceFrom(p_);
    if (q == end_ || *q == '<') {
      p_ = q;
      return true;
    }
    // Text: to the next '<', its line ends counted and its first '&' and
    // '\r' noted for decoding.
    char* amp = nullptr;
    char* cr = static_cast<char*>(std::memchr(begin, '\r', q - begin));
    q = ScanTo(q, '<', &amp, &cr);
    p_ = q;
    seen_content_ = true;
    return AddText(begin, q, line, amp, cr, true);
  }

  bool Cdata() {
    char* begin = p_ + 9;
    const std::string_view rest(begin, end_ - begin);
    const size_t at = rest.find("]]>");
    if (at == std::string_view::npos) {
      return Fail(line_, "CDATA section is not terminated");
    }
    char* end = begin + at;
    const int line = line_;  // "<![CDATA[" holds no line end
    p_ = end + 3;
    line_ += CountLines(begin, p_);
    seen_content_ = true;
    for (const char* c = begin; c < end; ++c) {
      if (!IsSpace(*c)) {
        char* cr = static_cast<char*>(std::memchr(begin, '\r', at));
        return AddText(begin, end, line, nullptr, cr, false);
      }
    }
    return true;
  }

  // Reads a name at p_; nullptr when there is none. The caller
  // NUL-terminates it once the character after it has been looked at.
  // (*end_ is no name character.)
  char* Name() {
    if (!kChars.Is(*p_, kNameStartBit)) return nullptr;
    char* begin = p_;
    // In a local: the member would be stored back at every byte.
    char* q = p_;
    do {
      ++q;
    } while (kChars.Is(*q, kNameCharBit));
    p_ = q;
    return begin;
  }

  // Whether the NUL-terminated `a` is `name`.
  static bool NameIs(const char* a, std::string_view name) {
    for (const char c : name) {
      if (*a++ != c) return false;  // also at a's NUL: names hold none
    }
    return *a == '\0';
  }

  // The check that no attribute of a start tag is given twice: a scan of
  // the attributes read so far while there are few (most elements have one
  // to six), then an ordered set of their names, so that an element with
  // 100,000 attributes is not checked in quadratic time. (Ordered rather
  // than hashed: names come from untrusted input, and a fixed hash
  // function can be flooded with colliding names.)
  static constexpr size_t kScannedAttributes = 16;

  // Whether `node`, which has `count` attributes so far, has none named
  // `name`; records the name once the set is in use.
  bool IsNewAttribute(const Node* node, size_t count, std::string_view name) {
    if (count < kScannedAttributes) {
      for (const Attr* a = node->first_attr_; a; a = a->next_) {
        if (NameIs(a->name_, name)) return false;
      }
      return true;
    }
    if (count == kScannedAttributes) {
      tag_attribute_set_.clear();
      for (const Attr* a = node->first_attr_; a; a = a->next_) {
        tag_attribute_set_.insert(a->name_);
      }
    }
    return tag_attribute_set_.insert(name).second;
  }

  // Skips white space, counting its line ends (*end_ is no space).
  // (Inside a tag: runs of none or one space, for which one look at the
  // table is the cheapest test.)
  void SkipSpace() {
    while (IsSpace(*p_)) {
      if (*p_ == '\n') ++line_;
      ++p_;
    }
  }
  // The first byte from `q` on that is no white space, its line ends
  // counted: for the indentation between tags (a line end, then a few to
  // a few dozen spaces). Spaces, the most of it, cost one comparison
  // each; the position and the count are locals, not members stored back
  // per byte.
  char* SkipSpaceFrom(char* q) {
    int lines = 0;
    for (;; ++q) {
      if (*q == ' ') continue;
      if (*q == '\n') {
        ++lines;
        continue;
      }
      if (*q != '\t' && *q != '\r') break;
    }
    line_ += lines;
    return q;
  }

  // Whether the first and the last sizeof(Word) of the n bytes at a and b
  // are equal (Word <= n <= 2 Word: together all n).
  template <typename Word>
  static bool EndsEqual(const char* a, const char* b, size_t n) {
    Word a0, a1, b0, b1;
    std::memcpy(&a0, a, sizeof a0);
    std::memcpy(&b0, b, sizeof b0);
    std::memcpy(&a1, a + n - sizeof a1, sizeof a1);
    std::memcpy(&b1, b + n - sizeof b1, sizeof b1);
    return ((a0 ^ b0) | (a1 ^ b1)) == 0;
  }
  // Whether the n bytes at a and b are equal: inline for the short names
  // of end tags (two overlapping loads instead of a call to memcmp).
  static bool BytesEqual(const char* a, const char* b, size_t n) {
    if (n > 16) return std::memcmp(a, b, n) == 0;
    if (n >= 8) return EndsEqual<uint64_t>(a, b, n);
    if (n >= 4) return EndsEqual<uint32_t>(a, b, n);
    for (size_t k = 0; k < n; ++k) {
      if (a[k] != b[k]) return false;
    }
    return true;
  }

  bool EndTag() {
    // The usual case first: "</" the open element's name, then '>' (white
    // space allowed before it). Anything else goes the long way, which
    // reads the name and says what is wrong.
    if (!open_.empty()) {
      const Open& open = open_.back();
      const char* name = p_ + 2;
      const size_t n = open.name_size;
      if (end_ - name > static_cast<ptrdiff_t>(n) &&
          BytesEqual(name, open.node->name_, n) && name[n] == '>') {
        p_ = const_cast<char*>(name) + n + 1;
        open_.pop_back();
        return true;
      }
    }
    const int line = line_;  // of the '<'
    p_ += 2;
    char* name = Name();
    if (!name) return Fail(line, "'</' is not followed by a name");
    char* name_end = p_;
    SkipSpace();
    if (*p_ != '>') {  // also at *end_
      return Fail(line, "end tag </" + std::string(name, name_end - name) +
                            "> is not terminated by '>'");
    }
    ++p_;
    const std::string_view closing(name, name_end - name);
    if (open_.empty()) {
      return Fail(line, "end tag </" + std::string(closing) +
                            "> closes no open element");
    }
    const Open& open = open_.back();
    const Node* n = open.node;
    if (closing.size() != open.name_size ||
        std::memcmp(closing.data(), n->name_, open.name_size) != 0) {
      // Reported where the element left open starts, as tinyxml2 does.
      return Fail(n->line_, std::string("element <") + n->name_ +
                                "> is closed by </" + std::string(closing) +
                                "> at line " + std::to_string(line));
    }
    open_.pop_back();
    return true;
  }

  bool StartTag() {
    const int line = line_;  // of the '<'
    ++p_;
    char* name = Name();
    if (!name) return Fail(line, "'<' is not followed by an element name");
    if (open_.size() >= limits_.max_depth) {
      return Fail(line,
                  "element <" + std::string(name, p_ - name) + "> is nested " +
                      std::to_string(open_.size() + 1) +
                      " elements deep; the limit is " +
                      std::to_string(limits_.max_depth) + " (--max-depth)",
                  kDepthError);
    }
    if (++element_count_ > limits_.ElementLimit()) {
      return Fail(line,
                  "element <" + std::string(name, p_ - name) +
                      "> is one more than the limit of " +
                      std::to_string(limits_.ElementLimit()) +
                      " elements in a document (--max-elements)",
                  kCountError);
    }
    const size_t name_size = p_ - name;
    if (!CheckName(std::string_view(name, name_size), "element", line)) {
      return false;
    }
    Node* node = doc_->nodes_.New();
    node->name_ = name;
    node->line_ = line;
    if (!open_.empty()) node->parent_ = open_.back().node;
    // Every NUL goes in once the parser has looked at the character it
    // replaces.
    char* name_end = p_;
    const auto tag_name = [&] { return std::string(name, name_size); };
    // "[value of ]attribute 'x' of <tag> <problem>", at the attribute.
    int attr_line = 0;
    std::string_view attr_name;
    const auto attribute_error = [&](const char* lead, const char* problem) {
      return Fail(attr_line, std::string(lead) + "attribute '" +
                                 std::string(attr_name) + "' of <" +
                                 tag_name() + "> " + problem);
    };
    Attr* last_attr = nullptr;
    bool closed = false;
    size_t attr_count = 0;
    while (true) {
      SkipSpace();
      if (p_ >= end_) {
        return Fail(line, "start tag <" + tag_name() + " is not terminated");
      }
      if (*p_ == '>') {
        ++p_;
        break;
      }
      if (*p_ == '/') {
        if (p_[1] != '>') {  // also at *end_
          return Fail(line_, "stray '/' in start tag <" + tag_name() + ">");
        }
        p_ += 2;
        closed = true;
        break;
      }
      attr_line = line_;
      char* attr = Name();
      if (!attr) {
        return Fail(line_, std::string("unexpected '") + *p_ +
                               "' in start tag <" + tag_name() + ">");
      }
      char* attr_end = p_;
      attr_name = std::string_view(attr, attr_end - attr);
      if (!CheckName(attr_name, "attribute", attr_line)) return false;
      SkipSpace();
      if (*p_ != '=') return attribute_error("", "has no value");
      ++p_;
      SkipSpace();
      if (*p_ != '"' && *p_ != '\'') {
        return attribute_error("value of ", "is not quoted");
      }
      // The value, in one scan to the closing quote.
      const char quote = *p_++;
      char* value = p_;
      const int value_line = line_;
      char* amp = nullptr;
      char* cr = nullptr;
      char* value_end = ScanTo(p_, quote, &amp, &cr);
      if (value_end == end_) {
        return attribute_error("value of ", "has no closing quote");
      }
      if (!IsNewAttribute(node, attr_count, attr_name)) {
        return attribute_error("", "is given twice");
      }
      ++attr_count;
      if (amp && !CheckReferences(value, value_line, amp, value_end)) {
        return false;
      }
      p_ = value_end + 1;
      *attr_end = '\0';
      char* first = cr;
      if (amp && (!first || amp < first)) first = amp;
      char* decoded_end =
          first ? DecodeInPlace(value_end, first, amp != nullptr) : value_end;
      if (doc_->trim_attribute_values_) {
        while (decoded_end > value && IsSpace(decoded_end[-1])) --decoded_end;
        while (value < decoded_end && IsSpace(*value)) ++value;
      }
      *decoded_end = '\0';
      Attr* a = doc_->attrs_.New();
      a->name_ = attr;
      a->value_ = value;
      if (last_attr) last_attr->next_ = a;
      else node->first_attr_ = a;
      last_attr = a;
    }
    *name_end = '\0';
    seen_content_ = true;
    // Link the node under its parent (or as a top-level element).
    if (open_.empty()) {
      if (!doc_->root_) doc_->root_ = node;
      else last_top_->next_sibling_ = node;
      last_top_ = node;
    } else {
      Open& parent = open_.back();
      if (parent.last_child) parent.last_child->next_sibling_ = node;
      else parent.node->first_child_ = node;
      parent.last_child = node;
    }
    if (!closed) open_.push_back({node, name_size});
    return true;
  }

  Document* doc_;
  char* p_;
  char* end_;
  int line_ = 1;  // of p_: every scan past a line end counts it
  std::vector<Open> open_;
  Node* last_top_ = nullptr;
  bool seen_content_ = false;  // anything but white space
  std::vector<char*> text_ends_;
  std::set<std::string_view> tag_attribute_set_;  // see IsNewAttribute
  int doctype_line_ = 0;  // of the <!DOCTYPE, 0 when there is none
  const Limits& limits_;
  size_t element_count_ = 0;
};

bool Document::Parse(std::string_view text, const Limits& limits) {
  return ParseOwned(std::string(text), limits);
}

bool Document::ParseOwned(std::string text, const Limits& limits) {
  size_t size = text.size();
  while (size > 0 && text[size - 1] == '\0') --size;
  text.resize(size);
  buffer_ = std::move(text);
  char* begin = buffer_.data();
  char* end = begin + size;  // buffer_[size] is the string's '\0'
  if (size >= 3 && std::memcmp(begin, "\xEF\xBB\xBF", 3) == 0)
    begin += 3;  // UTF-8 byte order mark
  return Parser(this, begin, end, limits).Run();
}

}  // namespace xml
