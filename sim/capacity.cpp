// Guaranteed and reachable quota per ClusterQueue, read off an empty snapshot: both are
// functions of quotas and limits only, never of usage (resource_node.go guaranteedQuota,
// potentialAvailable).
#include "sim/capacity.h"

#include "sim/snapshot_build.h"

namespace kg::sim {

std::vector<QueueCapacity> queue_capacity(const model::Cluster& cluster) {
    const Snapshot snap = build_snapshot(cluster, {});
    std::vector<QueueCapacity> out;
    for (const auto& [name, n] : snap.cq_index) {  // std::map: sorted by name
        for (const auto& [f, q] : snap.nodes[n].quotas) {  // FRMap: sorted by flavor, resource
            QueueCapacity c;
            c.cluster_queue = name;
            c.flavor = f.flavor();
            c.resource = f.resource();
            c.nominal = q.nominal;
            c.guaranteed = snap.has_parent(n) ? snap.guaranteed(n, f) : q.nominal;
            c.ceiling = snap.potential_available(n, f);
            out.push_back(std::move(c));
        }
    }
    return out;
}

}  // namespace kg::sim
