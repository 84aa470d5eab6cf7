// The text every number is written as: what std::to_chars(v) writes (the
// shortest text that reads back as v; fixed notation unless scientific is
// shorter), except that -0 is written "0". Private to xml/ (writer.cc).
#pragma once

#include <cstddef>

namespace xml {

// The text is at most 24 characters ("-2.2250738585072014e-308"), but
// FormatDoubleTo copies its digits in fixed-size blocks, writing past the
// text's end: it needs this many bytes at `first`.
inline constexpr size_t kFormatDoubleRoom = 40;

// Writes the text of `v` at `first` (kFormatDoubleRoom bytes of room);
// returns the text's end.
char* FormatDoubleTo(char* first, double v);

}  // namespace xml
