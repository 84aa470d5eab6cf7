// Checks every element and attribute of an SDFormat document against the
// description of its version (sdf_io/schema.h), as libsdformat 12 checks
// what it reads, so that a document refused here is one libsdformat refuses
// (the differences are listed in docs/sdf2sdf.md, "SDF input checks"):
//
//  - a value that does not parse as its type, as libsdformat parses it:
//    VALUE_INVALID. double: a number at the start of the text ("inf"
//    included); int, unsigned int: an integer at the start; bool: true,
//    false, 1 or 0 in any case; vector3 / vector2d / vector2i: 3 / 2
//    numbers (more are ignored); pose: exactly 6 finite numbers (7 with
//    rotation_format="quat_xyzw"), where a number followed by other text
//    ("0.5\"", "0n5") is read as libsdformat reads it, as the decimal
//    number at its start, with a NUMBER_TRAILING_CHARACTERS warning naming
//    the text ignored (the element is kept as written); color: 3 or 4 numbers, each 0 to 1
//    (VALUE_OUT_OF_RANGE outside); time: two integers (seconds,
//    nanoseconds). An empty value is the default, except for an element or
//    attribute the description requires (required="1"): VALUE_INVALID.
//  - a number below the description's min or above its max:
//    VALUE_OUT_OF_RANGE.
//  - a required attribute missing: ATTRIBUTE_MISSING. A required element
//    that is missing is not reported: libsdformat adds it with its default
//    (the reader reports the few it cannot do without, ELEMENT_MISSING).
//  - an element the description does not know: ELEMENT_UNKNOWN (a
//    warning; the element is kept, and what is under it is not checked).
//    An element that a newer version has at that place (a <capsule> in a
//    1.7 file, a 1.10 //world/joint in a 1.9 file) is known: the reader,
//    like libsdformat (which migrates every file to 1.9 first), reads
//    newer constructs in older files.
// Types, ranges and required attributes are those of the version the
// document is read as, max(its version, 1.9), where that version has the
// element, as libsdformat 12 checks a document after migrating it to 1.9;
// else those of the document's own version (1.0's attribute forms ...).
//    Elements with a namespace prefix (custom elements, `ignition:` ...) and
//    the content of //plugin are allowed, as the spec says.
//  - an attribute the description does not know there (in none of the
//    document's version, 1.9 and 1.12): ATTRIBUTE_UNKNOWN, a warning, as
//    libsdformat warns. Attributes with a namespace prefix (custom
//    attributes, xmlns:x) and `xmlns` are allowed; a <model>'s the reader
//    reports itself (ATTRIBUTE_KEPT).
//  - more than one model, light or actor at the root: SDF_ROOT_MULTIPLE;
//    two worlds with one name: DUPLICATE_NAME.
// Values and attributes that the reader itself parses (every //pose,
// masses, inertias, shape sizes, material colours, joint axes, limits and
// dynamics, names, joint types) are reported by the reader, not again here;
// only their ranges and their extra numbers are checked here.
//
// Each diagnostic names the element by its path from the root, each named
// element with its name (/sdf/world[default]/model[box]/link[l]/inertial/
// mass), in its message and in Diagnostic::element_path.
#pragma once

#include <cstddef>
#include <future>
#include <initializer_list>
#include <string>

#include "diag/diagnostics.h"
#include "frames/model.h"
#include "xml/dom.h"
#include "xml/reader.h"

namespace sdf_io {

// Checks `root` (the document's <sdf> or <gazebo>) against the description
// of SDFormat 1.`minor` (0 to 12; nothing is checked for other versions).
void CheckAgainstSchema(const xml::Node* root, int minor,
                        const xml::Context& ctx);

// CheckAgainstSchema of a large document, run on a thread of its own while
// the caller reads the same tree (both only read it; the tree must not
// change, and must outlive the check, until Finish). The check and the
// reading each walk a tree of millions of nodes; side by side, the process
// takes about the time of the longer one. Its diagnostics are collected
// apart and put, by Finish, where CheckAgainstSchema would have put them:
// after those ctx.diags held when it started, before those added since. So
// the caller must call Finish before it looks at ctx.diags (an <include>'s
// reading compares with what was reported) and when it is done (when no
// thread can be started, the check runs at once, and Finish puts its
// diagnostics there all the same: frames::RunBeside). Not `concurrent`, it
// checks at once, as CheckAgainstSchema does. `concurrent` is for a text of
// frames::kBesideCheckBytes or more (element/beside.h).
class SchemaCheck {
 public:
  SchemaCheck(const xml::Node* root, int minor, const xml::Context& ctx,
              bool concurrent);
  SchemaCheck(const SchemaCheck&) = delete;
  SchemaCheck& operator=(const SchemaCheck&) = delete;
  // Waits for the thread (nothing is added to ctx.diags: the caller left
  // without Finish, on an exception).
  ~SchemaCheck();
  // Waits for the check and adds its diagnostics to ctx.diags (once; a
  // second call does nothing). Rethrows what the check threw.
  void Finish();

 private:
  frames::Diagnostics* diags_;
  size_t start_;         // ctx.diags's size when the check started
  xml::Context own_;     // ctx with diags = &found_
  frames::Diagnostics found_;
  std::future<void> running_;
};

// Checks `e`, an element copied into an SDFormat 1.`minor` document from
// elsewhere (urdf2sdf's content of a URDF <gazebo> block), as the child of
// the element at `parent` (names from the root's child: {"model", "link"}),
// with the same rules as a document read, except that every value is
// checked (none is left to the reader). Each error is added to `diags` at
// the copied element's own file and line, its element path starting with
// `parent_path` ("/sdf/model[m]/link[l]"); warnings (unknown elements, kept
// as written) are not reported, but for NUMBER_TRAILING_CHARACTERS (a pose
// number with trailing text, "0n5", which libsdformat reads as 0, and so
// do we). Returns whether there was no error; an element the description
// does not know there is not checked (true).
bool CheckCopiedElement(const frames::Element& e,
                        std::initializer_list<const char*> parent, int minor,
                        const std::string& parent_path,
                        frames::Diagnostics* diags);

}  // namespace sdf_io
