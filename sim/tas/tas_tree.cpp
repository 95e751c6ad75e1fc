// Kueue: pkg/cache/scheduler/tas_topology_tree.go, tas_nodes_cache.go, tas_flavor.go,
// tas_non_tas_pod_cache.go, pkg/controller/tas/pod_usage_controller.go.
#include "sim/tas/tas_tree.h"

#include "model/amount.h"

#include <algorithm>
#include <set>

namespace kg::sim::tas {

int TasFlavor::level_index(const std::string& key) const {
    for (std::size_t i = 0; i < levels.size(); ++i)
        if (levels[i] == key) return static_cast<int>(i);
    return -1;
}

int TasFlavor::resource_index(const std::string& name) const {
    auto it = std::lower_bound(resources.begin(), resources.end(), name);
    return it != resources.end() && *it == name ? static_cast<int>(it - resources.begin()) : -1;
}

std::string domain_id(const std::vector<std::string>& values) {
    std::string out;
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (i) out += ',';
        out += values[i];
    }
    return out;
}

ResourceAmounts node_allocatable(const model::Node& n) {
    ResourceAmounts out;
    for (const auto& [res, q] : n.allocatable) out[res] = model::request_amount(res, q.value);
    return out;
}

namespace {

void add_amounts(ResourceAmounts& to, const ResourceAmounts& v, std::int64_t sign) {
    for (const auto& [r, x] : v) to[r] = model::saturating_add(to[r], sign * x);
}

// pkg/util/tas/node.go NodeMatchesFlavor: every flavor node label, and a label per level.
bool node_matches_flavor(const model::Node& n, const model::ResourceFlavor& rf, const std::vector<std::string>& levels) {
    for (const auto& [k, v] : rf.node_labels) {
        auto it = n.meta.labels.find(k);
        if (it == n.meta.labels.end() || it->second != *v) return false;
    }
    for (const auto& l : levels)
        if (!n.meta.labels.count(l)) return false;
    return true;
}

// pod_usage_controller.go: a bound pod, not terminated, without TAS annotations (utiltas.IsTAS).
bool counts_as_non_tas(const model::BoundPod& p) {
    if (p.node_name.empty() || p.phase == "Succeeded" || p.phase == "Failed") return false;
    for (const char* a : {"kueue.x-k8s.io/podset-required-topology", "kueue.x-k8s.io/podset-preferred-topology",
                          "kueue.x-k8s.io/podset-unconstrained-topology"})
        if (p.meta.annotations.count(a)) return false;
    return true;
}

// tas_topology_tree.go initializeHelper: create the parents of a domain up to its root.
int ensure_domain(TasFlavor& f, const std::vector<std::string>& values, const std::string& id) {
    int level = static_cast<int>(values.size()) - 1;
    if (auto it = f.per_level[level].find(id); it != f.per_level[level].end()) return it->second;
    Domain d;
    d.id = id;
    d.values = values;
    d.level = level;
    int idx = static_cast<int>(f.domains.size());
    f.domains.push_back(std::move(d));
    f.per_level[level][id] = idx;
    if (level == 0) {
        f.roots.push_back(idx);
    } else {
        std::vector<std::string> pv(values.begin(), values.end() - 1);
        int parent = ensure_domain(f, pv, domain_id(pv));
        f.domains[idx].parent = parent;
        f.domains[parent].children.push_back(idx);
    }
    return idx;
}

// The dense form of a built flavor (see TasFlavor::resources).
void densify(TasFlavor& f) {
    std::set<std::string> names;
    for (const Leaf& l : f.leaves)
        for (const auto& [r, v] : l.free) names.insert(r);
    f.resources.assign(names.begin(), names.end());
    f.free_dense.assign(f.leaves.size() * f.resources.size(), 0);
    for (std::size_t i = 0; i < f.leaves.size(); ++i)
        for (const auto& [r, v] : f.leaves[i].free)
            f.free_dense[i * f.resources.size() + static_cast<std::size_t>(f.resource_index(r))] = v;
    f.level_domains.clear();
    for (const auto& level : f.per_level) {
        f.level_domains.emplace_back();
        for (const auto& [id, d] : level) f.level_domains.back().push_back(d);
    }
    f.child_start.assign(1, 0);
    f.child_list.clear();
    for (const Domain& d : f.domains) {
        f.child_list.insert(f.child_list.end(), d.children.begin(), d.children.end());
        f.child_start.push_back(static_cast<int>(f.child_list.size()));
    }
    // Kueue breaks ties by the domains' level values, compared in full; equal values share a rank.
    std::vector<int> order(f.domains.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
    std::sort(order.begin(), order.end(), [&](int a, int b) { return f.domains[a].values < f.domains[b].values; });
    f.value_rank.assign(f.domains.size(), 0);
    for (std::size_t i = 1; i < order.size(); ++i)
        f.value_rank[order[i]] = f.value_rank[order[i - 1]] +
                                 (f.domains[order[i - 1]].values < f.domains[order[i]].values ? 1 : 0);
}

}  // namespace

std::map<std::string, TasFlavor> build_tas_flavors(const model::Cluster& cl) {
    // Non-TAS usage per node name (pods and requests), shared by every flavor.
    std::map<std::string, ResourceAmounts> non_tas;
    for (const auto& p : cl.pods) {
        if (!counts_as_non_tas(p)) continue;
        ResourceAmounts u = model::pod_requests(p.spec);
        u["pods"] += 1;
        add_amounts(non_tas[p.node_name], u, 1);
    }
    std::map<std::string, TasFlavor> out;
    for (const auto& rf : cl.resource_flavors) {
        if (rf.topology_name.empty()) continue;
        const model::Topology* topo = cl.find_topology(rf.topology_name);
        if (!topo || topo->levels.empty()) continue;
        TasFlavor f;
        f.flavor = *rf.meta.name;
        f.topology = rf.topology_name;
        for (const auto& l : topo->levels) f.levels.push_back(*l);
        f.lowest_is_hostname = f.levels.back() == k_hostname;
        f.tolerations = rf.tolerations;
        f.per_level.resize(f.levels.size());
        for (const auto& n : cl.nodes) {
            if (!n.ready || n.unschedulable || !node_matches_flavor(n, rf, f.levels)) continue;
            std::vector<std::string> values;
            for (const auto& l : f.levels) values.push_back(n.meta.labels.at(l));
            // addNode: a hostname-level leaf is named by the hostname alone.
            std::string id = f.lowest_is_hostname ? values.back() : domain_id(values);
            int leaf;
            if (auto it = f.leaf_by_id.find(id); it != f.leaf_by_id.end()) {
                leaf = it->second;
            } else {
                int d = ensure_domain(f, values, id);
                leaf = static_cast<int>(f.leaves.size());
                f.leaves.push_back({d, {}, f.lowest_is_hostname ? &n : nullptr, f.lowest_is_hostname && !n.taints.empty()});
                f.domains[d].leaf = leaf;
                f.leaf_by_id[id] = leaf;
            }
            add_amounts(f.leaves[leaf].free, node_allocatable(n), 1);
            if (auto it = non_tas.find(*n.meta.name); it != non_tas.end()) add_amounts(f.leaves[leaf].free, it->second, -1);
        }
        densify(f);
        out.emplace(f.flavor, std::move(f));
    }
    return out;
}

}  // namespace kg::sim::tas
