// Dominant Resource Share (Kueue pkg/cache/scheduler/fair_sharing.go):
// kueue-admission.md R8.2.
#pragma once

#include "sim/drs.h"
#include "sim/snapshot.h"

namespace kg::sim {

/// R8.2.1, with optional extra usage on the node.
DRS dominant_resource_share(const Snapshot& s, int n, const FRAmounts& extra = {});
/// R8.2.1 of the node as it is: the share depends on the node's own usage and on quotas that
/// never change during a run, so it is computed once per change of that usage and kept on the
/// node (ResourceNode::drs). The reference is valid until the node's usage next changes.
const DRS& node_share(const Snapshot& s, int n);
/// R8.2.2: <0, 0, >0.
int compare_drs(const DRS& a, const DRS& b);

}  // namespace kg::sim
