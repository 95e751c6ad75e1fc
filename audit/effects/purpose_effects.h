// Operational effects per purpose (issue 19 item 5) for the evidence report: admissions, waits,
// preemptions and resource-hours of the period, grouped by the purpose model::resolve_purpose
// gives each Workload's LocalQueue and namespace. The store records no workload labels, so
// selector entries of the policy do not decide here (the report says so).
#pragma once

#include "audit/chargeback.h"
#include "audit/effects/effects.h"
#include "audit/history.h"
#include "model/purpose.h"

#include <string>
#include <vector>

namespace kg::audit::effects {

struct PurposeResourceHours {
    std::string resource;
    MilliSeconds used = 0;  ///< milli-units x seconds of quota reserved in the period
};

struct PurposeEffects {
    std::string purpose;  ///< model::k_no_purpose for work no mapping decides
    std::int64_t admissions = 0;
    std::vector<std::int64_t> waits_seconds;  ///< one per admission with a known start
    std::int64_t preemptions = 0;
    std::vector<PurposeResourceHours> usage;  ///< sorted by resource
};

/// One entry per purpose with activity, sorted, the no-purpose entry last. Admissions, waits and
/// preemptions are counted exactly as per ClusterQueue (admissions_from_steps,
/// preemptions_from_steps), keyed by purpose instead; usage sums `intervals` within `span`.
std::vector<PurposeEffects> purpose_effects(const std::vector<WorkloadStep>& steps,
                                            const std::vector<QuotaInterval>& intervals, Span span,
                                            const model::PurposePolicy& policy);

}  // namespace kg::audit::effects
