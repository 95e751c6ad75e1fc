// ClusterRole aggregation as the API server resolves it (kubernetes
// pkg/controller/clusterroleaggregation: an aggregated ClusterRole's rules are replaced by
// the union of the rules of every other ClusterRole its clusterRoleSelectors match, repeated
// until nothing changes, which is where the controller's reconciles converge).
#pragma once

#include "model/rbac.h"

#include <vector>

namespace kg::rbac {

/// The roles with every aggregated ClusterRole's rules filled in; other roles as given.
/// Rules keep their own positions (those of the role that wrote them).
std::vector<model::Role> resolve_aggregation(const std::vector<model::Role>& roles);

}  // namespace kg::rbac
