// Test support: the text of numbers, vectors, rotations and poses in failure
// messages (17 significant digits, so two values that differ print
// differently), of lists of failures, and the distance between two poses the
// oracle tests compare.
#pragma once

#include <algorithm>
#include <cstddef>
#include <iomanip>
#include <sstream>
#include <string>
#include <vector>

#include <Eigen/Geometry>

namespace test_support {

inline std::string Num(double v) {
  std::ostringstream os;
  os << std::setprecision(17) << v;
  return os.str();
}

inline std::string Vec(const Eigen::Vector3d& v) {
  return "[" + Num(v.x()) + " " + Num(v.y()) + " " + Num(v.z()) + "]";
}

// "[a b c; d e f; g h i]"
inline std::string MatStr(const Eigen::Matrix3d& m) {
  std::string s = "[";
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) s += Num(m(i, j)) + (j < 2 ? " " : "");
    s += i < 2 ? "; " : "]";
  }
  return s;
}

// "p [x y z] R [rotation matrix]"
inline std::string PoseStr(const Eigen::Isometry3d& X) {
  return "p " + Vec(X.translation()) + " R " + MatStr(X.linear());
}

// `s` on one line (newlines and tabs as spaces), cut to `max_len`.
inline std::string OneLine(std::string s, size_t max_len) {
  for (char& c : s) {
    if (c == '\n' || c == '\r' || c == '\t') c = ' ';
  }
  if (s.size() > max_len) s = s.substr(0, max_len) + "...";
  return s;
}

// The first `max` of `lines`, each indented two blanks on a line of its
// own, then "  ... and N more" for the rest.
inline std::string Joined(const std::vector<std::string>& lines, size_t max) {
  std::string s;
  for (size_t i = 0; i < lines.size() && i < max; ++i) {
    s += "  " + lines[i] + "\n";
  }
  if (lines.size() > max) {
    s += "  ... and " + std::to_string(lines.size() - max) + " more\n";
  }
  return s;
}

// The largest difference of translation or rotation-matrix entries.
inline double MaxDiff(const Eigen::Isometry3d& a, const Eigen::Isometry3d& b) {
  return std::max((a.translation() - b.translation()).cwiseAbs().maxCoeff(),
                  (a.linear() - b.linear()).cwiseAbs().maxCoeff());
}

}  // namespace test_support
