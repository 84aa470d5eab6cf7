#include "xacro/tree.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#if defined(__SANITIZE_ADDRESS__)
#define XACRO_TREE_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define XACRO_TREE_ASAN 1
#endif
#endif
#ifdef XACRO_TREE_ASAN
#include <sanitizer/asan_interface.h>
#endif

#include "xacro/expr_utf8.h"
#include "xml/dom.h"

namespace xacro {

const std::string_view* Node::Attr(std::string_view attr) const {
  for (const Attribute& a : attrs) {
    if (a.name == attr) return &a.value;
  }
  return nullptr;
}

void AttrList::Erase(size_t i) {
  for (size_t k = i + 1; k < size_; ++k) data_[k - 1] = data_[k];
  --size_;
}

void Node::RemoveAttr(std::string_view attr) {
  for (size_t i = 0; i < attrs.size(); ++i) {
    if (attrs[i].name == attr) {
      attrs.Erase(i);
      return;
    }
  }
}

Node* Node::FirstChildElement() const {
  Node* c = first;
  while (c && !c->IsElement()) c = c->next;
  return c;
}

Node* Node::NextSiblingElement() const {
  Node* c = next;
  while (c && !c->IsElement()) c = c->next;
  return c;
}

void Remove(Node* n) {
  Node* p = n->parent;
  if (!p) return;
  (n->prev ? n->prev->next : p->first) = n->next;
  (n->next ? n->next->prev : p->last) = n->prev;
  n->parent = n->prev = n->next = nullptr;
}

void InsertBefore(Node* parent, Node* n, Node* before) {
  Remove(n);
  n->parent = parent;
  if (before) {
    n->next = before;
    n->prev = before->prev;
    (before->prev ? before->prev->next : parent->first) = n;
    before->prev = n;
  } else {
    n->prev = parent->last;
    n->next = nullptr;
    (parent->last ? parent->last->next : parent->first) = n;
    parent->last = n;
  }
}

namespace {

// Under AddressSanitizer a node given back (Tree::Recycle) is poisoned but
// for `next`, the free list's link: any use of one is reported.
void Poison(Node* n) {
#ifdef XACRO_TREE_ASAN
  char* const begin = reinterpret_cast<char*>(n);
  char* const link = reinterpret_cast<char*>(&n->next);
  char* const end = begin + sizeof(Node);
  ASAN_POISON_MEMORY_REGION(begin, link - begin);
  ASAN_POISON_MEMORY_REGION(link + sizeof(Node*), end - (link + sizeof(Node*)));
#else
  (void)n;
#endif
}

void Unpoison(Node* n) {
#ifdef XACRO_TREE_ASAN
  ASAN_UNPOISON_MEMORY_REGION(n, sizeof(Node));
#else
  (void)n;
#endif
}

}  // namespace

Node* Tree::New(Node::Type type) {
  ++count_;
  Node* n;
  if (free_nodes_) {
    n = free_nodes_;
    free_nodes_ = n->next;
    Unpoison(n);
    // Its attribute array (in the arena) is reused too (CopyOf,
    // AppendAttr); the rest starts afresh.
    AttrList attrs = n->attrs;
    attrs.size_ = 0;
    *n = Node();
    n->attrs = attrs;
  } else {
    if (used_ == kChunk) {
      chunks_.emplace_back(new Node[kChunk]);
      used_ = 0;
    }
    n = &chunks_.back()[used_++];
  }
  n->type = type;
  return n;
}

void Tree::Recycle(Node* n, Node* keep) {
  if (keep && keep != n) {
    for (const Node* p = keep->parent; p; p = p->parent) {
      if (p == n) {
        Remove(keep);
        break;
      }
    }
  }
  // Children before their parent, by the links alone (no stack to
  // allocate: most given back are one node); a node given back is linked
  // into the free list by `next`, read before.
  Node* k = n;
  while (true) {
    while (k->first) k = k->first;
    Node* const next = k == n ? nullptr : k->next;
    Node* const parent = k->parent;
    if (!stand_ins_.empty() && k->type == Node::Type::kElement && k->name == stand_in_tag_) {
      stand_ins_.erase(k);
    }
    k->next = free_nodes_;
    free_nodes_ = k;
    Poison(k);
    if (k == n) return;
    if (next) {
      k = next;
    } else {
      k = parent;
      k->first = nullptr;  // its children are given back: it is next
    }
  }
}

const std::string* Tree::Intern(const std::string& file) {
  for (const std::string& f : files_) {
    if (f == file) return &f;
  }
  files_.push_back(file);
  return &files_.back();
}

void* Tree::Allocate(size_t size) {
  constexpr size_t kAlign = alignof(Attribute);
  size = (size + kAlign - 1) / kAlign * kAlign;
  if (size > kBlock / 4) {  // a piece of its own, the current block kept
    blocks_.emplace_back(new char[size]);
    return blocks_.back().get();
  }
  if (size > free_size_) {
    blocks_.emplace_back(new char[kBlock]);
    free_ = blocks_.back().get();
    free_size_ = kBlock;
  }
  void* p = free_;
  free_ += size;
  free_size_ -= size;
  return p;
}

std::string_view Tree::Keep(std::string_view s) {
  if (s.empty()) return std::string_view("", 0);  // data() never null
  char* p = static_cast<char*>(Allocate(s.size()));
  std::memcpy(p, s.data(), s.size());
  return {p, s.size()};
}

void Tree::AppendAttr(Node* n, std::string_view name, std::string_view value) {
  AttrList& a = n->attrs;
  if (a.size_ == a.capacity_) {
    const uint32_t capacity = a.capacity_ ? 2 * a.capacity_ : 4;
    Attribute* data = static_cast<Attribute*>(Allocate(capacity * sizeof(Attribute)));
    std::copy(a.data_, a.data_ + a.size_, data);
    a.data_ = data;  // the old array stays in the arena, unused
    a.capacity_ = capacity;
  }
  a.data_[a.size_++] = Attribute{name, value};
}

void Tree::SetAttr(Node* n, std::string_view name, std::string_view value) {
  value = Keep(value);
  for (Attribute& a : n->attrs) {
    if (a.name == name) {
      a.value = value;
      return;
    }
  }
  AppendAttr(n, name, value);
}

Node* Tree::CopyOf(const Node* n) {
  Node* k = New(n->type);
  k->name = n->name;  // a view: shared (see Node)
  if (!n->attrs.empty()) {
    AttrList& a = k->attrs;
    if (a.capacity_ < n->attrs.size()) {  // else a recycled node's array
      a.data_ = static_cast<Attribute*>(Allocate(n->attrs.size() * sizeof(Attribute)));
      a.capacity_ = static_cast<uint32_t>(n->attrs.size());
    }
    std::copy(n->attrs.begin(), n->attrs.end(), a.data_);
    a.size_ = static_cast<uint32_t>(n->attrs.size());
  }
  k->file = n->file;
  k->line = n->line;
  k->context = n->context;
  return k;
}

Node* Tree::Original(const Node* n) const {
  const auto it = stand_ins_.find(n);
  // The tree owns its nodes: what it was given const it may hand back.
  return it == stand_ins_.end() ? const_cast<Node*>(n) : it->second;
}

Node* Tree::Clone(const Node* n, bool deep, std::string_view stand_in_tag) {
  Node* top = CopyOf(n);
  if (!deep) return top;
  // Iterative: (source, copy) pairs whose children are still to copy
  // (one vector for every copy: a macro call's was a malloc and a free).
  std::vector<std::pair<const Node*, Node*>>& todo = clone_todo_;
  todo.assign(1, {n, top});
  while (!todo.empty()) {
    auto [src, dst] = todo.back();
    todo.pop_back();
    for (const Node* c = src->first; c; c = c->next) {
      Node* k = CopyOf(c);
      InsertBefore(dst, k, nullptr);
      if (!stand_in_tag.empty() && c->type == Node::Type::kElement &&
          (c->first || !stand_ins_.empty()) && c->name == stand_in_tag) {
        // A stand-in (or the copy of one): for what `c` stands for.
        Node* original = c->first ? const_cast<Node*>(c) : Original(c);
        if (original != c || c->first) {
          stand_ins_.emplace(k, original);
          stand_in_tag_ = stand_in_tag;
          continue;
        }
      }
      if (c->first) todo.emplace_back(c, k);
    }
  }
  return top;
}

namespace {

bool IsSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}
using xml::IsNameChar;
using xml::IsNameStart;

// xml::IsNameChar of each byte, looked up (a call per character of every
// name was a tenth of the parse); made on the first parse, not at the
// start of every command that links xacro.
const bool* NameChars() {
  static const std::array<bool, 256> table = [] {
    std::array<bool, 256> t{};
    for (int i = 0; i < 256; ++i) t[i] = IsNameChar(static_cast<char>(i));
    return t;
  }();
  return table.data();
}

class Parser {
 public:
  Parser(Tree* tree, std::string_view text, const std::string* file,
         size_t max_depth, ParseError* error)
      : tree_(tree), s_(text), file_(file), max_depth_(max_depth),
        error_(error) {}

