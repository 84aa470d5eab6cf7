// Prints the list of diagnostic codes (a Markdown table generated from
// diag/codes.def). With --update [FILE], rewrites that file's list between
// its markers (default: docs/diagnostics.md of the workspace `bazel run`
// runs in).
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "tools/codes_doc.h"

int main(int argc, char** argv) {
  const std::string arg = argc > 1 ? argv[1] : "";
  if (arg.empty()) {
    std::cout << tools::CodesMarkdown();
    return 0;
  }
  if (arg != "--update" || argc > 3) {
    std::cerr << "usage: codes_doc [--update [docs/diagnostics.md]]\n";
    return 2;
  }
  std::string path = argc > 2 ? argv[2] : "docs/diagnostics.md";
  if (argc <= 2) {
    if (const char* ws = std::getenv("BUILD_WORKSPACE_DIRECTORY"))
      path = std::string(ws) + "/" + path;
  }
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  if (!in) {
    std::cerr << path << ": error: cannot read it\n";
    return 2;
  }
  const auto updated = tools::WithCodes(text.str());
  if (!updated) {
    std::cerr << path << ": error: no code-list markers\n";
    return 1;
  }
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << *updated;
  if (!out.flush()) {
    std::cerr << path << ": error: cannot write it\n";
    return 2;
  }
  return 0;
}
