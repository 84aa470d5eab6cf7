// Tokenizer and recursive-descent parser of Python's expression grammar,
// restricted to what xacro expressions use.
#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <unordered_set>

#include "xacro/expr_ast.h"
#include "xacro/expr_utf8.h"

namespace xacro {

using namespace std::string_view_literals;

using frames::Code;

bool IsForbiddenName(std::string_view name) {
  static constexpr std::string_view kNames[] = {
      "eval", "exec", "compile", "open", "getattr", "setattr", "delattr", "hasattr", "globals",
      "locals", "vars", "dir", "input", "breakpoint", "help", "memoryview", "bytearray", "bytes",
      "object", "super", "classmethod", "staticmethod", "property", "exit", "quit", "id",
      "callable", "iter", "next", "aiter", "anext", "print", "format", "import"};
  if (name.size() >= 2 && name[0] == '_' && name[1] == '_') return true;
  for (std::string_view n : kNames) {
    if (name == n) return true;
  }
  return false;
}

namespace {

enum class Tok { kEnd, kName, kNumber, kString, kOp };

struct Token {
  Tok type = Tok::kEnd;
  size_t pos = 0;
  std::string text;  // name, operator, or the decoded string
  Value value;       // number
};

bool IsNameStart(unsigned char c) { return std::isalpha(c) || c == '_' || c >= 0x80; }
bool IsNameChar(unsigned char c) { return std::isalnum(c) || c == '_' || c >= 0x80; }

constexpr std::string_view kKeywords[] = {"and", "or", "not", "in", "is", "if", "else", "for",
                                 "lambda", "None", "True", "False", "import", "from",
                                 "yield", "await", "async", "def", "class", "return",
                                 "del", "pass", "raise", "try", "while", "with", "as",
                                 "assert", "break", "continue", "except", "finally",
                                 "global", "nonlocal", "elif"};

bool IsKeyword(std::string_view s) {
  // Made once (every name token is tested).
  static const auto* const keywords = new std::unordered_set<std::string_view>(std::begin(kKeywords), std::end(kKeywords));
  return keywords->count(s) != 0;
}

class Parser {
 public:
  Parser(std::string_view src, const ExprLimits& limits, EvalError* err)
      : src_(src), limits_(limits), err_(err) {}

  ExprNodePtr Run() {
    if (!Tokenize()) return nullptr;
    ExprNodePtr n = ExprList(/*allow_tuple=*/true);
    if (!n) return nullptr;
    if (Peek().type != Tok::kEnd) return Fail(Peek().pos, "unexpected '" + Peek().text + "'");
    return n;
  }

 private:
  std::string_view src_;
  const ExprLimits& limits_;
  EvalError* err_;
  std::vector<Token> toks_;
  size_t at_ = 0;
  bool failed_ = false;

  ExprNodePtr Fail(size_t pos, const std::string& what, Code code = Code::XACRO_EXPRESSION_INVALID) {
    if (!failed_) {
      failed_ = true;
      err_->code = code;
      err_->message = "invalid expression '" + std::string(src_) + "': " + what + " (at column " +
                      std::to_string(pos + 1) + ")";
    }
    return nullptr;
  }
  bool FailB(size_t pos, const std::string& what, Code code = Code::XACRO_EXPRESSION_INVALID) {
    Fail(pos, what, code);
    return false;
  }

