#include "xacro/xacro.h"

#include <fcntl.h>
#include <glob.h>
#include <limits.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdio>
#include <cstdint>
#include <cstring>
#include <deque>
#include <memory>
#include <mutex>
#include <set>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "xacro/expr.h"
#include "xacro/tree.h"
#include "xml/dom.h"

namespace xacro {
namespace {

using frames::Code;

// An error on its way out of the expansion: thrown where it is found,
// caught by Expand, which reports it (exceptions because an error may be
// found 500 calls deep and nothing is to be kept of a failed expansion).
constexpr std::string_view kMacroTag = "xacro:macro";

struct Failure {
  Code code;
  std::string message;
  std::string file;
  int line = 0;
};

struct Macro {
  const Node* body = nullptr;  // the xacro:macro element (detached)
  std::vector<std::string> params;
  // param -> (forwarded name or "", has forward; default or none)
  struct Default {
    bool forward = false;
    bool has_default = false;
    std::string default_text;
  };
  std::unordered_map<std::string, Default> defaults;
  std::string name;
};

struct Entry {
  Value value;
  bool unevaluated = false;
  bool resolving = false;
  Node* block = nullptr;  // *param and block properties
};

// One scope's properties, keyed by views of names that outlive the
// expansion (the tree's text, a macro's parameter list, Processor::Name):
// looked up by any view, no std::string made per lookup (one was, with a
// hash per scope walked, a tenth of a generated robot's expansion). A
// macro call's few are searched in order, in one vector; a file's many
// also through an index.
struct Table {
  Table* parent = nullptr;
  bool is_namespace = false;
  std::vector<std::pair<std::string_view, Entry>> items;
  std::unordered_map<std::string_view, size_t> index;  // kept from kIndexed items on

  static constexpr size_t kIndexed = 16;

  Entry* Find(std::string_view key) {
    if (items.size() < kIndexed) {
      for (auto& [name, entry] : items) {
        // Lengths and first bytes inline: most names differ there.
        if (name.size() == key.size() && (key.empty() || name[0] == key[0]) && name == key) {
          return &entry;
        }
      }
      return nullptr;
    }
    auto it = index.find(key);
    return it == index.end() ? nullptr : &items[it->second].second;
  }
  // The entry of `key`, added (empty) when new. `key` must outlive the table.
  Entry& Insert(std::string_view key) {
    if (Entry* e = Find(key)) return *e;
    items.emplace_back(key, Entry());
    if (items.size() == kIndexed) {
      for (size_t i = 0; i < items.size(); ++i) index.emplace(items[i].first, i);
    } else if (items.size() > kIndexed) {
      index.emplace(key, items.size() - 1);
    }
    return items.back().second;
  }
  void Erase(std::string_view key) {
    for (size_t i = 0; i < items.size(); ++i) {
      if (items[i].first != key) continue;
      items.erase(items.begin() + static_cast<std::ptrdiff_t>(i));
      index.clear();
      if (items.size() >= kIndexed) {
        for (size_t k = 0; k < items.size(); ++k) index.emplace(items[k].first, k);
      }
      return;
    }
  }
};

struct MacroTable {
  MacroTable* parent = nullptr;
  struct Item {
    Macro* macro = nullptr;
    MacroTable* ns = nullptr;
  };
  std::unordered_map<std::string, Item> map;

  const Item* Find(const std::string& name) const {
    for (const MacroTable* t = this; t; t = t->parent) {
      auto it = t->map.find(name);
      if (it != t->map.end()) return &it->second;
    }
    return nullptr;
  }
};

bool IsSpaceChar(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

std::string_view Strip(std::string_view s) {
  while (!s.empty() && IsSpaceChar(s.front())) s.remove_prefix(1);
  while (!s.empty() && IsSpaceChar(s.back())) s.remove_suffix(1);
  return s;
}

// Whether `s` holds a '$' (memchr: for short texts as for long ones,
// fewer instructions than an inline walk, bytewise or by words: both
// were tried).
inline bool HasDollar(std::string_view s) { return s.find('$') != std::string_view::npos; }

// One `NAME:=DEFAULT` (or `NAME=DEFAULT`, `NAME:=^`, `NAME:=^|DEFAULT`) of a
// macro's params at the start of `*rest` (no leading blanks): xacro's
// re_macro_arg, scanned by hand in linear time (std::regex backtracked for
// minutes on some inputs, found by //xacro:expand_fuzz). The default is a
// `${...}` or `$(...)` followed by a blank or the end, else a run of quoted
// strings and other non-blank characters. false (nothing consumed) when the
// text there is not of that form: the caller takes a bare name.
bool ParseParamWithDefault(std::string_view* rest, std::string* name,
                           Macro::Default* d) {
  std::string_view s = *rest;
  auto blank = [](char c) { return IsSpaceChar(c); };
  size_t i = 0;
  while (i < s.size() && !blank(s[i]) && s[i] != ':' && s[i] != '=') ++i;
  if (i == 0) return false;
  const size_t name_end = i;
  while (i < s.size() && blank(s[i])) ++i;
  if (i < s.size() && s[i] == ':') ++i;
  if (i >= s.size() || s[i] != '=') return false;
  ++i;
  while (i < s.size() && blank(s[i])) ++i;
  bool forward = false;
  if (i < s.size() && s[i] == '^') {
    forward = true;
    ++i;
    if (i < s.size() && s[i] == '|') ++i;
  }
  const size_t def_begin = i;
  auto ends_token = [&](size_t j) { return j == s.size() || blank(s[j]); };
  size_t def_end = std::string_view::npos;
  if (s.compare(i, 2, "${") == 0 || s.compare(i, 2, "$(") == 0) {
    const size_t close = s.find(s[i + 1] == '{' ? '}' : ')', i + 2);
    if (close != std::string_view::npos && ends_token(close + 1)) def_end = close + 1;
  }
  if (def_end == std::string_view::npos) {
    size_t j = i;
    while (j < s.size() && !blank(s[j])) {
      if (s[j] == '\'' || s[j] == '"') {
        const size_t close = s.find(s[j], j + 1);
        if (close == std::string_view::npos) return false;
        j = close + 1;
      } else {
        ++j;
      }
    }
    def_end = j;
  }
  *name = std::string(s.substr(0, name_end));
  d->forward = forward;
  d->default_text = std::string(s.substr(def_begin, def_end - def_begin));
  d->has_default = !d->default_text.empty();
  rest->remove_prefix(def_end);
  return true;
}

// Python's int(s) != 0, or nullopt when int(s) raises.
std::optional<bool> PythonIntNonZero(std::string_view s) {
  s = Strip(s);
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) s.remove_prefix(1);
  if (s.empty()) return std::nullopt;
  bool nonzero = false;
  bool prev_digit = false;
  for (size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (c >= '0' && c <= '9') {
      if (c != '0') nonzero = true;
      prev_digit = true;
    } else if (c == '_' && prev_digit && i + 1 < s.size() && s[i + 1] >= '0' && s[i + 1] <= '9') {
      prev_digit = false;
    } else {
      return std::nullopt;
    }
  }
  return nonzero;
}

bool IsValidName(const std::string& name) {
  // string_views: == compares lengths first (const char*s were measured
  // with strlen at every comparison, a few percent of an expansion).
  static constexpr std::string_view kKeywords[] = {
      "False", "None", "True", "and", "as", "assert", "async", "await", "break",
      "class", "continue", "def", "del", "elif", "else", "except", "finally",
      "for", "from", "global", "if", "import", "in", "is", "lambda",
      "nonlocal", "not", "or", "pass", "raise", "return", "try", "while",
      "with", "yield"};
  if (name.empty()) return false;
  const auto start = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
           static_cast<unsigned char>(c) >= 0x80;
  };
  if (!start(name[0])) return false;
  for (char c : name) {
    if (!start(c) && !(c >= '0' && c <= '9')) return false;
  }
  for (std::string_view k : kKeywords) {
    if (name.size() == k.size() && name[0] == k[0] && name == k) return false;
  }
  return true;
}

// Python's os.path.join(a, b) for two parts.
std::string JoinPath(const std::string& a, const std::string& b) {
  if (!b.empty() && b[0] == '/') return b;
  if (a.empty()) return b;
  return a.back() == '/' ? a + b : a + "/" + b;
}

// Python's os.path.dirname.
std::string DirName(const std::string& p) {
  size_t slash = p.rfind('/');
  if (slash == std::string::npos) return "";
  std::string head = p.substr(0, slash + 1);
  // strip trailing slashes unless it is all slashes
  size_t end = head.find_last_not_of('/');
  if (end == std::string::npos) return head;
  return head.substr(0, end + 1);
}

std::string CurrentDir() {
  char buf[PATH_MAX];
  if (getcwd(buf, sizeof buf)) return buf;
  return ".";
}

// Python's os.path.abspath (lexical normalization of cwd + path).
std::string AbsPath(const std::string& path, const std::string& cwd) {
  const std::string p = path.empty() || path[0] != '/' ? JoinPath(cwd, path) : path;
  // The components as views of `p` (a stream per path was most of an
  // include's checks).
  std::vector<std::string_view> parts;
  const std::string_view all = p;
  for (size_t b = 0; b <= all.size();) {
    size_t e = all.find('/', b);
    if (e == std::string_view::npos) e = all.size();
    const std::string_view part = all.substr(b, e - b);
    if (part == "..") {
      if (!parts.empty()) parts.pop_back();
    } else if (!part.empty() && part != ".") {
      parts.push_back(part);
    }
    b = e + 1;
  }
  std::string out;
  for (const std::string_view s : parts) {
    out += '/';
    out += s;
  }
  return out.empty() ? "/" : out;
}

std::optional<std::string> RealPath(const std::string& path) {
  char* r = realpath(path.c_str(), nullptr);
  if (!r) return std::nullopt;
  std::string s(r);
  free(r);
  return s;
}

bool IsUnder(const std::string& path, const std::string& root) {
  if (root == "/") return true;
  return path == root || (path.size() > root.size() && path.compare(0, root.size(), root) == 0 &&
                          path[root.size()] == '/');
}

std::string Location(const std::string& file, int line) {
  return line > 0 ? file + ":" + std::to_string(line) : file;
}

// Up to `n` bytes of `fd` into `p` (fewer at its end or on an error).
size_t ReadFully(int fd, char* p, size_t n) {
  size_t got = 0;
  while (got < n) {
    const ssize_t r = ::read(fd, p + got, n - got);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) break;
    got += static_cast<size_t>(r);
  }
  return got;
}

