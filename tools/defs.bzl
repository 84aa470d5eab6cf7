"""Starlark rules that convert robot descriptions at build time.

    load("@urdf_sdf_converter//tools:defs.bzl",
         "model_repository", "sdf_to_sdf", "sdf_to_urdf", "urdf_to_sdf", "xacro")

    urdf_to_sdf(name = "robot_sdf", src = "robot.urdf")   # robot.sdf
    xacro(name = "arm_urdf", src = "arm.urdf.xacro",       # arm.urdf
          args = {"length": "2"}, deps = ["arm_macros.xacro"])
    urdf_to_sdf(name = "arm_sdf", src = "arm.urdf.xacro",  # arm.sdf
                args = {"length": "2"}, deps = ["arm_macros.xacro"])
    sdf_to_urdf(name = "robot_urdf", src = "model.sdf")   # model.urdf
    sdf_to_sdf(name = "world_17", src = "old.world", out = "new.world")
    sdf_to_sdf(name = "world_19", src = "old.world", out = "new19.world",
               sdf_version = "1.9")

    # Every .urdf, .sdf and .world of a model repository, one action per
    # file, and each model.config naming what they became (as the migrate
    # command writes them); everything else (meshes ...) copied as it is.
    model_repository(
        name = "migrated",
        srcs = glob(["models/**"]),
    )

Each conversion is one action whose inputs are the file and the model files
its includes may name, so Bazel caches each file's conversion on its own and
spreads the actions over the machines of a remote execution service
(--remote_executor) unchanged. A conversion fails the build with the
converter's file:line diagnostics when the input is invalid; warnings are
printed only with `quiet = False`.
"""

def _convert_impl(ctx):
    args = ctx.actions.args()
    args.add(ctx.file.src)
    args.add("-o", ctx.outputs.out)
    for d in ctx.attr.model_paths:
        args.add("--model-path", d)
    if ctx.attr.quiet:
        args.add("-q")
    for name, flag in ctx.attr._bool_flags.items():
        if getattr(ctx.attr, name):
            args.add(flag)
    for name, flag in ctx.attr._string_flags.items():
        value = getattr(ctx.attr, name)
        if value:
            args.add(flag, value)
    for name, flag in ctx.attr._list_flags.items():
        for value in getattr(ctx.attr, name):
            args.add(flag, value)
    xacro_deps = []
    if ctx.attr._xacro:
        _add_xacro_args(ctx, args)
        xacro_deps = ctx.files.deps
    ctx.actions.run(
        inputs = [ctx.file.src] + ctx.files.includes + xacro_deps,
        outputs = [ctx.outputs.out],
        executable = ctx.executable._tool,
        arguments = [args],
        mnemonic = ctx.attr._mnemonic,
        progress_message = "Converting %s to %s" % (ctx.file.src.short_path, ctx.attr._target_format),
    )
    out = ctx.outputs.out
    return [DefaultInfo(
        files = depset([out]),
        runfiles = ctx.runfiles(files = [out]),
    )]

def _add_xacro_args(ctx, args):
    """A xacro input's NAME:=VALUE arguments and $(find) packages."""
    for name in sorted(ctx.attr.args.keys()):
        args.add(name + ":=" + ctx.attr.args[name])
    for package in sorted(ctx.attr.packages.keys()):
        args.add("--package", package + "=" + ctx.attr.packages[package])

# The attributes of a xacro input: `args` (NAME -> VALUE, each NAME:=VALUE),
# `deps` (the macro, include and YAML files the expansion may read: the
# action's inputs besides src) and `packages` (PKG -> execroot-relative
# directory: where $(find PKG) points, --package PKG=DIR).
_XACRO_ATTRS = {
    "args": attr.string_dict(),
    "deps": attr.label_list(allow_files = True),
    "packages": attr.string_dict(),
}

