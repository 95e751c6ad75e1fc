// Fair-sharing preemption: kueue-admission.md §8.4 (R8.4.1-R8.4.6).
// Kueue: pkg/scheduler/preemption/preemption.go (fairPreemptions, runFirstFsStrategy,
// runSecondFsStrategy), fairsharing/{ordering,strategy,target,least_common_ancestor}.go.
#include "sim/fair_sharing.h"
#include "sim/per_node.h"
#include "sim/preemption/preemption.h"

#include <algorithm>
#include <cstdint>
#include <deque>
#include <functional>
#include <tuple>
#include <unordered_map>

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

// R8.4.1 candidates of one search, grouped by ClusterQueue node. The targets are taken per
// ClusterQueue from the front of its own group (TargetIterator), so only the R7.3 order inside
// a group matters, and a group is gathered and sorted the first time the iterator looks at its
// queue: a search visits the queues along one path of the tree, not every queue of it, and the
// groups it never reaches cost nothing. Gathering late finds what gathering first would have:
// a queue's own usage, which decides whether it is borrowing, changes only when one of its
// own candidates is taken, after its group was gathered.
/// One queue's candidates, taken from the front (a vector and a cursor: a deque allocates a
/// block per group, and a search makes a group per queue it looks at). The vectors' storage is
/// recycled between searches (a search per head, each gathering dozens of queues, made the
/// allocator the largest single cost).
class Group {
public:
    Group() {
        if (!pool().empty()) {
            m_items = std::move(pool().back());
            pool().pop_back();
        }
    }
    ~Group() {
        if (m_items.capacity() == 0) return;
        m_items.clear();
        pool().push_back(std::move(m_items));
    }
    Group(const Group&) = delete;
    Group& operator=(const Group&) = delete;
    bool empty() const { return m_head == m_items.size(); }
    const WorkloadInfo* front() const { return m_items[m_head]; }
    void pop_front() { ++m_head; }
    void push_back(const WorkloadInfo* x) { m_items.push_back(x); }
    void clear() { m_head = m_items.size(); }
    auto begin() const { return m_items.begin() + static_cast<std::ptrdiff_t>(m_head); }
    auto end() const { return m_items.end(); }
    /// Sorts what is left (R7.3 order is applied once, before any is taken).
    template <class Less>
    void stable_sort(Less less) {
        std::stable_sort(m_items.begin() + static_cast<std::ptrdiff_t>(m_head), m_items.end(), less);
    }

private:
    using Items = std::vector<const WorkloadInfo*>;
    static std::vector<Items>& pool() {
        static thread_local std::vector<Items> p;
        return p;
    }
    Items m_items;
    std::size_t m_head = 0;
};

// The positions among `node`'s child cohorts of those whose share borrows now, in no order
// (ResourceNode::kids_known): a first call looks at every child, later ones only at those whose
// usage moved since. Only they, and the one holding the preemptor, can be ranked by R8.4.3.
const std::vector<std::size_t>& borrowing_children(const Snapshot& s, int node) {
    const ResourceNode& p = s.nodes[node];
    auto mark = [&](std::size_t pos, bool borrows) {
        int& slot = p.kid_slot[pos];
        if (borrows && slot < 0) {
            slot = static_cast<int>(p.kids_borrowing.size());
            p.kids_borrowing.push_back(pos);
        } else if (!borrows && slot >= 0) {
            std::size_t last = p.kids_borrowing.back();
            p.kids_borrowing[static_cast<std::size_t>(slot)] = last;
            p.kid_slot[last] = slot;
            p.kids_borrowing.pop_back();
            slot = -1;
        }
    };
    if (!p.kids_known) {
        p.kids_known = true;
        p.kid_slot.assign(p.child_cohorts.size(), -1);
        p.kids_borrowing.clear();
        p.kids_changed.clear();
        for (std::size_t pos = 0; pos < p.child_cohorts.size(); ++pos) {
            const ResourceNode& kid = s.nodes[p.child_cohorts[pos]];
            kid.pos_in_parent = pos;
            kid.listed_as_changed = false;
            mark(pos, node_share(s, p.child_cohorts[pos]).borrowing);
        }
    } else {
        for (int k : p.kids_changed) {
            s.nodes[k].listed_as_changed = false;
            mark(s.nodes[k].pos_in_parent, node_share(s, k).borrowing);
        }
        p.kids_changed.clear();
    }
    return p.kids_borrowing;
}

