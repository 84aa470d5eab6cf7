#include "graph/graphviz_library.h"

#include <dlfcn.h>

namespace graph {
namespace {

std::string DlError() {
  const char* e = dlerror();
  return e ? e : "unknown error";
}

template <typename F>
bool Resolve(void* handle, const char* library, const char* name, F* f,
             std::string* error) {
  dlerror();  // clear any earlier error
  *f = reinterpret_cast<F>(dlsym(handle, name));
  if (*f) return true;
  *error = std::string("Graphviz's ") + library + " has no " + name + ": " +
           DlError();
  return false;
}

}  // namespace

bool OpenGraphvizLibrary(const char* cgraph, const char* gvc,
                         GraphvizLibrary* lib, std::string* error) {
  // cgraph first: gvc needs it (and names it as its own dependency).
  void* cg = dlopen(cgraph, RTLD_NOW | RTLD_LOCAL);
  if (!cg) {
    *error = std::string("cannot load Graphviz's library ") + cgraph +
             " (Debian package libcgraph6): " + DlError();
    return false;
  }
  void* gv = dlopen(gvc, RTLD_NOW | RTLD_LOCAL);
  if (!gv) {
    *error = std::string("cannot load Graphviz's library ") + gvc +
             " (Debian package libgvc6): " + DlError();
    return false;
  }
  return Resolve(gv, gvc, "gvContext", &lib->gvContext, error) &&
         Resolve(gv, gvc, "gvLayout", &lib->gvLayout, error) &&
         Resolve(gv, gvc, "gvFreeLayout", &lib->gvFreeLayout, error) &&
         Resolve(gv, gvc, "gvRenderData", &lib->gvRenderData, error) &&
         Resolve(gv, gvc, "gvFreeRenderData", &lib->gvFreeRenderData, error) &&
         Resolve(cg, cgraph, "agmemread", &lib->agmemread, error) &&
         Resolve(cg, cgraph, "agclose", &lib->agclose, error) &&
         Resolve(cg, cgraph, "agseterr", &lib->agseterr, error) &&
         Resolve(cg, cgraph, "agseterrf", &lib->agseterrf, error);
}

const GraphvizLibrary* Graphviz(std::string* error) {
  struct Loaded {
    GraphvizLibrary lib;
    std::string error;
    bool ok;
  };
  // A function-local static: initialised once, the other threads waiting.
  static const Loaded loaded = [] {
    Loaded l;
    l.ok = OpenGraphvizLibrary(kCgraphLibrary, kGvcLibrary, &l.lib, &l.error);
    return l;
  }();
  if (loaded.ok) return &loaded.lib;
  *error = loaded.error;
  return nullptr;
}

}  // namespace graph
