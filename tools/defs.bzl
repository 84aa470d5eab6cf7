"""Starlark rules that convert robot descriptions at build time.

    load("@urdf_sdf_converter//tools:defs.bzl",
         "model_repository", "sdf_to_sdf", "sdf_to_urdf", "urdf_to_sdf")

    urdf_to_sdf(name = "robot_sdf", src = "robot.urdf")   # robot.sdf
    sdf_to_urdf(name = "robot_urdf", src = "model.sdf")   # model.urdf
    sdf_to_sdf(name = "world_17", src = "old.world", out = "new.world")
    sdf_to_sdf(name = "world_19", src = "old.world", out = "new19.world",
               sdf_version = "1.9")

    # Every .urdf, .sdf and .world of a model repository, one action per
    # file; everything else (meshes, model.config ...) copied as it is.
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
    ctx.actions.run(
        inputs = [ctx.file.src] + ctx.files.includes,
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

def _conversion_rule(tool, mnemonic, target_format, src_types, bool_flags, string_flags, doc):
    """A rule running `tool` SRC -o OUT with the options of its attributes.

    bool_flags / string_flags: attribute name -> command-line flag; a true
    bool adds the flag, a non-empty string adds the flag and the value.
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
    }
    for name in bool_flags:
        attrs[name] = attr.bool(default = False)
    for name in string_flags:
        attrs[name] = attr.string()
    return rule(implementation = _convert_impl, attrs = attrs, doc = doc)

_urdf_to_sdf = _conversion_rule(
    tool = "//tools:urdf2sdf",
    mnemonic = "Urdf2Sdf",
    target_format = "SDFormat",
    src_types = [".urdf"],
    bool_flags = {
        "lump_fixed_joints": "--lump-fixed-joints",
        "package_to_model": "--package-to-model",
    },
    string_flags = {
        "sdf_version": "--sdf-version",
    },
    doc = "Converts a URDF file to URDF-parity SDFormat (1.7, or sdf_version) with urdf2sdf.",
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
    string_flags = {
        "sdf_version": "--sdf-version",
    },
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
    string_flags = {
        "model": "--model",
        "separator": "--separator",
        "urdf_version": "--urdf-version",
        "mesh_uris": "--mesh-uris",
    },
    doc = "Converts one SDFormat model to a URDF with sdf2urdf.",
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
    """Converts `src` (a .urdf) to `out` (default: src with .sdf)."""
    if out == None:
        out = _replace_suffix(_file_name(src), [".urdf"], ".sdf")
    _urdf_to_sdf(name = name, src = src, out = out, **kwargs)

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

def model_repository(name, srcs, to = "sdf", model_dirs = None, quiet = True, sdf_version = None, **kwargs):
    """Migrates a model repository: one action per file, outputs under NAME/.

    Each .urdf becomes NAME/PATH.sdf (urdf_to_sdf); each .sdf/.world becomes
    SDFormat 1.7 at NAME/PATH (sdf_to_sdf), or with to = "urdf" a URDF at
    NAME/PATH.urdf (sdf_to_urdf); every other file is copied to NAME/PATH.
    `srcs` are files of this package (e.g. glob(["models/**"])).

    model:// includes resolve inside the repository: `model_dirs` (package
    relative) are searched first; by default, every directory that holds a
    model directory (one with a model.config). The SDF and model.config files
    of the repository are the inputs of each SDF conversion, so a change to
    an included model reconverts what includes it, and a mesh change
    reconverts nothing.

    `sdf_version` ("1.8" ... "1.12") is the SDFormat version the SDF outputs
    are written in (default 1.7).

    The target NAME is a filegroup of every output; `kwargs` (tags,
    visibility ...) apply to every target it makes. model.config files are
    copied as they are (their version attributes are not updated).
    """
    if to not in ["sdf", "urdf"]:
        fail("model_repository: to must be \"sdf\" or \"urdf\", not %r" % to)
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

    outs = []
    for i, f in enumerate(files):
        target = "%s__%d" % (name, i)
        if f.endswith(".urdf"):
            urdf_to_sdf(
                name = target,
                src = f,
                out = name + "/" + _replace_suffix(f, [".urdf"], ".sdf"),
                quiet = quiet,
                sdf_version = sdf_version,
                **kwargs
            )
        elif f.endswith((".sdf", ".world")):
            out = f if to == "sdf" else _replace_suffix(f, [".sdf", ".world"], ".urdf")
            common = dict(
                name = target,
                src = f,
                out = name + "/" + out,
                includes = [m for m in model_files if m != f],
                model_paths = model_paths,
                quiet = quiet,
            )
            if to == "urdf":
                _sdf_to_urdf(**dict(common, **kwargs))
            else:
                _sdf_to_sdf(sdf_version = sdf_version, **dict(common, **kwargs))
        else:
            _copy(name = target, src = f, out = name + "/" + f, **kwargs)
        outs.append(":" + target)
    native.filegroup(name = name, srcs = outs, **kwargs)
