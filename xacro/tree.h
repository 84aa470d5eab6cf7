// The mutable XML tree xacro works on: elements, text, comments, CDATA
// sections and processing instructions in document order, each with the
// file and line it was written at, as Python's xml.dom.minidom (which ROS's
// xacro uses) keeps them. xml/dom.h cannot serve: it is read-only and skips
// comments, which xacro keeps (and evaluates, with xacro:eval-comments).
//
// Nodes live in their Tree's arena until the Tree is destroyed: a node
// removed from the document stays valid (a macro body, a block parameter),
// so pointers never dangle. The Tree counts the nodes it has made, the
// bound on what one expansion may build.
#pragma once

#include <cstddef>
#include <deque>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_set>
#include <utility>
#include <vector>

#include "diag/diagnostics.h"

namespace xacro {

struct Node {
  enum class Type { kElement, kText, kComment, kCData, kInstruction };
  Type type = Type::kElement;
  int line = 0;  // beside `type`: no padding (the node is 120 bytes)
  // An element's tag as written ("xacro:if"); the text of a text,
  // comment or CDATA node; a processing instruction's "target content".
  // One string for both (data() is the same): a node is one or the other,
  // and the expansion makes millions of nodes.
  std::string name;
  // Attributes in document order (printed sorted by name). A name is a
  // view of a string that outlives the tree (Tree::Name, or a literal):
  // names repeat, and every macro call copies its body's attributes.
  std::vector<std::pair<std::string_view, std::string>> attrs;
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

  std::string& data() { return name; }
  const std::string& data() const { return name; }
  bool IsElement() const { return type == Type::kElement; }
  // The attribute's value, or nullptr.
  const std::string* Attr(std::string_view attr) const;
  // `attr` must outlive the tree (see attrs) when it is new to the node.
  void SetAttr(std::string_view attr, std::string value);
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
  // A copy of `n` (with its descendants when `deep`), unlinked.
  Node* Clone(const Node* n, bool deep);
  size_t node_count() const { return count_; }
  // A file name kept as long as the tree (nodes point at it).
  const std::string* Intern(const std::string& file);
  // An attribute name kept as long as the tree, one copy per name.
  std::string_view Name(std::string_view name);

  // Parses `text` (file `file`) as minidom does: the returned document
  // node's children are the top-level comments, processing instructions
  // and the root element. Attribute values are normalized as XML says
  // (tab, CR and LF become spaces); character and the five predefined
  // entity references are decoded; the XML declaration and a DOCTYPE are
  // skipped. Nullptr (and *error) when not well-formed, or nested deeper
  // than `max_depth`.
  Node* Parse(std::string_view text, const std::string& file,
              size_t max_depth, ParseError* error);

 private:
  Node* CopyOf(const Node* n);  // without links
  // Nodes in chunks of kChunk, made in order: a macro body's copy lies in
  // consecutive memory, as the printer and the expansion walk it (a
  // deque's blocks of three nodes each, spread between strings, made
  // every step of a walk a cache miss).
  static constexpr size_t kChunk = 256;
  std::vector<std::unique_ptr<Node[]>> chunks_;
  size_t count_ = 0;
  std::deque<std::string> files_;
  std::unordered_set<std::string> names_;  // Name(); elements never move
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
