// Pieces shared by the benchmarks (urdf2sdf_benchmark, sdf_benchmark):
// number formatting, text / Markdown tables, the machine description, the
// corpus lookup and silencing a measured child's log output.
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace benchmark {

// "a,b,,c" -> {"a", "b", "c"}.
std::vector<std::string> Split(const std::string& s);
std::string FirstLine(const std::string& s);

// 1234567 -> "1,234,567".
std::string WithThousands(long long n);
// 1000 -> "1k", 1500 -> "1500", 2000000 -> "2M".
std::string ShortCount(int n);

std::string FormatSeconds(double s);  // "12.3 ms", "1.234 s"
std::string FormatMiB(long kb);       // "12.3 MiB"
std::string FormatRatio(double r);    // "1.23x"; "-" when not positive
std::string FormatSig3(double v);     // about three significant digits

// Sends the calling process's stdout and stderr to /dev/null (library log
// noise in a measured child).
void Silence();

struct Table {
  std::vector<std::string> header;
  std::vector<bool> right;  // right-align this column in text mode
  std::vector<std::vector<std::string>> rows;
  std::vector<size_t> group_starts;  // text mode: rule before these rows
};

// Aligned text, or a Markdown table when `markdown`.
void PrintTable(const Table& t, bool markdown);
// "### title" in Markdown, else the title underlined with '='.
void Heading(bool markdown, const std::string& title);

std::string CpuModel();
// The 1, 5 and 15 minute load averages: timings mean little on a busy
// machine.
std::string LoadAverage();

// `explicit_dir` (from --corpus), else the runfiles of the @corpus
// repository, else ../shared/corpus next to the workspace (or the current
// directory): the first that holds a file with one of `extensions` (".urdf").
// Returns the directory and how it was found ("" when nothing was found).
// `runfiles_label` names the runfiles target ("@corpus//:urdf").
std::pair<std::string, std::string> FindCorpus(
    const std::string& explicit_dir, const char* argv0,
    const std::string& runfiles_label,
    const std::vector<std::string>& extensions);

}  // namespace benchmark
