// frames::NameIndex: names to positions, for the lookups made once per
// element of models with hundreds of thousands of them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string_view>
#include <vector>

namespace frames {

// Names to positions in a list the caller keeps (a graph's vertices, a
// model's links ...), for the lookups made once per element of a model with
// hundreds of thousands of them. An open-addressing table of (hash,
// position): it keeps no copy of a name (each is read back from the list by
// `name_at(position)`), allocates nothing per name, and stays valid when the
// list is moved or copied together with it.
class NameIndex {
 public:
  // Room for `n` names without growing.
  void Reserve(size_t n);
  size_t size() const { return size_; }

  // The position stored for `name`, or -1.
  template <typename NameAt>
  long Find(std::string_view name, const NameAt& name_at) const {
    if (slots_.empty()) return -1;
    const uint32_t hash = Hash(name);
    for (size_t i = hash & Mask();; i = (i + 1) & Mask()) {
      const Slot& s = slots_[i];
      if (s.position < 0) return -1;
      if (s.hash == hash && name_at(s.position) == name) return s.position;
    }
  }
  // Stores `position` for `name` unless the name has a position already;
  // returns the position stored for the name (`position` when added).
  template <typename NameAt>
  long Insert(std::string_view name, size_t position, const NameAt& name_at) {
    if (2 * (size_ + 1) > slots_.size()) Reserve(2 * (size_ + 1));
    const uint32_t hash = Hash(name);
    for (size_t i = hash & Mask();; i = (i + 1) & Mask()) {
      Slot& s = slots_[i];
      if (s.position < 0) {
        s = Slot{hash, static_cast<int32_t>(position)};
        ++size_;
        return s.position;
      }
      if (s.hash == hash && name_at(s.position) == name) return s.position;
    }
  }

 private:
  // Eight bytes, so that a table of a few hundred thousand names stays
  // small enough for the cache its random probes go to: a 32-bit hash (a
  // match is confirmed by comparing the name) and a position (an index
  // into a list of links, joints or frames: far below 2^31).
  struct Slot {
    uint32_t hash = 0;
    int32_t position = -1;  // -1: empty
  };
  static uint32_t Hash(std::string_view name) {
    return static_cast<uint32_t>(std::hash<std::string_view>{}(name));
  }
  size_t Mask() const { return slots_.size() - 1; }

  // A power of two, at most half full, so that probe runs stay short.
  std::vector<Slot> slots_;
  size_t size_ = 0;
};

}  // namespace frames
