// Dispatch from (apiVersion group, kind) to the integration's pod set builder, plus
// what every integration shares: the queue-name label (or its absence), the
// WorkloadPriorityClass label, suspend, the PriorityClass Kueue falls back to, and
// pod groups (Pods sharing kueue.x-k8s.io/pod-group-name become one Job).
#include "model/jobs/job_decoders.h"

#include "model/decode/fields.h"
#include "model/jobs/pod_set_builders.h"
#include "model/pod_requests.h"

#include <algorithm>
#include <cstdio>

namespace kg::model::jobs {

namespace {

using yaml::Node;

constexpr std::string_view k_queue_label = "kueue.x-k8s.io/queue-name";
constexpr std::string_view k_priority_label = "kueue.x-k8s.io/priority-class";
constexpr std::string_view k_pod_group_label = "kueue.x-k8s.io/pod-group-name";
constexpr std::string_view k_role_hash_annotation = "kueue.x-k8s.io/role-hash";

std::string_view group_of(std::string_view api_version) {
    std::size_t slash = api_version.find('/');
    return slash == std::string_view::npos ? std::string_view() : api_version.substr(0, slash);
}

// The label, or the annotation of the same name that older Kueue versions accepted.
bool label_or_annotation(const ObjectMeta& meta, std::string_view key, Located<std::string>& into) {
    std::string k(key);
    if (auto it = meta.labels.find(k); it != meta.labels.end()) {
        auto pos = meta.label_pos.find(k);
        into = Located<std::string>(it->second, pos == meta.label_pos.end() ? SourcePos{} : pos->second);
        return true;
    }
    if (auto it = meta.annotations.find(k); it != meta.annotations.end()) {
        auto pos = meta.annotation_pos.find(k);
        into = Located<std::string>(it->second, pos == meta.annotation_pos.end() ? SourcePos{} : pos->second);
        return true;
    }
    return false;
}

// Returns false for an (apiVersion, kind) this module does not derive.
bool build(const Node& obj, Job& job, DiagSink& diags) {
    std::string_view api = job.meta.api_version;
    std::string_view group = group_of(api);
    std::string_view kind = job.meta.kind;
    if (group == "batch" && kind == "Job") {
        detail::batch_job(obj, job, diags);
    } else if (group == "jobset.x-k8s.io" && kind == "JobSet") {
        detail::job_set(obj, job, diags);
    } else if (group == "trainer.kubeflow.org" && kind == "TrainJob") {
        detail::train_job(obj, job, diags);
    } else if (group == "kubeflow.org" && detail::is_kubeflow_kind(kind)) {
        detail::kubeflow_job(obj, kind, job, diags);
    } else if (group == "kubeflow.org" && kind == "MPIJob") {
        detail::mpi_job(obj, job, diags);
    } else if (group == "ray.io" && kind == "RayJob") {
        detail::ray_job(obj, job, diags);
    } else if (group == "ray.io" && kind == "RayCluster") {
        detail::ray_cluster(obj, job, diags);
    } else if (api == "v1" && kind == "Pod") {
        detail::pod(obj, job, diags);
    } else if (group == "apps" && kind == "Deployment") {
        detail::deployment(obj, job, diags);
    } else if (group == "apps" && kind == "StatefulSet") {
        detail::stateful_set(obj, job, diags);
    } else if (group == "leaderworkerset.x-k8s.io" && kind == "LeaderWorkerSet") {
        detail::leader_worker_set(obj, job, diags);
    } else if (group == "sparkoperator.k8s.io" && kind == "SparkApplication") {
        detail::spark_application(obj, job, diags);
    } else if (group == "workload.codeflare.dev" && kind == "AppWrapper") {
        detail::app_wrapper(obj, job, diags);
    } else {
        return false;
    }
    return true;
}

// Stand-in for Kueue's role hash (sha256 over the pod's spec shape) when a pod carries no
// kueue.x-k8s.io/role-hash annotation: 8 hex digits of FNV-1a over the resource shape. Pods
// with equal requests, limits and overhead share a role, as identical replicas do in Kueue.
std::string resource_shape_role(const PodSpec& spec) {
    std::string shape;
    auto list = [&shape](const ResourceList& l) {
        for (const auto& [name, q] : l) {
            shape += name + "=" + q.value.to_string() + ",";
        }
        shape += ";";
    };
    for (const auto* cs : {&spec.init_containers, &spec.containers}) {
        for (const Container& c : *cs) {
            list(c.requests);
            list(c.limits);
            shape += c.restart_policy + "|";
        }
        shape += "#";
    }
    list(spec.pod_requests);
    list(spec.pod_limits);
    list(spec.overhead);
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(fnv1a64(shape)));
    return std::string(buf, 8);
}

// Pods of one group become one Job whose Workload is named after the group; each distinct
// role is a pod set counting its pods, pod sets sorted by name (pod_controller.go
// constructGroupPodSets).
void add_to_pod_group(Job&& pod_job, const std::string& group, Cluster& out) {
    auto role_it = pod_job.meta.annotations.find(std::string(k_role_hash_annotation));
    PodSet ps = std::move(pod_job.pod_sets.front());
    ps.name.value = detail::lower(role_it != pod_job.meta.annotations.end() ? role_it->second
                                                                            : resource_shape_role(ps.template_spec));
    for (Job& j : out.jobs) {
        if (j.meta.kind == "Pod" && j.workload_name == group && *j.meta.namespace_ == *pod_job.meta.namespace_) {
            j.suspend = j.suspend || pod_job.suspend;
            for (PodSet& existing : j.pod_sets) {
                if (*existing.name == *ps.name) {
                    existing.count += existing.count < INT32_MAX ? 1 : 0;
                    return;
                }
            }
            j.pod_sets.push_back(std::move(ps));
            std::stable_sort(j.pod_sets.begin(), j.pod_sets.end(),
                             [](const PodSet& a, const PodSet& b) { return *a.name < *b.name; });
            return;
        }
    }
    pod_job.pod_sets.clear();
    pod_job.pod_sets.push_back(std::move(ps));
    pod_job.workload_name = group;
    out.jobs.push_back(std::move(pod_job));
}

}  // namespace

