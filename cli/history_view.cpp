#include "cli/history_view.h"

#include "audit/store/queries.h"
#include "audit/store/store.h"

#include <algorithm>
#include <climits>

namespace kg::cli {

namespace {

/// The latest time the evidence shows (Unix seconds, rounded up): where reservations still
/// open at the end of the log are taken to end when no period end was given.
std::int64_t evidence_end(const audit::check::HistoryView& v) {
    std::int64_t us = 0;
    for (const auto& c : v.changes) us = std::max(us, c.ts_us);
    for (const auto& s : v.steps) us = std::max(us, s.ts_us);
    for (const auto& j : v.jobs) us = std::max(us, j.created_us.value_or(0));
    for (const auto& c : v.label_changes) us = std::max(us, c.ts_us);
    for (const auto& e : v.events) us = std::max(us, e.ts_us);
    return us / 1000000 + (us % 1000000 ? 1 : 0);
}

}  // namespace

void fill_history_view(const audit::EvidenceStore& store, audit::check::HistoryView& v) {
    v.changes = audit::query::object_changes(store);
    v.steps = audit::query::workload_steps(store);
    v.jobs = audit::query::jobs(store);
    v.label_changes = audit::query::job_label_changes(store);
    v.events = audit::query::kueue_events(store);
    for (const model::NamespaceRecord& n : audit::query::namespaces(store)) {
        v.namespace_labels[n.name] = model::Labels(n.labels.begin(), n.labels.end());  // by time: the last wins
    }
    const std::int64_t from = v.period.from_us ? *v.period.from_us / 1000000 : INT64_MIN;
    const std::int64_t to = v.period.to_us ? *v.period.to_us / 1000000 + (*v.period.to_us % 1000000 ? 1 : 0)
                                           : evidence_end(v);
    v.intervals = audit::query::quota_intervals(store, from, to);
    v.versions = audit::query::quota_versions(store, from, to);
}

}  // namespace kg::cli
