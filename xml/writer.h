// A small, fast, deterministic XML printer shared by the URDF and SDFormat
// writers: two-space indentation, attributes in the order given, numbers in
// the shortest form that reads back to the same double. Output goes through
// a buffer into the caller's string: writing makes no string of its own per
// element, attribute or number.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include <Eigen/Core>

#include "element/element.h"

namespace xml {

// Shortest decimal text that parses back to exactly `v` ("0" for zero).
std::string FormatDouble(double v);
void AppendDouble(std::string* out, double v);
// n numbers, space-separated, each as AppendDouble writes it.
void AppendNumbers(std::string* out, const double* v, int n);

// Up to six numbers written space-separated (a vector, a colour, a pose's
// xyz then rpy), for Writer's Attr, Leaf and Text. Holds a copy, so that a
// pose's two vectors make one run of numbers.
class Numbers {
 public:
  template <int N>
  Numbers(const Eigen::Matrix<double, N, 1>& v) : n_(N) {  // NOLINT: implicit
    static_assert(N <= kMax, "Numbers holds at most six values");
    for (int k = 0; k < N; ++k) v_[k] = v[k];
  }
  // A pose as SDFormat writes it: xyz then rpy.
  Numbers(const Eigen::Vector3d& xyz, const Eigen::Vector3d& rpy);

  const double* data() const { return v_; }
  int size() const { return n_; }
  std::string ToString() const;

 private:
  static constexpr int kMax = 6;
  double v_[kMax];
  int n_;
};

// Space-separated components.
std::string FormatVector(const double* v, int n);
std::string FormatVector3(const Eigen::Vector3d& v);
std::string FormatVector4(const Eigen::Vector4d& v);
// xyz then rpy, space-separated (SDFormat //pose text).
std::string FormatPose(const Eigen::Vector3d& xyz, const Eigen::Vector3d& rpy);

// Where a Writer may hand its output on in pieces as it goes (a file,
// standard output), instead of gathering the whole document: true when the
// piece was taken, false to stop (the writer then drops the rest).
using Sink = std::function<bool(std::string_view)>;

// Writes into *out, which holds everything written whenever no element is
// open (in particular once the root element is closed).
//
// With a sink, *out is only the writer's staging area: each time it holds
// kSinkPiece bytes or more they go to the sink and *out is emptied (its
// memory is reused, so a large document is never held whole); Finish()
// hands on the rest and says whether the sink took every piece.
class Writer {
 public:
  explicit Writer(std::string* out) : out_(out) {}
  Writer(std::string* out, Sink sink) : out_(out), sink_(std::move(sink)) {
    out_->reserve(kSinkPiece + kBufferSize);
  }
  ~Writer() { Flush(); }
  static constexpr size_t kSinkPiece = size_t{256} << 10;
  // Hands what is left to the sink (if any); whether the sink took all of
  // the output. Call it once, after the root element is closed.
  bool Finish();
  Writer(const Writer&) = delete;
  Writer& operator=(const Writer&) = delete;

  void Declaration();  // <?xml version="1.0" ?>
  void Comment(std::string_view text);
  // Starts an element; attributes follow with Attr(), then children or
  // text. End() closes the innermost open element ("<x/>" when empty).
  Writer& Start(std::string_view name);
  Writer& Attr(std::string_view key, std::string_view value);
  Writer& Attr(std::string_view key, double value);
  Writer& Attr(std::string_view key, const Numbers& value);
  // Text content right after Start() and its attributes, on the start
  // tag's line: End() then closes the element on that line too
  // ("<x a="1">text</x>").
  Writer& Text(std::string_view text);
  Writer& Text(const Numbers& numbers);
  void End();
  // <name>text</name> on one line.
  void Leaf(std::string_view name, std::string_view text);
  void Leaf(std::string_view name, double value);
  void Leaf(std::string_view name, const Numbers& numbers);
  // <name key="value">text</name> on one line ("<name key="value"/>" when
  // text is empty).
  void Leaf(std::string_view name, std::string_view key,
            std::string_view value, std::string_view text);
  // A kept-verbatim element, its name prefixed by `prefix` (e.g. "urdf:")
  // when the name has no prefix of its own. Children keep their names.
  void Verbatim(const frames::Element& e, std::string_view prefix = {});

