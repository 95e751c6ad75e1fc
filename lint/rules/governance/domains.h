// Trust-domain membership from the policy (policy.md): a namespace by the explicit
// lists or by its namespaceLabel value; a ClusterQueue by the policy's clusterQueues
// lists, else by the domains of the namespaces its namespaceSelector selects.
#pragma once

#include "lint/rules/helpers.h"

#include <set>
#include <string>

namespace kg::lint::rules {

/// The trust domain of a namespace, or "" when none is known.
std::string namespace_domain(const RuleContext& cx, const std::string& ns);
/// Namespaces the policy or the inputs name.
std::set<std::string> policy_namespaces(const RuleContext& cx);
/// The domain the policy assigns this ClusterQueue explicitly, or "".
std::string declared_cq_domain(const RuleContext& cx, const std::string& cq);
/// Explicit domain, else the domains of the known namespaces its selector selects.
std::set<std::string> cq_domains(const RuleContext& cx, const model::ClusterQueue& cq);

}  // namespace kg::lint::rules
