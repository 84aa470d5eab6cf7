"""libFuzzer targets and their corpus tests.

cc_fuzz_target(name, srcs, deps, corpus) declares
  - `name`: the libFuzzer binary. It needs clang's libFuzzer, so it is built
    only under `--config=fuzz` (tags manual: `bazel build //...` and
    `bazel test //...` skip it); tools/fuzzing/run_fuzzers.sh runs it;
  - `name_corpus_test`: the same LLVMFuzzerTestOneInput run once on every
    file of the checked-in corpus directory `corpus` and of the directory
    `name_regressions` (inputs that once failed the target, kept apart so
    that a corpus minimization never drops them), in the normal build, so
    the target keeps compiling and every crash found stays a regression
    test.
"""

load("//build_defs:cc.bzl", "cc_binary", "cc_test")

def cc_fuzz_target(name, srcs, corpus, deps = [], size = "medium"):
    support = ["//tools/fuzzing:fuzz_support"]
    cc_binary(
        name = name,
        testonly = True,
        srcs = srcs,
        deps = deps + support,
        linkopts = ["-fsanitize=fuzzer"],
        tags = ["manual", "fuzz"],
    )
    regressions = name + "_regressions"
    native.filegroup(
        name = name + "_corpus",
        testonly = True,
        srcs = native.glob([corpus + "/**", regressions + "/**"]),
    )
    cc_test(
        name = name + "_corpus_test",
        size = size,
        srcs = srcs,
        deps = deps + support + ["//tools/fuzzing:fuzz_replay_main"],
        data = [":" + name + "_corpus"],
        args = [native.package_name() + "/" + corpus] + (
            [native.package_name() + "/" + regressions] if native.glob([regressions + "/**"]) else []
        ),
    )
