"""Starlark rules that convert robot descriptions at build time.

    load("@urdf_sdf_converter//tools:defs.bzl", "urdf_to_sdf")

    urdf_to_sdf(
        name = "robot_sdf",
        src = "robot.urdf",          # out defaults to robot.sdf
        lump_fixed_joints = False,
        package_to_model = False,
    )

The conversion fails the build with the converter's file:line diagnostics
when the URDF is invalid; warnings are printed only with `quiet = False`.
"""

def _urdf_to_sdf_impl(ctx):
    out = ctx.outputs.out
    args = ctx.actions.args()
    args.add(ctx.file.src)
    args.add("-o", out)
    if ctx.attr.lump_fixed_joints:
        args.add("--lump-fixed-joints")
    if ctx.attr.package_to_model:
        args.add("--package-to-model")
    if ctx.attr.quiet:
        args.add("-q")
    ctx.actions.run(
        inputs = [ctx.file.src],
        outputs = [out],
        executable = ctx.executable._urdf2sdf,
        arguments = [args],
        mnemonic = "Urdf2Sdf",
        progress_message = "Converting %s to SDFormat" % ctx.file.src.short_path,
    )
    return [DefaultInfo(
        files = depset([out]),
        runfiles = ctx.runfiles(files = [out]),
    )]

_urdf_to_sdf = rule(
    implementation = _urdf_to_sdf_impl,
    attrs = {
        "src": attr.label(allow_single_file = [".urdf"], mandatory = True),
        "out": attr.output(),
        "lump_fixed_joints": attr.bool(default = False),
        "package_to_model": attr.bool(default = False),
        "quiet": attr.bool(default = True),
        "_urdf2sdf": attr.label(
            default = Label("//tools:urdf2sdf"),
            executable = True,
            cfg = "exec",
        ),
    },
    doc = "Converts a URDF file to URDF-parity SDFormat 1.7 with urdf2sdf.",
)

def urdf_to_sdf(name, src, out = None, **kwargs):
    """Converts `src` (a .urdf) to `out` (default: src with .sdf)."""
    if out == None:
        base = src.split(":")[-1]
        out = (base[:-len(".urdf")] if base.endswith(".urdf") else base) + ".sdf"
    _urdf_to_sdf(name = name, src = src, out = out, **kwargs)