// Reads the open file `fd` whose size was `size` when stat'ed into one
// string of that size (no stream: its buffer, locale and a copy cost more
// than the read of a small included file); false when it holds more than
// `max` bytes by now.
bool ReadOpenFile(int fd, size_t size, size_t max, std::string* text) {
  text->resize(size);
  text->resize(ReadFully(fd, text->data(), size));
  if (text->size() < size) return true;  // shrunk since
  char buf[4096];  // grown since: the rest, bounded
  while (size_t n = ReadFully(fd, buf, sizeof buf)) {
    text->append(buf, n);
    if (text->size() > max) return false;
  }
  return text->size() <= max;
}

// An open file descriptor, closed at the end of its scope.
struct Fd {
  explicit Fd(const std::string& path) : fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC)) {}
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  int fd;
};

// What the expansion made of a file it read (an included document,
// parsed; a YAML file, loaded), by path, used again while the file reads
// the same. The texts stay as long as the cache: what is made of one may
// be views of it (a document's nodes), even once its file, read again
// changed, is made anew.
template <typename T>
class FileCache {
 public:
  // What was made of `path` when it read `text`, or nullptr.
  const T* Find(const std::string& path, std::string_view text) const {
    auto it = items_.find(path);
    return it != items_.end() && it->second.text == text ? &it->second.made : nullptr;
  }
  // A copy of `text` kept as long as the cache.
  std::string_view KeepText(std::string text) {
    texts_.push_back(std::move(text));
    return texts_.back();
  }
  // `made` of `path` when it read `kept` (what KeepText returned),
  // replacing what was made of it before.
  const T& Put(const std::string& path, std::string_view kept, T made) {
    return items_.insert_or_assign(path, Item{kept, std::move(made)}).first->second.made;
  }

 private:
  struct Item {
    std::string_view text;
    T made;
  };
  std::map<std::string, Item> items_;
  std::deque<std::string> texts_;
};

class Processor : public ExprHost {
 public:
  Processor(const std::map<std::string, std::string>& args, const Options& options,
            frames::Diagnostics* diags)
      : args_(args), options_(options), diags_(diags) {
    cwd_ = options.cwd.empty() ? CurrentDir() : options.cwd;
    limits_.max_string_length = options.max_string_length;
    empty_text_ = tree_.New(Node::Type::kText);
    empty_text_->name = "\n\n";
    for (const std::string& d : options.allowed_dirs) AllowDir(d);
  }

  Result Run(std::string_view text, const std::string& file, const std::string& banner) {
    Result result;
    try {
      if (!file.empty()) AllowDir(DirName(file).empty() ? "." : DirName(file));
      ParseError perr;
      // The tree's nodes are views of `text` (it outlives this call, and
      // nothing reads the tree after it: RunProcessor may keep the
      // Processor, never to use it again).
      Node* doc = tree_.Parse(text, file.empty() ? std::string("<string>") : file,
                              options_.max_depth, &perr, /*text_outlives_tree=*/true);
      if (!doc) {
        Fail(perr.code == Code::XML_ERROR ? Code::XML_ERROR : perr.code,
             "XML parsing error: " + perr.message, file, perr.line);
      }
      filestack_.push_back({file, nullptr});
      Table* symbols = NewTable(nullptr, false);
      MacroTable* macros = NewMacroTable(nullptr);
      Node* root = doc->FirstChildElement();
      if (const std::string_view* ns = root->Attr("xacro:targetNamespace")) {
        const std::string_view v = *ns;
        root->RemoveAttr("xacro:targetNamespace");
        tree_.SetAttr(root, "xmlns", v);
      }
      EvalAll(root, macros, symbols);
      // xacro's banner
      const std::string name = banner.empty() ? file : banner;
      const std::string rule(83, '=');
      char line[256];
      std::vector<std::string> banner_lines;
      banner_lines.push_back(" " + rule + " ");
      std::string from = name;
      if (from.size() < 30) from += std::string(30 - from.size(), ' ');
      banner_lines.push_back(" |    This document was autogenerated by xacro from " + from + " | ");
      std::snprintf(line, sizeof line, " |    EDITING THIS FILE BY HAND IS NOT RECOMMENDED  %-30s | ", "");
      banner_lines.push_back(line);
      banner_lines.push_back(" " + rule + " ");
      Node* first = doc->first;
      for (const std::string& b : banner_lines) {
        Node* c = tree_.New(Node::Type::kComment);
        c->name = tree_.Keep(b);
        InsertBefore(doc, c, first);
      }
      std::string error;
      std::vector<std::pair<size_t, const Node*>> starts;
      // Room for the output at once (about 15 bytes per node made; pages
      // reserved and not written cost nothing): growing it by doubling
      // copied and touched about twice its size.
      result.xml.reserve(std::min(options_.max_output_bytes,
                                  tree_.node_count() * 32 + size_t{4096}));
      if (!Print(doc, options_.max_output_bytes, &result.xml, &error,
                 options_.source_map ? &starts : nullptr)) {
        Fail(error.find("character") != std::string::npos ? Code::XML_CHARACTER_INVALID
                                                          : Code::XACRO_OUTPUT_TOO_LARGE,
             "cannot print the expansion: " + error, file, 0);
      }
      if (options_.source_map) {
        // Offsets to lines in one pass over the output.
        int line = 1;
        size_t pos = 0;
        for (const auto& [offset, node] : starts) {
          line += static_cast<int>(std::count(result.xml.begin() + static_cast<std::ptrdiff_t>(pos),
                                              result.xml.begin() + static_cast<std::ptrdiff_t>(offset), '\n'));
          pos = offset;
          result.source_map.Add(line, node->file ? *node->file : file, node->line,
                                node->context ? *node->context : "");
        }
      }
      std::set<std::string> deps(all_includes_.begin(), all_includes_.end());
      result.dependencies.assign(deps.begin(), deps.end());
      result.ok = true;
    } catch (const Failure& f) {
      diags_->Error(f.code, f.message, {f.file, f.line});
      result.xml.clear();
    }
    return result;
  }

  // --- ExprHost ---
  bool LookupName(std::string_view name, Value* out, EvalError* err) override {
    return Lookup(cur_symbols_, name, out, err);
  }
  bool LookupMember(const void* ns_handle, std::string_view name, Value* out,
                    EvalError* err) override {
    return Lookup(static_cast<Table*>(const_cast<void*>(ns_handle)), name, out, err);
  }
  bool Arg(std::string_view name, Value* out, EvalError* err) override {
    auto it = args_.find(std::string(name));
    if (it == args_.end()) {
      err->code = Code::XACRO_ARG_UNDEFINED;
      err->message = "undefined argument '" + std::string(name) + "'";
      return false;
    }
    *out = Value::Str(it->second);
    return true;
  }
  bool ReadFile(std::string_view filename, std::string* text, std::string* resolved_path,
                EvalError* err) override {
    const std::string path = AbsFilenameSpec(std::string(filename));
    *resolved_path = path;
    all_includes_.push_back(path);
    std::string why;
    Code code;
    if (!ReadAllowed(path, text, &code, &why)) {
      err->code = code;
      err->message = why;
      return false;
    }
    return true;
  }
  std::string AbsFilename(std::string_view filename) override {
    return AbsFilenameSpec(std::string(filename));
  }
  const Value* FindYaml(const std::string& resolved_path, const std::string& text) override {
    return yaml_.Find(resolved_path, text);
  }
  void KeepYaml(const std::string& resolved_path, const std::string& text, const Value& value) override {
    yaml_.Put(resolved_path, yaml_.KeepText(text), value);
  }
  void Message(MessageLevel level, const std::string& text, bool print_location) override {
    (void)print_location;
    if (level == MessageLevel::kMessage && text.empty()) return;
    const char* what = level == MessageLevel::kError     ? "xacro.error: "
                       : level == MessageLevel::kWarning ? "xacro.warning: "
                                                         : "xacro.message: ";
    diags_->Warning(Code::XACRO_MESSAGE, what + text + Stack(), {cur_file_, cur_line_});
  }

 private:
  // load_yaml's documents, by resolved path.
  FileCache<Value> yaml_;
  // Included files, parsed (never expanded), by path. Bounded as the
  // files read are: their nodes count in Options::max_nodes.
  FileCache<const Node*> parsed_;
  struct FileFrame {
    std::string file;
    const Node* include = nullptr;  // the xacro:include that read it
  };
  struct MacroFrame {
    const Macro* macro;
    const Node* call;
  };

  [[noreturn]] void Fail(Code code, const std::string& message, const std::string& file,
                         int line) {
    throw Failure{code, message, file, line};
  }
  [[noreturn]] void Fail(Code code, const std::string& message, const Node* at) {
    std::string file = at && at->file ? *at->file : (filestack_.empty() ? "" : filestack_.back().file);
    throw Failure{code, message + Stack(), file, at ? at->line : 0};
  }

