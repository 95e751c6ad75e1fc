// Runs the kueuegov binary without a shell (arguments may hold any bytes), capturing its
// exit code, stdout and stderr. Shared by the CLI tests.
#pragma once

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

extern char** environ;

namespace kg::test {

namespace fs = std::filesystem;

/// Bytes as printable text for failure messages (Catch prints raw bytes otherwise).
inline std::string printable(const std::string& s) {
    std::string o;
    for (unsigned char c : s) {
        if (c < 0x20 || c >= 0x7f) {
            char b[8];
            std::snprintf(b, sizeof b, "\\x%02x", c);
            o += b;
        } else {
            o += static_cast<char>(c);
        }
    }
    return o;
}

/// A fresh directory under /tmp for one test, removed with everything in it.
struct TempDir {
    fs::path path;
    TempDir() {
        char tmpl[] = "/tmp/kg-test-XXXXXX";
        REQUIRE(mkdtemp(tmpl) != nullptr);
        path = tmpl;
    }
    ~TempDir() { fs::remove_all(path); }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
};

/// `s` as one word for sh: single-quoted, embedded quotes closed and escaped.
inline std::string shell_quote(const std::string& s) {
    std::string out = "'";
    for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

struct Run {
    int rc = -1;
    std::string out, err;
};

inline std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

/// Runs kueuegov with `args` (no shell: the arguments hold hostile bytes), capturing stdout
/// and stderr in files under `dir`.
inline Run run(const std::vector<std::string>& args, const fs::path& dir, const fs::path& stdout_path = {}) {
    fs::path out = stdout_path.empty() ? dir / "stdout" : stdout_path, err = dir / "stderr";
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 1, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_addopen(&fa, 2, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    std::vector<std::string> argv_s{KG_BINARY};
    argv_s.insert(argv_s.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (std::string& a : argv_s) {
        argv.push_back(a.data());
    }
    argv.push_back(nullptr);
    pid_t pid = 0;
    Run r;
    if (posix_spawn(&pid, KG_BINARY, &fa, nullptr, argv.data(), environ) == 0) {
        int status = 0;
        waitpid(pid, &status, 0);
        r.rc = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    }
    posix_spawn_file_actions_destroy(&fa);
    r.out = stdout_path.empty() ? slurp(out) : std::string();
    r.err = slurp(err);
    return r;
}

}  // namespace kg::test
