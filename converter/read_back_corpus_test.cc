// Whatever we write, we read back. For every SDFormat file of
// ../shared/corpus (except px4-gazebo-models/, SDFormat 1.9 and 1.10, which
// the reader does not read yet) and every SDF fixture in testdata/:
//  - whenever sdf2sdf converts it (as is, --urdf-parity, --expand-includes),
//    sdf2sdf --check accepts the output (read with the input's name, so its
//    includes resolve as the input's did);
//  - whenever sdf2urdf converts it, urdf2sdf reads the URDF without an
//    error and sdf2sdf --check accepts the SDF urdf2sdf writes
// (converter/testing/read_back.h, which the fuzz targets check too).
// A file the reader refuses is skipped: this is about what we write, not
// about what we read. At least one conversion of each kind must happen, so
// the test cannot pass by skipping everything.
//
// Outside Bazel: SDF_CORPUS_DIR=/work/shared/corpus
// bazel-bin/converter/read_back_corpus_test (from the workspace directory).
#include <cstdio>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "converter/sdf_to_sdf.h"
#include "converter/sdf_to_urdf.h"
#include "converter/testing/read_back.h"
#include "testing/corpus.h"

namespace {

struct Input {
  std::string path;
  std::vector<std::string> model_paths;
};

std::vector<Input> Inputs() {
  std::vector<Input> inputs;
  const std::string corpus = test_support::CorpusDir("SDF_CORPUS_DIR");
  if (!corpus.empty()) {
    const std::vector<std::string> model_paths = {corpus + "/gazebo_models"};
    for (const std::string& rel :
         test_support::CorpusFiles(corpus, {".sdf", ".world"})) {
      if (rel.rfind("px4-gazebo-models/", 0) == 0) continue;
      inputs.push_back({corpus + "/" + rel, model_paths});
    }
  }
  for (const char* dir :
       {"testdata/sdf2urdf", "testdata/sdf/spec", "testdata/sdf/migrate"}) {
    const std::string fixtures = test_support::Runfile(dir);
    for (const std::string& rel :
         test_support::CorpusFiles(fixtures, {".sdf", ".world"})) {
      inputs.push_back({fixtures + "/" + rel, {}});
    }
  }
  return inputs;
}

TEST(ReadBackCorpusTest, WhatWeWriteWeReadBack) {
  const std::vector<Input> inputs = Inputs();
  ASSERT_GT(inputs.size(), 50u) << "corpus or fixtures not found; set "
                                   "SDF_CORPUS_DIR";
  std::vector<std::string> failures;
  int sdf_written = 0, urdf_written = 0, refused = 0;
  for (const Input& in : inputs) {
    struct Variant {
      const char* name;
      bool urdf_parity, expand_includes;
    };
    for (const Variant& v : {Variant{"sdf2sdf", false, false},
                             Variant{"sdf2sdf --urdf-parity", true, false},
                             Variant{"sdf2sdf --expand-includes", false,
                                     true}}) {
      converter::SdfToSdfOptions options;
      options.model_paths = in.model_paths;
      options.urdf_parity = v.urdf_parity;
      options.expand_includes = v.expand_includes;
      const converter::ConversionResult out =
          converter::SdfFileToSdf(in.path, options);
      if (!out.ok) {
        ++refused;
        continue;
      }
      ++sdf_written;
      const std::string error = converter_testing::SdfReadBackError(
          out.output, in.path, in.model_paths);
      if (!error.empty())
        failures.push_back(in.path + ": " + v.name + ": " + error);
    }
    converter::SdfToUrdfOptions options;
    options.model_paths = in.model_paths;
    const converter::ConversionResult urdf =
        converter::SdfFileToUrdf(in.path, options);
    if (!urdf.ok) continue;
    ++urdf_written;
    const std::string error =
        converter_testing::UrdfReadBackError(urdf.output, in.path + ".urdf");
    if (!error.empty()) failures.push_back(in.path + ": sdf2urdf: " + error);
  }
  std::printf("%zu inputs: %d SDF outputs and %d URDF outputs read back; "
              "%d conversions refused (skipped)\n",
              inputs.size(), sdf_written, urdf_written, refused);
  EXPECT_GT(sdf_written, 0);
  EXPECT_GT(urdf_written, 0);
  std::string all;
  for (const auto& f : failures) all += f + "\n";
  EXPECT_TRUE(failures.empty()) << failures.size() << " outputs not read back:\n"
                                << all;
}

}  // namespace