  // The macro calls and includes that led here, innermost first.
  std::string Stack() const {
    std::string s;
    for (auto it = macrostack_.rbegin(); it != macrostack_.rend(); ++it) {
      s += s.empty() ? " (" : ", ";
      s += "in macro '" + it->macro->name + "' called at " +
           Location(it->call->file ? *it->call->file : "", it->call->line);
    }
    for (auto it = filestack_.rbegin(); it != filestack_.rend(); ++it) {
      if (!it->include) continue;
      s += s.empty() ? " (" : ", ";
      s += "in file " + it->file + " included at " +
           Location(it->include->file ? *it->include->file : "", it->include->line);
    }
    if (!s.empty()) s += ")";
    return s;
  }

  Table* NewTable(Table* parent, bool ns) {
    if (ns) ++namespaces_made_;
    tables_.emplace_back();
    tables_.back().parent = parent;
    tables_.back().is_namespace = ns;
    return &tables_.back();
  }
  MacroTable* NewMacroTable(MacroTable* parent) {
    macro_tables_.emplace_back();
    macro_tables_.back().parent = parent;
    return &macro_tables_.back();
  }

  void AllowDir(const std::string& dir) {
    // Once per directory: every $(find PKG) allows its package again, and
    // resolving it (a readlink per path component) was a twentieth of a
    // robot's expansion.
    if (!allowed_given_.insert(dir).second) return;
    if (auto r = Real(dir)) allowed_.push_back(*r);
    allowed_.push_back(AbsPath(dir, cwd_));
  }

  // RealPath(path), resolved once per expansion: the include-cycle check
  // resolved every file of the include stack at every include, a readlink
  // per path component each time.
  // A path whose last component is no link (nor "." or "..") is its
  // directory's, resolved once per directory, and that name: realpath's
  // readlink per component of every included file was most of an
  // expansion's system calls.
  const std::optional<std::string>& Real(const std::string& path) const {
    auto it = real_paths_.find(path);
    if (it != real_paths_.end()) return it->second;
    std::optional<std::string> real;
    struct stat st;
    const size_t slash = path.rfind('/');
    const std::string_view name =
        slash == std::string::npos ? std::string_view(path) : std::string_view(path).substr(slash + 1);
    if (!name.empty() && name != "." && name != ".." && lstat(path.c_str(), &st) == 0 &&
        !S_ISLNK(st.st_mode)) {
      const std::string dir = DirName(path);
      if (const std::optional<std::string>& d = Real(dir.empty() ? std::string(".") : dir)) {
        real = (*d == "/" ? *d : *d + "/") + std::string(name);
      }
    } else {
      real = RealPath(path);
    }
    return real_paths_.emplace(path, std::move(real)).first->second;
  }

  // As the SDF reader decides (sdf_io/include.cc): the file, canonical or
  // as written (made absolute), under a root, canonical or as written (a
  // tree of symbolic links, such as Bazel's runfiles, stays readable).
  bool Allowed(const std::string& path) const {
    const std::optional<std::string>& real = Real(path);
    const std::string lexical = AbsPath(path, cwd_);
    for (const std::string& root : allowed_) {
      if ((real && IsUnder(*real, root)) || IsUnder(lexical, root)) return true;
    }
    return false;
  }

  bool ReadAllowed(const std::string& path, std::string* text, Code* code, std::string* why) {
    struct stat st;
    if (stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) {
      *code = Code::XACRO_INCLUDE_NOT_FOUND;
      *why = std::string(stat(path.c_str(), &st) != 0 ? std::strerror(errno) : "Is a directory") +
             ": " + path;
      return false;
    }
    if (!Allowed(path)) {
      *code = Code::XACRO_INCLUDE_NOT_ALLOWED;
      *why = "refusing to read " + path +
             ": outside the input's directory, the packages found and --allow-include-from";
      return false;
    }
    if (static_cast<size_t>(st.st_size) > options_.max_file_size) {
      *code = Code::FILE_TOO_LARGE;
      *why = path + " is larger than " + std::to_string(options_.max_file_size) + " bytes";
      return false;
    }
    Fd in(path);
    if (in.fd < 0) {
      *code = Code::XACRO_INCLUDE_NOT_FOUND;
      *why = std::string(std::strerror(errno)) + ": " + path;
      return false;
    }
    if (!ReadOpenFile(in.fd, static_cast<size_t>(st.st_size), options_.max_file_size, text)) {
      *code = Code::FILE_TOO_LARGE;
      *why = path + " is larger than " + std::to_string(options_.max_file_size) + " bytes";
      return false;
    }
    return true;
  }

  std::string CurrentFile() const { return filestack_.empty() ? "" : filestack_.back().file; }

  // xacro's abs_filename_spec: relative to the directory of the file being
  // processed.
  std::string AbsFilenameSpec(const std::string& spec) const {
    if (!spec.empty() && spec[0] == '/') return spec;
    const std::string parent = CurrentFile();
    const std::string base = parent.empty() ? "." : DirName(parent);
    return JoinPath(base, spec);
  }

  // --- property tables ---
  static Entry* FindEntry(Table* t, std::string_view key, Table** owner) {
    for (; t; t = t->parent) {
      if (Entry* e = t->Find(key)) {
        if (owner) *owner = t;
        return e;
      }
    }
    return nullptr;
  }
  static bool Contains(Table* t, std::string_view key) { return FindEntry(t, key, nullptr); }

  // Table.__getitem__: the value, evaluated now if it is lazy. Nullptr when
  // undefined.
  Entry* Get(Table* t, std::string_view key) {
    Table* owner = nullptr;
    Entry* e = FindEntry(t, key, &owner);
    if (!e) return nullptr;
    if (e->unevaluated) {
      if (e->resolving) {
        std::string chain;
        for (const auto& [table, k] : resolving_) {
          if (table == owner) chain += std::string(k) + " -> ";
        }
        throw Failure{Code::XACRO_PROPERTY_CYCLE,
                      "circular variable definition: " + chain + std::string(key) +
                          "; consider disabling lazy evaluation via lazy_eval=\"false\"" + Stack(),
                      cur_file_, cur_line_};
      }
      DepthGuard guard(this, nullptr);
      e->resolving = true;
      resolving_.emplace_back(owner, key);
      // A copy of the value (its text shared, not copied): the table may
      // grow, and move the entry, while the text is evaluated.
      const Value text = e->value;
      Value v;
      try {
        v = EvalText(text.str(), owner, nullptr);
      } catch (...) {
        e = FindEntry(owner, key, nullptr);
        if (e) e->resolving = false;
        resolving_.pop_back();
        throw;
      }
      e = FindEntry(owner, key, nullptr);  // the map may have grown
      if (v.kind() == Value::Kind::kStr) v = LiteralValue(v);
      e->value = v;
      e->unevaluated = false;
      e->resolving = false;
      resolving_.pop_back();
    }
    return e;
  }

  bool Lookup(Table* t, std::string_view key, Value* out, EvalError* err) {
    try {
      Entry* e = Get(t, key);
      if (!e || e->block) return false;
      *out = e->value;
      return true;
    } catch (const Failure& f) {
      err->code = f.code;
      err->message = f.message;
      return false;
    }
  }

  // Table._setitem. `key` must outlive the table (Table).
  void SetItem(Table* t, std::string_view key, Value value, bool unevaluated) {
    if (value.kind() == Value::Kind::kStr) value = LiteralValue(value);
    SetConverted(t, key, std::move(value), unevaluated);
  }
  // SetItem of what LiteralValue has made already.
  void SetConverted(Table* t, std::string_view key, Value value, bool unevaluated) {
    Entry& e = t->Insert(key);
    e.block = nullptr;
    e.resolving = false;
    e.unevaluated = unevaluated && value.kind() == Value::Kind::kStr;
    e.value = std::move(value);
  }
  // `name` kept for as long as the tables: a key made by the expansion
  // (an evaluated property name, a block's "**name", an include's ns).
  std::string_view Name(std::string_view name) {
    return *names_.emplace(name).first;
  }
  void SetBlock(Table* t, std::string_view key, Node* block) {
    Entry& e = t->Insert(key);
    e = Entry();
    e.block = block;
  }
  static Table* Top(Table* t) {
    while (t->parent) t = t->parent;
    return t;
  }

  // --- depth ---
  struct DepthGuard {
    // The check inline, the failure out of line (a call per element and
    // expression was a percent of an expansion).
    DepthGuard(Processor* p, const Node* at) : p_(p) {
      if (++p_->depth_ > p_->options_.max_depth) p_->TooDeep(at);
    }
    ~DepthGuard() { --p_->depth_; }
    Processor* p_;
  };
  [[noreturn]] __attribute__((noinline, cold)) void TooDeep(const Node* at) {
    --depth_;
    Fail(Code::XACRO_RECURSION_TOO_DEEP,
         "expansion nested deeper than " + std::to_string(options_.max_depth) +
             " (elements, macro calls, includes and lazy properties counted together)",
         at);
  }

  void ChargeBytes(size_t n, const Node* at) {
    expansion_bytes_ += n;
    if (expansion_bytes_ > options_.max_output_bytes * 4) {
      Fail(Code::XACRO_OUTPUT_TOO_LARGE,
           "the expansion made more than " + std::to_string(options_.max_output_bytes * 4) +
               " bytes of text",
           at);
    }
  }
  void CheckNodes(const Node* at) {
    if (tree_.node_count() > options_.max_nodes) {
      Fail(Code::XACRO_OUTPUT_TOO_LARGE,
           "the expansion made more than " + std::to_string(options_.max_nodes) + " nodes", at);
    }
  }
  // With Options::source_map: the elements under `top` (itself included)
  // that no inner macro call or include marked get the current stack.
  void MarkContext(Node* top) {
    if (!options_.source_map) return;
    std::string stack = Stack();
    auto [it, added] = context_index_.emplace(stack, nullptr);
    if (added) {
      contexts_.push_back(std::move(stack));
      it->second = &contexts_.back();
    }
    const std::string* context = it->second;
    std::vector<Node*> todo{top};
    while (!todo.empty()) {
      Node* n = todo.back();
      todo.pop_back();
      if (!n->IsElement()) continue;
      if (!n->context) n->context = context;
      for (Node* c = n->first; c; c = c->next) todo.push_back(c);
    }
  }

