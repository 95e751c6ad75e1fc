// What Kueue does with a Job created without the kueue.x-k8s.io/queue-name label: manage it,
// default it into the namespace's LocalQueue "default", or ignore it (it runs outside any
// quota). Written once here; lint KQ3002 and who-can's bypass-queue action ask it.
// Kueue: pkg/controller/jobframework/defaults.go (WorkloadShouldBeSuspended,
// ApplyDefaultLocalQueue), apis/config/v1beta2/defaults.go (managedJobsNamespaceSelector).
#pragma once

#include "model/cluster.h"

#include <string>

namespace kg::sim {

enum class UnlabelledJobs {
    defaulted,  ///< LocalQueueDefaulting: the webhook sets queue-name "default"
    managed,    ///< manageJobsWithoutQueueName: suspended and held by Kueue, never run unqueued
    ignored,    ///< Kueue leaves it alone: it runs without quota
};

struct UnlabelledVerdict {
    UnlabelledJobs what = UnlabelledJobs::ignored;
    std::string why;  ///< for people: "manageJobsWithoutQueueName is false", …
};

/// Whether Kueue's managedJobsNamespaceSelector selects namespace `ns` (labels from the
/// Namespace object when the inputs hold it, plus kubernetes.io/metadata.name). An absent
/// selector is Kueue's default: every namespace but kube-system and kueue-system.
bool managed_jobs_namespace(const model::Cluster& c, const model::KueueConfig& cfg, const std::string& ns);

/// The same answer from the namespace's labels as known elsewhere (the audit history's
/// Namespace labels); kubernetes.io/metadata.name is added here.
bool managed_jobs_namespace(const model::KueueConfig& cfg, const std::string& ns, model::Labels ns_labels);

/// What happens to a top-level Job (no owner managed by Kueue) created in `ns` without the
/// queue-name label, under `cfg`. LocalQueueDefaulting is taken as on (beta and on by default
/// since Kueue 0.12, GA in 0.17).
UnlabelledVerdict unlabelled_jobs(const model::Cluster& c, const model::KueueConfig& cfg, const std::string& ns);

}  // namespace kg::sim
