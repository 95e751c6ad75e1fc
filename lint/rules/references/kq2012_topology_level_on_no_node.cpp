// A Topology level whose node label no Node carries: Kueue's TAS cache leaves out every Node
// that lacks a label of some level, so the flavors on this Topology get no domains and no TAS
// workload fits ("no topology domains at level"). Judged only when Nodes are in the inputs.
// Kueue: pkg/util/tas/node.go (a Node matches a TAS flavor only with every level label),
// pkg/cache/scheduler/tas_topology_tree.go, tas_flavor_snapshot.go (findLevelWithFitDomains).
#include "lint/rules/helpers.h"

namespace kg::lint::rules {

const RuleInfo k_kq2012{"KQ2012", "topology-level-on-no-node",
                        RuleFamily::references, RuleScope::applied, Severity::warning,
                        "A Topology level's node label is carried by no Node",
                        "Label the Nodes with the level (as the cloud provider or node setup does), or fix the "
                        "level's nodeLabel in the Topology."};

void check_kq2012(const RuleContext& cx, FindingSink& out) {
    const model::Cluster& c = cx.cluster;
    if (c.nodes.empty()) return;  // Nodes were not exported: nothing to judge
    for (const model::Topology& t : c.topologies) {
        for (std::size_t i = 0; i < t.levels.size(); ++i) {
            const std::string& label = *t.levels[i];
            bool carried = false;
            for (const model::Node& n : c.nodes) carried = carried || n.meta.labels.count(label);
            if (carried) continue;
            out.report(k_kq2012, or_doc(t.levels[i].pos, t.meta), "spec.levels[" + std::to_string(i) + "].nodeLabel",
                       ref("Topology", t.meta),
                       "Topology \"" + *t.meta.name + "\" level \"" + label + "\" is carried by none of the " +
                           std::to_string(c.nodes.size()) + " Nodes in the inputs: Kueue leaves Nodes without it " +
                           "out of every flavor on this Topology, so no TAS workload fits there");
        }
    }
}

}  // namespace kg::lint::rules