  // A copy of `n` to expand: the macro definitions in it stand for their
  // source (Tree::Clone; GrabMacro keeps the source as the body).
  Node* Clone(const Node* n, const Node* at) {
    Node* c = tree_.Clone(n, true, kMacroTag);
    CheckNodes(at);
    return c;
  }
  // Unlinks `n`, which nothing points at any more, and gives it back to
  // the tree with what is under it (Tree::Recycle): the one empty text
  // RemovePreviousComments moves about is never given back.
  void Drop(Node* n) {
    Remove(n);
    tree_.Recycle(n, empty_text_);
  }

  // --- text ---
  // xacro's eval_text lexer: the parts of a text with '$' in order,
  // `literal` getting each literal run (the $${ and $$( escapes resolved),
  // `evaluated` each ${expr} and $(extension) result.
  template <typename Literal, typename Evaluated>
  void ForEachPart(std::string_view text, Table* symbols, const Node* at, Literal&& literal,
                   Evaluated&& evaluated) {
    size_t p = 0;
    while (p < text.size()) {
      std::string_view rest = text.substr(p);
      if (rest[0] == '$') {
        size_t k = 1;
        while (k < rest.size() && rest[k] == '$') ++k;
        if (k >= 2 && k < rest.size() && (rest[k] == '{' || rest[k] == '(')) {
          // DOLLAR_DOLLAR_BRACE: drop one '$'
          literal(rest.substr(1, k));
          p += k + 1;
          continue;
        }
        if (rest.size() >= 2 && rest[1] == '{') {
          size_t close = rest.find('}', 2);
          if (close != std::string_view::npos) {
            evaluated(HandleExpr(rest.substr(2, close - 2), symbols, at));
            p += close + 1;
            continue;
          }
        }
        if (rest.size() >= 2 && rest[1] == '(') {
          size_t close = rest.find(')', 2);
          if (close != std::string_view::npos) {
            evaluated(HandleExtension(rest.substr(2, close - 2), symbols, at));
            p += close + 1;
            continue;
          }
        }
        // TEXT: '$' followed by chars other than {($, or a lone final '$'
        size_t q = 1;
        while (q < rest.size() && rest[q] != '{' && rest[q] != '(' && rest[q] != '$') ++q;
        if (q == 1 && rest.size() != 1) {
          Fail(Code::XACRO_EXPRESSION_INVALID, "invalid expression: " + std::string(rest), at);
        }
        literal(rest.substr(0, q));
        p += q;
      } else {
        size_t q = rest.find('$');
        if (q == std::string_view::npos) q = rest.size();
        literal(rest.substr(0, q));
        p += q;
      }
    }
  }

  // Several parts joined: bounded as one string, and charged.
  void CheckJoined(size_t parts, size_t bytes, const Node* at) {
    if (parts < 2) return;
    if (bytes > options_.max_string_length) {
      Fail(Code::XACRO_LIMIT_EXCEEDED,
           "text longer than " + std::to_string(options_.max_string_length) + " bytes", at);
    }
    ChargeBytes(bytes, at);
  }

  // xacro's eval_text: literal text, ${expr}, $(extension), $${ and $$(
  // escapes; one part keeps its type, several are joined as str.
  Value EvalText(std::string_view text, Table* symbols, const Node* at) {
    if (!HasDollar(text)) return Value::Str(std::string(text));
    // The whole text one ${...} (most lazy properties and conditions): its
    // value, as ForEachPart would make the one part.
    if (text.size() >= 3 && text[0] == '$' && text[1] == '{' &&
        text.find('}', 2) == text.size() - 1) {
      return HandleExpr(text.substr(2, text.size() - 3), symbols, at);
    }
    std::vector<Value> results;
    ForEachPart(
        text, symbols, at, [&](std::string_view s) { results.push_back(Value::Str(std::string(s))); },
        [&](Value v) { results.push_back(std::move(v)); });
    if (results.size() == 1) return results[0];
    std::string joined;
    for (const Value& v : results) AppendStr(&joined, v);
    CheckJoined(results.size(), joined.size(), at);
    return Value::Str(std::move(joined));
  }

  // EvalText as a str, built directly (without a Value per part: most
  // attributes are evaluated this way).
  std::string EvalStr(std::string_view text, Table* symbols, const Node* at) {
    if (!HasDollar(text)) return std::string(text);
    std::string joined;
    AppendEvalStr(text, symbols, at, &joined);
    return joined;
  }
  // EvalStr(text) appended to *out.
  void AppendEvalStr(std::string_view text, Table* symbols, const Node* at, std::string* out) {
    if (!HasDollar(text)) {
      out->append(text);
      return;
    }
    AppendEvalParts(text, symbols, at, out);
  }
  // AppendEvalStr without looking for a '$' first (the caller has: the
  // same result either way).
  void AppendEvalParts(std::string_view text, Table* symbols, const Node* at, std::string* out) {
    const size_t start = out->size();
    size_t parts = 0;
    ForEachPart(
        text, symbols, at,
        [&](std::string_view s) {
          out->append(s);
          ++parts;
        },
        [&](const Value& v) {
          AppendStr(out, v);  // no str made first
          ++parts;
        });
    CheckJoined(parts, out->size() - start, at);
  }
  // EvalStr(text), kept by the tree: built in one buffer reused for every
  // attribute and text (a string made and freed for each was a tenth of
  // a generated robot's mallocs). An evaluation inside another (none does
  // today) gets a string of its own.
  std::string_view KeepEvalStr(std::string_view text, Table* symbols, const Node* at) {
    if (eval_buf_busy_) {
      std::string own;
      AppendEvalParts(text, symbols, at, &own);
      return tree_.Keep(own);
    }
    eval_buf_busy_ = true;  // stays set after a Failure: the expansion is over
    eval_buf_.clear();
    AppendEvalParts(text, symbols, at, &eval_buf_);
    eval_buf_busy_ = false;
    return tree_.Keep(eval_buf_);
  }

  Value HandleExpr(std::string_view inner, Table* symbols, const Node* at) {
    // The text itself unless it holds ${...} or $(...) to evaluate first.
    std::string evaluated;
    std::string_view expr = inner;
    if (HasDollar(inner)) {
      evaluated = EvalStr(inner, symbols, at);
      expr = evaluated;
    }
    Table* saved = cur_symbols_;
    cur_symbols_ = symbols;
    SetCurrent(at);
    Value out;
    EvalError err;
    bool ok;
    {
      DepthGuard guard(this, at);
      // Each expression parsed once: a macro body's are evaluated at every
      // call. The cache is bounded (hostile input could make each distinct).
      // Keyed by views of the texts the cache keeps (a string key was a
      // copy per lookup). Not cleared while an expression is evaluated
      // (a lazy property's inside another's): one compiled then is used
      // uncached.
      const CompiledExpr* compiled;
      std::shared_ptr<const CompiledExpr> uncached;
      // First where the text was last seen: a macro body's expressions are
      // views of the same bytes at every call, and a pointer's hash and a
      // compare of the text cost less than hashing the text (a third of
      // this function's own time).
      RecentExpr& recent = recent_exprs_[(reinterpret_cast<uintptr_t>(expr.data()) >> 2) *
                                             0x9E3779B97F4A7C15ull >>
                                         (64 - kRecentBits)];
      auto it = compiled_.end();
      if (recent.at == expr.data() && recent.text == expr) {
        compiled = recent.compiled;
      } else if ((it = compiled_.find(expr)) != compiled_.end()) {
        compiled = it->second.get();
        recent = {expr.data(), it->first, compiled};
      } else {
        std::shared_ptr<const CompiledExpr> c = Compile(expr, limits_, &err);
        if (!c) {
          cur_symbols_ = saved;
          Fail(err.code, err.message + " when evaluating expression '" + std::string(expr) + "'",
               at);
        }
        if (compiled_.size() >= 65536 && evaluating_ == 0) {
          compiled_.clear();
          compiled_texts_.clear();
          recent_exprs_.fill(RecentExpr());
        }
        if (compiled_.size() < 65536) {
          compiled_texts_.emplace_back(expr);
          compiled =
              compiled_.emplace(compiled_texts_.back(), std::move(c)).first->second.get();
          recent = {expr.data(), compiled_texts_.back(), compiled};
        } else {
          uncached = std::move(c);
          compiled = uncached.get();
        }
      }
      struct Evaluating {
        explicit Evaluating(int* n) : n_(n) { ++*n_; }
        ~Evaluating() { --*n_; }
        int* n_;
      } evaluating(&evaluating_);
      ok = Evaluate(*compiled, *this, limits_, &out, &err);
    }
    cur_symbols_ = saved;
    if (!ok) {
      // A failure inside a lazily evaluated property names its own
      // expression already: one is enough (a chain of 250 would repeat).
      if (err.message.find("when evaluating expression '") != std::string::npos) {
        Fail(err.code, err.message, at);
      }
      Fail(err.code, err.message + " when evaluating expression '" + std::string(expr) + "'", at);
    }
    if (out.kind() == Value::Kind::kStr) ChargeBytes(out.str().size(), at);
    return out;
  }

  void SetCurrent(const Node* at) {
    if (at && at->file) {
      if (cur_file_source_ != at->file) {  // interned: same pointer, same name
        cur_file_ = *at->file;
        cur_file_source_ = at->file;
      }
      cur_line_ = at->line;
    }
  }

