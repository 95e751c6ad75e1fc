// When Nodes are given: the accelerator nominalQuota a cohort tree (or a standalone
// ClusterQueue) grants in a flavor exceeds what the flavor's nodes can hold, so the
// quota promises capacity that does not exist.
#include "lint/rules/helpers.h"

#include <tuple>

namespace kg::lint::rules {

const RuleInfo k_kq3009{"KQ3009", "node-capacity-below-quota",
                        RuleFamily::governance, RuleScope::applied, Severity::warning,
                        "Accelerator quota in a flavor exceeds the allocatable capacity of its nodes",
                        "Lower nominalQuota to what the nodes hold, or add nodes with the flavor's labels."};

void check_kq3009(const RuleContext& cx, FindingSink& out) {
    if (cx.cluster.nodes.empty()) {
        return;
    }
    CohortForest forest(cx.cluster);
    // (tree, flavor, resource) -> (sum of nominal, first CQ, position of the first quota)
    struct Sum {
        model::Quantity total;
        const model::ClusterQueue* cq = nullptr;
        SourcePos pos;
        std::string path;
    };
    std::map<std::tuple<std::string, std::string, std::string>, Sum> sums;
    for (const model::ClusterQueue& cq : cx.cluster.cluster_queues) {
        std::string tree = cq.cohort->empty() ? "ClusterQueue " + *cq.meta.name : forest.root(*cq.cohort);
        for (std::size_t g = 0; g < cq.resource_groups.size(); ++g) {
            for (std::size_t f = 0; f < cq.resource_groups[g].flavors.size(); ++f) {
                const auto& fq = cq.resource_groups[g].flavors[f];
                for (std::size_t r = 0; r < fq.resources.size(); ++r) {
                    const auto& rq = fq.resources[r];
                    if (!model::is_accelerator(*rq.name, cx.policy.accelerators)) {
                        continue;
                    }
                    Sum& s = sums[{tree, *fq.name, *rq.name}];
                    if (!s.cq) {
                        s.cq = &cq;
                        s.pos = rq.nominal_quota.pos;
                        s.path = resource_path(g, f, r) + ".nominalQuota";
                    }
                    s.total = s.total.checked_add(*rq.nominal_quota).value_or(s.total);
                }
            }
        }
    }
    for (const auto& [key, s] : sums) {
        const auto& [tree, flavor, resource] = key;
        const model::ResourceFlavor* rf = cx.cluster.find_resource_flavor(flavor);
        if (!rf || rf->node_labels.empty()) {
            continue;  // KQ2001 / KQ3007 cover these
        }
        model::Labels want;
        for (const auto& [k, v] : rf->node_labels) {
            want[k] = *v;
        }
        model::Quantity cap;
        for (const model::Node& n : cx.cluster.nodes) {
            if (!model::node_matches(n.meta.labels, want, std::nullopt)) {
                continue;
            }
            const model::ResourceList& res = n.allocatable.empty() ? n.capacity : n.allocatable;
            if (auto it = res.find(resource); it != res.end()) {
                cap = cap.checked_add(*it->second).value_or(cap);
            }
        }
        if (s.total > cap) {
            out.report(k_kq3009, or_doc(s.pos, s.cq->meta), s.path, ref("ClusterQueue", s.cq->meta),
                       (tree.rfind("ClusterQueue ", 0) == 0 ? tree : "cohort tree \"" + tree + "\"") + " grants " +
                           s.total.to_string() + " " + resource + " in flavor \"" + flavor +
                           "\", but the given Nodes matching its nodeLabels hold " + cap.to_string());
        }
    }
}

}  // namespace kg::lint::rules
