// Under StrictFIFO the head of the queue blocks everyone behind it. A workload whose
// pod set exceeds what any flavor of the ClusterQueue can ever provide (nominal quota
// plus what the cohort tree could lend) stays at the head forever.
// Kueue: pkg/queue/cluster_queue_strict_fifo.go, pkg/scheduler/flavorassigner.
#include "lint/rules/helpers.h"
#include "lint/rules/queue_index.h"

#include "model/amount.h"
#include "model/pod_requests.h"

#include <map>
#include <string>
#include <utility>

namespace kg::lint::rules {

const RuleInfo k_kq4005{"KQ4005", "strict-fifo-blocked",
                        RuleFamily::quota, RuleScope::applied, Severity::warning,
                        "A StrictFIFO ClusterQueue has a workload that can never fit, blocking the queue",
                        "Shrink the workload, raise the quota, or use BestEffortFIFO."};

namespace {

/// Most a flavor/resource can ever provide to `cq`: its nominal plus, in a cohort, what
/// the rest of the tree can lend (capped by borrowingLimit).
model::Amount capacity(const RuleContext& cx, const CohortForest& forest, const model::ClusterQueue& cq,
                       const std::string& flavor, const std::string& res, const model::ResourceQuota& own) {
    model::Amount cap = model::quota_amount(res, *own.nominal_quota);
    if (cq.cohort->empty()) {
        return cap;
    }
    model::Amount pool = model::Amount::of(0);
    std::string root = forest.root(*cq.cohort);
    auto add_groups = [&](const std::vector<model::ResourceGroup>& groups) {
        for (const auto& rg : groups) {
            for (const auto& f : rg.flavors) {
                for (const auto& r : f.resources) {
                    if (*f.name == flavor && *r.name == res) {
                        model::Quantity lend = *r.nominal_quota;
                        if (r.lending_limit && r.lending_limit->value < lend) {
                            lend = r.lending_limit->value;
                        }
                        pool = pool.add(model::quota_amount(res, lend));
                    }
                }
            }
        }
    };
    for (std::size_t i : forest.members(root)) {
        const model::ClusterQueue& peer = cx.cluster.cluster_queues[i];
        if (&peer != &cq) {
            add_groups(peer.resource_groups);
        }
    }
    for (const model::Cohort& co : cx.cluster.cohorts) {
        if (!forest.in_cycle(*co.meta.name) && forest.root(*co.meta.name) == root) {
            add_groups(co.resource_groups);
        }
    }
    if (own.borrowing_limit) {
        model::Amount limit = model::quota_amount(res, own.borrowing_limit->value);
        pool = pool < limit ? pool : limit;
    }
    return cap.add(pool);
}

}  // namespace

void check_kq4005(const RuleContext& cx, FindingSink& out) {
    CohortForest forest(cx.cluster);
    const QueueIndex queues(cx.cluster);
    // A flavor's capacity walks the ClusterQueue's whole cohort tree; it is the same for every
    // Job of the queue, so it is computed once per (flavor entry of a ClusterQueue, resource).
    std::map<std::pair<const void*, std::string>, model::Amount> capacities;
    auto check = [&](const model::ObjectMeta& m, const std::string& kind, const model::Located<std::string>& queue,
                     const std::vector<model::PodSet>& pod_sets, const std::string& path) {
        const model::ClusterQueue* cq = queue->empty() ? nullptr : queues.cluster_queue(*m.namespace_, *queue);
        if (!cq || *cq->queueing_strategy != model::QueueingStrategy::strict_fifo) {
            return;
        }
        for (const model::PodSet& ps : pod_sets) {
            for (const auto& [res, amount] : model::pod_set_totals(ps, ps.count)) {
                if (amount <= 0) {
                    continue;
                }
                bool fits = false, is_covered = false;
                model::Amount best = model::Amount::of(0);
                for (const auto& rg : cq->resource_groups) {
                    for (std::size_t i = 0; i < rg.covered_resources.size(); ++i) {
                        if (*rg.covered_resources[i] != res) {
                            continue;
                        }
                        is_covered = true;
                        for (const auto& f : rg.flavors) {
                            if (i < f.resources.size()) {
                                auto [it, fresh] = capacities.try_emplace({&f, res}, model::Amount::of(0));
                                if (fresh) it->second = capacity(cx, forest, *cq, *f.name, res, f.resources[i]);
                                model::Amount c = it->second;
                                best = best < c ? c : best;
                                fits = fits || model::Amount::of(amount) <= c;
                            }
                        }
                    }
                }
                if (fits || !is_covered) {
                    continue;  // uncovered resources: KQ3006 for accelerators
                }
                out.report(k_kq4005, or_doc(queue.pos, m), path, model::ObjectRef{kind, *m.namespace_, *m.name},
                           kind + " \"" + m.key() + "\" pod set \"" + *ps.name + "\" needs " +
                               model::format_amount(res, model::Amount::of(amount)) + " " + res +
                               ", more than any flavor of StrictFIFO ClusterQueue \"" + *cq->meta.name +
                               "\" can ever provide (" + model::format_amount(res, best) +
                               "): it blocks every workload behind it");
                return;
            }
        }
    };
    for (const model::Job& j : cx.cluster.jobs) {
        check(j.meta, j.meta.kind, j.queue_name, j.pod_sets, "metadata.labels[kueue.x-k8s.io/queue-name]");
    }
    for (const model::Workload& w : cx.cluster.workloads) {
        if (!w.admission) {
            check(w.meta, "Workload", w.queue_name, w.pod_sets, "spec.queueName");
        }
    }
}

}  // namespace kg::lint::rules
