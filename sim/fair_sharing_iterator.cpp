// Cycle order with fair sharing: the tournament of kueue-admission.md R8.3.1/R8.3.2.
// Kueue: pkg/scheduler/fair_sharing_iterator.go.
#include "sim/fair_sharing_iterator.h"

#include <algorithm>
#include <unordered_map>

namespace kg::sim {

FairSharingIterator::FairSharingIterator(std::vector<Entry*> entries, Snapshot& snap) : m_snap(snap) {
    m_items.reserve(entries.size());
    for (Entry* e : entries) {
        Item it{e, snap.root(e->cq), {e->cq}, {}, {}};
        for (int a : snap.ancestors(e->cq)) it.path.push_back(a);
        it.drs.resize(it.path.size() - 1);
        it.valid.assign(it.path.size() - 1, 0);
        m_items.push_back(std::move(it));
    }
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

// R8.3.2 step 2: each cohort's winner among its child cohorts' winners, then its own heads.
FairSharingIterator::Item* FairSharingIterator::tournament(int cohort, const std::vector<Item*>& tree) {
    std::unordered_map<int, std::vector<Item*>> by_parent;
    for (Item* it : tree) by_parent[m_snap.nodes[it->entry->cq].parent].push_back(it);
    auto play = [&](auto&& self, int node) -> Item* {
        std::vector<Item*> cands;
        for (int cc : m_snap.nodes[node].child_cohorts)
            if (Item* w = self(self, cc)) cands.push_back(w);
        if (auto own = by_parent.find(node); own != by_parent.end())
            cands.insert(cands.end(), own->second.begin(), own->second.end());
        Item* best = nullptr;
        for (Item* it : cands)
            if (!best || beats(node, *it, *best)) best = it;
        return best;
    };
    return play(play, cohort);
}

Entry* FairSharingIterator::next() {
    // The tree to pick from: that of the first head by (root name, ClusterQueue name).
    auto first = std::min_element(m_items.begin(), m_items.end(), [&](const Item& a, const Item& b) {
        const std::string& ra = m_snap.nodes[a.root].name;
        const std::string& rb = m_snap.nodes[b.root].name;
        if (ra != rb) return ra < rb;
        return m_snap.nodes[a.entry->cq].name < m_snap.nodes[b.entry->cq].name;
    });
    auto take = [this](std::vector<Item>::iterator it) {
        Entry* e = it->entry;
        m_items.erase(it);
        return e;
    };
    if (!m_snap.has_parent(first->entry->cq)) return take(first);
    int root = first->root;
    std::vector<Item*> tree;
    for (Item& it : m_items)
        if (it.path.size() > 1 && it.root == root) {
            refresh(it);
            tree.push_back(&it);
        }
    Item* winner = tournament(root, tree);
    if (!winner) return take(first);
    return take(m_items.begin() + (winner - m_items.data()));
}

void FairSharingIterator::processed(const Entry& e) {
    if (e.cq < 0) return;
    // Usage changed on e's ClusterQueue and, at most, each of its ancestors.
    std::vector<int> changed{e.cq};
    for (int a : m_snap.ancestors(e.cq)) changed.push_back(a);
    for (Item& it : m_items) {
        if (it.root != changed.back()) continue;
        for (std::size_t i = 0; i < it.drs.size(); ++i)
            if (std::find(changed.begin(), changed.end(), it.path[i]) != changed.end()) it.valid[i] = 0;
    }
}

}  // namespace kg::sim
