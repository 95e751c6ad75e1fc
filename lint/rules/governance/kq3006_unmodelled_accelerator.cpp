// Accelerators outside quota: a Job or Workload requests an accelerator its
// ClusterQueue does not cover (never admitted), or Nodes offer an accelerator that
// no ClusterQueue covers (capacity nobody governs).
#include "lint/rules/helpers.h"
#include "lint/rules/queue_index.h"

#include <optional>

namespace kg::lint::rules {

const RuleInfo k_kq3006{"KQ3006", "unmodelled-accelerator",
                        RuleFamily::governance, RuleScope::applied, Severity::warning,
                        "An accelerator resource is requested or installed but covered by no reachable ClusterQueue",
                        "Add the accelerator to a resourceGroup's coveredResources with a nominalQuota."};

namespace {

bool excluded(const RuleContext& cx, const std::string& resource) {
    // Kueue drops resources under resources.excludeResourcePrefixes from the request.
    for (const std::string& p : cx.kueue.exclude_resource_prefixes) {
        if (resource.rfind(p, 0) == 0) {
            return true;
        }
    }
    return false;
}

/// Whether a resource named anywhere in the pod sets' resource lists is an accelerator the
/// queue neither covers nor excludes. A pod's request holds only names from those lists, so
/// when none is, the rule has nothing to report and the request (the costly part: two thirds
/// of the rule on 100,000 objects) is not computed.
bool names_uncovered_accelerator(const RuleContext& cx, const std::vector<model::PodSet>& pod_sets,
                                 const std::set<std::string>& cov) {
    auto any_in = [&](const model::ResourceList& list) {
        for (const auto& [name, q] : list) {
            if (!cov.count(name) && model::is_accelerator(name, cx.policy.accelerators) && !excluded(cx, name)) {
                return true;
            }
        }
        return false;
    };
    for (const model::PodSet& ps : pod_sets) {
        const model::PodSpec& spec = ps.template_spec;
        for (const auto* containers : {&spec.containers, &spec.init_containers}) {
            for (const model::Container& c : *containers) {
                if (any_in(c.requests) || any_in(c.limits)) {
                    return true;
                }
            }
        }
        if (any_in(spec.pod_requests) || any_in(spec.pod_limits) || any_in(spec.overhead)) {
            return true;
        }
    }
    return false;
}

/// The resources each ClusterQueue covers, computed once per queue rather than per Job.
class CoveredByQueue {
public:
    explicit CoveredByQueue(const model::Cluster& c) : m_queues(c.cluster_queues), m_sets(c.cluster_queues.size()) {}
    const std::set<std::string>& of(const model::ClusterQueue& cq) {
        std::size_t i = static_cast<std::size_t>(&cq - m_queues.data());
        if (!m_sets[i]) {
            m_sets[i] = covered(cq);
        }
        return *m_sets[i];
    }

private:
    const std::vector<model::ClusterQueue>& m_queues;
    std::vector<std::optional<std::set<std::string>>> m_sets;
};

void check_work(const RuleContext& cx, const QueueIndex& queues, CoveredByQueue& covered_by, const model::ObjectMeta& m,
                const std::string& kind, const std::string& queue, SourcePos qpos,
                const std::vector<model::PodSet>& pod_sets, const std::string& path, FindingSink& out) {
    if (queue.empty()) {
        return;
    }
    const model::ClusterQueue* cq = queues.cluster_queue(*m.namespace_, queue);
    if (!cq) {
        return;
    }
    const std::set<std::string>& cov = covered_by.of(*cq);
    if (!names_uncovered_accelerator(cx, pod_sets, cov)) {
        return;
    }
    for (const std::string& a : accelerators_requested(pod_sets, cx.policy.accelerators)) {
        if (!excluded(cx, a) && !cov.count(a)) {
            out.report(k_kq3006, or_doc(qpos, m), path, model::ObjectRef{kind, *m.namespace_, *m.name},
                       kind + " \"" + m.key() + "\" requests " + a + ", which ClusterQueue \"" + *cq->meta.name +
                           "\" (via LocalQueue \"" + queue + "\") does not cover: it is never admitted");
        }
    }
}

}  // namespace

void check_kq3006(const RuleContext& cx, FindingSink& out) {
    const QueueIndex queues(cx.cluster);
    CoveredByQueue covered_by(cx.cluster);
    for (const model::Job& j : cx.cluster.jobs) {
        check_work(cx, queues, covered_by, j.meta, j.meta.kind, *j.queue_name, j.queue_name.pos, j.pod_sets,
                   "metadata.labels[kueue.x-k8s.io/queue-name]", out);
    }
    for (const model::Workload& w : cx.cluster.workloads) {
        check_work(cx, queues, covered_by, w.meta, "Workload", *w.queue_name, w.queue_name.pos, w.pod_sets, "spec.queueName", out);
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
