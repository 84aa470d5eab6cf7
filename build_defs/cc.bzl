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

# The C++ runtime linked into a command rather than loaded with it, for
# cc_binary(static_cxx_runtime = True). A process that loads libstdc++.so
# makes the dynamic loader resolve its 4,300 symbol relocations one by one
# before main (Bazel's toolchain links with -z,now): 1.7M of the 2.25M
# instructions `xacro` ran on a one-link file, 0.6 of the 1.0 ms of CPU
# `urdf2sdf --help` took (callgrind; perf stat -r 50). With libstdc++.a and
# libgcc's archives linked in, xacro runs 0.55M instructions on that file
# and 21.6M instead of 23.4M on franka's multi_arm; `urdf2sdf --help` 0.44M
# instead of 2.1M. Lazy binding (-z,lazy) saved 0.1M more, and nothing
# measurable in time, at the cost of a writable GOT: full RELRO is kept.
# How:
#   - Bazel's toolchain passes -lstdc++ itself, after these options, so
#     -static-libstdc++ does nothing; libstdc++.a is named here and
#     --as-needed then leaves the shared library out (nothing is left to
#     take from it);
#   - --exclude-libs keeps the archive's symbols out of the command's
#     dynamic symbol table: a C++ library that Graphviz's plugins, opened
#     with dlopen, may bring would otherwise bind to this copy.
# Only for commands that link no C++ shared library (spdlog, fmt, tinyxml2,
# sdformat, urdfdom link libstdc++.so themselves: two runtimes in one
# process, which they would share objects across). Under the sanitizers
# (.bazelrc's asan, ubsan, tsan and fuzz configs set
# --define=cxx_runtime=shared) the runtime stays shared, as their runtimes
# expect.
STATIC_CXX_RUNTIME_LINKOPTS = [
    "-static-libgcc",
    "-Wl,--as-needed",
    "-l:libstdc++.a",
    "-Wl,--exclude-libs,libstdc++.a",
]

# cc_binary(static_libc = True) goes one step further for a command that
# needs no shared library at all: C library included, linked with -static,
# so there is no dynamic loader at start-up. With libc.so.6 and libm.so.6
# loaded, the loader still resolves the libstdc++ archive's calls into them
# and maps both before main: `xacro` on a one-link file ran 0.48M
# instructions, 280K of them in _dl_relocate_object, in 0.72 ms of CPU and
# 154 page faults; linked with -static, 0.46 ms and 103 page faults, and
# franka's multi_arm 2.9 -> 2.6 ms of CPU (perf stat -r 100). Only for
# commands that never dlopen: a static program that opens a shared library
# (Graphviz's, graph/graphviz_library.h) would load a second C library
# beside its own, so urdf2sdf, sdf2urdf, sdf2sdf, robot-graph and
# migrate_model_config, which can draw pictures, keep libc shared. Debian's
# libc6-dev has libc.a; no name lookup (NSS) is used, which a static glibc
# cannot do. Off with the sanitizers, as above.
STATIC_LIBC_LINKOPTS = ["-static"]

def cc_binary(static_cxx_runtime = False, static_libc = False, **kwargs):
    """native.cc_binary as C++17; static_cxx_runtime, static_libc: see above."""
    kwargs = _with_standard(kwargs)
    if static_libc and not static_cxx_runtime:
        fail("static_libc needs static_cxx_runtime")
    if static_cxx_runtime:
        kwargs["linkopts"] = kwargs.get("linkopts", []) + select({
            str(Label("//build_defs:shared_cxx_runtime")): [],
            "//conditions:default": STATIC_CXX_RUNTIME_LINKOPTS +
                                    (STATIC_LIBC_LINKOPTS if static_libc else []),
        })
    native.cc_binary(**kwargs)

def cc_test(**kwargs):
    native.cc_test(**_with_standard(kwargs))
