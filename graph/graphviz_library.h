// Graphviz's libraries (gvc, cgraph), opened with dlopen on the first
// picture rendered rather than linked: a command that draws nothing (most
// runs of urdf2sdf, sdf2urdf, xacro ...) does not load them, nor what they
// need (libltdl, libpathplan, libexpat, libz ...), at start-up. Private to
// graph/render.cc (and its test).
#pragma once

#include <graphviz/cgraph.h>
#include <graphviz/gvc.h>

#include <string>

namespace graph {

// The functions graph/render.cc calls, resolved with dlsym; each has the
// type its Graphviz header declares.
struct GraphvizLibrary {
  decltype(&::gvContext) gvContext = nullptr;
  decltype(&::gvLayout) gvLayout = nullptr;
  decltype(&::gvFreeLayout) gvFreeLayout = nullptr;
  decltype(&::gvRenderData) gvRenderData = nullptr;
  decltype(&::gvFreeRenderData) gvFreeRenderData = nullptr;
  decltype(&::agmemread) agmemread = nullptr;
  decltype(&::agclose) agclose = nullptr;
  decltype(&::agseterr) agseterr = nullptr;
  decltype(&::agseterrf) agseterrf = nullptr;
};

// The run-time names (sonames) of the libraries of Debian's
// libgraphviz-dev: those a linked executable would list as NEEDED.
inline constexpr const char* kGvcLibrary = "libgvc.so.6";
inline constexpr const char* kCgraphLibrary = "libcgraph.so.6";

// Opens the libraries named `cgraph` and `gvc` (file names dlopen looks up
// as the dynamic linker would) and resolves every function of *lib. False,
// with *error naming the library or function and what dlerror() said, when
// one cannot be opened or lacks a function; *lib is then unusable. The
// libraries stay loaded for the process (never closed: Graphviz's context
// and its plugins keep pointers into them).
bool OpenGraphvizLibrary(const char* cgraph, const char* gvc,
                         GraphvizLibrary* lib, std::string* error);

// The process's Graphviz (kCgraphLibrary, kGvcLibrary), opened on the first
// call, on one thread only (any thread may call); nullptr, with *error
// saying why, when it could not be opened (every later call says the
// same).
const GraphvizLibrary* Graphviz(std::string* error);

}  // namespace graph
