// A TAS flavor (topologyName) needs at least one nodeLabel.
// Kueue: CEL on ResourceFlavorSpec (apis/kueue/v1beta2/resourceflavor_types.go).
#include "lint/rules/helpers.h"

namespace kg::lint::rules {

const RuleInfo k_kq1017{"KQ1017", "topology-without-node-labels",
                        RuleFamily::validation, RuleScope::definition, Severity::error,
                        "A ResourceFlavor sets topologyName but no nodeLabels",
                        "Add the nodeLabels that select this flavor's nodes, or remove topologyName."};

void check_kq1017(const RuleContext& cx, FindingSink& out) {
    for (const model::ResourceFlavor& rf : cx.cluster.resource_flavors) {
        if (!rf.topology_name.empty() && rf.node_labels.empty()) {
            out.report(k_kq1017, rf.meta.doc_pos, "spec", ref("ResourceFlavor", rf.meta),
                       "ResourceFlavor \"" + *rf.meta.name +
                           "\" is invalid: spec: Invalid value: \"object\": at least one nodeLabel is required when "
                           "topology is set (topologyName \"" + rf.topology_name + "\")");
        }
    }
}

}  // namespace kg::lint::rules