  // ------------------------------------------------------------ tokens
  bool Tokenize() {
    toks_.reserve(std::min<size_t>(src_.size() + 1, 32));
    size_t i = 0;
    int brackets = 0;
    while (true) {
      while (i < src_.size()) {
        char c = src_[i];
        if (c == ' ' || c == '\t' || c == '\f') {
          ++i;
        } else if (c == '\n' || c == '\r') {
          // Python's eval accepts a line break only inside brackets (after
          // the expression, trailing whitespace is stripped before).
          if (brackets == 0) return FailB(i, "line break outside brackets");
          ++i;
        } else if (c == '\\' && i + 1 < src_.size() && (src_[i + 1] == '\n' || src_[i + 1] == '\r')) {
          i += 2;
        } else if (c == '#') {
          return FailB(i, "comments are not allowed in an expression");
        } else {
          break;
        }
      }
      Token t;
      t.pos = i;
      if (i >= src_.size()) {
        toks_.push_back(t);
        return true;
      }
      unsigned char c = src_[i];
      if (IsNameStart(c)) {
        size_t j = i;
        while (j < src_.size() && IsNameChar(src_[j])) ++j;
        std::string word(src_.substr(i, j - i));
        // String prefixes.
        if (j < src_.size() && (src_[j] == '\'' || src_[j] == '"') && word.size() <= 2) {
          std::string lower;
          for (char ch : word) lower.push_back(static_cast<char>(std::tolower(ch)));
          if (lower == "r"sv || lower == "u"sv) {
            if (!LexString(j, lower == "r"sv, &t, &i)) return false;
            t.pos = j - word.size();
            AppendString(std::move(t));
            continue;
          }
          if (lower == "f"sv || lower == "rf"sv || lower == "fr"sv) return FailB(i, "f-strings are not supported");
          if (lower == "b"sv || lower == "rb"sv || lower == "br"sv) return FailB(i, "bytes literals are not supported");
        }
        t.type = Tok::kName;
        t.text = std::move(word);
        i = j;
        toks_.push_back(std::move(t));
        continue;
      }
      if (std::isdigit(c) || (c == '.' && i + 1 < src_.size() && std::isdigit(static_cast<unsigned char>(src_[i + 1])))) {
        if (!LexNumber(&i, &t)) return false;
        toks_.push_back(std::move(t));
        continue;
      }
      if (c == '\'' || c == '"') {
        if (!LexString(i, false, &t, &i)) return false;
        AppendString(std::move(t));
        continue;
      }
      // The longest operator at i: the two-character ones first.
      static constexpr std::string_view kOps2[] = {"**", "//", "<<", ">>", "<=", ">=", "==", "!=", ":=", "->"};
      static constexpr std::string_view kOps1 = "+-*/%<>()[]{},:.~&|^=@;!";
      bool found = false;
      if (i + 1 < src_.size()) {
        for (std::string_view op : kOps2) {
          if (src_[i] == op[0] && src_[i + 1] == op[1]) {
            t.text = op;
            found = true;
            break;
          }
        }
      }
      if (!found) {
        const size_t k = kOps1.find(static_cast<char>(c));
        if (k != std::string_view::npos) {
          t.text = kOps1.substr(k, 1);
          found = true;
        }
      }
      if (!found) {
        return FailB(i, std::string("unexpected character '") + static_cast<char>(c) + "'");
      }
      t.type = Tok::kOp;
      i += t.text.size();
      if (t.text == "("sv || t.text == "["sv || t.text == "{"sv) ++brackets;
      if ((t.text == ")"sv || t.text == "]"sv || t.text == "}"sv) && brackets > 0) --brackets;
      if (t.text == ":="sv) return FailB(t.pos, "assignment expressions (:=) are not allowed", Code::XACRO_EXPRESSION_FORBIDDEN);
      if (t.text == ";"sv || t.text == "->"sv || t.text == "!"sv) return FailB(t.pos, "invalid syntax");
      toks_.push_back(std::move(t));
    }
  }

  // Adjacent string literals concatenate.
  void AppendString(Token t) {
    if (!toks_.empty() && toks_.back().type == Tok::kString) {
      toks_.back().text += t.text;
    } else {
      toks_.push_back(std::move(t));
    }
  }

  bool LexNumber(size_t* io, Token* t) {
    size_t i = *io;
    size_t start = i;
    std::string digits;
    auto take_digits = [&](auto pred) {
      bool last_underscore = false;
      size_t n = 0;
      while (i < src_.size() && (pred(src_[i]) || src_[i] == '_')) {
        if (src_[i] == '_') {
          if (last_underscore || n == 0) return false;
          last_underscore = true;
        } else {
          digits.push_back(src_[i]);
          last_underscore = false;
          ++n;
        }
        ++i;
      }
      return !last_underscore;
    };
    auto is_dec = [](char ch) { return ch >= '0' && ch <= '9'; };
    t->type = Tok::kNumber;
    if (src_[i] == '0' && i + 1 < src_.size() && std::strchr("xXoObB", src_[i + 1])) {
      char kind = static_cast<char>(std::tolower(src_[i + 1]));
      i += 2;
      if (i < src_.size() && src_[i] == '_') ++i;
      int base = kind == 'x' ? 16 : kind == 'o' ? 8 : 2;
      bool ok = take_digits([&](char ch) {
        if (base == 16) return std::isxdigit(static_cast<unsigned char>(ch)) != 0;
        if (base == 8) return ch >= '0' && ch <= '7';
        return ch == '0' || ch == '1';
      });
      if (!ok || digits.empty()) return FailB(start, "invalid number literal");
      errno = 0;
      unsigned long long v = std::strtoull(digits.c_str(), nullptr, base);
      if (errno == ERANGE || v > static_cast<unsigned long long>(INT64_MAX)) {
        return FailB(start, "integer literal beyond the 64-bit range", Code::XACRO_INTEGER_OVERFLOW);
      }
      t->value = Value::Int(static_cast<int64_t>(v));
    } else {
      bool is_float = false;
      if (!take_digits(is_dec)) return FailB(start, "invalid decimal literal");
      std::string int_part = digits;
      if (i < src_.size() && src_[i] == '.') {
        is_float = true;
        digits.push_back('.');
        ++i;
        if (i < src_.size() && is_dec(src_[i]) && !take_digits(is_dec)) return FailB(start, "invalid decimal literal");
      }
      if (i < src_.size() && (src_[i] == 'e' || src_[i] == 'E')) {
        size_t save = i;
        std::string save_digits = digits;
        digits.push_back('e');
        ++i;
        if (i < src_.size() && (src_[i] == '+' || src_[i] == '-')) digits.push_back(src_[i++]);
        size_t before = digits.size();
        if (!take_digits(is_dec) || digits.size() == before) return FailB(start, "invalid decimal literal");
        (void)save;
        (void)save_digits;
        is_float = true;
      }
      if (i < src_.size() && (src_[i] == 'j' || src_[i] == 'J')) return FailB(start, "complex numbers are not supported");
      if (i < src_.size() && IsNameChar(src_[i])) return FailB(start, "invalid decimal literal");
      if (is_float) {
        t->value = Value::Float(std::strtod(digits.c_str(), nullptr));
      } else {
        if (int_part.size() > 1 && int_part[0] == '0' && int_part.find_first_not_of('0') != std::string::npos) {
          return FailB(start, "leading zeros in decimal integer literals are not permitted");
        }
        errno = 0;
        unsigned long long v = std::strtoull(int_part.c_str(), nullptr, 10);
        if (errno == ERANGE || v > static_cast<unsigned long long>(INT64_MAX)) {
          return FailB(start, "integer literal beyond the 64-bit range", Code::XACRO_INTEGER_OVERFLOW);
        }
        t->value = Value::Int(static_cast<int64_t>(v));
      }
    }
    t->text = std::string(src_.substr(start, i - start));
    *io = i;
    return true;
  }

