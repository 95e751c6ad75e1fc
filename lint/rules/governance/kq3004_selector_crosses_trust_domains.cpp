// A ClusterQueue's namespaceSelector that admits namespaces of another trust domain
// (than the one the policy assigns it), or of two domains that may not share.
#include "lint/rules/governance/domains.h"

namespace kg::lint::rules {

const RuleInfo k_kq3004{"KQ3004", "selector-crosses-trust-domains",
                        RuleFamily::governance, RuleScope::applied, Severity::warning,
                        "A ClusterQueue's namespaceSelector admits namespaces of another trust domain",
                        "Narrow the namespaceSelector to the ClusterQueue's own trust domain.",
                        /*defers=*/false, /*security=*/true};

void check_kq3004(const RuleContext& cx, FindingSink& out) {
    if (cx.policy.domains.empty() && cx.policy.namespace_label.empty()) {
        return;
    }
    DomainIndex index(cx);
    for (const model::ClusterQueue& cq : cx.cluster.cluster_queues) {
        if (!cq.namespace_selector) {
            continue;
        }
        std::string own = declared_cq_domain(cx, *cq.meta.name);
        std::map<std::string, std::string> foreign;  // namespace -> domain
        std::string first_domain;
        for (std::size_t i : index.candidates(cq)) {
            const DomainIndex::Ns& n = index.namespaces()[i];
            if (n.domain.empty() || !cq_selects(cq, n.labels)) {
                continue;
            }
            const std::string& ns = n.name;
            const std::string& d = n.domain;
            if (own.empty()) {
                if (first_domain.empty()) {
                    first_domain = d;
                } else if (!cx.policy.sharing_allowed(first_domain, d)) {
                    foreign[ns] = d;
                }
            } else if (!cx.policy.sharing_allowed(own, d)) {
                foreign[ns] = d;
            }
        }
        if (foreign.empty()) {
            continue;
        }
        std::string list;
        for (const auto& [ns, d] : foreign) {
            list += (list.empty() ? "" : ", ") + ns + " (" + d + ")";
        }
        out.report(k_kq3004, or_doc(cq.namespace_selector->pos, cq.meta), "spec.namespaceSelector",
                   ref("ClusterQueue", cq.meta),
                   "ClusterQueue \"" + *cq.meta.name + "\"" +
                       (own.empty() ? " admits namespaces of trust domain \"" + first_domain + "\" and also "
                                    : " (trust domain \"" + own + "\") admits namespaces ") +
                       list);
    }
}

}  // namespace kg::lint::rules
