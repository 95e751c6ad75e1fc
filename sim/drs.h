// The dominant resource share of one node (Kueue pkg/cache/scheduler/fair_sharing.go
// DRS): kueue-admission.md R8.2. Apart from sim/fair_sharing.h so that a ResourceNode can
// keep its own, computed once per change of its usage (snapshot.h).
#pragma once

#include "sim/flavor_resource.h"

namespace kg::sim {

struct DRS {
    double ratio = 0;  ///< unweighted dominant ratio (per mille of lendable)
    double weight = 1;
    bool borrowing = false;
    FRSet borrowing_frs;
    bool infinite() const { return weight == 0 && ratio > 0; }
};

}  // namespace kg::sim
