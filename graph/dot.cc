#include "graph/dot.h"

#include <cstdio>
#include <map>
#include <set>
#include <sstream>
#include <utility>

#include "diag/diagnostics.h"
#include "frames/graph.h"

namespace graph {
namespace {

constexpr char kFont[] = "Helvetica";

// Shortest %g form that reads back as the same number for what pictures
// show (masses, axes): six significant digits.
std::string Number(double v) {
  if (v == 0) return "0";  // and -0
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", v);
  return buf;
}

std::string Vector(const frames::Vector3& v) {
  return Number(v.x()) + " " + Number(v.y()) + " " + Number(v.z());
}

// Graph-wide settings shared by both kinds.
void Header(const std::string& title, const char* rankdir,
            std::ostringstream* out) {
  *out << "digraph " << QuoteDot(title) << " {\n"
       << "  graph [label=" << QuoteDot(title) << ", labelloc=t, fontname=\""
       << kFont << "\", fontsize=14, rankdir=" << rankdir
       << ", nodesep=0.3, ranksep=0.5, newrank=true];\n"
       << "  node [fontname=\"" << kFont << "\", fontsize=10];\n"
       << "  edge [fontname=\"" << kFont << "\", fontsize=8];\n";
}

std::string Indent(int depth) { return std::string(2 * depth, ' '); }

// ---------------------------------------------------------------- the tree

// The style of a joint's edge by its type: what the legend of
// docs/robot-graph.md explains.
std::string JointStyle(frames::JointType type) {
  using T = frames::JointType;
  switch (type) {
    case T::kFixed: return "style=dashed, color=gray40, fontcolor=gray30";
    case T::kContinuous: return "color=blue, fontcolor=blue, penwidth=2";
    case T::kRevolute: return "color=black";
    case T::kPrismatic: return "color=darkgreen, fontcolor=darkgreen";
    case T::kFloating:
      return "style=dotted, color=red, fontcolor=red, penwidth=2";
    default:  // planar and SDFormat's own: ball, universal, revolute2 ...
      return "color=purple, fontcolor=purple, style=bold";
  }
}

class TreeWriter {
 public:
  explicit TreeWriter(std::ostringstream* out) : out_(*out) {}

  void Model(const GraphModel& gm) {
    const frames::Model& model = *gm.model;
    frames::Diagnostics ignored;  // the readers reported the model's problems
    const frames::FrameGraph fg = frames::FrameGraph::Build(model, &ignored);
    scopes_.emplace_back();
    Scope& scope = scopes_.back();
    std::string label = "model " + model.name;
    if (!gm.world.empty()) label = "world " + gm.world + ": " + label;
    DeclareScope(model, &fg, label, &scope, 1);
    Edges(model, &scope, 1);
    world_id_.clear();  // each model's own world node
  }

  // After every model: the roots (links no joint has as its child).
  void Finish() {
    for (const auto& [id, root_label] : link_labels_) {
      const bool root = children_.count(id) == 0;
      const bool canonical = canonical_.count(id) != 0;
      std::string marks;
      if (root) marks = "root";
      if (canonical) marks += std::string(marks.empty() ? "" : ", ") + "canonical";
      out_ << "  " << id << " [label=" << QuoteDot(root_label + (marks.empty() ? "" : "\n(" + marks + ")"));
      if (root) out_ << ", peripheries=2";
      if (canonical) out_ << ", style=\"rounded,filled\", fillcolor=lightyellow";
      out_ << "];\n";
    }
  }

 private:
  struct Scope {
    const frames::Model* model = nullptr;
    std::map<std::string, std::string> links, frames;  // name -> node id
    std::vector<std::pair<std::string, Scope>> nested;
    std::string canonical_id;
  };

  std::string NewId() { return "n" + std::to_string(next_id_++); }

  void DeclareScope(const frames::Model& model, const frames::FrameGraph* fg,
                    const std::string& label, Scope* scope, int depth) {
    scope->model = &model;
    const std::string in = Indent(depth);
    out_ << in << "subgraph " << QuoteDot("cluster_" + NewId()) << " {\n"
         << in << "  label=" << QuoteDot(ScopeLabel(model, label))
         << "; style=rounded; color=gray60; fontsize=11;\n";
    for (const frames::Link& l : model.links) {
      if (scope->links.count(l.name)) continue;  // a duplicate name
      const std::string id = NewId();
      scope->links[l.name] = id;
      std::string text = l.name + "\n" +
                         (l.inertial ? Number(l.inertial->mass) + " kg"
                                     : std::string("no inertial"));
      link_labels_.emplace_back(id, text);
      out_ << in << "  " << id << " [shape=box, style=rounded];\n";
    }
    for (const frames::Frame& f : model.frames) {
      if (CarriedJoint(f)) continue;  // drawn as the joint it carries
      if (scope->frames.count(f.name) || scope->links.count(f.name)) continue;
      const std::string id = NewId();
      scope->frames[f.name] = id;
      out_ << in << "  " << id << " [label=" << QuoteDot(f.name)
           << ", shape=ellipse, fontsize=8, height=0.25, color=gray50];\n";
    }
    for (const frames::Model& m : model.models) {
      scope->nested.emplace_back(m.name, Scope());
      const frames::FrameGraph* nfg = fg ? fg->Nested(m.name) : nullptr;
      DeclareScope(m, nfg, "model " + m.name, &scope->nested.back().second,
                   depth + 1);
    }
    out_ << in << "}\n";
    // The canonical link: the frame graph's choice (spec 7.2), a scoped
    // name when it is a nested model's.
    std::string canonical = fg ? fg->canonical_link() : "";
    if (canonical.empty() && !model.links.empty())
      canonical = model.links.front().name;
    if (!canonical.empty()) {
      scope->canonical_id = Find(*scope, canonical);
      if (!scope->canonical_id.empty()) canonical_.insert(scope->canonical_id);
    }
  }

