#include "testing/xacro_oracle.h"

#include <stdlib.h>
#include <sys/wait.h>

#include <cstdio>

#include "testing/corpus.h"

namespace test_support {

std::string ShellQuote(const std::string& s) {
  std::string q = "'";
  for (char c : s) {
    if (c == '\'') q += "'\\''";
    else q += c;
  }
  return q + "'";
}

std::string XacroReferenceCommand() {
  const std::string root = Runfile("external/xacro_oracle");
  return "PYTHONPATH=" + ShellQuote(root + ":" + root + "/shim") +
         " python3 -c 'import sys, xacro; sys.argv[0] = \"xacro\"; xacro.main()'";
}

int RunXacroReference(const std::string& in,
                      const std::vector<std::pair<std::string, std::string>>& args,
                      bool deps, const std::string& packages, std::string* out) {
  const char* tmpdir = std::getenv("TEST_TMPDIR");
  const std::string tmp = tmpdir ? tmpdir : "/tmp";
  const std::string out_file = tmp + "/reference.out";
  const std::string err_file = tmp + "/reference.err";
  std::string cmd = "ROS_PACKAGE_PATH=" + ShellQuote(packages) + " AMENT_PREFIX_PATH= " +
                    XacroReferenceCommand() + " " + ShellQuote(in);
  for (const auto& [k, v] : args) cmd += " " + ShellQuote(k + ":=" + v);
  if (deps) cmd += " --deps";
  cmd += " -o " + ShellQuote(out_file) + " 2>" + ShellQuote(err_file);
  std::remove(out_file.c_str());
  const int status = std::system(cmd.c_str());
  *out = ReadFile(WEXITSTATUS(status) == 0 ? out_file : err_file);
  return WEXITSTATUS(status);
}

}  // namespace test_support
