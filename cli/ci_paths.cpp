// --sarif-root and the working directory for the CI formats (ci_paths.h).
#include "cli/ci_paths.h"

#include <filesystem>
#include <iostream>
#include <system_error>

namespace kg::cli {

bool ci_paths(const std::string& sarif_root, CiPaths& out) {
    namespace fs = std::filesystem;
    std::error_code ec;
    fs::path cwd = fs::current_path(ec);
    if (ec) {
        std::cerr << "kueuegov: error: cannot read the working directory: " << ec.message() << "\n";
        return false;
    }
    out.cwd = cwd.lexically_normal().generic_string();
    out.root.clear();
    if (sarif_root.empty()) {
        return true;
    }
    if (!fs::is_directory(sarif_root, ec)) {
        std::cerr << "kueuegov: error: --sarif-root expects a directory, found \"" << sarif_root << "\""
                  << (ec ? ": " + ec.message() : std::string(fs::exists(sarif_root, ec) ? ": not a directory" : ": no such directory"))
                  << "\n";
        return false;
    }
    out.root = (cwd / fs::path(sarif_root)).lexically_normal().generic_string();
    if (out.root.size() > 1 && out.root.back() == '/') {
        out.root.pop_back();
    }
    return true;
}

}  // namespace kg::cli
