// Reading helpers shared by the URDF and SDFormat readers: parsing text into
// an xml::Document with a clear diagnostic, numbers with file:line
// diagnostics, and kept-verbatim copies of elements a model does not
// represent.
#pragma once

#include <Eigen/Core>
#include <charconv>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "diag/diagnostics.h"
#include "element/element.h"
#include "xml/dom.h"

namespace xml {

// Reads a whole file; nullopt (and an IO_ERROR diagnostic naming the file
// and the operating system's reason, e.g. "Is a directory") if it can't,
// or (FILE_TOO_LARGE, reading no more than one byte past the limit) when it
// is larger than limits.max_file_size.
std::optional<std::string> ReadFile(const std::string& path,
                                    frames::Diagnostics* diags,
                                    const Limits& limits = {});

// Reads standard input to its end; nullopt (and an IO_ERROR diagnostic on
// `<stdin>` with the reason) when it cannot be read: closed ("Bad file
// descriptor"), a directory, a read error. Distinct from an empty input.
// FILE_TOO_LARGE as ReadFile.
std::optional<std::string> ReadStandardInput(frames::Diagnostics* diags,
                                             const Limits& limits = {});

// FILE_TOO_LARGE (false), at the line holding the first byte past the
// limit, when `text` is larger than limits.max_file_size.
bool CheckFileSize(std::string_view text, const std::string& source,
                   const Limits& limits, frames::Diagnostics* diags);

// Parses `text` into `doc`; on failure reports the document's ErrorCode()
// (XML_ERROR, XML_CHARACTER_INVALID, XML_NAME_INVALID,
// XML_NESTING_TOO_DEEP, XML_TOO_MANY_ELEMENTS or XML_ENTITY_UNSUPPORTED)
// with the line and returns false; a text larger than
// limits.max_file_size is FILE_TOO_LARGE. An XML declaration after other content (seen after a
// leading comment) is XML_DECLARATION_MISPLACED, a warning.
bool Parse(std::string_view text, const std::string& file, Document* doc,
           frames::Diagnostics* diags, const Limits& limits = {});
// The same, parsing `text` in place (Document::ParseOwned): for a reader
// that owns the text it read.
bool ParseOwned(std::string text, const std::string& file, Document* doc,
                frames::Diagnostics* diags, const Limits& limits = {});

// Context for reporting: the file name and the diagnostics sink, and the
// reporter bound to the node: Error(e, code, message) reports at e's line
// with e's ElementPath (the file, line and element cannot be forgotten).
struct Context {
  frames::FileName file;  // shared by every location it makes (At)
  frames::Diagnostics* diags;
  // SDFormat's reading of a number followed by other text (`2.35"`,
  // `1.5kg`): libsdformat reads the number at its start and ignores the
  // rest, so ParseDouble does too, with a NUMBER_TRAILING_CHARACTERS warning
  // naming the ignored text. False (URDF): only a stray ',' or '.' is
  // forgiven, as urdfdom refuses the rest.
  bool leading_numbers = false;

  frames::SourceLocation At(const Node* e) const {
    return {file, e ? e->GetLineNum() : 0};
  }
  void Error(const Node* e, frames::Code code, std::string message) const {
    Report(frames::Severity::kError, e, code, std::move(message));
  }
  void Warning(const Node* e, frames::Code code, std::string message) const {
    Report(frames::Severity::kWarning, e, code, std::move(message));
  }
  void Report(frames::Severity severity, const Node* e, frames::Code code,
              std::string message) const;
};

// What a number belongs to, for messages ("<pose>", "<origin> xyz"): the
// text is only built when a message is.
class What {
 public:
  What(const char* text) : text_(text) {}
  What(const std::string& text) : text_(text) {}
  // "<name>", or "<name> attr" with an attribute.
  explicit What(const Node* e, const char* attr = nullptr)
      : element_(e), attr_(attr) {}
  std::string str() const;

