#include "tools/benchmark/report.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace benchmark {

namespace fs = std::filesystem;

std::vector<std::string> Split(const std::string& s) {
  std::vector<std::string> parts;
  std::stringstream in(s);
  std::string part;
  while (std::getline(in, part, ',')) {
    if (!part.empty()) parts.push_back(part);
  }
  return parts;
}

std::string FirstLine(const std::string& s) {
  const size_t nl = s.find('\n');
  return nl == std::string::npos ? s : s.substr(0, nl);
}

std::string WithThousands(long long n) {
  std::string s = std::to_string(n);
  for (int i = static_cast<int>(s.size()) - 3; i > 0; i -= 3) {
    s.insert(static_cast<size_t>(i), ",");
  }
  return s;
}

// 1000 -> "1k", 1500 -> "1500", 2000000 -> "2M".
std::string ShortCount(int n) {
  if (n >= 1000000 && n % 1000000 == 0)
    return std::to_string(n / 1000000) + "M";
  if (n >= 1000 && n % 1000 == 0) return std::to_string(n / 1000) + "k";
  return std::to_string(n);
}

// Sends the child's stdout and stderr to /dev/null (library log noise).
void Silence() {
  const int fd = open("/dev/null", O_WRONLY);
  if (fd >= 0) {
    dup2(fd, STDOUT_FILENO);
    dup2(fd, STDERR_FILENO);
    close(fd);
  }
}

std::string FormatSeconds(double s) {
  char buf[64];
  if (s < 1e-3) {
    std::snprintf(buf, sizeof(buf), "%.3f ms", s * 1e3);
  } else if (s < 1.0) {
    std::snprintf(buf, sizeof(buf), s < 0.1 ? "%.2f ms" : "%.1f ms", s * 1e3);
  } else if (s < 10.0) {
    std::snprintf(buf, sizeof(buf), "%.3f s", s);
  } else {
    std::snprintf(buf, sizeof(buf), "%.2f s", s);
  }
  return buf;
}

std::string FormatMiB(long kb) {
  char buf[64];
  const double mib = kb / 1024.0;
  std::snprintf(buf, sizeof(buf), mib < 100 ? "%.1f MiB" : "%.0f MiB", mib);
  return buf;
}

std::string FormatRatio(double r) {
  char buf[64];
  if (!(r > 0) || r > 1e6) return "-";
  std::snprintf(buf, sizeof(buf),
                r < 10    ? "%.2fx"
                : r < 100 ? "%.1fx"
                          : "%.0fx",
                r);
  return buf;
}

std::string FormatSig3(double v) {
  char buf[64];
  if (v >= 100) {
    std::snprintf(buf, sizeof(buf), "%.0f", v);
  } else if (v >= 10) {
    std::snprintf(buf, sizeof(buf), "%.1f", v);
  } else if (v >= 1) {
    std::snprintf(buf, sizeof(buf), "%.2f", v);
  } else {
    std::snprintf(buf, sizeof(buf), "%.3f", v);
  }
  return buf;
}

