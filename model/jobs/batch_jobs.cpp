// batch/v1 Job, JobSet and Kubeflow TrainJob (pkg/controller/jobs/{job,jobset,trainjob}).
#include "model/decode/fields.h"
#include "model/jobs/pod_set_builders.h"

#include <charconv>

namespace kg::model::jobs::detail {

namespace {
constexpr std::string_view k_min_parallelism = "kueue.x-k8s.io/job-min-parallelism";
}  // namespace

// One pod set "main": min(parallelism, completions) pods; minCount (partial admission) from
// the job-min-parallelism annotation when it is an integer (job_controller.go minPodsCount).
void batch_job(const Node& obj, Job& job, DiagSink& diags) {
    const Node* spec = obj.get("spec");
    const Node* tmpl = spec ? spec->get("template") : nullptr;
    PodSet ps = make_pod_set("main", tmpl ? tmpl->pos : obj.pos, job_pods(spec, diags), tmpl, diags);
    auto it = job.meta.annotations.find(std::string(k_min_parallelism));
    if (it != job.meta.annotations.end()) {
        // Go's strconv.Atoi: optional sign, decimal digits, nothing else. Kueue ignores other text.
        std::string_view v = it->second;
        if (!v.empty() && v.front() == '+') {
            v.remove_prefix(1);
        }
        std::int32_t n = 0;
        auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
        if (ec == std::errc{} && end == v.data() + v.size() && !v.empty()) {
            ps.min_count = n;
        } else {
            diags.warning(job.meta.annotation_pos[it->first],
                          "expected an integer in annotation " + std::string(k_min_parallelism) + ", found \"" +
                              it->second + "\"; Kueue ignores it");
        }
    }
    job.pod_sets.push_back(std::move(ps));
}

// One pod set per replicatedJob, named after it: replicas (default 1) × pods per Job.
void job_set(const Node& obj, Job& job, DiagSink& diags) {
    const Node* rjs = obj.at_path("spec.replicatedJobs");
    if (!decode::is_sequence(rjs, diags, "spec.replicatedJobs")) {
        return;
    }
    for (const Node& rj : rjs->items) {
        if (!decode::is_mapping(&rj, diags, "spec.replicatedJobs[]")) {
            continue;
        }
        std::int32_t replicas = int_or(rj.get("replicas"), 1, diags, "replicas");
        const Node* job_spec = rj.at_path("template.spec");
        Located<std::string> name = decode::located_string(rj.get("name"), diags, "name");
        job.pod_sets.push_back(make_pod_set(lower(*name), name.pos, mul_count(replicas, job_pods(job_spec, diags)),
                                            job_spec ? job_spec->get("template") : nullptr, diags));
    }
}

// Kueue builds TrainJob pod sets from the JobSet its TrainingRuntime would create, which
// the model does not load. Approximation: the trainer's pod set "node" with numNodes pods
// (default 1) requesting spec.trainer.resourcesPerNode; initializer pods are not counted.
void train_job(const Node& obj, Job& job, DiagSink& diags) {
    const Node* trainer = obj.at_path("spec.trainer");
    PodSet ps = make_pod_set("node", trainer ? trainer->pos : obj.pos,
                             int_or(trainer ? trainer->get("numNodes") : nullptr, 1, diags, "numNodes"), nullptr,
                             diags);
    Container c;
    c.name = "node";
    if (trainer) {
        if (const Node* res = trainer->get("resourcesPerNode"); decode::is_mapping(res, diags, "resourcesPerNode")) {
            c.requests = decode::as_resource_list(res->get("requests"), diags, "resourcesPerNode.requests");
            c.limits = decode::as_resource_list(res->get("limits"), diags, "resourcesPerNode.limits");
        }
    }
    ps.template_spec.containers.push_back(std::move(c));
    job.pod_sets.push_back(std::move(ps));
}

}  // namespace kg::model::jobs::detail
