// Quota held and work waiting per purpose (issue 19 item 5), for `inspect --policy`: the same
// counting as the queue overview (reserving Workloads' status.admission, pending Workloads and
// suspended Jobs without one), grouped by the purpose model::purpose_of gives each workload.
#pragma once

#include "model/cluster.h"
#include "model/purpose.h"
#include "sim/queue_overview.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace kg::sim {

struct PurposeUsage {
    std::string purpose;  ///< model::k_no_purpose for work no mapping decides
    /// Quota reserved right now, per (flavor, resource), in Kueue amounts (cpu in milli).
    std::map<FlavorResource, std::int64_t> usage;
    int reserving = 0;  ///< workloads holding quota
    int admitted = 0;   ///< of those, Admitted=True
    int pending = 0;    ///< workloads (and suspended Jobs without a Workload) waiting
};

/// One row per purpose that has work, sorted by name, the no-purpose row last. Empty when the
/// policy maps nothing.
std::vector<PurposeUsage> purpose_usage(const model::Cluster& cluster, const model::PurposePolicy& policy);

}  // namespace kg::sim
