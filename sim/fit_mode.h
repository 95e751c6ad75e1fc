// The flavor assigner's verdict on one flavor and resource, and on a whole assignment
// (kueue-admission.md R5.4.2). Kueue: pkg/scheduler/flavorassigner (granularMode, FlavorAssignmentMode).
#pragma once

namespace kg::sim {

/// Granular modes, ranked (R5.4.2).
enum class GMode { no_fit = 0, no_candidates = 1, preempt = 2, reclaim = 3, fit = 4 };
/// Public modes (R5.4.2), ordered NoFit < Preempt < DeferredFit < Fit.
enum class Mode { no_fit = 0, preempt = 1, deferred_fit = 2, fit = 3 };

Mode public_mode(GMode m);
/// "noFit", "noCandidates", "preempt", "reclaim", "fit"
const char* gmode_name(GMode m);

}  // namespace kg::sim