bool is_job_kind(std::string_view api_version, std::string_view kind) {
    std::string_view group = group_of(api_version);
    return (group == "batch" && kind == "Job") || (group == "jobset.x-k8s.io" && kind == "JobSet") ||
           (group == "trainer.kubeflow.org" && kind == "TrainJob") ||
           (group == "kubeflow.org" && (detail::is_kubeflow_kind(kind) || kind == "MPIJob")) ||
           (group == "ray.io" && (kind == "RayJob" || kind == "RayCluster")) ||
           (api_version == "v1" && kind == "Pod") ||
           (group == "apps" && (kind == "Deployment" || kind == "StatefulSet")) ||
           (group == "leaderworkerset.x-k8s.io" && kind == "LeaderWorkerSet") ||
           (group == "sparkoperator.k8s.io" && kind == "SparkApplication") ||
           (group == "workload.codeflare.dev" && kind == "AppWrapper");
}

void decode_job(const yaml::Node& obj, ObjectMeta meta, Cluster& out, DiagSink& diags) {
    // A Pod owned by another object (a Job's, a ReplicaSet's, a StatefulSet's pod) is
    // accounted for by its owner's Workload; deriving it again would count it twice.
    if (meta.kind == "Pod" && !meta.owner_refs.empty()) {
        ++out.skipped_kinds[meta.kind];
        return;
    }
    Job job;
    job.meta = std::move(meta);
    job.has_queue_name = label_or_annotation(job.meta, k_queue_label, job.queue_name);
    label_or_annotation(job.meta, k_priority_label, job.priority_class);
    if (const Node* spec = obj.get("spec"); spec && spec->is_mapping()) {
        job.suspend = decode::as_bool(spec->get("suspend"), diags, "spec.suspend").value_or(false);
    }
    if (!build(obj, job, diags)) {
        ++out.skipped_kinds[job.meta.kind];
        return;
    }
    // jobframework extractPriorityFromPodSets: the first pod set naming a PriorityClass.
    if (job.pod_priority_class->empty()) {
        for (const PodSet& ps : job.pod_sets) {
            if (!ps.template_spec.priority_class_name.empty()) {
                job.pod_priority_class = Located<std::string>(ps.template_spec.priority_class_name, ps.name.pos);
                break;
            }
        }
    }
    auto group = job.meta.labels.find(std::string(k_pod_group_label));
    if (job.meta.kind == "Pod" && group != job.meta.labels.end() && !group->second.empty() &&
        !job.pod_sets.empty()) {
        add_to_pod_group(std::move(job), group->second, out);
        return;
    }
    out.jobs.push_back(std::move(job));
}

}  // namespace kg::model::jobs