  Node* Run() {
    Node* doc = tree_->New(Node::Type::kElement);
    doc->file = file_;
    if (s_.substr(0, 3) == "\xEF\xBB\xBF") p_ = 3;
    Node* cur = doc;
    size_t depth = 0;
    bool seen_root = false;
    while (p_ < s_.size()) {
      if (s_[p_] != '<') {
        const int line = line_;
        std::string_view text;
        if (!ReadText(&text)) return nullptr;
        if (cur == doc) {
          if (std::any_of(text.begin(), text.end(),
                          [](char c) { return !IsSpace(c); })) {
            return Fail(line, "text outside the root element");
          }
          continue;
        }
        if (cur->last && cur->last->type == Node::Type::kText) {
          cur->last->name = tree_->Keep(std::string(cur->last->name) + std::string(text));
        } else {
          Node* t = Make(Node::Type::kText, line);
          t->name = text;
          InsertBefore(cur, t, nullptr);
        }
        continue;
      }
      const int line = line_;
      // What follows '<' decides which of the forms below can match.
      const char c1 = p_ + 1 < s_.size() ? s_[p_ + 1] : '\0';
      if (c1 == '!' && Starts("<!--")) {
        size_t end = s_.find("-->", p_ + 4);
        if (end == std::string_view::npos) return Fail(line, "unterminated comment");
        std::string_view body = s_.substr(p_ + 4, end - p_ - 4);
        if (body.find("--") != std::string_view::npos) {
          return Fail(line, "'--' inside a comment");
        }
        Node* c = Make(Node::Type::kComment, line);
        c->name = Normalized(body);
        InsertBefore(cur, c, nullptr);
        Advance(end + 3);
      } else if (c1 == '!' && Starts("<![CDATA[")) {
        if (cur == doc) return Fail(line, "CDATA section outside the root element");
        size_t end = s_.find("]]>", p_ + 9);
        if (end == std::string_view::npos) return Fail(line, "unterminated CDATA section");
        Node* c = Make(Node::Type::kCData, line);
        c->name = Normalized(s_.substr(p_ + 9, end - p_ - 9));
        InsertBefore(cur, c, nullptr);
        Advance(end + 3);
      } else if (c1 == '!' && Starts("<!DOCTYPE")) {
        if (cur != doc || seen_root) return Fail(line, "misplaced DOCTYPE");
        int nest = 0;
        size_t q = p_ + 9;
        for (; q < s_.size(); ++q) {
          if (s_[q] == '[') ++nest;
          else if (s_[q] == ']') --nest;
          else if (s_[q] == '>' && nest <= 0) break;
        }
        if (q >= s_.size()) return Fail(line, "unterminated DOCTYPE");
        Advance(q + 1);
      } else if (c1 == '?') {
        size_t end = s_.find("?>", p_ + 2);
        if (end == std::string_view::npos) return Fail(line, "unterminated processing instruction");
        std::string_view body = s_.substr(p_ + 2, end - p_ - 2);
        size_t n = 0;
        while (n < body.size() && IsNameChar(body[n])) ++n;
        std::string target(body.substr(0, n));
        if (target.empty()) return Fail(line, "processing instruction without a target");
        std::string lower = target;
        for (char& ch : lower) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
        if (lower == "xml") {
          if (p_ != 0 && !(p_ == 3 && s_.substr(0, 3) == "\xEF\xBB\xBF")) {
            return Fail(line, "XML declaration not at the start of the document");
          }
        } else {
          size_t d = n;
          while (d < body.size() && IsSpace(body[d])) ++d;
          Node* pi = Make(Node::Type::kInstruction, line);
          pi->name = tree_->Keep(target + " " + Normalize(body.substr(d)));
          InsertBefore(cur, pi, nullptr);
        }
        Advance(end + 2);
      } else if (c1 == '/') {
        Skip(p_ + 2);
        std::string_view name;
        if (!ReadName(&name)) return Fail(line_, "malformed end tag");
        SkipSpace();
        if (p_ >= s_.size() || s_[p_] != '>') return Fail(line_, "malformed end tag");
        Skip(p_ + 1);
        if (cur == doc || cur->name != name) {
          return Fail(line, "mismatched end tag </" + std::string(name) + ">" +
                                (cur != doc ? " (open: <" + std::string(cur->name) + "> of line " +
                                                  std::to_string(cur->line) + ")"
                                            : ""));
        }
        cur = cur->parent;
        --depth;
      } else {
        if (cur == doc && seen_root) return Fail(line, "junk after the root element");
        Skip(p_ + 1);
        Node* e = Make(Node::Type::kElement, line);
        if (!ReadName(&e->name)) return Fail(line, "malformed start tag");
        while (true) {
          const bool space = SkipSpace();
          if (p_ >= s_.size()) {
            return Fail(line, "unterminated start tag <" + std::string(e->name) + ">");
          }
          if (s_[p_] == '>' || (s_[p_] == '/' && p_ + 1 < s_.size() && s_[p_ + 1] == '>')) {
            break;
          }
          std::string_view attr;
          if (!space || !ReadName(&attr)) {
            return Fail(line_, "malformed attribute in <" + std::string(e->name) + ">");
          }
          SkipSpace();
          if (p_ >= s_.size() || s_[p_] != '=') {
            return Fail(line_, "attribute " + std::string(attr) + " without a value");
          }
          Skip(p_ + 1);
          SkipSpace();
          if (p_ >= s_.size() || (s_[p_] != '"' && s_[p_] != '\'')) {
            return Fail(line_, "attribute " + std::string(attr) + " value not quoted");
          }
          const char q = s_[p_];
          size_t end = s_.find(q, p_ + 1);
          if (end == std::string_view::npos) return Fail(line_, "unterminated attribute value");
          std::string_view raw = s_.substr(p_ + 1, end - p_ - 1);
          if (raw.find('<') != std::string_view::npos) return Fail(line_, "'<' in attribute value");
          std::string_view value;
          if (!Decode(raw, true, &value)) return nullptr;
          if (e->Attr(attr)) return Fail(line_, "duplicate attribute " + std::string(attr));
          tree_->AppendAttr(e, attr, value);  // views of the kept text
          Advance(end + 1);
        }
        InsertBefore(cur, e, nullptr);
        if (cur == doc) seen_root = true;
        if (s_[p_] == '/') {
          Skip(p_ + 2);
        } else {
          Skip(p_ + 1);
          if (++depth > max_depth_) {
            error_->code = frames::Code::XML_NESTING_TOO_DEEP;
            return Fail(line, "elements nested deeper than " + std::to_string(max_depth_));
          }
          cur = e;
        }
      }
    }
    if (cur != doc) {
      return Fail(cur->line, "element <" + std::string(cur->name) + "> is not closed");
    }
    if (!seen_root) return Fail(line_, "no root element");
    return doc;
  }

