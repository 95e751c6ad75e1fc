// nominalQuota, borrowingLimit and lendingLimit must be >= 0.
// Kueue: pkg/webhooks/common.go validateResourceQuantity.
#include "lint/rules/validation/quota_groups.h"

namespace kg::lint::rules {

const RuleInfo k_kq1005{"KQ1005", "negative-quota",
                        RuleFamily::validation, RuleScope::definition, Severity::error,
                        "A nominalQuota, borrowingLimit or lendingLimit is negative",
                        "Use 0 or a positive quantity."};

void check_kq1005(const RuleContext& cx, FindingSink& out) {
    for_each_quota_owner(cx.cluster, [&](const QuotaOwner& o) {
        for (std::size_t g = 0; g < o.groups.size(); ++g) {
            for (std::size_t f = 0; f < o.groups[g].flavors.size(); ++f) {
                const auto& res = o.groups[g].flavors[f].resources;
                for (std::size_t r = 0; r < res.size(); ++r) {
                    auto check = [&](const model::Located<model::Quantity>& q, const char* field) {
                        if (q->sign() < 0) {
                            std::string path = resource_path(g, f, r) + "." + field;
                            out.report(k_kq1005, or_doc(q.pos, o.meta), path, o.object(),
                                       o.invalid() + path + ": Invalid value: " + q_str(*q) +
                                           ": must be greater than or equal to 0");
                        }
                    };
                    check(res[r].nominal_quota, "nominalQuota");
                    if (res[r].borrowing_limit) {
                        check(*res[r].borrowing_limit, "borrowingLimit");
                    }
                    if (res[r].lending_limit) {
                        check(*res[r].lending_limit, "lendingLimit");
                    }
                }
            }
        }
    });
}

}  // namespace kg::lint::rules
