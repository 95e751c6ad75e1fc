// Classical preemption: kueue-admission.md §7 (R7.1-R7.6).
// Kueue: pkg/scheduler/preemption/classical/candidate_generator.go,
// classical/hierarchical_preemption.go (collectCandidatesForHierarchicalReclaim),
// preemption.go (classicalPreemptions, minimalPreemptions), common/preemption_policy.go.
#include "sim/preemption/preemption.h"

#include <algorithm>

namespace kg::sim {

namespace {

enum class Variant { within_cq, hierarchical_reclaim, reclaim_without_borrowing, reclaim_while_borrowing };

struct Candidate {
    const WorkloadInfo* wl;
    int cq;
    int lca;
    Variant variant;
};

// R6.5 "fits in quota" with the remainder passed up.
bool fits_in_quota(const Snapshot& s, int n, FRAmounts& rem) {
    bool fits = true;
    for (auto& [f, v] : rem) {
        if (s.subtree_quota(n, f) < Amount::of(model::saturating_add(s.usage(n, f), v))) fits = false;
        Amount la = s.local_available(n, f);
        Amount left = Amount::of(v).sub(la);
        v = left < Amount::of(0) ? 0 : left.value();
    }
    return fits;
}

class Generator {
public:
    Generator(const Snapshot& s, const PreemptionRequest& r) : m_s(s), m_r(r), m_pre(s.nodes[r.cq].cq->preemption) {}

    void collect_cohort(int node, int skip, int lca, bool adv) {
        for (int cc : m_s.nodes[node].child_cohorts) {
            if (cc == skip) continue;
            if (!m_s.within_nominal(cc, m_r.needing)) collect_cohort(cc, -1, lca, adv);
        }
        // Only a ClusterQueue over nominal for some FR can fail the test below, and the
        // snapshot lists those per cohort: a cohort of 1,000 ClusterQueues has a few. Their
        // order is lost, which ordered() restores (candidate_less_in is a total order).
        const std::vector<int>& cqs =
            m_s.quotas_non_negative() ? m_s.nodes[node].over_cqs : m_s.nodes[node].child_cqs;
        for (int q : cqs) {
            if (q == skip || q == m_r.cq || !m_s.nodes[q].active) continue;
            if (m_s.within_nominal(q, m_r.needing)) continue;
            for (const WorkloadInfo* wl : m_s.nodes[q].workloads) {
                const WorkloadInfo& c = *wl;
                if (!uses_frs(c, m_r.needing)) continue;
                if (!policy_allows(*m_pre.reclaim_within_cohort, *m_r.preemptor, c)) continue;
                m_cohort.push_back({&c, q, lca, classify(c, adv)});
            }
        }
    }

    Variant classify(const WorkloadInfo& c, bool adv) const {
        if (adv) return Variant::hierarchical_reclaim;
        const auto& bwc = *m_pre.borrow_within_cohort;
        if (bwc.policy == model::BorrowWithinCohortPolicy::never) return Variant::reclaim_without_borrowing;
        if (c.priority >= m_r.preemptor->priority) return Variant::reclaim_without_borrowing;
        if (bwc.max_priority_threshold && c.priority > *bwc.max_priority_threshold)
            return Variant::reclaim_without_borrowing;
        return Variant::reclaim_while_borrowing;
    }

    void collect() {
        const WorkloadInfo& w = *m_r.preemptor;
        if (*m_pre.within_cluster_queue != model::WithinClusterQueue::never) {
            for (const WorkloadInfo* wl : m_s.nodes[m_r.cq].workloads) {
                const WorkloadInfo& c = *wl;
                if (c.key == w.key || !uses_frs(c, m_r.needing)) continue;
                if (policy_allows(*m_pre.within_cluster_queue, w, c)) m_same.push_back({&c, m_r.cq, -1, Variant::within_cq});
            }
        }
        if (m_s.has_parent(m_r.cq) && *m_pre.reclaim_within_cohort != model::ReclaimWithinCohort::never) {
            FRAmounts rem = m_r.requests;
            bool adv = fits_in_quota(m_s, m_r.cq, rem);
            int prev = m_r.cq;
            for (int a : m_s.ancestors(m_r.cq)) {
                collect_cohort(a, prev, a, adv);
                adv = fits_in_quota(m_s, a, rem) || adv;
                prev = a;
            }
        }
    }

