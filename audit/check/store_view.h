// Fills a HistoryView from the evidence store (audit/store/queries.h): the one place where
// the history rules meet SQL. Part of kg_audit, not of the SQL-free kg_audit_check.
#pragma once

#include "audit/check/view.h"
#include "audit/store/store.h"

namespace kg::audit::check {

/// Reads every history the rules use into `v` (policy, kueue, period and thresholds are left
/// as set). Quota intervals and versions are read for the period; without an end, up to the
/// latest time the evidence shows, where reservations still open are taken to end.
void fill_view(const EvidenceStore& store, HistoryView& v);

/// The number of distinct objects the view's history is about (Jobs, Workloads, queue objects).
std::size_t object_count(const HistoryView& v);

}  // namespace kg::audit::check
