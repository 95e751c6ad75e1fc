// Small shared pieces of rules: object refs, Kueue field paths, Kubernetes name
// syntax checks (apimachinery validation), cohort trees and accelerator names.
#pragma once

#include "sim/hierarchy.h"
#include "sim/namespace_selection.h"

#include "lint/rule.h"
#include "lint/rules/rules.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace kg::lint::rules {

model::ObjectRef ref(const char* kind, const model::ObjectMeta& m);

/// "spec.resourceGroups[g]", "...flavors[f]", "...resources[r]".
std::string rg_path(std::size_t g);
std::string flavor_path(std::size_t g, std::size_t f);
std::string resource_path(std::size_t g, std::size_t f, std::size_t r);

/// Empty when valid; else apimachinery's message (IsDNS1123Subdomain).
std::string dns1123_subdomain_error(std::string_view s);
/// Empty when valid; else the message of IsQualifiedName (label keys, resource names).
std::string qualified_name_error(std::string_view s);
/// Empty when valid; else the message of IsValidLabelValue.
std::string label_value_error(std::string_view s);

/// True for text holding template syntax: ${X}, %{ if }, {{ x }}, ($var).
bool looks_like_placeholder(std::string_view s);

/// The best position for a field of an object: `p` if known, else the document start.
SourcePos or_doc(SourcePos p, const model::ObjectMeta& m);

/// The cohort forest, from the simulator's one implementation (R1.3.2, R1.3.3).
using CohortForest = sim::CohortHierarchy;

/// Namespace selection (R3.3), from the simulator's one implementation: the labels a
/// namespace is matched with, and whether a ClusterQueue's namespaceSelector selects them.
using sim::cq_selects;
using sim::namespace_labels;

/// True when every key the selector reads is kubernetes.io/metadata.name (decidable without
/// the Namespace object).
bool selects_only_by_name(const model::LabelSelector& s);

/// Every namespace this run knows of: Namespace objects, and namespaces of LQs, Jobs, Workloads.
std::set<std::string> known_namespaces(const model::Cluster& c);

/// The LocalQueue `name` as seen from namespace `ns`. An object without metadata.namespace
/// lands in whatever namespace it is applied to: it matches LocalQueues that also have no
/// namespace, or that sit in "default" (kubectl's default).
const model::LocalQueue* find_local_queue_for(const model::Cluster& c, const std::string& ns, const std::string& name);
/// Namespaces holding LocalQueues; a LocalQueue in "default" also counts for the unset namespace "".
std::set<std::string> namespaces_with_local_queues(const model::Cluster& c);
/// "namespace \"x\"", or "the namespace it is applied to (metadata.namespace unset)".
std::string describe_namespace(const std::string& ns);

/// Accelerator resources (model::is_accelerator plus the policy's list) the pod sets request.
std::set<std::string> accelerators_requested(const std::vector<model::PodSet>& pod_sets,
                                             const std::vector<std::string>& extra);

/// True when a reference rule cannot tell a missing target from one kept outside the inputs:
/// the inputs hold no object of the target's kind (`objects_of_kind` is 0) and are not the whole
/// cluster (RuleContext::complete). Such a finding is info, never an error.
bool kind_not_in_inputs(const RuleContext& cx, std::size_t objects_of_kind);
/// The severity for a reference finding: info when kind_not_in_inputs, else the rule's own.
Severity reference_severity(const RuleContext& cx, const RuleInfo& rule, std::size_t objects_of_kind);
/// "" or, when kind_not_in_inputs, the message tail "; no <kind> is in the inputs (pass --complete
/// when they are the whole cluster)".
std::string not_in_inputs_note(const RuleContext& cx, const char* kind, std::size_t objects_of_kind);

/// Names of the LocalQueues in namespace `ns` (every namespace when `ns` is empty).
std::vector<std::string_view> local_queue_names(const model::Cluster& c, const std::string& ns);

/// Resources covered by a ClusterQueue's resourceGroups.
std::set<std::string> covered(const model::ClusterQueue& cq);

}  // namespace kg::lint::rules
