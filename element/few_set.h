// A set for the names of a few siblings: scanned in place while it holds a
// few (most links have one visual and one collision), hashed once it holds
// many, so a link with thousands of visuals is not checked in quadratic
// time and the common link allocates nothing. The set holds what it is
// given: a std::string_view key must outlive it.
#pragma once

#include <cstddef>
#include <functional>
#include <string_view>
#include <unordered_set>
#include <utility>

namespace frames {

template <typename T, typename Hash = std::hash<T>, size_t kFew = 16>
class FewSet {
 public:
  // Adds `t`: false when it was in the set already.
  bool Insert(const T& t) {
    if (count_ < kFew) {
      if (InFew(t)) return false;
      few_[count_++] = t;
      if (count_ == kFew) many_.insert(few_, few_ + kFew);
      return true;
    }
    return many_.insert(t).second;
  }

  bool Contains(const T& t) const {
    return count_ < kFew ? InFew(t) : many_.count(t) > 0;
  }

 private:
  bool InFew(const T& t) const {
    for (size_t k = 0; k < count_; ++k) {
      if (few_[k] == t) return true;
    }
    return false;
  }

  T few_[kFew] = {};
  size_t count_ = 0;  // kFew once the set is hashed (then many_ holds all)
  std::unordered_set<T, Hash> many_;
};

// A hash for a pair of views, e.g. a sibling's (element type, name).
struct ViewPairHash {
  size_t operator()(
      const std::pair<std::string_view, std::string_view>& p) const {
    const size_t a = std::hash<std::string_view>{}(p.first);
    return a ^ (std::hash<std::string_view>{}(p.second) + 0x9e3779b97f4a7c15u +
                (a << 6) + (a >> 2));
  }
};

}  // namespace frames
