#include "audit/evidence.h"

#include <algorithm>

namespace kg::audit {

// Evidence is read off Kueue objects throughout.
using namespace model;

namespace {

std::int64_t milli_of(const Quantity& q) { return q.milli_value(); }

}  // namespace

ExportEvidence evidence_from_export(const Cluster& c, std::int64_t as_of) {
    ExportEvidence ev;
    for (const Workload& w : c.workloads) {
        if (!w.admission) continue;
        const Condition* qr = w.condition("QuotaReserved");
        if (qr == nullptr || qr->status != ConditionStatus::true_ || !qr->last_transition_time) {
            ++ev.skipped;
            continue;
        }
        std::int64_t end = as_of;
        if (const Condition* fin = w.condition("Finished");
            fin && fin->status == ConditionStatus::true_ && fin->last_transition_time)
            end = std::min(end, *fin->last_transition_time);
        if (w.meta.deletion_timestamp) end = std::min(end, *w.meta.deletion_timestamp);
        const std::string key = w.meta.namespace_.value + "/" + w.meta.name.value;
        for (const PodSetAssignment& psa : w.admission->pod_set_assignments) {
            for (const auto& [resource, amount] : psa.resource_usage) {
                auto f = psa.flavors.find(resource);
                QuotaInterval iv;
                iv.workload = key;
                iv.cluster_queue = w.admission->cluster_queue;
                iv.local_queue = w.queue_name.value;
                iv.namespace_ = w.meta.namespace_.value;
                iv.flavor = f == psa.flavors.end() ? "" : f->second;
                iv.resource = resource;
                iv.milli = milli_of(amount);
                iv.from = *qr->last_transition_time;
                iv.to = end;
                if (iv.to > iv.from) ev.intervals.push_back(std::move(iv));
            }
        }
    }
    for (const ClusterQueue& cq : c.cluster_queues) {
        for (const ResourceGroup& rg : cq.resource_groups) {
            for (const FlavorQuotas& fq : rg.flavors) {
                for (const ResourceQuota& rq : fq.resources) {
                    QuotaVersion v;
                    v.cluster_queue = cq.meta.name.value;
                    v.flavor = fq.name.value;
                    v.resource = rq.name.value;
                    v.nominal_milli = milli_of(rq.nominal_quota.value);
                    if (rq.borrowing_limit) v.borrowing_limit_milli = milli_of(rq.borrowing_limit->value);
                    if (rq.lending_limit) v.lending_limit_milli = milli_of(rq.lending_limit->value);
                    v.cohort = cq.cohort.value;
                    v.valid_from = INT64_MIN;
                    v.valid_to = INT64_MAX;
                    ev.versions.push_back(std::move(v));
                }
            }
        }
    }
    return ev;
}

}  // namespace kg::audit
