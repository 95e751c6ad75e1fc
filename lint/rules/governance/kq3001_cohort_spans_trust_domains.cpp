// Flags ClusterQueues whose cohort tree spans two trust domains: quota can flow
// between tenants the policy says must not share. Reports, per direction, how much
// of each flavor/resource can flow given lendingLimit and borrowingLimit.
// Kueue: pkg/cache/hierarchy, pkg/resources (available quota with limits).
#include "lint/rules/governance/domains.h"

namespace kg::lint::rules {

const RuleInfo k_kq3001{"KQ3001", "cohort-spans-trust-domains",
                        RuleFamily::governance, RuleScope::applied, Severity::warning,
                        "A cohort tree holds ClusterQueues of trust domains that may not share quota",
                        "Split the cohort per trust domain, set lendingLimit: 0, or allow the pair in the policy.",
                        /*defers=*/false, /*security=*/true};

namespace {

struct Quota {
    model::Quantity nominal;
    std::optional<model::Quantity> lending, borrowing;
};

std::map<std::pair<std::string, std::string>, Quota> quotas(const model::ClusterQueue& cq) {
    std::map<std::pair<std::string, std::string>, Quota> out;
    for (const auto& rg : cq.resource_groups) {
        for (const auto& f : rg.flavors) {
            for (const auto& r : f.resources) {
                Quota q{*r.nominal_quota, {}, {}};
                if (r.lending_limit) q.lending = r.lending_limit->value;
                if (r.borrowing_limit) q.borrowing = r.borrowing_limit->value;
                out[{*f.name, *r.name}] = q;
            }
        }
    }
    return out;
}

}  // namespace

void check_kq3001(const RuleContext& cx, FindingSink& out) {
    if (cx.policy.domains.empty() && cx.policy.namespace_label.empty()) {
        return;
    }
    CohortForest forest(cx.cluster);
    DomainIndex index(cx);
    const auto& cqs = cx.cluster.cluster_queues;
    for (const auto& [root, members] : forest.trees()) {
        std::vector<std::set<std::string>> doms;
        std::vector<std::map<std::pair<std::string, std::string>, Quota>> quota;
        for (std::size_t i : members) {
            doms.push_back(index.cq_domains(cqs[i]));
            quota.push_back(quotas(cqs[i]));
        }
        for (std::size_t a = 0; a < members.size(); ++a) {
            const model::ClusterQueue& from = cqs[members[a]];
            const auto& lend = quota[a];
            for (std::size_t b = 0; b < members.size(); ++b) {
                const model::ClusterQueue& to = cqs[members[b]];
                std::string da, db;
                for (const auto& x : doms[a]) {
                    for (const auto& y : doms[b]) {
                        if (da.empty() && !cx.policy.sharing_allowed(x, y)) {
                            da = x;
                            db = y;
                        }
                    }
                }
                if (a == b || da.empty()) {
                    continue;
                }
                std::string flows;
                for (const auto& [key, q] : quota[b]) {
                    auto it = lend.find(key);
                    if (it == lend.end()) {
                        continue;
                    }
                    model::Quantity amount = it->second.lending ? std::min(*it->second.lending, it->second.nominal)
                                                                : it->second.nominal;
                    if (q.borrowing) {
                        amount = std::min(amount, *q.borrowing);
                    }
                    if (amount.sign() > 0) {
                        flows += (flows.empty() ? "" : ", ") + amount.to_string() + " " + key.second + " of flavor \"" +
                                 key.first + "\"";
                    }
                }
                if (flows.empty()) {
                    continue;
                }
                out.report(k_kq3001, or_doc(from.cohort.pos, from.meta), "spec.cohortName",
                           ref("ClusterQueue", from.meta),
                           "ClusterQueue \"" + *from.meta.name + "\" (trust domain \"" + da + "\") shares cohort tree \"" +
                               root + "\" with ClusterQueue \"" + *to.meta.name + "\" (trust domain \"" + db +
                               "\"): up to " + flows + " can flow from \"" + *from.meta.name + "\" to \"" +
                               *to.meta.name + "\"",
                           {{or_doc(to.cohort.pos, to.meta), "ClusterQueue \"" + *to.meta.name + "\" joins here"}});
            }
        }
    }
}

}  // namespace kg::lint::rules