  bool LexString(size_t i, bool raw, Token* t, size_t* end) {
    char q = src_[i];
    bool triple = src_.substr(i, 3) == std::string(3, q);
    size_t start = i;
    i += triple ? 3 : 1;
    std::string out;
    while (true) {
      if (i >= src_.size()) return FailB(start, "unterminated string literal");
      char c = src_[i];
      if (c == q && (!triple || src_.substr(i, 3) == std::string(3, q))) {
        i += triple ? 3 : 1;
        break;
      }
      if ((c == '\n' || c == '\r') && !triple) return FailB(start, "unterminated string literal");
      if (c != '\\') {
        out.push_back(c);
        ++i;
        continue;
      }
      if (i + 1 >= src_.size()) return FailB(start, "unterminated string literal");
      char e = src_[i + 1];
      if (raw) {
        out.push_back('\\');
        out.push_back(e);
        i += 2;
        continue;
      }
      i += 2;
      switch (e) {
        case '\n': break;
        case '\\': out.push_back('\\'); break;
        case '\'': out.push_back('\''); break;
        case '"': out.push_back('"'); break;
        case 'a': out.push_back('\a'); break;
        case 'b': out.push_back('\b'); break;
        case 'f': out.push_back('\f'); break;
        case 'n': out.push_back('\n'); break;
        case 'r': out.push_back('\r'); break;
        case 't': out.push_back('\t'); break;
        case 'v': out.push_back('\v'); break;
        case 'x':
        case 'u':
        case 'U': {
          int n = e == 'x' ? 2 : e == 'u' ? 4 : 8;
          if (i + n > src_.size()) return FailB(start, "truncated \\" + std::string(1, e) + " escape");
          uint32_t cp = 0;
          for (int k = 0; k < n; ++k) {
            char h = src_[i + k];
            if (!std::isxdigit(static_cast<unsigned char>(h))) return FailB(start, "truncated \\" + std::string(1, e) + " escape");
            cp = cp * 16 + static_cast<uint32_t>(std::isdigit(static_cast<unsigned char>(h)) ? h - '0' : (std::tolower(h) - 'a' + 10));
          }
          if (cp > 0x10FFFF) return FailB(start, "illegal Unicode character");
          utf8::Append(&out, cp);
          i += n;
          break;
        }
        case 'N': return FailB(start, "\\N{...} escapes are not supported");
        default:
          if (e >= '0' && e <= '7') {
            uint32_t cp = static_cast<uint32_t>(e - '0');
            for (int k = 0; k < 2 && i < src_.size() && src_[i] >= '0' && src_[i] <= '7'; ++k) cp = cp * 8 + static_cast<uint32_t>(src_[i++] - '0');
            utf8::Append(&out, cp);
          } else {
            // Python keeps unknown escapes as written.
            out.push_back('\\');
            out.push_back(e);
          }
      }
    }
    t->type = Tok::kString;
    t->text = std::move(out);
    t->pos = start;
    *end = i;
    return true;
  }

