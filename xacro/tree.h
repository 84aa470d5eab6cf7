// The mutable XML tree xacro works on: elements, text, comments, CDATA
// sections and processing instructions in document order, each with the
// file and line it was written at, as Python's xml.dom.minidom (which ROS's
// xacro uses) keeps them. xml/dom.h cannot serve: it is read-only and skips
// comments, which xacro keeps (and evaluates, with xacro:eval-comments).
//
// Nodes live in their Tree's arena until the Tree is destroyed: a node
// removed from the document stays valid (a macro body, a block parameter),
// so pointers never dangle, unless it is given back (Tree::Recycle) for
// the tree to make new nodes of. The Tree counts the nodes it has made
// (reused or not), the bound on what one expansion may build.
//
// A node's strings are views of characters that live as long as its Tree:
// the text of a parsed file (kept by the Tree), what Tree::Keep copied, or
// literals. A copy of a node (a macro body's, at every call) shares them:
// copying one is copying its views, and only what the expansion changes is
// written anew (most of a body's attributes hold no ${...}). Assign them
// only views that outlive the tree (Tree::Keep), never a temporary string.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "diag/diagnostics.h"

namespace xacro {

struct Attribute {
  std::string_view name;
  std::string_view value;
};

// A node's attributes in document order (printed sorted by name), in its
// Tree's arena. Growing one takes the Tree (Tree::SetAttr).
class AttrList {
 public:
  Attribute* begin() const { return data_; }
  Attribute* end() const { return data_ + size_; }
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  Attribute& operator[](size_t i) const { return data_[i]; }
  // Removes the i-th, keeping the order of the others.
  void Erase(size_t i);

 private:
  friend class Tree;
  Attribute* data_ = nullptr;
  uint32_t size_ = 0;
  uint32_t capacity_ = 0;
};

struct Node {
  enum class Type { kElement, kText, kComment, kCData, kInstruction };
  Type type = Type::kElement;
  int line = 0;  // beside `type`: no padding (the node is 96 bytes)
  // An element's tag as written ("xacro:if"); the text of a text,
  // comment or CDATA node; a processing instruction's "target content".
  // One view for both (data() is the same): a node is one or the other.
  std::string_view name;
  AttrList attrs;
  Node* parent = nullptr;
  Node* first = nullptr;
  Node* last = nullptr;
  Node* prev = nullptr;
  Node* next = nullptr;
  const std::string* file = nullptr;  // the file it is written in (at `line`)
  // The macro calls and includes that put it in the document, as the
  // diagnostics print them (" (in macro 'm' called at f:3)"); null when it
  // is written in the input itself or not recorded (Options::source_map).
  const std::string* context = nullptr;

  std::string_view data() const { return name; }
  bool IsElement() const { return type == Type::kElement; }
  // The attribute's value, or nullptr.
  const std::string_view* Attr(std::string_view attr) const;
  void RemoveAttr(std::string_view attr);
  Node* FirstChildElement() const;
  Node* NextSiblingElement() const;
};

// Unlinks `n` from its parent (it stays in the arena).
void Remove(Node* n);
// Inserts `n` (unlinked first if linked) into `parent` before `before`
// (at the end when `before` is null).
void InsertBefore(Node* parent, Node* n, Node* before);

struct ParseError {
  frames::Code code = frames::Code::XML_ERROR;
  std::string message;
  int line = 0;
};

class Tree {
 public:
  Tree() = default;
  Tree(const Tree&) = delete;
  Tree& operator=(const Tree&) = delete;

