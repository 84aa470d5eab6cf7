// A read-only XML document for the URDF and SDFormat readers.
//
// Why not tinyxml2's DOM: the readers only walk elements, attributes and
// text once, and tinyxml2 spent more time parsing than our whole conversion
// spent on everything else (it allocates and frees every node, decodes every
// string lazily on first access and tests characters through the C locale).
// This parser makes one pass over a private copy of the text: names, values
// and text are decoded in place and NUL-terminated, nodes come from a few
// large blocks, and line numbers are counted only where a node starts.
//
// It accepts what tinyxml2 accepts (the corpus tests read every file through
// both) and reports, with the line, what is not well-formed: an unclosed or
// mismatched element, a broken attribute, an unterminated comment, CDATA
// section, declaration or tag. Character and predefined entity references
// are decoded; an unknown "&name;" is kept as written, as tinyxml2 does.
// CR LF and lone CR read as LF. Trailing NUL bytes (seen in real files) are
// ignored. Comments, declarations and DOCTYPE are
// skipped.
//
// Stricter than tinyxml2 (each refusal has its ErrorCode()): the text must
// be UTF-8 of characters XML allows (no NUL or other control character
// but tab and line ends, also not through a character reference such as
// "&#0;"), no name may begin or end with ':', and elements nest at most
// kMaxDepth deep.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "frames/diagnostics.h"

namespace xml {

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

 private:
  friend class Document;
  const char* name_ = "";
  int line_ = 0;
  bool text_leads_ = false;
  Attr* first_attr_ = nullptr;
  Node* first_child_ = nullptr;
  Node* next_sibling_ = nullptr;
  TextRun* first_text_ = nullptr;
};

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

  // Parses a copy of `text`. False when it is not well-formed XML; Error()
  // and ErrorLine() say what and where. A document may be parsed once.
  bool Parse(std::string_view text);
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
  //   XML_NESTING_TOO_DEEP   elements nested deeper than kMaxDepth
  frames::Code ErrorCode() const { return error_code_; }

  // The deepest nesting of elements a document may have (the root element
  // is at depth 1). Readers, writers and copies of kept elements recurse
  // once per level, so a limit keeps hostile input from exhausting the
  // stack; tinyxml2's is 100 (TINYXML2_MAX_ELEMENT_DEPTH).
  static constexpr size_t kMaxDepth = 256;
  // The line of an XML declaration that does not come first (it is
  // skipped); 0 when there is none.
  int MisplacedDeclarationLine() const { return misplaced_declaration_line_; }

 private:
  class Parser;
  // Objects of one kind in blocks that never move, so that pointers into
  // them stay valid while the document grows.
  template <typename T>
  class Pool {
   public:
    T* New();

   private:
    std::vector<std::unique_ptr<T[]>> blocks_;
    size_t used_ = 0;
    size_t capacity_ = 0;
  };

  std::unique_ptr<char[]> buffer_;
  Pool<Node> nodes_;
  Pool<Attr> attrs_;
  Pool<TextRun> texts_;
  Node* root_ = nullptr;
  std::string error_;
  int error_line_ = 0;
  frames::Code error_code_ = frames::Code::XML_ERROR;
  int misplaced_declaration_line_ = 0;
};

}  // namespace xml
