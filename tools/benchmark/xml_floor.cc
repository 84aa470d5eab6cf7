// The floor of the whole-process benchmark (process_benchmark.cc): tinyxml2
// reading a file and printing it to standard output, as one process. Nothing
// a converter does to the same file can be cheaper than reading and printing
// it with a common XML library.
//
//   xml_floor FILE > OUT
#include <tinyxml2.h>

#include <cstdio>

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: xml_floor FILE\n");
    return 2;
  }
  tinyxml2::XMLDocument doc;
  if (doc.LoadFile(argv[1]) != tinyxml2::XML_SUCCESS) {
    std::fprintf(stderr, "xml_floor: %s: %s\n", argv[1], doc.ErrorStr());
    return 1;
  }
  tinyxml2::XMLPrinter printer;
  doc.Print(&printer);
  // CStrSize() counts the terminating NUL.
  const size_t size = static_cast<size_t>(printer.CStrSize()) - 1;
  if (std::fwrite(printer.CStr(), 1, size, stdout) != size ||
      std::fflush(stdout) != 0) {
    std::fprintf(stderr, "xml_floor: cannot write standard output\n");
    return 2;
  }
  return 0;
}
