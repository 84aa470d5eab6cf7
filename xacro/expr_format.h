// Python's string formatting: `fmt % args` and format(value, spec) (the
// mini-language of str.format). Private to //xacro:expr.
#pragma once

#include <string>
#include <string_view>

#include "xacro/expr.h"
#include "xacro/value.h"

namespace xacro {

// Python's fmt % args. False with *err = "TypeError: ..." / "ValueError: ...".
// Results longer than limits.max_string_length fail with *limit set.
bool PercentFormat(const std::string& fmt, const Value& args, const ExprLimits& limits, std::string* out,
                   std::string* err, bool* limit);
// Python's format(value, spec).
bool FormatSpec(const Value& v, std::string_view spec, const ExprLimits& limits, std::string* out,
                std::string* err, bool* limit);

}  // namespace xacro
