#include "graph/render.h"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <mutex>

#include "graph/graphviz_library.h"

namespace graph {
namespace {

// Graphviz's error handler (agseterrf) takes no context: what it reports
// while Render holds the lock goes here.
std::string* g_messages = nullptr;

int CollectMessage(char* message) {
  if (g_messages && message) *g_messages += message;
  return 0;
}

std::mutex& GraphvizMutex() {
  static std::mutex m;
  return m;
}

// One context for the process, made on first use under the lock: loading
// the plugins once (it reads config6a) rather than per picture.
GVC_t* Context(const GraphvizLibrary& gv) {
  static GVC_t* context = gv.gvContext();
  return context;
}

std::string Trimmed(std::string s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())))
    s.pop_back();
  return s;
}

// Graphviz's default pad around a drawing, in points, on each side: part of
// the bitmap (a picture's DOT never sets `pad`).
constexpr double kPadPoints = 4;

// The bitmap side, in pixels, of `points` (with the pad) at `dpi`.
long long Pixels(double points, int dpi) {
  return static_cast<long long>(std::ceil((points + 2 * kPadPoints) * dpi / 72.0));
}

// The resolution of the PNG of a laid-out graph: the highest dpi from
// kPngDpi down to kMinPngDpi whose bitmap keeps both sides within cairo's
// kMaxPngSide and its area within kMaxPngPixels. Graphviz would otherwise
// paint at 96 dpi whatever the size (shrinking only a side past cairo's
// limit, and saying so on standard error), and the PNG's cost is its
// pixels: encoding them is most of it. 0 when even kMinPngDpi is too large
// (*error says so).
int PngDpi(Agraph_t* g, std::string* error) {
  const boxf bb = GD_bb(g);
  const double w = bb.UR.x - bb.LL.x, h = bb.UR.y - bb.LL.y;
  for (int dpi = kPngDpi; dpi >= kMinPngDpi; --dpi) {
    const long long pw = Pixels(w, dpi), ph = Pixels(h, dpi);
    if (pw <= kMaxPngSide && ph <= kMaxPngSide && pw * ph <= kMaxPngPixels)
      return dpi;
  }
  char size[64];
  std::snprintf(size, sizeof size, "%.0f x %.0f points", w, h);
  *error = std::string("the picture is ") + size + ": a PNG of it at " +
           std::to_string(kMinPngDpi) + " dpi (the smallest whose labels " +
           "stay legible) would exceed " + std::to_string(kMaxPngPixels) +
           " pixels or " + std::to_string(kMaxPngSide) +
           " on a side; write .svg (or .dot) instead";
  return 0;
}

}  // namespace

std::optional<ImageFormat> FormatOfPath(const std::string& path) {
  const size_t dot = path.rfind('.');
  if (dot == std::string::npos || path.find('/', dot) != std::string::npos)
    return std::nullopt;
  std::string ext = path.substr(dot + 1);
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (ext == "dot" || ext == "gv") return ImageFormat::kDot;
  if (ext == "svg") return ImageFormat::kSvg;
  if (ext == "png") return ImageFormat::kPng;
  return std::nullopt;
}

bool Render(const std::string& dot, ImageFormat format, std::string* out,
            std::string* error) {
  if (format == ImageFormat::kDot) {
    *out = dot;
    return true;
  }
  // Loaded on the first picture, not linked (graph/graphviz_library.h).
  const GraphvizLibrary* lib = Graphviz(error);
  if (!lib) return false;
  const GraphvizLibrary& gv = *lib;
  std::lock_guard<std::mutex> lock(GraphvizMutex());
  std::string messages;
  g_messages = &messages;
  gv.agseterr(AGERR);  // warnings (layout hints) are not the user's problem
  gv.agseterrf(CollectMessage);
  struct Reset {
    const GraphvizLibrary& gv;
    ~Reset() {
      gv.agseterrf(nullptr);
      g_messages = nullptr;
    }
  } reset{gv};
  GVC_t* gvc = Context(gv);
  if (!gvc) {
    *error = "Graphviz could not start (gvContext failed)";
    return false;
  }
  Agraph_t* g = gv.agmemread(dot.c_str());
  if (!g) {
    *error = "Graphviz could not read the picture: " + Trimmed(messages);
    return false;
  }
  bool ok = false;
  if (gv.gvLayout(gvc, g, "dot") != 0) {
    *error = "Graphviz could not lay the picture out: " + Trimmed(messages);
    gv.agclose(g);
    return false;
  }
  const int dpi = format == ImageFormat::kPng ? PngDpi(g, error) : 0;
  if (format != ImageFormat::kPng || dpi != 0) {
    // Read when rendering starts (the layout set it from the graph's
    // `dpi`, which a picture's DOT leaves unset).
    if (dpi) GD_drawing(g)->dpi = dpi;
    char* data = nullptr;
    unsigned int length = 0;
    // PNG: cairo paints, gd writes the file (a 256-colour palette): half
    // the time of cairo's own PNG writer and a quarter of its bytes.
    const char* name = format == ImageFormat::kSvg ? "svg" : "png:cairo:gd";
    if (gv.gvRenderData(gvc, g, name, &data, &length) != 0 || !data) {
      *error = std::string("Graphviz could not render ") + name +
               " (is its plugin installed?): " + Trimmed(messages);
    } else {
      out->assign(data, length);
      ok = true;
    }
    if (data) gv.gvFreeRenderData(data);
  }
  gv.gvFreeLayout(gvc, g);
  gv.agclose(g);
  return ok;
}

std::string InlineSvg(const std::string& svg) {
  const size_t start = svg.find("<svg");
  if (start == std::string::npos) return svg;
  return svg.substr(start);
}

}  // namespace graph
