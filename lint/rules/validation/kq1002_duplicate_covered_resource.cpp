// A resource may be covered by only one resourceGroup (and once within it).
// Kueue: pkg/webhooks/clusterqueue_webhook.go validateResourceGroups.
#include "lint/rules/validation/quota_groups.h"

#include <set>

namespace kg::lint::rules {

const RuleInfo k_kq1002{"KQ1002", "duplicate-covered-resource",
                        RuleFamily::validation, RuleScope::definition, Severity::error,
                        "A resource is covered more than once across resourceGroups",
                        "Cover each resource in exactly one resourceGroup; merge the groups if needed."};

void check_kq1002(const RuleContext& cx, FindingSink& out) {
    for_each_quota_owner(cx.cluster, [&](const QuotaOwner& o) {
        std::set<std::string> seen;
        for (std::size_t g = 0; g < o.groups.size(); ++g) {
            const auto& covered = o.groups[g].covered_resources;
            for (std::size_t i = 0; i < covered.size(); ++i) {
                if (!seen.insert(*covered[i]).second) {
                    std::string path = rg_path(g) + ".coveredResources[" + std::to_string(i) + "]";
                    out.report(k_kq1002, covered[i].pos, path, o.object(),
                               o.invalid() + path + ": Duplicate value: \"" + *covered[i] + "\"");
                }
            }
        }
    });
}

}  // namespace kg::lint::rules
