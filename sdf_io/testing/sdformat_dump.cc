// Prints libsdformat's snapshot of SDFormat files (see sdformat_oracle.h),
// for debugging the oracle and comparing it by eye with our own resolver.
//
//   sdformat_dump [--model-path DIR]... [--quiet] [--errors-only] FILE...
//
// For each file: a "file PATH" line, an "ok true|false" line, one
// "error CODE_NAME: message" line per libsdformat error, then one line per
// key, sorted:
//   pose KEY  x y z  roll pitch yaw        (in R; rpy as SDFormat writes it)
//   axis KEY  x y z                        (unit vector in R)
//   inertial KEY  mass  x y z  roll pitch yaw  ixx iyy izz ixy ixz iyz
// --quiet silences libsdformat's own console warnings; --errors-only leaves
// out the key lines. The exit status is 0 if every file loaded without
// errors, 1 otherwise, 2 on bad usage.
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include <sdf/Console.hh>

#include "sdf_io/testing/sdformat_oracle.h"

namespace {

// SDFormat roll-pitch-yaw of R = Rz(yaw) * Ry(pitch) * Rx(roll).
Eigen::Vector3d Rpy(const Eigen::Matrix3d& R) {
  const double pitch = std::asin(std::max(-1.0, std::min(1.0, -R(2, 0))));
  double roll, yaw;
  if (std::abs(R(2, 0)) < 1.0 - 1e-12) {
    roll = std::atan2(R(2, 1), R(2, 2));
    yaw = std::atan2(R(1, 0), R(0, 0));
  } else {  // Gimbal lock: put everything in yaw.
    roll = 0.0;
    yaw = std::atan2(-R(0, 1), R(1, 1));
  }
  return Eigen::Vector3d(roll, pitch, yaw);
}

std::string Fmt(double v) {
  if (std::abs(v) < 5e-13) v = 0.0;  // No "-0" or 1e-17 noise.
  char buffer[64];
  std::snprintf(buffer, sizeof(buffer), "%.12g", v);
  return buffer;
}

std::string Fmt(const Eigen::Vector3d& v) {
  return Fmt(v.x()) + " " + Fmt(v.y()) + " " + Fmt(v.z());
}

std::string Fmt(const Eigen::Isometry3d& X) {
  return Fmt(Eigen::Vector3d(X.translation())) + "  " + Fmt(Rpy(X.linear()));
}

void Usage() {
  std::fprintf(stderr,
               "usage: sdformat_dump [--model-path DIR]... [--quiet] "
               "[--errors-only] FILE...\n");
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> model_paths;
  std::vector<std::string> files;
  bool errors_only = false;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--model-path" && i + 1 < argc) {
      model_paths.push_back(argv[++i]);
    } else if (arg.rfind("--model-path=", 0) == 0) {
      model_paths.push_back(arg.substr(std::strlen("--model-path=")));
    } else if (arg == "--quiet" || arg == "-q") {
      sdf::Console::Instance()->SetQuiet(true);
    } else if (arg == "--errors-only") {
      errors_only = true;
    } else if (arg == "--help" || arg == "-h") {
      Usage();
      return 0;
    } else if (!arg.empty() && arg[0] == '-' && arg != "-") {
      Usage();
      return 2;
    } else {
      files.push_back(arg);
    }
  }
  if (files.empty()) {
    Usage();
    return 2;
  }

  bool all_ok = true;
  for (const std::string& file : files) {
    const sdf_oracle::Snapshot s =
        model_paths.empty() ? sdf_oracle::LoadFile(file)
                            : sdf_oracle::LoadFile(file, model_paths);
    all_ok = all_ok && s.ok;
    std::printf("file %s\n", file.c_str());
    std::printf("ok %s\n", s.ok ? "true" : "false");
    for (const std::string& error : s.errors) {
      std::string line = error;
      for (char& c : line) {
        if (c == '\n') c = ' ';
      }
      std::printf("error %s\n", line.c_str());
    }
    if (errors_only) continue;
    // The three maps are each sorted; printing them in turn gives lines
    // sorted by (kind, key).
    for (const auto& [key, X] : s.axes) {
      std::printf("axis %s  %s\n", key.c_str(), Fmt(X).c_str());
    }
    for (const auto& [key, info] : s.inertials) {
      const Eigen::Matrix3d& I = info.I;
      std::printf("inertial %s  %s  %s  %s %s %s %s %s %s\n", key.c_str(),
                  Fmt(info.mass).c_str(), Fmt(info.X_RI).c_str(),
                  Fmt(I(0, 0)).c_str(), Fmt(I(1, 1)).c_str(),
                  Fmt(I(2, 2)).c_str(), Fmt(I(0, 1)).c_str(),
                  Fmt(I(0, 2)).c_str(), Fmt(I(1, 2)).c_str());
    }
    for (const auto& [key, X] : s.poses) {
      std::printf("pose %s  %s\n", key.c_str(), Fmt(X).c_str());
    }
  }
  return all_ok ? 0 : 1;
}
