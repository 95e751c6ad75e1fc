// DRS: kueue-admission.md R8.2.1, R8.2.2 (Kueue pkg/cache/scheduler/fair_sharing.go
// dominantResourceShare, CompareDRS).
#include "sim/fair_sharing.h"

#include <map>

namespace kg::sim {

DRS dominant_resource_share(const Snapshot& s, int n, const FRAmounts& extra) {
    DRS d;
    d.weight = s.nodes[n].weight;
    int parent = s.nodes[n].parent;
    if (parent < 0) return d;
    std::map<std::string, double> borrowed;
    for (const auto& [f, sq] : s.nodes[n].subtree) {
        std::int64_t x = 0;
        if (auto it = extra.find(f); it != extra.end()) x = it->second;
        Amount b = Amount::of(model::saturating_add(x, s.usage(n, f))).sub(sq);
        if (Amount::of(0) < b) {
            borrowed[f.resource()] += static_cast<double>(b.value());
            d.borrowing_frs.insert(f);
        }
    }
    if (borrowed.empty()) return d;
    d.borrowing = true;
    int root = s.root(n);
    std::map<std::string, double> lendable;
    for (const auto& [f, sq] : s.nodes[root].subtree) {
        if (!borrowed.count(f.resource())) continue;
        Amount pa = s.potential_available(parent, f);
        lendable[f.resource()] += pa.is_unlimited() ? 9.223372036854775807e18 : static_cast<double>(pa.value());
    }
    double best = 0;
    for (const auto& [r, b] : borrowed) {
        auto it = lendable.find(r);
        if (it == lendable.end() || it->second <= 0) continue;
        double ratio = b * 1000.0 / it->second;
        if (ratio > best) best = ratio;
    }
    d.ratio = best;
    return d;
}

int compare_drs(const DRS& a, const DRS& b) {
    bool ai = a.infinite(), bi = b.infinite();
    if (ai && bi) return a.ratio < b.ratio ? -1 : (a.ratio > b.ratio ? 1 : 0);
    if (ai) return 1;
    if (bi) return -1;
    double sa = a.weight == 0 ? 0 : a.ratio / a.weight;
    double sb = b.weight == 0 ? 0 : b.ratio / b.weight;
    return sa < sb ? -1 : (sa > sb ? 1 : 0);
}

}  // namespace kg::sim
