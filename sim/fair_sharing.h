// Dominant Resource Share (Kueue pkg/cache/scheduler/fair_sharing.go):
// kueue-admission.md R8.2.
#pragma once

#include "sim/snapshot.h"

#include <set>

namespace kg::sim {

struct DRS {
    double ratio = 0;  ///< unweighted dominant ratio (per mille of lendable)
    double weight = 1;
    bool borrowing = false;
    FRSet borrowing_frs;
    bool infinite() const { return weight == 0 && ratio > 0; }
};

/// R8.2.1, with optional extra usage on the node.
DRS dominant_resource_share(const Snapshot& s, int n, const FRAmounts& extra = {});
/// R8.2.2: <0, 0, >0.
int compare_drs(const DRS& a, const DRS& b);

}  // namespace kg::sim
