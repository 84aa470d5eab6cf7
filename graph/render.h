// Rendering a picture's DOT text (graph/dot.h) to SVG or PNG in-process
// with Graphviz's libraries (gvc, cgraph: Debian libgraphviz-dev), the
// `dot` layout; no `dot` binary runs. The libraries are opened on the first
// SVG or PNG, not linked (graph/graphviz_library.h): an executable that
// links this loads them only when it draws. Graphviz keeps global state and is
// not thread-safe: calls are serialised here, so that any thread may call.
#pragma once

#include <optional>
#include <string>

namespace graph {

enum class ImageFormat { kDot, kSvg, kPng };

// The format a file name asks for by its extension (.dot, .gv, .svg, .png,
// any case); nullopt for any other.
std::optional<ImageFormat> FormatOfPath(const std::string& path);

// A PNG's resolution: kPngDpi (Graphviz's default for bitmaps, 8-point
// labels 10.7 pixels high) when its bitmap fits within kMaxPngPixels and
// kMaxPngSide (cairo's limit), else the highest dpi down to kMinPngDpi
// (8-point labels 8 pixels high, still legible) that fits. That bounds a
// picture's time and memory (about 10 bytes a pixel while it is made).
constexpr int kPngDpi = 96;
constexpr int kMinPngDpi = 72;
constexpr long long kMaxPngPixels = 12'000'000;
constexpr long long kMaxPngSide = 32767;

// Lays `dot` out and renders it as `format` into *out (kDot: `dot` as it
// is). False, with *error saying what Graphviz reported, when it cannot
// (or which of its libraries could not be loaded, and why),
// or, for kPng, that the picture is too large for a legible PNG within
// those bounds (SVG has none).
// The same text gives the same bytes (for PNG: with the same fonts).
bool Render(const std::string& dot, ImageFormat format, std::string* out,
            std::string* error);

// An SVG document reduced to its <svg> element (no XML declaration, no
// DOCTYPE, no comments before it), for inlining in an HTML page.
std::string InlineSvg(const std::string& svg);

}  // namespace graph
