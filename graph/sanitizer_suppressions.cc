// Linked into every executable that renders pictures (graph:render's
// dependency :sanitizer_suppressions is static and always linked, because
// the sanitizers read __tsan/__lsan_default_suppressions from the executable
// only, not from a shared library a test links).
//
// Under ThreadSanitizer (--config=tsan): Graphviz's text layout (its pango
// and cairo plugins) runs glib and fontconfig, which start threads of their
// own and synchronise them inside those uninstrumented libraries, where
// ThreadSanitizer cannot see it; it then reports a race between glib's
// thread and fontconfig's font loading on the thread that renders (one at a
// time, under graph/render.cc's mutex). Those reports are suppressed; our own code
// and Graphviz's calls stay checked.
#if defined(__SANITIZE_THREAD__)
#define GRAPH_THREAD_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define GRAPH_THREAD_SANITIZER 1
#endif
#endif
#ifdef GRAPH_THREAD_SANITIZER
extern "C" const char* __tsan_default_suppressions() {
  return "race:libglib-2.0.so\n"
         "race:libgio-2.0.so\n"
         "race:libgobject-2.0.so\n"
         "race:libfontconfig.so\n"
         "race:libpango-1.0.so\n"
         "race:libpangocairo-1.0.so\n"
         "race:libpangoft2-1.0.so\n"
         "race:libcairo.so\n";
}
#endif

// Under AddressSanitizer's leak check (--config=asan, --config=fuzz):
// Graphviz's context (made once, kept for the process: graph/render.cc) and
// the font caches fontconfig, pango and cairo fill for it live until exit,
// held by those libraries' own globals that LeakSanitizer does not trace
// as roots; what they allocate is not reported as leaked. Our own
// allocations stay checked.
#if defined(__SANITIZE_ADDRESS__)
#define GRAPH_ADDRESS_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define GRAPH_ADDRESS_SANITIZER 1
#endif
#endif
#ifdef GRAPH_ADDRESS_SANITIZER
extern "C" const char* __lsan_default_suppressions() {
  return "leak:libgvc.so\n"
         "leak:libcgraph.so\n"
         "leak:libcdt.so\n"
         "leak:libgvplugin_\n"
         "leak:libfontconfig.so\n"
         "leak:libglib-2.0.so\n"
         "leak:libgobject-2.0.so\n"
         "leak:libpango-1.0.so\n"
         "leak:libpangocairo-1.0.so\n"
         "leak:libpangoft2-1.0.so\n"
         "leak:libcairo.so\n"
         "leak:libfreetype.so\n"
         "leak:libharfbuzz.so\n";
}
#endif
