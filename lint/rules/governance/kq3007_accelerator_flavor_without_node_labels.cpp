// Accelerator quota on a ResourceFlavor without nodeLabels: Kueue cannot steer the
// pods to the nodes that hold the accelerators, so quota and hardware drift apart.
// Kueue: pkg/scheduler/flavorassigner (nodeLabels become node affinity).
#include "lint/rules/helpers.h"

namespace kg::lint::rules {

const RuleInfo k_kq3007{"KQ3007", "accelerator-flavor-without-node-labels",
                        RuleFamily::governance, RuleScope::applied, Severity::warning,
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
    // One flavor per accelerator is Kueue's default-flavor setup (homogeneous nodes): info.
    // When another flavor carries the same accelerator, an unlabelled one lets pods land on
    // the other flavor's nodes: a warning.
    std::map<std::string, std::size_t> flavors_per_accel;
    for (const auto& [flavor, use] : used) {
        ++flavors_per_accel[use.first];
    }
    for (const model::ResourceFlavor& rf : cx.cluster.resource_flavors) {
        auto it = used.find(*rf.meta.name);
        if (it == used.end() || !rf.node_labels.empty()) {
            continue;
        }
        const Severity sev = flavors_per_accel[it->second.first] > 1 ? k_kq3007.severity : Severity::info;
        out.report_as(sev, k_kq3007, or_doc(rf.meta.name.pos, rf.meta), "spec.nodeLabels", ref("ResourceFlavor", rf.meta),
                   "ResourceFlavor \"" + *rf.meta.name + "\" carries " + it->second.first +
                       " quota (ClusterQueue \"" + it->second.second +
                       "\") but has no nodeLabels: pods admitted under it may land on any node");
    }
}

}  // namespace kg::lint::rules
