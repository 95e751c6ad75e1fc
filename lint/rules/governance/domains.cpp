// Trust-domain membership shared by the governance rules.
#include "lint/rules/governance/domains.h"

namespace kg::lint::rules {

std::string namespace_domain(const RuleContext& cx, const std::string& ns) {
    for (const model::TrustDomain& d : cx.policy.domains) {
        for (const auto& n : d.namespaces) {
            if (*n == ns) {
                return *d.name;
            }
        }
    }
    if (!cx.policy.namespace_label.empty()) {
        if (const model::Namespace* n = cx.cluster.find_namespace(ns)) {
            auto it = n->meta.labels.find(cx.policy.namespace_label);
            if (it != n->meta.labels.end()) {
                return it->second;
            }
        }
    }
    return {};
}

std::set<std::string> policy_namespaces(const RuleContext& cx) {
    std::set<std::string> out = known_namespaces(cx.cluster);
    for (const model::TrustDomain& d : cx.policy.domains) {
        for (const auto& n : d.namespaces) {
            out.insert(*n);
        }
    }
    return out;
}

std::string declared_cq_domain(const RuleContext& cx, const std::string& cq) {
    for (const model::TrustDomain& d : cx.policy.domains) {
        for (const auto& q : d.cluster_queues) {
            if (*q == cq) {
                return *d.name;
            }
        }
    }
    return {};
}

std::set<std::string> cq_domains(const RuleContext& cx, const model::ClusterQueue& cq) {
    if (std::string d = declared_cq_domain(cx, *cq.meta.name); !d.empty()) {
        return {d};
    }
    std::set<std::string> out;
    for (const std::string& ns : policy_namespaces(cx)) {
        if (cq_selects(cq, namespace_labels(cx.cluster, ns))) {
            if (std::string d = namespace_domain(cx, ns); !d.empty()) {
                out.insert(d);
            }
        }
    }
    return out;
}

}  // namespace kg::lint::rules
