"""libFuzzer targets and their corpus tests.

cc_fuzz_target(name, srcs, deps) declares
  - `name`: the libFuzzer binary. It needs clang's libFuzzer, so it is built
    only under `--config=fuzz` (tags manual: `bazel build //...` and
    `bazel test //...` skip it); tools/fuzzing/run_fuzzers.sh runs it;
  - `name_corpus_test`: the same LLVMFuzzerTestOneInput run once on every
    file of the target's data folder fuzzing/PKG_NAME (PKG the package with
    "/" written "_"): its checked-in corpus, corpus/, and regressions/
    (inputs that once failed the target, kept apart so that a corpus
    minimization never drops them; fuzzing/BUILD.bazel), in the normal
    build, so the target keeps compiling and every crash found stays a
    regression test.
"""

load("//build_defs:cc.bzl", "cc_binary", "cc_test")

def fuzz_data_dir(package, name):
    """The data folder of the fuzz target //package:name, under fuzzing/."""
    return package.replace("/", "_") + "_" + name

def cc_fuzz_target(name, srcs, deps = [], size = "medium"):
    support = ["//testing/fuzzing:fuzz_support"]
    data = "//fuzzing:" + fuzz_data_dir(native.package_name(), name)
    cc_binary(
        name = name,
        testonly = True,
        srcs = srcs,
        deps = deps + support,
        linkopts = ["-fsanitize=fuzzer"],
        tags = ["manual", "fuzz"],
    )
    cc_test(
        name = name + "_corpus_test",
        size = size,
        srcs = srcs,
        deps = deps + support + ["//testing/fuzzing:fuzz_replay_main"],
        data = [data],
        # Every file of the folder, corpus/ and regressions/.
        args = ["$(rootpaths %s)" % data],
    )
