// Shared helpers for the audit tests: a temporary store path removed with its WAL files,
// fixture paths, an ingest that collects diagnostics instead of printing them, and a run of the
// kueuegov binary with its exit code and combined output.
#pragma once

#include "audit/ingest/ingest.h"
#include "audit/store/store.h"

#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>

#include <cstdio>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace kg::audit::test {

struct TempPath {
    std::filesystem::path path;
    explicit TempPath(const std::string& name, const std::string& ext = ".db") {
        path = std::filesystem::temp_directory_path() /
               ("kg-audit-" + name + "-" + std::to_string(::getpid()) + ext);
        clean();
    }
    ~TempPath() { clean(); }
    void clean() const {
        for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path.string() + suffix);
    }
    std::string str() const { return path.string(); }
};

/// The kueuegov binary run with `args` (a shell command line): exit code, stdout and stderr.
struct CliRun {
    int rc = -1;
    std::string out;
};

inline CliRun run_cli(const std::string& args) {
    CliRun r;
    const std::string cmd = std::string(KG_BINARY) + " " + args + " 2>&1";
    FILE* p = ::popen(cmd.c_str(), "r");
    REQUIRE(p != nullptr);
    char buf[4096];
    std::size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, n);
    const int status = ::pclose(p);
    r.rc = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return r;
}

/// A source's identity as the store tests open it: a plain audit log of `cluster`.
inline SourceIdentity ident(const std::string& path, const std::string& cluster = "default") {
    SourceIdentity id;
    id.path = path;
    id.format = "audit-jsonl";
    id.compression = "none";
    id.head_sha256 = "00";
    id.cluster = cluster;
    return id;
}

inline std::string fixture(const std::string& name) { return std::string(KG_SOURCE_DIR) + "/testdata/audit/" + name; }

/// lifecycle.jsonl (every time on 2026-10-05) moved to `month` ("2026-11") and written to `file`
/// (its path returned): each date and each audit ID changed, so it is new evidence of that month
/// (PostgreSQL stores it in that month's partitions).
inline std::string lifecycle_in_month(const TempPath& file, const std::string& month) {
    std::ifstream in(fixture("lifecycle.jsonl"));
    std::ofstream out(file.str());
    for (std::string l; std::getline(in, l);) {
        for (auto p = l.find("2026-10-05"); p != std::string::npos; p = l.find("2026-10-05", p + 1))
            l.replace(p, 7, month);
        if (const auto at = l.find("\"auditID\":\""); at != std::string::npos) l.insert(l.find('"', at + 11), "-" + month);
        out << l << "\n";
    }
    return file.str();
}

struct Ingested {
    ingest::SourceResult result;
    std::string diag;
};

inline Ingested ingest_file(EvidenceStore& st, const std::string& path, ingest::IngestOptions opt = {}) {
    std::ostringstream diag;
    opt.diag = &diag;
    Ingested out;
    out.result = ingest::ingest_source(st, path, opt);
    out.diag = diag.str();
    return out;
}

}  // namespace kg::audit::test
