// The path from a Workload to its LocalQueue and ClusterQueue, checked link by link in
// the order Kueue checks it, with Kueue's messages (kueue-admission.md R1.5.4 holds, R3.2
// missing or stopped queues, R3.3 namespace selection, R5.2.1 nomination checks).
// Kueue: pkg/controller/core/workload_controller.go (getQueueBlocker),
// pkg/scheduler/scheduler.go (nominate), pkg/workload/resources.go (ValidateAdmissibility).
// The scheduler cycle and `explain` both ask these functions; neither re-derives them.
#pragma once

#include "model/cluster.h"

#include <optional>
#include <string>
#include <vector>

namespace kg::sim {

class CohortHierarchy;

enum class PathStep {
    queue_name,            ///< spec.queueName names a LocalQueue (a Job: carries the label)
    held,                  ///< R1.5.4: OnHold, admission-gated-by, waiting for replacement pods
    local_queue,           ///< R3.2: the LocalQueue exists
    local_queue_active,    ///< R3.2: its stopPolicy is None
    cluster_queue,         ///< R3.2: the LocalQueue's ClusterQueue exists
    cluster_queue_active,  ///< R3.2, R3.1.1: the ClusterQueue's status is active
    admission_checks,      ///< R5.2.1 #1: no admission check in Retry or Rejected
    cohort_cycle,          ///< R5.2.1 #2, R3.1.3: the cohort chain has no cycle
    namespace_exists,      ///< R5.2.1 #4, R1.8.1: the Namespace object exists
    namespace_selected,    ///< R5.2.1 #4, R3.3: the ClusterQueue's selector selects it
    requests_valid,        ///< R5.2.1 #4, R3.4: requests within limits
};
const char* path_step_name(PathStep s);

struct PathCheck {
    PathStep step;
    std::string what;     ///< "LocalQueue nlp/training", for people
    bool ok = true;
    std::string message;  ///< when not ok: the QuotaReserved=False message Kueue writes
    std::string reason;   ///< when not ok: its reason (Misconfigured, Suspended, PendingEvaluation)
};

/// R3.3 and R1.8.1: whether `cq` selects namespace `ns`. Inputs without any Namespace object
/// (plain manifests) are taken to hold every namespace, labelled only with
/// kubernetes.io/metadata.name; inputs with Namespace objects but not this one lack it.
PathCheck check_namespace(const model::Cluster& cluster, const model::ClusterQueue& cq, const std::string& ns);

/// R1.5.4: why a pending workload is held out of the queues ("" when it is not held).
std::string hold_reason(const model::Workload& wl);

/// R3.2: the first broken link between a pending workload and its ClusterQueue's queue;
/// nullopt when the workload sits in that queue.
std::optional<PathCheck> queue_blocker(const model::Cluster& cluster, const model::Workload& wl);

/// R5.2.1 #1, #2 and #4: the checks at nomination of a head whose ClusterQueue is in the
/// snapshot (`snapshot_active`: R3.1.3); nullopt when none fails.
std::optional<PathCheck> nomination_blocker(const model::Cluster& cluster, const model::ClusterQueue& cq,
                                            const model::Workload& wl, bool snapshot_active);

struct QueuePath {
    const model::LocalQueue* local_queue = nullptr;
    const model::ClusterQueue* cluster_queue = nullptr;
    std::vector<PathCheck> links;  ///< in Kueue's order, up to and including the first broken one
    const PathCheck* first_problem() const;
};

/// Every link, in the order the workload controller and the scheduler check them.
/// `from_job_without_label`: the subject is a Job without the queue-name label.
QueuePath trace_queue_path(const model::Cluster& cluster, const CohortHierarchy& hierarchy,
                           const model::Workload& wl, bool from_job_without_label = false);

}  // namespace kg::sim
