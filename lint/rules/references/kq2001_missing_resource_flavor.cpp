// A ClusterQueue naming a ResourceFlavor that is not among the inputs stays
// inactive (reason FlavorNotFound). Kueue: pkg/cache/scheduler/clusterqueue.go inactiveReason.
#include "lint/rules/helpers.h"

namespace kg::lint::rules {

const RuleInfo k_kq2001{"KQ2001", "missing-resource-flavor",
                        RuleFamily::references, RuleScope::applied, Severity::error,
                        "A ClusterQueue references a ResourceFlavor that does not exist",
                        "Create the ResourceFlavor, or fix the flavor name in the ClusterQueue."};

void check_kq2001(const RuleContext& cx, FindingSink& out) {
    for (const model::ClusterQueue& cq : cx.cluster.cluster_queues) {
        for (std::size_t g = 0; g < cq.resource_groups.size(); ++g) {
            for (std::size_t f = 0; f < cq.resource_groups[g].flavors.size(); ++f) {
                const auto& name = cq.resource_groups[g].flavors[f].name;
                if (!name->empty() && !cx.cluster.find_resource_flavor(*name)) {
                    const std::size_t n = cx.cluster.resource_flavors.size();
                    out.report_as(reference_severity(cx, k_kq2001, n), k_kq2001, or_doc(name.pos, cq.meta),
                                  flavor_path(g, f) + ".name", ref("ClusterQueue", cq.meta),
                                  "ClusterQueue \"" + *cq.meta.name + "\" references missing ResourceFlavor \"" +
                                      *name + "\": the queue stays inactive (FlavorNotFound)" +
                                      not_in_inputs_note(cx, "ResourceFlavor", n));
                }
            }
        }
    }
}

}  // namespace kg::lint::rules
