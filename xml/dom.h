// A read-only XML document for the URDF and SDFormat readers.
//
// Why not tinyxml2's DOM: the readers only walk elements, attributes and
// text once, and tinyxml2 spent more time parsing than our whole conversion
// spent on everything else (it allocates and frees every node, decodes every
// string lazily on first access and tests characters through the C locale).
// This parser makes one pass over a private copy of the text: names, values
// and text are decoded in place and NUL-terminated, nodes come from a few
// large blocks, and line ends are counted by the scans that pass them (an
// attribute value or a text run is scanned once, for its end, its line ends
// and what it needs decoded; names and white space through a table).
//
// It accepts what tinyxml2 accepts (the corpus tests read every file through
// both) and reports, with the line, what is not well-formed: an unclosed or
// mismatched element, a broken attribute, an unterminated comment, CDATA
// section, declaration or tag. Character and predefined entity references
// are decoded; a '&' that starts no reference ("& more") is kept as
// written, as tinyxml2 does. CR LF and lone CR read as LF. Trailing NUL
// bytes (seen in real files) are ignored. Comments, declarations and a
// <!DOCTYPE> (its internal subset included) are skipped: nothing a DTD
// declares is used, no external DTD or entity is ever read, and a
// reference to any entity but the five predefined ones ("&nbsp;", or one
// the DOCTYPE declares) is refused (XML_ENTITY_UNSUPPORTED), never
// expanded.
//
// Stricter than tinyxml2 (each refusal has its ErrorCode()): the text must
// be UTF-8 of characters XML allows (no NUL or other control character
// but tab and line ends, also not through a character reference such as
// "&#0;"), no name may begin or end with ':', and a document stays within
// its Limits (depth, number of elements).
#pragma once

#include <cstddef>
#include <memory>
#include <new>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "diag/diagnostics.h"

namespace xml {

// Bounds on what one read may hold, so that hostile input is refused with a
// coded error (file:line) instead of exhausting the stack or memory. The
// command-line tools set them with --max-depth, --max-elements,
// --max-file-size and --max-include-depth.
struct Limits {
  // The deepest nesting of elements (the root element is at depth 1), and
  // of models once includes are expanded: XML_NESTING_TOO_DEEP,
  // MODEL_NESTING_TOO_DEEP. Readers, writers and copies of kept elements
  // recurse once per level, which is why it is bounded at all and may not
  // exceed kMaxDepthCeiling; tinyxml2's is 100 (TINYXML2_MAX_ELEMENT_DEPTH).
  size_t max_depth = 256;
  // The most elements one document (one file) may hold:
  // XML_TOO_MANY_ELEMENTS. 0 (the default): one element per
  // kBytesPerElement bytes of max_file_size (16,777,216 at the 256 MiB
  // default), so that the two limits agree: any file under the size limit
  // whose elements average 16 bytes or more passes (real files average 29
  // bytes or more, indentation included), and memory stays in proportion
  // to the input. ElementLimit() is the limit in force.
  size_t max_elements = 0;
  // The largest input in bytes: FILE_TOO_LARGE (xml::ReadFile,
  // xml::ReadStandardInput and xml::Parse).
  size_t max_file_size = size_t{256} << 20;
  // The longest chain of //include elements, each in the file the previous
  // one included (SDF): INCLUDE_TOO_DEEP.
  size_t max_include_depth = 32;
  // The highest max_depth may be set to: the readers and writers use well
  // under 8 KiB of stack per level (checked at this depth under
  // AddressSanitizer by //tools:hostile_input_cli_test), so this depth
  // stays within the 8 MiB main-thread stack Linux gives a program.
  static constexpr size_t kMaxDepthCeiling = 1000;
  // Bytes of the size limit per element when max_elements is 0 (rounded
  // up: a limit of 12 bytes admits one element).
  static constexpr size_t kBytesPerElement = 16;
  size_t ElementLimit() const {
    return max_elements != 0
               ? max_elements
               : (max_file_size + kBytesPerElement - 1) / kBytesPerElement;
  }
};

class Attr {
 public:
  const char* Name() const { return name_; }
  const char* Value() const { return value_; }
  const Attr* Next() const { return next_; }

