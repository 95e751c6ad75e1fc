// Each flavor lists the group's coveredResources, same count and same order.
// Kueue: CEL on ResourceGroup (apis/kueue/v1beta2/clusterqueue_types.go) and
// pkg/webhooks/clusterqueue_webhook.go validateFlavorQuotas.
#include "lint/rules/validation/quota_groups.h"

namespace kg::lint::rules {

const RuleInfo k_kq1004{"KQ1004", "flavor-resources-mismatch",
                        RuleFamily::validation, RuleScope::definition, Severity::error,
                        "A flavor's resources do not match the group's coveredResources in number and order",
                        "List the flavor's resources in the same order as coveredResources, one entry each."};

void check_kq1004(const RuleContext& cx, FindingSink& out) {
    for_each_quota_owner(cx.cluster, [&](const QuotaOwner& o) {
        for (std::size_t g = 0; g < o.groups.size(); ++g) {
            const model::ResourceGroup& rg = o.groups[g];
            for (std::size_t f = 0; f < rg.flavors.size(); ++f) {
                const model::FlavorQuotas& fq = rg.flavors[f];
                if (fq.resources.size() != rg.covered_resources.size()) {
                    out.report(k_kq1004, or_doc(fq.name.pos, o.meta), rg_path(g), o.object(),
                               o.invalid() + rg_path(g) +
                                   ": Invalid value: \"object\": flavors must have the same number of resources as "
                                   "the coveredResources (flavor \"" + *fq.name + "\" has " +
                                   std::to_string(fq.resources.size()) + ", coveredResources has " +
                                   std::to_string(rg.covered_resources.size()) + ")");
                    continue;
                }
                for (std::size_t r = 0; r < fq.resources.size(); ++r) {
                    if (*fq.resources[r].name != *rg.covered_resources[r]) {
                        std::string path = resource_path(g, f, r) + ".name";
                        out.report(k_kq1004, or_doc(fq.resources[r].name.pos, o.meta), path, o.object(),
                                   o.invalid() + path + ": Invalid value: \"" + *fq.resources[r].name +
                                       "\": must match the name in coveredResources (\"" +
                                       *rg.covered_resources[r] + "\")");
                    }
                }
            }
        }
    });
}

}  // namespace kg::lint::rules
