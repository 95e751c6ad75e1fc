// A flavor may appear only once across all resourceGroups of a queue or cohort.
// Kueue: pkg/webhooks/clusterqueue_webhook.go validateResourceGroups.
#include "lint/rules/validation/quota_groups.h"

#include <set>

namespace kg::lint::rules {

const RuleInfo k_kq1003{"KQ1003", "duplicate-flavor",
                        RuleFamily::validation, RuleScope::definition, Severity::error,
                        "A flavor is listed more than once across resourceGroups",
                        "List each ResourceFlavor once; put all of its resources in one resourceGroup."};

void check_kq1003(const RuleContext& cx, FindingSink& out) {
    for_each_quota_owner(cx.cluster, [&](const QuotaOwner& o) {
        std::set<std::string> seen;
        for (std::size_t g = 0; g < o.groups.size(); ++g) {
            const auto& flavors = o.groups[g].flavors;
            for (std::size_t f = 0; f < flavors.size(); ++f) {
                if (!flavors[f].name->empty() && !seen.insert(*flavors[f].name).second) {
                    std::string path = flavor_path(g, f) + ".name";
                    out.report(k_kq1003, flavors[f].name.pos, path, o.object(),
                               o.invalid() + path + ": Duplicate value: \"" + *flavors[f].name + "\"");
                }
            }
        }
    });
}

}  // namespace kg::lint::rules
