// Kubeflow training-operator jobs and MPIJob (pkg/controller/jobs/kubeflow, mpijob):
// one pod set per replica type present, in Kueue's fixed order, named in lower case,
// replicas default 1. Their PriorityClass comes from runPolicy.schedulingPolicy first.
#include "model/decode/fields.h"
#include "model/jobs/pod_set_builders.h"

#include <array>

namespace kg::model::jobs::detail {

namespace {

struct ReplicaKinds {
    std::string_view kind;
    std::string_view specs_key;
    std::array<std::string_view, 5> order;  ///< OrderedReplicaTypes(); empty entries unused
};

constexpr std::array<ReplicaKinds, 5> k_kubeflow{{
    {"PyTorchJob", "pytorchReplicaSpecs", {"Master", "Worker"}},
    {"TFJob", "tfReplicaSpecs", {"Chief", "Master", "PS", "Worker", "Evaluator"}},
    {"XGBoostJob", "xgbReplicaSpecs", {"Master", "Worker"}},
    {"PaddleJob", "paddleReplicaSpecs", {"Master", "Worker"}},
    {"JAXJob", "jaxReplicaSpecs", {"Worker"}},
}};
constexpr ReplicaKinds k_mpi{"MPIJob", "mpiReplicaSpecs", {"Launcher", "Worker"}};

// The training operator defaults replica type keys to CamelCase ("worker" -> "Worker").
const MapEntry* replica_entry(const Node& specs, std::string_view type) {
    for (const MapEntry& e : specs.entries) {
        if (lower(e.key) == lower(type) && !e.value.is_null()) {
            return &e;
        }
    }
    return nullptr;
}

void replica_pod_sets(const Node& obj, const ReplicaKinds& k, Job& job, DiagSink& diags) {
    const Node* spec = obj.get("spec");
    const Node* specs = spec ? spec->get(k.specs_key) : nullptr;
    if (!decode::is_mapping(specs, diags, "spec." + std::string(k.specs_key))) {
        return;
    }
    std::string first_class;
    for (std::string_view type : k.order) {
        if (type.empty()) {
            break;
        }
        const MapEntry* e = replica_entry(*specs, type);
        if (!e) {
            continue;
        }
        PodSet ps = make_pod_set(lower(type), e->key_pos, int_or(e->value.get("replicas"), 1, diags, "replicas"),
                                 e->value.get("template"), diags);
        if (job.pod_priority_class->empty() && !ps.template_spec.priority_class_name.empty()) {
            job.pod_priority_class = Located<std::string>(ps.template_spec.priority_class_name, ps.name.pos);
        }
        job.pod_sets.push_back(std::move(ps));
    }
    // runPolicy.schedulingPolicy.priorityClass wins over the templates (KubeflowJob.PriorityClass).
    const Node* pc = obj.at_path("spec.runPolicy.schedulingPolicy.priorityClass");
    Located<std::string> run_policy_class = decode::located_string(pc, diags, "priorityClass");
    if (!run_policy_class->empty()) {
        job.pod_priority_class = run_policy_class;
    }
    if (const Node* suspend = obj.at_path("spec.runPolicy.suspend")) {
        job.suspend = decode::as_bool(suspend, diags, "spec.runPolicy.suspend").value_or(false);
    }
}

}  // namespace

bool is_kubeflow_kind(std::string_view kind) {
    for (const ReplicaKinds& k : k_kubeflow) {
        if (k.kind == kind) {
            return true;
        }
    }
    return false;
}

void kubeflow_job(const Node& obj, std::string_view kind, Job& job, DiagSink& diags) {
    for (const ReplicaKinds& k : k_kubeflow) {
        if (k.kind == kind) {
            replica_pod_sets(obj, k, job, diags);
        }
    }
}

void mpi_job(const Node& obj, Job& job, DiagSink& diags) { replica_pod_sets(obj, k_mpi, job, diags); }

}  // namespace kg::model::jobs::detail