/// The groups of one search by node: a slot per node of the tree and the groups in a deque
/// (stable addresses, a block per dozen groups instead of a hash node each).
class Candidates {
public:
    using Gather = std::function<void(int q, Group& out)>;
    explicit Candidates(std::size_t nodes) : m_slot(nodes, -1) {}  ///< groups filled by the caller only
    Candidates(std::size_t nodes, Gather gather) : m_gather(std::move(gather)), m_slot(nodes, -1) {}
    Group& group(int q) {
        int& slot = m_slot[static_cast<std::size_t>(q)];
        if (slot >= 0) return m_groups[static_cast<std::size_t>(slot)];
        slot = static_cast<int>(m_groups.size());
        Group& g = m_groups.emplace_back();
        if (m_gather) m_gather(q, g);
        return g;
    }
    bool has(int q) { return !group(q).empty(); }

private:
    Gather m_gather;
    PerNode<int> m_slot;  ///< by node: index into m_groups, -1 before it is gathered
    std::deque<Group> m_groups;
};

class TargetIterator {
public:
    TargetIterator(const Snapshot& s, int c, Candidates& cands)
        : m_s(s), m_c(c), m_cands(cands), m_dropped(s.nodes.size(), 0) {}

    // R8.4.3. The shares are the nodes' own (node_share): nothing changes usage during a call.
    // Between calls the caller changes usage on the path of the queue returned last (it takes
    // or tries that queue's candidates) and, for the fits check, on the preemptor's path; the
    // child cohorts on those paths are ranked again, every other rank still holds.
    int next() {
        if (!m_s.has_parent(m_c)) return m_cands.has(m_c) ? m_c : -1;
        if (m_last >= 0) rerank_path(m_last);
        rerank_path(m_c);
        int root = m_s.root(m_c);
        while (!m_dropped[root]) {
            int node = root;
            while (true) {
                int best_cq = -1;
                const DRS* best_cq_drs = nullptr;
                for (int q : m_s.nodes[node].child_cqs) {
                    if (m_dropped[q]) continue;
                    const DRS& d = node_share(m_s, q);
                    if (!m_cands.has(q) || (q != m_c && !d.borrowing)) {
                        m_dropped[q] = 1;
                        continue;
                    }
                    int cmp = best_cq < 0 ? 1 : compare_drs(d, *best_cq_drs);
                    if (cmp > 0 || (cmp == 0 && candidate_less_in(*m_cands.group(q).front(), q,
                                                                  *m_cands.group(best_cq).front(), best_cq, m_c))) {
                        best_cq = q;
                        best_cq_drs = &d;
                    }
                }
                int best_co = best_child_cohort(node);
                if (best_cq < 0 && best_co < 0) {
                    m_dropped[node] = 1;
                    break;
                }
                if (best_co >= 0 && (best_cq < 0 || compare_drs(node_share(m_s, best_co), *best_cq_drs) >= 0)) {
                    node = best_co;
                    continue;
                }
                m_last = best_cq;
                return best_cq;
            }
        }
        return -1;
    }

