// Helpers shared by classical and fair-sharing preemption. Kueue:
// pkg/scheduler/preemption/common/ordering.go (CandidatesOrdering),
// preemption.go (workloadFits, fillBackWorkloads), classical/candidate_generator.go.
#include "sim/preemption/preemption.h"

#include <algorithm>

namespace kg::sim {

bool uses_frs(const WorkloadInfo& wl, const FRSet& frs) {
    for (const FR& f : wl.used_frs)
        if (frs.count(f)) return true;
    return false;
}

// R7.3
bool candidate_less(const Snapshot& snap, const WorkloadInfo& a, const WorkloadInfo& b, int preemptor_cq) {
    if (a.evicted != b.evicted) return a.evicted;
    return candidate_less_in(a, snap.find_cq(a.cluster_queue), b, snap.find_cq(b.cluster_queue), preemptor_cq);
}

bool candidate_less_in(const WorkloadInfo& a, int a_cq, const WorkloadInfo& b, int b_cq, int preemptor_cq) {
    if (a.evicted != b.evicted) return a.evicted;
    bool a_same = a_cq == preemptor_cq;
    bool b_same = b_cq == preemptor_cq;
    if (a_same != b_same) return !a_same;
    return candidate_order_less(a, b);
}

bool candidate_order_less(const WorkloadInfo& a, const WorkloadInfo& b) {
    if (a.priority != b.priority) return a.priority < b.priority;
    // More recent reservation first; a missing one counts as "now".
    std::int64_t ta = a.quota_reserved_at.value_or(INT64_MAX);
    std::int64_t tb = b.quota_reserved_at.value_or(INT64_MAX);
    if (ta != tb) return ta > tb;
    if (a.uid != b.uid) return a.uid < b.uid;
    return a.key < b.key;
}

const std::vector<const WorkloadInfo*>* candidate_order(const Snapshot& snap, int q) {
    const ResourceNode& n = snap.nodes[q];
    if (n.removed != 0) return nullptr;
    if (n.order_of != n.members) {
        n.candidate_order = n.workloads;
        std::sort(n.candidate_order.begin(), n.candidate_order.end(),
                  [](const WorkloadInfo* a, const WorkloadInfo* b) { return candidate_order_less(*a, *b); });
        n.order_of = n.members;
    }
    return &n.candidate_order;
}

// R7.5 step 2
bool fits_after_removal(const Snapshot& snap, int cq, const FRAmounts& requests, bool allow_borrowing,
                        const std::function<bool(const Snapshot&)>* topology) {
    for (const auto& [f, v] : requests) {
        if (!allow_borrowing && snap.nominal(cq, f) < Amount::of(model::saturating_add(snap.usage(cq, f), v)))
            return false;
        if (snap.available(cq, f) < Amount::of(v)) return false;
    }
    return !topology || !*topology || (*topology)(snap);
}

// R7.5 step 3
void fill_back(Snapshot& snap, std::vector<Target>& targets, int cq, const FRAmounts& requests, bool allow_borrowing,
               const std::function<bool(const Snapshot&)>* topology) {
    if (targets.size() < 2) return;
    for (int i = static_cast<int>(targets.size()) - 2; i >= 0; --i) {
        snap.restore_workload(*targets[i].info, targets[i].cq);
        if (fits_after_removal(snap, cq, requests, allow_borrowing, topology)) {
            targets[i] = targets.back();
            targets.pop_back();
        } else {
            snap.remove_workload(*targets[i].info, targets[i].cq);
        }
    }
}

// R7.1
bool policy_allows(model::WithinClusterQueue p, const WorkloadInfo& w, const WorkloadInfo& c) {
    switch (p) {
    case model::WithinClusterQueue::never: return false;
    case model::WithinClusterQueue::lower_priority: return c.priority < w.priority;
    case model::WithinClusterQueue::lower_or_newer_equal_priority:
        return c.priority < w.priority || (c.priority == w.priority && w.order_ts < c.order_ts);
    }
    return false;
}

bool policy_allows(model::ReclaimWithinCohort p, const WorkloadInfo& w, const WorkloadInfo& c) {
    switch (p) {
    case model::ReclaimWithinCohort::never: return false;
    case model::ReclaimWithinCohort::lower_priority: return c.priority < w.priority;
    case model::ReclaimWithinCohort::any: return true;
    }
    return false;
}

}  // namespace kg::sim
