// The domain tree is the one TAS placement walks (build_tas_flavors); usage is what
// TasState holds after adding the reserving workloads' admissions, as CycleRunner does at
// the start of a run (start_reservation). Kueue: pkg/cache/scheduler/tas_flavor.go,
// tas_topology_tree.go, pkg/workload/workload.go (TASUsage).
#include "sim/tas/tas_overview.h"

#include "model/amount.h"
#include "sim/tas/tas_state.h"
#include "sim/workload_info.h"

#include <algorithm>
#include <set>

namespace kg::sim {

namespace {

void add_to(model::ResourceAmounts& to, const model::ResourceAmounts& v) {
    for (const auto& [r, x] : v) to[r] = model::saturating_add(to[r], x);
}

// Fills a domain and its subtree bottom-up; `users` maps leaf ids to the workloads using them.
TopologyDomainUsage build_domain(const tas::TasFlavor& f, int d, const tas::DomainUsage& usage,
                                 const std::map<std::string, std::set<std::string>>& users) {
    const tas::Domain& dom = f.domains[static_cast<std::size_t>(d)];
    TopologyDomainUsage out;
    out.id = dom.id;
    out.name = dom.values.back();
    std::set<std::string> names;
    if (dom.leaf >= 0) {
        out.capacity = f.leaves[static_cast<std::size_t>(dom.leaf)].free;
        if (auto it = usage.find(dom.id); it != usage.end()) out.used = it->second;
        if (auto it = users.find(dom.id); it != users.end()) names = it->second;
    }
    for (int c : dom.children) {
        TopologyDomainUsage child = build_domain(f, c, usage, users);
        add_to(out.capacity, child.capacity);
        add_to(out.used, child.used);
        names.insert(child.workloads.begin(), child.workloads.end());
        out.children.push_back(std::move(child));
    }
    std::sort(out.children.begin(), out.children.end(),
              [](const TopologyDomainUsage& a, const TopologyDomainUsage& b) { return a.name < b.name; });
    for (const auto& [r, v] : out.capacity) out.free[r] = v;
    for (const auto& [r, v] : out.used) out.free[r] = model::saturating_add(out.free[r], -v);
    out.workloads.assign(names.begin(), names.end());
    return out;
}

}  // namespace

std::vector<TopologyOverview> topology_overview(const model::Cluster& cl) {
    tas::TasState st(cl);
    for (const auto& wl : cl.workloads)
        if (is_reserving(wl)) st.add(wl.meta.key(), tas::admitted_usage(st, wl));
    std::vector<TopologyOverview> out;
    for (const auto& t : cl.topologies) {
        TopologyOverview o;
        o.name = *t.meta.name;
        for (const auto& l : t.levels) o.levels.push_back(*l);
        for (const auto& rf : cl.resource_flavors) {
            if (rf.topology_name != o.name) continue;
            FlavorTopology ft;
            ft.flavor = *rf.meta.name;
            if (const tas::TasFlavor* f = st.flavor(ft.flavor)) {
                ft.built = true;
                ft.leaves = f->leaves.size();
                const tas::DomainUsage& usage = st.usage_for(*f);
                // Who uses which leaf: with overlapping hostname flavors, usage is by host.
                std::map<std::string, std::set<std::string>> users;
                for (const auto& key : st.holders())
                    for (const auto& u : st.held(key)) {
                        const tas::TasFlavor* uf = st.flavor(u.flavor);
                        if (u.flavor == f->flavor || (uf && uf->lowest_is_hostname && f->lowest_is_hostname))
                            users[u.domain].insert(key);
                    }
                for (int r : f->roots) ft.roots.push_back(build_domain(*f, r, usage, users));
                std::sort(ft.roots.begin(), ft.roots.end(),
                          [](const TopologyDomainUsage& a, const TopologyDomainUsage& b) { return a.name < b.name; });
            }
            o.flavors.push_back(std::move(ft));
        }
        std::sort(o.flavors.begin(), o.flavors.end(),
                  [](const FlavorTopology& a, const FlavorTopology& b) { return a.flavor < b.flavor; });
        out.push_back(std::move(o));
    }
    std::sort(out.begin(), out.end(), [](const TopologyOverview& a, const TopologyOverview& b) { return a.name < b.name; });
    return out;
}

}  // namespace kg::sim
