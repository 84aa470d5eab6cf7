// urdfdom_check FILE...: parses each URDF with urdfdom (Debian liburdfdom's
// urdf::parseURDF, what ROS tools and check_urdf use) and exits 1 naming the
// first file it refuses. A test-only oracle for the sdf2urdf goldens.
#include <fstream>
#include <iostream>
#include <sstream>

#include <urdf_parser/urdf_parser.h>

int main(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    std::ifstream in(argv[i], std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    if (!in.good() && !in.eof()) {
      std::cerr << argv[i] << ": cannot read\n";
      return 2;
    }
    if (!urdf::parseURDF(text.str())) {
      std::cerr << argv[i] << ": urdfdom refuses it\n";
      return 1;
    }
  }
  return 0;
}