  // ------------------------------------------------------------ grammar
  const Token& Peek(size_t ahead = 0) const {
    size_t k = std::min(at_ + ahead, toks_.size() - 1);
    return toks_[k];
  }
  // Operators and words as string_views: == compares lengths first (the
  // const char* forms ran strlen at each of the parser's many tests).
  bool IsOp(std::string_view op, size_t ahead = 0) const {
    const Token& t = Peek(ahead);
    return t.type == Tok::kOp && t.text == op;
  }
  bool IsWord(std::string_view w, size_t ahead = 0) const {
    const Token& t = Peek(ahead);
    return t.type == Tok::kName && t.text == w;
  }
  bool Accept(std::string_view op) {
    if (IsOp(op)) {
      ++at_;
      return true;
    }
    return false;
  }
  bool AcceptWord(std::string_view w) {
    if (IsWord(w)) {
      ++at_;
      return true;
    }
    return false;
  }
  bool Expect(std::string_view op) {
    if (Accept(op)) return true;
    const Token& t = Peek();
    return FailB(t.pos, "expected '" + std::string(op) + "'" +
                            (t.type == Tok::kEnd ? " at the end" : ", found '" + t.text + "'"));
  }

  // Two bounds: nest_ counts expressions inside brackets and calls (the
  // documented nesting limit); tree_ counts every level of the syntax tree
  // (unary chains, binary and trailer chains), so that evaluating and freeing
  // the tree recurses at most max_nesting * 20 deep.
  size_t nest_ = 0;
  size_t tree_ = 0;
  size_t TreeLimit() const { return limits_.max_nesting * 20; }
  bool TreeUp(size_t pos) {
    if (++tree_ > TreeLimit()) {
      return FailB(pos, "expression nested more than " + std::to_string(TreeLimit()) + " levels deep", Code::XACRO_LIMIT_EXCEEDED);
    }
    return true;
  }
  struct DepthGuard {
    Parser* p;
    bool nests;
    bool ok;
    DepthGuard(Parser* parser, bool counts_nesting = false) : p(parser), nests(counts_nesting) {
      if (nests && ++p->nest_ > p->limits_.max_nesting) {
        ok = p->FailB(p->Peek().pos, "nested more than " + std::to_string(p->limits_.max_nesting) + " deep", Code::XACRO_LIMIT_EXCEEDED);
        ++p->tree_;
        return;
      }
      ok = p->TreeUp(p->Peek().pos);
    }
    ~DepthGuard() {
      --p->tree_;
      if (nests) --p->nest_;
    }
  };

  static ExprNodePtr Make(NodeType type, size_t pos) {
    auto n = std::make_unique<ExprNode>();
    n->type = type;
    n->pos = pos;
    return n;
  }

  bool AtExprEnd() const {
    const Token& t = Peek();
    if (t.type == Tok::kEnd) return true;
    if (t.type == Tok::kOp) {
      return t.text == ")"sv || t.text == "]"sv || t.text == "}"sv || t.text == "="sv || t.text == ":"sv;
    }
    return t.type == Tok::kName && (t.text == "for"sv || t.text == "if"sv || t.text == "else"sv || t.text == "in"sv);
  }

  // expr (',' expr)* [','] → a tuple when there is a comma.
  ExprNodePtr ExprList(bool allow_tuple) {
    size_t pos = Peek().pos;
    ExprNodePtr first = Expr();
    if (!first) return nullptr;
    if (!allow_tuple || !IsOp(",")) return first;
    ExprNodePtr t = Make(NodeType::kTuple, pos);
    t->kids.push_back(std::move(first));
    while (Accept(",")) {
      if (AtExprEnd()) break;
      ExprNodePtr k = Expr();
      if (!k) return nullptr;
      t->kids.push_back(std::move(k));
    }
    return t;
  }

  ExprNodePtr Expr() {
    DepthGuard g(this, /*counts_nesting=*/true);
    if (!g.ok) return nullptr;
    if (IsWord("lambda")) return Fail(Peek().pos, "lambda is not allowed", Code::XACRO_EXPRESSION_FORBIDDEN);
    if (IsWord("yield") || IsWord("await")) return Fail(Peek().pos, "'" + Peek().text + "' is not allowed", Code::XACRO_EXPRESSION_FORBIDDEN);
    if (IsWord("import")) return Fail(Peek().pos, "import is not allowed", Code::XACRO_EXPRESSION_FORBIDDEN);
    if (IsOp("*")) return Fail(Peek().pos, "starred expressions are not supported");
    size_t pos = Peek().pos;
    ExprNodePtr body = OrTest();
    if (!body) return nullptr;
    if (!IsWord("if")) return body;
    ++at_;
    ExprNodePtr cond = OrTest();
    if (!cond) return nullptr;
    if (!AcceptWord("else")) return Fail(Peek().pos, "expected 'else' after 'if' expression");
    ExprNodePtr other = Expr();
    if (!other) return nullptr;
    ExprNodePtr n = Make(NodeType::kIfExp, pos);
    n->kids.push_back(std::move(cond));
    n->kids.push_back(std::move(body));
    n->kids.push_back(std::move(other));
    return n;
  }

