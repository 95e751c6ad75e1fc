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
        const DomainIndex::Selection& sel = index.selection(cq);
        // Without a declared domain the queue is judged against the domain of the first
        // namespace it selects; either way a whole domain is foreign or not, so the
        // namespaces are visited only when they are reported.
        const std::string& first_domain = sel.first_domain;
        const std::string& judge = own.empty() ? first_domain : own;
        std::map<std::string, std::string> foreign;  // namespace -> domain
        for (const auto& [d, namespaces] : sel.by_domain) {
            if (cx.policy.sharing_allowed(judge, d)) {
                continue;
            }
            for (std::size_t i : namespaces) {
                foreign[index.namespaces()[i].name] = d;
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
