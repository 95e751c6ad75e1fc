// Pods and the serving kinds Kueue manages through its pod integration
// (pkg/controller/jobs/{pod,deployment,statefulset,leaderworkerset}).
#include "model/decode/fields.h"
#include "model/jobs/pod_set_builders.h"

namespace kg::model::jobs::detail {

namespace {
constexpr std::string_view k_admission_gate = "kueue.x-k8s.io/admission";

const Node* spec_template(const Node& obj) { return obj.at_path("spec.template"); }
}  // namespace

// A plain Pod: pod set "main" with one pod; it waits while Kueue's scheduling gate is on it.
void pod(const Node& obj, Job& job, DiagSink& diags) {
    const Node* spec = obj.get("spec");
    PodSet ps;
    ps.name = Located<std::string>("main", spec ? spec->pos : obj.pos);
    ps.template_spec = decode::decode_pod_spec(spec, diags);
    job.pod_sets.push_back(std::move(ps));
    job.suspend = false;
    if (const Node* gates = spec ? spec->get("schedulingGates") : nullptr; gates && gates->is_sequence()) {
        for (const Node& g : gates->items) {
            if (const Node* n = g.get("name"); n && n->is_scalar() && n->scalar == k_admission_gate) {
                job.suspend = true;
            }
        }
    }
}

// Deployment: Kueue manages each pod as its own single-pod Workload (serving workloads).
void deployment(const Node& obj, Job& job, DiagSink& diags) {
    const Node* tmpl = spec_template(obj);
    job.pod_sets.push_back(make_pod_set("main", tmpl ? tmpl->pos : obj.pos, 1, tmpl, diags));
    job.workload_count = int_or(obj.at_path("spec.replicas"), 1, diags, "spec.replicas");
    job.suspend = false;
}

// StatefulSet: its pods form one pod group; role "main" with spec.replicas pods (default 1).
void stateful_set(const Node& obj, Job& job, DiagSink& diags) {
    const Node* tmpl = spec_template(obj);
    job.pod_sets.push_back(make_pod_set("main", tmpl ? tmpl->pos : obj.pos,
                                        int_or(obj.at_path("spec.replicas"), 1, diags, "spec.replicas"), tmpl,
                                        diags));
    job.suspend = false;
}

// LeaderWorkerSet: one Workload per group (spec.replicas, default 1). With a leaderTemplate:
// "leader" (1) and "worker" (size-1); without: "main" with size pods (leaderworkerset_reconciler.go).
void leader_worker_set(const Node& obj, Job& job, DiagSink& diags) {
    const Node* lwt = obj.at_path("spec.leaderWorkerTemplate");
    if (!decode::is_mapping(lwt, diags, "spec.leaderWorkerTemplate")) {
        return;
    }
    std::int32_t size = int_or(lwt->get("size"), 1, diags, "size");
    const Node* worker = lwt->get("workerTemplate");
    const Node* leader = lwt->get("leaderTemplate");
    if (leader && !leader->is_null()) {
        job.pod_sets.push_back(make_pod_set("leader", leader->pos, 1, leader, diags));
        job.pod_sets.push_back(make_pod_set("worker", worker ? worker->pos : lwt->pos, size - 1, worker, diags));
    } else {
        job.pod_sets.push_back(make_pod_set("main", worker ? worker->pos : lwt->pos, size, worker, diags));
    }
    job.workload_count = int_or(obj.at_path("spec.replicas"), 1, diags, "spec.replicas");
    job.suspend = false;
}

}  // namespace kg::model::jobs::detail