 private:
  bool Starts(std::string_view what) const { return s_.substr(p_, what.size()) == what; }
  void Advance(size_t to) {
    line_ += static_cast<int>(std::count(s_.begin() + p_, s_.begin() + std::min(to, s_.size()), '\n'));
    p_ = to;
  }
  // Advance over what holds no line feed (markup, a name): nothing to
  // count (counting every byte twice was a tenth of the parse).
  void Skip(size_t to) { p_ = to; }
  bool SkipSpace() {
    size_t q = p_;
    while (q < s_.size() && IsSpace(s_[q])) {
      if (s_[q] == '\n') ++line_;
      ++q;
    }
    const bool any = q != p_;
    p_ = q;
    return any;
  }
  bool ReadName(std::string_view* name) {
    if (p_ >= s_.size() || !IsNameStart(s_[p_])) return false;
    size_t q = p_;
    while (q < s_.size() && name_char_[static_cast<unsigned char>(s_[q])]) ++q;
    *name = s_.substr(p_, q - p_);
    Skip(q);
    return true;
  }
  // CR LF and lone CR become LF.
  static std::string Normalize(std::string_view raw) {
    std::string out;
    out.reserve(raw.size());
    for (size_t i = 0; i < raw.size(); ++i) {
      if (raw[i] == '\r') {
        out.push_back('\n');
        if (i + 1 < raw.size() && raw[i + 1] == '\n') ++i;
      } else {
        out.push_back(raw[i]);
      }
    }
    return out;
  }
  // Normalize(raw), a view of the kept text when that is `raw` itself.
  std::string_view Normalized(std::string_view raw) {
    if (raw.find('\r') == std::string_view::npos) return raw;
    return tree_->Keep(Normalize(raw));
  }
  bool ReadText(std::string_view* text) {
    size_t end = s_.find('<', p_);
    if (end == std::string_view::npos) end = s_.size();
    std::string_view raw = s_.substr(p_, end - p_);
    const int line = line_;
    Advance(end);
    if (raw.find("]]>") != std::string_view::npos) {
      Fail(line, "']]>' in text");
      return false;
    }
    return Decode(raw, false, text, line);
  }
  // `raw` decoded: itself (a view of the kept text) when it holds nothing
  // to decode, else a decoded copy the tree keeps.
  bool Decode(std::string_view raw, bool attribute, std::string_view* out, int line = 0) {
    std::string decoded;
    if (!Decode(raw, attribute, &decoded, out, line)) return false;
    if (out->data() == nullptr) *out = tree_->Keep(decoded);
    return true;
  }
  // *view = raw when plain (nothing written to *out), else *out decoded
  // and *view left null.
  bool Decode(std::string_view raw, bool attribute, std::string* out, std::string_view* view,
              int line) {
    if (line == 0) line = line_;
    // Most texts and values hold nothing to decode, normalize or refuse:
    // appended whole (the walk below was a sixth of a robot's expansion).
    bool plain = true;
    for (const char c : raw) {
      const unsigned char u = static_cast<unsigned char>(c);
      if (c == '&' || (u < 0x20 && (attribute || (c != '\t' && c != '\n')))) {
        plain = false;
        break;
      }
    }
    if (plain) {
      *view = raw.data() ? raw : std::string_view("", 0);
      return true;
    }
    *view = std::string_view();
    std::string s = Normalize(raw);
    out->reserve(s.size());
    for (size_t i = 0; i < s.size(); ++i) {
      const char c = s[i];
      if (c == '&') {
        size_t semi = s.find(';', i);
        if (semi == std::string::npos) {
          Fail(line, "'&' that starts no entity reference");
          return false;
        }
        std::string ref = s.substr(i + 1, semi - i - 1);
        if (ref == "lt") out->push_back('<');
        else if (ref == "gt") out->push_back('>');
        else if (ref == "amp") out->push_back('&');
        else if (ref == "quot") out->push_back('"');
        else if (ref == "apos") out->push_back('\'');
        else if (ref.size() > 1 && ref[0] == '#') {
          unsigned long cp = 0;
          const bool hex = ref[1] == 'x';
          const size_t from = hex ? 2 : 1;
          if (from >= ref.size() || ref.size() > from + 8) {
            Fail(line, "bad character reference &" + ref + ";");
            return false;
          }
          for (size_t k = from; k < ref.size(); ++k) {
            const char d = ref[k];
            int v;
            if (d >= '0' && d <= '9') v = d - '0';
            else if (hex && d >= 'a' && d <= 'f') v = d - 'a' + 10;
            else if (hex && d >= 'A' && d <= 'F') v = d - 'A' + 10;
            else {
              Fail(line, "bad character reference &" + ref + ";");
              return false;
            }
            cp = cp * (hex ? 16 : 10) + v;
          }
          if ((cp < 0x20 && cp != 9 && cp != 10 && cp != 13) ||
              (cp >= 0xD800 && cp <= 0xDFFF) || cp == 0xFFFE || cp == 0xFFFF ||
              cp > 0x10FFFF) {
            error_->code = frames::Code::XML_CHARACTER_INVALID;
            Fail(line, "character reference &" + ref + "; to a character XML does not allow");
            return false;
          }
          utf8::Append(out, static_cast<uint32_t>(cp));
        } else {
          error_->code = frames::Code::XML_ENTITY_UNSUPPORTED;
          Fail(line, "undefined entity &" + ref + ";");
          return false;
        }
        i = semi;
      } else if (attribute && (c == '\t' || c == '\n')) {
        out->push_back(' ');
      } else {
        const unsigned char u = static_cast<unsigned char>(c);
        if (u < 0x20 && c != '\t' && c != '\n') {
          error_->code = frames::Code::XML_CHARACTER_INVALID;
          Fail(line, "control character in the text");
          return false;
        }
        out->push_back(c);
      }
    }
    return true;
  }
  Node* Make(Node::Type type, int line) {
    Node* n = tree_->New(type);
    n->file = file_;
    n->line = line;
    return n;
  }
  Node* Fail(int line, std::string message) {
    if (error_->message.empty()) {
      error_->message = std::move(message);
      error_->line = line;
    }
    return nullptr;
  }

