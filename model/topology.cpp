// Builds the inspect view of a cluster. Usage is summed from status.admission of
// reserving Workloads (kueue-admission.md R1.5.3, R2.6 without reclaimable pods),
// exactly as kubectl get clusterqueue -o wide would report flavor usage.
#include "model/topology.h"

#include "model/amount.h"

#include <algorithm>
#include <set>

namespace kg::model {

bool is_finished(const Workload& wl) { return wl.condition_true("Finished"); }

bool is_reserving(const Workload& wl) {
    return wl.active && !is_finished(wl) && wl.condition_true("QuotaReserved");
}

std::vector<std::string> inactive_reasons(const Cluster& cluster, const ClusterQueue& cq) {
    std::vector<std::string> reasons;
    if (*cq.stop_policy != StopPolicy::none) {
        reasons.push_back("is stopped");
    }
    std::set<std::string> missing;
    for (const ResourceGroup& rg : cq.resource_groups) {
        for (const FlavorQuotas& fq : rg.flavors) {
            if (!cluster.find_resource_flavor(*fq.name)) {
                missing.insert(*fq.name);
            }
        }
    }
    if (!missing.empty()) {
        std::string list;
        for (const std::string& m : missing) {
            list += (list.empty() ? "" : ",") + m;
        }
        reasons.push_back("references missing ResourceFlavor(s): " + list);
    }
    std::set<std::string> missing_checks, inactive_checks;
    for (const AdmissionCheckStrategyRule& r : cq.admission_checks) {
        const AdmissionCheck* ac = cluster.find_admission_check(*r.name);
        if (!ac) {
            missing_checks.insert(*r.name);
        } else if (ac->active != true) {
            inactive_checks.insert(*r.name);
        }
    }
    auto join = [](const std::set<std::string>& names) {
        std::string out;
        for (const std::string& n : names) {
            out += (out.empty() ? "" : ",") + n;
        }
        return out;
    };
    if (!missing_checks.empty()) {
        reasons.push_back("references missing AdmissionCheck(s): " + join(missing_checks));
    }
    if (!inactive_checks.empty()) {
        reasons.push_back("references inactive AdmissionCheck(s): " + join(inactive_checks));
    }
    return reasons;
}

namespace {

void build_cohorts(const Cluster& cluster, Topology& t) {
    auto node = [&t](const std::string& name) -> CohortSummary& {
        CohortSummary& c = t.cohorts[name];
        c.name = name;
        return c;
    };
    for (const Cohort& c : cluster.cohorts) {
        CohortSummary& n = node(*c.meta.name);
        n.cohort = &c;
        n.parent = *c.parent_name;
    }
    // Parents named but not defined become implicit root cohorts (R1.3.2).
    std::vector<std::string> names;
    for (const auto& [name, c] : t.cohorts) {
        names.push_back(name);
    }
    for (const std::string& name : names) {
        std::string parent = t.cohorts[name].parent;
        if (!parent.empty()) {
            node(parent).child_cohorts.push_back(name);
        }
    }
    for (const auto& [name, s] : t.cluster_queues) {
        const std::string& cohort = *s.cq->cohort;
        if (cohort.empty()) {
            t.standalone_queues.push_back(name);
        } else {
            node(cohort).cluster_queues.push_back(name);
        }
    }
    // Cycle detection: walk each chain of parents; a chain that revisits a node is a cycle (R1.3.3).
    for (auto& [name, c] : t.cohorts) {
        std::set<std::string> seen;
        std::string cur = name;
        while (!cur.empty() && t.cohorts.count(cur)) {
            if (!seen.insert(cur).second) {
                c.in_cycle = true;
                break;
            }
            cur = t.cohorts[cur].parent;
        }
    }
    for (auto& [name, c] : t.cohorts) {
        std::sort(c.child_cohorts.begin(), c.child_cohorts.end());
        std::sort(c.cluster_queues.begin(), c.cluster_queues.end());
        if (c.parent.empty() || c.in_cycle) {
            t.root_cohorts.push_back(name);
        }
    }
    std::sort(t.standalone_queues.begin(), t.standalone_queues.end());
}

void count_workloads(const Cluster& cluster, Topology& t) {
    std::set<std::pair<std::string, std::string>> jobs_with_workload;  // (namespace, job name)
    for (const Workload& wl : cluster.workloads) {
        for (const auto& [kind, name] : wl.meta.owner_refs) {
            jobs_with_workload.insert({*wl.meta.namespace_, name});
        }
        if (is_finished(wl)) {
            continue;
        }
        if (is_reserving(wl) && wl.admission) {
            auto it = t.cluster_queues.find(wl.admission->cluster_queue);
            if (it == t.cluster_queues.end()) {
                continue;
            }
            ClusterQueueSummary& s = it->second;
            ++s.reserving;
            if (wl.condition_true("Admitted")) {
                ++s.admitted;
            }
            for (const PodSetAssignment& psa : wl.admission->pod_set_assignments) {
                for (const auto& [resource, qty] : psa.resource_usage) {
                    auto fl = psa.flavors.find(resource);
                    if (fl == psa.flavors.end()) {
                        continue;
                    }
                    std::int64_t& u = s.usage[{fl->second, resource}];
                    u = saturating_add(u, request_amount(resource, qty));
                }
            }
            continue;
        }
        const LocalQueue* lq = cluster.find_local_queue(*wl.meta.namespace_, *wl.queue_name);
        auto it = lq ? t.cluster_queues.find(*lq->cluster_queue) : t.cluster_queues.end();
        if (it == t.cluster_queues.end()) {
            t.unqueued_workloads.push_back(&wl);
        } else {
            ++it->second.pending;
        }
    }
    // A suspended Job with no Workload in the export is work waiting for Kueue.
    for (const Job& job : cluster.jobs) {
        if (!job.suspend || !job.has_queue_name || jobs_with_workload.count({*job.meta.namespace_, *job.meta.name})) {
            continue;
        }
        const LocalQueue* lq = cluster.find_local_queue(*job.meta.namespace_, *job.queue_name);
        auto it = lq ? t.cluster_queues.find(*lq->cluster_queue) : t.cluster_queues.end();
        if (it != t.cluster_queues.end()) {
            ++it->second.pending;
        }
    }
}

}  // namespace

Topology build_topology(const Cluster& cluster) {
    Topology t;
    // A name defined twice in one run: the later definition wins, as a later apply would.
    for (const ClusterQueue& cq : cluster.cluster_queues) {
        ClusterQueueSummary& s = t.cluster_queues[*cq.meta.name];
        s = ClusterQueueSummary{};
        s.cq = &cq;
        s.inactive_reasons = inactive_reasons(cluster, cq);
    }
    for (const LocalQueue& lq : cluster.local_queues) {
        if (cluster.find_local_queue(*lq.meta.namespace_, *lq.meta.name) != &lq) {
            continue;  // superseded by a later definition of the same LocalQueue
        }
        auto it = t.cluster_queues.find(*lq.cluster_queue);
        if (it == t.cluster_queues.end()) {
            t.orphan_local_queues.push_back(&lq);
        } else {
            it->second.local_queues.push_back(&lq);
        }
    }
    for (auto& [name, s] : t.cluster_queues) {
        std::sort(s.local_queues.begin(), s.local_queues.end(), [](const LocalQueue* a, const LocalQueue* b) {
            return a->meta.key() < b->meta.key();
        });
    }
    build_cohorts(cluster, t);
    count_workloads(cluster, t);
    return t;
}

}  // namespace kg::model