 private:
  friend class Document;
  friend class Node;
  const char* name_ = "";
  const char* value_ = "";
  Attr* next_ = nullptr;
};

// A run of character data directly inside an element (CDATA included):
// decoded, not trimmed. Runs of white space only are not kept.
class TextRun {
 public:
  const char* Value() const { return value_; }
  const TextRun* Next() const { return next_; }

 private:
  friend class Document;
  const char* value_ = "";
  TextRun* next_ = nullptr;
};

// An element. The interface follows tinyxml2's XMLElement where they
// overlap, so that code reads the same.
class Node {
 public:
  const char* Name() const { return name_; }
  // Line of the element's '<' (1-based).
  int GetLineNum() const { return line_; }
  // The attribute's value, or nullptr.
  const char* Attribute(const char* name) const;
  const Attr* FirstAttribute() const { return first_attr_; }
  // With a name: the first child element (next sibling element) of that
  // name. nullptr when there is none.
  const Node* FirstChildElement(const char* name = nullptr) const;
  const Node* NextSiblingElement(const char* name = nullptr) const;
  // The text that comes before the first child element (comments aside),
  // untrimmed; nullptr when there is none.
  const char* GetText() const {
    return text_leads_ ? first_text_->Value() : nullptr;
  }
  // Every text run directly inside this element, in document order.
  const TextRun* FirstText() const { return first_text_; }
  // The element this one is directly inside; nullptr for a top-level one.
  const Node* Parent() const { return parent_; }

 private:
  friend class Document;
  const char* name_ = "";
  int line_ = 0;
  bool text_leads_ = false;
  Node* parent_ = nullptr;
  Attr* first_attr_ = nullptr;
  Node* first_child_ = nullptr;
  Node* next_sibling_ = nullptr;
  TextRun* first_text_ = nullptr;
};

// Whether two NUL-terminated names are equal (strcmp's answer), compared
// inline: element and attribute names are short, and most comparisons end
// at the first byte, before a call to strcmp would have started.
inline bool NamesEqual(const char* a, const char* b) {
  while (*a == *b) {
    if (*a == '\0') return true;
    ++a;
    ++b;
  }
  return false;
}

// Appends one step of an element path: "/NAME", then "[VALUE]" when the
// element has a name attribute (`name_attribute` not null), as in
// /sdf/world[default]/model[box]/link[l]. The one spelling of a step for
// ElementPath and for paths built over other trees (sdf_io's schema check).
void AppendPathStep(std::string* path, std::string_view name,
                    const char* name_attribute);

// The path of `e` from its document's root element, each step written by
// AppendPathStep: "/robot[r2]/link[base]/visual". "" for nullptr. Walks the
// parents (no recursion), so any depth is fine.
std::string ElementPath(const Node* e);

// XML name characters, as tinyxml2 reads them: ASCII letters, '_', ':' and
// every byte of a multi-byte UTF-8 sequence start a name; digits, '.' and
// '-' may follow. (Shared with xacro's tree parser.)
bool IsNameStart(char c);
bool IsNameChar(char c);

// Whether `name` may be printed as an element or attribute name: Document
// reads it back as that name (name characters, UTF-8, not beginning or
// ending with ':'). For names a writer makes from data (a prefix stripped,
// a name given as an attribute value).
bool IsName(std::string_view name);

class Document {
 public:
  Document() = default;
  Document(const Document&) = delete;
  Document& operator=(const Document&) = delete;

