// Queue-level changes between two policies, each decided by sim/ (cluster_queue_status for
// R3.1.1-R3.1.3, CohortHierarchy for R1.3.2-R1.3.3); this file compares the answers.
#include "lint/diff_state_queues.h"

#include "sim/cluster_queue_status.h"
#include "sim/hierarchy.h"

#include <algorithm>
#include <set>
#include <tuple>

namespace kg::lint {

const char* queue_state_name(QueueState s) {
    switch (s) {
        case QueueState::absent: return "absent";
        case QueueState::active: return "active";
        case QueueState::inactive: return "inactive";
    }
    return "absent";
}

namespace {

struct CqState {
    QueueState state = QueueState::absent;
    std::string message;
};

std::map<std::string, CqState> cq_states(const model::Cluster& c) {
    const sim::CohortHierarchy hierarchy(c);
    std::map<std::string, CqState> out;
    for (const model::ClusterQueue& cq : c.cluster_queues) {  // later definitions win
        const sim::ClusterQueueStatus s = sim::cluster_queue_status(c, hierarchy, cq);
        CqState st;
        st.state = s.schedulable() ? QueueState::active : QueueState::inactive;
        // A cohort cycle leaves the Active condition alone; the scheduler's message then is
        // the nomination check's (R5.2.1 #2).
        st.message = s.active() && s.cohort_cycle ? "ClusterQueue " + *cq.meta.name + " is inactive" : s.message();
        out[*cq.meta.name] = std::move(st);
    }
    return out;
}

// ClusterQueue -> the root of its cohort tree ("" without a cohort, or when its chain reaches a
// cycle: the snapshot cuts it out and it stands alone).
std::map<std::string, std::string> tree_of(const model::Cluster& c) {
    const sim::CohortHierarchy hierarchy(c);
    std::map<std::string, std::string> out;
    for (const model::ClusterQueue& cq : c.cluster_queues)
        out[*cq.meta.name] = cq.cohort->empty() ? std::string() : hierarchy.root(*cq.cohort);
    return out;
}

// Groups the ClusterQueues of both sides by their tree on side `from`, then reports each tree
// of side `to` (non-empty root) whose queues came from two or more trees of `from`.
std::vector<CohortTreeChange> meetings(const std::map<std::string, std::string>& from,
                                       const std::map<std::string, std::string>& to, bool merge) {
    std::map<std::string, std::map<std::string, std::vector<std::string>>> parts;  // to-root -> from-root -> CQs
    for (const auto& [cq, to_root] : to) {
        auto f = from.find(cq);
        if (to_root.empty() || f == from.end()) continue;
        // A queue alone (no cohort) is its own tree: key it by its name so that two of them differ.
        std::string key = f->second.empty() ? "\x01" + cq : f->second;
        parts[to_root][key].push_back(cq);
    }
    std::vector<CohortTreeChange> out;
    for (auto& [root, by_from] : parts) {
        if (by_from.size() < 2) continue;
        CohortTreeChange c;
        c.merge = merge;
        c.tree = root;
        for (auto& [key, cqs] : by_from) c.parts.push_back({key[0] == '\x01' ? std::string() : key, std::move(cqs)});
        out.push_back(std::move(c));
    }
    return out;
}

}  // namespace

std::vector<ClusterQueueChange> cluster_queue_changes(const model::Cluster& base, const model::Cluster& head) {
    const std::map<std::string, CqState> b = cq_states(base), h = cq_states(head);
    std::set<std::string> names;
    for (const auto& [n, s] : b) names.insert(n);
    for (const auto& [n, s] : h) names.insert(n);
    std::vector<ClusterQueueChange> out;
    for (const std::string& n : names) {
        ClusterQueueChange c;
        c.cluster_queue = n;
        if (auto it = b.find(n); it != b.end()) {
            c.before = it->second.state;
            c.message_before = it->second.message;
        }
        if (auto it = h.find(n); it != h.end()) {
            c.after = it->second.state;
            c.message_after = it->second.message;
        }
        if (c.before != c.after || c.message_before != c.message_after) out.push_back(std::move(c));
    }
    return out;
}

std::vector<OrphanedLocalQueue> orphaned_local_queues(const model::Cluster& base, const model::Cluster& head) {
    std::vector<OrphanedLocalQueue> out;
    std::set<std::pair<std::string, std::string>> seen;
    for (auto it = head.local_queues.rbegin(); it != head.local_queues.rend(); ++it) {  // later definitions win
        const model::LocalQueue& lq = *it;
        if (!seen.insert({*lq.meta.namespace_, *lq.meta.name}).second) continue;
        if (head.find_cluster_queue(*lq.cluster_queue)) continue;
        const model::LocalQueue* was = base.find_local_queue(*lq.meta.namespace_, *lq.meta.name);
        if (was && !base.find_cluster_queue(*was->cluster_queue)) continue;  // already without one
        out.push_back({*lq.meta.namespace_, *lq.meta.name, *lq.cluster_queue, 0});
    }
    std::sort(out.begin(), out.end(), [](const OrphanedLocalQueue& a, const OrphanedLocalQueue& b) {
        return std::tie(a.namespace_, a.name) < std::tie(b.namespace_, b.name);
    });
    return out;
}

std::vector<CohortTreeChange> cohort_tree_changes(const model::Cluster& base, const model::Cluster& head) {
    const std::map<std::string, std::string> b = tree_of(base), h = tree_of(head);
    std::vector<CohortTreeChange> out = meetings(b, h, true);
    for (CohortTreeChange& c : meetings(h, b, false)) out.push_back(std::move(c));
    return out;
}

}  // namespace kg::lint
