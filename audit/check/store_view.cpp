// HistoryView from the evidence store (store_view.h).
#include "audit/check/store_view.h"

#include "audit/store/queries.h"

#include <algorithm>
#include <set>

namespace kg::audit::check {

namespace {

/// The latest time the evidence shows, in Unix seconds rounded up.
std::int64_t evidence_end(const HistoryView& v) {
    std::int64_t us = 0;
    for (const auto& c : v.changes) us = std::max(us, c.ts_us);
    for (const auto& s : v.steps) us = std::max(us, s.ts_us);
    for (const auto& j : v.jobs) us = std::max(us, j.created_us.value_or(0));
    for (const auto& c : v.label_changes) us = std::max(us, c.ts_us);
    for (const auto& e : v.events) us = std::max(us, e.ts_us);
    return us / 1000000 + (us % 1000000 ? 1 : 0);
}

}  // namespace

void fill_view(const EvidenceStore& store, HistoryView& v) {
    v.changes = query::object_changes(store);
    v.rbac = query::rbac_versions(store);
    v.steps = query::workload_steps(store);
    v.jobs = query::jobs(store);
    v.label_changes = query::job_label_changes(store);
    v.events = query::kueue_events(store);
    for (const audit::NamespaceRecord& n : query::namespaces(store)) {
        v.namespace_labels[n.name] = model::Labels(n.labels.begin(), n.labels.end());  // by time: the last wins
    }
    const std::int64_t from = v.period.from_us ? *v.period.from_us / 1000000 : INT64_MIN;
    const std::int64_t to =
        v.period.to_us ? *v.period.to_us / 1000000 + (*v.period.to_us % 1000000 ? 1 : 0) : evidence_end(v);
    v.intervals = query::quota_intervals(store, from, to);
    v.versions = query::quota_versions(store, from, to);
}

std::size_t object_count(const HistoryView& v) {
    std::set<std::string> objects;
    for (const auto& c : v.changes) objects.insert(c.kind + "/" + c.namespace_ + "/" + c.name);
    for (const auto& j : v.jobs) objects.insert(j.kind + "/" + j.namespace_ + "/" + j.name);
    for (const auto& s : v.steps) objects.insert("Workload/" + s.namespace_ + "/" + s.name);
    return objects.size();
}

}  // namespace kg::audit::check
