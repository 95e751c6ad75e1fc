// Shared helpers for the audit tests: a temporary store path removed with its WAL files,
// fixture paths, and an ingest that collects diagnostics instead of printing them.
#pragma once

#include "audit/ingest/ingest.h"
#include "audit/store/store.h"

#include <unistd.h>

#include <filesystem>
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

inline std::string fixture(const std::string& name) { return std::string(KG_SOURCE_DIR) + "/testdata/audit/" + name; }

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
