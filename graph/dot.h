// Pictures of a robot as Graphviz DOT text (`robot-graph`, the commands'
// --graph, migrate's HTML report): the kinematic tree of its models, or
// SDFormat's two frame graphs of each scope. Text only: rendering the text
// to SVG or PNG is graph/render.h, a separate target, so that this part
// needs no Graphviz. Deterministic: the same models give the same text
// (model order, no addresses, no hashing).
#pragma once

#include <string>
#include <vector>

#include "frames/model.h"

namespace graph {

enum class GraphKind {
  // Links as boxes (name, mass), joints as edges labelled with name, type
  // and axis (fixed, continuous, floating and SDF-only types drawn
  // distinctly), explicit frames as small ellipses on what they are
  // attached to, nested and included models as clusters, the root links
  // (no parent joint) and each scope's canonical link marked.
  kTree,
  // Per scope (model, nested model), SDFormat 1.7's two frame graphs as
  // frames::FrameGraph builds them: the attached_to graph and the
  // relative_to graph, each a cluster (what `gz sdf -g frame|pose` shows).
  kFrames,
};

// "tree" / "frames" -> kind; false for anything else.
bool ParseGraphKind(const std::string& text, GraphKind* kind);

// One model to draw, with the world that holds it ("" at the top).
struct GraphModel {
  const frames::Model* model = nullptr;
  std::string world;
};

// The DOT text of `models` (each model its own cluster), titled `title` (a
// file name, shown as the picture's label).
std::string ToDot(const std::vector<GraphModel>& models,
                  const std::string& title, GraphKind kind);

// `text` as a DOT double-quoted string (quotes and backslashes escaped,
// newlines as \n), with the quotes.
std::string QuoteDot(const std::string& text);

}  // namespace graph
