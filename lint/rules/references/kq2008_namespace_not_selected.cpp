// A LocalQueue in a namespace its ClusterQueue's namespaceSelector does not select:
// its workloads are never admitted. A nil selector selects nothing; {} selects all.
// Kueue: pkg/cache/scheduler (namespaceSelector check), kueue-validation.md soft-invalid list.
#include "lint/rules/helpers.h"

namespace kg::lint::rules {

const RuleInfo k_kq2008{"KQ2008", "namespace-not-selected",
                        RuleFamily::references, RuleScope::applied, Severity::error,
                        "A LocalQueue's namespace is not selected by its ClusterQueue's namespaceSelector",
                        "Label the namespace to match the selector, or widen the ClusterQueue's namespaceSelector."};

void check_kq2008(const RuleContext& cx, FindingSink& out) {
    for (const model::LocalQueue& lq : cx.cluster.local_queues) {
        const model::ClusterQueue* cq = cx.cluster.find_cluster_queue(*lq.cluster_queue);
        if (!cq || cq_selects(*cq, namespace_labels(cx.cluster, *lq.meta.namespace_))) {
            continue;
        }
        // Without the Namespace object only kubernetes.io/metadata.name is known: a selector on
        // other labels may well match, so stay silent rather than guess.
        if (cq->namespace_selector && !cx.cluster.find_namespace(*lq.meta.namespace_) &&
            !selects_only_by_name(*cq->namespace_selector)) {
            continue;
        }
        std::string why = cq->namespace_selector ? "its namespaceSelector does not match the namespace's labels"
                                                 : "it has no namespaceSelector, which selects no namespace";
        out.report(k_kq2008, or_doc(lq.cluster_queue.pos, lq.meta), "spec.clusterQueue", ref("LocalQueue", lq.meta),
                   "LocalQueue \"" + lq.meta.key() + "\" points at ClusterQueue \"" + *cq->meta.name +
                       "\", but " + why + " (namespace \"" + *lq.meta.namespace_ +
                       "\"): its workloads are never admitted");
    }
}

}  // namespace kg::lint::rules
