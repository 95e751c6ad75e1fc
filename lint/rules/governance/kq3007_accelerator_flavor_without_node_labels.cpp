// Accelerator quota on a ResourceFlavor without nodeLabels: Kueue cannot steer the
// pods to the nodes that hold the accelerators, so quota and hardware drift apart.
// Kueue: pkg/scheduler/flavorassigner (nodeLabels become node affinity).
#include "lint/rules/helpers.h"

namespace kg::lint::rules {

const RuleInfo k_kq3007{"KQ3007", "accelerator-flavor-without-node-labels", Severity::warning,
                        "A ResourceFlavor with accelerator quota has no nodeLabels",
                        "Add nodeLabels that select the nodes with this accelerator (for example a GPU product label)."};

void check_kq3007(const RuleContext& cx, FindingSink& out) {
    std::map<std::string, std::pair<std::string, std::string>> used;  // flavor -> (resource, cq)
    for (const model::ClusterQueue& cq : cx.cluster.cluster_queues) {
        for (const auto& rg : cq.resource_groups) {
            for (const auto& f : rg.flavors) {
                for (const auto& r : f.resources) {
                    if (r.nominal_quota->sign() > 0 && model::is_accelerator(*r.name, cx.policy.accelerators)) {
                        used.emplace(*f.name, std::make_pair(*r.name, *cq.meta.name));
                    }
                }
            }
        }
    }
    for (const model::ResourceFlavor& rf : cx.cluster.resource_flavors) {
        auto it = used.find(*rf.meta.name);
        if (it == used.end() || !rf.node_labels.empty()) {
            continue;
        }
        out.report(k_kq3007, or_doc(rf.meta.name.pos, rf.meta), "spec.nodeLabels", ref("ResourceFlavor", rf.meta),
                   "ResourceFlavor \"" + *rf.meta.name + "\" carries " + it->second.first +
                       " quota (ClusterQueue \"" + it->second.second +
                       "\") but has no nodeLabels: pods admitted under it may land on any node");
    }
}

}  // namespace kg::lint::rules
