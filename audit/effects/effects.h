// Per-ClusterQueue operational effects of the queue policy over a period (audit-evidence.md
// section 4.3 item 8): admissions, waits, preemptions, usage against quota and Jobs that
// bypassed the queue. Computed from the evidence store's history (the full record of the
// period) or from one export (what a snapshot can show). Results only: report/ renders them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace kg::audit::effects {

/// The period under report, [from, to) in Unix seconds.
struct Span {
    std::int64_t from = 0, to = 0;
    bool contains_s(std::int64_t s) const { return s >= from && s < to; }
    bool contains_us(std::int64_t us) const { return us >= from * 1'000'000 && us < to * 1'000'000; }
};

/// One step of a queue's usage of one (flavor, resource), in force from `time` on.
struct UsagePoint {
    std::int64_t time = 0;  ///< Unix seconds
    std::int64_t used_milli = 0, nominal_milli = 0;
    std::optional<std::int64_t> borrowing_limit_milli;  ///< nullopt = unlimited
};

/// The (flavor, resource) of a ClusterQueue that held the most quota-time, as a step function.
struct UsageSeries {
    std::string flavor, resource;  ///< "" when the ClusterQueue has no quota at all
    std::vector<UsagePoint> points;
};

/// Preemptions of one ClusterQueue's Workloads with one reason by one preemptor.
struct PreemptionTally {
    std::string reason;     ///< Kueue's rule (InClusterQueue, ...) or the eviction reason
    std::string preemptor;  ///< as Kueue named it; "not named by this Kueue version" otherwise
    std::int64_t count = 0;
};

/// A Job that ran outside Kueue in a namespace some ClusterQueue serves.
struct BypassJob {
    std::string kind, namespace_, name;
    /// ClusterQueues serving the namespace through its LocalQueues at the end of the period,
    /// sorted. The Job is counted against a ClusterQueue only when there is exactly one.
    std::vector<std::string> serving;
};

struct QueueEffects {
    std::string cluster_queue;
    std::int64_t admissions = 0;
    std::vector<std::int64_t> waits_seconds;  ///< one per admission with a known start
    UsageSeries usage;
    std::vector<PreemptionTally> preemptions;  ///< sorted by (reason, preemptor)
    std::int64_t bypass_jobs = 0;              ///< Jobs attributed to this ClusterQueue alone
};

struct PeriodEffects {
    std::vector<QueueEffects> queues;  ///< sorted by ClusterQueue name
    /// Bypass Jobs in namespaces served by several ClusterQueues: each listed once here rather
    /// than counted against every ClusterQueue (which would count one Job several times).
    std::vector<BypassJob> unattributed_bypass;
};

}  // namespace kg::audit::effects
