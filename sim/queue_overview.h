// The queues of a loaded cluster, as `kueuegov inspect` shows them: the cohort forest
// (from sim/hierarchy), the ClusterQueues in each with their status (from
// sim/cluster_queue_status), their LocalQueues, and usage / pending counts derived from
// exported Workloads and Jobs. (Named an overview so that it is not confused with Kueue's
// Topology objects for topology-aware scheduling.)
#pragma once

#include "model/cluster.h"

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace kg::sim {

/// (flavor, resource)
using FlavorResource = std::pair<std::string, std::string>;

struct ClusterQueueSummary {
    const model::ClusterQueue* cq = nullptr;
    std::vector<const model::LocalQueue*> local_queues;
    /// Quota reserved right now, per (flavor, resource), in Kueue amounts (cpu in milli).
    std::map<FlavorResource, std::int64_t> usage;
    int reserving = 0;  ///< workloads holding quota (QuotaReserved=True, not finished)
    int admitted = 0;   ///< of those, Admitted=True
    int pending = 0;    ///< workloads (and suspended Jobs without a Workload) waiting
    std::vector<std::string> inactive_reasons;  ///< why Kueue would not admit here (R3.1.1), in its words
};

struct CohortSummary {
    std::string name;
    const model::Cohort* cohort = nullptr;  ///< nullptr for an implicit cohort (R1.3.2)
    std::string parent;
    std::vector<std::string> child_cohorts;   ///< sorted
    std::vector<std::string> cluster_queues;  ///< sorted
    bool in_cycle = false;
};

struct QueueOverview {
    std::map<std::string, CohortSummary> cohorts;          ///< by name
    std::vector<std::string> root_cohorts;                  ///< sorted
    std::map<std::string, ClusterQueueSummary> cluster_queues;  ///< by name
    std::vector<std::string> standalone_queues;             ///< CQs without a cohort, sorted
    std::vector<const model::LocalQueue*> orphan_local_queues;  ///< naming a ClusterQueue that is not loaded
    std::vector<const model::Workload*> unqueued_workloads;     ///< pending, LocalQueue not found
};

QueueOverview build_queue_overview(const model::Cluster& cluster);

}  // namespace kg::sim
