#include "element/leading_number.h"

#include <charconv>
#include <cstdint>
#include <system_error>

namespace frames {

std::from_chars_result FromChars(const char* first, const char* last,
                                 double& value) {
  // 10^k for the fraction's k digits; each exact.
  static constexpr double kPow10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,
                                      1e7,  1e8,  1e9,  1e10, 1e11, 1e12, 1e13,
                                      1e14, 1e15, 1e16, 1e17, 1e18, 1e19};
  const char* p = first;
  const bool negative = p < last && *p == '-';
  if (negative) ++p;
  const auto digit = [&](const char* q) {
    return q < last && static_cast<unsigned char>(*q - '0') < 10;
  };
  // Digits past 19 may wrap m around; such a number is not taken here.
  uint64_t m = 0;
  const char* start = p;
  while (digit(p)) m = m * 10 + static_cast<uint64_t>(*p++ - '0');
  const long whole = p - start;
  long fraction = 0;
  if (whole > 0 && p < last && *p == '.' && digit(p + 1)) {
    const char* f = ++p;
    while (digit(p)) m = m * 10 + static_cast<uint64_t>(*p++ - '0');
    fraction = p - f;
  }
  // An exponent, a "1." (whose '.' from_chars takes), a ".5", "inf", "nan",
  // too many digits: std::from_chars.
  if (whole == 0 || whole + fraction > 19 || m > (uint64_t{1} << 53) ||
      (p < last && (*p == 'e' || *p == 'E' || *p == '.'))) {
    return std::from_chars(first, last, value);
  }
  const double d = static_cast<double>(m) / kPow10[fraction];
  value = negative ? -d : d;
  return {p, std::errc()};
}

LeadingNumber ReadLeadingNumber(std::string_view s) {
  LeadingNumber n;
  if (!s.empty() && s.front() == '+') {
    // One '+' and then the number's own sign is no number for std::stod
    // ("+-1"), nor for urdfdom, which refuses such an origin.
    if (s.size() > 1 && s[1] == '-') return n;
    s.remove_prefix(1);
  }
  const char* begin = s.data();
  const char* end = begin + s.size();
  const auto r = FromChars(begin, end, n.value);
  if (r.ec != std::errc() && r.ec != std::errc::result_out_of_range) {
    n.value = 0;
    return n;
  }
  n.number = std::string_view(begin, r.ptr - begin);
  n.rest = std::string_view(r.ptr, end - r.ptr);
  if (r.ec == std::errc::result_out_of_range) {
    n.kind = LeadingNumber::Kind::kOutOfRange;
    n.value = 0;
    return n;
  }
  // std::stod reads a hexadecimal number where its "0" (or "-0") is
  // followed by an 'x'; "1e-0x5" is 1 followed by "x5", as for std::stod.
  const bool hex = !n.rest.empty() && (n.rest[0] == 'x' || n.rest[0] == 'X') &&
                   (n.number == "0" || n.number == "-0");
  n.kind = hex ? LeadingNumber::Kind::kHexadecimal
               : LeadingNumber::Kind::kNumber;
  return n;
}

}  // namespace frames
