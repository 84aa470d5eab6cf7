// OutputNames: the URDF name of every element, each claimed once.
#include "reshape/to_urdf/passes.h"

namespace converter::urdf_reshape {

std::string OutputNames::Out(std::string flat) const {
  if (separator_ == "::" || flat.find("::") == std::string::npos) return flat;
  std::string s;
  s.reserve(flat.size());
  for (size_t k = 0; k < flat.size();) {
    if (flat.compare(k, 2, "::") == 0) {
      s += separator_;
      k += 2;
    } else {
      s += flat[k++];
    }
  }
  return s;
}

bool OutputNames::Use(const frames::NameIndex::Key& key) {
  const size_t k = used_names_.size();
  const long first =
      used_.Insert(key, k, [this](size_t i) { return used_names_[i]; });
  if (first != static_cast<long>(k)) return false;
  used_names_.push_back(key.name);
  return true;
}

const std::string& OutputNames::Unique(const std::string& base) {
  made_names_.push_back(base);
  std::string& name = made_names_.back();
  for (int n = 2; !Use(name); ++n) name = base + "_" + std::to_string(n);
  return name;
}

template <typename T>
bool OutputNames::ClaimAll(std::vector<T>* items, frames::Diagnostics* diags) {
  for (T& x : *items) x.name = Out(x.scope->prefix + x.src->name);
  // The table slots of names a few items ahead are asked for while this
  // one is claimed: for 100,000 links the table is larger than the caches.
  frames::NameIndex::Ahead ahead(used_, items->size(), [items](size_t k) {
    return std::string_view((*items)[k].name);
  });
  bool ok = true;
  for (size_t k = 0; k < items->size(); ++k) {
    if (Use(ahead.Take(k))) continue;
    const T& x = (*items)[k];
    diags->Error(frames::Code::SEPARATOR_NAME_CLASH,
                 "with separator " + Quoted(separator_) + ", " +
                     Quoted(x.scope->prefix + x.src->name) + " becomes " +
                     Quoted(x.name) +
                     ", the name of another link, joint or frame",
                 x.src->where);
    ok = false;
  }
  return ok;
}

bool OutputNames::ClaimFileNames(FlatModel* flat, frames::Diagnostics* diags) {
  // Every name the file gives (flattened): generated names avoid them all.
  // SDF names are unique in a scope, so flattened ones are unique unless the
  // separator makes two equal. Room for them and for most generated ones
  // (frames' joints, split joints' links and joints).
  const size_t names =
      flat->links.size() + 2 * flat->joints.size() + 2 * flat->frames.size();
  used_names_.reserve(names);
  used_.Reserve(names);
  bool ok = ClaimAll(&flat->links, diags);
  ok = ClaimAll(&flat->joints, diags) && ok;
  return ClaimAll(&flat->frames, diags) && ok;
}

}  // namespace converter::urdf_reshape
