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

bool OutputNames::Use(std::string_view name) {
  const size_t k = used_names_.size();
  const long first =
      used_.Insert(name, k, [this](size_t i) { return used_names_[i]; });
  if (first != static_cast<long>(k)) return false;
  used_names_.push_back(name);
  return true;
}

const std::string& OutputNames::Unique(const std::string& base) {
  made_names_.push_back(base);
  std::string& name = made_names_.back();
  for (int n = 2; !Use(name); ++n) name = base + "_" + std::to_string(n);
  return name;
}

bool OutputNames::Claim(const Scope& s, const std::string& name,
                        const frames::SourceLocation& where, std::string* out,
                        frames::Diagnostics* diags) {
  *out = Out(s.prefix + name);
  if (Use(*out)) return true;
  diags->Error(frames::Code::SEPARATOR_NAME_CLASH,
               "with separator " + Quoted(separator_) + ", " +
                   Quoted(s.prefix + name) + " becomes " + Quoted(*out) +
                   ", the name of another link, joint or frame",
               where);
  return false;
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
  bool ok = true;
  for (auto& fl : flat->links)
    ok = Claim(*fl.scope, fl.src->name, fl.src->where, &fl.name, diags) && ok;
  for (auto& fj : flat->joints)
    ok = Claim(*fj.scope, fj.src->name, fj.src->where, &fj.name, diags) && ok;
  for (auto& ff : flat->frames)
    ok = Claim(*ff.scope, ff.src->name, ff.src->where, &ff.name, diags) && ok;
  return ok;
}

}  // namespace converter::urdf_reshape
