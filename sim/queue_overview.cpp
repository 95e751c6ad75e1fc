// Builds the inspect view of a cluster. Usage is summed from status.admission of
// reserving Workloads (kueue-admission.md R1.5.3, R2.6 without reclaimable pods),
// exactly as kubectl get clusterqueue -o wide would report flavor usage.
#include "sim/queue_overview.h"

#include "model/amount.h"
#include "sim/cluster_queue_status.h"
#include "sim/hierarchy.h"
#include "sim/live_work.h"
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
    // The ClusterQueue a piece of pending work waits in: its LocalQueue's, when both exist.
    auto queue_of = [&](const std::string& ns, const std::string& local_queue) {
        const LocalQueue* lq = cluster.find_local_queue(ns, local_queue);
        return lq ? t.cluster_queues.find(*lq->cluster_queue) : t.cluster_queues.end();
    };
    LiveWorkVisitor v;
    v.reserving = [&](const Workload& wl) {
        auto it = t.cluster_queues.find(wl.admission->cluster_queue);
        if (it == t.cluster_queues.end()) return;
        ++it->second.reserving;
        if (wl.condition_true("Admitted")) ++it->second.admitted;
    };
    v.reserved_amount = [&](const Workload& wl, const std::string& flavor, const std::string& resource,
                            std::int64_t amount) {
        auto it = t.cluster_queues.find(wl.admission->cluster_queue);
        if (it == t.cluster_queues.end()) return;
        std::int64_t& u = it->second.usage[{flavor, resource}];
        u = saturating_add(u, amount);
    };
    v.pending_workload = [&](const Workload& wl) {
        auto it = queue_of(*wl.meta.namespace_, *wl.queue_name);
        if (it == t.cluster_queues.end()) {
            t.unqueued_workloads.push_back(&wl);
        } else {
            ++it->second.pending;
        }
    };
    v.pending_job = [&](const Job& job) {
        auto it = queue_of(*job.meta.namespace_, *job.queue_name);
        if (it != t.cluster_queues.end()) ++it->second.pending;
    };
    visit_live_work(cluster, v);
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
