#include "cli/evidence_source.h"

#include "audit/store/connection.h"
#include "audit/store/store.h"

#include <filesystem>
#include <iostream>
#include <memory>

namespace kg::cli {

bool store_present(const std::string& db) {
    if (audit::store::is_server_url(db) || (!db.empty() && std::filesystem::exists(db))) return true;
    std::cerr << "kueuegov: error: cannot open evidence store " << db << ": no such file\n";
    return false;
}

std::string store_display(const std::string& db) { return audit::store::display_target(db); }

std::unique_ptr<audit::EvidenceStore> open_store_or_report(const std::string& path) {
    // Read-only opening never creates a file; a missing store is a usage error, named.
    if (!audit::store::is_server_url(path) && !std::filesystem::exists(path)) {
        std::cerr << "kueuegov: error: cannot open evidence store " << path
                  << ": no such file (create it with `kueuegov audit ingest --db " << path << " SOURCE...`)\n";
        return nullptr;
    }
    return std::make_unique<audit::EvidenceStore>(path, audit::EvidenceStore::Access::read_only);
}

}  // namespace kg::cli
