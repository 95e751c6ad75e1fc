// DRS: kueue-admission.md R8.2.1, R8.2.2 (Kueue pkg/cache/scheduler/fair_sharing.go
// dominantResourceShare, CompareDRS).
#include "sim/fair_sharing.h"

#include <array>
#include <string>
#include <utility>
#include <vector>

namespace kg::sim {

namespace {

// Per-resource sums, for the handful of resources a node has: a flat list, found by name,
// instead of a map allocated on every call (DRS is computed for every node a fair-sharing
// decision compares). Sums accumulate in the same order as before, so the doubles are equal.
// The first few live inside the object: a node has one to three resources, and the two lists
// were two heap allocations per share computed.
struct PerResource {
    using Item = std::pair<const std::string*, double>;
    static constexpr std::size_t k_inline = 8;
    std::array<Item, k_inline> inline_items{};
    std::size_t count = 0;
    std::vector<Item> more;  ///< past k_inline
    Item& item(std::size_t i) { return i < k_inline ? inline_items[i] : more[i - k_inline]; }
    bool empty() const { return count == 0; }
    double* find(const std::string& r) {
        for (std::size_t i = 0; i < count; ++i)
            if (*item(i).first == r) return &item(i).second;
        return nullptr;
    }
    double& at(const std::string& r) {
        if (double* v = find(r)) return *v;
        if (count < k_inline) {
            inline_items[count] = {&r, 0.0};
        } else {
            more.emplace_back(&r, 0.0);
        }
        return item(count++).second;
    }
};

}  // namespace

DRS dominant_resource_share(const Snapshot& s, int n, const FRAmounts& extra) {
    DRS d;
    d.weight = s.nodes[n].weight;
    int parent = s.nodes[n].parent;
    if (parent < 0) return d;
    PerResource borrowed;
    for (const auto& [f, sq] : s.nodes[n].subtree) {
        std::int64_t x = 0;
        if (auto it = extra.find(f); it != extra.end()) x = it->second;
        Amount b = Amount::of(model::saturating_add(x, s.usage(n, f))).sub(sq);
        if (Amount::of(0) < b) {
            borrowed.at(f.resource()) += static_cast<double>(b.value());
            d.borrowing_frs.insert(f);
        }
    }
    if (borrowed.empty()) return d;
    d.borrowing = true;
    // Every resource's sum accumulates in the order the borrowed ones' did when they were
    // summed per call, so each double is the same.
    const ResourceNode& node = s.nodes[n];
    if (!node.lendable_known) {
        PerResource lendable;
        for (const auto& [f, sq] : s.nodes[s.root(n)].subtree) {
            Amount pa = s.potential_available(parent, f);
            lendable.at(f.resource()) += pa.is_unlimited() ? 9.223372036854775807e18 : static_cast<double>(pa.value());
        }
        node.lendable.clear();
        for (std::size_t i = 0; i < lendable.count; ++i) node.lendable.push_back(lendable.item(i));
        node.lendable_known = true;
    }
    double best = 0;
    for (std::size_t i = 0; i < borrowed.count; ++i) {
        const auto& [r, b] = borrowed.item(i);
        const double* l = nullptr;
        for (const auto& [name, v] : node.lendable)
            if (*name == *r) l = &v;
        if (!l || *l <= 0) continue;
        double ratio = b * 1000.0 / *l;
        if (ratio > best) best = ratio;
    }
    d.ratio = best;
    return d;
}

const DRS& node_share(const Snapshot& s, int n) {
    const ResourceNode& node = s.nodes[n];
    if (!node.drs_valid) {
        node.drs = dominant_resource_share(s, n);
        node.drs_valid = true;
    }
    return node.drs;
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
