#include "sdf_io/model_config.h"

#include <gtest/gtest.h>

namespace sdf_io {
namespace {

constexpr char kConfig[] = R"(<?xml version="1.0"?>
<!-- a comment naming <sdf version="1.0">old.sdf</sdf> stays as it is -->
<model>
  <name>m</name>
  <sdf version="1.5">model-1_5.sdf</sdf>
  <sdf version='1.6' >
    model.sdf
  </sdf>
  <description>A &amp; B</description>
</model>
)";

TEST(ModelConfig, ListsTheSdfEntries) {
  frames::Diagnostics diags;
  auto files = ModelConfigSdfFiles(kConfig, "model.config", &diags);
  ASSERT_TRUE(files) << diags.ToString();
  EXPECT_EQ(*files, (std::vector<std::string>{"model-1_5.sdf", "model.sdf"}));
}

TEST(ModelConfig, RewritesOnlyTheRenamedEntries) {
  frames::Diagnostics diags;
  auto out = UpdateModelConfig(kConfig, "model.config",
                               {{"model.sdf", "model.sdf"}}, "1.7", &diags);
  ASSERT_TRUE(out) << diags.ToString();
  EXPECT_EQ(*out, R"(<?xml version="1.0"?>
<!-- a comment naming <sdf version="1.0">old.sdf</sdf> stays as it is -->
<model>
  <name>m</name>
  <sdf version="1.5">model-1_5.sdf</sdf>
  <sdf version="1.7">model.sdf</sdf>
  <description>A &amp; B</description>
</model>
)");
  out = UpdateModelConfig(kConfig, "model.config",
                          {{"model-1_5.sdf", "a&b.sdf"}}, "1.7", &diags);
  ASSERT_TRUE(out);
  EXPECT_NE(out->find("<sdf version=\"1.7\">a&amp;b.sdf</sdf>"),
            std::string::npos)
      << *out;
  EXPECT_EQ(*UpdateModelConfig(kConfig, "model.config", {}, "1.7", &diags),
            kConfig);
}

TEST(ModelConfig, RefusesWhatIsNotAModelConfig) {
  frames::Diagnostics diags;
  EXPECT_FALSE(UpdateModelConfig("<model><sdf>a", "c", {{"a", "b"}}, "1.7",
                                 &diags));
  EXPECT_TRUE(diags.Has(frames::Code::XML_ERROR)) << diags.ToString();
  frames::Diagnostics root;
  EXPECT_FALSE(ModelConfigSdfFiles("<robot/>", "c", &root));
  EXPECT_TRUE(root.Has(frames::Code::MODEL_CONFIG_INVALID));
  // An <sdf> element somewhere else cannot be told from an entry.
  frames::Diagnostics nested;
  EXPECT_FALSE(UpdateModelConfig(
      "<model><sdf version=\"1.6\">a</sdf><x><sdf>b</sdf></x></model>", "c",
      {{"a", "a"}}, "1.7", &nested));
  EXPECT_TRUE(nested.Has(frames::Code::MODEL_CONFIG_INVALID))
      << nested.ToString();
}

}  // namespace
}  // namespace sdf_io
