// Where chargeback and report take held-quota evidence from: the audit evidence store
// (--db: reservations from QuotaReserved transitions, quota revisions from the ClusterQueue
// history) or a single export (-f: only reservations still open at the export's time).
// cli/ wires audit/ to report/, so this lives here and speaks model types only.
#pragma once

#include "model/cluster.h"
#include "audit/evidence.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace kg::audit {
class EvidenceStore;
}

namespace kg::cli {

struct HeldQuotaEvidence {
    audit::ExportEvidence evidence;  ///< intervals and quota versions
    std::string fidelity;            ///< one line for stderr / the report's "not covered" list
};

/// Quota intervals and versions overlapping [from, to) from the store.
HeldQuotaEvidence held_quota_from_store(const audit::EvidenceStore& store, std::int64_t from, std::int64_t to);

/// The same from one export, taken as a snapshot at `to`.
HeldQuotaEvidence held_quota_from_export(const model::Cluster& c, std::int64_t to);

/// Opens an existing store read-only; prints `kueuegov: error: ...` and returns nullopt-like
/// null when it does not exist (the store constructor throws model::Fatal for the rest).
std::unique_ptr<audit::EvidenceStore> open_store_or_report(const std::string& path);

}  // namespace kg::cli