  Value HandleExtension(std::string_view inner, Table* symbols, const Node* at) {
    const std::string s = EvalStr(inner, symbols, at);
    if (s == "cwd") return Value::Str(cwd_);
    if (s.rfind("eval ", 0) == 0) return Value::Str(EvalExtension(s.substr(5), at));
    // substitution_args' _collect_args on "$(s)": the whole of s is the one
    // argument (it holds no ')' and, being inside, no '$' either).
    if (s.find('$') != std::string::npos) {
      Fail(Code::XACRO_SUBSTITUTION_INVALID,
           "Dollar signs \"$\" cannot be inside of substitution args [$(" + s + ")]", at);
    }
    std::vector<std::string> words;
    {
      std::string w;
      for (char c : s) {
        if (c == ' ') {
          if (!w.empty()) words.push_back(w);
          w.clear();
        } else {
          w.push_back(c);
        }
      }
      if (!w.empty()) words.push_back(w);
    }
    if (words.empty()) {
      Fail(Code::XACRO_SUBSTITUTION_INVALID, "empty substitution arg $(" + s + ")", at);
    }
    const std::string& cmd = words[0];
    if (cmd == "arg") {
      if (words.size() != 2) {
        Fail(Code::XACRO_SUBSTITUTION_INVALID,
             "$(arg var) must specify exactly one variable name [" + s + "]", at);
      }
      auto it = args_.find(words[1]);
      if (it == args_.end()) {
        Fail(Code::XACRO_ARG_UNDEFINED,
             "Undefined substitution argument " + words[1] +
                 " (give it as " + words[1] + ":=VALUE or declare it with <xacro:arg>)",
             at);
      }
      return Value::Str(it->second);
    }
    if (cmd == "env" || cmd == "optenv") {
      if (words.size() < 2 || (cmd == "env" && words.size() != 2)) {
        Fail(Code::XACRO_SUBSTITUTION_INVALID,
             "$(" + cmd + " var" + (cmd == "optenv" ? " [default]" : "") +
                 ") takes " + (cmd == "env" ? "exactly one argument" : "a name and a default") +
                 " [" + s + "]",
             at);
      }
      const char* v = std::getenv(words[1].c_str());
      if (v) return Value::Str(v);
      if (cmd == "env") {
        Fail(Code::XACRO_SUBSTITUTION_INVALID,
             "environment variable '" + words[1] + "' is not set", at);
      }
      std::string def;
      for (size_t i = 2; i < words.size(); ++i) def += (i > 2 ? " " : "") + words[i];
      return Value::Str(def);
    }
    if (cmd == "dirname") {
      return Value::Str(DirName(AbsPath(CurrentFile().empty() ? "./x" : CurrentFile(), cwd_)));
    }
    if (cmd == "find") {
      if (words.size() != 2) {
        Fail(Code::XACRO_SUBSTITUTION_INVALID,
             "$(find pkg) accepts exactly one argument [" + s + "]", at);
      }
      // Asked once per package and expansion: the search crawls directories.
      auto cached = found_packages_.find(words[1]);
      std::optional<std::string> dir;
      if (cached != found_packages_.end()) {
        dir = cached->second;
      } else {
        if (options_.find_package) dir = options_.find_package(words[1], CurrentFile());
        found_packages_[words[1]] = dir;
      }
      if (!dir) {
        Fail(Code::XACRO_PACKAGE_NOT_FOUND,
             "package '" + words[1] +
                 "' not found (give --package " + words[1] +
                 "=DIR, or set AMENT_PREFIX_PATH or ROS_PACKAGE_PATH)",
             at);
      }
      AllowDir(*dir);
      return Value::Str(*dir);
    }
    Fail(Code::XACRO_SUBSTITUTION_INVALID,
         "Unknown substitution command [" + s +
             "]. Valid commands are ['find', 'env', 'optenv', 'dirname', 'arg', 'eval', 'cwd']",
         at);
  }

  // $(eval EXPR): Python with the args as names (typed as roslaunch's
  // convert_value 'auto' types them), true/false, the math names and
  // arg('name').
  class EvalHost : public ExprHost {
   public:
    EvalHost(Processor* p) : p_(p) {}
    bool LookupName(std::string_view name, Value* out, EvalError* err) override {
      if (name == "true" || name == "True") return *out = Value::Bool(true), true;
      if (name == "false" || name == "False") return *out = Value::Bool(false), true;
      if (name == "arg") {
        // xacro.arg, whose calls come back to Arg() below.
        return Evaluate("xacro.arg", *this, p_->limits_, out, err);
      }
      if (name == "xacro" || name == "math" || name == "python") return false;
      auto it = p_->args_.find(std::string(name));
      if (it == p_->args_.end()) return false;
      *out = Auto(it->second);
      return true;
    }
    bool LookupMember(const void*, std::string_view, Value*, EvalError*) override { return false; }
    bool Arg(std::string_view name, Value* out, EvalError* err) override {
      auto it = p_->args_.find(std::string(name));
      if (it == p_->args_.end()) {
        err->code = Code::XACRO_ARG_UNDEFINED;
        err->message = "undefined argument '" + std::string(name) + "'";
        return false;
      }
      *out = Auto(it->second);
      return true;
    }
    bool ReadFile(std::string_view, std::string*, std::string*, EvalError* err) override {
      err->code = Code::XACRO_EXPRESSION_FORBIDDEN;
      err->message = "$(eval ...) cannot read files";
      return false;
    }
    std::string AbsFilename(std::string_view f) override { return p_->AbsFilename(f); }
    void Message(MessageLevel level, const std::string& text, bool pl) override {
      p_->Message(level, text, pl);
    }
    // roslaunch's convert_value(value, 'auto').
    static Value Auto(const std::string& v) {
      if (v.find('.') != std::string::npos) {
        Value f = LiteralValue(v);
        if (f.kind() == Value::Kind::kFloat && v.find('_') == std::string::npos) return f;
      } else {
        Value i = LiteralValue(v);
        if (i.kind() == Value::Kind::kInt && v.find('_') == std::string::npos) return i;
      }
      std::string lower = v;
      for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      if (lower == "true") return Value::Bool(true);
      if (lower == "false") return Value::Bool(false);
      return Value::Str(v);
    }

   private:
    Processor* p_;
  };

  std::string EvalExtension(const std::string& expr, const Node* at) {
    if (expr.find("__") != std::string::npos) {
      Fail(Code::XACRO_EXPRESSION_FORBIDDEN,
           "$(eval ...) may not contain double underscore expressions", at);
    }
    EvalHost host(this);
    Value out;
    EvalError err;
    if (!Evaluate(expr, host, limits_, &out, &err)) {
      Fail(err.code, err.message + " in $(eval " + expr + ")", at);
    }
    return out.kind() == Value::Kind::kStr ? out.str() : Str(out);
  }

  // get_boolean_value
  bool Boolean(const Value& v, std::string_view condition, const Node* at) {
    if (v.kind() == Value::Kind::kStr) return BooleanStr(v.str(), condition, at);
    return Truthy(v);
  }
  // get_boolean_value of a str.
  bool BooleanStr(std::string_view s, std::string_view condition, const Node* at) {
    if (s == "true" || s == "True") return true;
    if (s == "false" || s == "False") return false;
    if (auto b = PythonIntNonZero(s)) return *b;
    Fail(Code::XACRO_CONDITION_INVALID,
         "Xacro conditional \"" + std::string(condition) + "\" evaluated to \"" +
             std::string(s) + "\", which is not a boolean expression",
         at);
  }
  // Boolean(EvalText(text)): a text without '$' is its own str (no value
  // made for it; most xacro:property elements have two such texts).
  bool BooleanText(std::string_view text, Table* symbols, const Node* at) {
    if (!HasDollar(text)) return BooleanStr(text, text, at);
    return Boolean(EvalText(text, symbols, at), text, at);
  }

  // --- attributes ---
  std::optional<std::string> OptAttr(const Node* n, const char* name) {
    const std::string_view* v = n->Attr(name);
    return v ? std::optional<std::string>(*v) : std::nullopt;
  }
  std::string ReqAttr(const Node* n, const char* name) {
    const std::string_view* v = n->Attr(name);
    if (!v) {
      Fail(Code::XACRO_ATTRIBUTE_MISSING,
           "<" + std::string(n->name) + ">: missing attribute '" + name + "'", n);
    }
    return std::string(*v);
  }
  void CheckAttrs(const Node* n, std::initializer_list<std::string_view> allowed) {
    std::string extra;
    for (const auto& [name, value] : n->attrs) {
      if (name.rfind("xmlns:", 0) == 0) continue;
      bool ok = false;
      for (std::string_view a : allowed) ok = ok || name == a;
      if (!ok) extra += (extra.empty() ? "" : ", ") + std::string(name);
    }
    if (!extra.empty()) {
      diags_->Warning(Code::XACRO_ATTRIBUTE_UNKNOWN,
                      std::string(n->name) + ": unknown attribute(s): " + extra + Stack(),
                      {n->file ? *n->file : "", n->line});
    }
  }

  // --- tree edits as xacro makes them ---
  void ReplaceNode(Node* node, const std::vector<Node*>& by, bool content_only) {
    Node* parent = node->parent;
    for (Node* d : by) {
      if (content_only) {
        Node* c = d->first;
        while (c) {
          Node* n = c->next;
          InsertBefore(parent, c, node);
          c = n;
        }
      } else {
        InsertBefore(parent, d, node);
      }
    }
    Remove(node);
  }

  static bool IsSpaceText(std::string_view s) {
    if (s.empty()) return false;
    for (char c : s) {
      if (!IsSpaceChar(c) && c != '\x1c' && c != '\x1d' && c != '\x1e' && c != '\x1f') return false;
    }
    return true;
  }

  void RemovePreviousComments(Node* node) {
    Node* next = node->next;
    Node* previous = node->prev;
    while (previous) {
      if (previous->type == Node::Type::kText && IsSpaceText(previous->name) &&
          std::count(previous->name.begin(), previous->name.end(), '\n') <= 1) {
        previous = previous->prev;
      }
      if (previous && previous->type == Node::Type::kComment) {
        Node* comment = previous;
        previous = previous->prev;
        Drop(comment);
      } else {
        if (next && next != empty_text_) InsertBefore(node->parent, empty_text_, next);
        return;
      }
    }
  }

