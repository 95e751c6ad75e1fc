// Held-quota evidence: the reservations (quota intervals) and quota revisions that the audit
// store's queries, or a single export, hand to chargeback and the evidence report. Results of
// audit/, so report/ may read them (STYLE.md section 1).
#pragma once

#include "model/cluster.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace kg::audit {

using model::Cluster;

/// One Workload holding quota of one (flavor, resource) in one ClusterQueue, from QuotaReserved
/// becoming True to its release (QuotaReserved back to False, Finished, or deletion). An evicted
/// workload holds quota until QuotaReserved turns False, not from its Evicted timestamp.
struct QuotaInterval {
    std::string workload;       ///< "namespace/name" (or with a UID suffix); informational
    std::string cluster_queue;
    std::string local_queue;    ///< "" when the workload bypassed queues
    std::string namespace_;
    std::string flavor;
    std::string resource;
    std::int64_t milli = 0;     ///< amount in milli-units of the resource (bytes for memory)
    std::int64_t from = 0;      ///< Unix seconds, inclusive
    std::int64_t to = 0;        ///< Unix seconds, exclusive
};

/// The quota of one (flavor, resource) of a ClusterQueue while one revision was in force.
struct QuotaVersion {
    std::string cluster_queue;
    std::string flavor;
    std::string resource;
    std::int64_t nominal_milli = 0;
    std::optional<std::int64_t> borrowing_limit_milli;  ///< nullopt = unlimited
    std::optional<std::int64_t> lending_limit_milli;    ///< nullopt = all unused nominal is lendable
    std::string cohort;                                 ///< "" = no cohort
    std::int64_t valid_from = 0;                        ///< Unix seconds, inclusive
    std::int64_t valid_to = INT64_MAX;                  ///< exclusive; INT64_MAX = still in force
    /// Quota of a Cohort itself (its spec.resourceGroups): `cluster_queue` and `cohort` both name
    /// the Cohort, whose member ClusterQueues may borrow it. Nobody's workloads run on it directly.
    bool cohort_owned = false;
};

/// The quota a ClusterQueue's resource groups grant, one version per (flavor, resource),
/// valid for all time (callers set the validity).
std::vector<QuotaVersion> quota_versions_of(const model::ClusterQueue& cq);
/// The quota a Cohort's own resource groups hold (cohort_owned versions).
std::vector<QuotaVersion> quota_versions_of(const model::Cohort& cohort);

}  // namespace kg::audit

namespace kg::audit {

/// Evidence from one export (a snapshot of the cluster at `as_of`): the lowest fidelity source in
/// audit-evidence.md section 3.4, flagged as partial. A Workload whose QuotaReserved condition is
/// True holds each `podSetAssignments[].resourceUsage` of its flavor from the condition's
/// lastTransitionTime until Finished (True) or `as_of`. Reservations that already ended before the
/// snapshot left no start time and are not seen; `skipped` counts admitted Workloads without a
/// usable QuotaReserved time.
struct ExportEvidence {
    std::vector<QuotaInterval> intervals;
    std::vector<QuotaVersion> versions;  ///< each ClusterQueue's quota, in force for all time
    std::int64_t skipped = 0;
};
ExportEvidence evidence_from_export(const Cluster& c, std::int64_t as_of);

}  // namespace kg::audit
