"""C++ rules for this repository's targets: Bazel's native rules, compiled as C++17.

Every cc_library, cc_binary and cc_test of this repository is declared through
these wrappers, so that our code compiles as C++17 whatever the toolchain's
default (Bazel 4.2.3's auto-configured toolchain passes -std=c++0x) and
whether or not the workspace that builds it has our .bazelrc: a target's own
copts come after --copt/--cxxopt on the compiler's command line, in the
target and in the exec configuration (the build-time rules' tools) alike.

Native rules, not @rules_cc's: a workspace that depends on us then needs no
rules_cc repository (Bazel 4 would fetch one from the internet).
"""

CXX_STANDARD_COPTS = ["-std=c++17"]

def _with_standard(kwargs):
    kwargs["copts"] = CXX_STANDARD_COPTS + kwargs.get("copts", [])
    return kwargs

def cc_library(**kwargs):
    native.cc_library(**_with_standard(kwargs))

def cc_binary(**kwargs):
    native.cc_binary(**_with_standard(kwargs))

def cc_test(**kwargs):
    native.cc_test(**_with_standard(kwargs))
