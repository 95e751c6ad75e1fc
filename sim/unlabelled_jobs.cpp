// Kueue's handling of unlabelled jobs, in the order its defaulting webhook and reconciler
// apply it (pkg/controller/jobframework/defaults.go).
#include "sim/unlabelled_jobs.h"

#include "sim/namespace_selection.h"

#include <utility>

namespace kg::sim {

bool managed_jobs_namespace(const model::Cluster& c, const model::KueueConfig& cfg, const std::string& ns) {
    const model::Namespace* n = c.find_namespace(ns);
    return managed_jobs_namespace(cfg, ns, n ? n->meta.labels : model::Labels{});
}

bool managed_jobs_namespace(const model::KueueConfig& cfg, const std::string& ns, model::Labels ns_labels) {
    ns_labels = with_name_label(std::move(ns_labels), ns);  // set by the API server on every namespace
    if (cfg.managed_jobs_namespace_selector) {
        return cfg.managed_jobs_namespace_selector->matches(ns_labels);
    }
    // apis/config/v1beta2/defaults.go: NotIn [kube-system, <Kueue's namespace>]; kueue-system
    // is the namespace of every release manifest.
    return ns != "kube-system" && ns != "kueue-system";
}

UnlabelledVerdict unlabelled_jobs(const model::Cluster& c, const model::KueueConfig& cfg, const std::string& ns) {
    const bool selected = managed_jobs_namespace(c, cfg, ns);
    // ApplyDefaultLocalQueue: a LocalQueue named "default" in a managed namespace catches
    // every job that names none.
    if (selected && c.find_local_queue(ns, "default") != nullptr) {
        return {UnlabelledJobs::defaulted, "LocalQueue \"default\" receives Jobs that name no queue"};
    }
    // WorkloadShouldBeSuspended: without a queue name, only manageJobsWithoutQueueName
    // together with managedJobsNamespaceSelector makes Kueue hold the job.
    if (cfg.manage_jobs_without_queue_name && selected) {
        return {UnlabelledJobs::managed, "manageJobsWithoutQueueName is true"};
    }
    if (cfg.manage_jobs_without_queue_name) {
        return {UnlabelledJobs::ignored, "managedJobsNamespaceSelector does not select the namespace"};
    }
    return {UnlabelledJobs::ignored, "manageJobsWithoutQueueName is false"};
}

}  // namespace kg::sim
