// Fuzz target of number printing and reading, against the standard
// library's as oracles:
// - the input's first 8 bytes as a double: xml::FormatDouble writes
//   std::to_chars' text ("0" for -0), which reads back as the same double
//   (any NaN as a NaN);
// - the input as text: frames::FromChars gives std::from_chars' value (the
//   same bits), end and error; and when xml::ParseNumbers takes the text as
//   one number, that number is the whole text without its blanks, read as
//   std::from_chars reads it.
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "element/leading_number.h"
#include "testing/fuzzing/fuzz_support.h"
#include "xml/reader.h"
#include "xml/writer.h"

namespace {

uint64_t Bits(double d) {
  uint64_t b;
  std::memcpy(&b, &d, sizeof b);
  return b;
}

void CheckFormat(double v) {
  const std::string text = xml::FormatDouble(v);
  char buf[64];
  const std::string expected =
      v == 0 ? "0" : std::string(buf, std::to_chars(buf, buf + sizeof buf, v).ptr);
  fuzzing::Check(text == expected, "FormatDouble differs from std::to_chars",
                 text + " against " + expected);
  double back = 0;
  const auto r = std::from_chars(text.data(), text.data() + text.size(), back);
  fuzzing::Check(r.ec == std::errc() && r.ptr == text.data() + text.size() &&
                     (std::isnan(v) ? std::isnan(back) : back == v),
                 "FormatDouble's text does not read back", text);
}

void CheckRead(std::string_view text) {
  const char* first = text.data();
  const char* last = first + text.size();
  double expected = -42, got = -42;
  const auto e = std::from_chars(first, last, expected);
  const auto g = frames::FromChars(first, last, got);
  fuzzing::Check(g.ec == e.ec && g.ptr == e.ptr && Bits(got) == Bits(expected),
                 "FromChars differs from std::from_chars", std::string(text));

  double one = 0;
  if (xml::ParseNumbers(text, 1, &one)) {
    const auto blank = [](char c) {
      return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' ||
             c == '\v';
    };
    while (first != last && blank(*first)) ++first;
    while (last != first && blank(last[-1])) --last;
    double whole = 0;
    const auto w = std::from_chars(first, last, whole);
    fuzzing::Check(w.ec == std::errc() && w.ptr == last &&
                       Bits(whole) == Bits(one),
                   "ParseNumbers took what is not one number",
                   std::string(text));
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size >= 8) {
    double v;
    std::memcpy(&v, data, sizeof v);
    CheckFormat(v);
  }
  CheckRead(std::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}
