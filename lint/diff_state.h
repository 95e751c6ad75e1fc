// What a queue change does to the work on the cluster (`kueuegov diff BASE HEAD --state`):
// the same exported Workloads and Jobs under the base and the head policy, every decision
// asked of the simulator (sim/simulate, sim/exposure, sim/cluster_queue_status,
// sim/hierarchy): running workloads whose queue now borrows and who may reclaim from them,
// pending workloads the head admits in its first cycle, leaves waiting or can never admit,
// ClusterQueues that stop or start admitting, LocalQueues left without a ClusterQueue, and
// cohort trees that merge or split. Pure: report/diff_state_render.h renders it.
#pragma once

#include "model/cluster.h"
#include "sim/exposure.h"

#include <cstddef>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace kg::lint {

/// A pending workload's fate under one policy, after its first scheduling cycle.
enum class PendingOutcome {
    admitted,    ///< quota reserved in the first cycle
    preempting,  ///< the first cycle evicts workloads to make room for it
    waits,       ///< still pending; the message says why
    never_fits,  ///< even with nothing else running, no flavor assignment fits
};
const char* pending_outcome_name(PendingOutcome o);

struct PendingImpact {
    std::string workload;  ///< namespace/name (a Job's: the Workload Kueue would create)
    std::string namespace_, local_queue;
    std::string cluster_queue_base, cluster_queue_head;  ///< "" when its LocalQueue leads nowhere
    PendingOutcome base = PendingOutcome::waits, head = PendingOutcome::waits;
    /// QuotaReserved=False reason and message after the first cycle, verbatim from the
    /// simulator ("" when admitted or preempting).
    std::string base_reason, base_message, head_reason, head_message;
    /// never_fits under the head: Kueue's message from its nomination on the idle cluster.
    std::string head_never_message;
};

using FlavorResources = std::vector<std::pair<std::string, std::string>>;  ///< (flavor, resource)

struct RunningImpact {
    std::string workload, namespace_, local_queue, cluster_queue;
    std::int32_t priority = 0;
    FlavorResources borrowing_base, borrowing_head;
    std::vector<sim::Reclaimer> reclaimers_base, reclaimers_head;
    /// Preempted in the policy's first cycle: by whom (namespace/name) and Kueue's reason.
    std::string preempted_by_base, preempted_by_head, preempted_reason_head;
    /// Reclaimers under the head that the base did not have, or a preemption the base did not make.
    bool newly_preemptible() const;
};

enum class QueueState { absent, active, inactive };
const char* queue_state_name(QueueState s);

struct ClusterQueueChange {
    std::string cluster_queue;
    QueueState before = QueueState::absent, after = QueueState::absent;
    std::string message_before, message_after;  ///< Kueue's Active condition message
};

struct OrphanedLocalQueue {
    std::string namespace_, name, cluster_queue;  ///< the ClusterQueue it names, absent in the head
    std::size_t pending = 0;                       ///< workloads queued to it in the export
};

/// One cohort tree's ClusterQueues (root "" for queues without a cohort, each alone).
struct TreePart {
    std::string root;
    std::vector<std::string> cluster_queues;
};

struct CohortTreeChange {
    bool merge = true;     ///< merge: parts of the base meet in one head tree; split: the reverse
    std::string tree;      ///< the head tree (merge) or the base tree (split)
    std::vector<TreePart> parts;  ///< the base trees (merge) or the head trees (split), by root
};

struct ImpactCounts {
    std::size_t running = 0, borrowing = 0, preemptible = 0, preempted = 0;
    std::size_t pending = 0, admitted = 0, preempting = 0, waiting = 0, never_fits = 0;
    bool operator==(const ImpactCounts&) const = default;
};

struct GroupImpact {
    ImpactCounts base, head;
};

struct StateImpact {
    std::size_t running_total = 0, pending_total = 0;
    /// Only the workloads whose fate differs between base and head, sorted by key.
    std::vector<RunningImpact> running;
    std::vector<PendingImpact> pending;
    std::vector<ClusterQueueChange> cluster_queues;  ///< state changed, by name
    std::vector<OrphanedLocalQueue> orphaned_local_queues;
    std::vector<CohortTreeChange> cohort_trees;
    /// Counts under each policy, per ClusterQueue (the head's for pending work, the admitting
    /// one for running work), LocalQueue (namespace/name) and namespace; groups whose counts
    /// differ only.
    std::map<std::string, GroupImpact> by_cluster_queue, by_local_queue, by_namespace;

    bool any_newly_preemptible() const;
    bool any_new_never_fits() const;
    bool any_newly_inactive() const;  ///< a ClusterQueue stops admitting or a LocalQueue loses its ClusterQueue
};

/// `base` and `head` each hold one policy plus the same exported Workloads and Jobs.
StateImpact diff_state(const model::Cluster& base, const model::Cluster& head);

}  // namespace kg::lint
