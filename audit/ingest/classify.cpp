#include "audit/ingest/classify.h"

namespace kg::audit::ingest {

namespace {

struct KindEntry {
    std::string_view group, resource, kind;
    Target target;
};

constexpr KindEntry k_kinds[] = {
    {"kueue.x-k8s.io", "clusterqueues", "ClusterQueue", Target::policy},
    {"kueue.x-k8s.io", "cohorts", "Cohort", Target::policy},
    {"kueue.x-k8s.io", "resourceflavors", "ResourceFlavor", Target::policy},
    {"kueue.x-k8s.io", "localqueues", "LocalQueue", Target::policy},
    {"kueue.x-k8s.io", "workloadpriorityclasses", "WorkloadPriorityClass", Target::policy},
    {"kueue.x-k8s.io", "admissionchecks", "AdmissionCheck", Target::policy},
    {"kueue.x-k8s.io", "workloads", "Workload", Target::workload},
    {"batch", "jobs", "Job", Target::job},
    {"jobset.x-k8s.io", "jobsets", "JobSet", Target::job},
    {"ray.io", "rayjobs", "RayJob", Target::job},
    {"ray.io", "rayclusters", "RayCluster", Target::job},
    {"kubeflow.org", "pytorchjobs", "PyTorchJob", Target::job},
    {"kubeflow.org", "tfjobs", "TFJob", Target::job},
    {"kubeflow.org", "mpijobs", "MPIJob", Target::job},
    {"kubeflow.org", "xgboostjobs", "XGBoostJob", Target::job},
    {"kubeflow.org", "paddlejobs", "PaddleJob", Target::job},
    {"kubeflow.org", "jaxjobs", "JAXJob", Target::job},
    {"trainer.kubeflow.org", "trainjobs", "TrainJob", Target::job},
    {"leaderworkerset.x-k8s.io", "leaderworkersets", "LeaderWorkerSet", Target::job},
    {"workload.codeflare.dev", "appwrappers", "AppWrapper", Target::job},
    {"", "events", "Event", Target::event},
    {"events.k8s.io", "events", "Event", Target::event},
    {"", "namespaces", "Namespace", Target::namespace_},
    {"rbac.authorization.k8s.io", "clusterroles", "ClusterRole", Target::rbac},
    {"rbac.authorization.k8s.io", "clusterrolebindings", "ClusterRoleBinding", Target::rbac},
    {"rbac.authorization.k8s.io", "roles", "Role", Target::rbac},
    {"rbac.authorization.k8s.io", "rolebindings", "RoleBinding", Target::rbac},
};

}  // namespace

Classified classify_resource(std::string_view group, std::string_view resource) {
    for (const KindEntry& k : k_kinds)
        if (k.group == group && k.resource == resource) return {k.target, std::string(k.kind)};
    return {};
}

Classified classify_kind(std::string_view api_version, std::string_view kind) {
    const auto slash = api_version.find('/');
    const std::string_view group = slash == std::string_view::npos ? std::string_view() : api_version.substr(0, slash);
    for (const KindEntry& k : k_kinds)
        if (k.group == group && k.kind == kind) return {k.target, std::string(k.kind)};
    return {};
}

std::string group_of(std::string_view api_version) {
    const auto slash = api_version.find('/');
    return slash == std::string_view::npos ? std::string() : std::string(api_version.substr(0, slash));
}

}  // namespace kg::audit::ingest
