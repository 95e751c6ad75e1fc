// Which running workloads the policy leaves exposed to reclamation: a workload holding quota
// in a ClusterQueue that uses more of a flavor's resource than its nominal quota (it borrows,
// R6.5) can be preempted by another ClusterQueue of its cohort tree whose
// reclaimWithinCohort is not Never (R7.1, R7.2). Kueue: pkg/scheduler/preemption
// (classical/candidate_generator.go: candidates of other queues only while their queue
// borrows), resource_node.go. `diff --state` compares this between two policies.
#pragma once

#include "model/cluster.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace kg::sim {

/// A ClusterQueue that may reclaim from the workload.
struct Reclaimer {
    std::string cluster_queue;
    model::ReclaimWithinCohort policy = model::ReclaimWithinCohort::any;  ///< lowerPriority: only its workloads above the victim's priority
};

struct WorkloadExposure {
    std::string workload;       ///< namespace/name
    std::string cluster_queue;  ///< status.admission.clusterQueue
    bool cluster_queue_found = true;
    std::int32_t priority = 0;
    /// (flavor, resource) the workload uses in which its ClusterQueue uses more than its
    /// nominal quota, sorted.
    std::vector<std::pair<std::string, std::string>> borrowing;
    /// Active ClusterQueues of the same cohort tree, with nominal quota in one of those
    /// (flavor, resource) and reclaimWithinCohort other than Never, sorted by name. Empty
    /// when the queue does not borrow.
    std::vector<Reclaimer> reclaimers;
};

/// Every workload holding quota (R1.5.3), sorted by key.
std::vector<WorkloadExposure> reclaim_exposure(const model::Cluster& cluster);

}  // namespace kg::sim
