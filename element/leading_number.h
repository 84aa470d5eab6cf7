// The number at the start of a text, as libsdformat 12 and urdfdom read a
// pose's or a value's number with std::stod: one optional '+', then a
// decimal number (std::from_chars' general format: "inf" and "nan"
// included); what follows it is the caller's to judge (an error for a value
// read whole, ignored with a warning where the leading number is read).
// Hexadecimal is refused: for "0x10" std::stod reads 16 where a decimal
// reading gives 0 followed by "x10", a different value, so it is no
// leading number.
//
// One rule for the three places that read such numbers: the XML layer's
// values (xml/reader.cc), the SDF schema check's pose numbers
// (sdf_io/schema_check.cc) and the model's <pose> children of kept elements
// (frames/model.cc). In element/, below xml/ and frames/, the lowest layer
// all three may include.
#pragma once

#include <charconv>
#include <string_view>

namespace frames {

struct LeadingNumber {
  enum class Kind {
    kNumber,       // `value` read from `number`; `rest` follows it
    kNone,         // no number at the start (blank, empty, "+-1", "x")
    kOutOfRange,   // `number` too large or too small for a double
    kHexadecimal,  // "0x10", "-0X1": `number` is its "0" or "-0"
  };
  Kind kind = Kind::kNone;
  double value = 0;         // kNumber: may be infinite or NaN
  std::string_view number;  // the text read as the number (without the '+');
                            // empty for kNone
  std::string_view rest;    // the text after it; empty for kNone
};

// std::from_chars for a double (chars_format::general), the same value and
// end in every case, faster for the plain decimals files are made of: a
// number of at most 19 digits with no exponent ("-0.0523", "131.328") whose
// digits fit in 53 bits is the exact quotient of two doubles, one division
// (correctly rounded, as from_chars is); anything else is std::from_chars's.
std::from_chars_result FromChars(const char* first, const char* last,
                                 double& value);

// Reads the number at the very start of `s` (no blanks are skipped).
LeadingNumber ReadLeadingNumber(std::string_view s);

}  // namespace frames
