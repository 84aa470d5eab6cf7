#include "graph/render.h"

#include <graphviz/cgraph.h>
#include <graphviz/gvc.h>

#include <cctype>
#include <mutex>

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
GVC_t* Context() {
  static GVC_t* context = gvContext();
  return context;
}

std::string Trimmed(std::string s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())))
    s.pop_back();
  return s;
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
  std::lock_guard<std::mutex> lock(GraphvizMutex());
  std::string messages;
  g_messages = &messages;
  agseterr(AGERR);  // warnings (layout hints) are not the user's problem
  agseterrf(CollectMessage);
  struct Reset {
    ~Reset() {
      agseterrf(nullptr);
      g_messages = nullptr;
    }
  } reset;
  GVC_t* gvc = Context();
  if (!gvc) {
    *error = "Graphviz could not start (gvContext failed)";
    return false;
  }
  Agraph_t* g = agmemread(dot.c_str());
  if (!g) {
    *error = "Graphviz could not read the picture: " + Trimmed(messages);
    return false;
  }
  bool ok = false;
  if (gvLayout(gvc, g, "dot") != 0) {
    *error = "Graphviz could not lay the picture out: " + Trimmed(messages);
  } else {
    char* data = nullptr;
    unsigned int length = 0;
    const char* name = format == ImageFormat::kSvg ? "svg" : "png";
    if (gvRenderData(gvc, g, name, &data, &length) != 0 || !data) {
      *error = std::string("Graphviz could not render ") + name +
               " (is its plugin installed?): " + Trimmed(messages);
    } else {
      out->assign(data, length);
      ok = true;
    }
    if (data) gvFreeRenderData(data);
    gvFreeLayout(gvc, g);
  }
  agclose(g);
  return ok;
}

std::string InlineSvg(const std::string& svg) {
  const size_t start = svg.find("<svg");
  if (start == std::string::npos) return svg;
  return svg.substr(start);
}

}  // namespace graph