def _conversion_rule(tool, mnemonic, target_format, src_types, bool_flags, string_flags, doc, list_flags = {}, xacro = False):
    """A rule running `tool` SRC -o OUT with the options of its attributes.

    bool_flags / string_flags / list_flags: attribute name -> command-line
    flag; a true bool adds the flag, a non-empty string adds the flag and
    the value, a string list the flag and each value. With `xacro`, src may
    be a .xacro, expanded by the tool with the _XACRO_ATTRS.
    """
    attrs = {
        "src": attr.label(allow_single_file = src_types, mandatory = True),
        "out": attr.output(mandatory = True),
        # Files an include may name (model.config and the models' SDF files).
        "includes": attr.label_list(allow_files = True),
        # --model-path directories (execroot-relative: for a package's own
        # files, the package path), searched for model://NAME.
        "model_paths": attr.string_list(),
        "quiet": attr.bool(default = True),
        "_tool": attr.label(default = Label(tool), executable = True, cfg = "exec"),
        "_mnemonic": attr.string(default = mnemonic),
        "_target_format": attr.string(default = target_format),
        "_bool_flags": attr.string_dict(default = bool_flags),
        "_string_flags": attr.string_dict(default = string_flags),
        "_list_flags": attr.string_dict(default = list_flags),
        "_xacro": attr.bool(default = xacro),
    }
    if xacro:
        attrs.update(_XACRO_ATTRS)
    for name in bool_flags:
        attrs[name] = attr.bool(default = False)
    for name in string_flags:
        attrs[name] = attr.string()
    for name in list_flags:
        attrs[name] = attr.string_list()
    return rule(implementation = _convert_impl, attrs = attrs, doc = doc)

# The flags several rules share: the SDFormat version written (urdf_to_sdf,
# sdf_to_sdf and model.config entries) and the form of mesh and include
# URIs (every conversion).
_SDF_VERSION_FLAG = {"sdf_version": "--sdf-version"}
_URIS_FLAG = {"uris": "--uris"}

_urdf_to_sdf = _conversion_rule(
    tool = "//tools:urdf2sdf",
    mnemonic = "Urdf2Sdf",
    target_format = "SDFormat",
    src_types = [".urdf", ".xacro"],
    bool_flags = {
        "lump_fixed_joints": "--lump-fixed-joints",
        "package_to_model": "--package-to-model",
    },
    string_flags = dict(_SDF_VERSION_FLAG, **_URIS_FLAG),
    doc = "Converts a URDF file (or a .urdf.xacro, expanded with args) to URDF-parity SDFormat (1.7, or sdf_version) with urdf2sdf.",
    xacro = True,
)

_sdf_to_sdf = _conversion_rule(
    tool = "//tools:sdf2sdf",
    mnemonic = "Sdf2Sdf",
    target_format = "SDFormat 1.7",
    src_types = [".sdf", ".world"],
    bool_flags = {
        "urdf_parity": "--urdf-parity",
        "expand_includes": "--expand-includes",
        "preserve_includes": "--preserve-includes",
    },
    string_flags = dict(_SDF_VERSION_FLAG, **_URIS_FLAG),
    doc = "Checks an SDFormat model or world and writes it as SDFormat 1.7 (or sdf_version) with sdf2sdf.",
)

_sdf_to_urdf = _conversion_rule(
    tool = "//tools:sdf2urdf",
    mnemonic = "Sdf2Urdf",
    target_format = "URDF",
    src_types = [".sdf", ".world"],
    bool_flags = {
        "no_frames": "--no-frames",
        "ball_as_floating": "--ball-as-floating",
    },
    string_flags = dict({
        "model": "--model",
        "separator": "--separator",
        "urdf_version": "--urdf-version",
        "mesh_uris": "--mesh-uris",
    }, **_URIS_FLAG),
    doc = "Converts one SDFormat model to a URDF with sdf2urdf.",
)

# A model.config rewritten as migrate does: the entries naming a file of
# its directory that the repository's migration converts (renames,
# FILE=NEW) name what it became, with sdf_version (or keep_version).
_model_config = _conversion_rule(
    tool = "//tools:migrate_model_config",
    mnemonic = "ModelConfig",
    target_format = "the migrated files",
    src_types = [".config"],
    bool_flags = {"keep_version": "--keep-version"},
    string_flags = _SDF_VERSION_FLAG,
    list_flags = {"renames": "--rename"},
    doc = "Updates a model.config to name the migrated files (migrate_model_config).",
)

