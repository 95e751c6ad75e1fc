// A reserving workload finishes (replay): it releases its quota and, as Kueue does
// when a workload of a ClusterQueue finishes, every inadmissible workload of the
// cohort tree is requeued (R4.5). Requeues are batched per tree until the next
// cycle, as Kueue batches them (with a 1 s delay) before scheduling again.
#include "sim/cycle.h"
#include "sim/snapshot_build.h"

namespace kg::sim {

void CycleRunner::finish(const std::string& key) {
    auto it = m_reserving.find(key);
    if (it == m_reserving.end()) {
        m_pending.erase(key);
        return;
    }
    m_finished_cqs.insert(it->second.cluster_queue);
    ++m_generation[it->second.cluster_queue];
    m_reserving.erase(it);
}

void CycleRunner::flush_requeues() {
    if (m_finished_cqs.empty()) {
        return;
    }
    Snapshot snap = build_snapshot(m_cl, {});
    std::set<int> roots;
    for (const std::string& cq : m_finished_cqs) {
        int q = snap.find_cq(cq);
        if (q >= 0 && roots.insert(snap.root(q)).second) {
            requeue_all(q, snap);
        }
    }
    m_finished_cqs.clear();
}

}  // namespace kg::sim
