// Accelerators outside quota: a Job or Workload requests an accelerator its
// ClusterQueue does not cover (never admitted), or Nodes offer an accelerator that
// no ClusterQueue covers (capacity nobody governs).
#include "lint/rules/helpers.h"

namespace kg::lint::rules {

const RuleInfo k_kq3006{"KQ3006", "unmodelled-accelerator",
                        RuleFamily::governance, RuleScope::applied, Severity::warning,
                        "An accelerator resource is requested or installed but covered by no reachable ClusterQueue",
                        "Add the accelerator to a resourceGroup's coveredResources with a nominalQuota."};

namespace {

void check_work(const RuleContext& cx, const model::ObjectMeta& m, const std::string& kind,
                const std::string& queue, SourcePos qpos, const std::vector<model::PodSet>& pod_sets,
                const std::string& path, FindingSink& out) {
    if (queue.empty()) {
        return;
    }
    const model::LocalQueue* lq = find_local_queue_for(cx.cluster, *m.namespace_, queue);
    const model::ClusterQueue* cq = lq ? cx.cluster.find_cluster_queue(*lq->cluster_queue) : nullptr;
    if (!cq) {
        return;
    }
    std::set<std::string> cov = covered(*cq);
    for (const std::string& a : accelerators_requested(pod_sets, cx.policy.accelerators)) {
        // Kueue drops resources under resources.excludeResourcePrefixes from the request.
        bool excluded = false;
        for (const std::string& p : cx.kueue.exclude_resource_prefixes) {
            excluded = excluded || a.rfind(p, 0) == 0;
        }
        if (!excluded && !cov.count(a)) {
            out.report(k_kq3006, or_doc(qpos, m), path, model::ObjectRef{kind, *m.namespace_, *m.name},
                       kind + " \"" + m.key() + "\" requests " + a + ", which ClusterQueue \"" + *cq->meta.name +
                           "\" (via LocalQueue \"" + queue + "\") does not cover: it is never admitted");
        }
    }
}

}  // namespace

void check_kq3006(const RuleContext& cx, FindingSink& out) {
    for (const model::Job& j : cx.cluster.jobs) {
        check_work(cx, j.meta, j.meta.kind, *j.queue_name, j.queue_name.pos, j.pod_sets,
                   "metadata.labels[kueue.x-k8s.io/queue-name]", out);
    }
    for (const model::Workload& w : cx.cluster.workloads) {
        check_work(cx, w.meta, "Workload", *w.queue_name, w.queue_name.pos, w.pod_sets, "spec.queueName", out);
    }
    std::set<std::string> all_covered;
    for (const model::ClusterQueue& cq : cx.cluster.cluster_queues) {
        for (const std::string& r : covered(cq)) {
            all_covered.insert(r);
        }
    }
    for (const model::Node& n : cx.cluster.nodes) {
        const model::ResourceList& res = n.allocatable.empty() ? n.capacity : n.allocatable;
        for (const auto& [name, q] : res) {
            if (q->sign() > 0 && model::is_accelerator(name, cx.policy.accelerators) && !all_covered.count(name)) {
                out.report(k_kq3006, or_doc(q.pos, n.meta), "status.allocatable[" + name + "]", ref("Node", n.meta),
                           "Node \"" + *n.meta.name + "\" offers " + q->to_string() + " " + name +
                               ", which no ClusterQueue covers: this capacity is outside quota");
            }
        }
    }
}

}  // namespace kg::lint::rules
