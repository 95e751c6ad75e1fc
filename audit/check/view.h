// What the history rules read: the store's history on model types only (no SQL), plus
// the governance policy, Kueue's manager settings and the period under audit. The CLI
// fills it from audit/store/queries.h; unit tests build it by hand.
#pragma once

#include "model/cluster.h"
#include "audit/evidence.h"
#include "audit/history.h"
#include "model/policy.h"
#include "model/selector.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace kg::audit::check {

/// The period under audit, [from, to) in Unix microseconds; an open end is unbounded.
/// Rules judge only events inside it but may read earlier history (a LocalQueue created
/// before the period still makes a namespace queue-managed).
struct Period {
    std::optional<std::int64_t> from_us, to_us;

    bool contains(std::int64_t ts_us) const {
        return (!from_us || ts_us >= *from_us) && (!to_us || ts_us < *to_us);
    }
    /// An event without a known time is judged only when no period was asked for.
    bool contains(const std::optional<std::int64_t>& ts_us) const {
        return ts_us ? contains(*ts_us) : (!from_us && !to_us);
    }
};

/// Thresholds the policy file has no key for (documented defaults, see KQ5006).
struct Thresholds {
    std::int64_t preemption_burst_count = 10;
    std::int64_t preemption_burst_window_s = 300;
    /// KQ5008: a grant that first allowed a change less than this long before it "appeared
    /// just before" the change.
    std::int64_t rbac_grant_window_s = 3600;
};

struct HistoryView {
    model::GovernancePolicy policy;  ///< empty when no --policy was given
    model::KueueConfig kueue;        ///< the policy's kueue: section, else Kueue's defaults
    Period period;
    Thresholds thresholds;

    std::vector<audit::ObjectChange> changes;  ///< queue-policy objects (LocalQueues included)
    std::vector<audit::RbacVersion> rbac;      ///< RBAC objects' versions, by time
    std::vector<audit::WorkloadStep> steps;
    std::vector<audit::JobRecord> jobs;
    std::vector<audit::JobLabelChange> label_changes;
    std::vector<audit::KueueEvent> events;
    std::vector<audit::QuotaInterval> intervals;
    std::vector<audit::QuotaVersion> versions;
    /// Each namespace's labels as last seen; a namespace missing here still has the
    /// kubernetes.io/metadata.name label the API server always sets.
    std::map<std::string, model::Labels> namespace_labels;
};

}  // namespace kg::audit::check
