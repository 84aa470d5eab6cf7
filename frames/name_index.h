// frames::NameIndex: names to positions, for the lookups made once per
// element of models with hundreds of thousands of them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string_view>
#include <utility>
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

  // A name with its hash, computed once for the Find or Insert of it and
  // for asking memory for its slot ahead of them (Ahead, below).
  struct Key {
    std::string_view name;
    uint32_t hash = 0;
  };
  static Key KeyOf(std::string_view name) { return Key{name, Hash(name)}; }

  // The position stored for `name`, or -1.
  template <typename NameAt>
  long Find(std::string_view name, const NameAt& name_at) const {
    return Find(KeyOf(name), name_at);
  }
  template <typename NameAt>
  long Find(const Key& key, const NameAt& name_at) const {
    if (slots_.empty()) return -1;
    for (size_t i = key.hash & Mask();; i = (i + 1) & Mask()) {
      const Slot& s = slots_[i];
      if (s.position < 0) return -1;
      if (s.hash == key.hash && name_at(s.position) == key.name)
        return s.position;
    }
  }
  // Stores `position` for `name` unless the name has a position already;
  // returns the position stored for the name (`position` when added).
  template <typename NameAt>
  long Insert(std::string_view name, size_t position, const NameAt& name_at) {
    return Insert(KeyOf(name), position, name_at);
  }
  template <typename NameAt>
  long Insert(const Key& key, size_t position, const NameAt& name_at) {
    if (2 * (size_ + 1) > slots_.size()) Reserve(2 * (size_ + 1));
    for (size_t i = key.hash & Mask();; i = (i + 1) & Mask()) {
      Slot& s = slots_[i];
      if (s.position < 0) {
        s = Slot{key.hash, static_cast<int32_t>(position)};
        ++size_;
        return s.position;
      }
      if (s.hash == key.hash && name_at(s.position) == key.name)
        return s.position;
    }
  }

  // The keys of a run of names, name_of(0) .. name_of(n - 1), for a loop
  // that finds or inserts them in that order: Take(k) returns the key of
  // name k, and has asked memory for the table slot of name k + kAhead.
  // Take must be called for k = 0, 1, 2 ... in turn. In a table larger than
  // the caches each probe otherwise waits for memory, once per name.
  template <typename NameOf>
  class Ahead {
   public:
    static constexpr size_t kAhead = 8;
    Ahead(const NameIndex& index, size_t n, NameOf name_of)
        : index_(index), n_(n), name_of_(std::move(name_of)) {
      for (size_t k = 0; k < kAhead && k < n_; ++k) Fetch(k);
    }
    Key Take(size_t k) {
      const Key key = keys_[k % kAhead];
      if (k + kAhead < n_) Fetch(k + kAhead);
      return key;
    }

   private:
    void Fetch(size_t k) {
      Key& key = keys_[k % kAhead];
      key = KeyOf(name_of_(k));
      // Here, in a function that writes: GCC takes a const member function
      // whose only effect is a prefetch for one without effects, and drops
      // its calls.
      const std::vector<Slot>& slots = index_.slots_;
      if (!slots.empty())
        __builtin_prefetch(slots.data() + (key.hash & (slots.size() - 1)));
    }
    const NameIndex& index_;
    size_t n_;
    NameOf name_of_;
    Key keys_[kAhead];
  };

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