  ExprNodePtr OrTest() {
    size_t pos = Peek().pos;
    ExprNodePtr first = AndTest();
    if (!first || !IsWord("or")) return first;
    ExprNodePtr n = Make(NodeType::kBoolOp, pos);
    n->op = Op::kOr;
    n->kids.push_back(std::move(first));
    while (AcceptWord("or")) {
      ExprNodePtr k = AndTest();
      if (!k) return nullptr;
      n->kids.push_back(std::move(k));
    }
    return n;
  }

  ExprNodePtr AndTest() {
    size_t pos = Peek().pos;
    ExprNodePtr first = NotTest();
    if (!first || !IsWord("and")) return first;
    ExprNodePtr n = Make(NodeType::kBoolOp, pos);
    n->op = Op::kAnd;
    n->kids.push_back(std::move(first));
    while (AcceptWord("and")) {
      ExprNodePtr k = NotTest();
      if (!k) return nullptr;
      n->kids.push_back(std::move(k));
    }
    return n;
  }

  ExprNodePtr NotTest() {
    DepthGuard g(this);
    if (!g.ok) return nullptr;
    size_t pos = Peek().pos;
    if (AcceptWord("not")) {
      ExprNodePtr k = NotTest();
      if (!k) return nullptr;
      ExprNodePtr n = Make(NodeType::kNot, pos);
      n->kids.push_back(std::move(k));
      return n;
    }
    return Comparison();
  }

  bool CompOp(Op* op) {
    const Token& t = Peek();
    if (t.type == Tok::kOp) {
      static constexpr std::pair<std::string_view, Op> kOps[] = {{"<", Op::kLt}, {">", Op::kGt}, {"==", Op::kEq},
                                                        {"!=", Op::kNe}, {"<=", Op::kLe}, {">=", Op::kGe}};
      for (const auto& p : kOps) {
        if (t.text == p.first) {
          ++at_;
          *op = p.second;
          return true;
        }
      }
      return false;
    }
    if (IsWord("in")) {
      ++at_;
      *op = Op::kIn;
      return true;
    }
    if (IsWord("not") && IsWord("in", 1)) {
      at_ += 2;
      *op = Op::kNotIn;
      return true;
    }
    if (IsWord("is")) {
      ++at_;
      *op = AcceptWord("not") ? Op::kIsNot : Op::kIs;
      return true;
    }
    return false;
  }

  ExprNodePtr Comparison() {
    size_t pos = Peek().pos;
    ExprNodePtr first = BitOr();
    if (!first) return nullptr;
    Op op;
    if (!CompOp(&op)) return first;
    ExprNodePtr n = Make(NodeType::kCompare, pos);
    n->kids.push_back(std::move(first));
    do {
      n->ops.push_back(op);
      ExprNodePtr k = BitOr();
      if (!k) return nullptr;
      n->kids.push_back(std::move(k));
    } while (CompOp(&op));
    return n;
  }

  // Left-associative binary levels.
  template <typename Next>
  ExprNodePtr Binary(Next next, std::initializer_list<std::pair<std::string_view, Op>> ops) {
    size_t pos = Peek().pos;
    ExprNodePtr left = (this->*next)();
    if (!left) return nullptr;
    size_t chain = 0;
    while (true) {
      const Token& t = Peek();
      const std::pair<std::string_view, Op>* hit = nullptr;
      if (t.type == Tok::kOp) {
        for (const auto& p : ops) {
          if (t.text == p.first) hit = &p;
        }
      }
      if (!hit) {
        tree_ -= chain;
        return left;
      }
      ++chain;
      if (!TreeUp(t.pos)) {
        tree_ -= chain;
        return nullptr;
      }
      ++at_;
      ExprNodePtr right = (this->*next)();
      if (!right) {
        tree_ -= chain;
        return nullptr;
      }
      ExprNodePtr n = Make(NodeType::kBinary, pos);
      n->op = hit->second;
      n->kids.push_back(std::move(left));
      n->kids.push_back(std::move(right));
      left = std::move(n);
    }
  }

