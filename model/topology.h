// The queue topology of a loaded cluster, as `kueuegov inspect` shows it: the
// cohort forest (explicit and implicit cohorts), the ClusterQueues in each, their
// LocalQueues, and usage / pending counts derived from exported Workloads and Jobs.
#pragma once

#include "model/cluster.h"

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace kg::model {

/// (flavor, resource)
using FlavorResource = std::pair<std::string, std::string>;

struct ClusterQueueSummary {
    const ClusterQueue* cq = nullptr;
    std::vector<const LocalQueue*> local_queues;
    /// Quota reserved right now, per (flavor, resource), in Kueue amounts (cpu in milli).
    std::map<FlavorResource, std::int64_t> usage;
    int reserving = 0;  ///< workloads holding quota (QuotaReserved=True, not finished)
    int admitted = 0;   ///< of those, Admitted=True
    int pending = 0;    ///< workloads (and suspended Jobs without a Workload) waiting
    std::vector<std::string> inactive_reasons;  ///< why Kueue would not admit here (R3.1.1)
};

struct CohortSummary {
    std::string name;
    const Cohort* cohort = nullptr;  ///< nullptr for an implicit cohort (R1.3.2)
    std::string parent;
    std::vector<std::string> child_cohorts;   ///< sorted
    std::vector<std::string> cluster_queues;  ///< sorted
    bool in_cycle = false;
};

struct Topology {
    std::map<std::string, CohortSummary> cohorts;          ///< by name
    std::vector<std::string> root_cohorts;                  ///< sorted
    std::map<std::string, ClusterQueueSummary> cluster_queues;  ///< by name
    std::vector<std::string> standalone_queues;             ///< CQs without a cohort, sorted
    std::vector<const LocalQueue*> orphan_local_queues;     ///< naming a ClusterQueue that is not loaded
    std::vector<const Workload*> unqueued_workloads;        ///< pending, LocalQueue not found
};

Topology build_topology(const Cluster& cluster);

/// R3.1.1: why Kueue would mark this ClusterQueue inactive ("is stopped", "references missing
/// ResourceFlavor(s): a,b", ...); empty when it is active.
std::vector<std::string> inactive_reasons(const Cluster& cluster, const ClusterQueue& cq);

/// True when the workload holds quota: QuotaReserved=True, not Finished, spec.active.
bool is_reserving(const Workload& wl);
bool is_finished(const Workload& wl);

}  // namespace kg::model
