#include "xacro/expr_format.h"

#include <cmath>
#include <cstdlib>
#include <cstdio>
#include <cstring>

#include "xacro/expr_utf8.h"

namespace xacro {

namespace {

size_t CodePoints(std::string_view s) {
  if (utf8::IsAscii(s)) return s.size();
  return utf8::Offsets(s).size() - 1;
}

// Pads `body` to `width` code points.
bool Pad(std::string body, size_t width, char align, const std::string& fill, const ExprLimits& limits,
         std::string* out, bool* limit) {
  if (width > limits.max_string_length) {
    *limit = true;
    return false;
  }
  size_t n = CodePoints(body);
  if (n >= width) {
    *out = std::move(body);
    return true;
  }
  size_t pad = width - n;
  size_t left = align == '<' ? 0 : align == '^' ? pad / 2 : pad;
  size_t right = pad - left;
  std::string r;
  for (size_t i = 0; i < left; ++i) r += fill;
  if (align == '=') {
    // Padding after the sign (and 0x prefix): body[0] is the sign if any.
    size_t sign_len = 0;
    if (!body.empty() && (body[0] == '-' || body[0] == '+' || body[0] == ' ')) sign_len = 1;
    if (body.size() >= sign_len + 2 && body[sign_len] == '0' && std::strchr("xXoObB", body[sign_len + 1])) sign_len += 2;
    r = body.substr(0, sign_len) + r + body.substr(sign_len);
  } else {
    r += body;
  }
  for (size_t i = 0; i < right; ++i) r += fill;
  *out = std::move(r);
  return true;
}

std::string Group(const std::string& digits, char sep, int every) {
  std::string out;
  int n = static_cast<int>(digits.size());
  for (int i = 0; i < n; ++i) {
    if (i > 0 && (n - i) % every == 0) out.push_back(sep);
    out.push_back(digits[i]);
  }
  return out;
}

std::string IntDigits(int64_t v, int base, bool upper) {
  uint64_t u = v < 0 ? static_cast<uint64_t>(-(v + 1)) + 1 : static_cast<uint64_t>(v);
  if (u == 0) return "0";
  std::string s;
  const char* d = upper ? "0123456789ABCDEF" : "0123456789abcdef";
  while (u) {
    s.push_back(d[u % base]);
    u /= base;
  }
  return std::string(s.rbegin(), s.rend());
}

// C's %e/%f/%g of a finite or non-finite double, as Python prints them
// (Python: "inf"/"nan" lowercase for e f g, uppercase for E F G).
std::string CFloat(double d, char type, int precision, bool alt) {
  if (std::isnan(d) || std::isinf(d)) {
    std::string s = std::isnan(d) ? "nan" : "inf";
    if (std::isupper(static_cast<unsigned char>(type))) {
      for (char& c : s) c = static_cast<char>(std::toupper(c));
    }
    if (std::isinf(d) && d < 0) s = "-" + s;
    return s;
  }
  char fmt[16];
  std::snprintf(fmt, sizeof fmt, "%%%s.%d%c", alt ? "#" : "", precision, type);
  int n = std::snprintf(nullptr, 0, fmt, d);
  std::string s(static_cast<size_t>(n), '\0');
  std::snprintf(&s[0], s.size() + 1, fmt, d);
  return s;
}

bool ToInt(const Value& v, int64_t* out) {
  if (v.kind() == Value::Kind::kInt || v.kind() == Value::Kind::kBool) {
    *out = v.int_value();
    return true;
  }
  return false;
}

}  // namespace

bool PercentFormat(const std::string& fmt, const Value& args, const ExprLimits& limits, std::string* out,
                   std::string* err, bool* limit) {
  std::vector<Value> positional;
  const DictItems* mapping = nullptr;
  if (args.kind() == Value::Kind::kTuple) {
    positional = args.items();
  } else {
    positional.push_back(args);
    if (args.kind() == Value::Kind::kDict) mapping = &args.dict();
  }
  size_t next = 0;
  bool used_mapping = false;
  std::string r;
  size_t i = 0;
  auto next_arg = [&](Value* v) {
    if (next >= positional.size()) {
      *err = "TypeError: not enough arguments for format string";
      return false;
    }
    *v = positional[next++];
    return true;
  };
  while (i < fmt.size()) {
    char c = fmt[i];
    if (c != '%') {
      r.push_back(c);
      ++i;
      continue;
    }
    ++i;
    if (i >= fmt.size()) {
      *err = "ValueError: incomplete format";
      return false;
    }
    Value arg;
    bool have_arg = false;
    if (fmt[i] == '(') {
      if (!mapping) {
        *err = "TypeError: format requires a mapping";
        return false;
      }
      size_t close = fmt.find(')', i);
      if (close == std::string::npos) {
        *err = "ValueError: incomplete format key";
        return false;
      }
      const Value* v = mapping->Find(Value::Str(fmt.substr(i + 1, close - i - 1)));
      if (!v) {
        *err = "KeyError: " + StrRepr(fmt.substr(i + 1, close - i - 1));
        return false;
      }
      arg = *v;
      have_arg = true;
      used_mapping = true;
      i = close + 1;
    }
    bool left = false, plus = false, space = false, alt = false, zero = false;
    for (; i < fmt.size() && std::strchr("-+ #0", fmt[i]); ++i) {
      switch (fmt[i]) {
        case '-': left = true; break;
        case '+': plus = true; break;
        case ' ': space = true; break;
        case '#': alt = true; break;
        case '0': zero = true; break;
      }
    }
    auto read_num = [&](int64_t* n) {
      if (i < fmt.size() && fmt[i] == '*') {
        ++i;
        Value w;
        if (!next_arg(&w)) return false;
        if (!ToInt(w, n)) {
          *err = "TypeError: * wants int";
          return false;
        }
        if (*n > static_cast<int64_t>(limits.max_string_length) || *n < -static_cast<int64_t>(limits.max_string_length)) {
          *limit = true;
          return false;
        }
        return true;
      }
      *n = -1;
      while (i < fmt.size() && std::isdigit(static_cast<unsigned char>(fmt[i]))) {
        *n = (*n < 0 ? 0 : *n) * 10 + (fmt[i] - '0');
        if (*n > static_cast<int64_t>(limits.max_string_length)) {
          *limit = true;
          return false;
        }
        ++i;
      }
      return true;
    };
    int64_t width = -1, prec = -1;
    if (!read_num(&width)) return false;
    if (width < -1) {
      left = true;
      width = -width;
    }
    if (i < fmt.size() && fmt[i] == '.') {
      ++i;
      if (!read_num(&prec)) return false;
      if (prec < 0) prec = 0;
    }
    while (i < fmt.size() && std::strchr("hlL", fmt[i])) ++i;
    if (i >= fmt.size()) {
      *err = "ValueError: incomplete format";
      return false;
    }
    char type = fmt[i++];
    if (type == '%') {
      r.push_back('%');
      continue;
    }
    if (!have_arg && !next_arg(&arg)) return false;
    std::string body;
    std::string sign;
    bool numeric = false;
    switch (type) {
      case 's': body = Str(arg); break;
      case 'r':
      case 'a': body = Repr(arg); break;
      case 'c': {
        int64_t cp;
        if (ToInt(arg, &cp)) {
          if (cp < 0 || cp > 0x10FFFF) {
            *err = "OverflowError: %c arg not in range(0x110000)";
            return false;
          }
          utf8::Append(&body, static_cast<uint32_t>(cp));
        } else if (arg.kind() == Value::Kind::kStr && CodePoints(arg.str()) == 1) {
          body = arg.str();
        } else {
          *err = "TypeError: %c requires int or char";
          return false;
        }
        break;
      }
      case 'd':
      case 'i':
      case 'u':
      case 'x':
      case 'X':
      case 'o': {
        int64_t v;
        if (!ToInt(arg, &v)) {
          if (arg.kind() == Value::Kind::kFloat && (type == 'd' || type == 'i' || type == 'u')) {
            double d = arg.float_value();
            if (std::isnan(d)) {
              *err = "ValueError: cannot convert float NaN to integer";
              return false;
            }
            if (!(std::fabs(d) < 9.2e18)) {
              *err = "OverflowError: cannot convert float infinity to integer";
              return false;
            }
            v = static_cast<int64_t>(d);
          } else {
            *err = std::string("TypeError: %") + type +
                   (type == 'x' || type == 'X' || type == 'o' ? " format: an integer is required, not "
                                                               : " format: a real number is required, not ") +
                   arg.TypeName();
            return false;
          }
        }
        numeric = true;
        int base = type == 'x' || type == 'X' ? 16 : type == 'o' ? 8 : 10;
        body = IntDigits(v, base, type == 'X');
        if (prec >= 0 && static_cast<int64_t>(body.size()) < prec) body = std::string(prec - body.size(), '0') + body;
        if (alt && base == 16) body = (type == 'X' ? "0X" : "0x") + body;
        if (alt && base == 8) body = "0o" + body;
        sign = v < 0 ? "-" : plus ? "+" : space ? " " : "";
        break;
      }
      case 'e':
      case 'E':
      case 'f':
      case 'F':
      case 'g':
      case 'G': {
        double d;
        if (arg.is_number()) {
          d = arg.AsDouble();
        } else {
          *err = std::string("TypeError: must be real number, not ") + arg.TypeName();
          return false;
        }
        numeric = true;
        std::string s = CFloat(std::fabs(d), type, prec < 0 ? 6 : static_cast<int>(prec), alt);
        if (std::isnan(d)) s = CFloat(d, type, 6, false);
        body = s;
        sign = std::signbit(d) && !std::isnan(d) ? "-" : plus ? "+" : space ? " " : "";
        break;
      }
      default: {
        char buf[64];
        std::snprintf(buf, sizeof buf, "ValueError: unsupported format character '%c' (0x%x) at index %zu", type,
                      static_cast<unsigned char>(type), i - 1);
        *err = buf;
        return false;
      }
    }
    if (!numeric && prec >= 0) {
      // Truncate to prec code points.
      std::vector<size_t> off = utf8::Offsets(body);
      if (static_cast<size_t>(prec) + 1 < off.size()) body.resize(off[prec]);
    }
    std::string full = sign + body;
    if (width > 0 && static_cast<size_t>(width) > CodePoints(full)) {
      size_t pad = static_cast<size_t>(width) - CodePoints(full);
      if (left) {
        full += std::string(pad, ' ');
      } else if (zero && numeric && !(type != 'd' && type != 'i' && type != 'u' && type != 'x' && type != 'X' && type != 'o' && !std::isfinite(arg.AsDouble()))) {
        size_t prefix = sign.size();
        if (alt && (type == 'x' || type == 'X' || type == 'o')) prefix += 2;
        full = full.substr(0, prefix) + std::string(pad, '0') + full.substr(prefix);
      } else {
        full = std::string(pad, ' ') + full;
      }
    }
    r += full;
    if (r.size() > limits.max_string_length) {
      *limit = true;
      return false;
    }
  }
  // Python skips this check when the argument is a mapping or any other
  // non-tuple, non-str object with __getitem__ ('abc' % [] is 'abc').
  bool getitem = args.kind() == Value::Kind::kList || args.kind() == Value::Kind::kDict ||
                 args.kind() == Value::Kind::kRange;
  if (!used_mapping && next < positional.size() && !getitem) {
    *err = "TypeError: not all arguments converted during string formatting";
    return false;
  }
  *out = std::move(r);
  return true;
}

bool FormatSpec(const Value& v, std::string_view spec, const ExprLimits& limits, std::string* out, std::string* err,
                bool* limit) {
  // [[fill]align][sign][z][#][0][width][grouping][.precision][type]
  size_t i = 0;
  std::string fill = " ";
  char align = 0;
  auto is_align = [](char c) { return c == '<' || c == '>' || c == '^' || c == '='; };
  if (!spec.empty()) {
    size_t first_len = 1;
    if (static_cast<unsigned char>(spec[0]) >= 0x80) {
      size_t k = 0;
      utf8::Decode(spec, &k);
      first_len = k;
    }
    if (spec.size() > first_len && is_align(spec[first_len])) {
      fill = std::string(spec.substr(0, first_len));
      align = spec[first_len];
      i = first_len + 1;
    } else if (is_align(spec[0])) {
      align = spec[0];
      i = 1;
    }
  }
  char sign = '-';
  if (i < spec.size() && (spec[i] == '+' || spec[i] == '-' || spec[i] == ' ')) sign = spec[i++];
  if (i < spec.size() && spec[i] == 'z') ++i;
  bool alt = false;
  if (i < spec.size() && spec[i] == '#') {
    alt = true;
    ++i;
  }
  if (i < spec.size() && spec[i] == '0') {
    if (!align) {
      fill = "0";
      align = '=';
    }
    ++i;
  }
  size_t width = 0;
  while (i < spec.size() && std::isdigit(static_cast<unsigned char>(spec[i]))) {
    width = width * 10 + static_cast<size_t>(spec[i++] - '0');
    if (width > limits.max_string_length) {
      *limit = true;
      return false;
    }
  }
  char grouping = 0;
  if (i < spec.size() && (spec[i] == ',' || spec[i] == '_')) grouping = spec[i++];
  int precision = -1;
  if (i < spec.size() && spec[i] == '.') {
    ++i;
    if (i >= spec.size() || !std::isdigit(static_cast<unsigned char>(spec[i]))) {
      *err = "ValueError: Format specifier missing precision";
      return false;
    }
    precision = 0;
    while (i < spec.size() && std::isdigit(static_cast<unsigned char>(spec[i]))) {
      precision = precision * 10 + (spec[i++] - '0');
      if (precision > 10000) {
        *limit = true;
        return false;
      }
    }
  }
  char type = 0;
  if (i < spec.size()) type = spec[i++];
  if (i != spec.size()) {
    *err = "ValueError: Invalid format specifier '" + std::string(spec) + "' for object of type '" + v.TypeName() + "'";
    return false;
  }
  auto bad = [&]() {
    *err = std::string("ValueError: Unknown format code '") + type + "' for object of type '" + v.TypeName() + "'";
    return false;
  };
  std::string body;
  if (v.kind() == Value::Kind::kStr || (!v.is_number())) {
    if (v.kind() != Value::Kind::kStr && !spec.empty()) {
      *err = "TypeError: unsupported format string passed to " + v.TypeName() + ".__format__";
      return false;
    }
    if (type && type != 's') return bad();
    if (sign != '-' || alt || grouping || align == '=') {
      *err = "ValueError: invalid format specifier for a str";
      return false;
    }
    body = Str(v);
    if (precision >= 0) {
      std::vector<size_t> off = utf8::Offsets(body);
      if (static_cast<size_t>(precision) + 1 < off.size()) body.resize(off[precision]);
    }
    return Pad(body, width, align ? align : '<', fill, limits, out, limit);
  }
  bool is_int = v.kind() != Value::Kind::kFloat;
  if (v.kind() == Value::Kind::kBool && spec.empty()) {
    *out = Str(v);
    return true;
  }
  std::string sign_str;
  if (is_int && (type == 0 || type == 'd' || type == 'n' || type == 'b' || type == 'o' || type == 'x' || type == 'X' || type == 'c')) {
    if (precision >= 0) {
      *err = "ValueError: Precision not allowed in integer format specifier";
      return false;
    }
    int64_t n = v.int_value();
    if (type == 'c') {
      if (n < 0 || n > 0x10FFFF) {
        *err = "OverflowError: %c arg not in range(0x110000)";
        return false;
      }
      utf8::Append(&body, static_cast<uint32_t>(n));
      return Pad(body, width, align ? align : '<', fill, limits, out, limit);
    }
    int base = type == 'b' ? 2 : type == 'o' ? 8 : (type == 'x' || type == 'X') ? 16 : 10;
    body = IntDigits(n, base, type == 'X');
    if (grouping) body = Group(body, grouping, base == 10 ? 3 : 4);
    if (alt && base != 10) body = std::string("0") + (type == 'b' ? "b" : type == 'o' ? "o" : type == 'X' ? "X" : "x") + body;
    sign_str = n < 0 ? "-" : sign == '+' ? "+" : sign == ' ' ? " " : "";
  } else {
    if (type && !std::strchr("eEfFgGn%", type)) return bad();
    double d = v.AsDouble();
    bool neg = std::signbit(d) && !std::isnan(d);
    double a = std::fabs(d);
    if (type == '%') {
      body = CFloat(a * 100, 'f', precision < 0 ? 6 : precision, alt) + "%";
    } else if (type == 0) {
      if (precision < 0) {
        body = is_int ? std::to_string(v.int_value() < 0 ? -(v.int_value() + 1) + 1 : v.int_value()) : FloatRepr(a);
        if (is_int && v.int_value() < 0) body = IntDigits(v.int_value(), 10, false);
      } else {
        // Python: like 'g', but switching to the exponent one digit
        // earlier, and with at least one digit after the point.
        int p = precision == 0 ? 1 : precision;
        if (!std::isfinite(a)) {
          body = CFloat(a, 'g', p, alt);
        } else {
          std::string e = CFloat(a, 'e', p - 1, alt);
          int exp = std::atoi(e.c_str() + e.find('e') + 1);
          if (exp < -4 || exp >= p - 1) {
            if (!alt) {
              size_t epos = e.find('e');
              std::string mant = e.substr(0, epos);
              if (mant.find('.') != std::string::npos) {
                while (mant.back() == '0') mant.pop_back();
                if (mant.back() == '.') mant.pop_back();
              }
              e = mant + e.substr(epos);
            }
            body = e;
          } else {
            body = CFloat(a, 'g', p, alt);
            if (body.find('.') == std::string::npos) body += ".0";
          }
        }
      }
    } else {
      char t = type == 'n' ? 'g' : type;
      body = CFloat(a, t, precision < 0 ? 6 : precision, alt);
    }
    if (grouping) {
      size_t end = body.find_first_not_of("0123456789");
      if (end == std::string::npos) end = body.size();
      body = Group(body.substr(0, end), grouping, 3) + body.substr(end);
    }
    sign_str = neg ? "-" : sign == '+' ? "+" : sign == ' ' ? " " : "";
  }
  return Pad(sign_str + body, width, align ? align : '>', fill, limits, out, limit);
}

}  // namespace xacro
