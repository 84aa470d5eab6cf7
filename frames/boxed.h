// Boxed<T>: an optional T kept on the heap, with std::optional's interface
// (has_value, operator bool, *, ->, value, value_or, emplace, reset, = T,
// = std::nullopt, comparisons). The model (frames/model.h) uses it for the
// parts of a link or joint that are large and usually absent (a visual's
// material, a joint's second axis, mimic, safety controller, calibration,
// a pose's quaternion ...): absent, each costs one pointer instead of the
// whole part, so a model of 100,000 links is tens of megabytes smaller and
// touches that many fewer pages. Present, it costs one allocation.
//
// A value, as std::optional is: a copy copies the T (deep), a move moves the
// pointer and leaves the source empty (std::optional leaves a moved-from
// value in it; nothing in the model reads a moved-from part).
#pragma once

#include <memory>
#include <optional>
#include <type_traits>
#include <utility>

namespace frames {

template <typename T>
class Boxed {
 public:
  using value_type = T;

  Boxed() noexcept = default;
  Boxed(std::nullopt_t) noexcept {}  // NOLINT: as std::optional
  Boxed(const T& v) : p_(new T(v)) {}  // NOLINT: as std::optional
  Boxed(T&& v) : p_(new T(std::move(v))) {}  // NOLINT: as std::optional
  Boxed(const std::optional<T>& o)  // NOLINT: as std::optional
      : p_(o ? new T(*o) : nullptr) {}
  Boxed(std::optional<T>&& o)  // NOLINT: as std::optional
      : p_(o ? new T(std::move(*o)) : nullptr) {}
  Boxed(const Boxed& o) : p_(o.p_ ? new T(*o.p_) : nullptr) {}
  Boxed(Boxed&& o) noexcept = default;

  Boxed& operator=(const Boxed& o) {
    if (this == &o) return *this;
    if (!o.p_) {
      p_.reset();
    } else if (p_) {
      *p_ = *o.p_;
    } else {
      p_.reset(new T(*o.p_));
    }
    return *this;
  }
  Boxed& operator=(Boxed&& o) noexcept = default;
  Boxed& operator=(std::nullopt_t) noexcept {
    p_.reset();
    return *this;
  }
  // = value, as std::optional's: assigns into the T held, or makes one.
  template <typename U = T,
            typename = std::enable_if_t<
                !std::is_same_v<std::decay_t<U>, Boxed> &&
                !std::is_same_v<std::decay_t<U>, std::optional<T>> &&
                !std::is_same_v<std::decay_t<U>, std::nullopt_t> &&
                std::is_constructible_v<T, U> && std::is_assignable_v<T&, U>>>
  Boxed& operator=(U&& v) {
    if (p_) {
      *p_ = std::forward<U>(v);
    } else {
      p_.reset(new T(std::forward<U>(v)));
    }
    return *this;
  }
  Boxed& operator=(const std::optional<T>& o) {
    if (!o) {
      p_.reset();
    } else {
      *this = *o;
    }
    return *this;
  }
  Boxed& operator=(std::optional<T>&& o) {
    if (!o) {
      p_.reset();
    } else {
      *this = std::move(*o);
    }
    return *this;
  }

  template <typename... Args>
  T& emplace(Args&&... args) {
    p_.reset();  // as std::optional: the old value goes first
    p_.reset(new T(std::forward<Args>(args)...));
    return *p_;
  }
  void reset() noexcept { p_.reset(); }
  void swap(Boxed& o) noexcept { p_.swap(o.p_); }

  bool has_value() const noexcept { return p_ != nullptr; }
  explicit operator bool() const noexcept { return p_ != nullptr; }

  T& operator*() & { return *p_; }
  const T& operator*() const& { return *p_; }
  T&& operator*() && { return std::move(*p_); }
  T* operator->() { return p_.get(); }
  const T* operator->() const { return p_.get(); }

  T& value() & { return Checked(); }
  const T& value() const& { return Checked(); }
  T&& value() && { return std::move(Checked()); }
  template <typename U>
  T value_or(U&& fallback) const& {
    return p_ ? *p_ : static_cast<T>(std::forward<U>(fallback));
  }

  // The std::optional of the same value, for code that wants one.
  std::optional<T> optional() const {
    return p_ ? std::optional<T>(*p_) : std::nullopt;
  }

 private:
  T& Checked() const {
    if (!p_) throw std::bad_optional_access();
    return *p_;
  }

  std::unique_ptr<T> p_;
};

// Comparisons as std::optional's: two empty ones are equal, an empty one is
// less than any value.
template <typename T, typename U>
bool operator==(const Boxed<T>& a, const Boxed<U>& b) {
  if (a.has_value() != b.has_value()) return false;
  return !a.has_value() || *a == *b;
}
template <typename T, typename U>
bool operator!=(const Boxed<T>& a, const Boxed<U>& b) {
  return !(a == b);
}
template <typename T>
bool operator==(const Boxed<T>& a, std::nullopt_t) noexcept {
  return !a;
}
template <typename T>
bool operator==(std::nullopt_t, const Boxed<T>& a) noexcept {
  return !a;
}
template <typename T>
bool operator!=(const Boxed<T>& a, std::nullopt_t) noexcept {
  return a.has_value();
}
template <typename T>
bool operator!=(std::nullopt_t, const Boxed<T>& a) noexcept {
  return a.has_value();
}
template <typename T, typename U>
bool operator==(const Boxed<T>& a, const std::optional<U>& b) {
  if (a.has_value() != b.has_value()) return false;
  return !a.has_value() || *a == *b;
}
template <typename T, typename U>
bool operator==(const std::optional<U>& b, const Boxed<T>& a) {
  return a == b;
}
template <typename T, typename U>
bool operator!=(const Boxed<T>& a, const std::optional<U>& b) {
  return !(a == b);
}
template <typename T, typename U>
bool operator!=(const std::optional<U>& b, const Boxed<T>& a) {
  return !(a == b);
}
// Against a value: equal when it holds an equal one.
namespace boxed_internal {
template <typename U>
struct IsOptionalLike : std::false_type {};
template <typename U>
struct IsOptionalLike<Boxed<U>> : std::true_type {};
template <typename U>
struct IsOptionalLike<std::optional<U>> : std::true_type {};
template <>
struct IsOptionalLike<std::nullopt_t> : std::true_type {};
template <typename U>
inline constexpr bool kIsValue = !IsOptionalLike<std::decay_t<U>>::value;
}  // namespace boxed_internal
template <typename T, typename U,
          typename = std::enable_if_t<boxed_internal::kIsValue<U>>>
bool operator==(const Boxed<T>& a, const U& v) {
  return a.has_value() && *a == v;
}
template <typename T, typename U,
          typename = std::enable_if_t<boxed_internal::kIsValue<U>>>
bool operator==(const U& v, const Boxed<T>& a) {
  return a.has_value() && *a == v;
}
template <typename T, typename U,
          typename = std::enable_if_t<boxed_internal::kIsValue<U>>>
bool operator!=(const Boxed<T>& a, const U& v) {
  return !(a == v);
}
template <typename T, typename U,
          typename = std::enable_if_t<boxed_internal::kIsValue<U>>>
bool operator!=(const U& v, const Boxed<T>& a) {
  return !(a == v);
}

}  // namespace frames
