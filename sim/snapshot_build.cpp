// Snapshot construction: kueue-admission.md R1.3.2, R1.3.3, R3.1, R6.1-R6.3.
#include "sim/snapshot_build.h"

#include "sim/cluster_queue_status.h"
#include "sim/hierarchy.h"

#include <functional>

namespace kg::sim {

namespace {

double weight_of(const std::optional<model::Located<model::Quantity>>& w) {
    if (!w) return 1.0;
    return static_cast<double>((*w)->milli_value()) / 1000.0;
}

void add_groups(ResourceNode& node, const std::vector<model::ResourceGroup>& groups) {
    for (const auto& rg : groups) {
        ResourceGroupInfo info;
        for (const auto& r : rg.covered_resources) info.covered.push_back(*r);
        for (const auto& fq : rg.flavors) {
            info.flavors.push_back(*fq.name);
            for (const auto& rq : fq.resources) {
                Quota q;
                q.nominal = model::quota_amount(*rq.name, *rq.nominal_quota);
                if (rq.borrowing_limit) q.borrowing_limit = model::quota_amount(*rq.name, **rq.borrowing_limit);
                if (rq.lending_limit) q.lending_limit = model::quota_amount(*rq.name, **rq.lending_limit);
                node.quotas[{*fq.name, *rq.name}] = q;
            }
        }
        node.groups.push_back(std::move(info));
    }
}

}  // namespace

Snapshot build_snapshot(const model::Cluster& cl, const std::vector<const WorkloadInfo*>& reserving) {
    Snapshot s;
    // Cohorts: explicit ones, then implicit ones named by parents or CQs (R1.3.2).
    std::function<int(const std::string&)> cohort = [&](const std::string& name) -> int {
        if (auto it = s.cohort_index.find(name); it != s.cohort_index.end()) return it->second;
        ResourceNode n;
        n.name = name;
        int idx = static_cast<int>(s.nodes.size());
        s.nodes.push_back(std::move(n));
        s.cohort_index[name] = idx;
        return idx;
    };
    for (const auto& co : cl.cohorts) {
        int idx = cohort(*co.meta.name);
        add_groups(s.nodes[idx], co.resource_groups);
        s.nodes[idx].groups.clear();
        s.nodes[idx].weight = weight_of(co.fair_sharing_weight);
    }
    for (const auto& co : cl.cohorts) {
        if (co.parent_name->empty()) continue;
        int p = cohort(*co.parent_name);
        s.nodes[s.cohort_index[*co.meta.name]].parent = p;
    }
    // R1.3.3: cohorts whose chain reaches a cycle are cut out of the tree.
    const CohortHierarchy hierarchy(cl);
    std::vector<bool> in_cycle(s.nodes.size(), false);
    for (std::size_t i = 0; i < s.nodes.size(); ++i) in_cycle[i] = hierarchy.in_cycle(s.nodes[i].name);
    for (std::size_t i = 0; i < s.nodes.size(); ++i)
        if (in_cycle[i]) s.nodes[i].parent = -1;
    for (std::size_t i = 0; i < s.nodes.size(); ++i)
        if (s.nodes[i].parent >= 0) s.nodes[s.nodes[i].parent].child_cohorts.push_back(static_cast<int>(i));

    for (const auto& cq : cl.cluster_queues) {
        ResourceNode n;
        n.name = *cq.meta.name;
        n.is_cq = true;
        n.cq = &cq;
        add_groups(n, cq.resource_groups);
        n.weight = weight_of(cq.fair_sharing_weight);
        n.active = cluster_queue_status(cl, cq).active();
        if (!cq.cohort->empty()) {
            int p = cohort(*cq.cohort);
            if (static_cast<std::size_t>(p) < in_cycle.size() && in_cycle[p]) {
                n.active = false;
            } else {
                n.parent = p;
            }
        }
        int idx = static_cast<int>(s.nodes.size());
        s.nodes.push_back(std::move(n));
        s.cq_index[*cq.meta.name] = idx;
        if (s.nodes[idx].parent >= 0) s.nodes[s.nodes[idx].parent].child_cqs.push_back(idx);
    }
    // Children in ascending name (R0.3).
    for (auto& n : s.nodes) {
        auto by_name = [&](int a, int b) { return s.nodes[a].name < s.nodes[b].name; };
        std::sort(n.child_cqs.begin(), n.child_cqs.end(), by_name);
        std::sort(n.child_cohorts.begin(), n.child_cohorts.end(), by_name);
    }
    // R6.2 subtree quota, bottom-up.
    std::function<void(int)> compute = [&](int n) {
        ResourceNode& node = s.nodes[n];
        for (const auto& [f, q] : node.quotas) node.subtree[f] = q.nominal;
        std::vector<int> children = node.child_cqs;
        children.insert(children.end(), node.child_cohorts.begin(), node.child_cohorts.end());
        for (int c : children) {
            compute(c);
            for (const auto& [f, sq] : s.nodes[c].subtree) {
                Amount lendable = sq.sub(s.guaranteed(c, f));
                Amount& mine = s.nodes[n].subtree[f];
                mine = mine.add(lendable);
            }
        }
    };
    for (std::size_t i = 0; i < s.nodes.size(); ++i)
        if (s.nodes[i].parent < 0) compute(static_cast<int>(i));
    s.index_cluster_queues();
    for (const WorkloadInfo* wl : reserving) s.add_workload(*wl);
    return s;
}

}  // namespace kg::sim