  static std::string ScopeLabel(const frames::Model& model,
                                const std::string& label) {
    std::string text = label;
    if (model.include) {
      const frames::Element* uri = model.include->Child("uri");
      if (uri) text += "\nincluded from " + uri->text;
    }
    if (model.is_static) text += "\n(static)";
    return text;
  }

  // The <urdf:joint> a frame carries (a URDF floating or planar joint
  // urdf2sdf wrote as a //frame), or nullptr.
  static const frames::Element* CarriedJoint(const frames::Frame& f) {
    for (const frames::Element& e : f.extensions)
      if (e.name == "urdf:joint") return &e;
    return nullptr;
  }

  // The node a frame name of `scope` stands for ("" when none): a link, an
  // explicit frame, a nested model (its canonical link), "A::B" in nested
  // model A, __model__ (the canonical link).
  std::string Find(const Scope& scope, const std::string& name) const {
    if (name == frames::kModelFrame) return scope.canonical_id;
    if (auto it = scope.links.find(name); it != scope.links.end())
      return it->second;
    if (auto it = scope.frames.find(name); it != scope.frames.end())
      return it->second;
    const size_t sep = name.find("::");
    const std::string head = name.substr(0, sep);
    for (const auto& [n, s] : scope.nested) {
      if (n != head) continue;
      if (sep == std::string::npos) return s.canonical_id;
      return Find(s, name.substr(sep + 2));
    }
    return "";
  }

  // The node of a joint's parent or child: the world node, a frame of the
  // scope, or a node drawn for a name that names nothing.
  std::string Endpoint(const Scope& scope, const std::string& name, int depth) {
    if (name == frames::kWorldFrame && !scope.links.count(name)) {
      if (world_id_.empty()) {
        world_id_ = NewId();
        out_ << Indent(depth) << world_id_
             << " [label=\"world\", shape=ellipse, style=filled, "
                "fillcolor=gray90];\n";
      }
      return world_id_;
    }
    std::string id = Find(scope, name);
    if (id.empty()) {
      id = NewId();
      out_ << Indent(depth) << id << " [label=" << QuoteDot(name + "\n(names nothing)")
           << ", shape=box, style=dashed, color=red, fontcolor=red];\n";
    }
    return id;
  }

  void Edge(const Scope& scope, const std::string& parent,
            const std::string& child, const std::string& label,
            const std::string& style, int depth) {
    const std::string p = Endpoint(scope, parent, depth);
    const std::string c = Endpoint(scope, child, depth);
    children_.insert(c);
    out_ << Indent(depth) << p << " -> " << c << " [label=" << QuoteDot(label)
         << ", " << style << "];\n";
  }

  static std::string AxisLine(const char* name, const frames::JointAxis& a) {
    std::string s = std::string("\n") + name + " " + Vector(a.xyz);
    if (!a.expressed_in.empty()) s += " in " + a.expressed_in;
    return s;
  }

  void Edges(const frames::Model& model, Scope* scope, int depth) {
    for (const frames::Joint& j : model.joints) {
      std::string label = j.name + "\n" + frames::JointTypeName(j.type);
      if (j.axis) label += AxisLine("axis", *j.axis);
      if (j.axis2) label += AxisLine("axis2", *j.axis2);
      Edge(*scope, j.parent, j.child, label, JointStyle(j.type), depth);
    }
    for (const frames::Frame& f : model.frames) {
      if (const frames::Element* carried = CarriedJoint(f)) {
        const std::string* type = carried->Attribute("type");
        const std::string* parent = carried->Attribute("parent");
        const std::string* child = carried->Attribute("child");
        if (!parent || !child) continue;
        std::string label = f.name + "\n" + (type ? *type : "?") + " (carried)";
        if (const frames::Element* axis = carried->Child("axis"))
          if (const std::string* xyz = axis->Attribute("xyz"))
            label += "\naxis " + *xyz;
        Edge(*scope, *parent, *child, label,
             "style=dashed, color=purple, fontcolor=purple, penwidth=2", depth);
        continue;
      }
      const auto it = scope->frames.find(f.name);
      if (it == scope->frames.end()) continue;
      const std::string on = Find(*scope, f.attached_to.empty()
                                              ? std::string(frames::kModelFrame)
                                              : f.attached_to);
      if (on.empty()) continue;
      out_ << Indent(depth) << on << " -> " << it->second
           << " [style=dotted, arrowhead=none, color=gray50];\n";
    }
    for (size_t k = 0; k < model.models.size(); ++k)
      Edges(model.models[k], &scope->nested[k].second, depth);
  }

