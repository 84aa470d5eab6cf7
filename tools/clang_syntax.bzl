"""clang_syntax_test: compiles C++ sources with clang (front end only).

The default toolchain is GCC, which accepts some C++20 in C++17 mode that
clang refuses (a lambda capturing a structured binding, for one): the fuzz
and sanitizer builds use clang, so the code must build with both. This test
runs `clang++ -std=c++17 -fsyntax-only -Wall` over every source file of this
workspace that `deps` (cc_library and cc_binary targets) and their
dependencies compile, with the include paths and defines Bazel gives them:
no list of files or paths to keep up to date by hand.

Needs clang++ on the PATH (Debian's clang package, tools/install_deps.sh).
"""

_SourcesInfo = provider(
    doc = "C++ sources of this workspace under a target.",
    fields = {
        "srcs": "depset of source Files (.cc)",
        "files": "depset of source Files and headers (srcs, hdrs, textual_hdrs)",
    },
)

_CXX_EXTENSIONS = ["cc", "cpp", "cxx"]

def _sources_aspect_impl(target, ctx):
    own = []
    files = []
    for attr in ["srcs", "hdrs", "textual_hdrs"]:
        for f in getattr(ctx.rule.files, attr, []):
            # Only this workspace's sources: external repositories are
            # prebuilt system libraries.
            if f.is_source and f.owner.workspace_name == "":
                files.append(f)
                if attr == "srcs" and f.extension in _CXX_EXTENSIONS:
                    own.append(f)
    deps = [dep for dep in getattr(ctx.rule.attr, "deps", []) if _SourcesInfo in dep]
    return [_SourcesInfo(
        srcs = depset(own, transitive = [d[_SourcesInfo].srcs for d in deps]),
        files = depset(files, transitive = [d[_SourcesInfo].files for d in deps]),
    )]

_sources_aspect = aspect(
    implementation = _sources_aspect_impl,
    attr_aspects = ["deps"],
)

def _runfiles_dir(path):
    # Exec-root paths as seen from the workspace's runfiles directory:
    # external/REPO/... is ../REPO/..., generated files sit beside sources.
    if path.startswith("external/"):
        return "../" + path[len("external/"):]
    if path.startswith("bazel-out/"):
        return None
    return path

def _clang_syntax_test_impl(ctx):
    srcs = depset(transitive = [d[_SourcesInfo].srcs for d in ctx.attr.deps]).to_list()
    contexts = [d[CcInfo].compilation_context for d in ctx.attr.deps]
    flags = []
    for c in contexts:
        for d in c.defines.to_list():
            flags.append("-D" + d)
        for option, dirs in [("-iquote", c.quote_includes), ("-I", c.includes), ("-isystem", c.system_includes)]:
            for d in dirs.to_list():
                r = _runfiles_dir(d)
                if r != None:
                    flags.append(option + " " + r)
    unique = []
    for f in flags:
        if f not in unique:
            unique.append(f)
    script = ctx.actions.declare_file(ctx.label.name + ".sh")
    ctx.actions.expand_template(
        template = ctx.file._template,
        output = script,
        is_executable = True,
        substitutions = {
            "%{flags}": " ".join(unique),
            "%{srcs}": " ".join([f.short_path for f in srcs]),
        },
    )
    headers = depset(transitive = [c.headers for c in contexts])
    runfiles = ctx.runfiles(files = srcs, transitive_files = headers)
    return [DefaultInfo(executable = script, runfiles = runfiles)]

clang_syntax_test = rule(
    implementation = _clang_syntax_test_impl,
    test = True,
    attrs = {
        "deps": attr.label_list(
            aspects = [_sources_aspect],
            providers = [CcInfo],
            doc = "cc_library / cc_binary targets whose sources (and their dependencies' sources) are checked",
        ),
        "_template": attr.label(
            default = "//tools:clang_syntax_test.sh.tpl",
            allow_single_file = True,
        ),
    },
)

# For other checks over the same sources (tools/layering.bzl).
SourcesInfo = _SourcesInfo
sources_aspect = _sources_aspect
