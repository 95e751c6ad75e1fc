// Flags ClusterQueues whose cohort tree spans two trust domains: quota can flow
// between tenants the policy says must not share. Reports, per direction, how much
// of each flavor/resource can flow given lendingLimit and borrowingLimit.
// Kueue: pkg/cache/hierarchy, pkg/resources (available quota with limits).
#include "lint/rules/governance/domains.h"

#include <algorithm>
#include <optional>

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
        std::vector<std::map<std::pair<std::string, std::string>, Quota>> quota;
        // Members grouped by their set of domains: whether two queues may share depends on
        // those sets alone, so it is decided once per pair of groups, and a pair of queues
        // is visited only when their groups conflict. Visiting every pair of a big tree
        // grew as the square of its queues (most of linting 100,000 objects' rule time).
        std::map<std::set<std::string>, std::size_t> group_ids;
        std::vector<const std::set<std::string>*> group_doms;
        std::vector<std::vector<std::size_t>> group_members;  // positions in members, ascending
        std::vector<std::size_t> group_of;
        for (std::size_t a = 0; a < members.size(); ++a) {
            quota.push_back(quotas(cqs[members[a]]));
            auto [it, fresh] = group_ids.try_emplace(index.cq_domains(cqs[members[a]]), group_doms.size());
            if (fresh) {
                group_doms.push_back(&it->first);
                group_members.emplace_back();
            }
            group_of.push_back(it->second);
            group_members[it->second].push_back(a);
        }
        // conflict[g * groups + h]: the first pair of domains (x of g, y of h, in order) that
        // may not share, or none.
        const std::size_t groups = group_doms.size();
        std::vector<std::optional<std::pair<std::string, std::string>>> conflict(groups * groups);
        for (std::size_t g = 0; g < groups; ++g) {
            for (std::size_t h = 0; h < groups; ++h) {
                for (const auto& x : *group_doms[g]) {
                    for (const auto& y : *group_doms[h]) {
                        if (!conflict[g * groups + h] && !cx.policy.sharing_allowed(x, y)) {
                            conflict[g * groups + h] = std::make_pair(x, y);
                        }
                    }
                }
            }
        }
        for (std::size_t a = 0; a < members.size(); ++a) {
            const model::ClusterQueue& from = cqs[members[a]];
            const auto& lend = quota[a];
            std::vector<std::size_t> partners;  // positions whose group conflicts with a's
            for (std::size_t h = 0; h < groups; ++h) {
                if (conflict[group_of[a] * groups + h]) {
                    partners.insert(partners.end(), group_members[h].begin(), group_members[h].end());
                }
            }
            std::sort(partners.begin(), partners.end());  // the order findings were always made in
            for (std::size_t b : partners) {
                if (a == b) {
                    continue;
                }
                const model::ClusterQueue& to = cqs[members[b]];
                const auto& [da, db] = *conflict[group_of[a] * groups + group_of[b]];
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
