// R1.5.4, R3.2, R3.3, R5.2.1. Kueue: workload_controller.go getQueueBlocker,
// scheduler.go nominate, pkg/workload/resources.go.
#include "sim/queue_path.h"

#include "model/pod_requests.h"
#include "sim/cluster_queue_status.h"
#include "sim/hierarchy.h"
#include "sim/namespace_selection.h"

namespace kg::sim {

const char* path_step_name(PathStep s) {
    switch (s) {
        case PathStep::queue_name: return "queueName";
        case PathStep::held: return "held";
        case PathStep::local_queue: return "localQueue";
        case PathStep::local_queue_active: return "localQueueActive";
        case PathStep::cluster_queue: return "clusterQueue";
        case PathStep::cluster_queue_active: return "clusterQueueActive";
        case PathStep::admission_checks: return "admissionChecks";
        case PathStep::cohort_cycle: return "cohortCycle";
        case PathStep::namespace_exists: return "namespaceExists";
        case PathStep::namespace_selected: return "namespaceSelected";
        case PathStep::requests_valid: return "requestsValid";
    }
    return "unknown";
}

namespace {

PathCheck passed(PathStep step, std::string what) { return {step, std::move(what), true, "", ""}; }
PathCheck failed(PathStep step, std::string what, std::string message, std::string reason) {
    return {step, std::move(what), false, std::move(message), std::move(reason)};
}

}  // namespace

const PathCheck* QueuePath::first_problem() const {
    for (const PathCheck& l : links)
        if (!l.ok) return &l;
    return nullptr;
}

namespace {

// R3.3 / R1.8.1 failures only: no text is built for a namespace that is selected.
std::optional<PathCheck> namespace_problem(const model::Cluster& cluster, const model::ClusterQueue& cq,
                                           const std::string& ns) {
    const model::Namespace* obj = cluster.find_namespace(ns);
    if (!obj && !cluster.namespaces.empty())
        return failed(PathStep::namespace_exists, "namespace " + ns + " exists",
                      "workload namespace \"" + ns + "\" does not exist: namespaces \"" + ns + "\" not found",
                      "Misconfigured");
    if (!cq_selects(cq, with_name_label(obj ? obj->meta.labels : model::Labels{}, ns)))
        return failed(PathStep::namespace_selected, "namespace " + ns + " selected by ClusterQueue " + *cq.meta.name,
                      "workload namespace doesn't match ClusterQueue selector", "Misconfigured");
    return std::nullopt;
}

}  // namespace

PathCheck check_namespace(const model::Cluster& cluster, const model::ClusterQueue& cq, const std::string& ns) {
    if (auto bad = namespace_problem(cluster, cq, ns)) return *bad;
    return passed(PathStep::namespace_selected, "namespace " + ns + " selected by ClusterQueue " + *cq.meta.name);
}

std::string hold_reason(const model::Workload& wl) {
    if (const auto* c = wl.condition("QuotaReserved");
        c && c->status == model::ConditionStatus::false_ && c->reason == "OnHold")
        return "QuotaReserved=False with reason OnHold";
    if (auto it = wl.meta.annotations.find("kueue.x-k8s.io/admission-gated-by");
        it != wl.meta.annotations.end() && !it->second.empty())
        return "gated by kueue.x-k8s.io/admission-gated-by: " + it->second;
    if (wl.condition_true("WaitingForReplacementPods")) return "WaitingForReplacementPods=True";
    return "";
}

namespace {

// The R3.2 links, appended to `out` up to the first broken one; returns it, or nullptr.
// `record_passed` false: only a broken link is written (the scheduler asks this for every
// pending workload, and needs no text for the links that hold).
const PathCheck* queue_links(const model::Cluster& cluster, const model::Workload& wl, QueuePath& out,
                             bool record_passed) {
    const std::string& ns = *wl.meta.namespace_;
    const std::string& lq_name = *wl.queue_name;
    auto fail = [&out](PathCheck c) -> const PathCheck* {
        out.links.push_back(std::move(c));
        return &out.links.back();
    };
    auto pass = [&out, record_passed](PathStep step, auto what) {
        if (record_passed) out.links.push_back(passed(step, what()));
    };
    out.local_queue = cluster.find_local_queue(ns, lq_name);
    if (!out.local_queue)
        return fail(failed(PathStep::local_queue, "LocalQueue " + ns + "/" + lq_name,
                           "LocalQueue " + lq_name + " doesn't exist", "Misconfigured"));
    pass(PathStep::local_queue, [&] { return "LocalQueue " + ns + "/" + lq_name; });
    if (*out.local_queue->stop_policy != model::StopPolicy::none)
        return fail(failed(PathStep::local_queue_active, "LocalQueue " + lq_name + " stop policy",
                           "LocalQueue " + lq_name + " is inactive", "Suspended"));
    pass(PathStep::local_queue_active, [&] { return "LocalQueue " + lq_name + " stop policy"; });
    const std::string& cq_name = *out.local_queue->cluster_queue;
    out.cluster_queue = cluster.find_cluster_queue(cq_name);
    if (!out.cluster_queue)
        return fail(failed(PathStep::cluster_queue, "ClusterQueue " + cq_name,
                           "ClusterQueue " + cq_name + " doesn't exist", "Misconfigured"));
    pass(PathStep::cluster_queue, [&] { return "ClusterQueue " + cq_name; });
    if (!cluster_queue_status(cluster, *out.cluster_queue).active())
        return fail(failed(PathStep::cluster_queue_active, "ClusterQueue " + cq_name + " active",
                           "ClusterQueue " + cq_name + " is inactive", "Suspended"));
    pass(PathStep::cluster_queue_active, [&] { return "ClusterQueue " + cq_name + " active"; });
    return nullptr;
}

// R5.2.1 #1, #2 and #4 as links, up to the first broken one.
const PathCheck* nomination_links(const model::Cluster& cluster, const model::ClusterQueue& cq,
                                  const model::Workload& wl, bool snapshot_active, std::vector<PathCheck>& out,
                                  bool record_passed) {
    auto add = [&out, record_passed](PathCheck c) -> const PathCheck* {
        if (c.ok && !record_passed) return nullptr;
        out.push_back(std::move(c));
        return out.back().ok ? nullptr : &out.back();
    };
    bool failed_checks = false;
    for (const auto& ac : wl.admission_checks)
        failed_checks = failed_checks || ac.state == model::CheckState::retry || ac.state == model::CheckState::rejected;
    if (failed_checks)
        return add(failed(PathStep::admission_checks, "admission checks", "The workload has failed admission checks",
                    "PendingEvaluation"));
    if (!wl.admission_checks.empty()) add(passed(PathStep::admission_checks, "admission checks"));
    // #2: active status but a cohort chain with a cycle (R3.1.3).
    if (!snapshot_active)
        return add(failed(PathStep::cohort_cycle, "cohort chain of " + *cq.meta.name,
                    "ClusterQueue " + *cq.meta.name + " is inactive", "Suspended"));
    if (auto bad = namespace_problem(cluster, cq, *wl.meta.namespace_)) return add(std::move(*bad));
    if (record_passed) add(check_namespace(cluster, cq, *wl.meta.namespace_));
    if (std::string err = model::validate_requests_within_limits(wl.pod_sets); !err.empty())
        return add(failed(PathStep::requests_valid, "requests within limits", err, "Misconfigured"));
    add(passed(PathStep::requests_valid, "requests within limits"));
    return nullptr;
}

}  // namespace

std::optional<PathCheck> queue_blocker(const model::Cluster& cluster, const model::Workload& wl) {
    QueuePath p;
    if (const PathCheck* bad = queue_links(cluster, wl, p, false)) return *bad;
    return std::nullopt;
}

std::optional<PathCheck> nomination_blocker(const model::Cluster& cluster, const model::ClusterQueue& cq,
                                            const model::Workload& wl, bool snapshot_active) {
    std::vector<PathCheck> links;
    if (const PathCheck* bad = nomination_links(cluster, cq, wl, snapshot_active, links, false)) return *bad;
    return std::nullopt;
}

QueuePath trace_queue_path(const model::Cluster& cluster, const CohortHierarchy& hierarchy, const model::Workload& wl,
                           bool from_job_without_label) {
    QueuePath p;
    if (from_job_without_label || wl.queue_name->empty()) {
        p.links.push_back(failed(PathStep::queue_name, "queue name",
                           from_job_without_label
                               ? "the Job has no kueue.x-k8s.io/queue-name label: Kueue does not manage it unless "
                                 "manageJobsWithoutQueueName is set, so it runs outside any quota"
                               : "spec.queueName is empty: the workload names no LocalQueue",
                           ""));
        return p;
    }
    if (std::string held = hold_reason(wl); !held.empty()) {
        p.links.push_back(failed(PathStep::held, "held out of the queue", held, ""));
        return p;
    }
    if (queue_links(cluster, wl, p, true)) return p;
    const model::ClusterQueue& cq = *p.cluster_queue;
    nomination_links(cluster, cq, wl, cluster_queue_status(cluster, hierarchy, cq).schedulable(), p.links, true);
    return p;
}

}  // namespace kg::sim