  Tree* tree_;
  std::string_view s_;
  const std::string* file_;
  size_t max_depth_;
  ParseError* error_;
  size_t p_ = 0;
  int line_ = 1;
  const bool* name_char_ = NameChars();
};

bool IsWhitespaceOnly(std::string_view s) {
  // Python's str.isspace(): false for "".
  if (s.empty()) return false;
  for (char c : s) {
    if (!(c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f' ||
          c == '\x1c' || c == '\x1d' || c == '\x1e' || c == '\x1f')) {
      return false;
    }
  }
  return true;
}

// Writes through a pointer into *out, grown ahead of what is written
// (Room) and cut to what was written at the end (Finish): the printing was
// a fifth of a generated robot's expansion in small string appends.
class Printer {
 public:
  Printer(size_t max_bytes, std::string* out, std::string* error,
          std::vector<std::pair<size_t, const Node*>>* starts)
      : max_(max_bytes), out_(out), error_(error), starts_(starts) {
    p_ = out_->data() + out_->size();
    end_ = p_;
  }

  // Cuts *out to what was written.
  void Finish() { out_->resize(Written()); }

  bool Node_(const Node* n, size_t depth) {
    if (Written() > max_) {
      *error_ = "the output would be larger than " + std::to_string(max_) + " bytes";
      return false;
    }
    switch (n->type) {
      case Node::Type::kText:
        Indent(depth);
        WriteData(n->data());
        Put('\n');
        return true;
      case Node::Type::kComment:
        if (n->data().find("--") != std::string_view::npos) {
          *error_ = "a comment holds '--' (line " + std::to_string(n->line) + ")";
          return false;
        }
        Indent(depth);
        Put("<!--");
        Put(n->data());
        Put("-->\n");
        return true;
      case Node::Type::kCData:
        if (n->data().find("]]>") != std::string_view::npos) {
          *error_ = "a CDATA section holds ']]>'";
          return false;
        }
        Put("<![CDATA[");
        Put(n->data());
        Put("]]>");
        return true;
      case Node::Type::kInstruction:
        Indent(depth);
        Put("<?");
        Put(n->name);  // "target content"
        Put("?>\n");
        return true;
      case Node::Type::kElement:
        break;
    }
    // The nodes of a large expansion lie far apart in the arena (macro
    // bodies are cloned where they are called): each is asked for one
    // step ahead of its turn, the first child while this start tag is
    // written and each next sibling while the one before it is.
    if (n->first) __builtin_prefetch(n->first);
    const Node* const text =
        n->first && n->first == n->last && n->first->type == Node::Type::kText ? n->first : nullptr;
    {
      // Room for the whole start tag (and the one text and end tag), then
      // written unchecked: a check per piece was a third of the printing.
      size_t need = 2 * depth + 8 + 1 + n->name.size() + 3;
      for (const auto& a : n->attrs) need += 4 + a.name.size() + 6 * a.value.size();
      if (text) need += 1 + 6 * text->data().size() + 2 + n->name.size() + 2;
      Room(need);
    }
    RawIndent(depth);
    if (starts_) starts_->emplace_back(Written(), n);
    Raw('<');
    Raw(n->name);
    // Sorted by name; one vector reused for every element.
    attrs_.clear();
    for (const auto& a : n->attrs) attrs_.push_back(&a);
    // string_view's <, its first bytes compared inline (most names of an
    // element differ there; the memcmp call was most of the sort check).
    const auto by_name = [](const auto* a, const auto* b) {
      const std::string_view x = a->name, y = b->name;
      if (!x.empty() && !y.empty() && x[0] != y[0]) {
        return static_cast<unsigned char>(x[0]) < static_cast<unsigned char>(y[0]);
      }
      return x < y;
    };
    if (!std::is_sorted(attrs_.begin(), attrs_.end(), by_name)) {  // most are
      std::sort(attrs_.begin(), attrs_.end(), by_name);
    }
    for (const auto* a : attrs_) {
      Raw(' ');
      Raw(a->name);
      Raw("=\"");
      RawData(a->value);
      Raw('"');
    }
    if (!n->first) {
      Raw("/>\n");
      return true;
    }
    if (text) {
      Raw('>');
      RawData(text->data());
      Raw("</");
      Raw(n->name);
      Raw(">\n");
      return true;
    }
    Raw(">\n");
    for (const Node* c = n->first; c; c = c->next) {
      if (c->next) __builtin_prefetch(c->next);
      if (c->type == Node::Type::kText && (c->data().empty() || IsWhitespaceOnly(c->data()))) {
        continue;
      }
      if (!Node_(c, depth + 1)) return false;
    }
    Room(2 * depth + 8 + 2 + n->name.size() + 2);
    RawIndent(depth);
    Raw("</");
    Raw(n->name);
    Raw(">\n");
    return true;
  }

