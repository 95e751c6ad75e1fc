// Lexical paths for CI formats (SARIF, Code Quality): see artifact_path.h.
#include "report/artifact_path.h"

#include <cctype>
#include <cstdio>
#include <filesystem>

namespace kg::report {

namespace fs = std::filesystem;

ArtifactPath artifact_path(std::string_view name, const std::string& cwd, const std::string& base) {
    if (name.empty() || name.front() == '<') {
        return {std::string(name), false};  // "<stdin>", "<input>": no file to point at
    }
    fs::path given(name);
    fs::path abs = (given.is_absolute() ? given : fs::path(cwd) / given).lexically_normal();
    fs::path rel = abs.lexically_relative(fs::path(base).lexically_normal());
    std::string r = rel.generic_string();
    if (!rel.empty() && r != "." && r.rfind("..", 0) != 0) {
        return {r, true};
    }
    if (given.is_absolute()) {
        return {abs.generic_string(), false};
    }
    fs::path from_cwd = abs.lexically_relative(fs::path(cwd).lexically_normal());
    return {from_cwd.empty() ? given.generic_string() : from_cwd.generic_string(), false};
}

std::string path_uri(std::string_view path) {
    std::string out = !path.empty() && path.front() == '/' ? "file://" : "";
    for (char c : path) {
        auto u = static_cast<unsigned char>(c);
        if (std::isalnum(u) || c == '/' || c == '.' || c == '-' || c == '_' || c == '~') {
            out += c;
        } else {
            char buf[4];
            std::snprintf(buf, sizeof buf, "%%%02X", u);
            out += buf;
        }
    }
    return out;
}

}  // namespace kg::report