  void ImportNamespaces(Node* parent, const Node* from) {
    for (const auto& [name, value] : from->attrs) {
      if (name.rfind("xmlns:", 0) != 0) continue;
      const std::string_view* old = parent->Attr(name);
      if (old && *old != value) {
        diags_->Warning(Code::XACRO_NAMESPACE_INCONSISTENT,
                        "inconsistent namespace redefinitions for " + std::string(name) +
                            ": old " + std::string(*old) + ", new " + std::string(value),
                        {from->file ? *from->file : "", from->line});
      } else {
        tree_.SetAttr(parent, name, value);
      }
    }
  }

  // --- the elements ---
  void EvalAll(Node* node, MacroTable* macros, Table* symbols) {
    DepthGuard guard(this, node);
    // attributes
    for (size_t i = 0; i < node->attrs.size();) {
      const auto [name, value] = node->attrs[i];
      if (IsXacroName(name) || name == "xmlns:xacro") {
        node->attrs.Erase(i);
        continue;
      }
      // Only a changed value is written anew (the others stay views of
      // the macro body's or the file's text: Node).
      if (HasDollar(value)) {
        node->attrs[i].value = KeepEvalStr(value, symbols, node);
      }
      ++i;
    }
    Node* n = node->first;
    bool eval_comments = false;
    while (n) {
      Node* next = n->next;
      if (n->type == Node::Type::kElement) {
        eval_comments = false;
        // A view: its == checks the length before the bytes (a string's ==
        // with a literal compared the bytes of every tag below).
        const std::string_view tag = n->name;
        if (!IsXacroName(tag)) {
          // Most elements: none of the xacro: tags below, no macro call.
          EvalAll(n, macros, symbols);
        } else if (tag == "xacro:insert_block") {
          CheckAttrs(n, {"name"});
          const std::string name = ReqAttr(n, "name");
          Entry* e;
          bool content_only;
          if ((e = Get(symbols, "**" + name))) {
            content_only = true;
          } else if ((e = Get(symbols, "*" + name))) {
            content_only = false;
          } else {
            Fail(Code::XACRO_BLOCK_UNDEFINED, "Undefined block \"" + name + "\"", n);
          }
          if (!e->block) {
            Fail(Code::XACRO_BLOCK_UNDEFINED, "\"" + name + "\" is not a block", n);
          }
          Node* block = Clone(e->block, n);
          EvalAll(block, macros, symbols);
          ReplaceNode(n, {block}, content_only);
          Drop(n);
          if (content_only) Drop(block);  // emptied
        } else if (tag == "xacro:include") {
          ProcessInclude(n, macros, symbols);
        } else if (tag == "xacro:property") {
          GrabProperty(n, symbols);
        } else if (tag == "xacro:macro") {
          GrabMacro(n, macros);
        } else if (tag == "xacro:arg") {
          CheckAttrs(n, {"name", "default"});
          const std::string name = ReqAttr(n, "name");
          const std::string def = ReqAttr(n, "default");
          if (!args_.count(name)) args_[name] = EvalStr(def, symbols, n);
          RemovePreviousComments(n);
          Drop(n);
        } else if (tag == "xacro:element") {
          const std::string raw = ReqAttr(n, "xacro:name");
          const std::string name = EvalStr(raw, symbols, n);
          if (name.empty()) Fail(Code::XACRO_ATTRIBUTE_MISSING, "xacro:element: empty name", n);
          if (!xml::IsName(name)) {
            Fail(Code::XACRO_NAME_INVALID,
                 "xacro:element: \"" + name + "\" is not an XML element name", n);
          }
          n->RemoveAttr("xacro:name");
          n->name = tree_.Keep(name);
          continue;  // process the node again under its new name
        } else if (tag == "xacro:attribute") {
          const std::string name = EvalStr(ReqAttr(n, "name"), symbols, n);
          const std::string raw = ReqAttr(n, "value");
          if (name.empty()) Fail(Code::XACRO_ATTRIBUTE_MISSING, "xacro:attribute: empty name", n);
          if (!xml::IsName(name)) {
            Fail(Code::XACRO_NAME_INVALID,
                 "xacro:attribute: \"" + name + "\" is not an XML attribute name", n);
          }
          const std::string value = EvalStr(raw, symbols, n);
          // A name new to the parent is kept by the tree (Tree::SetAttr).
          const std::string_view* old = n->parent->Attr(name);
          tree_.SetAttr(n->parent, old ? std::string_view(name) : tree_.Keep(name), value);
          Drop(n);
        } else if (tag == "xacro:if" || tag == "xacro:unless") {
          RemovePreviousComments(n);
          CheckAttrs(n, {"value"});
          const std::string cond = ReqAttr(n, "value");
          bool keep = BooleanText(cond, symbols, n);
          if (tag == "xacro:unless") keep = !keep;
          if (keep) {
            EvalAll(n, macros, symbols);
            ReplaceNode(n, {n}, true);
          }
          Drop(n);  // emptied, or never to be expanded
        } else if (HandleMacroCall(n, macros, symbols)) {
        } else {
          EvalAll(n, macros, symbols);
        }
      } else if (n->type == Node::Type::kText) {
        if (HasDollar(n->data())) {
          n->name = KeepEvalStr(n->data(), symbols, n);
        }
        if (eval_comments && !Strip(n->data()).empty()) eval_comments = false;
      } else if (n->type == Node::Type::kComment) {
        if (n->data().find("xacro:eval-comments") != std::string_view::npos) {
          eval_comments = n->data().find("xacro:eval-comments:off") == std::string_view::npos;
          Drop(n);
        } else if (eval_comments) {
          n->name = KeepEvalStr(n->data(), symbols, n);
        }
      }
      n = next;
    }
  }

  void ProcessInclude(Node* elt, MacroTable* macros, Table* symbols) {
    CheckAttrs(elt, {"filename", "ns", "optional"});
    const std::string filename_spec = ReqAttr(elt, "filename");
    std::optional<std::string> ns_spec = OptAttr(elt, "ns");
    std::optional<std::string> optional_spec = OptAttr(elt, "optional");
    MacroTable* ns_macros = macros;
    Table* ns_symbols = symbols;
    if (ns_spec && !ns_spec->empty()) {
      const std::string ns = EvalStr(*ns_spec, symbols, elt);
      ns_macros = NewMacroTable(nullptr);
      macros->map[ns] = MacroTable::Item{nullptr, ns_macros};
      ns_symbols = NewTable(symbols, true);
      SetItem(symbols, Name(ns), Value::Namespace(ns_symbols), true);
    }
    bool optional = false;
    if (optional_spec) optional = Boolean(Value::Str(*optional_spec), *optional_spec, elt);
    if (elt->FirstChildElement()) {
      diags_->Warning(Code::XACRO_ATTRIBUTE_UNKNOWN,
                      "Child elements of a <xacro:include> tag are ignored" + Stack(),
                      {elt->file ? *elt->file : "", elt->line});
    }
    // get_include_files
    const std::string spec = AbsFilenameSpec(EvalStr(filename_spec, symbols, elt));
    std::vector<std::string> filenames;
    if (spec.find_first_of("*[?") != std::string::npos) {
      glob_t g;
      std::memset(&g, 0, sizeof g);
      if (::glob(spec.c_str(), 0, nullptr, &g) == 0) {
        for (size_t i = 0; i < g.gl_pathc; ++i) filenames.push_back(g.gl_pathv[i]);
      }
      globfree(&g);
      std::sort(filenames.begin(), filenames.end());
      if (filenames.empty()) {
        diags_->Warning(Code::XACRO_INCLUDE_NOT_FOUND,
                        "Include tag's filename spec \"" + spec + "\" matched no files." + Stack(),
                        {elt->file ? *elt->file : "", elt->line});
      }
    } else {
      filenames.push_back(spec);
    }
    std::vector<Node*> included;
    for (const std::string& filename : filenames) {
      all_includes_.push_back(filename);
      for (const FileFrame& f : filestack_) {
        if (f.file == filename ||
            (Real(f.file) && Real(f.file) == Real(filename))) {
          Fail(Code::XACRO_INCLUDE_CYCLE, "include cycle: " + filename + " includes itself", elt);
        }
      }
      if (filestack_.size() > options_.max_include_depth) {
        Fail(Code::XACRO_INCLUDE_TOO_DEEP,
             "includes nested deeper than " + std::to_string(options_.max_include_depth), elt);
      }
      std::string text;
      Code code;
      std::string why;
      if (!ReadAllowed(filename, &text, &code, &why)) {
        if (optional && code == Code::XACRO_INCLUDE_NOT_FOUND) continue;
        Fail(code, why, elt);
      }
      // Each file is parsed once per expansion (franka's robot macro
      // includes the same macro files at every call): a copy of the parsed
      // document, kept unexpanded, is what each include expands.
      const Node* const* kept = parsed_.Find(filename, text);
      if (!kept) {
        ParseError perr;
        // The nodes are views of the text the cache keeps.
        const std::string_view kept_text = parsed_.KeepText(std::move(text));
        Node* parsed = tree_.Parse(kept_text, filename, options_.max_depth, &perr,
                                   /*text_outlives_tree=*/true);
        if (!parsed) {
          throw Failure{perr.code, "XML parsing error: " + perr.message + Stack() +
                                       " (included at " + Location(*elt->file, elt->line) + ")",
                        filename, perr.line};
        }
        CheckNodes(elt);
        kept = &parsed_.Put(filename, kept_text, parsed);
      }
      // Its root alone: nothing reads past it, and the comments around it
      // are dropped with it.
      Node* root = Clone((*kept)->FirstChildElement(), elt);
      filestack_.push_back({filename, elt});
      EvalAll(root, ns_macros, ns_symbols);
      MarkContext(root);
      included.push_back(root);
      ImportNamespaces(elt->parent, root);
      filestack_.pop_back();
    }
    RemovePreviousComments(elt);
    ReplaceNode(elt, included, true);
    Drop(elt);
    for (Node* root : included) Drop(root);  // emptied
  }

