// borrowingLimit/lendingLimit need a cohort (ClusterQueue) or a parent (Cohort).
// Kueue: pkg/webhooks/common.go validateLimit; CEL on ClusterQueueSpec.
#include "lint/rules/validation/quota_groups.h"

namespace kg::lint::rules {

const RuleInfo k_kq1006{"KQ1006", "limit-without-cohort",
                        RuleFamily::validation, RuleScope::definition, Severity::error,
                        "A borrowingLimit or lendingLimit is set where there is no cohort to borrow from",
                        "Remove the limit, or set spec.cohortName (ClusterQueue) or spec.parentName (Cohort)."};

void check_kq1006(const RuleContext& cx, FindingSink& out) {
    for_each_quota_owner(cx.cluster, [&](const QuotaOwner& o) {
        if (o.has_parent) {
            return;
        }
        const char* why = std::string_view(o.kind) == "Cohort" ? "must be nil when parent is empty"
                                                               : "must be nil when cohort is empty";
        for (std::size_t g = 0; g < o.groups.size(); ++g) {
            for (std::size_t f = 0; f < o.groups[g].flavors.size(); ++f) {
                const auto& res = o.groups[g].flavors[f].resources;
                for (std::size_t r = 0; r < res.size(); ++r) {
                    auto check = [&](const std::optional<model::Located<model::Quantity>>& q, const char* field) {
                        if (q) {
                            std::string path = resource_path(g, f, r) + "." + field;
                            out.report(k_kq1006, or_doc(q->pos, o.meta), path, o.object(),
                                       o.invalid() + path + ": Invalid value: " + q_str(q->value) + ": " + why);
                        }
                    };
                    check(res[r].borrowing_limit, "borrowingLimit");
                    check(res[r].lending_limit, "lendingLimit");
                }
            }
        }
    });
}

}  // namespace kg::lint::rules
