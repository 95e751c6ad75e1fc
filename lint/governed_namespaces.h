// The namespaces `who-can` and the RBAC rules ask each governed action in: every namespace
// the inputs know, those holding LocalQueues, and those no ClusterQueue selects. Which
// namespace a ClusterQueue selects is Kueue semantics and is asked of sim/; this file only
// gathers the answers for rbac/who_can.h, which knows no Kueue.
#pragma once

#include "model/cluster.h"
#include "rbac/who_can.h"

namespace kg::lint {

/// The NamespaceSets of `c`. "All" is the namespaces of Namespace objects, LocalQueues, jobs,
/// Workloads, Roles and RoleBindings; "unselected" those of them that exist and that no
/// ClusterQueue's namespaceSelector selects (sim::check_namespace).
rbac::NamespaceSets governed_namespaces(const model::Cluster& c);

}  // namespace kg::lint
