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

DomainIndex::DomainIndex(const RuleContext& cx) : m_cx(cx) {
    std::set<std::string> names = known_namespaces(cx.cluster);
    for (const model::TrustDomain& d : cx.policy.domains) {
        for (const auto& n : d.namespaces) {
            names.insert(*n);
        }
    }
    m_namespaces.reserve(names.size());
    for (const std::string& ns : names) {
        m_namespaces.push_back({ns, namespace_labels(cx.cluster, ns), namespace_domain(cx, ns)});
        std::size_t i = m_namespaces.size() - 1;
        m_all.push_back(i);
        for (const auto& label : m_namespaces.back().labels) {
            m_by_label[label].push_back(i);
        }
    }
}

const std::vector<std::size_t>& DomainIndex::candidates(const model::ClusterQueue& cq) const {
    static const std::vector<std::size_t> k_none;
    if (!cq.namespace_selector) {
        return k_none;  // cq_selects is false for every namespace
    }
    if (cq.namespace_selector->match_labels.empty()) {
        return m_all;
    }
    // Every matchLabels pair must be on a selected namespace, so the first one narrows.
    auto it = m_by_label.find(cq.namespace_selector->match_labels.front());
    return it == m_by_label.end() ? k_none : it->second;
}

namespace {

void append_field(std::string& key, std::string_view s) {
    // Length-prefixed, so no two different selectors share a key whatever their text holds.
    key += std::to_string(s.size());
    key += ':';
    key += s;
}

/// A key equal for two selectors exactly when they have the same matchLabels and
/// matchExpressions in the same order (positions are not part of it), so equal keys
/// select the same namespaces.
std::string selector_key(const model::LabelSelector& s) {
    std::string key = "L" + std::to_string(s.match_labels.size());
    for (const auto& [k, v] : s.match_labels) {
        append_field(key, k);
        append_field(key, v);
    }
    key += "E" + std::to_string(s.match_expressions.size());
    for (const model::LabelRequirement& r : s.match_expressions) {
        append_field(key, *r.key);
        key += std::to_string(static_cast<int>(r.op));
        key += 'V' + std::to_string(r.values.size());
        for (const std::string& v : r.values) {
            append_field(key, v);
        }
    }
    return key;
}

}  // namespace

const DomainIndex::Selection& DomainIndex::selection(const model::ClusterQueue& cq) const {
    static const Selection k_nothing;
    if (!cq.namespace_selector) {
        return k_nothing;  // a nil namespaceSelector selects no namespace
    }
    auto [it, fresh] = m_selections.try_emplace(selector_key(*cq.namespace_selector));
    if (fresh) {
        for (std::size_t i : candidates(cq)) {
            const Ns& ns = m_namespaces[i];
            if (!ns.domain.empty() && cq_selects(cq, ns.labels)) {
                if (it->second.first_domain.empty()) {
                    it->second.first_domain = ns.domain;
                }
                it->second.by_domain[ns.domain].push_back(i);
            }
        }
    }
    return it->second;
}

std::set<std::string> DomainIndex::cq_domains(const model::ClusterQueue& cq) const {
    if (std::string d = declared_cq_domain(m_cx, *cq.meta.name); !d.empty()) {
        return {d};
    }
    std::set<std::string> out;
    for (const auto& [domain, namespaces] : selection(cq).by_domain) {
        out.insert(domain);
    }
    return out;
}

}  // namespace kg::lint::rules
