// RayCluster and RayJob (pkg/controller/jobs/raycluster/common.go BuildPodSets,
// rayjob/rayjob_controller.go): "head" (1 pod), one pod set per worker group
// (replicas × numOfHosts), then for RayJob the "submitter" pod in K8sJobMode, or the
// submitter container added to the head pod in SidecarMode.
#include "model/decode/fields.h"
#include "model/jobs/pod_set_builders.h"

namespace kg::model::jobs::detail {

namespace {

Located<Quantity> q(std::string_view text) { return Located<Quantity>(*Quantity::parse(text)); }

// KubeRay's defaults that Kueue adds to quota (raycluster/common.go, rayjob_controller.go).
Container fixed_container(std::string name, std::string_view cpu_req, std::string_view mem_req,
                          std::string_view cpu_lim, std::string_view mem_lim) {
    Container c;
    c.name = std::move(name);
    c.requests["cpu"] = q(cpu_req);
    c.requests["memory"] = q(mem_req);
    c.limits["cpu"] = q(cpu_lim);
    c.limits["memory"] = q(mem_lim);
    return c;
}

// GCS fault tolerance with Redis: KubeRay runs a cleanup Job (200m CPU, 256Mi) from the head's
// Ray container, so Kueue raises that container's requests to at least those values.
void account_for_redis_cleanup(PodSet& head) {
    if (head.template_spec.containers.empty()) {
        return;
    }
    ResourceList& req = head.template_spec.containers.front().requests;
    for (auto [name, text] : {std::pair<const char*, const char*>{"cpu", "200m"}, {"memory", "256Mi"}}) {
        Located<Quantity> v = q(text);
        auto it = req.find(name);
        if (it == req.end()) {
            req.emplace(name, v);
        } else if (it->second.value < v.value) {
            it->second.value = v.value;
        }
    }
}

void build_pod_sets(const Node* spec, const ObjectMeta& meta, Job& job, DiagSink& diags) {
    if (!decode::is_mapping(spec, diags, "rayClusterSpec")) {
        return;
    }
    const Node* head = spec->get("headGroupSpec");
    PodSet head_ps = make_pod_set("head", head ? head->pos : spec->pos, 1, head ? head->get("template") : nullptr,
                                  diags);
    auto ft = meta.annotations.find("ray.io/ft-enabled");
    if ((ft != meta.annotations.end() && lower(ft->second) == "true") || spec->get("gcsFaultToleranceOptions")) {
        account_for_redis_cleanup(head_ps);
    }
    // In-tree autoscaling: KubeRay injects an autoscaler sidecar into the head pod.
    if (decode::as_bool(spec->get("enableInTreeAutoscaling"), diags, "enableInTreeAutoscaling").value_or(false)) {
        Container c = fixed_container("autoscaler", "500m", "512Mi", "500m", "512Mi");
        if (const Node* res = spec->at_path("autoscalerOptions.resources"); res && res->is_mapping()) {
            c.requests = decode::as_resource_list(res->get("requests"), diags, "autoscalerOptions.resources.requests");
            c.limits = decode::as_resource_list(res->get("limits"), diags, "autoscalerOptions.resources.limits");
        }
        head_ps.template_spec.containers.push_back(std::move(c));
    }
    job.pod_sets.push_back(std::move(head_ps));

    const Node* workers = spec->get("workerGroupSpecs");
    if (!decode::is_sequence(workers, diags, "workerGroupSpecs")) {
        return;
    }
    for (const Node& w : workers->items) {
        std::int32_t count = int_or(w.get("replicas"), 1, diags, "replicas");
        std::int32_t hosts = int_or(w.get("numOfHosts"), 1, diags, "numOfHosts");
        if (hosts > 1) {
            count = mul_count(count, hosts);
        }
        Located<std::string> name = decode::located_string(w.get("groupName"), diags, "groupName");
        job.pod_sets.push_back(make_pod_set(lower(*name), name.pos, count, w.get("template"), diags));
    }
}

}  // namespace

void ray_cluster(const Node& obj, Job& job, DiagSink& diags) { build_pod_sets(obj.get("spec"), job.meta, job, diags); }

void ray_job(const Node& obj, Job& job, DiagSink& diags) {
    const Node* spec = obj.get("spec");
    build_pod_sets(spec ? spec->get("rayClusterSpec") : nullptr, job.meta, job, diags);
    // KubeRay defaults submissionMode to K8sJobMode.
    std::string mode = "K8sJobMode";
    if (spec) {
        mode = decode::as_string(spec->get("submissionMode"), diags, "submissionMode").value_or(mode);
    }
    if (mode == "K8sJobMode") {
        const Node* tmpl = spec ? spec->get("submitterPodTemplate") : nullptr;
        PodSet submitter = make_pod_set("submitter", tmpl ? tmpl->pos : obj.pos, 1, tmpl, diags);
        if (!tmpl || tmpl->is_null()) {
            submitter.template_spec.containers.push_back(
                fixed_container("ray-job-submitter", "500m", "200Mi", "1", "1Gi"));
        }
        job.pod_sets.push_back(std::move(submitter));
    } else if (mode == "SidecarMode") {
        for (PodSet& ps : job.pod_sets) {
            if (*ps.name == "head") {
                ps.template_spec.containers.push_back(
                    fixed_container("ray-job-submitter", "500m", "200Mi", "1", "1Gi"));
                break;
            }
        }
    }
}

}  // namespace kg::model::jobs::detail