 private:
  size_t Written() const { return static_cast<size_t>(p_ - out_->data()); }
  void Room(size_t n) {
    if (static_cast<size_t>(end_ - p_) >= n) return;
    // An eighth of what is written ahead (4 KB at least), within the
    // capacity the caller reserved (resizing writes zeros: reserved pages
    // far ahead stay untouched), the string's own doubling beyond it.
    const size_t used = Written();
    out_->resize(used + n + std::max<size_t>(4096, used / 8));
    p_ = out_->data() + used;
    end_ = out_->data() + out_->size();
  }
  void Put(char c) {
    Room(1);
    *p_++ = c;
  }
  void Put(std::string_view s) {
    Room(s.size());
    std::memcpy(p_, s.data(), s.size());
    p_ += s.size();
  }
  // `depth` levels of two spaces.
  void Indent(size_t depth) {
    Room(2 * depth + 8);
    RawIndent(depth);
  }
  // The Raw* write what Room made room for, unchecked.
  void Raw(char c) { *p_++ = c; }
  void Raw(std::string_view s) {
    std::memcpy(p_, s.data(), s.size());
    p_ += s.size();
  }
  // Eight spaces at a time (no memset call): needs 7 bytes of room more.
  void RawIndent(size_t depth) {
    for (size_t k = 0; k < 2 * depth; k += 8) std::memcpy(p_ + k, "        ", 8);
    p_ += 2 * depth;
  }
  // minidom's _write_data: & < " > escaped.
  void WriteData(std::string_view data) {
    Room(6 * data.size());  // "&quot;" for each at the most
    RawData(data);
  }
  // Looked up per byte (the switch made an indirect jump of every digit,
  // most of a robot's data).
  // Eight bytes at a time while none of them is escaped (most values and
  // texts hold none: a lookup per byte was a tenth of the printing).
  void RawData(std::string_view data) {
    const char* s = data.data();
    const char* const end = s + data.size();
    while (end - s >= 8) {
      uint64_t w;
      std::memcpy(&w, s, 8);
      if (HasEscaped(w)) break;
      std::memcpy(p_, &w, 8);  // room: 6 bytes per byte of `data`
      p_ += 8;
      s += 8;
    }
    static constexpr auto kEscaped = [] {
      std::array<bool, 256> t{};
      t['&'] = t['<'] = t['"'] = t['>'] = true;
      return t;
    }();
    for (; s < end; ++s) {
      const char c = *s;
      if (!kEscaped[static_cast<unsigned char>(c)]) {
        *p_++ = c;
        continue;
      }
      switch (c) {
        case '&': std::memcpy(p_, "&amp;", 5); p_ += 5; break;
        case '<': std::memcpy(p_, "&lt;", 4); p_ += 4; break;
        case '"': std::memcpy(p_, "&quot;", 6); p_ += 6; break;
        default: std::memcpy(p_, "&gt;", 4); p_ += 4; break;
      }
    }
  }
  // Whether a byte of `w` is one of & < " > (the bytes that equal c are
  // the zero bytes of w ^ c...c; a zero byte has its high bit left in
  // (x - 0x01..01) & ~x & 0x80..80, exactly when one is there).
  static bool HasEscaped(uint64_t w) {
    constexpr uint64_t kOnes = 0x0101010101010101ull;
    constexpr uint64_t kHigh = 0x8080808080808080ull;
    const auto zero_byte = [](uint64_t x) { return (x - kOnes) & ~x & kHigh; };
    return (zero_byte(w ^ (kOnes * '&')) | zero_byte(w ^ (kOnes * '<')) |
            zero_byte(w ^ (kOnes * '"')) | zero_byte(w ^ (kOnes * '>'))) != 0;
  }

