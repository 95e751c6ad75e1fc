// coveredResources entries must be qualified names (label-key syntax).
// Kueue: pkg/webhooks/common.go validateResourceName.
#include "lint/rules/validation/quota_groups.h"

namespace kg::lint::rules {

const RuleInfo k_kq1001{"KQ1001", "invalid-resource-name",
                        RuleFamily::validation, RuleScope::definition, Severity::error,
                        "A covered resource name is not a qualified name",
                        "Use a Kubernetes resource name such as cpu, memory or nvidia.com/gpu."};

void check_kq1001(const RuleContext& cx, FindingSink& out) {
    for_each_quota_owner(cx.cluster, [&](const QuotaOwner& o) {
        for (std::size_t g = 0; g < o.groups.size(); ++g) {
            const auto& covered = o.groups[g].covered_resources;
            for (std::size_t i = 0; i < covered.size(); ++i) {
                std::string err = qualified_name_error(*covered[i]);
                if (!err.empty()) {
                    std::string path = rg_path(g) + ".coveredResources[" + std::to_string(i) + "]";
                    out.report(k_kq1001, covered[i].pos, path, o.object(),
                               o.invalid() + path + ": Invalid value: \"" + *covered[i] + "\": " + err);
                }
            }
        }
    });
}

}  // namespace kg::lint::rules
