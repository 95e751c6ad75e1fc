// The admission path of one workload, link by link, with the messages Kueue's
// workload controller writes for each broken link (kueue-admission.md R3.2, R3.3,
// R5.2.1) and the queue order of R4.2/R4.3.
#include "model/admission_path.h"

#include "model/jobs/workload_for_job.h"
#include "model/topology.h"

#include <algorithm>
#include <set>

namespace kg::model {

const char* state_name(WorkloadState s) {
    switch (s) {
        case WorkloadState::pending: return "pending";
        case WorkloadState::quota_reserved: return "quota reserved";
        case WorkloadState::admitted: return "admitted";
        case WorkloadState::finished: return "finished";
        case WorkloadState::inactive: return "deactivated";
    }
    return "pending";
}

const PathLink* AdmissionPath::first_problem() const {
    for (const PathLink& l : links) {
        if (!l.ok) {
            return &l;
        }
    }
    return nullptr;
}

std::int32_t effective_priority(const Workload& wl, const Cluster& cluster) {
    if (wl.priority_class.kind == PriorityClassKind::workload_priority_class) {
        if (const WorkloadPriorityClass* w = cluster.find_workload_priority_class(*wl.priority_class.name)) {
            return *w->value;
        }
    }
    if (wl.priority) {
        return *wl.priority;
    }
    if (wl.priority_class.kind == PriorityClassKind::pod_priority_class) {
        if (const PriorityClass* p = cluster.find_priority_class(*wl.priority_class.name)) {
            return p->value;
        }
    }
    std::optional<std::int32_t> lowest_default;
    for (const PriorityClass& pc : cluster.priority_classes) {
        if (pc.global_default && (!lowest_default || pc.value < *lowest_default)) {
            lowest_default = pc.value;
        }
    }
    return lowest_default.value_or(0);
}

Timestamp queue_order_timestamp(const Workload& wl, bool requeue_by_creation) {
    const Condition* ev = wl.condition("Evicted");
    if (ev && ev->status == ConditionStatus::true_ && ev->last_transition_time) {
        if (ev->reason == "PodsReadyTimeout" && !requeue_by_creation) {
            return *ev->last_transition_time;
        }
        if (ev->reason == "AdmissionCheck") {
            return *ev->last_transition_time;
        }
    }
    return wl.meta.creation_timestamp.value_or(0);
}

namespace {

WorkloadState state_of(const Workload& wl) {
    if (wl.condition_true("Finished")) {
        return WorkloadState::finished;
    }
    if (!wl.active) {
        return WorkloadState::inactive;
    }
    if (wl.condition_true("Admitted")) {
        return WorkloadState::admitted;
    }
    if (wl.condition_true("QuotaReserved")) {
        return WorkloadState::quota_reserved;
    }
    return WorkloadState::pending;
}

bool is_pending_queueable(const Workload& wl) {
    return state_of(wl) == WorkloadState::pending && !wl.meta.annotations.count("kueue.x-k8s.io/admission-gated-by");
}

void add_requests(const Workload& wl, AdmissionPath& p) {
    for (const PodSet& ps : wl.pod_sets) {
        PodSetRequest r;
        r.name = *ps.name;
        r.count = effective_count(wl, ps);
        r.per_pod = pod_requests(ps.template_spec);
        r.total = scale_amounts(r.per_pod, r.count);
        p.requests.push_back(std::move(r));
    }
    p.request_problem = validate_requests_within_limits(wl.pod_sets);
}

void check_links(const Cluster& cluster, const Workload& wl, bool from_job_without_label, AdmissionPath& p) {
    const std::string& ns = *wl.meta.namespace_;
    auto add = [&p](std::string what, bool ok, std::string detail = {}) {
        p.links.push_back({std::move(what), ok, std::move(detail)});
        return ok;
    };
    if (from_job_without_label || wl.queue_name->empty()) {
        add("queue name", false,
            from_job_without_label
                ? "the Job has no kueue.x-k8s.io/queue-name label: Kueue does not manage it unless "
                  "manageJobsWithoutQueueName is set, so it runs outside any quota"
                : "spec.queueName is empty: the workload names no LocalQueue");
        return;
    }
    p.local_queue = cluster.find_local_queue(ns, *wl.queue_name);
    if (!add("LocalQueue " + ns + "/" + *wl.queue_name, p.local_queue != nullptr,
             "LocalQueue " + *wl.queue_name + " doesn't exist")) {
        return;
    }
    if (!add("LocalQueue stop policy", *p.local_queue->stop_policy == StopPolicy::none,
             "LocalQueue " + *wl.queue_name + " is inactive")) {
        return;
    }
    const std::string& cq_name = *p.local_queue->cluster_queue;
    p.cluster_queue = cluster.find_cluster_queue(cq_name);
    if (!add("ClusterQueue " + cq_name, p.cluster_queue != nullptr, "ClusterQueue " + cq_name + " doesn't exist")) {
        return;
    }
    std::vector<std::string> reasons = inactive_reasons(cluster, *p.cluster_queue);
    std::string joined;
    for (const std::string& r : reasons) {
        joined += (joined.empty() ? "" : ", ") + r;
    }
    if (!add("ClusterQueue " + cq_name + " active", reasons.empty(),
             "ClusterQueue " + cq_name + " is inactive: Can't admit new workloads: " + joined + ".")) {
        return;
    }
    const Namespace* nsobj = cluster.find_namespace(ns);
    const std::optional<LabelSelector>& sel = p.cluster_queue->namespace_selector;
    if (!nsobj) {
        // Without the Namespace object the selector can only be judged on the name label.
        Labels implied{{"kubernetes.io/metadata.name", ns}};
        add("namespace " + ns + " selected by ClusterQueue " + cq_name, sel && sel->matches(implied),
            sel && sel->matches(implied) ? "" : "workload namespace doesn't match ClusterQueue selector "
                                                "(judged without the Namespace object, on its name alone)");
    } else {
        add("namespace " + ns + " selected by ClusterQueue " + cq_name, sel && sel->matches(nsobj->meta.labels),
            "workload namespace doesn't match ClusterQueue selector");
    }
    // The cohort chain up to its root; a parent cycle makes the ClusterQueue inactive (R1.3.3).
    std::set<std::string> seen;
    for (std::string c = *p.cluster_queue->cohort; !c.empty();) {
        if (!seen.insert(c).second) {
            add("cohort chain", false, "cohort " + c + " is in a parent cycle: ClusterQueue " + cq_name +
                                           " is inactive for scheduling");
            break;
        }
        p.cohort_chain.push_back(c);
        const Cohort* co = cluster.find_cohort(c);
        c = co ? *co->parent_name : "";
    }
    if (!p.request_problem.empty()) {
        add("requests within limits", false, p.request_problem);
    }
    if (!wl.active) {
        add("workload active", false, "spec.active is false: the workload was deactivated");
    }
}

void find_place(const Cluster& cluster, const Workload& wl, AdmissionPath& p) {
    if (!p.cluster_queue || p.state != WorkloadState::pending) {
        return;
    }
    const std::string& cq = *p.cluster_queue->meta.name;
    std::vector<std::pair<const Workload*, std::int32_t>> queue;
    bool self_listed = false;
    for (const Workload& other : cluster.workloads) {
        if (!is_pending_queueable(other)) {
            continue;
        }
        const LocalQueue* lq = cluster.find_local_queue(*other.meta.namespace_, *other.queue_name);
        if (!lq || *lq->cluster_queue != cq || *lq->stop_policy != StopPolicy::none) {
            continue;
        }
        self_listed = self_listed || &other == &wl;
        queue.emplace_back(&other, effective_priority(other, cluster));
    }
    if (!self_listed) {
        queue.emplace_back(&wl, p.priority);
    }
    std::stable_sort(queue.begin(), queue.end(), [](const auto& a, const auto& b) {
        return queue_order_less(*a.first, *b.first, a.second, b.second);
    });
    QueuePlace place;
    place.strict_fifo = *p.cluster_queue->queueing_strategy == QueueingStrategy::strict_fifo;
    for (std::size_t i = 0; i < queue.size(); ++i) {
        if (queue[i].first == &wl) {
            place.position = static_cast<int>(i) + 1;
            break;
        }
        place.ahead.push_back(queue[i].first);
    }
    p.place = std::move(place);
}

AdmissionPath trace(const Cluster& cluster, const Workload& wl, bool from_job_without_label) {
    AdmissionPath p;
    p.workload = &wl;
    p.state = state_of(wl);
    p.priority = effective_priority(wl, cluster);
    p.quota_reserved = wl.condition("QuotaReserved");
    p.evicted = wl.condition("Evicted");
    p.preempted = wl.condition("Preempted");
    add_requests(wl, p);
    check_links(cluster, wl, from_job_without_label, p);
    find_place(cluster, wl, p);
    return p;
}

}  // namespace

bool queue_order_less(const Workload& a, const Workload& b, std::int32_t pa, std::int32_t pb) {
    if (pa != pb) {
        return pa > pb;
    }
    // Ordering only needs the default requeuing strategy; explain passes the same to both.
    Timestamp ta = queue_order_timestamp(a, false), tb = queue_order_timestamp(b, false);
    if (ta != tb) {
        return ta < tb;
    }
    return a.meta.uid < b.meta.uid;
}

std::optional<AdmissionPath> trace_admission_path(const Cluster& cluster, std::string_view ns, std::string_view name) {
    if (const Workload* wl = cluster.find_workload(ns, name)) {
        return trace(cluster, *wl, false);
    }
    for (const Workload& wl : cluster.workloads) {
        if (*wl.meta.namespace_ != ns) {
            continue;
        }
        for (const auto& [kind, owner] : wl.meta.owner_refs) {
            if (owner == name) {
                return trace(cluster, wl, false);
            }
        }
    }
    for (const Job& job : cluster.jobs) {
        if (*job.meta.namespace_ == ns && *job.meta.name == name) {
            Workload derived = jobs::workload_for_job(job, cluster);
            AdmissionPath p = trace(cluster, derived, !job.has_queue_name);
            p.workload = nullptr;  // subject() is the derived copy, which moves with the result
            p.derived = std::move(derived);
            return p;
        }
    }
    return std::nullopt;
}

}  // namespace kg::model
