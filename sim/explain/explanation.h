// `explain`'s account of one workload, as typed data: what it asks for, its path to a
// ClusterQueue (sim/queue_path), its place in the queue, the flavor assigner's numbers and
// the scheduler's decision from a simulated run of the same cycles `simulate` runs, who
// holds the quota it waits for, and one computed verdict. report/explain_render turns it
// into text or JSON; nothing here is formatted for people except Kueue's own messages.
#pragma once

#include "model/amount.h"
#include "model/cluster.h"
#include "model/pod_requests.h"
#include "sim/explain_recorder.h"
#include "sim/fit_mode.h"
#include "sim/queue_path.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace kg::sim {

enum class WorkloadState { pending, quota_reserved, admitted, finished, inactive };
const char* state_name(WorkloadState s);

struct PodSetRequest {
    std::string name;
    std::int32_t count = 0;
    model::ResourceAmounts per_pod;
    model::ResourceAmounts total;
};

struct QueuePlace {
    int position = 0;                           ///< 1-based among the ClusterQueue's queued workloads
    std::vector<const model::Workload*> ahead;  ///< in queue order (R4.2)
    bool strict_fifo = false;
};

/// One flavor x resource the flavor assigner evaluated for this workload in the last cycle
/// it was a head (R5.4.1).
struct FlavorCheck {
    std::string pod_set, flavor, resource;
    model::Amount needs;      ///< earlier pod sets' usage on this flavor plus this pod set's request
    model::Amount nominal;
    model::Amount available;  ///< may be unlimited
    model::Amount maximum;    ///< PotentialAvailable: with nothing else using the cohort tree
    GMode mode = GMode::no_fit;
    std::string reason;  ///< Kueue's reason fragment, "" on a clean fit
};

/// A workload holding quota that this one waits for, at the nomination the flavor numbers come
/// from (so with the cycles' own admissions and evictions).
struct QuotaHolder {
    std::string workload;  ///< namespace/name
    std::string cluster_queue;
    std::string flavor, resource;
    model::Amount amount;
    std::int32_t priority = 0;
    bool borrowing = false;     ///< its ClusterQueue uses more of this resource than its nominal quota
    bool preemptible = false;   ///< Kueue's preemption policy would let this workload preempt it
    std::string why;            ///< which policy allows or forbids it, one clause
};

struct Preemption {
    std::string workload;  ///< the victim
    std::string reason;    ///< InClusterQueue, InCohortReclamation, ...
    std::int64_t cycle = 0;
};

/// What the simulated cycles decided about this workload (the same run `simulate` prints).
struct SimulatedOutcome {
    std::int64_t cycles = 0;                    ///< cycles run
    std::optional<std::int64_t> head_cycle;     ///< last cycle it was a head
    bool head_inadmissible = false;             ///< that head stopped at a nomination check
    Mode head_mode = Mode::no_fit;              ///< and its assignment's mode
    std::optional<std::int64_t> admitted_cycle;  ///< quota reserved in this cycle
    bool admitted = false;                      ///< Admitted as well (no admission checks to wait for)
    std::string cluster_queue;
    std::map<std::string, std::map<std::string, std::string>> flavors;  ///< podSet -> resource -> flavor
    std::vector<Preemption> preempting;         ///< workloads it preempts
    std::optional<Preemption> preempted;        ///< it is preempted (workload = the preemptor)
    bool pending_at_end = false;
    std::string message;  ///< the QuotaReserved=False message at the end, verbatim
    std::string reason;
};

/// For a workload Kueue evicted by preemption: who preempted it and under which rule, read
/// from its Preempted/Evicted conditions (sim/preemption_message) and the loaded state (R7.9).
struct EvictionAccount {
    std::string reason;  ///< InClusterQueue | InCohortReclamation | InCohortReclaimWhileBorrowing | InCohortFairSharing
    std::string rule;    ///< withinClusterQueue | reclaimWithinCohort | borrowWithinCohort | fairSharing
    std::string preemptor_uid;
    const model::Workload* preemptor = nullptr;
    std::string preemptor_path, preemptee_path;
    bool quota_released = false;
    std::vector<std::string> findings;  ///< the rule's conditions with the numbers, one sentence each
};

