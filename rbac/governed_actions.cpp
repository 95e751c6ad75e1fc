// The catalogue of governed actions. Kueue's objects and subresources are those of its API
// (apis/kueue/v1beta2); the integrated job kinds are those of pkg/controller/jobs (each
// integration reads the kueue.x-k8s.io/queue-name label, so rewriting it moves the job to
// another queue). Workload admission is written through workloads/status (Kueue's scheduler
// writes it with PatchAdmissionStatus, pkg/workload/patching/patching.go).
#include "rbac/governed_actions.h"

#include <algorithm>

namespace kg::rbac {

namespace {

const std::vector<std::string> k_change = {"create", "update", "patch", "delete"};

GovernedAction change_kueue_kind(const char* plural, const char* kind, const char* what) {
    return {std::string("change-") + plural, std::string("create, update, patch or delete ") + kind + " (" + what + ")",
            ActionCategory::queue_policy, ActionScope::cluster, k_change, {{"kueue.x-k8s.io", plural, ""}}};
}

std::vector<GovernedAction> build() {
    std::vector<GovernedAction> a;
    a.push_back(change_kueue_kind("clusterqueues", "ClusterQueues", "quota, cohort, preemption, namespaces"));
    a.push_back(change_kueue_kind("cohorts", "Cohorts", "shared quota and borrowing"));
    a.push_back(change_kueue_kind("resourceflavors", "ResourceFlavors", "which nodes a flavor means"));
    a.push_back(change_kueue_kind("workloadpriorityclasses", "WorkloadPriorityClasses", "priorities and preemption"));
    a.push_back(change_kueue_kind("admissionchecks", "AdmissionChecks", "gates before admission"));
    a.push_back(change_kueue_kind("topologies", "Topologies", "topology-aware placement"));
    a.push_back({"change-localqueues", "create, update, patch or delete LocalQueues (which ClusterQueue a namespace uses)",
                 ActionCategory::local_queues, ActionScope::every_namespace, k_change,
                 {{"kueue.x-k8s.io", "localqueues", ""}}});
    a.push_back({"patch-workload-status", "update or patch workloads/status (force or clear a Workload's admission)",
                 ActionCategory::workload_status, ActionScope::every_namespace, {"update", "patch"},
                 {{"kueue.x-k8s.io", "workloads", "status"}}});
    a.push_back({"rewrite-queue-name", "update or patch Jobs and other integrated kinds where LocalQueues are "
                                       "(rewrite the kueue.x-k8s.io/queue-name label)",
                 ActionCategory::queue_label, ActionScope::queue_namespaces, {"update", "patch"},
                 {{"batch", "jobs", ""},
                  {"jobset.x-k8s.io", "jobsets", ""},
                  {"kubeflow.org", "mpijobs", ""},
                  {"kubeflow.org", "pytorchjobs", ""},
                  {"kubeflow.org", "tfjobs", ""},
                  {"kubeflow.org", "xgboostjobs", ""},
                  {"kubeflow.org", "paddlejobs", ""},
                  {"kubeflow.org", "jaxjobs", ""},
                  {"trainer.kubeflow.org", "trainjobs", ""},
                  {"ray.io", "rayjobs", ""},
                  {"ray.io", "rayclusters", ""},
                  {"", "pods", ""},
                  {"apps", "deployments", ""},
                  {"apps", "statefulsets", ""},
                  {"leaderworkerset.x-k8s.io", "leaderworkersets", ""},
                  {"sparkoperator.k8s.io", "sparkapplications", ""},
                  {"workload.codeflare.dev", "appwrappers", ""}}});
    // Two ways around the queue: a namespace no ClusterQueue selects, and one with LocalQueues
    // where Kueue ignores a Job that omits the queue-name label (jobframework/defaults.go).
    a.push_back({"bypass-queue", "create pods or Jobs that run outside any quota (in namespaces no ClusterQueue "
                                 "selects, or by omitting the queue-name label where Kueue ignores unlabelled Jobs)",
                 ActionCategory::bypass, ActionScope::bypass_namespaces, {"create"},
                 {{"", "pods", ""}, {"batch", "jobs", ""}}});
    return a;
}

}  // namespace

const char* category_name(ActionCategory c) {
    switch (c) {
        case ActionCategory::queue_policy: return "queue-policy";
        case ActionCategory::local_queues: return "local-queues";
        case ActionCategory::workload_status: return "workload-status";
        case ActionCategory::queue_label: return "queue-label";
        case ActionCategory::bypass: return "bypass";
    }
    return "?";
}

const char* scope_name(ActionScope s) {
    switch (s) {
        case ActionScope::cluster: return "cluster";
        case ActionScope::every_namespace: return "every-namespace";
        case ActionScope::queue_namespaces: return "namespaces-with-localqueues";
        case ActionScope::bypass_namespaces: return "namespaces-where-work-can-skip-the-queue";
    }
    return "?";
}

std::string ActionTarget::text() const {
    std::string s = api_group.empty() ? resource : api_group + "/" + resource;
    return subresource.empty() ? s : s + "/" + subresource;
}

const std::vector<GovernedAction>& governed_actions() {
    static const std::vector<GovernedAction> k = build();
    return k;
}

const GovernedAction* find_action(std::string_view id) {
    const std::vector<GovernedAction>& all = governed_actions();
    auto it = std::find_if(all.begin(), all.end(), [&](const GovernedAction& a) { return a.id == id; });
    return it == all.end() ? nullptr : &*it;
}

}  // namespace kg::rbac
