#include "frames/name_index.h"

namespace frames {

void NameIndex::Reserve(size_t n) {
  size_t capacity = 16;
  while (capacity < 2 * n) capacity *= 2;
  if (capacity <= slots_.size()) return;
  std::vector<Slot> old(capacity);
  old.swap(slots_);
  // Placed again by their stored hashes: no name is read.
  for (const Slot& s : old) {
    if (s.position < 0) continue;
    size_t i = s.hash & Mask();
    while (slots_[i].position >= 0) i = (i + 1) & Mask();
    slots_[i] = s;
  }
}

}  // namespace frames
