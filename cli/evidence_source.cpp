#include "cli/evidence_source.h"

#include "audit/store/store.h"

#include <filesystem>
#include <iostream>
#include <memory>

namespace kg::cli {

std::unique_ptr<audit::EvidenceStore> open_store_or_report(const std::string& path) {
    // Read-only opening never creates a file; a missing store is a usage error, named.
    if (!std::filesystem::exists(path)) {
        std::cerr << "kueuegov: error: cannot open evidence store " << path
                  << ": no such file (create it with `kueuegov audit ingest --db " << path << " SOURCE...`)\n";
        return nullptr;
    }
    return std::make_unique<audit::EvidenceStore>(path, audit::EvidenceStore::Access::read_only);
}

}  // namespace kg::cli
