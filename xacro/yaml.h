// xacro's load_yaml: YAML read as PyYAML's safe_load reads it (YAML 1.1
// scalars: yes/no/on/off bools, 0o-less octal 010, 1_000, 1:30 sexagesimal,
// `1e-05` without a dot stays a str), with xacro's `!degrees`/`!radians`
// tags, dicts in document order and made dotted (d.key) as xacro wraps them.
// Merge keys (<<) as PyYAML merges them. Differences: ints beyond int64 are
// an error; timestamps (2001-12-14) stay str (PyYAML makes dates, which print
// the same alone but not inside a container); nesting deeper than
// ExprLimits::max_nesting and more than max_container_size values (aliases
// counted at each use) are XACRO_LIMIT_EXCEEDED; !!binary, !!set, !!omap,
// !!timestamp and unknown tags are XACRO_YAML_INVALID.
#pragma once

#include <string>
#include <string_view>

#include "xacro/expr.h"
#include "xacro/value.h"

namespace xacro {

// Which reader parses the document: kAuto, a reader of the block-mapping
// subset robot packages write (see yaml.cc) and yaml-cpp for anything else;
// kYamlCpp and kSubset (XACRO_YAML_INVALID when outside it) for tests that
// compare the two.
enum class YamlReader { kAuto, kYamlCpp, kSubset };

// Parses `text` (read from `path`, for messages). `host` serves the
// expressions of !degrees/!radians tags, which see xacro's global symbols
// only (math names ...), never properties. XACRO_YAML_INVALID with the
// file and line on a YAML error.
bool LoadYaml(std::string_view text, const std::string& path, ExprHost& host, const ExprLimits& limits,
              Value* out, EvalError* err, YamlReader reader = YamlReader::kAuto);

}  // namespace xacro