    void drop(int q) { m_dropped[q] = 1; }

private:
    // A cohort's child cohorts that are not dropped, by share, highest first, and among equal
    // shares in the order of the cohort's children: the first element is the child a scan of
    // the children keeping the first strictly greater share would choose. The key is
    // compare_drs's order: infinite shares above finite ones, then the (weighted) value.
    // A binary heap (smallest key on top) whose entries go stale when their child is ranked
    // again (`version`) or dropped (`ranked`), and are discarded when they reach the top: one
    // allocation per cohort and search instead of a tree node per child.
    using Key = std::tuple<int, double, std::size_t>;  // (finite, -value, position)
    struct Entry {
        Key key;
        std::uint32_t version;
        bool operator>(const Entry& o) const { return key != o.key ? key > o.key : version > o.version; }
    };
    struct Ranked {
        bool built = false;
        std::vector<Entry> heap;
        std::vector<std::uint32_t> version;  ///< by position
        std::vector<char> ranked;            ///< by position: its newest entry is live
        /// By position: looked at when the heap was built. The others neither borrowed nor
        /// held the preemptor then, and count as dropped, as the look would have made them.
        std::vector<char> looked;
    };
    static Key key_of(const DRS& d, std::size_t pos) {
        if (d.infinite()) return {0, -d.ratio, pos};
        return {1, -(d.weight == 0 ? 0 : d.ratio / d.weight), pos};
    }
    // Ranks child `pos` of `node` as it is now, or drops it as R8.4.3 does a cohort that neither
    // borrows nor holds the preemptor. `push` false: the caller heapifies (the first build).
    void rank(int node, Ranked& r, std::size_t pos, bool push = true) {
        int co = m_s.nodes[node].child_cohorts[pos];
        ++r.version[pos];
        r.ranked[pos] = 0;
        if (!r.looked[pos]) m_dropped[co] = 1;
        if (m_dropped[co]) return;
        const DRS& d = node_share(m_s, co);
        if (!d.borrowing && !is_ancestor(m_s, co, m_c)) {
            m_dropped[co] = 1;
            return;
        }
        r.heap.push_back({key_of(d, pos), r.version[pos]});
        if (push) std::push_heap(r.heap.begin(), r.heap.end(), std::greater<>{});
        r.ranked[pos] = 1;
    }
    int best_child_cohort(int node) {
        const auto& children = m_s.nodes[node].child_cohorts;
        if (children.empty()) return -1;
        Ranked& r = m_ranked[node];
        if (!r.built) {
            r.built = true;
            r.version.assign(children.size(), 0);
            r.ranked.assign(children.size(), 0);
            r.looked.assign(children.size(), 0);
            // The children that borrow, and the one on the preemptor's path: the rest would be
            // dropped at once. The heap's order does not depend on the order of the pushes
            // (keys differ by position).
            auto look = [&](std::size_t pos) {
                if (r.looked[pos]) return;
                r.looked[pos] = 1;
                rank(node, r, pos, false);
            };
            for (std::size_t pos : borrowing_children(m_s, node)) look(pos);
            for (int a = m_c; m_s.nodes[a].parent >= 0; a = m_s.nodes[a].parent)
                if (m_s.nodes[a].parent == node && !m_s.nodes[a].is_cq) look(m_s.nodes[a].pos_in_parent);
            std::make_heap(r.heap.begin(), r.heap.end(), std::greater<>{});
        }
        while (!r.heap.empty()) {  // stale entries, and cohorts dropped once their subtree ran out
            const Entry& top = r.heap.front();
            std::size_t pos = std::get<2>(top.key);
            if (r.ranked[pos] && top.version == r.version[pos]) {
                if (!m_dropped[children[pos]]) return children[pos];
                r.ranked[pos] = 0;
            }
            std::pop_heap(r.heap.begin(), r.heap.end(), std::greater<>{});
            r.heap.pop_back();
        }
        return -1;
    }
    // Ranks again each cohort above `q` among its parent's children.
    void rerank_path(int q) {
        for (int a = m_s.nodes[q].parent; a >= 0 && m_s.nodes[a].parent >= 0; a = m_s.nodes[a].parent) {
            int p = m_s.nodes[a].parent;
            auto it = m_ranked.find(p);
            if (it == m_ranked.end()) continue;
            rank(p, it->second, m_s.nodes[a].pos_in_parent);  // set when p's heap was built
        }
    }

    const Snapshot& m_s;
    int m_c;
    Candidates& m_cands;
    PerNode<char> m_dropped;  ///< by node
    std::unordered_map<int, Ranked> m_ranked;
    int m_last = -1;  ///< the queue returned last
};

// Whether adding `requests` to `c` and removing them again leaves every usage on its path as
// it was: true unless a sum comes near INT64_MAX, where saturating arithmetic stops being
// reversible (then the search keeps Kueue's early return on no candidates, whose effect on
// usage is observable).
bool reversible(const Snapshot& s, int c, const FRAmounts& requests) {
    constexpr std::int64_t k_safe = std::int64_t{1} << 61;
    for (const auto& [f, v] : requests) {
        if (v > k_safe || v < 0) return false;
        for (int n = c; n >= 0; n = s.nodes[n].parent)
            if (s.usage(n, f) > k_safe || s.usage(n, f) < 0) return false;
    }
    return true;
}

}  // namespace