 private:
  // Output is gathered in buf_ and appended to *out_ a few KiB at a time:
  // a tag is many small pieces (indentation, brackets, name, attributes,
  // numbers), and appending each to the std::string costs far more than
  // copying it into a buffer.
  static constexpr size_t kBufferSize = 8192;
  // Room for n more bytes at buf_ + used_; n <= kBufferSize.
  char* Room(size_t n) {
    if (used_ + n > kBufferSize) Flush();
    return buf_ + used_;
  }
  void Put(char c) {
    *Room(1) = c;
    ++used_;
  }
  void Put(std::string_view s) {
    if (s.size() > kBufferSize - used_) return PutLong(s);
    CopyBytes(buf_ + used_, s.data(), s.size());
    used_ += s.size();
  }
  // The first and the last sizeof(Word) of n bytes, Word <= n <= 2 Word:
  // together all n.
  template <typename Word>
  static void CopyEnds(char* to, const char* from, size_t n) {
    Word first, last;
    std::memcpy(&first, from, sizeof first);
    std::memcpy(&last, from + n - sizeof last, sizeof last);
    std::memcpy(to, &first, sizeof first);
    std::memcpy(to + n - sizeof last, &last, sizeof last);
  }
  // memcpy, inline for the short pieces a tag is made of (a name, a key,
  // "=\""): two overlapping moves instead of a call.
  static void CopyBytes(char* to, const char* from, size_t n) {
    if (n > 16) {
      std::memcpy(to, from, n);
    } else if (n >= 8) {
      CopyEnds<uint64_t>(to, from, n);
    } else if (n >= 4) {
      CopyEnds<uint32_t>(to, from, n);
    } else if (n > 0) {
      to[0] = from[0];
      to[n / 2] = from[n / 2];
      to[n - 1] = from[n - 1];
    }
  }
  void PutLong(std::string_view s);
  void PutNumber(double v);
  void PutNumbers(const Numbers& numbers);
  void Flush();
  // Flushes once the document (or a top-level piece of it) is complete, so
  // that *out_ holds it.
  void FlushAtTopLevel() {
    if (stack_.empty()) Flush();
  }

  // "<prefix name" at the current depth; the name is remembered for End().
  void StartTag(std::string_view prefix, std::string_view name);
  void CloseStartTag();
  // Two spaces per open element. A whole row of spaces is copied (a
  // fixed-size copy, a couple of moves) and cut to the depth: one piece at
  // any usual depth.
  static constexpr char kSpaces[] = "                                ";
  static constexpr size_t kRow = sizeof kSpaces - 1;
  void Indent() {
    const size_t n = 2 * stack_.size();
    if (n > kRow) return IndentDeep(n);
    std::memcpy(Room(kRow), kSpaces, kRow);
    used_ += n;
  }
  void IndentDeep(size_t n);
  // "<name>" at the current depth, and "</name>\n": a one-line leaf.
  void OpenLeaf(std::string_view name);
  void CloseLeaf(std::string_view name);
  void AttrKey(std::string_view key);  // ' key="'
  void OpenText();
  // `s` with the characters XML gives a meaning to replaced by entities.
  template <bool kInAttribute>
  void Escape(std::string_view s);
  void EscapeText(std::string_view s) { Escape<false>(s); }
  void EscapeAttribute(std::string_view s) { Escape<true>(s); }

  // Hands *out_ to the sink once it holds kSinkPiece bytes.
  void MaybeDrain() {
    if (sink_ && out_->size() >= kSinkPiece) Drain();
  }
  void Drain();

  std::string* out_;
  Sink sink_;
  bool sink_ok_ = true;  // the sink took every piece so far
  char buf_[kBufferSize];
  size_t used_ = 0;
  // The open elements' names, concatenated in names_[0, names_size_): each
  // Open marks where its name starts (the innermost one runs to the end),
  // so opening an element stores no string of its own. names_ only grows
  // (its size is its capacity), so pushing a name is a copy, not a call.
  std::string names_;
  size_t names_size_ = 0;
  void PushName(std::string_view name) {
    if (names_size_ + name.size() > names_.size()) {
      names_.resize(std::max(names_size_ + name.size(), 2 * names_.size()));
    }
    CopyBytes(names_.data() + names_size_, name.data(), name.size());
    names_size_ += name.size();
  }
  struct Open {
    size_t name_begin;
    bool text = false;  // Text() written: End() closes on the same line
  };
  std::vector<Open> stack_;
  bool tag_open_ = false;  // "<name attr..." printed, ">" not yet
};

}  // namespace xml
