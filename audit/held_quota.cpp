#include "audit/held_quota.h"

#include "audit/store/queries.h"

namespace kg::audit {

HeldQuotaEvidence held_quota_from_store(const EvidenceStore& store, std::int64_t from, std::int64_t to) {
    HeldQuotaEvidence h;
    h.evidence.intervals = query::quota_intervals(store, from, to);
    h.evidence.versions = query::quota_versions(store, from, to);
    const std::size_t sources = query::sources(store).size();
    h.fidelity = "source audit store " + store.path() + " (" + std::to_string(sources) +
                 " source(s)): reservations from QuotaReserved transitions, quota as revised over time";
    return h;
}

HeldQuotaEvidence held_quota_from_export(const model::Cluster& c, std::int64_t to) {
    HeldQuotaEvidence h;
    h.evidence = evidence_from_export(c, to);
    h.fidelity = "source single-export (partial): reservations that ended before the export are not seen";
    if (h.evidence.skipped)
        h.fidelity += "; " + std::to_string(h.evidence.skipped) +
                      " admitted workload(s) without a QuotaReserved time skipped";
    return h;
}

}  // namespace kg::audit
