// Kueue's preemption condition message, written by the scheduler when it evicts a
// workload and read back by `explain`, audit ingest and the evidence report
// (kueue-admission.md R7.9). Kueue: pkg/scheduler/preemption/preemption.go
// (preemptionMessage, humanReadablePreemptionReasons). Formatting and parsing live in
// this one file so that they cannot drift apart.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace kg::sim {

/// The Preempted condition's reasons and the preemption rule each one names.
/// InClusterQueue -> withinClusterQueue, InCohortReclamation -> reclaimWithinCohort,
/// InCohortReclaimWhileBorrowing -> borrowWithinCohort, InCohortFairSharing -> fairSharing;
/// "" for a reason Kueue does not write.
std::string_view preemption_rule(std::string_view reason);
/// "prioritization in the ClusterQueue", ...; "" for an unknown reason.
std::string_view preemption_reason_text(std::string_view reason);

struct PreemptionMessage {
    std::string preemptor_uid;      ///< "UNKNOWN" when Kueue did not know it
    std::string preemptor_job_uid;  ///< likewise
    std::string reason;             ///< InClusterQueue, ...
    std::string preemptor_path;     ///< "/root/cohort/cq"
    std::string preemptee_path;
};

/// "Preempted to accommodate a workload (UID: u, JobUID: j) due to <reason text>; preemptor
/// path: /..; preemptee path: /.."
std::string format_preemption_message(const PreemptionMessage& m);

/// The parts of a message in that shape. Older Kueue versions wrote fewer parts: the ones
/// missing stay empty. nullopt when the text is not a preemption message at all.
std::optional<PreemptionMessage> parse_preemption_message(std::string_view message);

}  // namespace kg::sim
