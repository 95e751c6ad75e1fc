// A Job without kueue.x-k8s.io/queue-name in a namespace that has LocalQueues runs
// outside quota unless Kueue manages unlabelled jobs there (manageJobsWithoutQueueName
// and managedJobsNamespaceSelector), or a LocalQueue "default" catches it. Which of these
// holds is Kueue semantics, asked of sim/unlabelled_jobs.h.
#include "lint/rules/helpers.h"
#include "sim/unlabelled_jobs.h"

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
        const sim::UnlabelledVerdict v = sim::unlabelled_jobs(cx.cluster, cx.kueue, ns);
        if (v.what != sim::UnlabelledJobs::ignored) {
            continue;
        }
        out.report(k_kq3002, or_doc(j.meta.name.pos, j.meta), "metadata.labels[kueue.x-k8s.io/queue-name]",
                   ref(j.meta.kind.c_str(), j.meta),
                   j.meta.kind + " \"" + j.meta.key() + "\" has no kueue.x-k8s.io/queue-name label in " + describe_namespace(ns) +
                       ", which has LocalQueues: it runs outside Kueue's quota (" + v.why + ")");
    }
}

}  // namespace kg::lint::rules
