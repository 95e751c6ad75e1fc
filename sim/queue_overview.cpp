// Builds the inspect view of a cluster. Usage is summed from status.admission of
// reserving Workloads (kueue-admission.md R1.5.3, R2.6 without reclaimable pods),
// exactly as kubectl get clusterqueue -o wide would report flavor usage.
#include "sim/queue_overview.h"

#include "model/amount.h"
#include "sim/cluster_queue_status.h"
#include "sim/hierarchy.h"
#include "sim/workload_info.h"

#include <algorithm>
#include <set>

namespace kg::sim {

using namespace model;

namespace {

// The forest as the hierarchy builds it (R1.3.2 implicit cohorts, R1.3.3 cycles).
void build_cohorts(const Cluster& cluster, QueueOverview& t) {
    const CohortHierarchy h(cluster);
    for (const auto& [name, n] : h.cohorts()) {
        CohortSummary& c = t.cohorts[name];
        c.name = name;
        c.cohort = n.object;
        c.parent = n.parent;
        c.child_cohorts = n.child_cohorts;
        c.in_cycle = n.in_cycle;
        for (const std::string& cq : n.cluster_queues)
            if (auto it = t.cluster_queues.find(cq); it != t.cluster_queues.end() && *it->second.cq->cohort == name)
                c.cluster_queues.push_back(cq);  // a redefined ClusterQueue: the later cohort
    }
    t.root_cohorts = h.roots();
    for (const auto& [name, s] : t.cluster_queues)
        if (s.cq->cohort->empty()) t.standalone_queues.push_back(name);
}

void count_workloads(const Cluster& cluster, QueueOverview& t) {
    std::set<std::pair<std::string, std::string>> jobs_with_workload;  // (namespace, job name)
    for (const Workload& wl : cluster.workloads) {
        for (const auto& [kind, name] : wl.meta.owner_refs) {
            jobs_with_workload.insert({*wl.meta.namespace_, name});
        }
        if (wl.condition_true("Finished")) {
            continue;
        }
        if (is_reserving(wl)) {
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

QueueOverview build_queue_overview(const Cluster& cluster) {
    QueueOverview t;
    // A name defined twice in one run: the later definition wins, as a later apply would.
    for (const ClusterQueue& cq : cluster.cluster_queues) {
        ClusterQueueSummary& s = t.cluster_queues[*cq.meta.name];
        s = ClusterQueueSummary{};
        s.cq = &cq;
        for (const InactivePart& part : cluster_queue_status(cluster, cq).parts) s.inactive_reasons.push_back(part.message);
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

}  // namespace kg::sim
