#include "cli/evidence_source.h"

#include "audit/store/queries.h"
#include "audit/store/store.h"

#include <filesystem>
#include <iostream>
#include <memory>

namespace kg::cli {

HeldQuotaEvidence held_quota_from_store(const audit::EvidenceStore& store, std::int64_t from, std::int64_t to) {
    HeldQuotaEvidence h;
    h.evidence.intervals = audit::query::quota_intervals(store, from, to);
    h.evidence.versions = audit::query::quota_versions(store, from, to);
    std::size_t sources = audit::query::sources(store).size();
    h.fidelity = "source audit store " + store.path() + " (" + std::to_string(sources) +
                 " source(s)): reservations from QuotaReserved transitions, quota as revised over time";
    return h;
}

HeldQuotaEvidence held_quota_from_export(const model::Cluster& c, std::int64_t to) {
    HeldQuotaEvidence h;
    h.evidence = audit::evidence_from_export(c, to);
    h.fidelity = "source single-export (partial): reservations that ended before the export are not seen";
    if (h.evidence.skipped)
        h.fidelity += "; " + std::to_string(h.evidence.skipped) +
                      " admitted workload(s) without a QuotaReserved time skipped";
    return h;
}

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
