// Fair-sharing preemption: kueue-admission.md §8.4 (R8.4.1-R8.4.6).
// Kueue: pkg/scheduler/preemption/preemption.go (fairPreemptions, runFirstFsStrategy,
// runSecondFsStrategy), fairsharing/{ordering,strategy,target,least_common_ancestor}.go.
#include "sim/fair_sharing.h"
#include "sim/preemption/preemption.h"

#include <algorithm>
#include <deque>

namespace kg::sim {

namespace {

bool is_ancestor(const Snapshot& s, int a, int n) {
    for (int x = s.nodes[n].parent; x >= 0; x = s.nodes[x].parent)
        if (x == a) return true;
    return false;
}

// R8.4.2: LCA = first ancestor of the target CQ `t` that is also an ancestor of `c`.
int lca(const Snapshot& s, int c, int t) {
    for (int x = s.nodes[t].parent; x >= 0; x = s.nodes[x].parent)
        if (is_ancestor(s, x, c)) return x;
    return -1;
}

// R8.4.2: the node directly below `anc` on `n`'s path (n itself if its parent is `anc`).
int almost_lca(const Snapshot& s, int n, int anc) {
    int prev = n;
    for (int x = s.nodes[n].parent; x >= 0 && x != anc; x = s.nodes[x].parent) prev = x;
    return prev;
}

class TargetIterator {
public:
    TargetIterator(const Snapshot& s, int c, std::map<int, std::deque<const WorkloadInfo*>>& cands)
        : m_s(s), m_c(c), m_cands(cands) {}

    // R8.4.3
    int next() {
        if (!m_s.has_parent(m_c)) return has(m_c) ? m_c : -1;
        int root = m_s.root(m_c);
        while (!m_dropped.count(root)) {
            int node = root;
            while (true) {
                int best_cq = -1;
                DRS best_cq_drs;
                for (int q : m_s.nodes[node].child_cqs) {
                    if (m_dropped.count(q)) continue;
                    DRS d = dominant_resource_share(m_s, q);
                    if (!has(q) || (q != m_c && !d.borrowing)) {
                        m_dropped.insert(q);
                        continue;
                    }
                    int cmp = best_cq < 0 ? 1 : compare_drs(d, best_cq_drs);
                    if (cmp > 0 ||
                        (cmp == 0 && candidate_less_in(*m_cands[q].front(), q, *m_cands[best_cq].front(), best_cq, m_c))) {
                        best_cq = q;
                        best_cq_drs = d;
                    }
                }
                int best_co = -1;
                DRS best_co_drs;
                for (int co : m_s.nodes[node].child_cohorts) {
                    if (m_dropped.count(co)) continue;
                    DRS d = dominant_resource_share(m_s, co);
                    if (!d.borrowing && !is_ancestor(m_s, co, m_c)) {
                        m_dropped.insert(co);
                        continue;
                    }
                    if (best_co < 0 || compare_drs(d, best_co_drs) > 0) {
                        best_co = co;
                        best_co_drs = d;
                    }
                }
                if (best_cq < 0 && best_co < 0) {
                    m_dropped.insert(node);
                    break;
                }
                if (best_co >= 0 && (best_cq < 0 || compare_drs(best_co_drs, best_cq_drs) >= 0)) {
                    node = best_co;
                    continue;
                }
                return best_cq;
            }
        }
        return -1;
    }