  ExprNodePtr BitOr() { return Binary(&Parser::BitXor, {{"|", Op::kBitOr}}); }
  ExprNodePtr BitXor() { return Binary(&Parser::BitAnd, {{"^", Op::kBitXor}}); }
  ExprNodePtr BitAnd() { return Binary(&Parser::Shift, {{"&", Op::kBitAnd}}); }
  ExprNodePtr Shift() { return Binary(&Parser::Arith, {{"<<", Op::kLShift}, {">>", Op::kRShift}}); }
  ExprNodePtr Arith() { return Binary(&Parser::Term, {{"+", Op::kAdd}, {"-", Op::kSub}}); }
  ExprNodePtr Term() {
    if (IsOp("@")) return Fail(Peek().pos, "invalid syntax");
    ExprNodePtr n = Binary(&Parser::Factor, {{"*", Op::kMul}, {"/", Op::kDiv}, {"//", Op::kFloorDiv}, {"%", Op::kMod}});
    if (n && IsOp("@")) return Fail(Peek().pos, "the matrix multiplication operator @ is not supported");
    return n;
  }

  ExprNodePtr Factor() {
    DepthGuard g(this);
    if (!g.ok) return nullptr;
    size_t pos = Peek().pos;
    Op op;
    if (IsOp("-")) {
      op = Op::kNeg;
    } else if (IsOp("+")) {
      op = Op::kPos;
    } else if (IsOp("~")) {
      op = Op::kInvert;
    } else {
      return Power();
    }
    ++at_;
    ExprNodePtr k = Factor();
    if (!k) return nullptr;
    // Fold -<number literal> so that -9223372036854775808 fits... as Python
    // does not: it is -(9223372036854775808), out of our range; keep the
    // general rule.
    ExprNodePtr n = Make(NodeType::kUnary, pos);
    n->op = op;
    n->kids.push_back(std::move(k));
    return n;
  }

  ExprNodePtr Power() {
    size_t pos = Peek().pos;
    ExprNodePtr base = Primary();
    if (!base) return nullptr;
    if (!Accept("**")) return base;
    ExprNodePtr exp = Factor();  // right-associative, binds unary minus on its right
    if (!exp) return nullptr;
    ExprNodePtr n = Make(NodeType::kBinary, pos);
    n->op = Op::kPow;
    n->kids.push_back(std::move(base));
    n->kids.push_back(std::move(exp));
    return n;
  }

  ExprNodePtr Primary() {
    DepthGuard g(this);
    if (!g.ok) return nullptr;
    ExprNodePtr n = Atom();
    if (!n) return nullptr;
    struct Restore {
      size_t* tree;
      size_t n = 0;
      ~Restore() { *tree -= n; }
    } restore{&tree_};
    while (true) {
      size_t pos = Peek().pos;
      if (IsOp(".") || IsOp("(") || IsOp("[")) {
        ++restore.n;
        if (!TreeUp(pos)) return nullptr;
      }
      if (Accept(".")) {
        const Token& t = Peek();
        if (t.type != Tok::kName || IsKeyword(t.text)) return Fail(t.pos, "expected a name after '.'");
        if (t.text.size() >= 2 && t.text[0] == '_' && t.text[1] == '_') {
          return Fail(t.pos, "access to '" + t.text + "' is not allowed", Code::XACRO_EXPRESSION_FORBIDDEN);
        }
        ExprNodePtr a = Make(NodeType::kAttr, pos);
        a->name = t.text;
        ++at_;
        a->kids.push_back(std::move(n));
        n = std::move(a);
      } else if (Accept("(")) {
        ExprNodePtr c = Make(NodeType::kCall, pos);
        c->kids.push_back(std::move(n));
        if (!CallArgs(c.get())) return nullptr;
        n = std::move(c);
      } else if (Accept("[")) {
        ExprNodePtr s = Make(NodeType::kSubscript, pos);
        s->kids.push_back(std::move(n));
        ExprNodePtr index = Subscript();
        if (!index) return nullptr;
        s->kids.push_back(std::move(index));
        if (!Expect("]")) return nullptr;
        n = std::move(s);
      } else {
        return n;
      }
    }
  }

  bool CallArgs(ExprNode* call) {
    DepthGuard g(this);
    if (!g.ok) return false;
    while (!IsOp(")")) {
      if (IsOp("*") || IsOp("**")) return FailB(Peek().pos, "argument unpacking (*args, **kwargs) is not supported");
      if (Peek().type == Tok::kName && IsOp("=", 1)) {
        std::string kw = Peek().text;
        if (IsKeyword(kw)) return FailB(Peek().pos, "invalid keyword argument");
        at_ += 2;
        ExprNodePtr v = Expr();
        if (!v) return false;
        for (const auto& k : call->keywords) {
          if (k == kw) return FailB(v->pos, "keyword argument repeated: " + kw);
        }
        call->keywords.push_back(kw);
        call->kids.push_back(std::move(v));
      } else {
        if (!call->keywords.empty()) return FailB(Peek().pos, "positional argument follows keyword argument");
        size_t pos = Peek().pos;
        ExprNodePtr v = Expr();
        if (!v) return false;
        if (IsWord("for")) {
          if (call->kids.size() != 1) return FailB(pos, "generator expression must be parenthesized");
          ExprNodePtr gen = Make(NodeType::kGenExp, pos);
          gen->kids.push_back(std::move(v));
          if (!CompClauses(gen.get())) return false;
          v = std::move(gen);
          if (!IsOp(")")) return FailB(Peek().pos, "generator expression must be parenthesized");
        }
        call->kids.push_back(std::move(v));
      }
      if (!Accept(",")) break;
    }
    return Expect(")");
  }

