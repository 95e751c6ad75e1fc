// Why a workload is where it is, before any quota arithmetic: its requests, the
// path LocalQueue -> ClusterQueue -> cohort chain with each link checked (missing
// queue, namespace not selected, stopped, inactive), its state from the export,
// and its place in the ClusterQueue's queue (kueue-admission.md R1.5.4, §3, R4.2).
#pragma once

#include "model/cluster.h"
#include "model/pod_requests.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace kg::model {

struct PodSetRequest {
    std::string name;
    std::int32_t count = 0;
    ResourceAmounts per_pod;
    ResourceAmounts total;
};

struct PathLink {
    std::string what;    ///< "LocalQueue nlp/training"
    bool ok = true;
    std::string detail;  ///< why not, in Kueue's words where Kueue has them
};

enum class WorkloadState { pending, quota_reserved, admitted, finished, inactive };
const char* state_name(WorkloadState s);

struct QueuePlace {
    int position = 0;                        ///< 1-based among the ClusterQueue's pending workloads
    std::vector<const Workload*> ahead;      ///< in queue order
    bool strict_fifo = false;
};

/// One flavor x resource the simulator's flavor assigner evaluated for this workload
/// (R5.4.1), with the numbers behind the verdict (amounts: cpu in milli).
struct FlavorCheck {
    std::string pod_set, flavor, resource;
    std::int64_t assumed = 0, request = 0, available = 0, potential = 0, nominal = 0;
    std::string mode;    ///< fit | preempt | reclaim | noCandidates | noFit
    std::string reason;  ///< Kueue's reason fragment, "" on a clean fit
};

/// What the simulator decides for this workload in the next scheduling cycle.
struct SimulatedOutcome {
    std::string decision;  ///< admitted | quota reserved | pending | preempting | not a head this cycle
    std::string cluster_queue;
    std::map<std::string, std::map<std::string, std::string>> flavors;  ///< podSet -> resource -> flavor
    std::string message;   ///< the QuotaReserved=False message Kueue would write
    std::vector<std::pair<std::string, std::string>> preempting;  ///< (workload, reason)
};

/// For a workload Kueue evicted by preemption: who preempted it and under which rule,
/// re-derived from its Preempted/Evicted conditions (reason, and the message Kueue writes:
/// "Preempted to accommodate a workload (UID: u, JobUID: j) due to ...; preemptor path: /..;
/// preemptee path: /..") and the loaded state (R7.9).
struct EvictionAccount {
    std::string reason;         ///< InClusterQueue | InCohortReclamation | InCohortReclaimWhileBorrowing | InCohortFairSharing
    std::string rule;           ///< withinClusterQueue | reclaimWithinCohort | borrowWithinCohort | fairSharing
    std::string preemptor_uid;  ///< "" when the message has none (or UNKNOWN)
    const Workload* preemptor = nullptr;  ///< the Workload with that UID in the inputs
    std::string preemptor_path, preemptee_path;
    bool quota_released = false;          ///< QuotaReserved is no longer True
    std::vector<std::string> findings;    ///< the rule's conditions with the numbers, one sentence each
};

struct AdmissionPath {
    const Workload* workload = nullptr;      ///< the loaded Workload, or nullptr when derived
    std::optional<Workload> derived;         ///< when explaining a Job that has no Workload in the input
    WorkloadState state = WorkloadState::pending;
    std::int32_t priority = 0;
    std::vector<PodSetRequest> requests;
    std::string request_problem;             ///< R3.4 message, if any
    std::vector<PathLink> links;
    const LocalQueue* local_queue = nullptr;
    const ClusterQueue* cluster_queue = nullptr;
    std::vector<std::string> cohort_chain;   ///< from the ClusterQueue's cohort up to the root
    std::optional<QueuePlace> place;         ///< for pending workloads in a reachable ClusterQueue
    const Condition* quota_reserved = nullptr;
    const Condition* evicted = nullptr;
    const Condition* preempted = nullptr;
    std::optional<EvictionAccount> eviction;  ///< when it was evicted by preemption
    std::vector<FlavorCheck> flavor_checks;   ///< filled by the caller from a simulated cycle
    std::optional<SimulatedOutcome> outcome;  ///< likewise

    /// The workload being explained (loaded or derived from its Job).
    const Workload& subject() const { return derived ? *derived : *workload; }
    /// The first broken link, or nullptr when the path is clear.
    const PathLink* first_problem() const;
};

/// Finds `namespace/name` among Workloads, then Workloads owned by a Job of that name, then
/// Jobs (deriving the Workload Kueue would create). nullopt when nothing matches.
std::optional<AdmissionPath> trace_admission_path(const Cluster& cluster, std::string_view ns, std::string_view name);

/// R4.2 without fair sharing or sticky preemptors: higher priority first, then earlier
/// creation (queue-order timestamp), then UID.
bool queue_order_less(const Workload& a, const Workload& b, std::int32_t pa, std::int32_t pb);

/// R1.6.1/R1.6.2: an existing WorkloadPriorityClass's value (kept in sync by Kueue), else
/// spec.priority, else the named PriorityClass's value, else the lowest globalDefault
/// PriorityClass, else 0. The simulator uses the same function.
std::int32_t effective_priority(const Workload& wl, const Cluster& cluster);

/// R4.3: an eviction for PodsReadyTimeout (unless requeuing by creation) or AdmissionCheck
/// restarts the queue-order clock; otherwise the creation time.
Timestamp queue_order_timestamp(const Workload& wl, bool requeue_by_creation);

}  // namespace kg::model
