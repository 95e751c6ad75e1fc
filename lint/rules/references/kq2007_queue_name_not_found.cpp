// A Job or Workload whose queue-name names no LocalQueue in its namespace waits
// forever (Workload condition: LocalQueue doesn't exist).
// Kueue: pkg/queue/manager.go (AddOrUpdateWorkload), jobframework.
#include "lint/rules/helpers.h"

namespace kg::lint::rules {

const RuleInfo k_kq2007{"KQ2007", "queue-name-not-found", Severity::error,
                        "A Job or Workload names a LocalQueue that does not exist in its namespace",
                        "Create the LocalQueue in the Job's namespace, or fix the kueue.x-k8s.io/queue-name label."};

void check_kq2007(const RuleContext& cx, FindingSink& out) {
    for (const model::Job& j : cx.cluster.jobs) {
        if (j.has_queue_name && !j.queue_name->empty() &&
            !find_local_queue_for(cx.cluster, *j.meta.namespace_, *j.queue_name)) {
            out.report(k_kq2007, or_doc(j.queue_name.pos, j.meta), "metadata.labels[kueue.x-k8s.io/queue-name]",
                       ref(j.meta.kind.c_str(), j.meta),
                       j.meta.kind + " \"" + j.meta.key() + "\" names LocalQueue \"" + *j.queue_name +
                           "\", which does not exist in " + describe_namespace(*j.meta.namespace_));
        }
    }
    for (const model::Workload& w : cx.cluster.workloads) {
        if (!w.queue_name->empty() && !find_local_queue_for(cx.cluster, *w.meta.namespace_, *w.queue_name)) {
            out.report(k_kq2007, or_doc(w.queue_name.pos, w.meta), "spec.queueName", ref("Workload", w.meta),
                       "Workload \"" + w.meta.key() + "\" names LocalQueue \"" + *w.queue_name +
                           "\", which does not exist in " + describe_namespace(*w.meta.namespace_));
        }
    }
}

}  // namespace kg::lint::rules