  size_t max_;
  std::string* out_;
  std::string* error_;
  std::vector<std::pair<size_t, const Node*>>* starts_;
  std::vector<const Attribute*> attrs_;
  char* p_;
  char* end_;
};

}  // namespace

Node* Tree::Parse(std::string_view text, const std::string& file,
                  size_t max_depth, ParseError* error, bool text_outlives_tree) {
  // The nodes' strings are views of this text (Node).
  if (!text_outlives_tree) text = Keep(text);
  Parser parser(this, text, Intern(file), max_depth, error);
  return parser.Run();
}

bool Print(const Node* document, size_t max_bytes, std::string* out,
           std::string* error,
           std::vector<std::pair<size_t, const Node*>>* starts) {
  *out = "<?xml version=\"1.0\" ?>\n";
  Printer printer(max_bytes, out, error, starts);
  for (const Node* c = document->first; c; c = c->next) {
    if (!printer.Node_(c, 0)) {
      printer.Finish();
      return false;
    }
  }
  printer.Finish();
  // Expressions and YAML can make text XML cannot hold (a control
  // character, bytes that are not UTF-8): Python would print it and leave
  // a document no XML reader accepts.
  const std::string& o = *out;
  for (size_t i = 0; i < o.size();) {
#if defined(__SSE2__)
    // Sixteen bytes at a time while all are printable ASCII or line feeds
    // (a line feed every few dozen bytes sent the eight-byte test below to
    // the byte loop).
    if (i + 16 <= o.size()) {
      const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(o.data() + i));
      // Signed: bytes >= 0x80 are below 0x20 too.
      const __m128i other = _mm_andnot_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('\n')),
                                             _mm_cmplt_epi8(x, _mm_set1_epi8(0x20)));
      if (_mm_movemask_epi8(other) == 0) {
        i += 16;
        continue;
      }
    }
