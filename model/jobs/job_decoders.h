// Jobs that Kueue manages, turned into the pod sets of the Workload Kueue would
// create for them (pkg/controller/jobs/*: each integration's PodSets()). Each Job
// keeps its queue-name label, or its absence, for the bypass rules.
#pragma once

#include "model/cluster.h"
#include "model/diagnostic.h"
#include "model/yaml/node.h"

namespace kg::model::jobs {

/// True when (apiVersion, kind) is a job kind with a Kueue integration we derive.
bool is_job_kind(std::string_view api_version, std::string_view kind);
/// Decodes a job kind into Cluster::jobs: queue name (label, else the annotation older Kueue
/// accepted), WorkloadPriorityClass label, suspend, the PriorityClass Kueue falls back to, and
/// the pod sets the integration's PodSets() builds. Pods owned by another object are counted in
/// Cluster::skipped_kinds (their owner's Workload accounts for them); Pods sharing a
/// kueue.x-k8s.io/pod-group-name label are merged into one Job (Job::workload_name = group).
void decode_job(const yaml::Node& obj, ObjectMeta meta, Cluster& out, DiagSink& diags);

}  // namespace kg::model::jobs
