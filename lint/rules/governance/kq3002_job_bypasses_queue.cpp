// A Job without kueue.x-k8s.io/queue-name in a namespace that has LocalQueues runs
// outside quota unless Kueue manages unlabelled jobs there (manageJobsWithoutQueueName
// and managedJobsNamespaceSelector). Kueue: pkg/controller/jobframework/reconciler.go.
#include "lint/rules/helpers.h"

namespace kg::lint::rules {

const RuleInfo k_kq3002{"KQ3002", "job-bypasses-queue",
                        RuleFamily::governance, RuleScope::applied, Severity::warning,
                        "A Job without a queue-name label bypasses quota in a namespace that has LocalQueues",
                        "Add the kueue.x-k8s.io/queue-name label, or set manageJobsWithoutQueueName in Kueue's configuration.",
                        /*defers=*/false, /*security=*/true};

void check_kq3002(const RuleContext& cx, FindingSink& out) {
    std::set<std::string> with_queues;
    with_queues = namespaces_with_local_queues(cx.cluster);
    for (const model::Job& j : cx.cluster.jobs) {
        const std::string& ns = *j.meta.namespace_;
        // Children of another object (a Job's Pods, a JobSet's Jobs) follow their owner's queue.
        if (!j.meta.owner_refs.empty()) {
            continue;
        }
        if (j.has_queue_name || !with_queues.count(ns)) {
            continue;
        }
        bool managed = cx.kueue.manage_jobs_without_queue_name &&
                       (!cx.kueue.managed_jobs_namespace_selector ||
                        cx.kueue.managed_jobs_namespace_selector->matches(namespace_labels(cx.cluster, ns)));
        if (managed) {
            continue;
        }
        out.report(k_kq3002, or_doc(j.meta.name.pos, j.meta), "metadata.labels[kueue.x-k8s.io/queue-name]",
                   ref(j.meta.kind.c_str(), j.meta),
                   j.meta.kind + " \"" + j.meta.key() + "\" has no kueue.x-k8s.io/queue-name label in " + describe_namespace(ns) +
                       ", which has LocalQueues: it runs outside Kueue's quota" +
                       (cx.kueue.manage_jobs_without_queue_name
                            ? " (managedJobsNamespaceSelector does not select the namespace)"
                            : " (manageJobsWithoutQueueName is false)"));
    }
}

}  // namespace kg::lint::rules
