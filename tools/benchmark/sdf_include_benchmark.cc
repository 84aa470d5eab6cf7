// sdf_include_benchmark: reading and converting SDFormat documents that
// include other files (by default the SDFormat 1.9 documents of
// px4-gazebo-models with an //include), against the floor of reading and
// printing every file involved with tinyxml2, and against libsdformat.
//
//   bazel run -c opt //tools/benchmark:sdf_include_benchmark -- [flags]
//
// Tools, each over the whole set of documents per run:
//   floor        for each document, every file it involves (itself and the
//                files its includes name, transitively, each once): read
//                from disk, tinyxml2 XMLDocument::Parse, XMLPrinter
//   read         sdf_io::ReadSdfFile (includes read from disk, each file
//                once per document) + FrameGraph::Build of every model and
//                world (validation, every pose resolved)
//   sdf2sdf-1.9  converter::SdfFileToSdf with --sdf-version 1.9 (read,
//                validate, write 1.9 with composition kept)
//   sdf2sdf-1.7  the same, writing 1.7 (composition expanded)
//   libsdformat  sdf::Root::Load of the file (includes found on the model
//                path)
// Time: the tools take turns, one pass over the whole set each, for --rounds
// rounds, and each tool's fastest pass is reported, in CPU time of the
// process (user + system, file reads included): on a shared, loaded machine
// wall time counts the other processes' turns too, more of them the longer
// a pass is, and turns keep a burst of load from favouring one tool. Memory: one
// pass in a forked child (measure.h), its peak RSS over its RSS at fork.
// libsdformat, which takes seconds per pass, runs once, in its child.
// Figures to read, not a pass/fail test.
#include <tinyxml2.h>

#include <algorithm>
#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <set>
#include <sdf/ParserConfig.hh>
#include <sdf/Root.hh>
#include <sstream>
#include <string>
#include <vector>

#include "converter/sdf_to_sdf.h"
#include "frames/graph.h"
#include "sdf_io/reader.h"
#include "tools/benchmark/measure.h"

