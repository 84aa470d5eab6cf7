// Diagnostics are values, not log lines: every problem found in a user's file
// is recorded with a stable code, a message naming the element and value, and
// the file and line it came from.
#pragma once

// Every header of this library needs C++17 (std::optional, std::string_view).
#if __cplusplus < 201703L
#error "urdf_sdf_converter's headers need C++17: add 'build --cxxopt=-std=c++17 --host_cxxopt=-std=c++17' to your .bazelrc (docs/library.md: In a monorepo)"
#endif

#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "diag/file_name.h"

namespace frames {

// Where an element came from. line == 0 means "unknown line". The file
// name is shared by every location in the file (diag/file_name.h).
struct SourceLocation {
  FileName file;
  int line = 0;
};

enum class Severity { kWarning, kError };

// Every diagnostic code, one enumerator per line of diag/codes.def, spelled
// as the code is printed (Code::DUPLICATE_NAME prints as DUPLICATE_NAME).
enum class Code {
#define CODE(name, severity, doc, spec) name,
#define CODE_GROUP(title)
#include "diag/codes.def"
#undef CODE_GROUP
#undef CODE
};

// The code as printed and written to reports, e.g. "DUPLICATE_NAME".
std::string_view CodeName(Code code);
// The severity the code is usually reported with (diag/codes.def).
Severity DefaultSeverity(Code code);
// Its one line of documentation (Markdown).
std::string_view CodeDoc(Code code);
// The spec section it comes from ("1.7 §3.2"), "" when none.
std::string_view CodeSpec(Code code);
// The title of its group in diag/codes.def ("URDF input").
std::string_view CodeGroup(Code code);
// Every code, in the order of diag/codes.def.
const std::vector<Code>& AllCodes();
// The code named `name`, nullopt-like false when there is none.
bool CodeFromName(std::string_view name, Code* code);
// Prints CodeName (for test failure messages).
std::ostream& operator<<(std::ostream& os, Code code);

struct Diagnostic {
  Severity severity = Severity::kError;
  Code code = Code::IO_ERROR;  // stable, printed as CodeName(code)
  std::string message;  // names the offending element and value
  SourceLocation where;
  // The element the diagnostic is about, as a path from the document's root
  // with each named element's name: /sdf/world[default]/model[box]/link[l].
  // Empty when not recorded. Format() does not print it (diagnostics that
  // have one name it in their message); JSON reports carry it.
  std::string element_path;
};

// Formats as `file:line: error: message [CODE]` (editor and CI log form).
std::string Format(const Diagnostic& d);

class Diagnostics {
 public:
  void Error(Code code, std::string message, SourceLocation where);
  void Warning(Code code, std::string message, SourceLocation where);
  void Add(Diagnostic d);
  void Append(const Diagnostics& other);

  bool HasErrors() const { return error_count_ > 0; }
  int error_count() const { return error_count_; }
  const std::vector<Diagnostic>& all() const { return all_; }
  // True if any diagnostic carries this code.
  bool Has(Code code) const;
  // Orders by file, then line (stable: same-line diagnostics keep their
  // order), so a user reads them top to bottom.
  void SortByLocation();
  // Every diagnostic formatted, one per line.
  std::string ToString() const;

 private:
  std::vector<Diagnostic> all_;
  int error_count_ = 0;
};

}  // namespace frames
