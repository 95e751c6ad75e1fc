// The Workload(s) Kueue's job framework would create for a Job it manages
// (pkg/controller/jobframework/reconciler.go ConstructWorkload, workload_names.go,
// ExtractPriority), so the simulator can queue jobs that have no Workload yet.
#pragma once

#include "model/cluster.h"

#include <string>
#include <string_view>
#include <vector>

namespace kg::model::jobs {

/// GetWorkloadNameForOwnerWithGVK: "<lower-case kind>-<owner name>" cut to 247 characters,
/// "-", then the first 5 hex digits of SHA-1("<Kind>\n<group>\n<name>\n<uid>"). ShortWorkloadNames
/// (alpha, off) is not modelled.
std::string workload_name_for_owner(std::string_view owner_name, std::string_view owner_uid, std::string_view kind,
                                    std::string_view group);

/// The Workload Kueue would create for `job` (the first one when job.workload_count > 1): name
/// as above (pod groups: the group name), the job's namespace, queue name, pod sets, active,
/// owner reference, label kueue.x-k8s.io/job-uid, and priority resolved per R1.6.2 from the
/// cluster's WorkloadPriorityClasses and PriorityClasses. When the named class does not exist
/// Kueue creates no Workload; here spec.priority stays unset (reads as 0) and the class
/// reference is kept so callers can report it.
Workload workload_for_job(const Job& job, const Cluster& cluster);

/// Every Workload Kueue creates for `job`: Deployment, one single-pod Workload per replica
/// (named after synthetic pod names "<deployment>-<i>", since real pod names are generated);
/// LeaderWorkerSet, one per group ("<lws>-<i>"); otherwise exactly one.
std::vector<Workload> workloads_for_job(const Job& job, const Cluster& cluster);

}  // namespace kg::model::jobs