  std::ostringstream& out_;
  int next_id_ = 0;
  std::vector<Scope> scopes_;
  std::string world_id_;
  // Link nodes in order with their labels, completed by Finish.
  std::vector<std::pair<std::string, std::string>> link_labels_;
  std::set<std::string> children_, canonical_;
};

// -------------------------------------------------------- the frame graphs

const char* KindShape(frames::FrameGraph::Kind kind) {
  using K = frames::FrameGraph::Kind;
  switch (kind) {
    case K::kModelFrame:
    case K::kWorldFrame: return "shape=ellipse, style=bold";
    case K::kLink: return "shape=box";
    case K::kJoint: return "shape=hexagon";
    case K::kFrame: return "shape=ellipse";
    case K::kNestedModel: return "shape=box3d";
  }
  return "shape=box";
}

class FramesWriter {
 public:
  explicit FramesWriter(std::ostringstream* out) : out_(*out) {}

  void Model(const GraphModel& gm) {
    frames::Diagnostics ignored;  // the readers reported the model's problems
    const frames::FrameGraph fg = frames::FrameGraph::Build(*gm.model, &ignored);
    std::string label = "model " + gm.model->name;
    if (!gm.world.empty()) label = "world " + gm.world + ": " + label;
    Scope(fg, label, 1);
  }

 private:
  std::string NewId() { return "n" + std::to_string(next_id_++); }

  void Scope(const frames::FrameGraph& fg, const std::string& label, int depth) {
    const std::string in = Indent(depth);
    out_ << in << "subgraph " << QuoteDot("cluster_" + NewId()) << " {\n"
         << in << "  label=" << QuoteDot(label)
         << "; style=rounded; color=gray60; fontsize=11;\n";
    const auto vertices = fg.Vertices();
    OneGraph(vertices, true, depth + 1);
    OneGraph(vertices, false, depth + 1);
    out_ << in << "}\n";
    for (const auto& [name, nested] : fg.NestedScopes())
      Scope(nested, label + "::" + name, depth);
  }

  // The attached_to graph (`attached`) or the relative_to graph.
  void OneGraph(const std::vector<frames::FrameGraph::VertexView>& vertices,
                bool attached, int depth) {
    const std::string in = Indent(depth);
    out_ << in << "subgraph " << QuoteDot("cluster_" + NewId()) << " {\n"
         << in << "  label=" << QuoteDot(attached ? "attached_to" : "relative_to")
         << "; style=dashed; color=gray70; fontsize=10;\n";
    std::map<std::string, std::string> ids;
    for (const auto& v : vertices) {
      if (ids.count(v.name)) continue;
      const std::string id = NewId();
      ids[v.name] = id;
      out_ << in << "  " << id << " [label=" << QuoteDot(v.name) << ", "
           << KindShape(v.kind) << (v.scoped ? ", color=gray50, fontcolor=gray40" : "")
           << "];\n";
    }
    std::string invalid;
    for (const auto& v : vertices) {
      const std::string& target = attached ? v.attached_to : v.relative_to;
      if (target.empty()) continue;
      std::string to;
      if (auto it = ids.find(target); it != ids.end() && target != "?") {
        to = it->second;
      } else {
        if (invalid.empty()) {
          invalid = NewId();
          out_ << in << "  " << invalid
               << " [label=\"(unresolved)\", shape=plaintext, fontcolor=red];\n";
        }
        to = invalid;
      }
      out_ << in << "  " << ids[v.name] << " -> " << to
           << (attached ? " [color=blue]" : " [color=darkgreen]") << ";\n";
    }
    out_ << in << "}\n";
  }

  std::ostringstream& out_;
  int next_id_ = 0;
};

}  // namespace

bool ParseGraphKind(const std::string& text, GraphKind* kind) {
  if (text == "tree") *kind = GraphKind::kTree;
  else if (text == "frames") *kind = GraphKind::kFrames;
  else return false;
  return true;
}

std::string QuoteDot(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    if (c == '\r') continue;
    out += c;
  }
  return out + "\"";
}

std::string ToDot(const std::vector<GraphModel>& models,
                  const std::string& title, GraphKind kind) {
  std::ostringstream out;
  if (kind == GraphKind::kTree) {
    Header(title, "TB", &out);
    TreeWriter writer(&out);
    for (const GraphModel& m : models) writer.Model(m);
    writer.Finish();
  } else {
    Header(title, "BT", &out);
    FramesWriter writer(&out);
    for (const GraphModel& m : models) writer.Model(m);
  }
  out << "}\n";
  return out.str();
}

}  // namespace graph
