// Fixpoint over aggregated ClusterRoles: each pass recomputes every aggregated role's rules
// from the current rules of the roles it selects (the controller reads the live objects, so
// an aggregate of aggregates converges over several reconciles). Roles are visited in name
// order and duplicate rules dropped, as the controller does (ruleExists).
#include "rbac/aggregation.h"

#include <algorithm>

namespace kg::rbac {

namespace {

bool same_rule(const model::PolicyRule& a, const model::PolicyRule& b) {
    return a.verbs == b.verbs && a.api_groups == b.api_groups && a.resources == b.resources &&
           a.resource_names == b.resource_names && a.non_resource_urls == b.non_resource_urls;
}

}  // namespace

std::vector<model::Role> resolve_aggregation(const std::vector<model::Role>& roles) {
    std::vector<model::Role> out = roles;
    std::vector<std::size_t> by_name;  // cluster roles, in name order
    for (std::size_t i = 0; i < out.size(); ++i) {
        if (out[i].cluster) {
            by_name.push_back(i);
        }
    }
    std::sort(by_name.begin(), by_name.end(),
              [&](std::size_t a, std::size_t b) { return *out[a].meta.name < *out[b].meta.name; });
    // Each pass can only add rules; a chain of n aggregates settles within n passes.
    for (std::size_t pass = 0; pass <= by_name.size(); ++pass) {
        bool changed = false;
        for (std::size_t i : by_name) {
            model::Role& agg = out[i];
            if (!agg.aggregated) {
                continue;
            }
            std::vector<model::PolicyRule> rules;
            for (const model::LabelSelector& sel : agg.aggregation_selectors) {
                for (std::size_t j : by_name) {
                    if (j == i || !sel.matches(out[j].meta.labels)) {
                        continue;
                    }
                    for (const model::PolicyRule& r : out[j].rules) {
                        if (std::none_of(rules.begin(), rules.end(), [&](const auto& x) { return same_rule(x, r); })) {
                            rules.push_back(r);
                        }
                    }
                }
            }
            bool same = rules.size() == agg.rules.size() &&
                        std::equal(rules.begin(), rules.end(), agg.rules.begin(), same_rule);
            if (!same) {
                agg.rules = std::move(rules);
                changed = true;
            }
        }
        if (!changed) {
            break;
        }
    }
    return out;
}

}  // namespace kg::rbac
