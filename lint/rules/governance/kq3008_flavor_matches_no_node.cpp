// When Nodes are among the inputs, a ResourceFlavor whose nodeLabels match none of
// them: quota backed by no hardware (or a typo in a label).
#include "lint/rules/helpers.h"

namespace kg::lint::rules {

const RuleInfo k_kq3008{"KQ3008", "flavor-matches-no-node",
                        RuleFamily::governance, RuleScope::applied, Severity::warning,
                        "A ResourceFlavor's nodeLabels match none of the given Nodes",
                        "Fix the nodeLabels, or label the nodes that should back this flavor."};

void check_kq3008(const RuleContext& cx, FindingSink& out) {
    if (cx.cluster.nodes.empty()) {
        return;
    }
    for (const model::ResourceFlavor& rf : cx.cluster.resource_flavors) {
        if (rf.node_labels.empty()) {
            continue;
        }
        model::Labels want;
        for (const auto& [k, v] : rf.node_labels) {
            want[k] = *v;
        }
        bool any = false;
        for (const model::Node& n : cx.cluster.nodes) {
            any = any || model::node_matches(n.meta.labels, want, std::nullopt);
        }
        if (!any) {
            out.report(k_kq3008, or_doc(rf.node_labels_pos, rf.meta), "spec.nodeLabels", ref("ResourceFlavor", rf.meta),
                       "ResourceFlavor \"" + *rf.meta.name + "\" selects nodes by nodeLabels that none of the " +
                           std::to_string(cx.cluster.nodes.size()) + " given Nodes carry");
        }
    }
}

}  // namespace kg::lint::rules
