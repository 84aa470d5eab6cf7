// xacro_floor: the floor xacro_benchmark sets the `xacro` command against,
// as a whole process (start-up, reading, writing): tinyxml2 reads an
// expanded URDF and prints it to another file.
//   xacro_floor IN OUT
#include <tinyxml2.h>

#include <cstdio>

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: xacro_floor IN OUT\n");
    return 2;
  }
  tinyxml2::XMLDocument doc;
  if (doc.LoadFile(argv[1]) != tinyxml2::XML_SUCCESS) {
    std::fprintf(stderr, "xacro_floor: cannot read %s\n", argv[1]);
    return 1;
  }
  std::FILE* out = std::fopen(argv[2], "w");
  if (!out) return 1;
  tinyxml2::XMLPrinter printer(out);
  doc.Print(&printer);
  return std::fclose(out) == 0 ? 0 : 1;
}
