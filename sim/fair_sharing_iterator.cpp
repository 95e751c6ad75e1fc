// Cycle order with fair sharing: the tournament of kueue-admission.md R8.3.1/R8.3.2.
// Kueue: pkg/scheduler/fair_sharing_iterator.go.
#include "sim/fair_sharing_iterator.h"

#include <algorithm>

namespace kg::sim {

namespace {

// Whether no usage of this cycle can come near INT64_MAX: every node's usage, plus what the
// heads add when processed, plus one head added for its shares, stays below 2^61, where the
// saturating sums are exact and an add followed by a remove restores the value.
bool usage_exact(const Snapshot& snap, const std::vector<Entry*>& entries) {
    constexpr std::int64_t k_limit = std::int64_t{1} << 61;
    std::int64_t heads = 0, top = 0;
    for (const Entry* e : entries)
        for (const auto& [f, v] : e->assignment.usage) {
            if (v < 0 || v > k_limit) return false;
            heads += v;
            if (heads > k_limit) return false;
        }
    // Every node's usage within [0, 2^59] (the snapshot counts those outside) and the heads'
    // below 2^59: then top + 2 * heads < 2^61 too, the answer the scan below would give.
    if (snap.far_usage() == 0 && !Snapshot::far(heads)) return true;
    for (const ResourceNode& n : snap.nodes)
        for (const auto& [f, v] : n.usage) {
            if (v < 0 || v > k_limit) return false;
            top = std::max(top, v);
        }
    return top + 2 * heads < k_limit;
}

}  // namespace

FairSharingIterator::FairSharingIterator(std::vector<Entry*> entries, Snapshot& snap)
    : m_snap(snap), m_exact(usage_exact(snap, entries)), m_slot(snap.nodes.size(), -1) {
    m_items.reserve(entries.size());
    for (Entry* e : entries) {
        Item it{e, snap.root(e->cq), {e->cq}, {}, {}};
        for (int a = snap.nodes[e->cq].parent; a >= 0; a = snap.nodes[a].parent) it.path.push_back(a);
        it.drs.resize(it.path.size() - 1);
        it.valid.assign(it.path.size() - 1, 0);
        m_items.push_back(std::move(it));
    }
    m_left = m_items.size();
    // A slot for every cohort on a head's path; each lists its child cohorts that got one.
    for (const Item& it : m_items) {
        for (std::size_t i = 1; i < it.path.size(); ++i) {
            int& slot = m_slot[static_cast<std::size_t>(it.path[i])];
            const bool had = slot >= 0;
            if (!had) {
                slot = static_cast<int>(m_cohorts.size());
                m_cohorts.emplace_back().node = it.path[i];
            }
            if (i >= 2) cohort(it.path[i]).kids.push_back(it.path[i - 1]);  // got its slot just now
            if (had) break;  // and so did every cohort above it
        }
    }
    // In the order of the cohort's children where play() visits them one by one (usage not
    // exact: there the order of refreshes is part of the result).
    for (Cohort& co : m_cohorts) {
        if (m_exact || co.kids.size() < 2) continue;
        co.kids.clear();
        for (int c : snap.nodes[co.node].child_cohorts)
            if (m_slot[static_cast<std::size_t>(c)] >= 0) co.kids.push_back(c);
    }
    for (std::size_t i = 0; i < m_items.size(); ++i) {
        m_order.push_back(i);
        if (m_items[i].path.size() > 1) cohort(m_items[i].path[1]).own.push_back(&m_items[i]);
    }
    // The first head of what is left is the first of this order not taken yet (a stable sort:
    // among equal names the given order, as min_element over the remaining heads would pick).
    std::stable_sort(m_order.begin(), m_order.end(), [&](std::size_t a, std::size_t b) {
        const std::string& ra = m_snap.nodes[m_items[a].root].name;
        const std::string& rb = m_snap.nodes[m_items[b].root].name;
        if (ra != rb) return ra < rb;
        return m_snap.nodes[m_items[a].entry->cq].name < m_snap.nodes[m_items[b].entry->cq].name;
    });
}

// Step 1 of R8.3.2: the share of each node on the path with the head's usage added.
void FairSharingIterator::refresh(Item& it) {
    if (std::all_of(it.valid.begin(), it.valid.end(), [](char v) { return v != 0; })) return;
    m_snap.add_usage(it.entry->cq, it.entry->assignment.usage);
    for (std::size_t i = 0; i < it.drs.size(); ++i) {
        if (it.valid[i]) continue;
        it.drs[i] = dominant_resource_share(m_snap, it.path[i]);
        it.valid[i] = 1;
    }
    m_snap.remove_usage(it.entry->cq, it.entry->assignment.usage);
}

const DRS& FairSharingIterator::share_at(const Item& it, int ancestor) const {
    for (std::size_t i = 0; i + 1 < it.path.size(); ++i)
        if (it.path[i + 1] == ancestor) return it.drs[i];
    return it.drs.back();  // not reached: the tournament compares heads below `ancestor`
}

bool FairSharingIterator::beats(int at, const Item& ia, const Item& ib) const {
    const DRS& da = share_at(ia, at);
    const DRS& db = share_at(ib, at);
    const Entry* a = ia.entry;
    const Entry* b = ib.entry;
    auto non_borrowing = [](const Entry* e, const DRS& d) {
        for (const auto& [f, v] : e->assignment.usage)
            if (v > 0 && d.borrowing_frs.count(f)) return false;
        return true;
    };
    bool na = non_borrowing(a, da), nb = non_borrowing(b, db);
    if (na != nb) return na;
    int cmp = compare_drs(da, db);
    if (cmp != 0) return cmp < 0;
    if (a->info->priority != b->info->priority) return a->info->priority > b->info->priority;
    if (a->info->order_ts != b->info->order_ts) return a->info->order_ts < b->info->order_ts;
    return m_snap.nodes[a->cq].name < m_snap.nodes[b->cq].name;
}

// R8.3.2 step 2: a cohort's winner among its child cohorts' winners, then its own heads. A
// winner kept from an earlier pick was computed from shares that have not changed since
// (forget_winners drops every cohort above a change); only the shares it is compared by here,
// one level up, may need refreshing.
FairSharingIterator::Item* FairSharingIterator::play(int node) {
    Cohort& co = cohort(node);
    if (co.valid) return co.winner;
    if (m_exact) return play_tree(node);
    Item* best = nullptr;
    auto consider = [&](Item* it) {
        refresh(*it);
        if (!best || beats(node, *it, *best)) best = it;
    };
    for (int cc : co.kids)
        if (Item* w = play(cc)) consider(w);
    for (Item* it : co.own)
        if (!it->taken) consider(it);
    co.winner = best;
    co.valid = m_exact;
    return best;
}

// Leaf `leaf` of `cohort`'s tree becomes `it` (null: no participant), and the matches above it
// are played again.
void FairSharingIterator::set_leaf(int node, std::size_t leaf, Item* it) {
    Cohort& co = cohort(node);
    std::size_t i = co.width + leaf;
    co.match[i] = it;
    for (i /= 2; i >= 1; i /= 2) {
        Item* l = co.match[2 * i];
        Item* r = co.match[2 * i + 1];
        co.match[i] = !l ? r : (!r ? l : (beats(node, *r, *l) ? r : l));
    }
}

// play() with usage exact: the same winner, with only the leaves that may have changed since the
// last replay visited. A child cohort still valid kept its winner and that winner's share here
// (a share changes only on the processed head's path, whose cohorts are all invalidated); an own
// head changes when it is taken or its share here was invalidated (processed).
FairSharingIterator::Item* FairSharingIterator::play_tree(int node) {
    Cohort& co = cohort(node);
    const auto& children = co.kids;
    const std::size_t n = children.size() + co.own.size();
    auto fresh = [&](Item* it) {
        if (it) refresh(*it);
        return it;
    };
    if (!co.built) {
        co.built = true;
        co.width = 1;
        while (co.width < n) co.width *= 2;
        co.match.assign(2 * co.width, nullptr);
        for (std::size_t k = 0; k < children.size(); ++k) co.match[co.width + k] = fresh(play(children[k]));
        for (std::size_t k = 0; k < co.own.size(); ++k)
            co.match[co.width + children.size() + k] = fresh(co.own[k]->taken ? nullptr : co.own[k]);
        for (std::size_t i = co.width - 1; i >= 1; --i) {
            Item* l = co.match[2 * i];
            Item* r = co.match[2 * i + 1];
            co.match[i] = !l ? r : (!r ? l : (beats(node, *r, *l) ? r : l));
        }
    } else {
        for (std::size_t k = 0; k < children.size(); ++k)
            if (!cohort(children[k]).valid) set_leaf(node, k, fresh(play(children[k])));
        for (std::size_t k = 0; k < co.own.size(); ++k) {
            Item* it = co.own[k];
            Item*& leaf = co.match[co.width + children.size() + k];
            if (it->taken) {
                if (leaf) set_leaf(node, children.size() + k, nullptr);
            } else if (!it->valid[0]) {
                set_leaf(node, children.size() + k, fresh(it));
            }
        }
    }
    co.winner = co.match[1];
    co.valid = true;
    return co.winner;
}

void FairSharingIterator::forget_winners(int cq) {
    for (int a = m_snap.nodes[cq].parent; a >= 0; a = m_snap.nodes[a].parent) cohort(a).valid = false;
}

Entry* FairSharingIterator::take(Item& it) {
    it.taken = true;
    --m_left;
    forget_winners(it.entry->cq);
    return it.entry;
}

Entry* FairSharingIterator::next() {
    while (m_items[m_order[m_first]].taken) ++m_first;
    Item& first = m_items[m_order[m_first]];
    if (!m_snap.has_parent(first.entry->cq)) return take(first);
    if (!m_exact) {
        // Kueue refreshes every head of the tree before the tournament.
        for (Item& it : m_items)
            if (!it.taken && it.path.size() > 1 && it.root == first.root) refresh(it);
        for (Cohort& co : m_cohorts) co.valid = false;
    }
    Item* winner = play(first.root);
    return take(winner ? *winner : first);
}

// Invalidates, for every head below `node`, its share of the node `changed` on its path.
void FairSharingIterator::invalidate_below(int node, int changed) {
    for (Item* it : cohort(node).own) {
        if (it->taken) continue;
        for (std::size_t i = 0; i < it->drs.size(); ++i)
            if (it->path[i] == changed) it->valid[i] = 0;
    }
    for (int cc : cohort(node).kids) invalidate_below(cc, changed);
}

void FairSharingIterator::processed(const Entry& e) {
    if (e.cq < 0) return;
    // Usage changed on e's ClusterQueue and, at most, each of its ancestors: the shares of those
    // nodes, as each head below them sees them, and the winners above them. A root's own share
    // is no head's (path[i] for i < drs.size() is never the root).
    forget_winners(e.cq);
    int parent = m_snap.nodes[e.cq].parent;
    if (parent < 0) return;
    invalidate_below(parent, e.cq);  // heads of e's own ClusterQueue, if any is left
    for (int a = parent; m_snap.nodes[a].parent >= 0; a = m_snap.nodes[a].parent) invalidate_below(a, a);
}

}  // namespace kg::sim
