// The namespaces `who-can` and the RBAC rules ask each governed action in: every namespace
// the inputs know, those holding LocalQueues, and those where work can skip the queue (no
// ClusterQueue selects them, or Kueue ignores Jobs that omit the queue-name label). Which
// namespace a ClusterQueue selects and which unlabelled Jobs Kueue manages are Kueue semantics,
// asked of sim/; this file only gathers the answers for rbac/who_can.h, which knows no Kueue.
#pragma once

#include "model/cluster.h"
#include "rbac/who_can.h"

namespace kg::lint {

/// The NamespaceSets of `c`. "All" is the namespaces of Namespace objects, LocalQueues, jobs,
/// Workloads, Roles and RoleBindings; "unselected" those of them that exist and that no
/// ClusterQueue's namespaceSelector selects (sim::check_namespace); "bypass" those plus the
/// namespaces with LocalQueues where a Job without kueue.x-k8s.io/queue-name is ignored by
/// Kueue under `kueue` (sim::unlabelled_jobs), with a note per reason. `kueue` null: no
/// Configuration was given; Kueue's defaults are assumed and a note says so.
rbac::NamespaceSets governed_namespaces(const model::Cluster& c, const model::KueueConfig* kueue = nullptr);

}  // namespace kg::lint
