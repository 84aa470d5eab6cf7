#include "sdf_io/reader.h"

#include <sys/stat.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <limits>
#include <map>
#include <memory>
#include <utility>

#include <Eigen/Geometry>

#include "frames/graph.h"
#include "frames/inertia.h"
#include "frames/rename.h"
#include "sdf_io/legacy.h"
#include "sdf_io/model_config.h"
#include "sdf_io/packages.h"
#include "sdf_io/schema.h"
#include "sdf_io/schema_check.h"
#include "xml/reader.h"
#include "xml/writer.h"

namespace sdf_io {
namespace {

using frames::Element;
using frames::Geometry;
using frames::Model;
using xml::Node;
using xml::Context;

// The newest SDFormat read: 1.12.
constexpr int kNewestMinor = 12;

using xml::Is;

bool IsDirectory(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

bool IsFile(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

std::string DirName(const std::string& path) {
  size_t slash = path.find_last_of('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}


// SDF's bool: true/false/1/0, any case (libsdformat lower-cases first).
std::optional<bool> ParseBool(std::string_view s) {
  std::string v(s);
  for (char& c : v) c = static_cast<char>(std::tolower(c));
  if (v == "true" || v == "1") return true;
  if (v == "false" || v == "0") return false;
  return std::nullopt;
}

std::string Lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// The inertial of a solid shape of uniform `density` about its centre, in
// the shape's frame (SDFormat's shapes: cylinders and capsules along z),
// exactly; nullopt for shapes without a closed form here (meshes,
// planes, heightmaps, cones ...).
std::optional<frames::InertialInFrame> ShapeInertial(const Geometry& g,
                                                     double density) {
  frames::InertialInFrame out;
  double ixx = 0, iyy = 0, izz = 0;
  const double r = g.radius, l = g.length;
  switch (g.type) {
    case Geometry::Type::kBox: {
      const Eigen::Vector3d s = g.size;
      out.mass = density * s.x() * s.y() * s.z();
      ixx = out.mass / 12 * (s.y() * s.y() + s.z() * s.z());
      iyy = out.mass / 12 * (s.x() * s.x() + s.z() * s.z());
      izz = out.mass / 12 * (s.x() * s.x() + s.y() * s.y());
      break;
    }
    case Geometry::Type::kCylinder:
      out.mass = density * M_PI * r * r * l;
      ixx = iyy = out.mass * (3 * r * r + l * l) / 12;
      izz = out.mass * r * r / 2;
      break;
    case Geometry::Type::kSphere:
      out.mass = density * 4.0 / 3.0 * M_PI * r * r * r;
      ixx = iyy = izz = 0.4 * out.mass * r * r;
      break;
    case Geometry::Type::kCapsule: {
      // A cylinder and two hemispheres (each of mass m_s / 2, its centre of
      // mass 3r/8 beyond the cylinder's end).
      const double m_c = density * M_PI * r * r * l;
      const double m_s = density * 4.0 / 3.0 * M_PI * r * r * r;
      out.mass = m_c + m_s;
      ixx = iyy = m_c * (3 * r * r + l * l) / 12 +
                  m_s * (0.4 * r * r + l * l / 4 + 3 * l * r / 8);
      izz = m_c * r * r / 2 + m_s * 0.4 * r * r;
      break;
    }
    case Geometry::Type::kEllipsoid: {
      const Eigen::Vector3d a = g.radii;
      out.mass = density * 4.0 / 3.0 * M_PI * a.x() * a.y() * a.z();
      ixx = out.mass / 5 * (a.y() * a.y() + a.z() * a.z());
      iyy = out.mass / 5 * (a.x() * a.x() + a.z() * a.z());
      izz = out.mass / 5 * (a.x() * a.x() + a.y() * a.y());
      break;
    }
    default:
      return std::nullopt;
  }
  out.I_I = Eigen::Vector3d(ixx, iyy, izz).asDiagonal();
  return out;
}

// An included file as read, and how many models and links it holds (its
// own and its includes', expanded).
struct CachedDocument {
  std::shared_ptr<const SdfDocument> doc;
  size_t size = 0;
  size_t depth = 0;  // ModelDepth of its model
};

// Parsed included files, shared by every reader of one top-level read: a
// model included 22 times is read once. Keyed by canonical path (realpath),
// so `./x.sdf`, `././x.sdf` and a model:// URI naming the same file are one
// file for the cache and for cycle detection.
struct IncludeCache {
  std::map<std::string, CachedDocument> documents;
  std::vector<std::string> stack;  // canonical paths being read (cycles)
  // Models and links instantiated by includes so far, against
  // ReadOptions::max_expanded_size (an include "bomb" is refused before it
  // is built).
  size_t expanded = 0;
  bool expansion_reported = false;
  // Directories an include may read from (IncludeRoots): the file
  // converted's own, canonical then as written, first.
  std::vector<std::string> roots;
  // The options read with: stack's first entry (the file converted, as
  // given until then) is made canonical and roots are made when the first
  // include is resolved (Resolve), so that a file without includes costs
  // no path resolution (migrate reads thousands).
  const ReadOptions* options = nullptr;
  bool resolved = false;
  void Resolve();
};

// Models and links in `m`, nested ones included.
size_t ExpandedSize(const Model& m) {
  size_t n = 1 + m.links.size();
  for (const Model& c : m.models) n += ExpandedSize(c);
  return n;
}

// How deep models nest in `m` (1 for a model with no nested model).
size_t ModelDepth(const Model& m) {
  size_t deepest = 0;
  for (const Model& c : m.models) deepest = std::max(deepest, ModelDepth(c));
  return 1 + deepest;
}

// The canonical form of an existing path (symlinks, `.` and `..` resolved);
// the path itself when it cannot be resolved.
std::string CanonicalPath(const std::string& path) {
  char* resolved = ::realpath(path.c_str(), nullptr);
  if (!resolved) return path;
  std::string out(resolved);
  std::free(resolved);
  return out;
}

// `path` made absolute and normalized without looking at the file system
// ("a/./b/../c" is "$PWD/a/c"), symbolic links kept.
std::string LexicalPath(const std::string& path) {
  std::error_code ec;
  std::string out =
      std::filesystem::absolute(path, ec).lexically_normal().string();
  if (ec) return path;
  while (out.size() > 1 && out.back() == '/') out.pop_back();
  return out;
}

// Whether path `path` is `root` or under it (both canonical, or both
// lexical).
bool IsUnder(const std::string& path, const std::string& root) {
  if (root == "/") return true;
  return path.compare(0, root.size(), root) == 0 &&
         (path.size() == root.size() || path[root.size()] == '/');
}

// %XX escapes of a URI path segment decoded ("Mecanum%20lift").
std::string PercentDecoded(const std::string& s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size() && std::isxdigit(static_cast<unsigned char>(s[i + 1])) &&
        std::isxdigit(static_cast<unsigned char>(s[i + 2]))) {
      out.push_back(static_cast<char>(std::stoi(s.substr(i + 1, 2), nullptr, 16)));
      i += 2;
    } else {
      out.push_back(s[i]);
    }
  }
  return out;
}

// The entry of directory `dir` whose name equals `name` ignoring case (Fuel
// caches owners and model names in lower case, URIs spell them as the
// owner did); "" when none.
std::string EntryIgnoringCase(const std::string& dir, const std::string& name) {
  if (IsDirectory(dir + "/" + name)) return dir + "/" + name;
  std::error_code ec;
  std::string found;
  for (const auto& e : std::filesystem::directory_iterator(dir, ec)) {
    const std::string n = e.path().filename().string();
    if (Lower(n) == Lower(name) && (found.empty() || n < found)) found = n;
  }
  return found.empty() ? std::string() : dir + "/" + found;
}

// A Fuel model URI, https://HOST/1.0/OWNER/models/NAME[/VERSION|/tip].
struct FuelUri {
  std::string host, owner, name, version;  // version "" = the newest
};

std::optional<FuelUri> ParseFuelUri(const std::string& uri) {
  size_t start;
  if (uri.compare(0, 8, "https://") == 0) start = 8;
  else if (uri.compare(0, 7, "http://") == 0) start = 7;
  else return std::nullopt;
  std::vector<std::string> parts;
  size_t i = start;
  while (i <= uri.size()) {
    size_t slash = uri.find('/', i);
    if (slash == std::string::npos) slash = uri.size();
    if (slash > i) parts.push_back(PercentDecoded(uri.substr(i, slash - i)));
    i = slash + 1;
  }
  // host, 1.0, owner, models, name [, version]
  if (parts.size() < 5 || parts.size() > 6 || parts[3] != "models") {
    return std::nullopt;
  }
  FuelUri f{parts[0], parts[2], parts[4], parts.size() == 6 ? parts[5] : ""};
  if (f.version == "tip") f.version.clear();
  for (char c : f.version) {
    if (c < '0' || c > '9') return std::nullopt;
  }
  return f;
}

// The cached model directory of `f` under Fuel cache root `root`
// (ROOT/HOST/OWNER/models/NAME/VERSION), names matched ignoring case, the
// highest version when none is given; "" when not cached.
std::string FuelCachedModel(const std::string& root, const FuelUri& f) {
  std::string dir = EntryIgnoringCase(root, f.host);
  if (!dir.empty()) dir = EntryIgnoringCase(dir, f.owner);
  if (!dir.empty()) dir = EntryIgnoringCase(dir, "models");
  if (!dir.empty()) dir = EntryIgnoringCase(dir, f.name);
  if (dir.empty()) return {};
  if (!f.version.empty()) {
    return IsDirectory(dir + "/" + f.version) ? dir + "/" + f.version : "";
  }
  long best = -1;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(dir, ec)) {
    const std::string n = e.path().filename().string();
    if (n.empty() || n.size() > 9 ||
        n.find_first_not_of("0123456789") != std::string::npos ||
        !IsDirectory(dir + "/" + n)) {
      continue;
    }
    best = std::max(best, std::stol(n));
  }
  return best < 0 ? std::string() : dir + "/" + std::to_string(best);
}

class SdfReader {
 public:
  SdfReader(const std::string& file, frames::Diagnostics* diags,
            const ReadOptions& options, IncludeCache* cache)
      : ctx_{file, diags}, options_(options), cache_(cache) {}

  std::optional<SdfDocument> Read(std::string_view text);

 private:
  const char* RequiredName(const Node* e);
  const Node* RequiredChild(const Node* e, const char* name);
  // Reads //pose (or 1.0's //origin/@pose) of `e` into `pose`.
  bool ReadPose(const Node* e, frames::Pose* pose);
  // The value of <pose> element `p` (text `text`), with its
  // rotation_format and degrees.
  bool ReadPoseValue(const Node* p, std::string_view text,
                     frames::Pose* pose);
  std::optional<double> ChildDouble(const Node* e, const char* name);
  // An SDF bool's text; BOOL_INVALID (and nullopt) when it is not one.
  std::optional<bool> BoolText(const Node* e);
  // The numbers `fields` names, from child elements (or 1.0's attributes)
  // of `e`; any other child is kept in `extensions`.
  // `infinite_ok`: "inf", "-inf" (any case, also "infinity") are values
  // (joint limits, which SDFormat 1.10 defaults to +-inf and libsdformat
  // reads in every version).
  void ReadNumbers(
      const Node* e,
      std::initializer_list<std::pair<const char*, std::optional<double>*>>
          fields,
      std::vector<Element>* extensions, bool infinite_ok = false);
  bool ChildVector(const Node* e, const char* name, int n, double* out);

  // The children an element's reader knows (xml::Child: one entry per
  // child name, nullptr for one read before the walk, as <pose>); a child
  // no entry names is kept as written in `carried`, in document order.
  template <typename State>
  using Child = xml::Child<SdfReader, State, void>;
  template <typename State, size_t N>
  void ReadChildren(const Node* e, const Child<State> (&known)[N],
                    State* state, std::vector<Element>* carried) {
    xml::ReadChildren(this, e, known, state, ctx_, carried);
  }
  // Conditions of entries: <include> is read only when includes are
  // resolved (else kept as written); <use_parent_model_frame> only before
  // 1.7.
  bool ResolvingIncludes() const { return options_.resolve_includes; }
  bool BeforeSdf17() const { return minor_ < 7; }

  bool ReadGeometry(const Node* e, Geometry* g);
  // The typed fields of shape `s` (the child of <geometry>); its other
  // children are kept.
  void ReadShape(const Node* s, Geometry* g);
  void ReadMaterial(const Node* e, frames::Material* m);
  // Material children: the four colours ("r g b" or "r g b a"), and a
  // <script> (checked for its <uri>, kept as written).
  void ReadColour(const Node* c, std::optional<Eigen::Vector4d>* colour);
  void ReadAmbient(const Node* c, frames::Material* m) {
    ReadColour(c, &m->ambient);
  }
  void ReadDiffuse(const Node* c, frames::Material* m) {
    ReadColour(c, &m->diffuse);
  }
  void ReadSpecular(const Node* c, frames::Material* m) {
    ReadColour(c, &m->specular);
  }
  void ReadEmissive(const Node* c, frames::Material* m) {
    ReadColour(c, &m->emissive);
  }
  void ReadMaterialScript(const Node* c, frames::Material* m);
  void ReadInertial(const Node* e, frames::Inertial* in);
  void ReadVisual(const Node* e, frames::Visual* v);
  void ReadVisualMaterial(const Node* c, frames::Visual* v) {
    ReadMaterial(c, &v->material.emplace());
  }
  void ReadCollision(const Node* e, frames::Collision* c);
  void ReadLink(const Node* e, frames::Link* link);
  // Link children: a second <inertial> replaces the first.
  void ReadLinkInertial(const Node* c, frames::Link* link) {
    ReadInertial(c, &link->inertial.emplace());
  }
  void ReadLinkVisual(const Node* c, frames::Link* link) {
    ReadVisual(c, &link->visuals.emplace_back());
  }
  void ReadLinkCollision(const Node* c, frames::Link* link) {
    ReadCollision(c, &link->collisions.emplace_back());
  }
  // //inertial/@auto (1.11); `e` is the link's <inertial>.
  void ComputeAutoInertial(const Node* e, frames::Link* link);
  void ReadAxis(const Node* e, frames::JointAxis* axis);
  // Axis children, read into an AxisRead.
  struct AxisRead {
    const Node* e;  // the <axis>
    frames::JointAxis* axis;
    bool in_model_frame;  // before 1.7: expressed in the model frame
    bool xyz_read;        // the default, or a value that parsed
  };
  void ReadAxisXyz(const Node* c, AxisRead* r);
  void ReadAxisUseParentModelFrame(const Node* c, AxisRead* r);
  void ReadAxisLimit(const Node* c, AxisRead* r);
  void ReadAxisDynamics(const Node* c, AxisRead* r);
  void ReadJoint(const Node* e, frames::Joint* joint);
  // Joint children: <axis> (with its <mimic>) and <axis2>.
  void ReadJointAxis(const Node* c, frames::Joint* joint);
  void ReadJointAxis2(const Node* c, frames::Joint* joint) {
    ReadAxis(c, &joint->axis2.emplace());
  }
  // 1.11 //axis/mimic into joint->mimic (the element also stays in the
  // axis's kept elements, so an SDF writer keeps it as written).
  void ReadMimic(const Node* e, frames::Joint* joint);
  void ReadFrame(const Node* e, frames::Frame* frame);
  void ReadModel(const Node* e, Model* model);
  // The attributes of <model> `e` besides those read elsewhere (name,
  // canonical_link, placement_frame, static): kept, with ATTRIBUTE_KEPT
  // for one without a namespace.
  void ReadModelAttributes(const Node* e, Model* model);
  void ReadModelStatic(const Node* c, Model* model);
  void ReadWorld(const Node* e, frames::World* world);
  // A child of a model or a world (`Parent`) read by member `read` into a
  // new element of the parent's `list`, noted in the parent's document
  // order as `kind`.
  template <auto list, auto read, frames::ChildRef::Kind kind,
            typename Parent>
  void ReadListed(const Node* c, Parent* parent);
  // An <include>: the model it names (or merged into `parent`), or kept as
  // written when it includes something else.
  template <typename Parent>
  void ReadNestedInclude(const Node* c, Parent* parent);
  // A child the parent does not read: kept as written and noted.
  template <typename Parent>
  void KeepNoted(const Node* c, Parent* parent);
  // Children of the <sdf> root.
  void ReadDocumentModel(const Node* c, SdfDocument* doc) {
    ReadModel(c, &doc->models.emplace_back());
  }
  void ReadDocumentWorld(const Node* c, SdfDocument* doc) {
    ReadWorld(c, &doc->worlds.emplace_back());
  }
  void ReadDocumentInclude(const Node* c, SdfDocument* doc);
  // The root's version into version_, minor_ and doc->version;
  // ATTRIBUTE_MISSING or SDF_VERSION_UNSUPPORTED (false) when there is
  // none that is read.
  bool ReadVersion(const Node* root, SdfDocument* doc);
  // Resolves //include into a model (true), or keeps it verbatim in
  // `others` when it includes something else (a light, an actor).
  std::optional<Model> ReadInclude(const Node* e,
                                   std::vector<Element>* others);
  // The included file `found` (canonical `path`) read, from the cache or
  // now; nullptr when it cannot be (INCLUDE_CYCLE, INCLUDE_TOO_DEEP, its
  // own diagnostics).
  const CachedDocument* LoadIncluded(const Node* e, const std::string& uri,
                                     const std::string& found,
                                     const std::string& path);
  // What include `e` says of the model it includes: <name>, <pose>,
  // <static>, <placement_frame> and its <plugin>s.
  void ApplyInclude(const Node* e, Model* m);
  // xml::Parse of the file this reader reads, with its limits.
  bool ParseXml(std::string_view text, xml::Document* doc);
  // Whether `path`, which include `e` (of `uri`) names, is under a
  // directory an include may read from (IncludeCache::roots); else
  // INCLUDE_NOT_ALLOWED, and nothing of it is read.
  // `package_dir`: the directory a package:// URI resolved to (allowed
  // too), or empty.
  bool IncludeAllowed(const Node* e, const std::string& uri,
                      const std::string& path, const std::string& package_dir);
  // The file an include's uri names; INCLUDE_UNRESOLVED (naming every
  // place searched) when none.
  // Sets *package_dir to the package's directory for a package:// URI.
  std::optional<std::string> FindIncludedFile(const Node* e,
                                              const std::string& uri,
                                              std::string* package_dir);
  // Where include uri `uri` was looked for.
  struct IncludeSearch {
    std::optional<std::pair<std::string, std::string>> package;
    std::optional<FuelUri> fuel;
    std::vector<std::string> packages_searched;  // package:// not found
    std::vector<std::string> candidates;  // files or model directories
  };
  IncludeSearch SearchInclude(const std::string& uri,
                              std::string* package_dir);
  // INCLUDE_UNRESOLVED (or INCLUDE_KEPT_UNRESOLVED), naming every place
  // searched.
  void ReportUnresolvedInclude(const Node* e, const std::string& uri,
                               const IncludeSearch& search);
  // //include/@merge (1.9): BOOL_INVALID when not a bool.
  bool IsMerge(const Node* include);
  // 1.9 merge-include, as libsdformat 12 does it: the included model's
  // links, joints, frames, nested models, plugins and custom elements join
  // `parent`, and a frame "_merged__NAME__model__" attached to its
  // canonical link, placed where the include places the model, stands in
  // for its __model__ (every reference to __model__, and every default
  // that meant it, now names that frame).
  void Merge(const Node* include, Model included, Model* parent);
  void Merge(const Node* include, Model included, frames::World* parent);
  // The proxy frame of a merged model, and its contents rewritten to it;
  // false when the model cannot be merged.
  bool PrepareMerge(const Node* include, bool into_world, Model* included,
                    frames::Frame* proxy);
  // The proxy frame of merged model `m`, placed where the include places
  // the model; false (MODEL_PLACEMENT_FRAME_INVALID) when its
  // placement_frame names no frame.
  bool MergeProxy(const Node* include, bool into_world, const Model& m,
                  frames::Frame* proxy);
  // Drops the elements of `m` that do not join the parent (all but named
  // and custom ones, and <static>), MERGE_INCLUDE_ELEMENT_DROPPED each.
  void DropUnmergedElements(const Node* include, bool into_world, Model* m);
  void Upgrade(std::vector<Element>* elements, LegacyParent parent) {
    if (minor_ < 7) UpgradeToSdf17(elements, parent, version_);
  }

  Context ctx_;
  const ReadOptions& options_;
  IncludeCache* cache_;
  // How many models enclose the element being read (0 in a world or at the
  // top level).
  size_t model_depth_ = 0;
  std::string version_;
  int minor_ = 7;
};

const char* SdfReader::RequiredName(const Node* e) {
  const char* v = e->Attribute("name");
  if (!v) {
    ctx_.Error(e, frames::Code::ATTRIBUTE_MISSING, std::string("<") + e->Name() + "> has no 'name' attribute");
  }
  return v;
}

const Node* SdfReader::RequiredChild(const Node* e,
                                           const char* name) {
  const Node* c = e->FirstChildElement(name);
  if (!c) {
    const char* n = e->Attribute("name");
    ctx_.Error(e, frames::Code::ELEMENT_MISSING, std::string("<") + e->Name() +
                          (n ? std::string(" name='") + n + "'" : "") +
                          "> has no <" + name + ">");
  }
  return c;
}

bool SdfReader::ReadPose(const Node* e, frames::Pose* pose) {
  const Node* p = e->FirstChildElement("pose");
  std::string_view text;
  if (p) {
    text = xml::Text(p);
    // 1.5/1.6 write @frame; libsdformat migrates it to @relative_to, and
    // reads a @relative_to such a file already has (every document is read
    // as its newest version), so both are honoured, @frame first.
    const char* rel = minor_ < 7 ? p->Attribute("frame") : nullptr;
    if (!rel) rel = p->Attribute("relative_to");
    if (rel) pose->relative_to = rel;
  } else if (minor_ <= 2) {
    p = e->FirstChildElement("origin");  // 1.0: <origin pose="..."/>
    if (!p || !p->Attribute("pose")) return true;
    text = p->Attribute("pose");
  } else {
    return true;
  }
  return ReadPoseValue(p, text, pose);
}

bool SdfReader::ReadPoseValue(const Node* p, std::string_view text,
                              frames::Pose* pose) {
  // 1.9 //pose/@rotation_format and @degrees (read in every version, as
  // libsdformat 12 reads them after migrating a file to 1.9).
  bool quaternion = false;
  if (const char* f = p->Attribute("rotation_format")) {
    if (std::strcmp(f, "quat_xyzw") == 0) {
      quaternion = true;
    } else if (std::strcmp(f, "euler_rpy") != 0) {
      ctx_.Error(p, frames::Code::POSE_ROTATION_FORMAT_INVALID, std::string("<pose rotation_format='") + f +
                            "'> is not one of 'euler_rpy' or 'quat_xyzw'");
      return false;
    }
  }
  bool degrees = false;
  if (const char* d = p->Attribute("degrees")) {
    auto b = ParseBool(d);
    if (!b) {
      ctx_.Error(p, frames::Code::BOOL_INVALID, std::string("<pose degrees='") + d +
                            "'> is not a bool");
      return false;
    }
    degrees = *b;
  }
  if (quaternion && degrees) {
    ctx_.Error(p, frames::Code::POSE_DEGREES_WITH_QUATERNION, "<pose degrees='true'> does not apply to "
                      "rotation_format='quat_xyzw'");
    return false;
  }
  if (text.empty()) return true;  // 1.7: an empty <pose/> is the identity
  if (!quaternion) {
    double v[6];
    if (!xml::ParseVector(text, 6, "<pose>", p, ctx_, v)) return false;
    pose->xyz = {v[0], v[1], v[2]};
    pose->rpy = {v[3], v[4], v[5]};
    if (degrees) pose->rpy *= M_PI / 180.0;
    return true;
  }
  double v[7];
  if (!xml::ParseVector(text, 7, "<pose rotation_format='quat_xyzw'>", p,
                        ctx_, v)) {
    return false;
  }
  const Eigen::Quaterniond q(v[6], v[3], v[4], v[5]);  // w x y z
  if (!(q.norm() > 1e-12)) {
    ctx_.Error(p, frames::Code::POSE_QUATERNION_INVALID, "<pose rotation_format='quat_xyzw'> '" +
                          std::string(text) + "' has a zero quaternion");
    return false;
  }
  pose->xyz = {v[0], v[1], v[2]};
  pose->rpy = frames::RpyFromRotation(q.normalized().toRotationMatrix());
  pose->quat_xyzw = Eigen::Vector4d(v[3], v[4], v[5], v[6]);  // as written
  return true;
}

std::optional<bool> SdfReader::BoolText(const Node* e) {
  if (xml::Text(e).empty()) return std::nullopt;  // the default
  auto b = ParseBool(xml::Text(e));
  if (!b) {
    ctx_.Error(e, frames::Code::BOOL_INVALID, std::string("<") + e->Name() + "> '" +
                          std::string(xml::Text(e)) + "' is not a bool");
  }
  return b;
}

void SdfReader::ReadNumbers(
    const Node* e,
    std::initializer_list<std::pair<const char*, std::optional<double>*>>
        fields,
    std::vector<Element>* extensions, bool infinite_ok) {
  for (const Node* x = e->FirstChildElement(); x;
       x = x->NextSiblingElement()) {
    std::optional<double>* field = nullptr;
    for (const auto& [name, f] : fields) {
      if (Is(x, name)) field = f;
    }
    if (field && xml::Text(x).empty()) {
      continue;  // the default (CheckAgainstSchema reports required ones)
    }
    if (field) {
      const double inf = infinite_ok ? xml::Infinity(xml::Text(x)) : 0.0;
      *field = inf != 0.0
                   ? std::optional<double>(inf)
                   : xml::ParseDouble(xml::Text(x), xml::What(x), x, ctx_);
    } else {
      extensions->push_back(xml::ToElement(x, ctx_));
    }
  }
  for (const auto& [name, field] : fields) {
    if (e->Attribute(name)) *field = xml::DoubleAttribute(e, name, ctx_);  // 1.0
  }
}

std::optional<double> SdfReader::ChildDouble(const Node* e,
                                             const char* name) {
  const Node* c = e->FirstChildElement(name);
  if (c) {
    // Empty: the default (CheckAgainstSchema reports required ones).
    if (xml::Text(c).empty()) return std::nullopt;
    return xml::ParseDouble(xml::Text(c), xml::What(c), c, ctx_);
  }
  if (e->Attribute(name)) return xml::DoubleAttribute(e, name, ctx_);  // 1.0
  return std::nullopt;
}

bool SdfReader::ChildVector(const Node* e, const char* name, int n,
                            double* out) {
  const Node* c = e->FirstChildElement(name);
  std::string_view text;
  if (c) {
    text = xml::Text(c);
    // Empty: the default (CheckAgainstSchema reports required ones).
    if (text.empty()) return false;
  } else if (const char* a = e->Attribute(name)) {  // 1.0 attribute form
    text = a;
    c = e;
  } else {
    return false;
  }
  // `c` is the element when the vector is one, else the element whose 1.0
  // attribute it is.
  return xml::ParseVector(text, n,
                          c == e ? xml::What(std::string("<") + name + ">")
                                 : xml::What(c),
                          c, ctx_, out);
}

bool SdfReader::ReadGeometry(const Node* parent, Geometry* g) {
  const Node* ge = parent->FirstChildElement("geometry");
  // A visual or collision without <geometry>: libsdformat adds the required
  // element with its default, an empty geometry (Geometry::Type::kNone).
  if (!ge) return true;
  const Node* s = ge->FirstChildElement();
  if (!s) {
    // An empty <geometry/> is SDF's "no geometry" (libsdformat: EMPTY).
    g->type = Geometry::Type::kOther;
    g->other = Element{"empty", {}, {}, {}, ctx_.At(ge)};
    return true;
  }
  if (Is(s, "empty")) {
    // A shape SDFormat (or the version written) lacks, carried after an
    // <empty/> (what the writer makes of it): that shape. Namespaced
    // (<urdf:...>) or not: a 1.11 <cone> is written so in 1.7, and was
    // dropped when such a file was read again.
    const Node* carried = s->NextSiblingElement();
    if (carried) {
      g->type = Geometry::Type::kOther;
      g->other = xml::ToElement(carried, ctx_);
      return true;
    }
  }
  ReadShape(s, g);
  return true;
}

void SdfReader::ReadShape(const Node* s, Geometry* g) {
  // The children each shape's typed fields hold (read before the walk,
  // which keeps the rest).
  static const Child<Geometry> kBox[] = {{"size", nullptr}};
  static const Child<Geometry> kCylinder[] = {{"radius", nullptr},
                                              {"length", nullptr}};
  static const Child<Geometry> kSphere[] = {{"radius", nullptr}};
  static const Child<Geometry> kEllipsoid[] = {{"radii", nullptr}};
  static const Child<Geometry> kPlane[] = {{"normal", nullptr},
                                           {"size", nullptr}};
  static const Child<Geometry> kMesh[] = {{"uri", nullptr},
                                          {"scale", nullptr}};
  auto number = [&](const char* name, double* out) {
    if (auto v = ChildDouble(s, name)) *out = *v;
  };
  if (Is(s, "box")) {
    g->type = Geometry::Type::kBox;
    g->size = Eigen::Vector3d::Ones();
    ChildVector(s, "size", 3, g->size.data());
    ReadChildren(s, kBox, g, &g->extensions);
  } else if (Is(s, "cylinder") || Is(s, "capsule")) {
    g->type = Is(s, "cylinder") ? Geometry::Type::kCylinder
                                : Geometry::Type::kCapsule;
    g->radius = 0.5;
    g->length = 1.0;
    number("radius", &g->radius);
    number("length", &g->length);
    ReadChildren(s, kCylinder, g, &g->extensions);
  } else if (Is(s, "sphere")) {
    g->type = Geometry::Type::kSphere;
    g->radius = 1.0;
    number("radius", &g->radius);
    ReadChildren(s, kSphere, g, &g->extensions);
  } else if (Is(s, "ellipsoid")) {
    g->type = Geometry::Type::kEllipsoid;
    g->radii = Eigen::Vector3d::Ones();
    ChildVector(s, "radii", 3, g->radii.data());
    ReadChildren(s, kEllipsoid, g, &g->extensions);
  } else if (Is(s, "plane")) {
    g->type = Geometry::Type::kPlane;
    g->size = Eigen::Vector3d::UnitZ();
    g->plane_size = {1, 1};
    ChildVector(s, "normal", 3, g->size.data());
    ChildVector(s, "size", 2, g->plane_size.data());
    ReadChildren(s, kPlane, g, &g->extensions);
  } else if (Is(s, "mesh")) {
    g->type = Geometry::Type::kMesh;
    if (const Node* u = s->FirstChildElement("uri")) {
      g->uri = std::string(xml::Text(u));
    } else if (const char* f = s->Attribute("filename")) {  // 1.0
      g->uri = f;
    }
    Eigen::Vector3d scale;
    if (ChildVector(s, "scale", 3, scale.data())) g->scale = scale;
    ReadChildren(s, kMesh, g, &g->extensions);
  } else {
    // heightmap, polyline, image, empty ...: kept as written.
    g->type = Geometry::Type::kOther;
    g->other = xml::ToElement(s, ctx_);
  }
}

void SdfReader::ReadMaterial(const Node* e, frames::Material* m) {
  static const Child<frames::Material> kKnown[] = {
      {"ambient", &SdfReader::ReadAmbient},
      {"diffuse", &SdfReader::ReadDiffuse},
      {"specular", &SdfReader::ReadSpecular},
      {"emissive", &SdfReader::ReadEmissive},
      {"script", &SdfReader::ReadMaterialScript},
  };
  m->where = ctx_.At(e);
  ReadChildren(e, kKnown, m, &m->extensions);
}

void SdfReader::ReadColour(const Node* c,
                           std::optional<Eigen::Vector4d>* colour) {
  // libsdformat's Color reads "r g b" or "r g b a" (alpha 1); empty is
  // the default, as if not given.
  Eigen::Vector4d rgba(0, 0, 0, 1);
  std::string_view text = xml::Text(c);
  if (text.empty()) return;
  int count = 0;
  for (size_t i = 0; i < text.size();) {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    if (i < text.size()) ++count;
    while (i < text.size() && !std::isspace(static_cast<unsigned char>(text[i]))) ++i;
  }
  if (xml::ParseVector(text, count >= 4 ? 4 : 3, xml::What(c), c, ctx_,
                       rgba.data())) {
    *colour = rgba;
  }
}

void SdfReader::ReadMaterialScript(const Node* c, frames::Material* m) {
  const Node* uri = c->FirstChildElement("uri");
  if (!uri || xml::Text(uri).empty()) {
    // Gazebo cannot find the script; libsdformat refuses it too.
    ctx_.Error(c, frames::Code::MATERIAL_SCRIPT_URI_MISSING,
               "<material><script> has no <uri>");
  }
  m->extensions.push_back(xml::ToElement(c, ctx_));
}

void SdfReader::ReadInertial(const Node* e, frames::Inertial* in) {
  in->where = ctx_.At(e);
  ReadPose(e, &in->pose);
  in->mass = 1.0;  // SDF's default
  if (auto m = ChildDouble(e, "mass")) in->mass = *m;
  in->ixx = in->iyy = in->izz = 1.0;
  if (const Node* i = e->FirstChildElement("inertia")) {
    double* fields[] = {&in->ixx, &in->ixy, &in->ixz,
                        &in->iyy, &in->iyz, &in->izz};
    const char* names[] = {"ixx", "ixy", "ixz", "iyy", "iyz", "izz"};
    for (int k = 0; k < 6; ++k) {
      if (auto v = ChildDouble(i, names[k])) *fields[k] = *v;
    }
  }
}

void SdfReader::ReadVisual(const Node* e, frames::Visual* v) {
  static const Child<frames::Visual> kKnown[] = {
      {"pose", nullptr},
      {"origin", nullptr},
      {"geometry", nullptr},
      {"material", &SdfReader::ReadVisualMaterial},
  };
  v->where = ctx_.At(e);
  if (const char* n = RequiredName(e)) {
    v->name = n;
    v->name_given = true;
  }
  ReadPose(e, &v->pose);
  ReadGeometry(e, &v->geometry);
  ReadChildren(e, kKnown, v, &v->extensions);
  Upgrade(&v->extensions, LegacyParent::kVisual);
}

void SdfReader::ReadCollision(const Node* e, frames::Collision* c) {
  static const Child<frames::Collision> kKnown[] = {
      {"pose", nullptr},
      {"origin", nullptr},
      {"geometry", nullptr},
  };
  c->where = ctx_.At(e);
  if (const char* n = RequiredName(e)) {
    c->name = n;
    c->name_given = true;
  }
  ReadPose(e, &c->pose);
  ReadGeometry(e, &c->geometry);
  ReadChildren(e, kKnown, c, &c->extensions);
  Upgrade(&c->extensions, LegacyParent::kCollision);
}

void SdfReader::ReadLink(const Node* e, frames::Link* link) {
  static const Child<frames::Link> kKnown[] = {
      {"pose", nullptr},
      {"origin", nullptr},
      {"inertial", &SdfReader::ReadLinkInertial},
      {"visual", &SdfReader::ReadLinkVisual},
      {"collision", &SdfReader::ReadLinkCollision},
  };
  link->where = ctx_.At(e);
  if (const char* n = RequiredName(e)) link->name = n;
  ReadPose(e, &link->pose);
  ReadChildren(e, kKnown, link, &link->extensions);
  Upgrade(&link->extensions, LegacyParent::kLink);
  const Node* inertial = e->FirstChildElement("inertial");
  if (inertial && inertial->Attribute("auto")) {
    auto b = ParseBool(inertial->Attribute("auto"));
    if (!b) {
      ctx_.Error(inertial, frames::Code::BOOL_INVALID, std::string("<inertial auto='") +
                            inertial->Attribute("auto") + "'> is not a bool");
    } else if (*b) {
      ComputeAutoInertial(inertial, link);
    }
  }
}

void SdfReader::ComputeAutoInertial(const Node* e, frames::Link* link) {
  // SDFormat 1.11 //inertial/@auto: the inertial of the link's collisions,
  // each a solid of its //collision/density (1000 kg/m^3 by default); with
  // //inertial/mass given, that inertia scaled to that mass.
  std::vector<frames::InertialInFrame> parts;
  for (const frames::Collision& c : link->collisions) {
    double density = 1000.0;
    for (const Element& x : c.extensions) {
      if (x.name != "density") continue;
      auto v = xml::ParseNumberList(x.text);
      if (!v || v->size() != 1 || !((*v)[0] > 0)) {
        ctx_.diags->Error(frames::Code::INERTIAL_DENSITY_INVALID,
                          "<collision name='" + c.name + "'> <density> '" +
                              x.text + "' is not a positive number",
                          x.where);
        return;
      }
      density = (*v)[0];
    }
    auto part = ShapeInertial(c.geometry, density);
    const bool in_link_frame = c.pose.relative_to.empty() ||
                               c.pose.relative_to == link->name;
    if (!part || !in_link_frame) {
      ctx_.Warning(e, frames::Code::INERTIAL_AUTO_NOT_COMPUTED, "link '" + link->name + "': <inertial auto='true'> is not computed" +
              (part ? " (collision '" + c.name +
                          "' is posed relative_to another frame)"
                    : " (collision '" + c.name +
                          "' is a shape without a closed-form inertia)") +
              "; the inertial is kept as written");
      return;
    }
    part->X_BI = c.pose.ToIsometry();
    parts.push_back(*part);
  }
  if (parts.empty()) {
    ctx_.Error(e, frames::Code::INERTIAL_AUTO_NO_COLLISION, "link '" + link->name +
                          "': <inertial auto='true'> needs a collision to "
                          "compute the inertia from");
    return;
  }
  frames::InertialInFrame total = frames::CombineInertials(parts);
  frames::Inertial& in = link->inertial ? *link->inertial
                                        : link->inertial.emplace();
  in.where = ctx_.At(e);
  if (e->FirstChildElement("mass") && total.mass > 0) {
    total.I_I *= in.mass / total.mass;
    total.mass = in.mass;
  }
  in.mass = total.mass;
  in.pose = frames::Pose::FromIsometry(total.X_BI);
  in.SetInertiaMatrix(total.I_I);
}

void SdfReader::ReadAxis(const Node* e, frames::JointAxis* axis) {
  static const Child<AxisRead> kKnown[] = {
      {"xyz", &SdfReader::ReadAxisXyz},
      {"use_parent_model_frame", &SdfReader::ReadAxisUseParentModelFrame,
       &SdfReader::BeforeSdf17},
      {"limit", &SdfReader::ReadAxisLimit},
      {"dynamics", &SdfReader::ReadAxisDynamics},
  };
  axis->xyz = Eigen::Vector3d::UnitZ();  // SDF's default
  // Before 1.5 every axis was in the model frame; 1.5 and 1.6 say so with
  // use_parent_model_frame; 1.7 says it with expressed_in.
  AxisRead r{e, axis, minor_ < 5, true};
  ReadChildren(e, kKnown, &r, &axis->extensions);
  if (!e->FirstChildElement("xyz") && e->Attribute("xyz")) {
    r.xyz_read = ChildVector(e, "xyz", 3, axis->xyz.data());  // 1.0
  }
  // libsdformat refuses an axis whose components are all within 1e-6 of
  // zero (ignition's vector equality), whatever the joint type.
  if (r.xyz_read && (axis->xyz.array().abs() <= 1e-6).all()) {
    const Node* xyz = e->FirstChildElement("xyz");
    ctx_.Error(xyz ? xyz : e, frames::Code::JOINT_AXIS_ZERO, std::string("<") + e->Name() + "> xyz '" +
                          xml::FormatVector3(axis->xyz) +
                          "' is zero: an axis needs a direction");
  }
  if (minor_ < 7 && r.in_model_frame) axis->expressed_in = frames::kModelFrame;
}

void SdfReader::ReadAxisXyz(const Node* c, AxisRead* r) {
  // The value of the first <xyz> (as libsdformat reads it), each one's
  // expressed_in.
  r->xyz_read = ChildVector(r->e, "xyz", 3, r->axis->xyz.data());
  if (const char* in = c->Attribute("expressed_in")) {
    r->axis->expressed_in = in;
  }
}

void SdfReader::ReadAxisUseParentModelFrame(const Node* c, AxisRead* r) {
  if (auto b = BoolText(c)) r->in_model_frame = *b;
}

void SdfReader::ReadAxisLimit(const Node* c, AxisRead* r) {
  frames::JointLimit& l = r->axis->limit.emplace();
  ReadNumbers(c,
              {{"lower", &l.lower}, {"upper", &l.upper},
               {"effort", &l.effort}, {"velocity", &l.velocity}},
              &l.extensions, /*infinite_ok=*/true);
}

void SdfReader::ReadAxisDynamics(const Node* c, AxisRead* r) {
  frames::JointDynamics& d = r->axis->dynamics.emplace();
  ReadNumbers(c, {{"damping", &d.damping}, {"friction", &d.friction}},
              &d.extensions);
}

void SdfReader::ReadMimic(const Node* e, frames::Joint* joint) {
  const char* leader = e->Attribute("joint");
  if (!leader || !*leader) {
    ctx_.Error(e, frames::Code::ATTRIBUTE_MISSING, "<mimic> of joint '" + joint->name +
                          "' has no 'joint' attribute");
    return;
  }
  const char* axis = e->Attribute("axis");
  if (axis && std::strcmp(axis, "axis") != 0) return;  // axis2: SDF only
  frames::Mimic& m = joint->mimic.emplace();
  m.joint = leader;
  std::optional<double> reference;
  std::vector<Element> rest;
  ReadNumbers(e,
              {{"multiplier", &m.multiplier}, {"offset", &m.offset},
               {"reference", &reference}},
              &rest);
  // SDFormat: q = multiplier * (q_leader - reference) + offset; the model
  // (URDF's form): q = multiplier * q_leader + offset.
  if (reference && *reference != 0.0) {
    m.offset = m.offset.value_or(0.0) - m.multiplier.value_or(1.0) * *reference;
  }
}

void SdfReader::ReadJoint(const Node* e, frames::Joint* joint) {
  static const Child<frames::Joint> kKnown[] = {
      {"pose", nullptr},
      {"origin", nullptr},
      {"parent", nullptr},
      {"child", nullptr},
      {"axis", &SdfReader::ReadJointAxis},
      {"axis2", &SdfReader::ReadJointAxis2},
  };
  joint->where = ctx_.At(e);
  if (const char* n = RequiredName(e)) joint->name = n;
  if (const char* t = e->Attribute("type")) {
    if (auto type = frames::JointTypeFromName(t)) {
      joint->type = *type;
    } else {
      ctx_.Error(e, frames::Code::JOINT_TYPE_INVALID, "joint '" + joint->name + "' has unknown type '" + t +
                            "'");
    }
  } else {
    ctx_.Error(e, frames::Code::ATTRIBUTE_MISSING, "<joint name='" + joint->name +
                          "'> has no 'type' attribute");
  }
  auto link_name = [&](const char* which, std::string* out) {
    const Node* c = RequiredChild(e, which);
    if (!c) return;
    if (const char* l = c->Attribute("link")) *out = l;  // 1.0
    else *out = std::string(xml::Text(c));
  };
  link_name("parent", &joint->parent);
  link_name("child", &joint->child);
  ReadPose(e, &joint->pose);
  ReadChildren(e, kKnown, joint, &joint->extensions);
  Upgrade(&joint->extensions, LegacyParent::kJoint);
}

void SdfReader::ReadJointAxis(const Node* c, frames::Joint* joint) {
  ReadAxis(c, &joint->axis.emplace());
  if (const Node* m = c->FirstChildElement("mimic")) ReadMimic(m, joint);
}

void SdfReader::ReadFrame(const Node* e, frames::Frame* frame) {
  static const Child<frames::Frame> kKnown[] = {{"pose", nullptr}};
  frame->where = ctx_.At(e);
  if (const char* n = RequiredName(e)) frame->name = n;
  if (const char* a = e->Attribute("attached_to")) frame->attached_to = a;
  ReadPose(e, &frame->pose);
  ReadChildren(e, kKnown, frame, &frame->extensions);
}

// Records in `order` that the last of the `size` elements of its list of
// `kind` is the next child in document order.
void NoteLast(std::vector<frames::ChildRef>* order,
              frames::ChildRef::Kind kind, size_t size) {
  order->push_back({kind, static_cast<int>(size) - 1});
}

// A new last element of `list`, noted in `order` as the next child (of
// kind `kind`) in document order.
template <typename T>
T* AppendNoted(std::vector<T>* list, frames::ChildRef::Kind kind,
               std::vector<frames::ChildRef>* order) {
  T* added = &list->emplace_back();
  NoteLast(order, kind, list->size());
  return added;
}

template <auto list, auto read, frames::ChildRef::Kind kind, typename Parent>
void SdfReader::ReadListed(const Node* c, Parent* parent) {
  (this->*read)(c, AppendNoted(&(parent->*list), kind, &parent->order));
}

template <typename Parent>
void SdfReader::ReadNestedInclude(const Node* c, Parent* parent) {
  const size_t before = parent->extensions.size();
  if (auto m = ReadInclude(c, &parent->extensions)) {
    if (IsMerge(c)) {
      Merge(c, std::move(*m), parent);
    } else {
      parent->models.push_back(std::move(*m));
      NoteLast(&parent->order, frames::ChildRef::Kind::kModel,
               parent->models.size());
    }
  } else if (parent->extensions.size() > before) {
    NoteLast(&parent->order, frames::ChildRef::Kind::kExtension,
             parent->extensions.size());
  }
}

template <typename Parent>
void SdfReader::KeepNoted(const Node* c, Parent* parent) {
  parent->extensions.push_back(xml::ToElement(c, ctx_));
  NoteLast(&parent->order, frames::ChildRef::Kind::kExtension,
           parent->extensions.size());
}

void SdfReader::ReadModel(const Node* e, Model* model) {
  using K = frames::ChildRef::Kind;
  static const Child<Model> kKnown[] = {
      {"pose", nullptr},
      {"origin", nullptr},
      {"link", &SdfReader::ReadListed<&Model::links, &SdfReader::ReadLink,
                                      K::kLink>},
      {"joint", &SdfReader::ReadListed<&Model::joints, &SdfReader::ReadJoint,
                                       K::kJoint>},
      {"frame", &SdfReader::ReadListed<&Model::frames, &SdfReader::ReadFrame,
                                       K::kFrame>},
      {"model", &SdfReader::ReadListed<&Model::models, &SdfReader::ReadModel,
                                       K::kModel>},
      {"include", &SdfReader::ReadNestedInclude<Model>,
       &SdfReader::ResolvingIncludes},
      {"static", &SdfReader::ReadModelStatic},
  };
  // Depth of the model being read, for the nesting check of includes.
  struct Level {
    size_t* depth;
    explicit Level(size_t* d) : depth(d) { ++*depth; }
    ~Level() { --*depth; }
  } level(&model_depth_);
  model->where = ctx_.At(e);
  model->source_version = version_;
  if (const char* n = RequiredName(e)) model->name = n;
  if (const char* c = e->Attribute("canonical_link")) model->canonical_link = c;
  if (const char* p = e->Attribute("placement_frame")) {
    model->placement_frame = p;
  }
  ReadModelAttributes(e, model);
  ReadPose(e, &model->pose);
  xml::ReadChildren(this, e, kKnown, model,
                    [&](const Node* c) { KeepNoted(c, model); });
  if (e->Attribute("static")) {  // 1.0 attribute form
    if (auto b = ParseBool(e->Attribute("static"))) model->is_static = *b;
  }
  Upgrade(&model->extensions, LegacyParent::kModel);
  if (minor_ < 7) {
    frames::RenameJointsClashingWithLinks(
        model, " (libsdformat renames it the same way for files before 1.7)",
        ctx_.diags);
  }
}

void SdfReader::ReadModelStatic(const Node* c, Model* model) {
  if (auto b = BoolText(c)) model->is_static = *b;
}

void SdfReader::ReadModelAttributes(const Node* e, Model* model) {
  for (const xml::Attr* a = e->FirstAttribute(); a; a = a->Next()) {
    const std::string key = a->Name();
    if (key == "name" || key == "canonical_link" ||
        key == "placement_frame" || key == "static") {
      continue;
    }
    model->attributes.emplace_back(key, a->Value());
    if (key.find(':') == std::string::npos) {
      ctx_.Warning(e, frames::Code::ATTRIBUTE_KEPT, "<model name='" + model->name + "'> attribute '" +
                              key +
                              "' is kept as written; nothing here interprets "
                              "it");
    }
  }
}

void SdfReader::ReadWorld(const Node* e, frames::World* world) {
  using frames::World;
  using K = frames::ChildRef::Kind;
  static const Child<World> kKnown[] = {
      {"model", &SdfReader::ReadListed<&World::models, &SdfReader::ReadModel,
                                       K::kModel>},
      {"frame", &SdfReader::ReadListed<&World::frames, &SdfReader::ReadFrame,
                                       K::kFrame>},
      // SDFormat 1.10 //world/joint (read in every version, as libsdformat
      // migrates a document before reading it).
      {"joint", &SdfReader::ReadListed<&World::joints, &SdfReader::ReadJoint,
                                       K::kJoint>},
      {"include", &SdfReader::ReadNestedInclude<World>,
       &SdfReader::ResolvingIncludes},
  };
  world->where = ctx_.At(e);
  world->source_version = version_;
  if (const char* n = RequiredName(e)) world->name = n;
  xml::ReadChildren(this, e, kKnown, world,
                    [&](const Node* c) { KeepNoted(c, world); });
  Upgrade(&world->extensions, LegacyParent::kWorld);
}

// The SDF file of model directory `dir`: the one its model.config names
// for the newest version this reader supports (as libsdformat picks), else
// model.sdf; "" when neither is there. An unreadable model.config is passed
// over, as libsdformat does.
std::string ModelDirectoryFile(const std::string& dir) {
  frames::Diagnostics unreadable;
  const std::string config_path = dir + "/model.config";
  const auto config_text = xml::ReadFile(config_path, &unreadable);
  const auto entries =
      config_text ? ModelConfigEntries(*config_text, config_path, &unreadable)
                  : std::nullopt;
  if (entries) {
    std::string best;
    int best_minor = -1;
    for (const ModelConfigEntry& entry : *entries) {
      const int minor =
          entry.version.empty() ? -1 : schema::MinorVersion(entry.version);
      const bool readable = minor >= 0 && minor <= kNewestMinor;
      if (best.empty() || (readable && minor > best_minor)) {
        best = entry.file;
        best_minor = readable ? minor : -1;
      }
    }
    if (!best.empty() && IsFile(dir + "/" + best)) return dir + "/" + best;
  }
  if (IsFile(dir + "/model.sdf")) return dir + "/model.sdf";
  return {};
}

bool SdfReader::IncludeAllowed(const Node* e, const std::string& uri,
                               const std::string& path,
                               const std::string& package_dir) {
  cache_->Resolve();
  const std::string canonical = CanonicalPath(path);
  const std::string lexical = LexicalPath(path);
  for (const std::string& root : cache_->roots) {
    if (IsUnder(canonical, root) || IsUnder(lexical, root)) return true;
  }
  // package://PKG/...: the package's directory is a configured place too
  // (--package, ROS_PACKAGE_PATH, AMENT_PREFIX_PATH, the repository's or
  // the enclosing package.xml), as FindIncludedFile resolved it.
  if (!package_dir.empty() && (IsUnder(canonical, CanonicalPath(package_dir)) ||
                               IsUnder(lexical, LexicalPath(package_dir)))) {
    return true;
  }
  ctx_.Error(
      e, frames::Code::INCLUDE_NOT_ALLOWED,
      "<include> uri '" + uri + "' names '" + canonical +
          "', which is outside the directory of the file converted and the "
          "model paths; it was not read (to read it, give "
          "--allow-include-from with a directory that holds it)");
  return false;
}

SdfReader::IncludeSearch SdfReader::SearchInclude(
    const std::string& uri, std::string* package_dir) {
  IncludeSearch search;
  std::vector<std::string>& candidates = search.candidates;
  const std::string kModel = "model://";
  const std::string kFile = "file://";
  search.fuel = ParseFuelUri(uri);
  search.package = SplitPackageUri(uri);
  if (search.package) {
    // package://PKG/rest (sdf_io/packages.h), without ROS.
    const auto& [name, rest] = *search.package;
    if (auto dir = FindPackage(name, options_.packages, ctx_.file,
                               &search.packages_searched)) {
      *package_dir = *dir;
      candidates.push_back(rest.empty() ? *dir : *dir + "/" + rest);
    }
  } else if (uri.compare(0, kModel.size(), kModel) == 0) {
    const std::string rest = uri.substr(kModel.size());
    for (const auto& d : ModelSearchDirs(options_.model_paths,
                                         options_.use_environment_paths)) {
      candidates.push_back(d + "/" + rest);
    }
  } else if (const std::optional<FuelUri>& fuel = search.fuel) {
    for (const auto& root : FuelCacheDirs(options_)) {
      const std::string dir = FuelCachedModel(root, *fuel);
      candidates.push_back(dir.empty() ? root + "/" + Lower(fuel->host) + "/" +
                                             Lower(fuel->owner) + "/models/" +
                                             Lower(fuel->name) +
                                             (fuel->version.empty()
                                                  ? std::string("/<newest>")
                                                  : "/" + fuel->version)
                                       : dir);
    }
  } else {
    std::string path = uri.compare(0, kFile.size(), kFile) == 0
                           ? uri.substr(kFile.size())
                           : uri;
    if (!path.empty() && path[0] != '/') {
      candidates.push_back(DirName(ctx_.file) + "/" + path);
      // A bare name ("x500") is then looked up in the model paths, as
      // libsdformat's and Gazebo's file lookup do.
      for (const auto& d : ModelSearchDirs(options_.model_paths,
                                           options_.use_environment_paths)) {
        candidates.push_back(d + "/" + path);
      }
    } else {
      candidates.push_back(path);
    }
  }
  return search;
}

std::optional<std::string> SdfReader::FindIncludedFile(
    const Node* e, const std::string& uri, std::string* package_dir) {
  const IncludeSearch search = SearchInclude(uri, package_dir);
  for (const auto& c : search.candidates) {
    if (IsFile(c)) {
      return IncludeAllowed(e, uri, c, *package_dir) ? std::optional(c)
                                                      : std::nullopt;
    }
    if (!IsDirectory(c)) continue;
    if (!IncludeAllowed(e, uri, c, *package_dir)) return std::nullopt;
    const std::string file = ModelDirectoryFile(c);
    if (!file.empty()) return file;
  }
  ReportUnresolvedInclude(e, uri, search);
  return std::nullopt;
}

void SdfReader::ReportUnresolvedInclude(const Node* e, const std::string& uri,
                                        const IncludeSearch& search) {
  const std::vector<std::string>& candidates = search.candidates;
  std::string searched;
  for (const auto& c : candidates) searched += (searched.empty() ? "" : ", ") + c;
  std::string message = "<include> uri '" + uri + "' names no file";
  if (search.package && candidates.empty()) {
    const std::string& package = search.package->first;
    std::string places;
    for (const auto& p : search.packages_searched)
      places += (places.empty() ? "" : ", ") + p;
    message += "; package '" + package + "' is not found (searched: " +
               places + "; give --package " + package + "=DIR)";
  } else if (candidates.empty()) {
    message += search.fuel ? "; no Fuel cache directory to search"
                           : "; no model path to search (give --model-path or set "
                             "SDF_PATH, GZ_SIM_RESOURCE_PATH, "
                             "IGN_GAZEBO_RESOURCE_PATH or GAZEBO_MODEL_PATH)";
  } else {
    message += "; searched: " + searched;
    if (search.fuel) message += " (Fuel models are not downloaded; only the local "
                                "Fuel cache is read)";
  }
  if (options_.keep_unresolved_includes) {
    ctx_.Warning(e, frames::Code::INCLUDE_KEPT_UNRESOLVED,
                 message +
                     "; the <include> is kept as written and "
                     "what it includes is not checked");
  } else {
    ctx_.Error(e, frames::Code::INCLUDE_UNRESOLVED, message);
  }
}

std::optional<Model> SdfReader::ReadInclude(const Node* e,
                                            std::vector<Element>* others) {
  const Node* u = RequiredChild(e, "uri");
  if (!u) return std::nullopt;
  const std::string uri(xml::Text(u));
  std::string package_dir;
  auto found = FindIncludedFile(e, uri, &package_dir);
  if (!found) {
    if (options_.keep_unresolved_includes)
      others->push_back(xml::ToElement(e, ctx_));
    return std::nullopt;
  }
  // A model.config may name a file outside its directory.
  if (!IncludeAllowed(e, uri, *found, package_dir)) return std::nullopt;
  const CachedDocument* cached =
      LoadIncluded(e, uri, *found, CanonicalPath(*found));
  if (!cached) return std::nullopt;
  const SdfDocument& doc = *cached->doc;
  // Each file's elements nest at most max_depth deep, but a chain of
  // includes nests models deeper than any one file; the frame graphs and
  // writers recurse once per level.
  if (model_depth_ + cached->depth > options_.limits.max_depth) {
    ctx_.Error(e, frames::Code::MODEL_NESTING_TOO_DEEP,
               "<include> of '" + uri + "' nests models " +
                   std::to_string(model_depth_ + cached->depth) +
                   " deep once expanded; the limit is " +
                   std::to_string(options_.limits.max_depth) +
                   " (--max-depth)");
    return std::nullopt;
  }
  if (doc.models.empty()) {
    // model://sun is a light: kept as the include, which is its 1.7 form.
    others->push_back(xml::ToElement(e, ctx_));
    return std::nullopt;
  }
  // Refuse an include "bomb" (a diamond of files each including the next
  // twice) before copying, by the number of models and links it makes.
  cache_->expanded += cached->size;
  if (cache_->expanded > options_.max_expanded_size) {
    if (!cache_->expansion_reported) {
      cache_->expansion_reported = true;
      ctx_.Error(e, frames::Code::INCLUDE_EXPANSION_TOO_LARGE, "<include> of '" + uri + "' makes the document hold more than " +
              std::to_string(options_.max_expanded_size) +
              " models and links once its includes are expanded");
    }
    return std::nullopt;
  }
  Model m = doc.models.front();
  ApplyInclude(e, &m);
  m.include = xml::ToElement(e, ctx_);
  m.where = ctx_.At(e);
  return m;
}

const CachedDocument* SdfReader::LoadIncluded(const Node* e,
                                              const std::string& uri,
                                              const std::string& found,
                                              const std::string& path) {
  cache_->Resolve();
  for (const auto& open : cache_->stack) {
    if (open == path) {
      ctx_.Error(e, frames::Code::INCLUDE_CYCLE, "<include> of '" + uri + "' (" + path +
                            ") includes a file that is including it");
      return nullptr;
    }
  }
  // The stack holds the file converted and each file included on the way
  // here: this include makes the chain one longer than the files below it.
  if (cache_->stack.size() > options_.limits.max_include_depth) {
    ctx_.Error(e, frames::Code::INCLUDE_TOO_DEEP,
               "<include> of '" + uri + "' makes a chain of " +
                   std::to_string(cache_->stack.size()) +
                   " includes, each in the file the previous one "
                   "included; the limit is " +
                   std::to_string(options_.limits.max_include_depth) +
                   " (--max-include-depth)");
    return nullptr;
  }
  auto cached = cache_->documents.find(path);
  if (cached != cache_->documents.end()) return &cached->second;
  frames::Diagnostics inner;
  auto text = xml::ReadFile(found, &inner, options_.limits);
  std::optional<SdfDocument> read;
  if (text) {
    cache_->stack.push_back(path);
    SdfReader reader(found, &inner, options_, cache_);
    read = reader.Read(*text);
    cache_->stack.pop_back();
  }
  ctx_.diags->Append(inner);
  if (!read) return nullptr;
  CachedDocument c;
  c.doc = std::make_shared<const SdfDocument>(std::move(*read));
  if (!c.doc->models.empty()) {
    c.size = ExpandedSize(c.doc->models.front());
    c.depth = ModelDepth(c.doc->models.front());
  }
  return &cache_->documents.emplace(path, std::move(c)).first->second;
}

void SdfReader::ApplyInclude(const Node* e, Model* m) {
  if (const Node* n = e->FirstChildElement("name")) {
    m->name = std::string(xml::Text(n));
  }
  if (e->FirstChildElement("pose")) {
    m->pose = frames::Pose();
    ReadPose(e, &m->pose);
  }
  if (const Node* s = e->FirstChildElement("static")) {
    if (auto b = BoolText(s)) m->is_static = *b;
  }
  if (const Node* pf = e->FirstChildElement("placement_frame")) {
    m->placement_frame = std::string(xml::Text(pf));
  }
  // Plugins given in the include belong to the model.
  for (const Node* p = e->FirstChildElement("plugin"); p;
       p = p->NextSiblingElement("plugin")) {
    m->extensions.push_back(xml::ToElement(p, ctx_));
    if (!m->order.empty()) {
      NoteLast(&m->order, frames::ChildRef::Kind::kExtension,
               m->extensions.size());
    }
  }
}

bool SdfReader::IsMerge(const Node* include) {
  const char* m = include->Attribute("merge");
  if (!m) return false;
  auto b = ParseBool(m);
  if (!b) {
    ctx_.Error(include, frames::Code::BOOL_INVALID, std::string("<include merge='") + m + "'> is not a bool");
    return false;
  }
  return *b;
}

bool SdfReader::MergeProxy(const Node* include, bool into_world,
                           const Model& m, frames::Frame* proxy) {
  // The included model's canonical link and placement frame, from the
  // frame core (its problems are reported when the merged model is
  // checked, so they are not reported twice here).
  frames::Diagnostics ignored;
  const frames::FrameGraph g = frames::FrameGraph::Build(m, &ignored);
  proxy->name = "_merged__" + m.name + frames::kModelFrame;
  proxy->attached_to = g.canonical_link();
  proxy->where = ctx_.At(include);
  proxy->pose = m.pose;
  if (!m.placement_frame.empty()) {
    // X_RM = X_RP * X_MP^-1: the include's pose places the placement frame.
    const auto X_MP = g.PoseInModel(m.placement_frame);
    if (!X_MP) {
      ctx_.Error(include, frames::Code::MODEL_PLACEMENT_FRAME_INVALID, "placement_frame '" + m.placement_frame +
                            "' of merge-included model '" + m.name +
                            "' names no frame of that model");
      return false;
    }
    proxy->pose = frames::Pose::FromIsometry(
        m.pose.ToIsometry() * X_MP->inverse(), m.pose.relative_to);
  }
  if (proxy->pose.relative_to.empty()) {
    proxy->pose.relative_to = into_world ? frames::kWorldFrame : frames::kModelFrame;
  }
  return true;
}

bool SdfReader::PrepareMerge(const Node* include, bool into_world,
                             Model* m, frames::Frame* proxy) {
  if (!MergeProxy(include, into_world, *m, proxy)) return false;
  const std::string& name = proxy->name;
  auto to_proxy = [&](std::string* ref, bool if_empty) {
    if (*ref == frames::kModelFrame || (if_empty && ref->empty())) *ref = name;
  };
  for (frames::Link& l : m->links) to_proxy(&l.pose.relative_to, true);
  for (Model& n : m->models) to_proxy(&n.pose.relative_to, true);
  for (frames::Frame& f : m->frames) {
    to_proxy(&f.attached_to, true);
    to_proxy(&f.pose.relative_to, false);
  }
  for (frames::Joint& j : m->joints) {
    to_proxy(&j.pose.relative_to, false);
    to_proxy(&j.parent, false);
    to_proxy(&j.child, false);
    if (j.axis) to_proxy(&j.axis->expressed_in, false);
    if (j.axis2) to_proxy(&j.axis2->expressed_in, false);
  }
  DropUnmergedElements(include, into_world, m);
  return true;
}

void SdfReader::DropUnmergedElements(const Node* include, bool into_world,
                                     Model* m) {
  // Only named and custom elements join the parent (libsdformat drops
  // <static>, <self_collide>, <enable_wind> ... of a merged model).
  std::vector<Element> kept;
  for (Element& x : m->extensions) {
    if (x.name == "plugin" || x.name == "gripper" ||
        x.name.find(':') != std::string::npos) {
      kept.push_back(std::move(x));
    } else {
      ctx_.Warning(include, frames::Code::MERGE_INCLUDE_ELEMENT_DROPPED, "<" + x.name + "> of merge-included model '" +
                              m->name +
                              "' is not merged into the including " +
                              (into_world ? "world" : "model") +
                              " (libsdformat drops it too)");
    }
  }
  if (m->is_static) {
    ctx_.Warning(include, frames::Code::MERGE_INCLUDE_ELEMENT_DROPPED, "<static> of merge-included model '" + m->name +
                            "' is not merged into the including " +
                            (into_world ? "world" : "model") +
                            " (libsdformat drops it too)");
  }
  m->extensions = std::move(kept);
}

namespace {

// Appends the elements of `from` (in its document order when it has one)
// to `to`'s lists, noting each in `order` through `note`.
template <typename Note>
void AppendMerged(Model&& from, std::vector<frames::Link>* links,
                  std::vector<frames::Joint>* joints,
                  std::vector<frames::Frame>* frames_out,
                  std::vector<Model>* models, std::vector<Element>* extensions,
                  Note note) {
  using K = frames::ChildRef::Kind;
  std::vector<frames::ChildRef> order = from.order;
  const size_t sizes[] = {from.links.size(), from.joints.size(),
                          from.frames.size(), from.models.size(),
                          from.extensions.size()};
  // A stale or missing order: the lists one after another.
  size_t counted = 0;
  for (const auto& r : order) {
    if (r.index < 0 || static_cast<size_t>(r.index) >=
                           sizes[static_cast<int>(r.kind)]) {
      counted = static_cast<size_t>(-1);
      break;
    }
    ++counted;
  }
  size_t total = 0;
  for (size_t n : sizes) total += n;
  if (counted != total) {
    order.clear();
    for (int k = 0; k < 5; ++k) {
      for (size_t i = 0; i < sizes[k]; ++i) {
        order.push_back({static_cast<K>(k), static_cast<int>(i)});
      }
    }
  }
  auto move = [&](auto& from_list, auto* to, const frames::ChildRef& r) {
    to->push_back(std::move(from_list[r.index]));
    note(r.kind, to->size());
  };
  for (const auto& r : order) {
    switch (r.kind) {
      case K::kLink: move(from.links, links, r); break;
      case K::kJoint: move(from.joints, joints, r); break;
      case K::kFrame: move(from.frames, frames_out, r); break;
      case K::kModel: move(from.models, models, r); break;
      case K::kExtension: move(from.extensions, extensions, r); break;
    }
  }
}

}  // namespace

void SdfReader::Merge(const Node* include, Model m, Model* parent) {
  frames::Frame proxy;
  if (!PrepareMerge(include, false, &m, &proxy)) return;
  using K = frames::ChildRef::Kind;
  auto note = [&](K kind, size_t size) {
    NoteLast(&parent->order, kind, size);
  };
  parent->frames.push_back(std::move(proxy));
  note(K::kFrame, parent->frames.size());
  AppendMerged(std::move(m), &parent->links, &parent->joints, &parent->frames,
               &parent->models, &parent->extensions, note);
}

void SdfReader::Merge(const Node* include, Model m, frames::World* parent) {
  if (!m.links.empty()) {
    // libsdformat: MERGE_INCLUDE_UNSUPPORTED; a world holds no links.
    ctx_.Error(include, frames::Code::MERGE_INCLUDE_UNSUPPORTED, "merge-include of model '" + m.name +
                          "' into a world: a world cannot hold its links (" +
                          m.links.front().name + ", ...)");
    return;
  }
  frames::Frame proxy;
  if (!PrepareMerge(include, true, &m, &proxy)) return;
  using K = frames::ChildRef::Kind;
  auto note = [&](K kind, size_t size) {
    NoteLast(&parent->order, kind, size);
  };
  parent->frames.push_back(std::move(proxy));
  note(K::kFrame, parent->frames.size());
  std::vector<frames::Link> no_links;
  AppendMerged(std::move(m), &no_links, &parent->joints, &parent->frames,
               &parent->models, &parent->extensions, note);
}

bool SdfReader::ParseXml(std::string_view text, xml::Document* doc) {
  // The file converted, or one in its directory tree, is the user's own:
  // its problems are reported in full. Another file (from a model path, a
  // Fuel cache, --allow-include-from) is not quoted: what the XML reader
  // says of it can hold its text.
  const bool own = cache_->stack.size() <= 1 || cache_->roots.size() < 2 ||
                   IsUnder(CanonicalPath(ctx_.file), cache_->roots[0]) ||
                   IsUnder(LexicalPath(ctx_.file), cache_->roots[1]);
  if (own) {
    if (!xml::Parse(text, ctx_.file, doc, ctx_.diags, options_.limits)) {
      return false;
    }
    doc->TrimAttributeValues();
    return true;
  }
  frames::Diagnostics parse;
  const bool ok = xml::Parse(text, ctx_.file, doc, &parse, options_.limits);
  if (ok) doc->TrimAttributeValues();
  for (frames::Diagnostic d : parse.all()) {
    if (d.severity == frames::Severity::kError) {
      d.message = "the included file is not read: the XML reader refuses it "
                  "at this line (" + std::string(frames::CodeName(d.code)) +
                  "; the file is outside the "
                  "directory of the file converted, so its text is not quoted)";
    }
    ctx_.diags->Add(std::move(d));
  }
  return ok;
}

std::optional<SdfDocument> SdfReader::Read(std::string_view text) {
  static const Child<SdfDocument> kKnown[] = {
      {"model", &SdfReader::ReadDocumentModel},
      {"world", &SdfReader::ReadDocumentWorld},
      {"include", &SdfReader::ReadDocumentInclude,
       &SdfReader::ResolvingIncludes},
  };
  xml::Document doc;
  if (!ParseXml(text, &doc)) return std::nullopt;
  const Node* root = doc.RootElement();
  SdfDocument out;
  if (!root || !(Is(root, "sdf") || Is(root, "gazebo"))) {
    ctx_.Error(root, frames::Code::SDF_ROOT_INVALID, std::string("the root element is <") +
                          (root ? root->Name() : "") +
                          ">, not <sdf>: this is not an SDFormat file");
    return std::nullopt;
  }
  out.gazebo_root = Is(root, "gazebo");
  out.where = ctx_.At(root);
  if (!ReadVersion(root, &out)) return std::nullopt;
  // Every element and value against the description of the version.
  CheckAgainstSchema(root, minor_, ctx_);
  ReadChildren(root, kKnown, &out, &out.extensions);
  Upgrade(&out.extensions, LegacyParent::kSdf);
  return out;
}

bool SdfReader::ReadVersion(const Node* root, SdfDocument* doc) {
  const char* version = root->Attribute("version");
  if (!version) {
    ctx_.Error(root, frames::Code::ATTRIBUTE_MISSING, std::string("<") + root->Name() +
                          "> has no 'version' attribute");
    return false;
  }
  version_ = version;
  doc->version = version_;
  minor_ = schema::MinorVersion(version_);
  if (minor_ < 0 || minor_ > kNewestMinor) {
    ctx_.Error(root, frames::Code::SDF_VERSION_UNSUPPORTED, "SDFormat version '" + version_ +
                          "' is not supported (1.0 to 1.12 are)");
    return false;
  }
  return true;
}

void SdfReader::ReadDocumentInclude(const Node* c, SdfDocument* doc) {
  // A document that is one included model (libsdformat reads it so).
  if (auto m = ReadInclude(c, &doc->extensions)) {
    doc->models.push_back(std::move(*m));
  }
}

}  // namespace

std::vector<std::string> ModelSearchDirs(
    const std::vector<std::string>& model_paths, bool use_environment_paths) {
  std::vector<std::string> dirs = model_paths;
  if (use_environment_paths) {
    for (const char* var : {"SDF_PATH", "GZ_SIM_RESOURCE_PATH",
                            "IGN_GAZEBO_RESOURCE_PATH", "GAZEBO_MODEL_PATH"}) {
      for (auto& d : SplitSearchPath(std::getenv(var))) dirs.push_back(d);
    }
  }
  return dirs;
}

std::vector<std::string> FuelCacheDirs(const ReadOptions& options) {
  std::vector<std::string> dirs = options.fuel_cache_dirs;
  if (!options.use_environment_paths) return dirs;
  for (const char* var : {"GZ_FUEL_CACHE_PATH", "IGN_FUEL_CACHE_PATH"}) {
    if (const char* v = std::getenv(var); v && *v) dirs.push_back(v);
  }
  if (const char* home = std::getenv("HOME"); home && *home) {
    dirs.push_back(std::string(home) + "/.gz/fuel");
    dirs.push_back(std::string(home) + "/.ignition/fuel");
  }
  return dirs;
}

namespace {

// Where an include may read from: the directory of the file read (and
// below), the model paths and Fuel caches searched, and
// ReadOptions::allowed_include_dirs; each canonical, then as written (made
// absolute). A file is allowed when its canonical path is under a
// canonical root or its path as written under a root as written: symbolic
// links are followed, since Bazel's sandboxes and runfiles trees (where
// the Starlark rules and tests convert) are trees of links into the source
// tree; '..' is not a way out either way.
std::vector<std::string> IncludeRoots(const std::string& file,
                                      const ReadOptions& options) {
  std::vector<std::string> dirs{DirName(file)};
  for (const auto& list :
       {ModelSearchDirs(options.model_paths, options.use_environment_paths),
        FuelCacheDirs(options), options.allowed_include_dirs}) {
    dirs.insert(dirs.end(), list.begin(), list.end());
  }
  std::vector<std::string> roots;
  for (const std::string& d : dirs) {
    if (d.empty()) continue;
    roots.push_back(CanonicalPath(d));
    roots.push_back(LexicalPath(d));
  }
  return roots;
}

}  // namespace

void IncludeCache::Resolve() {
  if (resolved) return;
  resolved = true;
  const std::string file = stack.front();
  stack.front() = CanonicalPath(file);
  roots = IncludeRoots(file, *options);
}

std::optional<SdfDocument> ReadSdf(std::string_view text,
                                   const std::string& file,
                                   frames::Diagnostics* diags,
                                   const ReadOptions& options) {
  IncludeCache cache;
  cache.stack.push_back(file);  // made canonical by Resolve
  cache.options = &options;
  SdfReader reader(file, diags, options, &cache);
  return reader.Read(text);
}

std::optional<SdfDocument> ReadSdfFile(const std::string& path,
                                       frames::Diagnostics* diags,
                                       const ReadOptions& options) {
  auto text = xml::ReadFile(path, diags, options.limits);
  if (!text) return std::nullopt;
  return ReadSdf(*text, path, diags, options);
}

}  // namespace sdf_io
