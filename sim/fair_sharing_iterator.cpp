// Cycle order with fair sharing: the tournament of kueue-admission.md R8.3.1/R8.3.2.
// Kueue: pkg/scheduler/fair_sharing_iterator.go.
#include "sim/scheduler.h"
#include "sim/fair_sharing.h"

#include <algorithm>
#include <functional>

namespace kg::sim {

Entry* CycleRunner::next_fair_sharing(std::vector<Entry*>& remaining, Snapshot& snap) const {
    auto root_key = [&](const Entry* e) {
        int r = snap.root(e->cq);
        return std::make_pair(snap.nodes[r].name, snap.nodes[e->cq].name);
    };
    auto first = std::min_element(remaining.begin(), remaining.end(),
                                  [&](const Entry* a, const Entry* b) { return root_key(a) < root_key(b); });
    Entry* pick = *first;
    auto finish = [&](Entry* e) {
        remaining.erase(std::find(remaining.begin(), remaining.end(), e));
        return e;
    };
    if (!snap.has_parent(pick->cq)) return finish(pick);
    int root = snap.root(pick->cq);
    // Step 1: DRS of every ancestor's child on the path, with the entry's usage.
    std::map<std::pair<int, const Entry*>, DRS> drs;
    std::vector<Entry*> tree;
    for (Entry* e : remaining)
        if (snap.has_parent(e->cq) && snap.root(e->cq) == root) tree.push_back(e);
    for (Entry* e : tree) {
        snap.add_usage(e->cq, e->assignment.usage);
        int child = e->cq;
        for (int a : snap.ancestors(e->cq)) {
            drs[{a, e}] = dominant_resource_share(snap, child);
            child = a;
        }
        snap.remove_usage(e->cq, e->assignment.usage);
    }
    auto beats = [&](int at, const Entry* a, const Entry* b) {
        const DRS& da = drs.at({at, a});
        const DRS& db = drs.at({at, b});
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
        return snap.nodes[a->cq].name < snap.nodes[b->cq].name;
    };
    std::function<Entry*(int)> tournament = [&](int cohort) -> Entry* {
        std::vector<Entry*> cands;
        for (int cc : snap.nodes[cohort].child_cohorts)
            if (Entry* w = tournament(cc)) cands.push_back(w);
        for (Entry* e : tree)
            if (snap.nodes[e->cq].parent == cohort) cands.push_back(e);
        Entry* best = nullptr;
        for (Entry* e : cands)
            if (!best || beats(cohort, e, best)) best = e;
        return best;
    };
    Entry* winner = tournament(root);
    return finish(winner ? winner : pick);
}

}  // namespace kg::sim