    std::vector<Candidate> ordered() const {
        // A candidate's `cq` is the node it was collected from, the one find_cq would return.
        auto less = [&](const Candidate& a, const Candidate& b) {
            return candidate_less_in(*a.wl, a.cq, *b.wl, b.cq, m_r.cq);
        };
        std::vector<Candidate> groups[6];
        for (const auto& c : m_cohort) {
            bool hier = c.variant == Variant::hierarchical_reclaim;
            groups[(c.wl->evicted ? 0 : 3) + (hier ? 0 : 1)].push_back(c);
        }
        for (const auto& c : m_same) groups[c.wl->evicted ? 2 : 5].push_back(c);
        std::vector<Candidate> out;
        for (auto& g : groups) {
            std::stable_sort(g.begin(), g.end(), less);
            out.insert(out.end(), g.begin(), g.end());
        }
        return out;
    }

    std::vector<Candidate> m_same, m_cohort;

private:
    const Snapshot& m_s;
    const PreemptionRequest& m_r;
    const model::ClusterQueuePreemption& m_pre;
};

const char* reason_of(Variant v) {
    switch (v) {
    case Variant::within_cq: return "InClusterQueue";
    case Variant::reclaim_while_borrowing: return "InCohortReclaimWhileBorrowing";
    default: return "InCohortReclamation";
    }
}

// R7.5 one attempt.
std::vector<Target> attempt(Snapshot& s, const PreemptionRequest& r, const std::vector<Candidate>& list, bool borrow) {
    std::vector<Target> targets;
    for (const auto& c : list) {
        if (c.variant != Variant::within_cq) {
            if (borrow && c.variant == Variant::reclaim_without_borrowing) continue;
            if (s.within_nominal(c.cq, r.needing)) continue;
            bool skip = false;
            for (int a = s.nodes[c.cq].parent; a >= 0 && a != c.lca; a = s.nodes[a].parent)
                if (s.within_nominal(a, r.needing)) skip = true;
            if (skip) continue;
        }
        s.remove_workload(*c.wl, c.cq);
        targets.push_back({c.wl->key, reason_of(c.variant), c.cq, c.wl});
        if (fits_after_removal(s, r.cq, r.requests, borrow, &r.topology_fits)) {
            fill_back(s, targets, r.cq, r.requests, borrow, &r.topology_fits);
            for (const auto& t : targets) s.restore_workload(*t.info, t.cq);
            return targets;
        }
    }
    for (const auto& t : targets) s.restore_workload(*t.info, t.cq);
    return {};
}

}  // namespace

std::vector<Target> classical_targets(Snapshot& s, const PreemptionRequest& r) {
    Generator g(s, r);
    g.collect();
    std::vector<Candidate> list = g.ordered();
    if (list.empty()) return {};
    const auto& bwc = *s.nodes[r.cq].cq->preemption.borrow_within_cohort;
    bool forbid_bwc = bwc.policy == model::BorrowWithinCohortPolicy::never;
    bool under_nominal = true;
    for (const FR& f : r.needing)
        if (!(Amount::of(s.usage(r.cq, f)) < s.nominal(r.cq, f))) under_nominal = false;
    bool any_hier = false;
    for (const auto& c : g.m_cohort) any_hier = any_hier || c.variant == Variant::hierarchical_reclaim;
    std::vector<bool> attempts;
    if (g.m_cohort.empty() || (forbid_bwc && !under_nominal)) {
        attempts = {true};
    } else if (forbid_bwc && !any_hier) {
        attempts = {false, true};
    } else {
        attempts = {true, false};
    }
    for (bool borrow : attempts) {
        auto t = attempt(s, r, list, borrow);
        if (!t.empty()) return t;
    }
    return {};
}

}  // namespace kg::sim
