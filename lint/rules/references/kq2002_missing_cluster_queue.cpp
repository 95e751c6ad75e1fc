// A LocalQueue pointing at a ClusterQueue that is not among the inputs is inactive
// (ClusterQueueDoesNotExist). Kueue: pkg/controller/core/localqueue_controller.go.
#include "lint/rules/helpers.h"

namespace kg::lint::rules {

const RuleInfo k_kq2002{"KQ2002", "missing-cluster-queue",
                        RuleFamily::references, RuleScope::applied, Severity::error,
                        "A LocalQueue references a ClusterQueue that does not exist",
                        "Create the ClusterQueue, or point spec.clusterQueue at an existing one."};

void check_kq2002(const RuleContext& cx, FindingSink& out) {
    for (const model::LocalQueue& lq : cx.cluster.local_queues) {
        if (lq.cluster_queue->empty()) {
            out.report(k_kq2002, or_doc(lq.cluster_queue.pos, lq.meta), "spec.clusterQueue", ref("LocalQueue", lq.meta),
                       "LocalQueue \"" + lq.meta.key() + "\" has no spec.clusterQueue");
        } else if (!cx.cluster.find_cluster_queue(*lq.cluster_queue)) {
            const std::size_t n = cx.cluster.cluster_queues.size();
            out.report_as(reference_severity(cx, k_kq2002, n), k_kq2002, or_doc(lq.cluster_queue.pos, lq.meta),
                          "spec.clusterQueue", ref("LocalQueue", lq.meta),
                          "LocalQueue \"" + lq.meta.key() + "\" references missing ClusterQueue \"" +
                              *lq.cluster_queue + "\": the queue stays inactive (ClusterQueueDoesNotExist)" +
                              not_in_inputs_note(cx, "ClusterQueue", n));
        }
    }
}

}  // namespace kg::lint::rules
