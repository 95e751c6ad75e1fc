// Who holds the quota a workload waits for: the reserving workloads on each flavor and
// resource that did not fit, in its ClusterQueue and the rest of its cohort tree, and
// whether Kueue's preemption policies would let this workload evict them (R7.1, through
// sim/preemption's policy_allows; with fair sharing the DRS strategies decide instead,
// which the simulated cycle has already applied). Borrowers first: they are what
// reclamation takes back.
#include "sim/explain/explanation.h"

#include "model/enum_names.h"
#include "sim/hierarchy.h"
#include "sim/preemption/preemption.h"
#include "sim/workload_info.h"

#include <algorithm>
#include <set>

namespace kg::sim {

using namespace model;

namespace {

using FlavorResource = std::pair<std::string, std::string>;

// The ClusterQueue names in the same cohort tree as `cq` (just `cq` without a cohort).
std::set<std::string> tree_of(const Cluster& cluster, const CohortHierarchy& h, const ClusterQueue& cq) {
    std::set<std::string> out{*cq.meta.name};
    if (cq.cohort->empty()) return out;
    std::string root = h.root(*cq.cohort);
    if (root.empty()) return out;  // a cohort cycle: the queue stands alone (R1.3.3)
    for (std::size_t i : h.members(root)) out.insert(*cluster.cluster_queues[i].meta.name);
    return out;
}

Amount nominal_of(const ClusterQueue& cq, const FlavorResource& fr) {
    for (const ResourceGroup& rg : cq.resource_groups)
        for (const FlavorQuotas& fq : rg.flavors)
            if (*fq.name == fr.first)
                for (const ResourceQuota& rq : fq.resources)
                    if (*rq.name == fr.second) return quota_amount(fr.second, *rq.nominal_quota);
    return Amount::of(0);
}

}  // namespace

std::vector<QuotaHolder> quota_holders(const Cluster& cluster, const CohortHierarchy& hierarchy, const Explanation& e) {
    std::vector<QuotaHolder> out;
    const ClusterQueue* cq = e.path.cluster_queue;
    if (!cq || e.state != WorkloadState::pending) return out;
    if (e.outcome.admitted_cycle || !e.outcome.preempting.empty()) return out;  // it gets its quota
    std::set<FlavorResource> short_of;
    for (const FlavorCheck& c : e.flavor_checks)
        if (c.mode != GMode::fit) short_of.insert({c.flavor, c.resource});
    if (short_of.empty()) return out;
    const std::set<std::string> tree = tree_of(cluster, hierarchy, *cq);
    const WorkloadInfo me = make_workload_info(cluster, e.subject());
    // Usage per ClusterQueue and flavor/resource, to tell borrowers.
    std::vector<WorkloadInfo> holders;
    std::map<std::pair<std::string, FlavorResource>, std::int64_t> used;
    for (const Workload& wl : cluster.workloads) {
        if (!is_reserving(wl) || !tree.count(wl.admission->cluster_queue)) continue;
        WorkloadInfo info = make_workload_info(cluster, wl);
        for (const auto& [f, v] : info.usage)
            used[{info.cluster_queue, {f.flavor(), f.resource()}}] += v;
        holders.push_back(std::move(info));
    }
    for (const WorkloadInfo& h : holders) {
        const ClusterQueue* hcq = cluster.find_cluster_queue(h.cluster_queue);
        for (const auto& [f, v] : h.usage) {
            FlavorResource fr{f.flavor(), f.resource()};
            if (v <= 0 || !short_of.count(fr)) continue;
            QuotaHolder q;
            q.workload = h.obj;
            q.cluster_queue = h.cluster_queue;
            q.flavor = fr.first;
            q.resource = fr.second;
            q.amount = Amount::of(v);
            q.priority = h.priority;
            q.borrowing = hcq && Amount::of(used[{h.cluster_queue, fr}]) > nominal_of(*hcq, fr);
            if (h.cluster_queue == *cq->meta.name) {
                WithinClusterQueue p = *cq->preemption.within_cluster_queue;
                q.preemptible = policy_allows(p, me, h);
                q.why = std::string("withinClusterQueue: ") + name_of(p);
            } else {
                ReclaimWithinCohort p = *cq->preemption.reclaim_within_cohort;
                q.preemptible = q.borrowing && policy_allows(p, me, h);
                q.why = std::string("reclaimWithinCohort: ") + name_of(p) +
                        (q.borrowing ? "" : "; its ClusterQueue is within its nominal quota");
            }
            out.push_back(std::move(q));
        }
    }
    std::stable_sort(out.begin(), out.end(), [](const QuotaHolder& a, const QuotaHolder& b) {
        if (a.borrowing != b.borrowing) return a.borrowing;
        if (a.priority != b.priority) return a.priority < b.priority;
        return b.amount < a.amount;
    });
    return out;
}

}  // namespace kg::sim
