// Requeueing: a failed head's placement (R5.10.1, R4.4), requeue-all of a cohort tree
// (R4.5), evictions releasing their quota between cycles (R5.12.2), and a reserving
// workload finishing (replay): it releases its quota and, as Kueue does when a workload
// of a ClusterQueue finishes, every inadmissible workload of the cohort tree is requeued.
// Requeues are batched per tree until the next cycle; the replay's controller model defers
// them instead (set_deferred_requeue) and calls requeue_tree() when Kueue's requeuer, with
// its 1 s batch period, would. Kueue: pkg/cache/queue/manager.go, cluster_queue.go,
// inadmissible_workloads.go.
#include "sim/scheduler.h"

namespace kg::sim {

void CycleRunner::finish(WorkloadIds::Id id) {
    const WorkloadInfo* held = reserving_at(id);
    if (!held) {
        m_queues.erase(id);
        return;
    }
    if (!m_deferred_requeue) m_finished_cqs.insert(held->cluster_queue);
    end_reservation(id, true);
}

void CycleRunner::flush_requeues() {
    if (m_finished_cqs.empty()) {
        return;
    }
    std::set<int> trees;
    for (const std::string& cq : m_finished_cqs) {
        auto it = m_tree_of.find(cq);
        if (it != m_tree_of.end() && trees.insert(it->second).second) {
            requeue_all(cq);
        }
    }
    m_finished_cqs.clear();
}

// R5.10.1 placement after a failed attempt (R4.4).
void CycleRunner::requeue(Entry& e) {
    Pending& p = *e.pending;
    m_queues.unqueue(p);  // its condition and placement change
    p.message = e.message;
    p.reason = e.reason;
    m_queues.mark_changed(p);
    const model::ClusterQueue* cq = e.cq >= 0 ? m_live.nodes[e.cq].cq : nullptr;  // e.info's (run_cycle)
    bool strict = cq && *cq->queueing_strategy == model::QueueingStrategy::strict_fifo;
    bool immediate = strict ? e.requeue != "NamespaceMismatch"
                            : (e.requeue == "FailedAfterNomination" || e.requeue == "PendingPreemption" ||
                               e.requeue == "PreemptionFailed");
    if (!e.inadmissible) {
        if (e.requeue == "PendingPreemption" || e.requeue == "PreemptionFailed") {
            p.progress.clear();  // preemptions issued or deferred: restart from the first flavor
            p.recorded_cycle = -1;
        } else {
            p.progress = e.assignment.progress();
            p.recorded_cycle = m_cycle;
            p.recorded_generation = generation(e.cq, e.info->cluster_queue);
        }
    }
    p.has_condition = true;
    p.condition_reason = e.reason;
    bool untried = false;
    for (const auto& [k, idx] : p.progress) untried = untried || idx != -1;
    bool inadmissible = !immediate && !untried;
    m_queues.enqueue(p, inadmissible);
    if (!strict && inadmissible && (e.requeue == "NoFit" || e.requeue == "PreemptionNoCandidates")) m_queues.bulk_move(p);
    if (e.requeue == "PendingPreemption") m_sticky[e.info->cluster_queue] = e.key;
}

// R4.5 requeue-all for the cohort tree of `cq`: clears the bulk-move records and makes every
// inadmissible workload of the tree active again.
void CycleRunner::requeue_all(const std::string& cq) {
    auto it = m_tree_of.find(cq);
    if (it == m_tree_of.end()) return;
    m_queues.requeue_tree(it->second);
}

bool CycleRunner::requeue_tree(const std::string& cq) {
    auto it = m_tree_of.find(cq);
    if (it == m_tree_of.end()) return false;
    return m_queues.requeue_tree(it->second) > 0;
}

const std::string& CycleRunner::tree_of(const std::string& cq) const {
    auto it = m_tree_of.find(cq);
    return it == m_tree_of.end() || m_trees[it->second].empty() ? cq : m_trees[it->second].front();
}

// R5.12.2: evictions release their reservation before the next cycle.
bool CycleRunner::between_cycles() {
    if (m_evicted_now.empty()) return false;
    for (const auto& [key, eviction_message] : m_evicted_now) {
        const WorkloadIds::Id id = m_queues.ids().find(key);
        const WorkloadInfo* held = reserving_at(id);
        if (!held) continue;
        WorkloadInfo info = *held;
        end_reservation(id, true);
        const std::string& msg = eviction_message;  // QuotaReserved=False message after release (R5.12.2)
        std::string admitted_in = info.cluster_queue;
        info.reserving = false;
        info.usage.clear();
        info.used_frs.clear();
        info.evicted = true;
        // Back to its target CQ through its LocalQueue.
        if (const auto* lq = m_cl.find_local_queue(info.ns, *info.obj->queue_name)) info.cluster_queue = *lq->cluster_queue;
        Pending p;
        p.shape = m_queues.shape_of(scheduling_shape(info));  // R4.4.4: its own shape, so bulk moves match it exactly
        p.info = std::move(info);
        p.message = msg;
        p.reason = "PendingEvaluation";
        p.has_condition = true;  // QuotaReserved=False, reason PendingEvaluation (R5.12.2)
        p.condition_reason = p.reason;
        bool queued = is_queued(p);
        bool be = best_effort(p.info.cluster_queue);
        m_queues.insert(std::move(p), queued, false, be);
        if (!m_deferred_requeue) requeue_all(admitted_in);
    }
    m_evicted_now.clear();
    return true;
}

}  // namespace kg::sim
