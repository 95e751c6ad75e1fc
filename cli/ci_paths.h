// The directories the CI formats (SARIF, Code Quality) make file paths relative to: the
// working directory, or --sarif-root for SARIF.
#pragma once

#include <string>

namespace kg::cli {

struct CiPaths {
    std::string cwd;   ///< absolute working directory
    std::string root;  ///< absolute --sarif-root, "" when not given
};

/// Reads the working directory and checks --sarif-root (a directory that exists). On a problem
/// prints `kueuegov: error: ...` and returns false (the caller exits 2).
bool ci_paths(const std::string& sarif_root, CiPaths& out);

}  // namespace kg::cli