#endif
    // Eight bytes at a time while all are printable ASCII (0x20-0x7F):
    // no high bit, and none below 0x20 (subtracting 0x20 from each byte
    // then borrows into its high bit).
    if (i + 8 <= o.size()) {
      uint64_t w;
      std::memcpy(&w, o.data() + i, 8);
      constexpr uint64_t kHigh = 0x8080808080808080ull;
      if (((w | (w - 0x2020202020202020ull)) & kHigh) == 0) {
        i += 8;
        continue;
      }
    }
    const unsigned char u = static_cast<unsigned char>(o[i]);
    if (u >= 0x20 && u < 0x80) {  // printable ASCII, most of any output
      ++i;
      continue;
    }
    size_t len = u < 0x80 ? 1 : (u >> 5) == 6 ? 2 : (u >> 4) == 14 ? 3 : (u >> 3) == 30 ? 4 : 0;
    bool ok = len != 0 && i + len <= o.size() && (u >= 0x20 || u == '\t' || u == '\n' || u == '\r');
    for (size_t k = 1; ok && k < len; ++k) {
      ok = (static_cast<unsigned char>(o[i + k]) & 0xC0) == 0x80;
    }
    if (!ok) {
      const int line = 1 + static_cast<int>(std::count(o.begin(), o.begin() + i, '\n'));
      char hex[8];
      std::snprintf(hex, sizeof hex, "0x%02X", u);
      *error = "the expansion holds a character XML does not allow (byte " + std::string(hex) +
               ", output line " + std::to_string(line) + ")";
      return false;
    }
    i += len;
  }
  return true;
}

}  // namespace xacro
