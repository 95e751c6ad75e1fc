// `simulate -n NAMESPACE -l SELECTOR`: the cycles always run over every workload (quota is
// shared across namespaces, so a partial simulation would decide differently); only the
// decisions shown are narrowed, as `kubectl get workloads -n NS -l SEL` narrows a listing.
#pragma once

#include "model/cluster.h"
#include "model/selector.h"
#include "sim/decisions.h"

#include <optional>
#include <string>

namespace kg::sim {

/// Keeps the decisions about workloads in `ns` (empty: every namespace) whose Workload labels
/// match `selector` (absent: all). A preemption is kept when either side is in scope.
void scope_decisions(SimulationResult& r, const model::Cluster& cluster, const std::string& ns,
                     const std::optional<model::LabelSelector>& selector);

}  // namespace kg::sim
