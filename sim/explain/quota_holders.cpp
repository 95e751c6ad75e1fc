// Who holds the quota a workload waits for: the workloads reserving each flavor and
// resource that did not fit, in its ClusterQueue and the rest of its cohort tree, as the
// scheduler saw them when it nominated the workload (ExplainRecorder::holders), and
// whether Kueue's preemption policies would let this workload evict them (R7.1, through
// sim/preemption's policy_allows; with fair sharing the DRS strategies decide instead,
// which the simulated cycle has already applied). Borrowers first: they are what
// reclamation takes back.
#include "sim/explain/explanation.h"

#include "model/enum_names.h"
#include "sim/preemption/preemption.h"
#include "sim/workload_info.h"

#include <algorithm>
#include <set>

namespace kg::sim {

using namespace model;

namespace {

using FlavorResource = std::pair<std::string, std::string>;

}  // namespace

Amount nominal_quota_of(const ClusterQueue& cq, const std::string& flavor, const std::string& resource) {
    for (const ResourceGroup& rg : cq.resource_groups)
        for (const FlavorQuotas& fq : rg.flavors)
            if (*fq.name == flavor)
                for (const ResourceQuota& rq : fq.resources)
                    if (*rq.name == resource) return quota_amount(resource, *rq.nominal_quota);
    return Amount::of(0);
}

std::vector<QuotaHolder> quota_holders(const Cluster& cluster, const Explanation& e,
                                       const std::vector<WorkloadInfo>& reserving) {
    std::vector<QuotaHolder> out;
    const ClusterQueue* cq = e.path.cluster_queue;
    if (!cq || e.state != WorkloadState::pending) return out;
    if (e.outcome.admitted_cycle || !e.outcome.preempting.empty()) return out;  // it gets its quota
    std::set<FlavorResource> short_of;
    for (const FlavorCheck& c : e.flavor_checks)
        if (c.mode != GMode::fit) short_of.insert({c.flavor, c.resource});
    if (short_of.empty()) return out;
    const WorkloadInfo me = make_workload_info(cluster, e.subject());
    // Usage per ClusterQueue and flavor/resource, to tell borrowers.
    std::map<std::pair<std::string, FlavorResource>, std::int64_t> used;
    for (const WorkloadInfo& h : reserving)
        for (const auto& [f, v] : h.usage) used[{h.cluster_queue, {f.flavor(), f.resource()}}] += v;
    for (const WorkloadInfo& h : reserving) {
        const ClusterQueue* hcq = cluster.find_cluster_queue(h.cluster_queue);
        for (const auto& [f, v] : h.usage) {
            FlavorResource fr{f.flavor(), f.resource()};
            if (v <= 0 || !short_of.count(fr)) continue;
            QuotaHolder q;
            q.workload = h.key;
            q.cluster_queue = h.cluster_queue;
            q.flavor = fr.first;
            q.resource = fr.second;
            q.amount = Amount::of(v);
            q.priority = h.priority;
            q.borrowing = hcq && Amount::of(used[{h.cluster_queue, fr}]) > nominal_quota_of(*hcq, fr.first, fr.second);
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
        if (a.amount != b.amount) return b.amount < a.amount;
        return a.workload < b.workload;
    });
    return out;
}

}  // namespace kg::sim
