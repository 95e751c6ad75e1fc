// A TAS ResourceFlavor (spec.topologyName) naming a Topology that is not among the inputs:
// every ClusterQueue using the flavor stays inactive (reason TopologyNotFound, "there is no
// Topology %q for TAS flavor %q"). Kueue: pkg/cache/scheduler/clusterqueue.go (inactive
// reasons), test/integration/singlecluster/tas (TopologyNotFound condition).
#include "lint/rules/helpers.h"

namespace kg::lint::rules {

const RuleInfo k_kq2011{"KQ2011", "missing-topology",
                        RuleFamily::references, RuleScope::applied, Severity::error,
                        "A ResourceFlavor's topologyName names a Topology that does not exist",
                        "Create the Topology, or fix spec.topologyName in the ResourceFlavor."};

void check_kq2011(const RuleContext& cx, FindingSink& out) {
    const model::Cluster& c = cx.cluster;
    const std::size_t n = c.topologies.size();
    for (const model::ResourceFlavor& rf : c.resource_flavors) {
        if (rf.topology_name.empty() || c.find_topology(rf.topology_name)) continue;
        std::string users;
        for (const model::ClusterQueue& cq : c.cluster_queues)
            for (const auto& g : cq.resource_groups)
                for (const auto& f : g.flavors)
                    if (*f.name == *rf.meta.name && users.find("\"" + *cq.meta.name + "\"") == std::string::npos)
                        users += (users.empty() ? "" : ", ") + ("\"" + *cq.meta.name + "\"");
        out.report_as(reference_severity(cx, k_kq2011, n), k_kq2011, or_doc(rf.topology_name_pos, rf.meta), "spec.topologyName",
                      ref("ResourceFlavor", rf.meta),
                      "ResourceFlavor \"" + *rf.meta.name + "\" names Topology \"" + rf.topology_name +
                          "\", which is not in the inputs: " +
                          (users.empty() ? std::string("a ClusterQueue using it")
                                         : "ClusterQueue" + std::string(users.find(',') == std::string::npos ? " " : "s ") + users) +
                          " stay" + (users.find(',') == std::string::npos && !users.empty() ? "s" : "") +
                          " inactive (TopologyNotFound: there is no Topology \"" + rf.topology_name +
                          "\" for TAS flavor \"" + *rf.meta.name + "\")" + not_in_inputs_note(cx, "Topology", n));
    }
}

}  // namespace kg::lint::rules
