// An <include>'s element alterations (SDFormat 1.9 <experimental:params>,
// libsdformat 12's "parameter passing"), applied to the included model as
// libsdformat 12 applies them, on the included file's elements before they
// are read into the model. Private to the SDF reader (sdf_io/include.cc).
//
// Each child of <experimental:params> names the element it alters by its
// element_id, the `::`-scoped name of the element below the included model
// ("link1::visual1"; "" for the model itself when adding), and says what to
// do with its action:
//   add      the element (which must have a non-empty name, and not exist
//            yet but for a <plugin>) is appended to the element named by
//            element_id (the model for "");
//   modify   the attributes and values the alteration gives are set on
//            the element, recursively through its children (a child named
//            by its name attribute or, without one, the first of its
//            kind); an empty leaf sets its description's default;
//   remove   the element is removed or, when the alteration has children,
//            those of its children;
//   replace  the element becomes the alteration (element_id and action
//            removed);
//   (none)   each child of the alteration has its own action, applied to
//            the element's children (add, modify, remove, replace).
// What libsdformat refuses is an error, and the alteration is not applied:
//   ATTRIBUTE_MISSING              no element_id; an add without a name; a
//                                  child without an action; a replacement
//                                  without the name the replaced one had
//   INCLUDE_ALTERATION_INVALID     an action that is none of the four, an
//                                  element_id ending in "::", an empty name
//                                  to add, an element or attribute the
//                                  SDFormat description does not have there
//   INCLUDE_ALTERATION_NOT_FOUND   element_id (or a child) names no element
//                                  of that kind in the included model
//   DUPLICATE_NAME                 an add of an element that exists
#pragma once

#include <string>

#include "diag/diagnostics.h"
#include "element/element.h"

namespace sdf_io::internal {

// Applies the alterations of `params` (an <experimental:params>, read from
// the including file) to `model`, the included file's <model>, described
// by SDFormat 1.`minor` (the version the included file is read as). Each
// error is reported at the alteration's file and line, with its element
// path below `params_path` (the <experimental:params> element's). Returns
// whether there was none.
bool ApplyAlterations(const frames::Element& params, int minor,
                      const std::string& params_path, frames::Element* model,
                      frames::Diagnostics* diags);

}  // namespace sdf_io::internal
