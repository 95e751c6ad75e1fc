// explain's account of a workload evicted by preemption: the rule and the preemptor from
// the conditions Kueue wrote (R7.9, parsed by sim/preemption_message), and the numbers the
// rule depended on from the loaded state. Kueue: pkg/scheduler/preemption/preemption.go.
#include "sim/explain/explanation.h"

#include "model/amount.h"
#include "model/enum_names.h"
#include "sim/preemption_message.h"
#include "sim/priority.h"

namespace kg::sim {

using namespace model;

namespace {

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

}  // namespace

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
    a.rule = std::string(preemption_rule(a.reason));
    if (auto m = parse_preemption_message(msg)) {
        a.preemptor_uid = m->preemptor_uid;
        a.preemptor_path = m->preemptor_path;
        a.preemptee_path = m->preemptee_path;
    }
    if (a.preemptor_uid == "UNKNOWN") a.preemptor_uid.clear();
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
                                     name_of(*p.within_cluster_queue) +
                                     (victim_cq && victim_cq == pre_cq ? ", and both workloads are in it"
                                                                      : ", but this workload is in " + victim_cq_name));
            if (a.rule == "reclaimWithinCohort" || a.rule == "borrowWithinCohort" || a.rule == "fairSharing")
                a.findings.push_back("ClusterQueue " + name + " (the preemptor's) has preemption.reclaimWithinCohort: " +
                                     name_of(*p.reclaim_within_cohort) + ", and this workload is in " +
                                     (victim_cq_name.empty() ? std::string("no known ClusterQueue") : victim_cq_name) +
                                     " of the same cohort");
            if (a.rule == "borrowWithinCohort") {
                const BorrowWithinCohort& b = *p.borrow_within_cohort;
                a.findings.push_back(
                    std::string("borrowWithinCohort.policy: ") +
                    name_of(b.policy) +
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
            std::int64_t nominal = nominal_quota_of(*victim_cq, fr.first, fr.second).value();
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

}  // namespace kg::sim
