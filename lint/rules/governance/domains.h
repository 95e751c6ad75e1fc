// Trust-domain membership from the policy (policy.md): a namespace by the explicit
// lists or by its namespaceLabel value; a ClusterQueue by the policy's clusterQueues
// lists, else by the domains of the namespaces its namespaceSelector selects.
#pragma once

#include "lint/rules/helpers.h"

#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace kg::lint::rules {

/// The trust domain of a namespace, or "" when none is known.
std::string namespace_domain(const RuleContext& cx, const std::string& ns);
/// The domain the policy assigns this ClusterQueue explicitly, or "".
std::string declared_cq_domain(const RuleContext& cx, const std::string& cq);

/// Every namespace the policy or the inputs name, with its labels and domain, computed
/// once per rule run: the rules match each ClusterQueue's selector against all of them,
/// and rebuilding the list per queue made them quadratic in the number of objects.
class DomainIndex {
public:
    struct Ns {
        std::string name;
        model::Labels labels;
        std::string domain;  ///< "" when the namespace belongs to no domain
    };
    /// The namespaces of some domain that one namespaceSelector selects, by domain.
    struct Selection {
        /// domain -> indices (ascending, so in name order) into namespaces()
        std::map<std::string, std::vector<std::size_t>> by_domain;
        std::string first_domain;  ///< the domain of the first selected namespace by name, or ""
    };

    explicit DomainIndex(const RuleContext& cx);
    const std::vector<Ns>& namespaces() const { return m_namespaces; }
    /// Indices (ascending) into namespaces() that `cq`'s namespaceSelector may select: when
    /// it has a matchLabels entry, only the namespaces carrying that label pair; else all.
    /// Matching every selector against every namespace grew as ClusterQueues times
    /// namespaces (a sixth of linting 100,000 objects); callers still ask cq_selects.
    const std::vector<std::size_t>& candidates(const model::ClusterQueue& cq) const;
    /// The namespaces with a domain that `cq`'s namespaceSelector selects. Computed once per
    /// distinct selector: ClusterQueues of one tenant share a selector, and matching each
    /// queue against the candidates of its label pair still grew as queues times namespaces
    /// (KQ3001 and KQ3004 were a quarter of linting 100,000 objects).
    const Selection& selection(const model::ClusterQueue& cq) const;
    /// Explicit domain, else the domains of the known namespaces its selector selects.
    std::set<std::string> cq_domains(const model::ClusterQueue& cq) const;

private:
    const RuleContext& m_cx;
    std::vector<Ns> m_namespaces;
    std::vector<std::size_t> m_all;  ///< 0 .. namespaces - 1
    std::map<std::pair<std::string, std::string>, std::vector<std::size_t>> m_by_label;
    /// selector_key -> what it selects; filled on first use (rules run one at a time)
    mutable std::map<std::string, Selection> m_selections;
};

}  // namespace kg::lint::rules
