// The usage chart's data: one ClusterQueue's held quota of one (flavor, resource) over the
// period, beside the nominal quota and borrowing limit in force at each step.
#pragma once

#include "audit/effects/effects.h"
#include "audit/evidence.h"

#include <string>
#include <vector>

namespace kg::audit::effects {

/// Picks the (flavor, resource) with the most held quota-time in the period (else the
/// ClusterQueue's first quota) and returns its usage as steps where usage or the quota
/// revision changes. Empty when the ClusterQueue has neither intervals nor quota.
UsageSeries usage_series(const std::string& cluster_queue, const std::vector<QuotaInterval>& ivs,
                         const std::vector<QuotaVersion>& vs, Span span);

}  // namespace kg::audit::effects
