// The operational-effects engine of the evidence report: per ClusterQueue admissions, waits,
// preemptions, usage and bypass Jobs for a period, from the evidence store's history or from one
// export. Every ClusterQueue that exists at the end of the period is listed, with or without
// activity, and so is any ClusterQueue the period's evidence names.
#pragma once

#include "audit/check/view.h"
#include "audit/effects/effects.h"
#include "model/cluster.h"

#include <vector>

namespace kg::audit::effects {

/// From the store's history (`view` filled for the period). `c` holds the ClusterQueues and
/// LocalQueues at the end of the period; `bypass` the Jobs found outside the queue.
PeriodEffects effects_from_history(const check::HistoryView& view, const model::Cluster& c, Span span,
                                   std::vector<BypassJob> bypass);

/// From one export taken at `span.to`: usage from the reservations open at the export.
PeriodEffects effects_from_export(const model::Cluster& c, Span span, std::vector<BypassJob> bypass);

}  // namespace kg::audit::effects