void PrintTable(const Table& t, bool markdown) {
  const size_t n = t.header.size();
  if (markdown) {
    auto line = [&](const std::vector<std::string>& cells) {
      std::string s = "|";
      for (size_t i = 0; i < n; ++i) s += " " + cells[i] + " |";
      std::printf("%s\n", s.c_str());
    };
    line(t.header);
    std::string rule = "|";
    for (size_t i = 0; i < n; ++i) rule += t.right[i] ? "---:|" : "---|";
    std::printf("%s\n", rule.c_str());
    for (const auto& r : t.rows) line(r);
    std::printf("\n");
    return;
  }
  // Display width: count UTF-8 code points, not bytes.
  auto width = [](const std::string& s) {
    size_t w = 0;
    for (unsigned char c : s) w += (c & 0xC0) != 0x80;
    return w;
  };
  std::vector<size_t> widths(n, 0);
  for (size_t i = 0; i < n; ++i) widths[i] = width(t.header[i]);
  for (const auto& r : t.rows) {
    for (size_t i = 0; i < n; ++i) widths[i] = std::max(widths[i], width(r[i]));
  }
  auto line = [&](const std::vector<std::string>& cells) {
    std::string s;
    for (size_t i = 0; i < n; ++i) {
      const std::string pad(widths[i] - width(cells[i]), ' ');
      if (i > 0) s += "  ";
      s += t.right[i] ? pad + cells[i] : cells[i] + pad;
    }
    while (!s.empty() && s.back() == ' ') s.pop_back();
    std::printf("%s\n", s.c_str());
  };
  size_t total = 0;
  for (size_t i = 0; i < n; ++i) total += widths[i] + (i > 0 ? 2 : 0);
  const std::string rule(total, '-');
  line(t.header);
  std::printf("%s\n", rule.c_str());
  for (size_t r = 0; r < t.rows.size(); ++r) {
    if (r > 0 && std::find(t.group_starts.begin(), t.group_starts.end(), r) !=
                     t.group_starts.end()) {
      std::printf("%s\n", rule.c_str());
    }
    line(t.rows[r]);
  }
  std::printf("\n");
}

void Heading(bool markdown, const std::string& title) {
  if (markdown) {
    std::printf("### %s\n\n", title.c_str());
  } else {
    std::printf("%s\n%s\n", title.c_str(),
                std::string(title.size(), '=').c_str());
  }
}

std::string CpuModel() {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("model name", 0) == 0) {
      const size_t colon = line.find(':');
      if (colon != std::string::npos) return line.substr(colon + 2);
    }
  }
  return "unknown CPU";
}

// The 1, 5 and 15 minute load averages: timings mean little on a busy
// machine.
std::string LoadAverage() {
  std::ifstream in("/proc/loadavg");
  std::string one, five, fifteen;
  if (!(in >> one >> five >> fifteen)) return "unknown";
  return one + " " + five + " " + fifteen;
}

namespace {

bool HasFilesWithExtension(const fs::path& dir,
                            const std::vector<std::string>& extensions) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return false;
  for (fs::recursive_directory_iterator
           it(dir, fs::directory_options::follow_directory_symlink, ec),
       end;
       !ec && it != end; it.increment(ec)) {
    const std::string ext = it->path().extension().string();
    if (std::find(extensions.begin(), extensions.end(), ext) !=
        extensions.end()) {
      return true;
    }
  }
  return false;
}

}  // namespace

std::pair<std::string, std::string> FindCorpus(
    const std::string& explicit_dir, const char* argv0,
    const std::string& runfiles_label,
    const std::vector<std::string>& extensions) {
  if (!explicit_dir.empty()) {
    return {explicit_dir, explicit_dir + " (--corpus)"};
  }
  std::vector<std::pair<fs::path, std::string>> candidates;
  const std::string runfiles = runfiles_label + " from the runfiles";
  if (const char* r = std::getenv("RUNFILES_DIR")) {
    candidates.push_back({fs::path(r) / "corpus", runfiles});
  }
  candidates.push_back(
      {fs::path(std::string(argv0) + ".runfiles") / "corpus", runfiles});
  // `bazel run` starts in <runfiles>/<workspace name>.
  candidates.push_back({"../corpus", runfiles});
  candidates.push_back({"external/corpus", runfiles});
  if (const char* w = std::getenv("BUILD_WORKSPACE_DIRECTORY")) {
    const fs::path p = fs::path(w) / ".." / "shared" / "corpus";
    candidates.push_back({p, p.lexically_normal().string()});
  }
  candidates.push_back({"../shared/corpus", "../shared/corpus"});
  for (const auto& [dir, how] : candidates) {
    if (HasFilesWithExtension(dir, extensions)) {
      return {dir.lexically_normal().string(), how};
    }
  }
  return {"", ""};
}

}  // namespace benchmark
