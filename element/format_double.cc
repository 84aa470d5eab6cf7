#include "element/format_double.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>

// fmt's Dragonbox (Debian's libfmt-dev), compiled into this file alone: no
// libfmt.so to load at start-up. The full table of powers of ten (10 KB)
// saves recomputing one from a compressed table for every number.
#define FMT_HEADER_ONLY
#define FMT_USE_FULL_CACHE_DRAGONBOX 1
#include <fmt/format.h>

namespace frames {
namespace {

// Powers of ten, all exact doubles (every one up to 1e22 is).
constexpr double kPow10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,
                             1e7,  1e8,  1e9,  1e10, 1e11, 1e12, 1e13,
                             1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20};

constexpr uint64_t kPow10Int[] = {1ULL,
                                  10ULL,
                                  100ULL,
                                  1000ULL,
                                  10000ULL,
                                  100000ULL,
                                  1000000ULL,
                                  10000000ULL,
                                  100000000ULL,
                                  1000000000ULL,
                                  10000000000ULL,
                                  100000000000ULL,
                                  1000000000000ULL,
                                  10000000000000ULL,
                                  100000000000000ULL,
                                  1000000000000000ULL,
                                  10000000000000000ULL,
                                  100000000000000000ULL,
                                  1000000000000000000ULL,
                                  10000000000000000000ULL};

// The decimal digits of m > 0.
int CountDigits(uint64_t m) {
  // (bit width * 1233) >> 12 is floor(log10(2^width)): m has that many
  // digits or one more.
  const int t = ((64 - __builtin_clzll(m)) * 1233) >> 12;
  return t + (m >= kPow10Int[t] ? 1 : 0);
}

// A decimal of at most 15 significant digits, r * 10^-k, that reads back as
// a (positive), found with two multiplications and one division: the
// numbers files are full of ("0.05", "1.5708", "120"). False for any other
// number.
//
// Why it is the shortest text's value: two different decimals of at most 15
// significant digits never read back as the same double (DBL_DIG is 15),
// so the only such decimal that reads back as a is the 15-digit one nearest
// to a, and the shortest text, having no more digits, is that decimal too
// (r may end in zeros, which the caller drops).
bool ShortDecimal(double a, uint64_t* r_out, int* k_out) {
  if (!(a >= 1e-5 && a < 1e15)) return false;  // NaN and infinity too
  // a is r * 10^-k: an integer as it is, otherwise the 15-digit decimal
  // nearest to it, if that reads back as a.
  int64_t r = static_cast<int64_t>(a);
  int k = 0;
  if (static_cast<double>(r) != a) {
    // a in [2^e2, 2^(e2 + 1)); (e2 * 78913) >> 18 is floor(e2 * log10(2)),
    // the decimal exponent of a or one less: a * 10^k has 15 or 16 digits.
    uint64_t bits;
    std::memcpy(&bits, &a, sizeof bits);
    const int e2 = static_cast<int>(bits >> 52) - 1023;
    k = 14 - ((e2 * 78913) >> 18);
    double scaled = a * kPow10[k];
    if (scaled >= 1e15) scaled = a * kPow10[--k];
    r = static_cast<int64_t>(scaled + 0.5);
    // Both operands are exact, so the division rounds as reading the
    // decimal r * 10^-k does.
    if (r >= 1000000000000000 || static_cast<double>(r) / kPow10[k] != a)
      return false;
  }
  *r_out = static_cast<uint64_t>(r);
  *k_out = k;
  return true;
}

// The 8 decimal digits of x < 10^8 as byte values 0..9, the first digit in
// the lowest byte (the first in memory): x split into two 4-digit halves in
// 32-bit lanes, each into 2-digit quarters in 16-bit lanes, each into
// digits in bytes. Every quotient is a multiplication and a shift, exact in
// its range: (v * 10486) >> 20 is v / 100 for v < 10^4 (the product stays
// below 2^32, inside its lane), (v * 103) >> 10 is v / 10 for v < 100.
// Inlined: called twice per number.
[[gnu::always_inline]] inline uint64_t EightDigits(uint32_t x) {
  const uint64_t halves = (x / 10000) | (static_cast<uint64_t>(x % 10000) << 32);
  const uint64_t high2 = ((halves * 10486) >> 20) & 0x0000007F0000007FULL;
  const uint64_t quarters = high2 | ((halves - high2 * 100) << 16);
  const uint64_t tens = ((quarters * 103) >> 10) & 0x000F000F000F000FULL;
  return tens | ((quarters - tens * 10) << 8);
}

constexpr uint64_t kZeroChars = 0x3030303030303030ULL;  // "00000000"

}  // namespace

