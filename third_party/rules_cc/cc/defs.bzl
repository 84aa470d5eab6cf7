"""Re-exports Bazel 4's native C++ rules under the rules_cc names.

Debian's bazel-rules-cc is too new for Bazel 4.2.3; Bazel's own tools
(@bazel_tools//tools/cpp) load these symbols from @rules_cc, so each is a thin
forwarder to the native rule.
"""

def cc_binary(**kwargs):
    native.cc_binary(**kwargs)

def cc_import(**kwargs):
    native.cc_import(**kwargs)

def cc_library(**kwargs):
    native.cc_library(**kwargs)

def cc_proto_library(**kwargs):
    native.cc_proto_library(**kwargs)

def cc_test(**kwargs):
    native.cc_test(**kwargs)

def cc_toolchain(**kwargs):
    native.cc_toolchain(**kwargs)

def cc_toolchain_suite(**kwargs):
    native.cc_toolchain_suite(**kwargs)

def fdo_prefetch_hints(**kwargs):
    native.fdo_prefetch_hints(**kwargs)

def fdo_profile(**kwargs):
    native.fdo_profile(**kwargs)

def objc_import(**kwargs):
    native.objc_import(**kwargs)

def objc_library(**kwargs):
    native.objc_library(**kwargs)
