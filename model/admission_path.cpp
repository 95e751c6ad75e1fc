// The admission path of one workload, link by link, with the messages Kueue's
// workload controller writes for each broken link (kueue-admission.md R3.2, R3.3,
// R5.2.1) and the queue order of R4.2/R4.3.
#include "model/admission_path.h"

#include "model/amount.h"
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

// Text between `start` and the first `end` after it ("" when absent).
std::string between(const std::string& s, const std::string& start, const std::string& end) {
    std::size_t a = s.find(start);
    if (a == std::string::npos) return "";
    a += start.size();
    std::size_t b = end.empty() ? std::string::npos : s.find(end, a);
    return s.substr(a, b == std::string::npos ? std::string::npos : b - a);
}

const ClusterQueue* cluster_queue_of(const Cluster& cluster, const Workload& wl) {
    if (wl.admission) {
        if (const ClusterQueue* cq = cluster.find_cluster_queue(wl.admission->cluster_queue)) return cq;
    }
    const LocalQueue* lq = cluster.find_local_queue(*wl.meta.namespace_, *wl.queue_name);
    return lq ? cluster.find_cluster_queue(*lq->cluster_queue) : nullptr;
}

// (flavor, resource) -> amount a workload holds by its status.admission.
std::map<std::pair<std::string, std::string>, std::int64_t> admitted_usage(const Workload& wl) {
    std::map<std::pair<std::string, std::string>, std::int64_t> out;
    if (!wl.admission) return out;
    for (const PodSetAssignment& a : wl.admission->pod_set_assignments)
        for (const auto& [res, q] : a.resource_usage) {
            auto f = a.flavors.find(res);
            if (f != a.flavors.end()) out[{f->second, res}] += quota_amount(res, q).value();
        }
    return out;
}

std::int64_t nominal_of(const ClusterQueue& cq, const std::string& flavor, const std::string& res) {
    for (const ResourceGroup& rg : cq.resource_groups)
        for (const FlavorQuotas& fq : rg.flavors)
            if (*fq.name == flavor)
                for (const ResourceQuota& rq : fq.resources)
                    if (*rq.name == res) return quota_amount(res, *rq.nominal_quota).value();
    return 0;
}

const char* within_name(WithinClusterQueue p) {
    switch (p) {
    case WithinClusterQueue::never: return "Never";
    case WithinClusterQueue::lower_priority: return "LowerPriority";
    case WithinClusterQueue::lower_or_newer_equal_priority: return "LowerOrNewerEqualPriority";
    }
    return "Never";
}

const char* reclaim_name(ReclaimWithinCohort p) {
    switch (p) {
    case ReclaimWithinCohort::never: return "Never";
    case ReclaimWithinCohort::lower_priority: return "LowerPriority";
    case ReclaimWithinCohort::any: return "Any";
    }
    return "Never";
}