  ExprNodePtr SliceOrExpr() {
    size_t pos = Peek().pos;
    ExprNodePtr start, stop, step;
    if (!IsOp(":")) {
      start = Expr();
      if (!start) return nullptr;
      if (!IsOp(":")) return start;
    }
    auto none = [&](size_t p) {
      ExprNodePtr c = Make(NodeType::kConst, p);
      return c;
    };
    Accept(":");
    if (!IsOp(":") && !IsOp("]") && !IsOp(",")) {
      stop = Expr();
      if (!stop) return nullptr;
    }
    if (Accept(":")) {
      if (!IsOp("]") && !IsOp(",")) {
        step = Expr();
        if (!step) return nullptr;
      }
    }
    ExprNodePtr s = Make(NodeType::kSlice, pos);
    s->kids.push_back(start ? std::move(start) : none(pos));
    s->kids.push_back(stop ? std::move(stop) : none(pos));
    s->kids.push_back(step ? std::move(step) : none(pos));
    return s;
  }

  ExprNodePtr Subscript() {
    size_t pos = Peek().pos;
    ExprNodePtr first = SliceOrExpr();
    if (!first) return nullptr;
    if (!IsOp(",")) return first;
    ExprNodePtr t = Make(NodeType::kTuple, pos);
    t->kids.push_back(std::move(first));
    while (Accept(",")) {
      if (IsOp("]")) break;
      ExprNodePtr k = SliceOrExpr();
      if (!k) return nullptr;
      t->kids.push_back(std::move(k));
    }
    for (const auto& k : t->kids) {
      if (k->type == NodeType::kSlice) return Fail(k->pos, "multi-dimensional slicing is not supported");
    }
    return t;
  }

  bool CompClauses(ExprNode* comp) {
    while (AcceptWord("for")) {
      CompClause c;
      bool paren = Accept("(");
      while (true) {
        const Token& t = Peek();
        if (t.type != Tok::kName || IsKeyword(t.text)) return FailB(t.pos, "expected a name as the comprehension's target");
        if (IsForbiddenName(t.text) && t.text.size() >= 2 && t.text[0] == '_' && t.text[1] == '_') {
          return FailB(t.pos, "the name '" + t.text + "' is not allowed", Code::XACRO_EXPRESSION_FORBIDDEN);
        }
        c.targets.push_back(t.text);
        ++at_;
        if (!Accept(",")) break;
        c.tuple_target = true;
        if (IsWord("in") || IsOp(")")) break;
      }
      if (paren) {
        if (!Expect(")")) return false;
        c.tuple_target = true;
      }
      if (!AcceptWord("in")) return FailB(Peek().pos, "expected 'in' in the comprehension");
      c.iter = OrTest();
      if (!c.iter) return false;
      while (IsWord("if")) {
        ++at_;
        ExprNodePtr cond = OrTest();
        if (!cond) return false;
        c.conds.push_back(std::move(cond));
      }
      comp->clauses.push_back(std::move(c));
    }
    if (IsWord("async")) return FailB(Peek().pos, "async comprehensions are not allowed", Code::XACRO_EXPRESSION_FORBIDDEN);
    return true;
  }