namespace benchmark {
namespace {

namespace fs = std::filesystem;

const char kUsage[] =
    "usage: sdf_include_benchmark [flags]\n"
    "  --corpus DIR      a model repository with DIR/models (default:\n"
    "                    ../shared/corpus/px4-gazebo-models from the\n"
    "                    workspace, or $BUILD_WORKSPACE_DIRECTORY's)\n"
    "  --version V       documents of this SDFormat version (default 1.9)\n"
    "  --rounds N        passes of every tool, taking turns (default 30)\n"
    "  --timeout S       time limit of the memory and libsdformat runs\n"
    "                    (default 300)\n";

struct Document {
  std::string path;
  std::vector<std::string> involved;  // itself, then every included file
};

std::string ReadText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// The file an //include/uri names in this repository (model://NAME, NAME,
// or a path relative to the including file): NAME/model.sdf in the models
// directory; "" for anything else (a Fuel URI).
std::string IncludedFile(const std::string& uri, const std::string& from,
                         const std::string& models) {
  std::string name = uri;
  if (name.rfind("model://", 0) == 0) name = name.substr(8);
  if (name.find("://") != std::string::npos) return "";
  for (const std::string& dir :
       {models + "/" + name, fs::path(from).parent_path().string() + "/" + name}) {
    if (fs::is_regular_file(dir + "/model.sdf")) return dir + "/model.sdf";
  }
  return "";
}

// The files a document involves, each once; false when an include names a
// file outside the repository (it cannot be read without the network).
bool Involved(const std::string& path, const std::string& models,
              std::vector<std::string>* files) {
  if (std::find(files->begin(), files->end(), path) != files->end())
    return true;
  files->push_back(path);
  tinyxml2::XMLDocument doc;
  if (doc.LoadFile(path.c_str()) != tinyxml2::XML_SUCCESS) return false;
  bool ok = true;
  std::vector<const tinyxml2::XMLElement*> stack = {doc.RootElement()};
  while (!stack.empty()) {
    const tinyxml2::XMLElement* e = stack.back();
    stack.pop_back();
    for (auto* c = e->FirstChildElement(); c; c = c->NextSiblingElement())
      stack.push_back(c);
    if (std::string(e->Name()) != "include") continue;
    const tinyxml2::XMLElement* uri = e->FirstChildElement("uri");
    const std::string file = uri && uri->GetText()
                                 ? IncludedFile(uri->GetText(), path, models)
                                 : "";
    ok = !file.empty() && Involved(file, models, files) && ok;
  }
  return ok;
}

RunResult Floor(const std::vector<Document>& docs) {
  RunResult r;
  for (const Document& d : docs) {
    ++r.total;
    bool ok = true;
    for (const std::string& f : d.involved) {
      const std::string text = ReadText(f);
      tinyxml2::XMLDocument doc;
      ok = doc.Parse(text.data(), text.size()) == tinyxml2::XML_SUCCESS && ok;
      tinyxml2::XMLPrinter printer;
      doc.Print(&printer);
      r.output_bytes += static_cast<long long>(std::strlen(printer.CStr()));
    }
    r.ok += ok;
  }
  return r;
}

RunResult Read(const std::vector<Document>& docs, const std::string& models) {
  RunResult r;
  sdf_io::ReadOptions options;
  options.model_paths = {models};
  for (const Document& d : docs) {
    ++r.total;
    frames::Diagnostics diags;
    auto doc = sdf_io::ReadSdfFile(d.path, &diags, options);
    if (doc) {
      for (const auto& m : doc->models) frames::FrameGraph::Build(m, &diags);
      for (const auto& w : doc->worlds) frames::FrameGraph::BuildWorld(w, &diags);
    }
    if (doc && !diags.HasErrors()) {
      ++r.ok;
      r.output_bytes += static_cast<long long>(doc->models.size());
    } else if (r.first_error.empty()) {
      r.first_error = d.path + ": " + diags.ToString();
    }
  }
  return r;
}

RunResult Convert(const std::vector<Document>& docs, const std::string& models,
                  int version) {
  RunResult r;
  converter::SdfToSdfOptions options;
  options.model_paths = {models};
  options.sdf_version = version;
  for (const Document& d : docs) {
    ++r.total;
    const auto c = converter::SdfFileToSdf(d.path, options);
    if (c.ok) {
      ++r.ok;
      r.output_bytes += static_cast<long long>(c.output.size());
    } else if (r.first_error.empty()) {
      r.first_error = d.path + ": " + c.diagnostics.ToString();
    }
  }
  return r;
}

RunResult Libsdformat(const std::vector<Document>& docs,
                      const std::string& models) {
  RunResult r;
  // libsdformat 12.3 reads merge-included files with its global
  // configuration, whatever it is given (fixed in 12.4): both get the path.
  const auto find = [models](const std::string& uri) {
    std::string name = uri;
    if (name.rfind("model://", 0) == 0) name = name.substr(8);
    const std::string f = models + "/" + name;
    return fs::exists(f) ? f : std::string();
  };
  sdf::ParserConfig& global = sdf::ParserConfig::GlobalConfig();
  global.AddURIPath("model://", models);
  global.SetFindCallback(find);
  sdf::ParserConfig config;
  config.AddURIPath("model://", models);
  config.SetFindCallback(find);
  for (const Document& d : docs) {
    ++r.total;
    sdf::Root root;
    const sdf::Errors errors = root.Load(d.path, config);
    if (errors.empty()) {
      ++r.ok;
    } else if (r.first_error.empty()) {
      r.first_error = d.path + ": " + errors.front().Message();
    }
  }
  return r;
}

int Main(int argc, char** argv) {
  std::string corpus, version = "1.9";
  int rounds = 30, timeout = 300;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::cerr << kUsage;
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "--corpus") corpus = value();
    else if (a == "--version") version = value();
    else if (a == "--rounds") rounds = std::max(1, std::atoi(value().c_str()));
    else if (a == "--timeout") timeout = std::max(1, std::atoi(value().c_str()));
    else {
      std::cerr << kUsage;
      return a == "--help" || a == "-h" ? 0 : 2;
    }
  }
  if (corpus.empty()) {
    const char* ws = std::getenv("BUILD_WORKSPACE_DIRECTORY");
    corpus = std::string(ws ? ws : ".") + "/../shared/corpus/px4-gazebo-models";
  }
  const std::string models = corpus + "/models";
  if (!fs::is_directory(models)) {
    std::cerr << "sdf_include_benchmark: no models directory in " << corpus
              << "\n";
    return 2;
  }
  // The documents: every .sdf of the repository of that version with an
  // //include whose files are all in the repository.
  std::vector<Document> docs;
  std::vector<std::string> left_out;
  std::vector<std::string> paths;
  for (const auto& e : fs::recursive_directory_iterator(corpus)) {
    if (e.is_regular_file() && e.path().extension() == ".sdf")
      paths.push_back(e.path().string());
  }
  std::sort(paths.begin(), paths.end());
  for (const std::string& p : paths) {
    tinyxml2::XMLDocument doc;
    if (doc.LoadFile(p.c_str()) != tinyxml2::XML_SUCCESS) continue;
    const tinyxml2::XMLElement* root = doc.RootElement();
    const char* v = root ? root->Attribute("version") : nullptr;
    const std::string text = ReadText(p);
    if (!v || version != v || text.find("<include") == std::string::npos)
      continue;
    Document d{p, {}};
    if (Involved(p, models, &d.involved)) docs.push_back(std::move(d));
    else left_out.push_back(p.substr(corpus.size() + 1));
  }
  size_t files = 0, bytes = 0;
  std::set<std::string> distinct;
  for (const Document& d : docs) {
    files += d.involved.size();
    for (const auto& f : d.involved) {
      bytes += fs::file_size(f);
      distinct.insert(f);
    }
  }
  std::printf("# sdf include benchmark\n\n");
  std::printf("corpus: %s; SDFormat %s documents with //include: %zu, "
              "involving %zu files (%zu distinct, %.1f KiB read per pass); "
              "fastest of %d passes per tool, taking turns (libsdformat: one "
              "pass)\n",
              corpus.c_str(), version.c_str(), docs.size(), files,
              distinct.size(), bytes / 1024.0, rounds);
  for (const auto& l : left_out)
    std::printf("left out (an include outside the repository): %s\n", l.c_str());
  std::printf("\n| tool | fastest pass, CPU (ms) | / floor | peak RSS delta "
              "(MiB) | ok |\n|---|---|---|---|---|\n");
  struct Tool {
    const char* name;
    std::function<RunResult()> run;
    bool slow = false;  // libsdformat: timed by its one pass in the child
  };
  const std::vector<Tool> tools = {
      {"floor: tinyxml2 read+parse+print of every file involved",
       [&] { return Floor(docs); }},
      {"read: ReadSdfFile + FrameGraph (validate)",
       [&] { return Read(docs, models); }},
      {"sdf2sdf --sdf-version 1.9", [&] { return Convert(docs, models, 9); }},
      {"sdf2sdf (1.7)", [&] { return Convert(docs, models, 7); }},
      {"libsdformat 12 Root::Load", [&] { return Libsdformat(docs, models); },
       /*slow=*/true},
  };
  // Memory (and libsdformat's time): one pass in a child each.
  std::vector<Measurement> child(tools.size());
  for (size_t t = 0; t < tools.size(); ++t) {
    ReleaseFreeMemory();
    child[t] = MeasureInChild([&] { return tools[t].run(); }, 1, timeout, [] {
      // libsdformat's console output would drown the table.
      std::freopen("/dev/null", "w", stderr);
    });
  }
  // Time: our tools and the floor take turns; CPU time of this process.
  const auto cpu_seconds = [] {
    timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + ts.tv_nsec * 1e-9;
  };
  std::vector<double> best(tools.size(), 1e300);
  for (int round = 0; round < rounds; ++round) {
    for (size_t t = 0; t < tools.size(); ++t) {
      if (tools[t].slow) continue;
      const double start = cpu_seconds();
      const RunResult r = tools[t].run();
      const double took = cpu_seconds() - start;
      if (r.output_bytes == -1) std::puts("");  // keeps the result live
      best[t] = std::min(best[t], took);
    }
  }
  int status = 0;
  for (size_t t = 0; t < tools.size(); ++t) {
    const Measurement& m = child[t];
    if (m.status != Measurement::Status::kOk) {
      std::printf("| %s | %s | | | |\n", tools[t].name,
                  m.status == Measurement::Status::kTimeout ? "timeout"
                                                            : "crashed");
      continue;
    }
    // libsdformat: the wall time of its one pass, in its child.
    const double seconds = tools[t].slow ? m.best_seconds : best[t];
    std::printf("| %s | %.3f | %.2fx | %.1f | %d/%d |\n", tools[t].name,
                seconds * 1e3, seconds / best[0], m.delta_rss_kb() / 1024.0,
                m.result.ok, m.result.total);
    if (m.result.ok != m.result.total && !m.result.first_error.empty()) {
      std::printf("\nfirst failure: %s\n\n", m.result.first_error.c_str());
      if (!tools[t].slow) status = 1;
    }
  }
  return status;
}

}  // namespace
}  // namespace benchmark

int main(int argc, char** argv) { return benchmark::Main(argc, argv); }