enum class VerdictKind {
    running,                       ///< admitted; the simulated cycles leave it running
    evicted,                       ///< Evicted=True: it releases its quota and queues again
    waiting_for_admission_checks,  ///< quota reserved, checks not all Ready
    preempted_next_cycle,          ///< holds quota, but a simulated cycle preempts it
    admitted_next_cycle,           ///< a simulated cycle reserves quota for it
    admitted_after_preempting,     ///< it preempts workloads first; admitted once they are gone
    waits_for_quota,               ///< head; fits the limits but not what is free, no one to preempt
    waits_for_preemptions,         ///< head; its targets overlap another's or are still leaving
    never_fits,                    ///< head; a request exceeds the most it could ever get
    behind_strict_fifo_head,       ///< StrictFIFO: the head blocks it
    waits_behind,                  ///< BestEffortFIFO: not a head in the cycles run
    blocked_on_path,               ///< a link of the path is broken (step)
    cluster_queue_inactive,        ///< ClusterQueue inactive (Kueue's reason)
    stopped,                       ///< LocalQueue or ClusterQueue stopPolicy
    held,                          ///< R1.5.4
    outside_kueue,                 ///< a Job Kueue does not manage
    finished,
    deactivated,
};
const char* verdict_name(VerdictKind k);

struct Verdict {
    VerdictKind kind = VerdictKind::waits_behind;
    std::optional<PathStep> step;          ///< blocked_on_path, stopped, cluster_queue_inactive, held
    std::string detail;                    ///< Kueue's message for that step, or the inactive reason
    std::optional<std::int64_t> cycle;     ///< admitted_*, preempted_next_cycle
    const model::Workload* head = nullptr;  ///< behind_strict_fifo_head
    int ahead = 0;                          ///< waits_behind, behind_strict_fifo_head
    /// waits_for_quota / never_fits: the resource short by the least in the best flavor tried.
    std::string flavor, resource;
    model::Amount short_by;
    std::vector<std::string> checks;  ///< waiting_for_admission_checks: "name (State)"
};

struct Explanation {
    const model::Workload* workload = nullptr;  ///< the loaded Workload, or nullptr when derived
    std::optional<model::Workload> derived;     ///< a Job's Workload, as Kueue would create it
    WorkloadState state = WorkloadState::pending;
    std::int32_t priority = 0;
    std::vector<PodSetRequest> requests;
    QueuePath path;
    std::vector<std::string> cohort_chain;  ///< from the ClusterQueue's cohort up to the root
    std::optional<QueuePlace> place;        ///< for pending workloads queued in a ClusterQueue
    const model::Condition* quota_reserved = nullptr;
    const model::Condition* evicted = nullptr;
    const model::Condition* preempted = nullptr;
    std::optional<EvictionAccount> eviction;
    std::vector<FlavorCheck> flavor_checks;  ///< from the last cycle it was a head
    bool flavors_as_if_head = false;         ///< not a head: computed as if it were, on the loaded state
    std::vector<QuotaHolder> holders;        ///< for resources that do not fit
    /// TAS placements of its pod sets in the same nomination as flavor_checks (sim/tas).
    std::vector<TopologyFitRecord> topology;
    SimulatedOutcome outcome;
    Verdict verdict;

    const model::Workload& subject() const { return derived ? *derived : *workload; }
};

struct ExplainOptions {
    bool fair_sharing = false;
    std::size_t cycles = 1;  ///< as many cycles as `simulate --cycles` runs
};

/// Finds `namespace/name` among Workloads, then Workloads owned by a Job of that name, then
/// Jobs (deriving the Workload Kueue would create); nullopt when nothing matches.
std::optional<Explanation> explain_workload(const model::Cluster& cluster, std::string_view ns, std::string_view name,
                                            const ExplainOptions& opt);

// The parts, for tests and for each other.
struct WorkloadInfo;
/// A ClusterQueue's nominal quota of one flavor and resource (0 when it declares none).
model::Amount nominal_quota_of(const model::ClusterQueue& cq, const std::string& flavor, const std::string& resource);
/// From the workloads that reserved quota in its cohort tree when it was nominated.
std::vector<QuotaHolder> quota_holders(const model::Cluster& cluster, const Explanation& e,
                                       const std::vector<WorkloadInfo>& reserving);
std::optional<EvictionAccount> account_eviction(const model::Cluster& cluster, const model::Workload& wl,
                                                std::int32_t priority);
Verdict compute_verdict(const model::Cluster& cluster, const Explanation& e);

}  // namespace kg::sim
