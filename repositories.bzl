"""What a workspace needs to build @urdf_sdf_converter, declared by one macro.

In your WORKSPACE:

    local_repository(
        name = "urdf_sdf_converter",
        path = "/path/to/this/repository",
    )

    load("@urdf_sdf_converter//repositories.bzl", "urdf_sdf_converter_dependencies")

    urdf_sdf_converter_dependencies()

Everything is offline: the system libraries come from Debian's packages under
/usr (tools/install_deps.sh installs them); nothing is downloaded.
"""

def _directory_of_impl(rctx):
    source = rctx.path(rctx.attr.marker).dirname
    for child in source.readdir():
        rctx.symlink(child, child.basename)

# A repository whose files are those of a directory of this one (the
# directory holding `marker`): a local_repository needs an absolute path,
# which a workspace that depends on us cannot know.
_directory_of = repository_rule(
    implementation = _directory_of_impl,
    attrs = {"marker": attr.label(mandatory = True)},
    local = True,
)

def urdf_sdf_converter_dependencies(
        system_prefix = "/usr",
        rules_java_path = "/usr/share/bazel/rules/java"):
    """Declares the repositories our targets use, where not declared yet.

    Bazel 4 would fetch rules_cc, rules_java and remote_coverage_tools from
    the internet (its default WORKSPACE suffix); these are declared offline
    here, each only if the workspace has not declared it before the call.

    Args:
      system_prefix: where Debian's packages installed the headers and
        libraries (include/ and lib/<multiarch>/ below it).
      rules_java_path: Debian's bazel-rules-java (Bazel's toolchain
        resolution loads @rules_java even for C++ builds).
    """

    # @system: Debian's eigen, urdfdom, spdlog ... (third_party/system.BUILD).
    # A workspace that declares its own @system is left alone.
    if not native.existing_rule("system"):
        native.new_local_repository(
            name = "system",
            build_file = "@urdf_sdf_converter//third_party:system.BUILD",
            path = system_prefix,
        )

    # @sdformat_description: the SDFormat description files of Debian's
    # sdformat-sdf (1.0 to 1.9), from which //sdf_io:schema_tables generates
    # the reader's per-version schema tables at build time.
    if not native.existing_rule("sdformat_description"):
        native.new_local_repository(
            name = "sdformat_description",
            build_file_content = """
package(default_visibility = ["//visibility:public"])
filegroup(name = "description", srcs = glob(["1.*/*.sdf"]))
""",
            path = system_prefix + "/share/sdformat12",
        )

    # Our offline stand-ins (Debian's bazel-rules-cc is too new for 4.2.3).
    for name in ["rules_cc", "remote_coverage_tools"]:
        if not native.existing_rule(name):
            _directory_of(
                name = name,
                marker = "@urdf_sdf_converter//third_party/%s:WORKSPACE" % name,
            )

    if not native.existing_rule("rules_java"):
        native.local_repository(name = "rules_java", path = rules_java_path)
