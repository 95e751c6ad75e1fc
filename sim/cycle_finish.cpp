// A reserving workload finishes (replay): it releases its quota and, as Kueue does
// when a workload of a ClusterQueue finishes, every inadmissible workload of the
// cohort tree is requeued (R4.5). Requeues are batched per tree until the next
// cycle, as Kueue batches them (with a 1 s delay) before scheduling again.
#include "sim/cycle.h"

namespace kg::sim {

void CycleRunner::finish(const std::string& key) {
    auto it = m_reserving.find(key);
    if (it == m_reserving.end()) {
        m_queues.erase(key);
        return;
    }
    m_finished_cqs.insert(it->second.cluster_queue);
    ++m_generation[it->second.cluster_queue];
    end_reservation(it);
}

void CycleRunner::flush_requeues() {
    if (m_finished_cqs.empty()) {
        return;
    }
    std::set<const std::vector<std::string>*> trees;
    for (const std::string& cq : m_finished_cqs) {
        auto it = m_tree_of.find(cq);
        if (it != m_tree_of.end() && trees.insert(it->second.get()).second) {
            requeue_all(cq);
        }
    }
    m_finished_cqs.clear();
}

}  // namespace kg::sim
