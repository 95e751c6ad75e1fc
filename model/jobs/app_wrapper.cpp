// AppWrapper (pkg/controller/jobs/appwrapper, appwrapper utils GetComponentPodSpecs):
// every pod set of every component, named "<appwrapper>-<n>" with n counting across
// components. A component's pod sets are its declared spec.components[].podSets, or
// those the AppWrapper controller infers for known kinds (InferPodSets).
#include "model/decode/fields.h"
#include "model/jobs/pod_set_builders.h"

namespace kg::model::jobs::detail {

namespace {

struct AwPodSet {
    std::int32_t replicas = 1;
    std::string path;
};

// GetReplicas/inferReplicas: an integer at the path, else the default.
std::int32_t replicas_at(const Node& root, const std::string& path, std::int32_t dflt, DiagSink& diags) {
    const Node* n = node_at_path(root, path);
    return int_or(n, dflt, diags, path);
}

void add_job_spec(const Node& root, const std::string& prefix, std::int32_t multiplier, std::vector<AwPodSet>& out,
                  DiagSink& diags) {
    std::int32_t pods = replicas_at(root, prefix + "template.spec.parallelism", 1, diags);
    if (node_at_path(root, prefix + "template.spec.completions")) {
        pods = std::min(pods, replicas_at(root, prefix + "template.spec.completions", pods, diags));
    }
    out.push_back({mul_count(multiplier, pods), prefix + "template.spec.template"});
}

void add_ray(const Node& root, const std::string& prefix, std::vector<AwPodSet>& out, DiagSink& diags) {
    out.push_back({1, prefix + "headGroupSpec.template"});
    const Node* workers = node_at_path(root, prefix + "workerGroupSpecs");
    for (std::size_t i = 0; workers && workers->is_sequence() && i < workers->items.size(); ++i) {
        std::string wp = prefix + "workerGroupSpecs[" + std::to_string(i) + "].";
        if (node_at_path(root, wp + "template")) {
            out.push_back({replicas_at(root, wp + "replicas", 1, diags), wp + "template"});
        }
    }
}

std::vector<AwPodSet> infer_pod_sets(const Node& root, DiagSink& diags) {
    std::vector<AwPodSet> out;
    std::string api = root.get("apiVersion") ? root.get("apiVersion")->scalar : "";
    std::string kind = root.get("kind") ? root.get("kind")->scalar : "";
    if (api == "batch/v1" && kind == "Job") {
        add_job_spec(root, "", 1, out, diags);
    } else if (api == "jobset.x-k8s.io/v1alpha2" && kind == "JobSet") {
        const Node* rjs = node_at_path(root, "template.spec.replicatedJobs");
        for (std::size_t i = 0; rjs && rjs->is_sequence() && i < rjs->items.size(); ++i) {
            std::string p = "template.spec.replicatedJobs[" + std::to_string(i) + "].";
            if (node_at_path(root, p + "template")) {
                std::int32_t replicas = replicas_at(root, p + "replicas", 1, diags);
                std::vector<AwPodSet> one;
                add_job_spec(root, p, replicas, one, diags);
                out.push_back(one.front());
            }
        }
    } else if (api == "kubeflow.org/v1" && kind == "PyTorchJob") {
        for (std::string type : {"Master", "Worker"}) {
            std::string p = "template.spec.pytorchReplicaSpecs." + type + ".";
            if (node_at_path(root, p + "template")) {
                out.push_back({replicas_at(root, p + "replicas", 1, diags), p + "template"});
            }
        }
    } else if (api == "ray.io/v1" && kind == "RayCluster") {
        add_ray(root, "template.spec.", out, diags);
    } else if (api == "ray.io/v1" && kind == "RayJob") {
        add_ray(root, "template.spec.rayClusterSpec.", out, diags);
    } else if (api == "v1" && kind == "Pod") {
        out.push_back({1, "template"});
    } else if (api == "apps/v1" && (kind == "Deployment" || kind == "StatefulSet")) {
        if (node_at_path(root, "template.spec.template")) {
            out.push_back({replicas_at(root, "template.spec.replicas", 1, diags), "template.spec.template"});
        }
    }
    return out;
}

}  // namespace

void app_wrapper(const Node& obj, Job& job, DiagSink& diags) {
    const Node* comps = obj.at_path("spec.components");
    if (!decode::is_sequence(comps, diags, "spec.components")) {
        return;
    }
    std::size_t index = 0;
    for (const Node& comp : comps->items) {
        const Node* tmpl = comp.get("template");
        if (!tmpl || !tmpl->is_mapping()) {
            continue;
        }
        std::vector<AwPodSet> sets;
        if (const Node* declared = comp.get("podSets"); declared && declared->is_sequence() && !declared->items.empty()) {
            for (const Node& d : declared->items) {
                sets.push_back({int_or(d.get("replicas"), 1, diags, "replicas"),
                                decode::as_string(d.get("path"), diags, "path").value_or("")});
            }
        } else {
            sets = infer_pod_sets(*tmpl, diags);
        }
        for (const AwPodSet& s : sets) {
            const Node* pod_template = node_at_path(*tmpl, s.path);
            if (!pod_template || !pod_template->is_mapping() || !pod_template->get("spec")) {
                continue;  // GetComponentPodSpecs skips paths that do not name a pod template
            }
            PodSet ps = make_pod_set(lower(*job.meta.name + "-" + std::to_string(index)), pod_template->pos,
                                     s.replicas, pod_template, diags);
            // The AppWrapper copies containers, overhead and placement fields, not pod-level resources.
            ps.template_spec.pod_requests.clear();
            ps.template_spec.pod_limits.clear();
            job.pod_sets.push_back(std::move(ps));
            ++index;
        }
    }
}

}  // namespace kg::model::jobs::detail