    void drop(int q) { m_dropped.insert(q); }

private:
    bool has(int q) const {
        auto it = m_cands.find(q);
        return it != m_cands.end() && !it->second.empty();
    }
    const Snapshot& m_s;
    int m_c;
    std::map<int, std::deque<const WorkloadInfo*>>& m_cands;
    std::set<int> m_dropped;
};

}  // namespace

std::vector<Target> fair_sharing_targets(Snapshot& s, const PreemptionRequest& r) {
    const WorkloadInfo& w = *r.preemptor;
    int c = r.cq;
    const auto& pre = s.nodes[c].cq->preemption;
    // R8.4.1 candidates, grouped by their ClusterQueue node as they are found. The targets are
    // taken per ClusterQueue, from the front of its own group (TargetIterator), so only the R7.3
    // order inside a group matters: sorting the groups apart gives the order sorting them
    // together would, without comparing workloads of different queues or looking nodes up by name.
    std::map<int, std::deque<const WorkloadInfo*>> cands;
    if (*pre.within_cluster_queue != model::WithinClusterQueue::never) {
        for (const WorkloadInfo* p : s.nodes[c].workloads) {
            const WorkloadInfo& x = *p;
            if (x.key != w.key && uses_frs(x, r.needing) && policy_allows(*pre.within_cluster_queue, w, x))
                cands[c].push_back(&x);
        }
    }
    if (s.has_parent(c) && *pre.reclaim_within_cohort != model::ReclaimWithinCohort::never) {
        int root = s.root(c);
        for (std::size_t q = 0; q < s.nodes.size(); ++q) {
            const ResourceNode& n = s.nodes[q];
            if (!n.is_cq || static_cast<int>(q) == c || !n.active || n.parent < 0 || s.root(static_cast<int>(q)) != root)
                continue;
            bool borrowing = false;
            for (const FR& f : r.needing)
                if (s.nominal(static_cast<int>(q), f) < Amount::of(s.usage(static_cast<int>(q), f))) borrowing = true;
            if (!borrowing) continue;
            for (const WorkloadInfo* p : n.workloads) {
                const WorkloadInfo& x = *p;
                if (uses_frs(x, r.needing) && policy_allows(*pre.reclaim_within_cohort, w, x))
                    cands[static_cast<int>(q)].push_back(&x);
            }
        }
    }
    if (cands.empty()) return {};
    for (auto& [q, group] : cands)
        std::stable_sort(group.begin(), group.end(), [&, q = q](const WorkloadInfo* a, const WorkloadInfo* b) {
            return candidate_less_in(*a, q, *b, q, c);
        });
    std::vector<std::string> strategies = r.strategies;
    if (strategies.empty()) strategies = {"LessThanOrEqualToFinalShare", "LessThanInitialShare"};

    // R8.4.2 setup: W's usage is added for the whole search.
    s.add_usage(c, r.requests);
    std::vector<Target> targets;
    auto fits = [&]() {
        s.remove_usage(c, r.requests);
        bool ok = fits_after_removal(s, c, r.requests, true);
        s.add_usage(c, r.requests);
        return ok;
    };
    auto take = [&](const WorkloadInfo* x, const char* reason, int q) {
        s.remove_workload(x->key);
        targets.push_back({x->key, reason, q});
        return fits();
    };
    auto passes = [&](const std::string& strategy, const DRS& pn, const DRS& told, const DRS& tnew) {
        if (strategy == "LessThanOrEqualToFinalShare") return compare_drs(pn, tnew) <= 0;
        return compare_drs(pn, told) < 0;
    };
    bool done = false;
    std::map<int, std::deque<const WorkloadInfo*>> retry;
    // R8.4.4 first pass.
    {
        TargetIterator it(s, c, cands);
        for (int t = it.next(); t >= 0 && !done; t = it.next()) {
            auto& q = cands[t];
            if (t == c) {
                const WorkloadInfo* x = q.front();
                q.pop_front();
                done = take(x, "InClusterQueue", t);
                continue;
            }
            bool c_borrowing = false;
            for (const FR& f : r.needing)
                if (s.nominal(c, f) < Amount::of(s.usage(c, f))) c_borrowing = true;
            if (!c_borrowing) {
                const WorkloadInfo* x = q.front();
                q.pop_front();
                done = take(x, "InCohortReclamation", t);
                continue;
            }
            int l = lca(s, c, t);
            int pl = almost_lca(s, c, l), tl = almost_lca(s, t, l);
            DRS pn = dominant_resource_share(s, pl);
            DRS told = dominant_resource_share(s, tl);
            if (pn.infinite() && !told.infinite()) {
                for (const auto* x : q) retry[t].push_back(x);
                q.clear();
                continue;
            }
            while (!q.empty()) {
                const WorkloadInfo* x = q.front();
                q.pop_front();
                s.remove_workload(x->key);
                DRS tnew = dominant_resource_share(s, tl);
                if (passes(strategies[0], pn, told, tnew)) {
                    targets.push_back({x->key, "InCohortFairSharing", t});
                    done = fits();
                    break;
                }
                s.restore_workload(x->key);
                retry[t].push_back(x);
            }
        }
    }
    // R8.4.5 second pass.
    if (!done && strategies.size() > 1) {
        TargetIterator it(s, c, retry);
        for (int t = it.next(); t >= 0 && !done; t = it.next()) {
            auto& q = retry[t];
            int l = lca(s, c, t);
            int pl = almost_lca(s, c, l), tl = almost_lca(s, t, l);
            DRS pn = dominant_resource_share(s, pl);
            DRS told = dominant_resource_share(s, tl);
            const WorkloadInfo* x = q.front();
            q.pop_front();
            if (t == c || passes(strategies[1], pn, told, told))
                done = take(x, t == c ? "InClusterQueue" : "InCohortFairSharing", t);
            it.drop(t);
        }
    }
    s.remove_usage(c, r.requests);
    if (!done) {
        for (const auto& t : targets) s.restore_workload(t.key);
        return {};
    }
    fill_back(s, targets, c, r.requests, true);
    for (const auto& t : targets) s.restore_workload(t.key);
    return targets;
}

}  // namespace kg::sim
