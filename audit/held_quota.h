// Where chargeback takes held-quota evidence from: the audit evidence store (reservations from
// QuotaReserved transitions, quota revisions from the ClusterQueue history) or a single export
// (only reservations still open at the export's time), with one line saying which and how
// faithful it is.
#pragma once

#include "audit/evidence.h"
#include "audit/store/store.h"
#include "model/cluster.h"

#include <cstdint>
#include <string>

namespace kg::audit {

struct HeldQuotaEvidence {
    ExportEvidence evidence;  ///< intervals and quota versions
    std::string fidelity;     ///< one line for stderr / the report's "not covered" list
};

/// Quota intervals and versions overlapping [from, to) (Unix seconds) from the store.
HeldQuotaEvidence held_quota_from_store(const EvidenceStore& store, std::int64_t from, std::int64_t to);

/// The same from one export, taken as a snapshot at `to`.
HeldQuotaEvidence held_quota_from_export(const model::Cluster& c, std::int64_t to);

}  // namespace kg::audit