 private:
  std::string_view text_;
  const Node* element_ = nullptr;
  const char* attr_ = nullptr;
};

// Parses one finite number. Reports NUMBER_INVALID (not a number, or an
// unexpanded xacro expression: XACRO_UNEXPANDED) or NUMBER_NOT_FINITE
// (NaN, inf). A number followed only by a stray ',' or '.' is accepted with a
// NUMBER_TRAILING_CHARACTERS warning, as the tools users run accept it; with
// ctx.leading_numbers, so is a decimal number followed by any other text
// (not a hexadecimal one, not an unexpanded xacro expression).
// `what` names the element and attribute for the message.
std::optional<double> ParseDouble(std::string_view text, const What& what,
                                  const Node* e, const Context& ctx);

// Parses `n` whitespace-separated numbers into out[0..n). Fewer is
// VECTOR_SIZE_INVALID; extra components are ignored with a
// VECTOR_EXTRA_COMPONENTS warning, as pybullet (whose files write 4-number
// vectors) reads them.
bool ParseVector(std::string_view text, int n, const What& what,
                 const Node* e, const Context& ctx, double* out);

// Exactly `n` whitespace-separated numbers (shortest round-trip text, as
// xml::FormatDouble writes them) into out[0..n), without diagnostics: for
// values this project wrote itself. False when the text is anything else.
bool ParseNumbers(std::string_view text, int n, double* out);

// The white-space-separated numbers of a value a user wrote where there is
// no file position to report (a <gazebo> keyword, a plugin offset): each
// may start with '+', all must be finite. nullopt when any token is not a
// number, or there is none.
std::optional<std::vector<double>> ParseNumberList(std::string_view text);

// +inf or -inf for "inf", "-inf", "+inf", "infinity" (any case, surrounding
// white space ignored), as libsdformat reads them; 0 for anything else.
double Infinity(std::string_view text);

// Attribute helpers: nullopt when absent; parse errors are reported.
std::optional<double> DoubleAttribute(const Node* e, const char* attr,
                                      const Context& ctx);
std::optional<Eigen::Vector3d> Vector3Attribute(const Node* e,
                                                const char* attr,
                                                const Context& ctx);

// A kept-verbatim copy of `e` and everything under it.
frames::Element ToElement(const Node* e, const Context& ctx);

// Whether element `e` is named `name`.
inline bool Is(const Node* e, const char* name) {
  return NamesEqual(e->Name(), name);
}

// Trimmed text content of an element ("" when none).
std::string_view Text(const Node* e);

// The children an element's reader knows, declared as a table: one entry
// per child name with the member of `Reader` that reads it into `State`
// (nullptr: the child is read before the walk, as a <pose> or an <origin>,
// and skipped here). `known`, when set, says whether the entry applies in
// this reading (an <include> only when includes are resolved); when it
// does not, the child is carried as any other. `Result` is what the
// members return: bool (false: the child was wrong) or void.
template <typename Reader, typename State, typename Result = bool>
struct Child {
  const char* name;
  Result (Reader::*read)(const Node* c, State* state);
  bool (Reader::*known)() const = nullptr;
};

// Walks the children of `e` in document order: one a `known` entry names
// is read by its member, every other one is handed to `carry` (a child not
// known is kept, or reported, in this one place). False when a member
// returned false.
template <typename Reader, typename State, typename Result, size_t N,
          typename Carry>
bool ReadChildren(Reader* reader, const Node* e,
                  const Child<Reader, State, Result> (&known)[N],
                  State* state, Carry&& carry) {
  bool ok = true;
  for (const Node* c = e->FirstChildElement(); c;
       c = c->NextSiblingElement()) {
    const Child<Reader, State, Result>* child = nullptr;
    for (const Child<Reader, State, Result>& k : known) {
      if (Is(c, k.name) && (!k.known || (reader->*k.known)())) child = &k;
    }
    if (!child) {
      carry(c);
    } else if (!child->read) {
      continue;
    } else if constexpr (std::is_void_v<Result>) {
      (reader->*child->read)(c, state);
    } else {
      ok &= (reader->*child->read)(c, state);
    }
  }
  return ok;
}

// ReadChildren with every child not known kept as written in `carried`.
template <typename Reader, typename State, typename Result, size_t N>
bool ReadChildren(Reader* reader, const Node* e,
                  const Child<Reader, State, Result> (&known)[N],
                  State* state, const Context& ctx,
                  std::vector<frames::Element>* carried) {
  return ReadChildren(reader, e, known, state, [&](const Node* c) {
    carried->push_back(ToElement(c, ctx));
  });
}

}  // namespace xml
