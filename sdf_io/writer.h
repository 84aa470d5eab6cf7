// frames::Model -> SDFormat 1.7 text. A pure printer: it writes every pose
// with the relative_to the model records and does no pose arithmetic, so the
// caller decides the form (URDF parity, explicit frames ...).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "frames/model.h"
#include "sdf_io/document.h"
#include "xml/writer.h"

namespace sdf_io {

struct WriteOptions {
  // xmlns declarations put on <sdf>, for the prefixes of carried custom
  // elements (e.g. {"urdf", "http://www.ros.org/wiki/urdf"}).
  std::vector<std::pair<std::string, std::string>> namespaces;
  // Models that came from an //include are written back as the include
  // (uri, name, pose, static ...) rather than expanded.
  bool keep_includes = true;
  // The <sdf version> written. The caller has made the model fit it first
  // (reshape/to_sdf/sdf_version.h); this printer writes what the model holds.
  std::string version = "1.7";
};

// Order: each link preceded by the joint whose child it is (the spec's URDF
// parity layout), remaining joints, frames, nested models, then the model's
// kept-verbatim elements. Deterministic: the same model gives the same bytes.
// A model that records its document order (Model::order, from the SDF
// reader) is written in that order instead, so a migrated file diffs cleanly
// against its source.
std::string WriteSdf(const frames::Model& model, const WriteOptions& options);
// The same text handed to `sink` in pieces as it is written, instead of
// returned whole (a large model written straight to its file or standard
// output is never held in memory at once). False when the sink refused a
// piece: it was given nothing more.
bool WriteSdf(const frames::Model& model, const WriteOptions& options,
              const xml::Sink& sink);

// A whole document (models, worlds, top-level lights ...) as SDFormat
// (options.version, 1.7 by default).
// Composition 1.7 lacks is the caller's to rewrite first
// (reshape/to_sdf/as_sdf17.h); a //world/joint left in World::joints is written
// as the 1.10 element it is.
std::string WriteSdfDocument(const SdfDocument& doc,
                             const WriteOptions& options);
// The same text handed to `sink` in pieces as it is written (as WriteSdf's).
bool WriteSdfDocument(const SdfDocument& doc, const WriteOptions& options,
                      const xml::Sink& sink);

}  // namespace sdf_io
