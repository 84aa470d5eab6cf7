#include "xml/dom.h"

#include <cstring>

namespace xml {
namespace {

bool IsSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

// XML name characters, as tinyxml2 reads them: ASCII letters, '_', ':' and
// every byte of a multi-byte UTF-8 sequence start a name; digits, '.' and
// '-' may follow.
bool IsNameStart(char c) {
  const unsigned char u = static_cast<unsigned char>(c);
  return (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || u == '_' ||
         u == ':' || u >= 0x80;
}

bool IsNameChar(char c) {
  return IsNameStart(c) || (c >= '0' && c <= '9') || c == '.' || c == '-';
}

// Appends code point `cp` as UTF-8 at `out`; returns the end, or nullptr
// when `cp` is not a character.
char* AppendUtf8(unsigned long cp, char* out) {
  if (cp == 0 || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
    return nullptr;
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

// Decodes the reference at `s` ('&' ... ';', before `end`) into `out`;
// returns the position after it in the input and advances `*out`, or nullptr
// (and writes nothing) when it is not a reference this parser knows.
const char* DecodeReference(const char* s, const char* end, char** out) {
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
  if (c) {
    *(*out)++ = c;
    return semi + 1;
  }
  if (ref.size() < 2 || ref[0] != '#') return nullptr;
  const bool hex = ref[1] == 'x';
  const std::string_view digits = ref.substr(hex ? 2 : 1);
  if (digits.empty()) return nullptr;
  unsigned long cp = 0;
  for (char d : digits) {
    int v;
    if (d >= '0' && d <= '9') v = d - '0';
    else if (hex && d >= 'a' && d <= 'f') v = d - 'a' + 10;
    else if (hex && d >= 'A' && d <= 'F') v = d - 'A' + 10;
    else return nullptr;
    cp = cp * (hex ? 16 : 10) + v;
    if (cp > 0x10FFFF) return nullptr;
  }
  char* written = AppendUtf8(cp, *out);
  if (!written) return nullptr;
  *out = written;
  return semi + 1;
}

// Decodes references and line ends in [s, end) in place (the result is
// never longer); returns the decoded end.
char* DecodeInPlace(char* s, char* end, bool references) {
  // Most values have nothing to decode: find the first '&' or CR with
  // memchr, which scans many bytes at a time.
  const size_t n = end - s;
  char* first = static_cast<char*>(std::memchr(s, '\r', n));
  if (!first) first = end;
  if (references) {
    if (char* amp = static_cast<char*>(std::memchr(s, '&', first - s)))
      first = amp;
  }
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

template <typename T>
T* Document::Pool<T>::New() {
  if (used_ == capacity_) {
    // Blocks grow with the document, so a large one needs few of them.
    capacity_ = blocks_.empty() ? 64 : std::min<size_t>(capacity_ * 2, 16384);
    blocks_.push_back(std::make_unique<T[]>(capacity_));
    used_ = 0;
  }
  return &blocks_.back()[used_++];
}

const char* Node::Attribute(const char* name) const {
  for (const Attr* a = first_attr_; a; a = a->next_) {
    if (std::strcmp(a->name_, name) == 0) return a->value_;
  }
  return nullptr;
}

const Node* Node::FirstChildElement(const char* name) const {
  const Node* c = first_child_;
  if (name) {
    while (c && std::strcmp(c->name_, name) != 0) c = c->next_sibling_;
  }
  return c;
}

const Node* Node::NextSiblingElement(const char* name) const {
  const Node* c = next_sibling_;
  if (name) {
    while (c && std::strcmp(c->name_, name) != 0) c = c->next_sibling_;
  }
  return c;
}

class Document::Parser {
 public:
  Parser(Document* doc, char* begin, char* end)
      : doc_(doc), p_(begin), end_(end), counted_(begin) {}

  bool Run() {
    while (p_ < end_) {
      if (*p_ != '<') {
        if (!CharacterData()) return false;
        continue;
      }
      bool ok;
      if (StartsWith("<!--")) ok = SkipPast(4, "-->", "comment");
      else if (StartsWith("<![CDATA[")) ok = Cdata();
      else if (StartsWith("<?")) ok = Instruction();
      else if (StartsWith("<!")) ok = SkipPast(2, ">", "'<!' declaration");
      else if (StartsWith("</")) ok = EndTag();
      else ok = StartTag();
      if (!ok) return false;
    }
    for (char* e : text_ends_) *e = '\0';
    if (!open_.empty()) {
      const Node* n = open_.back().node;
      return Fail(n->line_, std::string("element <") + n->name_ +
                                "> is not closed at the end of the file");
    }
    if (!doc_->root_ && !seen_content_) {
      return Fail(LineAt(p_), "the document is empty");
    }
    return true;
  }

 private:
  struct Open {
    Node* node;
    Node* last_child = nullptr;
    TextRun* last_text = nullptr;
  };

  bool StartsWith(const char* s) const {
    const size_t n = std::strlen(s);
    return static_cast<size_t>(end_ - p_) >= n && std::memcmp(p_, s, n) == 0;
  }

  // The line of `q`; positions asked for never go backwards.
  int LineAt(const char* q) {
    while (const void* nl = std::memchr(counted_, '\n', q - counted_)) {
      ++line_;
      counted_ = static_cast<const char*>(nl) + 1;
    }
    counted_ = q;
    return line_;
  }

  bool Fail(int line, std::string message) {
    doc_->error_ = std::move(message);
    doc_->error_line_ = line;
    return false;
  }

  // Skips from p_ + `skip` past `terminator`.
  bool SkipPast(size_t skip, std::string_view terminator, const char* what) {
    const std::string_view rest(p_ + skip, end_ - p_ - skip);
    const size_t at = rest.find(terminator);
    if (at == std::string_view::npos) {
      return Fail(LineAt(p_), std::string(what) + " is not terminated");
    }
    seen_content_ = true;
    p_ += skip + at + terminator.size();
    return true;
  }

  // `end` may be the '<' of the next tag, which the parser has yet to read:
  // the text's NUL goes in at the end of the parse.
  // An XML declaration or another processing instruction: skipped, but a
  // declaration after other content is noted (tinyxml2 refuses it; real
  // files have it after a leading comment).
  bool Instruction() {
    if (seen_content_ && StartsWith("<?xml") && p_ + 5 < end_ &&
        IsSpace(p_[5]) && doc_->misplaced_declaration_line_ == 0) {
      doc_->misplaced_declaration_line_ = LineAt(p_);
    }
    return SkipPast(2, "?>", "processing instruction");
  }

  bool AddText(char* begin, char* end, bool references) {
    if (open_.empty()) {
      while (IsSpace(*begin)) ++begin;  // there is more than white space
      std::string_view shown(begin, std::min<size_t>(end - begin, 40));
      shown = shown.substr(0, shown.find_first_of("\r\n"));
      return Fail(LineAt(begin), "text outside the root element: '" +
                                     std::string(shown) + "'");
    }
    LineAt(end);  // before decoding changes the line ends
    text_ends_.push_back(DecodeInPlace(begin, end, references));
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

  bool CharacterData() {
    char* begin = p_;
    char* end = static_cast<char*>(std::memchr(p_, '<', end_ - p_));
    if (!end) end = end_;
    p_ = end;
    for (const char* c = begin; c < end; ++c) {
      if (!IsSpace(*c)) {
        seen_content_ = true;
        return AddText(begin, end, true);
      }
    }
    return true;
  }

  bool Cdata() {
    char* begin = p_ + 9;
    const std::string_view rest(begin, end_ - begin);
    const size_t at = rest.find("]]>");
    if (at == std::string_view::npos) {
      return Fail(LineAt(p_), "CDATA section is not terminated");
    }
    p_ = begin + at + 3;
    seen_content_ = true;
    for (const char* c = begin; c < begin + at; ++c) {
      if (!IsSpace(*c)) return AddText(begin, begin + at, false);
    }
    return true;
  }

  // Reads a name at p_; nullptr when there is none. The caller
  // NUL-terminates it once the character after it has been looked at.
  char* Name() {
    if (p_ >= end_ || !IsNameStart(*p_)) return nullptr;
    char* begin = p_;
    while (p_ < end_ && IsNameChar(*p_)) ++p_;
    return begin;
  }

  void SkipSpace() {
    while (p_ < end_ && IsSpace(*p_)) ++p_;
  }

  bool EndTag() {
    const char* tag = p_;
    p_ += 2;
    char* name = Name();
    if (!name) return Fail(LineAt(tag), "'</' is not followed by a name");
    char* name_end = p_;
    SkipSpace();
    if (p_ >= end_ || *p_ != '>') {
      return Fail(LineAt(tag), "end tag </" +
                                   std::string(name, name_end - name) +
                                   "> is not terminated by '>'");
    }
    ++p_;
    const std::string_view closing(name, name_end - name);
    if (open_.empty()) {
      return Fail(LineAt(tag), "end tag </" + std::string(closing) +
                                   "> closes no open element");
    }
    const Node* n = open_.back().node;
    if (closing != n->name_) {
      // Reported where the element left open starts, as tinyxml2 does.
      const int line = LineAt(tag);
      return Fail(n->line_, std::string("element <") + n->name_ +
                                "> is closed by </" + std::string(closing) +
                                "> at line " + std::to_string(line));
    }
    open_.pop_back();
    return true;
  }

  bool StartTag() {
    const char* tag = p_;
    ++p_;
    char* name = Name();
    const int line = LineAt(tag);
    if (!name) return Fail(line, "'<' is not followed by an element name");
    Node* node = doc_->nodes_.New();
    node->name_ = name;
    node->line_ = line;
    // Every NUL goes in once the parser has looked at the character it
    // replaces.
    char* name_end = p_;
    const auto tag_name = [&] { return std::string(name, name_end - name); };
    // "[value of ]attribute 'x' of <tag> <problem>", at the attribute.
    const char* attr_at = nullptr;
    std::string_view attr_name;
    const auto attribute_error = [&](const char* lead, const char* problem) {
      return Fail(LineAt(attr_at), std::string(lead) + "attribute '" +
                                       std::string(attr_name) + "' of <" +
                                       tag_name() + "> " + problem);
    };
    Attr* last_attr = nullptr;
    bool closed = false;
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
        if (p_ + 1 >= end_ || p_[1] != '>') {
          return Fail(LineAt(p_),
                      "stray '/' in start tag <" + tag_name() + ">");
        }
        p_ += 2;
        closed = true;
        break;
      }
      attr_at = p_;
      char* attr = Name();
      if (!attr) {
        return Fail(LineAt(attr_at), std::string("unexpected '") + *attr_at +
                                         "' in start tag <" + tag_name() +
                                         ">");
      }
      char* attr_end = p_;
      attr_name = std::string_view(attr, attr_end - attr);
      SkipSpace();
      if (p_ >= end_ || *p_ != '=') {
        return attribute_error("", "has no value");
      }
      ++p_;
      SkipSpace();
      if (p_ >= end_ || (*p_ != '"' && *p_ != '\'')) {
        return attribute_error("value of ", "is not quoted");
      }
      const char quote = *p_++;
      char* value = p_;
      char* value_end =
          static_cast<char*>(std::memchr(p_, quote, end_ - p_));
      if (!value_end) {
        return attribute_error("value of ", "has no closing quote");
      }
      for (const Attr* a = node->first_attr_; a; a = a->next_) {
        if (attr_name == a->name_) {
          return attribute_error("", "is given twice");
        }
      }
      p_ = value_end + 1;
      LineAt(p_);  // before the NUL and decoding change the line ends
      *attr_end = '\0';
      *DecodeInPlace(value, value_end, true) = '\0';
      Attr* a = doc_->attrs_.New();
      a->name_ = attr;
      a->value_ = value;
      if (last_attr) last_attr->next_ = a;
      else node->first_attr_ = a;
      last_attr = a;
    }
    LineAt(p_);
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
    if (!closed) open_.push_back({node});
    return true;
  }

  Document* doc_;
  char* p_;
  char* end_;
  const char* counted_;  // line_ counts the line ends before this
  int line_ = 1;
  std::vector<Open> open_;
  Node* last_top_ = nullptr;
  bool seen_content_ = false;  // anything but white space
  std::vector<char*> text_ends_;
};

bool Document::Parse(std::string_view text) {
  while (!text.empty() && text.back() == '\0') text.remove_suffix(1);
  buffer_ = std::make_unique<char[]>(text.size() + 1);
  std::memcpy(buffer_.get(), text.data(), text.size());
  buffer_[text.size()] = '\0';
  char* begin = buffer_.get();
  char* end = begin + text.size();
  if (text.size() >= 3 && std::memcmp(begin, "\xEF\xBB\xBF", 3) == 0)
    begin += 3;  // UTF-8 byte order mark
  return Parser(this, begin, end).Run();
}

}  // namespace xml