  // Parses a copy of `text`. False when it is not well-formed XML or
  // exceeds `limits` (max_depth, ElementLimit()); Error() and ErrorLine() say
  // what and where. A document may be parsed once.
  bool Parse(std::string_view text, const Limits& limits = {});
  // The same, parsing `text` itself in place instead of a copy (a reader
  // that owns the file's text moves it in: one copy of a large input fewer
  // in time and in memory).
  bool ParseOwned(std::string text, const Limits& limits = {});
  // The first top-level element (nullptr when there is none).
  const Node* RootElement() const { return root_; }
  const std::string& Error() const { return error_; }
  int ErrorLine() const { return error_line_; }
  // What kind of problem Error() describes, as a diagnostic code:
  //   XML_ERROR              not well-formed (a broken tag, attribute,
  //                          comment ..., a mismatched or unclosed element)
  //   XML_CHARACTER_INVALID  a NUL byte, a control character, bytes that
  //                          are not UTF-8, or a character reference to
  //                          what XML does not allow ("&#0;")
  //   XML_NAME_INVALID       an element or attribute name that begins or
  //                          ends with ':' ("urdf:")
  //   XML_NESTING_TOO_DEEP   elements nested deeper than
  //                          Limits::max_depth
  //   XML_TOO_MANY_ELEMENTS  more than Limits::ElementLimit() elements
  //   XML_ENTITY_UNSUPPORTED a reference to an entity other than the five
  //                          predefined ones ("&nbsp;", one a DOCTYPE
  //                          declares): entities are never expanded
  frames::Code ErrorCode() const { return error_code_; }

  // Called before Parse/ParseOwned: every attribute value is stored with
  // its leading and trailing white space (space, tab, line ends, after
  // references are decoded) stripped, as the parser reads it (one pass
  // over the text, not a second walk over every element). Called after,
  // it strips the values already read, in place. SDFormat reads
  // every value trimmed (libsdformat's Param::SetFromString trims, so
  // `<link name=" P ">` is link "P" and `attached_to=" P"` names it), while
  // URDF (urdfdom) takes attribute values as written: the SDF reader calls
  // this, the URDF reader does not.
  void TrimAttributeValues();

  // The default Limits::max_depth.
  static constexpr size_t kMaxDepth = Limits{}.max_depth;
  // The line of an XML declaration that does not come first (it is
  // skipped); 0 when there is none.
  int MisplacedDeclarationLine() const { return misplaced_declaration_line_; }
  // The line of text before the root that is an XML declaration without
  // its '<' ("?xml version=\"1.0\"?>", skipped); 0 when there is none.
  int MalformedDeclarationLine() const { return malformed_declaration_line_; }

 private:
  class Parser;
  // Objects of one kind in blocks that never move, so that pointers into
  // them stay valid while the document grows. A block is raw storage: each
  // object is constructed when New hands it out, so that its memory is
  // written once, by the parser that fills it, instead of once more by a
  // pass over the whole block when it is allocated (a large document's
  // nodes are larger than the cache: that pass wrote them all out to
  // memory before the parser wrote them again). The kinds pooled are
  // trivially destructible: nothing is run when the blocks are freed.
  template <typename T>
  class Pool {
    static_assert(std::is_trivially_destructible_v<T>);

   public:
    T* New() {
      return used_ < capacity_ ? new (block_ + used_++ * sizeof(T)) T()
                               : Grow();
    }

   private:
    T* Grow();  // a new block, and its first object
    std::vector<std::unique_ptr<unsigned char[]>> blocks_;
    unsigned char* block_ = nullptr;  // the last of blocks_
    size_t used_ = 0;
    size_t capacity_ = 0;
  };

  std::string buffer_;  // the text, parsed in place
  Pool<Node> nodes_;
  Pool<Attr> attrs_;
  Pool<TextRun> texts_;
  Node* root_ = nullptr;
  std::string error_;
  int error_line_ = 0;
  frames::Code error_code_ = frames::Code::XML_ERROR;
  int misplaced_declaration_line_ = 0;
  int malformed_declaration_line_ = 0;
  bool trim_attribute_values_ = false;
};

}  // namespace xml
