// A ClusterQueue cannot lend more than it owns (Cohorts may).
// Kueue: pkg/webhooks/clusterqueue_webhook.go validateLendingLimit.
#include "lint/rules/validation/quota_groups.h"

namespace kg::lint::rules {

const RuleInfo k_kq1007{"KQ1007", "lending-limit-above-nominal",
                        RuleFamily::validation, RuleScope::definition, Severity::error,
                        "A ClusterQueue's lendingLimit exceeds its nominalQuota",
                        "Lower lendingLimit to at most nominalQuota, or raise nominalQuota."};

void check_kq1007(const RuleContext& cx, FindingSink& out) {
    for (const model::ClusterQueue& cq : cx.cluster.cluster_queues) {
        for (std::size_t g = 0; g < cq.resource_groups.size(); ++g) {
            for (std::size_t f = 0; f < cq.resource_groups[g].flavors.size(); ++f) {
                const auto& res = cq.resource_groups[g].flavors[f].resources;
                for (std::size_t r = 0; r < res.size(); ++r) {
                    const auto& lend = res[r].lending_limit;
                    if (lend && lend->value > *res[r].nominal_quota) {
                        std::string path = resource_path(g, f, r) + ".lendingLimit";
                        out.report(k_kq1007, or_doc(lend->pos, cq.meta), path, ref("ClusterQueue", cq.meta),
                                   "ClusterQueue \"" + *cq.meta.name + "\" is invalid: " + path +
                                       ": Invalid value: " + q_str(lend->value) +
                                       ": must be less than or equal to the nominalQuota (" +
                                       res[r].nominal_quota->to_string() + ")");
                    }
                }
            }
        }
    }
}

}  // namespace kg::lint::rules