std::vector<Target> fair_sharing_targets(Snapshot& s, const PreemptionRequest& r) {
    const WorkloadInfo& w = *r.preemptor;
    int c = r.cq;
    const auto& pre = s.nodes[c].cq->preemption;
    // R8.4.1 candidates (see Candidates): of `c` itself, and of the other active queues of its
    // tree that borrow one of the needed FRs.
    const bool within = *pre.within_cluster_queue != model::WithinClusterQueue::never;
    const bool reclaim = s.has_parent(c) && *pre.reclaim_within_cohort != model::ReclaimWithinCohort::never;
    Candidates cands(s.nodes.size(), [&](int q, Group& out) {
        const ResourceNode& n = s.nodes[q];
        auto keep = [&](const WorkloadInfo& x) {
            if (q == c)
                return x.key != w.key && uses_frs(x, r.needing) && policy_allows(*pre.within_cluster_queue, w, x);
            return uses_frs(x, r.needing) && policy_allows(*pre.reclaim_within_cohort, w, x);
        };
        if (q == c) {
            if (!within) return;
        } else {
            if (!reclaim || !n.is_cq || !n.active || n.parent < 0) return;
            bool borrowing = false;
            for (const FR& f : r.needing)
                if (s.nominal(q, f) < Amount::of(s.usage(q, f))) borrowing = true;
            if (!borrowing) return;
        }
        // R7.3 within one queue: evicted first, then candidate_order_less (keys are unique, so
        // this is the order a sort of the gathered ones gives).
        if (const auto* order = candidate_order(s, q)) {
            for (const WorkloadInfo* x : *order)
                if (x->evicted && keep(*x)) out.push_back(x);
            for (const WorkloadInfo* x : *order)
                if (!x->evicted && keep(*x)) out.push_back(x);
            return;
        }
        for (const WorkloadInfo* x : n.workloads)
            if (keep(*x)) out.push_back(x);
        out.stable_sort([&](const WorkloadInfo* a, const WorkloadInfo* b) {
            return candidate_less_in(*a, q, *b, q, c);
        });
    });
    if (!reversible(s, c, r.requests)) {
        // Kueue returns before touching usage when there is no candidate at all.
        bool any = cands.has(c);
        if (reclaim) {
            int root = s.root(c);
            for (int q = 0; q < static_cast<int>(s.nodes.size()) && !any; ++q)
                if (q != c && s.nodes[q].is_cq && s.root(q) == root) any = cands.has(q);
        }
        if (!any) return {};
    }
    std::vector<std::string> strategies = r.strategies;
    if (strategies.empty()) strategies = {"LessThanOrEqualToFinalShare", "LessThanInitialShare"};

    // R8.4.2 setup: W's usage is added for the whole search.
    s.add_usage(c, r.requests);
    std::vector<Target> targets;
    auto fits = [&]() {
        s.remove_usage(c, r.requests);
        bool ok = fits_after_removal(s, c, r.requests, true, &r.topology_fits);
        s.add_usage(c, r.requests);
        return ok;
    };
    auto take = [&](const WorkloadInfo* x, const char* reason, int q) {
        s.remove_workload(*x, q);
        targets.push_back({x->key, reason, q, x});
        return fits();
    };
    auto passes = [&](const std::string& strategy, const DRS& pn, const DRS& told, const DRS& tnew) {
        if (strategy == "LessThanOrEqualToFinalShare") return compare_drs(pn, tnew) <= 0;
        return compare_drs(pn, told) < 0;
    };
    bool done = false;
    Candidates retry(s.nodes.size());
    // R8.4.4 first pass.
    {
        TargetIterator it(s, c, cands);
        for (int t = it.next(); t >= 0 && !done; t = it.next()) {
            auto& q = cands.group(t);
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
            DRS pn = node_share(s, pl);
            DRS told = node_share(s, tl);
            if (pn.infinite() && !told.infinite()) {
                for (const auto* x : q) retry.group(t).push_back(x);
                q.clear();
                continue;
            }
            // Each try starts from the same snapshot (a failed one is restored), and the share
            // it tests depends on the snapshot and on how much usage leaves `t`, so a candidate
            // whose usage equals one that failed fails too. Not where usage nears INT64_MAX:
            // there removing and restoring need not return the snapshot to where it was.
            std::vector<const FRAmounts*> failed;
            while (!q.empty()) {
                const WorkloadInfo* x = q.front();
                q.pop_front();
                if (std::any_of(failed.begin(), failed.end(), [&](const FRAmounts* u) { return *u == x->usage; })) {
                    retry.group(t).push_back(x);
                    continue;
                }
                bool exact = reversible(s, t, x->usage);
                s.remove_workload(*x, t);
                const DRS& tnew = node_share(s, tl);
                if (passes(strategies[0], pn, told, tnew)) {
                    targets.push_back({x->key, "InCohortFairSharing", t, x});
                    done = fits();
                    break;
                }
                s.restore_workload(*x, t);
                retry.group(t).push_back(x);
                if (exact) {
                    failed.push_back(&x->usage);
                } else {
                    failed.clear();
                }
            }
        }
    }
    // R8.4.5 second pass.
    if (!done && strategies.size() > 1) {
        TargetIterator it(s, c, retry);
        for (int t = it.next(); t >= 0 && !done; t = it.next()) {
            auto& q = retry.group(t);
            int l = lca(s, c, t);
            int pl = almost_lca(s, c, l), tl = almost_lca(s, t, l);
            DRS pn = node_share(s, pl);
            DRS told = node_share(s, tl);
            const WorkloadInfo* x = q.front();
            q.pop_front();
            if (t == c || passes(strategies[1], pn, told, told))
                done = take(x, t == c ? "InClusterQueue" : "InCohortFairSharing", t);
            it.drop(t);
        }
    }
    s.remove_usage(c, r.requests);
    if (!done) {
        for (const auto& t : targets) s.restore_workload(*t.info, t.cq);
        return {};
    }
    fill_back(s, targets, c, r.requests, true, &r.topology_fits);
    for (const auto& t : targets) s.restore_workload(*t.info, t.cq);
    return targets;
}

}  // namespace kg::sim
