// Admissions and waits per ClusterQueue from the Workload steps in the evidence store.
// An admission is a QuotaReserved transition in the period; its wait runs from the Workload's
// creation, or after an eviction from its requeue (or the eviction itself when no requeue was
// logged), to the reservation.
#pragma once

#include "audit/effects/effects.h"
#include "audit/history.h"

#include <map>
#include <string>
#include <vector>

namespace kg::audit::effects {

struct AdmissionTally {
    std::int64_t admissions = 0;
    std::vector<std::int64_t> waits_seconds;
};

/// `steps` ordered by time (as the store's query returns them). Keyed by ClusterQueue.
std::map<std::string, AdmissionTally> admissions_from_steps(const std::vector<WorkloadStep>& steps, Span span);

}  // namespace kg::audit::effects