  Node* New(Node::Type type);
  // Gives back `n` (unlinked) and its descendants, which nothing may
  // point at any more, for New to reuse (a call's element, a false
  // branch: the expansion's memory then grows with what it keeps, not
  // with what it made). `keep`, when among them, is unlinked instead and
  // stays valid.
  void Recycle(Node* n, Node* keep);
  // A copy of `n` (with its descendants when `deep`), unlinked. It shares
  // the strings of `n` (they are views, see Node). With `stand_in_tag`,
  // each element below `n` of that tag is copied without its children, a
  // stand-in for its source (Original): xacro copies a macro body, or an
  // included file, at every call or include, and a macro definition in it
  // is only ever read, never changed or printed. `n` is not a stand-in.
  Node* Clone(const Node* n, bool deep, std::string_view stand_in_tag = {});
  // The node whose children the stand-in `n` stands for (Clone); `n` itself
  // when it is not one.
  Node* Original(const Node* n) const;
  size_t node_count() const { return count_; }
  // A file name kept as long as the tree (nodes point at it).
  const std::string* Intern(const std::string& file);
  // A copy of `s` that lives as long as the tree.
  std::string_view Keep(std::string_view s);
  // Sets the attribute `name` of `n` (added last when new) to a copy of
  // `value` (Keep). `name` must outlive the tree when it is new to the
  // node (a literal, or a view the tree keeps).
  void SetAttr(Node* n, std::string_view name, std::string_view value);
  // Adds an attribute without looking for it first: `name` and `value`
  // must outlive the tree.
  void AppendAttr(Node* n, std::string_view name, std::string_view value);

  // Parses `text` (file `file`) as minidom does: the returned document
  // node's children are the top-level comments, processing instructions
  // and the root element. Attribute values are normalized as XML says
  // (tab, CR and LF become spaces); character and the five predefined
  // entity references are decoded; the XML declaration and a DOCTYPE are
  // skipped. Nullptr (and *error) when not well-formed, or nested deeper
  // than `max_depth`. The nodes' strings are views of a copy of `text`
  // the tree keeps, or, with `text_outlives_tree`, of `text` itself.
  Node* Parse(std::string_view text, const std::string& file,
              size_t max_depth, ParseError* error,
              bool text_outlives_tree = false);

 private:
  Node* CopyOf(const Node* n);  // without links
  // `size` bytes aligned for any of the node's members, from the arena.
  void* Allocate(size_t size);
  // Nodes in chunks of kChunk, made in order: a macro body's copy lies in
  // consecutive memory, as the printer and the expansion walk it (a
  // deque's blocks of three nodes each, spread between strings, made
  // every step of a walk a cache miss).
  static constexpr size_t kChunk = 256;
  std::vector<std::unique_ptr<Node[]>> chunks_;
  size_t used_ = kChunk;  // of the last chunk
  size_t count_ = 0;
  Node* free_nodes_ = nullptr;  // given back (Recycle), linked by `next`
  // Stand-ins (Clone) and the nodes they stand for.
  std::unordered_map<const Node*, Node*> stand_ins_;
  std::string_view stand_in_tag_;  // their tag
  std::vector<std::pair<const Node*, Node*>> clone_todo_;  // Clone's
  std::deque<std::string> files_;
  // Keep()'s characters and the attribute lists: blocks of kBlock bytes
  // (or one of its own for a larger piece), handed out in order.
  static constexpr size_t kBlock = 64 * 1024;
  std::vector<std::unique_ptr<char[]>> blocks_;
  char* free_ = nullptr;
  size_t free_size_ = 0;
};

// Prints the document as ROS's xacro does: `<?xml version="1.0" ?>`, then
// each top-level node, elements as minidom's toprettyxml with xacro's fixed
// writexml (two-space indent, attributes sorted, an element whose one child
// is text printed on one line, whitespace-only text between elements left
// out). False (and *error) when a comment holds "--" or a CDATA section
// "]]>" (Python refuses to write them), or when the text would exceed
// `max_bytes`. When `starts` is not null, each element printed is added to
// it with the offset in *out where its start tag begins, in output order.
bool Print(const Node* document, size_t max_bytes, std::string* out,
           std::string* error,
           std::vector<std::pair<size_t, const Node*>>* starts = nullptr);

}  // namespace xacro
