// Rendering a picture's DOT text (graph/dot.h) to SVG or PNG in-process
// with Graphviz's libraries (gvc, cgraph: Debian libgraphviz-dev), the
// `dot` layout; no `dot` binary runs. Graphviz keeps global state and is
// not thread-safe: calls are serialised here, so that any thread may call.
#pragma once

#include <optional>
#include <string>

namespace graph {

enum class ImageFormat { kDot, kSvg, kPng };

// The format a file name asks for by its extension (.dot, .gv, .svg, .png,
// any case); nullopt for any other.
std::optional<ImageFormat> FormatOfPath(const std::string& path);

// Lays `dot` out and renders it as `format` into *out (kDot: `dot` as it
// is). False, with *error saying what Graphviz reported, when it cannot.
// The same text gives the same bytes (for PNG: with the same fonts).
bool Render(const std::string& dot, ImageFormat format, std::string* out,
            std::string* error);

// An SVG document reduced to its <svg> element (no XML declaration, no
// DOCTYPE, no comments before it), for inlining in an HTML page.
std::string InlineSvg(const std::string& svg);

}  // namespace graph