  void GrabProperty(Node* elt, Table* table) {
    RemovePreviousComments(elt);
    CheckAttrs(elt, {"name", "value", "default", "remove", "scope", "lazy_eval"});
    const std::string raw_name = ReqAttr(elt, "name");
    // Views of the element's values (it is not changed below).
    const std::string_view* value = elt->Attr("value");
    const std::string_view* def = elt->Attr("default");
    const std::string_view* remove_spec = elt->Attr("remove");
    const std::string_view* scope = elt->Attr("scope");
    const std::string_view* lazy_spec = elt->Attr("lazy_eval");
    std::string name;
    if (raw_name.find('$') == std::string::npos) {
      name = raw_name;  // what EvalText makes of it
    } else {
      Value name_value = EvalText(raw_name, table, elt);
      if (name_value.kind() == Value::Kind::kStr) name = name_value.str();
      if (!IsValidName(name)) {
        Fail(Code::XACRO_NAME_INVALID,
             "Property names must be valid python identifiers: " + Str(name_value), elt);
      }
    }
    if (!IsValidName(name)) {
      Fail(Code::XACRO_NAME_INVALID,
           "Property names must be valid python identifiers: " + Str(Value::Str(name)), elt);
    }
    if (name.rfind("__", 0) == 0) {
      Fail(Code::XACRO_NAME_INVALID, "Property names must not start with double underscore: " + name,
           elt);
    }
    const bool remove = remove_spec && BooleanText(*remove_spec, table, elt);  // "false"
    if (int(value != nullptr) + int(def != nullptr) + int(remove) > 1) {
      Fail(Code::XACRO_ATTRIBUTE_CONFLICT,
           "Property attributes default, value, and remove are mutually exclusive: " + name, elt);
    }
    if (remove && Contains(table, name)) {
      for (Table* p = table; p; p = p->parent) p->Erase(name);
      Remove(elt);
      return;
    }
    if (def) {
      if (scope) {
        diags_->Warning(Code::XACRO_ATTRIBUTE_UNKNOWN,
                        name + ": default property value can only be defined on local scope",
                        {elt->file ? *elt->file : "", elt->line});
      }
      if (!Contains(table, name)) {
        value = def;
      } else {
        Remove(elt);
        return;
      }
    }
    const bool block = !value;
    if (block) name = "**" + name;
    Remove(elt);
    bool lazy = !lazy_spec || BooleanText(*lazy_spec, table, elt);  // "true"
    Table* target = table;
    if (scope && *scope == "global") {
      target = Top(table);
      lazy = false;
    } else if (scope && *scope == "parent") {
      if (!table->parent) {
        diags_->Warning(Code::XACRO_ATTRIBUTE_UNKNOWN, name + ": no parent scope at global scope",
                        {elt->file ? *elt->file : "", elt->line});
        return;
      }
      target = table->parent;
      lazy = false;
      if (!table->is_namespace) {
        while (target->is_namespace && target->parent) target = target->parent;
      }
    }
    // The key: the attribute's own text when it is the name (it lives as
    // long as the tree), else kept once per distinct name.
    const std::string_view key = !block && raw_name.find('$') == std::string::npos
                                     ? *elt->Attr("name")
                                     : Name(name);
    if (block) {
      SetBlock(target, key, elt);
      return;
    }
    SetItem(target, key, lazy ? Value::Str(std::string(*value)) : EvalText(*value, table, elt),
            lazy);
    Drop(elt);  // its value copied or evaluated (a block's element is kept)
  }

  void GrabMacro(Node* elt, MacroTable* macros) {
    RemovePreviousComments(elt);
    CheckAttrs(elt, {"name", "params"});
    std::string name = ReqAttr(elt, "name");
    std::string params = OptAttr(elt, "params").value_or("");
    if (name == "call") Fail(Code::XACRO_NAME_INVALID, "Invalid use of macro name 'call'", elt);
    if (name.find('.') != std::string::npos) {
      Fail(Code::XACRO_NAME_INVALID,
           "macro names must not contain '.' (reserved for namespaces): " + name, elt);
    }
    if (name.rfind("xacro:", 0) == 0) {
      diags_->Warning(Code::XACRO_ATTRIBUTE_UNKNOWN,
                      "macro names must not contain prefix 'xacro:': " + name,
                      {elt->file ? *elt->file : "", elt->line});
      name = name.substr(6);
    }
    macros_.emplace_back();
    Macro* m = &macros_.back();
    // The definition as written when `elt` is a copy's stand-in for it.
    Node* body = tree_.Original(elt);
    m->body = body;
    m->name = name;
    std::string_view rest = params;
    while (true) {
      while (!rest.empty() && IsSpaceChar(rest.front())) rest.remove_prefix(1);
      if (rest.empty()) break;
      std::string param;
      Macro::Default d;
      if (ParseParamWithDefault(&rest, &param, &d)) {
        m->params.push_back(param);
        if (d.forward || d.has_default) m->defaults[param] = d;
      } else {
        size_t e = 0;
        while (e < rest.size() && !IsSpaceChar(rest[e])) ++e;
        m->params.push_back(std::string(rest.substr(0, e)));
        rest.remove_prefix(e);
      }
    }
    macros->map[name] = MacroTable::Item{m, nullptr};
    Remove(elt);
    DropInertWhitespace(body);  // once: a second time finds none
    if (body != elt) Drop(elt);  // a stand-in
  }

  // "xacro:..." (the first byte looked at inline: most names are not).
  static bool IsXacroName(std::string_view name) {
    return name.size() >= 6 && name[0] == 'x' && name.compare(0, 6, "xacro:") == 0;
  }
  // An element no step of the expansion removes or dissolves into its
  // parent: not an xacro: one.
  static bool IsPlain(const Node* n) {
    return n && n->IsElement() && n->name.compare(0, 6, "xacro:") != 0;
  }
  static bool IsXmlSpaceText(const Node* n) {
    if (n->type != Node::Type::kText || n->data().empty()) return false;
    for (char c : n->data()) {
      if (c != ' ' && c != '\t' && c != '\n' && c != '\r') return false;
    }
    return true;
  }

  // Removes, once, the whitespace texts of a macro body that nothing can
  // see, so that no call copies them (they were a third of the nodes a
  // call made). A whitespace text is printed only as its parent's one
  // child, and read only by RemovePreviousComments' walk back from an xacro
  // element over comments. Neither can reach one whose neighbours are
  // plain elements (never removed, so they stay beside it wherever the
  // group moves), nor one with a plain neighbour on one side and its
  // parent's end on the other when the parent is a plain element whose
  // children are never moved apart (its own parent is the body, a plain
  // element, or xacro:if/unless, which move it whole; a macro call's or a
  // property's child may be a block whose content is inserted).
  static void DropInertWhitespace(Node* body) {
    std::vector<Node*> todo{body};
    while (!todo.empty()) {
      Node* p = todo.back();
      todo.pop_back();
      const Node* pp = p->parent;
      const bool stable = p != body && IsPlain(p) && pp &&
                          (pp == body || IsPlain(pp) || pp->name == "xacro:if" ||
                           pp->name == "xacro:unless");
      for (Node* c = p->first; c;) {
        Node* next = c->next;
        if (c->IsElement()) {
          todo.push_back(c);
        } else if (IsXmlSpaceText(c) && (c->prev || c->next) &&
                   (!c->prev || IsPlain(c->prev)) && (!c->next || IsPlain(c->next)) &&
                   ((c->prev && c->next) || stable)) {
          Remove(c);
        }
        c = next;
      }
    }
  }

