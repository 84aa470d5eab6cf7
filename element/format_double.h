// Numbers as text, one way for every writer: the shortest decimal digits
// of a double (what std::to_chars and Python's repr() find: the fewest
// that read back as it, of those the nearest), and the text the XML
// writers print, what std::to_chars(v) writes (fixed notation unless
// scientific is shorter) except that -0 is written "0". In element/, the
// lowest layer, so that xml/ (the writers) and xacro/ (Python's float
// repr()) lay out the same digits.
#pragma once

#include <cstddef>

namespace frames {

// The room ShortestDigits needs at `buf`.
inline constexpr size_t kShortestDigitsRoom = 48;

// The shortest digits of `a` (finite, > 0), written into `buf`
// (kShortestDigitsRoom bytes): returns where they start in it; *count
// digits follow, then '0's to the end of `buf`; a is digits * 10^*exponent.
const char* ShortestDigits(double a, char* buf, int* count, int* exponent);

// The text is at most 24 characters ("-2.2250738585072014e-308"), but
// FormatDoubleTo copies its digits in fixed-size blocks, writing past the
// text's end: it needs this many bytes at `first`.
inline constexpr size_t kFormatDoubleRoom = 40;

// Writes the text of `v` at `first` (kFormatDoubleRoom bytes of room);
// returns the text's end.
char* FormatDoubleTo(char* first, double v);

}  // namespace frames
