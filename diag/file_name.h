// FileName: the name of the file a SourceLocation points into, shared and
// immutable. Every element, link, joint, visual ... of a model and every
// diagnostic carries a SourceLocation; file names are longer than
// std::string's small-string buffer, so a std::string there is one heap
// allocation and one copy per location. A FileName is made once per file
// read (xml::Context holds one) and copied as a reference-counted pointer:
// no allocation, no global table, thread-safe as std::shared_ptr is (copies
// in different threads share nothing but the count).
//
// It reads as a const std::string: it converts to one implicitly and has
// the string members diagnostics code uses (empty, size, compare, substr
// ...), == and < against strings and string literals, + with strings and
// <<, so that code written for a std::string file compiles unchanged.
#pragma once

#include <cstddef>
#include <functional>
#include <iosfwd>
#include <memory>
#include <string>
#include <string_view>
#include <utility>

namespace frames {

class FileName {
 public:
  static constexpr std::size_t npos = std::string::npos;

  FileName() noexcept = default;
  // Each makes a new shared name (one allocation); "" is the null name.
  FileName(std::string name)  // NOLINT: as a std::string
      : p_(name.empty() ? nullptr
                        : std::make_shared<const std::string>(std::move(name))) {}
  FileName(const char* name)  // NOLINT: as a std::string
      : FileName(std::string(name ? name : "")) {}
  explicit FileName(std::string_view name)
      : FileName(std::string(name)) {}

  const std::string& str() const noexcept { return p_ ? *p_ : Empty(); }
  operator const std::string&() const noexcept { return str(); }  // NOLINT

  bool empty() const noexcept { return p_ == nullptr || p_->empty(); }
  std::size_t size() const noexcept { return str().size(); }
  std::size_t length() const noexcept { return str().size(); }
  const char* c_str() const noexcept { return str().c_str(); }
  const char* data() const noexcept { return str().data(); }
  char front() const { return str().front(); }
  char back() const { return str().back(); }
  std::string::const_iterator begin() const noexcept { return str().begin(); }
  std::string::const_iterator end() const noexcept { return str().end(); }
  char operator[](std::size_t i) const { return str()[i]; }
  int compare(const std::string& o) const noexcept { return str().compare(o); }
  int compare(std::size_t pos, std::size_t n, const std::string& o) const {
    return str().compare(pos, n, o);
  }
  std::string substr(std::size_t pos = 0, std::size_t n = npos) const {
    return str().substr(pos, n);
  }
  std::size_t find(const std::string& s, std::size_t pos = 0) const noexcept {
    return str().find(s, pos);
  }
  std::size_t find(char c, std::size_t pos = 0) const noexcept {
    return str().find(c, pos);
  }
  std::size_t rfind(const std::string& s, std::size_t pos = npos) const noexcept {
    return str().rfind(s, pos);
  }
  std::size_t rfind(char c, std::size_t pos = npos) const noexcept {
    return str().rfind(c, pos);
  }
  std::size_t find_last_of(const char* s, std::size_t pos = npos) const {
    return str().find_last_of(s, pos);
  }
  // Two names are the same file name when their text is the same (whether
  // or not they share the string).
  bool SameAs(const FileName& o) const noexcept {
    return p_ == o.p_ || str() == o.str();
  }

 private:
  static const std::string& Empty() noexcept {
    static const std::string empty;
    return empty;
  }

  std::shared_ptr<const std::string> p_;
};

inline bool operator==(const FileName& a, const FileName& b) noexcept {
  return a.SameAs(b);
}
inline bool operator!=(const FileName& a, const FileName& b) noexcept {
  return !a.SameAs(b);
}
inline bool operator<(const FileName& a, const FileName& b) noexcept {
  return a.str() < b.str();
}
inline bool operator==(const FileName& a, const std::string& b) noexcept {
  return a.str() == b;
}
inline bool operator==(const std::string& a, const FileName& b) noexcept {
  return a == b.str();
}
inline bool operator!=(const FileName& a, const std::string& b) noexcept {
  return a.str() != b;
}
inline bool operator!=(const std::string& a, const FileName& b) noexcept {
  return a != b.str();
}
inline bool operator==(const FileName& a, const char* b) noexcept {
  return a.str() == b;
}
inline bool operator==(const char* a, const FileName& b) noexcept {
  return a == b.str();
}
inline bool operator!=(const FileName& a, const char* b) noexcept {
  return a.str() != b;
}
inline bool operator!=(const char* a, const FileName& b) noexcept {
  return a != b.str();
}
inline bool operator<(const FileName& a, const std::string& b) noexcept {
  return a.str() < b;
}
inline bool operator<(const std::string& a, const FileName& b) noexcept {
  return a < b.str();
}

inline std::string operator+(const FileName& a, const std::string& b) {
  return a.str() + b;
}
inline std::string operator+(const std::string& a, const FileName& b) {
  return a + b.str();
}
inline std::string operator+(const FileName& a, const char* b) {
  return a.str() + b;
}
inline std::string operator+(const char* a, const FileName& b) {
  return a + b.str();
}
inline std::string operator+(const FileName& a, char b) {
  return a.str() + b;
}
inline std::string operator+(std::string&& a, const FileName& b) {
  return std::move(a) + b.str();
}

std::ostream& operator<<(std::ostream& os, const FileName& f);

}  // namespace frames

namespace std {
template <>
struct hash<frames::FileName> {
  std::size_t operator()(const frames::FileName& f) const noexcept {
    return std::hash<std::string>()(f.str());
  }
};
}  // namespace std