const char* ShortestDigits(double a, char* buf, int* count, int* exponent) {
  uint64_t m;
  int e;
  int k;
  if (ShortDecimal(a, &m, &k)) {
    e = -k;
  } else {
    const auto shortest = fmt::detail::dragonbox::to_decimal(a);
    m = shortest.significand;
    e = shortest.exponent;
  }
  // buf: m's 17 digits (zeros in front), then zeros, so that any block
  // copied from its significant digits has zeros after them.
  // A short decimal's r often ends in 8 zeros or more ("0.0523" is
  // 523000000000000 * 10^-16): those blocks of zeros are skipped.
  const uint64_t high = m / 100000000;  // < 10^9
  const uint32_t middle8 = static_cast<uint32_t>(high % 100000000);
  const uint32_t low8 = static_cast<uint32_t>(m % 100000000);
  const uint64_t middle = middle8 ? EightDigits(middle8) : 0;
  const uint64_t low = low8 ? EightDigits(low8) : 0;
  buf[0] = static_cast<char>('0' + high / 100000000);
  const uint64_t middle_chars = middle + kZeroChars;
  const uint64_t low_chars = low + kZeroChars;
  std::memcpy(buf + 1, &middle_chars, 8);
  std::memcpy(buf + 9, &low_chars, 8);
  std::memset(buf + 17, '0', kShortestDigitsRoom - 17);
  // Trailing zeros (ShortDecimal's r may have them; Dragonbox's digits do
  // not): zero bytes at the high end of `low`, then of `middle`.
  const int trailing = low      ? __builtin_clzll(low) >> 3
                       : middle ? 8 + (__builtin_clzll(middle) >> 3)
                                : 16;
  const int n = CountDigits(m) - trailing;  // significant digits
  *count = n;
  *exponent = e + trailing;
  return buf + 17 - n - trailing;
}

// The shortest digits (ShortestDigits), laid out as std::to_chars does
// (libstdc++'s __floating_to_chars_shortest).
char* FormatDoubleTo(char* first, double v) {
  if (v == 0.0) {  // also turns -0 into 0
    *first = '0';
    return first + 1;
  }
  const double a = std::fabs(v);
  if (!std::isfinite(a)) {  // "inf", "-nan", ...: std::to_chars' own words
    return std::to_chars(first, first + kFormatDoubleRoom, v).ptr;
  }
  char digits[kShortestDigitsRoom];
  int n;
  int e;
  const char* s = ShortestDigits(a, digits, &n, &e);  // v is s[0..n) * 10^e

  char* p = first;
  if (v < 0) *p++ = '-';
  // Fixed notation unless scientific ("d.ddde-05", "de+20") is shorter;
  // fixed on a tie. In scientific, a single digit has no '.'.
  const bool fixed = n == 1 ? (e >= -3 && e <= 4) : (e >= -(n + 3) && e <= 5);
  if (!fixed) {
    p[0] = s[0];
    if (n > 1) {
      p[1] = '.';
      std::memcpy(p + 2, s + 1, 16);
      p += n + 1;
    } else {
      p += 1;
    }
    int x = e + n - 1;  // the exponent of the first digit
    p[0] = 'e';
    p[1] = x < 0 ? '-' : '+';
    p += 2;
    if (x < 0) x = -x;
    if (x >= 100) {
      *p++ = static_cast<char>('0' + x / 100);
      x %= 100;
    }
    p[0] = static_cast<char>('0' + x / 10);
    p[1] = static_cast<char>('0' + x % 10);
    return p + 2;
  }
  if (e >= 0) {  // a whole number: its digits, then e zeros
    // From 2^53 on, std::to_chars writes the double's exact value, whose
    // digits past the shortest ones need not be zeros
    // (1.2345678901234568e20 is 123456789012345683968).
    if (a >= 9007199254740992.0) {
      return std::to_chars(first, first + kFormatDoubleRoom, v).ptr;
    }
    std::memcpy(p, s, 24);
    return p + n + e;
  }
  if (n <= -e) {  // 0.000ddd (at most three zeros after the point)
    std::memcpy(p, "0.000000", 8);
    std::memcpy(p + 2 - e - n, s, 24);
    return p + 2 - e;
  }
  // dd.ddd: the whole part, the point, then the -e digits after it.
  const int whole = n + e;
  std::memcpy(p, s, 16);
  p[whole] = '.';
  std::memcpy(p + whole + 1, s + whole, 16);
  return p + n + 1;
}

}  // namespace frames
