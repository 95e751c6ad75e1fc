// Builds `audit timeline` histories from the store's model types: a Workload's lifecycle, a
// Job's creation, relabels and the lifecycle of the Workloads Kueue made for it, or a
// queue-policy object's writes. Pure: the CLI runs the store queries and passes the rows.
#pragma once

#include "audit/history.h"
#include "audit/timeline.h"

#include <vector>

namespace kg::audit::check {

/// A Workload's lifecycle steps (any order; sorted here).
audit::Timeline workload_timeline(const std::string& namespace_, const std::string& name,
                                  const std::vector<audit::WorkloadStep>& steps);

/// A Job: its creation record, its queue-name/priority-class label changes, and the steps of the
/// Workloads Kueue named after it (`<kind>-<job name>-<5 hex>`, from `steps` of its namespace).
audit::Timeline job_timeline(const audit::JobRecord& job, const std::vector<audit::JobLabelChange>& label_changes,
                             const std::vector<audit::WorkloadStep>& namespace_steps);

/// A queue-policy object (ClusterQueue, LocalQueue, Cohort, ...): each write or snapshot with
/// actor, HTTP status and the fields it changed.
audit::Timeline object_timeline(const model::ObjectRef& object, const std::vector<audit::ObjectChange>& changes);

/// True when `workload` is the name Kueue gives the Workload of job `kind`/`job`.
bool workload_of_job(const std::string& workload, const std::string& kind, const std::string& job);

}  // namespace kg::audit::check
