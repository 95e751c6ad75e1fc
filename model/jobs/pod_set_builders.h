// Internal to model/jobs: one builder per Kueue integration, each filling a Job's pod
// sets the way that integration's PodSets() does (pkg/controller/jobs/<kind>/). Shared
// helpers read counts and pod templates from the document tree.
#pragma once

#include "model/diagnostic.h"
#include "model/objects.h"
#include "model/yaml/node.h"

#include <string>
#include <string_view>

namespace kg::model::jobs::detail {

using yaml::MapEntry;
using yaml::Node;

/// ASCII lower case (kueue.NewPodSetReference lower-cases pod set names).
std::string lower(std::string_view s);
/// An int32 field >= 0; `dflt` when absent or null; a diagnostic and `dflt` when malformed.
std::int32_t int_or(const Node* n, std::int32_t dflt, DiagSink& diags, std::string_view field);
/// a × b clamped to int32 (operators validate against overflow; we never wrap).
std::int32_t mul_count(std::int32_t a, std::int32_t b);
/// A pod set from a PodTemplateSpec mapping (`template:`); `name_pos` points at the name.
PodSet make_pod_set(std::string name, SourcePos name_pos, std::int32_t count, const Node* pod_template,
                    DiagSink& diags);
/// batch/v1 JobSpec pods: min(parallelism (default 1), completions) (job_controller.go podsCount).
std::int32_t job_pods(const Node* job_spec, DiagSink& diags);
/// The value at an AppWrapper-style path ("template.spec.replicatedJobs[0].template"),
/// rooted at `root` for the leading "template"; nullptr when it does not resolve.
const Node* node_at_path(const Node& root, std::string_view path);

void batch_job(const Node& obj, Job& job, DiagSink& diags);
void job_set(const Node& obj, Job& job, DiagSink& diags);
void train_job(const Node& obj, Job& job, DiagSink& diags);
/// Kubeflow training-operator kinds (PyTorchJob, TFJob, XGBoostJob, PaddleJob, JAXJob).
bool is_kubeflow_kind(std::string_view kind);
void kubeflow_job(const Node& obj, std::string_view kind, Job& job, DiagSink& diags);
void mpi_job(const Node& obj, Job& job, DiagSink& diags);
void ray_cluster(const Node& obj, Job& job, DiagSink& diags);
void ray_job(const Node& obj, Job& job, DiagSink& diags);
void pod(const Node& obj, Job& job, DiagSink& diags);
void deployment(const Node& obj, Job& job, DiagSink& diags);
void stateful_set(const Node& obj, Job& job, DiagSink& diags);
void leader_worker_set(const Node& obj, Job& job, DiagSink& diags);
void spark_application(const Node& obj, Job& job, DiagSink& diags);
void app_wrapper(const Node& obj, Job& job, DiagSink& diags);

}  // namespace kg::model::jobs::detail