  bool HandleMacroCall(Node* node, MacroTable* macros, Table* symbols) {
    if (std::string_view(node->name) == "xacro:call") {
      const std::string raw = ReqAttr(node, "macro");
      if (raw.empty()) Fail(Code::XACRO_ATTRIBUTE_MISSING, "xacro:call is missing the 'macro' attribute", node);
      const std::string name = EvalStr(raw, symbols, node);
      node->RemoveAttr("macro");
      node->name = tree_.Keep("xacro:" + name);
    } else if (node->name.rfind("xacro:", 0) != 0) {
      return false;
    }
    const std::string fullname(node->name.substr(6));
    // resolve_macro: the full name, then namespaces separated by '.'
    MacroTable* mt = macros;
    Table* st = symbols;
    const Macro* m = nullptr;
    if (const MacroTable::Item* it = mt->Find(fullname); it && it->macro) {
      m = it->macro;
    } else {
      std::vector<std::string> parts;
      size_t start = 0;
      while (true) {
        size_t dot = fullname.find('.', start);
        parts.push_back(fullname.substr(start, dot == std::string::npos ? std::string::npos : dot - start));
        if (dot == std::string::npos) break;
        start = dot + 1;
      }
      if (parts.size() > 1) {
        bool ok = true;
        for (size_t i = 0; i + 1 < parts.size() && ok; ++i) {
          const MacroTable::Item* it2 = mt->Find(parts[i]);
          Entry* se = Get(st, parts[i]);
          if (!it2 || !it2->ns || !se || se->value.kind() != Value::Kind::kNamespace) {
            ok = false;
            break;
          }
          mt = it2->ns;
          st = static_cast<Table*>(const_cast<void*>(se->value.ns_handle()));
        }
        if (ok) {
          const MacroTable::Item* it3 = mt->Find(parts.back());
          if (it3 && it3->macro) m = it3->macro;
        }
      }
    }
    if (!m) {
      Fail(Code::XACRO_MACRO_UNDEFINED, "unknown macro name: " + std::string(node->name), node);
    }

    DepthGuard guard(this, node);
    const size_t namespaces_before = namespaces_made_;
    Node* body = Clone(m->body, node);
    ChargeBytes(64, node);
    macrostack_.push_back({m, node});
    Table* scoped_symbols = NewTable(st, false);
    // The parameters and a few local properties in one allocation.
    scoped_symbols->items.reserve(m->params.size() + 4);
    MacroTable* scoped_macros = NewMacroTable(mt);
    // The parameters given so far, by index in m->params (a copy of the
    // list, erased from, was a malloc and a string per parameter per call).
    const std::vector<std::string>& params = m->params;
    std::vector<char> given_heap;
    char given_small[32];
    char* given = given_small;
    if (params.size() > sizeof given_small) {
      given_heap.resize(params.size());
      given = given_heap.data();
    }
    std::fill(given, given + params.size(), 0);
    // Each argument evaluated in the caller's scope, then emptied (no
    // copy of the list: evaluating changes no node).
    for (size_t i = 0; i < node->attrs.size(); ++i) {
      const auto [name, value] = node->attrs[i];
      size_t k = 0;
      while (k < params.size() && (given[k] || params[k] != name)) ++k;
      if (k == params.size()) {
        Fail(Code::XACRO_PARAMETER_UNKNOWN, "Invalid parameter \"" + std::string(name) + "\"", node);
      }
      given[k] = 1;
      if (!HasDollar(value)) {
        // SetItem(EvalText(value)) without the str made first.
        SetConverted(scoped_symbols, params[k], LiteralValue(value), false);
      } else {
        SetItem(scoped_symbols, params[k], EvalText(value, symbols, node), false);
      }
      node->attrs[i].value = std::string_view("", 0);
    }
    EvalAll(node, macros, symbols);
    Node* block = node->FirstChildElement();
    for (size_t k = 0; k < params.size(); ++k) {
      if (given[k] || params[k][0] != '*') continue;
      if (!block) Fail(Code::XACRO_PARAMETER_MISSING, "Not enough blocks", node);
      SetBlock(scoped_symbols, params[k], block);
      block = block->NextSiblingElement();
      given[k] = 1;
    }
    if (block) {
      Fail(Code::XACRO_PARAMETER_UNKNOWN, "Unused block \"" + std::string(block->name) + "\"", block);
    }
    for (size_t k = 0; k < params.size(); ++k) {
      if (given[k] || params[k][0] == '*') continue;
      auto d = m->defaults.find(params[k]);
      if (d == m->defaults.end()) continue;
      Value v;
      if (!d->second.forward) {
        v = EvalText(d->second.default_text, symbols, node);
      } else if (Entry* e = Get(symbols, params[k]); e && !e->block) {
        v = e->value;
      } else if (d->second.has_default) {
        v = EvalText(d->second.default_text, symbols, node);
      } else {
        Fail(Code::XACRO_PROPERTY_UNDEFINED, "Undefined property to forward: " + params[k], node);
      }
      SetItem(scoped_symbols, params[k], v, false);
      given[k] = 1;
    }
    std::string missing;
    for (size_t k = 0; k < params.size(); ++k) {
      if (!given[k]) missing += (missing.empty() ? "" : ",") + params[k];
    }
    if (!missing.empty()) {
      Fail(Code::XACRO_PARAMETER_MISSING, "Undefined parameters [" + missing + "]", node);
    }
    EvalAll(body, scoped_macros, scoped_symbols);
    MarkContext(body);
    RemovePreviousComments(node);
    ImportNamespaces(node->parent, body);
    ReplaceNode(node, {body}, true);
    Drop(body);  // emptied
    macrostack_.pop_back();
    // The call's scopes die with it unless an include's namespace, made
    // during the call, may still reach them (its table's parent chain, a
    // Value held anywhere): the memory is then reused by the next call
    // instead of growing with every call.
    if (namespaces_made_ == namespaces_before && &tables_.back() == scoped_symbols &&
        &macro_tables_.back() == scoped_macros) {
      tables_.pop_back();
      macro_tables_.pop_back();
      Drop(node);  // its blocks were reachable only from the call's scope
    }
    return true;
  }

  std::map<std::string, std::string> args_;
  const Options& options_;
  frames::Diagnostics* diags_;
  std::string cwd_;
  ExprLimits limits_;
  Tree tree_;
  Node* empty_text_ = nullptr;
  std::unordered_set<std::string> names_;  // Name()'s: nodes, never moved
  // The lazy properties being evaluated (Get), innermost last, with the
  // table of each (its cycle message names those of one table). The
  // names are views of Get's arguments, which outlive their entries.
  std::vector<std::pair<const Table*, std::string_view>> resolving_;
  std::deque<Table> tables_;
  std::deque<MacroTable> macro_tables_;
  std::deque<Macro> macros_;
  std::vector<FileFrame> filestack_;
  std::vector<MacroFrame> macrostack_;
  std::vector<std::string> all_includes_;
  std::deque<std::string> contexts_;  // Node::context strings
  std::unordered_map<std::string, const std::string*> context_index_;
  std::vector<std::string> allowed_;
  std::set<std::string> allowed_given_;  // the directories AllowDir was given
  mutable std::map<std::string, std::optional<std::string>> real_paths_;  // Real()
  Table* cur_symbols_ = nullptr;
  std::unordered_map<std::string_view, std::shared_ptr<const CompiledExpr>> compiled_;
  std::deque<std::string> compiled_texts_;  // compiled_'s keys
  // compiled_'s entries by the address of the text they were last found
  // for (HandleExpr): `text` is the cache's copy, compared before use, so
  // a text changed or freed at that address since is never mistaken.
  struct RecentExpr {
    const char* at = nullptr;
    std::string_view text;
    const CompiledExpr* compiled = nullptr;
  };
  static constexpr int kRecentBits = 8;
  std::array<RecentExpr, size_t{1} << kRecentBits> recent_exprs_{};
  int evaluating_ = 0;                      // HandleExpr's Evaluate calls running
  std::string eval_buf_;                    // KeepEvalStr's
  bool eval_buf_busy_ = false;
  std::map<std::string, std::optional<std::string>> found_packages_;
  std::string cur_file_;
  const std::string* cur_file_source_ = nullptr;  // the interned name cur_file_ copies
  int cur_line_ = 0;
  size_t depth_ = 0;
  size_t expansion_bytes_ = 0;
  size_t namespaces_made_ = 0;  // tables made for an include's ns
};

// Runs a Processor, then frees it, or with !options.free_memory keeps it
// until the process exits: reachable from here, so no leak checker
// reports it, and never destroyed.
Result RunProcessor(std::string_view text, const std::string& file, const std::string& banner,
                    const std::map<std::string, std::string>& args, const Options& options,
                    frames::Diagnostics* diags) {
  auto p = std::make_unique<Processor>(args, options, diags);
  Result result = p->Run(text, file, banner);
  if (!options.free_memory) {
    static std::mutex* kept_mutex = new std::mutex;
    static std::vector<Processor*>* kept = new std::vector<Processor*>;
    std::lock_guard<std::mutex> lock(*kept_mutex);
    kept->push_back(p.release());
  }
  return result;
}

}  // namespace

Result ExpandText(std::string_view text, const std::string& file,
                  const std::map<std::string, std::string>& args, const Options& options,
                  frames::Diagnostics* diags) {
  return RunProcessor(text, file, file.empty() ? "string" : file, args, options, diags);
}

Result ExpandFile(const std::string& path, const std::map<std::string, std::string>& args,
                  const Options& options, frames::Diagnostics* diags,
                  const std::string& banner_name) {
  Fd in(path);
  struct stat st;
  if (in.fd < 0 || fstat(in.fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    diags->Error(Code::IO_ERROR,
                 "cannot read " + path + ": " +
                     (in.fd >= 0 && fstat(in.fd, &st) == 0 ? "not a regular file"
                                                             : std::strerror(errno)),
                 {path, 0});
    return {};
  }
  if (static_cast<size_t>(st.st_size) > options.max_file_size) {
    diags->Error(Code::FILE_TOO_LARGE,
                 path + " is larger than " + std::to_string(options.max_file_size) + " bytes",
                 {path, 0});
    return {};
  }
  std::string text;
  if (!ReadOpenFile(in.fd, static_cast<size_t>(st.st_size), options.max_file_size, &text)) {
    diags->Error(Code::FILE_TOO_LARGE,
                 path + " is larger than " + std::to_string(options.max_file_size) + " bytes",
                 {path, 0});
    return {};
  }
  return RunProcessor(text, path, banner_name.empty() ? path : banner_name, args, options, diags);
}

void SourceMap::Add(int output_line, const std::string& file, int line,
                    const std::string& context) {
  auto index = [](std::vector<std::string>* table,
                  std::unordered_map<std::string, int>* indices, const std::string& s) {
    auto [it, added] = indices->emplace(s, static_cast<int>(table->size()));
    if (added) table->push_back(s);
    return it->second;
  };
  entries_.push_back({output_line, index(&files_, &file_index_, file), line,
                      index(&contexts_, &context_index_, context)});
}

bool SourceMap::Lookup(int output_line, Origin* origin) const {
  auto it = std::upper_bound(entries_.begin(), entries_.end(), output_line,
                             [](int l, const Entry& e) { return l < e.output_line; });
  if (it == entries_.begin()) return false;
  --it;
  origin->file = files_[static_cast<size_t>(it->file)];
  origin->line = it->line;
  origin->context = contexts_[static_cast<size_t>(it->context)];
  return true;
}

bool IsXacroPath(std::string_view path) {
  return path.size() >= 6 && path.substr(path.size() - 6) == ".xacro";
}

}  // namespace xacro
