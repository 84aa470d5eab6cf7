#include "element/leading_number.h"

#include <charconv>
#include <system_error>

namespace frames {

LeadingNumber ReadLeadingNumber(std::string_view s) {
  LeadingNumber n;
  if (!s.empty() && s.front() == '+') s.remove_prefix(1);
  const char* begin = s.data();
  const char* end = begin + s.size();
  const auto r = std::from_chars(begin, end, n.value);
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