// R7.9 read backwards: the Preempted condition names the rule and the preemptor; the state
// gives the numbers the rule depended on.
std::optional<EvictionAccount> account_eviction(const Cluster& cluster, const Workload& wl, std::int32_t priority) {
    const Condition* pre = wl.condition("Preempted");
    const Condition* ev = wl.condition("Evicted");
    if (!pre || pre->status != ConditionStatus::true_) {
        if (!ev || ev->status != ConditionStatus::true_ || ev->reason != "Preempted") return std::nullopt;
    }
    EvictionAccount a;
    a.reason = pre && pre->status == ConditionStatus::true_ ? pre->reason : "";
    const std::string& msg = pre && !pre->message.empty() ? pre->message : (ev ? ev->message : std::string());
    static const std::map<std::string, std::string> k_rules = {{"InClusterQueue", "withinClusterQueue"},
                                                               {"InCohortReclamation", "reclaimWithinCohort"},
                                                               {"InCohortReclaimWhileBorrowing", "borrowWithinCohort"},
                                                               {"InCohortFairSharing", "fairSharing"}};
    auto rule = k_rules.find(a.reason);
    a.rule = rule == k_rules.end() ? "" : rule->second;
    a.preemptor_uid = between(msg, "(UID: ", ",");
    if (a.preemptor_uid == "UNKNOWN") a.preemptor_uid.clear();
    a.preemptor_path = between(msg, "preemptor path: ", ";");
    a.preemptee_path = between(msg, "preemptee path: ", "");
    const Condition* qr = wl.condition("QuotaReserved");
    a.quota_released = !qr || qr->status != ConditionStatus::true_;
    if (!a.preemptor_uid.empty())
        for (const Workload& w : cluster.workloads)
            if (w.meta.uid == a.preemptor_uid) a.preemptor = &w;

    const ClusterQueue* victim_cq = cluster_queue_of(cluster, wl);
    const ClusterQueue* pre_cq = a.preemptor ? cluster_queue_of(cluster, *a.preemptor) : nullptr;
    std::string victim_cq_name = victim_cq ? *victim_cq->meta.name : "";
    if (a.rule.empty()) {
        a.findings.push_back("the Preempted reason \"" + a.reason + "\" is not one Kueue writes for preemption");
    }
    if (!a.preemptor) {
        a.findings.push_back(a.preemptor_uid.empty()
                                 ? "the eviction message names no preemptor UID"
                                 : "no Workload with UID " + a.preemptor_uid + " in the inputs (finished or deleted since)");
    } else {
        std::int32_t pp = effective_priority(*a.preemptor, cluster);
        a.findings.push_back("preemptor " + a.preemptor->meta.key() + " has priority " + std::to_string(pp) +
                             "; this workload has " + std::to_string(priority) +
                             (pp > priority ? ", lower" : pp == priority ? ", the same" : ", higher"));
        if (pre_cq) {
            const ClusterQueuePreemption& p = pre_cq->preemption;
            std::string name = *pre_cq->meta.name;
            if (a.rule == "withinClusterQueue")
                a.findings.push_back("ClusterQueue " + name + " has preemption.withinClusterQueue: " +
                                     within_name(*p.within_cluster_queue) +
                                     (victim_cq && victim_cq == pre_cq ? ", and both workloads are in it"
                                                                      : ", but this workload is in " + victim_cq_name));
            if (a.rule == "reclaimWithinCohort" || a.rule == "borrowWithinCohort" || a.rule == "fairSharing")
                a.findings.push_back("ClusterQueue " + name + " (the preemptor's) has preemption.reclaimWithinCohort: " +
                                     reclaim_name(*p.reclaim_within_cohort) + ", and this workload is in " +
                                     (victim_cq_name.empty() ? std::string("no known ClusterQueue") : victim_cq_name) +
                                     " of the same cohort");
            if (a.rule == "borrowWithinCohort") {
                const BorrowWithinCohort& b = *p.borrow_within_cohort;
                a.findings.push_back(
                    std::string("borrowWithinCohort.policy: ") +
                    (b.policy == BorrowWithinCohortPolicy::never ? "Never" : "LowerPriority") +
                    (b.max_priority_threshold ? ", maxPriorityThreshold " + std::to_string(*b.max_priority_threshold) +
                                                    (priority <= *b.max_priority_threshold ? " (this workload is at or below it)"
                                                                                           : " (this workload is above it)")
                                              : std::string()) +
                    ": the preemptor was borrowing when it preempted");
            }
        }
    }
    // What this workload held and how its ClusterQueue stood against nominal quota: the other
    // reserving workloads now, plus this one while it held its quota.
    if (victim_cq) {
        std::map<std::pair<std::string, std::string>, std::int64_t> used;
        for (const Workload& w : cluster.workloads) {
            if (&w == &wl || !w.admission || w.admission->cluster_queue != victim_cq_name) continue;
            const Condition* c = w.condition("QuotaReserved");
            if (!c || c->status != ConditionStatus::true_ || w.condition_true("Finished")) continue;
            for (const auto& [fr, v] : admitted_usage(w)) used[fr] += v;
        }
        for (const auto& [fr, mine] : admitted_usage(wl)) {
            std::int64_t nominal = nominal_of(*victim_cq, fr.first, fr.second);
            std::int64_t with_me = used[fr] + mine;
            std::string line = "it held " + format_amount(fr.second, Amount::of(mine)) + " " + fr.second + " of flavor " +
                               fr.first + "; " + victim_cq_name + " had " + format_amount(fr.second, Amount::of(with_me)) +
                               " in use with it against nominal " + format_amount(fr.second, Amount::of(nominal));
            if (with_me > nominal)
                line += " (borrowing " + format_amount(fr.second, Amount::of(with_me - nominal)) + ")";
            else
                line += " (within nominal)";
            a.findings.push_back(line);
        }
        if (!wl.admission)
            a.findings.push_back("its status has no admission any more, so the quota it held is not in the export");
    }
    return a;
}

AdmissionPath trace(const Cluster& cluster, const Workload& wl, bool from_job_without_label) {
    AdmissionPath p;
    p.workload = &wl;
    p.state = state_of(wl);
    p.priority = effective_priority(wl, cluster);
    p.quota_reserved = wl.condition("QuotaReserved");
    p.evicted = wl.condition("Evicted");
    p.preempted = wl.condition("Preempted");
    p.eviction = account_eviction(cluster, wl, p.priority);
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
