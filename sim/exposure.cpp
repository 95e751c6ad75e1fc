// Reclaim exposure of the workloads holding quota, read off the snapshot with their usage:
// borrowing is R6.5 (resource_node.go, usage above the queue's subtree quota), reclaimers are
// R7.1/R7.2's candidates-from-other-queues rule (candidate_generator.go: another queue of the
// tree may take back quota only from a queue that borrows; its reclaimWithinCohort decides).
// A queue without nominal quota in a borrowed resource would borrow itself to use it, which
// is borrowWithinCohort's business, not reclamation.
#include "sim/exposure.h"

#include "sim/snapshot_build.h"
#include "sim/workload_info.h"

#include <algorithm>

namespace kg::sim {

std::vector<WorkloadExposure> reclaim_exposure(const model::Cluster& cluster) {
    std::vector<WorkloadInfo> infos;
    for (const model::Workload& wl : cluster.workloads)
        if (is_reserving(wl)) infos.push_back(make_workload_info(cluster, wl));
    std::vector<const WorkloadInfo*> ptrs;
    ptrs.reserve(infos.size());
    for (const WorkloadInfo& i : infos) ptrs.push_back(&i);
    const Snapshot snap = build_snapshot(cluster, ptrs);
    // The ClusterQueues of each tree, by root node, in name order (cq_index is sorted).
    std::map<int, std::vector<int>> tree;
    for (const auto& [name, n] : snap.cq_index) tree[snap.root(n)].push_back(n);

    std::vector<WorkloadExposure> out;
    out.reserve(infos.size());
    for (const WorkloadInfo& info : infos) {
        WorkloadExposure e;
        e.workload = info.key;
        e.cluster_queue = info.cluster_queue;
        e.priority = info.priority;
        const int n = snap.find_cq(info.cluster_queue);
        e.cluster_queue_found = n >= 0;
        if (n >= 0) {
            for (const auto& [f, v] : info.usage)
                if (v > 0 && snap.borrowing_with(n, f, 0)) e.borrowing.emplace_back(f.flavor(), f.resource());
        }
        if (!e.borrowing.empty()) {
            for (int m : tree[snap.root(n)]) {
                const ResourceNode& other = snap.nodes[m];
                if (m == n || !other.active || !other.cq) continue;
                const model::ReclaimWithinCohort p = *other.cq->preemption.reclaim_within_cohort;
                if (p == model::ReclaimWithinCohort::never) continue;
                bool has_quota = false;
                for (const auto& [flavor, resource] : e.borrowing)
                    has_quota = has_quota || model::Amount::of(0) < snap.nominal(m, FR{flavor, resource});
                if (has_quota) e.reclaimers.push_back({other.name, p});
            }
        }
        out.push_back(std::move(e));
    }
    std::sort(out.begin(), out.end(),
              [](const WorkloadExposure& a, const WorkloadExposure& b) { return a.workload < b.workload; });
    return out;
}

}  // namespace kg::sim