def _xacro_impl(ctx):
    args = ctx.actions.args()
    args.add(ctx.file.src)
    args.add("-o", ctx.outputs.out)
    if ctx.attr.quiet:
        args.add("-q")
    _add_xacro_args(ctx, args)
    ctx.actions.run(
        inputs = [ctx.file.src] + ctx.files.deps,
        outputs = [ctx.outputs.out],
        executable = ctx.executable._tool,
        arguments = [args],
        mnemonic = "Xacro",
        progress_message = "Expanding %s" % ctx.file.src.short_path,
    )
    return [DefaultInfo(
        files = depset([ctx.outputs.out]),
        runfiles = ctx.runfiles(files = [ctx.outputs.out]),
    )]

_xacro = rule(
    implementation = _xacro_impl,
    attrs = dict({
        "src": attr.label(allow_single_file = [".xacro"], mandatory = True),
        "out": attr.output(mandatory = True),
        "quiet": attr.bool(default = True),
        "_tool": attr.label(default = Label("//tools:xacro"), executable = True, cfg = "exec"),
    }, **_XACRO_ATTRS),
    doc = "Expands one xacro entry point with the xacro command (one action).",
)

def _copy_impl(ctx):
    ctx.actions.symlink(output = ctx.outputs.out, target_file = ctx.file.src)
    return [DefaultInfo(files = depset([ctx.outputs.out]))]

_copy = rule(
    implementation = _copy_impl,
    attrs = {
        "src": attr.label(allow_single_file = True, mandatory = True),
        "out": attr.output(mandatory = True),
    },
)

def _file_name(src):
    """The package-relative path of a source given as a path or a label."""
    return src.split(":")[-1]

def _replace_suffix(path, suffixes, new):
    for s in suffixes:
        if path.endswith(s):
            return path[:-len(s)] + new
    return path

def urdf_to_sdf(name, src, out = None, **kwargs):
    """Converts `src` (a .urdf, or a .urdf.xacro expanded first with `args`,
    reading `deps`) to `out` (default: src with .sdf)."""
    if out == None:
        out = _replace_suffix(_file_name(src), [".urdf.xacro", ".xacro", ".urdf"], ".sdf")
    _urdf_to_sdf(name = name, src = src, out = out, **kwargs)

def xacro(name, src, out = None, args = {}, deps = [], **kwargs):
    """Expands the xacro entry point `src` with `args` (NAME -> VALUE) to
    `out` (default: src without .xacro), as ROS's xacro prints it; `deps`
    are the macro, include and YAML files it may read, `packages` (PKG ->
    directory) where $(find PKG) points. One action."""
    if out == None:
        out = _replace_suffix(_file_name(src), [".xacro"], "")
    _xacro(name = name, src = src, out = out, args = args, deps = deps, **kwargs)

def sdf_to_sdf(name, src, out = None, **kwargs):
    """Writes `src` (a .sdf or .world of any version) as SDFormat 1.7 to
    `out` (default: NAME.sdf, beside nothing it could overwrite)."""
    if out == None:
        out = name + ".sdf"
    _sdf_to_sdf(name = name, src = src, out = out, **kwargs)

def sdf_to_urdf(name, src, out = None, **kwargs):
    """Converts `src` (one SDFormat model) to `out` (default: src with .urdf)."""
    if out == None:
        out = _replace_suffix(_file_name(src), [".sdf", ".world"], ".urdf")
    _sdf_to_urdf(name = name, src = src, out = out, **kwargs)

def _dir_name(path):
    return path.rpartition("/")[0]