  ExprNodePtr Atom() {
    const Token& t = Peek();
    size_t pos = t.pos;
    switch (t.type) {
      case Tok::kEnd: return Fail(pos, "unexpected end of expression");
      case Tok::kNumber: {
        ExprNodePtr n = Make(NodeType::kConst, pos);
        n->value = t.value;
        ++at_;
        return n;
      }
      case Tok::kString: {
        ExprNodePtr n = Make(NodeType::kConst, pos);
        if (t.text.size() > limits_.max_string_length) return Fail(pos, "string literal too long", Code::XACRO_LIMIT_EXCEEDED);
        n->value = Value::Str(t.text);
        ++at_;
        return n;
      }
      case Tok::kName: {
        if (t.text == "None"sv || t.text == "True"sv || t.text == "False"sv) {
          ExprNodePtr n = Make(NodeType::kConst, pos);
          if (t.text != "None"sv) n->value = Value::Bool(t.text == "True"sv);
          ++at_;
          return n;
        }
        if (t.text == "lambda"sv || t.text == "import"sv || t.text == "yield"sv || t.text == "await"sv) {
          return Fail(pos, "'" + t.text + "' is not allowed", Code::XACRO_EXPRESSION_FORBIDDEN);
        }
        if (IsKeyword(t.text)) return Fail(pos, "invalid syntax at '" + t.text + "'");
        if (t.text.size() >= 2 && t.text[0] == '_' && t.text[1] == '_') {
          return Fail(pos, "the name '" + t.text + "' is not allowed", Code::XACRO_EXPRESSION_FORBIDDEN);
        }
        ExprNodePtr n = Make(NodeType::kName, pos);
        n->name = t.text;
        ++at_;
        return n;
      }
      case Tok::kOp: break;
    }
    DepthGuard g(this);
    if (!g.ok) return nullptr;
    if (Accept("(")) {
      if (Accept(")")) return Make(NodeType::kTuple, pos);
      ExprNodePtr first = Expr();
      if (!first) return nullptr;
      if (IsWord("for")) {
        ExprNodePtr gen = Make(NodeType::kGenExp, pos);
        gen->kids.push_back(std::move(first));
        if (!CompClauses(gen.get()) || !Expect(")")) return nullptr;
        return gen;
      }
      if (Accept(")")) return first;  // parenthesized expression
      if (!IsOp(",")) return Fail(Peek().pos, "expected ')'");
      ExprNodePtr tup = Make(NodeType::kTuple, pos);
      tup->kids.push_back(std::move(first));
      while (Accept(",")) {
        if (IsOp(")")) break;
        ExprNodePtr k = Expr();
        if (!k) return nullptr;
        tup->kids.push_back(std::move(k));
      }
      if (!Expect(")")) return nullptr;
      return tup;
    }
    if (Accept("[")) {
      ExprNodePtr list = Make(NodeType::kList, pos);
      if (Accept("]")) return list;
      ExprNodePtr first = Expr();
      if (!first) return nullptr;
      if (IsWord("for")) {
        ExprNodePtr comp = Make(NodeType::kListComp, pos);
        comp->kids.push_back(std::move(first));
        if (!CompClauses(comp.get()) || !Expect("]")) return nullptr;
        return comp;
      }
      list->kids.push_back(std::move(first));
      while (Accept(",")) {
        if (IsOp("]")) break;
        ExprNodePtr k = Expr();
        if (!k) return nullptr;
        list->kids.push_back(std::move(k));
      }
      if (!Expect("]")) return nullptr;
      return list;
    }
    if (Accept("{")) {
      ExprNodePtr dict = Make(NodeType::kDict, pos);
      if (Accept("}")) return dict;
      if (IsOp("**")) return Fail(Peek().pos, "dict unpacking (**) is not supported");
      ExprNodePtr key = Expr();
      if (!key) return nullptr;
      if (!IsOp(":")) return Fail(Peek().pos, "set displays are not supported (expected ':')");
      ++at_;
      ExprNodePtr value = Expr();
      if (!value) return nullptr;
      if (IsWord("for")) {
        ExprNodePtr comp = Make(NodeType::kDictComp, pos);
        comp->kids.push_back(std::move(key));
        comp->kids.push_back(std::move(value));
        if (!CompClauses(comp.get()) || !Expect("}")) return nullptr;
        return comp;
      }
      dict->kids.push_back(std::move(key));
      dict->kids.push_back(std::move(value));
      while (Accept(",")) {
        if (IsOp("}")) break;
        ExprNodePtr k = Expr();
        if (!k) return nullptr;
        if (!Expect(":")) return nullptr;
        ExprNodePtr v = Expr();
        if (!v) return nullptr;
        dict->kids.push_back(std::move(k));
        dict->kids.push_back(std::move(v));
      }
      if (!Expect("}")) return nullptr;
      return dict;
    }
    if (IsOp(".") && IsOp(".", 1) && IsOp(".", 2)) return Fail(pos, "Ellipsis is not supported");
    return Fail(pos, "unexpected '" + t.text + "'");
  }
};

}  // namespace

ExprNodePtr ParseExpression(std::string_view source, const ExprLimits& limits, EvalError* err) {
  // A lone ASCII name, no keyword, not "__..." (a third of a robot's
  // expressions: ${prefix}): the node the grammar's fifteen levels would
  // make, made at once.
  const auto letter = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
  };
  if (!source.empty() && letter(source[0]) && source.substr(0, 2) != "__" &&
      std::all_of(source.begin(), source.end(),
                  [&](char c) { return letter(c) || (c >= '0' && c <= '9'); }) &&
      !IsKeyword(source)) {
    auto n = std::make_unique<ExprNode>();
    n->type = NodeType::kName;
    n->pos = 0;
    n->name = std::string(source);
    return n;
  }
  Parser p(source, limits, err);
  return p.Run();
}

}  // namespace xacro
