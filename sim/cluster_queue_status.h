// Whether a ClusterQueue is active and, if not, why, in Kueue's words (kueue-admission.md
// R3.1.1, R3.1.2, R3.1.3). Kueue: pkg/cache/scheduler/clusterqueue.go (updateQueueStatus,
// inactiveReason), snapshot.go (cohort cycles). The snapshot, the queue path, `inspect` and
// lint read this one function.
#pragma once

#include "model/cluster.h"

#include <string>
#include <vector>

namespace kg::sim {

class CohortHierarchy;

/// One reason Kueue keeps a ClusterQueue pending, in R3.1.2's order.
struct InactivePart {
    std::string reason;   ///< the Active condition's reason: Stopped, FlavorNotFound, ..., TopologyNotFound
    std::string message;  ///< "is stopped", "references missing ResourceFlavor(s): a,b", ...
    /// The spec.admissionChecksStrategy.admissionChecks entry it is about (MultiKueue parts), or -1.
    int check_index = -1;
};

struct ClusterQueueStatus {
    std::vector<InactivePart> parts;  ///< empty when the status is active (R3.1.1)
    /// R3.1.3: its cohort chain reaches a cycle, so no cycle admits into it even when its
    /// status is active.
    bool cohort_cycle = false;

    bool active() const { return parts.empty(); }
    bool schedulable() const { return parts.empty() && !cohort_cycle; }
    /// The Active condition's reason: Ready, or the first part's.
    const std::string& reason() const;
    /// The Active condition's message: "Can admit new workloads", or "Can't admit new
    /// workloads: <parts joined by ", ">."
    std::string message() const;
    /// The parts' messages joined by ", " ("" when active).
    std::string joined() const;
};

/// R3.1.1 without the cohort: stopPolicy, missing flavors, missing or inactive checks, MultiKueue
/// check conflicts, TAS flavors whose Topology is missing.
ClusterQueueStatus cluster_queue_status(const model::Cluster& cluster, const model::ClusterQueue& cq);
/// The same, plus R3.1.3 from the hierarchy.
ClusterQueueStatus cluster_queue_status(const model::Cluster& cluster, const CohortHierarchy& hierarchy,
                                        const model::ClusterQueue& cq);

}  // namespace kg::sim