def model_repository(name, srcs, to = "sdf", model_dirs = None, quiet = True, sdf_version = None, uris = None, **kwargs):
    """Migrates a model repository as `migrate` does: one action per file,
    outputs under NAME/.

    Each .urdf becomes NAME/PATH.sdf (urdf_to_sdf); each .sdf/.world becomes
    SDFormat 1.7 at NAME/PATH (sdf_to_sdf), or with to = "urdf" each .sdf a
    URDF at NAME/PATH.urdf (sdf_to_urdf; .urdf and .world files are then
    copied); each model.config names the migrated files of its directory and
    their version (an action of its own, migrate_model_config); every other
    file is copied to NAME/PATH. `srcs` are files of this package (e.g.
    glob(["models/**"])). The outputs are what `migrate SRC -o NAME` writes
    for the same tree (//tools:model_repository_rule_test).

    model:// includes resolve inside the repository: `model_dirs` (package
    relative) are searched first; by default, every directory that holds a
    model directory (one with a model.config). The SDF and model.config files
    of the repository are the inputs of each SDF conversion, so a change to
    an included model reconverts what includes it, and a mesh change
    reconverts nothing.

    `sdf_version` ("1.8" ... "1.12") is the SDFormat version the SDF outputs
    are written in, and model.config entries name (default 1.7).

    `uris` ("keep", "package" or "model") is the form every mesh and include
    URI is written in (--uris); the URIs are then resolved, so every file of
    `srcs` is an input of every conversion. "relative" and "absolute" are
    refused: in an action they would name the sandbox's files, not the
    outputs under NAME/ (migrate's mirror).

    The target NAME is a filegroup of every output; `kwargs` (tags,
    visibility ...) apply to every target it makes.
    """
    if to not in ["sdf", "urdf"]:
        fail("model_repository: to must be \"sdf\" or \"urdf\", not %r" % to)
    if uris not in [None, "keep", "package", "model"]:
        fail("model_repository: uris must be \"keep\", \"package\" or \"model\", not %r" % uris)
    pkg = native.package_name()
    files = [_file_name(s) for s in srcs]
    if model_dirs == None:
        model_dirs = []
        for f in files:
            parts = f.split("/")
            if parts[-1] == "model.config":
                d = "/".join(parts[:-2])
                if d not in model_dirs:
                    model_dirs.append(d)
    model_paths = []
    for d in model_dirs:
        model_paths.append("/".join([p for p in [pkg, d] if p]) or ".")
    model_files = [f for f in files if f.endswith((".sdf", ".world", "model.config"))]
    # URIs rewritten are resolved: every file may be read.
    resolving = uris and uris != "keep"

    # What each converted file becomes (migrate's plan).
    converted = {}
    for f in files:
        if to == "sdf" and f.endswith(".urdf"):
            converted[f] = _replace_suffix(f, [".urdf"], ".sdf")
        elif to == "sdf" and f.endswith((".sdf", ".world")):
            converted[f] = f
        elif to == "urdf" and f.endswith(".sdf"):
            converted[f] = _replace_suffix(f, [".sdf"], ".urdf")

    outs = []
    for i, f in enumerate(files):
        target = "%s__%d" % (name, i)
        out = name + "/" + converted.get(f, f)
        if f.endswith(".urdf") and f in converted:
            urdf_to_sdf(
                name = target,
                src = f,
                out = out,
                includes = [m for m in files if m != f] if resolving else [],
                quiet = quiet,
                sdf_version = sdf_version,
                uris = uris,
                **kwargs
            )
        elif f in converted:
            common = dict(
                name = target,
                src = f,
                out = out,
                includes = [m for m in (files if resolving else model_files) if m != f],
                model_paths = model_paths,
                quiet = quiet,
                uris = uris,
            )
            if to == "urdf":
                _sdf_to_urdf(**dict(common, **kwargs))
            else:
                _sdf_to_sdf(sdf_version = sdf_version, **dict(common, **kwargs))
        elif f.split("/")[-1] == "model.config":
            d = _dir_name(f)
            prefix = d + "/" if d else ""
            renames = [
                "%s=%s" % (c[len(prefix):], converted[c][len(prefix):])
                for c in sorted(converted)
                if c.startswith(prefix)
            ]
            _model_config(
                name = target,
                src = f,
                out = out,
                renames = renames,
                sdf_version = sdf_version,
                keep_version = to == "urdf",
                quiet = quiet,
                **kwargs
            )
        else:
            _copy(name = target, src = f, out = out, **kwargs)
        outs.append(":" + target)
    native.filegroup(name = name, srcs = outs, **kwargs)
